/*
 * prim_alu.c - ALUs (mul, add, sub, max, min, and the one-input smax/smul
 * and exp, the last on real values only; SAM-SEMANTICS 2.9) on values of
 * the run's type: W-bit two's complement integers, fp32 or bf16
 * (core/value.h).
 *
 * Two inputs are consumed pairwise: two values give op(a, b) wrapped to W
 * bits (sub: a - b, port 0 is the minuend); the same stop passes; both D
 * give D.  A value against a stop reproduces the reference (mul emits 0, add
 * and sub emit the value, only the value is consumed); different stops, a
 * lone D and N are malformed streams.  One-input ops map values and pass
 * stops and D.  Cycle rule: one output per cycle, with the RTL's latency
 * (sg_alu_latency): an op of latency L > 1 holds its tokens in L - 1
 * stages before the output, which all move in a cycle in which the oldest
 * can leave (or is empty) and all hold otherwise, as rtl/sam_alu.v's
 * pipelines do; the functional engine has no latency.
 */
#include <stdlib.h>

#include "graph/graph.h"
#include "golden/prim.h"
#include "core/tensor.h"
#include "core/value.h"

#define ALU_LAT_MAX 17

typedef struct alu_st {
    int op;
    int64_t c;
    int lat;                    /* sg_alu_latency */
    long (*fire0)(sg_pnode *, long);    /* the op without latency */
    int npipe;                  /* tokens in the stages */
    int got_done;               /* D is in the stages */
    unsigned char pv[ALU_LAT_MAX];
    sg_tok pipe[ALU_LAT_MAX];   /* [0] newest .. [lat - 2] oldest */
} alu_st;

int sg_alu_latency(int op, int vt)
{
    /* rtl/sam_alu.v: integers one output register, mul and smul a
     * three-stage multiplier; real numbers its units' Lat */
    int mul = op == SG_ALU_MUL || op == SG_ALU_SMUL;
    if (!sg_vt_is_fp(vt))
        return mul ? 3 : 1;
    switch (op) {
    case SG_ALU_ADD: case SG_ALU_SUB: return 14;
    case SG_ALU_MAX: case SG_ALU_MIN: case SG_ALU_SMAX: return 2;
    case SG_ALU_DIV: return vt == SG_VT_BF16 ? 9 : 17;
    case SG_ALU_EXP: return 10;
    default: return 5;
    }
}

/* op(a, b) on values of type vt (core/value.h: W for integers). */
static int64_t alu_apply(int op, int64_t a, int64_t b, int vt)
{
    switch (op) {
    case SG_ALU_MUL: return sg_val_mul(vt, a, b);
    case SG_ALU_ADD: return sg_val_add(vt, a, b);
    case SG_ALU_SUB: return sg_val_sub(vt, a, b);
    case SG_ALU_MAX: return sg_val_max(vt, a, b);
    case SG_ALU_MIN: return sg_val_min(vt, a, b);
    case SG_ALU_DIV: return sg_vt_is_fp(vt) ? sg_val_fp_op(vt, SG_FP_DIV, a, b) : 0;
    default: return 0;
    }
}

/* The one-input rule: the output token for the head of in[0], popped. */
static sg_tok alu1_tok(sg_pnode *n, sg_tok t)
{
    const alu_st *s = n->st;
    if (t.kind == SG_TK_DATA) {
        if (s->op == SG_ALU_SMAX)
            t.v = sg_val_max(n->vt, t.v, s->c);
        else if (s->op == SG_ALU_EXP)
            t.v = sg_val_fp_exp(n->vt, t.v);
        else
            t.v = alu_apply(SG_ALU_MUL, t.v, s->c, n->vt);
    }
    return t;
}

static long alu1_fire(sg_pnode *n, long budget)
{
    sg_q *in = n->in[0];
    sg_port *o = &n->out[0];
    long fired = 0;
    while (fired < budget && q_avail(in) && port_room(o)) {
        if (q_peek(in).kind == SG_TK_EMPTY)
            return sg_prim_fail(n, "N token on a value stream");
        sg_tok t = alu1_tok(n, q_pop(in));
        port_push(o, t);
        fired++;
        if (t.kind == SG_TK_DONE) {
            n->done = 1;
            break;
        }
    }
    return fired;
}

/* One firing of the common kind (cycle engine): two values in, one value
 * out on a single output queue.  Returns 1 when it fired, 0 when the
 * general loop must decide. */
static inline int alu2_fire1(sg_pnode *n)
{
    const alu_st *s = n->st;
    if (n->out[0].n != 1)
        return 0;
    sg_q *a = n->in[0], *b = n->in[1], *qo = n->out[0].q[0];
    if (!q_avail(a) || !q_avail(b) || !q_room(qo))
        return 0;
    sg_tok x = q_peek(a), y = q_peek(b);
    if (x.kind != SG_TK_DATA || y.kind != SG_TK_DATA)
        return 0;
    q_pop(a);
    q_pop(b);
    q_push(qo, sg_data(alu_apply(s->op, x.v, y.v, n->vt)));
    return 1;
}

static long alu2_run(sg_pnode *n, long budget);

