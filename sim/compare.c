/*
 * compare.c - first-mismatch trace comparison (see compare.h).
 *
 * Every expected stream is compared with the actual stream of the same name.
 * For each differing stream we note the first differing index and the cycle
 * of the actual token there; the stream whose mismatch happened earliest is
 * reported, with a few tokens of context from both sides.
 */
#include "sim/compare.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RANK_MISSING (LONG_MAX - 1)   /* token never produced */
#define RANK_MEMORY LONG_MAX          /* output memory contents */

void sg_cmp_opts_default(sg_cmp_opts *o)
{
    memset(o, 0, sizeof *o);
    o->context = 4;
}

static int has_prefix(const char *s, const char *p)
{
    return strncmp(s, p, strlen(p)) == 0;
}

int sg_compare_is_checked(const char *name)
{
    return !has_prefix(name, "arr_") && !has_prefix(name, "param_") &&
           !has_prefix(name, "cyc_");
}

/* Append formatted text to buf (size cap, current length *len). */
static void put(char *buf, size_t cap, size_t *len, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void put(char *buf, size_t cap, size_t *len, const char *fmt, ...)
{
    if (*len + 1 >= cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf + *len, cap - *len, fmt, ap);
    va_end(ap);
    if (n > 0)
        *len = (size_t)n < cap - *len ? *len + (size_t)n : cap - 1;
}

static void tok_text(const sg_toks *a, size_t i, sg_stream_kind k, char *out)
{
    if (i >= a->n)
        snprintf(out, SG_TOK_TEXT, "(end)");
    else
        sg_tok_format(a->t[i], k, out);
}

/* "... a b [x] c d ..." around index i. */
static void context_line(char *buf, size_t cap, size_t *len, const char *label,
                         const sg_toks *a, size_t i, size_t ctx,
                         sg_stream_kind k)
{
    char w[SG_TOK_TEXT];
    size_t lo = i > ctx ? i - ctx : 0;
    size_t hi = i + ctx + 1;
    put(buf, cap, len, "  %-9s", label);
    if (lo > 0)
        put(buf, cap, len, " ...");
    for (size_t j = lo; j < hi && j < a->n; j++) {
        sg_tok_format(a->t[j], k, w);
        put(buf, cap, len, j == i ? " [%s]" : " %s", w);
    }
    if (i >= a->n)
        put(buf, cap, len, " [(end)]");
    else if (hi < a->n)
        put(buf, cap, len, " ...");
    put(buf, cap, len, "\n");
}

const char *sg_compare_cycle_name(const char *name, char *buf, size_t n)
{
    size_t len = 0;
    put(buf, n, &len, "cyc_");
    while (*name) {
        if (strncmp(name, "repsig", 6) == 0) {
            put(buf, n, &len, "rsig");
            name += 6;
        } else {
            put(buf, n, &len, "%c", *name++);
        }
    }
    return buf;
}

static long cycle_at(const sg_stream_file *act, const char *name, size_t i)
{
    char cname[192];
    sg_compare_cycle_name(name, cname, sizeof cname);
    const sg_stream_line *c = sg_stream_file_get(act, cname);
    if (!c || i >= c->toks.n)
        return -1;
    return (long)c->toks.t[i].v;
}

/* The report of mismatch m on expected line el (actual line al, NULL
 * when the simulation recorded none). */
static void write_report(sg_cmp_mismatch *m, const sg_cmp_opts *o, const sg_stream_line *el,
                         const sg_stream_line *al, const sg_stream_file *actual)
{
    size_t idx = m->index;
    char *b = m->report;
    size_t cap = sizeof m->report, len = 0;
    int is_mem = m->is_memory;
    put(b, cap, &len, "MISMATCH on %s %s\n", is_mem ? "memory" : "stream",
        el->name);
    char desc[256];
    if (o->describe && o->describe(o->ctx, el->name, desc, sizeof desc) == 0)
        put(b, cap, &len, "  edge:     %s\n", desc);
    if (!al) {
        put(b, cap, &len, "  the simulation recorded no tokens on it\n");
        context_line(b, cap, &len, "expected:", &el->toks, 0, o->context,
                     el->kind);
        return;
    }
    char et[SG_TOK_TEXT], at[SG_TOK_TEXT];
    tok_text(&el->toks, idx, el->kind, et);
    tok_text(&al->toks, idx, el->kind, at);
    put(b, cap, &len, "  %s %zu", is_mem ? "entry" : "token", idx);
    if (m->cycle >= 0)
        put(b, cap, &len, " (cycle %ld)", m->cycle);
    else if (!is_mem && idx >= al->toks.n) {
        long last = idx > 0 ? cycle_at(actual, el->name, idx - 1) : -1;
        if (last >= 0)
            put(b, cap, &len, " (never produced; previous token at cycle %ld)", last);
        else
            put(b, cap, &len, " (never produced)");
    }
    put(b, cap, &len, ": expected %s, actual %s\n", et, at);
    context_line(b, cap, &len, "expected:", &el->toks, idx,
                 o->context, el->kind);
    context_line(b, cap, &len, "actual:", &al->toks, idx,
                 o->context, el->kind);
}

/* A differing stream while collecting: its rank and file position. */
typedef struct cand {
    const sg_stream_line *el, *al;
    size_t idx, pos;
    long rank;
} cand;

static int cand_cmp(const void *a, const void *b)
{
    const cand *x = a, *y = b;
    if (x->rank != y->rank)
        return x->rank < y->rank ? -1 : 1;
    return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* Every checked stream of expected that differs from actual (or is missing
 * there), with its first differing token and rank; counts the streams and
 * tokens into r. */
static cand *collect(const sg_stream_file *expected, const sg_stream_file *actual,
                     sg_cmp_result *r, size_t *n)
{
    cand *cs = NULL;
    size_t nc = 0, capc = 0;
    for (size_t s = 0; s < expected->n; s++) {
        const sg_stream_line *el = &expected->lines[s];
        if (!sg_compare_is_checked(el->name))
            continue;
        r->n_streams++;
        r->n_tokens += el->toks.n;
        const sg_stream_line *al = sg_stream_file_get(actual, el->name);
        size_t idx;
        long rank;
        if (!al) {
            idx = 0;
            rank = RANK_MISSING;
        } else {
            idx = sg_toks_first_diff(&el->toks, &al->toks);
            if (idx == SIZE_MAX)
                continue;
            if (has_prefix(el->name, "out_arr_"))
                rank = RANK_MEMORY;
            else if (idx < al->toks.n) {
                long c = cycle_at(actual, el->name, idx);
                rank = c < 0 ? RANK_MISSING - 1 : c;
            } else
                rank = RANK_MISSING;
        }
        sg_grow((void **)&cs, &capc, nc + 1, sizeof *cs);
        cand c = {el, al, idx, s, rank};
        cs[nc++] = c;
    }
    *n = nc;
    return cs;
}

/* One mismatch report from its candidate. */
static void fill(sg_cmp_mismatch *m, const cand *c, const sg_cmp_opts *o,
                 const sg_stream_file *actual)
{
    snprintf(m->stream, sizeof m->stream, "%s", c->el->name);
    m->kind = c->el->kind;
    m->is_memory = has_prefix(c->el->name, "out_arr_");
    m->no_actual = c->al == NULL;
    m->index = c->idx;
    m->cycle = c->al && c->idx < c->al->toks.n ? cycle_at(actual, c->el->name, c->idx)
                                               : -1;
    m->has_expected = c->idx < c->el->toks.n;
    if (m->has_expected)
        m->expected = c->el->toks.t[c->idx];
    m->has_actual = c->al && c->idx < c->al->toks.n;
    if (m->has_actual)
        m->actual = c->al->toks.t[c->idx];
    write_report(m, o, c->el, c->al, actual);
}

int sg_compare_all(const sg_stream_file *expected, const sg_stream_file *actual,
                   const sg_cmp_opts *o, sg_cmp_result *r, sg_cmp_mismatch **list,
                   size_t *n, sg_err *e)
{
    sg_cmp_opts def;
    if (!o) {
        sg_cmp_opts_default(&def);
        o = &def;
    }
    memset(r, 0, sizeof *r);
    r->cycle = -1;
    if (list)
        *list = NULL;
    if (n)
        *n = 0;
    if (!expected || !actual)
        return sg_errf(e, NULL, 0, "compare: missing trace");

    size_t nc;
    cand *cs = collect(expected, actual, r, &nc);
    for (size_t s = 0; s < actual->n; s++)
        if (sg_compare_is_checked(actual->lines[s].name) &&
            !sg_stream_file_get(expected, actual->lines[s].name))
            r->n_extra++;
    if (nc == 0) {
        free(cs);
        return 0;
    }
    qsort(cs, nc, sizeof *cs, cand_cmp);
    /* Only the first one's report when no list is wanted. */
    size_t want = list ? nc : 1;
    sg_cmp_mismatch *ms = sg_calloc(want, sizeof *ms);
    for (size_t k = 0; k < want; k++) {
        fill(&ms[k], &cs[k], o, actual);
    }
    free(cs);
    r->mismatch = 1;
    r->index = ms[0].index;
    r->cycle = ms[0].cycle;
    snprintf(r->stream, sizeof r->stream, "%s", ms[0].stream);
    memcpy(r->report, ms[0].report, sizeof r->report);
    if (list) {
        *list = ms;
        *n = want;
    } else {
        free(ms);
    }
    return 0;
}

int sg_compare_traces(const sg_stream_file *expected,
                      const sg_stream_file *actual, const sg_cmp_opts *o,
                      sg_cmp_result *r, sg_err *e)
{
    return sg_compare_all(expected, actual, o, r, NULL, NULL, e);
}
