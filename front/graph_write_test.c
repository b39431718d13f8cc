/*
 * graph_write_test.c - the DOT writer (round trips through the reader) and
 * the shared Custard/Onyx/Opal graphs, read from $SHARED/graphs when that
 * directory exists and skipped with a message otherwise.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "graph/graph.h"
#include "front/graph_test_base.h"

/* ---- writer ------------------------------------------------------------- */

static void assert_same_graph(const sg_graph *a, const sg_graph *b)
{
    assert_int_equal(a->n_nodes, b->n_nodes);
    assert_int_equal(a->n_edges, b->n_edges);
    assert_int_equal(a->n_tensors, b->n_tensors);
    assert_string_equal(a->index_order, b->index_order);
    for (int i = 0; i < a->n_tensors; i++)
        assert_memory_equal(&a->tensors[i], &b->tensors[i], sizeof a->tensors[i]);
    for (size_t i = 0; i < a->n_nodes; i++) {
        sg_node x = a->nodes[i], y = b->nodes[i];
        x.line = y.line = 0;
        if (!x.type[0])
            snprintf(x.type, sizeof x.type, "%s", sg_graph_node_type(&x));
        assert_memory_equal(&x, &y, sizeof x);
    }
    for (size_t i = 0; i < a->n_edges; i++) {
        const sg_edge *x = &a->edges[i], *y = &b->edges[i];
        assert_int_equal(x->src, y->src);
        assert_int_equal(x->dst, y->dst);
        assert_int_equal(x->src_port, y->src_port);
        assert_int_equal(x->dst_port, y->dst_port);
        assert_int_equal(x->type, y->type);
    }
}

static int round_trip(const sg_graph *g, const char *dir)
{
    char path[512];
    snprintf(path, sizeof path, "%s/rt.gv", dir);
    sg_err e;
    sg_err_clear(&e);
    if (sg_graph_write_dot(g, path, &e) < 0)
        fail_msg("write: %s", e.msg);
    sg_graph h;
    if (sg_graph_read(path, &h, &e) < 0)
        fail_msg("re-read: %s", e.msg);
    assert_same_graph(g, &h);
    sg_graph_free(&h);
    unlink(path);
    return 0;
}

static void test_write_round_trip_base(void **state)
{
    (void)state;
    char dir[] = "/tmp/sg_graph_testXXXXXX";
    assert_non_null(mkdtemp(dir));
    sg_graph g;
    sg_err e;
    assert_int_equal(read_text(base, &g, &e), 0);
    round_trip(&g, dir);
    sg_graph_free(&g);
    rmdir(dir);
}

/* Labels with backslashes and quotes read back as they were: a backslash
 * pair stays a pair, a quote is escaped, and a label cut to fit never ends
 * in half a pair (which would escape the closing quote). */
static void test_write_backslashes(void **state)
{
    (void)state;
    char bs70[80];
    memset(bs70, '\\', 70);
    bs70[70] = 0;
    char lab[160];
    snprintf(lab, sizeof lab, "    6 -> 8 [label=\"%s\" type=\"val\"]", bs70);
    const char *cases[] = {
        "    6 -> 8 [label=\"v\\\\al\\\\\" type=\"val\"]",   /* v\\al\\ */
        "    6 -> 8 [label=\"a\\\\\\\"b\" type=\"val\"]",    /* a\\"b */
        "    6 -> 8 [label=\"x\\ny\\\\\" type=\"val\"]",     /* x\ny\\ */
        lab,
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char *s = subst("    6 -> 8 [label=\"val\" type=\"val\"]", cases[k]);
        sg_graph g, h;
        sg_err e;
        if (read_text(s, &g, &e) < 0)
            fail_msg("case %zu: %s", k, e.msg);
        size_t len;
        char *buf = write_text(&g, &len);
        sg_err_clear(&e);
        if (sg_graph_read_mem(buf, len, "rt.gv", &h, &e) < 0)
            fail_msg("case %zu: written graph does not read back: %s", k, e.msg);
        assert_same_graph(&g, &h);
        for (size_t i = 0; i < g.n_edges; i++)
            assert_string_equal(g.edges[i].label, h.edges[i].label);
        if (k == 3)     /* 70 backslashes cut to 31 pairs */
            assert_int_equal(strlen(g.edges[9].label), 62);
        sg_graph_free(&g);
        sg_graph_free(&h);
        free(buf);
        free(s);
    }
}

