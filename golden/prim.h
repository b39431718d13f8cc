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
 * consumer port.  Immediate mode (cyc = 0): a pushed token is visible at
 * once and a queue has room while it holds fewer than `lim` tokens.  Commit
 * mode (cyc = 1): a pushed token becomes visible at the next q_commit, and
 * room is judged on the occupancy at the last commit plus the tokens pushed
 * since.  The cycle engine commits at the end of every cycle, so a token
 * pushed in cycle t is visible in cycle t+1 and a pop in cycle t frees its
 * slot for cycle t+1 (a plain FIFO without bypass: depth 2 sustains one
 * token per cycle).  The functional engine commits a node's output queues
 * before and after running the node, so a node sees its inputs as they
 * were when their producers last ran (a soft cap `lim` that the engine
 * raises when everything is blocked keeps memory following the tensors).
 *
 * Sections: queues; ports; nodes; primitive entry points.
 */
#ifndef SG_PRIM_H
#define SG_PRIM_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "core/err.h"
#include "core/spill.h"
#include "core/token.h"

/* ---- queues -------------------------------------------------------------- */

/* Indices are absolute token counts (head = tokens popped, tail = tokens
 * pushed), so the tokens that crossed the queue are simply `tail` and the
 * fast paths touch few fields.  `vend` bounds what the consumer may pop;
 * `rhead` is the head the room test uses.  A cyc queue changes them only in
 * q_commit; any other queue keeps them current on every push and pop. */
typedef struct sg_q {
    sg_tok *buf;
    uint64_t mask;          /* capacity - 1 (capacity is a power of two) */
    uint64_t head;          /* tokens popped */
    uint64_t tail;          /* tokens pushed */
    const uint64_t *vendp;  /* the consumer may pop while head < *vendp:
                             * &vend (commit mode) or &tail (immediate) */
    const uint64_t *rheadp; /* room while tail - *rheadp < lim: &rhead
                             * (commit mode) or &head (immediate) */
    size_t lim;
    int hook;               /* push calls sg_q_hook (trace, keep or spill
                             * set, or not yet checked: sg_q_hooked) */
    int cyc;                /* commit mode (see the file comment) */
    uint64_t vend, rhead;   /* commit mode: tail and head at the last commit */
    uint64_t ahead;         /* cycle engine: tokens written beyond the tail
                             * by a producer running ahead, which the
                             * engine pushes one per cycle at the end of
                             * the coming cycles (see sg_pnode); else 0 */
    sg_stream_kind kind;
    FILE *trace;            /* streamed trace, or NULL */
    sg_toks *keep;          /* kept stream, or NULL */
    sg_spill *spill;        /* stream spilled to disk as edge spill_k of */
    size_t spill_k;         /* this spill, or NULL */
    struct sg_memtap *mem;  /* memory model tap (golden/memmodel.h), or NULL */
    int trace_err;
    size_t peak;            /* largest occupancy seen at a commit */
    /* Timed mode (cycle engine, unbounded FIFOs, golden/engine_timed.c):
     * stamp[i & mask] is the cycle from which token i is visible (its
     * producer fired in the cycle before), NULL otherwise.  pk: the first
     * token whose push has not yet been weighed for the peak (see
     * q_tpop). */
    uint64_t *stamp;
    uint64_t pk;
    int multi;              /* timed mode: a firing pushed more than one
                             * token (stamps not strictly increasing) */
    int prod, cons;         /* engine bookkeeping: producer and consumer
                             * node indices, -1 when not a graph node */
    /* Plain counts for reports and messages, valid after sg_q_sync (the
     * engines sync every queue before they return). */
    size_t n, vis, room_n;
    uint64_t pushed;
} sg_q;

/* A queue must not be copied after sg_q_init (it points into itself). */
void sg_q_init(sg_q *q, sg_stream_kind kind, int cyc, size_t lim);
/* Switch between commit (1) and immediate (0) mode; commits first. */
void sg_q_set_cyc(sg_q *q, int cyc);
void sg_q_free(sg_q *q);
void sg_q_grow(sg_q *q);
/* Record one token in the trace file (space separated) and/or kept stream;
 * refreshes q->hook. */
void sg_q_hook(sg_q *q, sg_tok t);
/* Whether q's pushes need sg_q_hook: it is traced, kept, spilled or
 * tapped by the memory model. */
