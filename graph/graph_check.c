/*
 * graph_check.c - the semantic checks of a typed graph.
 *
 * The reader accepts anything that fits the typed structure; this file says
 * whether it makes a SAM graph samgen can run.  Findings have three
 * severities (graph.h): errors fail `samgen check`, notes are legal but
 * worth knowing (an output port nobody reads: later stages drain it), and
 * "unsupported in RTL" marks graphs the golden model can run but the Verilog
 * generator cannot build yet.  Every finding carries the line of the node or
 * edge it is about and a message naming the node.
 *
 * Checks, in order: node kinds and required attributes; edges bound to
 * ports; missing and doubled input ports; unread outputs; stream kinds
 * against ports; tensors against the graph comment (declared, mode/format
 * of each scanner and writer level); cycles; index variables along crd/ref
 * edges (scanner -> joiner, repsiggen -> repeat, ...); RTL support.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "graph/graph.h"
#include "graph/kinds.h"

typedef struct ck {
    const sg_graph *g;
    sg_diags *d;
    int errors;
} ck;

#define DESC(n, buf) sg_graph_node_desc((n), (buf), sizeof (buf))

static void err(ck *c, long line, int node, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void err(ck *c, long line, int node, const char *fmt, ...)
{
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    sg_diag_add(c->d, SG_DIAG_ERROR, line, node, "%s", msg);
    c->errors++;
}

/* ---- nodes -------------------------------------------------------------- */

static int needs_index(sg_node_kind k)
{
    return k == SG_NK_FIBERLOOKUP || k == SG_NK_REPSIGGEN ||
           k == SG_NK_REPEAT || k == SG_NK_INTERSECT || k == SG_NK_UNION ||
           k == SG_NK_VECTORREDUCER || k == SG_NK_LOCATE;
}

static void check_nodes(ck *c)
{
    const sg_graph *g = c->g;
    char b[128];
    for (size_t i = 0; i < g->n_nodes; i++) {
        const sg_node *n = &g->nodes[i];
        int ni = (int)i;
        if (n->kind == SG_NK_UNKNOWN) {
            if (n->type[0])
                err(c, n->line, ni, "node %d: unknown node type '%s'", n->id,
                    n->type);
            else
                err(c, n->line, ni, "node %d has no type attribute", n->id);
            continue;
        }
        if (needs_index(n->kind) && !n->index)
            err(c, n->line, ni, "%s: no index variable", DESC(n, b));
        if (n->kind == SG_NK_FIBERWRITE && !n->is_vals && !n->index)
            err(c, n->line, ni, "%s: no index variable", DESC(n, b));
        if ((n->kind == SG_NK_FIBERLOOKUP || n->kind == SG_NK_FIBERWRITE ||
             n->kind == SG_NK_ARRAYVALS || n->kind == SG_NK_REPEAT ||
             n->kind == SG_NK_LOCATE) &&
            !n->tensor[0])
            err(c, n->line, ni, "%s: no tensor", DESC(n, b));
        if ((n->kind == SG_NK_FIBERLOOKUP || n->kind == SG_NK_LOCATE ||
             (n->kind == SG_NK_FIBERWRITE && !n->is_vals))) {
            if (n->mode < 0)
                err(c, n->line, ni, "%s: no mode", DESC(n, b));
            if (!n->format)
                err(c, n->line, ni, "%s: no level format", DESC(n, b));
        }
        /* what each level format can do (core/format.c's table) */
        char why[160];
        if (sg_level_use_error(n->kind, n->is_vals, n->format, why, sizeof why))
            err(c, n->line, ni, "%s: %s", DESC(n, b), why);
        if ((n->kind == SG_NK_CRDDROP || n->kind == SG_NK_CRDHOLD) &&
            (!n->outer || !n->inner))
            err(c, n->line, ni, "%s: needs both outer and inner", DESC(n, b));
        if (n->kind == SG_NK_SPACC) {
            if (n->order != 1 && n->order != 2)
                err(c, n->line, ni, "%s: order must be 1 or 2", DESC(n, b));
            if (!n->in0)
                err(c, n->line, ni, "%s: no in0 (inner index)", DESC(n, b));
        }
        if ((n->kind == SG_NK_INTERSECT || n->kind == SG_NK_UNION) &&
            n->n_operands < (n->format == SG_LVL_BITVECTOR ? 1 : 2))
            err(c, n->line, ni, "%s: needs at least two operands (crd_in-T/ref_in-T edges), has %d",
                DESC(n, b), n->n_operands);
    }
}

/* ---- ports -------------------------------------------------------------- */

