/*
 * prim_join.c - intersect and union nodes with 2 or 3 operands.
 *
 * Two operands: one binary step (prim_intersect.c / prim_union.c).  Three
 * operands A < B < C (sorted tensor names, the graph's port order) are the
 * reference's three binary joiners (SAM-SEMANTICS 2.4):
 *   J12 = join(A, B); J2 = join(C, (J12.crd, J12.ref1));
 *   J3 = join(C, (J12.crd, J12.ref2));
 *   crd = J2.crd, ref_A = J2.ref2, ref_B = J3.ref2, ref_C = J3.ref1,
 * with internal unbounded queues (C is copied to J2 and J3).
 *
 * Cycle rule: in one cycle each internal joiner fires at most once, stages
 * evaluated back to front so a token advances one stage per cycle.
 *
 * Skipping (cycle engine, 2- and 3-operand intersects): sg_prim_skip_fuse gives
 * the intersect the register model (golden/skip_core.c) of each skipping
 * scanner that feeds it, and joinn_skip_fire steps them as the RTL
 * does (rtl/sam_intersect_skip.v next to rtl/sam_scan_skip_core.v, no
 * buffer between them): each cycle the intersect decides from the
 * scanners' head registers (and the visible tokens of a side without a
 * skipping scanner) by sg_skc_decide, then every scanner steps with its
 * pop and skip hint.  The scanner-to-intersect edges still carry each head
 * the intersect consumes (traces, token counts) but hold nothing.
 */
#include <stdlib.h>
#include <string.h>

#include "golden/prim_join.h"
#include "golden/skip_core.h"

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
    /* skipping (cycle engine): the skip channel to operand k (it links the
     * scanner until sg_prim_skip_fuse), then that scanner and its in_ref */
    sg_q *sk[3];
    sg_skc_scan *core[3];
    sg_q *core_in[3];
} join_node;

static int step(join_node *jn, int k, sg_pnode *n)
{
    return jn->is_union ? sg_union_step(&jn->j[k], &jn->io[k], n)
                        : sg_isect_step(&jn->j[k], &jn->io[k], n);
}

/* One firing of the common kind (cycle engine, intersect without skip
 * channels): isect_rule on plain heads (isect_plain), as sg_isect_step fires
 * it.  Returns 1 when it fired, 0 when the general loop must decide. */
static inline int join2_fire1(join_io *io)
{
    if (!join_avail(io))
        return 0;
    sg_tok a = q_peek(io->c1), b = q_peek(io->c2);
    if (!isect_plain(a, b))
        return 0;
    int act = isect_rule(a, b);
    if (act == ISECT_DROP1) {
        q_pop(io->c1);
        q_pop(io->r1);
    } else if (act == ISECT_DROP2) {
        q_pop(io->c2);
        q_pop(io->r2);
    } else {
        if (!join_room(io))
            return 0;
        port_push(io->oc, a);
        port_push(io->o1, q_pop(io->r1));
        port_push(io->o2, q_pop(io->r2));
        q_pop(io->c1);
        q_pop(io->c2);
    }
    return 1;
}

/* Drop the run of heads of side (c, r) that isect_rule drops
 * against the other side's head o, at most `max`, straight from the
 * rings: each one is a firing (the other side's head stays, so it stays
 * visible).  The first head is known to qualify.  Returns the number
 * dropped. */
static long join2_drop_run(sg_q *c, sg_q *r, sg_tok o, long max)
{
    int any = o.kind == SG_TK_STOP;
    uint64_t h = c->head, k = *c->vendp - h, kr = *r->vendp - r->head, i = 1;
    k = k < kr ? k : kr;
    k = k < (uint64_t)max ? k : (uint64_t)max;
    const sg_tok *cb = c->buf;
    uint64_t m = c->mask;
    while (i < k) {
        if (!isect_drops(cb[(h + i) & m], any, o.v))
            break;
        i++;
    }
    c->head = h + i;
    r->head += i;
    return (long)i;
}

static long join2_run(sg_pnode *n, long budget);

/* How many of the next cycles the intersect's firing would drop the head
 * of side (c, r) against the other side's head o (visible, and not
 * popped meanwhile): the heads from c's head on that isect_rule drops,
 * counted only while c and r are fed by a producer
 * running ahead (see sg_pnode), which makes head + j visible in cycle j
 * from now on; the last written-ahead token is left out, so the producer
 * is still running ahead in every drained cycle. */
static uint64_t join2_drain_len(const sg_q *c, const sg_q *r, sg_tok o)
{
    if (c->ahead < 2 || r->ahead < 2)
        return 0;
    int any = o.kind == SG_TK_STOP;
    if (!any && o.kind != SG_TK_DATA)
        return 0;
    uint64_t k = c->ahead - 1, h = c->head, m = c->mask, i = 0;
    k = k < r->ahead - 1 ? k : r->ahead - 1;
    const sg_tok *b = c->buf;
    while (i < k && isect_drops(b[(h + i) & m], any, o.v))
        i++;
    return i;
}

