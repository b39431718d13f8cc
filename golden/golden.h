/*
 * golden.h - the public API of the golden model: run a SAM graph on tensors.
 *
 * The golden model executes a typed graph (graph/graph.h) on real tensors with
 * integer value semantics (W-bit two's complement, see tensor.h) and returns
 * the output tensors, the token stream of every edge (counted, optionally kept
 * in memory or streamed to trace files) and, with the cycle engine, a cycle
 * count, per-edge peak FIFO occupancy and deadlock diagnostics.
 *
 * Two engines share the same primitive code (golden/prim_*.c):
 *   GOLDEN_FUNC   functional: nodes run in topological order until they
 *                 block; queues are unbounded (soft-capped so memory follows
 *                 the tensors, not the trace).  Fast.  Skipping is off.
 *   GOLDEN_CYCLE  cycle-approximate, as the SAM simulator: every node fires at
 *                 most once per cycle (one token per port), a token pushed in
 *                 cycle t is visible to its consumer in cycle t+1, FIFOs have
 *                 a configurable depth (0 = unbounded).  Counts cycles, detects
 *                 deadlock, records peak occupancy, runs ExTensor skipping.
 * Both produce the same streams on every graph edge, except that with
 * skipping on, the streams from a skipping scanner into its intersector lose
 * the skipped coordinates (the intersector's outputs are unchanged).
 *
 * Trace files: one per graph edge, named sg_golden_edge_name() + ".txt", holding
 * one multi-stream line "NAME: tok tok ... D" (token.h text format), written
 * as the tokens are produced.
 *
 * Sections: options and bindings; results; running; outputs and reports;
 * single-primitive streams (samgen stream).
 */
#ifndef SG_GOLDEN_H
#define SG_GOLDEN_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/spill.h"
#include "core/tensor.h"
#include "core/token.h"
#include "golden/memmodel.h"
#include "graph/bind.h"
#include "graph/graph.h"

/* ---- options and bindings ------------------------------------------------ */

typedef enum golden_engine {
    GOLDEN_FUNC = 0,
    GOLDEN_CYCLE = 1
} golden_engine;

typedef struct golden_opts {
    golden_engine engine;
    int width;              /* value width W, 1..64 (default 32) */
    int vt;                 /* value type (core/value.h): 0 for the
                             * `width`-bit integer, or SG_VT_FP32 /
                             * SG_VT_BF16 with `width` 32 / 16 */
    size_t fifo_depth;      /* cycle engine FIFO depth; 0 = unbounded */
    const int *edge_depth;  /* cycle engine: per-edge depths (graph edge
                             * order) overriding fifo_depth, as a generated
                             * top's FIFOs are sized; NULL = none */
    int skip;               /* ExTensor CAM size T for every intersector fed
                             * by compressed scanners (0 = off); a node's own
                             * sg_node.skip >= 0 overrides it */
    const char *trace_dir;  /* write per-edge trace files here; NULL = none */
    int keep_streams;       /* keep every edge's stream in golden_edge_stat.toks */
    sg_spill *spill;        /* or, when set, write it to this spill (opened
                             * with the graph's edge count) */
    uint64_t max_cycles;    /* cycle engine guard; 0 = no limit */
    int cycle_loop;         /* cycle engine: step every node every cycle even
                             * where the timed mode applies (same results;
                             * for cross-checking the two) */
    sg_read_opts read;      /* how tensor files are read (width is set from
                             * `width` by sg_golden_opts_default callers) */
    sg_mem_opts mem;        /* the memory model (golden/memmodel.h); off
                             * while mem.buffer_bytes is 0 */
} golden_opts;

/* Defaults: functional engine, W = 32, unbounded FIFOs, no skip, no trace. */
void sg_golden_opts_default(golden_opts *o);

/* A graph tensor bound to data (graph/bind.h): exactly one of path, coo,
 * or is_scalar. */
typedef sg_binding golden_binding;