static int in_required(const sg_node *n, int p)
{
    switch (n->kind) {
    case SG_NK_FIBERLOOKUP: return p == 0 && !n->root;
    case SG_NK_REPEAT:
    case SG_NK_LOCATE: return p == 1 || !n->root;
    case SG_NK_SPACC: return p == 1 || p == 2 || (p == 0 && n->in1);
    case SG_NK_UNKNOWN: return 0;
    default: return 1;
    }
}

/* Is an unread output worth a note?  (spacc's outer output does not exist
 * without in1.) */
static int out_exists(const sg_node *n, int p)
{
    if (n->kind == SG_NK_SPACC && p == 1 && !n->in1)
        return 0;
    return 1;
}

/* How many edges each port has: the ports of node i are counted at
 * in_n[in_off[i] + p] and out_n[out_off[i] + p]. */
typedef struct port_counts {
    size_t *in_off, *out_off;
    int *in_n, *out_n;
} port_counts;

static void counts_init(port_counts *pc, const sg_graph *g)
{
    size_t nn = g->n_nodes;
    pc->in_off = sg_calloc(nn + 1, sizeof *pc->in_off);
    pc->out_off = sg_calloc(nn + 1, sizeof *pc->out_off);
    for (size_t i = 0; i < nn; i++) {
        pc->in_off[i + 1] = pc->in_off[i] + (size_t)(g->nodes[i].n_in > 0 ? g->nodes[i].n_in : 0);
        pc->out_off[i + 1] = pc->out_off[i] + (size_t)(g->nodes[i].n_out > 0 ? g->nodes[i].n_out : 0);
    }
    pc->in_n = sg_calloc(pc->in_off[nn] + 1, sizeof *pc->in_n);
    pc->out_n = sg_calloc(pc->out_off[nn] + 1, sizeof *pc->out_n);
}

static void counts_free(port_counts *pc)
{
    free(pc->out_n);
    free(pc->in_n);
    free(pc->out_off);
    free(pc->in_off);
}

/* The edge's end at its destination: an input port that exists, is not
 * doubled, and takes the edge's stream kind. */
static void check_edge_dst(ck *c, port_counts *pc, const sg_edge *e)
{
    const sg_graph *g = c->g;
    const sg_node *s = &g->nodes[e->src], *d = &g->nodes[e->dst];
    char b1[128], pb[48];
    if (e->dst_port < 0 || e->dst_port >= d->n_in) {
        err(c, e->line, e->dst,
            "edge %d -> %d (%s '%s'): no matching input port on %s",
            s->id, d->id, sg_stream_kind_name(e->type),
            e->label[0] ? e->label : e->comment, DESC(d, b1));
        return;
    }
    if (++pc->in_n[pc->in_off[e->dst] + (size_t)e->dst_port] == 2)
        err(c, e->line, e->dst,
            "%s: extra input on port %s (edge %d -> %d)",
            DESC(d, b1), sg_graph_port_name(d, 1, e->dst_port, pb),
            s->id, d->id);
    sg_stream_kind want = sg_graph_port_kind(d, 1, e->dst_port);
    if (want != e->type)
        err(c, e->line, e->dst,
            "edge %d -> %d: a %s stream into %s port %s, which takes %s",
            s->id, d->id, sg_stream_kind_name(e->type), DESC(d, b1),
            sg_graph_port_name(d, 1, e->dst_port, pb),
            sg_stream_kind_name(want));
}

/* The edge's end at its source: an output port that exists and carries
 * the edge's stream kind. */
static void check_edge_src(ck *c, port_counts *pc, const sg_edge *e)
{
    const sg_graph *g = c->g;
    const sg_node *s = &g->nodes[e->src], *d = &g->nodes[e->dst];
    char b1[128], pb[48];
    if (e->src_port < 0 || e->src_port >= s->n_out) {
        err(c, e->line, e->src,
            "edge %d -> %d (%s '%s'): no matching output port on %s",
            s->id, d->id, sg_stream_kind_name(e->type),
            e->label[0] ? e->label : e->comment, DESC(s, b1));
        return;
    }
    pc->out_n[pc->out_off[e->src] + (size_t)e->src_port]++;
    sg_stream_kind have = sg_graph_port_kind(s, 0, e->src_port);
    if (have != e->type)
        err(c, e->line, e->src,
            "edge %d -> %d: typed %s but %s port %s carries %s",
            s->id, d->id, sg_stream_kind_name(e->type), DESC(s, b1),
            sg_graph_port_name(s, 0, e->src_port, pb),
            sg_stream_kind_name(have));
}

