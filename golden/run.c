/*
 * run.c - golden_run: bind tensors to a graph, instantiate it, run an
 * engine, assemble the output tensors.
 *
 * Binding: every non-output tensor of the graph comment gets a binding (a
 * file, an in-memory COO or an inline scalar), converted to the fibertree
 * format the graph declares.  Instantiation: one queue per edge, root
 * scanners and root repeats fed the root reference "0 D", ALU sub operands
 * ordered minuend first (see graph_sub_swapped), crddrop/crdhold told how many levels
 * their inner stream lies below the outer one (from stream depths
 * propagated through the graph), and, in the cycle engine with skipping on,
 * a skip channel from each 2- or 3-operand intersect to every compressed
 * scanner that feeds it exclusively.  Outputs: the writers' arrays are walked as a
 * fibertree (every written level, dense ones included, records its
 * coordinates) into coordinates, then rebuilt in the declared format.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "golden/net.h"
#include "golden/skip_core.h"

void golden_opts_default(golden_opts *o)
{
    memset(o, 0, sizeof *o);
    o->engine = GOLDEN_FUNC;
    o->width = 32;
    sg_read_opts_default(&o->read);
}

void golden_result_free(golden_result *r)
{
    for (int i = 0; i < r->n_out; i++) {
        sg_fibertree_free(&r->out[i].ft);
        sg_coo_free(&r->out[i].coo);
    }
    free(r->out);
    for (size_t i = 0; i < r->n_edges; i++)
        sg_toks_free(&r->edge[i].toks);
    free(r->edge);
    free(r->deadlock_msg);
    memset(r, 0, sizeof *r);
}

const char *golden_edge_name(const sg_graph *g, size_t i, char *buf)
{
    const sg_edge *ed = &g->edges[i];
    char ps[48], pd[48];
    const sg_node *s = &g->nodes[ed->src], *d = &g->nodes[ed->dst];
    graph_port_name(s, 0, ed->src_port, ps);
    graph_port_name(d, 1, ed->dst_port, pd);
    snprintf(buf, 128, "%d_%s__%d_%s", s->id, ps, d->id, pd);
    for (char *p = buf; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
              (*p >= '0' && *p <= '9') || *p == '_'))
            *p = '_';
    return buf;
}

static int ends_with(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && strcmp(s + a - b, suf) == 0;
}

/* Does the inner input of crddrop `node` derive from a union, i.e. is a
 * union among the nodes upstream of it?  Then the crddrop removes union
 * coordinates whose inner fiber is empty, while the values computed from
 * the union's other operands keep one value per union coordinate, so the
 * written coordinates and values go out of step (SAM-SEMANTICS 4.6: the
 * generated mat_residual and mat_mattransmul). */
static int inner_from_union(const sg_graph *g, int node)
{
    int e0 = graph_in_edge(g, node, 1);
    if (e0 < 0)
        return 0;
    int *stack = sg_malloc((g->n_nodes + 1) * sizeof *stack);
    unsigned char *seen = sg_calloc(g->n_nodes + 1, 1);
    int sp = 0, found = 0;
    stack[sp++] = g->edges[e0].src;
    seen[g->edges[e0].src] = 1;
    while (sp > 0 && !found) {
        int v = stack[--sp];
        if (g->nodes[v].kind == SG_NK_UNION) {
            found = 1;
            break;
        }
        for (size_t k = 0; k < g->n_edges; k++)
            if (g->edges[k].dst == v && g->edges[k].src >= 0 && !seen[g->edges[k].src]) {
                seen[g->edges[k].src] = 1;
                stack[sp++] = g->edges[k].src;
            }
    }
    free(stack);
    free(seen);
    return found;
}

/* Is `idx` the index of a level that some fiberwrite of the graph writes? */
static int index_written(const sg_graph *g, char idx)
{
    for (size_t v = 0; v < g->n_nodes; v++)
        if (g->nodes[v].kind == SG_NK_FIBERWRITE && !g->nodes[v].is_vals &&
            g->nodes[v].index == idx)
            return 1;
    return 0;
}

