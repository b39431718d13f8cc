/*
 * prim_join.c - intersect and union nodes with 2 or 3 operands.
 *
 * Two operands: one binary step (prim_intersect.c / prim_union.c).  Three
 * operands A < B < C (sorted tensor names, the graph's port order) are the
 * reference's three binary joiners (SAM-SEMANTICS 2.4):
 *   J12 = join(A, B); J2 = join(C, (J12.crd, J12.ref1));
 *   J3 = join(C, (J12.crd, J12.ref2));
 *   crd = J2.crd, ref_A = J2.ref2, ref_B = J3.ref2, ref_C = J3.ref1,
 * with internal unbounded queues (C is copied to J2 and J3).  Skipping is
 * only wired for 2-operand intersects.
 *
 * Cycle rule: in one cycle each internal joiner fires at most once, stages
 * evaluated back to front so a token advances one stage per cycle.
 */
#include <stdlib.h>

#include "prim_join.h"

typedef struct join_node {
    int is_union, n_ops;
    join_state j[3];
    join_io io[3];
    /* 3-operand internals */
    sg_q q[8];          /* C->J2 crd/ref, C->J3 crd/ref, J12->J2 crd/ref, J12->J3 crd/ref */
    sg_q *p12c[2], *p12r1[1], *p12r2[1];
    sg_port po12c, po12r1, po12r2, none;
    sg_q *pc2[4];
    sg_port copyc, copyr;
} join_node;

static int step(join_node *jn, int k, sg_pnode *n)
{
    return jn->is_union ? union_step(&jn->j[k], &jn->io[k], n)
                        : isect_step(&jn->j[k], &jn->io[k], n);
}

static long join2_fire(sg_pnode *n, long budget)
{
    join_node *jn = n->st;
    long fired = 0;
    join_io *io = &jn->io[0];
    int fast = !jn->is_union && !io->sk1 && !io->sk2;
    while (fired < budget) {
        if (fast && join_avail(io)) {
            /* Two coordinates: the intersect rules for data heads without
             * skip channels, inlined (same result as isect_step). */
            sg_tok a = q_peek(io->c1), b = q_peek(io->c2);
            if (a.kind == SG_TK_DATA && b.kind == SG_TK_DATA) {
                if (a.v < b.v) {
                    q_pop(io->c1);
                    q_pop(io->r1);
                } else if (a.v > b.v) {
                    q_pop(io->c2);
                    q_pop(io->r2);
                } else {
                    if (!join_room(io))
                        break;
                    port_push(io->oc, a);
                    port_push(io->o1, q_pop(io->r1));
                    port_push(io->o2, q_pop(io->r2));
                    q_pop(io->c1);
                    q_pop(io->c2);
                }
                fired++;
                continue;
            }
        }
        int r = step(jn, 0, n);
        if (r < 0)
            return -1;
        if (r == 0)
            break;
        fired++;
    }
    if (jn->j[0].done)
        n->done = 1;
    return fired;
}

/* Copy operand C into the J2 and J3 queues (one token per port). */
static int copy_c(join_node *jn, sg_pnode *n)
{
    int prog = 0;
    sg_q *c = n->in[4], *r = n->in[5];
    if (q_avail(c)) {
        port_push(&jn->copyc, q_pop(c));
        prog = 1;
    }
    if (q_avail(r)) {
        port_push(&jn->copyr, q_pop(r));
        prog = 1;
    }
    return prog;
}

static long join3_fire(sg_pnode *n, long budget)
{
    join_node *jn = n->st;
    long fired = 0;
    while (fired < budget) {
        int prog = 0, r;
        for (int k = 2; k >= 1; k--) {
            if ((r = step(jn, k, n)) < 0)
                return -1;
            prog |= r;
        }
        if ((r = step(jn, 0, n)) < 0)
            return -1;
        prog |= r;
        prog |= copy_c(jn, n);
        if (!prog)
            break;
        fired++;
    }
    if (jn->j[1].done && jn->j[2].done)
        n->done = 1;
    return fired;
}

