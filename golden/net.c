/*
 * net.c - a graph instantiated for execution (see net.h): the net's
 * structure helpers and sg_net_build.
 *
 * Instantiation: one queue per edge, root scanners and root repeats fed
 * the root reference "0 D", ALU sub operands ordered minuend first (see
 * sg_graph_sub_swapped), crddrop/crdhold told how many levels their inner
 * stream lies below the outer one (from stream depths propagated through
 * the graph), and, in the cycle engine with skipping on, a skip channel
 * from each 2- or 3-operand intersect to every compressed scanner that
 * feeds it exclusively.
 *
 * Sections: net helpers; stream depths; skip planning; sg_net_build.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/value.h"
#include "golden/net.h"
#include "golden/skip_core.h"
#include "graph/depth.h"
#include "graph/skip_plan.h"

/* ---- net helpers ---------------------------------------------------------- */

void sg_net_free(sg_net *net)
{
    if (net->node)
        for (size_t i = 0; i < net->g->n_nodes; i++)
            sg_prim_node_free(&net->node[i]);
    free(net->node);
    free(net->node_name);
    free(net->ws);
    if (net->eq)
        for (size_t i = 0; i < net->g->n_edges; i++)
            sg_q_free(&net->eq[i]);
    free(net->eq);
    for (size_t i = 0; i < net->n_xq; i++)
        sg_q_free(&net->xq[i]);
    free(net->xq);
    free(net->all);
    free(net->order);
    free(net->outq_store);
    sg_mem_free(net->mem);
    net->mem = NULL;
}

int sg_net_node_error(const sg_net *net, size_t i, sg_err *e)
{
    const sg_node *n = &net->g->nodes[i];
    return sg_errc(e, SG_EXIT_USAGE, net->g->path, n->line, "node %s: %s",
                   net->node_name[i], net->node[i].err);
}

char *sg_net_stuck_report(const sg_net *net)
{
    const sg_graph *g = net->g;
    size_t cap = 4096, len = 0;
    char *s = sg_malloc(cap);
    s[0] = 0;
#define APPEND(...) do { \
        int k_ = snprintf(s + len, cap - len, __VA_ARGS__); \
        if (k_ > 0 && (size_t)k_ >= cap - len) { \
            cap = cap * 2 + (size_t)k_; s = sg_realloc(s, cap); \
            k_ = snprintf(s + len, cap - len, __VA_ARGS__); } \
        if (k_ > 0) len += (size_t)k_; } while (0)
    char nm[128];
    APPEND("full FIFOs:");
    int any = 0;
    for (size_t i = 0; i < g->n_edges; i++)
        if (net->eq[i].room_n >= net->eq[i].lim) {
            APPEND(" %s (%zu tokens)", sg_golden_edge_name(g, i, nm), net->eq[i].n);
            any = 1;
        }
    if (!any)
        APPEND(" none");
    APPEND("; waiting nodes:");
    for (size_t v = 0; v < g->n_nodes; v++) {
        if (net->node[v].done)
            continue;
        APPEND(" %s [", net->node_name[v]);
        int first = 1;
        for (size_t i = 0; i < g->n_edges; i++) {
            const sg_q *q = &net->eq[i];
            if ((size_t)g->edges[i].dst == v && q->vis == 0) {
                APPEND("%sempty input %s", first ? "" : ", ", sg_golden_edge_name(g, i, nm));
                first = 0;
            }
            if ((size_t)g->edges[i].src == v && q->room_n >= q->lim) {
                APPEND("%sfull output %s", first ? "" : ", ", sg_golden_edge_name(g, i, nm));
                first = 0;
            }
        }
        APPEND("]");
    }
#undef APPEND
    return s;
}

static sg_q *new_xq(sg_net *net, sg_stream_kind k)
{
    sg_q *q = &net->xq[net->n_xq++];
    sg_q_init(q, k, net->cyc, 0);
    return q;
}

/* ---- skip planning ------------------------------------------------------------ */

