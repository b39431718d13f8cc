/*
 * engine_cycle.c - the cycle-approximate engine, in the style of the SAM
 * simulator.
 *
 * Each cycle every node that is not done fires at most once (one token per
 * port, see prim.h), then every queue commits: tokens pushed in cycle t are
 * visible in cycle t+1, and a FIFO of depth d accepts a token when it held
 * fewer than d tokens at the start of the cycle plus those pushed in it.
 * Because of this two-phase rule the evaluation order does not matter.  The
 * run ends when every node is done; the cycle count is the number of cycles
 * up to and including the one in which the last node finished.  A cycle in
 * which nothing fires while some node is not done is a deadlock: the
 * report names the full FIFOs and the waiting nodes.  Peak occupancy per
 * queue is sampled at every commit.
 *
 * Event-driven evaluation with exactly these semantics: a node's firing
 * depends only on its own state and on what it sees of its queues (the
 * visible tokens of its inputs, the room of its outputs), and a firing that
 * makes no progress changes nothing.  So a node that neither fired in
 * cycle t nor had a token pushed into an input, nor (bounded FIFOs) a
 * token popped from an output, in cycle t cannot fire in cycle t+1 and is
 * not stepped.  Only the queues the stepped nodes pushed to, and the
 * bounded FIFOs they popped, are committed.
 *
 * Commits without a second pass: the nodes to step are kept in a bit set
 * indexed by *rank*, the position in reverse topological order, and are
 * stepped in rank order, consumers before their producers.  When a node
 * has fired, the consumer of each queue it pushed to has already had its
 * turn in this cycle, so committing that queue at once is the same as
 * committing it at the end of the cycle: nobody looks at it again before
 * the next cycle, and its head (for the peak) is final.  Queues read by a
 * node of higher rank (an intersect's skip channel to its scanner) and
 * pops from bounded FIFOs (whose producer may still test room in this
 * cycle) are committed after the cycle.
 *
 * Runs ahead (see sg_pnode in prim.h): a scanner inside a fiber with
 * unbounded outputs writes the rest of the fiber ahead and is then not
 * stepped; at the end of each following cycle the engine pushes and
 * commits one token per queue for it and counts the firing, until the run
 * is over and the scanner is stepped again.  Drains (see sg_pnode): an
 * intersect dropping heads that such a scanner delivers is not stepped
 * either; the engine pops them at the end of each cycle, before the
 * scanners' pushes.  Cycles in which only drains and runs ahead act are
 * done at once (fast_forward).
 *
 * With every FIFO unbounded and no skipping scanner the run goes to the
 * timed mode instead (engine_timed.c: the same results, node by node
 * with per-token visibility stamps); golden_opts.cycle_loop keeps this
 * loop (for comparisons).
 */
#include <stdlib.h>

#include "golden/net.h"

/* A queue to commit and the node the commit may wake, as its bit in the
 * bit sets (word index and mask: a wake-up is one OR). */
typedef struct cyc_qref {
    sg_q *q;
    uint64_t bit;
    size_t word;
} cyc_qref;

static cyc_qref qref(sg_q *q, uint32_t rank)
{
    return (cyc_qref){q, UINT64_C(1) << (rank & 63), rank >> 6};
}

/* Per rank, what the loop needs, packed together. */
typedef struct cyc_node {
    sg_fire_fn fire;
    sg_pnode *n;
    const cyc_qref *eo, *eo_end;    /* pushed-to queues committed at once */
    uint32_t id;            /* graph node index (for messages) */
    int late;               /* has queues of the two kinds below or may run
                             * ahead: after-cycle work when it fired */
    uint32_t d, d_end;      /* pushed-to queues committed after the cycle:
                             * dq[d .. d_end) */
    uint32_t b, b_end;      /* bounded input queues, bq[b .. b_end) (pops
                             * commit after the cycle) */
    uint64_t pad;           /* 64 bytes: indexing by rank is a shift */
} cyc_node;

typedef struct cyc_sched {
    cyc_node *cn;           /* by rank; rank nn is a node that is always done */
    cyc_qref *eo, *dq, *bq;
    uint64_t *cur, *next;   /* bit sets of ranks to step */
    uint64_t *live;         /* bit set of the ranks not done */
    uint32_t *late;         /* ranks that fired and have after-cycle work */
    uint32_t *ramps;        /* ranks running ahead (see sg_pnode) */
    uint32_t *drains;       /* ranks draining (see sg_pnode) */
    size_t nw;              /* words per bit set */
    sg_pnode idle;          /* the always-done node behind rank nn */
} cyc_sched;

static void sched_free(cyc_sched *s)
{
    free(s->cn);
    free(s->eo);
    free(s->dq);
    free(s->bq);
    free(s->cur);
    free(s->next);
    free(s->live);
    free(s->late);
    free(s->ramps);
    free(s->drains);
}

