/*
 * einsum_flags.c - the format flags (-f X:ds), the loop-order schedule,
 * the defaults that fill what the flags leave out, and the one-call
 * compile (see einsum.h).
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/einsum.h"

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
        return sg_einsum_perr(e, what, flag, base + 1, "expected NAME:LEVELS[:MODES], "
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
        return sg_einsum_perr(e, what, flag, base + 1, "unknown tensor '%s' (the "
                    "expression has %s)", name, known);
    }
    const char *lv = colon ? colon + 1 : f + nlen;
    size_t nl = strcspn(lv, ":");
    int lcol = base + (int)(lv - f) + 1;
    if ((int)nl != t->order)
        return sg_einsum_perr(e, what, flag, lcol, "'%s' has %d ind%s but the format "
                    "gives %d level%s", name, t->order,
                    t->order == 1 ? "ex" : "ices", (int)nl, nl == 1 ? "" : "s");
    sg_format fmt;
    memset(&fmt, 0, sizeof fmt);
    fmt.order = t->order;
    for (size_t l = 0; l < nl; l++) {
        char c = lv[l];
        const sg_lvl_caps *cap = sg_lvl_info(c);
        if (!cap)
            return sg_einsum_perr(e, what, flag, lcol + (int)l, "unknown level format "
                        "'%c' (s = compressed, d = dense, u = non-unique compressed, "
                        "q = singleton, r = range, o = offset, h = hashed, b = bitvector)", c);
        /* the result is assembled: its levels need append or insert, and
         * the writers append in order */
        if (t == &es->out && (!cap->assemble || c == SG_LVL_HASHED))
            return sg_einsum_perr(e, what, flag, lcol + (int)l, "a %s level cannot "
                        "hold the result (%s)", cap->word, cap->assemble
                        ? "the level writers append in order; hashed levels insert"
                        : "it has neither append nor insert");
        fmt.level[l] = c;
        fmt.mode[l] = (int)l;
    }
    int at;
    const char *why = sg_format_coo_rule(fmt.level, (int)nl, &at);
    if (why)
        return sg_einsum_perr(e, what, flag, lcol + at, "%s", why);
    if (lv[nl] == ':') {
        const char *m = lv + nl + 1;
        int seen[SG_MAX_ORDER] = {0};
        for (int l = 0; l < t->order; l++) {
            int c = base + (int)(m - f) + 1;
            if (!isdigit((unsigned char)*m))
                return sg_einsum_perr(e, what, flag, c, "expected a mode number");
            long v = strtol(m, (char **)&m, 10);
            if (v < 0 || v >= t->order || seen[v])
                return sg_einsum_perr(e, what, flag, c, "mode order must be a "
                            "permutation of 0..%d", t->order - 1);
            seen[v] = 1;
            fmt.mode[l] = (int)v;
            if (l + 1 < t->order) {
                if (*m != ',')
                    return sg_einsum_perr(e, what, flag, base + (int)(m - f) + 1,
                                "expected ',' in the mode order");
                m++;
            }
        }
        if (*m)
            return sg_einsum_perr(e, what, flag, base + (int)(m - f) + 1,
                        "unexpected text after the mode order");
    } else if (lv[nl]) {
        return sg_einsum_perr(e, what, flag, base + (int)(lv + nl - f) + 1,
                    "unexpected text");
    }
    t->fmt = fmt;
    t->has_fmt = 1;
    return 0;
}

/* ---- schedule ----------------------------------------------------------- */

/* The directives of -s: reorder(...) gives the loop order; locate(...)
 * and intersect(...) say how a dense operand meets a compressed one at
 * each index listed (located into, or coiterated). */
static const char *const directives[] = {"reorder", "locate", "intersect", "split",
                                         "workspace", "bitvector", "parallelize"};

/* parallelize(i,L) from just after its '(' (at p). */
static int set_lanes(sg_einsum *es, const char *flag, const char *f, size_t p,
                     int base, sg_err *e)
{
    char v = f[p];
    if (!isalpha((unsigned char)v) || f[p + 1] != ',')
        return sg_einsum_perr(e, "schedule", flag, base + (int)p + 1, "expected "
                    "parallelize(i,L): an index variable and the number of lanes");
    if (!strchr(es->index, v))
        return sg_einsum_perr(e, "schedule", flag, base + (int)p + 1, "'%c' is not an "
                    "index variable of the expression (it has %s)", v, es->index);
    size_t q = p + 2;
    while (isdigit((unsigned char)f[q]) && q - p < 5)
        q++;
    int l = q > p + 2 ? atoi(f + p + 2) : 0;
    if (l < 1 || l > SG_EINSUM_MAX_LANES || f[q] != ')' || f[q + 1])
        return sg_einsum_perr(e, "schedule", flag, base + (int)p + 3, "expected "
                    "parallelize(i,L): L lanes, 1 to %d", SG_EINSUM_MAX_LANES);
    if (es->par_index)
        return sg_einsum_perr(e, "schedule", flag, 1, "a second parallelize(...)");
    es->par_index = v;
    es->lanes = l;
    return 0;
}

