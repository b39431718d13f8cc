/*
 * einsum_ws_test.c - the accumulators' workspaces (docs/workspaces.md):
 * -s workspace(X,KIND[,N]) puts the kind and capacity on the graph's
 * accumulator, the graph keeps them through a write and a read, and the
 * golden model gives the same result, streams and cycles with every kind
 * while recording what each would hold; a capacity too small for the data
 * fails the run with a message, one large enough does not; a sorted or
 * hash workspace holds no dense array, however large the coordinates.
 *
 * Sections: compiling; running; capacities; memory; auto.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/test_util.h"
#include "front/dot.h"
#include "front/einsum.h"
#include "golden/golden.h"
#include "golden/prim_workspace.h"
#include "graph/graph.h"

static const sg_node *accumulator(const sg_graph *g)
{
    for (size_t i = 0; i < g->n_nodes; i++)
        if (g->nodes[i].kind == SG_NK_SPACC)
            return &g->nodes[i];
    return NULL;
}

/* Compile the matrix product in loop order `order` with schedule ws ("" none). */
static int compile_mm(const char *order, const char *ws, sg_graph *g, sg_err *e)
{
    char ro[32];
    snprintf(ro, sizeof ro, "reorder(%s)", order);
    const char *sched[2] = {ro, ws};
    const char *fmt[1] = {"B:ss:1,0"};
    int kij = order[0] == 'k';
    return sg_einsum_compile("X(i,j)=B(i,k)*C(k,j)", fmt, kij, sched, *ws ? 2 : 1,
                             "mm", g, e);
}

/* ---- compiling ---------------------------------------------------------------- */

static void test_directive_sets_node(void **state)
{
    (void)state;
    sg_graph g;
    sg_err e;
    assert_int_equal(compile_mm("i,k,j", "workspace(X,sorted,96)", &g, &e), 0);
    const sg_node *n = accumulator(&g);
    assert_non_null(n);
    assert_int_equal(n->workspace, SG_WS_SORTED);
    assert_int_equal(n->ws_cap, 96);
    /* through the DOT writer and reader */
    char path[] = "/tmp/sg_ws_XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_int_equal(sg_graph_write_dot_stream(&g, f), 0);
    fclose(f);
    sg_graph h;
    if (sg_graph_read(path, &h, &e))
        fail_msg("%s", e.msg);
    n = accumulator(&h);
    assert_non_null(n);
    assert_int_equal(n->workspace, SG_WS_SORTED);
    assert_int_equal(n->ws_cap, 96);
    sg_graph_free(&h);
    sg_graph_free(&g);
    assert_int_equal(compile_mm("k,i,j", "workspace(X,hash)", &g, &e), 0);
    assert_int_equal(accumulator(&g)->workspace, SG_WS_HASH);
    assert_int_equal(accumulator(&g)->order, 2);
    sg_graph_free(&g);
    assert_int_equal(compile_mm("i,k,j", "", &g, &e), 0);
    assert_int_equal(accumulator(&g)->workspace, SG_WS_AUTO);
    sg_graph_free(&g);
    remove(path);
}

static void expect_fail(const char *expr, const char *ws, const char *what)
{
    sg_graph g;
    sg_err e;
    sg_err_clear(&e);
    const char *sched[1] = {ws};
    assert_int_not_equal(sg_einsum_compile(expr, NULL, 0, sched, 1, "t", &g, &e), 0);
    if (!strstr(e.msg, what))
        fail_msg("'%s': expected \"%s\" in: %s", ws, what, e.msg);
    assert_int_equal(e.code, SG_EXIT_USAGE);
}

static void test_directive_errors(void **state)
{
    (void)state;
    const char *mm = "X(i,j)=B(i,k)*C(k,j)";
    expect_fail(mm, "workspace(Y,sorted)", "'Y' is not the result");
    expect_fail(mm, "workspace(X,heap)", "unknown workspace 'heap'");
    expect_fail(mm, "workspace(X,dense,4)", "a dense workspace has no capacity");
    expect_fail(mm, "workspace(X,sorted,0)", "expected a capacity");
    expect_fail(mm, "workspace(X,sorted", "expected ')'");
    expect_fail(mm, "workspace(X)", "expected ','");
    expect_fail("X(i,j)=B(i,j)+C(i,j)", "workspace(X,hash)", "needs no accumulator");
}

