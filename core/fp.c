/*
 * fp.c - fp32 and bf16 arithmetic with integers only, in the steps of a
 * hardware unit (see fp.h for the rules).
 *
 * Both formats have an 8-bit exponent with bias 127 and differ only in the
 * number of fraction bits F (23 or 7), so every operation is written once,
 * for F.  A finite operand is unpacked into sign, significand `sig` (with
 * the hidden bit for normals) and `e`, the exponent of the significand's
 * least significant bit: value = (-1)^sign * sig * 2^e.  The result of
 * every operation goes through round_pack: normalize (find the leading
 * one), clamp the exponent at the subnormal boundary, drop the low bits
 * with a guard bit and a sticky bit, round to nearest even, detect
 * overflow.
 *
 * Sections: unpack; round; operations; conversions.  The text reader and
 * printer are fp_text.c, the test operands fp_rand.c.
 */
#include "core/fp_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- unpack ------------------------------------------------------------ */

/* Bits of a binary format with F fraction bits and an exponent field of
 * E bits (bias 2^(E-1) - 1), unpacked: fp32 and bf16 (E = 8) here, double
 * (F = 52, E = 11) for conversions. */
static fpx unpack_bits(uint64_t bits, int F, int E)
{
    fpx x;
    uint64_t emax = (UINT64_C(1) << E) - 1, bias = emax >> 1;
    uint64_t be = (bits >> F) & emax, f = bits & ((UINT64_C(1) << F) - 1);
    x.sign = (int)((bits >> (F + E)) & 1);
    x.e = 0;
    x.sig = 0;
    if (be == emax) {
        x.cls = f ? CLS_NAN : CLS_INF;
    } else if (be == 0) {
        x.cls = f ? CLS_FINITE : CLS_ZERO;
        x.sig = f;                          /* subnormal: no hidden bit */
        x.e = 1 - (int64_t)bias - F;
    } else {
        x.cls = CLS_FINITE;
        x.sig = f | (UINT64_C(1) << F);
        x.e = (int64_t)be - (int64_t)bias - F;
    }
    return x;
}

fpx sg_fp_unpack(uint32_t bits, int F)
{
    return unpack_bits(bits, F, 8);
}

/* ---- round ------------------------------------------------------------- */

/* The value (-1)^sign * sig * 2^e (sig != 0), rounded to nearest even into
 * the format with F fraction bits.
 *
 *   normalize  top = e + msb(sig) is the exponent of the leading one; the
 *              result's exponent is top, or EMIN for a subnormal result
 *   round      the kept significand's LSB has weight 2^(eu - F); the bits
 *              below it are dropped: guard = the highest dropped bit,
 *              sticky = OR of the others; round up when guard and (sticky
 *              or the kept LSB)
 *   pack       ((eu - EMIN) << F) + q: a rounding carry out of the
 *              significand (or out of the subnormal range) moves into the
 *              exponent field by itself; all ones there is infinity
 */
uint32_t sg_fp_round_pack(int sign, int64_t e, uint64_t sig, int F)
{
    int64_t top = e + msb64(sig);
    int64_t eu = top < FP_EMIN ? FP_EMIN : top;
    if (eu > FP_EMAX)
        return inf_bits(sign, F);
    int64_t shift = (eu - F) - e;           /* bits to drop */
    uint64_t q;
    if (shift <= 0) {
        q = sig << -shift;                  /* exact; leading one at <= F */
    } else if (shift > 64) {
        q = 0;                              /* below half the smallest step */
    } else if (shift == 64) {
        q = sig > (UINT64_C(1) << 63);      /* guard = bit 63, q = 0 is even */
    } else {
        q = sig >> shift;
        int guard = (int)((sig >> (shift - 1)) & 1);
        int sticky = (sig & ((UINT64_C(1) << (shift - 1)) - 1)) != 0;
        if (guard && (sticky || (q & 1)))
            q++;
    }
    uint64_t bits = ((uint64_t)(eu - FP_EMIN) << F) + q;
    if (bits >= (UINT64_C(0xFF) << F))
        return inf_bits(sign, F);
    return (sign ? sign_bit(F) : 0) | (uint32_t)bits;
}

