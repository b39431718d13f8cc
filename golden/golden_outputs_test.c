/*
 * golden_outputs_test.c - the arrays of the golden model's output tensors,
 * which `samgen verify` compares word for word with the RTL writers'
 * memories, in the corner cases where the writers' arrays and a plain
 * fibertree of the result differ:
 *
 *  - an empty compressed root level is seg = [0] (SAM-SEMANTICS 2.14,
 *    item 17), not [0, 0];
 *  - a reduce emits a value (0) for an empty result (item 11); the values
 *    writer stores it, so the output keeps vals = [0] with no coordinate;
 *  - a graph whose crddrop drops coordinates over a summed index runs;
 *    a run whose writers produce more values than coordinates (the
 *    reduce kept a value for a dropped coordinate) fails instead of
 *    silently pairing coordinates with the wrong values (mat_mask_tri_partial
 *    on a row whose j intersection is empty, a crddrop'd spmv on a sparse
 *    vector), and the same graph on a dense vector succeeds.
 *
 * Uses the shipped examples (examples/spmv.gv, examples/mat_elemmul.gv) and
 * an in-memory graph; needs nothing outside the repository.  The
 * repository root is $SAMGEN_ROOT (set by make), else the current directory.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/test_util.h"
#include "golden/golden.h"
#include "golden/test_graph.h"

static void example_path(const char *name, char *buf, size_t n)
{
    const char *root = getenv("SAMGEN_ROOT");
    snprintf(buf, n, "%s/examples/%s", root && *root ? root : ".", name);
}

/* Run examples/<gv> with the given in-memory bindings on both engines
 * (they must agree on the output arrays) and leave the cycle engine's
 * result in r. */
static void run_example(const char *gv, const golden_binding *b, int nb,
                        golden_result *r)
{
    char path[4096];
    example_path(gv, path, sizeof path);
    sg_graph g;
    sg_err e;
    sg_test_read_graph(path, &g, &e);
    golden_opts o;
    sg_golden_opts_default(&o);
    golden_result f;
    memset(&f, 0, sizeof f);
    if (sg_golden_run(&g, b, nb, &o, &f, &e) < 0)
        fail_msg("functional: %s", e.msg);
    o.engine = GOLDEN_CYCLE;
    memset(r, 0, sizeof *r);
    if (sg_golden_run(&g, b, nb, &o, r, &e) < 0)
        fail_msg("cycle: %s", e.msg);
    assert_int_equal(f.n_out, r->n_out);
    const sg_fibertree *a = &f.out[0].ft, *c = &r->out[0].ft;
    assert_int_equal(a->nvals, c->nvals);
    for (int l = 0; l < c->fmt.order; l++) {
        assert_int_equal(a->lvl[l].nseg, c->lvl[l].nseg);
        assert_int_equal(a->lvl[l].ncrd, c->lvl[l].ncrd);
    }
    sg_golden_result_free(&f);
    sg_graph_free(&g);
}

static void mat(sg_coo *c, int64_t dim, int n, const int64_t (*pts)[3])
{
    int64_t shape[2] = {dim, dim};
    sg_coo_init(c, 2, shape);
    for (int k = 0; k < n; k++)
        sg_coo_push(c, pts[k], pts[k][2]);
}

static void vec(sg_coo *c, int64_t dim, int n, const int64_t (*pts)[2])
{
    int64_t shape[1] = {dim};
    sg_coo_init(c, 1, shape);
    for (int k = 0; k < n; k++)
        sg_coo_push(c, pts[k], pts[k][1]);
}

/* X = B .* C with both operands empty: X0 seg = [0], X1 seg = [0]. */
static void test_empty_root_seg(void **state)
{
    (void)state;
    sg_coo B, C;
    mat(&B, 4, 0, NULL);
    mat(&C, 4, 0, NULL);
    golden_binding b[2] = {{.name = "B", .coo = &B}, {.name = "C", .coo = &C}};
    golden_result r;
    run_example("mat_elemmul.gv", b, 2, &r);
    const sg_fibertree *ft = &r.out[0].ft;
    assert_int_equal(r.out[0].coo.nnz, 0);
    assert_int_equal(ft->lvl[0].nseg, 1);
    assert_int_equal(ft->lvl[0].seg[0], 0);
    assert_int_equal(ft->lvl[0].ncrd, 0);
    assert_int_equal(ft->lvl[1].nseg, 1);
    assert_int_equal(ft->nvals, 0);
    sg_golden_result_free(&r);
    sg_coo_free(&B);
    sg_coo_free(&C);
}

