/*
 * level_ext.c - the level formats beyond dense and compressed that need
 * more than a split by coordinate: a singleton under a dense level (ELL),
 * the range/offset pair (DIA) and hashed levels (the unified-formats work,
 * section 3).  Builders from sorted coordinates, the hashed lookup, and
 * the checks of their arrays as read from a SAM directory.
 *
 * Positions follow the paper's level functions with one change: a range
 * level's position of coordinate i under parent p is p * S + i, S the
 * stride, N (its size) rounded up to a power of two (the paper has
 * p * N + i), so that hardware splits a position into its diagonal and
 * its row with a shift and a mask; its values are laid out as a dense
 * level's over S rows, and only [max(0,-off), min(N, M-off)) is ever
 * visited.  The offset level below keeps those positions (one coordinate
 * each, j = i + off[p]); a hashed level's fiber p owns buckets
 * p * W .. p * W + W - 1.
 */
#include "core/tensor_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SG_EXT_MAX_POSITIONS ((size_t)1 << 27)

int sg_ft_split_single(const sg_coo *t, sg_level *lv, const sg_range *par,
                       size_t npar, sg_range **kidp, size_t *nkidp, sg_err *e)
{
    size_t ord = (size_t)t->order, m = (size_t)lv->mode;
    sg_range *kid = sg_malloc((npar ? npar : 1) * sizeof *kid);
    lv->crd = sg_malloc((npar ? npar : 1) * sizeof *lv->crd);
    lv->last = sg_malloc((npar ? npar : 1) * sizeof *lv->last);
    for (size_t p = 0; p < npar; p++) {
        if (par[p].hi - par[p].lo > 1) {
            free(kid);
            const int64_t *c = &t->crd[par[p].lo * ord];
            char at[160];
            int k = 0;
            for (size_t q = 0; q < ord && k < (int)sizeof at - 40; q++)
                if (q != m)
                    k += snprintf(at + k, sizeof at - (size_t)k, "%smode %zu = %lld",
                                  k ? ", " : "", q, (long long)c[q]);
            return sg_errf(e, NULL, 0, "a singleton level under a dense level holds one "
                           "coordinate per position, and position %zu (%s) has %zu: "
                           "store a matrix as ELL with `samgen tensor convert --cast ell`",
                           p, at, par[p].hi - par[p].lo);
        }
        kid[p] = par[p];
        lv->crd[p] = par[p].hi > par[p].lo ? t->crd[par[p].lo * ord + m] : 0;
        lv->last[p] = 1;
    }
    lv->ncrd = npar;
    *kidp = kid;
    *nkidp = npar;
    return 0;
}

int64_t sg_lvl_range_stride(int64_t n)
{
    int64_t st = 1;
    while (st < n && st < ((int64_t)1 << 62))   /* a size past 2^62 is refused */
        st *= 2;
    return st;
}

int sg_ft_split_range(const sg_coo *t, sg_level *lv, int jmode, int64_t M,
                      const sg_range *par, size_t npar, sg_range **kidp,
                      size_t *nkidp, sg_err *e)
{
    size_t ord = (size_t)t->order, m = (size_t)lv->mode, jm = (size_t)jmode;
    int64_t N = lv->dim < 0 ? 0 : lv->dim, S = sg_lvl_range_stride(N);
    if (npar > SG_EXT_MAX_POSITIONS / (size_t)S)
        return sg_errf(e, NULL, 0, "range level over mode %zu would hold more than "
                       "%zu positions (%zu parents x stride %lld)", m,
                       SG_EXT_MAX_POSITIONS, npar, (long long)S);
    size_t nkid = npar * (size_t)S;
    sg_range *kid = sg_calloc(nkid ? nkid : 1, sizeof *kid);
    lv->off = sg_malloc((npar ? npar : 1) * sizeof *lv->off);
    lv->lo = sg_malloc((npar ? npar : 1) * sizeof *lv->lo);
    lv->hi = sg_malloc((npar ? npar : 1) * sizeof *lv->hi);
    lv->noff = npar;
    lv->w = S;
    for (size_t p = 0; p < npar; p++) {
        int64_t off = 0;
        for (size_t k = par[p].lo; k < par[p].hi; k++) {
            int64_t d = t->crd[k * ord + jm] - t->crd[k * ord + m];
            if (k == par[p].lo)
                off = d;
            else if (d != off) {
                free(kid);
                return sg_errf(e, NULL, 0, "a range level stores one diagonal per "
                               "position above, and position %zu holds entries on two "
                               "(mode %zu minus mode %zu is %lld and %lld): store a "
                               "matrix as DIA with `samgen tensor convert --cast dia`",
                               p, jm, m, (long long)off, (long long)d);
            }
        }
        lv->off[p] = off;
        int64_t lo = off < 0 ? -off : 0, hi = N < M - off ? N : M - off;
        lv->lo[p] = lo;
        lv->hi[p] = hi > lo ? hi : lo;
        size_t k = par[p].lo;
        for (int64_t i = 0; i < N; i++) {
            size_t j = k;
            while (j < par[p].hi && t->crd[j * ord + m] == i)
                j++;
            kid[p * (size_t)S + (size_t)i].lo = k;
            kid[p * (size_t)S + (size_t)i].hi = j;
            k = j;
        }
    }
    *kidp = kid;
    *nkidp = nkid;
    return 0;
}

