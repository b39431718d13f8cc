/*
 * prim_broadcast.c - fan-out (broadcast, SAM-SEMANTICS 2.7): every output
 * edge gets an exact copy of the input stream.  The node's single output
 * port holds all its edges.  Cycle rule: one token per cycle, sent only when
 * every output has room.
 */
#include "golden/prim.h"

/* One firing of the common kind (cycle engine): a non-D token copied to
 * every queue of the single output port.  Returns 1 when it fired, 0 when
 * the general loop must decide. */
static inline int broadcast_fire1(sg_pnode *n)
{
    sg_q *in = n->in[0];
    if (n->n_out != 1 || !q_avail(in))
        return 0;
    sg_q *const *qq = n->out[0].q;
    int no = n->out[0].n;
    for (int i = 0; i < no; i++)
        if (!q_room(qq[i]))
            return 0;
    sg_tok t = q_peek(in);
    if (t.kind == SG_TK_DONE)
        return 0;
    q_pop(in);
    for (int i = 0; i < no; i++)
        q_push(qq[i], t);
    return 1;
}

static long broadcast_run(sg_pnode *n, long budget);

/* Timed mode (see sg_pnode): one token per firing, in the cycle it is
 * visible, copied to every queue of the single port (up to 4). */
static long broadcast_tfire(sg_pnode *n, uint64_t *t, uint64_t end)
{
    int no = n->out[0].n;
    if (n->n_out != 1 || no < 1 || no > 4)
        return 0;
    sg_q *qi = n->in[0];
    sg_tq in, o[4];
    for (int j = 0; j < no; j++)
        q_reserve(n->out[0].q[j], qi->tail - qi->head);
    tq_load(&in, qi);
    for (int j = 0; j < no; j++)
        tq_load(&o[j], n->out[0].q[j]);
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
        tq_push(&o[0], x, f + 1);
        for (int j = 1; j < no; j++)
            tq_push(&o[j], x, f + 1);
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
    for (int j = 0; j < no; j++)
        tq_store(&o[j]);
    *t = c;
    return k;
}

static long broadcast_fire(sg_pnode *n, long budget)
{
    if (budget == 1 && broadcast_fire1(n))
        return 1;
    return broadcast_run(n, budget);
}

/* The general rule, any budget. */
static __attribute__((noinline)) long broadcast_run(sg_pnode *n, long budget)
{
    sg_q *in = n->in[0];
    long fired = 0;
    sg_q *o[SG_PRIM_MAX_OUT * 4];
    int no = 0, plain = budget > 1;
    for (int p = 0; p < n->n_out && plain; p++)
        for (int i = 0; i < n->out[p].n; i++) {
            if (no == SG_PRIM_MAX_OUT * 4 || n->out[p].q[i]->hook) {
                plain = 0;
                break;
            }
            o[no++] = n->out[p].q[i];
        }
    if (plain && no > 0) {
        /* Batch: copy the input run to every output ring. */
        uint64_t h = in->head, k = *in->vendp - h;
        k = k < (uint64_t)budget ? k : (uint64_t)budget;
        for (int j = 0; j < no; j++) {
            uint64_t sp = q_space(o[j]);
            k = k < sp ? k : sp;
        }
        const sg_tok *ib = in->buf;
        uint64_t im = in->mask, m = k;
        for (uint64_t i = 0; i < k; i++)
            if (ib[(h + i) & im].kind == SG_TK_DONE) {
                m = i + 1;
                n->done = 1;
                break;
            }
        for (int j = 0; j < no; j++) {
            sg_q *q = o[j];
            q_reserve(q, m);
            sg_tok *ob = q->buf;
            uint64_t om = q->mask, tl = q->tail;
            for (uint64_t i = 0; i < m; i++)
                ob[(tl + i) & om] = ib[(h + i) & im];
            q->tail = tl + m;
        }
        in->head = h + m;
        return (long)m;
    }
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
    n->tmap = 1;
    n->tfire = broadcast_tfire;
}
