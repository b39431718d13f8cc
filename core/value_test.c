/*
 * value_test.c - value types: names, operations on stored values, reading
 * real values exactly into fp32 and bf16 bits, writing them back, and
 * choosing a run's type from its files.
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
#include "core/value.h"

/* The fp32 bits of a stored value. */
static uint32_t b32(int64_t v) { return (uint32_t)((uint64_t)v & 0xFFFFFFFF); }
static uint16_t b16(int64_t v) { return (uint16_t)((uint64_t)v & 0xFFFF); }

static void test_names(void **state)
{
    (void)state;
    /* each type's name reads as the type and is the name it is given */
    static const struct { const char *name; int vt; } types[] = {
        {"int8", 8}, {"int16", 16}, {"int32", 32}, {"int64", 64},
        {"fp32", SG_VT_FP32}, {"bf16", SG_VT_BF16}};
    char b[SG_VT_NAME_MAX];
    for (size_t k = 0; k < sizeof types / sizeof types[0]; k++) {
        assert_int_equal(sg_vt_parse(types[k].name), types[k].vt);
        assert_string_equal(sg_vt_name(types[k].vt, b), types[k].name);
    }
    static const char *const no_type[] = {"float", "int12", ""};
    for (size_t k = 0; k < sizeof no_type / sizeof no_type[0]; k++)
        assert_int_equal(sg_vt_parse(no_type[k]), 0);
    assert_string_equal(sg_vt_name(12, b), "int12");
    assert_int_equal(sg_vt_width(SG_VT_FP32), 32);
    assert_int_equal(sg_vt_width(SG_VT_BF16), 16);
    assert_int_equal(sg_vt_width(8), 8);
    assert_int_equal(sg_vt_rtl_code(32), 0);
    assert_int_equal(sg_vt_rtl_code(SG_VT_FP32), 1);
    assert_int_equal(sg_vt_rtl_code(SG_VT_BF16), 2);
}

static void test_ops(void **state)
{
    (void)state;
    /* integers wrap as before */
    assert_int_equal(sg_val_add(8, 127, 1), -128);
    assert_int_equal(sg_val_mul(8, 16, 16), 0);
    assert_int_equal(sg_val_sub(32, 0, 1), -1);
    assert_int_equal(sg_val_neg(8, -128), -128);
    assert_int_equal(sg_val_max(32, -3, 2), 2);
    /* fp32: the stored value is the bits, sign-extended from bit 31 */
    int64_t one = sg_wrap(0x3F800000, 32), m2 = sg_wrap(0xC0000000, 32);
    assert_true(m2 < 0);
    assert_int_equal(b32(sg_val_add(SG_VT_FP32, one, one)), 0x40000000);
    assert_int_equal(b32(sg_val_mul(SG_VT_FP32, one, m2)), 0xC0000000);
    assert_int_equal(b32(sg_val_sub(SG_VT_FP32, one, one)), 0);          /* +0 */
    assert_int_equal(b32(sg_val_max(SG_VT_FP32, one, m2)), 0x3F800000);
    assert_int_equal(b32(sg_val_min(SG_VT_FP32, one, m2)), 0xC0000000);
    assert_int_equal(b32(sg_val_neg(SG_VT_FP32, one)), 0xBF800000);
    assert_int_equal(sg_val_neg(SG_VT_FP32, one), sg_wrap(0xBF800000, 32));
    assert_int_equal(b32(sg_val_fp_op(SG_VT_FP32, SG_FP_DIV, one, sg_wrap(0x40400000, 32))),
                     0x3EAAAAAB);                                          /* 1/3 */
    /* +0 + -0 is +0: a sum that starts from +0 loses a lone -0 */
    assert_int_equal(b32(sg_val_add(SG_VT_FP32, 0, sg_wrap(0x80000000, 32))), 0);
    /* bf16 */
    int64_t h = sg_wrap(0x3F80, 16);
    assert_int_equal(b16(sg_val_add(SG_VT_BF16, h, h)), 0x4000);
    assert_int_equal(sg_val_neg(SG_VT_BF16, h), sg_wrap(0xBF80, 16));
    assert_int_equal(b16(sg_val_from_int(SG_VT_BF16, 257)), 0x4380);     /* 256 */
    assert_int_equal(b32(sg_val_from_int(SG_VT_FP32, 16777217)), 0x4B800000);
    assert_int_equal(sg_val_from_int(8, 257), 1);
    char buf[SG_VAL_TEXT_MAX];
    sg_val_format(SG_VT_FP32, sg_wrap(0x3DCCCCCD, 32), buf);
    assert_string_equal(buf, "0.1");
    sg_val_format(SG_VT_BF16, sg_wrap(0xFF80, 16), buf);
    assert_string_equal(buf, "-inf");
    sg_val_format(32, -7, buf);
    assert_string_equal(buf, "-7");
}

