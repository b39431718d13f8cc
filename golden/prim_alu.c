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
 * stops and D.  Cycle rule: one output per cycle.
 */
#include <stdlib.h>

#include "graph/graph.h"
#include "golden/prim.h"
#include "core/tensor.h"
#include "core/value.h"

typedef struct alu_st {
    int op;
    int64_t c;
} alu_st;

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

static long alu1_fire(sg_pnode *n, long budget)
{
    alu_st *s = n->st;
    sg_q *in = n->in[0];
    sg_port *o = &n->out[0];
    long fired = 0;
    while (fired < budget && q_avail(in) && port_room(o)) {
        sg_tok t = q_pop(in);
        if (t.kind == SG_TK_DATA) {
            if (s->op == SG_ALU_SMAX)
                t.v = sg_val_max(n->vt, t.v, s->c);
            else if (s->op == SG_ALU_EXP)
                t.v = sg_val_fp_exp(n->vt, t.v);
            else
                t.v = alu_apply(SG_ALU_MUL, t.v, s->c, n->vt);
        } else if (t.kind == SG_TK_EMPTY) {
            return sg_prim_fail(n, "N token on a value stream");
        }
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
    if (n->out[0].n != 1)
        return 0;
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
            tq_push(&o, sg_data(alu_apply(op, x.v, y.v, w)), f + 1);
        } else if (x.kind == SG_TK_DATA && y.kind == SG_TK_STOP) {
            if (f >= end)
                break;
            tq_pop(&a, f);
            tq_push(&o, sg_data(op == SG_ALU_MUL ? 0 : x.v), f + 1);
        } else if (y.kind == SG_TK_DATA && x.kind == SG_TK_STOP) {
            if (f >= end)
                break;
            tq_pop(&b, f);
            tq_push(&o, sg_data(op == SG_ALU_MUL ? 0 :
                                op == SG_ALU_SUB ? sg_val_neg(w, y.v) : y.v),
                    f + 1);
        } else if (x.kind == SG_TK_STOP && y.kind == SG_TK_STOP && x.v == y.v) {
            if (f >= end)
                break;
            tq_pop(&a, f);
            tq_pop(&b, f);
            tq_push(&o, x, f + 1);
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

/* The general rule, any budget. */
static __attribute__((noinline)) long alu2_run(sg_pnode *n, long budget)
{
    alu_st *s = n->st;
    sg_q *a = n->in[0], *b = n->in[1];
    sg_port *o = &n->out[0];
    long fired = 0;
    /* Runs of value pairs go through the batch; the loop below takes one
     * firing of any other kind, then the batch resumes. */
    sg_q *qo = budget > 1 ? port_plain(o) : NULL;
    if (qo)
        fired = alu2_batch(n, a, b, qo, budget);
    while (fired < budget && q_avail(a) && q_avail(b) && port_room(o)) {
        sg_tok x = q_peek(a), y = q_peek(b);
        if (x.kind == SG_TK_EMPTY || y.kind == SG_TK_EMPTY)
            return sg_prim_fail(n, "N token on a value stream");
        if (x.kind == SG_TK_DATA && y.kind == SG_TK_DATA) {
            port_push(o, sg_data(alu_apply(s->op, x.v, y.v, n->vt)));
            q_pop(a);
            q_pop(b);
        } else if (x.kind == SG_TK_DATA && y.kind == SG_TK_STOP) {
            port_push(o, sg_data(s->op == SG_ALU_MUL ? 0 : x.v));
            q_pop(a);
        } else if (y.kind == SG_TK_DATA && x.kind == SG_TK_STOP) {
            port_push(o, sg_data(s->op == SG_ALU_MUL ? 0 :
                                 s->op == SG_ALU_SUB ? sg_val_neg(n->vt, y.v)
                                                     : y.v));
            q_pop(b);
        } else if (sg_tok_eq(x, y)) {
            port_push(o, x);
            q_pop(a);
            q_pop(b);
            if (x.kind == SG_TK_DONE) {
                n->done = 1;
                return fired + 1;
            }
        } else {
            char bx[24], by[24];
            sg_tok_format(x, SG_ST_VAL, bx);
            sg_tok_format(y, SG_ST_VAL, by);
            return sg_prim_fail(n, "operands out of step: %s on input 0, %s on input 1", bx, by);
        }
        fired++;
        if (qo && fired < budget)
            fired += alu2_batch(n, a, b, qo, budget - fired);
    }
    return fired;
}

void sg_prim_alu_init(sg_pnode *n, int op, int64_t cnst)
{
    alu_st *s = sg_calloc(1, sizeof *s);
    s->op = op;
    s->c = cnst;
    n->st = s;
    n->fire = (op == SG_ALU_SMAX || op == SG_ALU_SMUL || op == SG_ALU_EXP) ? alu1_fire
                                                                            : alu2_fire;
    n->tmap = n->fire == alu1_fire;
    n->tfire = n->fire == alu2_fire ? alu2_tfire : NULL;
}
