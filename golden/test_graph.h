/*
 * test_graph.h - reading a graph in the golden model's unit tests.
 *
 * Header only (static inline), for unit tests, not the tool; needs
 * <cmocka.h> included first.  Tests may read graphs through front/
 * (docs/architecture.md, Layers).
 */
#ifndef SG_TEST_GRAPH_H
#define SG_TEST_GRAPH_H

#include <string.h>

#include "core/err.h"
#include "front/dot.h"
#include "graph/graph.h"

/* Read the graph at path into *g (e cleared first); 0, or -1 with the
 * reader's message in e and *g freed. */
static inline int sg_test_try_read_graph(const char *path, sg_graph *g, sg_err *e)
{
    sg_err_clear(e);
    memset(g, 0, sizeof *g);
    if (sg_graph_read(path, g, e) < 0) {
        sg_graph_free(g);
        return -1;
    }
    return 0;
}

/* Read the graph at path into *g (e cleared first); the test fails with
 * the reader's message when it cannot. */
static inline void sg_test_read_graph(const char *path, sg_graph *g, sg_err *e)
{
    if (sg_test_try_read_graph(path, g, e) < 0)
        fail_msg("%s", e->msg);
}

/* Read the graph text (a NUL-terminated DOT graph, reported as name) into
 * *g; the test fails with the reader's message when it cannot. */
static inline void sg_test_read_graph_text(const char *text, const char *name,
                                           sg_graph *g, sg_err *e)
{
    sg_err_clear(e);
    memset(g, 0, sizeof *g);
    if (sg_graph_read_mem(text, strlen(text), name, g, e) < 0)
        fail_msg("%s", e->msg);
}

#endif
