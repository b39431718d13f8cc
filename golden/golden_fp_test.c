/*
 * golden_fp_test.c - whole kernels on real values (fp32, bf16) through
 * sg_golden_run, on both engines, against a reference computed here with
 * core/fp.h in the order the streams deliver the terms: each sum starts
 * from +0 and adds its products in the order of the contracted index.
 *
 * Kernels: spmv (x(i) = B(i,j)*c(j)), mat_elemadd (X = B + C) and
 * matmul_ikj (X(i,j) = B(i,k)*C(k,j)) from examples/, on small matrices
 * whose values make the order of the additions matter; spmv on bcsstm02
 * from $SHARED/data/mtx when $SHARED is set (skipped otherwise).  The
 * repository root is $SAMGEN_ROOT (default ".").
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/value.h"
#include "golden/golden.h"
#include "golden/test_graph.h"

#define N 6   /* matrices are N x N, vectors N */

/* The value at a dense position of a matrix as stored bits (0 = absent). */
typedef struct mat { int64_t v[N][N]; int has[N][N]; } mat;

static int64_t real(int vt, double d)
{
    return vt == SG_VT_BF16 ? sg_wrap(sg_fp_bf16_from_double(d), 16)
                            : sg_wrap(sg_fp_f32_from_double(d), 32);
}

/* A seeded pattern of values that do not add associatively in fp32:
 * large and small magnitudes, thirds, negative values. */
static void fill(mat *m, int vt, unsigned seed)
{
    static const double vals[] = {0.1, 1e8, -1e8, 1.0 / 3, 3.0e-3, -2.5, 7.0, 1e-7};
    memset(m, 0, sizeof *m);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) {
            seed = seed * 1103515245u + 12345u;
            if ((seed >> 16) % 3 == 0)
                continue;
            m->has[i][j] = 1;
            m->v[i][j] = real(vt, vals[(seed >> 8) % 8]);
        }
}

static void to_coo(const mat *m, int order, sg_coo *c, int vt)
{
    int64_t shape[2] = {N, N};
    sg_coo_init(c, order, shape);
    c->vt = vt;
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            if (m->has[i][j]) {
                int64_t x[2] = {i, j};
                if (order == 1) {
                    if (i == 0)
                        sg_coo_push(c, &x[1], m->v[0][j]);
                } else {
                    sg_coo_push(c, x, m->v[i][j]);
                }
            }
}

/* Run examples/<name>.gv with B (and C or c) bound; the output coo. */
static void run(const char *name, const sg_coo *b, const sg_coo *c, const char *cname,
                int vt, golden_engine eng, golden_result *r)
{
    const char *root = getenv("SAMGEN_ROOT");
    char path[3200];
    snprintf(path, sizeof path, "%.3000s/examples/%s.gv", root && *root ? root : ".", name);
    sg_graph g;
    sg_err e;
    sg_test_read_graph(path, &g, &e);
    golden_binding bd[2];
    memset(bd, 0, sizeof bd);
    bd[0].name = "B";
    bd[0].coo = b;
    bd[1].name = cname;
    bd[1].coo = c;
    golden_opts o;
    sg_golden_opts_default(&o);
    o.engine = eng;
    o.vt = vt;
    o.width = sg_vt_width(vt);
    sg_err_clear(&e);
    int rc = sg_golden_run(&g, bd, 2, &o, r, &e);
    if (rc < 0)
        print_error("%s: %s\n", name, e.msg);
    assert_int_equal(rc, 0);
    assert_false(r->deadlock);
    assert_int_equal(r->out[0].coo.vt, vt);
    sg_graph_free(&g);
}

/* Every output entry has the reference's bits; every reference value
 * that is not +0 appears. */
static void check2(const golden_result *r, const mat *ref, const char *what)
{
    const sg_coo *x = &r->out[0].coo;
    int seen[N][N];
    memset(seen, 0, sizeof seen);
    for (size_t k = 0; k < x->nnz; k++) {
        int64_t i = x->order == 2 ? x->crd[2 * k] : 0;
        int64_t j = x->order == 2 ? x->crd[2 * k + 1] : x->crd[k];
        if (x->val[k] != ref->v[i][j])
            fail_msg("%s: (%lld,%lld) has %llx, expected %llx", what, (long long)i,
                     (long long)j, (unsigned long long)x->val[k],
                     (unsigned long long)ref->v[i][j]);
        seen[i][j] = 1;
    }
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++)
            if (ref->v[i][j] != 0 && !seen[i][j])
                fail_msg("%s: (%d,%d) missing", what, i, j);
}

