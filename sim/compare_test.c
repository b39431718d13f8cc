/*
 * compare_test.c - the trace comparator: equal traces pass, and the first
 * mismatch (earliest cycle) is reported with its stream, index, tokens and
 * cycle.
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
#include <unistd.h>

#include "core/test_util.h"
#include "sim/compare.h"

/* Write text to a temporary file and read it as a stream file. */
static void load(const char *text, sg_stream_file *sf)
{
    char path[] = "/tmp/sg_compare_test_XXXXXX";
    sg_test_write_temp(path, text);
    sg_err e;
    int rc = sg_stream_file_read(path, sf, &e);
    unlink(path);
    if (rc != 0)
        fail_msg("%s", e.msg);
}

static const char *golden =
    "# golden trace\n"
    "arr_B_mode0_seg: 0 3\n"
    "e0_N12_N11_crd: 0 2 3 S0 D\n"
    "e3_N10_N9_repsig: R R R S D\n"
    "e5_N8_N6_crd_in-c: 1 2 S0 1 2 S0 1 2 S1 D\n"
    "out_arr_x_vals: 14 18 0\n";

static void test_equal(void **state)
{
    (void)state;
    sg_stream_file a, b;
    load(golden, &a);
    load("e5_N8_N6_crd_in-c: 1 2 S0 1 2 S0 1 2 S1 D\n"
         "cyc_e5_N8_N6_crd_in-c: 3 4 5 6 7 8 9 10 11 12\n"
         "e0_N12_N11_crd: 0 2 3 S0 D\n"
         "e3_N10_N9_repsig: R R R S D\n"
         "e9_extra: 1 D\n"
         "out_arr_x_vals: 14 18 0\n", &b);
    sg_cmp_result r;
    sg_err e;
    assert_int_equal(sg_compare_traces(&a, &b, NULL, &r, &e), 0);
    assert_int_equal(r.mismatch, 0);
    assert_int_equal(r.n_streams, 4);          /* arr_ line not compared */
    assert_int_equal(r.n_tokens, 5 + 5 + 10 + 3);
    assert_int_equal(r.n_extra, 1);
    sg_stream_file_free(&a);
    sg_stream_file_free(&b);
}

static int describe(void *ctx, const char *name, char *buf, size_t n)
{
    (void)ctx;
    if (strcmp(name, "e5_N8_N6_crd_in-c") != 0)
        return -1;
    snprintf(buf, n, "n8 fiberlookup j c0 .crd -> n6 intersect j .crd_c");
    return 0;
}

/* Two streams differ; the one whose wrong token came first is reported. */
static void test_first_by_cycle(void **state)
{
    (void)state;
    sg_stream_file a, b;
    load(golden, &a);
    load("e0_N12_N11_crd: 0 2 4 S0 D\n"
         "cyc_e0_N12_N11_crd: 1 2 30 31 32\n"
         "e3_N10_N9_repsig: R R R S D\n"
         "e5_N8_N6_crd_in-c: 1 2 S0 3 2 S0 1 2 S1 D\n"
         "cyc_e5_N8_N6_crd_in-c: 3 4 5 6 7 8 9 10 11 12\n"
         "out_arr_x_vals: 14 18 0\n", &b);
    sg_cmp_opts o;
    sg_cmp_opts_default(&o);
    o.describe = describe;
    sg_cmp_result r;
    sg_err e;
    assert_int_equal(sg_compare_traces(&a, &b, &o, &r, &e), 0);
    assert_int_equal(r.mismatch, 1);
    assert_string_equal(r.stream, "e5_N8_N6_crd_in-c");
    assert_int_equal(r.index, 3);
    assert_int_equal(r.cycle, 6);
    assert_non_null(strstr(r.report, "token 3 (cycle 6): expected 1, actual 3"));
    assert_non_null(strstr(r.report, "n8 fiberlookup j c0 .crd -> n6 intersect"));
    assert_non_null(strstr(r.report, "expected: 1 2 S0 [1] 2 S0 1 2 ..."));
    assert_non_null(strstr(r.report, "actual:   1 2 S0 [3] 2 S0 1 2 ..."));
    sg_stream_file_free(&b);

    /* Make e0 go wrong earlier: now it is the first mismatch. */
    load("e0_N12_N11_crd: 0 2 4 S0 D\n"
         "cyc_e0_N12_N11_crd: 1 2 3 31 32\n"
         "e3_N10_N9_repsig: R R R S D\n"
         "e5_N8_N6_crd_in-c: 1 2 S0 3 2 S0 1 2 S1 D\n"
         "cyc_e5_N8_N6_crd_in-c: 3 4 5 6 7 8 9 10 11 12\n"
         "out_arr_x_vals: 14 18 0\n", &b);
    assert_int_equal(sg_compare_traces(&a, &b, &o, &r, &e), 0);
    assert_string_equal(r.stream, "e0_N12_N11_crd");
    assert_int_equal(r.index, 2);
    assert_int_equal(r.cycle, 3);
    assert_null(strstr(r.report, "edge:"));   /* describer does not know e0 */
    sg_stream_file_free(&a);
    sg_stream_file_free(&b);
}

