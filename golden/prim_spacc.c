/*
 * prim_spacc.c - sparse accumulators (spaccumulator order=1 and order=2,
 * SAM-SEMANTICS 2.11).
 *
 * Inputs (after dropping every stop, as the reference's StknDrop does):
 * point streams outer (in[0]), inner (in[1]) and value (in[2]); in[3..] are
 * the reduced index's coordinates, drained and ignored.  Values add into
 * store[outer][inner] with W-bit wrap.
 *   order=1: a row is emitted whenever the outer coordinate changes; a row
 *   whose outer coordinate comes back later is accumulated into its old
 *   entries and emitted again (as the reference does);
 *   order=2: everything is emitted at D, outer keys ascending.
 * Output: outer crd o1 o2 .. S0 D, inner crd row1 S0 row2 S0 .. rowN S1 D
 * (inner coordinates ascending, cancelled sums kept as 0), values without
 * stops (val_stkn = 0, graphs) or with the inner stops (val_stkn = 1).  No
 * points: D on every output (order=2 raises in the reference;
 * docs/differences.md).  Without an outer input (no in1 attribute) the
 * result is one vector and the inner stops are lowered by one (S0 D).
 *
 * Cycle rule: per cycle one point is taken (or one stop dropped per input)
 * and at most one pending token is emitted per output.  Order 1 emits a
 * finished row before it takes the next row's second point, as
 * rtl/sam_spacc.v does with its one workspace: while more than one token
 * of the row is pending on the inner output, no point is taken (the cycle
 * that emits the last one takes a point again), so a row of k entries
 * costs k + 1 cycles beside its points.
 */
#include <stdlib.h>

#include "core/value.h"
#include "golden/prim_workspace.h"
#include "core/tensor.h"

typedef struct pt { int64_t o, i, v; size_t seq; } pt;   /* seq: arrival */

typedef struct old_row {        /* order=1: rows already emitted */
    int64_t o;
    int64_t *crd, *val;
    size_t n;
} old_row;

typedef struct spacc_st {
    int order, val_stkn;
    int has_cur, rows, finished;
    int64_t cur;
    spa_row spa;
    pend_q po, pi, pv;
    pt *pts;                    /* order=2 */
    size_t npts, cappts;
    old_row *old;               /* order=1, sorted by o */
    size_t nold, capold;
    golden_ws_stat *ws;         /* the workspace's record, or NULL */
    size_t ovf;                 /* entries a workspace with a capacity could
                                 * not hold (0: none) */
} spacc_st;

static old_row *old_find(spacc_st *s, int64_t o, int create)
{
    size_t lo = 0, hi = s->nold;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (s->old[mid].o < o)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < s->nold && s->old[lo].o == o)
        return &s->old[lo];
    if (!create)
        return NULL;
    sg_grow((void **)&s->old, &s->capold, s->nold + 1, sizeof *s->old);
    memmove(&s->old[lo + 1], &s->old[lo], (s->nold - lo) * sizeof *s->old);
    s->nold++;
    memset(&s->old[lo], 0, sizeof s->old[lo]);
    s->old[lo].o = o;
    return &s->old[lo];
}

/* Queue one finished row (the previous row's closing S0 first). */
static void emit_row(spacc_st *s, int64_t o, const int64_t *crd,
                     const int64_t *val, size_t n)
{
    if (s->rows) {
        sg_pend_push(&s->pi, sg_stop(0));
        if (s->val_stkn)
            sg_pend_push(&s->pv, sg_stop(0));
    }
    sg_pend_push(&s->po, sg_data(o));
    for (size_t k = 0; k < n; k++) {
        sg_pend_push(&s->pi, sg_data(crd[k]));
        sg_pend_push(&s->pv, sg_data(val[k]));
    }
    s->rows++;
}

