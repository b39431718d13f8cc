/*
 * tile.c - tile occupancy of a COO tensor (core/tile.h).
 *
 * Each entry's tile is numbered in the mixed radix of the grid (mode 0
 * most significant); sorting the numbers groups the entries of a tile, and
 * the runs give the counts.  Sorting costs O(nnz log nnz) and one word per
 * entry, however many tiles the grid has.
 */
#include "core/tile.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

int sg_tile_stats_of(const sg_coo *t, const int64_t *tile, sg_tile_stats *st,
                     sg_err *e)
{
    memset(st, 0, sizeof *st);
    if (t->order < 1)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "a scalar has no tiles");
    st->order = t->order;
    uint64_t tiles = 1;
    const uint64_t lim = UINT64_C(1) << 62;
    for (int k = 0; k < t->order; k++) {
        if (tile[k] < 1)
            return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "tile size %lld along mode %d "
                           "(at least 1)", (long long)tile[k], k);
        st->tile[k] = tile[k];
        st->grid[k] = t->shape[k] > 0 ? (t->shape[k] + tile[k] - 1) / tile[k] : 0;
        uint64_t g = (uint64_t)st->grid[k];
        if (g && tiles > lim / g)
            return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "more than 2^62 tiles (mode %d "
                           "has %lld); use larger tiles", k, (long long)g);
        tiles *= g;
    }
    st->tiles = tiles;
    if (t->nnz == 0)
        return 0;
    uint64_t *key = malloc(t->nnz * sizeof *key);
    if (!key)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "out of memory for %zu tile numbers",
                       t->nnz);
    for (size_t i = 0; i < t->nnz; i++) {
        uint64_t x = 0;
        for (int k = 0; k < t->order; k++)
            x = x * (uint64_t)st->grid[k] +
                (uint64_t)(t->crd[i * (size_t)t->order + (size_t)k] / tile[k]);
        key[i] = x;
    }
    qsort(key, t->nnz, sizeof *key, cmp_u64);
    double sum = 0, sq = 0;
    st->nnz_min = (size_t)-1;
    uint64_t max_key = 0;
    for (size_t i = 0; i < t->nnz;) {
        size_t j = i;
        while (j < t->nnz && key[j] == key[i])
            j++;
        size_t n = j - i;
        st->occupied++;
        if (n < st->nnz_min)
            st->nnz_min = n;
        if (n > st->nnz_max) {
            st->nnz_max = n;
            max_key = key[i];
        }
        sum += (double)n;
        sq += (double)n * (double)n;
        i = j;
    }
    for (int k = t->order - 1; k >= 0; k--) {
        st->max_at[k] = (int64_t)(max_key % (uint64_t)st->grid[k]);
        max_key /= (uint64_t)st->grid[k];
    }
    st->nnz_mean = sum / (double)st->occupied;
    double var = sq / (double)st->occupied - st->nnz_mean * st->nnz_mean;
    st->nnz_stddev = var > 0 ? sqrt(var) : 0;
    free(key);
    return 0;
}

/* Graph modes of a split: the n logical modes in place (each split one
 * becoming its tile coordinate), then one inner mode per split mode. */
static int split_order(int n, const int64_t *tile)
{
    int m = n;
    for (int k = 0; k < n; k++)
        m += tile[k] > 0;
    return m;
}

int sg_split_coo(const sg_coo *t, const int64_t *tile, sg_coo *out, sg_err *e)
{
    memset(out, 0, sizeof *out);
    int n = t->order;
    if (n < 1)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "a scalar has no tiles");
    for (int k = 0; k < n; k++)
        if (tile[k] < 0)
            return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "tile size %lld along mode %d "
                           "(at least 1, or 0 for no split)", (long long)tile[k], k);
    int m = split_order(n, tile);
    if (m > SG_MAX_ORDER)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "a tensor of order %d tiles into order "
                       "%d, more than %d", n, m, SG_MAX_ORDER);
    int64_t shape[SG_MAX_ORDER];
    for (int k = 0, in = n; k < n; k++) {
        if (!tile[k]) {
            shape[k] = t->shape[k];
            continue;
        }
        shape[k] = t->shape[k] > 0 ? (t->shape[k] + tile[k] - 1) / tile[k] : 0;
        shape[in++] = tile[k];
    }
    sg_coo_init(out, m, shape);
    out->vt = t->vt;
    out->shape_inferred = t->shape_inferred;
    for (size_t i = 0; i < t->nnz; i++) {
        int64_t c[SG_MAX_ORDER];
        const int64_t *x = t->crd + i * (size_t)n;
        for (int k = 0, in = n; k < n; k++) {
            if (!tile[k]) {
                c[k] = x[k];
                continue;
            }
            c[k] = x[k] / tile[k];
            c[in++] = x[k] % tile[k];
        }
        sg_coo_push(out, c, t->val[i]);
    }
    return 0;
}

int sg_unsplit_coo(const sg_coo *t, int n, const int64_t *tile,
                   const int64_t *shape, sg_coo *out, sg_err *e)
{
    memset(out, 0, sizeof *out);
    if (n < 1 || n > SG_MAX_ORDER || split_order(n, tile) != t->order)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "a tensor of order %d is not a split "
                       "of one of order %d", t->order, n);
    int64_t sh[SG_MAX_ORDER];
    for (int k = 0; k < n; k++) {
        int64_t full = tile[k] ? t->shape[k] * tile[k] : t->shape[k];
        sh[k] = shape && shape[k] >= 0 && shape[k] < full ? shape[k] : full;
    }
    sg_coo_init(out, n, sh);
    out->vt = t->vt;
    for (size_t i = 0; i < t->nnz; i++) {
        int64_t c[SG_MAX_ORDER];
        const int64_t *x = t->crd + i * (size_t)t->order;
        for (int k = 0, in = n; k < n; k++)
            c[k] = tile[k] ? x[k] * tile[k] + x[in++] : x[k];
        sg_coo_push(out, c, t->val[i]);
    }
    return 0;
}

int sg_tile_coo(const sg_coo *t, const int64_t *tile, sg_coo *out, sg_err *e)
{
    memset(out, 0, sizeof *out);
    int n = t->order;
    if (n < 1)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "a scalar has no tiles");
    if (2 * n > SG_MAX_ORDER)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "a tensor of order %d tiles into order "
                       "%d, more than %d", n, 2 * n, SG_MAX_ORDER);
    for (int k = 0; k < n; k++)
        if (tile[k] < 1)
            return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "tile size %lld along mode %d "
                           "(at least 1)", (long long)tile[k], k);
    return sg_split_coo(t, tile, out, e);
}

int sg_untile_coo(const sg_coo *t, const int64_t *shape, sg_coo *out, sg_err *e)
{
    memset(out, 0, sizeof *out);
    if (t->order < 2 || t->order % 2)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "a tiled tensor has an even order "
                       "of at least 2 (this one has %d)", t->order);
    int n = t->order / 2;
    int64_t tile[SG_MAX_ORDER];
    for (int k = 0; k < n; k++)
        tile[k] = t->shape[n + k] > 0 ? t->shape[n + k] : 1;
    return sg_unsplit_coo(t, n, tile, shape, out, e);
}
