/*
 * tns.c - FROSTT .tns reader and writer.
 *
 * A .tns file has one entry per line: the order's 1-based coordinates, then
 * the value.  '#' starts a comment line; blank lines are ignored.  The order
 * is the field count of the first entry minus one (a line holding a single
 * number is a 0-order tensor, a scalar).  The shape is the largest
 * coordinate of each mode, unless a "# shape d0 d1 .." comment (which the
 * writer emits) declares it, in which case coordinates are checked against
 * it (sg_coo.shape_inferred tells which).  A file with no entries needs the
 * shape line, unless the caller accepts a tensor of unknown order (empty_ok:
 * graph bindings, which take the shape from the graph's other operands).
 * Values have no declared type: see sg_scan_any_value.
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

/* What the lines read so far have fixed: the order (from the first entry)
 * and the declared shape (from a shape comment before it), and each mode's
 * largest coordinate. */
typedef struct tns {
    int order, declared;
    int64_t dshape[SG_MAX_ORDER];
    int64_t maxc[SG_MAX_ORDER];
} tns;

/* A comment line: only one before the first entry may declare the shape. */
static int comment_line(sg_scan *s, tns *n, sg_err *e)
{
    if (n->order < 0 && n->declared < 0) {
        int k = shape_comment(s, n->dshape, e);
        if (k == -2)
            return -1;
        if (k >= 0)
            n->declared = k;
    }
    sg_scan_skip_line(s);
    return 0;
}

/* The first entry fixes the order (its field count minus one), which must
 * agree with a declared shape; reserves room from the text's size. */
static int first_entry(sg_scan *s, size_t len, tns *n, sg_coo *t, sg_err *e)
{
    int nf = count_fields(s);
    n->order = nf - 1;
    if (n->order > SG_MAX_ORDER)
        return sg_errf(e, s->path, s->line,
                       "%d coordinates per entry; at most %d supported",
                       n->order, SG_MAX_ORDER);
    if (n->declared >= 0 && n->declared != n->order)
        return sg_errf(e, s->path, s->line,
                       "entry has %d coordinates but the shape comment "
                       "declares %d modes", n->order, n->declared);
    sg_coo_init(t, n->order, NULL);
    sg_scan_reserve(t, len / (size_t)(2 * nf + 1) + 1);
    return 0;
}

/* One entry line: order 1-based coordinates (checked against a declared
 * shape), then the value, then nothing. */
static int entry_line(sg_scan *s, tns *n, const sg_read_opts *o, sg_coo *t,
                      sg_err *e)
{
    int64_t c[SG_MAX_ORDER], v;
    long line = s->line;
    for (int k = 0; k < n->order; k++) {
        if (sg_scan_eol(s))
            return sg_errf(e, s->path, line,
                           "expected %d coordinates and a value", n->order);
        if (sg_scan_uint(s, "coordinate", &c[k], e) < 0)
            return -1;
        if (c[k] < 1)
            return sg_errf(e, s->path, line,
                           "coordinate 0 in mode %d (.tns is 1-based)", k);
        if (n->declared >= 0 && c[k] > n->dshape[k])
            return sg_errf(e, s->path, line,
                           "coordinate %lld out of range 1..%lld in mode %d",
                           (long long)c[k], (long long)n->dshape[k], k);
        if (c[k] > n->maxc[k])
            n->maxc[k] = c[k];
        c[k]--;
    }
    if (sg_scan_eol(s))
        return sg_errf(e, s->path, line, "expected %d coordinates and a value",
                       n->order);
    if (sg_scan_any_value(s, o, &v, e) < 0)
        return -1;
    if (!sg_scan_eol(s))
        return sg_errf(e, s->path, line,
                       "too many fields (the first entry has %d coordinates)",
                       n->order);
    sg_scan_skip_line(s);
    sg_coo_push_line(t, c, v, line);
    return 0;
}

/* Every line: blank, comment or entry. */
static int read_lines(sg_scan *s, size_t len, tns *n, const sg_read_opts *o,
                      sg_coo *t, sg_err *e)
{
    for (;;) {
        sg_scan_blanks(s);
        if (s->p >= s->end)
            return 0;
        if (*s->p == '\n') {
            sg_scan_skip_line(s);
            continue;
        }
        if (*s->p == '#') {
            if (comment_line(s, n, e) < 0)
                return -1;
            continue;
        }
        if (n->order < 0 && first_entry(s, len, n, t, e) < 0)
            return -1;
        if (entry_line(s, n, o, t, e) < 0)
            return -1;
    }
}

int sg_tns_parse(const char *path, const char *buf, size_t len,
                 const sg_read_opts *o, sg_coo *t, sg_err *e)
{
    sg_read_opts def;
    sg_scan sc, *s = &sc;
    o = sg_scan_start(s, path, buf, len, o, &def, t);
    tns n;
    memset(&n, 0, sizeof n);
    n.order = n.declared = -1;
    if (read_lines(s, len, &n, o, t, e) < 0)
        return sg_scan_finish(t, -1, o, path, e);
    if (n.order < 0) {
        if (n.declared > 0) {
            /* An empty tensor whose shape the comment gives. */
            sg_coo_init(t, n.declared, n.dshape);
            return 0;
        }
        if (o->empty_ok) {
            /* No entries and no shape: the order and shape are unknown. */
            sg_coo_init(t, -1, NULL);
            t->shape_inferred = 1;
            return 0;
        }
        return sg_errf(e, path, 0, "empty file: no entries");
    }
    for (int k = 0; k < n.order; k++)
        t->shape[k] = n.declared >= 0 ? n.dshape[k] : n.maxc[k];
    t->shape_inferred = n.declared < 0;
    return sg_scan_finish(t, 0, o, path, e);
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
        size_t n = sg_fmt_entry(line, t->crd + i * ord, ord, t->val[i], t->vt);
        fwrite(line, 1, n, of.f);
    }
    return sg_outfile_commit(&of, e);
}