static inline int sg_q_hooked(const sg_q *q)
{
    return q->trace != NULL || q->keep != NULL || q->spill != NULL || q->mem != NULL;
}
/* Refresh n, vis, room_n and pushed from the absolute counters. */
void sg_q_sync(sg_q *q);
/* Timed mode: give q stamps (the tokens in it visible from cycle 0) /
 * weigh the pushes not yet weighed for the peak (end of the run) / drop
 * the stamps. */
void sg_q_tstart(sg_q *q);
void sg_q_tfinish(sg_q *q);

/* The per-token queue operations are forced inline: a primitive's hot
 * loop calls them many times and an out-of-line call costs more than the
 * operation. */
#define SG_QOP static inline __attribute__((always_inline))

SG_QOP int q_avail(const sg_q *q) { return q->head < *q->vendp; }
static inline int q_avail2(const sg_q *q) { return q->head + 1 < *q->vendp; }
SG_QOP sg_tok q_peek(const sg_q *q) { return q->buf[q->head & q->mask]; }
static inline sg_tok q_peek2(const sg_q *q)
{
    return q->buf[(q->head + 1) & q->mask];
}
SG_QOP int q_room(const sg_q *q) { return q->tail - *q->rheadp < q->lim; }
/* Free slots under the cap (SIZE_MAX-ish when unbounded). */
static inline uint64_t q_space(const sg_q *q)
{
    uint64_t used = q->tail - *q->rheadp;
    return used < q->lim ? q->lim - used : 0;
}

SG_QOP void q_push(sg_q *q, sg_tok t)
{
    uint64_t tl = q->tail, mask = q->mask;
    int hook = q->hook;
    if (__builtin_expect(tl - q->head > mask, 0)) {
        sg_q_grow(q);
        mask = q->mask;
    }
    q->buf[tl & mask] = t;
    q->tail = tl + 1;
    if (__builtin_expect(hook, 0))
        sg_q_hook(q, t);
}

SG_QOP sg_tok q_pop(sg_q *q)
{
    uint64_t h = q->head;
    sg_tok t = q->buf[h & q->mask];
    q->head = h + 1;
    return t;
}

/* Make room for k more tokens without growing on each push. */
static inline void q_reserve(sg_q *q, uint64_t k)
{
    while (q->tail - q->head + k > q->mask + 1)
        sg_q_grow(q);
}

/* Write t into the ring j places beyond the tail without pushing it (a
 * run ahead, see sg_pnode; q_reserve(q, j + 1) first). */
static inline void q_put_ahead(sg_q *q, uint64_t j, sg_tok t)
{
    q->buf[(q->tail + j) & q->mask] = t;
}

/* Pushed or popped since the last commit? (commit mode) */
static inline int q_dirty(const sg_q *q)
{
    return q->vend != q->tail || q->rhead != q->head;
}

/* Commit mode: end of cycle; pushed tokens become visible, popped slots free. */
SG_QOP void q_commit(sg_q *q)
{
    q->vend = q->tail;
    q->rhead = q->head;
    if (q->tail - q->head > q->peak)
        q->peak = (size_t)(q->tail - q->head);
}

/* Timed mode (see stamp): push t visible from cycle vis. */
SG_QOP void q_tpush(sg_q *q, sg_tok t, uint64_t vis)
{
    q_push(q, t);
    q->stamp[(q->tail - 1) & q->mask] = vis;
}

/* Timed mode: account for the peak before popping in cycle p (h: the
 * head before the pops of that cycle).  The occupancy at the end of a
 * cycle c is the tokens pushed in cycles <= c less those popped in cycles
 * <= c; it rises only at pushes.  A push in cycle c (stamp c + 1) is
 * weighed at the first pop in a later cycle, when every pop of cycles
 * <= c has happened (the rest at the end of the run, sg_q_tfinish). */
SG_QOP void q_tpeak(sg_q *q, uint64_t p, uint64_t h)
{
    uint64_t pk = q->pk > h ? q->pk : h, tl = q->tail;
    while (pk < tl && q->stamp[pk & q->mask] <= p)
        pk++;
    if (pk > h && pk - h > q->peak)
        q->peak = (size_t)(pk - h);
    q->pk = pk;
}

/* Timed mode: the peak need not be weighed at a pop in cycle p of the
 * head h when it cannot rise: with strictly increasing stamps at most
 * 1 + p - stamp(h) tokens are visible then.  Skipped pushes are weighed
 * later against a later head, which can only understate them, and a push
 * that sets a new peak is weighed at the first pop after it, which is
 * not skipped (its bound is at least the occupancy). */
