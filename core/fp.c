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
 * Sections: unpack and pack; round; operations; conversions; text; test
 * operands.
 */
#include "core/fp.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- unpack and pack --------------------------------------------------- */

#define FP_BIAS 127
#define FP_EMIN (-126)      /* unbiased exponent of the smallest normal */
#define FP_EMAX 127         /* unbiased exponent of the largest finite */

enum { CLS_ZERO, CLS_FINITE, CLS_INF, CLS_NAN };

typedef struct fpx {
    int cls;                /* CLS_* */
    int sign;
    int64_t e;              /* exponent of sig's least significant bit */
    uint64_t sig;           /* significand, hidden bit included; 0 for zero */
} fpx;

static uint32_t sign_bit(int F) { return UINT32_C(1) << (F + 8); }
static uint32_t nan_bits(int F) { return (UINT32_C(0xFF) << F) | (UINT32_C(1) << (F - 1)); }
static uint32_t inf_bits(int sign, int F)
{
    return (sign ? sign_bit(F) : 0) | (UINT32_C(0xFF) << F);
}
static uint32_t zero_bits(int sign, int F) { return sign ? sign_bit(F) : 0; }

static fpx unpack(uint32_t bits, int F)
{
    fpx x;
    uint32_t fmask = (UINT32_C(1) << F) - 1;
    uint32_t be = (bits >> F) & 0xFF, f = bits & fmask;
    x.sign = (int)((bits >> (F + 8)) & 1);
    x.e = 0;
    x.sig = 0;
    if (be == 0xFF) {
        x.cls = f ? CLS_NAN : CLS_INF;
    } else if (be == 0) {
        x.cls = f ? CLS_FINITE : CLS_ZERO;
        x.sig = f;                          /* subnormal: no hidden bit */
        x.e = FP_EMIN - F;
    } else {
        x.cls = CLS_FINITE;
        x.sig = f | (UINT64_C(1) << F);
        x.e = (int64_t)be - FP_BIAS - F;
    }
    return x;
}

/* Position of the leading one (v != 0): a leading-zero counter. */
static int msb64(uint64_t v)
{
#if defined(__GNUC__)
    return 63 - __builtin_clzll(v);
#else
    int p = 0;
    for (int s = 32; s > 0; s >>= 1)
        if (v >> s) {
            v >>= s;
            p += s;
        }
    return p;
#endif
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
static uint32_t round_pack(int sign, int64_t e, uint64_t sig, int F)
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
    fpx x = unpack(a, F), y = unpack(b, F);
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
    return round_pack(x.sign, x.e - G, S, F);
}

static uint32_t fp_mul(uint32_t a, uint32_t b, int F)
{
    fpx x = unpack(a, F), y = unpack(b, F);
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
    return round_pack(sign, x.e + y.e, x.sig * y.sig, F);
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
    fpx x = unpack(a, F), y = unpack(b, F);
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
    return round_pack(sign, x.e - y.e - K - 1, q, F);
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
    fpx x = unpack(a, F), y = unpack(b, F);
    if (x.cls == CLS_NAN || y.cls == CLS_NAN)
        return nan_bits(F);
    int a_ge = order_key(a, F) >= order_key(b, F);
    return (a_ge == want_max) ? a : b;
}

#define F32 23
#define B16 7
#define B16_OF(x) ((sg_fp_bf16)(x))

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
    return round_pack(sign, 0, mag, F);
}

sg_fp_f32 sg_fp_f32_from_i64(int64_t v) { return from_i64(v, F32); }
sg_fp_bf16 sg_fp_bf16_from_i64(int64_t v) { return B16_OF(from_i64(v, B16)); }

sg_fp_bf16 sg_fp_f32_to_bf16(sg_fp_f32 a)
{
    fpx x = unpack(a, F32);
    switch (x.cls) {
    case CLS_NAN: return SG_FP_BF16_NAN;
    case CLS_INF: return B16_OF(inf_bits(x.sign, B16));
    case CLS_ZERO: return B16_OF(zero_bits(x.sign, B16));
    default: return B16_OF(round_pack(x.sign, x.e, x.sig, B16));
    }
}

