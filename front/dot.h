/*
 * dot.h - the DOT front end: a Custard SAM graph file into the typed graph
 * (graph/graph.h).  The vocabulary it accepts is docs/graph-format.md; the
 * writer that produces the same vocabulary is graph/graph_write.c.
 */
#ifndef SG_DOT_H
#define SG_DOT_H

#include <stddef.h>

#include "graph/graph.h"

/* Read a Custard DOT file into g (which the caller then frees with
 * sg_graph_free).  Fails on DOT syntax errors and on structure the typed graph
 * cannot hold; semantic checks are sg_graph_check's job. */
int sg_graph_read(const char *path, sg_graph *g, sg_err *e);
/* Parse DOT text held in memory (path is used only in messages). */
int sg_graph_read_mem(const char *text, size_t len, const char *path,
                   sg_graph *g, sg_err *e);

#endif