void sg_ft_split_offset(const sg_level *r, sg_level *lv, const sg_range *par,
                        size_t npar, sg_range **kidp, size_t *nkidp)
{
    sg_range *kid = sg_malloc((npar ? npar : 1) * sizeof *kid);
    memcpy(kid, par, npar * sizeof *kid);
    lv->off = sg_malloc((r->noff ? r->noff : 1) * sizeof *lv->off);
    memcpy(lv->off, r->off, r->noff * sizeof *lv->off);
    lv->noff = r->noff;
    lv->w = r->w;
    *kidp = kid;
    *nkidp = npar;
}

int64_t sg_lvl_hash_find(const sg_level *lv, int64_t p, int64_t c, int *probes)
{
    int64_t w = lv->w, h = sg_lvl_hash(c, w);
    int n = 0;
    for (int64_t k = 0; k < w; k++) {
        int64_t b = p * w + (h + k) % w;
        n++;
        if ((size_t)b >= lv->ncrd || lv->crd[b] < 0)
            break;
        if (lv->crd[b] == c) {
            if (probes)
                *probes = n;
            return b;
        }
    }
    if (probes)
        *probes = n;
    return -1;
}

int sg_ft_split_hashed(const sg_coo *t, sg_level *lv, const sg_range *par,
                       size_t npar, sg_range **kidp, size_t *nkidp, sg_err *e)
{
    size_t ord = (size_t)t->order, m = (size_t)lv->mode;
    size_t longest = 0;
    for (size_t p = 0; p < npar; p++) {
        size_t n = 0;
        for (size_t k = par[p].lo; k < par[p].hi; k++)
            n += k == par[p].lo || t->crd[k * ord + m] != t->crd[(k - 1) * ord + m];
        if (n > longest)
            longest = n;
    }
    int64_t w = 1;
    while ((size_t)w < 2 * longest)
        w *= 2;
    if (npar > SG_EXT_MAX_POSITIONS / (size_t)w)
        return sg_errf(e, NULL, 0, "hashed level over mode %zu would hold more than "
                       "%zu buckets (%zu fibers x %lld)", m, SG_EXT_MAX_POSITIONS,
                       npar, (long long)w);
    size_t nkid = npar * (size_t)w;
    sg_range *kid = sg_calloc(nkid ? nkid : 1, sizeof *kid);
    lv->crd = sg_malloc((nkid ? nkid : 1) * sizeof *lv->crd);
    for (size_t b = 0; b < nkid; b++)
        lv->crd[b] = -1;
    lv->ncrd = nkid;
    lv->w = w;
    for (size_t p = 0; p < npar; p++) {
        size_t k = par[p].lo;
        while (k < par[p].hi) {
            int64_t c = t->crd[k * ord + m];
            size_t j = k + 1;
            while (j < par[p].hi && t->crd[j * ord + m] == c)
                j++;
            int64_t h = sg_lvl_hash(c, w), b = 0;
            for (int64_t q = 0; q < w; q++) {
                b = (int64_t)p * w + (h + q) % w;
                if (lv->crd[b] < 0)
                    break;
            }
            lv->crd[b] = c;       /* the load is at most 1/2: a bucket is free */
            kid[b].lo = k;
            kid[b].hi = j;
            k = j;
        }
    }
    *kidp = kid;
    *nkidp = nkid;
    return 0;
}