static void flush_cur(spacc_st *s, int keep_old)
{
    if (!s->has_cur)
        return;
    spa_row *r = &s->spa;
    sg_spa_sort(r);
    int64_t *crd = sg_malloc((r->nt + 1) * sizeof *crd);
    int64_t *val = sg_malloc((r->nt + 1) * sizeof *val);
    for (size_t k = 0; k < r->nt; k++) {
        crd[k] = r->touched[k];
        val[k] = sg_spa_val(r, r->touched[k]);
    }
    emit_row(s, s->cur, crd, val, r->nt);
    if ((sg_ws_note_row(s->ws, r->nt, r->nt, r->nt ? crd[r->nt - 1] : -1, -1) < 0 ||
         (r->hm && r->hm->full)) && !s->ovf)
        s->ovf = r->nt;
    if (keep_old) {
        old_row *or = old_find(s, s->cur, 1);
        free(or->crd);
        free(or->val);
        or->crd = crd;
        or->val = val;
        or->n = r->nt;
    } else {
        free(crd);
        free(val);
    }
    sg_spa_clear(r);
    s->has_cur = 0;
}

static int cmp_pt(const void *a, const void *b)
{
    const pt *x = a, *y = b;
    if (x->o != y->o)
        return (x->o > y->o) - (x->o < y->o);
    if (x->i != y->i)
        return (x->i > y->i) - (x->i < y->i);
    return (x->seq > y->seq) - (x->seq < y->seq);   /* sums in stream order */
}

static void finish(spacc_st *s, int lowered, int w)
{
    if (s->order == 1) {
        flush_cur(s, 0);
    } else if (s->npts) {
        qsort(s->pts, s->npts, sizeof *s->pts, cmp_pt);
        int64_t *crd = sg_malloc(s->npts * sizeof *crd);
        int64_t *val = sg_malloc(s->npts * sizeof *val);
        size_t k = 0, held = 0;
        while (k < s->npts) {
            int64_t o = s->pts[k].o;
            size_t m = 0;
            for (; k < s->npts && s->pts[k].o == o; k++) {
                if (m && crd[m - 1] == s->pts[k].i)
                    val[m - 1] = sg_val_add(w, val[m - 1], s->pts[k].v);
                else {
                    crd[m] = s->pts[k].i;
                    val[m] = sg_val_add(w, 0, s->pts[k].v);   /* from +0 */
                    m++;
                }
            }
            emit_row(s, o, crd, val, m);
            int64_t imax = -1;
            for (size_t j = 0; j < m; j++)
                imax = crd[j] > imax ? crd[j] : imax;
            held += m;
            if (sg_ws_note_row(s->ws, m, held, imax, o) < 0 && !s->ovf)
                s->ovf = held;
        }
        free(crd);
        free(val);
        if (s->spa.hm) {
            if (s->spa.hm->full && !s->ovf)
                s->ovf = held;
            sg_wsh_row_end(s->spa.hm);
        }
    }
    if (s->rows) {
        sg_tok last = sg_stop(lowered ? 0 : 1);
        sg_pend_push(&s->pi, last);
        if (s->val_stkn)
            sg_pend_push(&s->pv, last);
        sg_pend_push(&s->po, sg_stop(0));
    }
    sg_pend_push(&s->po, sg_done());
    sg_pend_push(&s->pi, sg_done());
    sg_pend_push(&s->pv, sg_done());
    s->finished = 1;
}

/* One firing of the common kind (cycle engine, order 1): data heads that
 * continue the current row.  As the general firing, it also emits one
 * pending token per output with room and drains one token from each
 * ignored input (in[3..]) that has one.  Returns 1 when it fired, 0 when
 * the general loop must decide. */
/* Order 1: a finished row is still going out (see the cycle rule). */
static inline int spacc_emitting(const spacc_st *s)
{
    return s->order == 1 && s->pi.n - s->pi.head > 1;
}

