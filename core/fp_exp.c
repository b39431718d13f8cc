/*
 * fp_exp.c - exp(x) for fp32 and bf16 with integers only, in the steps of
 * the RTL unit rtl/sam_fp_exp.v, so that both give the same bits on every
 * input, independent of the host's libm (docs/values.md, "exp").
 *
 *   1. special cases: NaN -> NaN, +inf -> +inf, -inf -> +0, |x| >= 128 ->
 *      +inf (x > 0) or +0 (x < 0), |x| < 2^-(F+3) (zeros and subnormals
 *      included) -> 1, each the correctly rounded result
 *   2. y = x * log2(e) in fixed point: the significand m times the 39-bit
 *      constant L = round(log2(e) * 2^38), shifted to 32 fraction bits,
 *      truncated (|y| < 185); negated for x < 0
 *   3. y = k + f with k = floor(y) and f in [0, 1) (32 bits); f = i/64 + u
 *      with i the top 6 bits of f and u < 2^-6 the other 26 (G)
 *   4. 2^u - 1 = u * (c1 + u * (c2 + u * c3)) (Taylor, c1 = ln 2, c2 =
 *      ln^2 2 / 2, c3 = ln^3 2 / 6) in fixed point, each product truncated
 *   5. 2^f = T[i] * (1 + p), T[i] = round(2^(i/64) * 2^34), truncated
 *   6. the value R * 2^(k - 34) rounded once to the format (round_pack:
 *      nearest even, subnormals kept, overflow to +inf)
 */
#include "core/fp_int.h"

/* log2(e) * 2^38, ln 2 * 2^32, ln^2 2 / 2 * 2^24, ln^3 2 / 6 * 2^24, each
 * rounded to nearest. */
#define EXP_L  UINT64_C(0x5C551D94AE)
#define EXP_C1 UINT64_C(0xB17217F8)
#define EXP_C2 UINT64_C(0x3D7F7C)
#define EXP_C3 UINT64_C(0xE3584)

/* 2^(i/64) * 2^34 rounded to nearest, i = 0..63. */
static const uint64_t exp_table[64] = {
    UINT64_C(0x400000000), UINT64_C(0x40B268F9E), UINT64_C(0x4166C34C5), UINT64_C(0x421D1461D),
    UINT64_C(0x42D561B3E), UINT64_C(0x438FB0CB5), UINT64_C(0x444C07405), UINT64_C(0x450A6ABAA),
    UINT64_C(0x45CAE0F1F), UINT64_C(0x468D6FADC), UINT64_C(0x47521CC5A), UINT64_C(0x4818EE219),
    UINT64_C(0x48E1E9B9D), UINT64_C(0x49AD15979), UINT64_C(0x4A7A77D48), UINT64_C(0x4B4A169B9),
    UINT64_C(0x4C1BF828C), UINT64_C(0x4CF022C99), UINT64_C(0x4DC69CDCF), UINT64_C(0x4E9F6CD39),
    UINT64_C(0x4F7A99305), UINT64_C(0x50582887E), UINT64_C(0x513821818), UINT64_C(0x521A8AD70),
    UINT64_C(0x52FF6B54E), UINT64_C(0x53E6C9DA7), UINT64_C(0x54D0AD5A7), UINT64_C(0x55BD1CDAD),
    UINT64_C(0x56AC1F752), UINT64_C(0x579DBC56B), UINT64_C(0x5891FAC0F), UINT64_C(0x5988E2095),
    UINT64_C(0x5A82799A0), UINT64_C(0x5B7EC8F19), UINT64_C(0x5C7DD7A3B), UINT64_C(0x5D7FAD591),
    UINT64_C(0x5E8451CFB), UINT64_C(0x5F8BCCDB4), UINT64_C(0x609626653), UINT64_C(0x61A3666D1),
    UINT64_C(0x62B39508B), UINT64_C(0x63C6BA645), UINT64_C(0x64DCDEC33), UINT64_C(0x65F60A7F8),
    UINT64_C(0x6712460A9), UINT64_C(0x683199ED7), UINT64_C(0x69540EC90), UINT64_C(0x6A79AD55E),
    UINT64_C(0x6BA27E657), UINT64_C(0x6CCE8AE14), UINT64_C(0x6DFDDBCBF), UINT64_C(0x6F307A413),
    UINT64_C(0x70666F761), UINT64_C(0x719FC4B96), UINT64_C(0x72DC8373C), UINT64_C(0x741CB5282),
    UINT64_C(0x75606373F), UINT64_C(0x76A7980F7), UINT64_C(0x77F25CCDF), UINT64_C(0x7940BB9E3),
    UINT64_C(0x7A92BE8A9), UINT64_C(0x7BE86FB98), UINT64_C(0x7D41D96DC), UINT64_C(0x7E9F06068),
};

static uint32_t fp_exp(uint32_t a, int F)
{
    fpx x = sg_fp_unpack(a, F);
    uint32_t one = UINT32_C(127) << F;
    /* 1. special cases */
    if (x.cls == CLS_NAN)
        return nan_bits(F);
    if (x.cls == CLS_INF)
        return x.sign ? 0 : inf_bits(0, F);
    if (x.cls == CLS_ZERO || x.sig < (UINT64_C(1) << F))
        return one;                         /* zero or subnormal */
    int64_t E = x.e + F;                    /* unbiased exponent, -126..127 */
    if (E >= 7)
        return x.sign ? 0 : inf_bits(0, F);
    if (E < -(F + 3))
        return one;
    /* 2. |y| = m * L * 2^(E - F - 38), with 32 fraction bits: the shift is
     *    F + 6 - E, in F..2F+9; m * L < 2^(F + 40) fits 64 bits. */
    uint64_t Y = (x.sig * EXP_L) >> (F + 6 - E);
    /* 3. y = k + f in two's complement (Y < 2^40, so k is -185..184) */
    uint64_t Yv = x.sign ? (uint64_t)0 - Y : Y;
    int64_t k = x.sign ? -(int64_t)((Y + UINT64_C(0xFFFFFFFF)) >> 32)
                       : (int64_t)(Y >> 32);
    uint64_t f = Yv & UINT64_C(0xFFFFFFFF);
    unsigned i = (unsigned)(f >> 26);
    uint64_t G = f & ((UINT64_C(1) << 26) - 1);  /* u = G * 2^-32 */
    /* 4. the polynomial: H2 = c2 + u*c3 (24 fraction bits), H1 = c1 +
     *    u*H2 (32), P = u*H1 (32) */
    uint64_t H2 = EXP_C2 + ((G * EXP_C3) >> 32);
    uint64_t H1 = EXP_C1 + ((G * H2) >> 24);
    uint64_t P = (G * H1) >> 32;
    /* 5. 2^f with 34 fraction bits */
    uint64_t T = exp_table[i];
    uint64_t R = T + ((T * P) >> 32);
    /* 6. round once */
    return sg_fp_round_pack(0, k - 34, R, F);
}

sg_fp_f32 sg_fp_f32_exp(sg_fp_f32 a) { return fp_exp(a, F32); }
sg_fp_bf16 sg_fp_bf16_exp(sg_fp_bf16 a) { return B16_OF(fp_exp(a, B16)); }

uint32_t sg_fp_unop(sg_fp_type t, sg_fp_unop_kind op, uint32_t a)
{
    int F = t == SG_FP_BF16 ? B16 : F32;
    a &= t == SG_FP_BF16 ? 0xFFFFu : 0xFFFFFFFFu;
    switch (op) {
    case SG_FP_EXP: return fp_exp(a, F);
    }
    return nan_bits(F);
}
