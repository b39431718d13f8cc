/*
 * graph.c - the typed SAM graph: names, ports, lookups, builders.
 *
 * Everything here works on an sg_graph that is already in memory, whether
 * the DOT reader (graph_read.c) or the einsum compiler built it.  The port
 * numbering table lives in graph.h; sg_graph_node_ports, sg_graph_port_name and
 * sg_graph_port_kind are the three functions that encode it, so a change to the
 * table is a change to those three and nothing else.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

#include "core/fp.h"
#include "core/tensor.h"
#include "core/value.h"
#include "graph/graph.h"
#include "graph/kinds.h"

/* ---- names ------------------------------------------------------------- */

/* DOT type words of the ALU ops (the canonical spelling for writing). */
static const char *const alu_names[SG_ALU__COUNT] = {
    [SG_ALU_MUL] = "mul",       [SG_ALU_ADD] = "add",
    [SG_ALU_SUB] = "sub",       [SG_ALU_MAX] = "max",
    [SG_ALU_MIN] = "min",       [SG_ALU_SMAX] = "smax",
    [SG_ALU_SMUL] = "smul",     [SG_ALU_EXP] = "exp",
    [SG_ALU_DIV] = "div",       [SG_ALU_FP_MUL] = "fp_mul",
    [SG_ALU_FP_ADD] = "fp_add", [SG_ALU_FP_DIV] = "fp_div",
    [SG_ALU_FP_MAX] = "fp_max", [SG_ALU_FP_EXP] = "fp_exp",
};

const char *sg_graph_kind_name(sg_node_kind k)
{
    return sg_kind_info_of(k)->name;
}

const char *sg_graph_alu_name(sg_alu_op op)
{
    if ((int)op < 0 || op >= SG_ALU__COUNT)
        return "?";
    return alu_names[op];
}

sg_alu_op sg_graph_alu_base(const sg_node *n)
{
    switch (n->op) {
    case SG_ALU_FP_MUL: return n->has_cnst ? SG_ALU_SMUL : SG_ALU_MUL;
    case SG_ALU_FP_ADD: return SG_ALU_ADD;
    case SG_ALU_FP_MAX: return SG_ALU_MAX;
    case SG_ALU_FP_DIV: return SG_ALU_DIV;
    case SG_ALU_FP_EXP: return SG_ALU_EXP;
    default: return n->op;
    }
}

int64_t sg_graph_alu_const(const sg_node *n, int vt)
{
    if (!sg_vt_is_fp(vt))
        return n->cnst;
    if (n->op >= SG_ALU_FP_MUL && n->cnst_text[0]) {
        double d = strtod(n->cnst_text, NULL);
        return vt == SG_VT_FP32 ? sg_wrap((int64_t)sg_fp_f32_from_double(d), 32)
                                : sg_wrap((int64_t)sg_fp_bf16_from_double(d), 16);
    }
    return sg_val_from_int(vt, n->cnst);
}

int sg_graph_node_is_fp(const sg_node *n)
{
    if (n->kind == SG_NK_REDUCE)
        return n->fp;
    return n->kind == SG_NK_ALU &&
           (n->op >= SG_ALU_FP_MUL || n->op == SG_ALU_DIV || n->op == SG_ALU_EXP);
}

int sg_graph_has_fp(const sg_graph *g)
{
    for (size_t i = 0; i < g->n_nodes; i++)
        if (sg_graph_node_is_fp(&g->nodes[i]))
            return 1;
    return 0;
}

sg_node_kind sg_graph_kind_parse(const char *type, sg_alu_op *op)
{
    if (op)
        *op = SG_ALU_MUL;
    if (!type)
        return SG_NK_UNKNOWN;
    sg_node_kind k = sg_kind_by_word(type);
    if (k != SG_NK_UNKNOWN)
        return k;
    for (int i = 0; i < SG_ALU__COUNT; i++)
        if (strcmp(type, alu_names[i]) == 0) {
            if (op)
                *op = (sg_alu_op)i;
            return SG_NK_ALU;
        }
    return SG_NK_UNKNOWN;
}

