/*
 * textscan.h - the number scanner shared by the tensor file readers.
 *
 * Tensor files are read whole into memory (NUL-terminated) and scanned with
 * hand-rolled number parsers: sscanf per field was several times too slow
 * for million-entry matrices.  Reals take an exact fast path (at most 19
 * significant digits, |exponent| <= 22, mantissa <= 2^53: one correctly
 * rounded multiply or divide) and fall back to strtod otherwise, so the
 * result is always the correctly rounded double.  Value conversion follows
 * docs/values.md.  Internal to the tensor readers of core/ (mtx.c, tns.c,
 * samdir.c), which tensor_io.c dispatches to; the read options' defaults
 * live here, below all of them, and so do the steps the Matrix Market and
 * .tns readers and writers share (reserving entries, sorting and merging
 * them at the end, printing one).
 */
#ifndef SG_TEXTSCAN_H
#define SG_TEXTSCAN_H

#include <stdint.h>
#include <stddef.h>

#include "core/err.h"
#include "core/tensor.h"

typedef struct sg_scan {
    const char *p, *end;   /* cursor and end of buffer (*end == '\0') */
    long line;             /* 1-based line of the cursor */
    const char *path;      /* for messages */
} sg_scan;

/* A reader's options: o, or the defaults (sg_read_opts_default) stored in
 * *def when o is NULL. */
const sg_read_opts *sg_read_opts_or(const sg_read_opts *o, sg_read_opts *def);

/* The longest line a tensor file may have (bytes, newline excluded). */
#define SG_LINE_MAX ((size_t)1 << 20)

/* Read a text file into a malloc'd NUL-terminated buffer, checking each
 * line as it arrives, so that a huge or endless non-text input (a link to
 * /dev/zero, a binary file) is refused after its first bad line instead
 * of being read whole.  A line must be blank, a comment (its first
 * non-blank byte is one of `comments`, "" for none) or made of the bytes
 * a number line can hold (digits, + - . e E, blanks); a NUL byte or a line
 * longer than SG_LINE_MAX fails with the line's number.  At the first
 * other line reading stops: the buffer ends with that line and
 * *stop_line is its number (0 when the whole file was read), for the
 * parser to report it in its own words. */
int sg_slurp(const char *path, const char *comments, char **buf, size_t *len,
             long *stop_line, sg_err *e);
/* After a successful parse of a buffer sg_slurp stopped early: the
 * error for the line it stopped at (always -1). */
int sg_slurp_stopped(const char *path, long stop_line, sg_err *e);

/* Read a whole file, unchecked, into a malloc'd NUL-terminated *text (for
 * the project's own files: templates, Verilog).  Returns 0, or -1 with
 * "PATH: cannot open/read error" in e (exit 2). */
int sg_read_text(const char *path, char **text, sg_err *e);
/* sg_read_text, also giving the number of bytes read (a NUL byte in the
 * file shows as strlen(*text) < *len). */
int sg_read_text_n(const char *path, char **text, size_t *len, sg_err *e);

static inline void sg_scan_init(sg_scan *s, const char *path, const char *buf,
                                size_t len)
{
    s->p = buf;
    s->end = buf + len;
    s->line = 1;
    s->path = path;
}

/* Skip spaces, tabs and carriage returns (not newlines). */
static inline void sg_scan_blanks(sg_scan *s)
{
    while (s->p < s->end && (*s->p == ' ' || *s->p == '\t' || *s->p == '\r'))
        s->p++;
}

/* At a newline or the end of the buffer (after blanks). */
static inline int sg_scan_eol(sg_scan *s)
{
    sg_scan_blanks(s);
    return s->p >= s->end || *s->p == '\n';
}

/* Move past the next newline (or to the end). */
static inline void sg_scan_skip_line(sg_scan *s)
{
    while (s->p < s->end && *s->p != '\n')
        s->p++;
    if (s->p < s->end) {
        s->p++;
        s->line++;
    }
}

/* Fail unless only blanks remain on the line, then move past it. */
int sg_scan_end_line(sg_scan *s, sg_err *e);

/* Non-negative decimal integer field (what names it in messages). */
int sg_scan_uint(sg_scan *s, const char *what, int64_t *out, sg_err *e);
/* Integer value field, taken modulo 2^w. */
int sg_scan_int_value(sg_scan *s, int w, int64_t *out, sg_err *e);
/* Real value field: for an integer type (sg_read_vt(o)) times o->scale,
 * rounded half away from zero, mod 2^W, counted in o->stats when it was
 * not an integer; for a real type read exactly to its bits. */
int sg_scan_real_value(sg_scan *s, const sg_read_opts *o, int64_t *out,
                       sg_err *e);
/* Value field of a file without a declared type (.tns, SAM vals): an
 * integer literal is exact when scale is 1, anything else is a real (for
 * a real type, every literal is read exactly to its bits). */
int sg_scan_any_value(sg_scan *s, const sg_read_opts *o, int64_t *out,
                      sg_err *e);

/* Convert a real per the value semantics; -1 when it is not finite. */
int sg_value_from_real(double x, double scale, int w, int64_t *out);

/* Allocate room for cap entries (at least 16) of the freshly initialised t,
 * line tracking on: a reader's one reservation from the text's size. */
void sg_scan_reserve(sg_coo *t, size_t cap);

/* A reader's first step: *t zeroed, s at the start of buf (len bytes) of
 * the file at path; returns the options to read with (o, or the defaults
 * stored in *def when o is NULL). */
const sg_read_opts *sg_scan_start(sg_scan *s, const char *path,
                                  const char *buf, size_t len,
                                  const sg_read_opts *o, sg_read_opts *def,
                                  sg_coo *t);

/* A reader's last step: when rc (its result so far) is 0, sort t's entries
 * and merge duplicates per o; on failure, here or before (rc < 0), free t.
 * Returns 0 or -1. */
int sg_scan_finish(sg_coo *t, int rc, const sg_read_opts *o,
                   const char *path, sg_err *e);

/* Format one entry as a text line: the ord coordinates 1-based, then the
 * value, separated by spaces, with the newline; returns its length (line
 * needs 21 bytes per field). */
size_t sg_fmt_entry(char *line, const int64_t *crd, size_t ord, int64_t val,
                    int vt);

#endif
