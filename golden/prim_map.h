/*
 * prim_map.h - the one-input, one-output firing skeleton shared by the
 * token maps: broadcast (a copy to every output edge, prim_broadcast.c),
 * repsiggen (R / S, prim_repsiggen.c) and arrayvals (a value load,
 * prim_arrayvals.c).
 *
 * Every firing takes one token of in[0] and pushes the token it maps to
 * (map_tok) on the output: one token per cycle, D ends the node.  The
 * one-firing (map_fire1), batch and general (map_run) and timed
 * (map_tfire) paths are instantiated per primitive with its `kind`
 * constant, so the other kinds' code folds away.  A copy goes to every
 * queue of every output port; a map has the one output port out[0].
 */
#ifndef SG_PRIM_MAP_H
#define SG_PRIM_MAP_H

#include <stdint.h>

#include "golden/prim.h"

#define MAP_INLINE static inline __attribute__((always_inline))

enum { MAP_COPY, MAP_REPSIG, MAP_VALS };

/* arrayvals: the value array (borrowed). */
typedef struct map_vals {
    const int64_t *vals;
    size_t n;
} map_vals;

/* The token x maps to, in *y: 1, 2 when x is D (it maps to D), or 0 for
 * a reference outside the value array (arrayvals; a malformed stream that
 * the general rule reports). */
MAP_INLINE int map_tok(int kind, const map_vals *a, sg_tok x, sg_tok *y)
{
    if (x.kind == SG_TK_DATA) {
        if (kind == MAP_REPSIG) {
            x = sg_data(0);
        } else if (kind == MAP_VALS) {
            if ((uint64_t)x.v >= a->n)
                return 0;
            x.v = a->vals[x.v];
        }
    } else if (x.kind == SG_TK_DONE) {
        *y = x;
        return 2;
    } else if (kind == MAP_REPSIG) {
        x = x.kind == SG_TK_STOP ? sg_stop(0) : sg_data(0);
    } else if (kind == MAP_VALS && x.kind == SG_TK_EMPTY) {
        x = sg_data(0);
    }
    *y = x;
    return 1;
}

/* The node's value array (zero for the other kinds), to be held in a
 * local: the loops' token stores could otherwise alias the state. */
MAP_INLINE map_vals map_arr(const sg_pnode *n, int kind)
{
    map_vals a = {0};
    if (kind == MAP_VALS)
        a = *(const map_vals *)n->st;
    return a;
}

/* One firing of the common kind (cycle engine): a non-D token mapped onto
 * the queues of the single output port, all with room.  Returns 1 when it
 * fired, 0 when the general rule must decide. */
MAP_INLINE int map_fire1(sg_pnode *n, int kind)
{
    if (kind == MAP_COPY ? n->n_out != 1 : n->out[0].n != 1)
        return 0;
    sg_q *in = n->in[0];
    if ((kind == MAP_VALS && n->done) || !q_avail(in))
        return 0;
    sg_q *const *qq = n->out[0].q;
    int no = kind == MAP_COPY ? n->out[0].n : 1;
    for (int i = 0; i < no; i++)
        if (!q_room(qq[i]))
            return 0;
    sg_tok t = q_peek(in), y;
    if (t.kind == SG_TK_DONE)
        return 0;
    map_vals a = map_arr(n, kind);
    if (!map_tok(kind, &a, t, &y))
        return 0;
    q_pop(in);
    for (int i = 0; i < no; i++)
        q_push(qq[i], y);
    return 1;
}

/* Timed mode (see sg_pnode): one token per firing, in the cycle it is
 * visible, pushed on every queue of the single output port (a copy: up to
 * 4); a reference outside the value array is left to the general rule. */
