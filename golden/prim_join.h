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
                                     * (set until prim_skip_fuse) */
} join_io;

typedef struct join_state {
    int done;
    uint64_t skips_sent;            /* skip hints given (fused path) */
} join_state;

/* Malformed head pairs of an intersect (N against a stop or D, D against
 * more tokens, different stops) on inputs ia and ib (numbered from 1): -1
 * with the message in n->err, else 0. */
int isect_check(sg_tok a, int ia, sg_tok b, int ib, sg_pnode *n);

/* One firing: 1 progress, 0 blocked, -1 error (message in n->err). */
int isect_step(join_state *s, join_io *io, sg_pnode *n);
int union_step(join_state *s, join_io *io, sg_pnode *n);

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
