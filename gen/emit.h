/*
 * emit.h - the Verilog emitter: one accelerator top module per SAM graph.
 *
 * sg_emit turns a typed graph into the text of <kernel>_top.v: one rtl/
 * primitive instance per graph node, a sam_edge on every edge (a sam_fifo,
 * with a simulation-only tap around it for traces and stalls; the top has
 * a watchdog), a sam_ram per array each tensor level needs, a host port
 * over all of them, start/done and the sticky error bits error_o.  It also returns the design's tables (memories, dense
 * dimension registers, edge widths) that the verifier needs to load the
 * memories and decode the traces.
 *
 * Naming (stable, from the graph): node instances n<id>_<kind>[_<tensor>
 * <mode>][_<index>], edge instances u_e<k> with wires
 * e<k>_{up,dn}_{valid,ready,data} for edge k of the graph (producer side,
 * consumer side), memories u_m<sel>_<node instance>_<array>.  The text depends only on the
 * graph and the options: same input, same bytes.
 *
 * Beyond one instance per node: an output whose levels are all dense gets
 * positional writers (level positions passed down to the values writer,
 * which zero-fills), an order-1 spaccumulator without an outer input gets
 * its outer stream forked from the inner one, a crddrop several levels
 * above its inner stream gets that stream's inner stops hidden from it,
 * and an ALU sub takes a reducer's operand as the subtrahend, as the
 * golden model does (docs/generator.md).
 *
 * The top-level skeleton is templates/top.v.in (found with sg_source_root, core/paths.h).
 */
#ifndef SG_EMIT_H
#define SG_EMIT_H

#include <stddef.h>
#include <stdint.h>

#include "graph/graph.h"

/* The hardware watchdog's default period (cycles without a transfer). */
#define SG_DEFAULT_WATCHDOG 65536L
#define SG_WATCHDOG_MAX 2147483647L

/* Performance counters (--counters): none, two words per node, two per
 * edge; read at host select SG_PERF_SEL (gen/emit_perf.c). */
enum { SG_PERF_NONE = 0, SG_PERF_NODES, SG_PERF_EDGES };
#define SG_PERF_SEL 255

/* SG_ARR_LAST: a singleton level's last bits (1 bit per position: it ends
 * its fiber), derived from the tensor when it is bound (core/fibertree.c). */
typedef enum sg_arr_kind { SG_ARR_SEG = 0, SG_ARR_CRD, SG_ARR_VALS, SG_ARR_LAST } sg_arr_kind;
/* "seg", "crd", "vals", "last". */
const char *sg_emit_arr_name(sg_arr_kind a);
/* The memories node n reads or writes (at most 2, in arrs): the one list
 * the memory plan and the coordinate width both follow. */
int sg_emit_node_arrays(const sg_node *n, sg_arr_kind arrs[2]);

/* Entries a memory must hold, or -1 when unknown (then max_nnz is used). */
typedef long (*sg_emit_size_fn)(void *ctx, const sg_node *n, sg_arr_kind a);
/* Size of index variable idx (spacc workspaces), or -1 when unknown. */
typedef long (*sg_emit_dim_fn)(void *ctx, char idx);
/* Entries the workspace of accumulator node i holds at once on the bound
 * tensors (the golden model's peak), or -1 when unknown. */
typedef long (*sg_emit_ws_fn)(void *ctx, size_t i);

typedef struct sg_emit_opts {
    int crd_width;            /* default SG_DEFAULT_CRD_WIDTH */
    int val_width;            /* default SG_DEFAULT_VAL_WIDTH */
    int bv_width;             /* bitvector words (the graph's: its tensors'
                               * /bv=W, else SG_BV_WIDTH_DEFAULT) */
    int vt;                   /* value type (core/value.h): 0 integers; with
                               * SG_VT_FP32 / SG_VT_BF16 (val_width 32 / 16)
                               * the value-computing modules get ValType */
    int fifo_depth;           /* every edge unless edge_depth is given (4) */
    const int *edge_depth;    /* per edge (graph order), or NULL */
    int skip;                 /* ExTensor CAM size T (power of two) for every
                               * intersect fed straight by compressed
                               * scanners; 0 = off; sg_node.skip >= 0 of the
                               * intersect (or of a scanner) overrides it */
    long max_nnz;             /* entries per memory when unknown (1024) */
    long dim_default;         /* index size when unknown (64) */
    sg_emit_size_fn mem_size;
    sg_emit_dim_fn index_dim;
    sg_emit_ws_fn ws_peak;    /* sizes sorted workspaces without a capacity */
    void *ctx;
    long watchdog_cycles;     /* default of the top's WatchdogCycles: error_o
                               * bit 3 after that many cycles without a
                               * transfer in a run (SG_DEFAULT_WATCHDOG) */
    int counters;             /* SG_PERF_NONE, _NODES or _EDGES */
    int edge_registered;      /* edge FIFOs with a registered head (sam_edge
                               * FallThrough 0); 0: they fall through */
    const char *source_hash;  /* hex hash of the input, for the banner */
    const char *root;         /* samgen source root (templates/); NULL = find */
} sg_emit_opts;

typedef struct sg_emit_mem {
    int sel;                  /* host select (1-based) */
    int node;                 /* node array index */
    sg_arr_kind arr;
    int is_output;            /* written by a level writer */
    int width;                /* word bits */
    int addr_width;
    long depth;               /* 1 << addr_width */
    char inst[128];           /* instance name */
    char tensor[SG_NAME_MAX];
    int mode;                 /* tensor mode, -1 for vals */
} sg_emit_mem;

typedef struct sg_emit_dim {
    int node;                 /* dense scanner node index */
    int addr;                 /* host address in select 0 */
} sg_emit_dim;

typedef struct sg_emit_design {
    char module[96];          /* <kernel>_top */
    sg_emit_mem *mem;
    size_t n_mem;
    sg_emit_dim *dim;
    size_t n_dim;
    int *edge_width;          /* data bits incl. tag, per graph edge */
    int *edge_skip;           /* per graph edge: 1 when it leaves a skipping
                               * scanner for its intersector (no FIFO; its
                               * tokens legitimately differ from a
                               * non-skipping run) */
    int *node_skip;           /* per node: CAM size of a skipping scanner or
                               * intersector, 0 = plain primitive */
    size_t n_edges;
    int perf_mode;            /* SG_PERF_*: the counters at select SG_PERF_SEL */
    int n_perf;               /* their 32-bit words (0 without counters) */
    char *text;               /* the Verilog */
    size_t len;
} sg_emit_design;

void sg_emit_opts_default(sg_emit_opts *o);

/* Emit the top for g.  Fails (code SG_EXIT_USAGE, message naming the node
 * and its DOT line) on nodes the RTL library does not implement. */
int sg_emit(const sg_graph *g, const sg_emit_opts *o, sg_emit_design *d,
            sg_err *e);
void sg_emit_design_free(sg_emit_design *d);

/* Write d->text to path through a temporary file and rename. */
int sg_emit_write(const sg_emit_design *d, const char *path, sg_err *e);

#endif
