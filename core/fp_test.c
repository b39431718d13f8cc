/*
 * fp_test.c - the software fp32/bf16 unit against the host's IEEE
 * arithmetic.
 *
 * fp32 results are compared with the host's float operations, which on
 * x86-64 (SSE) round to nearest even and keep subnormals; the checks below
 * refuse to build with x87 excess precision or -ffast-math, and mk/fp.mk
 * builds this file with -ffp-contract=off (no fused multiply-add).  bf16
 * results are compared with the operation computed in double (exact for
 * mul; for add, sub and div of 8-bit operands a double result rounded once
 * more to 8 bits is the correctly rounded result, since 53 >= 2 * 8 + 2)
 * and rounded to bf16 by a reference written with the host's nearbyint.
 *
 * Random operands are TestFloat-style (sg_fp_rand_pair), with fixed seeds.
 * A NaN result is "both NaN", and ours must be the canonical NaN.
 *
 * Counts: FP_TEST_SCALE (default 1) multiplies the random counts; the
 * round trips of fp32 text are fewer under AddressSanitizer (make
 * fp-test-full runs everything without sanitizers, ten times over).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <float.h>
#include <math.h>

#include <cmocka.h>

#include "core/fp.h"
#include "core/test_fp_host.h"


#ifndef FP_TEST_SCALE
#define FP_TEST_SCALE 1
#endif
#if defined(__SANITIZE_ADDRESS__)
#define FP_TEXT_N (200000L * FP_TEST_SCALE)
#else
#define FP_TEXT_N (1000000L * FP_TEST_SCALE)
#endif
#define FP_RANDOM_N (1000000L * FP_TEST_SCALE)
#define BF16_B_PER_A (24 * FP_TEST_SCALE)

/* ---- host reference ------------------------------------------------------ */

static uint64_t u64_of(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return u;
}

