/*
 * prim.h - the machinery shared by the golden model's primitives and engines.
 *
 * Every SAM primitive (golden/prim_<name>.c) is a small state machine with a
 * fire function.  One *firing* consumes at most one token from each input
 * port and produces at most one token on each output port; the cycle engine
 * fires each node at most once per cycle, the functional engine fires a node
 * as long as it can.  The same code therefore gives the streams of both
 * engines, and the cycle count of the cycle engine follows from the number
 * of firings plus the FIFO rules below.
 *
 * Queues (sg_q) are growable ring buffers between a producer port and a
 * consumer port.  Functional mode: a pushed token is visible at once and a
 * queue has room while it holds fewer than `lim` tokens (a soft cap the
 * engine raises when everything is blocked).  Cycle mode: a token pushed in
 * cycle t becomes visible at the commit that ends cycle t; room is judged on
 * the occupancy at the start of the cycle plus the tokens pushed in it, so a
 * pop in cycle t frees its slot for cycle t+1 (a plain FIFO without
 * bypass: depth 2 sustains one token per cycle).
 *
 * Sections: queues; ports; nodes; primitive entry points.
 */
#ifndef SG_PRIM_H
#define SG_PRIM_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "err.h"
#include "token.h"

/* ---- queues -------------------------------------------------------------- */

typedef struct sg_q {
    sg_tok *buf;
    size_t mask;            /* capacity - 1 (capacity is a power of two) */
    size_t head;            /* index of the oldest token */
    size_t n;               /* tokens held */
    size_t vis;             /* tokens the consumer may see */
    size_t room_n;          /* occupancy used for the room test */
    size_t lim;             /* room while room_n < lim */
    size_t peak;
    uint64_t pushed;
    int cyc;                /* cycle-mode semantics */
    int dirty;              /* pushed or popped since the last commit */
    sg_stream_kind kind;
    FILE *trace;            /* streamed trace, or NULL */
    sg_toks *keep;          /* kept stream, or NULL */
    int trace_err;
} sg_q;

void sg_q_init(sg_q *q, sg_stream_kind kind, int cyc, size_t lim);
void sg_q_free(sg_q *q);
void sg_q_grow(sg_q *q);
/* Write one token to the trace file (space separated). */
void sg_q_trace(sg_q *q, sg_tok t);

static inline int q_avail(const sg_q *q) { return q->vis > 0; }
static inline int q_avail2(const sg_q *q) { return q->vis > 1; }
static inline sg_tok q_peek(const sg_q *q) { return q->buf[q->head]; }
static inline sg_tok q_peek2(const sg_q *q)
{
    return q->buf[(q->head + 1) & q->mask];
}
static inline int q_room(const sg_q *q) { return q->room_n < q->lim; }

static inline void q_push(sg_q *q, sg_tok t)
{
    if (q->n > q->mask)
        sg_q_grow(q);
    q->buf[(q->head + q->n) & q->mask] = t;
    q->n++;
    q->room_n++;
    q->pushed++;
    if (!q->cyc) {
        q->vis++;
        if (q->n > q->peak)
            q->peak = q->n;
    }
    q->dirty = 1;
    if (q->trace)
        sg_q_trace(q, t);
    if (q->keep)
        sg_toks_push(q->keep, t);
}

static inline sg_tok q_pop(sg_q *q)
{
    sg_tok t = q->buf[q->head];
    q->head = (q->head + 1) & q->mask;
    q->n--;
    q->vis--;
    if (!q->cyc)
        q->room_n--;
    q->dirty = 1;
    return t;
}

/* Cycle mode: end of cycle; pushed tokens become visible. */
static inline void q_commit(sg_q *q)
{
    q->vis = q->n;
    q->room_n = q->n;
    if (q->n > q->peak)
        q->peak = q->n;
    q->dirty = 0;
}

/* ---- ports --------------------------------------------------------------- */

/* An output port: the queues of all edges leaving it (0 = discarded). */
typedef struct sg_port {
    sg_q **q;
    int n;
} sg_port;

static inline int port_room(const sg_port *p)
{
    for (int i = 0; i < p->n; i++)
        if (!q_room(p->q[i]))
            return 0;
    return 1;
}

static inline void port_push(sg_port *p, sg_tok t)
{
    for (int i = 0; i < p->n; i++)
        q_push(p->q[i], t);
}

/* ---- nodes --------------------------------------------------------------- */

#define SG_PRIM_MAX_IN 12
#define SG_PRIM_MAX_OUT 8