/* Skip channels (graph/skip_plan.h; the cycle engine only): intersect v's
 * operand k gets a channel to its scanner, skq[3 * v + k]; cam[s] is
 * scanner s's CAM size. */
static int net_skip_plan(sg_net *net, const golden_opts *o, sg_q **skq,
                         int *cam, sg_err *e)
{
    const sg_graph *g = net->g;
    if (!net->cyc)
        return 0;
    sg_skip_plan sp;
    int rc = sg_skip_plan_make(g, o->skip, &sp, e);
    for (size_t v = 0; v < g->n_nodes && rc == 0; v++)
        for (int k = 0; k < 3; k++) {
            int sc = sp.scan[v][k];
            if (sc < 0)
                continue;
            skq[3 * v + (size_t)k] = new_xq(net, SG_ST_CRD);
            net->node[sc].in[1] = skq[3 * v + (size_t)k];
            if (net->node[sc].n_in < 2)
                net->node[sc].n_in = 2;
            cam[sc] = sp.node_cam[sc];
        }
    sg_skip_plan_free(&sp);
    return rc;
}

/* ---- sg_net_build -------------------------------------------------------------- */

/* The node and queue arrays, the topological order, one queue per edge. */
static int net_alloc(sg_net *net, const sg_graph *g, const golden_opts *o,
                     sg_err *e)
{
    memset(net, 0, sizeof *net);
    net->g = g;
    net->cyc = o->engine == GOLDEN_CYCLE;
    net->cycle_loop = o->cycle_loop;
    size_t nn = g->n_nodes, ne = g->n_edges;
    net->node = sg_calloc(nn ? nn : 1, sizeof *net->node);
    net->node_name = sg_calloc(nn ? nn : 1, sizeof *net->node_name);
    net->eq = sg_calloc(ne ? ne : 1, sizeof *net->eq);
    net->xq = sg_calloc(nn * 3 + 1, sizeof *net->xq);
    net->order = sg_malloc((nn ? nn : 1) * sizeof *net->order);
    if (sg_graph_topo_order(g, net->order) < 0)
        return sg_errf(e, g->path, 0, "the graph has a cycle");
    net->n_order = nn;
    size_t lim = net->cyc ? o->fifo_depth : ((size_t)1 << 16);
    for (size_t i = 0; i < ne; i++)
        sg_q_init(&net->eq[i], g->edges[i].type, net->cyc,
                  net->cyc && o->edge_depth ? (size_t)o->edge_depth[i] : lim);
    return 0;
}

/* Names, widths, output port lists and input queues of every node. */
static int net_wire(sg_net *net, const golden_opts *o, sg_err *e)
{
    const sg_graph *g = net->g;
    size_t nn = g->n_nodes, ne = g->n_edges;
    net->outq_store = sg_malloc((ne ? ne : 1) * sizeof *net->outq_store);
    size_t used = 0;
    for (size_t v = 0; v < nn; v++) {
        const sg_node *gn = &g->nodes[v];
        sg_pnode *pn = &net->node[v];
        sg_graph_node_desc(gn, net->node_name[v], sizeof net->node_name[v]);
        pn->name = net->node_name[v];
        pn->width = o->width;
        pn->vt = o->vt ? o->vt : o->width;
        pn->n_in = gn->n_in < SG_PRIM_MAX_IN ? gn->n_in : SG_PRIM_MAX_IN;
        int nout = gn->n_out;
        if (gn->kind == SG_NK_BROADCAST)
            nout = 1;           /* one port holding every edge */
        if (nout > SG_PRIM_MAX_OUT)
            return sg_errf(e, g->path, gn->line, "node %s has too many outputs", pn->name);
        pn->n_out = nout;
        for (int p = 0; p < nout; p++) {
            pn->out[p].q = net->outq_store + used;
            pn->out[p].n = 0;
            for (size_t i = 0; i < ne; i++)
                if ((size_t)g->edges[i].src == v &&
                    (gn->kind == SG_NK_BROADCAST || g->edges[i].src_port == p))
                    net->outq_store[used + (size_t)pn->out[p].n++] = &net->eq[i];
            used += (size_t)pn->out[p].n;
        }
        for (size_t i = 0; i < ne; i++)
            if ((size_t)g->edges[i].dst == v) {
                int p = g->edges[i].dst_port;
                if (p >= SG_PRIM_MAX_IN)
                    return sg_errf(e, g->path, g->edges[i].line, "node %s: input port %d unsupported",
                                   pn->name, p);
                if (pn->in[p])
                    return sg_errf(e, g->path, g->edges[i].line,
                                   "node %s: two edges into input port %d", pn->name, p);
                pn->in[p] = &net->eq[i];
                if (p >= pn->n_in)
                    pn->n_in = p + 1;
            }
    }
    return 0;
}