static double d_of(uint64_t u)
{
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

static int nan32(uint32_t u) { return (u & 0x7FFFFFFFu) > 0x7F800000u; }
static int nan16(uint32_t u) { return (u & 0x7FFFu) > 0x7F80u; }

/* The typed entry points, by operation (they must agree with sg_fp_binop). */
static uint32_t ours_f32(sg_fp_op op, uint32_t a, uint32_t b)
{
    switch (op) {
    case SG_FP_ADD: return sg_fp_f32_add(a, b);
    case SG_FP_SUB: return sg_fp_f32_sub(a, b);
    case SG_FP_MUL: return sg_fp_f32_mul(a, b);
    case SG_FP_DIV: return sg_fp_f32_div(a, b);
    case SG_FP_MAX: return sg_fp_f32_max(a, b);
    case SG_FP_MIN: return sg_fp_f32_min(a, b);
    }
    return 0;
}

static uint32_t ours_bf16(sg_fp_op op, uint32_t a, uint32_t b)
{
    sg_fp_bf16 x = (sg_fp_bf16)a, y = (sg_fp_bf16)b;
    switch (op) {
    case SG_FP_ADD: return sg_fp_bf16_add(x, y);
    case SG_FP_SUB: return sg_fp_bf16_sub(x, y);
    case SG_FP_MUL: return sg_fp_bf16_mul(x, y);
    case SG_FP_DIV: return sg_fp_bf16_div(x, y);
    case SG_FP_MAX: return sg_fp_bf16_max(x, y);
    case SG_FP_MIN: return sg_fp_bf16_min(x, y);
    }
    return 0;
}

/* 0 when got is want (or both NaN and got canonical); else a message. */
static int agree32(uint32_t got, uint32_t want)
{
    return nan32(want) ? got == SG_FP_F32_NAN : got == want;
}

static int agree16(uint32_t got, uint32_t want)
{
    return nan16(want) ? got == SG_FP_BF16_NAN : got == want;
}

static void check_f32(sg_fp_op op, uint32_t a, uint32_t b)
{
    uint32_t want = host_f32(op, a, b), got = ours_f32(op, a, b);
    if (!agree32(got, want) || sg_fp_binop(SG_FP_F32, op, a, b) != got)
        fail_msg("fp32 %s %08x %08x: got %08x, host %08x", sg_fp_op_name(op),
                 a, b, got, want);
}

static void check_bf16(sg_fp_op op, uint32_t a, uint32_t b)
{
    uint32_t want = host_bf16(op, a, b), got = ours_bf16(op, a, b);
    if (!agree16(got, want) || sg_fp_binop(SG_FP_BF16, op, a, b) != got)
        fail_msg("bf16 %s %04x %04x: got %04x, reference %04x",
                 sg_fp_op_name(op), a, b, got, want);
}

/* ---- fp32 arithmetic ------------------------------------------------------ */

static const uint32_t f32_corner[] = {
    0x00000000, 0x80000000,                         /* +-0 */
    0x00000001, 0x80000001, 0x00000002, 0x00000003, /* smallest subnormals */
    0x00400000, 0x007FFFFF, 0x807FFFFF,             /* largest subnormal */
    0x00800000, 0x80800000, 0x00800001, 0x00FFFFFF, /* smallest normals */
    0x01000000, 0x0C000000, 0x1F800000,
    0x33800000, 0x33800001, 0x34000000, 0x33FFFFFF, /* 2^-24, 2^-23 */
    0x3F800000, 0xBF800000, 0x3F800001, 0x3F7FFFFF, /* 1 and neighbours */
    0x3FC00000, 0x3FFFFFFF, 0x40000000, 0x40400000, 0x3EAAAAAB,
    0x4B000000, 0x4B800000, 0x4B7FFFFF, 0x4B800001, /* 2^23, 2^24 */
    0x5F800000, 0x73000000, 0x7F000000,
    0x7F7FFFFE, 0x7F7FFFFF, 0xFF7FFFFF,             /* largest finite */
    0x7F800000, 0xFF800000,                         /* inf */
    0x7FC00000, 0xFFC00000, 0x7F800001, 0x7FFFFFFF, /* NaNs, signalling too */
};
#define NCORNER (sizeof f32_corner / sizeof f32_corner[0])

static void test_f32_corners(void **state)
{
    (void)state;
    for (int op = 0; op < SG_FP_NOPS; op++)
        for (size_t i = 0; i < NCORNER; i++)
            for (size_t j = 0; j < NCORNER; j++)
                check_f32((sg_fp_op)op, f32_corner[i], f32_corner[j]);
}

/* The rules of docs/values.md, "TYPE OP A B RESULT" in hex ("nan": the
 * canonical NaN), each through the typed entry point and sg_fp_binop. */
static const char *const fp_rules[] = {
    /* ties: 1 + 2^-24 is halfway, to even (1); odd + half ulp goes up */
    "fp32 add 3F800000 33800000 3F800000",
    "fp32 add 3F800001 33800000 3F800002",
    /* carry out of the significand: (2 - 2^-23) + 2^-23, and by rounding */
    "fp32 add 3FFFFFFF 34000000 40000000",
    "fp32 add 3FFFFFFF 33800000 40000000",
    "fp32 mul 3FFFFFFF 3FFFFFFF 407FFFFE",
    "fp32 mul 3FC00000 3FAAAAAB 40000000",
    /* cancellation is exact */
    "fp32 sub 3F800001 3F800000 34000000",
    "fp32 sub 00800000 007FFFFF 00000001",
    /* exact zero sums: +0, except -0 + -0 */
    "fp32 sub 3F800000 3F800000 00000000",
    "fp32 add BF800000 3F800000 00000000",
    "fp32 add 80000000 00000000 00000000",
    "fp32 add 80000000 80000000 80000000",
    "fp32 sub 80000000 00000000 80000000",
    /* overflow to inf, also by rounding half the last step up */
    "fp32 add 7F7FFFFF 7F7FFFFF 7F800000",
    "fp32 add 7F7FFFFF 73000000 7F800000",
    "fp32 add 7F7FFFFF 72FFFFFF 7F7FFFFF",
    "fp32 mul FF7FFFFF 40000000 FF800000",
    /* underflow: subnormals kept, halfway to even */
    "fp32 mul 00800000 3F000000 00400000",
    "fp32 mul 00000001 3F000000 00000000",
    "fp32 mul 00000003 3F000000 00000002",
    "fp32 mul 80000001 3E800000 80000000",
    "fp32 div 00000001 40000000 00000000",
    /* division */
    "fp32 div 3F800000 40400000 3EAAAAAB",
    "fp32 div BF800000 00000000 FF800000",
    "fp32 div 3F800000 80000000 FF800000",
    /* one canonical NaN */
    "fp32 div 00000000 80000000 nan",
    "fp32 add 7F800000 FF800000 nan",
    "fp32 mul FF800000 00000000 nan",
    "fp32 add FFFFFFFF 3F800000 nan",
    "fp32 mul 7F800001 3F800000 nan",
    /* maximum / minimum: NaN wins, -0 < +0 */
    "fp32 max 80000000 00000000 00000000",
    "fp32 max 00000000 80000000 00000000",
    "fp32 min 00000000 80000000 80000000",
    "fp32 min 80000000 00000000 80000000",
    "fp32 max 7F800001 3F800000 nan",
    "fp32 min 3F800000 FFC00000 nan",
    "fp32 max FF800000 FF7FFFFF FF7FFFFF",
    "fp32 min 00000001 80000001 80000001",
    /* bf16 follows the same rules */
    "bf16 add 3F80 3B80 3F80",   /* tie */
    "bf16 add 3F81 3B80 3F82",
    "bf16 add 8000 8000 8000",
    "bf16 sub 4000 4000 0000",
    "bf16 mul 0001 3F00 0000",
    "bf16 mul 7F7F 4000 7F80",
    "bf16 div 0000 0000 nan",
    "bf16 max 8000 0000 0000",
    "bf16 min 7FC1 0000 nan",
};

static void test_f32_rules(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof fp_rules / sizeof fp_rules[0]; i++) {
        char type[8] = "", opname[8] = "", res[16] = "";
        unsigned a, b;
        int n = sscanf(fp_rules[i], "%7s %7s %x %x %15s", type, opname, &a, &b, res);
        int t = sg_fp_type_parse(type), op = sg_fp_op_parse(opname);
        if (n != 5 || t < 0 || op < 0)
            fail_msg("rule '%s' is not TYPE OP A B RESULT", fp_rules[i]);
        uint32_t want = strcmp(res, "nan") != 0 ? (uint32_t)strtoul(res, NULL, 16)
                      : t == SG_FP_F32 ? SG_FP_F32_NAN : SG_FP_BF16_NAN;
        uint32_t got = (t == SG_FP_F32 ? ours_f32 : ours_bf16)((sg_fp_op)op, a, b);
        if (got != want || sg_fp_binop((sg_fp_type)t, (sg_fp_op)op, a, b) != want)
            fail_msg("%s: got %x", fp_rules[i], got);
    }
}

