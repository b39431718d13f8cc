/*
 * prim_scan_dense.c - uncompressed level scanner (fiberlookup format=dense).
 *
 * For a reference r it emits coordinates 0..dim-1 with references
 * r*dim + c, then the closing stop by the same peek rule as the compressed
 * scanner (SAM-SEMANTICS 2.2).  Where the reference raises (an unmerged
 * input stop, an N reference) this model does what 2.2 recommends: the stop
 * is forwarded incremented, N gives N and the closing stop.  dim = 0 gives
 * an empty fiber (the reference emits coordinate 0; docs/differences.md).
 *
 * Cycle rules: as the compressed scanner (a reference takes one cycle, then
 * one coordinate per cycle, then the closing stop).
 */
#include <stdlib.h>

#include "golden/prim.h"

enum { SD_IDLE, SD_EMIT, SD_CLOSE, SD_DONE };

typedef struct scan_d {
    int64_t dim;
    int st;
    int64_t base, c;
} scan_d;

/* One firing of the common kind (cycle engine): the next coordinate of
 * the fiber onto single-queue outputs with room.  When the engine allows
 * a run ahead (n->can_ramp: unbounded outputs), the rest of the fiber is
 * written ahead for the next cycles (n->ramp, see prim.h): until the fiber
 * ends the scanner does nothing else, whatever its input.  Returns 1 when
 * it fired, 0 when the general code must decide. */
static inline int scan_d_fire1(sg_pnode *n)
{
    scan_d *s = n->st;
    if (s->st != SD_EMIT || s->c >= s->dim || n->out[0].n != 1 || n->out[1].n != 1)
        return 0;
    sg_q *qc = n->out[0].q[0], *qr = n->out[1].q[0];
    if (!q_room(qc) || !q_room(qr))
        return 0;
    int64_t c = s->c, e = n->can_ramp ? s->dim : c + 1;
    q_reserve(qc, (uint64_t)(e - c));
    q_reserve(qr, (uint64_t)(e - c));
    q_push(qc, sg_data(c));
    q_push(qr, sg_data(s->base + c));
    for (int64_t i = c + 1; i < e; i++) {
        q_put_ahead(qc, (uint64_t)(i - c - 1), sg_data(i));
        q_put_ahead(qr, (uint64_t)(i - c - 1), sg_data(s->base + i));
    }
    s->c = e;
    n->ramp = (uint64_t)(e - c - 1);
    return 1;
}

static long scan_d_run(sg_pnode *n, long budget);

static long scan_d_fire(sg_pnode *n, long budget)
{
    if (budget == 1 && scan_d_fire1(n))
        return 1;
    return scan_d_run(n, budget);
}

/* Timed mode: the rest of the fiber from cycle *cp, one coordinate per
 * cycle whatever the input, up to end. */
static long scan_d_temit(scan_d *s, sg_q *qc, sg_q *qr, uint64_t *cp,
                         uint64_t end)
{
    uint64_t c = *cp, k = (uint64_t)(s->dim - s->c);
    k = k < end - c ? k : end - c;
    q_reserve(qc, k);
    q_reserve(qr, k);
    sg_tq oc, orf;
    tq_load(&oc, qc);
    tq_load(&orf, qr);
    int64_t x = s->c, base = s->base;
    for (uint64_t i = 0; i < k; i++) {
        tq_push(&oc, sg_data(x + (int64_t)i), c + i + 1);
        tq_push(&orf, sg_data(base + x + (int64_t)i), c + i + 1);
    }
    tq_store(&oc);
    tq_store(&orf);
    s->c = x + (int64_t)k;
    *cp = c + k;
    return (long)k;
}

/* Timed mode (see sg_pnode): fibers of data references: the reference
 * (in the cycle it is visible), the coordinates (one per cycle whatever
 * the input), the closing stop (in the cycle the next input token is
 * visible). */