/* ---- operations -------------------------------------------------------- */

static uint32_t fp_add(uint32_t a, uint32_t b, int F)
{
    fpx x = sg_fp_unpack(a, F), y = sg_fp_unpack(b, F);
    if (x.cls == CLS_NAN || y.cls == CLS_NAN)
        return nan_bits(F);
    if (x.cls == CLS_INF || y.cls == CLS_INF) {
        if (x.cls == CLS_INF && y.cls == CLS_INF && x.sign != y.sign)
            return nan_bits(F);             /* inf - inf */
        return x.cls == CLS_INF ? a : b;
    }
    if (x.cls == CLS_ZERO && y.cls == CLS_ZERO)
        return zero_bits(x.sign & y.sign, F);   /* -0 only for -0 + -0 */
    /* 1. order: x is the operand of larger magnitude (the biased exponent
     *    and fraction compare as one unsigned number). */
    uint32_t mag = sign_bit(F) - 1;
    if ((a & mag) < (b & mag)) {
        fpx t = x;
        x = y;
        y = t;
    }
    /* 2. align: the hidden bit goes to bit 61 (bit 62 takes the carry);
     *    y shifts right by the exponent difference, the bits shifted out
     *    OR into bit 0 (sticky), far below the rounding position. */
    const int G = 61 - F;
    uint64_t X = x.sig << G, Y = y.sig << G;
    int64_t d = x.e - y.e;
    if (d >= 63) {
        Y = Y != 0;
    } else if (d > 0) {
        uint64_t sticky = (Y & ((UINT64_C(1) << d) - 1)) != 0;
        Y = (Y >> d) | sticky;
    }
    /* 3. add or subtract magnitudes; X >= Y. */
    uint64_t S = x.sign == y.sign ? X + Y : X - Y;
    if (S == 0)
        return zero_bits(0, F);             /* exact cancellation: +0 */
    /* 4. normalize and round. */
    return sg_fp_round_pack(x.sign, x.e - G, S, F);
}

static uint32_t fp_mul(uint32_t a, uint32_t b, int F)
{
    fpx x = sg_fp_unpack(a, F), y = sg_fp_unpack(b, F);
    int sign = x.sign ^ y.sign;
    if (x.cls == CLS_NAN || y.cls == CLS_NAN)
        return nan_bits(F);
    if (x.cls == CLS_INF || y.cls == CLS_INF) {
        if (x.cls == CLS_ZERO || y.cls == CLS_ZERO)
            return nan_bits(F);             /* inf * 0 */
        return inf_bits(sign, F);
    }
    if (x.cls == CLS_ZERO || y.cls == CLS_ZERO)
        return zero_bits(sign, F);
    /* The full product of the significands (at most 2F+2 bits), then
     * normalize and round. */
    return sg_fp_round_pack(sign, x.e + y.e, x.sig * y.sig, F);
}

/* Shift a finite significand so that its leading one is at bit F. */
static void normalize(fpx *x, int F)
{
    while (!(x->sig >> F)) {
        x->sig <<= 1;
        x->e--;
    }
}

static uint32_t fp_div(uint32_t a, uint32_t b, int F)
{
    fpx x = sg_fp_unpack(a, F), y = sg_fp_unpack(b, F);
    int sign = x.sign ^ y.sign;
    if (x.cls == CLS_NAN || y.cls == CLS_NAN)
        return nan_bits(F);
    if (x.cls == CLS_INF)
        return y.cls == CLS_INF ? nan_bits(F) : inf_bits(sign, F);
    if (y.cls == CLS_INF)
        return zero_bits(sign, F);
    if (y.cls == CLS_ZERO)
        return x.cls == CLS_ZERO ? nan_bits(F) : inf_bits(sign, F);
    if (x.cls == CLS_ZERO)
        return zero_bits(sign, F);
    normalize(&x, F);
    normalize(&y, F);
    /* Restoring division, one quotient bit per step: K + 1 bits of
     * X / Y * 2^K (X / Y is in (1/2, 2), so at least F + 2 significant
     * bits: the kept ones and the guard), the remainder is the sticky. */
    const int K = F + 2;
    uint64_t r = x.sig, q = 0;
    for (int i = 0; i <= K; i++) {
        q <<= 1;
        if (r >= y.sig) {
            r -= y.sig;
            q |= 1;
        }
        r <<= 1;
    }
    q = (q << 1) | (r != 0);
    return sg_fp_round_pack(sign, x.e - y.e - K - 1, q, F);
}