static inline int spacc_fire1(sg_pnode *n)
{
    spacc_st *s = n->st;
    sg_q *qo = n->in[0], *qi = n->in[1], *qv = n->in[2];
    if (s->order != 1 || !s->has_cur || s->finished || !qo || spacc_emitting(s))
        return 0;
    if (!q_avail(qo) || !q_avail(qi) || !q_avail(qv))
        return 0;
    sg_tok to = q_peek(qo), ti = q_peek(qi), tv = q_peek(qv);
    if (to.kind != SG_TK_DATA || ti.kind != SG_TK_DATA ||
        tv.kind != SG_TK_DATA || to.v != s->cur || ti.v < 0)
        return 0;
    if (pend_has(&s->pi) || pend_has(&s->po) || pend_has(&s->pv)) {
        pend_emit(&s->pi, &n->out[0]);
        pend_emit(&s->po, &n->out[1]);
        pend_emit(&s->pv, &n->out[2]);
    }
    for (int p = 3; p < n->n_in; p++)
        if (n->in[p] && q_avail(n->in[p]))
            q_pop(n->in[p]);
    q_pop(qo);
    q_pop(qi);
    q_pop(qv);
    spa_add_fast(&s->spa, ti.v, tv.v, n->vt);
    return 1;
}

static long spacc_run(sg_pnode *n, long budget);

/* Timed mode (see sg_pnode, order 1, nothing pending): the firings that
 * drop stops and take points continuing the current row, with the
 * ignored input's tokens, each in the first cycle in which one of them
 * is possible: a stop visible at an input's head, a point's three tokens
 * visible, or a token of the ignored input visible. */
/* Timed mode: one pending token per output, emitted in cycle f; returns
 * whether tokens remain pending. */
static int spacc_temit(sg_pnode *n, spacc_st *s, uint64_t f)
{
    pend_q *pq[3] = {&s->pi, &s->po, &s->pv};
    int left = 0;
    for (int o = 0; o < 3; o++)
        if (pend_has(pq[o])) {
            port_tpush(&n->out[o], pend_peek(pq[o]), f + 1);
            pend_pop(pq[o]);
            left |= pend_has(pq[o]);
        }
    return left;
}

/* Timed mode (see sg_pnode): points into the workspace and the emission of
 * finished rows, each in the first cycle the tokens it needs are visible.
 * One loop on purpose: its states share the cycle stamp and the visible
 * ends of the queues. */
