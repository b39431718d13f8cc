/*
 * golden_examples_test.c - the shipped example kernels through the golden
 * model, checked against an independent dense evaluation.  Needs nothing
 * outside the repository, so a fresh clone still tests whole kernels.
 *
 * The kernels are the lines of examples/regen.sh ("name|expression and
 * flags|tensors"): each examples/<name>.gv was compiled by `samgen compile`
 * from that expression and its tensors are examples/<name>_<T>.tns.  The
 * test reads the expression from the same list, loads the tensors into
 * dense arrays, evaluates every term over its own index space (wrapping to
 * 32 bits), and runs the graph on the files on the functional engine, the
 * cycle engine, and the cycle engine with depth-2 FIFOs and skipping; the
 * output coordinates must equal the dense result (explicit zeros ignored,
 * duplicate coordinates rejected).  The repository root is $SAMGEN_ROOT
 * (set by make), else the current directory.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "golden/golden.h"
#include "golden/test_dense.h"
#include "golden/test_graph.h"

/* Size of index c: the extent of a mode that uses it. */
static int64_t dim_of(const expr *x, dense *ds, int nds, char c)
{
    for (int t = 0; t < x->nt; t++)
        for (int f = 0; f < x->t[t].nf; f++) {
            const factor *fa = &x->t[t].f[f];
            dense *d = sg_test_find(ds, nds, fa->name);
            for (int k = 0; k < fa->n; k++)
                if (fa->idx[k] == c)
                    return d->shape[k];
        }
    fail_msg("index %c has no extent", c);
    return 0;
}

/* out += every term, each summed over its own indices and the output's. */
static void evaluate(const expr *x, dense *ds, int nds, dense *out)
{
    memset(out->v, 0, out->n * sizeof *out->v);
    for (int t = 0; t < x->nt; t++) {
        const term *tm = &x->t[t];
        char idx[16];
        int64_t ext[16], val[16] = {0};
        int ni = 0;
        for (int k = 0; k < x->out.n; k++)
            idx[ni++] = x->out.idx[k];
        for (int f = 0; f < tm->nf; f++)
            for (int k = 0; k < tm->f[f].n; k++)
                if (!memchr(idx, tm->f[f].idx[k], (size_t)ni))
                    idx[ni++] = tm->f[f].idx[k];
        for (int k = 0; k < ni; k++)
            ext[k] = dim_of(x, ds, nds, idx[k]);
        for (;;) {
            uint64_t p = sg_test_term_value(tm, ds, nds, idx, val, ni);
            int64_t oc[SG_MAX_ORDER] = {0};
            for (int k = 0; k < x->out.n; k++)
                oc[k] = val[k];
            sg_test_dense_add(out, oc, p);
            if (!sg_test_next(val, ext, ni))
                break;
        }
    }
}

/* Run one example; returns the number of failing runs. */
static int run_example(const char *root, const char *name, const char *exprtext,
                       size_t *nnz_out)
{
    expr x;
    sg_test_parse_expr(exprtext, &x);
    char path[4096];
    snprintf(path, sizeof path, "%.3000s/examples/%s.gv", root, name);
    sg_graph g;
    sg_err e;
    sg_test_read_graph(path, &g, &e);
    assert_int_equal(sg_golden_check_executable(&g, &e), 0);

    dense ds[MAXT * MAXT];
    golden_binding b[MAXT * MAXT];
    char tpath[MAXT * MAXT][4096];
    int nds = 0;
    memset(b, 0, sizeof b);
    for (int t = 0; t < x.nt; t++)
        for (int f = 0; f < x.t[t].nf; f++) {
            const factor *fa = &x.t[t].f[f];
            if (sg_test_find(ds, nds, fa->name))
                continue;
            dense *d = &ds[nds];
            snprintf(tpath[nds], sizeof tpath[nds], "%.3000s/examples/%s_%s.tns", root, name, fa->name);
            sg_read_opts ro;
            sg_read_opts_default(&ro);
            sg_coo c;
            memset(&c, 0, sizeof c);
            if (sg_tensor_read(tpath[nds], fa->name, &ro, &c, &e) < 0)
                fail_msg("%s", e.msg);
            assert_int_equal(c.order, fa->n);
            sg_test_dense_alloc(d, fa->name, c.order, c.shape);
            for (size_t k = 0; k < c.nnz; k++)
                d->v[sg_test_lin(d, c.crd + k * (size_t)c.order)] += c.val[k];
            sg_coo_free(&c);
            b[nds].name = d->name;
            b[nds].path = tpath[nds];
            nds++;
        }
    int64_t oshape[SG_MAX_ORDER];
    for (int m = 0; m < x.out.n; m++)
        oshape[m] = dim_of(&x, ds, nds, x.out.idx[m]);
    dense out;
    sg_test_dense_alloc(&out, "", x.out.n, oshape);
    evaluate(&x, ds, nds, &out);
    *nnz_out = 0;
    for (size_t p = 0; p < out.n; p++)
        *nnz_out += out.v[p] != 0;

    int bad = 0;
    for (int eng = 0; eng < 3; eng++) {
        golden_opts o;
        sg_test_engine_opts(&o, eng);
        golden_result r;
        sg_err_clear(&e);
        if (sg_golden_run(&g, b, nds, &o, &r, &e) < 0 || r.deadlock)
            fail_msg("%s engine %d: %s", name, eng, e.msg);
        assert_int_equal(r.n_out, 1);
        char what[128];
        snprintf(what, sizeof what, "%s (engine %d)", name, eng);
        bad += sg_test_compare(&r.out[0].coo, &out, what);
        sg_golden_result_free(&r);
    }
    for (int i = 0; i < nds; i++)
        free(ds[i].v);
    free(out.v);
    sg_graph_free(&g);
    return bad;
}