static void test_f32_random(void **state)
{
    (void)state;
    for (int op = 0; op < SG_FP_NOPS; op++) {
        uint64_t s = 0x5EED0000u + (uint64_t)op;
        for (long i = 0; i < FP_RANDOM_N; i++) {
            uint32_t a, b;
            sg_fp_rand_pair(SG_FP_F32, &s, &a, &b);
            check_f32((sg_fp_op)op, a, b);
        }
    }
}

/* ---- bf16 arithmetic ------------------------------------------------------ */

static void test_bf16_exhaustive_a(void **state)
{
    (void)state;
    /* every bf16 value as a, against random b and against every corner */
    static const uint32_t corner[] = {0x0000, 0x8000, 0x0001, 0x007F, 0x0080,
                                      0x3F80, 0x3F81, 0x3FFF, 0x3B80, 0x7F7F,
                                      0xFF7F, 0x7F80, 0xFF80, 0x7FC0, 0x7F81};
    uint64_t s = 0xB16;
    for (uint32_t a = 0; a < 0x10000; a++) {
        for (int op = 0; op < SG_FP_NOPS; op++) {
            for (size_t j = 0; j < sizeof corner / sizeof corner[0]; j++) {
                check_bf16((sg_fp_op)op, a, corner[j]);
                check_bf16((sg_fp_op)op, corner[j], a);
            }
            for (int k = 0; k < BF16_B_PER_A; k++) {
                uint32_t x, b;
                sg_fp_rand_pair(SG_FP_BF16, &s, &x, &b);
                if (k & 1)   /* b near a: cancellation and ties */
                    b = (a & 0x8000) ^ ((b & 0x8000) ^ ((a + (x & 7) - 3) & 0x7FFF));
                check_bf16((sg_fp_op)op, a, b & 0xFFFF);
            }
        }
    }
}

