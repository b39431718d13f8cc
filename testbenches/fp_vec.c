/*
 * fp_vec.c - test vectors for floating-point RTL units, TestFloat style.
 *
 * usage: fp_vec OP TYPE N SEED      print N lines "a b expected" in hex
 *        fp_vec corners OP TYPE     the same for every pair of directed
 *                                   operands: signed zeros, subnormals,
 *                                   the smallest normals, values around 1
 *                                   and 2, the largest finite, infinities,
 *                                   NaNs (quiet, signalling, negative);
 *                                   for div also the pairs of div_corners
 *        fp_vec check OP TYPE       read such lines on stdin and check every
 *                                   expected value against the host
 *
 * OP is add, sub, mul, div, max or min; TYPE is fp32 (8 hex digits) or
 * bf16 (4 hex digits).  OP exp has one operand: its lines are "a
 * expected"; its random operands are half TestFloat-style, half with an
 * exponent where exp is neither 1, infinite nor zero; its corners are
 * directed (zeros, subnormals, the values where exp stops rounding to 1,
 * table boundaries, the overflow and underflow thresholds, NaNs,
 * infinities); `check exp` recomputes each line with the C model and
 * checks it against the host's exp in double: bf16 correctly rounded,
 * fp32 within 0.52 ulp (docs/values.md, "exp").  `fp_vec all exp bf16`
 * writes the line of every bf16 input.  Operands come from sg_fp_rand_pair (random signs,
 * exponents biased toward the edges, significands with long runs of zeros
 * and ones) seeded with SEED; the expected value is the C model's
 * (core/fp.h), so an RTL unit that matches these vectors matches the
 * golden model bit for bit.
 *
 * `check` recomputes each result independently of the C model: fp32 with
 * the host's float arithmetic (IEEE, nearest even, subnormals kept; built
 * without fused multiply-add), bf16 in double rounded to 8 bits with
 * nearbyint.  A NaN must be the canonical NaN.  It prints "fp_vec: N OP
 * TYPE vectors agree with the host" or the first line that does not, and
 * exits 1 then.  Exit 2 on bad usage or a malformed line.
 */
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fp.h"
#include "core/test_fp_host.h"


static int usage(void)
{
    fprintf(stderr, "usage: fp_vec add|sub|mul|div|max|min|exp fp32|bf16 N SEED\n"
                    "       fp_vec corners OP TYPE\n"
                    "       fp_vec all exp bf16\n"
                    "       fp_vec check OP TYPE < VECTORS\n");
    return 2;
}

/* The host reference is core/test_fp_host.h (host_fp). */

static int is_nan(sg_fp_type t, uint32_t u)
{
    return t == SG_FP_F32 ? (u & 0x7FFFFFFFu) > 0x7F800000u
                          : (u & 0x7FFFu) > 0x7F80u;
}

/* ---- commands ------------------------------------------------------------- */

static void put_vec(int w, uint32_t a, uint32_t b, uint32_t r)
{
    printf("%0*" PRIx32 " %0*" PRIx32 " %0*" PRIx32 "\n", w, a, w, b, w, r);
}

/* Directed operands of a divider, after the common pairs (1,066
 * lines): i / j and (i * j) / j for integers 1..15 (exact quotients, and
 * repeating fractions such as 1/3 that round), then every sign of a / b for
 * dividends and divisors at the edges: quotients that overflow to
 * infinity, land exactly on the largest finite or the smallest normal,
 * underflow to a subnormal or to zero, and halfway cases in the subnormal
 * range (3 * 2^-149 / 2 rounds to even, 2^-149 / 2 to zero). */
