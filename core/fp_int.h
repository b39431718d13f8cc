/*
 * fp_int.h - what the fp32/bf16 files of core/ share: the unpacked form
 * of a value and the one rounding step (fp.c), used by the text reader and
 * printer (fp_text.c).  Not for use outside core/fp*.c.
 */
#ifndef SG_FP_INT_H
#define SG_FP_INT_H

#include <stdint.h>

#include "core/fp.h"

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

#define F32 23
#define B16 7
#define B16_OF(x) ((sg_fp_bf16)(x))

static inline uint32_t sign_bit(int F) { return UINT32_C(1) << (F + 8); }
static inline uint32_t nan_bits(int F) { return (UINT32_C(0xFF) << F) | (UINT32_C(1) << (F - 1)); }
static inline uint32_t inf_bits(int sign, int F)
{
    return (sign ? sign_bit(F) : 0) | (UINT32_C(0xFF) << F);
}
static inline uint32_t zero_bits(int sign, int F) { return sign ? sign_bit(F) : 0; }

/* Position of the leading one (v != 0): a leading-zero counter. */
static inline int msb64(uint64_t v)
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

/* bits of a format with F fraction bits, unpacked */
fpx sg_fp_unpack(uint32_t bits, int F);
/* (-1)^sign * sig * 2^e rounded to nearest even and packed (sig != 0) */
uint32_t sg_fp_round_pack(int sign, int64_t e, uint64_t sig, int F);
/* an unpacked value (any class) rounded into the format */
uint32_t sg_fp_from_fpx(fpx x, int F);
/* a double, exactly, unpacked */
fpx sg_fp_unpack_double(double d);
/* bits of the format, exactly, as a double */
double sg_fp_to_double(uint32_t bits, int F);

#endif
