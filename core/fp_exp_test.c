/*
 * fp_exp_test.c - exp of the software fp32/bf16 unit (core/fp_exp.c)
 * against the host's exp in double and the bounds docs/values.md ("exp")
 * states: every bf16 input correctly rounded, fp32 within 0.52 ulp of
 * exp(x) on a sample of inputs (every input of the exponents where exp is
 * neither 1, infinite nor zero, sampled with a stride, plus TestFloat-style
 * random ones).  Also the special cases and thresholds, and the bits of a
 * few results so that a change of the algorithm is noticed.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>

#include <cmocka.h>

#include "core/fp.h"
#include "core/test_fp_host.h"

/* The stated bound in fp32 ulps (docs/values.md). */
#define F32_BOUND 0.52

static double f32d(uint32_t u) { return sg_fp_f32_to_double(u); }

/* Error of ours = exp(a) in fp32 ulps of the exact value; an infinite
 * result counts as 2^128. */
static double err32(uint32_t a)
{
    double x = f32d(a), ex = exp(x);
    uint32_t r = sg_fp_f32_exp(a);
    double rv = (r == SG_FP_F32_INF) ? 0x1p128 : f32d(r);
    double ref = ex > 0x1p128 ? 0x1p128 : ex;
    return fabs(rv - ref) / sg_test_ulp32(ref >= 0x1p128 ? 0x1p127 : ref);
}

static void test_specials(void **state)
{
    (void)state;
    /* NaN of any sign or payload -> canonical NaN */
    assert_int_equal(sg_fp_f32_exp(0x7FC00000u), SG_FP_F32_NAN);
    assert_int_equal(sg_fp_f32_exp(0x7F800001u), SG_FP_F32_NAN);
    assert_int_equal(sg_fp_f32_exp(0xFFFFFFFFu), SG_FP_F32_NAN);
    assert_int_equal(sg_fp_bf16_exp(0xFFC1u), SG_FP_BF16_NAN);
    assert_int_equal(sg_fp_bf16_exp(0x7F81u), SG_FP_BF16_NAN);
    /* infinities */
    assert_int_equal(sg_fp_f32_exp(0x7F800000u), SG_FP_F32_INF);
    assert_int_equal(sg_fp_f32_exp(0xFF800000u), 0);
    assert_int_equal(sg_fp_bf16_exp(0x7F80u), SG_FP_BF16_INF);
    assert_int_equal(sg_fp_bf16_exp(0xFF80u), 0);
    /* zeros and subnormals: exactly 1 */
    assert_int_equal(sg_fp_f32_exp(0), 0x3F800000u);
    assert_int_equal(sg_fp_f32_exp(0x80000000u), 0x3F800000u);
    assert_int_equal(sg_fp_f32_exp(0x00000001u), 0x3F800000u);
    assert_int_equal(sg_fp_f32_exp(0x807FFFFFu), 0x3F800000u);
    assert_int_equal(sg_fp_bf16_exp(0), 0x3F80u);
    assert_int_equal(sg_fp_bf16_exp(0x8000u), 0x3F80u);
    assert_int_equal(sg_fp_bf16_exp(0x807Fu), 0x3F80u);
    /* |x| < 2^-(F+3): 1 */
    assert_int_equal(sg_fp_f32_exp(0x327FFFFFu), 0x3F800000u);
    assert_int_equal(sg_fp_f32_exp(0xB27FFFFFu), 0x3F800000u);
    assert_int_equal(sg_fp_bf16_exp(0x3A7Fu), 0x3F80u);
    /* |x| >= 128: +inf or +0; the largest finite and the smallest values */
    assert_int_equal(sg_fp_f32_exp(0x43000000u), SG_FP_F32_INF);
    assert_int_equal(sg_fp_f32_exp(0xC3000000u), 0);
    assert_int_equal(sg_fp_f32_exp(0x7F7FFFFFu), SG_FP_F32_INF);
    assert_int_equal(sg_fp_f32_exp(0xFF7FFFFFu), 0);
    assert_int_equal(sg_fp_bf16_exp(0x4300u), SG_FP_BF16_INF);
    assert_int_equal(sg_fp_bf16_exp(0xC300u), 0);
    /* overflow threshold: 88.7228317 is finite, 88.7228394 is +inf */
    assert_int_equal(sg_fp_f32_exp(0x42B17217u), 0x7F7FFF84u);
    assert_int_equal(sg_fp_f32_exp(0x42B17218u), SG_FP_F32_INF);
    assert_int_equal(sg_fp_bf16_exp(0x42B1u), 0x7F4Du);   /* 88.5 */
    assert_int_equal(sg_fp_bf16_exp(0x42B2u), SG_FP_BF16_INF);
    /* underflow: subnormal results, then +0 */
    assert_int_equal(sg_fp_f32_exp(0xC2AEAC50u), 0x007FFFE6u);
    assert_int_equal(sg_fp_f32_exp(0xC2CFF1B4u), 0x00000001u);
    assert_int_equal(sg_fp_f32_exp(0xC2CFF1B5u), 0);
    assert_int_equal(sg_fp_bf16_exp(0xC2B8u), 0x0001u);   /* -92 */
    assert_int_equal(sg_fp_bf16_exp(0xC2BAu), 0);         /* -93 */
    /* a few values: e, 1/e, e^2.5, e^-4 */
    assert_int_equal(sg_fp_f32_exp(0x3F800000u), 0x402DF854u);
    assert_int_equal(sg_fp_f32_exp(0xBF800000u), 0x3EBC5AB2u);
    assert_int_equal(sg_fp_f32_exp(0x40200000u), 0x4142EB7Fu);
    assert_int_equal(sg_fp_f32_exp(0xC0800000u), 0x3C960AAEu);
    assert_int_equal(sg_fp_bf16_exp(0x3F80u), 0x402Eu);
    /* near 1 the result can be 0.5 ulp off: exp(-2^-25) = 1 - 2^-25 +
     * 2^-51 lies just above a midpoint, the fixed-point value just below */
    assert_int_equal(sg_fp_f32_exp(0xB3000000u), 0x3F7FFFFFu);
}

