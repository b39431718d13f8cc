/*
 * fibertree.c - build a fibertree from coordinates, and back.
 *
 * Level by level: every position of the level above owns a contiguous range
 * of the (sorted) entries.  A compressed level splits each range by this
 * level's coordinate and stores only the coordinates it finds (so only
 * coordinates with a non-empty subtree; the top level's seg is [0, n]); a
 * dense level gives every parent all dim coordinates, empty ranges included.
 * A non-unique level gives every entry below a parent its own position
 * (its coordinates repeat in runs), and the singleton level under it one
 * coordinate per position (COO).
 * The ranges of the last level select the values (0 for empty dense slots).
 * Dense levels multiply the number of positions, so their expansion is
 * bounded (SG_FT_MAX_POSITIONS) instead of exhausting memory.
 */
#include "core/tensor_int.h"

#include <stdlib.h>
#include <string.h>

#define SG_FT_MAX_POSITIONS ((size_t)1 << 27)

typedef sg_range range;

/* Every coordinate inside the shape: checked before sorting, so that a
 * bad entry is named by its index in the caller's order. */
static int check_coords(const sg_coo *t, sg_err *e)
{
    for (size_t i = 0; i < t->nnz; i++)
        for (int m = 0; m < t->order; m++) {
            int64_t c = t->crd[i * (size_t)t->order + (size_t)m];
            if (c < 0 || c >= t->shape[m])
                return sg_errf(e, NULL, 0,
                               "entry %zu: coordinate %lld out of range in "
                               "mode %d (size %lld)", i, (long long)c, m,
                               (long long)t->shape[m]);
        }
    return 0;
}

/* A compressed level: split each parent range by coordinate, recording the
 * coordinates found and one seg boundary per parent. */
static void split_compressed(const sg_coo *t, sg_level *lv, const range *par,
                             size_t npar, range **kidp, size_t *nkidp)
{
    size_t ord = t->order > 0 ? (size_t)t->order : 1, m = (size_t)lv->mode;
    range *kid = NULL;
    size_t nkid = 0, kcap = 0, crdcap = 0;
    lv->seg = sg_malloc((npar + 1) * sizeof *lv->seg);
    lv->seg[lv->nseg++] = 0;
    for (size_t p = 0; p < npar; p++) {
        size_t i = par[p].lo;
        while (i < par[p].hi) {
            int64_t c = t->crd[i * ord + m];
            size_t j = i + 1;
            while (j < par[p].hi && t->crd[j * ord + m] == c)
                j++;
            sg_grow((void **)&lv->crd, &crdcap, lv->ncrd + 1,
                    sizeof *lv->crd);
            lv->crd[lv->ncrd++] = c;
            sg_grow((void **)&kid, &kcap, nkid + 1, sizeof *kid);
            kid[nkid].lo = i;
            kid[nkid].hi = j;
            nkid++;
            i = j;
        }
        lv->seg[lv->nseg++] = (int64_t)lv->ncrd;
    }
    *kidp = kid;
    *nkidp = nkid;
}

/* A non-unique level (one position per entry of each parent range, the
 * entry's coordinate) or, with seg = 0, the singleton level under it (one
 * coordinate per parent position, whose range is one entry). */
static void split_entries(const sg_coo *t, sg_level *lv, const range *par,
                          size_t npar, int seg, range **kidp, size_t *nkidp)
{
    size_t ord = t->order > 0 ? (size_t)t->order : 1, m = (size_t)lv->mode;
    size_t n = 0;
    for (size_t p = 0; p < npar; p++)
        n += par[p].hi - par[p].lo;
    range *kid = sg_malloc((n ? n : 1) * sizeof *kid);
    lv->crd = sg_malloc((n ? n : 1) * sizeof *lv->crd);
    if (seg) {
        lv->seg = sg_malloc((npar + 1) * sizeof *lv->seg);
        lv->seg[lv->nseg++] = 0;
    }
    for (size_t p = 0; p < npar; p++) {
        for (size_t i = par[p].lo; i < par[p].hi; i++) {
            kid[lv->ncrd].lo = i;
            kid[lv->ncrd].hi = i + 1;
            lv->crd[lv->ncrd++] = t->crd[i * ord + m];
        }
        if (seg)
            lv->seg[lv->nseg++] = (int64_t)lv->ncrd;
    }
    *kidp = kid;
    *nkidp = n;
}

int64_t *sg_level_singleton_last(const sg_level *u, const sg_level *q)
{
    int64_t *last = sg_calloc(q->ncrd ? q->ncrd : 1, sizeof *last);
    size_t f = 1;           /* u's next seg boundary */
    for (size_t p = 0; p < q->ncrd; p++) {
        while (f < u->nseg && (size_t)u->seg[f] <= p)
            f++;
        int fiber_end = f >= u->nseg || (size_t)u->seg[f] == p + 1;
        last[p] = (int64_t)(fiber_end || p + 1 >= u->ncrd || u->crd[p + 1] != u->crd[p]);
    }
    return last;
}

/* A dense level: give every parent all dim coordinates, empty ranges
 * included; refuses an expansion past SG_FT_MAX_POSITIONS. */