const char *sg_graph_node_type(const sg_node *n)
{
    if (n->type[0])
        return n->type;
    if (n->kind == SG_NK_ALU) {
        /* Custard spells sub as add sub=1 and a scaled mul as mul in2=c. */
        if (n->op == SG_ALU_SUB)
            return "add";
        if (n->op == SG_ALU_SMUL)
            return "mul";
        return sg_graph_alu_name(n->op);
    }
    return sg_graph_kind_name(n->kind);
}

const char *sg_graph_node_desc(const sg_node *n, char *buf, size_t cap)
{
    int k = snprintf(buf, cap, "%s %d", sg_graph_node_type(n), n->id);
    if (k < 0 || (size_t)k >= cap)
        return buf;
    char extra[96] = "";
    switch (n->kind) {
    case SG_NK_FIBERLOOKUP:
    case SG_NK_FIBERWRITE:
        if (n->is_vals)
            snprintf(extra, sizeof extra, " (%s vals)", n->tensor);
        else
            snprintf(extra, sizeof extra, " (%c, %s mode %d)",
                     n->index ? n->index : '?', n->tensor, n->mode);
        break;
    case SG_NK_REPEAT:
        snprintf(extra, sizeof extra, " (%c, %s)", n->index ? n->index : '?',
                 n->tensor);
        break;
    case SG_NK_LOCATE:
        snprintf(extra, sizeof extra, " (%c, %s mode %d)", n->index ? n->index : '?',
                 n->tensor, n->mode);
        break;
    case SG_NK_ARRAYVALS:
        snprintf(extra, sizeof extra, " (%s)", n->tensor);
        break;
    case SG_NK_REPSIGGEN:
    case SG_NK_INTERSECT:
    case SG_NK_UNION:
    case SG_NK_VECTORREDUCER:
        if (n->index)
            snprintf(extra, sizeof extra, " (%c)", n->index);
        break;
    case SG_NK_CRDDROP:
    case SG_NK_CRDHOLD:
        snprintf(extra, sizeof extra, " (outer %c, inner %s)",
                 n->outer ? n->outer : '?',
                 n->inner == 'v' ? "val" : (char[2]){n->inner ? n->inner : '?', 0});
        break;
    default:
        break;
    }
    snprintf(buf + k, cap - (size_t)k, "%s", extra);
    return buf;
}

/* ---- ports ------------------------------------------------------------- */

void sg_graph_node_init(sg_node *n, sg_node_kind k)
{
    memset(n, 0, sizeof *n);
    n->kind = k;
    n->mode = -1;
    n->skip = -1;          /* use the global default (golden_opts.skip) */
    n->line = 0;
    n->stream = SG_ST_CRD;
    n->src = k == SG_NK_FIBERLOOKUP;   /* Custard marks every scanner src */
    sg_graph_node_ports(n);
}

static const char *const ws_names[] = {"auto", "dense", "sorted", "hash"};

int sg_ws_parse(const char *s)
{
    for (int k = 0; k < 4; k++)
        if (strcmp(s, ws_names[k]) == 0)
            return k;
    return -1;
}

const char *sg_ws_name(sg_ws_kind k)
{
    return k >= SG_WS_AUTO && k <= SG_WS_HASH ? ws_names[k] : "?";
}

sg_ws_kind sg_ws_resolve(const sg_node *n, uint64_t dense_entries)
{
    if (n->workspace != SG_WS_AUTO)
        return n->workspace;
    return dense_entries > SG_WS_DENSE_AUTO_MAX ? SG_WS_SORTED : SG_WS_DENSE;
}

void sg_graph_node_ports(sg_node *n)
{
    int in, out;
    sg_kind_port_counts(n, &in, &out);
    /* Open kinds keep what their edges need. */
    if (sg_kind_open_out(n->kind) && n->n_out > out)
        out = n->n_out;
    if (sg_kind_open_in(n->kind) && n->n_in > in)
        in = n->n_in;
    n->n_in = in;
    n->n_out = out;
}

const char *sg_graph_port_name(const sg_node *n, int is_input, int p, char *buf)
{
    sg_port pt;
    sg_kind_port(n, is_input, p, &pt);
    snprintf(buf, 48, "%s", pt.name);
    return buf;
}

sg_stream_kind sg_graph_port_kind(const sg_node *n, int is_input, int p)
{
    sg_port pt;
    sg_kind_port(n, is_input, p, &pt);
    return pt.kind;
}