/* Node v's root reference "0 D" (sg_graph_is_rooted); every input
 * port that is not optional must be connected. */
static int net_node_inputs(sg_net *net, size_t v, sg_err *e)
{
    const sg_graph *g = net->g;
    const sg_node *gn = &g->nodes[v];
    sg_pnode *pn = &net->node[v];
    if (sg_graph_is_rooted(gn)) {
        sg_q *q = new_xq(net, SG_ST_REF);
        q_push(q, sg_data(0));
        q_push(q, sg_done());
        q_commit(q);
        pn->in[0] = q;
    }
    for (int p = 0; p < pn->n_in; p++) {
        if (pn->in[p])
            continue;
        int optional = (gn->kind == SG_NK_FIBERLOOKUP && p == 1) ||
                       (gn->kind == SG_NK_SPACC && (p == 0 || p >= 3));
        if (!optional)
            return sg_errf(e, g->path, gn->line, "node %s: input port %d is not connected",
                           pn->name, p);
    }
    return 0;
}

/* The level of node v's bound tensor that v reads (its mode), in *lv. */
static int net_level(sg_net *net, size_t v, bound *bt, int nbt, const sg_level **lv,
                     sg_err *e)
{
    const sg_graph *g = net->g;
    const sg_node *gn = &g->nodes[v];
    sg_pnode *pn = &net->node[v];
    bound *b = sg_find_bound(bt, nbt, gn->tensor);
    if (!b || !b->have_ft)
        return sg_errf(e, g->path, gn->line, "node %s: tensor %s is not bound to a tensor "
                       "of order >= 1", pn->name, gn->tensor);
    int l = -1;
    for (int k = 0; k < b->ft.fmt.order; k++)
        if (b->ft.fmt.mode[k] == gn->mode)
            l = k;
    if (l < 0)
        return sg_errf(e, g->path, gn->line, "node %s: tensor %s has no mode %d",
                       pn->name, gn->tensor, gn->mode);
    *lv = &b->ft.lvl[l];
    if (gn->format && gn->format != (*lv)->fmt)
        return sg_errf(e, g->path, gn->line, "node %s: level format differs from the "
                       "tensor's declared format", pn->name);
    return 0;
}

/* A locator into the dense level of its bound tensor. */
static int net_locate_init(sg_net *net, size_t v, bound *bt, int nbt, sg_err *e)
{
    const sg_level *lv;
    if (net_level(net, v, bt, nbt, &lv, e) < 0)
        return -1;
    char why[160];
    if (sg_level_use_error(SG_NK_LOCATE, 0, lv->fmt, why, sizeof why))
        return sg_errf(e, net->g->path, net->g->nodes[v].line, "node %s: %s",
                       net->node[v].name, why);
    if (lv->fmt == SG_LVL_HASHED) {
        sg_prim_locate_hashed_init(&net->node[v], lv);
        return 0;
    }
    sg_prim_locate_init(&net->node[v], lv->dim);
    return 0;
}