/* The typed functions and sg_fp_unop agree; bits above a bf16 are
 * ignored. */
static void test_unop(void **state)
{
    (void)state;
    uint64_t s = 99;
    for (int i = 0; i < 10000; i++) {
        uint32_t a = sg_fp_rand_operand(SG_FP_F32, &s);
        assert_int_equal(sg_fp_unop(SG_FP_F32, SG_FP_EXP, a), sg_fp_f32_exp(a));
        uint32_t b = sg_fp_rand_operand(SG_FP_BF16, &s);
        assert_int_equal(sg_fp_unop(SG_FP_BF16, SG_FP_EXP, b | 0xABCD0000u),
                         sg_fp_bf16_exp((sg_fp_bf16)b));
    }
}

/* Every bf16 input: the correctly rounded exp (the host's exp in double,
 * rounded once to bf16; exp(x) of a non-zero x is never within 2^-53 of a
 * bf16 midpoint). */
static void test_bf16_all(void **state)
{
    (void)state;
    long wrong = 0;
    for (uint32_t a = 0; a <= 0xFFFF; a++) {
        double x = sg_fp_bf16_to_double((sg_fp_bf16)a);
        sg_fp_bf16 r = sg_fp_bf16_exp((sg_fp_bf16)a);
        sg_fp_bf16 ref = isnan(x) ? SG_FP_BF16_NAN : sg_fp_bf16_from_double(exp(x));
        if (r != ref) {
            if (wrong < 5)
                print_error("bf16 exp %04x: ours %04x, correctly rounded %04x\n",
                            (unsigned)a, (unsigned)r, (unsigned)ref);
            wrong++;
        }
    }
    assert_int_equal(wrong, 0);
}

/* fp32: within F32_BOUND ulps, on every 61st input of the exponents -26..6
 * (both signs) and on TestFloat-style random operands; the sample must
 * reach more than 0.5 ulp somewhere (it is not correctly rounded). */
static void test_f32_bound(void **state)
{
    (void)state;
    double worst = 0;
    uint32_t worst_a = 0;
    long n = 0;
    for (uint32_t sign = 0; sign < 2; sign++)
        for (uint32_t a = (uint32_t)(127 - 26) << 23; a < (uint32_t)(127 + 7) << 23;
             a += 61) {
            uint32_t x = a | sign << 31;
            double e = err32(x);
            if (e > worst) {
                worst = e;
                worst_a = x;
            }
            n++;
        }
    uint64_t s = 7;
    for (int i = 0; i < 1000000; i++) {
        uint32_t x = sg_fp_rand_operand(SG_FP_F32, &s);
        if (isnan(f32d(x)))
            continue;
        double e = err32(x);
        if (e > worst) {
            worst = e;
            worst_a = x;
        }
        n++;
    }
    print_message("fp32 exp: %ld inputs, largest error %.4f ulp at %08x\n", n, worst,
                  (unsigned)worst_a);
    assert_true(worst <= F32_BOUND);
    assert_true(worst > 0.5);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_specials),
        cmocka_unit_test(test_unop),
        cmocka_unit_test(test_bf16_all),
        cmocka_unit_test(test_f32_bound),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
