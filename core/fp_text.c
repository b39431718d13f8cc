/*
 * fp_text.c - fp32 and bf16 values as text: the exact reader (decimal and
 * hex-float) and the shortest printer that reads back to the same bits.
 */
#include "core/fp_int.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    *out = sg_fp_round_pack(sign, e - 1, sig, F);
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
    fpx dx = sg_fp_unpack_double(d);
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
    *out = sg_fp_from_fpx(dx, F);
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
    fpx x = sg_fp_unpack(bits, F);
    if (x.cls == CLS_NAN)
        return snprintf(buf, SG_FP_TEXT_MAX, "nan");
    if (x.cls == CLS_INF)
        return snprintf(buf, SG_FP_TEXT_MAX, x.sign ? "-inf" : "inf");
    double d = sg_fp_to_double(bits, F);
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
