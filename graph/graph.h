/*
 * graph.h - the typed SAM graph every samgen command shares.
 *
 * A graph comes from a Custard DOT file (graph_read.c) or from the einsum
 * compiler (gen/einsum*.c); either way it ends up as this structure: nodes
 * with a kind and typed attributes, and edges bound to named ports of their
 * two ends.  Nodes and edges live in arrays and refer to each other by index.
 *
 * The kinds, their ports (numbering, names, stream types) and the RTL and
 * golden-model files that implement them are one table, graph/kinds.def;
 * sg_graph_node_ports, sg_graph_port_name and sg_graph_port_kind read it
 * (graph/kinds.h).  Port names carry the direction, as the RTL stream ports
 * do: "in_ref", "out_crd", "in_crd0"/"in_ref0" (joiner operand 0, operands
 * sorted by tensor name, the order the reference uses), "in_val0"/"in_val1"
 * (ALU operands), "in_outer"/"out_inner" (crddrop, crdhold, spacc),
 * "in_data"/"out_data3" (broadcast).
 *
 * An edge whose port could not be identified has port -1 (sg_graph_check
 * reports it).  ALU operands are numbered in file order of their edges; for
 * sub the DOT text cannot say which operand is the minuend (the expression
 * decides), so port 0 is merely the first edge in the file.
 *
 * Sections: kinds; nodes; edges; graph; API.
 */
#ifndef SG_GRAPH_H
#define SG_GRAPH_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/err.h"
#include "core/tensor.h"
#include "core/token.h"

/* ---- kinds ---------------------------------------------------------------- */

typedef enum sg_node_kind {
#define SG_KIND(ID, ...) SG_NK_##ID,
#include "graph/kinds.def"
#undef SG_KIND
    SG_NK__COUNT
} sg_node_kind;

/* ALU operations (SG_NK_ALU).  fp_* ops are kept distinct (the graph is
 * written back as read, and they need a real value type); each computes
 * the op sg_graph_alu_base gives. */
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

/* The workspace of a sparse accumulator or vector reducer (docs/workspaces.md):
 * AUTO (attribute absent) is resolved from the data by sg_ws_resolve. */
typedef enum sg_ws_kind {
    SG_WS_AUTO = 0,
    SG_WS_DENSE,            /* an array over the index extent (today's RAM) */
    SG_WS_SORTED,           /* entries kept sorted by coordinate, capacity-bound */
    SG_WS_HASH              /* an open-addressing table, sorted on emission */
} sg_ws_kind;

#define SG_MAX_OPERANDS 8
#define SG_MAX_LANES 8      /* parallelize / serialize lanes */
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
    int skip_empty;         /* reduce empty=skip: no value for a fiber without values */
    int order;              /* spaccumulator order */
    int val_stops;          /* spaccumulator valstops=true: its values carry
                               the inner coordinates' stops */
    sg_ws_kind workspace;   /* spaccumulator / vectorreducer workspace */
    long ws_cap;            /* its capacity in entries (sorted, hash); 0: from the data */
    char in0, in1;          /* spaccumulator inner / outer index (0 if absent) */
    char outer, inner;      /* crddrop/crdhold index; inner = 'v' for values */
    int skip;               /* ExTensor CAM size T for intersect/fiberlookup (0 off, -1 = global default) */
    char segsize[64], crdsize[64], size[64];   /* writer capacity expressions */
    char cnst_text[32];     /* the constant as written ("0.2"), "" if none */
    char cnst_attr[16];     /* attribute it came from: "const0", "in2", or ""
                               when implied (one-input max = max with 0) */
    int vals;               /* crddrop/crdhold vals=true */
    sg_stream_kind stream;  /* broadcast: kind of the stream it copies */
    int lane, lanes;        /* parallelize lane=l lanes=L; serialize lanes=L */
    int depth;              /* serializelevel: levels below the root */

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

/* A tensor of the graph.  A split tensor (compile's split directive,
 * ExTensor's tiled layouts) is stored with more modes than the data has:
 * lorder > 0 logical modes, tile[k] > 0 for each one cut into tiles of
 * that many coordinates (0: left whole); its graph modes are those of
 * sg_split_coo (core/tile.h): the logical modes in place, a split one as
 * its tile coordinate, then the coordinates within the tiles.  Binding
 * splits logical data (or takes data already of fmt.order modes), and
 * outputs are written back in logical coordinates.  The graph comment
 * spells it B=sss012/tile=32x0. */
