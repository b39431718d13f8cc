/*
 * einsum_formats_test.c - kernels over every level format give the same
 * result: SpMV with the matrix in CSR, DCSR, COO, ELL and DIA (cast to
 * order 3, core/cast.c) and with the vector dense, compressed or hashed,
 * (bound as the cast tensor, and as the matrix itself, which binding
 * casts), compiled and run in both golden engines (the cycle engine with 4-deep
 * FIFOs), on generated banded
 * and random matrices and, with $SHARED, on real ones; each result is
 * compared entry by entry with a dense evaluation written here.
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
#include "graph/graph.h"
#include "golden/golden.h"
#include "front/einsum_test_lines.h"

/* y = A x, dense, in 32-bit wrapping arithmetic. */
static int64_t *dense_spmv(const sg_coo *a, const sg_coo *x)
{
    int64_t *xd = sg_calloc((size_t)a->shape[1], sizeof *xd);
    for (size_t n = 0; n < x->nnz; n++)
        xd[x->crd[n]] = x->val[n];
    int64_t *y = sg_calloc((size_t)a->shape[0], sizeof *y);
    for (size_t n = 0; n < a->nnz; n++) {
        int64_t i = a->crd[2 * n], j = a->crd[2 * n + 1];
        y[i] = sg_wrap(y[i] + sg_wrap(a->val[n] * xd[j], 32), 32);
    }
    free(xd);
    return y;
}

/* Compile line, bind B (the matrix or its cast) and x, run, compare. */
static void check_kernel(const char *what, const char *line, const sg_coo *b,
                         const sg_coo *x, const int64_t *want, int64_t rows)
{
    sg_graph g;
    sg_err e;
    if (compile_line(line, "fmt", &g, &e, NULL))
        fail_msg("%s: %s: %s", what, line, e.msg);
    golden_binding bd[2];
    memset(bd, 0, sizeof bd);
    bd[0].name = "B";
    bd[0].coo = b;
    bd[1].name = "x";
    bd[1].coo = x;
    /* a hashed vector is located into, never scanned */
    if (strstr(line, "x:h"))
        assert_non_null(find_kind(&g, SG_NK_LOCATE));
    for (int eng = 0; eng < 2; eng++) {
        golden_opts o;
        sg_golden_opts_default(&o);
        o.engine = eng ? GOLDEN_CYCLE : GOLDEN_FUNC;
        o.fifo_depth = eng ? 4 : 0;
        golden_result r;
        sg_err_clear(&e);
        if (sg_golden_run(&g, bd, 2, &o, &r, &e) || r.n_out != 1 || r.deadlock)
            fail_msg("%s: %s: %s", what, line, e.msg[0] ? e.msg : "no output");
        int64_t *got = sg_calloc((size_t)rows, sizeof *got);
        const sg_coo *out = &r.out[0].coo;
        for (size_t n = 0; n < out->nnz; n++)
            got[out->crd[n]] = sg_wrap(got[out->crd[n]] + out->val[n], 32);
        for (int64_t i = 0; i < rows; i++)
            if (got[i] != want[i])
                fail_msg("%s: %s (engine %d): y(%lld) is %lld, want %lld", what, line, eng,
                         (long long)i, (long long)got[i], (long long)want[i]);
        free(got);
        sg_golden_result_free(&r);
    }
    sg_graph_free(&g);
}

/* Elementwise vector kernels over bitvector operands against a dense
 * evaluation: the AND and OR of the words (two and three operands, word
 * widths 1 to 64, lengths that leave a partial last word), and bitvector
 * operands mixed with compressed and dense ones. */