/* A graph built in memory (no labels or comments on edges): the writer
 * must add the tags that bind the same ports. */
static void test_write_built_graph(void **state)
{
    (void)state;
    sg_graph g;
    memset(&g, 0, sizeof g);
    g.n_tensors = 3;
    const char *tn[3] = {"x", "B", "c"};
    for (int i = 0; i < 3; i++) {
        snprintf(g.tensors[i].name, SG_NAME_MAX, "%s", tn[i]);
        g.tensors[i].fmt.order = 1;
        g.tensors[i].fmt.level[0] = 's';
    }
    g.tensors[0].is_output = 1;
    sg_node n;
    int id = 0;
    sg_graph_node_init(&n, SG_NK_FIBERLOOKUP);
    n.id = id++; n.index = 'i'; n.mode = 0; n.format = 's'; n.root = 1;
    strcpy(n.tensor, "c");
    int sc = sg_graph_add_node(&g, &n);
    strcpy(n.tensor, "B"); n.id = id++;
    int sb = sg_graph_add_node(&g, &n);
    sg_graph_node_init(&n, SG_NK_UNION);
    n.id = id++; n.index = 'i'; n.n_operands = 2;
    strcpy(n.operand[0], "B"); strcpy(n.operand[1], "c");
    int un = sg_graph_add_node(&g, &n);
    sg_graph_node_init(&n, SG_NK_CRDDROP);
    n.id = id++; n.outer = 'i'; n.inner = 'v';
    int dr = sg_graph_add_node(&g, &n);
    sg_graph_node_init(&n, SG_NK_ALU);
    n.id = id++; n.op = SG_ALU_SUB;
    int al = sg_graph_add_node(&g, &n);
    sg_graph_node_init(&n, SG_NK_ARRAYVALS);
    n.id = id++; strcpy(n.tensor, "B");
    int ab = sg_graph_add_node(&g, &n);
    n.id = id++; strcpy(n.tensor, "c");
    int ac = sg_graph_add_node(&g, &n);
    sg_graph_node_init(&n, SG_NK_BROADCAST);
    n.id = id++;
    int bc = sg_graph_add_node(&g, &n);
    struct { int s, sp, d, dp; sg_stream_kind t; } es[] = {
        {sc, 0, un, 2, SG_ST_CRD}, {sc, 1, un, 3, SG_ST_REF},
        {sb, 0, un, 0, SG_ST_CRD}, {sb, 1, un, 1, SG_ST_REF},
        {un, 1, ab, 0, SG_ST_REF}, {un, 2, ac, 0, SG_ST_REF},
        {ab, 0, al, 0, SG_ST_VAL}, {ac, 0, al, 1, SG_ST_VAL},
        {al, 0, bc, 0, SG_ST_VAL}, {bc, 0, dr, 1, SG_ST_VAL},
        {un, 0, dr, 0, SG_ST_CRD},
    };
    for (size_t i = 0; i < sizeof es / sizeof es[0]; i++) {
        sg_edge e;
        memset(&e, 0, sizeof e);
        e.src = es[i].s; e.src_port = es[i].sp;
        e.dst = es[i].d; e.dst_port = es[i].dp;
        e.type = es[i].t;
        sg_graph_add_edge(&g, &e);
    }
    assert_int_equal(g.nodes[bc].stream, SG_ST_VAL);
    assert_int_equal(g.nodes[bc].n_out, 1);
    assert_int_equal(g.nodes[al].n_in, 2);
    sg_graph_derive_index_order(&g);
    assert_string_equal(g.index_order, "i");
    char dir[] = "/tmp/sg_graph_testXXXXXX";
    assert_non_null(mkdtemp(dir));
    round_trip(&g, dir);
    rmdir(dir);
    sg_graph_free(&g);
}