/* Cycle engine, after a one-token firing: start a drain (see sg_pnode)
 * when the next firings are fixed drops of one side's heads. */
static void join2_drain(sg_pnode *n, join_io *io)
{
    uint64_t k;
    sg_q *c, *r;
    if (q_avail(io->c1) && q_avail(io->r1) && io->c2->ahead) {
        c = io->c2;
        r = io->r2;
        k = join2_drain_len(c, r, q_peek(io->c1));
    } else if (q_avail(io->c2) && q_avail(io->r2) && io->c1->ahead) {
        c = io->c1;
        r = io->r1;
        k = join2_drain_len(c, r, q_peek(io->c2));
    } else {
        return;
    }
    if (k) {
        n->ramp = k;
        n->drain[0] = c;
        n->drain[1] = r;
    }
}

/* Timed mode: a run of drops of side (dc, dr)'s heads that
 * isect_rule drops against the other side's head o, which stays, visible
 * from cycle fo; the first drop is in cycle f (known to qualify).  The
 * sides are copied to locals for the loop. */
static inline long join2_tdrop(sg_tq *dcp, sg_tq *drp, sg_tok o,
                               uint64_t fo, uint64_t f, uint64_t *cp,
                               uint64_t end)
{
    int any = o.kind == SG_TK_STOP;
    sg_tq dc = *dcp, dr = *drp;
    uint64_t c, s1 = tq_hstamp(&dc), s2 = tq_hstamp(&dr);
    long k = 0;
    for (;;) {
        tq_pop_s(&dc, f, s1);
        tq_pop_s(&dr, f, s2);
        c = f + 1;
        k++;
        if (!tq_has(&dc) || !tq_has(&dr))
            break;
        if (!isect_drops(tq_peek(&dc), any, o.v))
            break;
        s1 = tq_hstamp(&dc);
        s2 = tq_hstamp(&dr);
        f = s1 > s2 ? s1 : s2;
        f = f > fo ? f : fo;
        f = f > c ? f : c;
        if (f >= end)
            break;
    }
    *dcp = dc;
    *drp = dr;
    *cp = c;
    return k;
}

static inline uint64_t tq_hstamp2(const sg_tq *a, const sg_tq *b)
{
    uint64_t x = tq_hstamp(a), y = tq_hstamp(b);
    return x > y ? x : y;
}

/* Timed mode (see sg_pnode; intersect without skip channels, single
 * queue outputs): the firings of join2_fire1 (isect_rule on plain heads),
 * each in the cycle all four
 * heads are visible (no firing needs fewer). */
static long join2_tfire(sg_pnode *n, uint64_t *t, uint64_t end)
{
    join_node *jn = n->st;
    join_io *io = &jn->io[0];
    if (jn->is_union || io->sk1 || io->sk2 || jn->j[0].done ||
        io->oc->n != 1 || io->o1->n != 1 || io->o2->n != 1)
        return 0;
    sg_q *qc = io->oc->q[0], *q1 = io->o1->q[0], *q2 = io->o2->q[0];
    uint64_t km = io->c1->tail - io->c1->head, k2 = io->c2->tail - io->c2->head;
    km = km < k2 ? km : k2;         /* at most one output per pair */
    q_reserve(qc, km);
    q_reserve(q1, km);
    q_reserve(q2, km);
    sg_tq c1, r1, c2, r2, oc, o1, o2;
    tq_load(&c1, io->c1);
    tq_load(&r1, io->r1);
    tq_load(&c2, io->c2);
    tq_load(&r2, io->r2);
    tq_load(&oc, qc);
    tq_load(&o1, q1);
    tq_load(&o2, q2);
    uint64_t c = *t;
    long k = 0;
    int blk = 1;
    while (tq_has(&c1) && tq_has(&r1) && tq_has(&c2) && tq_has(&r2)) {
        sg_tok a = tq_peek(&c1), b = tq_peek(&c2);
        uint64_t f = tq_hstamp(&c1), s;
        s = tq_hstamp(&r1);
        f = f > s ? f : s;
        s = tq_hstamp(&c2);
        f = f > s ? f : s;
        s = tq_hstamp(&r2);
        f = f > s ? f : s;
        f = f > c ? f : c;
        if (f >= end)
            break;
        if (!isect_plain(a, b)) {
            blk = 0;
            break;
        }
        int act = isect_rule(a, b);
        if (act == ISECT_DROP1) {
            k += join2_tdrop(&c1, &r1, b, tq_hstamp2(&c2, &r2), f, &c, end);
            continue;
        }
        if (act == ISECT_DROP2) {
            k += join2_tdrop(&c2, &r2, a, tq_hstamp2(&c1, &r1), f, &c, end);
            continue;
        }
        tq_push(&oc, a, f + 1);
        tq_push(&o1, tq_pop(&r1, f), f + 1);
        tq_push(&o2, tq_pop(&r2, f), f + 1);
        tq_pop(&c1, f);
        tq_pop(&c2, f);
        c = f + 1;
        k++;
    }
    n->tblock = blk;
    tq_store(&c1);
    tq_store(&r1);
    tq_store(&c2);
    tq_store(&r2);
    tq_store(&oc);
    tq_store(&o1);
    tq_store(&o2);
    *t = c;
    return k;
}

