/*
 * bind.h - binding a graph's input tensors to data.
 *
 * A tensor the graph comment declares ("B=ss01") is bound to a file (.mtx,
 * .tns or a SAM-formatted directory), an in-memory COO tensor or an inline
 * scalar; its values are wrapped to the value width and it is converted to
 * the level format the graph declares.  One copy, used by the golden model
 * and by the commands that load memories for the generated RTL.
 *
 * The shape rules (docs/tensor-formats.md, "Shapes of bound tensors") are
 * applied here, over all the inputs of a graph at once (sg_bind_shapes):
 * the data's order must be the graph's; the operands that carry an index
 * agree on its extent (declared extents must be equal, inferred ones are
 * raised to the largest); a .tns file with no entries takes its shape from
 * the other operands; an index of extent 0 cannot be a dense level of the
 * output.
 */
#ifndef SG_BIND_H
#define SG_BIND_H

#include "graph/graph.h"

/* Where a tensor's data comes from: exactly one of path, coo, is_scalar. */
typedef struct sg_binding {
    const char *name;       /* tensor name as in the graph comment ("B") */
    const char *path;       /* .mtx, .tns or SAM-formatted directory */
    const sg_coo *coo;      /* in-memory tensor (not owned, not modified) */
    int is_scalar;          /* a 0-order tensor given inline */
    int64_t scalar;
} sg_binding;

/* A bound tensor. */
typedef struct sg_bound_tensor {
    const sg_tensor_decl *decl;
    const char *path;       /* the binding's file (not owned), or NULL */
    sg_coo coo;             /* the entries, values wrapped (order > 0) */
    sg_fibertree ft;        /* in decl->fmt (order > 0) */
    int have_ft;
    int64_t scalar;         /* order 0: the value (0 when the file is empty) */
    int64_t lshape[SG_MAX_ORDER];  /* a split tensor bound to logical data:
                                    * the data's shape (-1: inferred); else -1 */
} sg_bound_tensor;

/* Bind declaration d to the data of b, reading files with ro (ro->width is
 * the value width), on its own: its shape is the data's.  0, or -1 with e
 * filled (code SG_EXIT_USAGE for data that does not fit the declaration).
 * out is valid for sg_bound_tensor_free after the call. */
int sg_bind_tensor(const sg_tensor_decl *d, const sg_binding *b,
                   const sg_read_opts *ro, sg_bound_tensor *out, sg_err *e);

/* The first half of a binding: read b's data for d into out->coo (values
 * wrapped) and check that its order is d's; no fibertree yet.  A .tns file
 * with no entries and no "# shape" line is accepted with an unknown shape
 * (out->coo.order -1 until sg_bind_shapes).  0, or -1 with e filled (code
 * SG_EXIT_USAGE).  out is valid for sg_bound_tensor_free after the call. */
int sg_bind_load(const sg_tensor_decl *d, const sg_binding *b,
                 const sg_read_opts *ro, sg_bound_tensor *out, sg_err *e);

/* The second half, over the loaded inputs t[0..n) of graph g: the extent
 * of every index from the operands that carry it, each tensor's shape set
 * to its indices' extents, and its fibertree built.  0, or -1 with e filled
 * (code SG_EXIT_USAGE) naming the index, the tensors and their extents. */
int sg_bind_shapes(const sg_graph *g, sg_bound_tensor *t, int n, sg_err *e);

void sg_bound_tensor_free(sg_bound_tensor *t);

#endif
