/*
 * net.h - a graph instantiated for execution: one sg_pnode per graph node,
 * one queue per graph edge, plus the engine-made queues (root references,
 * skip channels).  Built by net.c, executed by engine_func.c or
 * engine_cycle.c, its outputs assembled by collect.c.  Internal to the
 * golden model.
 */
#ifndef SG_NET_H
#define SG_NET_H

#include "golden/bind.h"
#include "golden/golden.h"
#include "golden/prim.h"

typedef struct sg_net {
    const sg_graph *g;
    sg_pnode *node;         /* n_nodes, indexed like g->nodes */
    char (*node_name)[64];
    sg_q *eq;               /* g->n_edges queues */
    sg_q *xq;               /* extra queues */
    size_t n_xq;
    sg_q **all;             /* every queue, for commits */
    size_t n_all;
    int *order;             /* topological order */
    size_t n_order;
    sg_q **outq_store;      /* backing store of output port lists */
    int cyc;
    int cycle_loop;         /* golden_opts.cycle_loop */
    sg_mem *mem;            /* the memory model, when golden_opts.mem is on */
    golden_ws_stat *ws;     /* the accumulators' workspaces, in node order */
    int n_ws;
} sg_net;

/* Instantiate g on the bound tensors bt[0..nbt) (net.c): 0, or -1 with
 * e filled; sg_net_free releases what was built, also after a failure. */
int sg_net_build(sg_net *net, const sg_graph *g, bound *bt, int nbt,
              const golden_opts *o, sg_err *e);
void sg_net_free(sg_net *net);

/* Output tensor d from the writers of a finished net (collect.c). */
int sg_collect_output(const sg_net *net, bound *bt, int nbt,
                   const sg_tensor_decl *d, golden_output *out, sg_err *e);

/* Engines: 0, or -1 with e filled (malformed stream, deadlock, limit). */
int sg_engine_func_run(sg_net *net, sg_err *e);
int sg_engine_cycle_run(sg_net *net, uint64_t max_cycles, golden_result *r,
                     sg_err *e);
/* The cycle engine's timed mode (engine_timed.c), which sg_engine_cycle_run
 * uses when sg_engine_timed_ok: every FIFO unbounded, no skipping scanner,
 * every queue from a node to a later one in net->order. */
int sg_engine_timed_ok(const sg_net *net);
int sg_engine_timed_run(sg_net *net, uint64_t max_cycles, golden_result *r,
                     sg_err *e);

/* Message listing full queues and waiting nodes (malloc'd). */
char *sg_net_stuck_report(const sg_net *net);
/* Name of the node's first error, formatted "node ...: msg" into e. */
int sg_net_node_error(const sg_net *net, size_t i, sg_err *e);

#endif
