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
 * bounded FIFOs they popped, are committed (see sched_build).
 */
#include <stdlib.h>

#include "net.h"

typedef struct cyc_sched {
    size_t *ooff;           /* node v pushes to os[ooff[v] .. ooff[v+1]) */
    sg_q **os;
    size_t *ioff;           /* bounded inputs: is[ioff[v] .. ioff[v+1]) */
    sg_q **is;
    int *cur, *next, *stepped;
    uint64_t *mark;         /* cycle + 2 when queued for cycle + 1 */
} cyc_sched;

static void sched_free(cyc_sched *s)
{
    free(s->ooff);
    free(s->os);
    free(s->ioff);
    free(s->is);
    free(s->cur);
    free(s->next);
    free(s->stepped);
    free(s->mark);
}

/* Per node: the queues it pushes to (output ports and skip channels) and
 * its bounded input queues; queue producers and consumers.  After a cycle
 * only these need looking at: a push must be committed (the consumer sees
 * it next cycle, and occupancy can only peak after a push), a pop from a
 * bounded FIFO must be committed (its slot frees for the producer).  A pop
 * from an unbounded queue changes nothing anyone can observe until the
 * producer's next push commits it. */
static void sched_build(sg_net *net, cyc_sched *s)
{
    size_t nn = net->n_order, to = 0, ti = 0;
    for (size_t v = 0; v < nn; v++) {
        sg_pnode *n = &net->node[v];
        to += 2;
        for (int p = 0; p < n->n_in; p++)
            ti += n->in[p] != NULL;
        for (int p = 0; p < n->n_out; p++)
            to += (size_t)n->out[p].n;
    }
    s->ooff = sg_calloc(nn + 1, sizeof *s->ooff);
    s->ioff = sg_calloc(nn + 1, sizeof *s->ioff);
    s->os = sg_malloc((to ? to : 1) * sizeof *s->os);
    s->is = sg_malloc((ti ? ti : 1) * sizeof *s->is);
    size_t ko = 0, ki = 0;
    for (size_t v = 0; v < nn; v++) {
        sg_pnode *n = &net->node[v];
        s->ooff[v] = ko;
        s->ioff[v] = ki;
        for (int p = 0; p < n->n_in; p++)
            if (n->in[p]) {
                n->in[p]->cons = (int)v;
                if (n->in[p]->lim != SIZE_MAX)
                    s->is[ki++] = n->in[p];
            }
        for (int p = 0; p < n->n_out; p++)
            for (int i = 0; i < n->out[p].n; i++) {
                n->out[p].q[i]->prod = (int)v;
                s->os[ko++] = n->out[p].q[i];
            }
        sg_q *x[2];
        int nx = prim_extra_outputs(n, x);
        for (int i = 0; i < nx; i++) {
            x[i]->prod = (int)v;
            s->os[ko++] = x[i];
        }
    }
    s->ooff[nn] = ko;
    s->ioff[nn] = ki;
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
            for (size_t i = s.ooff[v]; i < s.ooff[v + 1]; i++) {
                sg_q *q = s.os[i];
                if (q->vend == q->tail)
                    continue;
                q_commit(q);
                int w = q->cons;
                if (w >= 0 && s.mark[w] != stamp) {
                    s.mark[w] = stamp;
                    s.next[nnext++] = w;
                }
            }
            for (size_t i = s.ioff[v]; i < s.ioff[v + 1]; i++) {
                sg_q *q = s.is[i];
                if (q->rhead == q->head)
                    continue;
                q_commit(q);
                int w = q->prod;
                if (w >= 0 && s.mark[w] != stamp) {
                    s.mark[w] = stamp;
                    s.next[nnext++] = w;
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