/* ---- results ------------------------------------------------------------- */

typedef struct golden_edge_stat {
    uint64_t tokens;        /* tokens that crossed the edge */
    size_t peak;            /* peak FIFO occupancy (cycle engine; functional:
                             * peak queue length, not meaningful for sizing) */
    sg_toks toks;           /* the whole stream, when opts.keep_streams */
} golden_edge_stat;

typedef struct golden_output {
    char name[SG_NAME_MAX];
    sg_format fmt;          /* as the graph declares it */
    sg_fibertree ft;        /* the arrays the writers produced (positional
                             * vals; dense levels have no arrays) */
    sg_coo coo;             /* logical coordinates and values, entries in
                             * storage order, explicit zeros kept */
} golden_output;

/* One accumulator's workspace (spaccumulator, vectorreducer) as the run
 * used it (docs/workspaces.md).  Every kind gives the same streams and
 * cycles; they differ in what they hold and, for hash, in probes. */
typedef struct golden_ws_stat {
    int node;               /* graph node index */
    sg_ws_kind kind;        /* as resolved (never AUTO) */
    int order;              /* 1: a row at a time; 2: the whole result */
    long cap;               /* capacity in entries (sorted, hash); 0: as needed */
    uint64_t rows;          /* rows emitted */
    uint64_t entries;       /* entries emitted, summed over the rows */
    uint64_t peak;          /* most entries held at once */
    uint64_t extent[2];     /* 1 + the largest inner, outer (order 2) coordinate */
    uint64_t dense_entries; /* what a dense workspace holds: its indices'
                             * extents when known, else from extent[] */
    uint64_t inserts;       /* hash: new keys inserted */
    uint64_t probes;        /* hash: slots looked at beyond each point's first */
    uint64_t moved;         /* hash without a capacity: entries moved when the
                             * table doubled (it keeps a load of at most 1/2) */
    uint64_t slots;         /* hash: the largest table, in slots */
    uint64_t sort_steps;    /* hash: sum of k * ceil(log2 k) over the emitted
                             * rows (ordering a row of k entries) */
} golden_ws_stat;

/* Bits a workspace of kind k would hold for the run w describes, with W-bit
 * values: dense dense_entries x (W + 1); sorted (cap or peak) x (key + W);
 * hash (cap or the power of two >= 2 x peak) slots x (key + W + 1), key
 * the bits of the coordinates it is keyed by (docs/workspaces.md). */
uint64_t sg_golden_ws_bits(const golden_ws_stat *w, sg_ws_kind k, int width);

typedef struct golden_result {
    golden_output *out;     /* one per output tensor (normally 1) */
    int n_out;
    golden_edge_stat *edge; /* indexed like graph->edges */
    size_t n_edges;
    uint64_t tokens_total;  /* sum of edge[i].tokens */
    uint64_t cycles;        /* cycle engine; 0 for the functional engine */
    double wall_s;          /* wall-clock time of the execution proper */
    int deadlock;           /* cycle engine: 1 when the run deadlocked */
    char *deadlock_msg;     /* full FIFOs and waiting nodes (malloc'd) */
    uint64_t skips;         /* skipping scanners' reads that jumped */
    uint64_t *node_firings; /* indexed like graph->nodes: times each node
                             * fired (cycle engine: the cycles in which it
                             * fired, at most one firing per cycle) */
    size_t n_nodes;
    sg_mem *mem;            /* the memory model's counts, when it ran */
    golden_ws_stat *ws;     /* every accumulator, in node order */
    int n_ws;
} golden_result;

void sg_golden_result_free(golden_result *r);

/* ---- running ------------------------------------------------------------- */

/* Is the graph executable by the golden model?  0, or -1 with the reason
 * ("not executable: node ... (locate) is not modelled", unsupported
 * node kinds, graphs marked _WRONG, missing tensor formats ...).
 * sg_golden_run also refuses floating-point nodes under an integer type. */