/* x = B c with B empty: x0 seg = [0], no coordinates, vals = [0] (the
 * reduce's value for the empty result); with one nonzero the root seg is
 * the ordinary [0, 1]. */
static void test_empty_reduce_value(void **state)
{
    (void)state;
    static const int64_t cp[2][2] = {{1, 5}, {3, 7}};
    sg_coo B, c;
    mat(&B, 4, 0, NULL);
    vec(&c, 4, 2, cp);
    golden_binding b[2] = {{.name = "B", .coo = &B}, {.name = "c", .coo = &c}};
    golden_result r;
    run_example("spmv.gv", b, 2, &r);
    const sg_fibertree *ft = &r.out[0].ft;
    assert_int_equal(r.out[0].coo.nnz, 0);
    assert_int_equal(ft->lvl[0].nseg, 1);
    assert_int_equal(ft->lvl[0].ncrd, 0);
    assert_int_equal(ft->nvals, 1);
    assert_int_equal(ft->vals[0], 0);
    sg_golden_result_free(&r);
    sg_coo_free(&B);

    static const int64_t bp[1][3] = {{2, 3, 4}};
    mat(&B, 4, 1, bp);
    run_example("spmv.gv", b, 2, &r);
    ft = &r.out[0].ft;
    assert_int_equal(ft->lvl[0].nseg, 2);
    assert_int_equal(ft->lvl[0].seg[1], 1);
    assert_int_equal(ft->lvl[0].crd[0], 2);
    assert_int_equal(ft->nvals, 1);
    assert_int_equal(ft->vals[0], 28);
    sg_golden_result_free(&r);
    sg_coo_free(&B);
    sg_coo_free(&c);
}

/* matmul_ijk with C empty: every j fiber is empty, so the result is empty
 * and the reduce's 0 for each i stays in vals with no coordinate, as the
 * RTL values writer stores them; a non-zero value without a coordinate
 * would still be an error. */
static void test_empty_result_zeros(void **state)
{
    (void)state;
    static const int64_t bp[2][3] = {{0, 1, 4}, {2, 3, 5}};
    sg_coo B, C;
    mat(&B, 4, 2, bp);
    mat(&C, 4, 0, NULL);
    golden_binding b[2] = {{.name = "B", .coo = &B}, {.name = "C", .coo = &C}};
    golden_result r;
    run_example("matmul_ijk.gv", b, 2, &r);
    const sg_fibertree *ft = &r.out[0].ft;
    assert_int_equal(r.out[0].coo.nnz, 0);
    /* the i level as its writer stored it: B's rows 0 and 2 */
    assert_int_equal(ft->lvl[0].nseg, 2);
    assert_int_equal(ft->lvl[0].seg[1], 2);
    assert_int_equal(ft->lvl[0].ncrd, 2);
    assert_int_equal(ft->lvl[0].crd[0], 0);
    assert_int_equal(ft->lvl[0].crd[1], 2);
    assert_int_equal(ft->nvals, 2);
    assert_int_equal(ft->vals[0], 0);
    assert_int_equal(ft->vals[1], 0);
    sg_golden_result_free(&r);
    sg_coo_free(&B);
    sg_coo_free(&C);
}

/* spmv with a crddrop i,j in front of the i writer: rows whose
 * intersection over the summed j is empty lose their coordinate while the
 * reduce still emits their 0. */
