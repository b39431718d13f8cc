/*
 * dot_scan.c - the raw DOT text scanner (see dot_scan.h).
 *
 * cgraph keeps no line numbers, so this scanner walks the text once to find
 * the line of every node statement and edge statement, the line of the
 * graph's comment, and where the first graph ends.
 */
#include "front/dot_scan.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

enum { TK_NONE, TK_ID, TK_ARROW, TK_LBRACK, TK_OTHER };

long sg_dot_parse_id(const char *s, size_t n)
{
    if (n == 0 || n > 9)
        return -1;
    long v = 0;
    for (size_t i = 0; i < n; i++) {
        if (!isdigit((unsigned char)s[i]))
            return -1;
        v = v * 10 + (s[i] - '0');
    }
    return v;
}

static void add_id(scan_info *si, long id, long line, int is_stmt)
{
    if (id < 0)
        return;
    sg_grow((void **)&si->ids, &si->cap_ids, si->n_ids + 1, sizeof *si->ids);
    si->ids[si->n_ids++] = (id_line){id, line, is_stmt, 0, 0};
}

static int is_keyword(const char *s, size_t n)
{
    static const char *const kw[] = {"node", "edge", "graph", "digraph",
                                     "subgraph", "strict"};
    for (size_t i = 0; i < sizeof kw / sizeof kw[0]; i++)
        if (strlen(kw[i]) == n && strncasecmp(kw[i], s, n) == 0)
            return 1;
    return 0;
}

/* Note a token of n bytes starting on line: 1 (and the scan stops) when it
 * is longer than SG_DOT_TOKEN_MAX. */
static int too_long(scan_info *si, const char *what, long line, size_t n)
{
    if (n <= SG_DOT_TOKEN_MAX)
        return 0;
    si->long_line = line;
    si->long_what = what;
    return 1;
}

/* One pass over the text: lines of node and edge statements, the graph
 * comment, and where the first top-level graph ends.  It follows DOT's
 * lexical rules for strings, comments and '#' lines closely enough to keep
 * line numbers right; syntax errors are left to cgraph.
 *
 * Where the graph ends must be exactly where cgraph's scanner ends it.  The
 * text handed to cgraph stops at that brace; were cgraph to finish earlier,
 * its scanner would keep the rest for the next parse in the process, and an
 * open quote in that rest breaks every later read.  So '#' starts a comment
 * anywhere outside a string, and '<' an HTML string anywhere, as in cgraph's
 * lexer.  One function: the lexer's states (string, comment, HTML depth,
 * brace depth, the statement being read) are shared by every character, and
 * reading them in one loop is easier than following them across calls. */
