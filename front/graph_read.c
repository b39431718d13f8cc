/*
 * graph_read.c - Custard DOT text in, typed sg_graph out.
 *
 * graphviz's cgraph parses the DOT syntax (quoted multi-line labels,
 * attribute lists with or without commas, '#' lines).  This file then turns
 * the generic graph into samgen's typed one: node kinds and attributes from
 * the separate DOT attributes (falling back to the node's comment="k=v,..."
 * copy), edges bound to ports by index tags (graph.h), tensors from the
 * graph comment, and the loop order of the index variables.
 *
 * cgraph keeps no line numbers and reports errors through global state, so:
 * a small scanner of our own walks the text once to find the line of every
 * node statement and edge statement (edges are matched to cgraph's edges in
 * creation order); cgraph's error printing is switched off for the duration
 * of one parse and its last message is turned into a "FILE:LINE: ..." error.
 * Nothing of cgraph's state is relied on across calls.
 *
 * Sections: text scanner; attribute access; nodes; edges and ports; header
 * comment; entry points.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cgraph.h>

#include "graph/graph.h"
#include "front/dot.h"

/* ---- text scanner ------------------------------------------------------ */

typedef struct id_line {
    long id;
    long line;
    int is_stmt;           /* 1: a node statement, 0: a mention in an edge */
} id_line;

typedef struct edge_line {
    long tail, head;
    long line;
    int used;
} edge_line;

typedef struct scan_info {
    id_line *ids;
    size_t n_ids, cap_ids;
    edge_line *edges;
    size_t n_edges, cap_edges;
    long comment_line;     /* line of the graph's comment= statement */
    size_t graph_end;      /* offset just past the first graph's '}' (0: none) */
    long end_line;         /* line of that brace */
} scan_info;

enum { TK_NONE, TK_ID, TK_ARROW, TK_LBRACK, TK_OTHER };

/* Parse s[0..n-1] as a decimal node id; -1 when it is not one. */
static long parse_id(const char *s, size_t n)
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
    si->ids[si->n_ids++] = (id_line){id, line, is_stmt};
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
 * lexer. */
