/*
 * prim_repsiggen.c - repeat signal generator (repsiggen, SAM-SEMANTICS 2.6).
 *
 * Token by token: a coordinate or N gives R, any stop gives S, D gives D.
 * Cycle rule: one token per cycle.
 */
#include "golden/prim.h"

/* One firing of the common kind (cycle engine): a coordinate, N or stop
 * mapped onto a single output queue.  Returns 1 when it fired, 0 when the
 * general loop must decide (D). */
static inline int repsiggen_fire1(sg_pnode *n)
{
    if (n->out[0].n != 1)
        return 0;
    sg_q *in = n->in[0], *qo = n->out[0].q[0];
    if (!q_avail(in) || !q_room(qo))
        return 0;
    sg_tok t = q_peek(in);
    if (t.kind == SG_TK_DONE)
        return 0;
    q_pop(in);
    q_push(qo, t.kind == SG_TK_STOP ? sg_stop(0) : sg_data(0));
    return 1;
}

static long repsiggen_run(sg_pnode *n, long budget);

/* Timed mode (see sg_pnode): one token per firing, in the cycle it is
 * visible. */
static long repsiggen_tfire(sg_pnode *n, uint64_t *t, uint64_t end)
{
    if (n->out[0].n != 1)
        return 0;
    sg_q *qi = n->in[0], *qo = n->out[0].q[0];
    q_reserve(qo, qi->tail - qi->head);
    sg_tq in, o;
    tq_load(&in, qi);
    tq_load(&o, qo);
    uint64_t c = *t;
    long k = 0;
    int blk = 1;
    while (tq_has(&in)) {
        sg_tok x = tq_peek(&in);
        uint64_t f = tq_hstamp(&in);
        f = f > c ? f : c;
        if (f >= end)
            break;
        tq_pop(&in, f);
        tq_push(&o, x.kind == SG_TK_DONE ? x : x.kind == SG_TK_STOP ? sg_stop(0) : sg_data(0),
                f + 1);
        c = f + 1;
        k++;
        if (x.kind == SG_TK_DONE) {
            n->done = 1;
            blk = 0;
            break;
        }
    }
    n->tblock = blk;
    tq_store(&in);
    tq_store(&o);
    *t = c;
    return k;
}

static long repsiggen_fire(sg_pnode *n, long budget)
{
    if (budget == 1 && repsiggen_fire1(n))
        return 1;
    return repsiggen_run(n, budget);
}

/* The general rule, any budget. */
static __attribute__((noinline)) long repsiggen_run(sg_pnode *n, long budget)
{
    sg_q *in = n->in[0];
    sg_port *o = &n->out[0];
    long fired = 0;
    sg_q *qo = budget > 1 ? port_plain(o) : NULL;
    if (qo) {
        /* Batch: read the input ring and write the output ring directly. */
        uint64_t h = in->head, k = *in->vendp - h, sp = q_space(qo), i = 0;
        k = k < sp ? k : sp;
        k = k < (uint64_t)budget ? k : (uint64_t)budget;
        q_reserve(qo, k);
        const sg_tok *ib = in->buf;
        sg_tok *ob = qo->buf;
        uint64_t im = in->mask, om = qo->mask, tl = qo->tail;
        for (; i < k; i++) {
            sg_tok t = ib[(h + i) & im];
            if (t.kind == SG_TK_DONE) {
                ob[(tl + i) & om] = t;
                i++;
                n->done = 1;
                break;
            }
            ob[(tl + i) & om] = t.kind == SG_TK_STOP ? sg_stop(0) : sg_data(0);
        }
        in->head = h + i;
        qo->tail = tl + i;
        return (long)i;
    }
    while (fired < budget && q_avail(in) && port_room(o)) {
        sg_tok t = q_pop(in);
        if (t.kind == SG_TK_DATA || t.kind == SG_TK_EMPTY) {
            port_push(o, sg_data(0));
        } else if (t.kind == SG_TK_STOP) {
            port_push(o, sg_stop(0));
        } else {
            port_push(o, t);
            n->done = 1;
            return fired + 1;
        }
        fired++;
    }
    return fired;
}

void prim_repsiggen_init(sg_pnode *n)
{
    n->st = NULL;
    n->fire = repsiggen_fire;
    n->tmap = 1;
    n->tfire = repsiggen_tfire;
}
