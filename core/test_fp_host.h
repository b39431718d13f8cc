/*
 * test_fp_host.h - the host's IEEE arithmetic as a reference for the
 * fp32/bf16 unit (core/fp.h), independent of it: fp32 with the host's
 * float operations (SSE: nearest even, subnormals kept; build without
 * fused multiply-add, -ffp-contract=off), bf16 computed in double (exact
 * for mul; for add, sub and div of 8-bit operands a double rounded once
 * more to 8 bits is the correctly rounded result, since 53 >= 2 * 8 + 2)
 * and rounded to bf16 with nearbyint.  Used by core/fp_test.c and
 * testbenches/fp_vec.c.
 */
#ifndef SG_TEST_FP_HOST_H
#define SG_TEST_FP_HOST_H

#include <float.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "core/fp.h"

#if !defined(FLT_EVAL_METHOD) || FLT_EVAL_METHOD != 0
#error "the host reference needs FLT_EVAL_METHOD 0 (SSE, not x87)"
#endif
#ifdef __FAST_MATH__
#error "the host reference must not be built with -ffast-math"
#endif

/* The fp32 ulp at magnitude v (v finite; below the smallest normal the
 * subnormal step 2^-149): the unit of exp's stated error bound. */
static inline double sg_test_ulp32(double v)
{
    int e;
    v = fabs(v);
    if (v < 0x1p-126)
        return 0x1p-149;
    frexp(v, &e);
    return ldexp(1.0, e - 24);
}

static inline float f_of(uint32_t u)
{
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
}

static inline uint32_t u_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

/* IEEE 754-2019 maximum / minimum on host values (bits a, b). */
static inline uint32_t ref_maxmin(uint32_t a, uint32_t b, double x, double y,
                           int want_max, uint32_t signbit, uint32_t nan)
{
    if (isnan(x) || isnan(y))
        return nan;
    if (x > y)
        return want_max ? a : b;
    if (y > x)
        return want_max ? b : a;
    /* equal: only +-0 differ; max prefers +0, min -0 */
    int a_neg = (a & signbit) != 0;
    if (want_max)
        return a_neg ? b : a;
    return a_neg ? a : b;
}

static inline uint32_t host_f32(sg_fp_op op, uint32_t a, uint32_t b)
{
    volatile float x = f_of(a), y = f_of(b);
    float r = 0;
    switch (op) {
    case SG_FP_ADD: r = x + y; break;
    case SG_FP_SUB: r = x - y; break;
    case SG_FP_MUL: r = x * y; break;
    case SG_FP_DIV: r = x / y; break;
    case SG_FP_MAX: return ref_maxmin(a, b, x, y, 1, 0x80000000u, SG_FP_F32_NAN);
    case SG_FP_MIN: return ref_maxmin(a, b, x, y, 0, 0x80000000u, SG_FP_F32_NAN);
    }
    return u_of(r);
}

/* Round a double to bf16, nearest even, without the code under test. */
static inline uint16_t ref_round_bf16(double x)
{
    if (isnan(x))
        return SG_FP_BF16_NAN;
    uint16_t s = signbit(x) ? 0x8000 : 0;
    double ax = fabs(x);
    if (isinf(ax))
        return s | 0x7F80;
    if (ax == 0)
        return s;
    int e = ilogb(ax);
    if (e < -126)
        e = -126;
    double q = nearbyint(ldexp(ax, 7 - e));     /* 8 significant bits */
    double r = ldexp(q, e - 7);
    if (r >= 0x1p128)
        return s | 0x7F80;
    return s | (uint16_t)(u_of((float)r) >> 16);  /* exact */
}

static inline double bf16_host(uint32_t a) { return (double)f_of(a << 16); }

static inline uint16_t host_bf16(sg_fp_op op, uint32_t a, uint32_t b)
{
    double x = bf16_host(a), y = bf16_host(b);
    switch (op) {
    case SG_FP_ADD: return ref_round_bf16(x + y);
    case SG_FP_SUB: return ref_round_bf16(x - y);
    case SG_FP_MUL: return ref_round_bf16(x * y);
    case SG_FP_DIV: return ref_round_bf16(x / y);
    case SG_FP_MAX: return (uint16_t)ref_maxmin(a, b, x, y, 1, 0x8000u, SG_FP_BF16_NAN);
    case SG_FP_MIN: return (uint16_t)ref_maxmin(a, b, x, y, 0, 0x8000u, SG_FP_BF16_NAN);
    }
    return 0;
}

/* The host's result of op on a and b in type t. */
static inline uint32_t host_fp(sg_fp_op op, sg_fp_type t, uint32_t a, uint32_t b)
{
    return t == SG_FP_F32 ? host_f32(op, a, b) : host_bf16(op, a, b);
}

#endif