/* ---- conversions -------------------------------------------------------- */

/* int64 -> bf16 reference: halve with a sticky bit until the value fits in
 * a double exactly, then round the double. */
static uint16_t ref_i64_bf16(int64_t v)
{
    int neg = v < 0;
    uint64_t m = neg ? 0 - (uint64_t)v : (uint64_t)v;
    int k = 0;
    while (m >> 53) {
        m = (m >> 1) | (m & 1);
        k++;
    }
    double d = ldexp((double)m, k);
    return ref_round_bf16(neg ? -d : d);
}

static int64_t rand_i64(uint64_t *s)
{
    uint32_t a, b;
    sg_fp_rand_pair(SG_FP_F32, s, &a, &b);
    uint64_t r = ((uint64_t)a << 32) | b;
    int bits = (int)(b % 64) + 1;
    r = bits == 64 ? r : r & ((UINT64_C(1) << bits) - 1);
    return (int64_t)r;
}

static void test_from_i64(void **state)
{
    (void)state;
    static const int64_t v[] = {0, 1, -1, 2, 3, 255, 256, 257, 16777216,
                                16777217, 16777218, 16777219, -16777217,
                                INT64_MAX, INT64_MIN, INT64_MIN + 1,
                                (int64_t)1 << 62, ((int64_t)1 << 40) + 1,
                                INT64_C(0x7FFFFF8000000000),
                                INT64_C(0x7FFFFFC000000000)};
    for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
        assert_int_equal(sg_fp_f32_from_i64(v[i]), u_of((float)v[i]));
        assert_int_equal(sg_fp_bf16_from_i64(v[i]), ref_i64_bf16(v[i]));
    }
    assert_int_equal(sg_fp_f32_from_i64(16777217), 0x4B800000);  /* tie */
    assert_int_equal(sg_fp_f32_from_i64(16777219), 0x4B800002);
    assert_int_equal(sg_fp_bf16_from_i64(257), 0x4380);
    assert_int_equal(sg_fp_bf16_from_i64(INT64_MIN), 0xDF00);
    uint64_t s = 77;
    for (long i = 0; i < FP_RANDOM_N; i++) {
        int64_t x = rand_i64(&s);
        if (sg_fp_f32_from_i64(x) != u_of((float)x))
            fail_msg("fp32 from %lld", (long long)x);
        if (sg_fp_bf16_from_i64(x) != ref_i64_bf16(x))
            fail_msg("bf16 from %lld", (long long)x);
    }
}

static uint16_t ref_f32_bf16(uint32_t u)
{
    if (nan32(u))
        return SG_FP_BF16_NAN;
    return (uint16_t)((u + 0x7FFFu + ((u >> 16) & 1)) >> 16);
}

/* A double near the fp32 range: fp32 values and midpoints, nudged. */
static double rand_double(uint64_t *s)
{
    uint32_t a, b;
    sg_fp_rand_pair(SG_FP_F32, s, &a, &b);
    uint64_t u = u64_of((double)f_of(a));
    switch (b & 7) {
    case 0: return d_of(u + ((uint64_t)1 << 28));                   /* midpoint */
    case 1: return d_of(u + ((uint64_t)1 << 28) + 1);
    case 2: return d_of(u + ((uint64_t)1 << 28) - 1);
    case 3: return d_of(u + (((uint64_t)b << 20) | a));
    case 4: return d_of(((uint64_t)a << 32) | b);                    /* any */
    case 5: return ldexp((double)f_of(a), -(int)(b % 200));          /* tiny */
    default: return d_of(u ^ (b & 0xFFFFFFF));
    }
}