int golden_check_executable(const sg_graph *g, sg_err *e)
{
    const char *p = g->path ? g->path : "<graph>";
    if (ends_with(g->name, "_WRONG"))
        return sg_errf(e, p, 0, "not executable: the graph is marked wrong by its authors (_WRONG)");
    for (size_t i = 0; i < g->n_nodes; i++) {
        const sg_node *n = &g->nodes[i];
        char d[96];
        if (n->kind != SG_NK_CRDDROP || graph_inner_is_vals(n) ||
            !inner_from_union(g, (int)i))
            continue;
        graph_node_desc(n, d, sizeof d);
        return sg_errf(e, p, n->line, "not executable: node %s drops coordinates of a "
                       "stream derived from a union, which puts coordinates and values "
                       "out of step (write the union coordinates directly, as the _HAND "
                       "graphs do)", d);
    }
    /* A coordinate crddrop over a summed index (one no writer writes) drops
     * outer coordinates whose summed fiber is empty, while the reduce over
     * that index still emits a value (0) for each of them, so the written
     * coordinates and values go out of step (mat_mask_tri_DA3_final). */
    for (size_t i = 0; i < g->n_nodes; i++) {
        const sg_node *n = &g->nodes[i];
        char d[96];
        if (n->kind != SG_NK_CRDDROP || graph_inner_is_vals(n) ||
            index_written(g, n->inner))
            continue;
        graph_node_desc(n, d, sizeof d);
        return sg_errf(e, p, n->line, "not executable: node %s drops %c coordinates whose "
                       "fiber of the summed index %c is empty, but the reduce over %c keeps a "
                       "value for each of them, which puts coordinates and values out of step",
                       d, n->outer, n->inner, n->inner);
    }
    for (size_t i = 0; i < g->n_nodes; i++) {
        const sg_node *n = &g->nodes[i];
        char d[96];
        graph_node_desc(n, d, sizeof d);
        switch (n->kind) {
        case SG_NK_UNKNOWN:
            return sg_errf(e, p, n->line, "not executable: node %s has unknown type '%s'", d, n->type);
        case SG_NK_LOCATE:
            return sg_errf(e, p, n->line, "not executable: node %s (locate) is not modelled", d);
        case SG_NK_ALU:
            if (n->op >= SG_ALU_EXP)
                return sg_errf(e, p, n->line, "not executable: node %s uses %s, which has "
                               "no integer semantics", d, graph_alu_name(n->op));
            break;
        case SG_NK_REDUCE:
            if (n->fp)
                return sg_errf(e, p, n->line, "not executable: node %s is a floating-point reduce", d);
            break;
        case SG_NK_INTERSECT:
        case SG_NK_UNION:
            if (n->n_operands < 2 || n->n_operands > 3)
                return sg_errf(e, p, n->line, "not executable: node %s has %d operands (2 or 3 supported)",
                               d, n->n_operands);
            break;
        default:
            break;
        }
    }
    for (size_t i = 0; i < g->n_edges; i++)
        if (g->edges[i].src_port < 0 || g->edges[i].dst_port < 0)
            return sg_errf(e, p, g->edges[i].line, "not executable: edge port not identified");
    return 0;
}

/* ---- bound tensors ------------------------------------------------------- */

typedef struct bound {
    const sg_tensor_decl *decl;
    sg_fibertree ft;
    int64_t scalar;         /* order 0 */
    int have_ft;
} bound;