/* The order of IEEE 754-2019 maximum/minimum as an unsigned key:
 * -inf < ... < -0 < +0 < ... < +inf. */
static uint32_t order_key(uint32_t bits, int F)
{
    uint32_t s = sign_bit(F);
    return (bits & s) ? ~bits & (2 * s - 1) : bits | s;
}

static uint32_t fp_maxmin(uint32_t a, uint32_t b, int F, int want_max)
{
    fpx x = sg_fp_unpack(a, F), y = sg_fp_unpack(b, F);
    if (x.cls == CLS_NAN || y.cls == CLS_NAN)
        return nan_bits(F);
    int a_ge = order_key(a, F) >= order_key(b, F);
    return (a_ge == want_max) ? a : b;
}


sg_fp_f32 sg_fp_f32_add(sg_fp_f32 a, sg_fp_f32 b) { return fp_add(a, b, F32); }
sg_fp_f32 sg_fp_f32_sub(sg_fp_f32 a, sg_fp_f32 b) { return fp_add(a, b ^ sign_bit(F32), F32); }
sg_fp_f32 sg_fp_f32_mul(sg_fp_f32 a, sg_fp_f32 b) { return fp_mul(a, b, F32); }
sg_fp_f32 sg_fp_f32_div(sg_fp_f32 a, sg_fp_f32 b) { return fp_div(a, b, F32); }
sg_fp_f32 sg_fp_f32_max(sg_fp_f32 a, sg_fp_f32 b) { return fp_maxmin(a, b, F32, 1); }
sg_fp_f32 sg_fp_f32_min(sg_fp_f32 a, sg_fp_f32 b) { return fp_maxmin(a, b, F32, 0); }

sg_fp_bf16 sg_fp_bf16_add(sg_fp_bf16 a, sg_fp_bf16 b) { return B16_OF(fp_add(a, b, B16)); }
sg_fp_bf16 sg_fp_bf16_sub(sg_fp_bf16 a, sg_fp_bf16 b) { return B16_OF(fp_add(a, b ^ sign_bit(B16), B16)); }
sg_fp_bf16 sg_fp_bf16_mul(sg_fp_bf16 a, sg_fp_bf16 b) { return B16_OF(fp_mul(a, b, B16)); }
sg_fp_bf16 sg_fp_bf16_div(sg_fp_bf16 a, sg_fp_bf16 b) { return B16_OF(fp_div(a, b, B16)); }
sg_fp_bf16 sg_fp_bf16_max(sg_fp_bf16 a, sg_fp_bf16 b) { return B16_OF(fp_maxmin(a, b, B16, 1)); }
sg_fp_bf16 sg_fp_bf16_min(sg_fp_bf16 a, sg_fp_bf16 b) { return B16_OF(fp_maxmin(a, b, B16, 0)); }

uint32_t sg_fp_binop(sg_fp_type t, sg_fp_op op, uint32_t a, uint32_t b)
{
    int F = t == SG_FP_BF16 ? B16 : F32;
    uint32_t mask = t == SG_FP_BF16 ? 0xFFFFu : 0xFFFFFFFFu;
    a &= mask;
    b &= mask;
    switch (op) {
    case SG_FP_ADD: return fp_add(a, b, F);
    case SG_FP_SUB: return fp_add(a, b ^ sign_bit(F), F);
    case SG_FP_MUL: return fp_mul(a, b, F);
    case SG_FP_DIV: return fp_div(a, b, F);
    case SG_FP_MAX: return fp_maxmin(a, b, F, 1);
    case SG_FP_MIN: return fp_maxmin(a, b, F, 0);
    }
    return nan_bits(F);
}