/* Up to `max` firings of the first rule (value pairs) straight between the
 * rings; stops at the first pair that is not two values.  Returns the
 * number of firings. */
static long alu2_batch(const sg_pnode *n, sg_q *a, sg_q *b, sg_q *qo, long max)
{
    const alu_st *s = n->st;
    uint64_t ha = a->head, hb = b->head, k = *a->vendp - ha, kb = *b->vendp - hb;
    uint64_t sp = q_space(qo), i = 0;
    k = k < kb ? k : kb;
    k = k < sp ? k : sp;
    k = k < (uint64_t)max ? k : (uint64_t)max;
    q_reserve(qo, k);
    const sg_tok *ba = a->buf, *bb = b->buf;
    sg_tok *ob = qo->buf;
    uint64_t ma = a->mask, mb = b->mask, om = qo->mask, tl = qo->tail;
    int op = s->op, w = n->vt;
    for (; i < k; i++) {
        sg_tok x = ba[(ha + i) & ma], y = bb[(hb + i) & mb];
        if (x.kind != SG_TK_DATA || y.kind != SG_TK_DATA)
            break;
        ob[(tl + i) & om] = sg_data(alu_apply(op, x.v, y.v, w));
    }
    a->head = ha + i;
    b->head = hb + i;
    qo->tail = tl + i;
    return (long)i;
}

/* Timed mode (see sg_pnode): value pairs, each in the cycle both are
 * visible (no other firing needs fewer tokens). */
static inline __attribute__((always_inline)) long
alu2_tloop(sg_pnode *n, uint64_t *t, uint64_t end, int op)
{
    const alu_st *s = n->st;
    if (n->out[0].n != 1 || s->npipe)
        return 0;                   /* the stages go first (alu_pipe_fire) */
    uint64_t lat = (uint64_t)s->lat;
    sg_q *qa = n->in[0], *qb = n->in[1], *qo = n->out[0].q[0];
    uint64_t km = qa->tail - qa->head, kb = qb->tail - qb->head;
    q_reserve(qo, km + kb);         /* a firing takes one token at least */
    sg_tq a, b, o;
    tq_load(&a, qa);
    tq_load(&b, qb);
    tq_load(&o, qo);
    uint64_t c = *t;
    long k = 0;
    int w = n->vt, blk = 1;
    while (tq_has(&a) && tq_has(&b)) {
        sg_tok x = tq_peek(&a), y = tq_peek(&b);
        uint64_t f = tq_hstamp(&a), sb = tq_hstamp(&b);
        f = f > sb ? f : sb;
        f = f > c ? f : c;
        if (x.kind == SG_TK_DATA && y.kind == SG_TK_DATA) {
            if (f >= end)
                break;
            tq_pop(&a, f);
            tq_pop(&b, f);
            tq_push(&o, sg_data(alu_apply(op, x.v, y.v, w)), f + lat);
        } else if (x.kind == SG_TK_DATA && y.kind == SG_TK_STOP) {
            if (f >= end)
                break;
            tq_pop(&a, f);
            tq_push(&o, sg_data(op == SG_ALU_MUL ? 0 : x.v), f + lat);
        } else if (y.kind == SG_TK_DATA && x.kind == SG_TK_STOP) {
            if (f >= end)
                break;
            tq_pop(&b, f);
            tq_push(&o, sg_data(op == SG_ALU_MUL ? 0 :
                                op == SG_ALU_SUB ? sg_val_neg(w, y.v) : y.v),
                    f + lat);
        } else if (x.kind == SG_TK_STOP && y.kind == SG_TK_STOP && x.v == y.v) {
            if (f >= end)
                break;
            tq_pop(&a, f);
            tq_pop(&b, f);
            tq_push(&o, x, f + lat);
        } else {
            blk = 0;                /* D, N or operands out of step */
            break;
        }
        c = f + 1;
        k++;
    }
    tq_store(&a);
    tq_store(&b);
    tq_store(&o);
    n->tblock = blk;
    *t = c;
    return k;
}

static long alu2_tfire(sg_pnode *n, uint64_t *t, uint64_t end)
{
    const alu_st *s = n->st;
    /* the common op with the switch folded */
    return s->op == SG_ALU_MUL ? alu2_tloop(n, t, end, SG_ALU_MUL)
                               : alu2_tloop(n, t, end, s->op);
}

static long alu2_fire(sg_pnode *n, long budget)
{
    if (budget == 1 && alu2_fire1(n))
        return 1;
    return alu2_run(n, budget);
}

/* The two-input rule: the output token for the two heads (both
 * visible), popping what it consumes; 0, or -1 on a malformed stream. */