static int bind_one(const golden_binding *b, const sg_tensor_decl *d,
                    const golden_opts *o, bound *out, sg_err *e)
{
    sg_coo c;
    memset(&c, 0, sizeof c);
    out->decl = d;
    if (b->is_scalar) {
        if (d->fmt.order != 0)
            return sg_errf(e, NULL, 0, "tensor %s has order %d; an inline scalar does not fit",
                           d->name, d->fmt.order);
        out->scalar = sg_wrap(b->scalar, o->width);
        return 0;
    }
    if (b->coo) {
        int64_t shape[SG_MAX_ORDER];
        memcpy(shape, b->coo->shape, sizeof shape);
        sg_coo_init(&c, b->coo->order, shape);
        for (size_t k = 0; k < b->coo->nnz; k++)
            sg_coo_push(&c, b->coo->crd + k * (size_t)(b->coo->order ? b->coo->order : 0),
                        sg_wrap(b->coo->val[k], o->width));
    } else {
        sg_read_opts ro = o->read;
        ro.width = o->width;
        if (sg_tensor_read(b->path, d->name, &ro, &c, e) < 0)
            return -1;
    }
    if (d->fmt.order == 0) {
        out->scalar = c.nnz ? c.val[0] : 0;
        sg_coo_free(&c);
        return 0;
    }
    if (c.order != d->fmt.order) {
        int r = sg_errf(e, b->path, 0, "tensor %s: the graph declares order %d, the data has order %d",
                        d->name, d->fmt.order, c.order);
        sg_coo_free(&c);
        return r;
    }
    int r = sg_fibertree_build(&c, &d->fmt, &out->ft, e);
    sg_coo_free(&c);
    if (r < 0) {
        char msg[sizeof e->msg];
        snprintf(msg, sizeof msg, "%s", e->msg);
        return sg_errf(e, b->path, 0, "tensor %s: %s", d->name, msg);
    }
    out->have_ft = 1;
    return 0;
}

static bound *find_bound(bound *bt, int nb, const char *name)
{
    for (int i = 0; i < nb; i++)
        if (bt[i].decl && strcmp(bt[i].decl->name, name) == 0)
            return &bt[i];
    return NULL;
}

/* ---- stream depths --------------------------------------------------------- */

/* Depth (levels) of the stream leaving each node port, propagated in
 * topological order; -1 when unknown. */
static int in_depth(const sg_graph *g, const int *edepth, size_t node, int port)
{
    int ei = graph_in_edge(g, (int)node, port);
    return ei < 0 ? -1 : edepth[ei];
}

static void stream_depths(const sg_graph *g, const int *order, size_t nord,
                          int *edepth)
{
    for (size_t i = 0; i < g->n_edges; i++)
        edepth[i] = -1;
    for (size_t k = 0; k < nord; k++) {
        size_t v = (size_t)order[k];
        const sg_node *n = &g->nodes[v];
        for (size_t i = 0; i < g->n_edges; i++) {
            const sg_edge *ed = &g->edges[i];
            if ((size_t)ed->src != v)
                continue;
            int d = -1, p = ed->src_port;
            switch (n->kind) {
            case SG_NK_FIBERLOOKUP:
                d = n->root ? 1 : in_depth(g, edepth, v, 0) + 1;
                if (!n->root && in_depth(g, edepth, v, 0) < 0)
                    d = -1;
                break;
            case SG_NK_REPEAT:
            case SG_NK_REPSIGGEN:
                d = in_depth(g, edepth, v, n->kind == SG_NK_REPEAT ? 1 : 0);
                break;
            case SG_NK_REDUCE:
                d = in_depth(g, edepth, v, 0);
                d = d > 0 ? d - 1 : -1;
                break;
            case SG_NK_VECTORREDUCER:
                d = in_depth(g, edepth, v, 0);
                d = d > 0 ? d - 1 : -1;
                break;
            case SG_NK_SPACC:
                d = p == 1 ? 1 : (graph_in_edge(g, (int)v, 0) >= 0 ? 2 : 1);
                break;
            case SG_NK_CRDHOLD:
                d = in_depth(g, edepth, v, 1);
                break;
            case SG_NK_CRDDROP:
                d = in_depth(g, edepth, v, p == 0 ? 0 : 1);
                break;
            case SG_NK_INTERSECT:
            case SG_NK_UNION:
                d = in_depth(g, edepth, v, 0);
                break;
            default:
                d = in_depth(g, edepth, v, 0);
                break;
            }
            edepth[i] = d;
        }
    }
}

/* ---- net --------------------------------------------------------------------- */

static void net_free(sg_net *net)
{
    if (net->node)
        for (size_t i = 0; i < net->g->n_nodes; i++)
            prim_node_free(&net->node[i]);
    free(net->node);
    free(net->node_name);
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
}

int net_node_error(const sg_net *net, size_t i, sg_err *e)
{
    const sg_node *n = &net->g->nodes[i];
    return sg_errc(e, SG_EXIT_USAGE, net->g->path, n->line, "node %s: %s",
                   net->node_name[i], net->node[i].err);
}