int sg_lvl_file_err(sg_err *e, const char *dir, const char *name, int m,
                    const char *what, size_t idx, const char *msg)
{
    char path[512];
    snprintf(path, sizeof path, "%s/tensor_%s_mode_%d_%s", dir ? dir : ".",
             name ? name : "?", m, what);
    return sg_errf(e, path, (long)idx + 1, "%s", msg);
}

int sg_level_ext_check(const sg_fibertree *ft, int l, uint64_t *npar,
                       const char *dir, const char *name, sg_err *e)
{
    const sg_level *lv = &ft->lvl[l];
    int m = lv->mode;
    char msg[200];
    if (lv->fmt == SG_LVL_SINGLETON) {          /* under a dense level */
        if (lv->ncrd != *npar) {
            snprintf(msg, sizeof msg, "crd has %zu entries; a singleton level under a "
                     "dense one needs one per position above (%llu)", lv->ncrd,
                     (unsigned long long)*npar);
            return sg_lvl_file_err(e, dir, name, m, "crd", lv->ncrd, msg);
        }
        for (size_t k = 0; k < lv->ncrd; k++)
            if (lv->crd[k] < 0 || lv->crd[k] >= lv->dim) {
                snprintf(msg, sizeof msg, "coordinate %lld out of range 0..%lld",
                         (long long)lv->crd[k], (long long)lv->dim - 1);
                return sg_lvl_file_err(e, dir, name, m, "crd", k, msg);
            }
        return 0;
    }
    if (lv->fmt == SG_LVL_RANGE) {
        int64_t N = lv->dim, M = ft->lvl[l + 1].dim;
        if (lv->noff != *npar) {
            snprintf(msg, sizeof msg, "offset has %zu entries; the range level needs one "
                     "per position above (%llu)", lv->noff, (unsigned long long)*npar);
            return sg_lvl_file_err(e, dir, name, m, "offset", lv->noff, msg);
        }
        for (size_t k = 0; k < lv->noff; k++)
            if (lv->off[k] <= -N || lv->off[k] >= M) {
                snprintf(msg, sizeof msg, "offset %lld leaves no diagonal inside a "
                         "%lld x %lld level pair (-%lld < offset < %lld)",
                         (long long)lv->off[k], (long long)N, (long long)M,
                         (long long)N, (long long)M);
                return sg_lvl_file_err(e, dir, name, m, "offset", k, msg);
            }
        uint64_t S = (uint64_t)sg_lvl_range_stride(N);
        if (*npar > SG_EXT_MAX_POSITIONS / S) {
            snprintf(msg, sizeof msg, "range level would hold more than %zu positions",
                     SG_EXT_MAX_POSITIONS);
            return sg_lvl_file_err(e, dir, name, m, "offset", 0, msg);
        }
        *npar *= S;
        return 0;
    }
    if (lv->fmt == SG_LVL_OFFSET)
        return 0;
    /* hashed */
    if (*npar == 0 || lv->ncrd % *npar || lv->ncrd == 0 ||
        (lv->ncrd / *npar & (lv->ncrd / *npar - 1))) {
        snprintf(msg, sizeof msg, "crd has %zu buckets; a hashed level needs a power of "
                 "two per position above (%llu)", lv->ncrd, (unsigned long long)*npar);
        return sg_lvl_file_err(e, dir, name, m, "crd", lv->ncrd, msg);
    }
    int64_t w = (int64_t)(lv->ncrd / *npar);
    for (size_t b = 0; b < lv->ncrd; b++) {
        int64_t c = lv->crd[b];
        if (c < -1 || c >= lv->dim) {
            snprintf(msg, sizeof msg, "coordinate %lld out of range 0..%lld (-1: an "
                     "empty bucket)", (long long)c, (long long)lv->dim - 1);
            return sg_lvl_file_err(e, dir, name, m, "crd", b, msg);
        }
        if (c < 0)
            continue;
        /* c must be found from its home bucket: every bucket between them
         * is taken, and it is the first c on the way */
        sg_level probe = *lv;
        probe.w = w;
        int64_t at = sg_lvl_hash_find(&probe, (int64_t)b / w, c, NULL);
        if (at != (int64_t)b) {
            snprintf(msg, sizeof msg, at < 0 ? "coordinate %lld cannot be found from "
                     "its home bucket (an empty bucket is on the way)" :
                     "coordinate %lld stored twice in one fiber", (long long)c);
            return sg_lvl_file_err(e, dir, name, m, "crd", b, msg);
        }
    }
    *npar = lv->ncrd;
    return 0;
}
