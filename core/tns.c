/*
 * tns.c - FROSTT .tns reader and writer.
 *
 * A .tns file has one entry per line: the order's 1-based coordinates, then
 * the value.  '#' starts a comment line; blank lines are ignored.  The order
 * is the field count of the first entry minus one (a line holding a single
 * number is a 0-order tensor, a scalar).  The shape is the largest
 * coordinate of each mode, unless a "# shape d0 d1 .." comment (which the
 * writer emits) declares it, in which case coordinates are checked against
 * it.  Values have no declared type: see sg_scan_any_value.
 */
#include "core/tensor.h"
#include "core/textscan.h"
#include "core/outfile.h"

#include <stdlib.h>
#include <string.h>

/* Count the fields of the line at s (without moving it). */
static int count_fields(const sg_scan *s)
{
    const char *p = s->p;
    int n = 0;
    for (;;) {
        while (p < s->end && (*p == ' ' || *p == '\t' || *p == '\r'))
            p++;
        if (p >= s->end || *p == '\n')
            return n;
        n++;
        while (p < s->end && *p != ' ' && *p != '\t' && *p != '\r' &&
               *p != '\n')
            p++;
    }
}

/* "# shape d0 d1 ..": returns the order (or -1 when the comment is some
 * other comment, -2 on a malformed shape comment). */
static int shape_comment(sg_scan *s, int64_t *shape, sg_err *e)
{
    const char *p = s->p + 1;
    while (p < s->end && (*p == ' ' || *p == '\t'))
        p++;
    if ((size_t)(s->end - p) < 6 || strncmp(p, "shape", 5) != 0 ||
        (p[5] != ' ' && p[5] != '\t' && p[5] != ':' && p[5] != '\n' &&
         p[5] != '\r'))
        return -1;
    sg_scan t = *s;
    t.p = p + 5;
    if (t.p < t.end && *t.p == ':')
        t.p++;
    int n = 0;
    while (!sg_scan_eol(&t)) {
        if (n == SG_MAX_ORDER) {
            sg_errf(e, s->path, s->line, "shape has more than %d modes",
                    SG_MAX_ORDER);
            return -2;
        }
        if (sg_scan_uint(&t, "shape dimension", &shape[n], e) < 0)
            return -2;
        n++;
    }
    return n;
}

int sg_tns_parse(const char *path, const char *buf, size_t len,
                 const sg_read_opts *o, sg_coo *t, sg_err *e)
{
    sg_read_opts def;
    o = sg_read_opts_or(o, &def);
    memset(t, 0, sizeof *t);
    sg_scan sc, *s = &sc;
    sg_scan_init(s, path, buf, len);
    int order = -1, declared = -1;
    int64_t dshape[SG_MAX_ORDER] = {0};
    int64_t maxc[SG_MAX_ORDER] = {0};
    for (;;) {
        sg_scan_blanks(s);
        if (s->p >= s->end)
            break;
        if (*s->p == '\n') {
            sg_scan_skip_line(s);
            continue;
        }
        if (*s->p == '#') {
            if (order < 0 && declared < 0) {
                int n = shape_comment(s, dshape, e);
                if (n == -2)
                    goto fail;
                if (n >= 0)
                    declared = n;
            }
            sg_scan_skip_line(s);
            continue;
        }
        if (order < 0) {
            int nf = count_fields(s);
            order = nf - 1;
            if (order > SG_MAX_ORDER) {
                sg_errf(e, path, s->line,
                        "%d coordinates per entry; at most %d supported",
                        order, SG_MAX_ORDER);
                goto fail;
            }
            if (declared >= 0 && declared != order) {
                sg_errf(e, path, s->line,
                        "entry has %d coordinates but the shape comment "
                        "declares %d modes", order, declared);
                goto fail;
            }
            sg_coo_init(t, order, NULL);
            size_t cap = len / (size_t)(2 * nf + 1) + 1;
            if (cap < 16)
                cap = 16;
            t->crd = sg_malloc(cap * (size_t)(order ? order : 1) *
                               sizeof *t->crd);
            t->val = sg_malloc(cap * sizeof *t->val);
            t->line = sg_malloc(cap * sizeof *t->line);
            t->cap = cap;
        }
        int64_t c[SG_MAX_ORDER], v;
        long line = s->line;
        for (int k = 0; k < order; k++) {
            if (sg_scan_eol(s)) {
                sg_errf(e, path, line,
                        "expected %d coordinates and a value", order);
                goto fail;
            }
            if (sg_scan_uint(s, "coordinate", &c[k], e) < 0)
                goto fail;
            if (c[k] < 1) {
                sg_errf(e, path, line,
                        "coordinate 0 in mode %d (.tns is 1-based)", k);
                goto fail;
            }
            if (declared >= 0 && c[k] > dshape[k]) {
                sg_errf(e, path, line,
                        "coordinate %lld out of range 1..%lld in mode %d",
                        (long long)c[k], (long long)dshape[k], k);
                goto fail;
            }
            if (c[k] > maxc[k])
                maxc[k] = c[k];
            c[k]--;
        }
        if (sg_scan_eol(s)) {
            sg_errf(e, path, line, "expected %d coordinates and a value",
                    order);
            goto fail;
        }
        if (sg_scan_any_value(s, o->scale, o->width, &v, e) < 0)
            goto fail;
        if (!sg_scan_eol(s)) {
            sg_errf(e, path, line,
                    "too many fields (the first entry has %d coordinates)",
                    order);
            goto fail;
        }
        sg_scan_skip_line(s);
        sg_coo_push_line(t, c, v, line);
    }
    if (order < 0) {
        if (declared > 0) {
            /* An empty tensor whose shape the comment gives. */
            sg_coo_init(t, declared, dshape);
            return 0;
        }
        return sg_errf(e, path, 0, "empty file: no entries");
    }
    for (int k = 0; k < order; k++)
        t->shape[k] = declared >= 0 ? dshape[k] : maxc[k];
    sg_coo_sort(t, NULL);
    if (sg_coo_dedup(t, o->sum_duplicates, o->width, path, e) < 0)
        goto fail;
    return 0;
fail:
    sg_coo_free(t);
    return -1;
}

int sg_tns_write(const char *path, const sg_coo *t, sg_err *e)
{
    sg_outfile of;
    if (sg_outfile_open(&of, path, e) < 0)
        return -1;
    if (t->order > 0) {
        fputs("# shape", of.f);
        for (int k = 0; k < t->order; k++)
            fprintf(of.f, " %lld", (long long)t->shape[k]);
        fputc('\n', of.f);
    }
    size_t ord = (size_t)(t->order > 0 ? t->order : 0);
    char line[32 * (SG_MAX_ORDER + 1)];
    if (t->order == 0 && t->nnz == 0)
        fputs("0\n", of.f);             /* a scalar always has its value */
    for (size_t i = 0; i < t->nnz; i++) {
        size_t n = 0;
        for (size_t k = 0; k < ord; k++) {
            n += sg_fmt_i64(line + n, t->crd[i * ord + k] + 1);
            line[n++] = ' ';
        }
        n += sg_fmt_i64(line + n, t->val[i]);
        line[n++] = '\n';
        fwrite(line, 1, n, of.f);
    }
    return sg_outfile_commit(&of, e);
}
