/*
 * dot_read.h - what the parts of the DOT reader share (front/ only):
 * graph_read.c reads nodes, the header comment and drives a parse;
 * dot_edges.c binds edges to ports; dot_scan.c finds line numbers.
 */
#ifndef SG_DOT_READ_H
#define SG_DOT_READ_H

#include <stddef.h>

#include <cgraph.h>

#include "front/dot_scan.h"
#include "graph/graph.h"

/* Reading state for one parse. */
typedef struct rd {
    const char *path;
    sg_graph *g;
    sg_err *e;
    scan_info si;
} rd;

/* Copy s into d[cap], cut to fit.  The cut never splits a backslash pair:
 * half a pair left at the end would escape the closing quote when the
 * graph is written back. */
void sg_dot_copy_cut(char *d, size_t cap, const char *s);
/* A cgraph string attribute of obj, "" when unset. */
const char *sg_dot_ag_str(void *obj, const char *name);
/* Read every edge of ag into r->g, bound to its ports (dot_edges.c). */
int sg_dot_read_edges(rd *r, Agraph_t *ag);

#endif