static void test_spmv(void **state)
{
    (void)state;
    static const int vts[] = {SG_VT_FP32, SG_VT_BF16};
    for (int t = 0; t < 2; t++)
        for (int eng = 0; eng < 2; eng++) {
            int vt = vts[t];
            mat b, c, ref;
            fill(&b, vt, 7);
            fill(&c, vt, 99);
            memset(&ref, 0, sizeof ref);
            for (int i = 0; i < N; i++) {
                int64_t acc = 0;                   /* +0 */
                for (int j = 0; j < N; j++)
                    if (b.has[i][j] && c.has[0][j])
                        acc = sg_val_add(vt, acc, sg_val_mul(vt, b.v[i][j], c.v[0][j]));
                ref.v[0][i] = acc;
            }
            sg_coo bc, cc;
            to_coo(&b, 2, &bc, vt);
            to_coo(&c, 1, &cc, vt);
            golden_result r;
            run("spmv", &bc, &cc, "c", vt, eng ? GOLDEN_CYCLE : GOLDEN_FUNC, &r);
            check2(&r, &ref, vt == SG_VT_FP32 ? "spmv fp32" : "spmv bf16");
            sg_golden_result_free(&r);
            sg_coo_free(&bc);
            sg_coo_free(&cc);
        }
}

static void test_elemadd(void **state)
{
    (void)state;
    for (int eng = 0; eng < 2; eng++) {
        int vt = SG_VT_FP32;
        mat b, c, ref;
        fill(&b, vt, 3);
        fill(&c, vt, 4);
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++)
                ref.v[i][j] = sg_val_add(vt, b.has[i][j] ? b.v[i][j] : 0,
                                         c.has[i][j] ? c.v[i][j] : 0);
        sg_coo bc, cc;
        to_coo(&b, 2, &bc, vt);
        to_coo(&c, 2, &cc, vt);
        golden_result r;
        run("mat_elemadd", &bc, &cc, "C", vt, eng ? GOLDEN_CYCLE : GOLDEN_FUNC, &r);
        check2(&r, &ref, "mat_elemadd fp32");
        sg_golden_result_free(&r);
        sg_coo_free(&bc);
        sg_coo_free(&cc);
    }
}

static void test_matmul_ikj(void **state)
{
    (void)state;
    for (int eng = 0; eng < 2; eng++) {
        int vt = SG_VT_FP32;
        mat b, c, ref;
        fill(&b, vt, 11);
        fill(&c, vt, 12);
        memset(&ref, 0, sizeof ref);
        for (int i = 0; i < N; i++)
            for (int j = 0; j < N; j++) {
                int64_t acc = 0;
                for (int k = 0; k < N; k++)       /* the stream's order */
                    if (b.has[i][k] && c.has[k][j])
                        acc = sg_val_add(vt, acc, sg_val_mul(vt, b.v[i][k], c.v[k][j]));
                ref.v[i][j] = acc;
            }
        sg_coo bc, cc;
        to_coo(&b, 2, &bc, vt);
        to_coo(&c, 2, &cc, vt);
        golden_result r;
        run("matmul_ikj", &bc, &cc, "C", vt, eng ? GOLDEN_CYCLE : GOLDEN_FUNC, &r);
        check2(&r, &ref, "matmul_ikj fp32");
        sg_golden_result_free(&r);
        sg_coo_free(&bc);
        sg_coo_free(&cc);
    }
}

/* A real SuiteSparse matrix read as fp32: spmv against the reference. */
static void test_bcsstm02(void **state)
{
    (void)state;
    const char *sh = getenv("SHARED");
    char path[3200];
    snprintf(path, sizeof path, "%.3000s/data/mtx/bcsstm02.mtx", sh ? sh : "");
    FILE *f = sh && *sh ? fopen(path, "r") : NULL;
    if (!f) {
        printf("SKIP bcsstm02: $SHARED/data/mtx/bcsstm02.mtx not found\n");
        return;
    }
    fclose(f);
    int vt = SG_VT_FP32;
    sg_read_opts ro;
    sg_read_opts_default(&ro);
    ro.vt = vt;
    sg_coo b;
    sg_err e;
    assert_int_equal(sg_tensor_read(path, NULL, &ro, &b, &e), 0);
    int64_t n = b.shape[0];
    int64_t *cv = calloc((size_t)n, sizeof *cv), *ref = calloc((size_t)n, sizeof *ref);
    sg_coo c;
    sg_coo_init(&c, 1, &n);
    c.vt = vt;
    for (int64_t j = 0; j < n; j++) {
        cv[j] = real(vt, 0.1 * (double)(j + 1));
        sg_coo_push(&c, &j, cv[j]);
    }
    for (size_t k = 0; k < b.nnz; k++)   /* entries sorted by row, then column */
        ref[b.crd[2 * k]] = sg_val_add(vt, ref[b.crd[2 * k]],
                                       sg_val_mul(vt, b.val[k], cv[b.crd[2 * k + 1]]));
    golden_result r;
    run("spmv", &b, &c, "c", vt, GOLDEN_CYCLE, &r);
    const sg_coo *x = &r.out[0].coo;
    assert_int_equal(x->nnz, (size_t)n);   /* a diagonal matrix: every row */
    for (size_t k = 0; k < x->nnz; k++)
        assert_int_equal(x->val[k], ref[x->crd[k]]);
    sg_golden_result_free(&r);
    sg_coo_free(&b);
    sg_coo_free(&c);
    free(cv);
    free(ref);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spmv),
        cmocka_unit_test(test_elemadd),
        cmocka_unit_test(test_matmul_ikj),
        cmocka_unit_test(test_bcsstm02),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