/* ---- shared graphs ------------------------------------------------------ */

/* Paths of the .gv files in $SHARED/graphs/<set>; NULL when
 * the directory is absent. */
static char **shared_graphs(const char *set, size_t *n)
{
    const char *sh = getenv("SHARED");
    *n = 0;
    char dir[1024];
    if (!sh || !*sh)
        return NULL;
    snprintf(dir, sizeof dir, "%s/graphs/%s", sh, set);
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    char **v = NULL;
    size_t cap = 0;
    struct dirent *de;
    while ((de = readdir(d))) {
        size_t l = strlen(de->d_name);
        if (l < 4 || strcmp(de->d_name + l - 3, ".gv") != 0)
            continue;
        if (*n == cap) {
            cap = cap ? 2 * cap : 64;
            v = realloc(v, cap * sizeof *v);
        }
        v[*n] = malloc(strlen(dir) + l + 2);
        sprintf(v[*n], "%s/%s", dir, de->d_name);
        (*n)++;
    }
    closedir(d);
    return v;
}

static int cmp_pstr(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static char **shared_or_skip(const char *set, size_t *n)
{
    char **v = shared_graphs(set, n);
    if (!v || *n == 0) {
        free(v);
        print_message("SKIP: $SHARED/graphs/%s not found (set SHARED to the shared data directory)\n", set);
        skip();
    }
    qsort(v, *n, sizeof *v, cmp_pstr);
    return v;
}

/* Read a shared graph; a read error fails the test. */
static void read_or_fail(const char *path, sg_graph *g)
{
    sg_err e;
    sg_err_clear(&e);
    if (sg_graph_read(path, g, &e) < 0)
        fail_msg("%s", e.msg);
}

static void free_list(char **v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

static void test_shared_custard(void **state)
{
    (void)state;
    size_t n;
    char **v = shared_or_skip("custard", &n);
    assert_int_equal(n, 49);
    char dir[] = "/tmp/sg_graph_testXXXXXX";
    assert_non_null(mkdtemp(dir));
    for (size_t i = 0; i < n; i++) {
        sg_graph g;
        read_or_fail(v[i], &g);
        sg_diags d = {0};
        int errs = sg_graph_check(&g, &d);
        for (size_t k = 0; k < d.n && errs; k++)
            if (d.d[k].sev == SG_DIAG_ERROR)
                print_error("%s:%ld: %s\n", v[i], d.d[k].line, d.d[k].msg);
        assert_int_equal(errs, 0);
        assert_true(strlen(g.index_order) >= 1);
        round_trip(&g, dir);
        sg_diags_free(&d);
        sg_graph_free(&g);
    }
    rmdir(dir);
    free_list(v, n);
}

static void test_shared_onyx_opal(void **state)
{
    (void)state;
    const char *sets[] = {"onyx", "opal"};
    size_t total = 0;
    for (int s = 0; s < 2; s++) {
        size_t n;
        char **v = shared_or_skip(sets[s], &n);
        for (size_t i = 0; i < n; i++) {
            sg_graph g;
            read_or_fail(v[i], &g);
            sg_diags d = {0};
            sg_graph_check(&g, &d);       /* must not crash; errors allowed */
            sg_diags_free(&d);
            sg_graph_free(&g);
        }
        total += n;
        free_list(v, n);
    }
    assert_int_equal(total, 63);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_write_round_trip_base),
        cmocka_unit_test(test_write_backslashes),
        cmocka_unit_test(test_write_built_graph),
        cmocka_unit_test(test_shared_custard),
        cmocka_unit_test(test_shared_onyx_opal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
