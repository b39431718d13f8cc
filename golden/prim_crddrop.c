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

#include "golden/prim.h"

typedef struct drop_st {
    int vals, depth;
    int have, has, need_ostop;
    sg_tok o;
} drop_st;

static long drop_vals_fire(sg_pnode *n, long budget)
{
    sg_q *qo = n->in[0], *qi = n->in[1];
    sg_port *oo = &n->out[0], *oi = &n->out[1];
    long fired = 0;
    while (fired < budget && q_avail(qo) && q_avail(qi) &&
           port_room(oo) && port_room(oi)) {
        sg_tok c = q_peek(qo), v = q_peek(qi);
        if (c.kind == SG_TK_DATA && v.kind == SG_TK_DATA) {
            if (v.v != 0) {
                port_push(oo, c);
                port_push(oi, v);
            }
        } else if (sg_tok_eq(c, v) && c.kind != SG_TK_DATA) {
            port_push(oo, c);
            port_push(oi, v);
        } else {
            return prim_fail(n, "coordinate and value streams are out of step");
        }
        q_pop(qo);
        q_pop(qi);
        fired++;
        if (c.kind == SG_TK_DONE) {
            n->done = 1;
            break;
        }
    }
    return fired;
}

static long drop_fire(sg_pnode *n, long budget)
{
    drop_st *s = n->st;
    sg_q *qo = n->in[0], *qi = n->in[1];
    sg_port *oo = &n->out[0], *oi = &n->out[1];
    long fired = 0;
    while (fired < budget) {
        if (s->need_ostop >= 0) {
            if (!q_avail(qo) || !port_room(oo))
                return fired;
            sg_tok t = q_peek(qo);
            if (t.kind != SG_TK_STOP || t.v != s->need_ostop)
                return prim_fail(n, "outer stream lacks the stop S%d that the inner stream implies",
                                 s->need_ostop);
            port_push(oo, t);
            q_pop(qo);
            s->need_ostop = -1;
            fired++;
            continue;
        }
        int popped = 0;
        if (!s->have) {
            if (!q_avail(qo))
                return fired;
            s->o = q_pop(qo);
            s->have = 1;
            s->has = 0;
            popped = 1;
        }
        if (!q_avail(qi))
            return fired + popped;
        sg_tok t = q_peek(qi), o = s->o;
        if (o.kind == SG_TK_DATA || o.kind == SG_TK_EMPTY) {
            if (t.kind == SG_TK_DATA || t.kind == SG_TK_EMPTY) {
                if (!port_room(oi))
                    return fired + popped;
                port_push(oi, t);
                q_pop(qi);
                s->has = 1;
            } else if (t.kind == SG_TK_STOP) {
                if (!port_room(oi) || (s->has && !port_room(oo)))
                    return fired + popped;
                port_push(oi, t);
                q_pop(qi);
                if (t.v >= s->depth - 1) {
                    if (s->has)
                        port_push(oo, o);
                    s->have = 0;
                    if (t.v - s->depth >= 0)
                        s->need_ostop = (int)(t.v - s->depth);
                }
            } else {
                return prim_fail(n, "inner stream ended (D) inside an outer coordinate's fiber");
            }
        } else if (o.kind == SG_TK_STOP) {
            if (t.kind != SG_TK_STOP || t.v != o.v + s->depth)
                return prim_fail(n, "outer S%lld (an empty fiber) needs inner S%lld",
                                 (long long)o.v, (long long)(o.v + s->depth));
            if (!port_room(oi) || !port_room(oo))
                return fired + popped;
            port_push(oi, t);
            port_push(oo, o);
            q_pop(qi);
            s->have = 0;
        } else {
            if (t.kind != SG_TK_DONE)
                return prim_fail(n, "outer stream ended (D) before the inner stream");
            if (!port_room(oi) || !port_room(oo))
                return fired + popped;
            port_push(oi, t);
            port_push(oo, o);
            q_pop(qi);
            n->done = 1;
            return fired + 1;
        }
        fired++;
    }
    return fired;
}

void prim_crddrop_init(sg_pnode *n, int vals, int depth)
{
    drop_st *s = sg_calloc(1, sizeof *s);
    s->vals = vals;
    s->depth = depth < 1 ? 1 : depth;
    s->need_ostop = -1;
    n->st = s;
    n->fire = vals ? drop_vals_fire : drop_fire;
}