SG_QOP int q_tpeak_needed(uint64_t p, uint64_t s, size_t peak, int multi)
{
    return multi || p - s >= peak;
}

/* Timed mode: pop in cycle p. */
SG_QOP sg_tok q_tpop(sg_q *q, uint64_t p)
{
    if (q_tpeak_needed(p, q->stamp[q->head & q->mask], q->peak, q->multi))
        q_tpeak(q, p, q->head);
    return q_pop(q);
}

/* Timed mode: a queue's ring and counters held in locals for a
 * primitive's batch loop: tq_load, then tq_ operations only, then
 * tq_store.  tq_push needs room reserved beforehand (q_reserve before
 * tq_load); tq_store records the pushed tokens in the queue's trace and
 * kept stream (the same records as pushing them one by one: each queue
 * has its own). */
typedef struct sg_tq {
    sg_q *q;
    sg_tok *buf;
    uint64_t *st;
    uint64_t m, h, t, pk, t0;
    size_t peak;
    size_t pkb;             /* peak, or 0 when multi (see q_tpeak_needed) */
    int hook, multi;
} sg_tq;

SG_QOP void tq_load(sg_tq *x, sg_q *q)
{
    x->q = q;
    x->buf = q->buf;
    x->st = q->stamp;
    x->m = q->mask;
    x->h = q->head;
    x->t = x->t0 = q->tail;
    x->pk = q->pk;
    x->peak = q->peak;
    x->hook = q->hook;
    x->multi = q->multi;
    x->pkb = q->multi ? 0 : q->peak;
}

SG_QOP void tq_store(const sg_tq *x)
{
    sg_q *q = x->q;
    q->head = x->h;
    q->tail = x->t;
    q->pk = x->pk;
    q->peak = x->peak;
    if (__builtin_expect(x->hook, 0))
        for (uint64_t i = x->t0; i < x->t; i++)
            sg_q_hook(q, x->buf[i & x->m]);
}

SG_QOP int tq_has(const sg_tq *x) { return x->h < x->t; }
SG_QOP sg_tok tq_peek(const sg_tq *x) { return x->buf[x->h & x->m]; }
SG_QOP uint64_t tq_hstamp(const sg_tq *x) { return x->st[x->h & x->m]; }

/* Pop in cycle p the head, whose stamp is s (the peak as q_tpop). */
SG_QOP sg_tok tq_pop_s(sg_tq *x, uint64_t p, uint64_t s)
{
    uint64_t h = x->h, m = x->m;
    if (p - s >= x->pkb) {                  /* q_tpeak_needed */
        uint64_t pk = x->pk > h ? x->pk : h, t = x->t;
        const uint64_t *st = x->st;
        while (pk < t && st[pk & m] <= p)
            pk++;
        if (pk > h && pk - h > x->peak) {
            x->peak = (size_t)(pk - h);
            if (!x->multi)
                x->pkb = x->peak;
        }
        x->pk = pk;
    }
    x->h = h + 1;
    return x->buf[h & m];
}

/* Pop in cycle p (the peak as q_tpop). */
SG_QOP sg_tok tq_pop(sg_tq *x, uint64_t p)
{
    return tq_pop_s(x, p, tq_hstamp(x));
}

SG_QOP void tq_push(sg_tq *x, sg_tok t, uint64_t vis)
{
    x->buf[x->t & x->m] = t;
    x->st[x->t & x->m] = vis;
    x->t++;
}

/* ---- ports --------------------------------------------------------------- */

/* An output port: the queues of all edges leaving it (0 = discarded). */
typedef struct sg_port {
    sg_q **q;
    int n;
} sg_port;

SG_QOP int port_room(const sg_port *p)
{
    int n = p->n;
    sg_q *const *qq = p->q;
    if (n == 1)
        return q_room(qq[0]);
    for (int i = 0; i < n; i++)
        if (!q_room(qq[i]))
            return 0;
    return 1;
}

SG_QOP void port_push(sg_port *p, sg_tok t)
{
    int n = p->n;
    sg_q *const *qq = p->q;
    if (n == 1) {
        q_push(qq[0], t);
        return;
    }
    for (int i = 0; i < n; i++)
        q_push(qq[i], t);
}

