/*
 * value.c - value types (value.h): names, the real operations on stored
 * values, conversions and text.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "core/value.h"

int sg_vt_parse(const char *s)
{
    static const struct { const char *name; int vt; } tab[] = {
        {"int8", 8}, {"int16", 16}, {"int32", 32}, {"int64", 64},
        {"fp32", SG_VT_FP32}, {"bf16", SG_VT_BF16},
    };
    for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
        if (strcmp(s, tab[i].name) == 0)
            return tab[i].vt;
    return 0;
}

const char *sg_vt_name(int vt, char buf[SG_VT_NAME_MAX])
{
    if (vt == SG_VT_FP32)
        return "fp32";
    if (vt == SG_VT_BF16)
        return "bf16";
    snprintf(buf, SG_VT_NAME_MAX, "int%d", vt);
    return buf;
}

static sg_fp_type fp_type(int vt)
{
    return vt == SG_VT_BF16 ? SG_FP_BF16 : SG_FP_F32;
}

int64_t sg_val_fp_op(int vt, sg_fp_op op, int64_t a, int64_t b)
{
    int w = -vt;
    uint32_t m = w >= 32 ? UINT32_MAX : (UINT32_C(1) << w) - 1;
    uint32_t r = sg_fp_binop(fp_type(vt), op, (uint32_t)a & m, (uint32_t)b & m);
    return sg_wrap((int64_t)r, w);
}

int64_t sg_val_fp_exp(int vt, int64_t a)
{
    if (vt > 0)
        return 0;
    int w = -vt;
    uint32_t m = w >= 32 ? UINT32_MAX : (UINT32_C(1) << w) - 1;
    return sg_wrap((int64_t)sg_fp_unop(fp_type(vt), SG_FP_EXP, (uint32_t)a & m), w);
}

int64_t sg_val_from_int(int vt, int64_t v)
{
    if (vt > 0)
        return sg_wrap(v, vt);
    if (vt == SG_VT_BF16)
        return sg_wrap((int64_t)sg_fp_bf16_from_i64(v), 16);
    return sg_wrap((int64_t)sg_fp_f32_from_i64(v), 32);
}

int sg_val_format(int vt, int64_t v, char buf[SG_VAL_TEXT_MAX])
{
    if (vt == SG_VT_BF16)
        return sg_fp_bf16_format((sg_fp_bf16)((uint64_t)v & 0xFFFF), buf);
    if (vt == SG_VT_FP32)
        return sg_fp_f32_format((sg_fp_f32)((uint64_t)v & 0xFFFFFFFF), buf);
    return snprintf(buf, SG_VAL_TEXT_MAX, "%" PRId64, v);
}

int sg_val_parse_fp(int vt, const char *s, size_t n, int64_t *out, sg_err *e)
{
    if (vt == SG_VT_BF16) {
        sg_fp_bf16 b;
        if (sg_fp_bf16_parse(s, n, &b, e) < 0)
            return -1;
        *out = sg_wrap((int64_t)b, 16);
        return 0;
    }
    sg_fp_f32 f;
    if (sg_fp_f32_parse(s, n, &f, e) < 0)
        return -1;
    *out = sg_wrap((int64_t)f, 32);
    return 0;
}

int sg_vt_choose(int type_vt, int width, const char *width_opt, double scale,
                 sg_vt_file *f, int n, int *vt, sg_err *e)
{
    char nb[SG_VT_NAME_MAX];
    if (type_vt && width_opt && (type_vt < 0 || type_vt != width))
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "--type %s conflicts with %s; give one",
                       sg_vt_name(type_vt, nb), width_opt);
    if (type_vt < 0 && scale != 1.0)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0,
                       "--type %s conflicts with --scale (which asks for integers)",
                       sg_vt_name(type_vt, nb));
    int nonint = 0;
    for (int i = 0; i < n; i++) {
        memset(&f[i].st, 0, sizeof f[i].st);
        struct stat sb;
        if (!f[i].path || stat(f[i].path, &sb) != 0 ||
            !(S_ISREG(sb.st_mode) || S_ISDIR(sb.st_mode)))
            continue;          /* a pipe or device is read once, by the run */
        sg_read_opts ro;
        sg_read_opts_default(&ro);
        ro.width = type_vt > 0 ? type_vt : width;
        ro.scale = scale;
        ro.sum_duplicates = 1;
        ro.stats = &f[i].st;
        sg_coo t;
        sg_err ie;
        if (sg_tensor_read(f[i].path, f[i].name, &ro, &t, &ie) == 0)
            sg_coo_free(&t);
        else
            memset(&f[i].st, 0, sizeof f[i].st);
        nonint |= f[i].st.nonint > 0;
    }
    if (type_vt)
        *vt = type_vt;
    else
        *vt = nonint && scale == 1.0 ? SG_VT_FP32 : width;
    if (sg_vt_is_fp(*vt))
        for (int i = 0; i < n; i++)
            memset(&f[i].st, 0, sizeof f[i].st);   /* nothing is rounded */
    return 0;
}

int sg_vt_round_warning(const sg_vt_file *f, char *buf, size_t cap)
{
    if (f->st.nonint == 0)
        return 0;
    snprintf(buf, cap, "%s: %zu of %zu values rounded to integers, %zu became 0",
             f->path, f->st.nonint, f->st.nvals, f->st.zeroed);
    return 1;
}