/* Ranks, per-rank queue lists, queue producers and consumers.  Queues with
 * no consumer (or producer) wake rank nn, which is never stepped.  One
 * pass on purpose: the lists are counted, then filled, in the same walk. */
static void sched_build(sg_net *net, cyc_sched *s)
{
    size_t nn = net->n_order, to = 0, ti = 0;
    uint32_t *rank = sg_malloc((nn + 1) * sizeof *rank);
    for (size_t k = 0; k < nn; k++)
        rank[net->order[k]] = (uint32_t)(nn - 1 - k);
    for (size_t v = 0; v < nn; v++) {
        sg_pnode *n = &net->node[v];
        to += 2;
        for (int p = 0; p < n->n_in; p++)
            if (n->in[p]) {
                n->in[p]->cons = (int)v;
                ti++;
            }
        for (int p = 0; p < n->n_out; p++) {
            to += (size_t)n->out[p].n;
            for (int i = 0; i < n->out[p].n; i++)
                n->out[p].q[i]->prod = (int)v;
        }
        sg_q *x[2];
        int nx = sg_prim_extra_outputs(n, x);
        for (int i = 0; i < nx; i++)
            x[i]->prod = (int)v;
    }
    memset(&s->idle, 0, sizeof s->idle);
    s->idle.done = 1;
    s->cn = sg_calloc(nn + 1, sizeof *s->cn);
    s->eo = sg_malloc((to ? to : 1) * sizeof *s->eo);
    s->dq = sg_malloc((to ? to : 1) * sizeof *s->dq);
    s->bq = sg_malloc((ti ? ti : 1) * sizeof *s->bq);
    uint32_t ko = 0, kd = 0, kb = 0;
    for (size_t r = 0; r < nn; r++) {
        size_t v = (size_t)net->order[nn - 1 - r];
        sg_pnode *n = &net->node[v];
        cyc_node *c = &s->cn[r];
        c->fire = n->fire;
        c->n = n;
        c->id = (uint32_t)v;
        sg_q *pushed[SG_PRIM_MAX_OUT * 16 + 2];
        size_t np = 0;
        for (int p = 0; p < n->n_out; p++)
            for (int i = 0; i < n->out[p].n; i++)
                if (np < SG_PRIM_MAX_OUT * 16)
                    pushed[np++] = n->out[p].q[i];
        np += (size_t)sg_prim_extra_outputs(n, pushed + np);
        uint32_t o = ko;
        for (size_t i = 0; i < np; i++) {
            int w = pushed[i]->cons;
            uint32_t wr = w >= 0 ? rank[w] : (uint32_t)nn;
            if (wr == nn || wr < r)
                s->eo[ko++] = qref(pushed[i], wr);
        }
        c->eo = s->eo + o;
        c->eo_end = s->eo + ko;
        c->d = kd;
        for (size_t i = 0; i < np; i++) {
            int w = pushed[i]->cons;
            uint32_t wr = w >= 0 ? rank[w] : (uint32_t)nn;
            if (!(wr == nn || wr < r))
                s->dq[kd++] = qref(pushed[i], wr);
        }
        c->d_end = kd;
        c->b = kb;
        for (int p = 0; p < n->n_in; p++) {
            sg_q *q = n->in[p];
            if (q && q->lim != SIZE_MAX)
                s->bq[kb++] = qref(q, q->prod >= 0 ? rank[q->prod] : (uint32_t)nn);
        }
        c->b_end = kb;
        /* Runs ahead need every pushed-to queue unbounded and committed
         * at once (see sg_pnode). */
        n->can_ramp = n->ramp_ok && c->d == c->d_end;
        for (const cyc_qref *x = c->eo; x != c->eo_end; x++)
            if (x->q->lim != SIZE_MAX)
                n->can_ramp = 0;
        n->ramp = 0;
        n->drain[0] = n->drain[1] = NULL;
        c->late = c->d != c->d_end || c->b != c->b_end || n->can_ramp;
    }
    s->cn[nn].fire = NULL;
    s->cn[nn].n = &s->idle;
    s->nw = (nn + 1 + 63) / 64;
    s->cur = sg_calloc(s->nw, sizeof *s->cur);
    s->next = sg_calloc(s->nw, sizeof *s->next);
    s->live = sg_calloc(s->nw, sizeof *s->live);
    s->late = sg_malloc((nn + 1) * sizeof *s->late);
    s->ramps = sg_malloc((nn + 1) * sizeof *s->ramps);
    s->drains = sg_malloc((nn + 1) * sizeof *s->drains);
    free(rank);
}

