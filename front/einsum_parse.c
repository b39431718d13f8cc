/*
 * einsum_parse.c - reading tensor index notation, format flags and the
 * loop-order schedule (see einsum.h).
 *
 * Grammar (spaces allowed between tokens):
 *   stmt   := access '=' expr
 *   expr   := term { ('+'|'-') term }
 *   term   := factor { '*' factor }
 *   factor := ('+'|'-') factor | '(' expr ')' | integer | access
 *   access := NAME [ '(' IDX { ',' IDX } ')' ]     NAME = [A-Za-z_][A-Za-z0-9_]*
 * Parentheses are expanded while parsing: the result is a sum of products
 * (es->term), B*(C+D) giving B*C + B*D.
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
    snprintf(es->in[es->n_in].label, sizeof es->in[es->n_in].label, "%s",
             t->name);
    return es->n_in++;
}

/* A sum of products while parsing: parentheses are expanded as they close
 * (distribution), so B*(C+D) becomes B*C + B*D. */
typedef struct sop {
    int n;
    sg_einsum_term t[SG_EINSUM_MAX_TERMS];
} sop;

#define CNST_MAX (INT64_C(1) << 40)

static int parse_sum(parser *ps, sop *out, int depth);

/* The product a*b into a (every term of a times every term of b); col is
 * the column of b, for errors. */
static int sop_mul(parser *ps, sop *a, const sop *b, int col)
{
    if (a->n * b->n > SG_EINSUM_MAX_TERMS)
        return xerr(ps, col, "more than %d terms after expanding the "
                    "parentheses", SG_EINSUM_MAX_TERMS);
    sop r;
    r.n = 0;
    for (int x = 0; x < a->n; x++)
        for (int y = 0; y < b->n; y++) {
            const sg_einsum_term *p = &a->t[x], *q = &b->t[y];
            sg_einsum_term *t = &r.t[r.n++];
            *t = *p;
            if (p->n_factors + q->n_factors > SG_EINSUM_MAX_FACTORS)
                return xerr(ps, col, "more than %d tensors in one product",
                            SG_EINSUM_MAX_FACTORS);
            for (int f = 0; f < q->n_factors; f++)
                t->factor[t->n_factors++] = q->factor[f];
            t->sign = p->sign * q->sign;
            /* The product of a term's constants must stay below 2^40:
             * checking each factor alone lets 2^40 * 2^40 overflow. */
            if (q->cnst != 0 && p->cnst > CNST_MAX / q->cnst)
                return xerr(ps, col, "constant too large");
            t->cnst = p->cnst * q->cnst;
            t->has_cnst = p->has_cnst || q->has_cnst;
            /* A factor distributed over a sum: the term is named by the
             * column of its part of the sum. */
            if (b->n > 1)
                t->col = q->col;
        }
    *a = r;
    return 0;
}

