/*
 * emit_bind.h - tensors bound to a graph's names, as the generator and the
 * verifier need them: memory sizes, index sizes and memory contents.
 *
 * "-t B=FILE" binds graph tensor B to a .mtx/.tns file or SAM directory;
 * "-t b=5" binds a scalar (order-0) tensor to an integer when 5 is not a
 * file.  Each bound tensor is read once into a coordinate list and built
 * into a fibertree in the format the graph comment declares; the input
 * memories of the generated top hold that fibertree's arrays.  Output
 * memory sizes come from a golden-model result when one is attached.
 */
#ifndef SG_EMIT_BIND_H
#define SG_EMIT_BIND_H

#include "gen/emit.h"
#include "golden/golden.h"

typedef struct sg_bound {
    char name[SG_NAME_MAX];
    char *path;               /* NULL for an inline scalar */
    int is_scalar;
    int64_t scalar;
    int64_t scalar_word;      /* a scalar as memories hold it: converted to
                               * the value type (fp32, bf16) or wrapped */
    sg_coo coo;
    sg_fibertree ft;
    int has_ft;
} sg_bound;

typedef struct sg_binds {
    sg_bound t[SG_MAX_OPERANDS * 2];
    int n;
    const golden_result *gold;   /* optional: output sizes */
    const sg_graph *g;           /* set by sg_binds_load */
} sg_binds;

/* Parse one "NAME=FILE" or "NAME=INT" argument.  -1 on a malformed one. */
int sg_binds_add(sg_binds *b, const char *arg, sg_err *e);
/* Read every bound file, apply the shape rules over them (graph/bind.h)
 * and build the fibertrees in g's formats.  Fails on a tensor g does not
 * declare, on unreadable files, on order mismatch and on shapes that break
 * the rules. */
int sg_binds_load(sg_binds *b, const sg_graph *g, const sg_read_opts *ro,
                  sg_err *e);
void sg_binds_free(sg_binds *b);
/* Fill golden bindings (array of at least b->n) from b. */
void sg_binds_golden(const sg_binds *b, golden_binding *gb);

/* sg_emit_opts callbacks (ctx = sg_binds *). */
long sg_binds_mem_size(void *ctx, const sg_node *n, sg_arr_kind a);
long sg_binds_index_dim(void *ctx, char idx);
/* The entries array a of n's tensor can hold when memories are fixed by
 * --max-nnz nnz and --dim dim (<= 0: each dense level's own size); -1
 * when the tensor is not bound. */
long sg_binds_mem_cap(const sg_binds *b, const sg_node *n, sg_arr_kind a,
                      long nnz, long dim);
/* Size of the mode a dense scanner walks (a level writer: the mode of the
 * golden output tensor it writes), or -1. */
long sg_binds_node_dim(const sg_binds *b, const sg_node *n);

/* Words of input memory m (pointer into the fibertree, n words), or -1
 * when the tensor is not bound. */
int sg_binds_mem_words(const sg_binds *b, const sg_graph *g,
                       const sg_emit_mem *m, const int64_t **w, size_t *n);

#endif
