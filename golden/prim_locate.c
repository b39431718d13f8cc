/*
 * prim_locate.c - locator over a dense or a hashed level (locate, SAM
 * paper definition 4.1; the unified-formats work's locate capability).
 *
 * in[0] base: the located tensor's reference at the parent level, one per
 * fiber of the coordinate stream (the root reference "0 D" for
 * root=true); in[1] crd: the coordinates of the iterated operand; out[0]
 * ref: the located references, one token per crd token.
 *
 * A fiber's first token (a coordinate, or the stop of an empty fiber)
 * takes the fiber's base b.  A coordinate c gives b * dim + c (N when b is
 * N: the located tensor has no such fiber, and arrayvals reads N as 0); a
 * coordinate N (the fiber of an operand absent from a union above) gives
 * N.  A
 * stop Sk (k >= 1) also closes the base stream's fiber: it takes the base
 * stream's S(k-1) and emits Sk; S0 emits S0.  D pairs with D.  A dense
 * level holds every coordinate below dim, so nothing is ever dropped; a
 * coordinate at or above dim is a malformed stream.  A hashed level gives
 * the bucket that holds c in fiber b (linear probing from its home bucket,
 * sg_lvl_hash_find), or N when the fiber lacks c: its value reads as 0, so
 * a product with it is 0, as an intersection would drop it.  The cycle
 * engine times a hashed lookup as rtl/sam_locate_hashed.v does: a lookup
 * of P probes (bucket reads) takes P cycles, and a token that starts no
 * lookup waits a cycle after a lookup's result.
 *
 * Cycle rule: one output token per cycle.  At most one token is taken
 * from each input per cycle, so an empty fiber that also closes a parent
 * fiber (its base, then the base's stop) costs one extra cycle, as in
 * rtl/sam_locate.v.
 */
#include <stdlib.h>

#include "core/tensor.h"
#include "golden/prim.h"

typedef struct locate_st {
    int have;                   /* the current fiber's base is taken */
    sg_tok b;
    int64_t dim;
    const sg_level *hl;         /* a hashed level, or NULL (dense) */
    /* hashed, cycle engine: a lookup of P > 1 probes holds its result for
     * P - 1 cycles (wait counts them down); lk: the last firing gave a
     * lookup's result, so a token that starts no lookup waits a cycle */
    int wait, pend_v, lk;
    sg_tok pend;
} locate_st;

/* The located reference of coordinate c under base b. */
static sg_tok located(const locate_st *s, sg_tok b, int64_t c)
{
    if (b.kind == SG_TK_EMPTY)
        return b;
    if (!s->hl)
        return sg_data(b.v * s->dim + c);
    int64_t at = sg_lvl_hash_find(s->hl, b.v, c, NULL);
    return at < 0 ? sg_empty() : sg_data(at);
}

static long locate_fire(sg_pnode *n, long budget)
{
    locate_st *s = n->st;
    sg_q *base = n->in[0], *crd = n->in[1];
    sg_port *o = &n->out[0];
    long fired = 0;
    int timed = s->hl && budget == 1;
    if (timed && s->wait > 0) {
        s->wait--;
        return 1;
    }
    if (timed && s->pend_v) {
        if (!port_room(o))
            return 0;
        port_push(o, s->pend);
        s->pend_v = 0;
        s->lk = 1;
        return 1;
    }
    while (fired < budget && !n->done) {
        if (!q_avail(crd) || !port_room(o))
            return fired;
        sg_tok c = q_peek(crd);
        int took = 0;
        if (timed && s->lk) {
            /* rtl/sam_locate_hashed.v gives a lookup's result in the cycle
             * after its last bucket read, and can take only the next
             * lookup in that cycle */
            s->lk = 0;
            sg_tok b = s->have ? s->b : q_avail(base) ? q_peek(base) : sg_done();
            if (c.kind != SG_TK_DATA || b.kind != SG_TK_DATA)
                return 1;
        }
        if (!s->have && c.kind != SG_TK_DONE) {
            if (!q_avail(base))
                return fired;
            sg_tok b = q_peek(base);
            if (b.kind == SG_TK_DATA || b.kind == SG_TK_EMPTY) {
                q_pop(base);
                s->b = b;
                s->have = 1;
                took = 1;
            } else if (c.kind == SG_TK_DATA || c.kind == SG_TK_EMPTY) {
                return sg_prim_fail(n, "a coordinate has no base reference (the base "
                                    "stream has %s)",
                                    b.kind == SG_TK_STOP ? "a stop" : "D");
            }
        }
        if (c.kind == SG_TK_EMPTY) {
            q_pop(crd);
            port_push(o, c);
        } else if (c.kind == SG_TK_DATA) {
            if (c.v < 0 || c.v >= s->dim)
                return sg_prim_fail(n, "coordinate %lld outside the located %s level "
                                    "(dimension %lld)", (long long)c.v,
                                    s->hl ? "hashed" : "dense",
                                    (long long)s->dim);
            q_pop(crd);
            if (timed && s->b.kind == SG_TK_DATA) {
                int probes = 1;
                int64_t at = sg_lvl_hash_find(s->hl, s->b.v, c.v, &probes);
                sg_tok r = at < 0 ? sg_empty() : sg_data(at);
                if (probes > 1) {
                    s->pend = r;
                    s->pend_v = 1;
                    s->wait = probes - 2;
                    return fired + 1;
                }
                port_push(o, r);
                s->lk = 1;
                return fired + 1;
            }
            port_push(o, located(s, s->b, c.v));
        } else if (c.kind == SG_TK_STOP) {
            if (c.v >= 1) {
                if (took)
                    return fired + 1;       /* the base's stop next cycle */
                if (!q_avail(base))
                    return fired;
                sg_tok b = q_peek(base);
                if (b.kind != SG_TK_STOP || b.v != c.v - 1)
                    return sg_prim_fail(n, "coordinate stop S%lld does not match the base "
                                        "stream (S%lld expected, %s found)", (long long)c.v,
                                        (long long)c.v - 1,
                                        b.kind == SG_TK_STOP ? "another stop"
                                        : b.kind == SG_TK_DONE ? "D" : "a reference");
                q_pop(base);
            } else if (!s->have) {
                return sg_prim_fail(n, "an S0 without a base reference (the base stream "
                                    "has a stop or D)");
            }
            q_pop(crd);
            port_push(o, c);
            s->have = 0;
        } else if (c.kind == SG_TK_DONE) {
            if (s->have)
                return sg_prim_fail(n, "coordinate stream ended (D) inside a fiber");
            if (!q_avail(base))
                return fired;
            if (q_peek(base).kind != SG_TK_DONE)
                return sg_prim_fail(n, "coordinate stream ended (D) before the base stream");
            q_pop(base);
            q_pop(crd);
            port_push(o, c);
            n->done = 1;
        }
        fired++;
    }
    return fired;
}

void sg_prim_locate_init(sg_pnode *n, int64_t dim)
{
    locate_st *s = sg_calloc(1, sizeof *s);
    s->dim = dim;
    n->st = s;
    n->fire = locate_fire;
}

void sg_prim_locate_hashed_init(sg_pnode *n, const sg_level *lv)
{
    sg_prim_locate_init(n, lv->dim);
    ((locate_st *)n->st)->hl = lv;
}