static int split_dense(const sg_coo *t, const sg_level *lv, const range *par,
                       size_t npar, range **kidp, size_t *nkidp, sg_err *e)
{
    size_t ord = t->order > 0 ? (size_t)t->order : 1;
    int m = lv->mode;
    int64_t dim = lv->dim < 0 ? 0 : lv->dim;
    if (dim && npar > SG_FT_MAX_POSITIONS / (uint64_t)dim)
        return sg_errf(e, NULL, 0,
                       "dense level over mode %d would hold more "
                       "than %zu positions (%zu parents x size %lld)", m,
                       SG_FT_MAX_POSITIONS, npar, (long long)dim);
    size_t nkid = npar * (size_t)dim;
    /* Within the bound but maybe not within memory: an error, not an
     * abort. */
    range *kid = malloc((nkid ? nkid : 1) * sizeof *kid);
    if (!kid)
        return sg_errf(e, NULL, 0,
                       "dense level over mode %d: %zu positions do not fit "
                       "in memory", m, nkid);
    for (size_t p = 0; p < npar; p++) {
        size_t i = par[p].lo;
        for (int64_t c = 0; c < dim; c++) {
            size_t j = i;
            while (j < par[p].hi && t->crd[j * ord + (size_t)m] == c)
                j++;
            kid[p * (size_t)dim + (size_t)c].lo = i;
            kid[p * (size_t)dim + (size_t)c].hi = j;
            i = j;
        }
        if (i != par[p].hi) {
            free(kid);
            return sg_errf(e, NULL, 0,
                           "coordinate out of range in mode %d "
                           "(size %lld)", m, (long long)dim);
        }
    }
    *kidp = kid;
    *nkidp = nkid;
    return 0;
}

int sg_fibertree_build(sg_coo *t, const sg_format *f, sg_fibertree *ft,
                       sg_err *e)
{
    memset(ft, 0, sizeof *ft);
    if (t->order != f->order) {
        char buf[2 * SG_MAX_ORDER + 1];
        sg_format_str(f, buf);
        return sg_errf(e, NULL, 0,
                       "format %s is for order %d but the tensor has order %d",
                       buf, f->order, t->order);
    }
    if (check_coords(t, e) < 0)
        return -1;
    ft->fmt = *f;
    ft->vt = t->vt;
    for (int m = 0; m < t->order; m++)
        ft->shape[m] = t->shape[m];
    sg_coo_sort(t, f->mode);
    if (sg_coo_dedup(t, 0, 64, NULL, e) < 0)
        return -1;

    range *par = sg_malloc(sizeof *par);
    size_t npar = 1;
    int rc = 0;
    par[0].lo = 0;
    par[0].hi = t->nnz;
    for (int l = 0; l < f->order; l++) {
        sg_level *lv = &ft->lvl[l];
        lv->fmt = f->level[l];
        lv->mode = f->mode[l];
        lv->dim = t->shape[lv->mode];
        range *kid = NULL;
        size_t nkid = 0;
        if (lv->fmt == SG_LVL_COMPRESSED) {
            split_compressed(t, lv, par, npar, &kid, &nkid);
        } else if (lv->fmt == SG_LVL_SINGLETON && f->level[l - 1] == SG_LVL_DENSE) {
            rc = sg_ft_split_single(t, lv, par, npar, &kid, &nkid, e);
        } else if (lv->fmt == SG_LVL_NONUNIQUE || lv->fmt == SG_LVL_SINGLETON) {
            split_entries(t, lv, par, npar, lv->fmt == SG_LVL_NONUNIQUE, &kid, &nkid);
            if (lv->fmt == SG_LVL_SINGLETON)
                lv->last = sg_level_singleton_last(lv - 1, lv);
        } else if (lv->fmt == SG_LVL_RANGE) {
            rc = sg_ft_split_range(t, lv, f->mode[l + 1], t->shape[f->mode[l + 1]], par,
                                   npar, &kid, &nkid, e);
        } else if (lv->fmt == SG_LVL_OFFSET) {
            sg_ft_split_offset(lv - 1, lv, par, npar, &kid, &nkid);
        } else if (lv->fmt == SG_LVL_HASHED) {
            rc = sg_ft_split_hashed(t, lv, par, npar, &kid, &nkid, e);
        } else if (lv->fmt == SG_LVL_BITVECTOR) {
            rc = sg_ft_split_bitvector(t, lv, sg_format_bv_width(f), par, npar, &kid,
                                       &nkid, e);
        } else {
            rc = split_dense(t, lv, par, npar, &kid, &nkid, e);
        }
        free(par);
        if (rc < 0) {
            sg_fibertree_free(ft);
            return -1;
        }
        par = kid;
        npar = nkid;
    }
    ft->nvals = npar;
    ft->vals = malloc((npar ? npar : 1) * sizeof *ft->vals);
    if (!ft->vals) {
        free(par);
        sg_fibertree_free(ft);
        return sg_errf(e, NULL, 0, "%zu values do not fit in memory", npar);
    }
    for (size_t p = 0; p < npar; p++)
        ft->vals[p] = par[p].hi > par[p].lo ? t->val[par[p].lo] : 0;
    free(par);
    return 0;
}