static int parse_tns(const char *text, int vt, sg_coo *t, sg_err *e)
{
    sg_read_opts o;
    sg_read_opts_default(&o);
    o.vt = vt;
    o.width = vt ? sg_vt_width(vt) : 32;
    sg_err_clear(e);
    return sg_tns_parse("t.tns", text, strlen(text), &o, t, e);
}

/* Values that need exact rounding, read into fp32 and bf16 bits. */
static void test_read_fp(void **state)
{
    (void)state;
    const char *text = "1 0.1\n2 1e-45\n3 3.4028236e38\n4 -2.5\n5 7\n"
                       "6 1.00000005960464477550\n7 -0\n8 0.7e-45\n";
    static const uint32_t f32[] = {0x3DCCCCCD, 0x00000001, 0x7F800000, 0xC0200000,
                                   0x40E00000, 0x3F800001, 0x80000000, 0x00000000};
    static const uint16_t bf[] = {0x3DCD, 0x0000, 0x7F80, 0xC020,
                                  0x40E0, 0x3F80, 0x8000, 0x0000};
    sg_coo t;
    sg_err e;
    assert_int_equal(parse_tns(text, SG_VT_FP32, &t, &e), 0);
    assert_int_equal(t.nnz, 8);
    assert_int_equal(t.vt, SG_VT_FP32);
    for (int i = 0; i < 8; i++) {
        assert_int_equal(b32(t.val[i]), f32[i]);
        assert_int_equal(t.val[i], sg_wrap(f32[i], 32));   /* sign-extended */
    }
    sg_coo_free(&t);
    assert_int_equal(parse_tns(text, SG_VT_BF16, &t, &e), 0);
    for (int i = 0; i < 8; i++)
        assert_int_equal(b16(t.val[i]), bf[i]);
    sg_coo_free(&t);
    /* a bad value still names file and line */
    assert_int_equal(parse_tns("1 2\n2 1.5x\n", SG_VT_FP32, &t, &e), -1);
    assert_string_equal(e.msg, "t.tns:2: bad value '1.5x'");

    /* Matrix Market: real, integer and pattern fields, skew symmetry */
    sg_read_opts o;
    sg_read_opts_default(&o);
    o.vt = SG_VT_FP32;
    const char *mr = "%%MatrixMarket matrix coordinate real skew-symmetric\n"
                     "2 2 1\n2 1 0.1\n";
    assert_int_equal(sg_mtx_parse("m.mtx", mr, strlen(mr), &o, &t, &e), 0);
    assert_int_equal(t.nnz, 2);
    assert_int_equal(b32(t.val[0]), 0xBDCCCCCD);   /* (1,2) = -0.1 */
    assert_int_equal(b32(t.val[1]), 0x3DCCCCCD);
    sg_coo_free(&t);
    const char *mi = "%%MatrixMarket matrix coordinate integer general\n"
                     "2 2 1\n1 1 16777217\n";
    assert_int_equal(sg_mtx_parse("m.mtx", mi, strlen(mi), &o, &t, &e), 0);
    assert_int_equal(b32(t.val[0]), 0x4B800000);
    sg_coo_free(&t);
    const char *mp = "%%MatrixMarket matrix coordinate pattern general\n"
                     "2 2 1\n1 1\n";
    assert_int_equal(sg_mtx_parse("m.mtx", mp, strlen(mp), &o, &t, &e), 0);
    assert_int_equal(b32(t.val[0]), 0x3F800000);
    sg_coo_free(&t);
    /* duplicates summed in fp */
    o.sum_duplicates = 1;
    const char *md = "%%MatrixMarket matrix coordinate real general\n"
                     "2 2 2\n1 1 0.1\n1 1 0.2\n";
    assert_int_equal(sg_mtx_parse("m.mtx", md, strlen(md), &o, &t, &e), 0);
    assert_int_equal(t.nnz, 1);
    assert_int_equal(b32(t.val[0]), 0x3E99999A);   /* 0.1f + 0.2f */
    sg_coo_free(&t);
}

/* Written back: the shortest decimal, and reading it again gives the bits. */
static void test_write_fp(void **state)
{
    (void)state;
    char dir[] = "/tmp/sg_value_test_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256], buf[512];
    snprintf(path, sizeof path, "%s/x.tns", dir);
    sg_coo t;
    sg_err e;
    assert_int_equal(parse_tns("# shape 4\n1 0.1\n2 1e-45\n3 3.4028236e38\n4 -0\n",
                               SG_VT_FP32, &t, &e), 0);
    sg_test_write_file(sg_tensor_write, path, &t, buf, sizeof buf);
    assert_string_equal(buf, "# shape 4\n1 0.1\n2 1e-45\n3 inf\n4 -0\n");
    sg_coo_free(&t);
    snprintf(path, sizeof path, "%s/x.mtx", dir);
    assert_int_equal(parse_tns("# shape 2 2\n1 2 0.33333334\n", SG_VT_FP32, &t, &e), 0);
    sg_test_write_file(sg_tensor_write, path, &t, buf, sizeof buf);
    assert_string_equal(buf, "%%MatrixMarket matrix coordinate real general\n"
                             "2 2 1\n1 2 0.33333334\n");
    sg_coo_free(&t);
    unlink(path);
    snprintf(path, sizeof path, "%s/x.tns", dir);
    unlink(path);
    rmdir(dir);
}

