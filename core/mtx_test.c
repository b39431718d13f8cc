/*
 * mtx_test.c - Matrix Market reading (every header variant, value
 * semantics, each kind of bad input with its line) and writing.
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
#include <dirent.h>

#include "core/tensor.h"
#include "core/test_util.h"

static int parse(const char *text, const sg_read_opts *o, sg_coo *t,
                 sg_err *e)
{
    sg_err_clear(e);
    return sg_mtx_parse("m.mtx", text, strlen(text), o, t, e);
}

static void test_general_real(void **state)
{
    (void)state;
    const char *s =
        "%%MatrixMarket matrix coordinate real general\n"
        "% a comment\n"
        "\n"
        "3 4 5\n"
        "3 4 2.5\n"
        "1 1 -2.5\n"
        "2 2 1.0000000000000000e+00\n"
        "1 3 0\n"
        "2 1 1e2\n";
    sg_coo t;
    sg_err e;
    assert_int_equal(parse(s, NULL, &t, &e), 0);
    assert_int_equal(t.order, 2);
    assert_int_equal(t.shape[0], 3);
    assert_int_equal(t.shape[1], 4);
    assert_int_equal(t.nnz, 5);             /* explicit zero kept */
    /* sorted row-major: (0,0) (0,2) (1,0) (1,1) (2,3) */
    int64_t want[] = {-3, 0, 100, 1, 3};    /* ties away from zero */
    for (int i = 0; i < 5; i++)
        assert_int_equal(t.val[i], want[i]);
    assert_int_equal(t.crd[2 * 4 + 0], 2);
    assert_int_equal(t.crd[2 * 4 + 1], 3);
    sg_coo_free(&t);

    sg_read_opts o;
    sg_read_opts_default(&o);
    o.scale = 10;
    assert_int_equal(parse(s, &o, &t, &e), 0);
    assert_int_equal(t.val[0], -25);
    assert_int_equal(t.val[2], 1000);
    sg_coo_free(&t);
}

static void test_symmetric_skew_pattern_integer(void **state)
{
    (void)state;
    sg_coo t;
    sg_err e;
    assert_int_equal(parse("%%MatrixMarket matrix coordinate pattern "
                           "symmetric\n3 3 3\n1 1\n3 1\n3 2\n", NULL, &t, &e), 0);
    assert_int_equal(t.nnz, 5);
    int64_t crd[] = {0, 0, 0, 2, 1, 2, 2, 0, 2, 1};
    assert_memory_equal(t.crd, crd, sizeof crd);
    for (int i = 0; i < 5; i++)
        assert_int_equal(t.val[i], 1);
    sg_coo_free(&t);

    assert_int_equal(parse("%%MatrixMarket matrix coordinate integer "
                           "skew-symmetric\n2 2 1\n2 1 7\n", NULL, &t, &e), 0);
    assert_int_equal(t.nnz, 2);
    assert_int_equal(t.val[0], -7);         /* (0,1) mirrored, negated */
    assert_int_equal(t.val[1], 7);
    sg_coo_free(&t);

    /* Integers are taken modulo 2^W. */
    sg_read_opts o;
    sg_read_opts_default(&o);
    o.width = 8;
    assert_int_equal(parse("%%MatrixMarket matrix coordinate integer general\n"
                           "1 3 3\n1 1 255\n1 2 -129\n1 3 4294967296\n",
                           &o, &t, &e), 0);
    assert_int_equal(t.val[0], -1);
    assert_int_equal(t.val[1], 127);
    assert_int_equal(t.val[2], 0);
    sg_coo_free(&t);
}

static void test_array(void **state)
{
    (void)state;
    sg_coo t;
    sg_err e;
    assert_int_equal(parse("%%MatrixMarket matrix array integer general\n"
                           "2 3\n1\n2\n3\n0\n5\n6\n", NULL, &t, &e), 0);
    assert_int_equal(t.nnz, 6);
    int64_t want[] = {1, 3, 5, 2, 0, 6};    /* column-major in, rows out */
    for (int i = 0; i < 6; i++)
        assert_int_equal(t.val[i], want[i]);
    sg_coo_free(&t);
    assert_int_equal(parse("%%MatrixMarket matrix array real symmetric\n"
                           "2 2\n1\n2\n3\n", NULL, &t, &e), 0);
    assert_int_equal(t.nnz, 4);
    int64_t want2[] = {1, 2, 2, 3};
    for (int i = 0; i < 4; i++)
        assert_int_equal(t.val[i], want2[i]);
    sg_coo_free(&t);
}

static void expect_error(const char *text, const char *msg)
{
    sg_coo t;
    sg_err e;
    memset(&t, 0x5a, sizeof t);
    assert_int_equal(parse(text, NULL, &t, &e), -1);
    if (strcmp(e.msg, msg) != 0)
        fail_msg("for input:\n%s\ngot  '%s'\nwant '%s'", text, e.msg, msg);
    assert_int_equal(e.code, SG_EXIT_USAGE);
    assert_null(t.crd);
    assert_int_equal(t.nnz, 0);
}

#define HDR "%%MatrixMarket matrix coordinate real general\n"

