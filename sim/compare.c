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
        snprintf(out, 24, "(end)");
    else
        sg_tok_format(a->t[i], k, out);
}

/* "... a b [x] c d ..." around index i. */
static void context_line(char *buf, size_t cap, size_t *len, const char *label,
                         const sg_toks *a, size_t i, size_t ctx,
                         sg_stream_kind k)
{
    char w[32];
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

/* The report of r's mismatch on expected line el (actual line al, NULL
 * when the simulation recorded none), at token r->index. */
static void write_report(sg_cmp_result *r, const sg_cmp_opts *o, const sg_stream_line *el,
                         const sg_stream_line *al, const sg_stream_file *actual)
{
    size_t idx = r->index;
    char *b = r->report;
    size_t cap = sizeof r->report, len = 0;
    int is_mem = has_prefix(el->name, "out_arr_");
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
    char et[32], at[32];
    tok_text(&el->toks, idx, el->kind, et);
    tok_text(&al->toks, idx, el->kind, at);
    put(b, cap, &len, "  %s %zu", is_mem ? "entry" : "token", idx);
    if (r->cycle >= 0)
        put(b, cap, &len, " (cycle %ld)", r->cycle);
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

int sg_compare_traces(const sg_stream_file *expected,
                      const sg_stream_file *actual, const sg_cmp_opts *o,
                      sg_cmp_result *r, sg_err *e)
{
    sg_cmp_opts def;
    if (!o) {
        sg_cmp_opts_default(&def);
        o = &def;
    }
    memset(r, 0, sizeof *r);
    r->cycle = -1;
    if (!expected || !actual)
        return sg_errf(e, NULL, 0, "compare: missing trace");

    const sg_stream_line *best_exp = NULL, *best_act = NULL;
    size_t best_idx = 0;
    long best_rank = 0;

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
        if (!best_exp || rank < best_rank) {
            best_exp = el;
            best_act = al;
            best_idx = idx;
            best_rank = rank;
        }
    }
    for (size_t s = 0; s < actual->n; s++)
        if (sg_compare_is_checked(actual->lines[s].name) &&
            !sg_stream_file_get(expected, actual->lines[s].name))
            r->n_extra++;
    if (!best_exp)
        return 0;

    r->mismatch = 1;
    r->index = best_idx;
    snprintf(r->stream, sizeof r->stream, "%s", best_exp->name);
    r->cycle = best_act && best_idx < best_act->toks.n
                   ? cycle_at(actual, best_exp->name, best_idx) : -1;

    write_report(r, o, best_exp, best_act, actual);
    return 0;
}