static long spacc_tfire(sg_pnode *n, uint64_t *t, uint64_t end)
{
    spacc_st *s = n->st;
    sg_q *qo = n->in[0], *qi = n->in[1], *qv = n->in[2];
    if (s->order != 1 || !s->has_cur || s->finished || !qo || n->n_in > 4)
        return 0;
    int pend = pend_has(&s->pi) || pend_has(&s->po) || pend_has(&s->pv);
    sg_q *x = n->n_in > 3 ? n->in[3] : NULL;     /* the ignored input */
    uint64_t c = *t;
    long k = 0;
    int64_t cur = s->cur;
    int w = n->vt, blk = 1;
    sg_tq a, b, v;
    tq_load(&a, qo);
    tq_load(&b, qi);
    tq_load(&v, qv);
    for (;;) {
        /* The common firing first: three data heads continuing the row. */
        while (tq_has(&a) && tq_has(&b) && tq_has(&v)) {
            sg_tok to = tq_peek(&a), ti = tq_peek(&b), tv = tq_peek(&v);
            if (to.kind != SG_TK_DATA || ti.kind != SG_TK_DATA ||
                tv.kind != SG_TK_DATA || to.v != cur || ti.v < 0)
                break;
            uint64_t s1 = tq_hstamp(&a), s2 = tq_hstamp(&b), s3 = tq_hstamp(&v);
            uint64_t f = s1 > s2 ? s1 : s2;
            f = f > s3 ? f : s3;
            f = f > c ? f : c;
            if (spacc_emitting(s)) {
                /* the point waits for the cycle of the row's last token */
                uint64_t r = c + (uint64_t)(s->pi.n - s->pi.head) - 1;
                f = f > r ? f : r;
            }
            if (f >= end)
                break;
            if (pend) {
                /* A pending row goes out one token per cycle meanwhile
                 * (each cycle a firing, with a visible ignored token). */
                while (c < f && pend) {
                    pend = spacc_temit(n, s, c);
                    if (x && x->head < x->tail && q_hstamp(x) <= c)
                        q_tpop(x, c);
                    c++;
                    k++;
                }
                if (c < f)
                    continue;       /* the row is out: from cycle c again */
                pend = spacc_temit(n, s, f);
                if (x && x->head < x->tail && q_hstamp(x) <= f)
                    q_tpop(x, f);
            } else if (x && x->head < x->tail) {
                uint64_t sx = q_hstamp(x);
                if (sx < f && f > c)
                    break;          /* it fires earlier, for that token */
                if (sx <= f)
                    q_tpop(x, f);
            }
            tq_pop_s(&a, f, s1);
            tq_pop_s(&b, f, s2);
            tq_pop_s(&v, f, s3);
            spa_add_fast(&s->spa, ti.v, tv.v, w);
            c = f + 1;
            k++;
        }
        if (pend) {
            blk = 0;                /* emissions with other firings */
            break;
        }
        uint64_t f = UINT64_MAX, fp = UINT64_MAX, sa = 0, sb = 0, sv = 0;
        int ha = tq_has(&a), hb = tq_has(&b), hv = tq_has(&v);
        if (ha) {
            sa = tq_hstamp(&a);
            if (tq_peek(&a).kind == SG_TK_STOP)
                f = sa;
        }
        if (hb) {
            sb = tq_hstamp(&b);
            if (tq_peek(&b).kind == SG_TK_STOP && sb < f)
                f = sb;
        }
        if (hv) {
            sv = tq_hstamp(&v);
            if (tq_peek(&v).kind == SG_TK_STOP && sv < f)
                f = sv;
        }
        if (ha && hb && hv) {
            fp = sa > sb ? sa : sb;
            fp = fp > sv ? fp : sv;
            f = fp < f ? fp : f;
        }
        int hx = x && x->head < x->tail;
        uint64_t sx = hx ? q_hstamp(x) : 0;
        if (hx && sx < f)
            f = sx;
        if (f == UINT64_MAX)
            break;                  /* nothing before end */
        f = f > c ? f : c;
        if (f >= end)
            break;
        int dropped = 0;
        if (ha && sa <= f && tq_peek(&a).kind == SG_TK_STOP) {
            tq_pop_s(&a, f, sa);
            dropped = 1;
        }
        if (hb && sb <= f && tq_peek(&b).kind == SG_TK_STOP) {
            tq_pop_s(&b, f, sb);
            dropped = 1;
        }
        if (hv && sv <= f && tq_peek(&v).kind == SG_TK_STOP) {
            tq_pop_s(&v, f, sv);
            dropped = 1;
        }
        if (!dropped && fp <= f) {
            sg_tok to = tq_peek(&a), ti = tq_peek(&b), tv = tq_peek(&v);
            if (to.kind != SG_TK_DATA || ti.kind != SG_TK_DATA ||
                tv.kind != SG_TK_DATA || to.v != cur || ti.v < 0) {
                blk = 0;            /* a new row, D, N or an error */
                break;
            }
            tq_pop_s(&a, f, sa);
            tq_pop_s(&b, f, sb);
            tq_pop_s(&v, f, sv);
            spa_add_fast(&s->spa, ti.v, tv.v, w);
        }
        if (hx && sx <= f)
            q_tpop(x, f);
        c = f + 1;
        k++;
    }
    tq_store(&a);
    tq_store(&b);
    tq_store(&v);
    n->tblock = blk;
    *t = c;
    return k;
}

static long spacc_fire(sg_pnode *n, long budget)
{
    if (budget == 1 && spacc_fire1(n))
        return 1;
    return spacc_run(n, budget);
}

