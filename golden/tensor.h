/*
 * tensor.h - tensors in memory: coordinate lists and fibertrees.
 *
 * A tensor is read into an sg_coo (coordinates plus values, any order), and
 * from it an sg_fibertree is built in any per-level format and mode order,
 * as a graph header spells it ("ss01", "ds10", "sss012", "s0", "d0", "none").
 *
 * Value semantics (docs/values.md): values are W-bit two's complement
 * integers, W = 32 by default (1..64); every add/sub/mul wraps modulo 2^W.
 * Values are stored sign-extended in int64_t.  Integer inputs are taken
 * modulo 2^W; real inputs are multiplied by an optional scale and rounded to
 * nearest, ties away from zero; pattern inputs are 1.
 *
 * Sections: formats; coordinate lists; fibertrees; file I/O.
 */
#ifndef SG_TENSOR_H
#define SG_TENSOR_H

#include <stdint.h>
#include <stddef.h>

#include "err.h"

#define SG_MAX_ORDER 8

/* ---- formats ------------------------------------------------------------ */

/* Level formats.  An open set: singleton and bitvector come later. */
typedef enum sg_level_fmt {
    SG_LVL_COMPRESSED = 's',
    SG_LVL_DENSE = 'd'
} sg_level_fmt;

/* A tensor format as the graph comment writes it. order 0 = scalar ("none"). */
typedef struct sg_format {
    int order;
    char level[SG_MAX_ORDER];   /* SG_LVL_* per storage level, top first */
    int mode[SG_MAX_ORDER];     /* tensor mode stored at each level */
} sg_format;

/* Parse "ss01", "s0", "none", ...; -1 with a message when malformed. */
int sg_format_parse(const char *s, sg_format *f, sg_err *e);
/* Write the canonical text form (at least 2*SG_MAX_ORDER+1 bytes). */
void sg_format_str(const sg_format *f, char *buf);

/* ---- value semantics ---------------------------------------------------- */

/* Wrap v to a W-bit two's complement value, sign extended. */
static inline int64_t sg_wrap(int64_t v, int w)
{
    if (w >= 64)
        return v;
    uint64_t m = (UINT64_C(1) << w) - 1;
    uint64_t u = (uint64_t)v & m;
    if (u >> (w - 1))
        u |= ~m;
    return (int64_t)u;
}

/* ---- coordinate lists --------------------------------------------------- */

typedef struct sg_coo {
    int order;
    int64_t shape[SG_MAX_ORDER];
    size_t nnz, cap;
    int64_t *crd;      /* nnz * order, 0-based, entry-major */
    int64_t *val;      /* nnz, already wrapped to the value width */
} sg_coo;

void sg_coo_init(sg_coo *t, int order, const int64_t *shape);
void sg_coo_push(sg_coo *t, const int64_t *crd, int64_t val);
void sg_coo_free(sg_coo *t);
/* Sort entries lexicographically in the given mode order (NULL = 0,1,..). */
void sg_coo_sort(sg_coo *t, const int *mode_order);
/* After sorting: find duplicates; if sum, merge them by adding (wrapping to
 * width w), else fail naming the first duplicate coordinate. */
int sg_coo_dedup(sg_coo *t, int sum, int w, const char *path, sg_err *e);

/* ---- fibertrees --------------------------------------------------------- */

typedef struct sg_level {
    char fmt;              /* SG_LVL_* */
    int mode;              /* tensor mode stored here */
    int64_t dim;           /* size of that mode */
    int64_t *seg;          /* compressed: nseg entries; dense: NULL */
    size_t nseg;
    int64_t *crd;          /* compressed: ncrd entries; dense: NULL */
    size_t ncrd;
} sg_level;

typedef struct sg_fibertree {
    sg_format fmt;
    int64_t shape[SG_MAX_ORDER];   /* by tensor mode */
    sg_level lvl[SG_MAX_ORDER];
    int64_t *vals;
    size_t nvals;
} sg_fibertree;

/* Build a fibertree from a COO tensor (which is sorted in place to the
 * format's mode order).  Compressed levels store only coordinates with a
 * non-empty subtree; dense levels store every coordinate (vals then hold
 * zeros for absent entries).  Fails when the tensor order differs from the
 * format's. */
int sg_fibertree_build(sg_coo *t, const sg_format *f, sg_fibertree *ft,
                       sg_err *e);
/* Back to coordinates (entries in storage order; zero-valued dense fill is
 * skipped unless keep_zeros). */
void sg_fibertree_to_coo(const sg_fibertree *ft, int keep_zeros, sg_coo *out);
void sg_fibertree_free(sg_fibertree *ft);

/* ---- file I/O ------------------------------------------------------------ */

typedef struct sg_read_opts {
    int width;             /* value width W (default 32) */
    double scale;          /* multiplier for real inputs (default 1) */
    int sum_duplicates;    /* sum duplicate coordinates instead of failing */
} sg_read_opts;

void sg_read_opts_default(sg_read_opts *o);

/* Read a tensor from a .mtx, .tns file or a SAM-formatted directory (the
 * tensor_<T>_mode_* files of SAM-SEMANTICS section 3; name selects T, NULL
 * when the directory holds a single tensor).  Errors: "FILE:LINE: msg". */
int sg_tensor_read(const char *path, const char *name, const sg_read_opts *o,
                   sg_coo *t, sg_err *e);
/* Write .tns (1-based, logical index order) or .mtx; chosen by extension.
 * Writes to a temporary file and renames, so no partial output is left. */
int sg_tensor_write(const char *path, const sg_coo *t, sg_err *e);
/* Write a SAM-formatted directory for tensor `name` in format f. */
int sg_tensor_write_samdir(const char *dir, const char *name,
                           const sg_fibertree *ft, sg_err *e);

#endif