sg_fp_f32 sg_fp_bf16_to_f32(sg_fp_bf16 a)
{
    if (unpack(a, B16).cls == CLS_NAN)
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
static double to_double(uint32_t bits, int F)
{
    fpx x = unpack(bits, F);
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

double sg_fp_f32_to_double(sg_fp_f32 a) { return to_double(a, F32); }
double sg_fp_bf16_to_double(sg_fp_bf16 a) { return to_double(a, B16); }

/* Unpack a double's bits (52 fraction bits, bias 1023). */
static fpx unpack_double(double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    fpx x;
    uint64_t be = (u >> 52) & 0x7FF, f = u & ((UINT64_C(1) << 52) - 1);
    x.sign = (int)(u >> 63);
    x.e = 0;
    x.sig = 0;
    if (be == 0x7FF) {
        x.cls = f ? CLS_NAN : CLS_INF;
    } else if (be == 0) {
        x.cls = f ? CLS_FINITE : CLS_ZERO;
        x.sig = f;
        x.e = -1022 - 52;
    } else {
        x.cls = CLS_FINITE;
        x.sig = f | (UINT64_C(1) << 52);
        x.e = (int64_t)be - 1023 - 52;
    }
    return x;
}

static uint32_t from_fpx(fpx x, int F)
{
    switch (x.cls) {
    case CLS_NAN: return nan_bits(F);
    case CLS_INF: return inf_bits(x.sign, F);
    case CLS_ZERO: return zero_bits(x.sign, F);
    default: return round_pack(x.sign, x.e, x.sig, F);
    }
}

sg_fp_f32 sg_fp_f32_from_double(double d) { return from_fpx(unpack_double(d), F32); }
sg_fp_bf16 sg_fp_bf16_from_double(double d) { return B16_OF(from_fpx(unpack_double(d), B16)); }

/* ---- text: reading ----------------------------------------------------- */

/*
 * Decimal text goes through strtod, which glibc rounds correctly to the
 * nearest double d.  Rounding d again to fp32 or bf16 gives the correctly
 * rounded value of the text x except in one case: every midpoint m between
 * two neighbouring fp32 (or bf16) values is a double, so x and d lie on
 * the same side of each midpoint, unless d == m, where x may be exactly m
 * (a tie: to even), above it or below it (strtod already rounded the
 * difference away; "1.00000005960464477550" is 1 + 2^-24 + 2e-20, whose
 * nearest double is the tie 1 + 2^-24).  When d is a midpoint the text
 * is compared with m exactly, in big integers, and the tie broken from
 * that.  Hex floats are read exactly without strtod.
 */

#define BIG_N 128            /* 32-bit limbs: 4096 bits */
#define DEC_MAX_DIGITS 400   /* digits compared exactly; the rest -> sticky */

typedef struct big {
    uint32_t w[BIG_N];
    int n;                   /* limbs in use */
    int overflow;
} big;

static void big_set(big *b, uint32_t v)
{
    b->w[0] = v;
    b->n = v != 0;
    b->overflow = 0;
}

static void big_set64(big *b, uint64_t v)
{
    b->w[0] = (uint32_t)v;
    b->w[1] = (uint32_t)(v >> 32);
    b->n = (v >> 32) ? 2 : v != 0;
    b->overflow = 0;
}

static void big_mul_add(big *b, uint32_t m, uint32_t add)
{
    uint64_t carry = add;
    for (int i = 0; i < b->n; i++) {
        uint64_t t = (uint64_t)b->w[i] * m + carry;
        b->w[i] = (uint32_t)t;
        carry = t >> 32;
    }
    if (carry) {
        if (b->n == BIG_N)
            b->overflow = 1;
        else
            b->w[b->n++] = (uint32_t)carry;
    }
}

static void big_mul_pow10(big *b, int64_t k)
{
    for (; k >= 9; k -= 9)
        big_mul_add(b, 1000000000u, 0);
    uint32_t p = 1;
    for (; k > 0; k--)
        p *= 10;
    big_mul_add(b, p, 0);
}

static void big_shl(big *b, int64_t s)
{
    if (b->n == 0 || s <= 0)
        return;
    int64_t limbs = s / 32, bits = s % 32;
    if (b->n + limbs + 1 > BIG_N) {
        b->overflow = 1;
        return;
    }
    int n = b->n + (int)limbs + 1;
    for (int i = n - 1; i >= 0; i--) {
        int64_t src = i - limbs;
        uint64_t hi = src >= 0 && src < b->n ? b->w[src] : 0;
        uint64_t lo = src - 1 >= 0 && src - 1 < b->n ? b->w[src - 1] : 0;
        b->w[i] = (uint32_t)(((hi << 32 | lo) << bits) >> 32);
    }
    b->n = n;
    while (b->n > 0 && b->w[b->n - 1] == 0)
        b->n--;
}

static int big_cmp(const big *a, const big *b)
{
    if (a->n != b->n)
        return a->n < b->n ? -1 : 1;
    for (int i = a->n - 1; i >= 0; i--)
        if (a->w[i] != b->w[i])
            return a->w[i] < b->w[i] ? -1 : 1;
    return 0;
}

/* A decimal number as its significant digits and a power of ten:
 * digits[0..nd-1] * 10^k, plus sticky when digits beyond DEC_MAX_DIGITS
 * were dropped (all non-zero digits kept otherwise). */
typedef struct dec {
    char digits[DEC_MAX_DIGITS];
    int nd;
    int64_t k;
    int sticky;
} dec;

/* Compare the decimal with sig * 2^e (both positive): -1, 0, 1.  Returns
 * 0 as well when the numbers are too large to compare (never for a
 * midpoint of fp32 or bf16). */
static int dec_cmp(const dec *x, uint64_t sig, int64_t e)
{
    big l, r;
    big_set(&l, 0);
    for (int i = 0; i < x->nd; i++)
        big_mul_add(&l, 10, (uint32_t)(x->digits[i] - '0'));
    big_set64(&r, sig);
    if (x->k >= 0)
        big_mul_pow10(&l, x->k);
    else
        big_mul_pow10(&r, -x->k);
    if (e >= 0)
        big_shl(&r, e);
    else
        big_shl(&l, -e);
    if (l.overflow || r.overflow)
        return 0;
    int c = big_cmp(&l, &r);
    if (c == 0 && x->sticky)
        c = 1;
    return c;
}

static int lower(int c) { return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c; }

static int word_eq(const char *s, size_t n, const char *w)
{
    if (strlen(w) != n)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (lower((unsigned char)s[i]) != w[i])
            return 0;
    return 1;
}

static int is_digit(int c) { return c >= '0' && c <= '9'; }

static int hex_val(int c)
{
    if (is_digit(c))
        return c - '0';
    c = lower(c);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

/* An exponent "[+-]digits" at s[*i..n-1]; clamped at +-10^9.  0 or -1. */
static int read_exp(const char *s, size_t n, size_t *i, int64_t *out)
{
    int neg = 0;
    if (*i < n && (s[*i] == '+' || s[*i] == '-'))
        neg = s[(*i)++] == '-';
    if (*i >= n || !is_digit((unsigned char)s[*i]))
        return -1;
    int64_t v = 0;
    for (; *i < n && is_digit((unsigned char)s[*i]); (*i)++)
        if (v < 1000000000)
            v = v * 10 + (s[*i] - '0');
    *out = neg ? -v : v;
    return 0;
}

/* Hex float "hhh.hhh[p[+-]ddd]" after "0x": exact. */
static int parse_hex(const char *s, size_t n, int sign, int F, uint32_t *out)
{
    size_t i = 0;
    uint64_t sig = 0;
    int64_t e = 0;
    int any = 0, sticky = 0, dot = 0;
    for (; i < n; i++) {
        if (s[i] == '.' && !dot) {
            dot = 1;
            continue;
        }
        int v = hex_val((unsigned char)s[i]);
        if (v < 0)
            break;
        any = 1;
        if (sig >> 56) {                    /* keep 60 bits, then sticky */
            sticky |= v != 0;
            if (!dot)
                e += 4;
        } else {
            sig = sig << 4 | (uint64_t)v;
            if (dot)
                e -= 4;
        }
    }
    if (!any)
        return -1;
    if (i < n && (s[i] == 'p' || s[i] == 'P')) {
        i++;
        int64_t pe;
        if (read_exp(s, n, &i, &pe) < 0)
            return -1;
        e += pe;
    }
    if (i != n)
        return -1;
    if (sig == 0) {
        *out = zero_bits(sign, F);
        return 0;
    }
    sig = sig << 1 | (uint64_t)sticky;      /* sticky below the last digit */
    *out = round_pack(sign, e - 1, sig, F);
    return 0;
}

/* Decimal "ddd.ddd[e[+-]ddd]" (sign already taken): syntax into x. */
static int scan_dec(const char *s, size_t n, dec *x)
{
    size_t i = 0;
    int any = 0, dot = 0;
    int64_t dot_shift = 0;
    x->nd = 0;
    x->k = 0;
    x->sticky = 0;
    for (; i < n; i++) {
        if (s[i] == '.' && !dot) {
            dot = 1;
            continue;
        }
        if (!is_digit((unsigned char)s[i]))
            break;
        any = 1;
        if (dot)
            dot_shift--;
        if (x->nd == 0 && s[i] == '0')
            continue;                       /* leading zero */
        if (x->nd < DEC_MAX_DIGITS) {
            x->digits[x->nd++] = s[i];
        } else {
            x->sticky |= s[i] != '0';
            dot_shift++;                    /* dropped digit */
        }
    }
    if (!any)
        return -1;
    int64_t ex = 0;
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (read_exp(s, n, &i, &ex) < 0)
            return -1;
    }
    if (i != n)
        return -1;
    x->k = ex + dot_shift;
    return 0;
}

/* Is the double a midpoint between two neighbours of the format? */
static int is_midpoint(fpx x, int F)
{
    if (x.cls != CLS_FINITE)
        return 0;
    int64_t top = x.e + msb64(x.sig);
    int64_t eu = top < FP_EMIN ? FP_EMIN : top;
    int64_t shift = (eu - F) - x.e;
    if (shift < 1 || shift > 63)
        return 0;
    return (x.sig & ((UINT64_C(1) << shift) - 1)) == UINT64_C(1) << (shift - 1);
}

static int parse_real(const char *s, size_t n, int F, uint32_t *out, sg_err *e)
{
    size_t i = 0;
    int sign = 0;
    if (i < n && (s[i] == '+' || s[i] == '-'))
        sign = s[i++] == '-';
    const char *t = s + i;
    size_t m = n - i;
    if (word_eq(t, m, "inf") || word_eq(t, m, "infinity")) {
        *out = inf_bits(sign, F);
        return 0;
    }
    if (word_eq(t, m, "nan")) {
        *out = nan_bits(F);
        return 0;
    }
    if (m > 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X')) {
        if (parse_hex(t + 2, m - 2, sign, F, out) == 0)
            return 0;
        goto bad;
    }
    dec x;
    if (scan_dec(t, m, &x) < 0)
        goto bad;
    char stackbuf[128];
    char *buf = m < sizeof stackbuf ? stackbuf : sg_malloc(m + 1);
    memcpy(buf, t, m);
    buf[m] = '\0';
    errno = 0;
    double d = strtod(buf, NULL);           /* ERANGE: 0 or inf, as wanted */
    if (buf != stackbuf)
        free(buf);
    fpx dx = unpack_double(d);
    if (is_midpoint(dx, F) && x.nd > 0) {
        int c = dec_cmp(&x, dx.sig, dx.e);
        /* Off the midpoint: one more bit below it, set or borrowed, makes
         * round_pack round the way the exact text lies. */
        if (c > 0)
            dx.sig = dx.sig << 1 | 1, dx.e--;
        else if (c < 0)
            dx.sig = (dx.sig << 1) - 1, dx.e--;
    }
    dx.sign = sign;
    *out = from_fpx(dx, F);
    return 0;
bad:
    return sg_errf(e, NULL, 0, "bad real value '%.*s'",
                   (int)(n > 64 ? 64 : n), s);
}

int sg_fp_f32_parse(const char *s, size_t n, sg_fp_f32 *out, sg_err *e)
{
    uint32_t v;
    if (parse_real(s, n, F32, &v, e) < 0)
        return -1;
    *out = v;
    return 0;
}

int sg_fp_bf16_parse(const char *s, size_t n, sg_fp_bf16 *out, sg_err *e)
{
    uint32_t v;
    if (parse_real(s, n, B16, &v, e) < 0)
        return -1;
    *out = B16_OF(v);
    return 0;
}

/* ---- text: printing ---------------------------------------------------- */

/* Render "d.ddde+XX" (snprintf %e output) as plain notation for decimal
 * exponents -7..20, as it is otherwise. */
static int render(const char *e_form, char *buf)
{
    const char *p = e_form;
    int neg = *p == '-';
    if (neg)
        p++;
    char digits[24];
    int nd = 0;
    for (; *p && *p != 'e'; p++)
        if (is_digit((unsigned char)*p) && nd < 20)
            digits[nd++] = *p;
    int x = *p == 'e' ? atoi(p + 1) : 0;
    while (nd > 1 && digits[nd - 1] == '0')
        nd--;
    int o = 0;
    if (neg)
        buf[o++] = '-';
    if (x >= 0 && x <= 20) {
        for (int i = 0; i <= x || i < nd; i++) {
            if (i == x + 1)
                buf[o++] = '.';
            buf[o++] = i < nd ? digits[i] : '0';
        }
    } else if (x < 0 && x >= -7) {
        buf[o++] = '0';
        buf[o++] = '.';
        for (int i = 0; i < -x - 1; i++)
            buf[o++] = '0';
        for (int i = 0; i < nd; i++)
            buf[o++] = digits[i];
    } else {
        buf[o++] = digits[0];
        if (nd > 1) {
            buf[o++] = '.';
            for (int i = 1; i < nd; i++)
                buf[o++] = digits[i];
        }
        o += snprintf(buf + o, (size_t)(SG_FP_TEXT_MAX - o), "e%c%02d",
                      x < 0 ? '-' : '+', x < 0 ? -x : x);
    }
    buf[o] = '\0';
    return o;
}

static int format_real(uint32_t bits, int F, char *buf)
{
    fpx x = unpack(bits, F);
    if (x.cls == CLS_NAN)
        return snprintf(buf, SG_FP_TEXT_MAX, "nan");
    if (x.cls == CLS_INF)
        return snprintf(buf, SG_FP_TEXT_MAX, x.sign ? "-inf" : "inf");
    double d = to_double(bits, F);
    char tmp[48];
    /* Shortest first: 9 digits always read back for fp32, 4 for bf16, and
     * 17 for any double (the loop's bound). */
    for (int p = 1; p <= 17; p++) {
        snprintf(tmp, sizeof tmp, "%.*e", p - 1, d);
        uint32_t back;
        if (parse_real(tmp, strlen(tmp), F, &back, NULL) == 0 && back == bits)
            break;
    }
    return render(tmp, buf);
}

int sg_fp_f32_format(sg_fp_f32 a, char buf[SG_FP_TEXT_MAX])
{
    return format_real(a, F32, buf);
}

int sg_fp_bf16_format(sg_fp_bf16 a, char buf[SG_FP_TEXT_MAX])
{
    return format_real(a, B16, buf);
}

/* ---- test operands ----------------------------------------------------- */

static uint64_t xorshift(uint64_t *s)
{
    uint64_t x = *s ? *s : UINT64_C(0x9E3779B97F4A7C15);
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *s = x;
    return x;
}

/* A significand pattern of F bits. */
static uint32_t rand_fraction(int F, uint64_t *s)
{
    uint64_t r = xorshift(s);
    uint32_t all = (UINT32_C(1) << F) - 1;
    uint32_t k = (uint32_t)(r >> 8) % (uint32_t)(F + 1);
    uint32_t rnd = (uint32_t)(r >> 32) & all;
    switch (r & 15) {
    case 0: return 0;
    case 1: return all;
    case 2: return all & ~((UINT32_C(1) << k) - 1);      /* ones, then zeros */
    case 3: return (UINT32_C(1) << k) - 1;                /* zeros, then ones */
    case 4: return (UINT32_C(1) << k) & all;              /* one bit */
    case 5: return all & ~(UINT32_C(1) << k);             /* one zero */
    case 6: return ((UINT32_C(1) << k) - 1) ^ rnd;        /* random with a run */
    case 7: return (all & ~((UINT32_C(1) << k) - 1)) | (rnd & 3); /* near a tie */
    default: return rnd;
    }
}

static uint32_t rand_exponent(uint64_t *s)
{
    uint64_t r = xorshift(s);
    uint32_t small = (uint32_t)(r >> 8) & 3;
    switch (r & 15) {
    case 0: return 0;                     /* zero and subnormals */
    case 1: return 0xFF;                  /* inf and NaN */
    case 2: return 1 + small;             /* smallest normals */
    case 3: return 0xFE - small;          /* largest finite */
    case 4: return 127 - 2 + small;       /* around 1 */
    case 5: return 24 + small;            /* products near underflow */
    case 6: return 230 - small;           /* products near overflow */
    default: return (uint32_t)(r >> 16) % 0xFF; /* any finite */
    }
}

uint32_t sg_fp_rand_operand(sg_fp_type t, uint64_t *state)
{
    int F = t == SG_FP_BF16 ? B16 : F32;
    uint32_t sign = (uint32_t)(xorshift(state) >> 40) & 1;
    uint32_t be = rand_exponent(state);
    return (sign << (F + 8)) | (be << F) | rand_fraction(F, state);
}

void sg_fp_rand_pair(sg_fp_type t, uint64_t *state, uint32_t *a, uint32_t *b)
{
    int F = t == SG_FP_BF16 ? B16 : F32;
    *a = sg_fp_rand_operand(t, state);
    *b = sg_fp_rand_operand(t, state);
    uint64_t r = xorshift(state);
    if ((r & 3) == 0) {
        int64_t be = (int64_t)((*a >> F) & 0xFF) + (int64_t)((r >> 8) % 5) - 2;
        if (be < 0)
            be = 0;
        if (be > 0xFE)
            be = 0xFE;
        uint32_t keep = (UINT32_C(1) << F) - 1;
        if ((r >> 16) & 1)                  /* the same significand, too */
            keep &= *a;
        else
            keep &= *b;
        *b = (*b & sign_bit(F)) | ((uint32_t)be << F) | keep;
    }
}