static void scan_text(const char *t, size_t len, scan_info *si)
{
    long line = 1;
    int depth = 0, brack = 0;
    int last = TK_NONE, before_last = TK_NONE;
    long last_id = -1, last_line = 0, arrow_tail = -1, arrow_line = 0;
    const char *last_s = NULL;
    size_t last_n = 0;
    size_t i = 0;
    /* The node statement whose attribute list is open, and the one whose
     * list just closed (a second list right after it extends it). */
    long open_stmt = -1, closed_stmt = -1;
    while (i < len) {
        char c = t[i];
        if (c == '\n') {
            line++;
            i++;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
            i++;
            continue;
        }
        if (c == '#' || (c == '/' && i + 1 < len && t[i + 1] == '/')) {
            size_t j = i;        /* to the end of the line, as cgraph does */
            while (j < len && t[j] != '\n')
                j++;
            if (too_long(si, "comment", line, j - i))
                return;
            i = j;
            continue;
        }
        if (c == '/' && i + 1 < len && t[i + 1] == '*') {
            size_t j = i + 2, from = i;   /* from: start of the comment's line */
            long start = line;
            while (j + 1 < len && !(t[j] == '*' && t[j + 1] == '/')) {
                if (t[j] == '\n') {
                    line++;
                    from = j;
                }
                j++;
                if (too_long(si, "comment line", start, j - from))
                    return;
            }
            i = j + 2 <= len ? j + 2 : len;
            continue;
        }
        int tk = TK_OTHER, closing = 0;
        const char *s = t + i;
        size_t n = 0;
        long tok_line = line;
        if (c == '"') {
            size_t j = i + 1;
            while (j < len && t[j] != '"') {
                if (t[j] == '\\' && j + 1 < len) {
                    if (t[j + 1] == '\n')
                        line++;
                    j += 2;
                    continue;
                }
                if (t[j] == '\n')
                    line++;
                j++;
            }
            s = t + i + 1;
            n = (j < len ? j : len) - (i + 1);
            if (too_long(si, "quoted string", tok_line, n))
                return;
            tk = TK_ID;
            i = j < len ? j + 1 : len;
        } else if (c == '<') {               /* HTML string, anywhere */
            int lvl = 0;
            size_t j = i;
            for (; j < len; j++) {
                if (t[j] == '<')
                    lvl++;
                else if (t[j] == '>' && --lvl == 0)
                    break;
                else if (t[j] == '\n')
                    line++;
            }
            if (too_long(si, "HTML string", tok_line, j - i))
                return;
            i = j < len ? j + 1 : len;
            tk = TK_ID;
            n = 0;
        } else if (isalnum((unsigned char)c) || c == '_' || c == '.' ||
                   (unsigned char)c >= 0x80) {
            size_t j = i;
            while (j < len && (isalnum((unsigned char)t[j]) || t[j] == '_' ||
                               t[j] == '.' || (unsigned char)t[j] >= 0x80))
                j++;
            n = j - i;
            if (too_long(si, "identifier", tok_line, n))
                return;
            tk = TK_ID;
            i = j;
        } else if (c == '-' && i + 1 < len && (t[i + 1] == '>' || t[i + 1] == '-')) {
            tk = TK_ARROW;
            i += 2;
        } else {
            i++;
            if (c == '[') {
                if (brack == 0 && depth >= 1 && last == TK_ID &&
                    before_last != TK_ARROW && last_s &&
                    !is_keyword(last_s, last_n)) {
                    size_t before = si->n_ids;
                    add_id(si, last_id, last_line, 1);
                    if (si->n_ids > before) {
                        open_stmt = (long)before;
                        si->ids[before].a_off = i;
                    }
                } else if (brack == 0 && closed_stmt >= 0) {
                    open_stmt = closed_stmt;
                }
                brack++;
                tk = TK_LBRACK;
            } else if (c == ']') {
                if (brack > 0 && --brack == 0 && open_stmt >= 0) {
                    si->ids[open_stmt].a_end = i - 1;
                    closed_stmt = open_stmt;
                    open_stmt = -1;
                    closing = 1;
                }
            } else if (c == '{') {
                depth++;
            } else if (c == '}') {
                if (depth > 0 && --depth == 0 && si->graph_end == 0) {
                    si->graph_end = i;
                    si->end_line = line;
                }
            } else if (c == '=' && brack == 0 && depth == 1 && last == TK_ID &&
                       last_n == 7 && strncmp(last_s, "comment", 7) == 0 &&
                       si->comment_line == 0) {
                si->comment_line = last_line;
            }
        }
        if (brack > 0 && tk != TK_LBRACK)
            continue;                         /* inside an attribute list */
        if (tk == TK_ID && depth >= 1) {
            long id = sg_dot_parse_id(s, n);
            if (last == TK_ARROW && arrow_tail >= 0 && id >= 0) {
                sg_grow((void **)&si->edges, &si->cap_edges, si->n_edges + 1,
                        sizeof *si->edges);
                si->edges[si->n_edges++] =
                    (edge_line){arrow_tail, id, arrow_line, 0};
                add_id(si, id, tok_line, 0);
            }
            last_id = id;
            last_line = tok_line;
            last_s = s;
            last_n = n;
        } else if (tk == TK_ARROW) {
            arrow_tail = last == TK_ID ? last_id : -1;
            arrow_line = last_line;
            if (arrow_tail >= 0)
                add_id(si, arrow_tail, last_line, 0);
        }
        if (!closing)
            closed_stmt = -1;
        before_last = last;
        last = tk;
    }
}

static int cmp_id_line(const void *a, const void *b)
{
    const id_line *x = a, *y = b;
    if (x->id != y->id)
        return x->id < y->id ? -1 : 1;
    /* Statements before mentions, then by line. */
    if (x->is_stmt != y->is_stmt)
        return y->is_stmt - x->is_stmt;
    return (x->line > y->line) - (x->line < y->line);
}