/* Node i's ports once every edge is counted: unconnected required inputs,
 * a root with a ref input, unread outputs, a broadcast with none. */
static void check_node_ports(ck *c, const port_counts *pc, size_t i)
{
    const sg_node *n = &c->g->nodes[i];
    char b1[128], pb[48];
    for (int p = 0; p < n->n_in; p++) {
        int k = pc->in_n[pc->in_off[i] + (size_t)p];
        if (k == 0 && in_required(n, p))
            err(c, n->line, (int)i, "%s: input %s is not connected",
                DESC(n, b1), sg_graph_port_name(n, 1, p, pb));
    }
    if (sg_graph_is_rooted(n) && pc->in_n[pc->in_off[i]] > 0)
        err(c, n->line, (int)i,
            "%s: root=true but it has a ref input", DESC(n, b1));
    for (int p = 0; p < n->n_out; p++)
        if (pc->out_n[pc->out_off[i] + (size_t)p] == 0 && out_exists(n, p))
            sg_diag_add(c->d, SG_DIAG_NOTE, n->line, (int)i,
                        "%s: output %s is not read (drained)",
                        DESC(n, b1), sg_graph_port_name(n, 0, p, pb));
    if (n->kind == SG_NK_BROADCAST && n->n_out == 0)
        sg_diag_add(c->d, SG_DIAG_NOTE, n->line, (int)i,
                    "%s: no outputs (drained)", DESC(n, b1));
}

static void check_ports(ck *c)
{
    const sg_graph *g = c->g;
    port_counts pc;
    counts_init(&pc, g);
    for (size_t i = 0; i < g->n_edges; i++) {
        const sg_edge *e = &g->edges[i];
        if (g->nodes[e->dst].kind != SG_NK_UNKNOWN)
            check_edge_dst(c, &pc, e);
        if (g->nodes[e->src].kind != SG_NK_UNKNOWN)
            check_edge_src(c, &pc, e);
    }
    for (size_t i = 0; i < g->n_nodes; i++)
        if (g->nodes[i].kind != SG_NK_UNKNOWN)
            check_node_ports(c, &pc, i);
    counts_free(&pc);
}

/* ---- tensors ------------------------------------------------------------ */

static void check_tensors(ck *c)
{
    const sg_graph *g = c->g;
    char b[128];
    if (g->n_tensors == 0)
        err(c, 1, -1, "the graph comment declares no tensors (comment=\"X=ss01,B=ss01,...\")");
    for (size_t i = 0; i < g->n_nodes; i++) {
        const sg_node *n = &g->nodes[i];
        if (!n->tensor[0] || g->n_tensors == 0)
            continue;
        const sg_tensor_decl *t = sg_graph_tensor(g, n->tensor);
        if (!t) {
            err(c, n->line, (int)i,
                "%s: tensor %s is not declared in the graph comment",
                DESC(n, b), n->tensor);
            continue;
        }
        int is_level = n->kind == SG_NK_FIBERLOOKUP ||
                       (n->kind == SG_NK_FIBERWRITE && !n->is_vals);
        if (!is_level || n->mode < 0)
            continue;
        int lvl = -1;
        for (int l = 0; l < t->fmt.order; l++)
            if (t->fmt.mode[l] == n->mode)
                lvl = l;
        if (lvl < 0) {
            err(c, n->line, (int)i, "%s: tensor %s has no mode %d (order %d)",
                DESC(n, b), t->name, n->mode, t->fmt.order);
            continue;
        }
        if (n->format && t->fmt.level[lvl] != n->format)
            err(c, n->line, (int)i,
                "%s: level %d of %s is %s in the graph comment, the node says %s",
                DESC(n, b), lvl, t->name,
                sg_lvl_word(t->fmt.level[lvl]), sg_lvl_word(n->format));
        /* A root scanner reads level 0; level 0 may also be scanned below
         * a repeat (root=false, ref from the repeat). */
        if (n->kind == SG_NK_FIBERLOOKUP && n->root && lvl != 0)
            err(c, n->line, (int)i,
                "%s: root=true but mode %d is level %d of %s, not its top level",
                DESC(n, b), n->mode, lvl, t->name);
    }
}

/* ---- cycles ------------------------------------------------------------- */

