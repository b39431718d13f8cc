/*
 * graph.h - the typed SAM graph every samgen command shares.
 *
 * A graph comes from a Custard DOT file (graph_read.c) or from the einsum
 * compiler (gen/einsum*.c); either way it ends up as this structure: nodes
 * with a kind and typed attributes, and edges bound to named ports of their
 * two ends.  Nodes and edges live in arrays and refer to each other by index.
 *
 * Port numbering per kind (in = input ports, out = output ports).  Joiners
 * and broadcast have a variable number of ports; "k" is the operand index
 * (operands sorted by tensor name, the order the reference uses).
 *
 *   kind          in ports                        out ports
 *   fiberlookup   0 ref (absent when root)         0 crd, 1 ref
 *                 1 skip (ExTensor, optional)
 *   fiberwrite    0 crd (level) or val (vals)      -
 *   arrayvals     0 ref                            0 val
 *   repsiggen     0 crd                            0 repsig
 *   repeat        0 ref (absent when root), 1 repsig   0 ref
 *   broadcast     0 any                            0..n-1 copies
 *   intersect     2k crd_k, 2k+1 ref_k             0 crd, 1+k ref_k
 *   union         2k crd_k, 2k+1 ref_k             0 crd, 1+k ref_k
 *   alu           0 val a, 1 val b (sub: a - b)    0 val
 *                 (one-input ops: only port 0)
 *   reduce        0 val                            0 val
 *   spacc         0 outer crd, 1 inner crd, 2 val  0 inner crd, 1 outer crd, 2 val
 *                 3.. ignored crd (reduced index)
 *   vectorreducer 0 crd, 1 val                     0 crd, 1 val
 *   crddrop       0 outer, 1 inner                 0 outer, 1 inner
 *   crdhold       0 outer, 1 inner                 0 outer, 1 inner
 *   locate        0 crd, 1 ref                     0 ref  (not yet executed)
 *
 * Sections: kinds; nodes; edges; graph; API.
 */
#ifndef SG_GRAPH_H
#define SG_GRAPH_H

#include <stddef.h>
#include <stdint.h>

#include "../golden/err.h"
#include "../golden/tensor.h"
#include "../golden/token.h"

/* ---- kinds ---------------------------------------------------------------- */

typedef enum sg_node_kind {
    SG_NK_UNKNOWN = 0,
    SG_NK_FIBERLOOKUP,
    SG_NK_FIBERWRITE,
    SG_NK_ARRAYVALS,
    SG_NK_REPSIGGEN,
    SG_NK_REPEAT,
    SG_NK_BROADCAST,
    SG_NK_INTERSECT,
    SG_NK_UNION,
    SG_NK_ALU,
    SG_NK_REDUCE,
    SG_NK_SPACC,
    SG_NK_VECTORREDUCER,
    SG_NK_CRDDROP,
    SG_NK_CRDHOLD,
    SG_NK_LOCATE,
    SG_NK__COUNT
} sg_node_kind;

/* ALU operations (SG_NK_ALU).  fp_* ops are kept distinct so that a graph
 * using them can be reported as not executable with integer semantics. */
typedef enum sg_alu_op {
    SG_ALU_MUL = 0,
    SG_ALU_ADD,
    SG_ALU_SUB,
    SG_ALU_MAX,
    SG_ALU_MIN,
    SG_ALU_SMAX,      /* one input: max(a, const) (ReLU with const 0) */
    SG_ALU_SMUL,      /* one input: a * const (mul in2=c) */
    SG_ALU_EXP,
    SG_ALU_DIV,
    SG_ALU_FP_MUL,
    SG_ALU_FP_ADD,
    SG_ALU_FP_DIV,
    SG_ALU_FP_MAX,
    SG_ALU_FP_EXP,
    SG_ALU__COUNT
} sg_alu_op;

/* ---- nodes ---------------------------------------------------------------- */

#define SG_MAX_OPERANDS 8
#define SG_NAME_MAX 32