char *net_stuck_report(const sg_net *net)
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
            APPEND(" %s (%zu tokens)", golden_edge_name(g, i, nm), net->eq[i].n);
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
                APPEND("%sempty input %s", first ? "" : ", ", golden_edge_name(g, i, nm));
                first = 0;
            }
            if ((size_t)g->edges[i].src == v && q->room_n >= q->lim) {
                APPEND("%sfull output %s", first ? "" : ", ", golden_edge_name(g, i, nm));
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

/* Is node s a compressed scanner whose crd and ref outputs go only to
 * operand k of intersect v? */
static int exclusive_scanner(const sg_graph *g, int v, int k, int *scanner)
{
    int ec = graph_in_edge(g, v, 2 * k), er = graph_in_edge(g, v, 2 * k + 1);
    if (ec < 0 || er < 0)
        return 0;
    int s = g->edges[ec].src;
    if (g->edges[er].src != s)
        return 0;
    const sg_node *sn = &g->nodes[s];
    if (sn->kind != SG_NK_FIBERLOOKUP || sn->format != SG_LVL_COMPRESSED)
        return 0;
    for (size_t i = 0; i < g->n_edges; i++)
        if (g->edges[i].src == s && (int)i != ec && (int)i != er)
            return 0;
    *scanner = s;
    return 1;
}

static int net_build(sg_net *net, const sg_graph *g, bound *bt, int nbt,
                     const golden_opts *o, sg_err *e)
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
    if (graph_topo_order(g, net->order) < 0)
        return sg_errf(e, g->path, 0, "the graph has a cycle");
    net->n_order = nn;
    size_t lim = net->cyc ? o->fifo_depth : ((size_t)1 << 16);
    for (size_t i = 0; i < ne; i++)
        sg_q_init(&net->eq[i], g->edges[i].type, net->cyc, lim);

    /* Output port lists. */
    net->outq_store = sg_malloc((ne ? ne : 1) * sizeof *net->outq_store);
    size_t used = 0;
    for (size_t v = 0; v < nn; v++) {
        const sg_node *gn = &g->nodes[v];
        sg_pnode *pn = &net->node[v];
        graph_node_desc(gn, net->node_name[v], sizeof net->node_name[v]);
        pn->name = net->node_name[v];
        pn->width = o->width;
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

    int *edepth = sg_malloc((ne ? ne : 1) * sizeof *edepth);
    stream_depths(g, net->order, nn, edepth);
    /* Skip channels: intersect operand k -> its exclusive compressed
     * scanner, which gets CAM size T (the scanner's own skip attribute,
     * when set, overrides it: 0 = plain scanner), as the RTL generator
     * plans it (gen/emit.c, plan_skip). */
    sg_q **skq = sg_calloc(3 * nn + 3, sizeof *skq);
    int *cam = sg_calloc(nn + 1, sizeof *cam);
    int rc = 0;
    for (size_t v = 0; v < nn && net->cyc; v++) {
        const sg_node *gn = &g->nodes[v];
        int T = gn->skip >= 0 ? gn->skip : o->skip;
        if (gn->kind != SG_NK_INTERSECT || gn->n_operands < 2 ||
            gn->n_operands > 3 || T <= 0)
            continue;
        for (int k = 0; k < gn->n_operands; k++) {
            int sc;
            if (!exclusive_scanner(g, (int)v, k, &sc) || g->nodes[sc].skip == 0)
                continue;
            skq[3 * v + (size_t)k] = new_xq(net, SG_ST_CRD);
            net->node[sc].in[1] = skq[3 * v + (size_t)k];
            if (net->node[sc].n_in < 2)
                net->node[sc].n_in = 2;
            cam[sc] = g->nodes[sc].skip > 0 ? g->nodes[sc].skip : T;
            if (!sg_skc_size_ok(cam[sc])) {
                rc = sg_errf(e, g->path, g->nodes[sc].line, "node %s: skip CAM size %d is "
                             "not a power of two up to %d", net->node[sc].name, cam[sc],
                             SG_SKC_T_MAX);
                goto fail;
            }
        }
    }
    for (size_t v = 0; v < nn && rc == 0; v++) {
        const sg_node *gn = &g->nodes[v];
        sg_pnode *pn = &net->node[v];
        if ((gn->kind == SG_NK_FIBERLOOKUP || gn->kind == SG_NK_REPEAT) && gn->root) {
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
                { rc = sg_errf(e, g->path, gn->line, "node %s: input port %d is not connected",
                               pn->name, p); goto fail; }
        }
        switch (gn->kind) {
        case SG_NK_FIBERLOOKUP: {
            bound *b = find_bound(bt, nbt, gn->tensor);
            if (!b || !b->have_ft)
                { rc = sg_errf(e, g->path, gn->line, "node %s: tensor %s is not bound to a tensor "
                               "of order >= 1", pn->name, gn->tensor); goto fail; }
            int l = -1;
            for (int k = 0; k < b->ft.fmt.order; k++)
                if (b->ft.fmt.mode[k] == gn->mode)
                    l = k;
            if (l < 0)
                { rc = sg_errf(e, g->path, gn->line, "node %s: tensor %s has no mode %d",
                               pn->name, gn->tensor, gn->mode); goto fail; }
            const sg_level *lv = &b->ft.lvl[l];
            prim_scan_cfg c;
            memset(&c, 0, sizeof c);
            c.dense = lv->fmt == SG_LVL_DENSE;
            c.dim = lv->dim;
            c.seg = lv->seg;
            c.nseg = lv->nseg;
            c.crd = lv->crd;
            c.ncrd = lv->ncrd;
            c.cam = cam[v];
            if (gn->format && gn->format != lv->fmt)
                { rc = sg_errf(e, g->path, gn->line, "node %s: level format differs from the "
                               "tensor's declared format", pn->name); goto fail; }
            prim_scan_init(pn, &c);
            break;
        }
        case SG_NK_FIBERWRITE:
            if (gn->is_vals)
                prim_write_vals_init(pn);
            else
                prim_write_level_init(pn, gn->format == SG_LVL_DENSE);
            break;
        case SG_NK_ARRAYVALS: {
            bound *b = find_bound(bt, nbt, gn->tensor);
            if (!b)
                { rc = sg_errf(e, g->path, gn->line, "node %s: tensor %s is not bound",
                               pn->name, gn->tensor); goto fail; }
            if (b->have_ft)
                prim_arrayvals_init(pn, b->ft.vals, b->ft.nvals);
            else
                prim_arrayvals_init(pn, &b->scalar, 1);
            break;
        }
        case SG_NK_REPSIGGEN: prim_repsiggen_init(pn); break;
        case SG_NK_REPEAT: prim_repeat_init(pn); break;
        case SG_NK_BROADCAST: prim_broadcast_init(pn); break;
        case SG_NK_INTERSECT:
            prim_intersect_init(pn, gn->n_operands, skq + 3 * v);
            break;
        case SG_NK_UNION: prim_union_init(pn, gn->n_operands); break;
        case SG_NK_ALU: {
            if (graph_sub_swapped(g, (int)v)) {
                sg_q *t = pn->in[0];
                pn->in[0] = pn->in[1];
                pn->in[1] = t;
            }
            prim_alu_init(pn, gn->op, gn->cnst);
            break;
        }
        case SG_NK_REDUCE: prim_reduce_init(pn); break;
        case SG_NK_SPACC: prim_spacc_init(pn, gn->order, 0); break;
        case SG_NK_VECTORREDUCER: prim_vectorreducer_init(pn); break;
        case SG_NK_CRDDROP:
        case SG_NK_CRDHOLD: {
            int vals = graph_inner_is_vals(gn);
            int d0 = in_depth(g, edepth, v, 0), d1 = in_depth(g, edepth, v, 1);
            int depth = (d0 > 0 && d1 > d0) ? d1 - d0 : 1;
            if (gn->kind == SG_NK_CRDDROP)
                prim_crddrop_init(pn, vals, depth);
            else
                prim_crdhold_init(pn, vals, depth);
            break;
        }
        default:
            { rc = sg_errf(e, g->path, gn->line, "node %s cannot be executed", pn->name); goto fail; }
        }
    }
fail:
    free(edepth);
    free(skq);
    free(cam);
    if (rc < 0)
        return -1;
    net->n_all = ne + net->n_xq;
    net->all = sg_malloc((net->n_all ? net->n_all : 1) * sizeof *net->all);
    for (size_t i = 0; i < ne; i++)
        net->all[i] = &net->eq[i];
    for (size_t i = 0; i < net->n_xq; i++)
        net->all[ne + i] = &net->xq[i];
    return 0;
}

/* ---- outputs ------------------------------------------------------------- */

static int64_t index_dim(const sg_graph *g, bound *bt, int nbt, char idx)
{
    for (size_t v = 0; v < g->n_nodes; v++) {
        const sg_node *n = &g->nodes[v];
        if (n->kind != SG_NK_FIBERLOOKUP || n->index != idx)
            continue;
        bound *b = find_bound(bt, nbt, n->tensor);
        if (b && b->have_ft && n->mode >= 0 && n->mode < SG_MAX_ORDER)
            return b->ft.shape[n->mode];
    }
    return 0;
}

/* Walk written levels (seg/crd per level, positional vals) into c. */
static int walk(const int64_t *const *seg, const size_t *nseg,
                const int64_t *const *crd, const size_t *ncrd, int order,
                const int64_t *vals, size_t nvals, int l, size_t pos,
                int64_t *pt, const int *mode, sg_coo *c, const char *name,
                sg_err *e)
{
    if (l == order) {
        if (pos >= nvals)
            return sg_errf(e, NULL, 0, "output %s: the writers produced fewer values (%zu) "
                           "than coordinates", name, nvals);
        int64_t x[SG_MAX_ORDER];
        for (int m = 0; m < order; m++)
            x[m] = 0;
        for (int k = 0; k < order; k++)
            x[mode[k]] = pt[k];
        sg_coo_push(c, x, vals[pos]);
        return 0;
    }
    if (l == 0 && nseg[0] == 1)
        return 0;                           /* seg = [0]: empty */
    if (pos + 1 >= nseg[l])
        return sg_errf(e, NULL, 0, "output %s: level %d has no fiber for position %zu "
                       "(writer arrays inconsistent)", name, l, pos);
    for (int64_t p = seg[l][pos]; p < seg[l][pos + 1]; p++) {
        if ((size_t)p >= ncrd[l])
            return sg_errf(e, NULL, 0, "output %s: level %d seg points past crd", name, l);
        pt[l] = crd[l][p];
        if (walk(seg, nseg, crd, ncrd, order, vals, nvals, l + 1, (size_t)p, pt,
                 mode, c, name, e) < 0)
            return -1;
    }
    return 0;
}

static int collect_output(const sg_net *net, bound *bt, int nbt,
                          const sg_tensor_decl *d, golden_output *out,
                          sg_err *e)
{
    const sg_graph *g = net->g;
    snprintf(out->name, sizeof out->name, "%s", d->name);
    out->fmt = d->fmt;
    int order = d->fmt.order;
    const int64_t *seg[SG_MAX_ORDER], *crd[SG_MAX_ORDER], *sega[SG_MAX_ORDER];
    size_t nseg[SG_MAX_ORDER], ncrd[SG_MAX_ORDER], nsega[SG_MAX_ORDER];
    int64_t shape[SG_MAX_ORDER];
    const int64_t *vals = NULL;
    size_t nvals = 0;
    int have_vals = 0, have_lvl[SG_MAX_ORDER] = {0};
    for (size_t v = 0; v < g->n_nodes; v++) {
        const sg_node *n = &g->nodes[v];
        if (n->kind != SG_NK_FIBERWRITE || strcmp(n->tensor, d->name) != 0)
            continue;
        const int64_t *s, *c;
        size_t ns, nc;
        prim_write_arrays(&net->node[v], &s, &ns, &c, &nc);
        if (n->is_vals) {
            vals = c;
            nvals = nc;
            have_vals = 1;
            continue;
        }
        for (int l = 0; l < order; l++)
            if (d->fmt.mode[l] == n->mode) {
                seg[l] = s;
                nseg[l] = ns;
                prim_write_seg_all(&net->node[v], &sega[l], &nsega[l]);
                crd[l] = c;
                ncrd[l] = nc;
                have_lvl[l] = 1;
                shape[n->mode] = index_dim(g, bt, nbt, n->index);
            }
    }
    if (!have_vals)
        return sg_errf(e, g->path, 0, "output %s has no values writer", d->name);
    for (int l = 0; l < order; l++)
        if (!have_lvl[l])
            return sg_errf(e, g->path, 0, "output %s: no writer for level %d (mode %d)",
                           d->name, l, d->fmt.mode[l]);
    /* A level with fewer non-empty fibers than parent positions belongs to
     * a graph that keeps coordinates with empty fibers: use seg_all. */
    for (int l = 1; l < order; l++)
        if (nseg[l] != ncrd[l - 1] + 1 && nsega[l] == ncrd[l - 1] + 1) {
            seg[l] = sega[l];
            nseg[l] = nsega[l];
        }
    sg_coo c;
    sg_coo_init(&c, order, shape);
    if (order == 0) {
        int64_t x[1] = {0};
        sg_coo_push(&c, x, nvals ? vals[0] : 0);
    } else {
        int64_t pt[SG_MAX_ORDER];
        if (walk(seg, nseg, crd, ncrd, order, vals, nvals, 0, 0, pt, d->fmt.mode, &c,
                 d->name, e) < 0) {
            sg_coo_free(&c);
            return -1;
        }
        /* Every value must belong to a written coordinate; surplus values
         * mean the graph put coordinates and values out of step.  The one
         * exception: a reduce emits a value (0) for an empty result
         * (SAM-SEMANTICS 2.10, item 11), written with no coordinate. */
        if (c.nnz != nvals && !(c.nnz == 0 && nvals == 1)) {
            sg_errf(e, g->path, 0, "output %s: the writers produced %zu values for %zu "
                    "coordinates (coordinates and values out of step: a crddrop removed "
                    "coordinates whose values a reduce kept)", d->name, nvals, c.nnz);
            sg_coo_free(&c);
            return -1;
        }
    }
    /* The fibertree in the declared format (sorts a copy). */
    sg_coo tmp;
    sg_coo_init(&tmp, order, shape);
    for (size_t k = 0; k < c.nnz; k++)
        sg_coo_push(&tmp, c.crd + k * (size_t)order, c.val[k]);
    int r = 0;
    if (order > 0) {
        r = sg_fibertree_build(&tmp, &d->fmt, &out->ft, e);
        if (r < 0) {
            char msg[sizeof e->msg];
            snprintf(msg, sizeof msg, "%s", e->msg);
            sg_errf(e, g->path, 0, "output %s: %s", d->name, msg);
        }
        /* An empty compressed root level is written as seg = [0]
         * (SAM-SEMANTICS 2.14, item 17): the writer closes no fiber, and the
         * RTL writer's seg memory holds the same single entry. */
        if (r == 0 && out->ft.lvl[0].fmt == SG_LVL_COMPRESSED && nseg[0] == 1 &&
            out->ft.lvl[0].ncrd == 0 && out->ft.lvl[0].nseg == 2)
            out->ft.lvl[0].nseg = 1;
        /* ...and the reduce's value for an empty result stays in vals, as
         * the RTL values writer stores it. */
        if (r == 0 && c.nnz == 0 && nvals == 1) {
            free(out->ft.vals);
            out->ft.vals = sg_malloc(sizeof *out->ft.vals);
            out->ft.vals[0] = vals[0];
            out->ft.nvals = 1;
        }
    } else {
        memset(&out->ft, 0, sizeof out->ft);
        out->ft.vals = sg_malloc(sizeof *out->ft.vals);
        out->ft.vals[0] = c.val[0];
        out->ft.nvals = 1;
    }
    sg_coo_free(&tmp);
    out->coo = c;
    return r;
}

/* ---- run ------------------------------------------------------------------- */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int open_traces(sg_net *net, const char *dir, sg_err *e)
{
    char nm[128], path[4096];
    for (size_t i = 0; i < net->g->n_edges; i++) {
        golden_edge_name(net->g, i, nm);
        snprintf(path, sizeof path, "%s/%s.txt", dir, nm);
        FILE *f = fopen(path, "w");
        if (!f)
            return sg_errf(e, path, 0, "cannot create trace file");
        fprintf(f, "%s:", nm);
        net->eq[i].trace = f;
    }
    return 0;
}

static int close_traces(sg_net *net, const char *dir, sg_err *e)
{
    int rc = 0;
    for (size_t i = 0; i < net->g->n_edges; i++) {
        FILE *f = net->eq[i].trace;
        if (!f)
            continue;
        net->eq[i].trace = NULL;
        int bad = net->eq[i].trace_err || fputc('\n', f) == EOF;
        if (fclose(f) != 0 || bad)
            if (!rc)
                rc = sg_errf(e, dir, 0, "error writing trace files");
    }
    return rc;
}

int golden_run(const sg_graph *g, const golden_binding *b, int nb,
               const golden_opts *o, golden_result *r, sg_err *e)
{
    memset(r, 0, sizeof *r);
    if (o->width < 1 || o->width > 64)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "value width %d not in 1..64", o->width);
    if (golden_check_executable(g, e) < 0) {
        e->code = SG_EXIT_USAGE;
        return -1;
    }
    int rc = -1;
    bound *bt = sg_calloc((size_t)g->n_tensors + 1, sizeof *bt);
    int nbt = 0;
    sg_net net;
    memset(&net, 0, sizeof net);
    for (int t = 0; t < g->n_tensors; t++) {
        const sg_tensor_decl *d = &g->tensors[t];
        if (d->is_output)
            continue;
        const golden_binding *bi = NULL;
        for (int k = 0; k < nb; k++)
            if (strcmp(b[k].name, d->name) == 0)
                bi = &b[k];
        if (!bi) {
            sg_errc(e, SG_EXIT_USAGE, g->path, 0, "input tensor %s is not bound (use -t %s=FILE)",
                    d->name, d->name);
            goto out;
        }
        if (bind_one(bi, d, o, &bt[nbt], e) < 0) {
            e->code = SG_EXIT_USAGE;
            goto out;
        }
        nbt++;
    }
    for (int k = 0; k < nb; k++)
        if (!graph_tensor(g, b[k].name)) {
            sg_errc(e, SG_EXIT_USAGE, g->path, 0, "the graph has no tensor named %s", b[k].name);
            goto out;
        }
    sg_err_clear(e);
    if (net_build(&net, g, bt, nbt, o, e) < 0) {
        e->code = SG_EXIT_USAGE;
        goto out;
    }
    r->n_edges = g->n_edges;
    r->edge = sg_calloc(g->n_edges ? g->n_edges : 1, sizeof *r->edge);
    if (o->keep_streams)
        for (size_t i = 0; i < g->n_edges; i++)
            net.eq[i].keep = &r->edge[i].toks;
    if (o->trace_dir && open_traces(&net, o->trace_dir, e) < 0) {
        close_traces(&net, o->trace_dir, e);
        goto out;
    }
    double t0 = now_s();
    int er = net.cyc ? engine_cycle_run(&net, o->max_cycles, r, e)
                     : engine_func_run(&net, e);
    r->wall_s = now_s() - t0;
    if (o->trace_dir && close_traces(&net, o->trace_dir, e) < 0 && er == 0)
        er = -1;
    for (size_t i = 0; i < g->n_edges; i++) {
        r->edge[i].tokens = net.eq[i].pushed;
        r->edge[i].peak = net.eq[i].peak;
        r->tokens_total += net.eq[i].pushed;
    }
    for (size_t v = 0; v < g->n_nodes; v++)
        r->skips += prim_scan_skips(&net.node[v]);
    if (er < 0 || r->deadlock)
        goto out;
    int nout = 0;
    for (int t = 0; t < g->n_tensors; t++)
        nout += g->tensors[t].is_output;
    r->out = sg_calloc((size_t)nout + 1, sizeof *r->out);
    for (int t = 0; t < g->n_tensors; t++) {
        if (!g->tensors[t].is_output)
            continue;
        if (collect_output(&net, bt, nbt, &g->tensors[t], &r->out[r->n_out], e) < 0) {
            r->n_out++;
            goto out;
        }
        r->n_out++;
    }
    rc = 0;
out:
    if (r->deadlock)
        rc = 0;
    net_free(&net);
    for (int i = 0; i < nbt; i++)
        if (bt[i].have_ft)
            sg_fibertree_free(&bt[i].ft);
    free(bt);
    return rc;
}
