/*
 * prim_crd.h - what the coordinate dropper (prim_crddrop.c) and the
 * coordinate holder (prim_crdhold.c) share.
 *
 * Both pair an outer stream (in[0]) with an inner stream (in[1]) `depth`
 * levels below it.  An outer token is held while the inner tokens under it
 * pass; an inner Sk with k >= depth - 1 closes the held coordinate, and
 * with k >= depth it implies the outer stop S(k - depth), which is taken
 * (and checked) in a firing of its own.  A held outer stop is an empty
 * fiber and needs the inner S(k + depth); a held D needs D.  In value mode
 * the two streams are at one level and pass in lockstep.
 *
 * The two differ in what the outer output carries: the dropper forwards
 * the outer coordinates whose fibers hold data and the outer stops; the
 * holder repeats the held coordinate once per inner token and carries the
 * inner stream's stops.
 */
#ifndef SG_PRIM_CRD_H
#define SG_PRIM_CRD_H

#include <stdint.h>

#include "golden/prim.h"

#define CRD_INLINE static inline __attribute__((always_inline))

typedef struct crd_st {
    int depth;
    int have;           /* an outer token is held in o */
    int need_ostop;     /* >= 0: the outer stop S(need_ostop) an inner stop
                         * implied comes next on the outer input */
    sg_tok o;
} crd_st;

CRD_INLINE void crd_init(crd_st *s, int depth)
{
    s->depth = depth < 1 ? 1 : depth;
    s->need_ostop = -1;
}

/* The inner stop Sv has passed under the held outer coordinate. */
CRD_INLINE void crd_inner_stop(crd_st *s, int64_t v)
{
    if (v >= s->depth - 1) {
        s->have = 0;
        if (v - s->depth >= 0)
            s->need_ostop = (int)(v - s->depth);
    }
}

/* Is t the outer stop that is due (need_ostop >= 0)? */
CRD_INLINE int crd_ostop_ok(const crd_st *s, sg_tok t)
{
    return t.kind == SG_TK_STOP && t.v == s->need_ostop;
}

/* The one-cycle firing that takes the due outer stop from qo, forwarding
 * it on out unless out is NULL.  Returns 1 when it fired, 0 when blocked,
 * -1 when the outer stream lacks the stop. */
CRD_INLINE long crd_take_ostop(sg_pnode *n, crd_st *s, sg_q *qo, sg_port *out)
{
    if (!q_avail(qo) || (out && !port_room(out)))
        return 0;
    sg_tok t = q_peek(qo);
    if (!crd_ostop_ok(s, t))
        return sg_prim_fail(n, "outer stream lacks the stop S%d that the inner stream implies",
                         s->need_ostop);
    if (out)
        port_push(out, t);
    q_pop(qo);
    s->need_ostop = -1;
    return 1;
}

/* Hold the next outer token unless one is held.  Returns 1 when it was
 * loaded now, 0 when one was held already, -1 when none is available. */
CRD_INLINE int crd_load(crd_st *s, sg_q *qo)
{
    if (s->have)
        return 0;
    if (!q_avail(qo))
        return -1;
    s->o = q_pop(qo);
    s->have = 1;
    return 1;
}

/* The loop condition of both coordinate-mode fire functions, the start of
 * every firing while fewer than budget have fired: a due outer stop is
 * taken (forwarded on out unless NULL) in a firing of its own, else the
 * next outer token is held.  Returns 1 when it was loaded now, 0 when it
 * was held already, -1 when the fire function returns *fired (-1 when the
 * node failed). */
CRD_INLINE int crd_next(sg_pnode *n, crd_st *s, sg_port *out, long budget, long *fired)
{
    sg_q *qo = n->in[0];
    while (*fired < budget) {
        if (s->need_ostop < 0)
            return crd_load(s, qo);
        long r = crd_take_ostop(n, s, qo, out);
        if (r <= 0) {
            if (r < 0)
                *fired = -1;
            return -1;
        }
        ++*fired;
    }
    return -1;
}

static inline long crd_fail_inner_done(sg_pnode *n)
{
    return sg_prim_fail(n, "inner stream ended (D) inside an outer coordinate's fiber");
}

/* The held outer token o is a stop or D: 0 when the inner token t closes
 * it (S(o.v + depth), D), else the node fails (-1). */
CRD_INLINE long crd_check_close(sg_pnode *n, const crd_st *s, sg_tok o, sg_tok t)
{
    if (o.kind == SG_TK_STOP) {
        if (t.kind != SG_TK_STOP || t.v != o.v + s->depth)
            return sg_prim_fail(n, "outer S%lld (an empty fiber) needs inner S%lld",
                             (long long)o.v, (long long)(o.v + s->depth));
    } else if (t.kind != SG_TK_DONE) {
        return sg_prim_fail(n, "outer stream ended (D) before the inner stream");
    }
    return 0;
}

/* After the firing that closed the held outer stop or D o: 1 when the
 * node is done (o is D), else 0 (the stop is no longer held). */
CRD_INLINE int crd_closed(sg_pnode *n, crd_st *s, sg_tok o)
{
    if (o.kind == SG_TK_DONE) {
        n->done = 1;
        return 1;
    }
    s->have = 0;
    return 0;
}

/* Value mode, any budget: outer coordinates (in[0]) and values (in[1]) in
 * lockstep.  drop (a constant): a pair whose value is 0 is dropped and
 * non-data tokens must be equal; else (hold) every pair passes and the two
 * tokens must be of one kind (stops of one level). */
CRD_INLINE long crd_vals_fire(sg_pnode *n, long budget, int drop)
{
    sg_q *qo = n->in[0], *qi = n->in[1];
    sg_port *oo = &n->out[0], *oi = &n->out[1];
    long fired = 0;
    while (fired < budget && q_avail(qo) && q_avail(qi) &&
           port_room(oo) && port_room(oi)) {
        sg_tok c = q_peek(qo), v = q_peek(qi);
        int pass = 1;
        if (drop) {
            if (c.kind == SG_TK_DATA && v.kind == SG_TK_DATA)
                pass = v.v != 0;
            else if (!sg_tok_eq(c, v) || c.kind == SG_TK_DATA)
                pass = -1;
        } else if (c.kind != v.kind || (c.kind == SG_TK_STOP && c.v != v.v)) {
            pass = -1;
        }
        if (pass < 0)
            return sg_prim_fail(n, "coordinate and value streams are out of step");
        if (pass) {
            port_push(oo, c);
            port_push(oi, v);
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

#endif
