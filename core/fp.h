/*
 * fp.h - real numbers computed in software, bit for bit as a hardware
 * floating-point unit computes them.
 *
 * Two formats, both with an 8-bit exponent (bias 127):
 *
 *   fp32   IEEE 754 binary32: sign, 8-bit exponent, 23-bit fraction
 *   bf16   bfloat16, the top 16 bits of a binary32: 7-bit fraction
 *
 * A value is its raw bit pattern (sg_fp_f32, sg_fp_bf16), which is what a
 * token carries as payload.  Every operation rounds to nearest, ties to
 * even, keeps subnormals, and returns the one canonical quiet NaN of its
 * format (SG_FP_F32_NAN, SG_FP_BF16_NAN) whenever the result is a NaN.  max
 * and min are IEEE 754-2019 maximum and minimum: a NaN operand gives NaN,
 * and -0 < +0.  The rules, with examples, are in docs/values.md ("Real
 * numbers").
 *
 * The implementation uses integer arithmetic only (sign, exponent,
 * significand; align, add, normalize, round with guard and sticky bits),
 * in the steps an RTL unit takes, so that the RTL can be checked against it
 * vector by vector (testbenches/fp_vec.c writes such vectors).  It never
 * uses the host's floating-point operations, except that the decimal reader
 * calls strtod and the printer snprintf (see sg_fp_f32_parse).
 *
 * Sections: types; arithmetic; conversions; text; test operands.
 */
#ifndef SG_FP_H
#define SG_FP_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"

/* ---- types ------------------------------------------------------------- */

typedef uint32_t sg_fp_f32;   /* binary32 bits */
typedef uint16_t sg_fp_bf16;  /* bfloat16 bits: the top half of a binary32 */

#define SG_FP_F32_NAN   UINT32_C(0x7FC00000)   /* the canonical NaN */
#define SG_FP_F32_INF   UINT32_C(0x7F800000)
#define SG_FP_BF16_NAN  UINT16_C(0x7FC0)
#define SG_FP_BF16_INF  UINT16_C(0x7F80)

/* A format and an operation by name, for tables and vector files. */
typedef enum sg_fp_type { SG_FP_F32 = 0, SG_FP_BF16 = 1 } sg_fp_type;
typedef enum sg_fp_op {
    SG_FP_ADD = 0, SG_FP_SUB, SG_FP_MUL, SG_FP_DIV, SG_FP_MAX, SG_FP_MIN
} sg_fp_op;
#define SG_FP_NOPS 6

/* "fp32", "bf16"; "add", "sub", "mul", "div", "max", "min". */
const char *sg_fp_type_name(sg_fp_type t);
const char *sg_fp_op_name(sg_fp_op op);
/* Parse those names; -1 when unknown. */
int sg_fp_type_parse(const char *s);
int sg_fp_op_parse(const char *s);

/* ---- arithmetic -------------------------------------------------------- */

/* The six operations of the format T on its bits: T_add, T_sub, T_mul,
 * T_div, T_max and T_min (sg_fp_f32_add, ..., sg_fp_bf16_min). */
#define SG_FP_DECLARE_OPS(T)                                                \
    T T##_add(T a, T b);                                                    \
    T T##_sub(T a, T b);                                                    \
    T T##_mul(T a, T b);                                                    \
    T T##_div(T a, T b);                                                    \
    T T##_max(T a, T b);                                                    \
    T T##_min(T a, T b)
SG_FP_DECLARE_OPS(sg_fp_f32);
SG_FP_DECLARE_OPS(sg_fp_bf16);

/* Any of the above by type and operation; a and b hold the type's bits
 * (the low 16 for bf16), and so does the result. */
uint32_t sg_fp_binop(sg_fp_type t, sg_fp_op op, uint32_t a, uint32_t b);

