/*
 * engine_func.c - the functional engine: every primitive as a stream
 * transformer.
 *
 * Nodes fire in topological order, each as long as it can; rounds repeat
 * until every node is done.  Queues are soft-capped (a producer pauses when
 * its output queue holds `lim` tokens) so memory follows the tensors rather
 * than the streams; when a whole round makes no progress while some queue
 * is at its cap, the caps of the full queues are raised (reconvergent paths
 * that need more buffering, e.g. a reduce beside a bypass); with no full
 * queue the graph is stuck on a malformed stream, which is reported.
 */
#include <stdlib.h>

#include "net.h"

int engine_func_run(sg_net *net, sg_err *e)
{
    const sg_graph *g = net->g;
    for (;;) {
        long prog = 0;
        int all_done = 1;
        for (size_t k = 0; k < net->n_order; k++) {
            sg_pnode *n = &net->node[net->order[k]];
            if (n->done)
                continue;
            long r = n->fire(n, 1L << 40);
            if (r < 0)
                return net_node_error(net, (size_t)net->order[k], e);
            prog += r;
            n->firings += (uint64_t)r;
            if (!n->done)
                all_done = 0;
        }
        if (all_done)
            return 0;
        if (prog)
            continue;
        int raised = 0;
        for (size_t i = 0; i < net->n_all; i++) {
            sg_q *q = net->all[i];
            if (q->room_n >= q->lim) {
                q->lim = q->lim > SIZE_MAX / 4 ? SIZE_MAX : q->lim * 4;
                raised = 1;
            }
        }
        if (raised)
            continue;
        char *msg = net_stuck_report(net);
        sg_errc(e, SG_EXIT_USAGE, g->path, 0,
                "graph stops before every node is done (malformed streams): %s", msg);
        free(msg);
        return -1;
    }
}
