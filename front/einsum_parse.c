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
 * Sections: errors; expression.  Format flags, the schedule, defaults and
 * the one-call compile are einsum_flags.c.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/einsum.h"

/* ---- errors ----------------------------------------------------------- */

/* "WHAT 'TEXT', column COL: message", exit code 2. */
int sg_einsum_perr(sg_err *e, const char *what, const char *text, int col,
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
    return sg_einsum_perr(ps->e, "expression", ps->s, col, "%s", msg);
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
        return sg_einsum_perr(e, "expression", ps.s, SG_EINSUM_TEXT_MAX,
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
