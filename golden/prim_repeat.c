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

#include "golden/prim.h"

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

/* Timed mode (see sg_pnode): loads of a data reference, runs of R for
 * it and the closing S, each firing in the first cycle in which the tokens
 * it needs are visible (the general rule does nothing before).  One loop
 * on purpose: its states share the cycle stamp and the visible ends of the
 * queues. */
static long repeat_tfire(sg_pnode *n, uint64_t *t, uint64_t end)
{
    repeat_st *s = n->st;
    if (n->out[0].n != 1)
        return 0;
    sg_q *ref = n->in[0], *rs = n->in[1], *qo = n->out[0].q[0];
    uint64_t c = *t;
    long k = 0;
    int blk = 1;
    for (;;) {
        if (!s->have) {
            /* a load, with an R for it when one is visible */
            if (ref->head == ref->tail)
                break;
            sg_tok x = q_peek(ref);
            if (x.kind != SG_TK_DATA) {
                blk = 0;
                break;
            }
            uint64_t f = q_hstamp(ref);
            f = f > c ? f : c;
            if (f >= end)
                break;
            int sig = rs->head < rs->tail && q_hstamp(rs) <= f ? q_peek(rs).kind : -1;
            if (sig == SG_TK_DONE || sig == SG_TK_EMPTY) {
                blk = 0;            /* malformed: the general rule says so */
                break;
            }
            q_tpop(ref, f);
            s->x = x;
            s->have = 1;
            if (sig == SG_TK_DATA) {
                q_tpop(rs, f);
                q_tpush(qo, x, f + 1);
            }
            c = f + 1;
            k++;
            continue;
        }
        sg_tok x = s->x;
        if (x.kind != SG_TK_DATA && x.kind != SG_TK_EMPTY) {
            blk = 0;
            break;
        }
        if (rs->head == rs->tail)
            break;
        sg_tok sig = q_peek(rs);
        uint64_t f = q_hstamp(rs);
        f = f > c ? f : c;
        if (sig.kind == SG_TK_DATA) {
            if (f >= end)
                break;
            /* the run of R signals, straight between the rings */
            q_reserve(qo, rs->tail - rs->head);
            sg_tq in, o;
            tq_load(&in, rs);
            tq_load(&o, qo);
            do {
                tq_pop(&in, f);
                tq_push(&o, x, f + 1);
                c = f + 1;
                k++;
                if (!tq_has(&in) || tq_peek(&in).kind != SG_TK_DATA)
                    break;
                f = tq_hstamp(&in);
                f = f > c ? f : c;
            } while (f < end);
            tq_store(&in);
            tq_store(&o);
            continue;
        } else if (sig.kind == SG_TK_STOP) {
            if (ref->head == ref->tail)
                break;
            uint64_t fr = q_hstamp(ref);
            f = f > fr ? f : fr;
            if (f >= end)
                break;
            sg_tok r = q_peek(ref);
            sg_tok stop = sg_stop(0);
            if (r.kind == SG_TK_STOP) {
                q_tpop(ref, f);
                stop = sg_stop((int)r.v + 1);
            }
            q_tpop(rs, f);
            q_tpush(qo, stop, f + 1);
            s->have = 0;
        } else {
            blk = 0;
            break;
        }
        c = f + 1;
        k++;
    }
    n->tblock = blk;
    *t = c;
    return k;
}

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
                port_push(o, q_close_stop(ref));
                q_pop(rs);
                s->have = 0;
            } else {
                return sg_prim_fail(n, "repeat signal ended (D) while a reference is pending");
            }
        } else if (x.kind == SG_TK_STOP) {
            if (sig.kind != SG_TK_STOP)
                return sg_prim_fail(n, "ref stream has S%lld but the repeat signal has %s",
                                 (long long)x.v, sig.kind == SG_TK_DATA ? "R" : "D");
            port_push(o, sg_stop((int)x.v + 1));
            q_pop(rs);
            s->have = 0;
        } else {
            if (sig.kind != SG_TK_DONE)
                return sg_prim_fail(n, "ref stream ended (D) but the repeat signal has %s",
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

void sg_prim_repeat_init(sg_pnode *n)
{
    n->st = sg_calloc(1, sizeof(repeat_st));
    n->fire = repeat_fire;
    n->tfire = repeat_tfire;
}