/* A scanner over the level of its bound tensor (cam: its CAM size). */
static int net_scanner_init(sg_net *net, size_t v, bound *bt, int nbt,
                            int cam, sg_err *e)
{
    sg_pnode *pn = &net->node[v];
    const sg_level *lv;
    if (net_level(net, v, bt, nbt, &lv, e) < 0)
        return -1;
    char why[160];
    if (sg_level_use_error(SG_NK_FIBERLOOKUP, 0, lv->fmt, why, sizeof why))
        return sg_errf(e, net->g->path, net->g->nodes[v].line, "node %s: %s", pn->name, why);
    if (lv->fmt != SG_LVL_DENSE && lv->fmt != SG_LVL_COMPRESSED) {
        if (cam > 0)
            return sg_errf(e, net->g->path, net->g->nodes[v].line,
                           "node %s: a %s level cannot skip (--skip needs a compressed "
                           "level)", pn->name, sg_lvl_word(lv->fmt));
        if (lv->fmt == SG_LVL_NONUNIQUE) {
            sg_prim_scan_nonunique_init(pn, lv->seg, lv->nseg, lv->crd, lv->ncrd);
            return 0;
        }
        if (lv->fmt == SG_LVL_RANGE) {
            sg_prim_scan_range_init(pn, lv->dim, lv[1].dim, lv->off, lv->noff);
            return 0;
        }
        if (lv->fmt == SG_LVL_OFFSET) {
            sg_prim_scan_offset_init(pn, lv->w, lv->off, lv->noff);
            return 0;
        }
        if (lv->fmt == SG_LVL_BITVECTOR) {
            sg_prim_scan_bitvector_init(pn, sg_lvl_bv_words(lv->dim, lv->w), lv->crd,
                                        lv->seg, lv->ncrd);
            return 0;
        }
        /* bound tensors are built by sg_fibertree_build (graph/bind.c),
         * which derives a singleton level's last bits */
        sg_prim_scan_singleton_init(pn, lv->crd, lv->last, lv->ncrd);
        return 0;
    }
    prim_scan_cfg c;
    memset(&c, 0, sizeof c);
    c.dense = lv->fmt == SG_LVL_DENSE;
    c.dim = lv->dim;
    c.seg = lv->seg;
    c.nseg = lv->nseg;
    c.crd = lv->crd;
    c.ncrd = lv->ncrd;
    c.cam = cam;
    sg_prim_scan_init(pn, &c);
    return 0;
}

/* Node v's primitive. */
/* The extent of index idx: the shape of the first bound tensor a scanner
 * of idx reads, or 0 when none does. */
static uint64_t index_extent(const sg_graph *g, bound *bt, int nbt, char idx)
{
    for (size_t i = 0; idx && i < g->n_nodes; i++) {
        const sg_node *n = &g->nodes[i];
        if (n->kind != SG_NK_FIBERLOOKUP || n->index != idx || n->mode < 0)
            continue;
        bound *b = sg_find_bound(bt, nbt, n->tensor);
        if (b && b->have_ft && n->mode < b->ft.fmt.order && b->ft.shape[n->mode] > 0)
            return (uint64_t)b->ft.shape[n->mode];
    }
    return 0;
}

/* The workspace record of accumulator v (net->ws has room for every one):
 * its kind resolved from what a dense workspace would hold. */
static golden_ws_stat *net_ws(sg_net *net, size_t v, bound *bt, int nbt)
{
    const sg_node *gn = &net->g->nodes[v];
    golden_ws_stat *w = &net->ws[net->n_ws++];
    memset(w, 0, sizeof *w);
    w->node = (int)v;
    w->order = gn->kind == SG_NK_SPACC ? gn->order : 1;
    char inner = gn->kind == SG_NK_SPACC ? gn->in0 : gn->index;
    uint64_t d = index_extent(net->g, bt, nbt, inner);
    if (d && w->order == 2) {
        uint64_t o = index_extent(net->g, bt, nbt, gn->in1);
        d = o && d <= UINT64_MAX / o ? d * o : 0;
    }
    w->dense_entries = d;
    w->kind = sg_ws_resolve(gn, d);
    w->cap = w->kind == SG_WS_DENSE ? 0 : gn->ws_cap;
    return w;
}

