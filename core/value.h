/*
 * value.h - value types: W-bit wrapping integers, fp32 and bf16.
 *
 * A value type is one int, `vt`: 1..64 is a W-bit two's complement
 * integer (W = vt), SG_VT_FP32 and SG_VT_BF16 are the real formats of
 * core/fp.h.  A value of any type is stored in an int64_t sign-extended
 * from its width, so a real value is its raw bits sign-extended from bit
 * 31 (fp32) or 15 (bf16): the payload a W-bit token carries, and two
 * values are equal exactly when their bits are.  The rules are in
 * docs/values.md ("Value types").
 */
#ifndef SG_VALUE_H
#define SG_VALUE_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/fp.h"
#include "core/tensor.h"

#define SG_VT_FP32 (-32)
#define SG_VT_BF16 (-16)

/* Buffer size for sg_vt_name and sg_val_format. */
#define SG_VT_NAME_MAX 8
#define SG_VAL_TEXT_MAX SG_FP_TEXT_MAX

static inline int sg_vt_is_fp(int vt) { return vt < 0; }
/* The value's width in bits: W, 32 or 16. */
static inline int sg_vt_width(int vt) { return vt < 0 ? -vt : vt; }
/* The RTL's ValType parameter: 0 integer, 1 fp32, 2 bf16. */
static inline int sg_vt_rtl_code(int vt)
{
    return vt == SG_VT_FP32 ? 1 : vt == SG_VT_BF16 ? 2 : 0;
}

/* "int8", "int16", "int32", "int64", "fp32", "bf16" -> vt; 0 when the
 * name is none of those. */
int sg_vt_parse(const char *s);
/* The name of vt: those words, "intW" for another integer width. */
const char *sg_vt_name(int vt, char buf[SG_VT_NAME_MAX]);

/* Operations on two values of type vt.  Integers wrap modulo 2^W; reals
 * are rounded as core/fp.h rounds.  div of integers is not defined (0). */
int64_t sg_val_fp_op(int vt, sg_fp_op op, int64_t a, int64_t b);
/* exp(a) of a real value (vt < 0; core/fp.h, sg_fp_unop).  Integers have
 * no exp: the golden model refuses it before a run (0 here). */
int64_t sg_val_fp_exp(int vt, int64_t a);

static inline int64_t sg_val_add(int vt, int64_t a, int64_t b)
{
    if (vt > 0)
        return sg_wrap((int64_t)((uint64_t)a + (uint64_t)b), vt);
    return sg_val_fp_op(vt, SG_FP_ADD, a, b);
}
static inline int64_t sg_val_sub(int vt, int64_t a, int64_t b)
{
    if (vt > 0)
        return sg_wrap((int64_t)((uint64_t)a - (uint64_t)b), vt);
    return sg_val_fp_op(vt, SG_FP_SUB, a, b);
}
static inline int64_t sg_val_mul(int vt, int64_t a, int64_t b)
{
    if (vt > 0)
        return sg_wrap((int64_t)((uint64_t)a * (uint64_t)b), vt);
    return sg_val_fp_op(vt, SG_FP_MUL, a, b);
}
static inline int64_t sg_val_max(int vt, int64_t a, int64_t b)
{
    if (vt > 0)
        return a > b ? a : b;
    return sg_val_fp_op(vt, SG_FP_MAX, a, b);
}
static inline int64_t sg_val_min(int vt, int64_t a, int64_t b)
{
    if (vt > 0)
        return a < b ? a : b;
    return sg_val_fp_op(vt, SG_FP_MIN, a, b);
}
/* -a: wrapping for integers, the sign bit flipped for reals. */
static inline int64_t sg_val_neg(int vt, int64_t a)
{
    if (vt > 0)
        return sg_wrap((int64_t)(0 - (uint64_t)a), vt);
    return sg_wrap((int64_t)((uint64_t)a ^ (UINT64_C(1) << (-vt - 1))), -vt);
}

/* An integer as a value of type vt (wrapped, or rounded to nearest even). */
int64_t sg_val_from_int(int vt, int64_t v);
/* Print v: a decimal integer, or the shortest decimal of the real's bits
 * (docs/values.md).  Returns the length. */
int sg_val_format(int vt, int64_t v, char buf[SG_VAL_TEXT_MAX]);
/* Read s[0..n-1] as a real of type vt (vt < 0) with the exact reader;
 * -1 with "bad real value 'TEXT'" in e. */
int sg_val_parse_fp(int vt, const char *s, size_t n, int64_t *out, sg_err *e);

/* ---- choosing a run's type -------------------------------------------- */

/* One bound input file (name: the tensor in a SAM directory, or NULL) and
 * what reading it as integers counted. */
typedef struct sg_vt_file {
    const char *path, *name;
    sg_read_stats st;
} sg_vt_file;

/* The value type of a run (docs/values.md, "Value types").  type_vt is the
 * --type given (0: none); width_opt names the width option given ("--width
 * 8", NULL: none) and width is its value (or the default 32); scale is
 * --scale.  Every file is read as integers (unreadable files are left to
 * the run that follows) and its counts kept in f[i].st.  Without --type the
 * type is fp32 when some value is not an integer (and scale is 1), else
 * the width's integer.  A --type with a width option that disagrees, or a
 * real type with a scale other than 1, is an error (-1, exit 2 in e). */
int sg_vt_choose(int type_vt, int width, const char *width_opt, double scale,
                 sg_vt_file *f, int n, int *vt, sg_err *e);
/* "B.mtx: 66 of 66 values rounded to integers, 66 became 0" for a file
 * whose values were rounded; returns 0 (buf untouched) when none was. */
int sg_vt_round_warning(const sg_vt_file *f, char *buf, size_t cap);

#endif
