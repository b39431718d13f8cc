/*
 * prim_vectorreducer.c - vector reducer (vectorreducer accum_index=j): an
 * order-1 reducer over the level just above its input coordinates, taking
 * the coordinate and value streams directly (the outer index is implied by
 * the stops).  in[0] crd, in[1] val (same shape); out[0] crd, out[1] val.
 *
 * (crd, value) pairs add into a row buffer (W-bit wrap); S0 separates the
 * fibers being merged; Sk (k >= 1) emits the merged row, coordinates
 * ascending, then S(k-1) on both outputs; D gives D.  A row with no
 * entries is a bare stop.  There is no reference implementation; this is
 * the SAM paper's vector reducer.
 *
 * Cycle rule: one input pair per cycle; a finished row is emitted one
 * entry per cycle before more input is taken.
 */
#include <stdlib.h>

#include "golden/prim_workspace.h"

typedef struct vr_st {
    spa_row spa;
    pend_q pc, pv;
    int finished;           /* D queued; done once the queue drains */
    golden_ws_stat *ws;     /* the workspace's record, or NULL */
} vr_st;

static long vr_fire(sg_pnode *n, long budget)
{
    vr_st *s = n->st;
    sg_q *qc = n->in[0], *qv = n->in[1];
    long fired = 0;
    while (fired < budget) {
        if (pend_has(&s->pc) || pend_has(&s->pv)) {
            int prog = pend_emit(&s->pc, &n->out[0]);
            prog |= pend_emit(&s->pv, &n->out[1]);
            if (!prog)
                return fired;
            if (!pend_has(&s->pc) && !pend_has(&s->pv) && s->finished) {
                n->done = 1;
                return fired + 1;
            }
            fired++;
            continue;
        }
        if (s->finished || !q_avail(qc) || !q_avail(qv))
            return fired;
        sg_tok c = q_peek(qc), v = q_peek(qv);
        if (c.kind == SG_TK_DATA && v.kind == SG_TK_DATA) {
            if (c.v < 0)
                return sg_prim_fail(n, "negative coordinate %lld", (long long)c.v);
            sg_spa_add(&s->spa, c.v, v.v, n->vt);
        } else if (c.kind == SG_TK_STOP && sg_tok_eq(c, v)) {
            if (c.v >= 1) {
                sg_spa_sort(&s->spa);
                size_t nt = s->spa.nt;
                if (sg_ws_note_row(s->ws, nt, nt, nt ? s->spa.touched[nt - 1] : -1, -1) < 0 ||
                    (s->spa.hm && s->spa.hm->full))
                    return sg_ws_fail(n, s->ws, nt);
                for (size_t k = 0; k < s->spa.nt; k++) {
                    int64_t x = s->spa.touched[k];
                    sg_pend_push(&s->pc, sg_data(x));
                    sg_pend_push(&s->pv, sg_data(sg_spa_val(&s->spa, x)));
                }
                sg_spa_clear(&s->spa);
                sg_pend_push(&s->pc, sg_stop((int)c.v - 1));
                sg_pend_push(&s->pv, sg_stop((int)c.v - 1));
            }
        } else if (c.kind == SG_TK_DONE && v.kind == SG_TK_DONE) {
            sg_pend_push(&s->pc, c);
            sg_pend_push(&s->pv, v);
            s->finished = 1;
        } else {
            return sg_prim_fail(n, "coordinate and value streams are out of step");
        }
        q_pop(qc);
        q_pop(qv);
        fired++;
    }
    return fired;
}

static void vr_free(void *p)
{
    vr_st *s = p;
    sg_spa_free(&s->spa);
    sg_pend_free(&s->pc);
    sg_pend_free(&s->pv);
    free(s);
}

void sg_prim_vectorreducer_init(sg_pnode *n, golden_ws_stat *ws)
{
    vr_st *s = sg_calloc(1, sizeof *s);
    s->ws = ws;
    sg_spa_setup(&s->spa, ws);
    n->st = s;
    n->st_free = vr_free;
    n->fire = vr_fire;
}