static void test_examples(void **state)
{
    (void)state;
    const char *root = getenv("SAMGEN_ROOT");
    if (!root || !*root)
        root = ".";
    char path[4096];
    snprintf(path, sizeof path, "%.3000s/examples/regen.sh", root);
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("%s: cannot open (set SAMGEN_ROOT to the repository)", path);
    char line[1024];
    int in_list = 0, n = 0, bad = 0;
    while (fgets(line, sizeof line, f)) {
        if (!in_list) {
            in_list = strstr(line, "<<'LIST'") != NULL;
            continue;
        }
        if (!strncmp(line, "LIST", 4))
            break;
        char *bar = strchr(line, '|');
        if (line[0] == '#' || !bar)
            continue;
        *bar = 0;
        char *ex = bar + 1;
        char *end = strchr(ex, ' ');
        if (end)
            *end = 0;
        size_t nnz;
        int nb = run_example(root, line, ex, &nnz);
        printf("%-12s %-32s %3zu nonzeros, %s\n", line, ex, nnz, nb ? "MISMATCH" : "ok");
        bad += nb;
        n++;
    }
    fclose(f);
    assert_true(n >= 8);
    assert_int_equal(bad, 0);
}

/* The evaluator itself, on a case worked by hand: the residual's b(i)
 * term must count once, not once per j. */
static void test_evaluator(void **state)
{
    (void)state;
    expr x;
    sg_test_parse_expr("x(i)=b(i)-C(i,j)*d(j)", &x);
    assert_int_equal(x.nt, 2);
    assert_int_equal(x.t[1].sign, -1);
    int64_t bv[2] = {1, 2}, cv[6] = {1, 0, 2, 0, 3, 0}, dv[3] = {4, 5, 6}, ov[2];
    dense ds[3] = {
        {"b", 1, {2}, bv, 2}, {"C", 2, {2, 3}, cv, 6}, {"d", 1, {3}, dv, 3},
    };
    dense out = {"x", 1, {2}, ov, 2};
    evaluate(&x, ds, 3, &out);
    assert_int_equal(ov[0], 1 - (1 * 4 + 2 * 6));
    assert_int_equal(ov[1], 2 - (3 * 5));
}

/* sg_node.skip: -1 (sg_graph_node_init, the reader's default) takes the
 * run's --skip; 0 turns skipping off for that intersect; T > 0 is its own
 * CAM size.  b has 0..39 and 80, c has 40..80: the intersector can skip
 * ahead on b.  With want_err set, the run must fail with that message
 * (returns 0). */
static int64_t skips_with(sg_graph *g, int node_skip, const char *want_err)
{
    for (size_t i = 0; i < g->n_nodes; i++)
        if (g->nodes[i].kind == SG_NK_INTERSECT)
            g->nodes[i].skip = node_skip;
    int64_t shape[SG_MAX_ORDER] = {100};
    sg_coo bc, cc;
    sg_coo_init(&bc, 1, shape);
    sg_coo_init(&cc, 1, shape);
    for (int64_t x = 0; x <= 80; x++) {
        if (x < 40 || x == 80)
            sg_coo_push(&bc, &x, 1);
        if (x >= 40)
            sg_coo_push(&cc, &x, 2);
    }
    golden_binding b[2];
    memset(b, 0, sizeof b);
    b[0].name = "b";
    b[0].coo = &bc;
    b[1].name = "c";
    b[1].coo = &cc;
    golden_opts o;
    sg_golden_opts_default(&o);
    o.engine = GOLDEN_CYCLE;
    o.skip = 4;
    golden_result r;
    sg_err e;
    sg_err_clear(&e);
    if (want_err) {
        assert_int_equal(sg_golden_run(g, b, 2, &o, &r, &e), -1);
        assert_non_null(strstr(e.msg, want_err));
        assert_non_null(strstr(e.msg, "vec_elemmul.gv:"));
        sg_coo_free(&bc);
        sg_coo_free(&cc);
        return 0;
    }
    if (sg_golden_run(g, b, 2, &o, &r, &e) < 0 || r.deadlock)
        fail_msg("%s", e.msg);
    assert_int_equal(r.n_out, 1);
    assert_int_equal(r.out[0].coo.nnz, 1);      /* x(80) = 2 */
    assert_int_equal(r.out[0].coo.val[0], 2);
    int64_t n = (int64_t)r.skips;
    sg_golden_result_free(&r);
    sg_coo_free(&bc);
    sg_coo_free(&cc);
    return n;
}

static void test_node_skip(void **state)
{
    (void)state;
    sg_node n;
    sg_graph_node_init(&n, SG_NK_INTERSECT);
    assert_int_equal(n.skip, -1);
    const char *root = getenv("SAMGEN_ROOT");
    char path[4096];
    snprintf(path, sizeof path, "%.3000s/examples/vec_elemmul.gv", root && *root ? root : ".");
    sg_graph g;
    sg_err e;
    sg_test_read_graph(path, &g, &e);
    for (size_t i = 0; i < g.n_nodes; i++)
        assert_int_equal(g.nodes[i].skip, -1);
    assert_true(skips_with(&g, -1, NULL) > 0);
    assert_int_equal(skips_with(&g, 0, NULL), 0);
    assert_true(skips_with(&g, 8, NULL) > 0);
    /* the RTL's CAM samples by shifting: T must be a power of two */
    skips_with(&g, 3, "skip CAM size 3 is not a power of two");
    skips_with(&g, 2048, "skip CAM size 2048 is not a power of two up to 1024");
    sg_graph_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_evaluator),
        cmocka_unit_test(test_examples),
        cmocka_unit_test(test_node_skip),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
