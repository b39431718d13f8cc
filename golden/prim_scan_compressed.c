/*
 * prim_scan_compressed.c - compressed level scanner (fiberlookup
 * format=compressed), with ExTensor coordinate skipping.
 *
 * For a reference r it emits crd[p] / p for p in seg[r]..seg[r+1]-1, then the
 * fiber's closing stop by the one-token peek rule (next input Sk: consume it
 * and emit S(k+1), else S0).  N emits N and the closing stop; an unmerged Sk
 * emits S(k+1); D emits D (SAM-SEMANTICS 2.1).
 *
 * Cycle rules: a reference takes one cycle (the seg read) with no output;
 * then one coordinate per cycle; the closing stop takes one cycle once the
 * next input token is visible.
 *
 * Skipping (ExTensor 5): a scanner that feeds a skipping intersect (CAM
 * size T > 0) is not stepped by this fire function: it carries the
 * register model of rtl/sam_scan_skip_core.v (golden/skip_core.c), which
 * the intersect node steps in the same cycle as its own decision
 * (prim_join.c, prim_skip_fuse), because the RTL pair is connected without
 * a buffer: the intersect's skip hint refers to the scanner's head register
 * of the same cycle.
 */
#include <stdlib.h>

#include "golden/prim.h"
#include "golden/skip_core.h"

enum { SC_IDLE, SC_EMIT, SC_CLOSE, SC_DONE };

typedef struct scan_c {
    const int64_t *seg, *crd;
    size_t nseg, ncrd;
    int st;
    size_t start, p, end;
    int cam;                /* CAM size T > 0: a skipping scanner (core) */
    sg_skc_scan core;
} scan_c;

/* One firing of the common kind (cycle engine): the next coordinate of
 * the current fiber onto single-queue outputs with room.  When the engine
 * allows a run ahead (n->can_ramp: unbounded outputs), the rest of the
 * fiber is written ahead for the next cycles (n->ramp, see prim.h): until
 * the fiber ends the scanner does nothing else, whatever its input.
 * Returns 1 when it fired, 0 when the general code must decide. */
static inline int scan_c_fire1(sg_pnode *n)
{
    scan_c *s = n->st;
    if (s->st != SC_EMIT || s->p >= s->end || n->out[0].n != 1 || n->out[1].n != 1)
        return 0;
    sg_q *qc = n->out[0].q[0], *qr = n->out[1].q[0];
    if (!q_room(qc) || !q_room(qr))
        return 0;
    size_t p = s->p, e = n->can_ramp ? s->end : p + 1;
    q_reserve(qc, e - p);
    q_reserve(qr, e - p);
    q_push(qc, sg_data(s->crd[p]));
    q_push(qr, sg_data((int64_t)p));
    for (size_t i = p + 1; i < e; i++) {
        q_put_ahead(qc, i - p - 1, sg_data(s->crd[i]));
        q_put_ahead(qr, i - p - 1, sg_data((int64_t)i));
    }
    s->p = e;
    n->ramp = e - p - 1;
    return 1;
}

static long scan_c_run(sg_pnode *n, long budget);

/* Timed mode: the rest of the fiber from cycle *c, one coordinate per
 * cycle whatever the input, up to end. */
static long scan_c_temit(scan_c *s, sg_q *qc, sg_q *qr, uint64_t *cp,
                         uint64_t end)
{
    uint64_t c = *cp, k = s->end - s->p;
    k = k < end - c ? k : end - c;
    q_reserve(qc, k);
    q_reserve(qr, k);
    sg_tq oc, orf;
    tq_load(&oc, qc);
    tq_load(&orf, qr);
    size_t p = s->p;
    const int64_t *crd = s->crd;
    for (uint64_t i = 0; i < k; i++) {
        tq_push(&oc, sg_data(crd[p + i]), c + i + 1);
        tq_push(&orf, sg_data((int64_t)(p + i)), c + i + 1);
    }
    tq_store(&oc);
    tq_store(&orf);
    s->p = p + k;
    *cp = c + k;
    return (long)k;
}