/* A truncated stream: the missing token ranks after wrong tokens. */
static void test_missing_and_extra(void **state)
{
    (void)state;
    sg_stream_file a, b;
    load(golden, &a);
    load("e0_N12_N11_crd: 0 2 3 S0 D\n"
         "e3_N10_N9_repsig: R R\n"
         "cyc_e3_N10_N9_rsig: 7 9\n"
         "e5_N8_N6_crd_in-c: 1 2 S0 1 2 S0 1 2 S1 D\n"
         "out_arr_x_vals: 14 18 0\n", &b);
    sg_cmp_result r;
    sg_err e;
    assert_int_equal(sg_compare_traces(&a, &b, NULL, &r, &e), 0);
    assert_int_equal(r.mismatch, 1);
    assert_string_equal(r.stream, "e3_N10_N9_repsig");
    assert_int_equal(r.index, 2);
    assert_int_equal(r.cycle, -1);
    assert_non_null(strstr(r.report, "never produced; previous token at cycle 9"));
    assert_non_null(strstr(r.report, "expected R, actual (end)"));
    sg_stream_file_free(&b);

    /* An extra token after D. */
    load("e0_N12_N11_crd: 0 2 3 S0 D D\n"
         "e3_N10_N9_repsig: R R R S D\n"
         "e5_N8_N6_crd_in-c: 1 2 S0 1 2 S0 1 2 S1 D\n"
         "out_arr_x_vals: 14 18 0\n", &b);
    assert_int_equal(sg_compare_traces(&a, &b, NULL, &r, &e), 0);
    assert_string_equal(r.stream, "e0_N12_N11_crd");
    assert_int_equal(r.index, 5);
    assert_non_null(strstr(r.report, "expected (end), actual D"));
    sg_stream_file_free(&b);

    /* A stream the simulation never recorded. */
    load("e0_N12_N11_crd: 0 2 3 S0 D\n"
         "e3_N10_N9_repsig: R R R S D\n"
         "out_arr_x_vals: 14 18 0\n", &b);
    assert_int_equal(sg_compare_traces(&a, &b, NULL, &r, &e), 0);
    assert_string_equal(r.stream, "e5_N8_N6_crd_in-c");
    assert_non_null(strstr(r.report, "recorded no tokens"));
    sg_stream_file_free(&a);
    sg_stream_file_free(&b);
}

/* Output memories are checked, after every stream. */
static void test_memory(void **state)
{
    (void)state;
    sg_stream_file a, b;
    load(golden, &a);
    load("e0_N12_N11_crd: 0 2 3 S0 D\n"
         "e3_N10_N9_repsig: R R R S D\n"
         "e5_N8_N6_crd_in-c: 1 2 S0 1 2 S0 1 2 S1 D\n"
         "out_arr_x_vals: 14 -18 0\n", &b);
    sg_cmp_result r;
    sg_err e;
    assert_int_equal(sg_compare_traces(&a, &b, NULL, &r, &e), 0);
    assert_int_equal(r.mismatch, 1);
    assert_string_equal(r.stream, "out_arr_x_vals");
    assert_int_equal(r.index, 1);
    assert_non_null(strstr(r.report, "MISMATCH on memory out_arr_x_vals"));
    assert_non_null(strstr(r.report, "entry 1: expected 18, actual -18"));
    sg_stream_file_free(&a);
    sg_stream_file_free(&b);
}

