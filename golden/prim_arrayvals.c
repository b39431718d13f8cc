/*
 * prim_arrayvals.c - array load (arrayvals, SAM-SEMANTICS 2.8).
 *
 * Reference r gives vals[r]; N gives 0; stops and D pass.  A reference
 * outside the array is a malformed stream.  Cycle rule: one token per cycle
 * (the one-cycle memory read is the FIFO hop to the consumer).
 */
#include <stdlib.h>

#include "golden/prim.h"

typedef struct arr_st {
    const int64_t *vals;
    size_t n;
} arr_st;

/* One firing of the common kind (cycle engine): a data reference in range
 * with room on a single output queue.  Returns 1 when it fired, 0 when the
 * general loop must decide (it then does exactly what it would have done). */
static inline int arrayvals_fire1(sg_pnode *n)
{
    const arr_st *s = n->st;
    if (n->out[0].n != 1)
        return 0;
    sg_q *in = n->in[0], *qo = n->out[0].q[0];
    if (n->done || !q_avail(in) || !q_room(qo))
        return 0;
    sg_tok t = q_peek(in);
    if (t.kind != SG_TK_DATA || (uint64_t)t.v >= s->n)
        return 0;
    q_pop(in);
    q_push(qo, sg_data(s->vals[t.v]));
    return 1;
}

static long arrayvals_run(sg_pnode *n, long budget);

/* Timed mode (see sg_pnode): one token per firing, in the cycle it is
 * visible; a reference out of range is left to the general rule. */
static long arrayvals_tfire(sg_pnode *n, uint64_t *t, uint64_t end)
{
    const arr_st *s = n->st;
    if (n->out[0].n != 1 || n->done)
        return 0;
    sg_q *qi = n->in[0], *qo = n->out[0].q[0];
    q_reserve(qo, qi->tail - qi->head);
    sg_tq in, o;
    tq_load(&in, qi);
    tq_load(&o, qo);
    const int64_t *vals = s->vals;
    uint64_t nv = s->n, c = *t;
    long k = 0;
    int blk = 1;
    while (tq_has(&in)) {
        sg_tok x = tq_peek(&in);
        uint64_t f = tq_hstamp(&in);
        f = f > c ? f : c;
        if (f >= end)
            break;
        if (x.kind == SG_TK_DATA) {
            if ((uint64_t)x.v >= nv) {
                blk = 0;
                break;
            }
            x.v = vals[x.v];
        } else if (x.kind == SG_TK_EMPTY) {
            x = sg_data(0);
        }
        tq_pop(&in, f);
        tq_push(&o, x, f + 1);
        c = f + 1;
        k++;
        if (x.kind == SG_TK_DONE) {
            n->done = 1;
            blk = 0;
            break;
        }
    }
    tq_store(&in);
    tq_store(&o);
    n->tblock = blk;
    *t = c;
    return k;
}

static long arrayvals_fire(sg_pnode *n, long budget)
{
    if (budget == 1 && arrayvals_fire1(n))
        return 1;
    return arrayvals_run(n, budget);
}

/* The general rule, any budget. */
static __attribute__((noinline)) long arrayvals_run(sg_pnode *n, long budget)
{
    arr_st *s = n->st;
    sg_q *in = n->in[0];
    sg_port *o = &n->out[0];
    long fired = 0;
    sg_q *qo = budget > 1 ? port_plain(o) : NULL;
    if (qo) {
        /* Batch: read the input ring and write the output ring directly. */
        uint64_t h = in->head, k = *in->vendp - h, sp = q_space(qo);
        k = k < sp ? k : sp;
        k = k < (uint64_t)budget ? k : (uint64_t)budget;
        q_reserve(qo, k);
        const sg_tok *ib = in->buf;
        sg_tok *ob = qo->buf;
        uint64_t im = in->mask, om = qo->mask, tl = qo->tail, i = 0;
        const int64_t *vals = s->vals;
        uint64_t nv = s->n;
        for (; i < k; i++) {
            sg_tok t = ib[(h + i) & im];
            if (t.kind == SG_TK_DATA) {
                if ((uint64_t)t.v >= nv)
                    break;
                t.v = vals[t.v];
            } else if (t.kind == SG_TK_EMPTY) {
                t = sg_data(0);
            } else if (t.kind == SG_TK_DONE) {
                ob[(tl + i) & om] = t;
                i++;
                n->done = 1;
                break;
            }
            ob[(tl + i) & om] = t;
        }
        in->head = h + i;
        qo->tail = tl + i;
        fired = (long)i;
        if (n->done || i < k || !q_avail(in))
            goto slow;              /* done, a bad reference, or nothing left */
        return fired;
    }
slow:
    while (!n->done && fired < budget && q_avail(in) && port_room(o)) {
        sg_tok t = q_peek(in);
        if (t.kind == SG_TK_DATA) {
            if (t.v < 0 || (uint64_t)t.v >= s->n)
                return prim_fail(n, "reference %lld outside the value array (%zu entries)",
                                 (long long)t.v, s->n);
            port_push(o, sg_data(s->vals[t.v]));
        } else if (t.kind == SG_TK_EMPTY) {
            port_push(o, sg_data(0));
        } else {
            port_push(o, t);
        }
        q_pop(in);
        fired++;
        if (t.kind == SG_TK_DONE) {
            n->done = 1;
            break;
        }
    }
    return fired;
}

void prim_arrayvals_init(sg_pnode *n, const int64_t *vals, size_t nvals)
{
    arr_st *s = sg_calloc(1, sizeof *s);
    s->vals = vals;
    s->n = nvals;
    n->st = s;
    n->fire = arrayvals_fire;
    n->tmap = 1;
    n->tfire = arrayvals_tfire;
}
