/*
 * prim_crdhold.c - coordinate holder (crdhold, SAM-SEMANTICS 2.13).
 *
 * Coordinate mode: the outer output repeats the current outer coordinate
 * once per inner data token and carries the inner stream's stops (it has
 * the inner stream's shape); the inner output is the inner input.  The
 * outer stop consumed with an inner Sk is not emitted.  `depth` as in
 * crddrop.  Value mode (inner=vals): same level, both pass in lockstep.
 *
 * Cycle rule: one inner token per cycle.
 */
#include <stdlib.h>

#include "golden/prim_crd.h"

typedef crd_st hold_st;

static long hold_vals_fire(sg_pnode *n, long budget)
{
    return crd_vals_fire(n, budget, 0);
}

/* One firing of the common kind (cycle engine): an inner coordinate under
 * the held outer coordinate, each output a single queue with room.
 * Returns 1 when it fired, 0 when the general loop must decide. */
static inline int hold_fire1(sg_pnode *n)
{
    const hold_st *s = n->st;
    if (s->need_ostop >= 0 || !s->have || s->o.kind != SG_TK_DATA ||
        n->out[0].n != 1 || n->out[1].n != 1)
        return 0;
    sg_q *qi = n->in[1], *oo = n->out[0].q[0], *oi = n->out[1].q[0];
    if (!q_avail(qi) || !q_room(oo) || !q_room(oi))
        return 0;
    sg_tok t = q_peek(qi);
    if (t.kind != SG_TK_DATA)
        return 0;
    q_pop(qi);
    q_push(oo, s->o);
    q_push(oi, t);
    return 1;
}

static long hold_run(sg_pnode *n, long budget);

/* Timed mode: a run of inner coordinates under the held outer coordinate
 * o from cycle *cp, each in the cycle it is visible, up to end.  Returns
 * the number of firings. */
static long hold_trun(sg_q *qi, sg_q *oo, sg_q *oi, sg_tok o, uint64_t *cp,
                      uint64_t end)
{
    uint64_t c = *cp;
    long k = 0;
    q_reserve(oo, qi->tail - qi->head);
    q_reserve(oi, qi->tail - qi->head);
    sg_tq in, po, pi;
    tq_load(&in, qi);
    tq_load(&po, oo);
    tq_load(&pi, oi);
    while (tq_has(&in)) {
        sg_tok x = tq_peek(&in);
        uint64_t f = tq_hstamp(&in);
        f = f > c ? f : c;
        if (x.kind != SG_TK_DATA || f >= end)
            break;
        tq_pop(&in, f);
        tq_push(&po, o, f + 1);
        tq_push(&pi, x, f + 1);
        c = f + 1;
        k++;
    }
    tq_store(&in);
    tq_store(&po);
    tq_store(&pi);
    *cp = c;
    return k;
}

/* Timed mode (see sg_pnode), coordinate mode: loads of a data outer
 * coordinate (with the inner token visible then), inner coordinates and
 * stops under it, and the outer stops the inner ones imply, each in the
 * cycle the tokens it needs are visible (the general rule does nothing
 * before).  One loop on purpose: its states share the cycle stamp and the
 * visible ends of the queues. */
static long hold_tfire(sg_pnode *n, uint64_t *t, uint64_t end)
{
    hold_st *s = n->st;
    if (n->out[0].n != 1 || n->out[1].n != 1)
        return 0;
    sg_q *qo = n->in[0], *qi = n->in[1], *oo = n->out[0].q[0], *oi = n->out[1].q[0];
    uint64_t c = *t, f;
    long k = 0;
    int blk = 1;
    while (c < end) {
        if (s->need_ostop >= 0) {
            if (qo->head == qo->tail)
                break;
            if (!crd_ostop_ok(s, q_peek(qo))) {
                blk = 0;
                break;
            }
            if (!q_hat(qo, c, end, &f))
                break;
            q_tpop(qo, f);
            s->need_ostop = -1;
        } else if (!s->have) {
            if (qo->head == qo->tail)
                break;
            sg_tok o = q_peek(qo), x = {0};
            if (o.kind != SG_TK_DATA) {
                blk = 0;
                break;
            }
            if (!q_hat(qo, c, end, &f))
                break;
            int kind = -1;
            if (qi->head < qi->tail && q_hstamp(qi) <= f) {
                x = q_peek(qi);
                kind = x.kind;
                if (kind != SG_TK_DATA && kind != SG_TK_STOP) {
                    blk = 0;
                    break;
                }
            }
            q_tpop(qo, f);
            s->o = o;
            s->have = 1;
            if (kind >= 0) {
                q_tpop(qi, f);
                q_tpush(oo, kind == SG_TK_DATA ? o : x, f + 1);
                q_tpush(oi, x, f + 1);
                if (kind == SG_TK_STOP)
                    crd_inner_stop(s, x.v);
            }
        } else {
            if (s->o.kind != SG_TK_DATA) {
                blk = 0;
                break;
            }
            if (qi->head == qi->tail)
                break;
            sg_tok x = q_peek(qi);
            if (x.kind == SG_TK_DATA) {
                long r = hold_trun(qi, oo, oi, s->o, &c, end);
                if (r == 0)
                    break;              /* not before end */
                k += r;
                continue;
            }
            if (x.kind != SG_TK_STOP) {
                blk = 0;
                break;
            }
            if (!q_hat(qi, c, end, &f))
                break;
            q_tpop(qi, f);
            q_tpush(oo, x, f + 1);
            q_tpush(oi, x, f + 1);
            crd_inner_stop(s, x.v);
        }
        c = f + 1;
        k++;
    }
    n->tblock = blk;
    *t = c;
    return k;
}