static void check_cycles(ck *c)
{
    const sg_graph *g = c->g;
    if (g->n_nodes == 0)
        return;
    int *order = sg_malloc(g->n_nodes * sizeof *order);
    char *in = sg_calloc(g->n_nodes, 1);
    if (sg_graph_topo_order(g, order) < 0) {
        /* Peel off nodes with no unplaced predecessor (Kahn's rule); what
         * remains lies on a cycle or behind one.  Name the first in the
         * file. */
        size_t placed = 0;
        int *indeg_left = sg_calloc(g->n_nodes, sizeof *indeg_left);
        for (size_t i = 0; i < g->n_edges; i++)
            indeg_left[g->edges[i].dst]++;
        int changed = 1;
        while (changed) {
            changed = 0;
            for (size_t v = 0; v < g->n_nodes; v++) {
                if (in[v] || indeg_left[v] != 0)
                    continue;
                in[v] = 1;
                placed++;
                changed = 1;
                for (size_t k = 0; k < g->n_edges; k++)
                    if (g->edges[k].src == (int)v)
                        indeg_left[g->edges[k].dst]--;
            }
        }
        /* Every unplaced node has an unplaced predecessor: walking back
         * n steps from one lands on a cycle. */
        int v = -1;
        for (size_t u = 0; u < g->n_nodes && v < 0; u++)
            if (!in[u])
                v = (int)u;
        for (size_t step = 0; v >= 0 && step < g->n_nodes; step++)
            for (size_t k = 0; k < g->n_edges; k++)
                if (g->edges[k].dst == v && !in[g->edges[k].src]) {
                    v = g->edges[k].src;
                    break;
                }
        if (v >= 0) {
            char b[128];
            err(c, g->nodes[v].line, v,
                "%s is on a cycle (%zu nodes cannot be ordered)",
                DESC(&g->nodes[v], b), g->n_nodes - placed);
        }
        free(indeg_left);
    }
    free(in);
    free(order);
}

/* ---- index variables ---------------------------------------------------- */

/* Index variable of the stream on edge e, from its producer (through
 * broadcasts); 0 when the producer does not say. */
static char stream_index(const sg_graph *g, int ei)
{
    for (size_t steps = 0; ei >= 0 && steps <= g->n_edges; steps++) {
        const sg_edge *e = &g->edges[ei];
        const sg_node *s = &g->nodes[e->src];
        switch (s->kind) {
        case SG_NK_BROADCAST:
        case SG_NK_PARALLELIZE:
            ei = sg_graph_in_edge(g, e->src, 0);
            continue;
        case SG_NK_FIBERLOOKUP:
        case SG_NK_INTERSECT:
        case SG_NK_UNION:
        case SG_NK_REPSIGGEN:
            return s->index;
        case SG_NK_REPEAT:
            return s->index;
        case SG_NK_CRDDROP:
        case SG_NK_CRDHOLD:
            return e->src_port == 0 ? s->outer
                 : e->src_port == 1 && s->inner != 'v' ? s->inner : 0;
        case SG_NK_SPACC:
            return e->src_port == 0 ? s->in0 : e->src_port == 1 ? s->in1 : 0;
        case SG_NK_VECTORREDUCER:
            return e->src_port == 0 ? s->index : 0;
        default:
            return 0;
        }
    }
    return 0;
}

static void want_index(ck *c, int ei, char want, const char *what)
{
    const sg_graph *g = c->g;
    if (ei < 0 || !want || want == 'v')
        return;
    char have = stream_index(g, ei);
    if (!have || have == want)
        return;
    const sg_edge *e = &g->edges[ei];
    char b1[128], b2[128];
    err(c, e->line, e->dst,
        "%s: %s comes from %s over index %c, expected %c",
        DESC(&g->nodes[e->dst], b1), what, DESC(&g->nodes[e->src], b2), have,
        want);
}

static void check_indices(ck *c)
{
    const sg_graph *g = c->g;
    char what[64];
    for (size_t i = 0; i < g->n_edges; i++) {
        const sg_edge *e = &g->edges[i];
        const sg_node *d = &g->nodes[e->dst];
        if (e->dst_port < 0)
            continue;
        switch (d->kind) {
        case SG_NK_INTERSECT:
        case SG_NK_UNION:
            if (e->dst_port / 2 < d->n_operands) {
                snprintf(what, sizeof what, "operand %s (%s)",
                         d->operand[e->dst_port / 2],
                         (e->dst_port & 1) ? "ref" : "crd");
                want_index(c, (int)i, d->index, what);
            }
            break;
        case SG_NK_REPSIGGEN:
            want_index(c, (int)i, d->index, "its crd input");
            break;
        case SG_NK_REPEAT:
            if (e->dst_port == 1)
                want_index(c, (int)i, d->index, "its repsig input");
            break;
        case SG_NK_LOCATE:
            if (e->dst_port == 1)
                want_index(c, (int)i, d->index, "its crd input");
            break;
        case SG_NK_CRDDROP:
        case SG_NK_CRDHOLD:
            if (e->type == SG_ST_CRD)
                want_index(c, (int)i, e->dst_port == 0 ? d->outer : d->inner,
                           e->dst_port == 0 ? "the outer input" : "the inner input");
            break;
        case SG_NK_FIBERWRITE:
            if (!d->is_vals && e->type == SG_ST_CRD)
                want_index(c, (int)i, d->index, "its crd input");
            break;
        case SG_NK_SPACC:
            if (e->dst_port == 0)
                want_index(c, (int)i, d->in1, "the outer crd input");
            else if (e->dst_port == 1)
                want_index(c, (int)i, d->in0, "the inner crd input");
            break;
        default:
            break;
        }
    }
}

