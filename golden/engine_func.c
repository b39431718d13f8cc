/*
 * engine_func.c - the functional engine: every primitive as a stream
 * transformer.
 *
 * Nodes run in topological order, each as long as it can (one call of its
 * fire function processes whole input queues); rounds repeat until every
 * node is done.  The queues run in commit mode: a node's output queues are
 * committed before it runs (so it sees the room its consumers freed) and
 * after it (so its consumers see everything it produced), which keeps the
 * per-token queue operations to a store and an increment.  Queues are
 * soft-capped (a producer pauses when its output queue holds `lim` tokens)
 * so memory follows the tensors rather than the streams; when a whole
 * round makes no progress while some queue is at its cap, the caps of the
 * full queues are raised (reconvergent paths that need more buffering,
 * e.g. a reduce beside a bypass); with no full queue the graph is stuck on
 * a malformed stream, which is reported.
 */
#include <stdlib.h>

#include "golden/net.h"

static void commit_outputs(sg_pnode *n)
{
    for (int p = 0; p < n->n_out; p++)
        for (int i = 0; i < n->out[p].n; i++)
            q_commit(n->out[p].q[i]);
}

static void sync_all(sg_net *net)
{
    for (size_t i = 0; i < net->n_all; i++)
        sg_q_sync(net->all[i]);
}

int sg_engine_func_run(sg_net *net, sg_err *e)
{
    const sg_graph *g = net->g;
    for (size_t i = 0; i < net->n_all; i++) {
        sg_q *q = net->all[i];
        sg_q_set_cyc(q, 1);
        q->hook = sg_q_hooked(q);
    }
    int rc = 0;
    for (;;) {
        long prog = 0;
        int all_done = 1;
        for (size_t k = 0; k < net->n_order; k++) {
            sg_pnode *n = &net->node[net->order[k]];
            if (n->done)
                continue;
            commit_outputs(n);
            long r = n->fire(n, 1L << 40);
            commit_outputs(n);
            if (r < 0) {
                rc = sg_net_node_error(net, (size_t)net->order[k], e);
                goto out;
            }
            prog += r;
            n->firings += (uint64_t)r;
            if (!n->done)
                all_done = 0;
        }
        if (all_done)
            goto out;
        if (prog)
            continue;
        int raised = 0;
        for (size_t i = 0; i < net->n_all; i++) {
            sg_q *q = net->all[i];
            if (q->tail - q->head >= q->lim) {
                q->lim = q->lim > SIZE_MAX / 4 ? SIZE_MAX : q->lim * 4;
                raised = 1;
            }
        }
        if (raised)
            continue;
        sync_all(net);
        char *msg = sg_net_stuck_report(net);
        sg_errc(e, SG_EXIT_USAGE, g->path, 0,
                "graph stops before every node is done (malformed streams): %s", msg);
        free(msg);
        rc = -1;
        goto out;
    }
out:
    sync_all(net);
    return rc;
}
