/*
 * prim_scan.h - the level scanners' one rule, shared by the compressed
 * (prim_scan_compressed.c) and the dense (prim_scan_dense.c) scanner.
 *
 * A reference r opens the fiber of positions a..b-1 (compressed:
 * seg[r]..seg[r+1]-1, coordinate crd[p]; dense: r*dim..r*dim+dim-1,
 * coordinate p - r*dim; range (prim_scan_range.c): the rows of r's
 * diagonal, r*S+lo..r*S+hi-1, S the stride); each position p gives its coordinate and the
 * reference p; the fiber's closing stop follows by the one-token peek rule
 * (next input Sk: consume it and emit S(k+1), else S0).  N emits N and the
 * closing stop; an unmerged Sk emits S(k+1); D emits D (SAM-SEMANTICS 2.1,
 * 2.2).  The one-firing (scan_fire1), batch (scan_run) and timed
 * (scan_tfire) paths all find fibers through scan_fiber and emit
 * positions through scan_crd; each scanner instantiates them with its
 * `dense` constant, so the other kind's code folds away.
 *
 * Cycle rules: a reference takes one cycle (the seg read) with no output;
 * then one coordinate per cycle; the closing stop takes one cycle once the
 * next input token is visible.  A data reference visible behind the fiber
 * (right behind it, or behind the input stop merged into its closing
 * stop) opens in the stop's cycle, as the RTL scanners read the next
 * fiber's bounds while the current one is emitted
 * (rtl/sam_scan_compressed.v's front end, the dense scanner's dim + 1
 * cycles per fiber): back-to-back fibers take n + 1 cycles each.  The
 * singleton scanner (prim_scan_singleton.c: the fiber of r is r .. the
 * first position whose last bit is set) and the range scanner see only
 * their input's head: they open a reference in the stop's cycle only when
 * the stop merged none.
 *
 * Bitvector (prim_scan_bitvector.c): the dense rule over words, a
 * reference r giving positions r*nw .. r*nw+nw-1, each emitted as its word
 * (crd) and its prefix popcount (pos) instead of a coordinate and a
 * position; an input N gives a fiber of nw zero words (two arrays end in
 * nw zeros for it), so that a union's operands stay word-aligned.
 */
#ifndef SG_PRIM_SCAN_H
#define SG_PRIM_SCAN_H

#include <stdint.h>

#include "golden/prim.h"
#include "golden/skip_core.h"

#define SCAN_INLINE static inline __attribute__((always_inline))

enum { SCAN_IDLE, SCAN_EMIT, SCAN_CLOSE, SCAN_DONE };
/* The scanner kinds the rule is instantiated for (the `dense` argument). */
enum { SCAN_COMPRESSED = 0, SCAN_DENSE = 1, SCAN_SINGLETON = 2, SCAN_RANGE = 3, SCAN_BV = 4 };

typedef struct scan_st {
    int st;
    int64_t p, end;             /* the fiber's next position and its end */
    int64_t base;               /* dense: the fiber's first position */
    int64_t dim;                /* dense; range: N */
    const int64_t *off;         /* range: each fiber's diagonal offset */
    size_t noff;
    int64_t m;                  /* range: M, the offset level's size */
    int64_t stride;             /* range: S, positions r * S + i */
    const int64_t *seg, *crd;   /* compressed; bitvector: crd the words */
    size_t nseg, ncrd;          /* bitvector: ncrd words before the nw zeros */
    const int64_t *pos;         /* bitvector: each word's prefix popcount */
    int cam;                    /* compressed: CAM size T > 0, a skipping
                                 * scanner (core) */
    sg_skc_scan core;
} scan_st;

/* The fiber of reference r: positions *a..*b-1; 1, or 0 when r names no
 * valid fiber. */