static void test_conversions(void **state)
{
    (void)state;
    uint64_t s = 99;
    for (long i = 0; i < FP_RANDOM_N; i++) {
        uint32_t a, b;
        sg_fp_rand_pair(SG_FP_F32, &s, &a, &b);
        /* fp32 -> double, exact */
        double d = sg_fp_f32_to_double(a);
        if (nan32(a) ? u64_of(d) != UINT64_C(0x7FF8000000000000)
                     : u64_of(d) != u64_of((double)f_of(a)))
            fail_msg("fp32 %08x to double", a);
        /* fp32 -> bf16 -> fp32 */
        sg_fp_bf16 h = sg_fp_f32_to_bf16(a);
        if (h != ref_f32_bf16(a))
            fail_msg("fp32 %08x to bf16: got %04x want %04x", a, h,
                     ref_f32_bf16(a));
        /* double -> fp32, bf16 */
        double x = rand_double(&s);
        uint32_t want = u_of((float)x), got = sg_fp_f32_from_double(x);
        if (!agree32(got, want))
            fail_msg("double %a to fp32: got %08x want %08x", x, got, want);
        uint16_t w16 = ref_round_bf16(x), g16 = sg_fp_bf16_from_double(x);
        if (g16 != w16)
            fail_msg("double %a to bf16: got %04x want %04x", x, g16, w16);
    }
    for (uint32_t h = 0; h < 0x10000; h++) {
        uint32_t f = sg_fp_bf16_to_f32((sg_fp_bf16)h);
        assert_int_equal(f, nan16(h) ? SG_FP_F32_NAN : h << 16);
        double d = sg_fp_bf16_to_double((sg_fp_bf16)h);
        if (nan16(h))
            assert_true(u64_of(d) == UINT64_C(0x7FF8000000000000));
        else
            assert_true(u64_of(d) == u64_of((double)f_of(h << 16)));
    }
    assert_int_equal(sg_fp_f32_to_bf16(0x3F808000), 0x3F80);   /* tie, even */
    assert_int_equal(sg_fp_f32_to_bf16(0x3F818000), 0x3F82);   /* tie, odd */
    assert_int_equal(sg_fp_f32_to_bf16(0x7F7FFFFF), 0x7F80);   /* overflow */
    assert_int_equal(sg_fp_f32_to_bf16(0x00008000), 0x0000);   /* subnormal tie */
    assert_int_equal(sg_fp_f32_to_bf16(0x7FA00000), SG_FP_BF16_NAN);
    assert_int_equal(sg_fp_bf16_to_f32(0xFFC1), SG_FP_F32_NAN);
    assert_int_equal(sg_fp_f32_from_double(0x1p-150), 0x00000000);
    assert_int_equal(sg_fp_f32_from_double(0x1.0000001p-150), 0x00000001);
    assert_int_equal(sg_fp_f32_from_double(-1e300), 0xFF800000);
    assert_int_equal(sg_fp_f32_from_double(NAN), SG_FP_F32_NAN);
}

/* ---- text --------------------------------------------------------------- */

/* s read as a value of type t, which must succeed. */
static uint32_t parse_as(sg_fp_type t, const char *s)
{
    sg_err e;
    sg_err_clear(&e);
    sg_fp_f32 v = 0xDEADBEEF;
    sg_fp_bf16 h = 0xBEEF;
    int rc = t == SG_FP_BF16 ? sg_fp_bf16_parse(s, strlen(s), &h, &e)
                             : sg_fp_f32_parse(s, strlen(s), &v, &e);
    if (rc != 0)
        fail_msg("parse '%s': %s", s, e.msg);
    return t == SG_FP_BF16 ? h : v;
}

static uint32_t parse32(const char *s) { return parse_as(SG_FP_F32, s); }
static uint32_t parse16(const char *s) { return parse_as(SG_FP_BF16, s); }

static void expect_print32(uint32_t a, const char *text)
{
    char buf[SG_FP_TEXT_MAX];
    int n = sg_fp_f32_format(a, buf);
    assert_string_equal(buf, text);
    assert_int_equal(n, (int)strlen(text));
}

static int significant_digits(const char *s)
{
    int n = 0, started = 0, trailing = 0;
    for (; *s && *s != 'e'; s++) {
        if (*s < '0' || *s > '9')
            continue;
        if (*s != '0')
            started = 1;
        if (started) {
            n++;
            trailing = *s == '0' ? trailing + 1 : 0;
        }
    }
    return n - trailing;
}