/* bitvector(W) from just after its '(' (at p). */
static int set_bv_width(sg_einsum *es, const char *flag, const char *f, size_t p,
                        int base, sg_err *e)
{
    size_t q = p;
    while (isdigit((unsigned char)f[q]) && q - p < 3)
        q++;
    int w = q > p ? atoi(f + p) : 0;
    if (!sg_lvl_bv_width_ok(w) || f[q] != ')' || f[q + 1])
        return sg_einsum_perr(e, "schedule", flag, base + (int)p + 1, "expected "
                    "bitvector(W): W a power of two from 1 to 64, the bits per word of "
                    "the bitvector levels");
    if (es->bv_width)
        return sg_einsum_perr(e, "schedule", flag, 1, "a second bitvector(...)");
    es->bv_width = w;
    return 0;
}

/* workspace(X,KIND[,N]) from just after its '(' (at p): X the result. */
static int set_workspace(sg_einsum *es, const char *flag, const char *f, size_t p,
                         int base, sg_err *e)
{
    const char *what = "schedule";
    size_t q = p;
    while (isalnum((unsigned char)f[q]) || f[q] == '_')
        q++;
    if (q == p)
        return sg_einsum_perr(e, what, flag, base + (int)p + 1, "expected the result "
                    "tensor's name");
    if (q - p != strlen(es->out.name) || strncmp(f + p, es->out.name, q - p) != 0)
        return sg_einsum_perr(e, what, flag, base + (int)p + 1, "'%.*s' is not the "
                    "result (the expression computes %s)", (int)(q - p), f + p,
                    es->out.name);
    if (f[q] != ',')
        return sg_einsum_perr(e, what, flag, base + (int)q + 1, "expected ',' and a "
                    "workspace (dense, sorted or hash)");
    size_t k = ++q;
    while (isalpha((unsigned char)f[q]))
        q++;
    char word[16];
    snprintf(word, sizeof word, "%.*s", (int)(q - k < 15 ? q - k : 15), f + k);
    int w = sg_ws_parse(word);
    if (w <= SG_WS_AUTO)
        return sg_einsum_perr(e, what, flag, base + (int)k + 1, "unknown workspace "
                    "'%s' (dense, sorted or hash)", word);
    long cap = 0;
    if (f[q] == ',') {
        k = ++q;
        while (isdigit((unsigned char)f[q]))
            q++;
        if (q == k || q - k > 9 || (cap = atol(f + k)) < 1)
            return sg_einsum_perr(e, what, flag, base + (int)k + 1, "expected a "
                        "capacity of 1 to 999999999 entries");
        if (w == SG_WS_DENSE)
            return sg_einsum_perr(e, what, flag, base + (int)k + 1, "a dense workspace "
                        "has no capacity (its index's extent sizes it)");
    }
    if (f[q] != ')' || f[q + 1])
        return sg_einsum_perr(e, what, flag, base + (int)q + 1, "expected ')' at the end");
    if (es->ws != SG_WS_AUTO)
        return sg_einsum_perr(e, what, flag, 1, "a second workspace(...)");
    es->ws = (sg_ws_kind)w;
    es->ws_cap = cap;
    return 0;
}