/* ---- lookups ----------------------------------------------------------- */

const sg_tensor_decl *sg_graph_tensor(const sg_graph *g, const char *name)
{
    for (int i = 0; i < g->n_tensors; i++)
        if (strcmp(g->tensors[i].name, name) == 0)
            return &g->tensors[i];
    return NULL;
}

void sg_decl_str(const sg_tensor_decl *d, char *buf, size_t cap)
{
    char f[2 * SG_MAX_ORDER + 8];
    sg_format_str(&d->fmt, f);
    size_t k = (size_t)snprintf(buf, cap, "%s", f);
    for (int m = 0; d->lorder > 0 && m < d->lorder && k < cap; m++)
        k += (size_t)snprintf(buf + k, cap - k, "%s%lld", m ? "x" : "/tile=",
                              (long long)d->tile[m]);
    if (d->fmt.bv_width > 0 && d->fmt.bv_width != SG_BV_WIDTH_DEFAULT && k < cap)
        snprintf(buf + k, cap - k, "/bv=%d", d->fmt.bv_width);
}

int sg_decl_bv_parse(char *s, sg_tensor_decl *d)
{
    char *b = strstr(s, "/bv=");
    if (!b)
        return 0;
    char *p = b + 4;
    int v = 0;
    while (*p >= '0' && *p <= '9' && v < 1000)
        v = v * 10 + (*p++ - '0');
    if (p == b + 4 || (*p && *p != '/') || !sg_lvl_bv_width_ok(v))
        return -1;
    d->fmt.bv_width = v;
    memmove(b, p, strlen(p) + 1);
    return 0;
}

int sg_decl_tiles_parse(const char *s, sg_tensor_decl *d)
{
    d->lorder = 0;
    memset(d->tile, 0, sizeof d->tile);
    if (!*s)
        return 0;
    if (strncmp(s, "/tile=", 6) != 0)
        return -1;
    s += 6;
    int n = 0, split = 0;
    for (;;) {
        if (n == SG_MAX_ORDER || *s < '0' || *s > '9')
            return -1;
        int64_t v = 0;
        while (*s >= '0' && *s <= '9') {
            if (v > (INT64_MAX - 9) / 10)
                return -1;
            v = v * 10 + (*s++ - '0');
        }
        d->tile[n++] = v;
        split += v > 0;
        if (*s == 'x') {
            s++;
            continue;
        }
        break;
    }
    if (*s || !split || n + split != d->fmt.order)
        return -1;
    d->lorder = n;
    return 0;
}

int sg_graph_find_node(const sg_graph *g, int id)
{
    for (size_t i = 0; i < g->n_nodes; i++)
        if (g->nodes[i].id == id)
            return (int)i;
    return -1;
}

int sg_graph_operand_index(const sg_node *n, const char *tensor)
{
    for (int k = 0; k < n->n_operands; k++)
        if (strcmp(n->operand[k], tensor) == 0)
            return k;
    return -1;
}

int sg_graph_in_edge(const sg_graph *g, int node, int port)
{
    for (size_t i = 0; i < g->n_edges; i++)
        if (g->edges[i].dst == node && g->edges[i].dst_port == port)
            return (int)i;
    return -1;
}

/* Does the val stream into port p of node v come from a reducer (through
 * broadcasts and ALUs)?  hops bounds the walk on malformed graphs. */
static int from_reducer(const sg_graph *g, int v, int port, int hops)
{
    int k = sg_graph_in_edge(g, v, port);
    if (k < 0 || hops > 16)
        return 0;
    int sv = g->edges[k].src;
    switch (g->nodes[sv].kind) {
    case SG_NK_REDUCE:
    case SG_NK_SPACC:
    case SG_NK_VECTORREDUCER:
        return 1;
    case SG_NK_BROADCAST:
    case SG_NK_PARALLELIZE:
        return from_reducer(g, sv, 0, hops + 1);
    case SG_NK_ALU:
        return from_reducer(g, sv, 0, hops + 1) || from_reducer(g, sv, 1, hops + 1);
    default:
        return 0;
    }
}

