/*
 * fibertree_test.c - fibertree construction in every level format and mode
 * order, against the arrays SAM-SEMANTICS section 3.1 gives.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "core/tensor.h"

/* B = [[1,0,2,0],[0,0,0,0],[0,3,0,0],[4,0,0,5]], pushed out of order. */
static void matrix_b(sg_coo *t)
{
    int64_t shape[2] = {4, 4};
    sg_coo_init(t, 2, shape);
    int64_t e[][3] = {{3, 3, 5}, {0, 2, 2}, {2, 1, 3}, {0, 0, 1}, {3, 0, 4}};
    for (int i = 0; i < 5; i++)
        sg_coo_push(t, e[i], e[i][2]);
}

static void assert_arr(const int64_t *a, size_t n, const int64_t *want,
                       size_t wn)
{
    assert_int_equal(n, wn);
    for (size_t i = 0; i < n; i++)
        assert_int_equal(a[i], want[i]);
}
#define ARR(a, n, ...) do { \
    const int64_t w_[] = {__VA_ARGS__}; \
    assert_arr(a, n, w_, sizeof w_ / sizeof *w_); } while (0)

static void build(sg_coo *t, const char *fs, sg_fibertree *ft)
{
    sg_format f;
    sg_err e;
    assert_int_equal(sg_format_parse(fs, &f, &e), 0);
    assert_int_equal(sg_fibertree_build(t, &f, ft, &e), 0);
}

static void test_dcsr(void **state)
{
    (void)state;
    sg_coo t;
    sg_fibertree ft;
    matrix_b(&t);
    build(&t, "ss01", &ft);
    ARR(ft.lvl[0].seg, ft.lvl[0].nseg, 0, 3);
    ARR(ft.lvl[0].crd, ft.lvl[0].ncrd, 0, 2, 3);
    ARR(ft.lvl[1].seg, ft.lvl[1].nseg, 0, 2, 3, 5);
    ARR(ft.lvl[1].crd, ft.lvl[1].ncrd, 0, 2, 1, 0, 3);
    ARR(ft.vals, ft.nvals, 1, 2, 3, 4, 5);
    assert_int_equal(ft.lvl[0].mode, 0);
    assert_int_equal(ft.lvl[1].dim, 4);
    sg_fibertree_free(&ft);
    sg_coo_free(&t);
}

static void test_dcsc(void **state)
{
    (void)state;
    sg_coo t;
    sg_fibertree ft;
    matrix_b(&t);
    build(&t, "ss10", &ft);
    assert_int_equal(ft.lvl[0].mode, 1);
    ARR(ft.lvl[0].seg, ft.lvl[0].nseg, 0, 4);
    ARR(ft.lvl[0].crd, ft.lvl[0].ncrd, 0, 1, 2, 3);
    ARR(ft.lvl[1].seg, ft.lvl[1].nseg, 0, 2, 3, 4, 5);
    ARR(ft.lvl[1].crd, ft.lvl[1].ncrd, 0, 3, 2, 0, 3);
    ARR(ft.vals, ft.nvals, 1, 4, 3, 2, 5);
    sg_fibertree_free(&ft);
    sg_coo_free(&t);
}

/* COO (uq01) and CSF over COO (suq012): one position per entry below the
 * non-unique level, its coordinates in runs; the singleton's fibers are
 * those runs. */
