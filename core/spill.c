/*
 * spill.c - token streams on disk (spill.h).
 *
 * The code of a token: the first byte holds the tag in bits 1:0, the low 5
 * bits of the zigzag-coded value in bits 6:2 and in bit 7 whether more
 * bytes follow; each further byte holds 7 more bits, low first, and bit 7
 * as before.  Stops and data have values; done and empty code as 0.
 */
#include "core/spill.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

int sg_spill_open(sg_spill *s, size_t n_edges, sg_err *e)
{
    memset(s, 0, sizeof *s);
    s->reading = -1;
    s->edge = sg_calloc(n_edges ? n_edges : 1, sizeof *s->edge);
    s->n_edges = n_edges;
    for (size_t k = 0; k < n_edges; k++) {
        s->edge[k].f = tmpfile();
        if (!s->edge[k].f) {
            int en = errno;
            sg_spill_close(s);
            return sg_errf(e, NULL, 0, "cannot create a temporary file for the golden "
                           "streams: %s", strerror(en));
        }
    }
    return 0;
}

void sg_spill_push(sg_spill *s, size_t k, sg_tok t)
{
    unsigned char b[11];
    uint64_t z = ((uint64_t)t.v << 1) ^ (uint64_t)(t.v >> 63);   /* zigzag */
    size_t n = 0;
    b[n] = (unsigned char)((t.kind & 3) | (int)((z & 0x1f) << 2));
    z >>= 5;
    while (z) {
        b[n++] |= 0x80;
        b[n] = (unsigned char)(z & 0x7f);
        z >>= 7;
    }
    n++;
    sg_spill_edge *se = &s->edge[k];
    if (fwrite(b, 1, n, se->f) != n)
        s->err = 1;
    se->n++;
}

int sg_spill_check(const sg_spill *s, sg_err *e)
{
    if (s->err)
        return sg_errf(e, NULL, 0, "cannot write the golden streams to a temporary file "
                       "(disk full?)");
    return 0;
}

int sg_spill_rewind(sg_spill *s, size_t k, sg_err *e)
{
    if (sg_spill_check(s, e) < 0)
        return -1;
    if (fflush(s->edge[k].f) != 0 || fseek(s->edge[k].f, 0, SEEK_SET) != 0)
        return sg_errf(e, NULL, 0, "cannot read back the golden streams: %s",
                       strerror(errno));
    s->reading = (int)k;
    return 0;
}

int sg_spill_next(sg_spill *s, sg_tok *t, sg_err *e)
{
    FILE *f = s->edge[s->reading].f;
    int c = getc(f);
    if (c == EOF)
        return ferror(f) ? sg_errf(e, NULL, 0, "cannot read back the golden streams") : 0;
    int kind = c & 3;
    uint64_t z = (uint64_t)(c >> 2 & 0x1f);
    int sh = 5;
    while (c & 0x80) {
        c = getc(f);
        if (c == EOF || sh > 63)
            return sg_errf(e, NULL, 0, "golden streams damaged in their temporary file");
        z |= (uint64_t)(c & 0x7f) << sh;
        sh += 7;
    }
    t->kind = kind;
    t->v = (int64_t)(z >> 1) ^ -(int64_t)(z & 1);
    return 1;
}

int sg_spill_load(sg_spill *s, size_t k, sg_toks *out, sg_err *e)
{
    if (sg_spill_rewind(s, k, e) < 0)
        return -1;
    sg_tok t;
    int r;
    while ((r = sg_spill_next(s, &t, e)) > 0)
        sg_toks_push(out, t);
    return r;
}

void sg_spill_close(sg_spill *s)
{
    for (size_t k = 0; s->edge && k < s->n_edges; k++)
        if (s->edge[k].f)
            fclose(s->edge[k].f);
    free(s->edge);
    memset(s, 0, sizeof *s);
    s->reading = -1;
}
