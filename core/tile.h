/*
 * tile.h - how a tensor falls into tiles: the occupancy figures of
 * ExTensor-style tiling (samgen tensor info --tile).
 *
 * A tensor of shape S cut into tiles of T[k] coordinates along each mode
 * k has ceil(S[k] / T[k]) tiles along it; a tile is occupied when it
 * holds at least one stored entry.  A compressed outer level of a tiled
 * format stores nothing for the empty tiles, and a tile-level intersection
 * never fetches them, so the empty fraction is what tiling can eliminate.
 */
#ifndef SG_TILE_H
#define SG_TILE_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/tensor.h"

typedef struct sg_tile_stats {
    int order;
    int64_t tile[SG_MAX_ORDER];    /* tile size along each mode */
    int64_t grid[SG_MAX_ORDER];    /* tiles along each mode */
    uint64_t tiles;                /* all tiles: the product of grid */
    size_t occupied;               /* tiles holding an entry */
    size_t nnz_min, nnz_max;       /* entries of an occupied tile */
    double nnz_mean, nnz_stddev;
    int64_t max_at[SG_MAX_ORDER];  /* the first fullest tile's position in
                                    * the grid */
} sg_tile_stats;

/* The tile figures of t for tile sizes tile[0..order-1] (each >= 1).
 * Returns 0, or -1 with e set (code SG_EXIT_USAGE) when the tensor is a
 * scalar or the grid has more than 2^62 tiles.  Memory: one word per
 * entry, for the time of the call. */
int sg_tile_stats_of(const sg_coo *t, const int64_t *tile, sg_tile_stats *st,
                     sg_err *e);

/* The tiled tensor of t (order n): order 2n, modes 0..n-1 the tile
 * coordinates c[k] / tile[k], modes n..2n-1 the coordinates within the
 * tile c[k] % tile[k]; shape grid..., tile...; values as they are (the
 * type carried over).  ExTensor's T-[uc]+ layouts are this tensor stored
 * with a level format per mode.  out is initialised here; returns 0, or -1
 * with e set (code SG_EXIT_USAGE) for a scalar, a tile size below 1 or an
 * order above SG_MAX_ORDER / 2. */
int sg_tile_coo(const sg_coo *t, const int64_t *tile, sg_coo *out, sg_err *e);

/* The inverse: the order-n tensor of a tiled tensor of order 2n whose
 * inner modes have the shape of the tiles (logical shape: the product,
 * clipped to shape[] when given, else the full grid). */
int sg_untile_coo(const sg_coo *t, const int64_t *shape, sg_coo *out, sg_err *e);

/* The general split behind both (and behind compile's split directive):
 * tile[k] = 0 leaves logical mode k whole.  The result's modes are the n
 * logical modes in place (a split mode becoming its tile coordinate
 * c / tile[k]), then, in mode order, the coordinate within the tile
 * c % tile[k] of each split mode; shape: ceil(S / T) for a tile
 * coordinate, T within the tile.  B(i,k) split along i is B(I,k,i).
 * 0, or -1 with e set (SG_EXIT_USAGE) for a scalar, a negative size or a
 * result of order above SG_MAX_ORDER. */
int sg_split_coo(const sg_coo *t, const int64_t *tile, sg_coo *out, sg_err *e);

/* The inverse of sg_split_coo for logical order n and the same tile[]:
 * logical shape the full grid (tile count times tile size), clipped to
 * shape[k] where shape is given and shape[k] >= 0. */
int sg_unsplit_coo(const sg_coo *t, int n, const int64_t *tile,
                   const int64_t *shape, sg_coo *out, sg_err *e);

#endif