static void test_coo(void **state)
{
    (void)state;
    sg_coo t, back;
    sg_fibertree ft;
    matrix_b(&t);
    build(&t, "uq01", &ft);
    ARR(ft.lvl[0].seg, ft.lvl[0].nseg, 0, 5);
    ARR(ft.lvl[0].crd, ft.lvl[0].ncrd, 0, 0, 2, 3, 3);
    assert_null(ft.lvl[1].seg);
    ARR(ft.lvl[1].crd, ft.lvl[1].ncrd, 0, 2, 1, 0, 3);
    ARR(ft.vals, ft.nvals, 1, 2, 3, 4, 5);
    ARR(ft.lvl[1].last, ft.lvl[1].ncrd, 0, 1, 1, 0, 1);
    sg_fibertree_to_coo(&ft, 0, &back);
    assert_int_equal(back.nnz, 5);
    for (size_t i = 0; i < 5; i++) {
        assert_int_equal(back.crd[2 * i], t.crd[2 * i]);
        assert_int_equal(back.crd[2 * i + 1], t.crd[2 * i + 1]);
        assert_int_equal(back.val[i], t.val[i]);
    }
    sg_coo_free(&back);
    sg_fibertree_free(&ft);
    sg_coo_free(&t);

    /* a run may not cross a fiber of the non-unique level: (0,1,0) and
     * (1,1,0) have the same mode-1 coordinate under different parents */
    int64_t shape[3] = {2, 2, 2};
    sg_coo_init(&t, 3, shape);
    int64_t e3[][4] = {{0, 1, 0, 1}, {0, 1, 1, 2}, {1, 1, 0, 3}, {1, 0, 1, 4}};
    for (int i = 0; i < 4; i++)
        sg_coo_push(&t, e3[i], e3[i][3]);
    build(&t, "suq012", &ft);
    ARR(ft.lvl[0].crd, ft.lvl[0].ncrd, 0, 1);
    ARR(ft.lvl[1].seg, ft.lvl[1].nseg, 0, 2, 4);
    ARR(ft.lvl[1].crd, ft.lvl[1].ncrd, 1, 1, 0, 1);
    ARR(ft.lvl[2].crd, ft.lvl[2].ncrd, 0, 1, 1, 0);
    ARR(ft.lvl[2].last, ft.lvl[2].ncrd, 0, 1, 1, 1);
    sg_fibertree_free(&ft);
    sg_coo_free(&t);

    sg_format f;
    sg_err e;
    assert_int_equal(sg_format_parse("qu01", &f, &e), -1);
    assert_non_null(strstr(e.msg, "singleton level (q) must sit under"));
    assert_int_equal(sg_format_parse("us01", &f, &e), -1);
    assert_int_equal(sg_format_parse("uqs012", &f, &e), -1);
    assert_non_null(strstr(e.msg, "non-unique level (u) must be the second-last"));
}

static void test_csr_and_dense(void **state)
{
    (void)state;
    sg_coo t;
    sg_fibertree ft;
    matrix_b(&t);
    build(&t, "ds01", &ft);             /* CSR: empty row 1 kept */
    assert_null(ft.lvl[0].seg);
    ARR(ft.lvl[1].seg, ft.lvl[1].nseg, 0, 2, 2, 3, 5);
    ARR(ft.lvl[1].crd, ft.lvl[1].ncrd, 0, 2, 1, 0, 3);
    sg_fibertree_free(&ft);
    build(&t, "sd01", &ft);             /* only non-empty rows, dense cols */
    ARR(ft.lvl[0].crd, ft.lvl[0].ncrd, 0, 2, 3);
    ARR(ft.vals, ft.nvals, 1, 0, 2, 0, 0, 3, 0, 0, 4, 0, 0, 5);
    sg_fibertree_free(&ft);
    build(&t, "dd10", &ft);             /* dense column-major */
    ARR(ft.vals, ft.nvals, 1, 0, 0, 4, 0, 0, 3, 0, 2, 0, 0, 0, 0, 0, 0, 5);
    sg_coo back;
    sg_fibertree_to_coo(&ft, 0, &back);
    assert_int_equal(back.nnz, 5);      /* zero fill dropped */
    assert_int_equal(back.crd[0], 0);
    assert_int_equal(back.crd[1], 0);
    assert_int_equal(back.crd[2], 3);   /* column-major: (3,0) second */
    assert_int_equal(back.val[1], 4);
    sg_coo_free(&back);
    sg_fibertree_to_coo(&ft, 1, &back);
    assert_int_equal(back.nnz, 16);
    sg_coo_free(&back);
    sg_fibertree_free(&ft);
    sg_coo_free(&t);
}