static inline void wake(uint64_t *set, uint32_t r)
{
    set[r >> 6] |= UINT64_C(1) << (r & 63);
}

/* One cycle of a node's run ahead (see sg_pnode), at the end of the
 * cycle: each of its queues gets the next token written ahead, pushed and
 * committed as if the node had fired (its consumers have had their turn
 * in this cycle). */
static void ramp_step(const cyc_node *c, uint64_t *next)
{
    for (const cyc_qref *x = c->eo, *end = c->eo_end; x != end; x++) {
        sg_q *q = x->q;
        uint64_t tl = q->tail;      /* the token is in the ring: a push
                                     * is the hook and the new tail */
        if (__builtin_expect(q->hook, 0))
            sg_q_hook(q, q->buf[tl & q->mask]);
        q->tail = tl + 1;
        q->ahead--;
        q_commit(q);
        next[x->word] |= x->bit;
    }
}

/* Cycles in which no node is stepped and no run ahead or drain ends are
 * all alike: each draining node pops one token per drained queue, then
 * each node running ahead pushes and commits one token per queue.  When
 * the coming cycle steps no node and the queues run ahead wake none (their
 * consumers drain, run ahead or are done), every following cycle is the
 * same until a run ahead or drain ends: all but the last of them (at most
 * limit - 1) are done here at once; the last is a normal cycle.  Within
 * them each queue's occupancy never falls (a push every cycle, at most one
 * pop), so its peak is the one at the last commit.  Returns the number of
 * cycles done. */
static uint64_t fast_forward(const cyc_node *cn, const uint64_t *cur,
                             const uint64_t *live, size_t nw,
                             const uint32_t *ramps, size_t nramp,
                             const uint32_t *drains, size_t ndrain,
                             uint64_t limit)
{
    for (size_t wi = 0; wi < nw; wi++)
        if (cur[wi] & live[wi])
            return 0;
    uint64_t m = limit;
    for (size_t k = 0; k < nramp; k++) {
        const cyc_node *c = &cn[ramps[k]];
        if (c->n->ramp < m)
            m = c->n->ramp;
        for (const cyc_qref *x = c->eo; x != c->eo_end; x++)
            if (live[x->word] & x->bit)
                return 0;
    }
    for (size_t k = 0; k < ndrain; k++)
        if (cn[drains[k]].n->ramp < m)
            m = cn[drains[k]].n->ramp;
    if (m < 2)
        return 0;
    uint64_t f = m - 1;
    for (size_t k = 0; k < ndrain; k++) {
        sg_pnode *n = cn[drains[k]].n;
        n->drain[0]->head += f;
        n->drain[1]->head += f;
        n->firings += f;
        n->ramp -= f;
    }
    for (size_t k = 0; k < nramp; k++) {
        const cyc_node *c = &cn[ramps[k]];
        for (const cyc_qref *x = c->eo; x != c->eo_end; x++) {
            sg_q *q = x->q;
            for (uint64_t i = 0; q->hook && i < f; i++)
                sg_q_hook(q, q->buf[(q->tail + i) & q->mask]);
            q->tail += f;
            q->ahead -= f;
            q_commit(q);
        }
        c->n->firings += f;
        c->n->ramp -= f;
    }
    return f;
}

/* The cycle loop.  Its phases (ramps, firing by rank, commits, drains,
 * deadlock and limit checks) share the cycle's local schedule state; kept
 * whole so that one cycle reads top to bottom. */