static void test_print(void **state)
{
    (void)state;
    expect_print32(0x00000000, "0");
    expect_print32(0x80000000, "-0");
    expect_print32(0x3F800000, "1");
    expect_print32(0xBFC00000, "-1.5");
    expect_print32(0x3DCCCCCD, "0.1");
    expect_print32(0x3EAAAAAB, "0.33333334");
    expect_print32(0x42C80000, "100");
    expect_print32(0x4B800000, "16777216");
    expect_print32(0x4B800001, "16777218");
    expect_print32(0x60AD78EC, "100000000000000000000");
    expect_print32(0x6258D727, "1e+21");
    expect_print32(0x33D6BF95, "0.0000001");
    expect_print32(0x322BCC77, "1e-08");
    expect_print32(0x00000001, "1e-45");
    expect_print32(0x007FFFFF, "1.1754942e-38");
    expect_print32(0x7F7FFFFF, "3.4028235e+38");
    expect_print32(0x7F800000, "inf");
    expect_print32(0xFF800000, "-inf");
    expect_print32(0x7FC00000, "nan");
    expect_print32(0xFFFFFFFF, "nan");
    char buf[SG_FP_TEXT_MAX];
    sg_fp_bf16_format(0x3DCD, buf);
    assert_string_equal(buf, "0.1");
    sg_fp_bf16_format(0x3DCE, buf);
    assert_string_equal(buf, "0.1006");
    sg_fp_bf16_format(0x4049, buf);
    assert_string_equal(buf, "3.14");
    sg_fp_bf16_format(0x7F7F, buf);
    assert_string_equal(buf, "3.39e+38");
    sg_fp_bf16_format(0x0001, buf);
    assert_string_equal(buf, "9e-41");
    sg_fp_bf16_format(0x0080, buf);
    assert_string_equal(buf, "1.18e-38");
    sg_fp_bf16_format(0xFF80, buf);
    assert_string_equal(buf, "-inf");
}

static void test_roundtrip_bf16(void **state)
{
    (void)state;
    char buf[SG_FP_TEXT_MAX];
    for (uint32_t h = 0; h < 0x10000; h++) {
        sg_fp_bf16_format((sg_fp_bf16)h, buf);
        uint32_t back = parse16(buf);
        if (!agree16(back, h))
            fail_msg("bf16 %04x printed '%s' reads %04x", h, buf, back);
        if (significant_digits(buf) > 4)
            fail_msg("bf16 %04x printed '%s': more than 4 digits", h, buf);
    }
}

static void test_roundtrip_f32(void **state)
{
    (void)state;
    char buf[SG_FP_TEXT_MAX];
    uint64_t s = 4242;
    for (long i = 0; i < FP_TEXT_N; i++) {
        uint32_t a, b;
        sg_fp_rand_pair(SG_FP_F32, &s, &a, &b);
        if (i & 1)
            a = b ^ (a << 7);   /* plain random bits half of the time */
        sg_fp_f32_format(a, buf);
        uint32_t back = parse32(buf);
        if (!agree32(back, a))
            fail_msg("fp32 %08x printed '%s' reads %08x", a, buf, back);
        if (significant_digits(buf) > 9)
            fail_msg("fp32 %08x printed '%s': more than 9 digits", a, buf);
        if (!nan32(a) && u_of(strtof(buf, NULL)) != a)
            fail_msg("fp32 %08x printed '%s': strtof disagrees", a, buf);
    }
}

/* Decimal text exactly at, just above and just below a midpoint between
 * two neighbours: the double nearest to each is the midpoint itself, so
 * only an exact reader rounds the three the right way. */
static void midpoint_texts(double m, char *tie, char *above, char *below,
                           size_t size)
{
    char t[400];
    snprintf(t, sizeof t, "%.200e", m);     /* exact: m has few digits */
    char *e = strchr(t, 'e');
    char *last = e - 1;
    while (*last == '0')
        last--;
    size_t keep = (size_t)(last - t) + 1;
    snprintf(tie, size, "%.*s%s", (int)keep, t, e);
    snprintf(above, size, "%.*s00000000000000000000001%s", (int)keep, t, e);
    char low[400];
    memcpy(low, t, keep);
    size_t d = low[keep - 1] == '.' ? keep - 2 : keep - 1;   /* "6." */
    low[d] = (char)(low[d] - 1);
    low[keep] = '\0';
    snprintf(below, size, "%s99999999999999999999%s", low, e);
}

