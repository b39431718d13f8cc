/*
 * depth.h - stream depths: how many levels of stops each edge's stream
 * carries (a root scanner's coordinates: 1; each nested scanner adds one,
 * a reducer takes one away).  One copy, used by the golden model (the
 * crddrop level gap) and the generator (the same, and its comments).
 */
#ifndef SG_DEPTH_H
#define SG_DEPTH_H

#include "graph/graph.h"

/* Fill edepth[g->n_edges]: the depth of each edge's stream, propagated in
 * the topological order `order` (sg_graph_topo_order, all g->n_nodes nodes);
 * -1 where it is unknown (a scanner with no reference input). */
void sg_stream_depths(const sg_graph *g, const int *order, int *edepth);

/* Levels between the outer (port 0) and inner (port 1) input streams of a
 * coordinate dropper or holder: 1 for adjacent levels and where a depth is
 * unknown. */
int sg_crddrop_levels(const sg_graph *g, const int *edepth, int node);

#endif