/* A bitvector joiner combines aligned words: its operands' levels have
 * one word width. */
static void check_bv_widths(ck *c)
{
    const sg_graph *g = c->g;
    char b[128];
    for (size_t i = 0; i < g->n_nodes; i++) {
        const sg_node *n = &g->nodes[i];
        if (n->kind == SG_NK_FIBERLOOKUP || !sg_graph_is_bitvector(n))
            continue;
        const sg_tensor_decl *d0 = sg_graph_tensor(g, n->operand[0]);
        for (int k = 1; d0 && k < n->n_operands; k++) {
            const sg_tensor_decl *dk = sg_graph_tensor(g, n->operand[k]);
            if (dk && sg_format_bv_width(&dk->fmt) != sg_format_bv_width(&d0->fmt))
                err(c, n->line, (int)i, "%s: operands %s (%d-bit words) and %s (%d-bit "
                    "words) differ in word width; a bitvector joiner combines aligned "
                    "words", DESC(n, b), n->operand[0], sg_format_bv_width(&d0->fmt),
                    n->operand[k], sg_format_bv_width(&dk->fmt));
        }
    }
}

/* ---- RTL support ---------------------------------------------------------- */

static void check_rtl(ck *c)
{
    const sg_graph *g = c->g;
    char b[128];
    unsigned long long said = 0;
    for (size_t i = 0; i < g->n_nodes; i++) {
        const sg_node *n = &g->nodes[i];
        /* a kind without an RTL module: said once, at its first node */
        if (n->kind != SG_NK_UNKNOWN && !sg_kind_info_of(n->kind)->rtl[0] &&
            !(said >> n->kind & 1u)) {
            said |= 1ull << n->kind;
            sg_diag_add(c->d, SG_DIAG_UNSUPPORTED_RTL, n->line, (int)i,
                        "%s: no RTL module for %s nodes yet (the golden model runs them)",
                        DESC(n, b), sg_graph_kind_name(n->kind));
        }
        /* rtl/sam_join.v joins two or three operands (gen/emit_plan.c) */
        if ((n->kind == SG_NK_INTERSECT || n->kind == SG_NK_UNION) && n->n_operands > 3)
            sg_diag_add(c->d, SG_DIAG_UNSUPPORTED_RTL, n->line, (int)i,
                        "%s: a join of %d operands is not supported in RTL (at most 3)",
                        DESC(n, b), n->n_operands);
    }
    /* rtl/sam_scan_bitvector.v and sam_join_bv.v: one BvWidth per design,
     * 8 bits or more (a stop's level travels in a word) */
    int w0 = 0;
    for (size_t i = 0; i < g->n_nodes; i++) {
        const sg_node *n = &g->nodes[i];
        if (n->kind != SG_NK_FIBERLOOKUP || !sg_graph_is_bitvector(n))
            continue;
        int w = sg_graph_bv_width(g, n);
        if (w < 8)
            sg_diag_add(c->d, SG_DIAG_UNSUPPORTED_RTL, n->line, (int)i,
                        "%s: %d-bit bitvector words are not supported in RTL (8 to 64)",
                        DESC(n, b), w);
        else if (w0 && w != w0)
            sg_diag_add(c->d, SG_DIAG_UNSUPPORTED_RTL, n->line, (int)i,
                        "%s: %d-bit bitvector words beside %d-bit ones; the RTL has one "
                        "word width per design", DESC(n, b), w, w0);
        else
            w0 = w;
    }
}

int sg_graph_check(const sg_graph *g, sg_diags *d)
{
    ck c = {g, d, 0};
    check_nodes(&c);
    check_ports(&c);
    check_tensors(&c);
    check_cycles(&c);
    check_indices(&c);
    check_bv_widths(&c);
    check_rtl(&c);
    return c.errors;
}
