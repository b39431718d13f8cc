/*
 * mtx.c - Matrix Market reader and writer.
 *
 * Reads "%%MatrixMarket matrix coordinate|array real|integer|pattern
 * general|symmetric|skew-symmetric" files (complex and hermitian are
 * rejected with a message saying so).  Symmetric and skew-symmetric
 * matrices are expanded on load: an off-diagonal entry (i,j) also yields
 * (j,i), negated for skew-symmetric.  Explicit zeros are kept as stored
 * entries; every entry of an array file is stored.  Entries keep their line
 * numbers so that a duplicate can be reported where it occurs.
 */
#include "core/tensor.h"
#include "core/textscan.h"
#include "core/value.h"
#include "core/outfile.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { F_REAL, F_INTEGER, F_PATTERN };
enum { S_GENERAL, S_SYMMETRIC, S_SKEW };

/* Next word of the header line, lower-cased into w (at most cap-1 bytes). */
static size_t header_word(sg_scan *s, char *w, size_t cap)
{
    sg_scan_blanks(s);
    size_t n = 0;
    while (s->p < s->end && *s->p != ' ' && *s->p != '\t' && *s->p != '\r' &&
           *s->p != '\n') {
        char c = *s->p++;
        if (n + 1 < cap)
            w[n++] = (char)((c >= 'A' && c <= 'Z') ? c - 'A' + 'a' : c);
    }
    w[n] = '\0';
    return n;
}

/* Skip comment ('%') and blank lines. Returns 0 at a data line, -1 at end. */
static int next_data_line(sg_scan *s)
{
    for (;;) {
        sg_scan_blanks(s);
        if (s->p >= s->end)
            return -1;
        if (*s->p == '%' || *s->p == '\n') {
            sg_scan_skip_line(s);
            continue;
        }
        return 0;
    }
}

static int parse_value(sg_scan *s, int field, const sg_read_opts *o,
                       int64_t *v, sg_err *e)
{
    switch (field) {
    case F_REAL: return sg_scan_real_value(s, o, v, e);
    case F_INTEGER:
        if (sg_vt_is_fp(sg_read_vt(o)))
            return sg_scan_real_value(s, o, v, e);
        return sg_scan_int_value(s, o->width, v, e);
    default: *v = sg_val_from_int(sg_read_vt(o), 1); return 0;
    }
}

/* What the header and size line say, and where an array file's next
 * entry goes. */
typedef struct mtx {
    int array, field, sym;
    int64_t shape[2];
    int64_t want;          /* entries the file must hold */
    int64_t ai, aj;        /* array files: next row and column */
} mtx;

/* The header's field word ("real", ...): kept apart from parse_header for
 * its own refusals (complex) and message. */
static int header_field(const char *path, const char *w, int *field, sg_err *e)
{
    if (strcmp(w, "real") == 0 || strcmp(w, "double") == 0)
        *field = F_REAL;
    else if (strcmp(w, "integer") == 0)
        *field = F_INTEGER;
    else if (strcmp(w, "pattern") == 0)
        *field = F_PATTERN;
    else if (strcmp(w, "complex") == 0)
        return sg_errf(e, path, 1,
                       "complex matrices are not supported (values are W-bit "
                       "integers)");
    else
        return sg_errf(e, path, 1,
                       "unknown field '%s' (expected real, integer or pattern)",
                       w);
    return 0;
}

/* The header's symmetry word: like header_field, one word, its refusals. */
static int header_symmetry(const char *path, const char *w, int *sym,
                           sg_err *e)
{
    if (strcmp(w, "general") == 0)
        *sym = S_GENERAL;
    else if (strcmp(w, "symmetric") == 0)
        *sym = S_SYMMETRIC;
    else if (strcmp(w, "skew-symmetric") == 0)
        *sym = S_SKEW;
    else if (strcmp(w, "hermitian") == 0)
        return sg_errf(e, path, 1, "hermitian matrices are not supported");
    else
        return sg_errf(e, path, 1,
                       "unknown symmetry '%s' (expected general, symmetric or "
                       "skew-symmetric)", w);
    return 0;
}

/* The "%%MatrixMarket matrix FORMAT FIELD SYMMETRY" line, words in order,
 * each refused with its own message; leaves s on the next line. */