static const char dropped_spmv[] =
    "digraph SAM {\n"
    "  comment=\"x=s0,B=ss01,c=s0\"\n"
    "  0 [comment=\"type=fiberlookup,index=i,tensor=B,mode=0,format=compressed,src=true,root=true\" type=\"fiberlookup\" index=\"i\" tensor=\"B\" mode=\"0\" format=\"compressed\" src=\"true\" root=\"true\"]\n"
    "  1 [comment=\"type=repsiggen,index=i\" type=\"repsiggen\" index=\"i\"]\n"
    "  2 [comment=\"type=repeat,index=i,tensor=c,root=true\" type=\"repeat\" index=\"i\" tensor=\"c\" root=\"true\"]\n"
    "  3 [comment=\"type=fiberlookup,index=j,tensor=B,mode=1,format=compressed,src=true,root=false\" type=\"fiberlookup\" index=\"j\" tensor=\"B\" mode=\"1\" format=\"compressed\" src=\"true\" root=\"false\"]\n"
    "  4 [comment=\"type=fiberlookup,index=j,tensor=c,mode=0,format=compressed,src=true,root=false\" type=\"fiberlookup\" index=\"j\" tensor=\"c\" mode=\"0\" format=\"compressed\" src=\"true\" root=\"false\"]\n"
    "  5 [comment=\"type=intersect,index=j\" type=\"intersect\" index=\"j\"]\n"
    "  6 [comment=\"type=arrayvals,tensor=B\" type=\"arrayvals\" tensor=\"B\"]\n"
    "  7 [comment=\"type=arrayvals,tensor=c\" type=\"arrayvals\" tensor=\"c\"]\n"
    "  8 [comment=\"type=mul\" type=\"mul\"]\n"
    "  9 [comment=\"type=reduce\" type=\"reduce\"]\n"
    "  10 [comment=\"type=fiberwrite,index=i,tensor=x,mode=0,format=compressed,segsize=2,crdsize=B0_dim,sink=true\" type=\"fiberwrite\" index=\"i\" tensor=\"x\" mode=\"0\" format=\"compressed\" segsize=\"2\" crdsize=\"B0_dim\" sink=\"true\"]\n"
    "  11 [comment=\"type=fiberwrite,tensor=x,mode=vals,size=1*B0_dim,sink=true\" type=\"fiberwrite\" tensor=\"x\" mode=\"vals\" size=\"1*B0_dim\" sink=\"true\"]\n"
    "  12 [comment=\"type=broadcast\" type=\"broadcast\"]\n"
    "  13 [comment=\"type=crddrop,outer=i,inner=j\" type=\"crddrop\" outer=\"i\" inner=\"j\"]\n"
    "  0 -> 12 [label=\"crd\" type=\"crd\" comment=\"\"]\n"
    "  12 -> 1 [label=\"crd\" type=\"crd\" comment=\"\"]\n"
    "  1 -> 2 [label=\"repsig\" type=\"repsig\" comment=\"\"]\n"
    "  0 -> 3 [label=\"ref\" type=\"ref\" comment=\"\"]\n"
    "  2 -> 4 [label=\"ref\" type=\"ref\" comment=\"\"]\n"
    "  3 -> 5 [label=\"crd_in-B\" type=\"crd\" comment=\"in-B\"]\n"
    "  3 -> 5 [label=\"ref_in-B\" type=\"ref\" comment=\"in-B\"]\n"
    "  4 -> 5 [label=\"crd_in-c\" type=\"crd\" comment=\"in-c\"]\n"
    "  4 -> 5 [label=\"ref_in-c\" type=\"ref\" comment=\"in-c\"]\n"
    "  5 -> 6 [label=\"ref_out-B\" type=\"ref\" comment=\"out-B\"]\n"
    "  5 -> 7 [label=\"ref_out-c\" type=\"ref\" comment=\"out-c\"]\n"
    "  6 -> 8 [label=\"val\" type=\"val\"]\n"
    "  7 -> 8 [label=\"val\" type=\"val\"]\n"
    "  8 -> 9 [label=\"val\" type=\"val\"]\n"
    "  12 -> 13 [label=\"crd_in-i\" type=\"crd\" comment=\"in-i\"]\n"
    "  5 -> 13 [label=\"crd_in-j\" type=\"crd\" comment=\"in-j\"]\n"
    "  13 -> 10 [label=\"crd_outer-i\" type=\"crd\" comment=\"outer-i\"]\n"
    "  9 -> 11 [label=\"val\" type=\"val\"]\n"
    "}\n";

/* The crddrop over the summed j is accepted; whether coordinates and
 * values go out of step depends on the data: a dense c leaves no row's
 * intersection empty and the run succeeds, a c that empties row 1's
 * intersection makes the run fail (both engines). */