static void scan_text(const char *t, size_t len, scan_info *si)
{
    long line = 1;
    int depth = 0, brack = 0;
    int last = TK_NONE, before_last = TK_NONE;
    long last_id = -1, last_line = 0, arrow_tail = -1, arrow_line = 0;
    const char *last_s = NULL;
    size_t last_n = 0;
    size_t i = 0;
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
        if (c == '#') {          /* to the end of the line, as cgraph does */
            while (i < len && t[i] != '\n')
                i++;
            continue;
        }
        if (c == '/' && i + 1 < len && t[i + 1] == '/') {
            while (i < len && t[i] != '\n')
                i++;
            continue;
        }
        if (c == '/' && i + 1 < len && t[i + 1] == '*') {
            i += 2;
            while (i + 1 < len && !(t[i] == '*' && t[i + 1] == '/')) {
                if (t[i] == '\n')
                    line++;
                i++;
            }
            i = i + 2 <= len ? i + 2 : len;
            continue;
        }
        int tk = TK_OTHER;
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
                    !is_keyword(last_s, last_n))
                    add_id(si, last_id, last_line, 1);
                brack++;
                tk = TK_LBRACK;
            } else if (c == ']') {
                if (brack > 0)
                    brack--;
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
            long id = parse_id(s, n);
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

/* Line of node id: its statement, else its first mention; 0 if unknown. */
static long node_line(const scan_info *si, long id)
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

/* Line of the next edge statement tail -> head, in file order. */
static long edge_line_of(scan_info *si, size_t *cursor, long tail, long head)
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

/* ---- attribute access --------------------------------------------------- */

/* A node's comment="k=v,k=v" split into pairs (keys and values trimmed). */
typedef struct kv_list {
    char buf[512];
    const char *key[32], *val[32];
    int n;
} kv_list;

/* Copy s into d[cap], cut to fit.  The cut never splits a backslash pair:
 * half a pair left at the end would escape the closing quote when the
 * graph is written back. */
static void copy_cut(char *d, size_t cap, const char *s)
{
    size_t n = 0;
    while (s[n]) {
        size_t k = s[n] == '\\' && s[n + 1] ? 2 : 1;
        if (n + k > cap - 1)
            break;
        n += k;
    }
    memcpy(d, s, n);
    d[n] = 0;
}

static char *trim(char *s)
{
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        s[--n] = 0;
    return s;
}

static void kv_parse(const char *text, kv_list *kv)
{
    kv->n = 0;
    snprintf(kv->buf, sizeof kv->buf, "%s", text ? text : "");
    char *p = kv->buf;
    while (*p && kv->n < 32) {
        char *comma = strchr(p, ',');
        if (comma)
            *comma = 0;
        char *eq = strchr(p, '=');
        if (eq) {
            *eq = 0;
            kv->key[kv->n] = trim(p);
            kv->val[kv->n] = trim(eq + 1);
            kv->n++;
        }
        if (!comma)
            break;
        p = comma + 1;
    }
}

static const char *kv_get(const kv_list *kv, const char *key)
{
    for (int i = 0; i < kv->n; i++)
        if (strcmp(kv->key[i], key) == 0)
            return kv->val[i];
    return NULL;
}

static const char *ag_str(void *obj, const char *name)
{
    const char *v = agget(obj, (char *)name);
    return v ? v : "";
}

/* Reading state for one parse. */
typedef struct rd {
    const char *path;
    sg_graph *g;
    sg_err *e;
    scan_info si;
} rd;

/* The value of a node attribute: the DOT attribute, else the comment copy. */
static const char *nattr(Agnode_t *n, const kv_list *kv, const char *key)
{
    const char *v = ag_str(n, key);
    if (*v)
        return v;
    v = kv_get(kv, key);
    return v ? v : "";
}

static int copy_name(rd *r, const sg_node *n, char *dst, size_t cap,
                     const char *what, const char *v)
{
    if (strlen(v) >= cap)
        return sg_errf(r->e, r->path, n->line,
                       "node %d: %s '%.40s...' is too long (at most %zu characters)",
                       n->id, what, v, cap - 1);
    /* Names and size expressions ("B0_dim*B1_dim+1", "0.2") are also
     * written into the node's comment as key=value pairs, so a comma, '='
     * or quote in one would read back as other keys. */
    for (const char *p = v; *p; p++)
        if (!isalnum((unsigned char)*p) && !strchr("_*+-./()", *p))
            return sg_errf(r->e, r->path, n->line,
                           "node %d: %s '%.40s' has a character other than "
                           "letters, digits and _*+-./()", n->id, what, v);
    memcpy(dst, v, strlen(v) + 1);
    return 0;
}

/* An index variable: one letter, or "" (0).  inner=val/vals gives 'v'. */
static int parse_index(rd *r, const sg_node *n, const char *what,
                       const char *v, int allow_val, char *out)
{
    *out = 0;
    if (!*v)
        return 0;
    if (allow_val && (strcmp(v, "val") == 0 || strcmp(v, "vals") == 0)) {
        *out = 'v';
        return 0;
    }
    if (strlen(v) != 1 || !isalpha((unsigned char)v[0]))
        return sg_errf(r->e, r->path, n->line,
                       "node %d: %s '%.40s' is not a single-letter index variable",
                       n->id, what, v);
    *out = v[0];
    return 0;
}

static int parse_int_attr(rd *r, const sg_node *n, const char *what,
                          const char *v, int *out)
{
    char *end;
    errno = 0;
    long x = strtol(v, &end, 10);
    if (end == v || *end || errno || x < -1000000 || x > 1000000)
        return sg_errf(r->e, r->path, n->line,
                       "node %d: %s '%.40s' is not a number", n->id, what, v);
    *out = (int)x;
    return 0;
}

static int is_true(const char *v)
{
    return strcmp(v, "true") == 0 || strcmp(v, "1") == 0;
}

/* ---- nodes --------------------------------------------------------------- */

static int read_node(rd *r, Agnode_t *an, sg_node *n)
{
    const char *name = agnameof(an);
    long id = parse_id(name, strlen(name));
    graph_node_init(n, SG_NK_UNKNOWN);
    n->line = id >= 0 ? node_line(&r->si, id) : 0;
    if (id < 0)
        return sg_errf(r->e, r->path, 0,
                       "node id '%.40s' is not a decimal number", name);
    n->id = (int)id;

    kv_list kv;
    kv_parse(ag_str(an, "comment"), &kv);
    const char *type = nattr(an, &kv, "type");
    if (copy_name(r, n, n->type, sizeof n->type, "type", type) < 0)
        return -1;
    sg_alu_op op;
    n->kind = graph_kind_parse(type, &op);
    n->op = op;

    const char *v;
    v = nattr(an, &kv, n->kind == SG_NK_VECTORREDUCER ? "accum_index" : "index");
    if (!*v && n->kind == SG_NK_VECTORREDUCER)
        v = nattr(an, &kv, "index");
    if (parse_index(r, n, "index", v, 0, &n->index) < 0)
        return -1;
    if (copy_name(r, n, n->tensor, sizeof n->tensor, "tensor",
                  nattr(an, &kv, "tensor")) < 0)
        return -1;

    v = nattr(an, &kv, "mode");
    if (strcmp(v, "vals") == 0)
        n->is_vals = 1;
    else if (*v && parse_int_attr(r, n, "mode", v, &n->mode) < 0)
        return -1;

    v = nattr(an, &kv, "format");
    if (strcmp(v, "compressed") == 0)
        n->format = SG_LVL_COMPRESSED;
    else if (strcmp(v, "dense") == 0)
        n->format = SG_LVL_DENSE;
    else if (*v)
        return sg_errf(r->e, r->path, n->line,
                       "node %d: unknown level format '%.40s' (compressed or dense)",
                       n->id, v);

    n->root = is_true(nattr(an, &kv, "root"));
    n->src = is_true(nattr(an, &kv, "src"));
    n->sink = is_true(nattr(an, &kv, "sink"));
    n->fp = is_true(nattr(an, &kv, "fp"));
    n->vals = is_true(nattr(an, &kv, "vals"));
    v = nattr(an, &kv, "order");
    if (*v && parse_int_attr(r, n, "order", v, &n->order) < 0)
        return -1;
    if (parse_index(r, n, "in0", nattr(an, &kv, "in0"), 0, &n->in0) < 0 ||
        parse_index(r, n, "in1", nattr(an, &kv, "in1"), 0, &n->in1) < 0 ||
        parse_index(r, n, "outer", nattr(an, &kv, "outer"), 0, &n->outer) < 0 ||
        parse_index(r, n, "inner", nattr(an, &kv, "inner"), 1, &n->inner) < 0)
        return -1;
    v = nattr(an, &kv, "skip");
    if (*v && parse_int_attr(r, n, "skip", v, &n->skip) < 0)
        return -1;
    if (copy_name(r, n, n->segsize, sizeof n->segsize, "segsize",
                  nattr(an, &kv, "segsize")) < 0 ||
        copy_name(r, n, n->crdsize, sizeof n->crdsize, "crdsize",
                  nattr(an, &kv, "crdsize")) < 0 ||
        copy_name(r, n, n->size, sizeof n->size, "size",
                  nattr(an, &kv, "size")) < 0)
        return -1;

    if (n->kind == SG_NK_ALU) {
        if (n->op == SG_ALU_ADD && is_true(nattr(an, &kv, "sub")))
            n->op = SG_ALU_SUB;
        static const char *const cattr[] = {"const0", "in2"};
        for (int k = 0; k < 2; k++) {
            v = nattr(an, &kv, cattr[k]);
            if (!*v)
                continue;
            char *end;
            double d = strtod(v, &end);
            if (end == v || *end || d != d || d > 9e18 || d < -9e18)
                return sg_errf(r->e, r->path, n->line,
                               "node %d: %s '%.40s' is not a number", n->id,
                               cattr[k], v);
            if (copy_name(r, n, n->cnst_text, sizeof n->cnst_text, cattr[k],
                          v) < 0)
                return -1;
            snprintf(n->cnst_attr, sizeof n->cnst_attr, "%s", cattr[k]);
            n->cnst = (int64_t)d;
            n->has_cnst = 1;
            if (n->op == SG_ALU_MUL)
                n->op = SG_ALU_SMUL;
            break;
        }
        if (n->op >= SG_ALU_FP_MUL)
            n->fp = 1;
    }
    return 0;
}

/* ---- edges and ports ------------------------------------------------------ */

/* Index tag of an edge (graph.h): text after the last '-' of the comment,
 * or the comment; without a comment, the label's suffix after '_'/'-'. */
static void edge_tag(const char *comment, const char *label, char *tag,
                     size_t cap)
{
    const char *t = "";
    if (*comment) {
        const char *dash = strrchr(comment, '-');
        t = dash ? dash + 1 : comment;
    } else if (*label) {
        const char *u = strrchr(label, '_'), *d = strrchr(label, '-');
        const char *m = u > d ? u : d;
        t = m ? m + 1 : "";
    }
    copy_cut(tag, cap, t);
}

/* Does edge e name index variable x by its tag (exact), or, for hand-edited
 * graphs with typos ("outer_i", "crddrp-crd-j-out"), by any one-letter word
 * of its comment (or label when there is no comment)?  loose selects. */
static int tag_is(const sg_edge *e, char x, int loose)
{
    if (!x)
        return 0;
    if (e->tag[0] == x && e->tag[1] == 0)
        return 1;
    if (!loose)
        return 0;
    const char *s = e->comment[0] ? e->comment : e->label;
    for (const char *p = s; *p; p++) {
        int start = p == s || p[-1] == '-' || p[-1] == '_';
        int end = p[1] == 0 || p[1] == '-' || p[1] == '_';
        if (start && end && *p == x)
            return 1;
    }
    return 0;
}

/* Port of a crddrop/crdhold edge: 0 outer, 1 inner, -1 unknown. */
static int tag_outer_inner(const sg_node *n, const sg_edge *e)
{
    int vin = n->inner == 'v';
    for (int loose = 0; loose < 2; loose++) {
        int o = e->type != SG_ST_VAL && tag_is(e, n->outer, loose);
        int i = vin ? (e->type == SG_ST_VAL || strcmp(e->tag, "val") == 0 ||
                       strcmp(e->tag, "vals") == 0)
                    : tag_is(e, n->inner, loose);
        if (o && !i)
            return 0;
        if (i && !o)
            return 1;
    }
    return -1;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* Collect a joiner's operand tensors from its input edges' tags. */
static int joiner_operands(rd *r, int ni)
{
    sg_graph *g = r->g;
    sg_node *n = &g->nodes[ni];
    n->n_operands = 0;
    for (size_t i = 0; i < g->n_edges; i++) {
        sg_edge *e = &g->edges[i];
        if (e->dst != ni || !e->tag[0])
            continue;
        if (graph_operand_index(n, e->tag) >= 0)
            continue;
        if (n->n_operands == SG_MAX_OPERANDS)
            return sg_errf(r->e, r->path, n->line,
                           "node %d: %s has more than %d operands", n->id,
                           n->type, SG_MAX_OPERANDS);
        copy_cut(n->operand[n->n_operands++], SG_NAME_MAX, e->tag);
    }
    qsort(n->operand, (size_t)n->n_operands, sizeof n->operand[0], cmp_str);
    return 0;
}

static int bind_in(const sg_graph *g, int ni, const sg_edge *e, int *seq)
{
    const sg_node *n = &g->nodes[ni];
    int k;
    switch (n->kind) {
    case SG_NK_FIBERLOOKUP:
        return (e->type == SG_ST_CRD && strcmp(e->tag, "skip") == 0) ? 1 : 0;
    case SG_NK_REPEAT:
        return e->type == SG_ST_REPSIG ? 1 : 0;
    case SG_NK_INTERSECT:
    case SG_NK_UNION:
        k = graph_operand_index(n, e->tag);
        if (k < 0 || (e->type != SG_ST_CRD && e->type != SG_ST_REF))
            return -1;
        return 2 * k + (e->type == SG_ST_REF);
    case SG_NK_ALU:
        return (*seq)++;
    case SG_NK_SPACC:
        if (e->type == SG_ST_VAL)
            return 2;
        if (n->in1 && tag_is(e, n->in1, 0))
            return 0;
        if (tag_is(e, n->in0, 0))
            return 1;
        return 3 + (*seq)++;
    case SG_NK_VECTORREDUCER:
        return e->type == SG_ST_VAL ? 1 : 0;
    case SG_NK_CRDDROP:
    case SG_NK_CRDHOLD:
        return tag_outer_inner(n, e);
    case SG_NK_LOCATE:
        return e->type == SG_ST_REF ? 1 : 0;
    case SG_NK_UNKNOWN:
        return (*seq)++;
    default:
        return 0;
    }
}

static int bind_out(const sg_graph *g, int ni, const sg_edge *e, int *seq)
{
    const sg_node *n = &g->nodes[ni];
    int k;
    switch (n->kind) {
    case SG_NK_FIBERLOOKUP:
        return e->type == SG_ST_REF ? 1 : 0;
    case SG_NK_FIBERWRITE:
        return -1;
    case SG_NK_BROADCAST:
    case SG_NK_UNKNOWN:
        return (*seq)++;
    case SG_NK_INTERSECT:
    case SG_NK_UNION:
        if (e->type == SG_ST_CRD)
            return 0;
        k = graph_operand_index(n, e->tag);
        return k < 0 ? -1 : 1 + k;
    case SG_NK_SPACC:
        if (e->type == SG_ST_VAL)
            return 2;
        if (tag_is(e, n->in0, 1))
            return 0;
        if (n->in1 && tag_is(e, n->in1, 1))
            return 1;
        return -1;
    case SG_NK_VECTORREDUCER:
        return e->type == SG_ST_VAL ? 1 : 0;
    case SG_NK_CRDDROP:
    case SG_NK_CRDHOLD:
        return tag_outer_inner(n, e);
    default:
        return 0;
    }
}

static int cmp_agedge(const void *a, const void *b)
{
    Agedge_t *x = *(Agedge_t *const *)a, *y = *(Agedge_t *const *)b;
    return (AGSEQ(x) > AGSEQ(y)) - (AGSEQ(x) < AGSEQ(y));
}

static int read_edges(rd *r, Agraph_t *ag)
{
    sg_graph *g = r->g;
    int rc = -1;
    size_t ne = 0, cap = 0;
    Agedge_t **es = NULL;
    for (Agnode_t *an = agfstnode(ag); an; an = agnxtnode(ag, an))
        for (Agedge_t *ae = agfstout(ag, an); ae; ae = agnxtout(ag, ae)) {
            sg_grow((void **)&es, &cap, ne + 1, sizeof *es);
            es[ne++] = ae;
        }
    if (ne)
        qsort(es, ne, sizeof *es, cmp_agedge);
    size_t cursor = 0;
    for (size_t i = 0; i < ne; i++) {
        Agedge_t *ae = es[i];
        const char *tn = agnameof(agtail(ae)), *hn = agnameof(aghead(ae));
        long tid = parse_id(tn, strlen(tn)), hid = parse_id(hn, strlen(hn));
        sg_edge e;
        memset(&e, 0, sizeof e);
        e.src = graph_find_node(g, (int)tid);
        e.dst = graph_find_node(g, (int)hid);
        e.line = edge_line_of(&r->si, &cursor, tid, hid);
        if (!e.line)
            e.line = g->nodes[e.src].line;
        copy_cut(e.label, sizeof e.label, ag_str(ae, "label"));
        copy_cut(e.comment, sizeof e.comment, ag_str(ae, "comment"));
        const char *ty = ag_str(ae, "type");
        char lab_ty[16] = "";
        if (!*ty) {
            /* No type: the label's first word ("crd_in-B" -> crd). */
            size_t k = strcspn(e.label, "_- ");
            if (k < sizeof lab_ty)
                memcpy(lab_ty, e.label, k), lab_ty[k] = 0;
            ty = lab_ty;
        }
        int sk = sg_stream_kind_parse(ty);
        if (sk < 0) {
            sg_errf(r->e, r->path, e.line,
                    "edge %s -> %s: unknown stream type '%.40s' (crd, ref, val or repsig)",
                    tn, hn, ty);
            goto out;
        }
        e.type = (sg_stream_kind)sk;
        edge_tag(e.comment, e.label, e.tag, sizeof e.tag);
        e.src_port = e.dst_port = -1;
        sg_grow((void **)&g->edges, &g->cap_edges, g->n_edges + 1,
                sizeof *g->edges);
        g->edges[g->n_edges++] = e;
    }
    /* Operands first (joiner ports depend on them), then ports. */
    for (size_t ni = 0; ni < g->n_nodes; ni++) {
        sg_node *n = &g->nodes[ni];
        if ((n->kind == SG_NK_INTERSECT || n->kind == SG_NK_UNION) &&
            joiner_operands(r, (int)ni) < 0)
            goto out;
    }
    {
        int *in_seq = sg_calloc(g->n_nodes + 1, sizeof *in_seq);
        int *out_seq = sg_calloc(g->n_nodes + 1, sizeof *out_seq);
        int *n_val_in = sg_calloc(g->n_nodes + 1, sizeof *n_val_in);
        for (size_t i = 0; i < g->n_edges; i++) {
            sg_edge *e = &g->edges[i];
            e->dst_port = bind_in(g, e->dst, e, &in_seq[e->dst]);
            e->src_port = bind_out(g, e->src, e, &out_seq[e->src]);
            if (e->type == SG_ST_VAL)
                n_val_in[e->dst]++;
            sg_node *d = &g->nodes[e->dst];
            if (d->kind == SG_NK_BROADCAST)
                d->stream = e->type;
        }
        for (size_t ni = 0; ni < g->n_nodes; ni++) {
            sg_node *n = &g->nodes[ni];
            /* A one-input max is ReLU: max with an implied constant 0. */
            if (n->kind == SG_NK_ALU && n->op == SG_ALU_MAX && !n->has_cnst &&
                n_val_in[ni] == 1) {
                n->op = SG_ALU_SMAX;
                n->has_cnst = 1;
                n->cnst = 0;
                snprintf(n->cnst_text, sizeof n->cnst_text, "0");
            }
            if (n->kind == SG_NK_BROADCAST || n->kind == SG_NK_UNKNOWN)
                n->n_out = out_seq[ni];
            if (n->kind == SG_NK_UNKNOWN)
                n->n_in = in_seq[ni];
            if (n->kind == SG_NK_SPACC)
                n->n_in = 3 + in_seq[ni];
            graph_node_ports(n);
        }
        free(n_val_in);
        free(out_seq);
        free(in_seq);
    }
    rc = 0;
out:
    free(es);
    return rc;
}

/* ---- header comment ------------------------------------------------------ */

/* Level formats as the graph comment writes them (SAM-SEMANTICS 3.2):
 * "none", or n level letters followed by n mode digits. */
static int parse_format(const char *s, sg_format *f)
{
    memset(f, 0, sizeof *f);
    if (strcmp(s, "none") == 0)
        return 0;
    size_t len = strlen(s);
    if (len == 0 || len % 2 || len / 2 > SG_MAX_ORDER)
        return -1;
    int n = (int)(len / 2);
    unsigned seen = 0;
    for (int l = 0; l < n; l++) {
        char c = s[l], m = s[n + l];
        if (c != SG_LVL_COMPRESSED && c != SG_LVL_DENSE)
            return -1;
        if (m < '0' || m >= '0' + n || (seen & (1u << (m - '0'))))
            return -1;
        seen |= 1u << (m - '0');
        f->level[l] = c;
        f->mode[l] = m - '0';
    }
    f->order = n;
    return 0;
}

static int read_header(rd *r, const char *comment)
{
    sg_graph *g = r->g;
    snprintf(g->comment, sizeof g->comment, "%s", comment);
    long line = r->si.comment_line ? r->si.comment_line : 1;
    if (!*comment)
        return 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", comment);
    char *save = NULL;
    for (char *p = strtok_r(buf, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(p, '=');
        if (!eq)
            return sg_errf(r->e, r->path, line,
                           "graph comment: '%.40s' is not TENSOR=FORMAT", trim(p));
        *eq = 0;
        char *name = trim(p), *fmt = trim(eq + 1);
        if (!*name || strlen(name) >= SG_NAME_MAX)
            return sg_errf(r->e, r->path, line,
                           "graph comment: bad tensor name '%.40s'", name);
        if (graph_tensor(g, name))
            return sg_errf(r->e, r->path, line,
                           "graph comment: tensor %s declared twice", name);
        if (g->n_tensors == (int)(sizeof g->tensors / sizeof g->tensors[0]))
            return sg_errf(r->e, r->path, line,
                           "graph comment: more than %d tensors",
                           g->n_tensors);
        sg_tensor_decl *t = &g->tensors[g->n_tensors];
        if (parse_format(fmt, &t->fmt) < 0)
            return sg_errf(r->e, r->path, line,
                           "graph comment: tensor %s has bad format '%.40s' "
                           "(like ss01, ds10, s0 or none)", name, fmt);
        memcpy(t->name, name, strlen(name) + 1);
        t->is_output = g->n_tensors == 0;
        g->n_tensors++;
    }
    return 0;
}

/* ---- entry points ------------------------------------------------------- */

static void graph_name_from_path(sg_graph *g, const char *path)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    size_t n = strlen(b);
    if (n > 3 && strcmp(b + n - 3, ".gv") == 0)
        n -= 3;
    else if (n > 4 && strcmp(b + n - 4, ".dot") == 0)
        n -= 4;
    if (n >= sizeof g->name)
        n = sizeof g->name - 1;
    memcpy(g->name, b, n);
    g->name[n] = 0;
}

/* Turn cgraph's last message into a located error. */
static int cgraph_error(rd *r, long fallback_line)
{
    char *m = aglasterr();
    long line = fallback_line;
    char msg[200] = "DOT syntax error";
    if (m) {
        const char *p = strstr(m, "line ");
        if (p)
            line = strtol(p + 5, NULL, 10);
        const char *near = strstr(m, "near");
        size_t n = strcspn(m, "\n");
        if (strncmp(m, "syntax error", 12) == 0)
            snprintf(msg, sizeof msg, "DOT syntax error%s%.*s",
                     near ? " " : "", near ? (int)strcspn(near, "\n") : 0,
                     near ? near : "");
        else
            snprintf(msg, sizeof msg, "%.*s", (int)(n < 150 ? n : 150), m);
        free(m);
    }
    return sg_errf(r->e, r->path, line, "%s", msg);
}

int graph_read_mem(const char *text, size_t len, const char *path,
                   sg_graph *g, sg_err *e)
{
    rd r;
    memset(&r, 0, sizeof r);
    memset(g, 0, sizeof *g);
    r.path = path ? path : "<graph>";
    r.g = g;
    r.e = e;
    g->path = sg_strdup(r.path);
    graph_name_from_path(g, r.path);
    int rc = -1;
    char *buf = NULL;
    Agraph_t *ag = NULL;

    const char *nul = memchr(text, 0, len);
    if (nul) {
        long line = 1;
        for (const char *p = text; p < nul; p++)
            line += *p == '\n';
        sg_errf(e, r.path, line, "NUL byte in the file");
        goto out;
    }
    scan_text(text, len, &r.si);
    if (r.si.graph_end == 0) {
        sg_errf(e, r.path, 0, "no complete DOT graph (digraph NAME { ... })");
        goto out;
    }
    /* Only the first graph: anything after it is an error, and cgraph must
     * not keep unread text for the next parse. */
    for (size_t i = r.si.graph_end; i < len; i++) {
        if (!isspace((unsigned char)text[i])) {
            sg_errf(e, r.path, r.si.end_line,
                    "text after the end of the graph");
            goto out;
        }
    }
    if (r.si.n_ids)
        qsort(r.si.ids, r.si.n_ids, sizeof *r.si.ids, cmp_id_line);
    /* The text ends at the closing brace: cgraph's scanner keeps unread
     * input between calls, so nothing may be left over. */
    buf = sg_malloc(r.si.graph_end + 1);
    memcpy(buf, text, r.si.graph_end);
    buf[r.si.graph_end] = 0;

    agerrlevel_t old_lvl = agseterr(AGMAX);   /* keep messages, print none */
    agreseterrors();
    agsetfile(NULL);                          /* resets cgraph's line count */
    ag = agmemread(buf);
    int errs = agerrors();
    agseterr(old_lvl);
    if (!ag || errs >= AGERR) {
        cgraph_error(&r, r.si.end_line);
        goto out;
    }
    if (!agisdirected(ag)) {
        sg_errf(e, r.path, 1, "not a directed graph (digraph expected)");
        goto out;
    }

    for (Agnode_t *an = agfstnode(ag); an; an = agnxtnode(ag, an)) {
        sg_node n;
        if (read_node(&r, an, &n) < 0)
            goto out;
        if (graph_find_node(g, n.id) >= 0) {
            sg_errf(e, r.path, n.line, "node id %d used twice", n.id);
            goto out;
        }
        sg_grow((void **)&g->nodes, &g->cap_nodes, g->n_nodes + 1,
                sizeof *g->nodes);
        g->nodes[g->n_nodes++] = n;
    }
    if (read_edges(&r, ag) < 0)
        goto out;
    if (read_header(&r, ag_str(ag, "comment")) < 0)
        goto out;
    graph_derive_index_order(g);
    rc = 0;
out:
    if (ag)
        agclose(ag);
    free(buf);
    free(r.si.ids);
    free(r.si.edges);
    if (rc < 0) {
        if (e && e->code == 0)
            e->code = SG_EXIT_USAGE;
        graph_free(g);
    }
    return rc;
}

int graph_read(const char *path, sg_graph *g, sg_err *e)
{
    memset(g, 0, sizeof *g);
    FILE *f = fopen(path, "rb");
    if (!f)
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "cannot open: %s",
                       strerror(errno));
    size_t cap = 1 << 14, n = 0;
    char *text = sg_malloc(cap);
    for (;;) {
        if (n == cap) {
            if (cap > ((size_t)1 << 28)) {
                fclose(f);
                free(text);
                return sg_errc(e, SG_EXIT_USAGE, path, 0,
                               "file too large for a graph");
            }
            cap *= 2;
            text = sg_realloc(text, cap);
        }
        size_t k = fread(text + n, 1, cap - n, f);
        n += k;
        if (k == 0)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(text);
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "read error");
    }
    int rc = graph_read_mem(text, n, path, g, e);
    free(text);
    return rc;
}