static void join_free(void *p)
{
    join_node *jn = p;
    if (jn->n_ops == 3)
        for (int i = 0; i < 8; i++)
            sg_q_free(&jn->q[i]);
    free(jn);
}

uint64_t prim_skips_sent(const sg_pnode *n)
{
    if (n->fire != join2_fire)
        return 0;
    return ((const join_node *)n->st)->j[0].skips_sent;
}

int prim_extra_outputs(const sg_pnode *n, sg_q **q)
{
    if (n->fire != join2_fire)
        return 0;
    const join_node *jn = n->st;
    int k = 0;
    if (jn->io[0].sk1)
        q[k++] = jn->io[0].sk1;
    if (jn->io[0].sk2)
        q[k++] = jn->io[0].sk2;
    return k;
}

static void join_init(sg_pnode *n, int n_ops, int is_union,
                      sg_q *const *skip_out)
{
    join_node *jn = sg_calloc(1, sizeof *jn);
    jn->is_union = is_union;
    jn->n_ops = n_ops;
    n->st = jn;
    n->st_free = join_free;
    if (n_ops == 2) {
        join_io *io = &jn->io[0];
        io->c1 = n->in[0]; io->r1 = n->in[1];
        io->c2 = n->in[2]; io->r2 = n->in[3];
        io->oc = &n->out[0]; io->o1 = &n->out[1]; io->o2 = &n->out[2];
        if (skip_out) {
            io->sk1 = skip_out[0];
            io->sk2 = skip_out[1];
        }
        n->fire = join2_fire;
        return;
    }
    for (int i = 0; i < 8; i++)
        sg_q_init(&jn->q[i], i % 2 ? SG_ST_REF : SG_ST_CRD, 0, 0);
    /* q0/q1: C -> J2, q2/q3: C -> J3, q4/q5: J12 -> J2, q6/q7: J12 -> J3 */
    jn->pc2[0] = &jn->q[0]; jn->pc2[1] = &jn->q[2];
    jn->pc2[2] = &jn->q[1]; jn->pc2[3] = &jn->q[3];
    jn->copyc.q = &jn->pc2[0]; jn->copyc.n = 2;
    jn->copyr.q = &jn->pc2[2]; jn->copyr.n = 2;
    jn->p12c[0] = &jn->q[4]; jn->p12c[1] = &jn->q[6];
    jn->p12r1[0] = &jn->q[5];
    jn->p12r2[0] = &jn->q[7];
    jn->po12c.q = jn->p12c; jn->po12c.n = 2;
    jn->po12r1.q = jn->p12r1; jn->po12r1.n = 1;
    jn->po12r2.q = jn->p12r2; jn->po12r2.n = 1;
    jn->none.n = 0;
    join_io *j12 = &jn->io[0], *j2 = &jn->io[1], *j3 = &jn->io[2];
    j12->c1 = n->in[0]; j12->r1 = n->in[1];
    j12->c2 = n->in[2]; j12->r2 = n->in[3];
    j12->oc = &jn->po12c; j12->o1 = &jn->po12r1; j12->o2 = &jn->po12r2;
    j2->c1 = &jn->q[0]; j2->r1 = &jn->q[1];
    j2->c2 = &jn->q[4]; j2->r2 = &jn->q[5];
    j2->oc = &n->out[0]; j2->o1 = &jn->none; j2->o2 = &n->out[1];
    j3->c1 = &jn->q[2]; j3->r1 = &jn->q[3];
    j3->c2 = &jn->q[6]; j3->r2 = &jn->q[7];
    j3->oc = &jn->none; j3->o1 = &n->out[3]; j3->o2 = &n->out[2];
    n->fire = join3_fire;
}

void prim_intersect_init(sg_pnode *n, int n_ops, sg_q *const *skip_out)
{
    join_init(n, n_ops, 0, skip_out);
}

void prim_union_init(sg_pnode *n, int n_ops)
{
    join_init(n, n_ops, 1, NULL);
}
