/*
 * textscan.c - number scanning for the tensor readers (see textscan.h).
 */
#include "core/textscan.h"
#include "core/outfile.h"
#include "core/value.h"

#include <errno.h>
#include <stdint.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sg_read_opts_default(sg_read_opts *o)
{
    memset(o, 0, sizeof *o);
    o->width = 32;
    o->scale = 1.0;
}

const sg_read_opts *sg_read_opts_or(const sg_read_opts *o, sg_read_opts *def)
{
    if (o)
        return o;
    sg_read_opts_default(def);
    return def;
}

/* Line states of the check sg_slurp runs while reading. */
enum { LN_BLANK, LN_COMMENT, LN_NUMBER, LN_OTHER };

/* The bytes of a number line: digits, signs, '.', exponents, blanks, and
 * the letters of "inf", "infinity" and "nan" (real values of an fp type). */
static int number_byte(char c)
{
    if (c >= 'A' && c <= 'Z')
        c = (char)(c - 'A' + 'a');
    return (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.' ||
           c == 'e' || c == ' ' || c == '\t' || c == '\r' || c == 'i' ||
           c == 'n' || c == 'f' || c == 'a' || c == 't' || c == 'y';
}

/* What sg_slurp knows of the text read so far. */
typedef struct slurp_chk {
    const char *comments;
    long line;             /* line of the byte being checked */
    size_t start;          /* offset of that line's first byte */
    int state;             /* LN_* of that line so far */
} slurp_chk;

/* Check b[from..n-1].  Returns 0 to read on, 1 when a line that cannot be
 * valid ended (*n cut just after it), -1 on a NUL byte or an overlong
 * line. */
static int slurp_check(slurp_chk *k, const char *path, const char *b,
                       size_t from, size_t *n, sg_err *e)
{
    for (size_t i = from; i < *n; i++) {
        char c = b[i];
        if (c == '\n') {
            if (k->state == LN_OTHER) {
                *n = i + 1;
                return 1;
            }
            k->line++;
            k->start = i + 1;
            k->state = LN_BLANK;
            continue;
        }
        if (c == '\0')
            return sg_errf(e, path, k->line, "NUL byte: not a text file");
        if (i - k->start >= SG_LINE_MAX)
            return sg_errf(e, path, k->line, "line longer than %zu bytes",
                           SG_LINE_MAX);
        if (k->state == LN_BLANK) {
            if (c == ' ' || c == '\t' || c == '\r')
                continue;
            k->state = strchr(k->comments, c) ? LN_COMMENT
                       : number_byte(c)       ? LN_NUMBER
                                              : LN_OTHER;
        } else if (k->state == LN_NUMBER && !number_byte(c)) {
            k->state = LN_OTHER;
        }
    }
    return 0;
}

int sg_slurp(const char *path, const char *comments, char **buf, size_t *len,
             long *stop_line, sg_err *e)
{
    *buf = NULL;
    *len = 0;
    *stop_line = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return sg_errf(e, path, 0, "cannot open: %s", strerror(errno));
    size_t cap = 1 << 16, n = 0;
    char *b = sg_malloc(cap);
    slurp_chk k = {comments, 1, 0, LN_BLANK};
    int rc = 0;
    for (;;) {
        if (cap - n < 2) {
            char *nb = cap <= SIZE_MAX / 2 ? realloc(b, cap * 2) : NULL;
            if (!nb) {
                rc = sg_errf(e, path, k.line,
                             "file too large: out of memory after %zu bytes",
                             n);
                break;
            }
            b = nb;
            cap *= 2;
        }
        size_t r = fread(b + n, 1, cap - n - 1, f);
        size_t from = n;
        n += r;
        if (r == 0)
            break;
        rc = slurp_check(&k, path, b, from, &n, e);
        if (rc != 0)
            break;
    }
    if (rc == 0 && ferror(f)) {
        int err = errno;
        rc = sg_errf(e, path, 0, "read error: %s", strerror(err));
    }
    fclose(f);
    if (rc < 0) {
        free(b);
        return -1;
    }
    if (k.state == LN_OTHER)
        *stop_line = k.line;
    b[n] = '\0';
    *buf = b;
    *len = n;
    return 0;
}

int sg_slurp_stopped(const char *path, long stop_line, sg_err *e)
{
    return sg_errf(e, path, stop_line,
                   "not a number or comment line (the file is read no "
                   "further)");
}

static int is_field_end(const sg_scan *s, const char *p)
{
    return p >= s->end || *p == ' ' || *p == '\t' || *p == '\r' || *p == '\n';
}

/* Report a malformed field: quote it (up to 40 bytes, printable only). */
static int field_error(sg_scan *s, const char *what, sg_err *e)
{
    const char *q = s->p;
    char word[48];
    size_t n = 0;
    while (!is_field_end(s, q) && n < 40) {
        unsigned char c = (unsigned char)*q++;
        word[n++] = (c >= 32 && c < 127) ? (char)c : '?';
    }
    word[n] = '\0';
    if (n == 0)
        return sg_errf(e, s->path, s->line, "missing %s", what);
    return sg_errf(e, s->path, s->line, "bad %s '%s'", what, word);
}

int sg_scan_end_line(sg_scan *s, sg_err *e)
{
    if (!sg_scan_eol(s))
        return field_error(s, "trailing field", e);
    sg_scan_skip_line(s);
    return 0;
}

int sg_scan_uint(sg_scan *s, const char *what, int64_t *out, sg_err *e)
{
    sg_scan_blanks(s);
    const char *p = s->p;
    if (p < s->end && *p == '+')
        p++;
    uint64_t v = 0;
    const char *d0 = p;
    while (p < s->end && *p >= '0' && *p <= '9') {
        uint64_t d = (uint64_t)(*p - '0');
        if (v > ((uint64_t)INT64_MAX - d) / 10)
            return sg_errf(e, s->path, s->line, "%s is too large", what);
        v = v * 10 + d;
        p++;
    }
    if (p == d0 || !is_field_end(s, p))
        return field_error(s, what, e);
    s->p = p;
    *out = (int64_t)v;
    return 0;
}

int sg_scan_int_value(sg_scan *s, int w, int64_t *out, sg_err *e)
{
    sg_scan_blanks(s);
    const char *p = s->p;
    int neg = 0;
    if (p < s->end && (*p == '-' || *p == '+'))
        neg = *p++ == '-';
    uint64_t v = 0;
    const char *d0 = p;
    while (p < s->end && *p >= '0' && *p <= '9')
        v = v * 10 + (uint64_t)(*p++ - '0');   /* modulo 2^64 on purpose */
    if (p == d0 || !is_field_end(s, p))
        return field_error(s, "integer value", e);
    s->p = p;
    *out = sg_wrap((int64_t)(neg ? 0 - v : v), w);
    return 0;
}

int sg_value_from_real(double x, double scale, int w, int64_t *out)
{
    double y = round(x * scale);      /* round() ties away from zero */
    if (!isfinite(y))
        return -1;
    if (y >= -9223372036854775808.0 && y < 9223372036854775808.0) {
        *out = sg_wrap((int64_t)y, w);
        return 0;
    }
    /* Beyond int64: reduce modulo 2^64 first (exact for doubles). */
    double r = fmod(y, 18446744073709551616.0);
    if (r < 0)
        r += 18446744073709551616.0;
    uint64_t u = r >= 9223372036854775808.0
                     ? (uint64_t)(r - 9223372036854775808.0) + (UINT64_C(1) << 63)
                     : (uint64_t)r;
    *out = sg_wrap((int64_t)u, w);
    return 0;
}

static const double pow10_tab[23] = {
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};

/* A real literal's mantissa as scan_digits reads it: the first 19
 * significant digits exactly, the power of ten that scales them, and the
 * integer part modulo 2^64 (for integer literals taken exactly). */
typedef struct digits {
    uint64_t m, iv;
    int exp10, drop, inexact, frac, seen;
} digits;

/* Scan digits with at most one '.', from p; returns the end.  Split from
 * scan_real because it keeps its own counters: the fast path holds at most
 * 19 digits, later integer digits only raise the exponent (drop). */
static const char *scan_digits(const sg_scan *s, const char *p, digits *dg)
{
    int ndig = 0;
    memset(dg, 0, sizeof *dg);
    for (;;) {
        if (p < s->end && *p == '.' && !dg->frac) {
            dg->frac = 1;
            p++;
            continue;
        }
        if (p >= s->end || *p < '0' || *p > '9')
            break;
        unsigned d = (unsigned)(*p++ - '0');
        dg->seen = 1;
        if (!dg->frac)
            dg->iv = dg->iv * 10 + d;  /* modulo 2^64 on purpose */
        if (dg->m == 0 && d == 0) {
            dg->exp10 -= dg->frac;
            continue;
        }
        if (ndig < 19) {
            dg->m = dg->m * 10 + d;
            ndig++;
            dg->exp10 -= dg->frac;
        } else {
            dg->inexact = 1;
            dg->drop += !dg->frac;
        }
    }
    return p;
}

/* Scan an optional exponent "(e|E)[+-]digits" at p into *exp10 (clearing
 * *integral when there is one); returns the end, NULL when malformed. */
static const char *scan_exponent(const sg_scan *s, const char *p, int *exp10,
                                 int *integral)
{
    if (p >= s->end || (*p != 'e' && *p != 'E'))
        return p;
    *integral = 0;
    p++;
    int eneg = 0;
    if (p < s->end && (*p == '-' || *p == '+'))
        eneg = *p++ == '-';
    if (p >= s->end || *p < '0' || *p > '9')
        return NULL;
    int ev = 0;
    while (p < s->end && *p >= '0' && *p <= '9') {
        if (ev < 100000)
            ev = ev * 10 + (*p - '0');
        p++;
    }
    *exp10 += eneg ? -ev : ev;
    return p;
}

/* The correctly rounded double of the scanned literal start..end: one exact
 * multiply or divide when the digits allow it, strtod otherwise. */
static double digits_value(digits *dg, int neg, const char *start,
                           const char *end)
{
    uint64_t m = dg->m;
    int exp10 = dg->exp10;
    while (m && m % 10 == 0 && exp10 < 0) {
        m /= 10;
        exp10++;
    }
    if (!dg->inexact && m <= (UINT64_C(1) << 53) && exp10 >= -22 &&
        exp10 <= 22) {
        double v = (double)m;
        v = exp10 < 0 ? v / pow10_tab[-exp10] : v * pow10_tab[exp10];
        return neg ? -v : v;
    }
    if (m == 0)
        return neg ? -0.0 : 0.0;
    size_t n = (size_t)(end - start);
    char small[128];
    char *tmp = n < sizeof small ? small : sg_malloc(n + 1);
    memcpy(tmp, start, n);
    tmp[n] = '\0';
    double v = strtod(tmp, NULL);
    if (tmp != small)
        free(tmp);
    return v;
}

/* Scan a real literal: [+-] digits [. digits] [(e|E) [+-] digits], or
 * digits-less forms ".5", "5.".  Sets *is_int when it has no '.' and no
 * exponent.  Returns -1 (no message) when malformed. */
static int scan_real(sg_scan *s, double *out, int *is_int, uint64_t *ival,
                     int *ineg)
{
    const char *p = s->p;
    int neg = 0;
    if (p < s->end && (*p == '-' || *p == '+'))
        neg = *p++ == '-';
    digits dg;
    p = scan_digits(s, p, &dg);
    int integral = !dg.frac;
    if (!dg.seen)
        return -1;
    p = scan_exponent(s, p, &dg.exp10, &integral);
    if (!p || !is_field_end(s, p))
        return -1;
    dg.exp10 += dg.drop;
    *is_int = integral;
    *ival = dg.iv;
    *ineg = neg;
    *out = digits_value(&dg, neg, s->p, p);
    s->p = p;
    return 0;
}

/* A real field read exactly to the bits of the real type vt by the fp
 * reader (decimals, "inf", "infinity", "nan"). */
static int scan_fp_value(sg_scan *s, const char *what, int vt, int64_t *out,
                         sg_err *e)
{
    sg_scan_blanks(s);
    const char *p = s->p;
    while (!is_field_end(s, p))
        p++;
    sg_err pe;
    if (p == s->p || sg_val_parse_fp(vt, s->p, (size_t)(p - s->p), out, &pe) < 0)
        return field_error(s, what, e);
    s->p = p;
    return 0;
}

/* The value fields' common path: a real literal (what names it in
 * messages), taken exactly when exact_ints and it is an integer literal at
 * scale 1, else converted per the value semantics; for a real type, read
 * exactly to its bits. */
static int scan_value(sg_scan *s, const char *what, int exact_ints,
                      const sg_read_opts *o, int64_t *out, sg_err *e)
{
    int vt = sg_read_vt(o);
    if (o->stats)
        o->stats->nvals++;
    if (sg_vt_is_fp(vt))
        return scan_fp_value(s, what, vt, out, e);
    sg_scan_blanks(s);
    double x;
    int is_int, neg;
    uint64_t iv;
    if (scan_real(s, &x, &is_int, &iv, &neg) < 0)
        return field_error(s, what, e);
    if (exact_ints && is_int && o->scale == 1.0) {
        *out = sg_wrap((int64_t)(neg ? 0 - iv : iv), vt);
        return 0;
    }
    if (sg_value_from_real(x, o->scale, vt, out) < 0)
        return sg_errf(e, s->path, s->line, "value out of range after scaling");
    if (o->stats) {
        double y = x * o->scale;
        if (round(y) != y) {
            o->stats->nonint++;
            o->stats->zeroed += round(y) == 0.0;
        }
    }
    return 0;
}

int sg_scan_real_value(sg_scan *s, const sg_read_opts *o, int64_t *out,
                       sg_err *e)
{
    return scan_value(s, "real value", 0, o, out, e);
}

int sg_scan_any_value(sg_scan *s, const sg_read_opts *o, int64_t *out,
                      sg_err *e)
{
    return scan_value(s, "value", 1, o, out, e);
}

/* Readers reserve once from the text's size, so that million-entry files
 * do not regrow their arrays; sg_coo_push_line grows them past cap. */
void sg_scan_reserve(sg_coo *t, size_t cap)
{
    if (cap < 16)
        cap = 16;
    size_t ord = t->order > 0 ? (size_t)t->order : 1;
    t->crd = sg_malloc(cap * ord * sizeof *t->crd);
    t->val = sg_malloc(cap * sizeof *t->val);
    t->line = sg_malloc(cap * sizeof *t->line);   /* line tracking on */
    t->cap = cap;
}

const sg_read_opts *sg_scan_start(sg_scan *s, const char *path,
                                  const char *buf, size_t len,
                                  const sg_read_opts *o, sg_read_opts *def,
                                  sg_coo *t)
{
    memset(t, 0, sizeof *t);
    sg_scan_init(s, path, buf, len);
    return sg_read_opts_or(o, def);
}

int sg_scan_finish(sg_coo *t, int rc, const sg_read_opts *o,
                   const char *path, sg_err *e)
{
    if (rc == 0) {
        sg_coo_sort(t, NULL);
        rc = sg_coo_dedup(t, o->sum_duplicates, sg_read_vt(o), path, e);
        t->vt = o->vt;
    }
    if (rc < 0) {
        sg_coo_free(t);
        return -1;
    }
    return 0;
}

size_t sg_fmt_entry(char *line, const int64_t *crd, size_t ord, int64_t val,
                    int vt)
{
    size_t n = 0;
    for (size_t k = 0; k < ord; k++) {
        n += sg_fmt_i64(line + n, crd[k] + 1);
        line[n++] = ' ';
    }
    if (sg_vt_is_fp(vt))
        n += (size_t)sg_val_format(vt, val, line + n);
    else
        n += sg_fmt_i64(line + n, val);
    line[n++] = '\n';
    return n;
}

/* The whole of a small text file (a template, a Verilog source), read
 * as it is. */
int sg_read_text(const char *path, char **text, sg_err *e)
{
    size_t len;
    return sg_read_text_n(path, text, &len, e);
}

int sg_read_text_n(const char *path, char **text, size_t *len_out, sg_err *e)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "cannot open: %s", strerror(errno));
    size_t cap = 4096, len = 0;
    char *b = sg_malloc(cap);
    size_t r;
    while ((r = fread(b + len, 1, cap - len - 1, f)) > 0) {
        len += r;
        if (cap - len < 2)
            b = sg_realloc(b, cap *= 2);
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(b);
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "read error");
    }
    b[len] = '\0';
    *text = b;
    *len_out = len;
    return 0;
}
