/*
 * einsum_parse.c - reading tensor index notation, format flags and the
 * loop-order schedule (see einsum.h).
 *
 * Grammar (spaces allowed between tokens):
 *   stmt   := access '=' expr
 *   expr   := ['+'|'-'] term { ('+'|'-') term }
 *   term   := factor { '*' factor }
 *   factor := access | integer
 *   access := NAME [ '(' IDX { ',' IDX } ')' ]     NAME = [A-Za-z_][A-Za-z0-9_]*
 * Index variables are single letters (they name graph nodes, "index=i").
 * Every error names the input, quotes it and gives the 1-based column.
 *
 * Sections: errors; expression; formats; schedule; finishing; one call.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/einsum.h"

/* ---- errors ----------------------------------------------------------- */

/* "WHAT 'TEXT', column COL: message", exit code 2. */
static int perr(sg_err *e, const char *what, const char *text, int col,
                const char *fmt, ...) __attribute__((format(printf, 5, 6)));
static int perr(sg_err *e, const char *what, const char *text, int col,
                const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "%s '%.80s', column %d: %s",
                   what, text, col, msg);
}

/* ---- expression --------------------------------------------------------- */

typedef struct parser {
    const char *s;
    size_t p;
    sg_einsum *es;
    sg_err *e;
} parser;

static void skip_ws(parser *ps)
{
    while (ps->s[ps->p] == ' ' || ps->s[ps->p] == '\t')
        ps->p++;
}

static int col_of(const parser *ps) { return (int)ps->p + 1; }