/* factor := ('+'|'-') factor | '(' sum ')' | integer | access */
static int parse_factor(parser *ps, sop *out, int depth)
{
    char buf[16];
    skip_ws(ps);
    const char *s = ps->s;
    int c = col_of(ps);
    sg_einsum_term *t = &out->t[0];
    if (s[ps->p] == '-' || s[ps->p] == '+') {
        int neg = s[ps->p] == '-';
        ps->p++;
        if (parse_factor(ps, out, depth))
            return -1;
        for (int k = 0; neg && k < out->n; k++)
            out->t[k].sign = -out->t[k].sign;
        return 0;
    }
    if (s[ps->p] == '(') {
        if (depth >= 32)
            return xerr(ps, c, "parentheses nested more than 32 deep");
        ps->p++;
        if (parse_sum(ps, out, depth + 1))
            return -1;
        skip_ws(ps);
        if (s[ps->p] != ')')
            return xerr(ps, col_of(ps), "expected '*', '+', '-' or ')' to "
                        "close the '(' at column %d, found %s", c,
                        found(ps, buf));
        ps->p++;
        return 0;
    }
    out->n = 1;
    memset(t, 0, sizeof *t);
    t->sign = 1;
    t->cnst = 1;
    t->col = c;
    if (isdigit((unsigned char)s[ps->p])) {
        int64_t v = 0;
        while (isdigit((unsigned char)s[ps->p])) {
            if (v > CNST_MAX)
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
        if (v > CNST_MAX)
            return xerr(ps, c, "constant too large");
        t->cnst = v;
        t->has_cnst = 1;
        return 0;
    }
    sg_einsum_tensor a;
    if (parse_access(ps, &a))
        return -1;
    int k = use_tensor(ps, &a);
    if (k < 0)
        return -1;
    t->n_factors = 1;
    t->factor[0] = k;
    return 0;
}

/* product := factor { '*' factor } */
static int parse_product(parser *ps, sop *out, int depth)
{
    if (parse_factor(ps, out, depth))
        return -1;
    for (;;) {
        skip_ws(ps);
        if (ps->s[ps->p] != '*')
            return 0;
        ps->p++;
        skip_ws(ps);
        int c = col_of(ps);
        sop b;
        if (parse_factor(ps, &b, depth) || sop_mul(ps, out, &b, c))
            return -1;
    }
}

/* sum := product { ('+'|'-') product }; depth 0 is the whole right-hand
 * side, which ends at the end of the text. */
static int parse_sum(parser *ps, sop *out, int depth)
{
    char buf[16];
    if (parse_product(ps, out, depth))
        return -1;
    for (;;) {
        skip_ws(ps);
        char ch = ps->s[ps->p];
        if (ch != '+' && ch != '-') {
            if (depth == 0 && ch)
                return xerr(ps, col_of(ps), "expected '*', '+', '-' or the "
                            "end, found %s", found(ps, buf));
            return 0;
        }
        ps->p++;
        int c = col_of(ps);
        sop b;
        if (parse_product(ps, &b, depth))
            return -1;
        if (out->n + b.n > SG_EINSUM_MAX_TERMS)
            return xerr(ps, c, "more than %d terms%s", SG_EINSUM_MAX_TERMS,
                        depth || b.n > 1 ? " after expanding the parentheses"
                                         : "");
        for (int k = 0; k < b.n; k++) {
            out->t[out->n] = b.t[k];
            if (ch == '-')
                out->t[out->n].sign = -out->t[out->n].sign;
            out->n++;
        }
    }
}

/* A tensor used in more than one term gets a copy per further term: its
 * own path through the graph (the joiners' operand lists name it by its
 * label, e.g. B_2).  Uses within one term share one path. */
static int split_terms(parser *ps)
{
    sg_einsum *es = ps->es;
    int owner[SG_EINSUM_MAX_TENSORS];
    for (int k = 0; k < es->n_in; k++)
        owner[k] = -1;
    for (int t = 0; t < es->n_terms; t++) {
        sg_einsum_term *tm = &es->term[t];
        for (int f = 0; f < tm->n_factors; f++) {
            int k = tm->factor[f];
            if (owner[k] < 0 || owner[k] == t) {
                owner[k] = t;
                continue;
            }
            int cp = -1;                   /* this term's copy of k */
            for (int j = 0; j < es->n_in && cp < 0; j++)
                if (es->in[j].copy_of == k + 1 && owner[j] == t)
                    cp = j;
            if (cp < 0) {
                if (es->n_in >= SG_EINSUM_MAX_TENSORS)
                    return xerr(ps, es->in[k].col, "more than %d tensor paths "
                                "('%s' is read once per term it appears in)",
                                SG_EINSUM_MAX_TENSORS, es->in[k].name);
                cp = es->n_in++;
                es->in[cp] = es->in[k];
                es->in[cp].copy_of = k + 1;
                owner[cp] = t;
                int nth = 1;
                for (int j = 0; j < cp; j++)
                    nth += es->in[j].copy_of == k + 1;
                for (;;) {
                    char lb[64];
                    snprintf(lb, sizeof lb, "%.24s_%d", es->in[k].name,
                             (nth + 1) % 1000);
                    memcpy(es->in[cp].label, lb, strlen(lb) + 1);
                    int clash = strcmp(es->in[cp].label, es->out.name) == 0;
                    for (int j = 0; j < cp && !clash; j++)
                        clash = strcmp(es->in[j].label, es->in[cp].label) == 0;
                    if (!clash)
                        break;
                    nth++;
                }
            }
            tm->factor[f] = cp;
        }
    }
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
    sop *sum = sg_malloc(sizeof *sum);
    if (parse_sum(&ps, sum, 0)) {
        free(sum);
        return -1;
    }
    for (int t = 0; t < sum->n; t++)
        if (sum->t[t].n_factors == 0) {
            int c = sum->t[t].col;
            free(sum);
            return xerr(&ps, c, "a term without a tensor is not supported "
                        "(a constant can only scale a product)");
        }
    es->n_terms = sum->n;
    memcpy(es->term, sum->t, (size_t)sum->n * sizeof sum->t[0]);
    free(sum);
    if (split_terms(&ps))
        return -1;
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
            if (!es->in[i].copy_of)
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
    for (int k = 0; k < es->n_in; k++)          /* copies read like it */
        if (es->in[k].copy_of) {
            es->in[k].fmt = es->in[es->in[k].copy_of - 1].fmt;
            es->in[k].has_fmt = es->in[es->in[k].copy_of - 1].has_fmt;
        }
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
