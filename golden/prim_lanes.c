/*
 * prim_lanes.c - parallel lanes (the SAM paper's parallelizer and
 * serializer, section 4.1): parallelize, serialize, serializelevel.
 *
 * A graph with lanes holds L copies of its datapath.  Each copy scans the
 * root level itself and keeps every L-th root coordinate through a
 * parallelize node on each of its root-level streams (coordinates and the
 * references aligned with them): lane l keeps the k-th data or N token, k
 * counted from 0, when k mod L == l; stops and D pass.  The lanes' results
 * meet again in front of the writers:
 *
 *   serialize        the lanes' root coordinates (in[l], each increasing,
 *                    together disjoint) merged in order on out[0], and on
 *                    out[1] the lane of each, then D: the lane stream;
 *   serializelevel   at depth m below the root, the lanes' streams in[1+l]
 *                    taken one root fiber at a time in the order of the
 *                    lane stream in[0].  A lane's fiber at depth m >= 1
 *                    ends at its first stop of level m-1 or more (S(m) when
 *                    it is the lane's last); the merged stream ends every
 *                    fiber with S(m-1), and S(m) follows the last (an empty
 *                    fiber, which the writers skip, so that a fiber's end
 *                    never waits for the next lane).  An empty
 *                    fiber is a root coordinate its lane's crddrop dropped
 *                    (the lane stream does not list it): it is skipped, as
 *                    the writers skip empty fibers.  At depth 0 a fiber is
 *                    one token.
 *
 * Each firing moves at most one token per output, as the joiners do.
 */
#include <stdlib.h>

#include "golden/prim.h"

typedef struct lane_st {
    int lane, lanes, depth;
    int64_t k;                  /* parallelize: data or N tokens seen */
    int cur;                    /* serializelevel: lane being copied, -1 none */
    int ending;                 /* the lane stream ended: 1, its last stop
                                 * to write; 2, written: the lanes' ends */
    int started;                /* a token of the current fiber is out */
} lane_st;

static long parallelize_fire(sg_pnode *n, long budget)
{
    lane_st *s = n->st;
    long fired = 0;
    while (fired < budget && !n->done && q_avail(n->in[0])) {
        sg_tok t = q_peek(n->in[0]);
        int data = t.kind == SG_TK_DATA || t.kind == SG_TK_EMPTY;
        int keep = !data || s->k % s->lanes == s->lane;
        if (keep && !port_room(&n->out[0]))
            return fired;
        q_pop(n->in[0]);
        if (keep)
            port_push(&n->out[0], t);
        s->k += data;
        if (t.kind == SG_TK_DONE)
            n->done = 1;
        fired++;
    }
    return fired;
}

static long serialize_fire(sg_pnode *n, long budget)
{
    lane_st *s = n->st;
    long fired = 0;
    while (fired < budget && !n->done) {
        int best = -1, stops = 0, dones = 0;
        sg_tok bt = {0, SG_TK_DATA};
        for (int l = 0; l < s->lanes; l++) {
            if (!q_avail(n->in[l]))
                return fired;
            sg_tok t = q_peek(n->in[l]);
            if (t.kind == SG_TK_DATA) {
                if (best < 0 || t.v < bt.v) {
                    best = l;
                    bt = t;
                }
            } else if (t.kind == SG_TK_STOP && t.v == 0) {
                stops++;
            } else if (t.kind == SG_TK_DONE) {
                dones++;
            } else {
                return sg_prim_fail(n, "lane %d: a root-level coordinate stream holds "
                                    "only coordinates, S0 and D", l);
            }
        }
        if (!port_room(&n->out[0]) || !port_room(&n->out[1]))
            return fired;
        if (best >= 0) {
            q_pop(n->in[best]);
            port_push(&n->out[0], bt);
            port_push(&n->out[1], sg_data(best));
        } else if (stops == s->lanes) {
            for (int l = 0; l < s->lanes; l++)
                q_pop(n->in[l]);
            port_push(&n->out[0], sg_stop(0));
        } else if (dones == s->lanes) {
            for (int l = 0; l < s->lanes; l++)
                q_pop(n->in[l]);
            port_push(&n->out[0], sg_done());
            port_push(&n->out[1], sg_done());
            n->done = 1;
        } else {
            return sg_prim_fail(n, "the lanes' root streams end unevenly (S0 against D)");
        }
        fired++;
    }
    return fired;
}

/* serializelevel, after the lane stream's D: the last stop, each lane's
 * remaining tokens (its own last stop if its last fibers were empty, then
 * D), then D.  1 when it moved a token. */
