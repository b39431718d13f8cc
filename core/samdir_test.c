/*
 * samdir_test.c - SAM-formatted tensor directories: the exact files of
 * SAM-SEMANTICS section 3.1, reading back with the storage order inferred,
 * and rejection of inconsistent arrays.
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

static char dir[64];

static int setup(void **state)
{
    (void)state;
    strcpy(dir, "/tmp/sg_samdir_testXXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    DIR *d = opendir(dir);
    struct dirent *de;
    char p[512];
    while ((de = readdir(d)) != NULL) {
        if (de->d_name[0] == '.')
            continue;
        snprintf(p, sizeof p, "%s/%s", dir, de->d_name);
        unlink(p);
    }
    closedir(d);
    return rmdir(dir);
}

static char *slurp(const char *name)
{
    static char buf[1024];
    char p[512];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    if (sg_test_read_file(p, buf, sizeof buf) < 0)
        return NULL;
    for (char *c = buf; *c; c++)
        if (*c == '\n')
            *c = ' ';
    return buf;
}

static void put(const char *name, const char *text)
{
    char p[512];
    sg_test_write_in(p, sizeof p, dir, name, text);
}

static void matrix_b(sg_coo *t)
{
    int64_t shape[2] = {4, 4};
    sg_coo_init(t, 2, shape);
    int64_t e[][3] = {{0, 0, 1}, {0, 2, 2}, {2, 1, 3}, {3, 0, 4}, {3, 3, 5}};
    for (int i = 0; i < 5; i++)
        sg_coo_push(t, e[i], e[i][2]);
}

static void write_fmt(const char *name, const char *fs)
{
    sg_coo t;
    sg_format f;
    sg_fibertree ft;
    sg_err e;
    matrix_b(&t);
    assert_int_equal(sg_format_parse(fs, &f, &e), 0);
    assert_int_equal(sg_fibertree_build(&t, &f, &ft, &e), 0);
    assert_int_equal(sg_tensor_write_samdir(dir, name, &ft, &e), 0);
    sg_fibertree_free(&ft);
    sg_coo_free(&t);
}

static void test_write_ss01(void **state)
{
    (void)state;
    write_fmt("B", "ss01");
    assert_string_equal(slurp("tensor_B_mode_shape"), "4 4 ");
    assert_string_equal(slurp("tensor_B_mode_0_seg"), "0 3 ");
    assert_string_equal(slurp("tensor_B_mode_0_crd"), "0 2 3 ");
    assert_string_equal(slurp("tensor_B_mode_1_seg"), "0 2 3 5 ");
    assert_string_equal(slurp("tensor_B_mode_1_crd"), "0 2 1 0 3 ");
    assert_string_equal(slurp("tensor_B_mode_vals"), "1 2 3 4 5 ");
    sg_coo t;
    sg_err e;
    assert_int_equal(sg_tensor_read(dir, NULL, NULL, &t, &e), 0);
    assert_int_equal(t.nnz, 5);
    assert_int_equal(t.crd[2 * 2], 2);
    assert_int_equal(t.crd[2 * 2 + 1], 1);
    assert_int_equal(t.val[4], 5);
    sg_coo_free(&t);
}

static void test_infer_order(void **state)
{
    (void)state;
    write_fmt("C", "ss10");
    assert_string_equal(slurp("tensor_C_mode_1_seg"), "0 4 ");
    assert_string_equal(slurp("tensor_C_mode_vals"), "1 4 3 2 5 ");
    sg_coo t;
    sg_err e;
    sg_err_clear(&e);
    /* two tensors now: a name is needed */
    assert_int_equal(sg_tensor_read(dir, NULL, NULL, &t, &e), -1);
    assert_non_null(strstr(e.msg, "holds several tensors"));
    assert_int_equal(sg_tensor_read(dir, "C", NULL, &t, &e), 0);
    assert_int_equal(t.nnz, 5);
    assert_int_equal(t.crd[2], 3);      /* (3,0) second in column order */
    assert_int_equal(t.val[1], 4);
    sg_coo_free(&t);
    /* dense: ds01 rewrites C, removing the stale mode-0 files... */
    write_fmt("C", "ds01");
    assert_null(slurp("tensor_C_mode_0_seg"));
    assert_string_equal(slurp("tensor_C_mode_1_seg"), "0 2 2 3 5 ");
    assert_int_equal(sg_tensor_read(dir, "C", NULL, &t, &e), 0);
    assert_int_equal(t.nnz, 5);
    assert_int_equal(t.val[3], 4);
    sg_coo_free(&t);
    /* ...and dd10 needs the format to be named (dense orders are invisible) */
    write_fmt("C", "dd10");
    assert_null(slurp("tensor_C_mode_1_seg"));
    sg_read_opts o;
    sg_read_opts_default(&o);
    o.format = "dd10";
    assert_int_equal(sg_tensor_read(dir, "C", &o, &t, &e), 0);
    assert_int_equal(t.nnz, 5);
    assert_int_equal(t.crd[2], 3);
    sg_coo_free(&t);
    o.format = "ss01";
    assert_int_equal(sg_tensor_read(dir, "C", &o, &t, &e), -1);
    assert_non_null(strstr(e.msg, "tensor_C_mode_0_seg: missing"));
}