static int net_node_init(sg_net *net, size_t v, bound *bt, int nbt,
                         const int *edepth, sg_q **skq, const int *cam,
                         sg_err *e)
{
    const sg_graph *g = net->g;
    const sg_node *gn = &g->nodes[v];
    sg_pnode *pn = &net->node[v];
    switch (gn->kind) {
    case SG_NK_FIBERLOOKUP:
        return net_scanner_init(net, v, bt, nbt, cam[v], e);
    case SG_NK_LOCATE:
        return net_locate_init(net, v, bt, nbt, e);
    case SG_NK_FIBERWRITE: {
        char why[160];
        if (sg_level_use_error(gn->kind, gn->is_vals, gn->format, why, sizeof why))
            return sg_errf(e, g->path, gn->line, "node %s: %s", pn->name, why);
        if (gn->is_vals)
            sg_prim_write_vals_init(pn);
        else
            if (gn->format == SG_LVL_NONUNIQUE || gn->format == SG_LVL_SINGLETON)
                sg_prim_write_coo_init(pn, gn->format == SG_LVL_SINGLETON);
            else
                sg_prim_write_level_init(pn, gn->format == SG_LVL_DENSE);
        break;
    }
    case SG_NK_ARRAYVALS: {
        bound *b = sg_find_bound(bt, nbt, gn->tensor);
        if (!b)
            return sg_errf(e, g->path, gn->line, "node %s: tensor %s is not bound",
                           pn->name, gn->tensor);
        if (b->have_ft)
            sg_prim_arrayvals_init(pn, b->ft.vals, b->ft.nvals);
        else
            sg_prim_arrayvals_init(pn, &b->scalar, 1);
        break;
    }
    case SG_NK_REPSIGGEN: sg_prim_repsiggen_init(pn); break;
    case SG_NK_REPEAT: sg_prim_repeat_init(pn); break;
    case SG_NK_BROADCAST: sg_prim_broadcast_init(pn); break;
    case SG_NK_PARALLELIZE: sg_prim_parallelize_init(pn, gn->lane, gn->lanes); break;
    case SG_NK_SERIALIZE: sg_prim_serialize_init(pn, gn->lanes); break;
    case SG_NK_SERIALIZE_LEVEL: sg_prim_serialize_level_init(pn, gn->lanes, gn->depth); break;
    case SG_NK_INTERSECT:
    case SG_NK_UNION:
        if (gn->format == SG_LVL_BITVECTOR)
            sg_prim_join_bv_init(pn, gn->n_operands, gn->kind == SG_NK_UNION,
                                 sg_graph_bv_width(g, gn));
        else if (gn->kind == SG_NK_UNION)
            sg_prim_union_init(pn, gn->n_operands);
        else
            sg_prim_intersect_init(pn, gn->n_operands, skq + 3 * v);
        break;
    case SG_NK_ALU: {
        if (sg_graph_sub_swapped(g, (int)v)) {
            sg_q *t = pn->in[0];
            pn->in[0] = pn->in[1];
            pn->in[1] = t;
        }
        sg_prim_alu_init(pn, sg_graph_alu_base(gn), sg_graph_alu_const(gn, pn->vt));
        break;
    }
    case SG_NK_REDUCE: sg_prim_reduce_init(pn, gn->skip_empty); break;
    case SG_NK_SPACC:
        sg_prim_spacc_init(pn, gn->order, gn->val_stops, net_ws(net, v, bt, nbt));
        break;
    case SG_NK_VECTORREDUCER:
        sg_prim_vectorreducer_init(pn, net_ws(net, v, bt, nbt));
        break;
    case SG_NK_CRDDROP:
    case SG_NK_CRDHOLD: {
        int vals = sg_graph_inner_is_vals(gn);
        int depth = sg_crddrop_levels(g, edepth, (int)v);
        if (gn->kind == SG_NK_CRDDROP)
            sg_prim_crddrop_init(pn, vals, depth);
        else
            sg_prim_crdhold_init(pn, vals, depth);
        break;
    }
    default:
        return sg_errf(e, g->path, gn->line, "node %s cannot be executed", pn->name);
    }
    return 0;
}