static int alu2_take(sg_pnode *n, sg_tok *out)
{
    const alu_st *s = n->st;
    sg_q *a = n->in[0], *b = n->in[1];
    sg_tok x = q_peek(a), y = q_peek(b);
    if (x.kind == SG_TK_EMPTY || y.kind == SG_TK_EMPTY)
        return (int)sg_prim_fail(n, "N token on a value stream");
    if (x.kind == SG_TK_DATA && y.kind == SG_TK_DATA) {
        *out = sg_data(alu_apply(s->op, x.v, y.v, n->vt));
        q_pop(a);
        q_pop(b);
    } else if (x.kind == SG_TK_DATA && y.kind == SG_TK_STOP) {
        *out = sg_data(s->op == SG_ALU_MUL ? 0 : x.v);
        q_pop(a);
    } else if (y.kind == SG_TK_DATA && x.kind == SG_TK_STOP) {
        *out = sg_data(s->op == SG_ALU_MUL ? 0 :
                       s->op == SG_ALU_SUB ? sg_val_neg(n->vt, y.v) : y.v);
        q_pop(b);
    } else if (sg_tok_eq(x, y)) {
        *out = x;
        q_pop(a);
        q_pop(b);
    } else {
        char bx[SG_TOK_TEXT], by[SG_TOK_TEXT];
        sg_tok_format(x, SG_ST_VAL, bx);
        sg_tok_format(y, SG_ST_VAL, by);
        return (int)sg_prim_fail(n, "operands out of step: %s on input 0, %s on input 1", bx, by);
    }
    return 0;
}

/* The general rule, any budget. */
static __attribute__((noinline)) long alu2_run(sg_pnode *n, long budget)
{
    sg_q *a = n->in[0], *b = n->in[1];
    sg_port *o = &n->out[0];
    long fired = 0;
    /* Runs of value pairs go through the batch; the loop below takes one
     * firing of any other kind, then the batch resumes. */
    sg_q *qo = budget > 1 ? port_plain(o) : NULL;
    if (qo)
        fired = alu2_batch(n, a, b, qo, budget);
    while (fired < budget && q_avail(a) && q_avail(b) && port_room(o)) {
        sg_tok t;
        if (alu2_take(n, &t) < 0)
            return -1;
        port_push(o, t);
        if (t.kind == SG_TK_DONE) {
            n->done = 1;
            return fired + 1;
        }
        fired++;
        if (qo && fired < budget)
            fired += alu2_batch(n, a, b, qo, budget - fired);
    }
    return fired;
}

/* A cycle of alu_pipe_fire in which the stages moved but no operand was
 * taken: progress (the engine steps the node again), not a firing (a
 * firing takes operands, as in the timed mode): the engine adds the 1 this
 * returns to n->firings, which this takes back. */
static long alu_pipe_moved(sg_pnode *n)
{
    n->firings--;
    return 1;
}

/* An op of latency > 1 in the cycle engine: one cycle of its stages.  The
 * oldest token leaves when the output has room, and then (or when it is
 * empty) every stage moves and the newest takes the next output token of
 * the rule; otherwise everything holds.  The functional engine (budget > 1
 * with empty stages) runs the op without latency. */
static long alu_pipe_fire(sg_pnode *n, long budget)
{
    alu_st *s = n->st;
    if (budget > 1 && s->npipe == 0)
        return s->fire0(n, budget);
    sg_port *o = &n->out[0];
    int last = s->lat - 2;
    if (s->pv[last] && !port_room(o))
        return 0;
    int moved = 0;
    if (s->pv[last]) {
        sg_tok t = s->pipe[last];
        port_push(o, t);
        s->pv[last] = 0;
        s->npipe--;
        moved = 1;
        if (t.kind == SG_TK_DONE) {
            n->done = 1;
            return alu_pipe_moved(n);
        }
    }
    for (int i = last; i > 0; i--) {
        s->pipe[i] = s->pipe[i - 1];
        s->pv[i] = s->pv[i - 1];
    }
    s->pv[0] = 0;
    moved |= s->npipe > 0;          /* the stages moved their tokens */
    if (s->got_done)
        return moved ? alu_pipe_moved(n) : 0;
    sg_tok t;
    int one = s->fire0 == alu1_fire;
    if (one ? !q_avail(n->in[0]) : !q_avail(n->in[0]) || !q_avail(n->in[1]))
        return moved ? alu_pipe_moved(n) : 0;
    if (one) {
        if (q_peek(n->in[0]).kind == SG_TK_EMPTY)
            return sg_prim_fail(n, "N token on a value stream");
        t = alu1_tok(n, q_pop(n->in[0]));
    } else if (alu2_take(n, &t) < 0) {
        return -1;
    }
    s->pipe[0] = t;
    s->pv[0] = 1;
    s->npipe++;
    s->got_done = t.kind == SG_TK_DONE;
    return 1;
}


void sg_prim_alu_init(sg_pnode *n, int op, int64_t cnst)
{
    alu_st *s = sg_calloc(1, sizeof *s);
    s->op = op;
    s->c = cnst;
    s->lat = sg_alu_latency(op, n->vt);
    n->st = s;
    s->fire0 = (op == SG_ALU_SMAX || op == SG_ALU_SMUL || op == SG_ALU_EXP) ? alu1_fire
                                                                             : alu2_fire;
    n->fire = s->lat > 1 ? alu_pipe_fire : s->fire0;
    n->tmap = n->fire == alu1_fire;
    n->tfire = s->fire0 == alu2_fire ? alu2_tfire : NULL;
}