int sg_einsum_set_schedule(sg_einsum *es, const char *flag, sg_err *e)
{
    const char *f = flag ? flag : "";
    int base = 0;
    if (f[0] == '=') {
        f++;
        base = 1;
    }
    const char *what = "schedule";
    size_t p = 0;
    while (f[p] == ' ')
        p++;
    int d = -1;
    for (int k = 0; k < 7 && d < 0; k++) {
        size_t kl = strlen(directives[k]);
        if (strncmp(f + p, directives[k], kl) == 0 && f[p + kl] == '(') {
            d = k;
            p += kl + 1;
        }
    }
    if (d < 0)
        return sg_einsum_perr(e, what, flag, base + (int)p + 1,
                    "expected reorder(i,j,...), locate(i,...), intersect(i,...), "
                    "split(i,I,i,T), workspace(X,dense|sorted|hash[,N]), bitvector(W) "
                    "or parallelize(i,L)");
    if (d == 6)
        return set_lanes(es, flag, f, p, base, e);
    if (d == 3)
        return sg_einsum_split(es, flag, f, p, base, e);
    if (d == 4)
        return set_workspace(es, flag, f, p, base, e);
    if (d == 5)
        return set_bv_width(es, flag, f, p, base, e);
    char list[SG_EINSUM_MAX_INDEX + 1] = "";
    int n = 0;
    for (;;) {
        while (f[p] == ' ')
            p++;
        int c = base + (int)p + 1;
        char v = f[p];
        if (!isalpha((unsigned char)v))
            return sg_einsum_perr(e, what, flag, c, "expected an index variable");
        p++;
        if (isalnum((unsigned char)f[p]))
            return sg_einsum_perr(e, what, flag, c, "index variables are single letters");
        if (!strchr(es->index, v))
            return sg_einsum_perr(e, what, flag, c, "'%c' is not an index variable of "
                        "the expression (it has %s)", v, es->index);
        if (strchr(list, v))
            return sg_einsum_perr(e, what, flag, c, "index '%c' appears twice", v);
        if (d > 0 && strchr(d == 1 ? es->coiter : es->locate, v))
            return sg_einsum_perr(e, what, flag, c, "index '%c' is already %s", v,
                        d == 1 ? "coiterated (intersect)" : "located (locate)");
        list[n++] = v;
        list[n] = '\0';
        while (f[p] == ' ')
            p++;
        if (f[p] == ',') {
            p++;
            continue;
        }
        if (f[p] == ')')
            break;
        return sg_einsum_perr(e, what, flag, base + (int)p + 1, "expected ',' or ')'");
    }
    int close = base + (int)p + 1;
    p++;
    while (f[p] == ' ')
        p++;
    if (f[p])
        return sg_einsum_perr(e, what, flag, base + (int)p + 1,
                    "unexpected text after %s(...)", directives[d]);
    if (d == 0) {
        if (es->has_order)
            return sg_einsum_perr(e, what, flag, 1, "a second reorder(...) (the loop "
                        "order is '%s')", es->order);
        for (int k = 0; k < es->n_index; k++)
            if (!strchr(list, es->index[k]))
                return sg_einsum_perr(e, what, flag, close, "the loop order misses index "
                            "'%c'", es->index[k]);
        memcpy(es->order, list, sizeof list);
        es->has_order = 1;
    } else {
        char *to = d == 1 ? es->locate : es->coiter;
        size_t have = strlen(to);
        memcpy(to + have, list, (size_t)n + 1);
    }
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
            return sg_einsum_perr(e, "expression", es->text, 1, "no loop order visits "
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
                return sg_einsum_perr(e, "schedule", es->order, 1, "loop order '%s' "
                            "visits '%c' before '%c', but %s stores '%c' "
                            "above '%c'; change %s's mode order with -f or "
                            "the loop order", es->order, b, a, t->name, a, b,
                            t->name);
        }
    }
    return 0;
}

/* ---- one call ------------------------------------------------------------ */

static int is_split(const char *s)
{
    s = s ? s : "";
    s += *s == '=';
    while (*s == ' ')
        s++;
    return strncmp(s, "split(", 6) == 0;
}

int sg_einsum_compile(const char *expr, const char *const *formats, int nf,
                   const char *const *schedules, int ns, const char *name,
                   sg_graph *g, sg_err *e)
{
    sg_einsum *es = sg_malloc(sizeof *es);
    int rc = -1;
    memset(g, 0, sizeof *g);
    if (sg_einsum_parse(expr, es, e))
        goto done;
    /* splits first: they make the indices and modes the rest name */
    for (int k = 0; k < ns; k++)
        if (is_split(schedules[k]) && sg_einsum_set_schedule(es, schedules[k], e))
            goto done;
    for (int k = 0; k < nf; k++)
        if (sg_einsum_set_format(es, formats[k], e))
            goto done;
    for (int k = 0; k < ns; k++)
        if (!is_split(schedules[k]) && sg_einsum_set_schedule(es, schedules[k], e))
            goto done;
    if (sg_einsum_finish(es, e))
        goto done;
    rc = sg_einsum_lower(es, name, g, e);
    if (rc == 0 && es->ws != SG_WS_AUTO) {
        size_t i = 0;
        while (i < g->n_nodes && g->nodes[i].kind != SG_NK_SPACC)
            i++;
        if (i == g->n_nodes) {
            sg_graph_free(g);
            memset(g, 0, sizeof *g);
            rc = sg_errc(e, SG_EXIT_USAGE, NULL, 0, "schedule workspace(%s,%s): %s "
                         "needs no accumulator in the loop order %s, so it has no "
                         "workspace", es->out.name, sg_ws_name(es->ws), es->out.name,
                         es->order);
        }
    }
done:
    free(es);
    return rc;
}