void sg_graph_take_stream(sg_node *d, const sg_edge *e)
{
    /* the ports of type '*' in graph/kinds.def */
    if (d->kind == SG_NK_BROADCAST || d->kind == SG_NK_PARALLELIZE ||
        (d->kind == SG_NK_SERIALIZE_LEVEL && e->dst_port > 0))
        d->stream = e->type;
}

int sg_graph_is_bitvector(const sg_node *n)
{
    return (n->kind == SG_NK_FIBERLOOKUP || n->kind == SG_NK_INTERSECT ||
            n->kind == SG_NK_UNION) && n->format == SG_LVL_BITVECTOR;
}

int sg_graph_bv_width(const sg_graph *g, const sg_node *n)
{
    const char *t = n->kind == SG_NK_FIBERLOOKUP ? n->tensor
                  : n->n_operands > 0 ? n->operand[0] : "";
    const sg_tensor_decl *d = sg_graph_tensor(g, t);
    return d ? sg_format_bv_width(&d->fmt) : SG_BV_WIDTH_DEFAULT;
}

int sg_graph_inner_is_vals(const sg_node *n)
{
    return (n->kind == SG_NK_CRDDROP || n->kind == SG_NK_CRDHOLD) &&
           (n->vals || n->inner == 'v');
}

int sg_graph_sub_swapped(const sg_graph *g, int node)
{
    const sg_node *n = &g->nodes[node];
    return n->kind == SG_NK_ALU && n->op == SG_ALU_SUB && n->n_in >= 2 &&
           from_reducer(g, node, 0, 0) && !from_reducer(g, node, 1, 0);
}

/* Kahn's algorithm; ready nodes are taken lowest index first, so the order
 * is deterministic and follows the file where the graph allows. */
int sg_graph_topo_order(const sg_graph *g, int *order)
{
    size_t n = g->n_nodes;
    int rc = -1;
    int *indeg = sg_calloc(n ? n : 1, sizeof *indeg);
    char *done = sg_calloc(n ? n : 1, 1);
    for (size_t i = 0; i < g->n_edges; i++) {
        const sg_edge *e = &g->edges[i];
        if (e->src >= 0 && (size_t)e->src < n && e->dst >= 0 &&
            (size_t)e->dst < n)
            indeg[e->dst]++;
    }
    /* Edge lists per source, so the whole sort is O(V + E). */
    size_t *first = sg_calloc(n + 1, sizeof *first);
    size_t *by_src = sg_calloc(g->n_edges ? g->n_edges : 1, sizeof *by_src);
    for (size_t i = 0; i < g->n_edges; i++)
        if (g->edges[i].src >= 0 && (size_t)g->edges[i].src < n)
            first[g->edges[i].src + 1]++;
    for (size_t i = 0; i < n; i++)
        first[i + 1] += first[i];
    size_t *fill = sg_calloc(n ? n : 1, sizeof *fill);
    for (size_t i = 0; i < g->n_edges; i++) {
        int s = g->edges[i].src;
        if (s >= 0 && (size_t)s < n)
            by_src[first[s] + fill[s]++] = i;
    }
    /* A min-heap of ready node indices. */
    int *heap = sg_malloc((n ? n : 1) * sizeof *heap);
    size_t hn = 0, out = 0;
#define HEAP_PUSH(v) do { size_t c_ = hn++; heap[c_] = (v); \
        while (c_ > 0 && heap[(c_ - 1) / 2] > heap[c_]) { \
            int t_ = heap[c_]; heap[c_] = heap[(c_ - 1) / 2]; \
            heap[(c_ - 1) / 2] = t_; c_ = (c_ - 1) / 2; } } while (0)
    for (size_t i = 0; i < n; i++)
        if (indeg[i] == 0)
            HEAP_PUSH((int)i);
    while (hn > 0) {
        int v = heap[0];
        heap[0] = heap[--hn];
        for (size_t c = 0;;) {
            size_t l = 2 * c + 1, r = l + 1, m = c;
            if (l < hn && heap[l] < heap[m]) m = l;
            if (r < hn && heap[r] < heap[m]) m = r;
            if (m == c) break;
            int t = heap[c]; heap[c] = heap[m]; heap[m] = t;
            c = m;
        }
        done[v] = 1;
        order[out++] = v;
        for (size_t k = first[v]; k < first[v + 1]; k++) {
            int d = g->edges[by_src[k]].dst;
            if (d >= 0 && (size_t)d < n && --indeg[d] == 0)
                HEAP_PUSH(d);
        }
    }