static long hold_fire(sg_pnode *n, long budget)
{
    if (budget == 1 && hold_fire1(n))
        return 1;
    return hold_run(n, budget);
}

/* The general rule, any budget.  One loop on purpose: it is the rule the
 * one-firing and timed paths are checked against on every vector, and its
 * states share the node's pending outputs. */
static __attribute__((noinline)) long hold_run(sg_pnode *n, long budget)
{
    hold_st *s = n->st;
    sg_q *qi = n->in[1];
    sg_port *oo = &n->out[0], *oi = &n->out[1];
    long fired = 0;
    int popped;
    while ((popped = crd_next(n, s, NULL, budget, &fired)) >= 0) {
        if (!q_avail(qi) || !port_room(oo) || !port_room(oi))
            return fired + popped;
        sg_tok t = q_peek(qi), o = s->o;
        if (budget > 1 && !popped && o.kind == SG_TK_DATA && t.kind == SG_TK_DATA) {
            /* A run of inner coordinates under one outer coordinate. */
            sg_q *po = port_plain(oo), *pi = port_plain(oi);
            if (po && pi) {
                /* Straight between the rings (k >= 1: t is a visible
                 * coordinate and both outputs have room). */
                uint64_t h = qi->head, k = *qi->vendp - h, i = 0;
                uint64_t s1 = q_space(po), s2 = q_space(pi), b = (uint64_t)(budget - fired);
                k = k < s1 ? k : s1;
                k = k < s2 ? k : s2;
                k = k < b ? k : b;
                q_reserve(po, k);
                q_reserve(pi, k);
                const sg_tok *ib = qi->buf;
                sg_tok *b1 = po->buf, *b2 = pi->buf;
                uint64_t im = qi->mask, m1 = po->mask, m2 = pi->mask;
                uint64_t t1 = po->tail, t2 = pi->tail;
                for (; i < k; i++) {
                    sg_tok x = ib[(h + i) & im];
                    if (x.kind != SG_TK_DATA)
                        break;
                    b1[(t1 + i) & m1] = o;
                    b2[(t2 + i) & m2] = x;
                }
                qi->head = h + i;
                po->tail = t1 + i;
                pi->tail = t2 + i;
                fired += (long)i;
                continue;
            }
            do {
                port_push(oo, o);
                port_push(oi, t);
                q_pop(qi);
                fired++;
                if (fired >= budget || !q_avail(qi) || !port_room(oo) || !port_room(oi))
                    return fired;
                t = q_peek(qi);
            } while (t.kind == SG_TK_DATA);
            continue;
        }
        if (o.kind == SG_TK_DATA || o.kind == SG_TK_EMPTY) {
            if (t.kind == SG_TK_DATA || t.kind == SG_TK_EMPTY) {
                port_push(oo, o);
                port_push(oi, t);
            } else if (t.kind == SG_TK_STOP) {
                port_push(oo, t);
                port_push(oi, t);
                crd_inner_stop(s, t.v);
            } else {
                return crd_fail_inner_done(n);
            }
            q_pop(qi);
        } else {
            if (crd_check_close(n, s, o, t))
                return -1;
            port_push(oo, t);
            port_push(oi, t);
            q_pop(qi);
            if (crd_closed(n, s, o))
                return fired + 1;
        }
        fired++;
    }
    return fired;
}

void sg_prim_crdhold_init(sg_pnode *n, int vals, int depth)
{
    hold_st *s = sg_calloc(1, sizeof *s);
    crd_init(s, depth);
    n->st = s;
    n->fire = vals ? hold_vals_fire : hold_fire;
    n->tfire = vals ? NULL : hold_tfire;
}
