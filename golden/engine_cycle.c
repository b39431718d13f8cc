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
 * not stepped.  Only the queues the stepped nodes touched are committed.
 */
#include <stdlib.h>

#include "net.h"

typedef struct cyc_sched {
    size_t *qoff;           /* node v touches qs[qoff[v] .. qoff[v+1]) */
    sg_q **qs;
    int *cur, *next, *stepped;
    uint64_t *mark;         /* cycle + 1 in which the node is queued */
} cyc_sched;

static void sched_free(cyc_sched *s)
{
    free(s->qoff);
    free(s->qs);
    free(s->cur);
    free(s->next);
    free(s->stepped);
    free(s->mark);
}

/* Per-node list of the queues it pops or pushes; queue producer/consumer. */
static void sched_build(sg_net *net, cyc_sched *s)
{
    size_t nn = net->n_order, tot = 0;
    s->qoff = sg_calloc(nn + 1, sizeof *s->qoff);
    for (size_t v = 0; v < nn; v++) {
        sg_pnode *n = &net->node[v];
        size_t c = 2;
        for (int p = 0; p < n->n_in; p++)
            c += n->in[p] != NULL;
        for (int p = 0; p < n->n_out; p++)
            c += (size_t)n->out[p].n;
        tot += c;
    }
    s->qs = sg_malloc((tot ? tot : 1) * sizeof *s->qs);
    size_t k = 0;
    for (size_t v = 0; v < nn; v++) {
        sg_pnode *n = &net->node[v];
        s->qoff[v] = k;
        for (int p = 0; p < n->n_in; p++)
            if (n->in[p]) {
                n->in[p]->cons = (int)v;
                s->qs[k++] = n->in[p];
            }
        for (int p = 0; p < n->n_out; p++)
            for (int i = 0; i < n->out[p].n; i++) {
                n->out[p].q[i]->prod = (int)v;
                s->qs[k++] = n->out[p].q[i];
            }
        sg_q *x[2];
        int nx = prim_extra_outputs(n, x);
        for (int i = 0; i < nx; i++) {
            x[i]->prod = (int)v;
            s->qs[k++] = x[i];
        }
    }
    s->qoff[nn] = k;
    s->cur = sg_malloc((nn + 1) * sizeof *s->cur);
    s->next = sg_malloc((nn + 1) * sizeof *s->next);
    s->stepped = sg_malloc((nn + 1) * sizeof *s->stepped);
    s->mark = sg_calloc(nn + 1, sizeof *s->mark);
}

int engine_cycle_run(sg_net *net, uint64_t max_cycles, golden_result *r,
                     sg_err *e)
{
    const sg_graph *g = net->g;
    size_t nn = net->n_order;
    cyc_sched s;
    sched_build(net, &s);
    for (size_t i = 0; i < net->n_all; i++)
        net->all[i]->hook = net->all[i]->trace != NULL || net->all[i]->keep != NULL;
    size_t ncur = 0, nlive = 0;
    for (size_t k = 0; k < nn; k++)
        if (!net->node[net->order[k]].done) {
            s.cur[ncur++] = net->order[k];
            nlive++;
        }
    uint64_t cycle = 0;
    int rc = 0;
    while (nlive) {
        long prog = 0;
        size_t nstep = 0, nnext = 0;
        for (size_t k = 0; k < ncur; k++) {
            sg_pnode *n = &net->node[s.cur[k]];
            if (n->done)
                continue;
            long f = n->fire(n, 1);
            if (f < 0) {
                rc = net_node_error(net, (size_t)s.cur[k], e);
                goto out;
            }
            if (n->done)
                nlive--;
            if (f) {
                prog += f;
                n->firings += (uint64_t)f;
                s.stepped[nstep++] = s.cur[k];
            }
        }
        /* Commit what the stepped nodes touched; queue the nodes that may
         * fire next cycle. */
        uint64_t stamp = cycle + 2;
        for (size_t k = 0; k < nstep; k++) {
            int v = s.stepped[k];
            if (s.mark[v] != stamp) {
                s.mark[v] = stamp;
                s.next[nnext++] = v;
            }
            for (size_t i = s.qoff[v]; i < s.qoff[v + 1]; i++) {
                sg_q *q = s.qs[i];
                int pushed = q->vend != q->tail, popped = q->rhead != q->head;
                if (!pushed && !popped)
                    continue;
                int w = -1;
                if (pushed && q->cons >= 0 && s.mark[q->cons] != stamp)
                    w = q->cons;
                q_commit(q);
                if (w >= 0) {
                    s.mark[w] = stamp;
                    s.next[nnext++] = w;
                }
                if (popped && q->lim != SIZE_MAX && q->prod >= 0 &&
                    s.mark[q->prod] != stamp) {
                    s.mark[q->prod] = stamp;
                    s.next[nnext++] = q->prod;
                }
            }
        }
        int *t = s.cur;
        s.cur = s.next;
        s.next = t;
        ncur = nnext;
        cycle++;
        if (!nlive)
            break;
        if (!prog) {
            for (size_t i = 0; i < net->n_all; i++)
                sg_q_sync(net->all[i]);
            r->deadlock = 1;
            r->deadlock_msg = net_stuck_report(net);
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
    sched_free(&s);
    return rc;
}
