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
 */
#include <stdlib.h>

#include "net.h"

int engine_cycle_run(sg_net *net, uint64_t max_cycles, golden_result *r,
                     sg_err *e)
{
    const sg_graph *g = net->g;
    size_t nn = net->n_order;
    int *live = sg_malloc((nn + 1) * sizeof *live);
    size_t nlive = 0;
    for (size_t k = 0; k < nn; k++)
        if (!net->node[net->order[k]].done)
            live[nlive++] = net->order[k];
    uint64_t cycle = 0;
    int rc = 0;
    while (nlive) {
        long prog = 0;
        for (size_t k = 0; k < nlive; k++) {
            sg_pnode *n = &net->node[live[k]];
            long f = n->fire(n, 1);
            if (f < 0) {
                rc = net_node_error(net, (size_t)live[k], e);
                goto out;
            }
            prog += f;
            n->firings += (uint64_t)f;
        }
        for (size_t i = 0; i < net->n_all; i++) {
            sg_q *q = net->all[i];
            if (q->dirty)
                q_commit(q);
        }
        cycle++;
        size_t w = 0;
        for (size_t k = 0; k < nlive; k++)
            if (!net->node[live[k]].done)
                live[w++] = live[k];
        nlive = w;
        if (!nlive)
            break;
        if (!prog) {
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
    r->cycles = cycle;
    free(live);
    return rc;
}