static void test_graph_attribute_errors(void **state)
{
    (void)state;
    static const char *const bad[][2] = {
        {"workspace=\"heap\"", "unknown workspace 'heap'"},
        {"workspace=\"sorted\" capacity=\"0\"", "capacity=0"},
        {"capacity=\"8\"", "needs a sorted or hash workspace"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        char path[] = "/tmp/sg_wsg_XXXXXX";
        int fd = mkstemp(path);
        assert_true(fd >= 0);
        FILE *f = fdopen(fd, "w");
        fprintf(f, "digraph SAM {\n"
                   "  1 [comment=\"type=spaccumulator,order=1\" type=\"spaccumulator\" "
                   "order=\"1\" in0=\"j\" %s]\n}\n", bad[k][0]);
        fclose(f);
        sg_graph g;
        sg_err e;
        sg_err_clear(&e);
        assert_int_not_equal(sg_graph_read(path, &g, &e), 0);
        if (!strstr(e.msg, bad[k][1]) || !strstr(e.msg, ":2:"))
            fail_msg("expected \"%s\" at line 2 in: %s", bad[k][1], e.msg);
        remove(path);
    }
}

/* ---- running -------------------------------------------------------------- */

/* B and C: dim x dim, seeded; C's columns spread over 0..cmax. */
static void operands(sg_coo *b, sg_coo *c, int64_t dim, int64_t cmax)
{
    int64_t sb[2] = {dim, dim}, sc[2] = {dim, cmax + 1};
    sg_coo_init(b, 2, sb);
    sg_coo_init(c, 2, sc);
    uint64_t s = 12345;
    for (int64_t i = 0; i < dim; i++)
        for (int64_t j = 0; j < dim; j++) {
            s = s * 6364136223846793005ULL + 1442695040888963407ULL;
            if ((s >> 33) % 5 == 0)
                sg_coo_push(b, (int64_t[2]){i, j}, (int64_t)((s >> 40) % 7) + 1);
            s = s * 6364136223846793005ULL + 1442695040888963407ULL;
            if ((s >> 33) % 4 == 0)
                sg_coo_push(c, (int64_t[2]){i, j == dim - 1 ? cmax : j},
                            (int64_t)((s >> 40) % 5) - 2);
        }
}

static int run(const sg_graph *g, const sg_coo *b, const sg_coo *c, golden_engine eng,
               size_t fifo, golden_result *r, sg_err *e)
{
    golden_binding bd[2];
    memset(bd, 0, sizeof bd);
    bd[0].name = "B";
    bd[0].coo = b;
    bd[1].name = "C";
    bd[1].coo = c;
    golden_opts o;
    sg_golden_opts_default(&o);
    o.engine = eng;
    o.fifo_depth = fifo;
    sg_err_clear(e);
    return sg_golden_run(g, bd, 2, &o, r, e);
}

/* Same entries, in the same order. */
static int coo_same(const sg_coo *a, const sg_coo *b)
{
    return a->nnz == b->nnz && a->order == b->order &&
           !memcmp(a->crd, b->crd, a->nnz * (size_t)a->order * sizeof *a->crd) &&
           !memcmp(a->val, b->val, a->nnz * sizeof *a->val);
}

/* The entries of the largest row of X = B C, and nnz(X), counted densely. */
static void expected_rows(const sg_coo *b, const sg_coo *c, int64_t dim, int64_t cols,
                          uint64_t *peak, uint64_t *nnz)
{
    unsigned char *hit = calloc((size_t)(dim * cols), 1);
    for (size_t p = 0; p < b->nnz; p++)
        for (size_t q = 0; q < c->nnz; q++)
            if (b->crd[2 * p + 1] == c->crd[2 * q])
                hit[b->crd[2 * p] * cols + c->crd[2 * q + 1]] = 1;
    *peak = *nnz = 0;
    for (int64_t i = 0; i < dim; i++) {
        uint64_t k = 0;
        for (int64_t j = 0; j < cols; j++)
            k += hit[i * cols + j];
        *peak = k > *peak ? k : *peak;
        *nnz += k;
    }
    free(hit);
}

static void test_kinds_agree(void **state)
{
    (void)state;
    sg_coo b, c;
    const int64_t dim = 24, cmax = 40;
    operands(&b, &c, dim, cmax);
    uint64_t peak, nnz;
    expected_rows(&b, &c, dim, cmax + 1, &peak, &nnz);
    static const char *const orders[] = {"i,k,j", "k,i,j"};
    static const char *const ws[] = {"workspace(X,dense)", "workspace(X,sorted)",
                                     "workspace(X,hash)"};
    for (int o = 0; o < 2; o++) {
        uint64_t cyc[2] = {0, 0};
        golden_result first;
        memset(&first, 0, sizeof first);
        for (int k = 0; k < 3; k++)
            for (int eng = 0; eng < 2; eng++) {
                sg_graph g;
                sg_err e;
                assert_int_equal(compile_mm(orders[o], ws[k], &g, &e), 0);
                golden_result r;
                if (run(&g, &b, &c, eng ? GOLDEN_CYCLE : GOLDEN_FUNC, eng ? 2 : 0, &r, &e))
                    fail_msg("%s %s: %s", orders[o], ws[k], e.msg);
                assert_int_equal(r.n_ws, 1);
                const golden_ws_stat *w = &r.ws[0];
                assert_int_equal(w->kind, SG_WS_DENSE + k);
                assert_int_equal(w->entries, nnz);
                /* order 1 holds a row at a time, order 2 the whole result */
                assert_int_equal(w->peak, o ? nnz : peak);
                assert_int_equal(w->extent[0], (uint64_t)cmax + 1);
                assert_int_equal(w->dense_entries, o ? (uint64_t)dim * (cmax + 1) : cmax + 1);
                assert_int_equal(sg_golden_ws_bits(w, SG_WS_DENSE, 32), w->dense_entries * 33);
                assert_int_equal(sg_golden_ws_bits(w, SG_WS_SORTED, 32),
                                 w->peak * ((o ? 5u : 0u) + 6u + 32u));
                if (k == 2) {
                    assert_int_equal(w->inserts, nnz);
                    assert_true(w->slots >= 2 * w->peak);
                    assert_true(w->sort_steps > 0);
                }
                if (eng) {
                    if (k == 0)
                        cyc[o] = r.cycles;
                    assert_int_equal(r.cycles, cyc[o]);   /* same timing */
                }
                if (k == 0 && !eng) {
                    first = r;          /* kept for the others */
                } else {
                    assert_true(coo_same(&first.out[0].coo, &r.out[0].coo));
                    sg_golden_result_free(&r);
                }
                sg_graph_free(&g);
            }
        sg_golden_result_free(&first);
    }
    sg_coo_free(&b);
    sg_coo_free(&c);
}

/* ---- capacities -------------------------------------------------------------- */

static void test_capacity(void **state)
{
    (void)state;
    sg_coo b, c;
    const int64_t dim = 24, cmax = 40;
    operands(&b, &c, dim, cmax);
    uint64_t peak, nnz;
    expected_rows(&b, &c, dim, cmax + 1, &peak, &nnz);
    struct { const char *order, *kind; uint64_t cap; int ok; const char *msg; } cs[] = {
        {"i,k,j", "sorted", peak, 1, NULL},
        {"i,k,j", "sorted", peak - 1, 0, "sorted workspace holds"},
        {"k,i,j", "sorted", nnz, 1, NULL},
        {"k,i,j", "sorted", nnz - 1, 0, "sorted workspace holds"},
        {"i,k,j", "hash", peak, 1, NULL},          /* a table filled exactly */
        {"i,k,j", "hash", peak - 1, 0, "hash workspace of"},
        {"k,i,j", "hash", nnz - 1, 0, "hash workspace of"},
    };
    for (size_t k = 0; k < sizeof cs / sizeof cs[0]; k++) {
        char ws[64];
        snprintf(ws, sizeof ws, "workspace(X,%s,%llu)", cs[k].kind,
                 (unsigned long long)cs[k].cap);
        sg_graph g;
        sg_err e;
        assert_int_equal(compile_mm(cs[k].order, ws, &g, &e), 0);
        for (int eng = 0; eng < 2; eng++) {
            golden_result r;
            int rc = run(&g, &b, &c, eng ? GOLDEN_CYCLE : GOLDEN_FUNC, 0, &r, &e);
            if (cs[k].ok && rc)
                fail_msg("%s %s: %s", cs[k].order, ws, e.msg);
            if (!cs[k].ok) {
                assert_int_not_equal(rc, 0);
                if (!strstr(e.msg, cs[k].msg) || !strstr(e.msg, "capacity"))
                    fail_msg("%s %s: expected \"%s\" in: %s", cs[k].order, ws, cs[k].msg, e.msg);
            } else {
                assert_int_equal(r.ws[0].cap, (long)cs[k].cap);
            }
            sg_golden_result_free(&r);
        }
        sg_graph_free(&g);
    }
    sg_coo_free(&b);
    sg_coo_free(&c);
}

/* ---- memory --------------------------------------------------------------------- */

/* Sorted and hash rows never allocate a dense array; a dense one does, up
 * to its bound (SG_SPA_DENSE_MAX), and beyond it keys go to the map. */
static void test_sparse_rows_hold_entries_only(void **state)
{
    (void)state;
    golden_ws_stat w[3];
    memset(w, 0, sizeof w);
    w[0].kind = SG_WS_DENSE;
    w[1].kind = SG_WS_SORTED;
    w[2].kind = SG_WS_HASH;
    for (int k = 0; k < 3; k++) {
        spa_row r;
        memset(&r, 0, sizeof r);
        sg_spa_setup(&r, &w[k]);
        sg_spa_add(&r, 900000, 5, 32);
        sg_spa_add(&r, 2000000000, 7, 32);
        sg_spa_add(&r, 900000, 1, 32);
        assert_int_equal(r.nt, 2);
        assert_int_equal(sg_spa_val(&r, 900000), 6);
        assert_int_equal(sg_spa_val(&r, 2000000000), 7);
        if (k == 0)
            assert_true(r.cap > 900000);
        else
            assert_int_equal(r.cap, 0);
        assert_int_equal(r.hcap > 0, 1);
        if (k == 2)
            assert_int_equal(w[2].inserts, 2);
        sg_spa_clear(&r);
        assert_int_equal(sg_spa_val(&r, 900000), 0);
        sg_spa_free(&r);
    }
}

/* A product whose columns reach 2e9: the sorted workspace holds a few
 * entries; a dense one would need 2e9. */
static void test_huge_coordinates(void **state)
{
    (void)state;
    sg_coo b, c;
    operands(&b, &c, 8, 2000000000);
    sg_graph g;
    sg_err e;
    assert_int_equal(compile_mm("i,k,j", "workspace(X,sorted)", &g, &e), 0);
    golden_result r;
    if (run(&g, &b, &c, GOLDEN_CYCLE, 0, &r, &e))
        fail_msg("%s", e.msg);
    assert_int_equal(r.ws[0].dense_entries, 2000000001u);
    assert_true(sg_golden_ws_bits(&r.ws[0], SG_WS_SORTED, 32) < 1000);
    sg_golden_result_free(&r);
    sg_graph_free(&g);
    sg_coo_free(&b);
    sg_coo_free(&c);
}

/* ---- auto --------------------------------------------------------------------------- */

static void test_auto(void **state)
{
    (void)state;
    sg_node n;
    sg_graph_node_init(&n, SG_NK_SPACC);
    assert_int_equal(sg_ws_resolve(&n, 0), SG_WS_DENSE);
    assert_int_equal(sg_ws_resolve(&n, SG_WS_DENSE_AUTO_MAX), SG_WS_DENSE);
    assert_int_equal(sg_ws_resolve(&n, SG_WS_DENSE_AUTO_MAX + 1), SG_WS_SORTED);
    n.workspace = SG_WS_HASH;
    assert_int_equal(sg_ws_resolve(&n, 3), SG_WS_HASH);
    assert_int_equal(sg_ws_parse("sorted"), SG_WS_SORTED);
    assert_int_equal(sg_ws_parse("Sorted"), -1);
    assert_string_equal(sg_ws_name(SG_WS_HASH), "hash");
    /* a run leaves AUTO to the data: these columns reach 2e9 */
    sg_coo b, c;
    operands(&b, &c, 8, 2000000000);
    sg_graph g;
    sg_err e;
    assert_int_equal(compile_mm("i,k,j", "", &g, &e), 0);
    golden_result r;
    if (run(&g, &b, &c, GOLDEN_FUNC, 0, &r, &e))
        fail_msg("%s", e.msg);
    assert_int_equal(r.ws[0].kind, SG_WS_SORTED);
    sg_golden_result_free(&r);
    sg_coo_free(&c);
    sg_coo_free(&b);
    operands(&b, &c, 8, 30);
    if (run(&g, &b, &c, GOLDEN_FUNC, 0, &r, &e))
        fail_msg("%s", e.msg);
    assert_int_equal(r.ws[0].kind, SG_WS_DENSE);
    sg_golden_result_free(&r);
    sg_graph_free(&g);
    sg_coo_free(&b);
    sg_coo_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_directive_sets_node),
        cmocka_unit_test(test_directive_errors),
        cmocka_unit_test(test_graph_attribute_errors),
        cmocka_unit_test(test_kinds_agree),
        cmocka_unit_test(test_capacity),
        cmocka_unit_test(test_sparse_rows_hold_entries_only),
        cmocka_unit_test(test_huge_coordinates),
        cmocka_unit_test(test_auto),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