/* Timed mode: push t on every queue of the port, visible from cycle vis. */
SG_QOP void port_tpush(sg_port *p, sg_tok t, uint64_t vis)
{
    for (int i = 0; i < p->n; i++)
        q_tpush(p->q[i], t, vis);
}

/* Timed mode: the cycle from which q's head is visible (it must exist). */
SG_QOP uint64_t q_hstamp(const sg_q *q)
{
    return q->stamp[q->head & q->mask];
}

/* The stop that closes the fiber of q's last reference: S0, or S(k + 1)
 * when q's head (it must have one) is Sk, which is then taken. */
SG_QOP sg_tok q_close_stop(sg_q *q)
{
    sg_tok t = q_peek(q);
    if (t.kind != SG_TK_STOP)
        return sg_stop(0);
    q_pop(q);
    return sg_stop((int)t.v + 1);
}

/* Timed mode: *f = the cycle q's head (it must exist) is taken in when it
 * is taken at cycle c or once visible, whichever is later; 1 when that is
 * before end. */
SG_QOP int q_hat(const sg_q *q, uint64_t c, uint64_t end, uint64_t *f)
{
    uint64_t v = q_hstamp(q);
    *f = v > c ? v : c;
    return *f < end;
}

/* Tokens the port can take now (the least space of its queues). */
static inline uint64_t port_space(const sg_port *p)
{
    uint64_t m = UINT64_MAX;
    for (int i = 0; i < p->n; i++) {
        uint64_t s = q_space(p->q[i]);
        if (s < m)
            m = s;
    }
    return m;
}

/* The port's only queue when it has exactly one and nothing is recorded
 * on push (tokens may then be written straight into its buffer), else
 * NULL. */
static inline sg_q *port_plain(const sg_port *p)
{
    return p->n == 1 && !p->q[0]->hook ? p->q[0] : NULL;
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
    /* Timed mode (golden/engine_timed.c), optional: fire the common kinds
     * of firing ahead of the engine's clock.  Called with *t the node's
     * next cycle (every earlier cycle simulated) and every input token
     * with stamp < end present; does firings while it can tell, from the
     * tokens present, that the next firing happens in a cycle
     * f = max(*t, stamps of the tokens it takes) < end and that the
     * node does nothing in the cycles *t .. f-1; pops with q_tpop(q, f),
     * pushes with q_tpush(q, tok, f + 1) (or the tq_ forms), sets
     * *t = f + 1.  Returns the number of firings; leaves anything else
     * to one-cycle firings.  Sets tblock when it stopped because the
     * next firing needs a token that is absent or visible only from end
     * on, and no other firing is possible meanwhile. */
    long (*tfire)(struct sg_pnode *n, uint64_t *t, uint64_t end);
    int tblock;             /* set by tfire: stopped for want of a token
                             * visible before end, so nothing happens
                             * before end (the engine clears it) */
    int tmap;               /* timed mode: every firing takes one token of
                             * in[0], decided by that token alone, and
                             * pushes one token on every output queue;
                             * fire(n, k) is k such firings (the engine
                             * batches them) */
    void *st;               /* primitive state (owned; freed with free()) */
    void (*st_free)(void *st);
    int done;
    int width;              /* value width W */
    int vt;                 /* value type (core/value.h): W for integers */
    uint64_t firings;
    /* Runs ahead (cycle engine).  A node whose next cycles are fixed
     * whatever the rest of the graph does (a scanner inside a fiber with
     * unbounded outputs: one token per output queue per cycle) may, when
     * can_ramp is set, push this cycle's tokens, write the next `ramp`
     * cycles' tokens into the same rings beyond the tail (q_put_ahead),
     * and set `ramp`.  The engine then does not step the node for `ramp`
     * cycles but, at the end of each, pushes one written-ahead token per
     * queue (trace and kept streams included) and commits it, counting a
     * firing: what stepping the node would have done.  ramp_ok: set by
     * the primitive's init when it can run ahead; can_ramp: set only by
     * the cycle engine, for such a node every queue of which (ports and
     * extra outputs) is unbounded and committed as soon as the node has
     * fired. */
    int ramp_ok, can_ramp;
    uint64_t ramp;
    /* A drain: a consumer whose next `ramp` cycles are fixed (an intersect
     * dropping, one per cycle, heads of one side that arrive from a
     * producer running ahead, against the other side's head) sets ramp and
     * drain (the side's crd and ref queues).  The engine then does not step
     * it but pops one token from each drained queue at the end of each of
     * those cycles, before the producers' run-ahead pushes, counting a
     * firing.  Only when can_ramp; drained queues must be unbounded. */
    sg_q *drain[2];
    char err[256];
} sg_pnode;