static void test_crddrop_summed_index_data(void **state)
{
    (void)state;
    sg_graph g;
    sg_err e;
    sg_test_read_graph_text(dropped_spmv, "dropped_spmv.gv", &g, &e);
    assert_int_equal(sg_golden_check_executable(&g, &e), 0);
    static const int64_t bp[4][3] = {{0, 0, 2}, {1, 1, 3}, {2, 0, 4}, {2, 2, 5}};
    static const int64_t dense_c[3][2] = {{0, 1}, {1, 2}, {2, 3}};
    static const int64_t sparse_c[2][2] = {{0, 1}, {2, 3}};
    sg_coo B, C;
    mat(&B, 3, 4, bp);
    golden_opts o;
    sg_golden_opts_default(&o);
    for (int sparse = 0; sparse < 2; sparse++) {
        if (sparse)
            vec(&C, 3, 2, sparse_c);
        else
            vec(&C, 3, 3, dense_c);
        golden_binding b[2] = {{.name = "B", .coo = &B}, {.name = "c", .coo = &C}};
        for (int eng = 0; eng < 2; eng++) {
            o.engine = eng ? GOLDEN_CYCLE : GOLDEN_FUNC;
            golden_result r;
            memset(&r, 0, sizeof r);
            sg_err_clear(&e);
            int rc = sg_golden_run(&g, b, 2, &o, &r, &e);
            if (sparse) {
                assert_int_equal(rc, -1);
                assert_non_null(strstr(e.msg, "3 values for 2 coordinates"));
                if (!strstr(e.msg, "node crddrop 13 (outer i, inner j) dropped i = 1, whose "
                            "fiber of the summed index j is empty, first; reduce 9 kept a "
                            "value for it"))
                    fail_msg("message: %s", e.msg);
            } else {
                if (rc < 0)
                    fail_msg("dense c: %s", e.msg);
                assert_int_equal(r.out[0].coo.nnz, 3);
            }
            sg_golden_result_free(&r);
        }
        sg_coo_free(&C);
    }
    sg_coo_free(&B);
    sg_graph_free(&g);

    /* the same crddrop over a written index (examples/mat_elemmul.gv) runs */
    char path[4096];
    example_path("mat_elemmul.gv", path, sizeof path);
    sg_test_read_graph(path, &g, &e);
    assert_int_equal(sg_golden_check_executable(&g, &e), 0);
    sg_graph_free(&g);

    if (!sg_test_shared_path("graphs/custard/mat_mask_tri_DA3_final.gv",
                             "mat_mask_tri_DA3_final", path, sizeof path))
        return;
    if (sg_test_try_read_graph(path, &g, &e) == 0) {
        assert_int_equal(sg_golden_check_executable(&g, &e), 0);
    } else {
        printf("SKIP mat_mask_tri_DA3_final: %s\n", e.msg);
    }
    sg_graph_free(&g);
}

/* mat_mask_tri_partial on an input where row 3 (0-based) survives the i
 * intersection but its j intersection is empty: the crddrop drops i = 3,
 * the reduce still emits a 0 for its empty j fiber, so 4 values arrive for
 * 3 coordinates; the run must fail instead of shifting values. */
static void test_out_of_step_values(void **state)
{
    (void)state;
    char path[4096];
    if (!sg_test_shared_path("graphs/custard/mat_mask_tri_partial.gv",
                             "mat_mask_tri_partial", path, sizeof path))
        return;
    sg_graph g;
    sg_err e;
    if (sg_test_try_read_graph(path, &g, &e) < 0) {
        printf("SKIP mat_mask_tri_partial: %s\n", e.msg);
        return;
    }
    static const int64_t bp[6][3] = {{0, 4, 7}, {1, 1, 2}, {4, 0, 9}, {4, 3, 5}, {6, 4, 6}, {7, 6, 7}};
    static const int64_t cp[6][3] = {{1, 5, 4}, {3, 1, 3}, {4, 4, 1}, {6, 0, 7}, {7, 2, 7}, {7, 3, 6}};
    static const int64_t dp[6][3] = {{1, 3, 1}, {4, 4, 7}, {5, 3, 5}, {5, 7, 7}, {6, 5, 2}, {7, 6, 3}};
    sg_coo B, C, D;
    mat(&B, 8, 6, bp);
    mat(&C, 8, 6, cp);
    mat(&D, 8, 6, dp);
    golden_binding b[3] = {{.name = "B", .coo = &B}, {.name = "C", .coo = &C},
                           {.name = "D", .coo = &D}};
    golden_opts o;
    sg_golden_opts_default(&o);
    for (int eng = 0; eng < 2; eng++) {
        o.engine = eng ? GOLDEN_CYCLE : GOLDEN_FUNC;
        golden_result r;
        memset(&r, 0, sizeof r);
        sg_err_clear(&e);
        assert_int_equal(sg_golden_run(&g, b, 3, &o, &r, &e), -1);
        assert_non_null(strstr(e.msg, "4 values for 3 coordinates"));
        sg_golden_result_free(&r);
    }
    sg_coo_free(&B);
    sg_coo_free(&C);
    sg_coo_free(&D);
    sg_graph_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_empty_root_seg),
        cmocka_unit_test(test_empty_reduce_value),
        cmocka_unit_test(test_empty_result_zeros),
        cmocka_unit_test(test_crddrop_summed_index_data),
        cmocka_unit_test(test_out_of_step_values),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