static void test_is_checked(void **state)
{
    (void)state;
    assert_false(sg_compare_is_checked("arr_B_vals"));
    assert_false(sg_compare_is_checked("param_dim"));
    assert_false(sg_compare_is_checked("cyc_e0"));
    assert_true(sg_compare_is_checked("out_arr_x_vals"));
    assert_true(sg_compare_is_checked("e0_N1_N2_crd"));
    char buf[192];
    assert_string_equal(sg_compare_cycle_name("e3_N10_N9_repsig", buf, sizeof buf),
                        "cyc_e3_N10_N9_rsig");
}

/* sg_compare_all lists every differing stream once, earliest wrong token
 * first, missing tokens after wrong ones, memories last; the first entry
 * is what sg_compare_traces reports. */
static void test_all(void **state)
{
    (void)state;
    sg_stream_file a, b;
    load(golden, &a);
    load("e0_N12_N11_crd: 0 2 4 S0 D\n"
         "cyc_e0_N12_N11_crd: 1 2 9 10 11\n"
         "e3_N10_N9_repsig: R R R S\n"
         "cyc_e3_N10_N9_rsig: 1 2 3 4\n"
         "e5_N8_N6_crd_in-c: 1 2 S0 1 7 S0 1 2 S1 D\n"
         "cyc_e5_N8_N6_crd_in-c: 1 2 3 4 5 6 7 8 9 10\n"
         "out_arr_x_vals: 14 19 0\n", &b);
    sg_cmp_result r, r1;
    sg_cmp_mismatch *m = NULL;
    size_t n = 0;
    sg_err e;
    assert_int_equal(sg_compare_all(&a, &b, NULL, &r, &m, &n, &e), 0);
    assert_int_equal(n, 4);
    assert_string_equal(m[0].stream, "e5_N8_N6_crd_in-c");
    assert_int_equal(m[0].index, 4);
    assert_int_equal(m[0].cycle, 5);
    assert_true(m[0].has_expected && m[0].has_actual);
    assert_int_equal(m[0].expected.v, 2);
    assert_int_equal(m[0].actual.v, 7);
    assert_string_equal(m[1].stream, "e0_N12_N11_crd");
    assert_int_equal(m[1].cycle, 9);
    assert_string_equal(m[2].stream, "e3_N10_N9_repsig");
    assert_int_equal(m[2].index, 4);
    assert_true(m[2].has_expected);
    assert_false(m[2].has_actual);
    assert_int_equal(m[2].expected.kind, SG_TK_DONE);
    assert_string_equal(m[3].stream, "out_arr_x_vals");
    assert_true(m[3].is_memory);
    assert_non_null(strstr(m[2].report, "token 4 (never produced; previous token at cycle 4)"));
    assert_non_null(strstr(m[3].report, "entry 1: expected 18, actual 19"));
    assert_int_equal(sg_compare_traces(&a, &b, NULL, &r1, &e), 0);
    assert_string_equal(r1.report, m[0].report);
    assert_string_equal(r.report, m[0].report);
    assert_string_equal(r.stream, r1.stream);
    free(m);
    /* equal traces: an empty list */
    assert_int_equal(sg_compare_all(&a, &a, NULL, &r, &m, &n, &e), 0);
    assert_int_equal(n, 0);
    assert_null(m);
    assert_int_equal(r.mismatch, 0);
    sg_stream_file_free(&a);
    sg_stream_file_free(&b);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_equal),
        cmocka_unit_test(test_first_by_cycle),
        cmocka_unit_test(test_missing_and_extra),
        cmocka_unit_test(test_memory),
        cmocka_unit_test(test_is_checked),
        cmocka_unit_test(test_all),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