/* Timed mode on one node alone (golden/engine_timed.c): gives every
 * queue of n stamps (the tokens already in its inputs visible from cycle
 * 0) and runs n as the timed engine does, tfire batches, tmap batches and
 * one-cycle firings, until it is done or can do nothing more.  The stamps
 * stay for the caller (sg_q_tfinish or sg_q_free drops them).  Returns 0
 * when n finished, 1 when it stopped before, -1 on an error (n->err);
 * *cycles: the cycle count (the error's cycle on an error). */
int sg_engine_timed_node(sg_pnode *n, uint64_t *cycles);

/* Set n->err and return -1. */
long sg_prim_fail(sg_pnode *n, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* ---- primitive entry points -------------------------------------------- */

/* Level scanners.  in[0] ref, in[1] the skip channel (or NULL: it only
 * links the scanner to its intersect, see sg_prim_skip_fuse); out[0] crd,
 * out[1] ref.  Arrays are borrowed and must outlive the node. */
typedef struct prim_scan_cfg {
    int dense;
    int64_t dim;                    /* dense */
    const int64_t *seg, *crd;       /* compressed */
    size_t nseg, ncrd;
    int cam;                        /* ExTensor CAM size T (> 0: a
                                     * skipping scanner) */
} prim_scan_cfg;
void sg_prim_scan_init(sg_pnode *n, const prim_scan_cfg *c);
void sg_prim_scan_dense_init(sg_pnode *n, int64_t dim);
/* COO's scanners: the singleton level (its coordinates and last bits, one
 * per position; the scanner copies the fiber ends it derives) and the
 * non-unique level above it (emits the first position of each run). */
void sg_prim_scan_singleton_init(sg_pnode *n, const int64_t *crd, const int64_t *last,
                                 size_t ncrd);
void sg_prim_scan_nonunique_init(sg_pnode *n, const int64_t *seg, size_t nseg,
                                 const int64_t *crd, size_t ncrd);
/* A bitvector scanner (prim_scan_bitvector.c): nw words per fiber, the
 * level's words and prefix popcounts (copied). */
void sg_prim_scan_bitvector_init(sg_pnode *n, int64_t nw, const int64_t *words,
                                 const int64_t *pos, size_t nwords);
/* A bitvector intersecter (is_union 0) or unioner of 1..3 operands with
 * w-bit words (prim_join_bv.c). */
void sg_prim_join_bv_init(sg_pnode *n, int n_operands, int is_union, int64_t w);
/* Parallel lanes (prim_lanes.c): the lane filter of lane l of L, the
 * root serializer of L lanes, and the serializer of depth m below it. */
void sg_prim_parallelize_init(sg_pnode *n, int lane, int lanes);
void sg_prim_serialize_init(sg_pnode *n, int lanes);
void sg_prim_serialize_level_init(sg_pnode *n, int lanes, int depth);
/* A singleton scanner frees crd with itself (the offset scanner's). */
void sg_prim_scan_own_crd(sg_pnode *n, int64_t *crd);
/* DIA's scanners (prim_scan_range.c): the range level (size dim = N, the
 * offset level's size m = M, one offset per fiber) and the offset level
 * under it (coordinates i + off, one per position). */
void sg_prim_scan_range_init(sg_pnode *n, int64_t dim, int64_t m, const int64_t *off,
                             size_t noff);
void sg_prim_scan_offset_init(sg_pnode *n, int64_t dim, const int64_t *off, size_t noff);

/* Joiners.  Ports as graph/graph.h: in[2k] crd_k, in[2k+1] ref_k; out[0]
 * crd, out[1+k] ref_k.  skip_out (or NULL) has n_ops entries: the skip
 * channel to operand k's scanner, or NULL (intersect only; see
 * sg_prim_skip_fuse). */
void sg_prim_intersect_init(sg_pnode *n, int n_ops, sg_q *const *skip_out);
void sg_prim_union_init(sg_pnode *n, int n_ops);
/* SkipTo and close-fiber hints an intersect gave its skipping scanners. */
uint64_t sg_prim_skips_sent(const sg_pnode *n);
/* Queues a node pushes to besides its output ports: stores up to 2 in q,
 * returns how many (none since skipping scanners are fused). */
int sg_prim_extra_outputs(const sg_pnode *n, sg_q **q);
uint64_t sg_prim_scan_skips(const sg_pnode *n);

/* ExTensor skipping (cycle engine): a skipping compressed scanner (CAM
 * size > 0) carries the register model of golden/skip_core.h, returned by
 * sg_prim_scan_skip_core (NULL for any other node).  sg_prim_skip_fuse, called
 * once before the first cycle, hands every such scanner to the intersect
 * whose skip channel it has (in[1]): the intersect takes the scanner's
 * in_ref queue as its own in[2 * n_ops + k] and steps the scanner in the
 * same cycle as its decision; the scanner node is marked done. */
struct sg_skc_scan *sg_prim_scan_skip_core(sg_pnode *n);
void sg_prim_skip_fuse(sg_pnode *node, size_t nn);

/* Locator into a dense level of dimension dim: in[0] the located tensor's
 * parent reference (one per fiber), in[1] crd; out[0] ref.  Into a hashed
 * level (its bound level lv; NULL for dense): the bucket holding the
 * coordinate, N when the fiber lacks it. */
void sg_prim_locate_init(sg_pnode *n, int64_t dim);
struct sg_level;
void sg_prim_locate_hashed_init(sg_pnode *n, const struct sg_level *lv);

void sg_prim_repsiggen_init(sg_pnode *n);
void sg_prim_repeat_init(sg_pnode *n);
void sg_prim_broadcast_init(sg_pnode *n);
void sg_prim_arrayvals_init(sg_pnode *n, const int64_t *vals, size_t nvals);

/* ALU: op is an sg_alu_op of graph/graph.h. */
void sg_prim_alu_init(sg_pnode *n, int op, int64_t cnst);
/* Cycles from an ALU taking its operands to its result being visible, as
 * rtl/sam_alu.v has them for op (SG_ALU_*) on values of type vt. */
int sg_alu_latency(int op, int vt);
void sg_prim_reduce_init(sg_pnode *n, int skip_empty);

/* Sparse accumulators: in[0] outer crd (NULL = no outer index: the result is
 * one vector and the inner output's stops are lowered by one), in[1] inner
 * crd, in[2] val, in[3..] ignored (drained); out[0] inner crd, out[1] outer
 * crd, out[2] val.  val_stkn: the val output carries the inner stops. */
struct golden_ws_stat;
/* ws: the workspace to run with and its record (golden.h); NULL: dense,
 * nothing recorded. */
void sg_prim_spacc_init(sg_pnode *n, int order, int val_stkn, struct golden_ws_stat *ws);
/* vectorreducer: in[0] crd, in[1] val; out[0] crd, out[1] val. */
void sg_prim_vectorreducer_init(sg_pnode *n, struct golden_ws_stat *ws);
/* crddrop / crdhold: in[0] outer, in[1] inner; out[0] outer, out[1] inner.
 * depth: how many levels the inner stream lies below the outer one (1 for
 * a child level).  vals: the inner stream is a value stream at the outer
 * level (drop zero values with their coordinates / hold against values). */
void sg_prim_crddrop_init(sg_pnode *n, int vals, int depth);
/* The first outer coordinate a coordinate-mode crddrop dropped (its inner
 * fiber empty): 1 with *crd set, else 0. */
int sg_prim_crddrop_first_drop(const sg_pnode *n, int64_t *crd);
void sg_prim_crdhold_init(sg_pnode *n, int vals, int depth);

/* Writers: in[0].  The arrays grow in the state; take them at the end. */
void sg_prim_write_level_init(sg_pnode *n, int dense);
/* COO output levels (prim_write.c): the non-unique level (0) and the
 * singleton level (1). */
void sg_prim_write_coo_init(sg_pnode *n, int singleton);
void sg_prim_write_vals_init(sg_pnode *n);
/* Arrays written (seg may be NULL for dense/vals). Ownership stays. */
void sg_prim_write_arrays(const sg_pnode *n, const int64_t **seg, size_t *nseg,
                       const int64_t **crd, size_t *ncrd);

/* seg with one entry per fiber, empty fibers included. */
void sg_prim_write_seg_all(const sg_pnode *n, const int64_t **seg, size_t *nseg);

/* Free a node's state. */
void sg_prim_node_free(sg_pnode *n);

#endif
