/*
 * prim_broadcast.c - fan-out (broadcast, SAM-SEMANTICS 2.7): every output
 * edge gets an exact copy of the input stream.  The node's single output
 * port holds all its edges.  Cycle rule: one token per cycle, sent only when
 * every output has room.
 */
#include "prim.h"

static long broadcast_fire(sg_pnode *n, long budget)
{
    sg_q *in = n->in[0];
    long fired = 0;
    while (fired < budget && q_avail(in)) {
        for (int p = 0; p < n->n_out; p++)
            if (!port_room(&n->out[p]))
                return fired;
        sg_tok t = q_pop(in);
        for (int p = 0; p < n->n_out; p++)
            port_push(&n->out[p], t);
        fired++;
        if (t.kind == SG_TK_DONE) {
            n->done = 1;
            break;
        }
    }
    return fired;
}

void prim_broadcast_init(sg_pnode *n)
{
    n->st = NULL;
    n->fire = broadcast_fire;
}
