/*
 * prim_join.h - binary joiner steps shared by intersect, union and the
 * n-input decomposition (prim_join.c).  Internal to the golden model.
 */
#ifndef SG_PRIM_JOIN_H
#define SG_PRIM_JOIN_H

#include "golden/prim.h"

typedef struct join_io {
    sg_q *c1, *r1, *c2, *r2;        /* inputs: side 1, side 2 */
    sg_port *oc, *o1, *o2;          /* outputs: crd, ref1, ref2 */
    sg_q *sk1, *sk2;                /* skip channel to side 1/2, or NULL
                                     * (set until sg_prim_skip_fuse) */
} join_io;

typedef struct join_state {
    int done;
    uint64_t skips_sent;            /* skip hints given (fused path) */
} join_state;

/* Malformed head pairs of an intersect (N against D, D against
 * more tokens, different stops) on inputs ia and ib (numbered from 1): -1
 * with the message in n->err, else 0. */
int sg_isect_check(sg_tok a, int ia, sg_tok b, int ib, sg_pnode *n);

/* The intersect rule (SAM-SEMANTICS 2.4) on heads a (side 1) and b
 * (side 2) that passed sg_isect_check: N on either side: N on every output;
 * both D: D; the same coordinate or stop: emit it with both refs; a stop
 * against a coordinate: drop the coordinate; else drop the smaller.  Every
 * intersect path (sg_isect_step and prim_join.c's one-firing, batch and timed
 * paths) decides by this function. */
enum { ISECT_EMPTY, ISECT_DONE, ISECT_MATCH, ISECT_DROP1, ISECT_DROP2 };

static inline __attribute__((always_inline)) int isect_rule(sg_tok a, sg_tok b)
{
    if (a.kind == SG_TK_EMPTY || b.kind == SG_TK_EMPTY)
        return ISECT_EMPTY;
    if (a.kind == SG_TK_DONE)
        return ISECT_DONE;
    if (sg_tok_eq(a, b))
        return ISECT_MATCH;
    if (a.kind == SG_TK_STOP)
        return ISECT_DROP2;
    if (b.kind == SG_TK_STOP)
        return ISECT_DROP1;
    return a.v < b.v ? ISECT_DROP1 : ISECT_DROP2;
}

/* Heads for which sg_isect_check cannot fail and isect_rule matches, or
 * drops a coordinate: at least one coordinate, the other a coordinate or
 * a stop (the fast paths take only these). */
static inline __attribute__((always_inline)) int isect_plain(sg_tok a, sg_tok b)
{
    return (a.kind == SG_TK_DATA && (b.kind == SG_TK_DATA || b.kind == SG_TK_STOP)) ||
           (b.kind == SG_TK_DATA && a.kind == SG_TK_STOP);
}

/* isect_rule's drops in the form the runs of drops use, for the other
 * side's head o fixed (a coordinate or a stop): a coordinate head t of
 * either side is dropped when o is a stop (any = 1) or t.v < o.v (lim =
 * o.v).  prim_vectors_test.c checks the runs against one firing per step
 * (isect_rule) on every shared vector. */
static inline __attribute__((always_inline)) int isect_drops(sg_tok t, int any,
                                                             int64_t lim)
{
    return t.kind == SG_TK_DATA && (any || t.v < lim);
}

/* One firing: 1 progress, 0 blocked, -1 error (message in n->err). */
int sg_isect_step(join_state *s, join_io *io, sg_pnode *n);
int sg_union_step(join_state *s, join_io *io, sg_pnode *n);

static inline int join_avail(const join_io *io)
{
    return q_avail(io->c1) && q_avail(io->r1) && q_avail(io->c2) &&
           q_avail(io->r2);
}

static inline int join_room(const join_io *io)
{
    return port_room(io->oc) && port_room(io->o1) && port_room(io->o2);
}

#endif
