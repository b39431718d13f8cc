/*
 * level_bv.c - bitvector levels (the SAM paper, section 4.3): a fiber of a
 * level of size N is nw = ceil(N / W) words of W bits (W a power of two,
 * 1..64), bit k of word w set where coordinate w * W + k has a nonempty
 * subtree.  The children are the set bits in order, so the level below is
 * laid out as under a compressed level; a child's position is the number
 * of set bits before it, which the level keeps per word (the prefix
 * popcount, the reference stream of the bitvector scanner) so that
 * hardware finds it with one memory read and one popcount.
 *
 * In sg_level: crd holds the words (npar * nw, each the W-bit pattern in
 * the low bits of an int64_t), seg the prefix counts (one per word, plus
 * the total), w = W.
 */
#include "core/tensor_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SG_BV_MAX_WORDS ((size_t)1 << 27)

int64_t sg_lvl_bv_words(int64_t n, int64_t w)
{
    return w > 0 && n > 0 ? (n + w - 1) / w : 0;
}

int sg_lvl_bv_width_ok(int64_t w)
{
    return w >= 1 && w <= 64 && (w & (w - 1)) == 0;
}

int sg_popcount64(uint64_t v)
{
    int n = 0;
    for (; v; v &= v - 1)
        n++;
    return n;
}

int64_t sg_lvl_bv_find(const sg_level *lv, int64_t p, int64_t c)
{
    int64_t nw = sg_lvl_bv_words(lv->dim, lv->w);
    if (c < 0 || c >= lv->dim || p < 0)
        return -1;
    size_t a = (size_t)(p * nw + c / lv->w);
    if (a >= lv->ncrd)
        return -1;
    uint64_t word = (uint64_t)lv->crd[a];
    unsigned k = (unsigned)(c % lv->w);
    if (!(word >> k & 1))
        return -1;
    uint64_t below = k ? word & (UINT64_MAX >> (64 - k)) : 0;
    return lv->seg[a] + sg_popcount64(below);
}

int sg_ft_split_bitvector(const sg_coo *t, sg_level *lv, int64_t w,
                          const sg_range *par, size_t npar, sg_range **kidp,
                          size_t *nkidp, sg_err *e)
{
    size_t ord = t->order > 0 ? (size_t)t->order : 1, m = (size_t)lv->mode;
    if (!sg_lvl_bv_width_ok(w))
        return sg_errf(e, NULL, 0, "bitvector word width %lld: must be a power of two "
                       "from 1 to 64", (long long)w);
    int64_t nw = sg_lvl_bv_words(lv->dim, w);
    if (nw && npar > SG_BV_MAX_WORDS / (size_t)nw)
        return sg_errf(e, NULL, 0, "bitvector level over mode %zu would hold more than "
                       "%zu words (%zu fibers x %lld)", m, SG_BV_MAX_WORDS, npar,
                       (long long)nw);
    size_t nwords = npar * (size_t)nw;
    lv->w = w;
    lv->crd = sg_calloc(nwords ? nwords : 1, sizeof *lv->crd);
    lv->ncrd = nwords;
    lv->seg = sg_malloc((nwords + 1) * sizeof *lv->seg);
    lv->nseg = nwords + 1;
    size_t n = 0;
    for (size_t p = 0; p < npar; p++)
        for (size_t i = par[p].lo; i < par[p].hi; i++)
            n += i == par[p].lo || t->crd[i * ord + m] != t->crd[(i - 1) * ord + m];
    sg_range *kid = sg_malloc((n ? n : 1) * sizeof *kid);
    size_t nkid = 0;
    for (size_t p = 0; p < npar; p++) {
        size_t i = par[p].lo;
        while (i < par[p].hi) {
            int64_t c = t->crd[i * ord + m];
            size_t j = i + 1;
            while (j < par[p].hi && t->crd[j * ord + m] == c)
                j++;
            /* coordinates were range-checked by the builder */
            size_t a = p * (size_t)nw + (size_t)(c / w);
            lv->crd[a] = (int64_t)((uint64_t)lv->crd[a] | (uint64_t)1 << (c % w));
            kid[nkid].lo = i;
            kid[nkid].hi = j;
            nkid++;
            i = j;
        }
    }
    int64_t run = 0;
    for (size_t a = 0; a < nwords; a++) {
        lv->seg[a] = run;
        run += sg_popcount64((uint64_t)lv->crd[a]);
    }
    lv->seg[nwords] = run;
    *kidp = kid;
    *nkidp = nkid;
    return 0;
}

int sg_level_bv_check(sg_level *lv, uint64_t *npar, const char *dir,
                      const char *name, sg_err *e)
{
    int m = lv->mode;
    char msg[200];
    int64_t nw = sg_lvl_bv_words(lv->dim, lv->w);
    if (nw && *npar > SG_BV_MAX_WORDS / (uint64_t)nw) {
        snprintf(msg, sizeof msg, "bitvector level would hold more than %zu words",
                 SG_BV_MAX_WORDS);
        return sg_lvl_file_err(e, dir, name, m, "bv", 0, msg);
    }
    if (lv->ncrd != *npar * (uint64_t)nw) {
        snprintf(msg, sizeof msg, "bv has %zu words; a bitvector level of size %lld in "
                 "%lld-bit words needs %lld per position above (%llu)", lv->ncrd,
                 (long long)lv->dim, (long long)lv->w, (long long)nw,
                 (unsigned long long)*npar);
        return sg_lvl_file_err(e, dir, name, m, "bv", lv->ncrd, msg);
    }
    int64_t last = lv->dim % lv->w;
    for (size_t a = 0; a < lv->ncrd; a++) {
        uint64_t v = (uint64_t)lv->crd[a];
        int top = (int)(a % (size_t)nw) == (int)nw - 1 && last ? (int)last : (int)lv->w;
        if (top < 64 && v >> top) {
            snprintf(msg, sizeof msg, "word 0x%llx sets a bit at or above coordinate "
                     "%lld (the level's size)", (unsigned long long)v, (long long)lv->dim);
            return sg_lvl_file_err(e, dir, name, m, "bv", a, msg);
        }
    }
    /* the prefix counts are derived here, whatever a file said */
    free(lv->seg);
    lv->seg = sg_malloc((lv->ncrd + 1) * sizeof *lv->seg);
    lv->nseg = lv->ncrd + 1;
    int64_t run = 0;
    for (size_t a = 0; a < lv->ncrd; a++) {
        lv->seg[a] = run;
        run += sg_popcount64((uint64_t)lv->crd[a]);
    }
    lv->seg[lv->ncrd] = run;
    *npar = (uint64_t)run;
    return 0;
}
