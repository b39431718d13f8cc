/*
 * prim_intersect.c - the binary intersector step (intersect, SAM-SEMANTICS
 * 2.4) with ExTensor SkipTo generation.
 *
 * Heads a (side 1) and b (side 2), crd and ref consumed in lockstep per side:
 *   N on either head: N on all three outputs, consume both;
 *   D: both must be D, emit D;
 *   a == b (coordinates or the same stop): emit a and both refs;
 *   a stop, b not: drop b; b stop, a not: drop a;
 *   a < b: drop a; a > b: drop b.
 * Skip generation (only when a skip channel exists for that side): dropping
 * a because a < b sends SkipTo(b) to side 1 unless a target >= b was
 * already sent in this fiber; dropping a because side 2 is at its stop
 * sends "close fiber" to side 1 once per fiber; symmetrically for side 2.
 * Every skip names the fiber by the number of stops consumed on that side,
 * so a scanner that has moved on ignores it.  Only coordinates that this
 * step would drop anyway are ever skipped, so the outputs do not change.
 *
 * Cycle rule: one firing (one rule) per cycle.
 */
#include "prim_join.h"

static void send_skip_to(sg_q *q, uint64_t fib, int64_t t)
{
    q_push(q, sg_data((int64_t)((fib << SG_SKIP_FIBER_SHIFT) | (uint64_t)t)));
}

static void new_fiber1(join_state *s) { s->fib1++; s->has1 = 0; s->end1 = 0; }
static void new_fiber2(join_state *s) { s->fib2++; s->has2 = 0; s->end2 = 0; }

int isect_step(join_state *s, join_io *io, sg_pnode *n)
{
    if (s->done || !join_avail(io))
        return 0;
    sg_tok a = q_peek(io->c1), b = q_peek(io->c2);
    if (a.kind == SG_TK_EMPTY || b.kind == SG_TK_EMPTY) {
        if (a.kind == SG_TK_STOP || b.kind == SG_TK_STOP ||
            a.kind == SG_TK_DONE || b.kind == SG_TK_DONE)
            return (int)prim_fail(n, "N on one input against a stop or D on the other");
        if (!join_room(io))
            return 0;
        port_push(io->oc, sg_empty());
        port_push(io->o1, sg_empty());
        port_push(io->o2, sg_empty());
        q_pop(io->c1); q_pop(io->r1); q_pop(io->c2); q_pop(io->r2);
        return 1;
    }
    if (a.kind == SG_TK_DONE || b.kind == SG_TK_DONE) {
        if (a.kind != b.kind)
            return (int)prim_fail(n, "input %d ended (D) while input %d has more tokens",
                                  a.kind == SG_TK_DONE ? 1 : 2,
                                  a.kind == SG_TK_DONE ? 2 : 1);
        if (!join_room(io))
            return 0;
        port_push(io->oc, a);
        port_push(io->o1, q_peek(io->r1));
        port_push(io->o2, q_peek(io->r2));
        q_pop(io->c1); q_pop(io->r1); q_pop(io->c2); q_pop(io->r2);
        s->done = 1;
        return 1;
    }
    if (sg_tok_eq(a, b)) {
        if (!join_room(io))
            return 0;
        port_push(io->oc, a);
        port_push(io->o1, q_peek(io->r1));
        port_push(io->o2, q_peek(io->r2));
        q_pop(io->c1); q_pop(io->r1); q_pop(io->c2); q_pop(io->r2);
        if (a.kind == SG_TK_STOP) {
            new_fiber1(s);
            new_fiber2(s);
        }
        return 1;
    }
    int drop1;
    if (a.kind == SG_TK_STOP && b.kind == SG_TK_STOP)
        return (int)prim_fail(n, "stop mismatch: S%lld on input 1, S%lld on input 2",
                              (long long)a.v, (long long)b.v);
    if (a.kind == SG_TK_STOP) {
        drop1 = 0;
        if (io->sk2 && !s->end2) {
            q_push(io->sk2, sg_stop((int)s->fib2));
            s->end2 = 1;
            s->skips_sent++;
        }
    } else if (b.kind == SG_TK_STOP) {
        drop1 = 1;
        if (io->sk1 && !s->end1) {
            q_push(io->sk1, sg_stop((int)s->fib1));
            s->end1 = 1;
            s->skips_sent++;
        }
    } else if (a.v < b.v) {
        drop1 = 1;
        if (io->sk1 && (!s->has1 || s->last1 < b.v)) {
            send_skip_to(io->sk1, s->fib1, b.v);
            s->has1 = 1;
            s->last1 = b.v;
            s->skips_sent++;
        }
    } else {
        drop1 = 0;
        if (io->sk2 && (!s->has2 || s->last2 < a.v)) {
            send_skip_to(io->sk2, s->fib2, a.v);
            s->has2 = 1;
            s->last2 = a.v;
            s->skips_sent++;
        }
    }
    if (drop1) {
        q_pop(io->c1);
        q_pop(io->r1);
    } else {
        q_pop(io->c2);
        q_pop(io->r2);
    }
    return 1;
}
