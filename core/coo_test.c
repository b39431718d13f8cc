/*
 * coo_test.c - coordinate lists: sorting in any mode order, duplicates.
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

static void test_sort_mode_order(void **state)
{
    (void)state;
    int64_t shape[3] = {4, 5, 6};
    sg_coo t;
    sg_coo_init(&t, 3, shape);
    int64_t e[][4] = {{3, 0, 1, 10}, {0, 4, 5, 11}, {0, 4, 0, 12},
                      {2, 2, 2, 13}, {0, 0, 5, 14}};
    for (int i = 0; i < 5; i++)
        sg_coo_push(&t, e[i], e[i][3]);
    sg_coo_sort(&t, NULL);
    int64_t want_vals[] = {14, 12, 11, 13, 10};
    for (int i = 0; i < 5; i++)
        assert_int_equal(t.val[i], want_vals[i]);
    int mo[3] = {2, 0, 1};       /* by mode 2, then 0, then 1 */
    sg_coo_sort(&t, mo);
    int64_t want2[] = {12, 10, 13, 14, 11};
    for (int i = 0; i < 5; i++)
        assert_int_equal(t.val[i], want2[i]);
    assert_int_equal(t.crd[0 * 3 + 2], 0);
    assert_int_equal(t.crd[4 * 3 + 0], 0);
    assert_int_equal(t.crd[4 * 3 + 1], 4);
    sg_coo_free(&t);
}

static int64_t key(const int64_t *c)
{
    return c[0] * 100000 + c[1];
}

static void test_sort_large_stable(void **state)
{
    (void)state;
    int64_t shape[2] = {70000, 90000};
    sg_coo t;
    sg_coo_init(&t, 2, shape);
    uint64_t x = 12345;
    for (int i = 0; i < 50000; i++) {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        int64_t c[2] = {(int64_t)((x >> 33) % 70000), (int64_t)((x >> 13) % 50)};
        sg_coo_push_line(&t, c, i, i + 1);
    }
    sg_coo_sort(&t, NULL);
    for (size_t i = 1; i < t.nnz; i++) {
        assert_true(key(t.crd + 2 * (i - 1)) <= key(t.crd + 2 * i));
        if (key(t.crd + 2 * (i - 1)) == key(t.crd + 2 * i))
            assert_true(t.line[i - 1] < t.line[i]);     /* stable */
        assert_int_equal(t.val[i] + 1, t.line[i]);      /* moved together */
    }
    sg_coo_free(&t);
}

static void test_dedup(void **state)
{
    (void)state;
    int64_t shape[2] = {3, 3};
    sg_coo t;
    sg_coo_init(&t, 2, shape);
    int64_t a[2] = {1, 2}, b[2] = {0, 0};
    sg_coo_push_line(&t, a, 0x7fffffff, 4);
    sg_coo_push_line(&t, b, 5, 5);
    sg_coo_push_line(&t, a, 1, 9);
    sg_coo_sort(&t, NULL);
    sg_err e;
    sg_err_clear(&e);
    assert_int_equal(sg_coo_dedup(&t, 0, 32, "m.mtx", &e), -1);
    assert_string_equal(e.msg, "m.mtx:9: duplicate entry (2, 3) (first at "
                               "line 4); use --sum-duplicates to add them");
    assert_int_equal(sg_coo_dedup(&t, 1, 32, "m.mtx", &e), 0);
    assert_int_equal(t.nnz, 2);
    assert_int_equal(t.val[1], INT32_MIN);      /* 0x7fffffff + 1 wraps */
    sg_coo_free(&t);
}

static void test_wrap(void **state)
{
    (void)state;
    assert_int_equal(sg_wrap(255, 8), -1);
    assert_int_equal(sg_wrap(128, 8), -128);
    assert_int_equal(sg_wrap(127, 8), 127);
    assert_int_equal(sg_wrap(-129, 8), 127);
    assert_int_equal(sg_wrap(INT64_MIN, 64), INT64_MIN);
    assert_int_equal(sg_wrap(0x100000001LL, 32), 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_sort_mode_order),
        cmocka_unit_test(test_sort_large_stable),
        cmocka_unit_test(test_dedup),
        cmocka_unit_test(test_wrap),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