#undef HEAP_PUSH
    rc = out == n ? 0 : -1;
    free(heap);
    free(fill);
    free(by_src);
    free(first);
    free(done);
    free(indeg);
    return rc;
}

/* ---- builders ---------------------------------------------------------- */

int sg_graph_add_node(sg_graph *g, const sg_node *n)
{
    sg_grow((void **)&g->nodes, &g->cap_nodes, g->n_nodes + 1,
            sizeof *g->nodes);
    sg_node *d = &g->nodes[g->n_nodes];
    *d = *n;
    sg_graph_node_ports(d);
    return (int)g->n_nodes++;
}

int sg_graph_add_edge(sg_graph *g, const sg_edge *e)
{
    sg_grow((void **)&g->edges, &g->cap_edges, g->n_edges + 1,
            sizeof *g->edges);
    g->edges[g->n_edges] = *e;
    if (e->src >= 0 && (size_t)e->src < g->n_nodes) {
        sg_node *s = &g->nodes[e->src];
        if (sg_kind_open_out(s->kind) && e->src_port >= s->n_out)
            s->n_out = e->src_port + 1;
    }
    if (e->dst >= 0 && (size_t)e->dst < g->n_nodes) {
        sg_node *d = &g->nodes[e->dst];
        if (sg_kind_open_in(d->kind) && e->dst_port >= d->n_in)
            d->n_in = e->dst_port + 1;
        sg_graph_take_stream(d, e);
    }
    return (int)g->n_edges++;
}

int sg_graph_connect(sg_graph *g, int src, int sp, int dst, int dp, sg_stream_kind t)
{
    sg_edge e;
    memset(&e, 0, sizeof e);
    e.src = src;
    e.src_port = sp;
    e.dst = dst;
    e.dst_port = dp;
    e.type = t;
    return sg_graph_add_edge(g, &e);
}

void sg_graph_free(sg_graph *g)
{
    if (!g)
        return;
    free(g->path);
    free(g->nodes);
    free(g->edges);
    memset(g, 0, sizeof *g);
}

/* ---- diagnostics ------------------------------------------------------- */

void sg_diag_add(sg_diags *d, sg_diag_sev sev, long line, int node,
                 const char *fmt, ...)
{
    sg_grow((void **)&d->d, &d->cap, d->n + 1, sizeof *d->d);
    sg_diag *x = &d->d[d->n++];
    x->sev = sev;
    x->line = line;
    x->node = node;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(x->msg, sizeof x->msg, fmt, ap);
    va_end(ap);
}

size_t sg_diags_count(const sg_diags *d, sg_diag_sev sev)
{
    size_t c = 0;
    for (size_t i = 0; i < d->n; i++)
        c += d->d[i].sev == sev;
    return c;
}

void sg_diags_free(sg_diags *d)
{
    if (!d)
        return;
    free(d->d);
    memset(d, 0, sizeof *d);
}

/* ---- index order --------------------------------------------------------- */

int sg_graph_is_rooted(const sg_node *n)
{
    return (n->kind == SG_NK_FIBERLOOKUP || n->kind == SG_NK_REPEAT ||
            n->kind == SG_NK_LOCATE) && n->root;
}

static int is_level_node(const sg_node *n)
{
    return n->kind == SG_NK_FIBERLOOKUP || n->kind == SG_NK_REPEAT;
}

/* Depth of a scanner/repeat: 0 at a root, else one more than the scanner
 * or repeat whose reference stream feeds it.  memo: -2 unknown, -3 busy. */