static void div_corners(sg_fp_type t, int w)
{
    int F = t == SG_FP_F32 ? 23 : 7;
    uint32_t all = (UINT32_C(1) << F) - 1, half = UINT32_C(1) << (F - 1);
    uint32_t one = UINT32_C(127) << F, sign = UINT32_C(1) << (F + 8);
    uint32_t big = (UINT32_C(0xFE) << F) | all;
    for (int j = 1; j <= 15; j++)
        for (int i = 1; i <= 15; i++) {
            uint32_t a = t == SG_FP_F32 ? sg_fp_f32_from_i64(i) : sg_fp_bf16_from_i64(i);
            uint32_t p = t == SG_FP_F32 ? sg_fp_f32_from_i64(i * j) : sg_fp_bf16_from_i64(i * j);
            uint32_t b = t == SG_FP_F32 ? sg_fp_f32_from_i64(j) : sg_fp_bf16_from_i64(j);
            put_vec(w, a, b, sg_fp_binop(t, SG_FP_DIV, a, b));
            put_vec(w, p, b, sg_fp_binop(t, SG_FP_DIV, p, b));
        }
    const uint32_t num[11] = {
        1, 3, all, all + 1, (UINT32_C(1) << F) | half, one, one - 1, one + 1,
        big, big - 1, UINT32_C(0xFE) << F,
    };
    const uint32_t den[14] = {
        UINT32_C(128) << F, (UINT32_C(128) << F) | half, UINT32_C(129) << F,
        UINT32_C(126) << F, UINT32_C(125) << F, one - 1, one + 1, one | half,
        all + 1, 1, all, UINT32_C(253) << F, UINT32_C(0xFE) << F, big,
    };
    for (int i = 0; i < 11; i++)
        for (int j = 0; j < 14; j++)
            for (int s = 0; s < 4; s++) {
                uint32_t a = num[i] | ((s & 1) ? sign : 0);
                uint32_t b = den[j] | ((s & 2) ? sign : 0);
                put_vec(w, a, b, sg_fp_binop(t, SG_FP_DIV, a, b));
            }
}

/* Every pair of directed operands (both signs of each magnitude, and the
 * NaNs), with the C model's result. */
static int corners(sg_fp_op op, sg_fp_type t)
{
    int F = t == SG_FP_F32 ? 23 : 7, w = t == SG_FP_F32 ? 8 : 4;
    uint32_t all = (UINT32_C(1) << F) - 1, half = UINT32_C(1) << (F - 1);
    uint32_t one = UINT32_C(127) << F, sign = UINT32_C(1) << (F + 8);
    uint32_t mag[] = {
        0, 1, 2, half, all - 1, all,                    /* zero, subnormals */
        all + 1, all + 2, (UINT32_C(2) << F) | 1,       /* smallest normals */
        one, one + 1, one - 1, one | half, one | all,   /* around 1 and 2 */
        (UINT32_C(128) << F) | half,                    /* 3 */
        (UINT32_C(0xFE) << F) | all,                    /* largest finite */
        ((UINT32_C(0xFE) << F) | all) - 1,
        UINT32_C(0xFE) << F,
        UINT32_C(0xFF) << F,                            /* infinity */
    };
    uint32_t v[2 * sizeof mag / sizeof mag[0] + 3];
    size_t n = 0;
    for (size_t i = 0; i < sizeof mag / sizeof mag[0]; i++) {
        v[n++] = mag[i];
        v[n++] = mag[i] | sign;
    }
    v[n++] = (UINT32_C(0xFF) << F) | half;              /* quiet NaN */
    v[n++] = (UINT32_C(0xFF) << F) | 1;                 /* signalling NaN */
    v[n++] = sign | (UINT32_C(0xFF) << F) | all;        /* negative NaN */
    for (size_t i = 0; i < n; i++)
        for (size_t j = 0; j < n; j++)
            printf("%0*" PRIx32 " %0*" PRIx32 " %0*" PRIx32 "\n", w, v[i], w,
                   v[j], w, sg_fp_binop(t, op, v[i], v[j]));
    if (op == SG_FP_DIV)
        div_corners(t, w);
    return ferror(stdout) ? 1 : 0;
}

static int check(sg_fp_op op, sg_fp_type t)
{
    char line[256];
    long n = 0, lineno = 0;
    uint32_t nan = t == SG_FP_F32 ? SG_FP_F32_NAN : SG_FP_BF16_NAN;
    uint32_t mask = t == SG_FP_F32 ? 0xFFFFFFFFu : 0xFFFFu;
    while (fgets(line, sizeof line, stdin)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        unsigned long a, b, want;
        char extra;
        if (sscanf(line, "%lx %lx %lx %c", &a, &b, &want, &extra) != 3 ||
            a > mask || b > mask || want > mask) {
            fprintf(stderr, "<stdin>:%ld: expected 'a b expected' in hex\n",
                    lineno);
            return 2;
        }
        uint32_t ref = host_fp(op, t, (uint32_t)a, (uint32_t)b);
        int ok = is_nan(t, ref) ? want == nan : want == ref;
        if (!ok) {
            fprintf(stderr, "<stdin>:%ld: %s %s %lx %lx: vector says %lx, "
                    "host %" PRIx32 "\n", lineno, sg_fp_op_name(op),
                    sg_fp_type_name(t), a, b, want, ref);
            return 1;
        }
        n++;
    }
    printf("fp_vec: %ld %s %s vectors agree with the host\n", n,
           sg_fp_op_name(op), sg_fp_type_name(t));
    return 0;
}

/* ---- exp: one operand ------------------------------------------------------ */