/* Timed mode (see sg_pnode): fibers of data references: the reference
 * (in the cycle it is visible), the coordinates (one per cycle whatever
 * the input), the closing stop (in the cycle the next input token is
 * visible). */
static long scan_c_tfire(sg_pnode *n, uint64_t *t, uint64_t end)
{
    scan_c *s = n->st;
    if (n->out[0].n != 1 || n->out[1].n != 1)
        return 0;
    sg_q *in = n->in[0], *qc = n->out[0].q[0], *qr = n->out[1].q[0];
    uint64_t c = *t;
    long k = 0;
    int blk = 1;
    while (c < end) {
        if (s->st == SC_EMIT && s->p < s->end) {
            k += scan_c_temit(s, qc, qr, &c, end);
            continue;
        }
        if (s->st != SC_EMIT && s->st != SC_CLOSE && s->st != SC_IDLE) {
            blk = 0;
            break;
        }
        if (in->head == in->tail)
            break;                  /* nothing before end */
        uint64_t f = q_hstamp(in);
        f = f > c ? f : c;
        sg_tok x = q_peek(in);
        if (s->st == SC_IDLE) {
            if (x.kind != SG_TK_DATA || x.v < 0 || (uint64_t)x.v + 1 >= s->nseg) {
                blk = 0;
                break;
            }
            size_t a = (size_t)s->seg[x.v], b = (size_t)s->seg[x.v + 1];
            if (a > b || b > s->ncrd) {
                blk = 0;
                break;
            }
            if (f >= end)
                break;
            q_tpop(in, f);
            s->start = s->p = a;
            s->end = b;
            s->st = SC_EMIT;
        } else {
            if (f >= end)
                break;
            sg_tok stop = sg_stop(0);
            if (x.kind == SG_TK_STOP) {
                q_tpop(in, f);
                stop = sg_stop((int)x.v + 1);
            }
            q_tpush(qc, stop, f + 1);
            q_tpush(qr, stop, f + 1);
            s->st = SC_IDLE;
        }
        c = f + 1;
        k++;
    }
    n->tblock = blk;
    *t = c;
    return k;
}

static long scan_c_fire(sg_pnode *n, long budget)
{
    if (budget == 1 && scan_c_fire1(n))
        return 1;
    return scan_c_run(n, budget);
}