typedef struct sg_node {
    int id;                 /* DOT node id (decimal) */
    long line;              /* line of the node statement in the file */
    sg_node_kind kind;
    char type[SG_NAME_MAX]; /* DOT type= text, as written */

    /* Attributes; unused ones are 0 / "" / -1. */
    char index;             /* index variable ('i'...), 0 if none */
    char tensor[SG_NAME_MAX];
    int mode;               /* tensor mode; -1 for vals writers/none */
    int is_vals;            /* fiberwrite mode=vals */
    char format;            /* SG_LVL_* for fiberlookup/fiberwrite, 0 else */
    int root, src, sink;
    sg_alu_op op;           /* ALU */
    int64_t cnst;           /* smax/smul constant (integer semantics) */
    int has_cnst;
    int fp;                 /* reduce fp=true, fp_* ops */
    int order;              /* spaccumulator order */
    char in0, in1;          /* spaccumulator inner / outer index (0 if absent) */
    char outer, inner;      /* crddrop/crdhold index; inner = 'v' for values */
    int skip;               /* ExTensor CAM size T for intersect/fiberlookup (0 off, -1 = global default) */
    char segsize[64], crdsize[64], size[64];   /* writer capacity expressions */

    /* Joiners: operand tensor names, sorted; n_operands = 2 or 3. */
    int n_operands;
    char operand[SG_MAX_OPERANDS][SG_NAME_MAX];

    /* Port counts (filled by the reader from the kind and operands). */
    int n_in, n_out;
} sg_node;

/* ---- edges ---------------------------------------------------------------- */

typedef struct sg_edge {
    int src, dst;           /* node array indices */
    int src_port, dst_port; /* port numbers of the table above */
    sg_stream_kind type;
    long line;
    char label[64];
    char comment[64];
    char tag[SG_NAME_MAX];  /* index tag of section 4.3 (text after last '-') */
} sg_edge;

/* ---- graph ---------------------------------------------------------------- */

typedef struct sg_tensor_decl {
    char name[SG_NAME_MAX];
    sg_format fmt;
    int is_output;
} sg_tensor_decl;

typedef struct sg_graph {
    char *path;             /* file it came from, or "<einsum>" */
    char name[64];          /* kernel name: file base name without .gv */
    char comment[256];      /* the header comment as written */
    sg_tensor_decl tensors[SG_MAX_OPERANDS * 2];
    int n_tensors;
    char index_order[SG_MAX_ORDER + 1];   /* index variables in loop order */
    sg_node *nodes;
    size_t n_nodes, cap_nodes;
    sg_edge *edges;
    size_t n_edges, cap_edges;
} sg_graph;

/* A finding of the checker; severity NOTE does not fail the check. */
typedef enum { SG_DIAG_ERROR, SG_DIAG_NOTE, SG_DIAG_UNSUPPORTED_RTL } sg_diag_sev;

typedef struct sg_diag {
    sg_diag_sev sev;
    long line;
    char msg[256];
} sg_diag;

typedef struct sg_diags {
    sg_diag *d;
    size_t n, cap;
} sg_diags;

/* ---- API ------------------------------------------------------------------ */

/* Read a Custard DOT file into g (which the caller then frees with
 * graph_free).  Fails on DOT syntax errors and on structure the typed graph
 * cannot hold; semantic checks are graph_check's job. */
int graph_read(const char *path, sg_graph *g, sg_err *e);
/* Parse DOT text held in memory (path is used only in messages). */
int graph_read_mem(const char *text, size_t len, const char *path,
                   sg_graph *g, sg_err *e);
void graph_free(sg_graph *g);

/* Run every check; appends findings to d.  Returns the number of errors. */
int graph_check(const sg_graph *g, sg_diags *d);
void sg_diags_free(sg_diags *d);

/* Names for messages and generated identifiers. */
const char *graph_kind_name(sg_node_kind k);
const char *graph_alu_name(sg_alu_op op);
/* Port name, e.g. "crd", "ref_B", "outer".  buf at least 48 bytes. */
const char *graph_port_name(const sg_node *n, int is_input, int port,
                            char *buf);
/* Stream kind a port carries (for typing checks and RTL widths). */
sg_stream_kind graph_port_kind(const sg_node *n, int is_input, int port);

/* Lookups. */
const sg_tensor_decl *graph_tensor(const sg_graph *g, const char *name);
/* Edge index into node n's input port p, or -1 when unconnected. */
int graph_in_edge(const sg_graph *g, int node, int port);
/* Topological order of node indices (returns -1 on a cycle). */
int graph_topo_order(const sg_graph *g, int *order);

/* Builders, used by the einsum compiler and tests. */
int graph_add_node(sg_graph *g, const sg_node *n);
int graph_add_edge(sg_graph *g, const sg_edge *e);
/* Write g as Custard-style DOT (the vocabulary the reader accepts). */
int graph_write_dot(const sg_graph *g, const char *path, sg_err *e);

#endif