static void put_exp(sg_fp_type t, uint32_t a)
{
    int w = t == SG_FP_F32 ? 8 : 4;
    printf("%0*" PRIx32 " %0*" PRIx32 "\n", w, a, w, sg_fp_unop(t, SG_FP_EXP, a));
}

/* a and its neighbours within d steps (of the bits, so across exponent
 * boundaries too), both signs. */
static void put_exp_around(sg_fp_type t, uint32_t a, int d)
{
    uint32_t sign = t == SG_FP_F32 ? UINT32_C(0x80000000) : UINT32_C(0x8000);
    a &= sign - 1;
    for (int i = -d; i <= d; i++) {
        if ((i < 0 && a < (uint32_t)-i) || a + (uint32_t)(i > 0 ? i : 0) >= sign)
            continue;
        uint32_t v = a + (uint32_t)i;
        put_exp(t, v);
        put_exp(t, v | sign);
    }
}

static uint32_t exp_bits(sg_fp_type t, double d)
{
    return t == SG_FP_F32 ? sg_fp_f32_from_double(d) : sg_fp_bf16_from_double(d);
}

static int exp_corners(sg_fp_type t)
{
    int F = t == SG_FP_F32 ? 23 : 7;
    uint32_t all = (UINT32_C(1) << F) - 1, one = UINT32_C(127) << F;
    uint32_t fixed[] = {
        0, 1, 2, all, all + 1, all + 2,                 /* zeros, subnormals */
        one, one + 1, one - 1, one | all,               /* around 1 and 2 */
        (UINT32_C(133) << F) | all,                     /* below 128 */
        UINT32_C(134) << F, (UINT32_C(0xFE) << F) | all,/* 128, largest */
    };
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        put_exp_around(t, fixed[i], 0);
    /* where exp stops being 1: 2^-(F+3), 2^-(F+2), 2^-(F+1), 2^-F */
    for (int e = F + 3; e >= F; e--)
        put_exp_around(t, (uint32_t)(127 - e) << F, 2);
    /* table boundaries: x = (j/64) ln 2 for j = 1..64 */
    for (int j = 1; j <= 64; j++)
        put_exp_around(t, exp_bits(t, j / 64.0 * 0.69314718055994531), 1);
    /* k boundaries: n ln 2 */
    for (int n = 2; n <= 150; n += n < 16 ? 1 : 13)
        put_exp_around(t, exp_bits(t, n * 0.69314718055994531), 1);
    /* overflow, the smallest normal, the smallest subnormal, half of it */
    double lmax = log(t == SG_FP_F32 ? 0x1.fffffep127 : 0x1.fep127);
    double lsub = log(t == SG_FP_F32 ? 0x1p-149 : 0x1p-133);
    put_exp_around(t, exp_bits(t, lmax), 3);
    put_exp_around(t, exp_bits(t, log(0x1p-126)), 3);
    put_exp_around(t, exp_bits(t, lsub), 3);
    put_exp_around(t, exp_bits(t, lsub - 0.69314718055994531), 3);
    /* infinities and NaNs */
    put_exp_around(t, UINT32_C(0xFF) << F, 0);
    put_exp(t, (UINT32_C(0xFF) << F) | (UINT32_C(1) << (F - 1)));    /* quiet */
    put_exp(t, (UINT32_C(0xFF) << F) | 1);                          /* signalling */
    put_exp(t, (UINT32_C(0x1FF) << F) | all);                       /* negative */
    return ferror(stdout) ? 1 : 0;
}

static int exp_random(sg_fp_type t, unsigned long long n, uint64_t *s)
{
    int F = t == SG_FP_F32 ? 23 : 7;
    for (unsigned long long i = 0; i < n; i++) {
        uint32_t a = sg_fp_rand_operand(t, s);
        if (i % 2) {                /* exponent 124-F-1 .. 134, random rest */
            uint32_t be = (uint32_t)(124 - F - 1) + (uint32_t)((a >> 3) % (uint32_t)(F + 13));
            a = (a & ((UINT32_C(1) << F) - 1)) | (be << F) | ((a & 1) << (F + 8));
        }
        put_exp(t, a);
    }
    return ferror(stdout) ? 1 : 0;
}