/* exp(x) (core/fp_exp.c): integer arithmetic only, the algorithm of
 * docs/values.md ("exp"), bit for bit the RTL unit rtl/sam_fp_exp.v.  NaN
 * gives the canonical NaN, +inf +inf, -inf +0, +-0 exactly 1; a result
 * beyond the largest finite is +inf, a tiny one a subnormal or +0. */
sg_fp_f32 sg_fp_f32_exp(sg_fp_f32 a);
sg_fp_bf16 sg_fp_bf16_exp(sg_fp_bf16 a);
/* One-operand operations by type (a and the result hold the type's bits). */
typedef enum sg_fp_unop_kind { SG_FP_EXP = 0 } sg_fp_unop_kind;
uint32_t sg_fp_unop(sg_fp_type t, sg_fp_unop_kind op, uint32_t a);

/* ---- conversions ------------------------------------------------------- */

/* An integer, rounded to nearest even (exact up to 2^24 resp. 2^8). */
sg_fp_f32 sg_fp_f32_from_i64(int64_t v);
sg_fp_bf16 sg_fp_bf16_from_i64(int64_t v);

/* fp32 -> bf16 rounds to nearest even; bf16 -> fp32 is exact. */
sg_fp_bf16 sg_fp_f32_to_bf16(sg_fp_f32 a);
sg_fp_f32 sg_fp_bf16_to_f32(sg_fp_bf16 a);

/* To double: exact (a NaN becomes the double's quiet NaN 0x7FF8...).
 * From double: rounded once to nearest even from the double's bits. */
double sg_fp_f32_to_double(sg_fp_f32 a);
double sg_fp_bf16_to_double(sg_fp_bf16 a);
sg_fp_f32 sg_fp_f32_from_double(double d);
sg_fp_bf16 sg_fp_bf16_from_double(double d);

/* ---- text -------------------------------------------------------------- */

/* Buffer size for the printers. */
#define SG_FP_TEXT_MAX 32

/* Print a as the shortest decimal that sg_fp_*_parse reads back to the
 * same bits: at most 9 significant digits for fp32, 4 for bf16.  Plain
 * notation for decimal exponents -7..20 ("0.1", "-0", "100",
 * "0.0000001"), otherwise "d.ddde+XX" ("1e-45", "3.4028235e+38");
 * "inf", "-inf", "nan".  Returns the length. */
int sg_fp_f32_format(sg_fp_f32 a, char buf[SG_FP_TEXT_MAX]);
int sg_fp_bf16_format(sg_fp_bf16 a, char buf[SG_FP_TEXT_MAX]);

/* Read s[0..n-1] (not NUL-terminated) as the correctly rounded value
 * (nearest, ties to even): a decimal ("-1.5", "2e-3", ".5", "7."), a hex
 * float ("0x1.8p3"), "inf", "infinity" or "nan" (any case, optional sign).
 * Values beyond the largest finite number round to infinity, values below
 * the smallest subnormal to zero, as IEEE 754 rounding does.  Returns 0, or
 * -1 with "bad real value 'TEXT'" (no location) in e. */
int sg_fp_f32_parse(const char *s, size_t n, sg_fp_f32 *out, sg_err *e);
int sg_fp_bf16_parse(const char *s, size_t n, sg_fp_bf16 *out, sg_err *e);

/* ---- test operands ----------------------------------------------------- */

/* One random operand of type t in the style of TestFloat: random sign,
 * exponents biased toward the edges (zero/subnormal, smallest normals,
 * around 1, largest finite, inf/NaN), significands random or with long
 * runs of zeros and ones.  *state is an xorshift64 state (non-zero). */
uint32_t sg_fp_rand_operand(sg_fp_type t, uint64_t *state);
/* A random operand pair: as above, except that one pair in four has b's
 * exponent within 2 of a's (cancellation in add/sub, ties in rounding). */
void sg_fp_rand_pair(sg_fp_type t, uint64_t *state, uint32_t *a,
                     uint32_t *b);

#endif