static const char *const type_names[] = {"fp32", "bf16"};
static const char *const op_names[SG_FP_NOPS] = {"add", "sub", "mul", "div",
                                                 "max", "min"};

const char *sg_fp_type_name(sg_fp_type t)
{
    return (unsigned)t < 2 ? type_names[t] : "?";
}

const char *sg_fp_op_name(sg_fp_op op)
{
    return (unsigned)op < SG_FP_NOPS ? op_names[op] : "?";
}

int sg_fp_type_parse(const char *s)
{
    for (int i = 0; i < 2; i++)
        if (strcmp(s, type_names[i]) == 0)
            return i;
    return -1;
}

int sg_fp_op_parse(const char *s)
{
    for (int i = 0; i < SG_FP_NOPS; i++)
        if (strcmp(s, op_names[i]) == 0)
            return i;
    return -1;
}

/* ---- conversions ------------------------------------------------------- */

static uint32_t from_i64(int64_t v, int F)
{
    if (v == 0)
        return 0;
    int sign = v < 0;
    uint64_t mag = sign ? 0 - (uint64_t)v : (uint64_t)v;
    return sg_fp_round_pack(sign, 0, mag, F);
}

sg_fp_f32 sg_fp_f32_from_i64(int64_t v) { return from_i64(v, F32); }
sg_fp_bf16 sg_fp_bf16_from_i64(int64_t v) { return B16_OF(from_i64(v, B16)); }

sg_fp_bf16 sg_fp_f32_to_bf16(sg_fp_f32 a)
{
    fpx x = sg_fp_unpack(a, F32);
    switch (x.cls) {
    case CLS_NAN: return SG_FP_BF16_NAN;
    case CLS_INF: return B16_OF(inf_bits(x.sign, B16));
    case CLS_ZERO: return B16_OF(zero_bits(x.sign, B16));
    default: return B16_OF(sg_fp_round_pack(x.sign, x.e, x.sig, B16));
    }
}

sg_fp_f32 sg_fp_bf16_to_f32(sg_fp_bf16 a)
{
    if (sg_fp_unpack(a, B16).cls == CLS_NAN)
        return SG_FP_F32_NAN;
    return (uint32_t)a << 16;
}

static double bits_to_double(uint64_t u)
{
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

/* Build the double's bits: every fp32 and bf16 value is a normal double. */
double sg_fp_to_double(uint32_t bits, int F)
{
    fpx x = sg_fp_unpack(bits, F);
    uint64_t s = (uint64_t)x.sign << 63;
    switch (x.cls) {
    case CLS_NAN: return bits_to_double(UINT64_C(0x7FF8000000000000));
    case CLS_INF: return bits_to_double(s | UINT64_C(0x7FF0000000000000));
    case CLS_ZERO: return bits_to_double(s);
    default: break;
    }
    int p = msb64(x.sig);
    uint64_t be = (uint64_t)(x.e + p + 1023);
    uint64_t frac = (x.sig << (52 - p)) & ((UINT64_C(1) << 52) - 1);
    return bits_to_double(s | (be << 52) | frac);
}

double sg_fp_f32_to_double(sg_fp_f32 a) { return sg_fp_to_double(a, F32); }
double sg_fp_bf16_to_double(sg_fp_bf16 a) { return sg_fp_to_double(a, B16); }

/* Unpack a double's bits (52 fraction bits, bias 1023). */
fpx sg_fp_unpack_double(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    return unpack_bits(u, 52, 11);
}

uint32_t sg_fp_from_fpx(fpx x, int F)
{
    switch (x.cls) {
    case CLS_NAN: return nan_bits(F);
    case CLS_INF: return inf_bits(x.sign, F);
    case CLS_ZERO: return zero_bits(x.sign, F);
    default: return sg_fp_round_pack(x.sign, x.e, x.sig, F);
    }
}

sg_fp_f32 sg_fp_f32_from_double(double d) { return sg_fp_from_fpx(sg_fp_unpack_double(d), F32); }
sg_fp_bf16 sg_fp_bf16_from_double(double d) { return B16_OF(sg_fp_from_fpx(sg_fp_unpack_double(d), B16)); }