/* The general rule, any budget. */
static __attribute__((noinline)) long scan_c_run(sg_pnode *n, long budget)
{
    scan_c *s = n->st;
    sg_q *in = n->in[0];
    sg_port *oc = &n->out[0], *orf = &n->out[1];
    long fired = 0;
    while (fired < budget) {
        switch (s->st) {
        case SC_IDLE: {
            if (!q_avail(in))
                return fired;
            sg_tok t = q_peek(in);
            if (t.kind == SG_TK_DATA) {
                if (t.v < 0 || (uint64_t)t.v + 1 >= s->nseg)
                    return prim_fail(n, "reference %lld out of range (seg has %zu entries)",
                                     (long long)t.v, s->nseg);
                size_t a = (size_t)s->seg[t.v], b = (size_t)s->seg[t.v + 1];
                if (a > b || b > s->ncrd)
                    return prim_fail(n, "seg[%lld..%lld] = %zu..%zu is not a valid crd range",
                                     (long long)t.v, (long long)t.v + 1, a, b);
                q_pop(in);
                s->start = s->p = a;
                s->end = b;
                s->st = SC_EMIT;
                fired++;
                continue;
            }
            if (!port_room(oc) || !port_room(orf))
                return fired;
            q_pop(in);
            if (t.kind == SG_TK_EMPTY) {
                port_push(oc, t);
                port_push(orf, t);
                s->start = s->p = s->end = 0;
                s->st = SC_CLOSE;
            } else if (t.kind == SG_TK_STOP) {
                port_push(oc, sg_stop((int)t.v + 1));
                port_push(orf, sg_stop((int)t.v + 1));
            } else {
                port_push(oc, t);
                port_push(orf, t);
                s->st = SC_DONE;
                n->done = 1;
                return fired + 1;
            }
            fired++;
            continue;
        }
        case SC_EMIT:
            if (budget > 1 && s->p < s->end) {
                /* A run of coordinates: write both streams in one loop. */
                uint64_t k = s->end - s->p, b = (uint64_t)(budget - fired);
                uint64_t r1 = port_space(oc), r2 = port_space(orf);
                k = k < b ? k : b;
                k = k < r1 ? k : r1;
                k = k < r2 ? k : r2;
                if (k == 0)
                    return fired;
                sg_q *qc = port_plain(oc), *qr = port_plain(orf);
                size_t p = s->p;
                if (qc && qr) {
                    q_reserve(qc, k);
                    q_reserve(qr, k);
                    sg_tok *bc = qc->buf, *br = qr->buf;
                    uint64_t mc = qc->mask, mr = qr->mask;
                    uint64_t tc = qc->tail, tr = qr->tail;
                    const int64_t *crd = s->crd;
                    for (uint64_t i = 0; i < k; i++) {
                        bc[(tc + i) & mc] = sg_data(crd[p + i]);
                        br[(tr + i) & mr] = sg_data((int64_t)(p + i));
                    }
                    qc->tail = tc + k;
                    qr->tail = tr + k;
                } else {
                    for (uint64_t i = 0; i < k; i++) {
                        port_push(oc, sg_data(s->crd[p + i]));
                        port_push(orf, sg_data((int64_t)(p + i)));
                    }
                }
                s->p = p + k;
                fired += (long)k;
                continue;
            }
            if (s->p < s->end) {
                if (!port_room(oc) || !port_room(orf))
                    return fired;
                port_push(oc, sg_data(s->crd[s->p]));
                port_push(orf, sg_data((int64_t)s->p));
                s->p++;
                fired++;
                continue;
            }
            s->st = SC_CLOSE;
            /* fall through */
        case SC_CLOSE: {
            if (!q_avail(in) || !port_room(oc) || !port_room(orf))
                return fired;
            sg_tok t = q_peek(in);
            sg_tok stop = sg_stop(0);
            if (t.kind == SG_TK_STOP) {
                q_pop(in);
                stop = sg_stop((int)t.v + 1);
            }
            port_push(oc, stop);
            port_push(orf, stop);
            s->st = SC_IDLE;
            fired++;
            continue;
        }
        default:
            return fired;
        }
    }
    return fired;
}

void prim_scan_init(sg_pnode *n, const prim_scan_cfg *c)
{
    if (c->dense) {
        prim_scan_dense_init(n, c->dim);
        return;
    }
    scan_c *s = sg_calloc(1, sizeof *s);
    s->seg = c->seg;
    s->crd = c->crd;
    s->nseg = c->nseg;
    s->ncrd = c->ncrd;
    s->cam = c->cam;
    if (c->cam > 0)
        sg_skc_init(&s->core, c->seg, c->nseg, c->crd, c->ncrd,
                    (uint64_t)c->cam);
    n->st = s;
    n->fire = scan_c_fire;
    n->tfire = c->cam > 0 ? NULL : scan_c_tfire;
    n->ramp_ok = c->cam <= 0;       /* a skipping scanner never runs ahead */
}

uint64_t prim_scan_skips(const sg_pnode *n)
{
    if (n->fire != scan_c_fire)
        return 0;
    const scan_c *s = n->st;
    return s->cam > 0 ? s->core.skips : 0;
}

sg_skc_scan *prim_scan_skip_core(sg_pnode *n)
{
    if (n->fire != scan_c_fire)
        return NULL;
    scan_c *s = n->st;
    return s->cam > 0 ? &s->core : NULL;
}