struct sg_pnode;
/* Fire up to `budget` times; returns the number of firings that made
 * progress (consumed, produced or changed state), 0 when blocked or done,
 * -1 on a malformed stream (message in n->err). */
typedef long (*sg_fire_fn)(struct sg_pnode *n, long budget);

typedef struct sg_pnode {
    const char *name;       /* for messages: "node 12 (intersect)" */
    sg_q *in[SG_PRIM_MAX_IN];     /* NULL when unconnected */
    int n_in;
    sg_port out[SG_PRIM_MAX_OUT];
    int n_out;
    sg_fire_fn fire;
    void *st;               /* primitive state (owned; freed with free()) */
    void (*st_free)(void *st);
    int done;
    int width;              /* value width W */
    uint64_t firings;
    char err[256];
} sg_pnode;

/* Set n->err and return -1. */
long prim_fail(sg_pnode *n, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* ---- primitive entry points -------------------------------------------- */

/* Level scanners.  in[0] ref, in[1] skip commands (or NULL); out[0] crd,
 * out[1] ref.  Arrays are borrowed and must outlive the node. */
typedef struct prim_scan_cfg {
    int dense;
    int64_t dim;                    /* dense */
    const int64_t *seg, *crd;       /* compressed */
    size_t nseg, ncrd;
    int cam;                        /* ExTensor CAM size T (0 = exact
                                     * lookup when skipping) */
} prim_scan_cfg;
void prim_scan_init(sg_pnode *n, const prim_scan_cfg *c);
void prim_scan_dense_init(sg_pnode *n, int64_t dim);

/* Skip command encoding on the intersector -> scanner channel:
 * DATA v = (fiber << 32) | target   skip below `target` in fiber `fiber`
 * STOP v = fiber                     close fiber `fiber` now
 * where `fiber` counts the stop tokens on the scanner's crd output before
 * the fiber (the intersector counts the stops it consumed on that side). */
#define SG_SKIP_FIBER_SHIFT 32

/* Joiners.  Ports as gen/graph.h: in[2k] crd_k, in[2k+1] ref_k; out[0]
 * crd, out[1+k] ref_k.  skip_out[k] (or NULL) receives SkipTo commands for
 * operand k (2-operand intersect only). */
void prim_intersect_init(sg_pnode *n, int n_ops, sg_q *const *skip_out);
void prim_union_init(sg_pnode *n, int n_ops);
uint64_t prim_skips_sent(const sg_pnode *n);
uint64_t prim_scan_skips(const sg_pnode *n);

void prim_repsiggen_init(sg_pnode *n);
void prim_repeat_init(sg_pnode *n);
void prim_broadcast_init(sg_pnode *n);
void prim_arrayvals_init(sg_pnode *n, const int64_t *vals, size_t nvals);

/* ALU: op is an sg_alu_op of gen/graph.h. */
void prim_alu_init(sg_pnode *n, int op, int64_t cnst);
void prim_reduce_init(sg_pnode *n);

/* Sparse accumulators: in[0] outer crd (NULL = no outer index: the result is
 * one vector and the inner output's stops are lowered by one), in[1] inner
 * crd, in[2] val, in[3..] ignored (drained); out[0] inner crd, out[1] outer
 * crd, out[2] val.  val_stkn: the val output carries the inner stops. */
void prim_spacc_init(sg_pnode *n, int order, int val_stkn);
/* vectorreducer: in[0] crd, in[1] val; out[0] crd, out[1] val. */
void prim_vectorreducer_init(sg_pnode *n);
/* crddrop / crdhold: in[0] outer, in[1] inner; out[0] outer, out[1] inner.
 * depth: how many levels the inner stream lies below the outer one (1 for
 * a child level).  vals: the inner stream is a value stream at the outer
 * level (drop zero values with their coordinates / hold against values). */
void prim_crddrop_init(sg_pnode *n, int vals, int depth);
void prim_crdhold_init(sg_pnode *n, int vals, int depth);

/* Writers: in[0].  The arrays grow in the state; take them at the end. */
void prim_write_level_init(sg_pnode *n, int dense);
void prim_write_vals_init(sg_pnode *n);
/* Arrays written (seg may be NULL for dense/vals). Ownership stays. */
void prim_write_arrays(const sg_pnode *n, const int64_t **seg, size_t *nseg,
                       const int64_t **crd, size_t *ncrd);

/* seg with one entry per fiber, empty fibers included. */
void prim_write_seg_all(const sg_pnode *n, const int64_t **seg, size_t *nseg);

/* Free a node's state. */
void prim_node_free(sg_pnode *n);

#endif
