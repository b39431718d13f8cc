/*
 * einsum_lw.h - the state and node constructors the einsum lowering shares
 * (front/ only): einsum_lower.c iterates and computes, einsum_nodes.c adds
 * nodes and turns stream uses into edges, einsum_construct.c builds the
 * result's writers.
 */
#ifndef SG_EINSUM_LW_H
#define SG_EINSUM_LW_H

#include <stddef.h>

#include "front/einsum.h"

typedef struct strm {
    int node;                 /* node index, -1 = none */
    int port;
} strm;

static const strm NO_STRM = {-1, 0};  /* no stream */

/* A consumer of a stream, turned into an edge (or a broadcast) at the end. */
typedef struct use {
    strm src;
    int dst, dst_port;
    sg_stream_kind type;
    char comment[48];
} use;

/* The lowering's state for one expression. */
typedef struct lw {
    const sg_einsum *es;
    sg_graph *g;
    sg_err *e;
    use *u;
    size_t nu, capu;
    const char *L;                        /* loop order */
    int n;                                /* number of loop indices */
    unsigned outmask;                     /* loop positions of output indices */
    unsigned rmask[SG_EINSUM_MAX_TERMS];  /* reduction positions per term */
    int term_of[SG_EINSUM_MAX_TENSORS];   /* the term each tensor is in */
    unsigned scope[SG_EINSUM_MAX_TENSORS];
    strm ref[SG_EINSUM_MAX_TENSORS];      /* current ref of each tensor */
    int lvl[SG_EINSUM_MAX_TENSORS];       /* next storage level */
    strm val[SG_EINSUM_MAX_TENSORS];
    strm crd[SG_EINSUM_MAX_INDEX];        /* merged crd per loop position */
    int isect[SG_EINSUM_MAX_INDEX];       /* it comes from an intersect */
    unsigned char *fromred;               /* per node: value from a reducer */
    size_t capred;
    int lane, lanes;                      /* the lane being built, of lanes */
    int w0[SG_MAX_ORDER + 1];             /* the writers (built by lane 0) */
} lw;

/* ---- einsum_lanes.c: parallel lanes ---- */

/* parallelize(i,L) applies: i the outermost loop and the result's top
 * level, the result not COO.  0, or -1 with the reason. */
int sg_lw_lanes_check(lw *c, sg_err *e);
/* This lane's parallelize nodes on the root level's streams. */
void sg_lw_lanes_filter(lw *c);
/* The serializers between the lanes and the writers they share. */
int sg_lw_lanes_serialize(lw *c, sg_err *e);

/* Loop position of index variable v, -1 when v is not in the loop order. */
int sg_lw_pos(const lw *c, char v);

/* ---- einsum_nodes.c: nodes, stream uses, edges ---- */

/* Record a consumer of src (dst's input dst_port); the edge comment is
 * printf-formatted. */
void sg_lw_use_add(lw *c, strm src, int dst, int dst_port, sg_stream_kind type,
                const char *fmt, ...) __attribute__((format(printf, 6, 7)));
/* Add node n (its id is its index); returns the index. */
int sg_lw_node_add(lw *c, const sg_node *n);
/* Turn the uses into edges, through broadcasts where a stream has several
 * consumers. */
void sg_lw_emit_edges(lw *c);
/* Use ref stream s as dst's input port. */
void sg_lw_use_ref(lw *c, strm s, int dst, int port);
/* n := a node of the kind on level l of tensor t: index v, the tensor's
 * name, the level's mode and format. */
void sg_lw_level_node(sg_node *n, sg_node_kind kind, const sg_einsum_tensor *t, int l, char v);
/* A level scanner of input tensor k over index v. */
int sg_lw_new_scanner(lw *c, int k, char v);
/* Join n operands (tensor k[], crd[], ref[]); new refs in nref[k]. */
strm sg_lw_join_ops(lw *c, sg_node_kind kind, char v, int n, const int *k,
                 const strm *crd, const strm *ref, strm *nref);
/* A bitvector joiner (format=bitvector) of 1..3 operands over their
 * scanners' word streams bv[] and reference streams ref[]: the AND
 * (intersect) or OR (union) of the words as coordinates; new refs in
 * nref[k]. */
strm sg_lw_join_bv(lw *c, sg_node_kind kind, char v, int n, const int *k,
                   const strm *bv, const strm *ref, strm *nref);
int sg_lw_new_alu(lw *c, sg_alu_op op, strm a, strm b);
int sg_lw_new_scale(lw *c, int64_t k, strm a);
int sg_lw_new_reduce(lw *c, strm a);
int sg_lw_new_sub(lw *c, strm a, strm b);

/* ---- einsum_construct.c: the result's writers ---- */

/* The index variable of the result's storage level l. */
char sg_lw_out_level_index(const lw *c, int l);
/* Concordant result: level writers fed by the merged coordinates. */
void sg_lw_construct_direct(lw *c, strm value);
/* Scattering result (order 1 or 2): crdhold chains and a spaccumulator;
 * last is the loop position of the result's innermost index. */
void sg_lw_construct_spacc(lw *c, strm value, int last);

#endif
