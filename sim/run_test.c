/*
 * run_test.c - the report printed when the watchdog fires: full FIFOs, and
 * at least one "waiting:" line whatever state the edges were left in (a
 * node starved of input, a node that does not take the token offered to
 * it, or, when every stream ended, the writers).
 *
 * The graph: reduce 9 -> fiberwrite 11 (x vals), and a level writer 10 fed
 * by a scanner 0.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim.h"

static int node(sg_graph *g, sg_node_kind k, int id, int is_vals)
{
    sg_node n;
    sg_graph_node_init(&n, k);
    n.id = id;
    if (k == SG_NK_FIBERWRITE || k == SG_NK_FIBERLOOKUP) {
        strcpy(n.tensor, k == SG_NK_FIBERWRITE ? "x" : "B");
        n.is_vals = is_vals;
        n.mode = is_vals ? -1 : 0;
        n.index = is_vals ? 0 : 'i';
        n.format = SG_LVL_DENSE;
        n.root = 1;
    }
    return sg_graph_add_node(g, &n);
}

/* e0: reduce -> vals writer, e1: scanner crd -> level writer. */
static void build(sg_graph *g, sg_simout *so)
{
    memset(g, 0, sizeof *g);
    snprintf(g->name, sizeof g->name, "k");
    int red = node(g, SG_NK_REDUCE, 9, 0);
    int wv = node(g, SG_NK_FIBERWRITE, 11, 1);
    int sc = node(g, SG_NK_FIBERLOOKUP, 0, 0);
    int wl = node(g, SG_NK_FIBERWRITE, 10, 0);
    sg_graph_connect(g, red, 0, wv, 0, SG_ST_VAL);
    sg_graph_connect(g, sc, 0, wl, 0, SG_ST_CRD);
    memset(so, 0, sizeof *so);
    so->n_edges = g->n_edges;
    so->edge = calloc(g->n_edges, sizeof *so->edge);
    so->cycles = 100026;
    so->watchdog = 1;
    for (size_t k = 0; k < g->n_edges; k++) {
        so->edge[k].wd_seen = 1;
        so->edge[k].fifo_in_ready = 1;
        sg_toks_push(&so->edge[k].toks, sg_stop(0));
        sg_toks_push(&so->edge[k].toks, sg_done());
    }
}

static void done(sg_graph *g, sg_simout *so)
{
    for (size_t k = 0; k < so->n_edges; k++)
        sg_toks_free(&so->edge[k].toks);
    free(so->edge);
    sg_graph_free(g);
}

/* The report for g and so, in buf. */
static void report(const sg_graph *g, const sg_simout *so, char *buf, size_t cap)
{
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    assert_non_null(f);
    sg_sim_report_stuck(f, g, "k_top", so);
    assert_int_equal(fclose(f), 0);
    snprintf(buf, cap, "%s", text);
    free(text);
}

/* Every stream ended, but the values writer does not take the value at the
 * head of its input (it has no address for it). */
static void test_head_not_taken(void **state)
{
    (void)state;
    sg_graph g;
    sg_simout so;
    build(&g, &so);
    sg_toks_free(&so.edge[0].toks);
    sg_toks_push(&so.edge[0].toks, sg_data(0));
    sg_toks_push(&so.edge[0].toks, sg_stop(0));
    sg_toks_push(&so.edge[0].toks, sg_done());
    so.edge[0].fifo_out_valid = 1;
    so.edge[0].down_ready = 0;
    char buf[2048];
    report(&g, &so, buf, sizeof buf);
    assert_non_null(strstr(buf, "STUCK k: no token moved for the watchdog period (at cycle 100026)\n"
                                "  no FIFO is full\n"));
    assert_non_null(strstr(buf, "  waiting: fiberwrite 11 (x vals), not taking input e0 "
                                "(3 tokens, head token offered)\n"));
    assert_null(strstr(buf, "fiberwrite 10"));
    done(&g, &so);
}

/* A node whose input never carried D and is empty waits for input. */
static void test_starved(void **state)
{
    (void)state;
    sg_graph g;
    sg_simout so;
    build(&g, &so);
    sg_toks_free(&so.edge[1].toks);
    sg_toks_push(&so.edge[1].toks, sg_data(2));
    char buf[2048];
    report(&g, &so, buf, sizeof buf);
    assert_non_null(strstr(buf, "  waiting: fiberwrite 10 (i, x mode 0), for input e1 "
                                "(1 tokens, no D)\n"));
    assert_null(strstr(buf, "fiberwrite 11"));
    done(&g, &so);
}

/* No edge shows why: the writers are named, so a waiting line is always
 * printed. */
static void test_no_edge_waits(void **state)
{
    (void)state;
    sg_graph g;
    sg_simout so;
    build(&g, &so);
    char buf[2048];
    report(&g, &so, buf, sizeof buf);
    assert_non_null(strstr(buf, "  waiting: no node waits on an edge (every stream is empty "
                                "or ended); unfinished among the writers: fiberwrite 11 "
                                "(x vals), fiberwrite 10 (i, x mode 0)\n"));
    done(&g, &so);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_head_not_taken),
        cmocka_unit_test(test_starved),
        cmocka_unit_test(test_no_edge_waits),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