SCAN_INLINE int scan_fiber(const scan_st *s, int64_t r, int dense,
                           int64_t *a, int64_t *b)
{
    if (dense == SCAN_SINGLETON) {
        /* seg holds each position's fiber end (golden/prim_scan_singleton.c) */
        if (r < 0 || (uint64_t)r >= s->ncrd)
            return 0;
        *a = r;
        *b = s->seg[r];
        return 1;
    }
    if (dense == SCAN_RANGE) {
        /* the unified-formats range level: i in [max(0,-off), min(N, M-off)) */
        if (r < 0 || (uint64_t)r >= s->noff)
            return 0;
        int64_t off = s->off[r], lo = off < 0 ? -off : 0;
        int64_t hi = s->dim < s->m - off ? s->dim : s->m - off;
        *a = r * s->stride + lo;
        *b = r * s->stride + (hi > lo ? hi : lo);
        return 1;
    }
    if (dense == SCAN_BV) {
        if (r < 0 || (s->dim && (uint64_t)r >= s->ncrd / (uint64_t)s->dim))
            return 0;
        *a = r * s->dim;
        *b = *a + s->dim;
        return 1;
    }
    if (dense) {
        if (r < 0)
            return 0;
        *a = r * s->dim;
        *b = *a + s->dim;
        return 1;
    }
    if (r < 0 || (uint64_t)r + 1 >= s->nseg)
        return 0;
    size_t x = (size_t)s->seg[r], y = (size_t)s->seg[r + 1];
    if (x > y || y > s->ncrd)
        return 0;
    *a = (int64_t)x;
    *b = (int64_t)y;
    return 1;
}

/* Start emitting the fiber a..b-1 (a range fiber's coordinates count
 * from its row of N positions, not from a). */
SCAN_INLINE void scan_open(scan_st *s, int64_t a, int64_t b)
{
    s->p = a;
    s->base = s->off ? a - a % s->stride : a;
    s->end = b;
    s->st = SCAN_EMIT;
}

/* The coordinate of position p of the fiber that starts at base (dense)
 * or of crd (compressed).  The loops hold crd and base in locals: their
 * stores through token pointers could otherwise alias the state. */
SCAN_INLINE int64_t scan_crd(const int64_t *crd, int64_t base, int64_t p,
                             int dense)
{
    return dense == SCAN_DENSE || dense == SCAN_RANGE ? p - base : crd[p];
}

/* The reference of position p: p, or a bitvector word's prefix count. */
SCAN_INLINE int64_t scan_ref(const int64_t *pos, int64_t p, int dense)
{
    return dense == SCAN_BV ? pos[p] : p;
}

/* sg_prim_fail with the message for a reference scan_fiber rejected. */
long sg_scan_bad_ref(sg_pnode *n, const scan_st *s, int64_t r, int dense);

/* One firing of the common kind (cycle engine): the next coordinate of
 * the current fiber onto single-queue outputs with room.  When the engine
 * allows a run ahead (n->can_ramp: unbounded outputs), the rest of the
 * fiber is written ahead for the next cycles (n->ramp, see prim.h): until
 * the fiber ends the scanner does nothing else, whatever its input.
 * Returns 1 when it fired, 0 when the general code must decide. */
SCAN_INLINE int scan_fire1(sg_pnode *n, int dense)
{
    scan_st *s = n->st;
    if (s->st != SCAN_EMIT || s->p >= s->end || n->out[0].n != 1 || n->out[1].n != 1)
        return 0;
    sg_q *qc = n->out[0].q[0], *qr = n->out[1].q[0];
    if (!q_room(qc) || !q_room(qr))
        return 0;
    int64_t p = s->p, e = n->can_ramp ? s->end : p + 1, base = s->base;
    const int64_t *crd = s->crd, *pos = s->pos;
    q_reserve(qc, (uint64_t)(e - p));
    q_reserve(qr, (uint64_t)(e - p));
    q_push(qc, sg_data(scan_crd(crd, base, p, dense)));
    q_push(qr, sg_data(scan_ref(pos, p, dense)));
    for (int64_t i = p + 1; i < e; i++) {
        q_put_ahead(qc, (uint64_t)(i - p - 1), sg_data(scan_crd(crd, base, i, dense)));
        q_put_ahead(qr, (uint64_t)(i - p - 1), sg_data(scan_ref(pos, i, dense)));
    }
    s->p = e;
    n->ramp = (uint64_t)(e - p - 1);
    return 1;
}

/* Timed mode: the rest of the fiber from cycle *cp, one coordinate per
 * cycle whatever the input, up to end. */
