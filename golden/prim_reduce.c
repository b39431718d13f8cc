/*
 * prim_reduce.c - scalar reducer (reduce, SAM-SEMANTICS 2.10).
 *
 * Values add into a running sum (wrapping to W bits) with no output; S0
 * emits the sum; Sk (k >= 1) emits the sum and, in the next cycle, S(k-1);
 * D emits D.  Empty fibers give an explicit 0; a value without a following
 * stop is lost.  N is a malformed stream.  Cycle rule: one token in or out
 * per cycle.
 */
#include <stdlib.h>

#include "core/value.h"
#include "golden/prim.h"
#include "core/tensor.h"

typedef struct reduce_st {
    int64_t sum;
    int pending;            /* a lowered stop to emit */
    int plevel;
} reduce_st;

static long reduce_fire(sg_pnode *n, long budget)
{
    reduce_st *s = n->st;
    sg_q *in = n->in[0];
    sg_port *o = &n->out[0];
    long fired = 0;
    while (fired < budget) {
        if (s->pending) {
            if (!port_room(o))
                return fired;
            port_push(o, sg_stop(s->plevel));
            s->pending = 0;
            fired++;
            continue;
        }
        if (!q_avail(in))
            return fired;
        sg_tok t = q_peek(in);
        if (t.kind == SG_TK_DATA) {
            s->sum = sg_val_add(n->vt, s->sum, t.v);
            q_pop(in);
        } else if (t.kind == SG_TK_STOP) {
            if (!port_room(o))
                return fired;
            port_push(o, sg_data(s->sum));
            s->sum = 0;
            if (t.v > 0) {
                s->pending = 1;
                s->plevel = (int)t.v - 1;
            }
            q_pop(in);
        } else if (t.kind == SG_TK_DONE) {
            if (!port_room(o))
                return fired;
            port_push(o, t);
            q_pop(in);
            n->done = 1;
            return fired + 1;
        } else {
            return sg_prim_fail(n, "N token on a value stream");
        }
        fired++;
    }
    return fired;
}

/* Timed mode (see sg_pnode): values and stops, each in the cycle it is
 * visible, and a lowered stop in the cycle after its sum. */
static long reduce_tfire(sg_pnode *n, uint64_t *t, uint64_t end)
{
    reduce_st *s = n->st;
    sg_q *in = n->in[0];
    sg_port *o = &n->out[0];
    uint64_t c = *t;
    long k = 0;
    int blk = 1, w = n->vt;
    while (c < end) {
        if (s->pending) {
            port_tpush(o, sg_stop(s->plevel), c + 1);
            s->pending = 0;
            c++;
            k++;
            continue;
        }
        if (in->head == in->tail)
            break;
        sg_tok x = q_peek(in);
        uint64_t f = q_hstamp(in);
        f = f > c ? f : c;
        if (x.kind == SG_TK_DATA) {
            if (f >= end)
                break;
            s->sum = sg_val_add(w, s->sum, x.v);
        } else if (x.kind == SG_TK_STOP) {
            if (f >= end)
                break;
            port_tpush(o, sg_data(s->sum), f + 1);
            s->sum = 0;
            if (x.v > 0) {
                s->pending = 1;
                s->plevel = (int)x.v - 1;
            }
        } else {
            blk = 0;                /* D or N */
            break;
        }
        q_tpop(in, f);
        c = f + 1;
        k++;
    }
    n->tblock = blk;
    *t = c;
    return k;
}

void sg_prim_reduce_init(sg_pnode *n)
{
    n->st = sg_calloc(1, sizeof(reduce_st));
    n->fire = reduce_fire;
    n->tfire = reduce_tfire;
}
