/*
 * test_build.h - building small graphs in unit tests (graph/analysis_test.c,
 * cli/emit_test.c): nodes, edges and the front of an elementwise product,
 * two root scanners feeding an intersect.
 *
 * Header only (static inline), for unit tests, not the tool.
 */
#ifndef SG_TEST_BUILD_H
#define SG_TEST_BUILD_H

#include <stdio.h>

#include "graph/graph.h"

/* A node of kind k with id, on line id + 2: tensor (NULL: none), mode and
 * index, compressed format.  Returns its index. */
static inline int sg_test_node(sg_graph *g, sg_node_kind k, int id,
                               const char *tensor, int mode, char index)
{
    sg_node n;
    sg_graph_node_init(&n, k);
    n.id = id;
    n.line = id + 2;
    if (tensor)
        snprintf(n.tensor, sizeof n.tensor, "%s", tensor);
    n.mode = mode;
    n.index = index;
    n.format = SG_LVL_COMPRESSED;
    return sg_graph_add_node(g, &n);
}

/* The edge s:sp -> d:dp of kind k, on line 20 + its number. */
static inline void sg_test_edge(sg_graph *g, int s, int sp, int d, int dp,
                                sg_stream_kind k)
{
    int e = sg_graph_connect(g, s, sp, d, dp, k);
    g->edges[e].line = 20 + (long)e;
}

/* Root scanners of tensors b and c on index idx (ids id and id + 1, mode 0)
 * and a two-operand intersect (id + 2) they feed: edges e0, e1 b's crd and
 * ref, e2, e3 c's.  Returns the intersect's index; the scanners are the
 * two nodes before it. */
static inline int sg_test_intersect2(sg_graph *g, int id, const char *b,
                                     const char *c, char idx)
{
    const char *t[2] = {b, c};
    int s[2];
    for (int k = 0; k < 2; k++) {
        s[k] = sg_test_node(g, SG_NK_FIBERLOOKUP, id + k, t[k], 0, idx);
        g->nodes[s[k]].root = 1;
        sg_graph_node_ports(&g->nodes[s[k]]);
    }
    sg_node n;
    sg_graph_node_init(&n, SG_NK_INTERSECT);
    n.id = id + 2;
    n.line = id + 4;
    n.index = idx;
    n.n_operands = 2;
    snprintf(n.operand[0], sizeof n.operand[0], "%s", b);
    snprintf(n.operand[1], sizeof n.operand[1], "%s", c);
    int x = sg_graph_add_node(g, &n);
    for (int k = 0; k < 2; k++) {
        sg_test_edge(g, s[k], 0, x, 2 * k, SG_ST_CRD);
        sg_test_edge(g, s[k], 1, x, 2 * k + 1, SG_ST_REF);
    }
    return x;
}

#endif
