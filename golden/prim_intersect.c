/*
 * prim_intersect.c - the binary intersector step (intersect, SAM-SEMANTICS
 * 2.4).
 *
 * Heads a (side 1) and b (side 2), crd and ref consumed in lockstep per side:
 *   N on either head: N on all three outputs, consume both; N against
 *   a stop (an N fiber against an empty fiber) consumes only the N;
 *   D: both must be D, emit D;
 *   a == b (coordinates or the same stop): emit a and both refs;
 *   a stop, b not: drop b; b stop, a not: drop a;
 *   a < b: drop a; a > b: drop b.
 * The rule itself is isect_rule (prim_join.h).  With skipping the intersect
 * is stepped by prim_join.c's fused path instead, which decides by the RTL
 * skip intersector's n-input rule (sg_skc_decide, golden/skip_core.c); on
 * two operands it is this rule (golden/skip_engine_test.c compares the
 * outputs with and without skipping).
 *
 * Cycle rule: one firing (one rule) per cycle.
 */
#include "golden/prim_join.h"

int sg_isect_check(sg_tok a, int ia, sg_tok b, int ib, sg_pnode *n)
{
    if (a.kind == SG_TK_EMPTY || b.kind == SG_TK_EMPTY) {
        if (a.kind == SG_TK_DONE || b.kind == SG_TK_DONE)
            return (int)sg_prim_fail(n, "N on one input against D on the other");
        return 0;
    }
    if ((a.kind == SG_TK_DONE) != (b.kind == SG_TK_DONE))
        return (int)sg_prim_fail(n, "input %d ended (D) while input %d has more tokens",
                              a.kind == SG_TK_DONE ? ia : ib,
                              a.kind == SG_TK_DONE ? ib : ia);
    if (a.kind == SG_TK_STOP && b.kind == SG_TK_STOP && a.v != b.v)
        return (int)sg_prim_fail(n, "stop mismatch: S%lld on input %d, S%lld on input %d",
                              (long long)a.v, ia, (long long)b.v, ib);
    return 0;
}

int sg_isect_step(join_state *s, join_io *io, sg_pnode *n)
{
    if (s->done || !join_avail(io))
        return 0;
    sg_tok a = q_peek(io->c1), b = q_peek(io->c2);
    if (sg_isect_check(a, 1, b, 2, n) < 0)
        return -1;
    int act = isect_rule(a, b);
    if (act == ISECT_DROP1) {
        q_pop(io->c1);
        q_pop(io->r1);
        return 1;
    }
    if (act == ISECT_DROP2) {
        q_pop(io->c2);
        q_pop(io->r2);
        return 1;
    }
    if (!join_room(io))
        return 0;
    if (act == ISECT_EMPTY &&
        (a.kind == SG_TK_STOP || b.kind == SG_TK_STOP)) {
        /* An N fiber (a union's absent operand) against an empty fiber:
         * the N passes, the stop stays to close the N's fiber. */
        port_push(io->oc, sg_empty());
        port_push(io->o1, sg_empty());
        port_push(io->o2, sg_empty());
        if (a.kind == SG_TK_EMPTY) {
            q_pop(io->c1); q_pop(io->r1);
        } else {
            q_pop(io->c2); q_pop(io->r2);
        }
        return 1;
    }
    if (act == ISECT_EMPTY) {
        port_push(io->oc, sg_empty());
        port_push(io->o1, sg_empty());
        port_push(io->o2, sg_empty());
    } else {
        port_push(io->oc, a);
        port_push(io->o1, q_peek(io->r1));
        port_push(io->o2, q_peek(io->r2));
    }
    q_pop(io->c1); q_pop(io->r1); q_pop(io->c2); q_pop(io->r2);
    s->done = act == ISECT_DONE;
    return 1;
}