int sg_golden_check_executable(const sg_graph *g, sg_err *e);

/* Run the graph.  Every input tensor of the graph must be bound.  Returns 0
 * (also on deadlock: r->deadlock is set and e holds the message with code
 * SG_EXIT_CHECK), or -1 with e filled on bad input, a malformed stream
 * inside the graph, or I/O errors.  r is always valid for sg_golden_result_free
 * after the call. */
int sg_golden_run(const sg_graph *g, const golden_binding *b, int nb,
               const golden_opts *o, golden_result *r, sg_err *e);

/* Stable name of edge i, used for trace files and in every message about
 * that edge: "<srcid>_<srcport>__<dstid>_<dstport>", e.g.
 * "12_crd__11_in" (DOT node ids, graph/graph.h port names, characters
 * outside [A-Za-z0-9_] replaced by '_').  buf >= 128 bytes. */
const char *sg_golden_edge_name(const sg_graph *g, size_t i, char *buf);

/* ---- outputs and reports ------------------------------------------------- */

/* Write each output tensor as OUTDIR/<name>.tns and as a SAM-formatted
 * directory OUTDIR/<name>/ (tensor_<name>_mode_* files). */
int sg_golden_write_outputs(const char *outdir, const golden_result *r,
                         sg_err *e);
/* Write report.json: graph, engine, options, cycles, wall time, totals,
 * per-edge {name, src, dst, type, tokens, peak}, deadlock. */
int sg_golden_write_report(const char *path, const sg_graph *g,
                        const golden_opts *o, const golden_result *r,
                        sg_err *e);

/* ---- single-primitive streams (samgen stream) ---------------------------- */

/* Run one primitive on the in_* / arr_* / param_* lines of a vectors-format
 * file and append its out_* lines (and out_arr_* for writers) to out.
 * Primitive names and the lines each one reads are listed in
 * docs/golden-model.md ("samgen stream").  `width` is the value type
 * (core/value.h): the value width W of integers, SG_VT_FP32 or SG_VT_BF16.
 * Returns 0, or -1 with "FILE:LINE: msg" (bad input) or a message naming
 * the primitive (malformed stream). */
int sg_golden_stream_run(const char *prim, const sg_stream_file *in, int width,
                      sg_stream_file *out, sg_err *e);

/* Before a run the input is checked (docs/golden-model.md, "Stream files"):
 * every line is one the primitive reads or an out_* line, no line twice,
 * params are one integer in their range, every input stream ends with its
 * only D, a joiner's in_refK lines up with its in_crdK whose coordinates
 * increase within each fiber, scan_compressed's arrays form a level, and
 * scan_dense writes at most max_tokens coordinates
 * (SG_STREAM_MAX_TOKENS in sg_golden_stream_run). */
#define SG_STREAM_MAX_TOKENS ((int64_t)1 << 24)
int sg_golden_stream_run_limit(const char *prim, const sg_stream_file *in, int width,
                               int64_t max_tokens, sg_stream_file *out, sg_err *e);

/* The same with `one` set: 1: one firing per step in commit mode, every
 * queue committed after each (the cycle engine's one-firing paths,
 * `_fire1`); 2: the cycle engine's timed mode on the node alone (its
 * `_tfire` batches, sg_engine_timed_node).  sg_golden_stream_run (one = 0) fires
 * as long as it can (the batch paths).  With one = 1 or 2 every output
 * line has '_' for each cycle in which it got no token (the inputs are
 * visible from cycle 0), so both give the same lines when the timed mode
 * fires in the cycles of the one-firing loop.  prim_vectors_test.c checks
 * that all three give every vector's streams. */
int sg_golden_stream_run_firings(const char *prim, const sg_stream_file *in,
                              int width, int one, sg_stream_file *out,
                              sg_err *e);

/* NULL-terminated list of primitive names sg_golden_stream_run accepts. */
const char *const *sg_golden_stream_prims(void);

#endif