static void test_bitvector_vectors(void **state)
{
    (void)state;
    static const char *const lines[] = {
        "x(i)=b(i)*c(i) -fb:b -fc:b",     "x(i)=b(i)+c(i) -fb:b -fc:b",
        "x(i)=b(i)*c(i)*d(i) -fb:b -fc:b -fd:b", "x(i)=b(i)+c(i)+d(i) -fb:b -fc:b -fd:b",
        "x(i)=b(i)*c(i) -fb:b -fc:s",     "x(i)=b(i)+c(i) -fb:b -fc:s",
        "x(i)=b(i)*c(i)+d(i) -fb:b -fc:b -fd:b", "x(i)=b(i)*c(i) -fb:b -fc:d",
        "x(i)=b(i)*c(i) -fb:b -fc:b -sbitvector(1)", "x(i)=b(i)+c(i) -fb:b -fc:b -sbitvector(4)",
        "x(i)=b(i)*c(i) -fb:b -fc:b -sbitvector(32)",
        /* more operands than a bitvector joiner takes: chained */
        "x(i)=b(i)*c(i)*d(i)*e(i) -fb:b -fc:b -fd:b -fe:b",
    };
    static const int64_t lens[] = {1, 63, 64, 65, 200};
    for (size_t L = 0; L < sizeof lens / sizeof lens[0]; L++) {
        sg_coo v[4];
        int64_t *dv[4];
        for (int k = 0; k < 4; k++) {
            sg_gen_opts go;
            sg_gen_opts_default(&go);
            go.order = 1;
            go.shape[0] = lens[L];
            go.density = k == 2 ? 0.6 : 0.3;
            go.pattern = k == 1 ? SG_PAT_BLOCKS : SG_PAT_UNIFORM;
            go.seed = 40 + 3 * L + (uint64_t)k;
            sg_err e;
            sg_err_clear(&e);
            if (sg_tensor_gen(&go, &v[k], &e))
                fail_msg("%s", e.msg);
            dv[k] = sg_calloc((size_t)lens[L], sizeof *dv[k]);
            for (size_t n = 0; n < v[k].nnz; n++)
                dv[k][v[k].crd[n]] = v[k].val[n];
        }
        for (size_t q = 0; q < sizeof lines / sizeof lines[0]; q++) {
            const char *line = lines[q];
            int add = strchr(line, '+') != NULL, three = strstr(line, "d(i)") != NULL;
            int four = strstr(line, "e(i)") != NULL;
            int mixed = strstr(line, "*c(i)+d(i)") != NULL;
            sg_graph g;
            sg_err e;
            if (compile_line(line, "bv", &g, &e, NULL))
                fail_msg("%s: %s", line, e.msg);
            /* the graph writes as DOT (every stream kind has an edge style) */
            FILE *dot = tmpfile();
            assert_non_null(dot);
            assert_int_equal(sg_graph_write_dot_stream(&g, dot), 0);
            fclose(dot);
            if (!strstr(line, "fc:d"))
                assert_non_null(find_kind(&g, add ? SG_NK_UNION : SG_NK_INTERSECT));
            golden_binding bd[4];
            memset(bd, 0, sizeof bd);
            const char *nm[4] = {"b", "c", "d", "e"};
            for (int k = 0; k < 4; k++) {
                bd[k].name = nm[k];
                bd[k].coo = &v[k];
            }
            for (int eng = 0; eng < 2; eng++) {
                golden_opts o;
                sg_golden_opts_default(&o);
                o.engine = eng ? GOLDEN_CYCLE : GOLDEN_FUNC;
                o.fifo_depth = eng ? 2 : 0;
                golden_result r;
                sg_err_clear(&e);
                if (sg_golden_run(&g, bd, four ? 4 : three ? 3 : 2, &o, &r, &e) || r.n_out != 1 ||
                    r.deadlock)
                    fail_msg("%s (length %lld): %s", line, (long long)lens[L],
                             e.msg[0] ? e.msg : "no output");
                int64_t *got = sg_calloc((size_t)lens[L], sizeof *got);
                const sg_coo *out = &r.out[0].coo;
                for (size_t n = 0; n < out->nnz; n++)
                    got[out->crd[n]] = out->val[n];
                for (int64_t i = 0; i < lens[L]; i++) {
                    int64_t want = mixed ? dv[0][i] * dv[1][i] + dv[2][i]
                                 : add ? dv[0][i] + dv[1][i] + (three ? dv[2][i] : 0)
                                       : dv[0][i] * dv[1][i] * (three ? dv[2][i] : 1) *
                                         (four ? dv[3][i] : 1);
                    if (got[i] != sg_wrap(want, 32))
                        fail_msg("%s (length %lld, engine %d): x(%lld) is %lld, want %lld",
                                 line, (long long)lens[L], eng, (long long)i,
                                 (long long)got[i], (long long)want);
                }
                free(got);
                sg_golden_result_free(&r);
            }
            sg_graph_free(&g);
        }
        for (int k = 0; k < 4; k++) {
            sg_coo_free(&v[k]);
            free(dv[k]);
        }
    }
}

/* Every format of SpMV on matrix a (rows x cols) and a vector of density
 * xd. */