int sg_engine_cycle_run(sg_net *net, uint64_t max_cycles, golden_result *r,
                     sg_err *e)
{
    const sg_graph *g = net->g;
    size_t nn = net->n_order;
    cyc_sched s;
    if (sg_engine_timed_ok(net) && !net->cycle_loop)
        return sg_engine_timed_run(net, max_cycles, r, e);
    sg_prim_skip_fuse(net->node, nn);  /* skipping scanners join their intersects */
    sched_build(net, &s);
    for (size_t i = 0; i < net->n_all; i++)
        net->all[i]->hook = sg_q_hooked(net->all[i]);
    /* The loop works on locals only: the fire calls and queue stores then
     * cannot force reloads of the schedule. */
    const cyc_node *cn = s.cn;
    const cyc_qref *dq = s.dq, *bq = s.bq;
    uint64_t *cur = s.cur, *next = s.next, *live = s.live;
    uint32_t *late = s.late, *ramps = s.ramps, *drains = s.drains;
    size_t nw = s.nw, nlive = 0, nramp = 0, ndrain = 0;
    for (size_t i = 0; i < net->n_all; i++)
        net->all[i]->ahead = 0;
    for (size_t k = 0; k < nn; k++)
        if (!cn[k].n->done) {
            wake(cur, (uint32_t)k);
            wake(live, (uint32_t)k);
            nlive++;
        }
    uint64_t cycle = 0;
    int rc = 0;
    while (nlive) {
        if (nramp + ndrain)
            cycle += fast_forward(cn, cur, live, nw, ramps, nramp, drains,
                                  ndrain, max_cycles ? max_cycles - cycle
                                                     : UINT64_MAX);
        size_t nstep = 0, nlate = 0;
        for (size_t wi = 0; wi < nw; wi++) {
            uint64_t bits = cur[wi] & live[wi];    /* done nodes are not stepped */
            cur[wi] = 0;
            while (bits) {
                uint32_t rk = (uint32_t)(wi * 64 + (size_t)__builtin_ctzll(bits));
                uint64_t me = bits & -bits;
                bits ^= me;
                const cyc_node *c = &cn[rk];
                sg_pnode *n = c->n;
                long f = c->fire(n, 1);
                if (n->done) {                  /* may finish without a firing */
                    live[wi] &= ~me;
                    nlive--;
                }
                if (f <= 0) {
                    if (f < 0) {
                        rc = sg_net_node_error(net, c->id, e);
                        goto out;
                    }
                    continue;
                }
                n->firings += (uint64_t)f;
                nstep++;
                next[wi] |= me;
                for (const cyc_qref *x = c->eo, *end = c->eo_end; x != end; x++) {
                    sg_q *q = x->q;
                    if (q->vend == q->tail)
                        continue;
                    q_commit(q);
                    next[x->word] |= x->bit;
                }
                if (c->late)
                    late[nlate++] = rk;
            }
        }
        /* After the cycle: the draining nodes pop (before the pushes of
         * the producers they drain), the nodes running ahead fire (neither
         * is stepped: out of `live` meanwhile), ... */
        for (size_t k = 0; k < ndrain;) {
            uint32_t rk = drains[k];
            sg_pnode *n = cn[rk].n;
            n->drain[0]->head++;
            n->drain[1]->head++;
            n->firings++;
            nstep++;
            if (--n->ramp) {
                k++;
                continue;
            }
            n->drain[0] = n->drain[1] = NULL;
            wake(live, rk);                     /* the drain is over */
            wake(next, rk);
            drains[k] = drains[--ndrain];
        }
        for (size_t k = 0; k < nramp;) {
            uint32_t rk = ramps[k];
            sg_pnode *n = cn[rk].n;
            ramp_step(&cn[rk], next);
            n->firings++;
            nstep++;
            if (--n->ramp) {
                k++;
                continue;
            }
            wake(live, rk);                     /* the run is over */
            wake(next, rk);
            ramps[k] = ramps[--nramp];
        }
        /* ... runs ahead start, skip channels and bounded-FIFO pops
         * commit. */
        for (size_t k = 0; k < nlate; k++) {
            const cyc_node *c = &cn[late[k]];
            if (c->n->ramp) {
                live[late[k] >> 6] &= ~(UINT64_C(1) << (late[k] & 63));
                if (c->n->drain[0]) {
                    drains[ndrain++] = late[k];
                } else {
                    ramps[nramp++] = late[k];
                    for (const cyc_qref *x = c->eo; x != c->eo_end; x++)
                        x->q->ahead = c->n->ramp;
                }
            }
            for (uint32_t i = c->d; i < c->d_end; i++)
                if (dq[i].q->vend != dq[i].q->tail) {
                    q_commit(dq[i].q);
                    next[dq[i].word] |= dq[i].bit;
                }
            for (uint32_t i = c->b; i < c->b_end; i++)
                if (bq[i].q->rhead != bq[i].q->head) {
                    q_commit(bq[i].q);
                    next[bq[i].word] |= bq[i].bit;
                }
        }
        uint64_t *t = cur;
        cur = next;
        next = t;
        cycle++;
        if (!nlive)
            break;
        if (!nstep) {
            for (size_t i = 0; i < net->n_all; i++)
                sg_q_sync(net->all[i]);
            r->deadlock = 1;
            r->deadlock_msg = sg_net_stuck_report(net);
            sg_errc(e, SG_EXIT_CHECK, g->path, 0, "deadlock at cycle %llu: %s",
                    (unsigned long long)cycle, r->deadlock_msg);
            rc = 0;
            goto out;
        }
        if (max_cycles && cycle >= max_cycles) {
            rc = sg_errc(e, SG_EXIT_CHECK, g->path, 0,
                         "cycle limit %llu reached before the graph finished",
                         (unsigned long long)max_cycles);
            goto out;
        }
    }
out:
    for (size_t i = 0; i < net->n_all; i++)
        sg_q_sync(net->all[i]);
    r->cycles = cycle;
    s.cur = cur;
    s.next = next;
    sched_free(&s);
    return rc;
}