long sg_dot_node_line(const scan_info *si, long id)
{
    size_t lo = 0, hi = si->n_ids;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (si->ids[mid].id < id)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo < si->n_ids && si->ids[lo].id == id) {
        if (si->ids[lo].is_stmt)
            return si->ids[lo].line;
        long best = si->ids[lo].line;
        for (size_t k = lo; k < si->n_ids && si->ids[k].id == id; k++)
            if (si->ids[k].line < best)
                best = si->ids[k].line;
        return best;
    }
    return 0;
}

long sg_dot_edge_line(scan_info *si, size_t *cursor, long tail, long head)
{
    for (size_t k = *cursor; k < si->n_edges; k++)
        if (!si->edges[k].used && si->edges[k].tail == tail &&
            si->edges[k].head == head) {
            si->edges[k].used = 1;
            if (k == *cursor)
                (*cursor)++;
            return si->edges[k].line;
        }
    for (size_t k = 0; k < *cursor && k < si->n_edges; k++)
        if (!si->edges[k].used && si->edges[k].tail == tail &&
            si->edges[k].head == head) {
            si->edges[k].used = 1;
            return si->edges[k].line;
        }
    return 0;
}

/* ---- repeated node statements ------------------------------------------ */

/* One NAME=VALUE of an attribute list, pointing into the text (quotes
 * removed). */
typedef struct attr {
    const char *k, *v;
    size_t kn, vn;
} attr;

typedef struct attrs {
    attr *a;
    size_t n, cap;
} attrs;

/* The next DOT id in t[*i..end): a quoted string (its contents), an HTML
 * string, or a bare word; '=' as a one-character token.  Separators
 * (, ; [ ]) and comments are skipped.  0 at the end. */
static int attr_token(const char *t, size_t *i, size_t end, const char **s,
                      size_t *n)
{
    while (*i < end) {
        char c = t[*i];
        if (isspace((unsigned char)c) || c == ',' || c == ';' || c == '[' ||
            c == ']') {
            (*i)++;
        } else if (c == '#' || (c == '/' && *i + 1 < end && t[*i + 1] == '/')) {
            while (*i < end && t[*i] != '\n')
                (*i)++;
        } else if (c == '/' && *i + 1 < end && t[*i + 1] == '*') {
            *i += 2;
            while (*i + 1 < end && !(t[*i] == '*' && t[*i + 1] == '/'))
                (*i)++;
            *i = *i + 2 <= end ? *i + 2 : end;
        } else {
            break;
        }
    }
    if (*i >= end)
        return 0;
    size_t j = *i;
    if (t[j] == '"') {
        for (j++; j < end && t[j] != '"'; j++)
            if (t[j] == '\\' && j + 1 < end)
                j++;
        *s = t + *i + 1;
        *n = (j < end ? j : end) - (*i + 1);
        *i = j < end ? j + 1 : end;
    } else if (t[j] == '<') {
        int lvl = 0;
        for (; j < end; j++)
            if (t[j] == '<')
                lvl++;
            else if (t[j] == '>' && --lvl == 0)
                break;
        j = j < end ? j + 1 : end;
        *s = t + *i;
        *n = j - *i;
        *i = j;
    } else if (t[j] == '=') {
        *s = t + j;
        *n = 1;
        *i = j + 1;
    } else {
        while (j < end && !isspace((unsigned char)t[j]) && !strchr("=,;[]\"<", t[j]))
            j++;
        *s = t + *i;
        *n = j - *i;
        *i = j;
    }
    return 1;
}

/* The NAME=VALUE pairs of a node statement's attribute lists. */
static void attr_list(const char *t, const id_line *x, attrs *out)
{
    out->n = 0;
    const char *s[3];
    size_t n[3];
    size_t i = x->a_off;
    int have = 0;
    while (attr_token(t, &i, x->a_end, &s[have], &n[have])) {
        have++;
        if (have == 3 && n[1] == 1 && s[1][0] == '=' && !(n[0] == 1 && s[0][0] == '=')) {
            sg_grow((void **)&out->a, &out->cap, out->n + 1, sizeof *out->a);
            out->a[out->n++] = (attr){s[0], s[2], n[0], n[2]};
            have = 0;
        } else if (have == 3) {      /* not NAME = VALUE: slide on by one */
            s[0] = s[1], n[0] = n[1];
            s[1] = s[2], n[1] = n[2];
            have = 2;
        }
    }
}

/* The value NAME has in l (the last one given), or NULL. */
static const attr *attr_find(const attrs *l, const char *k, size_t kn)
{
    for (size_t m = l->n; m-- > 0;)
        if (l->a[m].kn == kn && memcmp(l->a[m].k, k, kn) == 0)
            return &l->a[m];
    return NULL;
}