typedef struct sg_tensor_decl {
    char name[SG_NAME_MAX];
    sg_format fmt;          /* over the graph's modes */
    int is_output;
    int lorder;             /* logical order of a split tensor, else 0 */
    int64_t tile[SG_MAX_ORDER];
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
    int node;               /* node index the finding is about, -1 if none */
    char msg[256];          /* without location; names the node */
} sg_diag;

typedef struct sg_diags {
    sg_diag *d;
    size_t n, cap;
} sg_diags;

/* ---- API ------------------------------------------------------------------ */

void sg_graph_free(sg_graph *g);

/* Run every check; appends findings to d.  Returns the number of errors. */
int sg_graph_check(const sg_graph *g, sg_diags *d);
void sg_diags_free(sg_diags *d);
/* Append a finding (message formatted like printf). */
void sg_diag_add(sg_diags *d, sg_diag_sev sev, long line, int node,
                 const char *fmt, ...) __attribute__((format(printf, 5, 6)));
/* Count findings of one severity. */
size_t sg_diags_count(const sg_diags *d, sg_diag_sev sev);

/* Names for messages and generated identifiers. */
const char *sg_graph_kind_name(sg_node_kind k);
const char *sg_graph_alu_name(sg_alu_op op);
/* The operation an ALU node computes: fp_mul, fp_add, fp_max and fp_div
 * are mul (smul with a constant), add, max and div on real values; other
 * ops are themselves. */
sg_alu_op sg_graph_alu_base(const sg_node *n);
/* An ALU's constant in value type vt (core/value.h): the constant of an
 * fp_* op keeps its fraction in a real type (fp_mul const0=0.2); others
 * are their integer converted. */
int64_t sg_graph_alu_const(const sg_node *n, int vt);
/* Does the node compute on real numbers only (an fp_* ALU, div, exp, a
 * reduce with fp=true)? */
int sg_graph_node_is_fp(const sg_node *n);
/* Does any node of g compute on real numbers only?  Then a command's value
 * type is fp32 unless --type or a width option says otherwise. */
int sg_graph_has_fp(const sg_graph *g);
/* Kind (and ALU op) of a DOT type= word; SG_NK_UNKNOWN when unknown. */
sg_node_kind sg_graph_kind_parse(const char *type, sg_alu_op *op);
/* The type= word to write for n: n->type when set, else the canonical one. */
const char *sg_graph_node_type(const sg_node *n);
/* Short description for messages: "fiberlookup 19 (i, B mode 0)". */
const char *sg_graph_node_desc(const sg_node *n, char *buf, size_t cap);

/* What a node of kind k (is_vals: a value writer) may do with a level of
 * format fmt, by the capability table (sg_lvl_info): 0, or 1 with why not
 * in buf ("scans a hashed level, which is unordered: ..."): a locator
 * needs locate, a scanner an ordered level, a level writer append.  The
 * graph checker and the golden model's binder both ask it. */
int sg_level_use_error(sg_node_kind k, int is_vals, char fmt, char *buf, size_t cap);
/* Port name, e.g. "in_ref", "out_crd", "in_crd1" (see the table above).
 * buf at least 48 bytes. */
const char *sg_graph_port_name(const sg_node *n, int is_input, int port,
                            char *buf);
/* Stream kind a port carries (for typing checks and RTL widths). */
sg_stream_kind sg_graph_port_kind(const sg_node *n, int is_input, int port);

/* Lookups. */
const sg_tensor_decl *sg_graph_tensor(const sg_graph *g, const char *name);
/* The text after "NAME=" in the graph comment: the format, then
 * "/tile=T0xT1..." for a split tensor and "/bv=W" for bitvector levels of
 * W-bit words other than the default 64 (buf: at least 160 bytes). */
void sg_decl_str(const sg_tensor_decl *d, char *buf, size_t cap);
/* Read the "/tile=..." part of that text (s: what follows the format)
 * into d, whose fmt is set: 0, or -1 when malformed or inconsistent with
 * the format's order. */
int sg_decl_tiles_parse(const char *s, sg_tensor_decl *d);
/* Take the "/bv=W" part out of s (in place) into d->fmt.bv_width: 0, or
 * -1 when W is not a power of two from 1 to 64. */
