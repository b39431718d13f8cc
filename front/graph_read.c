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
 * a small scanner of our own (dot_scan.c) walks the text once to find the
 * line of every node statement and edge statement (edges are matched to
 * cgraph's edges in creation order); cgraph's error printing is switched
 * off for the duration of one parse and its last message is turned into a
 * "FILE:LINE: ..." error.  Nothing of cgraph's state is relied on across
 * calls.
 *
 * Sections: attribute access; nodes; header comment; entry points.  Edges
 * and their ports are in dot_edges.c.
 */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include <cgraph.h>

#include "front/dot.h"
#include "front/dot_read.h"
#include "graph/graph.h"

/* The largest graph file read (bytes). */
#define SG_GRAPH_FILE_MAX ((size_t)1 << 26)

/* ---- attribute access --------------------------------------------------- */

/* A node's comment="k=v,k=v" split into pairs (keys and values trimmed). */
typedef struct kv_list {
    char buf[512];
    const char *key[32], *val[32];
    int n;
} kv_list;

void sg_dot_copy_cut(char *d, size_t cap, const char *s)
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

const char *sg_dot_ag_str(void *obj, const char *name)
{
    const char *v = agget(obj, (char *)name);
    return v ? v : "";
}

/* The value of a node attribute: the DOT attribute, else the comment copy. */
static const char *nattr(Agnode_t *n, const kv_list *kv, const char *key)
{
    const char *v = sg_dot_ag_str(n, key);
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

/* One node: its id and line, then its attributes one after another (each a
 * few lines: read, check, store).  Kept as one list rather than split, as
 * the parts would share the node, its attribute sources and the error
 * context and do nothing else. */
static int read_node(rd *r, Agnode_t *an, sg_node *n)
{
    const char *name = agnameof(an);
    long id = sg_dot_parse_id(name, strlen(name));
    sg_graph_node_init(n, SG_NK_UNKNOWN);
    n->line = id >= 0 ? sg_dot_node_line(&r->si, id) : 0;
    if (id < 0)
        return sg_errf(r->e, r->path, 0,
                       "node id '%.40s' is not a decimal number", name);
    n->id = (int)id;

    kv_list kv;
    kv_parse(sg_dot_ag_str(an, "comment"), &kv);
    const char *type = nattr(an, &kv, "type");
    if (copy_name(r, n, n->type, sizeof n->type, "type", type) < 0)
        return -1;
    sg_alu_op op;
    n->kind = sg_graph_kind_parse(type, &op);
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
    if (*v && !(n->format = sg_lvl_from_word(v)))
        return sg_errf(r->e, r->path, n->line,
                       "node %d: unknown level format '%.40s' (compressed, dense, "
                       "nonunique, singleton, range, offset, hashed or bitvector)", n->id, v);

    n->root = is_true(nattr(an, &kv, "root"));
    n->src = is_true(nattr(an, &kv, "src"));
    n->sink = is_true(nattr(an, &kv, "sink"));
    n->fp = is_true(nattr(an, &kv, "fp"));
    n->vals = is_true(nattr(an, &kv, "vals"));
    n->val_stops = is_true(nattr(an, &kv, "valstops"));
    v = nattr(an, &kv, "empty");
    if (strcmp(v, "skip") == 0)
        n->skip_empty = 1;
    else if (*v && strcmp(v, "zero") != 0)
        return sg_errf(r->e, r->path, n->line,
                       "node %d: unknown empty='%.40s' (zero or skip)", n->id, v);
    v = nattr(an, &kv, "order");
    if (*v && parse_int_attr(r, n, "order", v, &n->order) < 0)
        return -1;
    v = nattr(an, &kv, "lane");
    if (*v && parse_int_attr(r, n, "lane", v, &n->lane) < 0)
        return -1;
    v = nattr(an, &kv, "lanes");
    if (*v && parse_int_attr(r, n, "lanes", v, &n->lanes) < 0)
        return -1;
    v = nattr(an, &kv, "depth");
    if (*v && parse_int_attr(r, n, "depth", v, &n->depth) < 0)
        return -1;
    if ((n->kind == SG_NK_PARALLELIZE || n->kind == SG_NK_SERIALIZE ||
         n->kind == SG_NK_SERIALIZE_LEVEL) &&
        (n->lanes < 1 || n->lanes > SG_MAX_LANES || n->lane < 0 || n->lane >= n->lanes ||
         n->depth < 0 || n->depth >= SG_MAX_ORDER))
        return sg_errf(r->e, r->path, n->line, "node %d: lanes=%d lane=%d depth=%d: "
                       "lanes 1 to %d, lane below lanes, depth 0 to %d", n->id, n->lanes,
                       n->lane, n->depth, SG_MAX_LANES, SG_MAX_ORDER - 1);
    v = nattr(an, &kv, "workspace");
    if (*v) {
        int w = sg_ws_parse(v);
        if (w < 0)
            return sg_errf(r->e, r->path, n->line, "node %d: unknown workspace '%.40s' "
                           "(dense, sorted or hash)", n->id, v);
        if (n->kind != SG_NK_SPACC && n->kind != SG_NK_VECTORREDUCER)
            return sg_errf(r->e, r->path, n->line, "node %d: workspace= belongs to "
                           "spaccumulator and vectorreducer nodes", n->id);
        n->workspace = (sg_ws_kind)w;
    }
    v = nattr(an, &kv, "capacity");
    if (*v) {
        int cap;
        if (parse_int_attr(r, n, "capacity", v, &cap) < 0)
            return -1;
        if (cap < 1 || n->workspace < SG_WS_SORTED)
            return sg_errf(r->e, r->path, n->line, "node %d: capacity=%d needs a sorted "
                           "or hash workspace and at least 1 entry", n->id, cap);
        n->ws_cap = cap;
    }
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

/* ---- header comment ------------------------------------------------------ */

/* Level formats as the graph comment writes them (SAM-SEMANTICS 3.2):
 * "none", or n level letters followed by n mode digits. */
/* The graph comment's format of a tensor: core/format.c's rule (the
 * message says what a format looks like). */
static int parse_format(const char *s, sg_format *f)
{
    sg_err e;
    return sg_format_parse(s, f, &e);
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
        if (sg_graph_tensor(g, name))
            return sg_errf(r->e, r->path, line,
                           "graph comment: tensor %s declared twice", name);
        if (g->n_tensors == (int)(sizeof g->tensors / sizeof g->tensors[0]))
            return sg_errf(r->e, r->path, line,
                           "graph comment: more than %d tensors",
                           g->n_tensors);
        sg_tensor_decl *t = &g->tensors[g->n_tensors];
        char *tiles = strchr(fmt, '/');
        char tbuf[128] = "";
        if (tiles) {
            snprintf(tbuf, sizeof tbuf, "%s", tiles);
            *tiles = 0;
        }
        if (parse_format(fmt, &t->fmt) < 0)
            return sg_errf(r->e, r->path, line,
                           "graph comment: tensor %s has bad format '%.40s' "
                           "(like ss01, ds10, uq01, s0 or none)", name, fmt);
        if (sg_decl_bv_parse(tbuf, t) < 0)
            return sg_errf(r->e, r->path, line,
                           "graph comment: tensor %s has a bad bitvector word width in "
                           "'%.40s' (like /bv=64: a power of two from 1 to 64)", name, tbuf);
        if (sg_decl_tiles_parse(tbuf, t) < 0)
            return sg_errf(r->e, r->path, line,
                           "graph comment: tensor %s has bad tiles '%.40s' (like "
                           "/tile=32x0: a size per logical mode, 0 for a mode not "
                           "split, one more mode in the format per split one)",
                           name, tbuf);
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

int sg_graph_read_mem(const char *text, size_t len, const char *path,
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

    if (sg_dot_scan(text, len, r.path, &r.si, e) < 0)
        goto out;
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
        if (sg_graph_find_node(g, n.id) >= 0) {
            sg_errf(e, r.path, n.line, "node id %d used twice", n.id);
            goto out;
        }
        sg_grow((void **)&g->nodes, &g->cap_nodes, g->n_nodes + 1,
                sizeof *g->nodes);
        g->nodes[g->n_nodes++] = n;
    }
    if (sg_dot_read_edges(&r, ag) < 0)
        goto out;
    if (read_header(&r, sg_dot_ag_str(ag, "comment")) < 0)
        goto out;
    sg_graph_derive_index_order(g);
    rc = 0;
out:
    if (ag)
        agclose(ag);
    free(buf);
    sg_dot_scan_free(&r.si);
    if (rc < 0) {
        if (e && e->code == 0)
            e->code = SG_EXIT_USAGE;
        sg_graph_free(g);
    }
    return rc;
}

int sg_graph_read(const char *path, sg_graph *g, sg_err *e)
{
    memset(g, 0, sizeof *g);
    FILE *f = fopen(path, "rb");
    if (!f)
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "cannot open: %s",
                       strerror(errno));
    /* At most SG_GRAPH_FILE_MAX bytes: cgraph needs about twenty times a
     * graph's size in memory. */
    size_t cap = 1 << 14, n = 0;
    char *text = sg_malloc(cap);
    for (;;) {
        if (n == cap) {
            if (n > SG_GRAPH_FILE_MAX) {
                fclose(f);
                free(text);
                return sg_errc(e, SG_EXIT_USAGE, path, 0,
                               "file too large for a graph (more than %zu "
                               "bytes)", SG_GRAPH_FILE_MAX);
            }
            cap = cap * 2 > SG_GRAPH_FILE_MAX ? SG_GRAPH_FILE_MAX + 1 : cap * 2;
            text = sg_realloc(text, cap);
        }
        size_t k = fread(text + n, 1, cap - n, f);
        n += k;
        if (k == 0 || memchr(text + n - k, 0, k))
            break;   /* a NUL byte: not text; the scanner names its line */
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(text);
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "read error");
    }
    int rc = sg_graph_read_mem(text, n, path, g, e);
    free(text);
    return rc;
}
