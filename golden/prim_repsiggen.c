/*
 * prim_repsiggen.c - repeat signal generator (repsiggen, SAM-SEMANTICS 2.6).
 *
 * Token by token: a coordinate or N gives R, any stop gives S, D gives D.
 * Cycle rule: one token per cycle.
 */
#include "prim.h"

static long repsiggen_fire(sg_pnode *n, long budget)
{
    sg_q *in = n->in[0];
    sg_port *o = &n->out[0];
    long fired = 0;
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
}