typedef struct walk {
    const sg_fibertree *ft;
    int keep_zeros;
    int fill;          /* the format stores zeros of its own (dense leaf,
                        * padded ELL slots, a diagonal's holes) */
    int64_t crd[SG_MAX_ORDER];
    sg_coo *out;
} walk;

static void walk_level(walk *w, int l, size_t pos)
{
    const sg_fibertree *ft = w->ft;
    if (l == ft->fmt.order) {
        if (pos >= ft->nvals)
            return;
        int64_t v = ft->vals[pos];
        if (v == 0 && w->fill && !w->keep_zeros)
            return;
        sg_coo_push(w->out, w->crd, v);
        return;
    }
    const sg_level *lv = &ft->lvl[l];
    if (lv->fmt == SG_LVL_SINGLETON) {
        if (pos >= lv->ncrd)
            return;
        w->crd[lv->mode] = lv->crd[pos];
        walk_level(w, l + 1, pos);
    } else if (lv->fmt == SG_LVL_RANGE) {
        if (pos >= lv->noff)
            return;
        int64_t off = lv->off[pos], M = ft->lvl[l + 1].dim;
        int64_t lo = off < 0 ? -off : 0, hi = lv->dim < M - off ? lv->dim : M - off;
        for (int64_t i = lo; i < hi; i++) {
            w->crd[lv->mode] = i;
            walk_level(w, l + 1, pos * (size_t)lv->w + (size_t)i);
        }
    } else if (lv->fmt == SG_LVL_OFFSET) {
        if (lv->w <= 0 || pos / (size_t)lv->w >= lv->noff)
            return;
        w->crd[lv->mode] = (int64_t)(pos % (size_t)lv->w) + lv->off[pos / (size_t)lv->w];
        walk_level(w, l + 1, pos);
    } else if (lv->fmt == SG_LVL_HASHED) {
        for (size_t b = pos * (size_t)lv->w; b < (pos + 1) * (size_t)lv->w; b++) {
            if (b >= lv->ncrd)
                return;
            if (lv->crd[b] < 0)
                continue;
            w->crd[lv->mode] = lv->crd[b];
            walk_level(w, l + 1, b);
        }
    } else if (lv->fmt == SG_LVL_BITVECTOR) {
        int64_t nw = sg_lvl_bv_words(lv->dim, lv->w);
        for (int64_t a = (int64_t)pos * nw; a < ((int64_t)pos + 1) * nw; a++) {
            if ((size_t)a >= lv->ncrd)
                return;
            uint64_t word = (uint64_t)lv->crd[a];
            int64_t k = lv->seg[a];
            for (int b = 0; b < 64; b++)
                if (word >> b & 1) {
                    w->crd[lv->mode] = (a - (int64_t)pos * nw) * lv->w + b;
                    walk_level(w, l + 1, (size_t)k++);
                }
        }
    } else if (lv->fmt == SG_LVL_COMPRESSED || lv->fmt == SG_LVL_NONUNIQUE) {
        if (pos + 1 >= lv->nseg)
            return;
        for (int64_t k = lv->seg[pos]; k < lv->seg[pos + 1]; k++) {
            if (k < 0 || (size_t)k >= lv->ncrd)
                return;
            w->crd[lv->mode] = lv->crd[k];
            walk_level(w, l + 1, (size_t)k);
        }
    } else {
        for (int64_t c = 0; c < lv->dim; c++) {
            w->crd[lv->mode] = c;
            walk_level(w, l + 1, pos * (size_t)lv->dim + (size_t)c);
        }
    }
}

void sg_fibertree_to_coo(const sg_fibertree *ft, int keep_zeros, sg_coo *out)
{
    sg_coo_init(out, ft->fmt.order, ft->shape);
    out->vt = ft->vt;
    if (ft->nvals == 0)
        return;             /* no leaf: nothing to walk (dense levels above
                             * an empty one would otherwise loop for nothing) */
    walk w;
    memset(&w, 0, sizeof w);
    w.ft = ft;
    w.keep_zeros = keep_zeros;
    w.out = out;
    int n = ft->fmt.order;
    w.fill = n > 0 && ft->lvl[n - 1].fmt == SG_LVL_DENSE;
    for (int l = 1; l < n; l++)
        w.fill |= ft->lvl[l].fmt == SG_LVL_RANGE ||
                  (ft->lvl[l].fmt == SG_LVL_SINGLETON && ft->lvl[l - 1].fmt == SG_LVL_DENSE);
    w.fill |= n > 0 && ft->lvl[0].fmt == SG_LVL_RANGE;
    walk_level(&w, 0, 0);
}

void sg_fibertree_free(sg_fibertree *ft)
{
    for (int l = 0; l < SG_MAX_ORDER; l++) {
        free(ft->lvl[l].seg);
        free(ft->lvl[l].crd);
        free(ft->lvl[l].last);
        free(ft->lvl[l].off);
        free(ft->lvl[l].lo);
        free(ft->lvl[l].hi);
    }
    free(ft->vals);
    memset(ft, 0, sizeof *ft);
}