SCAN_INLINE long scan_temit(scan_st *s, sg_q *qc, sg_q *qr, uint64_t *cp,
                            uint64_t end, int dense)
{
    uint64_t c = *cp, k = (uint64_t)(s->end - s->p);
    k = k < end - c ? k : end - c;
    q_reserve(qc, k);
    q_reserve(qr, k);
    sg_tq oc, orf;
    tq_load(&oc, qc);
    tq_load(&orf, qr);
    int64_t p = s->p, base = s->base;
    const int64_t *crd = s->crd, *pos = s->pos;
    for (uint64_t i = 0; i < k; i++) {
        tq_push(&oc, sg_data(scan_crd(crd, base, p + (int64_t)i, dense)), c + i + 1);
        tq_push(&orf, sg_data(scan_ref(pos, p + (int64_t)i, dense)), c + i + 1);
    }
    tq_store(&oc);
    tq_store(&orf);
    s->p = p + (int64_t)k;
    *cp = c + k;
    return (long)k;
}

/* Timed mode (see sg_pnode): fibers of data references: the reference
 * (in the cycle it is visible), the coordinates (one per cycle whatever
 * the input), the closing stop (in the cycle the next input token is
 * visible). */
SCAN_INLINE long scan_tfire(sg_pnode *n, uint64_t *t, uint64_t end, int dense)
{
    scan_st *s = n->st;
    if (n->out[0].n != 1 || n->out[1].n != 1)
        return 0;
    sg_q *in = n->in[0], *qc = n->out[0].q[0], *qr = n->out[1].q[0];
    uint64_t c = *t;
    long k = 0;
    int blk = 1;
    while (c < end) {
        if (s->st == SCAN_EMIT && s->p < s->end) {
            k += scan_temit(s, qc, qr, &c, end, dense);
            continue;
        }
        if (s->st != SCAN_EMIT && s->st != SCAN_CLOSE && s->st != SCAN_IDLE) {
            blk = 0;
            break;
        }
        if (in->head == in->tail)
            break;                  /* nothing before end */
        uint64_t f = q_hstamp(in);
        f = f > c ? f : c;
        sg_tok x = q_peek(in);
        if (s->st == SCAN_IDLE) {
            int64_t a, b;
            if (x.kind != SG_TK_DATA || !scan_fiber(s, x.v, dense, &a, &b)) {
                blk = 0;
                break;
            }
            if (f >= end)
                break;
            q_tpop(in, f);
            scan_open(s, a, b);
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
            s->st = SCAN_IDLE;
            /* the next reference opens in the stop's cycle when it is
             * visible then: right behind the fiber, or behind the input
             * stop merged into this one */
            if (x.kind == SG_TK_STOP && in->head < in->tail && q_hstamp(in) <= f &&
                dense != SCAN_SINGLETON && dense != SCAN_RANGE)
                x = q_peek(in);
            else if (x.kind == SG_TK_STOP)
                x = sg_stop(0);     /* the singleton and range scanners see one
                                     * token */
            int64_t a, b;
            if (x.kind == SG_TK_DATA && q_hstamp(in) <= f &&
                scan_fiber(s, x.v, dense, &a, &b)) {
                q_tpop(in, f);
                scan_open(s, a, b);
            }
        }
        c = f + 1;
        k++;
    }
    n->tblock = blk;
    *t = c;
    return k;
}

