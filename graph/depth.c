/*
 * depth.c - the number of stop levels on every edge's stream.
 */
#include "graph/depth.h"

static int in_depth(const sg_graph *g, const int *edepth, int node, int port)
{
    int k = sg_graph_in_edge(g, node, port);
    return k < 0 ? -1 : edepth[k];
}

/* The depth of output port p of node v, from its inputs' depths. */
static int out_depth(const sg_graph *g, const int *edepth, int v, int p)
{
    const sg_node *n = &g->nodes[v];
    int d;
    switch (n->kind) {
    case SG_NK_FIBERLOOKUP:
        if (n->root)
            return 1;
        d = in_depth(g, edepth, v, 0);
        return d < 0 ? -1 : d + 1;
    case SG_NK_REPEAT:
    case SG_NK_LOCATE:
        return in_depth(g, edepth, v, 1);
    case SG_NK_REDUCE:
    case SG_NK_VECTORREDUCER:
        d = in_depth(g, edepth, v, 0);
        return d > 0 ? d - 1 : -1;
    case SG_NK_SPACC:
        return p == 1 ? 1 : (sg_graph_in_edge(g, v, 0) >= 0 ? 2 : 1);
    case SG_NK_CRDHOLD:
        return in_depth(g, edepth, v, 1);
    case SG_NK_CRDDROP:
        return in_depth(g, edepth, v, p == 0 ? 0 : 1);
    default:
        return in_depth(g, edepth, v, 0);
    }
}

void sg_stream_depths(const sg_graph *g, const int *order, int *edepth)
{
    for (size_t k = 0; k < g->n_edges; k++)
        edepth[k] = -1;
    for (size_t j = 0; j < g->n_nodes; j++) {
        int v = order[j];
        for (size_t k = 0; k < g->n_edges; k++)
            if (g->edges[k].src == v)
                edepth[k] = out_depth(g, edepth, v, g->edges[k].src_port);
    }
}

int sg_crddrop_levels(const sg_graph *g, const int *edepth, int node)
{
    int d0 = in_depth(g, edepth, node, 0), d1 = in_depth(g, edepth, node, 1);
    return (d0 > 0 && d1 > d0) ? d1 - d0 : 1;
}
