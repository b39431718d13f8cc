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

/* One firing of the common kind (cycle engine): a held data (or N)
 * reference repeated for an R signal onto a single output queue.  Returns 1
 * when it fired, 0 when the general loop must decide. */
static inline int repeat_fire1(sg_pnode *n)
{
    const repeat_st *s = n->st;
    if (!s->have || (s->x.kind != SG_TK_DATA && s->x.kind != SG_TK_EMPTY) ||
        n->out[0].n != 1)
        return 0;
    sg_q *rs = n->in[1], *qo = n->out[0].q[0];
    if (!q_avail(rs) || !q_room(qo) || q_peek(rs).kind != SG_TK_DATA)
        return 0;
    q_pop(rs);
    q_push(qo, s->x);
    return 1;
}

static long repeat_run(sg_pnode *n, long budget);

static long repeat_fire(sg_pnode *n, long budget)
{
    if (budget == 1 && repeat_fire1(n))
        return 1;
    return repeat_run(n, budget);
}

/* The general rule, any budget. */
static __attribute__((noinline)) long repeat_run(sg_pnode *n, long budget)
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
                sg_q *qo = budget - fired > 1 ? port_plain(o) : NULL;
                if (qo) {
                    /* The rest of a run of R signals, one firing each,
                     * straight between the rings. */
                    uint64_t h = rs->head, k = *rs->vendp - h, i = 0;
                    uint64_t sp = q_space(qo), b = (uint64_t)(budget - fired - 1);
                    k = k < sp ? k : sp;
                    k = k < b ? k : b;
                    q_reserve(qo, k);
                    const sg_tok *ib = rs->buf;
                    sg_tok *ob = qo->buf;
                    uint64_t im = rs->mask, om = qo->mask, tl = qo->tail;
                    for (; i < k && ib[(h + i) & im].kind == SG_TK_DATA; i++)
                        ob[(tl + i) & om] = x;
                    rs->head = h + i;
                    qo->tail = tl + i;
                    fired += (long)i;
                }
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
