/*
 * analysis_test.c - the analyses every command shares: stream depths
 * (depth.c), skip planning (skip_plan.c) and tensor binding (bind.c), on a
 * small graph built with the builders of test_build.h:
 *
 *   B_i, C_i (root compressed scanners) -> intersect i -> B_j scanner
 *   -> arrayvals B -> reduce
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

#include "graph/bind.h"
#include "graph/depth.h"
#include "graph/skip_plan.h"
#include "graph/test_build.h"

static void build(sg_graph *g)
{
    memset(g, 0, sizeof *g);
    int x = sg_test_intersect2(g, 0, "B", "C", 'i');   /* e0..e3 */
    int bj = sg_test_node(g, SG_NK_FIBERLOOKUP, 3, "B", 1, 'j');
    int av = sg_test_node(g, SG_NK_ARRAYVALS, 4, "B", -1, 0);
    int red = sg_test_node(g, SG_NK_REDUCE, 5, NULL, -1, 0);
    sg_test_edge(g, x, 1, bj, 0, SG_ST_REF);    /* e4 */
    sg_test_edge(g, bj, 1, av, 0, SG_ST_REF);   /* e5 */
    sg_test_edge(g, av, 0, red, 0, SG_ST_VAL);  /* e6 */
}

static void test_depths(void **state)
{
    (void)state;
    sg_graph g;
    build(&g);
    int order[8], d[8];
    assert_int_equal(sg_graph_topo_order(&g, order), 0);
    sg_stream_depths(&g, order, d);
    int want[] = {1, 1, 1, 1, 1, 2, 2};
    for (int k = 0; k < 7; k++)
        assert_int_equal(d[k], want[k]);
    /* A scanner without a reference input has an unknown depth. */
    g.nodes[3].root = 0;
    g.edges[4].dst = 5;     /* detach e4 from the j scanner */
    g.edges[4].dst_port = 1;
    sg_stream_depths(&g, order, d);
    assert_int_equal(d[5], -1);
    assert_int_equal(d[6], -1);
    sg_graph_free(&g);
}

static void test_skip_plan(void **state)
{
    (void)state;
    sg_graph g;
    build(&g);
    sg_skip_plan p;
    sg_err e;
    memset(&e, 0, sizeof e);
    assert_int_equal(sg_skip_plan_make(&g, 8, &p, &e), 0);
    assert_int_equal(p.node_cam[0], 8);
    assert_int_equal(p.node_cam[1], 8);
    assert_int_equal(p.node_cam[2], 8);
    assert_int_equal(p.scan[2][0], 0);
    assert_int_equal(p.scan[2][1], 1);
    for (int k = 0; k < 4; k++)
        assert_int_equal(p.edge_skip[k], 1);
    assert_int_equal(p.edge_skip[4], 0);
    sg_skip_plan_free(&p);

    /* Off by default; a scanner's own skip=0 keeps it plain, skip=4
     * overrides the intersector's size. */
    assert_int_equal(sg_skip_plan_make(&g, 0, &p, &e), 0);
    assert_int_equal(p.node_cam[2], 0);
    sg_skip_plan_free(&p);
    g.nodes[1].skip = 0;
    g.nodes[0].skip = 4;
    assert_int_equal(sg_skip_plan_make(&g, 8, &p, &e), 0);
    assert_int_equal(p.node_cam[0], 4);
    assert_int_equal(p.node_cam[1], 0);
    assert_int_equal(p.scan[2][1], -1);
    assert_int_equal(p.edge_skip[2], 0);
    sg_skip_plan_free(&p);

    /* A scanner whose coordinates also go elsewhere is not the
     * intersector's own: no skipping through it. */
    g.nodes[0].skip = -1;
    sg_test_edge(&g, 0, 0, 5, 1, SG_ST_CRD);
    assert_int_equal(sg_skip_plan_make(&g, 8, &p, &e), 0);
    assert_int_equal(p.scan[2][0], -1);
    sg_skip_plan_free(&p);

    /* CAM sizes the RTL cannot build are refused, naming the node. */
    assert_int_equal(sg_skip_plan_make(&g, 6, &p, &e), -1);
    assert_int_equal(e.code, SG_EXIT_USAGE);
    assert_non_null(strstr(e.msg, "intersect 2 (i): skip CAM size 6 is not a power of two up to 1024"));
    sg_skip_plan_free(&p);
    sg_graph_free(&g);
}

static void test_bind(void **state)
{
    (void)state;
    sg_tensor_decl d;
    memset(&d, 0, sizeof d);
    strcpy(d.name, "B");
    assert_int_equal(sg_format_parse("ss01", &d.fmt, NULL), 0);
    int64_t shape[SG_MAX_ORDER] = {3, 4};
    sg_coo c;
    sg_coo_init(&c, 2, shape);
    int64_t p0[] = {0, 1}, p1[] = {2, 3};
    sg_coo_push(&c, p0, 5);
    sg_coo_push(&c, p1, 200);          /* wraps to -56 at 8 bits */
    sg_read_opts ro;
    sg_read_opts_default(&ro);
    ro.width = 8;
    sg_binding b = {.name = "B", .coo = &c};
    sg_bound_tensor t;
    sg_err e;
    memset(&e, 0, sizeof e);
    assert_int_equal(sg_bind_tensor(&d, &b, &ro, &t, &e), 0);
    assert_true(t.have_ft);
    assert_int_equal(t.coo.nnz, 2);
    assert_int_equal(t.coo.val[1], -56);
    assert_int_equal(t.ft.nvals, 2);
    sg_bound_tensor_free(&t);

    /* An inline scalar for an order-2 tensor does not fit. */
    sg_binding s = {.name = "B", .is_scalar = 1, .scalar = 3};
    assert_int_equal(sg_bind_tensor(&d, &s, &ro, &t, &e), -1);
    assert_non_null(strstr(e.msg, "tensor B has order 2; an inline scalar does not fit"));
    sg_bound_tensor_free(&t);

    /* Data of another order. */
    sg_tensor_decl d1 = d;
    assert_int_equal(sg_format_parse("s0", &d1.fmt, NULL), 0);
    assert_int_equal(sg_bind_tensor(&d1, &b, &ro, &t, &e), -1);
    assert_non_null(strstr(e.msg, "tensor B: the graph declares order 1, the data has order 2"));
    sg_bound_tensor_free(&t);
    sg_coo_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_depths),
        cmocka_unit_test(test_skip_plan),
        cmocka_unit_test(test_bind),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