static long scan_d_tfire(sg_pnode *n, uint64_t *t, uint64_t end)
{
    scan_d *s = n->st;
    if (n->out[0].n != 1 || n->out[1].n != 1)
        return 0;
    sg_q *in = n->in[0], *qc = n->out[0].q[0], *qr = n->out[1].q[0];
    uint64_t c = *t;
    long k = 0;
    int blk = 1;
    while (c < end) {
        if (s->st == SD_EMIT && s->c < s->dim) {
            k += scan_d_temit(s, qc, qr, &c, end);
            continue;
        }
        if (s->st != SD_EMIT && s->st != SD_CLOSE && s->st != SD_IDLE) {
            blk = 0;
            break;
        }
        if (in->head == in->tail)
            break;                  /* nothing before end */
        uint64_t f = q_hstamp(in);
        f = f > c ? f : c;
        sg_tok x = q_peek(in);
        if (s->st == SD_IDLE) {
            if (x.kind != SG_TK_DATA || x.v < 0) {
                blk = 0;
                break;
            }
            if (f >= end)
                break;
            q_tpop(in, f);
            s->base = x.v * s->dim;
            s->c = 0;
            s->st = SD_EMIT;
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
            s->st = SD_IDLE;
        }
        c = f + 1;
        k++;
    }
    n->tblock = blk;
    *t = c;
    return k;
}

/* The general rule, any budget. */
static __attribute__((noinline)) long scan_d_run(sg_pnode *n, long budget)
{
    scan_d *s = n->st;
    sg_q *in = n->in[0];
    sg_port *oc = &n->out[0], *orf = &n->out[1];
    long fired = 0;
    while (fired < budget) {
        switch (s->st) {
        case SD_IDLE: {
            if (!q_avail(in))
                return fired;
            sg_tok t = q_peek(in);
            if (t.kind == SG_TK_DATA) {
                if (t.v < 0)
                    return prim_fail(n, "negative reference %lld", (long long)t.v);
                q_pop(in);
                s->base = t.v * s->dim;
                s->c = 0;
                s->st = SD_EMIT;
                fired++;
                continue;
            }
            if (!port_room(oc) || !port_room(orf))
                return fired;
            q_pop(in);
            if (t.kind == SG_TK_EMPTY) {
                port_push(oc, t);
                port_push(orf, t);
                s->st = SD_CLOSE;
            } else if (t.kind == SG_TK_STOP) {
                port_push(oc, sg_stop((int)t.v + 1));
                port_push(orf, sg_stop((int)t.v + 1));
            } else {
                port_push(oc, t);
                port_push(orf, t);
                s->st = SD_DONE;
                n->done = 1;
                return fired + 1;
            }
            fired++;
            continue;
        }
        case SD_EMIT:
            if (budget > 1 && s->c < s->dim) {
                /* A run of coordinates: write both streams in one loop. */
                uint64_t k = (uint64_t)(s->dim - s->c), b = (uint64_t)(budget - fired);
                uint64_t r1 = port_space(oc), r2 = port_space(orf);
                k = k < b ? k : b;
                k = k < r1 ? k : r1;
                k = k < r2 ? k : r2;
                if (k == 0)
                    return fired;
                sg_q *qc = port_plain(oc), *qr = port_plain(orf);
                int64_t c = s->c, base = s->base;
                if (qc && qr) {
                    q_reserve(qc, k);
                    q_reserve(qr, k);
                    sg_tok *bc = qc->buf, *br = qr->buf;
                    uint64_t mc = qc->mask, mr = qr->mask;
                    uint64_t tc = qc->tail, tr = qr->tail;
                    for (uint64_t i = 0; i < k; i++) {
                        bc[(tc + i) & mc] = sg_data(c + (int64_t)i);
                        br[(tr + i) & mr] = sg_data(base + c + (int64_t)i);
                    }
                    qc->tail = tc + k;
                    qr->tail = tr + k;
                } else {
                    for (uint64_t i = 0; i < k; i++) {
                        port_push(oc, sg_data(c + (int64_t)i));
                        port_push(orf, sg_data(base + c + (int64_t)i));
                    }
                }
                s->c = c + (int64_t)k;
                fired += (long)k;
                continue;
            }
            if (s->c < s->dim) {
                if (!port_room(oc) || !port_room(orf))
                    return fired;
                port_push(oc, sg_data(s->c));
                port_push(orf, sg_data(s->base + s->c));
                s->c++;
                fired++;
                continue;
            }
            s->st = SD_CLOSE;
            /* fall through */
        case SD_CLOSE: {
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
            s->st = SD_IDLE;
            fired++;
            continue;
        }
        default:
            return fired;
        }
    }
    return fired;
}

void prim_scan_dense_init(sg_pnode *n, int64_t dim)
{
    scan_d *s = sg_calloc(1, sizeof *s);
    s->dim = dim < 0 ? 0 : dim;
    n->st = s;
    n->fire = scan_d_fire;
    n->tfire = scan_d_tfire;
    n->ramp_ok = 1;
}