static int parse_header(sg_scan *s, const char *path, mtx *m, sg_err *e)
{
    char w[32];
    header_word(s, w, sizeof w);
    if (strcmp(w, "%%matrixmarket") != 0)
        return sg_errf(e, path, 1,
                       "not a Matrix Market file (expected a "
                       "'%%%%MatrixMarket' header)");
    header_word(s, w, sizeof w);
    if (strcmp(w, "matrix") != 0)
        return sg_errf(e, path, 1, "unsupported object '%s' (only 'matrix')",
                       w);
    header_word(s, w, sizeof w);
    if (strcmp(w, "coordinate") == 0)
        m->array = 0;
    else if (strcmp(w, "array") == 0)
        m->array = 1;
    else
        return sg_errf(e, path, 1,
                       "unknown format '%s' (expected coordinate or array)", w);
    header_word(s, w, sizeof w);
    if (header_field(path, w, &m->field, e) < 0)
        return -1;
    header_word(s, w, sizeof w);
    if (header_symmetry(path, w, &m->sym, e) < 0)
        return -1;
    if (!sg_scan_eol(s))
        return sg_errf(e, path, 1, "unexpected words after the header");
    if (m->array && m->field == F_PATTERN)
        return sg_errf(e, path, 1, "pattern matrices must be in coordinate "
                                   "format");
    sg_scan_skip_line(s);
    return 0;
}

/* The size line ("rows cols [entries]"), checked against the header, and
 * the number of entries the file must hold. */
static int parse_size(sg_scan *s, const char *path, mtx *m, sg_err *e)
{
    if (next_data_line(s) < 0)
        return sg_errf(e, path, s->line, "missing size line");
    int64_t *shape = m->shape, nnz = 0;
    if (sg_scan_uint(s, "row count", &shape[0], e) < 0 ||
        sg_scan_uint(s, "column count", &shape[1], e) < 0)
        return -1;
    if (m->array) {
        if (shape[0] && shape[1] > INT64_MAX / shape[0])
            return sg_errf(e, path, s->line, "matrix size overflows");
        nnz = shape[0] * shape[1];
    } else if (sg_scan_uint(s, "entry count", &nnz, e) < 0) {
        return -1;
    }
    long size_line = s->line;
    if (sg_scan_end_line(s, e) < 0)
        return -1;
    if (m->sym != S_GENERAL && shape[0] != shape[1])
        return sg_errf(e, path, size_line,
                       "%s matrix must be square (%lld x %lld)",
                       m->sym == S_SYMMETRIC ? "symmetric" : "skew-symmetric",
                       (long long)shape[0], (long long)shape[1]);
    if (!m->array && nnz > 0) {
        int overflow = shape[0] && shape[1] > INT64_MAX / shape[0];
        if (!overflow && nnz > shape[0] * shape[1])
            return sg_errf(e, path, size_line,
                           "%lld entries do not fit a %lld x %lld matrix",
                           (long long)nnz, (long long)shape[0],
                           (long long)shape[1]);
    }
    m->want = nnz;
    if (m->array && m->sym == S_SYMMETRIC)
        m->want = shape[0] * (shape[0] + 1) / 2;
    else if (m->array && m->sym == S_SKEW)
        m->want = shape[0] ? shape[0] * (shape[0] - 1) / 2 : 0;
    return 0;
}

/* An array file's entry: a value alone, its position implied.  Column-major;
 * symmetric: lower triangle with diagonal; skew-symmetric: strictly lower
 * triangle. */
static int array_entry(sg_scan *s, mtx *m, const sg_read_opts *o, int64_t *c,
                       int64_t *v, sg_err *e)
{
    c[0] = m->ai;
    c[1] = m->aj;
    if (parse_value(s, m->field, o, v, e) < 0)
        return -1;
    m->ai++;
    if (m->ai >= m->shape[0]) {
        m->aj++;
        m->ai = m->sym == S_GENERAL ? 0 : m->sym == S_SYMMETRIC ? m->aj
                                                                : m->aj + 1;
    }
    return 0;
}

/* A coordinate file's entry: 1-based row and column, checked, then the
 * value (none for pattern). */