static void test_parse_midpoints(void **state)
{
    (void)state;
    /* 1 + 2^-24 + 2e-20: strtod gives the tie 1 + 2^-24, whose rounding
     * to fp32 would go down to 1; then the overflow threshold and
     * underflow, rounded as IEEE says */
    static const struct { const char *text; uint32_t bits; } cases[] = {
        {"1.00000005960464477550", 0x3F800001},
        {"1.000000059604644775390625", 0x3F800000},
        {"1.000000059604644775390624999", 0x3F800000},
        {"1.000000178813934326171875", 0x3F800002},
        {"1.0000001788139343261718749", 0x3F800001},
        {"340282356779733661637539395458142568448", 0x7F800000},
        {"340282356779733661637539395458142568447.9", 0x7F7FFFFF},
        {"3.4028235677973366e38", 0x7F7FFFFF},
        {"3.4028235677973367e38", 0x7F800000},
        {"1e39", 0x7F800000},
        {"-1e39", 0xFF800000},
        {"7.006492321624085354618e-46", 0x00000000},
        {"7.006492321624085354619e-46", 0x00000001},
        {"1e-400", 0x00000000},
        {"-1e-400", 0x80000000},
        {"1e400", 0x7F800000},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
        if (parse32(cases[k].text) != cases[k].bits)
            fail_msg("%s: %08x, want %08x", cases[k].text, parse32(cases[k].text),
                     cases[k].bits);
    uint64_t s = 31337;
    char tie[512], above[512], below[512];
    for (long i = 0; i < FP_RANDOM_N / 20; i++) {
        uint32_t a, b;
        sg_fp_rand_pair(SG_FP_F32, &s, &a, &b);
        a &= 0x7FFFFFFF;
        if (a >= 0x7F7FFFFF)
            continue;
        /* fp32: a and a+1 */
        double m = ((double)f_of(a) + (double)f_of(a + 1)) / 2;
        midpoint_texts(m, tie, above, below, sizeof tie);
        uint32_t even = (a & 1) ? a + 1 : a;
        if (parse32(tie) != even || parse32(above) != a + 1 ||
            parse32(below) != a)
            fail_msg("fp32 midpoint of %08x: %s %s %s -> %08x %08x %08x", a,
                     tie, above, below, parse32(tie), parse32(above),
                     parse32(below));
        if (u_of(strtof(tie, NULL)) != even || u_of(strtof(above, NULL)) != a + 1 ||
            u_of(strtof(below, NULL)) != a)
            fail_msg("strtof disagrees at the midpoint of %08x", a);
        /* bf16: h and h+1, negative half of the time */
        uint32_t h = (a >> 16) & 0x7FFF;
        if (h >= 0x7F7F)
            continue;
        m = (bf16_host(h) + bf16_host(h + 1)) / 2;
        uint32_t neg = (b & 1) ? 0x8000 : 0;
        midpoint_texts(neg ? -m : m, tie, above, below, sizeof tie);
        even = (h & 1) ? h + 1 : h;
        if (parse16(tie) != (neg | even) || parse16(above) != (neg | (h + 1)) ||
            parse16(below) != (neg | h))
            fail_msg("bf16 midpoint of %04x: %s %s %s", h, tie, above, below);
    }
}

static void test_parse_forms(void **state)
{
    (void)state;
    assert_int_equal(parse32("0"), 0x00000000);
    assert_int_equal(parse32("-0"), 0x80000000);
    assert_int_equal(parse32("+1.5"), 0x3FC00000);
    assert_int_equal(parse32(".5"), 0x3F000000);
    assert_int_equal(parse32("5."), 0x40A00000);
    assert_int_equal(parse32("2E-3"), u_of(2e-3f));
    assert_int_equal(parse32("000000000000000000000000000000012.5e-1"), 0x3FA00000);
    assert_int_equal(parse32("inf"), 0x7F800000);
    assert_int_equal(parse32("-Infinity"), 0xFF800000);
    assert_int_equal(parse32("NaN"), SG_FP_F32_NAN);
    assert_int_equal(parse32("-nan"), SG_FP_F32_NAN);
    assert_int_equal(parse32("0x1p-149"), 0x00000001);
    assert_int_equal(parse32("0x1p-150"), 0x00000000);
    assert_int_equal(parse32("0x1.8p1"), 0x40400000);
    assert_int_equal(parse32("-0x0p0"), 0x80000000);
    assert_int_equal(parse32("0x1.000001p0"), 0x3F800000);
    assert_int_equal(parse32("0x1.000003p0"), 0x3F800002);
    assert_int_equal(parse32("0x1.0000010000000000000000001p0"), 0x3F800001);
    assert_int_equal(parse32("0X.8"), 0x3F000000);
    assert_int_equal(parse32("0x1p128"), 0x7F800000);
    assert_int_equal(parse16("0x1.01p0"), 0x3F80);
    assert_int_equal(parse16("0x1.03p0"), 0x3F82);
    assert_int_equal(parse16("1.00390625"), 0x3F80);   /* 1 + 2^-8: tie */
    assert_int_equal(parse16("1.0039062500001"), 0x3F81);
    assert_int_equal(parse16("-3.39e38"), 0xFF7F);
    /* long inputs: digits beyond those compared exactly still count */
    char longs[1200];
    memset(longs, '0', sizeof longs);
    memcpy(longs, "1.000000059604644775390625", 26);
    longs[1100] = '1';
    longs[1101] = '\0';
    assert_int_equal(parse32(longs), 0x3F800001);
    longs[1100] = '0';
    assert_int_equal(parse32(longs), 0x3F800000);
}

static void expect_bad(const char *s)
{
    sg_err e;
    sg_err_clear(&e);
    sg_fp_f32 v = 0x12345678;
    assert_int_equal(sg_fp_f32_parse(s, strlen(s), &v, &e), -1);
    assert_int_equal(v, 0x12345678);
    char want[128];
    snprintf(want, sizeof want, "bad real value '%s'", s);
    assert_string_equal(e.msg, want);
    sg_fp_bf16 h = 0x1234;
    sg_err_clear(&e);
    assert_int_equal(sg_fp_bf16_parse(s, strlen(s), &h, &e), -1);
    assert_int_equal(h, 0x1234);
    assert_string_equal(e.msg, want);
}

static void test_parse_bad(void **state)
{
    (void)state;
    static const char *bad[] = {"", "abc", "1.5x", "--1", "+-1", "1e", "1e+",
                                ".", "-.", "0x", "0xp1", "0x1p", "0x1.g",
                                "nan1", "infin", " 1", "1 ", "1,5", "1..2",
                                "1e5.0", "e5", "0x1p+-1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        expect_bad(bad[i]);
    /* the text is not NUL-terminated: only n bytes are read */
    sg_err e;
    sg_fp_f32 v;
    assert_int_equal(sg_fp_f32_parse("2.5junk", 3, &v, &e), 0);
    assert_int_equal(v, 0x40200000);
}

static void test_names(void **state)
{
    (void)state;
    for (int op = 0; op < SG_FP_NOPS; op++)
        assert_int_equal(sg_fp_op_parse(sg_fp_op_name((sg_fp_op)op)), op);
    assert_int_equal(sg_fp_type_parse("fp32"), SG_FP_F32);
    assert_int_equal(sg_fp_type_parse("bf16"), SG_FP_BF16);
    assert_int_equal(sg_fp_type_parse("fp16"), -1);
    assert_int_equal(sg_fp_op_parse("fma"), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_names),
        cmocka_unit_test(test_f32_rules),
        cmocka_unit_test(test_f32_corners),
        cmocka_unit_test(test_f32_random),
        cmocka_unit_test(test_bf16_exhaustive_a),
        cmocka_unit_test(test_from_i64),
        cmocka_unit_test(test_conversions),
        cmocka_unit_test(test_print),
        cmocka_unit_test(test_parse_forms),
        cmocka_unit_test(test_parse_bad),
        cmocka_unit_test(test_parse_midpoints),
        cmocka_unit_test(test_roundtrip_bf16),
        cmocka_unit_test(test_roundtrip_f32),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
