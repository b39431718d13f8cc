/*
 * skip_plan.c - which intersectors skip, and through which scanners.
 */
#include <stdlib.h>
#include <string.h>

#include "graph/skip_plan.h"

/* The one edge leaving (node, port), or -1 when none or several do. */
static int sole_out_edge(const sg_graph *g, int node, int port)
{
    int k = -1;
    for (size_t i = 0; i < g->n_edges; i++)
        if (g->edges[i].src == node && g->edges[i].src_port == port) {
            if (k >= 0)
                return -1;
            k = (int)i;
        }
    return k;
}

/* The compressed scanner whose crd and ref outputs feed only operand k of
 * intersect v, or -1. */
static int exclusive_scanner(const sg_graph *g, int v, int k)
{
    int kc = sg_graph_in_edge(g, v, 2 * k), kr = sg_graph_in_edge(g, v, 2 * k + 1);
    if (kc < 0 || kr < 0)
        return -1;
    int s = g->edges[kc].src;
    const sg_node *sn = &g->nodes[s];
    if (g->edges[kr].src != s || sn->kind != SG_NK_FIBERLOOKUP ||
        sn->format != SG_LVL_COMPRESSED || g->edges[kc].src_port != 0 ||
        g->edges[kr].src_port != 1 || sole_out_edge(g, s, 0) != kc ||
        sole_out_edge(g, s, 1) != kr)
        return -1;
    /* Nothing else leaves the scanner (a skip port has no output). */
    for (size_t i = 0; i < g->n_edges; i++)
        if (g->edges[i].src == s && (int)i != kc && (int)i != kr)
            return -1;
    return s;
}

static int check_cam(const sg_graph *g, int node, int t, sg_err *e)
{
    if (t > 0 && sg_skc_size_ok(t))
        return 0;
    char desc[160];
    sg_graph_node_desc(&g->nodes[node], desc, sizeof desc);
    return sg_errc(e, SG_EXIT_USAGE, g->path ? g->path : "<graph>",
                   g->nodes[node].line,
                   "%s: skip CAM size %d is not a power of two up to %d", desc, t,
                   SG_SKC_T_MAX);
}

int sg_skip_plan_make(const sg_graph *g, int default_T, sg_skip_plan *p,
                      sg_err *e)
{
    size_t nn = g->n_nodes, ne = g->n_edges;
    memset(p, 0, sizeof *p);
    p->n_nodes = nn;
    p->n_edges = ne;
    p->node_cam = sg_calloc(nn ? nn : 1, sizeof *p->node_cam);
    p->scan = sg_malloc((nn ? nn : 1) * sizeof *p->scan);
    p->edge_skip = sg_calloc(ne ? ne : 1, 1);
    for (size_t i = 0; i < nn; i++) {
        const sg_node *n = &g->nodes[i];
        p->scan[i][0] = p->scan[i][1] = p->scan[i][2] = -1;
        if (n->kind != SG_NK_INTERSECT || n->n_operands < 2 || n->n_operands > 3)
            continue;
        int t = n->skip >= 0 ? n->skip : default_T;
        if (t <= 0)
            continue;
        if (check_cam(g, (int)i, t, e) < 0)
            return -1;
        for (int k = 0; k < n->n_operands; k++) {
            int s = exclusive_scanner(g, (int)i, k);
            if (s < 0 || g->nodes[s].skip == 0)
                continue;
            int ts = g->nodes[s].skip > 0 ? g->nodes[s].skip : t;
            if (check_cam(g, s, ts, e) < 0)
                return -1;
            p->node_cam[s] = ts;
            p->edge_skip[sg_graph_in_edge(g, (int)i, 2 * k)] = 1;
            p->edge_skip[sg_graph_in_edge(g, (int)i, 2 * k + 1)] = 1;
            p->scan[i][k] = s;
            p->node_cam[i] = t;
        }
    }
    return 0;
}

void sg_skip_plan_free(sg_skip_plan *p)
{
    free(p->node_cam);
    free(p->scan);
    free(p->edge_skip);
    memset(p, 0, sizeof *p);
}