static int coordinate_entry(sg_scan *s, const char *path, const mtx *m,
                            const sg_read_opts *o, int64_t *c, int64_t *v,
                            sg_err *e)
{
    if (sg_scan_uint(s, "row index", &c[0], e) < 0 ||
        sg_scan_uint(s, "column index", &c[1], e) < 0)
        return -1;
    for (int k = 0; k < 2; k++)
        if (c[k] < 1 || c[k] > m->shape[k])
            return sg_errf(e, path, s->line,
                           "%s index %lld out of range 1..%lld",
                           k ? "column" : "row", (long long)c[k],
                           (long long)m->shape[k]);
    c[0]--;
    c[1]--;
    if (parse_value(s, m->field, o, v, e) < 0)
        return -1;
    if (m->sym == S_SKEW && c[0] == c[1])
        return sg_errf(e, path, s->line,
                       "skew-symmetric matrix with a diagonal entry");
    return 0;
}

/* Store an entry, and its mirror for a (skew-)symmetric file. */
static void push_entry(sg_coo *t, const mtx *m, const int64_t *c, int64_t v,
                       int vt, long line)
{
    sg_coo_push_line(t, c, v, line);
    if (m->sym != S_GENERAL && c[0] != c[1]) {
        int64_t mc[2] = {c[1], c[0]};
        int64_t mv = m->sym == S_SKEW
                         ? sg_val_neg(vt, v)
                         : v;
        sg_coo_push_line(t, mc, mv, line);
    }
}

/* The want entries the size line declares, and no more. */
static int read_entries(sg_scan *s, const char *path, mtx *m,
                        const sg_read_opts *o, sg_coo *t, sg_err *e)
{
    for (int64_t got = 0; got < m->want; got++) {
        if (next_data_line(s) < 0)
            return sg_errf(e, path, s->line,
                           "truncated file: %lld of %lld entries present",
                           (long long)got, (long long)m->want);
        int64_t c[2], v;
        if (m->array ? array_entry(s, m, o, c, &v, e)
                     : coordinate_entry(s, path, m, o, c, &v, e))
            return -1;
        long line = s->line;
        if (sg_scan_end_line(s, e) < 0)
            return -1;
        push_entry(t, m, c, v, sg_read_vt(o), line);
    }
    if (next_data_line(s) == 0)
        return sg_errf(e, path, s->line,
                       "more entries than the %lld the size line declares",
                       (long long)m->want);
    return 0;
}

int sg_mtx_parse(const char *path, const char *buf, size_t len,
                 const sg_read_opts *o, sg_coo *t, sg_err *e)
{
    sg_read_opts def;
    sg_scan sc, *s = &sc;
    o = sg_scan_start(s, path, buf, len, o, &def, t);
    if (len == 0)
        return sg_errf(e, path, 0, "empty file");
    mtx m;
    memset(&m, 0, sizeof m);
    if (parse_header(s, path, &m, e) < 0 || parse_size(s, path, &m, e) < 0)
        return -1;
    sg_coo_init(t, 2, m.shape);
    /* Reserve, but never more than the text could possibly hold. */
    size_t guess = (size_t)m.want;
    if (guess > len / 4 + 1)
        guess = len / 4 + 1;
    if (m.sym != S_GENERAL)
        guess *= 2;
    sg_scan_reserve(t, guess);
    return sg_scan_finish(t, read_entries(s, path, &m, o, t, e), o, path, e);
}

int sg_mtx_write(const char *path, const sg_coo *t, sg_err *e)
{
    if (t->order != 2)
        return sg_errf(e, path, 0,
                       "Matrix Market holds matrices only (this tensor has "
                       "order %d); write .tns instead", t->order);
    sg_outfile of;
    if (sg_outfile_open(&of, path, e) < 0)
        return -1;
    fprintf(of.f, "%%%%MatrixMarket matrix coordinate %s general\n",
            sg_vt_is_fp(t->vt) ? "real" : "integer");
    fprintf(of.f, "%lld %lld %zu\n", (long long)t->shape[0],
            (long long)t->shape[1], t->nnz);
    char line[96];
    for (size_t i = 0; i < t->nnz; i++) {
        size_t n = sg_fmt_entry(line, t->crd + 2 * i, 2, t->val[i], t->vt);
        fwrite(line, 1, n, of.f);
    }
    return sg_outfile_commit(&of, e);
}