static int level_depth(const sg_graph *g, int v, int *memo)
{
    if (memo[v] >= 0)
        return memo[v];
    if (memo[v] == -3)
        return 0;                       /* a cycle: checked elsewhere */
    memo[v] = -3;
    int d = 0;
    int e = g->nodes[v].root ? -1 : sg_graph_in_edge(g, v, 0);
    for (size_t steps = 0; e >= 0 && steps <= g->n_edges; steps++) {
        int u = g->edges[e].src;
        if (u < 0 || (size_t)u >= g->n_nodes)
            break;
        const sg_node *un = &g->nodes[u];
        if (is_level_node(un)) {
            d = level_depth(g, u, memo) + 1;
            break;
        }
        if (un->kind == SG_NK_BROADCAST || un->kind == SG_NK_PARALLELIZE) {
            e = sg_graph_in_edge(g, u, 0);
        } else if ((un->kind == SG_NK_INTERSECT || un->kind == SG_NK_UNION) &&
                   g->edges[e].src_port >= 1) {
            /* The joiner's ref_k comes from operand k's scanner, which sits
             * at the joiner's own level. */
            e = sg_graph_in_edge(g, u, 2 * (g->edges[e].src_port - 1) + 1);
        } else {
            break;
        }
    }
    memo[v] = d;
    return d;
}

void sg_graph_derive_index_order(sg_graph *g)
{
    char idx[SG_MAX_ORDER + 1];
    int depth[SG_MAX_ORDER];
    int n = 0;
    int *memo = sg_malloc((g->n_nodes ? g->n_nodes : 1) * sizeof *memo);
    for (size_t i = 0; i < g->n_nodes; i++)
        memo[i] = -2;
    /* Pass 0: scanners and repeats with a depth; pass 1: every other node
     * naming an index (appended after, in file order). */
    for (int pass = 0; pass < 2; pass++) {
        for (size_t i = 0; i < g->n_nodes; i++) {
            const sg_node *nd = &g->nodes[i];
            char x = nd->index;
            if (!x || x == 'v')
                continue;
            if (pass == 0 && !is_level_node(nd))
                continue;
            int d = pass == 0 ? level_depth(g, (int)i, memo) : 1 << 20;
            int k;
            for (k = 0; k < n && idx[k] != x; k++)
                ;
            if (k < n) {
                if (d < depth[k])
                    depth[k] = d;
                continue;
            }
            if (n == SG_MAX_ORDER)
                continue;
            idx[n] = x;
            depth[n] = d;
            n++;
        }
    }
    free(memo);
    /* Stable insertion sort by depth. */
    for (int a = 1; a < n; a++)
        for (int b = a; b > 0 && depth[b - 1] > depth[b]; b--) {
            int td = depth[b]; depth[b] = depth[b - 1]; depth[b - 1] = td;
            char tc = idx[b]; idx[b] = idx[b - 1]; idx[b - 1] = tc;
        }
    memcpy(g->index_order, idx, (size_t)n);
    g->index_order[n] = 0;
}

int sg_level_use_error(sg_node_kind k, int is_vals, char fmt, char *buf, size_t cap)
{
    const sg_lvl_caps *c = fmt ? sg_lvl_info(fmt) : NULL;
    if (!c)
        return 0;
    const char *a = strchr("aeiou", c->word[0]) ? "an" : "a";
    if (k == SG_NK_LOCATE && !c->locate)
        snprintf(buf, cap, "locates into %s %s level (only dense and hashed levels can "
                 "be located into)", a, c->word);
    else if (k == SG_NK_FIBERLOOKUP && !c->ordered)
        snprintf(buf, cap, "scans %s %s level, which is unordered: it is located into (a "
                 "locate node), never scanned", a, c->word);
    else if (k == SG_NK_FIBERWRITE && !is_vals && fmt == SG_LVL_BITVECTOR)
        snprintf(buf, cap, "writes a bitvector level (the level writers write dense and "
                 "compressed levels: write the result so and convert it with samgen "
                 "tensor convert)");
    else if ((k == SG_NK_INTERSECT || k == SG_NK_UNION) && fmt && fmt != SG_LVL_BITVECTOR)
        snprintf(buf, cap, "joins %s %s level's words (a joiner's format is bitvector "
                 "or none)", a, c->word);
    else if (k == SG_NK_FIBERWRITE && !is_vals && (!c->assemble || fmt == SG_LVL_HASHED))
        snprintf(buf, cap, "writes %s %s level (%s)", a, c->word,
                 c->assemble ? "the level writers append in order; hashed levels insert"
                             : "it has neither append nor insert");
    else
        return 0;
    return 1;
}