static void test_errors(void **state)
{
    (void)state;
    expect_error("", "m.mtx: empty file");
    expect_error("1 2 3\n", "m.mtx:1: not a Matrix Market file (expected a "
                            "'%%MatrixMarket' header)");
    expect_error("%%MatrixMarket matrix coordinate complex general\n1 1 1\n",
                 "m.mtx:1: complex matrices are not supported (values are "
                 "W-bit integers)");
    expect_error("%%MatrixMarket matrix coordinate real hermitian\n",
                 "m.mtx:1: hermitian matrices are not supported");
    expect_error("%%MatrixMarket vector coordinate real general\n",
                 "m.mtx:1: unsupported object 'vector' (only 'matrix')");
    expect_error(HDR, "m.mtx:2: missing size line");
    expect_error(HDR "3 3 2\n1 1 1\n", "m.mtx:4: truncated file: 1 of 2 "
                                       "entries present");
    expect_error(HDR "3 3 1\n1 1 1\n2 2 2\n",
                 "m.mtx:4: more entries than the 1 the size line declares");
    expect_error(HDR "3 3 1\n0 1 1\n", "m.mtx:3: row index 0 out of range "
                                       "1..3");
    expect_error(HDR "3 3 1\n1 4 1\n", "m.mtx:3: column index 4 out of range "
                                       "1..3");
    expect_error(HDR "3 3 1\n1 x 1\n", "m.mtx:3: bad column index 'x'");
    expect_error(HDR "3 3 1\n1 1 1.5x\n", "m.mtx:3: bad real value '1.5x'");
    expect_error(HDR "3 3 1\n1 1\n", "m.mtx:3: missing real value");
    expect_error(HDR "3 3 1\n1 1 1 1\n", "m.mtx:3: bad trailing field '1'");
    expect_error(HDR "3 3 1\n1 1 nan\n", "m.mtx:3: bad real value 'nan'");
    expect_error(HDR "99999999999999999999 3 1\n",
                 "m.mtx:2: row count is too large");
    expect_error(HDR "2 2 5\n", "m.mtx:2: 5 entries do not fit a 2 x 2 "
                                "matrix");
    expect_error(HDR "3 3 3\n1 1 1\n2 2 2\n1 1 3\n",
                 "m.mtx:5: duplicate entry (1, 1) (first at line 3); use "
                 "--sum-duplicates to add them");
    expect_error("%%MatrixMarket matrix coordinate real symmetric\n"
                 "3 3 2\n2 1 1\n1 2 1\n",
                 "m.mtx:4: duplicate entry (1, 2) (first at line 3); use "
                 "--sum-duplicates to add them");
    expect_error("%%MatrixMarket matrix coordinate real symmetric\n2 3 0\n",
                 "m.mtx:2: symmetric matrix must be square (2 x 3)");
    expect_error("%%MatrixMarket matrix coordinate integer general\n"
                 "2 2 1\n1 1 1.5\n", "m.mtx:3: bad integer value '1.5'");
    expect_error("%%MatrixMarket matrix array integer general\n2 2\n1\n2\n",
                 "m.mtx:5: truncated file: 2 of 4 entries present");
}

static void test_sum_duplicates(void **state)
{
    (void)state;
    sg_read_opts o;
    sg_read_opts_default(&o);
    o.sum_duplicates = 1;
    sg_coo t;
    sg_err e;
    assert_int_equal(parse(HDR "3 3 3\n1 1 1\n2 2 2\n1 1 3\n", &o, &t, &e), 0);
    assert_int_equal(t.nnz, 2);
    assert_int_equal(t.val[0], 4);
    sg_coo_free(&t);
}

static int count_files(const char *dir)
{
    DIR *d = opendir(dir);
    int n = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL)
        n += de->d_name[0] != '.';
    closedir(d);
    return n;
}

static void test_write_read(void **state)
{
    (void)state;
    char dir[] = "/tmp/sg_mtx_testXXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[128];
    snprintf(path, sizeof path, "%s/out.mtx", dir);
    int64_t shape[2] = {2, 3};
    sg_coo t, u;
    sg_coo_init(&t, 2, shape);
    int64_t c1[2] = {1, 2}, c2[2] = {0, 1};
    sg_coo_push(&t, c1, -4);
    sg_coo_push(&t, c2, 0);
    char buf[256];
    sg_test_write_file(sg_tensor_write, path, &t, buf, sizeof buf);
    assert_string_equal(buf, "%%MatrixMarket matrix coordinate integer "
                             "general\n2 3 2\n2 3 -4\n1 2 0\n");
    sg_err e;
    assert_int_equal(sg_tensor_read(path, NULL, NULL, &u, &e), 0);
    assert_int_equal(u.nnz, 2);
    assert_int_equal(u.val[1], -4);
    sg_coo_free(&u);
    /* order 3 cannot be written as .mtx: error, and nothing left behind */
    int64_t s3[3] = {1, 1, 1};
    sg_coo_free(&t);
    sg_coo_init(&t, 3, s3);
    snprintf(path, sizeof path, "%s/bad.mtx", dir);
    assert_int_equal(sg_tensor_write(path, &t, &e), -1);
    assert_int_equal(count_files(dir), 1);
    snprintf(path, sizeof path, "%s/nodir/x.mtx", dir);
    t.order = 2;
    assert_int_equal(sg_tensor_write(path, &t, &e), -1);
    assert_non_null(strstr(e.msg, "cannot create"));
    sg_coo_free(&t);
    snprintf(path, sizeof path, "%s/out.mtx", dir);
    unlink(path);
    rmdir(dir);
}

static void test_shared_matrices(void **state)
{
    (void)state;
    char path[4096];
    if (!sg_test_shared_path("data/mtx/bcsstk01.mtx", "shared matrices", path, sizeof path))
        skip();
    sg_coo t;
    sg_err e;
    assert_int_equal(sg_tensor_read(path, NULL, NULL, &t, &e), 0);
    assert_int_equal(t.shape[0], 48);
    assert_int_equal(t.nnz, 400);            /* 224 stored, expanded */
    sg_coo_free(&t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_general_real),
        cmocka_unit_test(test_symmetric_skew_pattern_integer),
        cmocka_unit_test(test_array),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_sum_duplicates),
        cmocka_unit_test(test_write_read),
        cmocka_unit_test(test_shared_matrices),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