/* The default type from the files, an explicit type, conflicts, and the
 * counts of the rounding warning. */
static void test_choose(void **state)
{
    (void)state;
    char dir[] = "/tmp/sg_value_test_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char pi[256], pr[256], pm[256], msg[600];
    sg_test_write_in(pi, sizeof pi, dir, "i.tns", "1 1 3\n2 2 4.0\n3 1 1e2\n");
    sg_test_write_in(pr, sizeof pr, dir, "r.tns", "1 1 0.1\n2 2 2.5\n3 1 7\n4 4 -0.4\n");
    sg_test_write_in(pm, sizeof pm, dir, "r.mtx", "%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 1.0\n2 2 2\n");
    sg_vt_file f[2];
    int vt;
    sg_err e;
    memset(f, 0, sizeof f);
    /* integer data (also 4.0, 1e2 and a real field with whole numbers): int32 */
    f[0].path = pi;
    f[1].path = pm;
    assert_int_equal(sg_vt_choose(0, 32, NULL, 1.0, f, 2, &vt, &e), 0);
    assert_int_equal(vt, 32);
    assert_int_equal(sg_vt_round_warning(&f[0], msg, sizeof msg), 0);
    assert_int_equal(sg_vt_round_warning(&f[1], msg, sizeof msg), 0);
    /* the width option keeps integers */
    assert_int_equal(sg_vt_choose(0, 8, "--width 8", 1.0, f, 2, &vt, &e), 0);
    assert_int_equal(vt, 8);
    /* one non-integer value anywhere: fp32, nothing rounded */
    f[1].path = pr;
    assert_int_equal(sg_vt_choose(0, 32, NULL, 1.0, f, 2, &vt, &e), 0);
    assert_int_equal(vt, SG_VT_FP32);
    assert_int_equal(sg_vt_round_warning(&f[1], msg, sizeof msg), 0);
    /* ... but not with a scale, which asks for integers */
    assert_int_equal(sg_vt_choose(0, 32, NULL, 10.0, f, 2, &vt, &e), 0);
    assert_int_equal(vt, 32);
    assert_int_equal(sg_vt_round_warning(&f[1], msg, sizeof msg), 0);  /* all whole */
    /* an explicit integer type rounds, and says how much */
    assert_int_equal(sg_vt_choose(32, 32, NULL, 1.0, f, 2, &vt, &e), 0);
    assert_int_equal(vt, 32);
    assert_int_equal(sg_vt_round_warning(&f[0], msg, sizeof msg), 0);
    assert_int_equal(sg_vt_round_warning(&f[1], msg, sizeof msg), 1);
    char want[600];
    snprintf(want, sizeof want, "%s: 3 of 4 values rounded to integers, 2 became 0", pr);
    assert_string_equal(msg, want);
    assert_int_equal(sg_vt_choose(16, 16, "--width 16", 1.0, f, 2, &vt, &e), 0);
    assert_int_equal(vt, 16);
    /* explicit real types */
    assert_int_equal(sg_vt_choose(SG_VT_BF16, 32, NULL, 1.0, f, 2, &vt, &e), 0);
    assert_int_equal(vt, SG_VT_BF16);
    assert_int_equal(sg_vt_round_warning(&f[1], msg, sizeof msg), 0);
    /* conflicts */
    assert_int_equal(sg_vt_choose(SG_VT_FP32, 8, "--width 8", 1.0, f, 2, &vt, &e), -1);
    assert_int_equal(e.code, SG_EXIT_USAGE);
    assert_string_equal(e.msg, "--type fp32 conflicts with --width 8; give one");
    assert_int_equal(sg_vt_choose(16, 8, "--width-val 8", 1.0, f, 2, &vt, &e), -1);
    assert_string_equal(e.msg, "--type int16 conflicts with --width-val 8; give one");
    assert_int_equal(sg_vt_choose(SG_VT_FP32, 32, NULL, 2.0, f, 2, &vt, &e), -1);
    assert_string_equal(e.msg, "--type fp32 conflicts with --scale (which asks for integers)");
    unlink(pi);
    unlink(pr);
    unlink(pm);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_ops),
        cmocka_unit_test(test_read_fp),
        cmocka_unit_test(test_write_fp),
        cmocka_unit_test(test_choose),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