/* The list of every queue (edges, then extra queues), for commits. */
static void net_all_queues(sg_net *net)
{
    size_t ne = net->g->n_edges;
    net->n_all = ne + net->n_xq;
    net->all = sg_malloc((net->n_all ? net->n_all : 1) * sizeof *net->all);
    for (size_t i = 0; i < ne; i++)
        net->all[i] = &net->eq[i];
    for (size_t i = 0; i < net->n_xq; i++)
        net->all[ne + i] = &net->xq[i];
}

/* The memory model's entry for bound tensor b (added on first use). */
static sg_mem_tensor *mem_tensor(sg_net *net, const bound *b, int width)
{
    for (int k = 0; k < net->mem->nt; k++)
        if (strcmp(net->mem->t[k].name, b->decl->name) == 0)
            return &net->mem->t[k];
    return sg_mem_add_tensor(net->mem, b->decl->name, &b->ft, width);
}

/* Tap the reference queue of every scanner of a level with arrays and of
 * every arrayvals (memmodel.h); a root scanner's reference 0 is read at
 * once. */
static void net_mem_taps(sg_net *net, bound *bt, int nbt, const golden_opts *o)
{
    const sg_graph *g = net->g;
    net->mem = sg_mem_new(&o->mem, nbt, g->n_nodes);
    for (size_t v = 0; v < g->n_nodes; v++) {
        const sg_node *gn = &g->nodes[v];
        sg_pnode *pn = &net->node[v];
        if (gn->kind != SG_NK_FIBERLOOKUP && gn->kind != SG_NK_ARRAYVALS)
            continue;
        bound *b = sg_find_bound(bt, nbt, gn->tensor);
        if (!b || !b->have_ft || !pn->in[0])
            continue;
        int level = -1;
        if (gn->kind == SG_NK_FIBERLOOKUP) {
            for (int k = 0; k < b->ft.fmt.order; k++)
                if (b->ft.fmt.mode[k] == gn->mode)
                    level = k;
            /* every level with arrays: dense levels have none, hashed
             * ones are located into, never scanned */
            if (level < 0 || b->ft.lvl[level].fmt == SG_LVL_DENSE ||
                b->ft.lvl[level].fmt == SG_LVL_HASHED)
                continue;
        }
        sg_mem_tensor *t = mem_tensor(net, b, o->width);
        sg_memtap *tp = t ? sg_mem_tap(net->mem, t, level) : NULL;
        if (!tp)
            continue;
        if (sg_graph_is_rooted(gn))
            sg_memtap_tok(tp, sg_data(0));
        else {
            pn->in[0]->mem = tp;
            pn->in[0]->hook = 1;
        }
    }
}

int sg_net_build(sg_net *net, const sg_graph *g, bound *bt, int nbt,
              const golden_opts *o, sg_err *e)
{
    if (net_alloc(net, g, o, e) < 0 || net_wire(net, o, e) < 0)
        return -1;
    size_t nn = g->n_nodes, ne = g->n_edges;
    int *edepth = sg_malloc((ne ? ne : 1) * sizeof *edepth);
    sg_stream_depths(g, net->order, edepth);
    sg_q **skq = sg_calloc(3 * nn + 3, sizeof *skq);
    int *cam = sg_calloc(nn + 1, sizeof *cam);
    int rc = net_skip_plan(net, o, skq, cam, e);
    size_t nacc = 0;
    for (size_t v = 0; v < nn; v++)
        nacc += g->nodes[v].kind == SG_NK_SPACC || g->nodes[v].kind == SG_NK_VECTORREDUCER;
    net->ws = sg_calloc(nacc + 1, sizeof *net->ws);
    for (size_t v = 0; v < nn && rc == 0; v++) {
        rc = net_node_inputs(net, v, e);
        if (rc == 0)
            rc = net_node_init(net, v, bt, nbt, edepth, skq, cam, e);
    }
    free(edepth);
    free(skq);
    free(cam);
    if (rc < 0)
        return -1;
    if (o->mem.buffer_bytes > 0)
        net_mem_taps(net, bt, nbt, o);
    net_all_queues(net);
    return 0;
}