MAP_INLINE long map_tfire(sg_pnode *n, uint64_t *t, uint64_t end, int kind)
{
    int no = n->out[0].n;
    if (kind == MAP_COPY ? n->n_out != 1 || no < 1 || no > 4
                         : no != 1 || (kind == MAP_VALS && n->done))
        return 0;
    if (kind != MAP_COPY)
        no = 1;
    sg_q *qi = n->in[0];
    sg_tq in, o[4];
    for (int j = 0; j < no; j++)
        q_reserve(n->out[0].q[j], qi->tail - qi->head);
    tq_load(&in, qi);
    for (int j = 0; j < no; j++)
        tq_load(&o[j], n->out[0].q[j]);
    map_vals a = map_arr(n, kind);
    uint64_t c = *t;
    long k = 0;
    int blk = 1;
    while (tq_has(&in)) {
        sg_tok x = tq_peek(&in);
        uint64_t f = tq_hstamp(&in);
        f = f > c ? f : c;
        if (f >= end)
            break;
        if (!map_tok(kind, &a, x, &x)) {
            blk = 0;
            break;
        }
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

/* The output queues, in o, when tokens may be written straight into their
 * rings (see port_plain): how many, or 0. */
MAP_INLINE int map_plain(const sg_pnode *n, int kind, sg_q **o)
{
    if (kind != MAP_COPY) {
        o[0] = port_plain(&n->out[0]);
        return o[0] != NULL;
    }
    int no = 0;
    for (int p = 0; p < n->n_out; p++)
        for (int i = 0; i < n->out[p].n; i++) {
            if (no == SG_PRIM_MAX_OUT * 4 || n->out[p].q[i]->hook)
                return 0;
            o[no++] = n->out[p].q[i];
        }
    return no;
}

/* The general rule, any budget.  Budget > 1 with plain outputs: a batch
 * straight between the rings (into the first output queue, then copied
 * from it to the others). */
MAP_INLINE long map_run(sg_pnode *n, long budget, int kind)
{
    sg_q *in = n->in[0];
    map_vals a = map_arr(n, kind);
    long fired = 0;
    sg_q *o[SG_PRIM_MAX_OUT * 4];
    int no = budget > 1 ? map_plain(n, kind, o) : 0;
    if (no > 0) {
        uint64_t h = in->head, k = *in->vendp - h, i = 0;
        k = k < (uint64_t)budget ? k : (uint64_t)budget;
        for (int j = 0; j < (kind == MAP_COPY ? no : 1); j++) {
            uint64_t sp = q_space(o[j]);
            k = k < sp ? k : sp;
        }
        sg_q *q0 = o[0];
        q_reserve(q0, k);
        const sg_tok *ib = in->buf;
        sg_tok *ob = q0->buf;
        uint64_t im = in->mask, om = q0->mask, tl = q0->tail;
        for (; i < k; i++) {
            sg_tok t;
            int r = map_tok(kind, &a, ib[(h + i) & im], &t);
            if (r == 0)
                break;
            ob[(tl + i) & om] = t;
            if (r == 2) {
                i++;
                n->done = 1;
                break;
            }
        }
        for (int j = 1; j < (kind == MAP_COPY ? no : 1); j++) {
            sg_q *q = o[j];
            q_reserve(q, i);
            sg_tok *qb = q->buf;
            uint64_t qm = q->mask, qt = q->tail;
            for (uint64_t x = 0; x < i; x++)
                qb[(qt + x) & qm] = ob[(tl + x) & om];
            q->tail = qt + i;
        }
        in->head = h + i;
        q0->tail = tl + i;
        fired = (long)i;
        if (n->done || i == k)
            return fired;
        /* a reference outside the value array: the rule below reports it */
    }
    int np = kind == MAP_COPY ? n->n_out : 1;
    while ((kind != MAP_VALS || !n->done) && fired < budget && q_avail(in)) {
        for (int p = 0; p < np; p++)
            if (!port_room(&n->out[p]))
                return fired;
        sg_tok t = q_peek(in), y;
        if (!map_tok(kind, &a, t, &y))
            return sg_prim_fail(n, "reference %lld outside the value array (%zu entries)",
                             (long long)t.v, a.n);
        for (int p = 0; p < np; p++)
            port_push(&n->out[p], y);
        q_pop(in);
        fired++;
        if (t.kind == SG_TK_DONE) {
            n->done = 1;
            break;
        }
    }
    return fired;
}

/* The fire, tfire and init entry points of the map `kind` under the
 * prefix name: name_fire (the one-firing path, else name_run) and
 * name_setup(n, st), which sets up node n with state st. */
#define MAP_DEFINE(name, kind)                                              \
    static __attribute__((noinline)) long name##_run(sg_pnode *n, long b)  \
    {                                                                       \
        return map_run(n, b, kind);                                         \
    }                                                                       \
    static long name##_fire(sg_pnode *n, long b)                            \
    {                                                                       \
        if (b == 1 && map_fire1(n, kind))                                   \
            return 1;                                                       \
        return name##_run(n, b);                                            \
    }                                                                       \
    static long name##_tfire(sg_pnode *n, uint64_t *t, uint64_t end)        \
    {                                                                       \
        return map_tfire(n, t, end, kind);                                  \
    }                                                                       \
    static void name##_setup(sg_pnode *n, void *st)                         \
    {                                                                       \
        n->st = st;                                                         \
        n->fire = name##_fire;                                              \
        n->tmap = 1;                                                        \
        n->tfire = name##_tfire;                                            \
    }

#endif