static void test_scalar(void **state)
{
    (void)state;
    sg_coo t;
    sg_format f;
    sg_fibertree ft;
    sg_err e;
    sg_coo_init(&t, 0, NULL);
    sg_coo_push(&t, NULL, -3);
    sg_format_parse("none", &f, &e);
    assert_int_equal(sg_fibertree_build(&t, &f, &ft, &e), 0);
    assert_int_equal(sg_tensor_write_samdir(dir, "x", &ft, &e), 0);
    assert_null(slurp("tensor_x_mode_shape"));
    assert_string_equal(slurp("tensor_x_mode_vals"), "-3 ");
    sg_fibertree_free(&ft);
    sg_coo_free(&t);
    assert_int_equal(sg_tensor_read(dir, "x", NULL, &t, &e), 0);
    assert_int_equal(t.order, 0);
    assert_int_equal(t.nnz, 1);
    assert_int_equal(t.val[0], -3);
    sg_coo_free(&t);
}

/* The writers' empty result: root seg [0], no coordinates, vals empty or
 * the one 0 of a final reducer; read back as an empty tensor with its
 * shape.  A non-zero value or a coordinate is still an error. */
static void test_writer_empty(void **state)
{
    (void)state;
    sg_coo t;
    sg_err e;
    const char *vals[] = {"", "0\n"};
    for (int i = 0; i < 2; i++) {
        put("tensor_E_mode_shape", "4\n5\n");
        put("tensor_E_mode_0_seg", "0\n");
        put("tensor_E_mode_0_crd", "");
        put("tensor_E_mode_1_seg", "0\n");
        put("tensor_E_mode_1_crd", "");
        put("tensor_E_mode_vals", vals[i]);
        assert_int_equal(sg_tensor_read(dir, "E", NULL, &t, &e), 0);
        assert_int_equal(t.order, 2);
        assert_int_equal(t.shape[0], 4);
        assert_int_equal(t.shape[1], 5);
        assert_int_equal(t.nnz, 0);
        sg_coo_free(&t);
    }
    put("tensor_E_mode_vals", "3\n");
    sg_err_clear(&e);
    assert_int_equal(sg_tensor_read(dir, "E", NULL, &t, &e), -1);
    assert_non_null(strstr(e.msg, "tensor_E_mode_0_seg:1: seg has 1 entries"));
    put("tensor_E_mode_vals", "");
    put("tensor_E_mode_1_crd", "2\n");
    sg_err_clear(&e);
    assert_int_equal(sg_tensor_read(dir, "E", NULL, &t, &e), -1);
}

static void expect_error(const char *file, const char *text, const char *msg)
{
    write_fmt("D", "ss01");
    put(file, text);
    sg_coo t;
    sg_err e;
    sg_err_clear(&e);
    if (sg_tensor_read(dir, "D", NULL, &t, &e) != -1)
        fail_msg("%s: accepted \"%s\"", file, text);
    const char *m = strrchr(e.msg, '/');
    if (!m || strcmp(m + 1, msg) != 0)
        fail_msg("got '%s', want '.../%s'", e.msg, msg);
    assert_null(t.crd);
}

static void test_errors(void **state)
{
    (void)state;
    expect_error("tensor_D_mode_1_crd", "0\n2\n1\n3\n3\n",
                 "tensor_D_mode_1_crd:5: coordinates not strictly increasing "
                 "in a fiber (3 after 3)");
    expect_error("tensor_D_mode_1_crd", "0\n2\n1\n0\n4\n",
                 "tensor_D_mode_1_crd:5: coordinate 4 out of range 0..3");
    expect_error("tensor_D_mode_1_seg", "0\n3\n2\n5\n",
                 "tensor_D_mode_1_seg:3: seg decreases (2 after 3)");
    expect_error("tensor_D_mode_vals", "1\n2\n",
                 "tensor_D_mode_vals:3: vals holds 2 entries; the tree needs 5");
    expect_error("tensor_D_mode_vals", "1\n2\nx\n",
                 "tensor_D_mode_vals:3: bad value 'x'");
    expect_error("tensor_D_mode_0_crd", "0\n\n2\n",
                 "tensor_D_mode_0_crd:2: blank line (expected one number per "
                 "line)");
    expect_error("tensor_D_mode_0_seg", "1\n3\n",
                 "tensor_D_mode_0_seg:1: seg must start with 0, not 1");
    expect_error("tensor_D_mode_0_seg", "0\n2\n",
                 "tensor_D_mode_0_seg:2: last seg entry 2 but crd holds 3 "
                 "entries");
    expect_error("tensor_D_mode_shape", "4\n3\n",
                 "tensor_D_mode_1_crd:5: coordinate 3 out of range 0..2");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_write_ss01),
        cmocka_unit_test(test_infer_order),
        cmocka_unit_test(test_scalar),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_writer_empty),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
