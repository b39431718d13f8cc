/*
 * fuzz_einsum.c - libFuzzer target for the einsum front end (samgen
 * compile): the expression parser, the -f format flags and the -s schedule.
 *
 * Input: the first line is the expression; every further line is a flag,
 * "f NAME:LEVELS[:MODES]" or "s DIRECTIVE" (split(...), reorder(...),
 * locate(...), intersect(...); other lines are ignored).
 * Every step either succeeds or fails with one line and exit code 2.  When
 * all steps succeed the graph is lowered, written as DOT and read back,
 * which must succeed with the same node and edge counts.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>

#include "fuzz_common.h"
#include "front/dot.h"
#include "front/einsum.h"
#include "graph/graph.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *text = fuzz_text(data, size);
    char *save = NULL;
    char *line = strtok_r(text, "\n", &save);
    sg_einsum es;
    sg_err e;
    sg_err_clear(&e);
    if (!line || sg_einsum_parse(line, &es, &e) < 0) {
        if (line)
            fuzz_check_err(&e, "expression");
        free(text);
        return 0;
    }
    while ((line = strtok_r(NULL, "\n", &save)) != NULL) {
        int r = 0;
        if (line[0] == 'f' && line[1] == ' ')
            r = sg_einsum_set_format(&es, line + 2, &e);
        else if (line[0] == 's' && line[1] == ' ')
            r = sg_einsum_set_schedule(&es, line + 2, &e);
        if (r < 0) {
            fuzz_check_err(&e, "flag");
            free(text);
            return 0;
        }
    }
    free(text);
    if (sg_einsum_finish(&es, &e) < 0) {
        fuzz_check_err(&e, "finish");
        return 0;
    }
    sg_graph g;
    if (sg_einsum_lower(&es, "fuzz", &g, &e) < 0) {
        fuzz_check_err(&e, "lower");
        sg_graph_free(&g);
        return 0;
    }
    char *dot = NULL;
    size_t n = 0;
    FILE *w = open_memstream(&dot, &n);
    if (!w || sg_graph_write_dot_stream(&g, w) < 0)
        abort();
    fclose(w);
    sg_graph g2;
    if (sg_graph_read_mem(dot, n, "fuzz.gv", &g2, &e) < 0) {
        fprintf(stderr, "written graph does not read back: %s\n%s", e.msg, dot);
        abort();
    }
    if (g2.n_nodes != g.n_nodes || g2.n_edges != g.n_edges)
        abort();
    sg_graph_free(&g2);
    sg_graph_free(&g);
    free(dot);
    return 0;
}