static long serialize_level_end(sg_pnode *n, lane_st *s)
{
    if (s->ending == 1) {
        if (!port_room(&n->out[0]))
            return 0;
        port_push(&n->out[0], sg_stop(s->depth));
        s->ending = 2;
        return 1;
    }
    for (int l = 0; l < s->lanes; l++) {
        sg_q *q = n->in[1 + l];
        if (!q_avail(q))
            return 0;
        sg_tok t = q_peek(q);
        if (t.kind == SG_TK_STOP) {
            q_pop(q);
            return 1;
        }
        if (t.kind != SG_TK_DONE)
            return sg_prim_fail(n, "lane %d has a fiber more than the lane stream gives it", l);
    }
    if (!port_room(&n->out[0]))
        return 0;
    for (int l = 0; l < s->lanes; l++)
        q_pop(n->in[1 + l]);
    port_push(&n->out[0], sg_done());
    n->done = 1;
    return 1;
}

/* Empty fibers at the heads of the lanes (depth >= 1): root coordinates
 * a lane's crddrop dropped, which the lane stream does not list.  They
 * are taken whenever they are there, from every lane but the one whose
 * fiber is being copied, so that a lane can go on to the coordinate the
 * root serializer waits for.  1 when one was taken. */
static int skip_empty(sg_pnode *n, lane_st *s)
{
    int moved = 0;
    for (int l = 0; s->depth > 0 && !s->ending && l < s->lanes; l++) {
        if (l == s->cur && s->started)
            continue;
        sg_q *q = n->in[1 + l];
        if (!q_avail(q))
            continue;
        sg_tok t = q_peek(q);
        if (t.kind == SG_TK_STOP && t.v >= s->depth - 1 && !(q_avail2(q) &&
                                                             q_peek2(q).kind == SG_TK_DONE)) {
            q_pop(q);
            moved = 1;
        }
    }
    return moved;
}

static long serialize_level_fire(sg_pnode *n, long budget)
{
    lane_st *s = n->st;
    long fired = 0;
    while (fired < budget && !n->done) {
        int moved = skip_empty(n, s);
        if (s->ending) {
            long r = serialize_level_end(n, s);
            if (r < 0)
                return r;
            if (r == 0 && !moved)
                return fired;
            fired++;
            continue;
        }
        if (s->cur < 0) {
            if (!q_avail(n->in[0]))
                return fired + moved;
            sg_tok o = q_peek(n->in[0]);
            if (o.kind == SG_TK_DONE) {
                q_pop(n->in[0]);
                s->ending = 1;
                fired += moved;
                continue;
            }
            if (o.kind != SG_TK_DATA || o.v < 0 || o.v >= s->lanes)
                return sg_prim_fail(n, "the lane stream holds lanes 0..%d and D", s->lanes - 1);
            q_pop(n->in[0]);
            s->cur = (int)o.v;
            s->started = 0;
        }
        sg_q *q = n->in[1 + s->cur];
        sg_tok t = q_avail(q) ? q_peek(q) : sg_done();
        int empty_head = s->depth > 0 && !s->started && t.kind == SG_TK_STOP;
        if (!q_avail(q) || empty_head || !port_room(&n->out[0])) {
            if (!moved)
                return fired;
            fired++;
            continue;
        }
        if (t.kind == SG_TK_DONE)
            return sg_prim_fail(n, "lane %d ends before its fiber", s->cur);
        q_pop(q);
        if (s->depth > 0 && t.kind == SG_TK_STOP && t.v >= s->depth - 1) {
            /* the fiber's end: S(m-1), whichever fiber follows; the end
             * of the lane stream adds S(m) (an empty last fiber, which the
             * writers skip) */
            port_push(&n->out[0], sg_stop(s->depth - 1));
            s->cur = -1;
        } else {
            port_push(&n->out[0], t);
            s->started = 1;
            if (s->depth == 0)
                s->cur = -1;
        }
        fired++;
    }
    return fired;
}

static lane_st *lane_new(sg_pnode *n, int lane, int lanes, int depth)
{
    lane_st *s = sg_calloc(1, sizeof *s);
    s->lane = lane;
    s->lanes = lanes < 1 ? 1 : lanes;
    s->depth = depth < 0 ? 0 : depth;
    s->cur = -1;
    n->st = s;
    return s;
}

void sg_prim_parallelize_init(sg_pnode *n, int lane, int lanes)
{
    lane_new(n, lane, lanes, 0);
    n->fire = parallelize_fire;
}

void sg_prim_serialize_init(sg_pnode *n, int lanes)
{
    lane_new(n, 0, lanes, 0);
    n->fire = serialize_fire;
}

void sg_prim_serialize_level_init(sg_pnode *n, int lanes, int depth)
{
    lane_new(n, 0, lanes, depth);
    n->fire = serialize_level_fire;
}