int sg_decl_bv_parse(char *s, sg_tensor_decl *d);
/* Node array index of DOT id, or -1. */
int sg_graph_find_node(const sg_graph *g, int id);
/* Operand index k of tensor name in joiner n, or -1. */
int sg_graph_operand_index(const sg_node *n, const char *tensor);
/* Edge index into node n's input port p, or -1 when unconnected. */
int sg_graph_in_edge(const sg_graph *g, int node, int port);
/* ALU sub: 1 when graph ports 0 and 1 must be swapped so that port 0 is
 * the minuend.  The DOT text does not say which operand it is
 * (SAM-SEMANTICS 2.9); the expressions Custard compiles subtract a
 * reduction from a plain operand (x = b - C*d), so when exactly port 0's
 * operand comes from a reducer (reduce, spaccumulator, vectorreducer,
 * through broadcasts and ALUs) it is the subtrahend; otherwise file order
 * stands (docs/differences.md item 9).  The golden model and the
 * generator both follow this one rule.  0 for any other node. */
int sg_graph_sub_swapped(const sg_graph *g, int node);
/* 1 when n is a crddrop or crdhold whose inner stream is the outer level's
 * value stream (inner=val/vals, or vals=true): a value dropper/holder.  The
 * golden model and the generator both follow this one test. */
int sg_graph_inner_is_vals(const sg_node *n);
/* Edge e into d: a node that copies a stream as it is (broadcast,
 * parallelize, serializelevel's lane streams) takes e's kind as its own. */
void sg_graph_take_stream(sg_node *d, const sg_edge *e);
/* A scanner or joiner of a bitvector level (format=bitvector): its
 * coordinate ports carry bitvector words (kinds.def, A|B of type b). */
int sg_graph_is_bitvector(const sg_node *n);
/* The word width of a bitvector scanner's or joiner's level: its tensor's
 * (a joiner's first operand's) declared width, else the default 64. */
int sg_graph_bv_width(const sg_graph *g, const sg_node *n);
/* 1 when n takes the root reference "0 D" on its port 0 instead of an
 * edge: a scanner, repeat or locator with root=true.  The golden model
 * and the generator both follow this one test. */
int sg_graph_is_rooted(const sg_node *n);
/* Topological order of node indices into order[n_nodes]: 0, or -1 on a
 * cycle (order then holds only the nodes outside cycles). */
int sg_graph_topo_order(const sg_graph *g, int *order);
/* Fill g->index_order: index variables by the depth of the scanners and
 * repeats that iterate them (roots first), following ref chains through
 * broadcasts and joiners; indices seen only elsewhere come last. */
void sg_graph_derive_index_order(sg_graph *g);

/* Builders, used by the einsum compiler and tests. */
/* Zero a node and set the "unused" defaults (mode -1, ...) for kind k. */
void sg_graph_node_init(sg_node *n, sg_node_kind k);

/* Workspace kinds by name ("dense", "sorted", "hash"; "auto" for AUTO):
 * the kind, or -1 for an unknown word. */
int sg_ws_parse(const char *s);
const char *sg_ws_name(sg_ws_kind k);
/* A dense workspace above this many entries is too large to choose by
 * default: AUTO becomes SORTED above it. */
#define SG_WS_DENSE_AUTO_MAX 65536
/* The workspace node n runs with, given the entries a dense one would
 * need (the product of its indices' extents; 0 when unknown): its own
 * choice, or for AUTO dense up to SG_WS_DENSE_AUTO_MAX entries, else sorted. */
sg_ws_kind sg_ws_resolve(const sg_node *n, uint64_t dense_entries);
/* Set n->n_in / n->n_out from the kind (and operands); variable-width
 * nodes (broadcast outputs, spacc reduced inputs) keep larger counts. */
void sg_graph_node_ports(sg_node *n);
/* Append a copy of n (ports set by sg_graph_node_ports); returns its index. */
int sg_graph_add_node(sg_graph *g, const sg_node *n);
/* Append a copy of e; widens variable-width nodes to the port used.
 * Returns the edge index. */
int sg_graph_add_edge(sg_graph *g, const sg_edge *e);
/* Append an edge from output port sp of node src to input port dp of node
 * dst carrying stream kind t (no label, comment or line); returns its index. */
int sg_graph_connect(sg_graph *g, int src, int sp, int dst, int dp, sg_stream_kind t);
/* Write g as Custard-style DOT (the vocabulary the reader accepts), through
 * a temporary file renamed into place; path "-" is stdout.  Edges are
 * written in array order (ALU operands and broadcast outputs are numbered
 * in file order by the reader, so add them in port order). */
int sg_graph_write_dot(const sg_graph *g, const char *path, sg_err *e);
/* The same text to an open stream; -1 on an I/O error. */
int sg_graph_write_dot_stream(const sg_graph *g, FILE *f);

#endif
