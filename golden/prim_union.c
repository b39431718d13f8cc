/*
 * prim_union.c - the binary unioner step (union, SAM-SEMANTICS 2.5).
 *
 * Checks in the reference's order: D (both must be D); equal heads (same
 * coordinate, same stop, or both N) emit the head and both refs; a stop on
 * side 1 emits side 2's head with refs (N, ref2); a stop on side 2 emits
 * (ref1, N); N on side 2 emits side 1's head; N on side 1 emits side 2's;
 * otherwise the smaller coordinate with N on the other ref.
 *
 * Deliberate difference (docs/differences.md): an N head facing a stop on
 * the other side is consumed without output.  The reference emits it as an
 * extra coordinate (item 6 of section 5), which writes a duplicate entry
 * holding 0; the SAM paper's union emits only coordinates present in an
 * operand.
 *
 * Cycle rule: one firing (one emitted coordinate or stop) per cycle.
 */
#include "golden/prim_join.h"

static void emit(join_io *io, sg_tok c, sg_tok r1, sg_tok r2)
{
    port_push(io->oc, c);
    port_push(io->o1, r1);
    port_push(io->o2, r2);
}

int sg_union_step(join_state *s, join_io *io, sg_pnode *n)
{
    if (s->done || !join_avail(io))
        return 0;
    sg_tok a = q_peek(io->c1), b = q_peek(io->c2);
    if (a.kind == SG_TK_DONE || b.kind == SG_TK_DONE) {
        if (a.kind != b.kind)
            return (int)sg_prim_fail(n, "input %d ended (D) while input %d has more tokens",
                                  a.kind == SG_TK_DONE ? 1 : 2,
                                  a.kind == SG_TK_DONE ? 2 : 1);
        if (!join_room(io))
            return 0;
        emit(io, a, q_peek(io->r1), q_peek(io->r2));
        q_pop(io->c1); q_pop(io->r1); q_pop(io->c2); q_pop(io->r2);
        s->done = 1;
        return 1;
    }
    if (!join_room(io))
        return 0;
    int take1 = 0, take2 = 0;
    if (sg_tok_eq(a, b)) {
        emit(io, a, q_peek(io->r1), q_peek(io->r2));
        take1 = take2 = 1;
    } else if (a.kind == SG_TK_STOP && b.kind == SG_TK_STOP) {
        return (int)sg_prim_fail(n, "stop mismatch: S%lld on input 1, S%lld on input 2",
                              (long long)a.v, (long long)b.v);
    } else if (a.kind == SG_TK_STOP && b.kind == SG_TK_EMPTY) {
        take2 = 1;                          /* no extra N coordinate */
    } else if (b.kind == SG_TK_STOP && a.kind == SG_TK_EMPTY) {
        take1 = 1;
    } else if (a.kind == SG_TK_STOP) {
        emit(io, b, sg_empty(), q_peek(io->r2));
        take2 = 1;
    } else if (b.kind == SG_TK_STOP || b.kind == SG_TK_EMPTY) {
        emit(io, a, q_peek(io->r1), sg_empty());
        take1 = 1;
    } else if (a.kind == SG_TK_EMPTY || a.v > b.v) {
        emit(io, b, sg_empty(), q_peek(io->r2));
        take2 = 1;
    } else {                                /* a < b */
        emit(io, a, q_peek(io->r1), sg_empty());
        take1 = 1;
    }
    if (take1) {
        q_pop(io->c1);
        q_pop(io->r1);
    }
    if (take2) {
        q_pop(io->c2);
        q_pop(io->r2);
    }
    return 1;
}
