/*
 * emit_int.h - the Verilog emitter's state and steps, shared by the files
 * of gen/ (the API is gen/emit.h; nothing outside gen/ includes this).
 *
 * sg_emit (emit.c) runs the steps in this order:
 *
 *   plan        emit_plan.c  instance names, the RTL module and parameters
 *                            of every node (rtl_module), the skip plan, the
 *                            positional writers of all-dense outputs,
 *                            stream widths and FIFO depths
 *   memories    emit_mem.c   one sam_ram per array (sg_emit_plan_memories,
 *                            sg_emit_memories), the dense-dimension registers,
 *                            positional writers' links, host read-back
 *                            and done
 *   errors      emit_err.c   (with the memories) each RAM's write guards;
 *                            (after done) the sticky error bits on error_o
 *                            and the hardware watchdog
 *   counters    emit_perf.c  (after the instances) the performance counters
 *                            at host select 255
 *   instances   emit_inst.c  one primitive per node in dataflow order, with
 *                            its forks and tie-offs
 *   edges       emit_sim.c   after each node its output edges (sam_edge:
 *                            FIFO and simulation tap); at the end drained
 *                            edges, the watchdog, the sink for outputs
 *                            nothing reads
 *
 * and fills templates/top.v.in with the text.  The text depends only on the
 * graph and the options.
 */
#ifndef SG_EMIT_INT_H
#define SG_EMIT_INT_H

#include <stddef.h>
#include <stdio.h>

#include "gen/emit.h"
#include "graph/graph.h"

/* Growable list of signal names nobody reads. */
typedef struct strlist {
    char **s;
    size_t n, cap;
} strlist;

void sg_emit_sl_add(strlist *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void sg_emit_sl_free(strlist *l);

#define SG_MOD_MAX 48         /* RTL module name */
#define SG_PAR_MAX 256        /* its parameter list */

typedef struct emitter {
    const sg_graph *g;
    const sg_emit_opts *o;    /* &oc */
    sg_emit_opts oc;          /* the options, bv_width from the graph */
    sg_emit_design *d;
    FILE *f;
    char **inst;          /* per node */
    char (*mod)[SG_MOD_MAX];  /* per node: RTL module */
    char (*par)[SG_PAR_MAX];  /* per node: its parameters */
    int *order;           /* nodes in dataflow (topological) order */
    int *consumed;        /* per edge: connected to a consumer port */
    int *declared;        /* per edge: its wires are declared */
    strlist unused;
    size_t cap_mem, cap_dim;
    int (*skip_scan)[3];  /* per intersect: skipping scanner of operand k, or -1 */
    int *edepth;          /* per edge: levels of its stream, -1 unknown */
    int *pos_lvl;         /* per node: level of a positional dense writer, -1 */
    int *pos_parent;      /* per node: that writer's parent level writer, -1 */
    int *pos_src;         /* per vals writer: innermost dense writer, -1 */
} emitter;

/* ---- plan (emit_plan.c) --------------------------------------------------- */

int sg_emit_clog2(long v);
void sg_emit_sanitize(char *s);
/* Instance name n<id>_<kind>[_<tensor><mode>][_<index>]. */
void sg_emit_inst_name(const sg_node *n, char *buf, size_t cap);
/* Data bits (tag included) of a stream kind (the design's edge widths). */
int sg_emit_kind_width(sg_stream_kind k, const sg_emit_opts *o);
/* The same widths as Verilog expressions over the top's parameters, of a
 * stream kind or of an RTL port by its name: form 0 the width
 * ("CrdWidth+2", "ValWidth+2", "2"), 1 the MSB ("CrdWidth+1"), 2 a
 * replication count ("(CrdWidth+2)"). */
const char *sg_emit_kind_wexpr(sg_stream_kind k, int form);
const char *sg_emit_port_wexpr(const char *rtl, int form);
/* RTL stream port p of node n (graph/kinds.def) into buf (48 bytes). */
const char *sg_emit_rtl_in(const sg_node *n, int p, char *buf);
const char *sg_emit_rtl_out(const sg_node *n, int p, char *buf);
int sg_emit_is_root(const sg_node *n);
/* Does node n read a dense level's dimension (dim_i, a host register): a
 * dense scanner or a locator? */
int sg_emit_reads_dim(const sg_node *n);
int sg_emit_spacc_no_outer(const sg_graph *g, int i);
/* m->mod and m->par of every node: the plain module (rtl_module), then the
 * skip plan's and the positional writers' replacements; fails on nodes
 * without an RTL block and on edges with an unidentified port. */
int sg_emit_plan_modules(emitter *m, sg_err *e);
int sg_emit_crddrop_depth(const emitter *m, int i);
int sg_emit_edge_depth(const emitter *m, size_t k);
/* Edges leaving (node, port), in graph order. */
size_t sg_emit_out_edges(const sg_graph *g, int node, int port, size_t *out, size_t cap);

/* ---- memories and host port (emit_mem.c) ---------------------------------- */

int sg_emit_plan_memories(emitter *m, sg_err *e);
const sg_emit_mem *sg_emit_find_mem(const emitter *m, int node, sg_arr_kind a);
/* 1 when array a of node n holds bitvector words (BvWidth bits wide). */
int sg_emit_bv_words(const sg_node *n, sg_arr_kind a);
int sg_emit_host_addr_width(const emitter *m);
int sg_emit_host_data_width(const emitter *m);
void sg_emit_memories(emitter *m);
void sg_emit_pos_wires(emitter *m);
void sg_emit_host_and_done(emitter *m);
/* The memory table of the banner (@MEMTABLE@), into a malloc'd string. */
char *sg_emit_memory_table(const emitter *m);

/* ---- error bits (emit_err.c) ---------------------------------------------- */

/* Before memory mm's sam_ram: m<sel>_wr_ok (an engine write in range: an
 * output memory's writes beyond its depth, or once its last word is
 * written when the counter would wrap, are suppressed) and m<sel>_host_we
 * (a host write within its depth). */
void sg_emit_err_guards(emitter *m, const sg_emit_mem *mm);
/* Is node i an accumulator with a workspace (sam_spacc, sam_vectorreducer),
 * whose ovf_o feeds error bit 1? */
int sg_emit_is_accumulator(const emitter *m, size_t i);
/* err_clr, the one signal that clears the error bits, first in the body. */
void sg_emit_err_clear(emitter *m);
/* The error bits: error_o, its clear, the hardware watchdog. */
void sg_emit_errors(emitter *m);

/* ---- performance counters (emit_perf.c) ---------------------------------- */

/* Words the counters of mode (SG_PERF_*) take for g. */
int sg_emit_perf_words(const sg_graph *g, int mode);
/* The counters and their read mux (perf_rdata_q), after the instances. */
void sg_emit_perf(emitter *m);

/* ---- instances (emit_inst.c) ---------------------------------------------- */

void sg_emit_skip_wires(emitter *m);
void sg_emit_node(emitter *m, int i);

/* ---- edges and simulation harness (emit_sim.c) ---------------------------- */

/* The simulation hooks every edge connects to, before the nodes. */
void sg_emit_sim_hooks(emitter *m);
/* Wires of the edges node i uses, declared with the first node using them. */
void sg_emit_edge_wires(emitter *m, int i);
/* The sam_edge instances of the edges node i produces. */
void sg_emit_node_out_edges(emitter *m, int i);
/* Drained edges, the watchdog and the sink for unread outputs. */
void sg_emit_sim(emitter *m);

#endif