/* Length of the first line of s[0..n), for messages. */
static int line_len(const char *s, size_t n)
{
    const char *nl = memchr(s, '\n', n);
    return (int)(nl ? (size_t)(nl - s) : n);
}

/* The first attribute that differs between a and b ("" when they agree),
 * as "NAME is \"x\" here, \"y\" on line L" in words about b (here) and
 * a (line la). */
static void attr_diff(const attrs *a, const attrs *b, long la, char *out,
                      size_t cap)
{
    out[0] = '\0';
    for (size_t m = 0; m < b->n; m++) {
        const attr *y = &b->a[m];
        if (attr_find(b, y->k, y->kn) != y)
            continue;                 /* a later one in b counts */
        const attr *x = attr_find(a, y->k, y->kn);
        if (!x) {
            snprintf(out, cap, "%.*s is set here, not on line %ld",
                     (int)(y->kn < 40 ? y->kn : 40), y->k, la);
            return;
        }
        if (x->vn != y->vn || memcmp(x->v, y->v, x->vn) != 0) {
            int yn = line_len(y->v, y->vn), xn = line_len(x->v, x->vn);
            snprintf(out, cap, "%.*s is \"%.*s\" here, \"%.*s\" on line %ld",
                     (int)(y->kn < 40 ? y->kn : 40), y->k, yn < 40 ? yn : 40, y->v,
                     xn < 40 ? xn : 40, x->v, la);
            return;
        }
    }
    for (size_t m = 0; m < a->n; m++)
        if (!attr_find(b, a->a[m].k, a->a[m].kn)) {
            snprintf(out, cap, "%.*s is set on line %ld, not here",
                     (int)(a->a[m].kn < 40 ? a->a[m].kn : 40), a->a[m].k, la);
            return;
        }
}

/* Every later statement of a node must give the attributes of its first
 * (ids sorted: a node's statements first, by line). */
static int check_repeats(const char *text, const char *path, const scan_info *si,
                         sg_err *e)
{
    attrs a = {0}, b = {0};
    int rc = 0;
    for (size_t k = 0; k < si->n_ids && rc == 0; k++) {
        const id_line *first = &si->ids[k];
        if (!first->is_stmt || (k > 0 && si->ids[k - 1].id == first->id))
            continue;
        if (k + 1 >= si->n_ids || si->ids[k + 1].id != first->id ||
            !si->ids[k + 1].is_stmt)
            continue;
        attr_list(text, first, &a);
        for (size_t m = k + 1; m < si->n_ids && si->ids[m].id == first->id &&
                               si->ids[m].is_stmt; m++) {
            char why[200];
            attr_list(text, &si->ids[m], &b);
            attr_diff(&a, &b, first->line, why, sizeof why);
            if (why[0]) {
                rc = sg_errf(e, path, si->ids[m].line,
                             "node %ld is given again with different attributes: %s",
                             first->id, why);
                break;
            }
        }
    }
    free(a.a);
    free(b.a);
    return rc;
}

int sg_dot_scan(const char *text, size_t len, const char *path, scan_info *si, sg_err *e)
{
    memset(si, 0, sizeof *si);
    const char *nul = memchr(text, 0, len);
    if (nul) {
        long line = 1;
        for (const char *p = text; p < nul; p++)
            line += *p == '\n';
        return sg_errf(e, path, line, "NUL byte in the file");
    }
    scan_text(text, len, si);
    if (si->long_line)
        return sg_errf(e, path, si->long_line,
                       "%s longer than %zu bytes (the limit for one DOT token)",
                       si->long_what, SG_DOT_TOKEN_MAX);
    if (si->graph_end == 0)
        return sg_errf(e, path, 0, "no complete DOT graph (digraph NAME { ... })");
    /* Only the first graph: anything after it is an error, and cgraph must
     * not keep unread text for the next parse. */
    for (size_t i = si->graph_end; i < len; i++)
        if (!isspace((unsigned char)text[i]))
            return sg_errf(e, path, si->end_line, "text after the end of the graph");
    if (si->n_ids)
        qsort(si->ids, si->n_ids, sizeof *si->ids, cmp_id_line);
    return check_repeats(text, path, si, e);
}

void sg_dot_scan_free(scan_info *si)
{
    free(si->ids);
    free(si->edges);
}
