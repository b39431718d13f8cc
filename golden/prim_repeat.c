/*
 * prim_repeat.c - repeat (SAM-SEMANTICS 2.6).
 *
 * in[0] ref (the root reference "0 D" for root=true), in[1] repsig; out[0]
 * ref.  The current reference x is held in a register.  For data x (or N):
 * each R emits x; S closes: the next ref token is peeked, a stop Sk there is
 * consumed and S(k+1) emitted, else S0.  A reference whose first signal is S
 * is not emitted at all (item 9).  A stop x takes one S and is emitted
 * incremented; D needs D.
 *
 * Cycle rule: loading x into the register takes no extra cycle, but at most
 * one ref token is popped per cycle, so closing right after a load waits a
 * cycle.
 */
#include <stdlib.h>

#include "prim.h"

typedef struct repeat_st {
    int have;
    sg_tok x;
} repeat_st;

static long repeat_fire(sg_pnode *n, long budget)
{
    repeat_st *s = n->st;
    sg_q *ref = n->in[0], *rs = n->in[1];
    sg_port *o = &n->out[0];
    long fired = 0;
    while (fired < budget) {
        int popped = 0;
        if (!s->have) {
            if (!q_avail(ref))
                return fired;
            s->x = q_pop(ref);
            s->have = 1;
            popped = 1;
        }
        if (!q_avail(rs) || !port_room(o))
            return fired + popped;
        sg_tok sig = q_peek(rs);
        sg_tok x = s->x;
        if (x.kind == SG_TK_DATA || x.kind == SG_TK_EMPTY) {
            if (sig.kind == SG_TK_DATA) {
                port_push(o, x);
                q_pop(rs);
            } else if (sig.kind == SG_TK_STOP) {
                if (popped || !q_avail(ref))
                    return fired + popped;
                sg_tok t = q_peek(ref);
                sg_tok stop = sg_stop(0);
                if (t.kind == SG_TK_STOP) {
                    q_pop(ref);
                    stop = sg_stop((int)t.v + 1);
                }
                port_push(o, stop);
                q_pop(rs);
                s->have = 0;
            } else {
                return prim_fail(n, "repeat signal ended (D) while a reference is pending");
            }
        } else if (x.kind == SG_TK_STOP) {
            if (sig.kind != SG_TK_STOP)
                return prim_fail(n, "ref stream has S%lld but the repeat signal has %s",
                                 (long long)x.v, sig.kind == SG_TK_DATA ? "R" : "D");
            port_push(o, sg_stop((int)x.v + 1));
            q_pop(rs);
            s->have = 0;
        } else {
            if (sig.kind != SG_TK_DONE)
                return prim_fail(n, "ref stream ended (D) but the repeat signal has %s",
                                 sig.kind == SG_TK_DATA ? "R" : "S");
            port_push(o, x);
            q_pop(rs);
            s->have = 0;
            n->done = 1;
            return fired + 1;
        }
        fired++;
    }
    return fired;
}

void prim_repeat_init(sg_pnode *n)
{
    n->st = sg_calloc(1, sizeof(repeat_st));
    n->fire = repeat_fire;
}