/* The general rule, any budget. */
SCAN_INLINE long scan_run(sg_pnode *n, long budget, int dense)
{
    scan_st *s = n->st;
    sg_q *in = n->in[0];
    sg_port *oc = &n->out[0], *orf = &n->out[1];
    long fired = 0;
    while (fired < budget) {
        switch (s->st) {
        case SCAN_IDLE: {
            if (!q_avail(in))
                return fired;
            sg_tok t = q_peek(in);
            if (t.kind == SG_TK_DATA) {
                int64_t a, b;
                if (!scan_fiber(s, t.v, dense, &a, &b))
                    return sg_scan_bad_ref(n, s, t.v, dense);
                q_pop(in);
                scan_open(s, a, b);
                fired++;
                continue;
            }
            if (!port_room(oc) || !port_room(orf))
                return fired;
            if (dense == SCAN_BV && t.kind == SG_TK_EMPTY) {
                /* a fiber of zero words, where the arrays end */
                q_pop(in);
                scan_open(s, (int64_t)s->ncrd, (int64_t)s->ncrd + s->dim);
                fired++;
                continue;
            }
            q_pop(in);
            if (t.kind == SG_TK_EMPTY) {
                port_push(oc, t);
                port_push(orf, t);
                s->p = s->end = 0;
                s->st = SCAN_CLOSE;
            } else if (t.kind == SG_TK_STOP) {
                port_push(oc, sg_stop((int)t.v + 1));
                port_push(orf, sg_stop((int)t.v + 1));
            } else {
                port_push(oc, t);
                port_push(orf, t);
                s->st = SCAN_DONE;
                n->done = 1;
                return fired + 1;
            }
            fired++;
            continue;
        }
        case SCAN_EMIT:
            if (budget > 1 && s->p < s->end) {
                /* A run of coordinates: write both streams in one loop. */
                uint64_t k = (uint64_t)(s->end - s->p), b = (uint64_t)(budget - fired);
                uint64_t r1 = port_space(oc), r2 = port_space(orf);
                k = k < b ? k : b;
                k = k < r1 ? k : r1;
                k = k < r2 ? k : r2;
                if (k == 0)
                    return fired;
                sg_q *qc = port_plain(oc), *qr = port_plain(orf);
                int64_t p = s->p, base = s->base;
                const int64_t *crd = s->crd, *pos = s->pos;
                if (qc && qr) {
                    q_reserve(qc, k);
                    q_reserve(qr, k);
                    sg_tok *bc = qc->buf, *br = qr->buf;
                    uint64_t mc = qc->mask, mr = qr->mask;
                    uint64_t tc = qc->tail, tr = qr->tail;
                    for (uint64_t i = 0; i < k; i++) {
                        bc[(tc + i) & mc] = sg_data(scan_crd(crd, base, p + (int64_t)i, dense));
                        br[(tr + i) & mr] = sg_data(scan_ref(pos, p + (int64_t)i, dense));
                    }
                    qc->tail = tc + k;
                    qr->tail = tr + k;
                } else {
                    for (uint64_t i = 0; i < k; i++) {
                        port_push(oc, sg_data(scan_crd(crd, base, p + (int64_t)i, dense)));
                        port_push(orf, sg_data(scan_ref(pos, p + (int64_t)i, dense)));
                    }
                }
                s->p = p + (int64_t)k;
                fired += (long)k;
                continue;
            }
            if (s->p < s->end) {
                if (!port_room(oc) || !port_room(orf))
                    return fired;
                port_push(oc, sg_data(scan_crd(s->crd, s->base, s->p, dense)));
                port_push(orf, sg_data(scan_ref(s->pos, s->p, dense)));
                s->p++;
                fired++;
                continue;
            }
            s->st = SCAN_CLOSE;
            /* fall through */
        case SCAN_CLOSE: {
            if (!q_avail(in) || !port_room(oc) || !port_room(orf))
                return fired;
            sg_tok stop = q_close_stop(in);
            port_push(oc, stop);
            port_push(orf, stop);
            s->st = SCAN_IDLE;
            fired++;
            if (((dense != SCAN_SINGLETON && dense != SCAN_RANGE) || stop.v == 0) &&
                q_avail(in) && q_peek(in).kind == SG_TK_DATA) {
                /* the next fiber opens in the stop's cycle (see top) */
                int64_t a, b;
                sg_tok t = q_peek(in);
                if (!scan_fiber(s, t.v, dense, &a, &b))
                    return sg_scan_bad_ref(n, s, t.v, dense);
                q_pop(in);
                scan_open(s, a, b);
            }
            continue;
        }
        default:
            return fired;
        }
    }
    return fired;
}

/* The fire functions of one scanner (DENSE a constant): NAME_fire (one
 * firing inline, else the batch rule kept out of line so that the common
 * case stays small) and NAME_tfire. */
#define SCAN_FIRE_FNS(NAME, DENSE)                                          \
    static __attribute__((noinline)) long NAME##_run(sg_pnode *n, long budget) \
    {                                                                       \
        return scan_run(n, budget, DENSE);                                  \
    }                                                                       \
    static long NAME##_fire(sg_pnode *n, long budget)                       \
    {                                                                       \
        if (budget == 1 && scan_fire1(n, DENSE))                            \
            return 1;                                                       \
        return NAME##_run(n, budget);                                       \
    }                                                                       \
    static long NAME##_tfire(sg_pnode *n, uint64_t *t, uint64_t end)        \
    {                                                                       \
        return scan_tfire(n, t, end, DENSE);                                \
    }

#endif
