/*
 * prim_crddrop.c - coordinate dropper (crddrop, SAM-SEMANTICS 2.12).
 *
 * Coordinate mode: the outer coordinate is forwarded when its inner fiber
 * (the inner tokens up to the stop that closes it) holds at least one data
 * token; outer stops are forwarded (the one consumed with an inner Sk is
 * emitted after the coordinate decision); the inner stream passes
 * unchanged.  `depth` generalises the pairing to an inner stream several
 * levels below (stops below depth-1 stay inside the outer coordinate).
 *
 * Value mode (inner=val/vals): outer coordinates and values at the same
 * level in lockstep; a pair whose value is 0 is dropped (SAM paper Def.
 * 3.9), stops and D pass on both.
 *
 * Cycle rule: one inner token per cycle; an outer stop that follows a
 * closed coordinate takes its own cycle.
 */
#include <stdlib.h>

#include "golden/prim_crd.h"

typedef struct drop_st {
    crd_st c;
    int has;                    /* the held coordinate's fiber holds data */
    int dropped;                /* a coordinate was dropped; the first: */
    int64_t first;
} drop_st;

static long drop_vals_fire(sg_pnode *n, long budget)
{
    return crd_vals_fire(n, budget, 1);
}

static long drop_fire(sg_pnode *n, long budget)
{
    drop_st *d = n->st;
    crd_st *s = &d->c;
    sg_q *qi = n->in[1];
    sg_port *oo = &n->out[0], *oi = &n->out[1];
    long fired = 0;
    int popped;
    while ((popped = crd_next(n, s, oo, budget, &fired)) >= 0) {
        if (popped)
            d->has = 0;
        if (!q_avail(qi))
            return fired + popped;
        sg_tok t = q_peek(qi), o = s->o;
        if (o.kind == SG_TK_DATA || o.kind == SG_TK_EMPTY) {
            if (t.kind == SG_TK_DATA || t.kind == SG_TK_EMPTY) {
                if (!port_room(oi))
                    return fired + popped;
                port_push(oi, t);
                q_pop(qi);
                d->has = 1;
            } else if (t.kind == SG_TK_STOP) {
                if (!port_room(oi) || (d->has && !port_room(oo)))
                    return fired + popped;
                port_push(oi, t);
                q_pop(qi);
                if (t.v >= s->depth - 1 && d->has) {
                    port_push(oo, o);
                } else if (t.v >= s->depth - 1 && !d->dropped && o.kind == SG_TK_DATA) {
                    d->dropped = 1;
                    d->first = o.v;
                }
                crd_inner_stop(s, t.v);
            } else {
                return crd_fail_inner_done(n);
            }
        } else {
            if (crd_check_close(n, s, o, t))
                return -1;
            if (!port_room(oi) || !port_room(oo))
                return fired + popped;
            port_push(oi, t);
            port_push(oo, o);
            q_pop(qi);
            if (crd_closed(n, s, o))
                return fired + 1;
        }
        fired++;
    }
    return fired;
}

int sg_prim_crddrop_first_drop(const sg_pnode *n, int64_t *crd)
{
    const drop_st *d = n->st;
    if (n->fire != drop_fire || !d->dropped)
        return 0;
    *crd = d->first;
    return 1;
}

void sg_prim_crddrop_init(sg_pnode *n, int vals, int depth)
{
    drop_st *s = sg_calloc(1, sizeof *s);
    crd_init(&s->c, depth);
    n->st = s;
    n->fire = vals ? drop_vals_fire : drop_fire;
}
