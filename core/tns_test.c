/*
 * tns_test.c - FROSTT .tns reading and writing.
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

#include "core/tensor.h"
#include "core/test_util.h"

static int parse(const char *text, sg_coo *t, sg_err *e)
{
    sg_err_clear(e);
    return sg_tns_parse("t.tns", text, strlen(text), NULL, t, e);
}

static void test_read(void **state)
{
    (void)state;
    sg_coo t;
    sg_err e;
    assert_int_equal(parse("# a comment\n1 4 3 1.0000000000000000e+00\n"
                           "\n2 1 1 -2.5\r\n1  1\t1 7\n", &t, &e), 0);
    assert_int_equal(t.order, 3);
    assert_int_equal(t.shape[0], 2);
    assert_int_equal(t.shape[1], 4);
    assert_int_equal(t.shape[2], 3);
    assert_int_equal(t.nnz, 3);
    assert_int_equal(t.val[0], 7);
    assert_int_equal(t.val[1], 1);
    assert_int_equal(t.val[2], -3);
    sg_coo_free(&t);

    assert_int_equal(parse("# shape 5 6\n2 3 4\n", &t, &e), 0);
    assert_int_equal(t.shape[0], 5);
    assert_int_equal(t.shape[1], 6);
    sg_coo_free(&t);
    assert_int_equal(parse("# shape 5 6\n", &t, &e), 0);
    assert_int_equal(t.order, 2);
    assert_int_equal(t.nnz, 0);
    sg_coo_free(&t);
    assert_int_equal(parse("42\n", &t, &e), 0);        /* scalar */
    assert_int_equal(t.order, 0);
    assert_int_equal(t.nnz, 1);
    assert_int_equal(t.val[0], 42);
    sg_coo_free(&t);
}

static void expect_error(const char *text, const char *msg)
{
    sg_coo t;
    sg_err e;
    assert_int_equal(parse(text, &t, &e), -1);
    if (strcmp(e.msg, msg) != 0)
        fail_msg("got  '%s'\nwant '%s'", e.msg, msg);
    assert_null(t.crd);
}

static void test_errors(void **state)
{
    (void)state;
    expect_error("", "t.tns: empty file: no entries");
    expect_error("# only a comment\n", "t.tns: empty file: no entries");
    expect_error("1 1 5\n0 1 5\n", "t.tns:2: coordinate 0 in mode 0 (.tns is "
                                   "1-based)");
    expect_error("1 1 5\n1 1\n", "t.tns:2: expected 2 coordinates and a value");
    expect_error("1 1 5\n1 1 1 1\n", "t.tns:2: too many fields (the first "
                                     "entry has 2 coordinates)");
    expect_error("1 a 5\n", "t.tns:1: bad coordinate 'a'");
    expect_error("1 1 x\n", "t.tns:1: bad value 'x'");
    expect_error("# shape 2 2\n3 1 1\n", "t.tns:2: coordinate 3 out of range "
                                         "1..2 in mode 0");
    expect_error("# shape 2 2\n1 1 1 1\n", "t.tns:2: entry has 3 coordinates "
                                           "but the shape comment declares 2 "
                                           "modes");
    expect_error("1 2 5\n3 1 1\n1 2 6\n", "t.tns:3: duplicate entry (1, 2) "
                                          "(first at line 1); use "
                                          "--sum-duplicates to add them");
    expect_error("1 2 3 4 5 6 7 8 9 10 1\n", "t.tns:1: 10 coordinates per "
                                              "entry; at most 8 supported");
}

/* shape_inferred says whether the shape came from a "# shape" line; with
 * empty_ok a file with no entries and no shape has an unknown order. */
static void test_shape_source(void **state)
{
    (void)state;
    sg_coo t;
    sg_err e;
    assert_int_equal(parse("2 3 4\n", &t, &e), 0);
    assert_int_equal(t.shape_inferred, 1);
    sg_coo_free(&t);
    assert_int_equal(parse("# shape 5 6\n2 3 4\n", &t, &e), 0);
    assert_int_equal(t.shape_inferred, 0);
    sg_coo_free(&t);
    sg_read_opts o;
    sg_read_opts_default(&o);
    o.empty_ok = 1;
    const char *empty[] = {"", "# only a comment\n\n"};
    for (int i = 0; i < 2; i++) {
        sg_err_clear(&e);
        assert_int_equal(sg_tns_parse("t.tns", empty[i], strlen(empty[i]), &o, &t, &e), 0);
        assert_int_equal(t.order, -1);
        assert_int_equal(t.nnz, 0);
        assert_int_equal(t.shape_inferred, 1);
        sg_coo_free(&t);
    }
    /* A shape line still gives the order and shape. */
    assert_int_equal(sg_tns_parse("t.tns", "# shape 4\n", 10, &o, &t, &e), 0);
    assert_int_equal(t.order, 1);
    assert_int_equal(t.shape[0], 4);
    assert_int_equal(t.shape_inferred, 0);
    sg_coo_free(&t);
}

static void test_write(void **state)
{
    (void)state;
    char path[] = "/tmp/sg_tns_testXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    int64_t shape[3] = {3, 4, 5};
    sg_coo t;
    sg_coo_init(&t, 3, shape);
    int64_t a[3] = {2, 0, 4}, b[3] = {0, 3, 1};
    sg_coo_push(&t, a, -7);
    sg_coo_push(&t, b, 9);
    /* the path has no .tns extension: use the writer directly */
    char buf[256];
    sg_test_write_file(sg_tns_write, path, &t, buf, sizeof buf);
    /* lines in the list's order, logical coordinates, 1-based */
    assert_string_equal(buf, "# shape 3 4 5\n3 1 5 -7\n1 4 2 9\n");
    sg_coo u;
    sg_err e;
    assert_int_equal(sg_tensor_read(path, NULL, NULL, &u, &e), 0);
    assert_int_equal(u.nnz, 2);
    assert_int_equal(u.shape[2], 5);
    assert_int_equal(u.val[0], 9);
    sg_coo_free(&u);
    sg_coo_free(&t);
    sg_coo_init(&t, 0, NULL);
    sg_coo_push(&t, NULL, 11);
    sg_test_write_file(sg_tns_write, path, &t, buf, sizeof buf);
    assert_string_equal(buf, "11\n");
    sg_coo_free(&t);
    unlink(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_shape_source),
        cmocka_unit_test(test_write),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
