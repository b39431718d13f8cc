/*
 * fuzz_graph.c - libFuzzer target for the SAM graph reader.
 *
 * Feeds arbitrary bytes to sg_graph_read_mem.  A graph that reads is checked,
 * written back as DOT (sg_graph_write_dot_stream) and read again: the writer's
 * output must always be readable and give the same node and edge counts
 * and the same edge labels and port binding.  After every input, read or not,
 * a small good graph must still read: cgraph's scanner keeps state between
 * parses, and text it was left holding would break every later read.  Any
 * crash, sanitizer report, leak or abort is a finding.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph/graph.h"
#include "front/dot.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void good_graph_reads(void)
{
    static const char good[] = "digraph SAM {\n}\n";
    sg_graph g;
    sg_err e;
    sg_err_clear(&e);
    if (sg_graph_read_mem(good, sizeof good - 1, "good.gv", &g, &e) < 0) {
        fprintf(stderr, "a good graph no longer reads: %s\n", e.msg);
        abort();
    }
    sg_graph_free(&g);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sg_graph g, h;
    sg_err e;
    sg_err_clear(&e);
    if (sg_graph_read_mem((const char *)data, size, "fuzz.gv", &g, &e) < 0) {
        if (strncmp(e.msg, "fuzz.gv", 7) != 0)
            abort();                    /* every error names the file */
        good_graph_reads();
        return 0;
    }
    sg_diags d = {0};
    sg_graph_check(&g, &d);
    sg_diags_free(&d);

    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f)
        abort();
    if (sg_graph_write_dot_stream(&g, f) < 0)
        abort();
    fclose(f);
    if (sg_graph_read_mem(buf, len, "rt.gv", &h, &e) < 0) {
        fprintf(stderr, "written graph does not read back: %s\n%s\n", e.msg, buf);
        abort();
    }
    if (h.n_nodes != g.n_nodes || h.n_edges != g.n_edges)
        abort();
    for (size_t i = 0; i < g.n_edges; i++)
        if (g.edges[i].src_port != h.edges[i].src_port ||
            g.edges[i].dst_port != h.edges[i].dst_port ||
            (g.edges[i].label[0] &&
             strcmp(g.edges[i].label, h.edges[i].label) != 0))
            abort();
    sg_graph_free(&h);
    free(buf);
    sg_graph_free(&g);
    good_graph_reads();
    return 0;
}