/* The general rule, any budget.  One loop on purpose: it is the rule the
 * one-firing and timed paths are checked against on every vector, and its
 * states share the node's pending outputs. */
static __attribute__((noinline)) long spacc_run(sg_pnode *n, long budget)
{
    spacc_st *s = n->st;
    sg_q *qo = n->in[0], *qi = n->in[1], *qv = n->in[2];
    long fired = 0;
    while (fired < budget) {
        /* Fast path (order 1): nothing pending, no drained input waiting,
         * and data heads that continue the current row: exactly what the
         * general firing below does for such heads, one point per firing. */
        if (s->order == 1 && s->has_cur && !s->finished && qo &&
            !pend_has(&s->pi) && !pend_has(&s->po) && !pend_has(&s->pv)) {
            int extra = 0;
            for (int p = 3; p < n->n_in; p++)
                extra |= n->in[p] && q_avail(n->in[p]);
            if (!extra) {
                /* Straight from the rings: k points at most. */
                uint64_t ho = qo->head, hi = qi->head, hv = qv->head, i = 0;
                uint64_t k = *qo->vendp - ho, ki = *qi->vendp - hi, kv = *qv->vendp - hv;
                uint64_t b = (uint64_t)(budget - fired);
                k = k < ki ? k : ki;
                k = k < kv ? k : kv;
                k = k < b ? k : b;
                const sg_tok *bo = qo->buf, *bi = qi->buf, *bv = qv->buf;
                uint64_t mo = qo->mask, mi = qi->mask, mv = qv->mask;
                int64_t cur = s->cur;
                int w = n->vt;
                for (; i < k; i++) {
                    sg_tok to = bo[(ho + i) & mo], ti = bi[(hi + i) & mi], tv = bv[(hv + i) & mv];
                    if (to.kind != SG_TK_DATA || ti.kind != SG_TK_DATA ||
                        tv.kind != SG_TK_DATA || to.v != cur || ti.v < 0)
                        break;
                    spa_add_fast(&s->spa, ti.v, tv.v, w);
                }
                qo->head = ho + i;
                qi->head = hi + i;
                qv->head = hv + i;
                fired += (long)i;
                if (fired >= budget)
                    return fired;
            }
        }
        int prog = 0;
        /* the cycle engine: no point while a row is going out */
        int hold = budget == 1 && spacc_emitting(s);
        if (budget > 1) {
            /* Functional engine: the pending rows go out at once. */
            prog |= pend_emit_all(&s->pi, &n->out[0]);
            prog |= pend_emit_all(&s->po, &n->out[1]);
            prog |= pend_emit_all(&s->pv, &n->out[2]);
        } else {
            prog |= pend_emit(&s->pi, &n->out[0]);
            prog |= pend_emit(&s->po, &n->out[1]);
            prog |= pend_emit(&s->pv, &n->out[2]);
        }
        for (int p = 3; p < n->n_in; p++)
            if (n->in[p] && q_avail(n->in[p])) {
                /* Ignored inputs: one token per firing; the functional
                 * engine takes all there is (nothing depends on when). */
                sg_q *x = n->in[p];
                if (budget > 1)
                    x->head = *x->vendp;
                else
                    q_pop(x);
                prog = 1;
            }
        if (s->finished) {
            if (!pend_has(&s->pi) && !pend_has(&s->po) && !pend_has(&s->pv)) {
                n->done = 1;
                return fired + prog;
            }
            if (!prog)
                return fired;
            fired++;
            continue;
        }
        /* Drop stops (one per input per cycle). */
        int stop_dropped = 0;
        sg_q *ins[3] = {qo, qi, qv};
        for (int k = 0; k < 3; k++)
            if (ins[k] && q_avail(ins[k]) && q_peek(ins[k]).kind == SG_TK_STOP) {
                q_pop(ins[k]);
                stop_dropped = 1;
            }
        if (!stop_dropped && (!qo || q_avail(qo)) && q_avail(qi) && q_avail(qv)) {
            sg_tok ti = q_peek(qi), tv = q_peek(qv);
            sg_tok to = qo ? q_peek(qo) : ti.kind == SG_TK_DONE ? ti : sg_data(0);
            if (hold && to.kind == SG_TK_DATA && ti.kind == SG_TK_DATA &&
                tv.kind == SG_TK_DATA) {
                /* the point waits for the row to leave */
            } else if (to.kind == SG_TK_DATA && ti.kind == SG_TK_DATA &&
                tv.kind == SG_TK_DATA) {
                if (ti.v < 0)
                    return sg_prim_fail(n, "negative inner coordinate %lld", (long long)ti.v);
                if (qo)
                    q_pop(qo);
                q_pop(qi);
                q_pop(qv);
                if (s->order == 1) {
                    if (s->has_cur && s->cur != to.v) {
                        flush_cur(s, 1);
                        if (s->ovf)
                            return sg_ws_fail(n, s->ws, s->ovf);
                    }
                    if (!s->has_cur) {
                        s->has_cur = 1;
                        s->cur = to.v;
                        old_row *or = s->nold ? old_find(s, to.v, 0) : NULL;
                        if (or)
                            for (size_t k = 0; k < or->n; k++)
                                sg_spa_add(&s->spa, or->crd[k], or->val[k], n->vt);
                    }
                    sg_spa_add(&s->spa, ti.v, tv.v, n->vt);
                } else {
                    if (s->spa.hm)
                        sg_wsh_insert(s->spa.hm, (uint64_t)to.v << 32 |
                                                 (uint32_t)ti.v);
                    sg_grow((void **)&s->pts, &s->cappts, s->npts + 1, sizeof *s->pts);
                    s->pts[s->npts] = (pt){to.v, ti.v, tv.v, s->npts};
                    s->npts++;
                }
                prog = 1;
            } else if (to.kind == SG_TK_DONE && ti.kind == SG_TK_DONE &&
                       tv.kind == SG_TK_DONE) {
                if (qo)
                    q_pop(qo);
                q_pop(qi);
                q_pop(qv);
                finish(s, qo == NULL, n->vt);
                if (s->ovf)
                    return sg_ws_fail(n, s->ws, s->ovf);
                prog = 1;
            } else if (ti.kind == SG_TK_DONE && to.kind == SG_TK_DONE &&
                       tv.kind == SG_TK_DATA && tv.v == 0) {
                /* the 0 a reducer gives an empty input (SAM-SEMANTICS
                 * 2.14) when no coordinate reaches here at all: no point */
                q_pop(qv);
                prog = 1;
            } else if (to.kind != SG_TK_STOP && ti.kind != SG_TK_STOP &&
                       tv.kind != SG_TK_STOP) {
                return sg_prim_fail(n, "outer, inner and value streams are out of step"
                                 " (a D or N against data)");
            }
        } else if (stop_dropped) {
            prog = 1;
        }
        if (!prog)
            return fired;
        fired++;
    }
    return fired;
}

static void spacc_free(void *p)
{
    spacc_st *s = p;
    sg_spa_free(&s->spa);
    sg_pend_free(&s->po);
    sg_pend_free(&s->pi);
    sg_pend_free(&s->pv);
    free(s->pts);
    for (size_t k = 0; k < s->nold; k++) {
        free(s->old[k].crd);
        free(s->old[k].val);
    }
    free(s->old);
    free(s);
}

void sg_prim_spacc_init(sg_pnode *n, int order, int val_stkn, golden_ws_stat *ws)
{
    spacc_st *s = sg_calloc(1, sizeof *s);
    s->order = order;
    s->val_stkn = val_stkn;
    s->ws = ws;
    sg_spa_setup(&s->spa, ws);
    n->st = s;
    n->st_free = spacc_free;
    n->fire = spacc_fire;
    n->tfire = spacc_tfire;
}