static long join2_fire(sg_pnode *n, long budget)
{
    join_node *jn = n->st;
    join_io *io = &jn->io[0];
    if (budget == 1 && !jn->is_union && !io->sk1 && !io->sk2 && join2_fire1(io)) {
        if (n->can_ramp)
            join2_drain(n, io);
        return 1;
    }
    return join2_run(n, budget);
}

/* The general rules, any budget. */
static __attribute__((noinline)) long join2_run(sg_pnode *n, long budget)
{
    join_node *jn = n->st;
    long fired = 0;
    join_io *io = &jn->io[0];
    int fast = !jn->is_union && !io->sk1 && !io->sk2;
    while (fired < budget) {
        if (fast && join_avail(io)) {
            /* Plain heads without skip channels: isect_rule with the runs
             * of drops read from the rings (as sg_isect_step fires them). */
            sg_tok a = q_peek(io->c1), b = q_peek(io->c2);
            if (isect_plain(a, b)) {
                int act = isect_rule(a, b);
                if (act == ISECT_DROP1) {
                    fired += join2_drop_run(io->c1, io->r1, b, budget - fired);
                    continue;
                }
                if (act == ISECT_DROP2) {
                    fired += join2_drop_run(io->c2, io->r2, a, budget - fired);
                    continue;
                }
                if (!join_room(io))
                    break;
                port_push(io->oc, a);
                port_push(io->o1, q_pop(io->r1));
                port_push(io->o2, q_pop(io->r2));
                q_pop(io->c1);
                q_pop(io->c2);
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

/* Hand a consumed head of a fused scanner through its (empty) edges. */
static void pass_head(sg_q *qc, sg_q *qr, sg_tok c, sg_tok r)
{
    q_push(qc, c);
    q_push(qr, r);
    q_pop(qc);
    q_pop(qr);
    q_commit(qc);
    q_commit(qr);
}

/* Malformed heads (every pair, as the binary step checks them). */
static int check_heads(const sg_tok *h, int nops, sg_pnode *n)
{
    for (int j = 0; j < nops; j++)
        for (int k = j + 1; k < nops; k++) {
            /* The skip intersector passes no N fiber against an empty one. */
            if ((h[j].kind == SG_TK_EMPTY && h[k].kind == SG_TK_STOP) ||
                (h[j].kind == SG_TK_STOP && h[k].kind == SG_TK_EMPTY))
                return (int)sg_prim_fail(n, "N on one input against a stop "
                                         "on the other");
            if (sg_isect_check(h[j], j + 1, h[k], k + 1, n) < 0)
                return -1;
        }
    return 0;
}

/* A 2- or 3-operand intersect with skipping scanners
 * (rtl/sam_intersect_skip.v): operand k reads the head register of its
 * scanner core[k], or the visible tokens of in[2k], in[2k+1]; out[0] crd,
 * out[1+k] ref_k; the scanners' in_refs are in[2 * nops + k].  Kept whole:
 * it is the model of rtl/sam_intersect_skip.v's one-step decision. */
static long joinn_skip_fire(sg_pnode *n, long budget)
{
    join_node *jn = n->st;
    int nops = jn->n_ops;
    long fired = 0;
    while (fired < budget && !jn->j[0].done) {
        sg_tok h[3], r[3];
        int all_v = 1, prog = 0;
        for (int k = 0; k < nops; k++) {
            sg_q *qc = n->in[2 * k], *qr = n->in[2 * k + 1];
            if (jn->core[k]) {
                all_v &= jn->core[k]->head_v;
                h[k] = sg_skc_head(jn->core[k]);
                r[k] = sg_skc_head_ref(jn->core[k]);
            } else if (q_avail(qc) && q_avail(qr)) {
                h[k] = q_peek(qc);
                r[k] = q_peek(qr);
            } else {
                all_v = 0;
            }
        }
        sg_skc_dec d;
        memset(&d, 0, sizeof d);
        if (all_v) {
            if (check_heads(h, nops, n) < 0)
                return -1;
            d = sg_skc_decide(h, nops);
            int room = port_room(&n->out[0]);
            for (int k = 0; k < nops; k++)
                room &= port_room(&n->out[1 + k]);
            if (d.emit && !room) {
                d.emit = 0;         /* outputs full: no pop (hints stay) */
                memset(d.cons, 0, sizeof d.cons);
            }
            if (d.emit) {
                int all = d.crd.kind == SG_TK_DONE || d.crd.kind == SG_TK_EMPTY;
                port_push(&n->out[0], d.crd);
                for (int k = 0; k < nops; k++)
                    port_push(&n->out[1 + k], all ? d.crd : r[k]);
                jn->j[0].done = d.crd.kind == SG_TK_DONE;
            }
            for (int k = 0; k < nops; k++) {
                if (!d.cons[k])
                    continue;
                prog = 1;
                if (jn->core[k]) {
                    pass_head(n->in[2 * k], n->in[2 * k + 1], h[k], r[k]);
                    jn->j[0].skips_sent += (uint64_t)d.skip_v[k];
                } else {
                    q_pop(n->in[2 * k]);
                    q_pop(n->in[2 * k + 1]);
                }
            }
        }
        for (int k = 0; k < nops; k++) {
            sg_skc_scan *c = jn->core[k];
            if (!c)
                continue;
            /* progress: a pop or a take, else any register that changed */
            sg_skc_scan before;
            int track = !prog && !d.cons[k];
            if (track)
                before = *c;
            sg_tok t;
            const sg_tok *tp = NULL;
            if (q_avail(jn->core_in[k])) {
                t = q_peek(jn->core_in[k]);
                tp = &t;
            }
            int took;
            sg_err e;
            if (sg_skc_step(c, d.cons[k], d.skip_v[k], d.skip_tok[k], tp, &took,
                            &e) < 0)
                return sg_prim_fail(n, "scanner of operand %d: %s", k + 1, e.msg);
            if (took)
                q_pop(jn->core_in[k]);
            if (took || (track && memcmp(&before, c, sizeof before) != 0))
                prog = 1;
        }
        if (!prog)
            break;
        fired++;
    }
    if (jn->j[0].done)
        n->done = 1;
    return fired;
}

static long join3_fire(sg_pnode *n, long budget);

void sg_prim_skip_fuse(sg_pnode *node, size_t nn)
{
    for (size_t v = 0; v < nn; v++) {
        sg_pnode *n = &node[v];
        if (n->fire != join2_fire && n->fire != join3_fire)
            continue;
        join_node *jn = n->st;
        int any = 0;
        for (int k = 0; k < jn->n_ops; k++) {
            for (size_t w = 0; jn->sk[k] && w < nn; w++) {
                sg_pnode *sn = &node[w];
                if (sn->n_in < 2 || sn->in[1] != jn->sk[k])
                    continue;
                sg_skc_scan *c = sg_prim_scan_skip_core(sn);
                if (c && sn->in[0]) {
                    int p = 2 * jn->n_ops + k;
                    jn->core[k] = c;
                    jn->core_in[k] = sn->in[0];
                    n->in[p] = sn->in[0];
                    if (n->n_in < p + 1)
                        n->n_in = p + 1;
                    sn->in[0] = NULL;
                    sn->in[1] = NULL;
                    sn->done = 1;
                    any = 1;
                }
                break;
            }
            jn->sk[k] = NULL;
        }
        jn->io[0].sk1 = jn->io[0].sk2 = NULL;
        if (any)
            n->fire = joinn_skip_fire;
    }
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

uint64_t sg_prim_skips_sent(const sg_pnode *n)
{
    if (n->fire != joinn_skip_fire)
        return 0;
    return ((const join_node *)n->st)->j[0].skips_sent;
}

int sg_prim_extra_outputs(const sg_pnode *n, sg_q **q)
{
    (void)n;
    (void)q;
    return 0;       /* skip channels are never pushed (sg_prim_skip_fuse) */
}

static void join_init(sg_pnode *n, int n_ops, int is_union,
                      sg_q *const *skip_out)
{
    join_node *jn = sg_calloc(1, sizeof *jn);
    jn->is_union = is_union;
    jn->n_ops = n_ops;
    n->st = jn;
    n->st_free = join_free;
    for (int k = 0; skip_out && k < n_ops && k < 3; k++)
        jn->sk[k] = skip_out[k];
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
        n->tfire = join2_tfire;
        n->ramp_ok = !is_union;     /* drains (see sg_pnode) */
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

void sg_prim_intersect_init(sg_pnode *n, int n_ops, sg_q *const *skip_out)
{
    join_init(n, n_ops, 0, skip_out);
}

void sg_prim_union_init(sg_pnode *n, int n_ops)
{
    join_init(n, n_ops, 1, NULL);
}
