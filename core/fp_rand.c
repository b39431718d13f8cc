/*
 * fp_rand.c - TestFloat-style operands for the fp32/bf16 tests, the vector
 * generator of the RTL units and the benchmark.
 */
#include "core/fp_int.h"

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