static void test_csf_roundtrip(void **state)
{
    (void)state;
    /* The 3-level example of SAM-SEMANTICS 1.2: <<<0,2,3>,<0,2,3>>,<<0>>,
     * <<2,3>>> with explicit zero values kept as entries. */
    int64_t shape[3] = {3, 2, 4};
    sg_coo t;
    sg_coo_init(&t, 3, shape);
    int64_t e[][3] = {{0, 0, 0}, {0, 0, 2}, {0, 0, 3}, {0, 1, 0}, {0, 1, 2},
                      {0, 1, 3}, {1, 0, 0}, {2, 1, 2}, {2, 1, 3}};
    for (int i = 8; i >= 0; i--)
        sg_coo_push(&t, e[i], i == 4 ? 0 : i + 1);
    sg_fibertree ft;
    build(&t, "sss012", &ft);
    ARR(ft.lvl[0].crd, ft.lvl[0].ncrd, 0, 1, 2);
    ARR(ft.lvl[1].seg, ft.lvl[1].nseg, 0, 2, 3, 4);
    ARR(ft.lvl[1].crd, ft.lvl[1].ncrd, 0, 1, 0, 1);
    ARR(ft.lvl[2].seg, ft.lvl[2].nseg, 0, 3, 6, 7, 9);
    ARR(ft.lvl[2].crd, ft.lvl[2].ncrd, 0, 2, 3, 0, 2, 3, 0, 2, 3);
    ARR(ft.vals, ft.nvals, 1, 2, 3, 4, 0, 6, 7, 8, 9);
    sg_coo back;
    sg_fibertree_to_coo(&ft, 0, &back);
    assert_int_equal(back.nnz, 9);      /* explicit zero kept */
    assert_memory_equal(back.crd, e, sizeof e);
    sg_coo_free(&back);
    sg_fibertree_free(&ft);
    sg_coo_free(&t);
}

static void test_empty_scalar_errors(void **state)
{
    (void)state;
    int64_t shape[2] = {3, 3};
    sg_coo t;
    sg_fibertree ft;
    sg_coo_init(&t, 2, shape);
    build(&t, "ss01", &ft);
    ARR(ft.lvl[0].seg, ft.lvl[0].nseg, 0, 0);
    ARR(ft.lvl[1].seg, ft.lvl[1].nseg, 0);
    assert_int_equal(ft.nvals, 0);
    sg_fibertree_free(&ft);
    sg_coo_free(&t);

    sg_coo_init(&t, 0, NULL);
    sg_coo_push(&t, NULL, 42);
    build(&t, "none", &ft);
    ARR(ft.vals, ft.nvals, 42);
    sg_fibertree_free(&ft);

    sg_format f;
    sg_err e;
    sg_format_parse("s0", &f, &e);
    assert_int_equal(sg_fibertree_build(&t, &f, &ft, &e), -1);
    assert_non_null(strstr(e.msg, "order 1 but the tensor has order 0"));
    sg_coo_free(&t);

    int64_t big[2] = {1 << 20, 1 << 20};
    sg_coo_init(&t, 2, big);
    sg_format_parse("dd01", &f, &e);
    assert_int_equal(sg_fibertree_build(&t, &f, &ft, &e), -1);
    assert_non_null(strstr(e.msg, "would hold more than"));
    int64_t c[2] = {5, 1 << 20};
    sg_coo_push(&t, c, 1);
    sg_format_parse("ss01", &f, &e);
    assert_int_equal(sg_fibertree_build(&t, &f, &ft, &e), -1);
    assert_non_null(strstr(e.msg, "out of range"));
    c[1] = 0;
    sg_coo_free(&t);
    sg_coo_init(&t, 2, big);
    sg_coo_push(&t, c, 1);
    sg_coo_push(&t, c, 2);
    assert_int_equal(sg_fibertree_build(&t, &f, &ft, &e), -1);
    assert_non_null(strstr(e.msg, "duplicate entry (6, 1)"));
    sg_coo_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dcsr),
        cmocka_unit_test(test_dcsc),
        cmocka_unit_test(test_coo),
        cmocka_unit_test(test_csr_and_dense),
        cmocka_unit_test(test_csf_roundtrip),
        cmocka_unit_test(test_empty_scalar_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