static int exp_check(sg_fp_type t)
{
    char line[256];
    long n = 0, lineno = 0;
    uint32_t mask = t == SG_FP_F32 ? 0xFFFFFFFFu : 0xFFFFu;
    while (fgets(line, sizeof line, stdin)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        unsigned long a, want;
        char extra;
        if (sscanf(line, "%lx %lx %c", &a, &want, &extra) != 2 || a > mask ||
            want > mask) {
            fprintf(stderr, "<stdin>:%ld: expected 'a expected' in hex\n", lineno);
            return 2;
        }
        uint32_t model = sg_fp_unop(t, SG_FP_EXP, (uint32_t)a);
        double x = t == SG_FP_F32 ? sg_fp_f32_to_double((uint32_t)a)
                                  : sg_fp_bf16_to_double((uint16_t)a);
        double ex = exp(x);
        const char *why = NULL;
        if (want != model) {
            why = "the C model";
        } else if (isnan(x)) {
            if (want != (t == SG_FP_F32 ? SG_FP_F32_NAN : SG_FP_BF16_NAN))
                why = "the host (NaN)";
        } else if (t == SG_FP_BF16) {
            if (want != sg_fp_bf16_from_double(ex))
                why = "the host (correctly rounded)";
        } else {
            double r = want == SG_FP_F32_INF ? 0x1p128 : sg_fp_f32_to_double((uint32_t)want);
            double ref = ex > 0x1p128 ? 0x1p128 : ex;
            if (fabs(r - ref) > 0.52 * sg_test_ulp32(ref >= 0x1p128 ? 0x1p127 : ref))
                why = "the host (0.52 ulp)";
        }
        if (why) {
            fprintf(stderr, "<stdin>:%ld: exp %s %lx: vector says %lx, not %s (C model "
                    "%" PRIx32 ", host exp %.17g)\n", lineno, sg_fp_type_name(t), a, want,
                    why, model, ex);
            return 1;
        }
        n++;
    }
    printf("fp_vec: %ld exp %s vectors agree with the C model and the host\n", n,
           sg_fp_type_name(t));
    return 0;
}

static int parse_count(const char *s, unsigned long long *out)
{
    char *end;
    if (!*s || *s == '-')
        return -1;
    *out = strtoull(s, &end, 10);
    return *end ? -1 : 0;
}

int main(int argc, char **argv)
{
    if ((argc == 4 || argc == 5) && strcmp(argv[argc == 5 ? 1 : 2], "exp") == 0) {
        int t = sg_fp_type_parse(argv[argc == 5 ? 2 : 3]);
        unsigned long long n, seed;
        if (t < 0)
            return usage();
        if (argc == 4 && strcmp(argv[1], "check") == 0)
            return exp_check((sg_fp_type)t);
        if (argc == 4 && strcmp(argv[1], "corners") == 0)
            return exp_corners((sg_fp_type)t);
        if (argc == 4 && strcmp(argv[1], "all") == 0 && t == SG_FP_BF16) {
            for (uint32_t a = 0; a <= 0xFFFF; a++)
                put_exp(SG_FP_BF16, a);
            return ferror(stdout) ? 1 : 0;
        }
        if (argc != 5 || parse_count(argv[3], &n) < 0 || parse_count(argv[4], &seed) < 0)
            return usage();
        uint64_t s = seed * UINT64_C(0x9E3779B97F4A7C15) + 1;
        return exp_random((sg_fp_type)t, n, &s);
    }
    if (argc == 4 && strcmp(argv[1], "check") == 0) {
        int op = sg_fp_op_parse(argv[2]), t = sg_fp_type_parse(argv[3]);
        if (op < 0 || t < 0)
            return usage();
        return check((sg_fp_op)op, (sg_fp_type)t);
    }
    if (argc == 4 && strcmp(argv[1], "corners") == 0) {
        int op = sg_fp_op_parse(argv[2]), t = sg_fp_type_parse(argv[3]);
        if (op < 0 || t < 0)
            return usage();
        return corners((sg_fp_op)op, (sg_fp_type)t);
    }
    if (argc != 5)
        return usage();
    int op = sg_fp_op_parse(argv[1]), t = sg_fp_type_parse(argv[2]);
    unsigned long long n, seed;
    if (op < 0 || t < 0 || parse_count(argv[3], &n) < 0 ||
        parse_count(argv[4], &seed) < 0)
        return usage();
    uint64_t s = seed * UINT64_C(0x9E3779B97F4A7C15) + 1;
    int w = t == SG_FP_F32 ? 8 : 4;
    for (unsigned long long i = 0; i < n; i++) {
        uint32_t a, b;
        sg_fp_rand_pair((sg_fp_type)t, &s, &a, &b);
        uint32_t r = sg_fp_binop((sg_fp_type)t, (sg_fp_op)op, a, b);
        printf("%0*" PRIx32 " %0*" PRIx32 " %0*" PRIx32 "\n", w, a, w, b, w, r);
    }
    return ferror(stdout) ? 1 : 0;
}
