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
 * Skipping (ExTensor 5): commands arrive on in[1] (see SG_SKIP_FIBER_SHIFT).
 * A command for an earlier fiber is dropped.  "Close fiber" moves the head
 * to the fiber end.  SkipTo(t) raises the fiber's skip target to t and looks
 * t up in the coarse CAM: with S coordinates in the fiber and CAM size T,
 * the CAM holds every coordinate when S <= T, else the coordinates at
 * offsets i*floor(S/T), i = 1..T (those below S): T+1 regions.  If the
 * largest CAM coordinate below t lies ahead of the head, the head jumps past
 * it in that cycle (nothing is emitted).  From then on head coordinates
 * below the target are dropped, one per cycle, so only coordinates below
 * the target are ever skipped.
 */
#include <stdlib.h>

#include "prim.h"

enum { SC_IDLE, SC_EMIT, SC_CLOSE, SC_DONE };

typedef struct scan_c {
    const int64_t *seg, *crd;
    size_t nseg, ncrd;
    int cam;
    int st;
    size_t start, p, end;
    int has_tgt;
    int64_t tgt;
    uint64_t fiber;         /* stops emitted so far */
    uint64_t skips;         /* commands acted on */
} scan_c;

/* Largest CAM position in [start,end) whose coordinate is < t, or SIZE_MAX. */
static size_t cam_lookup(const scan_c *s, int64_t t)
{
    size_t S = s->end - s->start;
    if (s->cam <= 0 || S <= (size_t)s->cam) {
        size_t lo = s->start, hi = s->end;      /* first crd >= t */
        while (lo < hi) {
            size_t mid = lo + (hi - lo) / 2;
            if (s->crd[mid] < t)
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo == s->start ? SIZE_MAX : lo - 1;
    }
    size_t step = S / (size_t)s->cam;
    size_t nent = (S - 1) / step;               /* entries i*step < S */
    if (nent > (size_t)s->cam)
        nent = (size_t)s->cam;
    size_t lo = 1, hi = nent + 1;               /* first entry >= t */
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (s->crd[s->start + mid * step] < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo == 1 ? SIZE_MAX : s->start + (lo - 1) * step;
}

static long scan_c_fire(sg_pnode *n, long budget)
{
    scan_c *s = n->st;
    sg_q *in = n->in[0], *sk = n->in[1];
    sg_port *oc = &n->out[0], *orf = &n->out[1];
    long fired = 0;
    while (fired < budget) {
        int skip_popped = 0;
        if (sk && q_avail(sk)) {
            sg_tok c = q_peek(sk);
            uint64_t fib = c.kind == SG_TK_STOP
                ? (uint64_t)c.v : (uint64_t)c.v >> SG_SKIP_FIBER_SHIFT;
            if (fib < s->fiber || s->st == SC_IDLE) {
                q_pop(sk);                      /* stale */
                skip_popped = 1;
            } else if (s->st == SC_EMIT) {
                q_pop(sk);
                skip_popped = 1;
                s->skips++;
                if (c.kind == SG_TK_STOP) {
                    s->p = s->end;
                } else {
                    int64_t t = c.v & (((int64_t)1 << SG_SKIP_FIBER_SHIFT) - 1);
                    if (!s->has_tgt || t > s->tgt) {
                        s->has_tgt = 1;
                        s->tgt = t;
                    }
                    size_t land = cam_lookup(s, t);
                    if (land != SIZE_MAX && land >= s->p) {
                        s->p = land + 1;
                        fired++;
                        continue;
                    }
                }
            }
        }
        switch (s->st) {
        case SC_IDLE: {
            if (!q_avail(in))
                return fired + skip_popped;
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
                s->has_tgt = 0;
                s->st = SC_EMIT;
                fired++;
                continue;
            }
            if (!port_room(oc) || !port_room(orf))
                return fired + skip_popped;
            q_pop(in);
            if (t.kind == SG_TK_EMPTY) {
                port_push(oc, t);
                port_push(orf, t);
                s->start = s->p = s->end = 0;
                s->st = SC_CLOSE;
            } else if (t.kind == SG_TK_STOP) {
                port_push(oc, sg_stop((int)t.v + 1));
                port_push(orf, sg_stop((int)t.v + 1));
                s->fiber++;
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
            if (budget > 1 && s->p < s->end && !s->has_tgt && !sk) {
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
                if (s->has_tgt && s->crd[s->p] < s->tgt) {
                    s->p++;
                    fired++;
                    continue;
                }
                if (!port_room(oc) || !port_room(orf))
                    return fired + skip_popped;
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
                return fired + skip_popped;
            sg_tok t = q_peek(in);
            sg_tok stop = sg_stop(0);
            if (t.kind == SG_TK_STOP) {
                q_pop(in);
                stop = sg_stop((int)t.v + 1);
            }
            port_push(oc, stop);
            port_push(orf, stop);
            s->fiber++;
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
    n->st = s;
    n->fire = scan_c_fire;
}

uint64_t prim_scan_skips(const sg_pnode *n)
{
    return n->fire == scan_c_fire ? ((const scan_c *)n->st)->skips : 0;
}