static int xerr(parser *ps, int col, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static int xerr(parser *ps, int col, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return perr(ps->e, "expression", ps->s, col, "%s", msg);
}

/* Describe the character at p for "expected X, found Y" messages. */
static const char *found(const parser *ps, char *buf)
{
    char c = ps->s[ps->p];
    if (!c)
        return "the end";
    snprintf(buf, 16, "'%c'", c);
    return buf;
}

static void index_note(sg_einsum *es, char v)
{
    if (!strchr(es->index, v) && es->n_index < SG_EINSUM_MAX_INDEX) {
        es->index[es->n_index++] = v;
        es->index[es->n_index] = '\0';
    }
}

/* NAME [ ( IDX, ... ) ] into t.  Index variables are recorded in es. */
static int parse_access(parser *ps, sg_einsum_tensor *t)
{
    char buf[16];
    memset(t, 0, sizeof *t);
    skip_ws(ps);
    t->col = col_of(ps);
    const char *s = ps->s;
    if (!(isalpha((unsigned char)s[ps->p]) || s[ps->p] == '_'))
        return xerr(ps, col_of(ps), "expected a tensor name, found %s",
                    found(ps, buf));
    size_t n = 0;
    while (isalnum((unsigned char)s[ps->p]) || s[ps->p] == '_') {
        if (n + 1 >= SG_NAME_MAX)
            return xerr(ps, t->col, "tensor name longer than %d characters",
                        SG_NAME_MAX - 1);
        t->name[n++] = s[ps->p++];
    }
    skip_ws(ps);
    if (s[ps->p] != '(')
        return 0;                       /* a scalar */
    ps->p++;
    for (;;) {
        skip_ws(ps);
        int c = col_of(ps);
        if (!isalpha((unsigned char)s[ps->p]))
            return xerr(ps, c, "expected an index variable, found %s",
                        found(ps, buf));
        char v = s[ps->p++];
        if (isalnum((unsigned char)s[ps->p]) || s[ps->p] == '_')
            return xerr(ps, c, "index variables are single letters");
        for (int k = 0; k < t->order; k++)
            if (t->idx[k] == v)
                return xerr(ps, c, "index '%c' used for two modes of '%s' "
                            "(a diagonal is not supported)", v, t->name);
        if (t->order >= SG_MAX_ORDER)
            return xerr(ps, c, "'%s' has more than %d indices", t->name,
                        SG_MAX_ORDER);
        t->idx[t->order++] = v;
        if (!strchr(ps->es->index, v) &&
            ps->es->n_index >= SG_EINSUM_MAX_INDEX)
            return xerr(ps, c, "more than %d index variables",
                        SG_EINSUM_MAX_INDEX);
        index_note(ps->es, v);
        skip_ws(ps);
        if (s[ps->p] == ',') {
            ps->p++;
            continue;
        }
        if (s[ps->p] == ')') {
            ps->p++;
            return 0;
        }
        return xerr(ps, col_of(ps), "expected ',' or ')', found %s",
                    found(ps, buf));
    }
}

static void idx_str(const sg_einsum_tensor *t, char *buf)
{
    size_t k = 0;
    buf[k++] = '(';
    for (int m = 0; m < t->order; m++) {
        if (m)
            buf[k++] = ',';
        buf[k++] = t->idx[m];
    }
    buf[k++] = ')';
    buf[k] = '\0';
}

/* Record a right-hand-side use; returns its tensor number or -1. */
static int use_tensor(parser *ps, const sg_einsum_tensor *t)
{
    sg_einsum *es = ps->es;
    if (strcmp(t->name, es->out.name) == 0)
        return xerr(ps, t->col, "the result '%s' also appears on the "
                    "right-hand side", t->name);
    for (int k = 0; k < es->n_in; k++) {
        sg_einsum_tensor *o = &es->in[k];
        if (strcmp(o->name, t->name) != 0)
            continue;
        if (o->order != t->order || memcmp(o->idx, t->idx, (size_t)t->order)) {
            char a[2 * SG_MAX_ORDER + 3], b[2 * SG_MAX_ORDER + 3];
            idx_str(o, a);
            idx_str(t, b);
            return xerr(ps, t->col, "'%s' is used as %s%s at column %d and as "
                        "%s%s here; every use of a tensor needs the same "
                        "indices", t->name, t->name, a, o->col, t->name, b);
        }
        return k;
    }
    if (es->n_in >= SG_EINSUM_MAX_TENSORS)
        return xerr(ps, t->col, "more than %d input tensors",
                    SG_EINSUM_MAX_TENSORS);
    es->in[es->n_in] = *t;
    return es->n_in++;
}

static int parse_term(parser *ps, int sign)
{
    sg_einsum *es = ps->es;
    char buf[16];
    if (es->n_terms >= SG_EINSUM_MAX_TERMS)
        return xerr(ps, col_of(ps), "more than %d terms", SG_EINSUM_MAX_TERMS);
    sg_einsum_term *tm = &es->term[es->n_terms++];
    memset(tm, 0, sizeof *tm);
    tm->sign = sign;
    tm->cnst = 1;
    skip_ws(ps);
    tm->col = col_of(ps);
    for (;;) {
        skip_ws(ps);
        const char *s = ps->s;
        int c = col_of(ps);
        if (isdigit((unsigned char)s[ps->p])) {
            int64_t v = 0;
            while (isdigit((unsigned char)s[ps->p])) {
                if (v > (INT64_C(1) << 40))
                    return xerr(ps, c, "constant too large");
                v = v * 10 + (s[ps->p++] - '0');
            }
            if (s[ps->p] == '.') {
                size_t q = ps->p + 1;
                while (s[q] == '0')
                    q++;
                if (isdigit((unsigned char)s[q]))
                    return xerr(ps, c, "constants are integers (values are "
                                "integers of the value width)");
                ps->p = q;
            }
            /* The product of a term's constants must stay below 2^40 too:
             * checking each factor alone lets 2^40 * 2^40 overflow. */
            if (v > (INT64_C(1) << 40) ||
                (v != 0 && tm->cnst > (INT64_C(1) << 40) / v))
                return xerr(ps, c, "constant too large");
            tm->cnst *= v;
            tm->has_cnst = 1;
        } else if (s[ps->p] == '(') {
            return xerr(ps, c, "parentheses are not supported; write a sum "
                        "of products");
        } else {
            sg_einsum_tensor t;
            if (parse_access(ps, &t))
                return -1;
            int k = use_tensor(ps, &t);
            if (k < 0)
                return -1;
            if (tm->n_factors >= SG_EINSUM_MAX_FACTORS)
                return xerr(ps, c, "more than %d tensors in one product",
                            SG_EINSUM_MAX_FACTORS);
            tm->factor[tm->n_factors++] = k;
        }
        skip_ws(ps);
        if (s[ps->p] == '*') {
            ps->p++;
            continue;
        }
        if (s[ps->p] && s[ps->p] != '+' && s[ps->p] != '-')
            return xerr(ps, col_of(ps), "expected '*', '+', '-' or the end, "
                        "found %s", found(ps, buf));
        break;
    }
    if (tm->n_factors == 0)
        return xerr(ps, tm->col, "a term without a tensor is not supported "
                    "(a constant can only scale a product)");
    return 0;
}

int sg_einsum_parse(const char *text, sg_einsum *es, sg_err *e)
{
    memset(es, 0, sizeof *es);
    parser ps = {text ? text : "", 0, es, e};
    char buf[16];
    if (strlen(ps.s) >= SG_EINSUM_TEXT_MAX)
        return perr(e, "expression", ps.s, SG_EINSUM_TEXT_MAX,
                    "longer than %d characters", SG_EINSUM_TEXT_MAX - 1);
    snprintf(es->text, sizeof es->text, "%s", ps.s);
    if (parse_access(&ps, &es->out))
        return -1;
    skip_ws(&ps);
    if (ps.s[ps.p] != '=')
        return xerr(&ps, col_of(&ps), "expected '=', found %s", found(&ps, buf));
    ps.p++;
    skip_ws(&ps);
    int sign = 1;
    if (ps.s[ps.p] == '-' || ps.s[ps.p] == '+') {
        sign = ps.s[ps.p] == '-' ? -1 : 1;
        ps.p++;
    }
    for (;;) {
        if (parse_term(&ps, sign))
            return -1;
        skip_ws(&ps);
        char c = ps.s[ps.p];
        if (!c)
            break;
        sign = c == '-' ? -1 : 1;
        ps.p++;
    }
    /* Every output index must be iterated by some input. */
    for (int m = 0; m < es->out.order; m++) {
        char v = es->out.idx[m];
        int seen = 0;
        for (int k = 0; k < es->n_in && !seen; k++)
            seen = memchr(es->in[k].idx, v, (size_t)es->in[k].order) != NULL;
        if (!seen)
            return xerr(&ps, es->out.col, "output index '%c' does not appear "
                        "on the right-hand side", v);
    }
    return 0;
}

/* ---- formats ------------------------------------------------------------ */

static sg_einsum_tensor *find_tensor(sg_einsum *es, const char *name)
{
    if (strcmp(es->out.name, name) == 0)
        return &es->out;
    for (int k = 0; k < es->n_in; k++)
        if (strcmp(es->in[k].name, name) == 0)
            return &es->in[k];
    return NULL;
}

int sg_einsum_set_format(sg_einsum *es, const char *flag, sg_err *e)
{
    const char *f = flag ? flag : "";
    int base = 0;
    if (f[0] == '=') {
        f++;
        base = 1;
    }
    const char *what = "format";
    const char *colon = strchr(f, ':');
    size_t nlen = colon ? (size_t)(colon - f) : strlen(f);
    char name[SG_NAME_MAX];
    if (nlen == 0 || nlen >= SG_NAME_MAX)
        return perr(e, what, flag, base + 1, "expected NAME:LEVELS[:MODES], "
                    "e.g. B:ss or C:ss:1,0");
    memcpy(name, f, nlen);
    name[nlen] = '\0';
    sg_einsum_tensor *t = find_tensor(es, name);
    if (!t) {
        char known[256] = "";
        size_t k = (size_t)snprintf(known, sizeof known, "%s", es->out.name);
        for (int i = 0; i < es->n_in && k < sizeof known; i++)
            k += (size_t)snprintf(known + k, sizeof known - k, ", %s",
                                  es->in[i].name);
        return perr(e, what, flag, base + 1, "unknown tensor '%s' (the "
                    "expression has %s)", name, known);
    }
    const char *lv = colon ? colon + 1 : f + nlen;
    size_t nl = strcspn(lv, ":");
    int lcol = base + (int)(lv - f) + 1;
    if ((int)nl != t->order)
        return perr(e, what, flag, lcol, "'%s' has %d ind%s but the format "
                    "gives %d level%s", name, t->order,
                    t->order == 1 ? "ex" : "ices", (int)nl, nl == 1 ? "" : "s");
    sg_format fmt;
    memset(&fmt, 0, sizeof fmt);
    fmt.order = t->order;
    for (size_t l = 0; l < nl; l++) {
        if (lv[l] != 's' && lv[l] != 'd')
            return perr(e, what, flag, lcol + (int)l, "unknown level format "
                        "'%c' (s = compressed, d = dense)", lv[l]);
        fmt.level[l] = lv[l] == 's' ? SG_LVL_COMPRESSED : SG_LVL_DENSE;
        fmt.mode[l] = (int)l;
    }
    if (lv[nl] == ':') {
        const char *m = lv + nl + 1;
        int seen[SG_MAX_ORDER] = {0};
        for (int l = 0; l < t->order; l++) {
            int c = base + (int)(m - f) + 1;
            if (!isdigit((unsigned char)*m))
                return perr(e, what, flag, c, "expected a mode number");
            long v = strtol(m, (char **)&m, 10);
            if (v < 0 || v >= t->order || seen[v])
                return perr(e, what, flag, c, "mode order must be a "
                            "permutation of 0..%d", t->order - 1);
            seen[v] = 1;
            fmt.mode[l] = (int)v;
            if (l + 1 < t->order) {
                if (*m != ',')
                    return perr(e, what, flag, base + (int)(m - f) + 1,
                                "expected ',' in the mode order");
                m++;
            }
        }
        if (*m)
            return perr(e, what, flag, base + (int)(m - f) + 1,
                        "unexpected text after the mode order");
    } else if (lv[nl]) {
        return perr(e, what, flag, base + (int)(lv + nl - f) + 1,
                    "unexpected text");
    }
    t->fmt = fmt;
    t->has_fmt = 1;
    return 0;
}

/* ---- schedule ----------------------------------------------------------- */

int sg_einsum_set_schedule(sg_einsum *es, const char *flag, sg_err *e)
{
    const char *f = flag ? flag : "";
    int base = 0;
    if (f[0] == '=') {
        f++;
        base = 1;
    }
    const char *what = "schedule";
    const char *kw = "reorder(";
    size_t p = 0;
    while (f[p] == ' ')
        p++;
    if (strncmp(f + p, kw, strlen(kw)) != 0)
        return perr(e, what, flag, base + (int)p + 1,
                    "expected reorder(i,j,...)");
    p += strlen(kw);
    char order[SG_EINSUM_MAX_INDEX + 1] = "";
    int n = 0;
    for (;;) {
        while (f[p] == ' ')
            p++;
        int c = base + (int)p + 1;
        char v = f[p];
        if (!isalpha((unsigned char)v))
            return perr(e, what, flag, c, "expected an index variable");
        p++;
        if (isalnum((unsigned char)f[p]))
            return perr(e, what, flag, c, "index variables are single letters");
        if (!strchr(es->index, v))
            return perr(e, what, flag, c, "'%c' is not an index variable of "
                        "the expression (it has %s)", v, es->index);
        if (strchr(order, v))
            return perr(e, what, flag, c, "index '%c' appears twice", v);
        order[n++] = v;
        order[n] = '\0';
        while (f[p] == ' ')
            p++;
        if (f[p] == ',') {
            p++;
            continue;
        }
        if (f[p] == ')')
            break;
        return perr(e, what, flag, base + (int)p + 1, "expected ',' or ')'");
    }
    int close = base + (int)p + 1;
    p++;
    while (f[p] == ' ')
        p++;
    if (f[p])
        return perr(e, what, flag, base + (int)p + 1,
                    "unexpected text after reorder(...)");
    for (int k = 0; k < es->n_index; k++)
        if (!strchr(order, es->index[k]))
            return perr(e, what, flag, close, "the loop order misses index "
                        "'%c'", es->index[k]);
    memcpy(es->order, order, sizeof order);
    es->has_order = 1;
    return 0;
}

/* ---- finishing ---------------------------------------------------------- */

static int pos_in(const char *order, char v)
{
    const char *q = strchr(order, v);
    return q ? (int)(q - order) : -1;
}

/* Index variable stored at level l of t. */
static char level_index(const sg_einsum_tensor *t, int l)
{
    return t->idx[t->fmt.mode[l]];
}

static void default_format(sg_einsum_tensor *t)
{
    if (t->has_fmt)
        return;
    memset(&t->fmt, 0, sizeof t->fmt);
    t->fmt.order = t->order;
    for (int l = 0; l < t->order; l++) {
        t->fmt.level[l] = SG_LVL_COMPRESSED;
        t->fmt.mode[l] = l;
    }
}

/* Default loop order: preferred order (output levels, then reductions as
 * they appear), constrained so each input is visited in storage order. */
static int default_order(sg_einsum *es, sg_err *e)
{
    char pref[SG_EINSUM_MAX_INDEX + 1];
    int n = 0;
    for (int l = 0; l < es->out.order; l++)
        pref[n++] = level_index(&es->out, l);
    for (int k = 0; k < es->n_index; k++)
        if (!memchr(pref, es->index[k], (size_t)n))
            pref[n++] = es->index[k];
    pref[n] = '\0';
    char order[SG_EINSUM_MAX_INDEX + 1] = "";
    for (int placed = 0; placed < n; placed++) {
        int pick = -1;
        for (int c = 0; c < n && pick < 0; c++) {
            char v = pref[c];
            if (strchr(order, v))
                continue;
            int ok = 1;
            for (int t = 0; t < es->n_in && ok; t++) {
                const sg_einsum_tensor *x = &es->in[t];
                for (int l = 1; l < x->order && ok; l++)
                    if (level_index(x, l) == v) {
                        for (int u = 0; u < l && ok; u++)
                            ok = strchr(order, level_index(x, u)) != NULL;
                    }
            }
            if (ok)
                pick = c;
        }
        if (pick < 0)
            return perr(e, "expression", es->text, 1, "no loop order visits "
                        "every tensor in its storage order; change a mode "
                        "order with -f");
        order[placed] = pref[pick];
        order[placed + 1] = '\0';
    }
    memcpy(es->order, order, sizeof order);
    return 0;
}

int sg_einsum_finish(sg_einsum *es, sg_err *e)
{
    default_format(&es->out);
    for (int k = 0; k < es->n_in; k++)
        default_format(&es->in[k]);
    if (!es->has_order && default_order(es, e))
        return -1;
    for (int k = 0; k < es->n_in; k++) {
        const sg_einsum_tensor *t = &es->in[k];
        for (int l = 1; l < t->order; l++) {
            char a = level_index(t, l - 1), b = level_index(t, l);
            if (pos_in(es->order, a) > pos_in(es->order, b))
                return perr(e, "schedule", es->order, 1, "loop order '%s' "
                            "visits '%c' before '%c', but %s stores '%c' "
                            "above '%c'; change %s's mode order with -f or "
                            "the loop order", es->order, b, a, t->name, a, b,
                            t->name);
        }
    }
    return 0;
}

/* ---- one call ------------------------------------------------------------ */

int sg_einsum_compile(const char *expr, const char *const *formats, int nf,
                   const char *schedule, const char *name, sg_graph *g,
                   sg_err *e)
{
    sg_einsum *es = sg_malloc(sizeof *es);
    int rc = -1;
    memset(g, 0, sizeof *g);
    if (sg_einsum_parse(expr, es, e))
        goto done;
    for (int k = 0; k < nf; k++)
        if (sg_einsum_set_format(es, formats[k], e))
            goto done;
    if (schedule && sg_einsum_set_schedule(es, schedule, e))
        goto done;
    if (sg_einsum_finish(es, e))
        goto done;
    rc = sg_einsum_lower(es, name, g, e);
done:
    free(es);
    return rc;
}