static void all_formats(const char *what, const sg_coo *a, double xd, uint64_t seed)
{
    sg_gen_opts go;
    sg_gen_opts_default(&go);
    go.order = 1;
    go.shape[0] = a->shape[1];
    go.density = xd;
    go.seed = seed;
    sg_coo x;
    sg_err e;
    sg_err_clear(&e);
    if (sg_tensor_gen(&go, &x, &e))
        fail_msg("%s: %s", what, e.msg);
    int64_t *want = dense_spmv(a, &x);
    static const char *const mat_lines[] = {
        "y(i)=B(i,j)*x(j) -fB:ds -fx:d",  "y(i)=B(i,j)*x(j) -fB:ss -fx:s",
        "y(i)=B(i,j)*x(j) -fB:uq -fx:d",  "y(i)=B(i,j)*x(j) -fB:ds -fx:h",
        "y(i)=B(i,j)*x(j) -fB:uq -fx:h",  "y(i)=B(i,j)*x(j) -fB:dd -fx:h",
        "y(i)=B(i,j)*x(j) -fB:sh -fx:d",
        /* bitvector levels: joined word by word with each other, turned
         * into coordinates where they meet another format */
        "y(i)=B(i,j)*x(j) -fB:db -fx:b",  "y(i)=B(i,j)*x(j) -fB:bb -fx:d",
        "y(i)=B(i,j)*x(j) -fB:sb -fx:s",  "y(i)=B(i,j)*x(j) -fB:db -fx:b -sbitvector(4)",
        "y(i)=B(i,j)*x(j) -fB:bb -fx:b -sbitvector(8)",
    };
    for (size_t k = 0; k < sizeof mat_lines / sizeof mat_lines[0]; k++)
        check_kernel(what, mat_lines[k], a, &x, want, a->shape[0]);
    static const struct { const char *cast, *line; } casts[] = {
        {"ell", "y(i)=B(k,i,j)*x(j) -fB:ddq -fx:d"},
        {"ell", "y(i)=B(k,i,j)*x(j) -fB:ddq -fx:s"},
        {"ell", "y(i)=B(k,i,j)*x(j) -fB:ddq -fx:h"},
        {"ell", "y(i)=B(k,i,j)*x(j) -fB:ddq:1,0,2 -fx:d"},
        {"dia", "y(i)=B(k,i,j)*x(j) -fB:dro -fx:d"},
        {"dia", "y(i)=B(k,i,j)*x(j) -fB:dro -fx:s"},
        {"dia", "y(i)=B(k,i,j)*x(j) -fB:sro -fx:h"},
    };
    for (size_t k = 0; k < sizeof casts / sizeof casts[0]; k++) {
        sg_coo c;
        if (sg_cast_coo(a, casts[k].cast, &c, NULL, &e))
            fail_msg("%s: %s", what, e.msg);
        check_kernel(what, casts[k].line, &c, &x, want, a->shape[0]);
        sg_coo_free(&c);
        /* the matrix itself: binding casts it (graph/bind.c) */
        check_kernel(what, casts[k].line, a, &x, want, a->shape[0]);
    }
    free(want);
    sg_coo_free(&x);
}

static void gen_matrix(sg_coo *a, int64_t rows, int64_t cols, double d, sg_pattern p,
                       uint64_t seed)
{
    sg_gen_opts go;
    sg_gen_opts_default(&go);
    go.order = 2;
    go.shape[0] = rows;
    go.shape[1] = cols;
    go.density = d;
    go.pattern = p;
    go.seed = seed;
    sg_err e;
    sg_err_clear(&e);
    if (sg_tensor_gen(&go, a, &e))
        fail_msg("%s", e.msg);
}

static void test_generated(void **state)
{
    (void)state;
    static const struct { int64_t r, c; double d; sg_pattern p; } m[] = {
        {30, 30, 0.15, SG_PAT_BAND}, {24, 40, 0.1, SG_PAT_BAND},
        {40, 24, 0.2, SG_PAT_UNIFORM}, {16, 16, 0.5, SG_PAT_DIAG},
        {12, 9, 0.0, SG_PAT_UNIFORM},
    };
    for (size_t k = 0; k < sizeof m / sizeof m[0]; k++) {
        sg_coo a;
        gen_matrix(&a, m[k].r, m[k].c, m[k].d, m[k].p, 11 + k);
        char what[64];
        snprintf(what, sizeof what, "%lldx%lld %s", (long long)m[k].r, (long long)m[k].c,
                 sg_pattern_name(m[k].p));
        all_formats(what, &a, 0.4, 5 + k);
        sg_coo_free(&a);
    }
}

static void test_real(void **state)
{
    (void)state;
    static const char *const names[] = {"Trefethen_20", "can_24", "bcsstk01", "west0067"};
    for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
        char sub[96], path[512];
        snprintf(sub, sizeof sub, "data/mtx/%s.mtx", names[k]);
        if (!sg_test_shared_path(sub, "formats on real matrices", path, sizeof path))
            return;
        sg_read_opts ro;
        sg_read_opts_default(&ro);
        sg_coo a;
        sg_err e;
        sg_err_clear(&e);
        if (sg_tensor_read(path, NULL, &ro, &a, &e))
            fail_msg("%s", e.msg);
        all_formats(names[k], &a, 0.5, k);
        sg_coo_free(&a);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_generated),
        cmocka_unit_test(test_bitvector_vectors),
        cmocka_unit_test(test_real),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
