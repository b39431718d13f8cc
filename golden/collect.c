/*
 * collect.c - output assembly: the writers' arrays are walked as a
 * fibertree (every written level, dense ones included, records its
 * coordinates) into coordinates, then rebuilt in the declared format
 * (docs/golden-model.md, Structure: the two writer conventions kept).
 */
#include <stdlib.h>
#include <string.h>

#include "core/tile.h"
#include "golden/net.h"

static int64_t index_dim(const sg_graph *g, bound *bt, int nbt, char idx)
{
    for (size_t v = 0; v < g->n_nodes; v++) {
        const sg_node *n = &g->nodes[v];
        if (n->kind != SG_NK_FIBERLOOKUP || n->index != idx)
            continue;
        bound *b = sg_find_bound(bt, nbt, n->tensor);
        if (b && b->have_ft && n->mode >= 0 && n->mode < SG_MAX_ORDER)
            return b->ft.shape[n->mode];
    }
    return 0;
}

/* The logical extent behind split index idx: the data's extent of the
 * logical mode of a split input that a scanner reads under idx as its
 * tile coordinate, or -1 when no input says (the full grid is kept). */
static int64_t logical_dim(const sg_graph *g, bound *bt, int nbt, char idx)
{
    for (size_t v = 0; v < g->n_nodes; v++) {
        const sg_node *n = &g->nodes[v];
        if (n->kind != SG_NK_FIBERLOOKUP || n->index != idx)
            continue;
        bound *b = sg_find_bound(bt, nbt, n->tensor);
        if (b && b->decl->lorder > 0 && n->mode >= 0 && n->mode < b->decl->lorder &&
            b->decl->tile[n->mode] > 0 && b->lshape[n->mode] >= 0)
            return b->lshape[n->mode];
    }
    return -1;
}

/* A split output's coordinates back in its logical modes, entries in
 * natural order. */
static int unsplit_output(const sg_graph *g, bound *bt, int nbt,
                          const sg_tensor_decl *d, sg_coo *c, sg_err *e)
{
    int64_t lshape[SG_MAX_ORDER];
    for (int k = 0; k < d->lorder; k++) {
        lshape[k] = -1;
        for (size_t v = 0; d->tile[k] > 0 && v < g->n_nodes; v++) {
            const sg_node *n = &g->nodes[v];
            if (n->kind == SG_NK_FIBERWRITE && !n->is_vals && n->mode == k &&
                strcmp(n->tensor, d->name) == 0)
                lshape[k] = logical_dim(g, bt, nbt, n->index);
        }
    }
    sg_coo l;
    if (sg_unsplit_coo(c, d->lorder, d->tile, lshape, &l, e) < 0)
        return -1;
    sg_coo_free(c);
    sg_coo_sort(&l, NULL);     /* logical order, not the tiles' */
    *c = l;
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

/* The arrays the writers of one output tensor filled, per level of its
 * declared format, and its values. */
typedef struct written {
    const int64_t *seg[SG_MAX_ORDER], *crd[SG_MAX_ORDER], *sega[SG_MAX_ORDER];
    size_t nseg[SG_MAX_ORDER], ncrd[SG_MAX_ORDER], nsega[SG_MAX_ORDER];
    const int64_t *wseg[SG_MAX_ORDER];    /* seg as the writer stores it */
    size_t nwseg[SG_MAX_ORDER];
    int64_t shape[SG_MAX_ORDER];
    const int64_t *vals;
    size_t nvals;
    int have_vals, have_lvl[SG_MAX_ORDER];
} written;

/* Gather the arrays of d's writers into w: a values writer and one writer
 * per level, each mode's size taken from the scanners of its index. */
static int gather_writers(const sg_net *net, bound *bt, int nbt,
                          const sg_tensor_decl *d, written *w, sg_err *e)
{
    const sg_graph *g = net->g;
    int order = d->fmt.order;
    for (size_t v = 0; v < g->n_nodes; v++) {
        const sg_node *n = &g->nodes[v];
        if (n->kind != SG_NK_FIBERWRITE || strcmp(n->tensor, d->name) != 0)
            continue;
        const int64_t *s, *c;
        size_t ns, nc;
        sg_prim_write_arrays(&net->node[v], &s, &ns, &c, &nc);
        if (n->is_vals) {
            w->vals = c;
            w->nvals = nc;
            w->have_vals = 1;
            continue;
        }
        for (int l = 0; l < order; l++)
            if (d->fmt.mode[l] == n->mode) {
                w->seg[l] = s;
                w->nseg[l] = ns;
                w->wseg[l] = s;
                w->nwseg[l] = ns;
                sg_prim_write_seg_all(&net->node[v], &w->sega[l], &w->nsega[l]);
                w->crd[l] = c;
                w->ncrd[l] = nc;
                w->have_lvl[l] = 1;
                w->shape[n->mode] = index_dim(g, bt, nbt, n->index);
            }
    }
    if (!w->have_vals)
        return sg_errf(e, g->path, 0, "output %s has no values writer", d->name);
    for (int l = 0; l < order; l++)
        if (!w->have_lvl[l])
            return sg_errf(e, g->path, 0, "output %s: no writer for level %d (mode %d)",
                           d->name, l, d->fmt.mode[l]);
    /* A level with fewer non-empty fibers than parent positions belongs to
     * a graph that keeps coordinates with empty fibers: use seg_all. */
    for (int l = 1; l < order; l++)
        if (w->nseg[l] != w->ncrd[l - 1] + 1 && w->nsega[l] == w->ncrd[l - 1] + 1) {
            w->seg[l] = w->sega[l];
            w->nseg[l] = w->nsega[l];
        }
    return 0;
}

/* An empty result's values: a reduce emits a 0 for each empty fiber of
 * the level above it, also when no coordinate is left at all (an empty
 * result, or every fiber of a level empty at once). */
static int only_zeros(const written *w)
{
    for (size_t k = 0; k < w->nvals; k++)
        if (w->vals[k] != 0)
            return 0;
    return w->nvals > 0;
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

/* Why coordinates and values went out of step, for the message: the first
 * coordinate-mode crddrop over a summed index that dropped a coordinate,
 * with that coordinate, and the first reduce that keeps a value for an
 * empty fiber. */
static void out_of_step_cause(const sg_net *net, char *buf, size_t cap)
{
    const sg_graph *g = net->g;
    int64_t crd = 0;
    size_t v = 0;
    for (; v < g->n_nodes; v++)
        if (g->nodes[v].kind == SG_NK_CRDDROP && !sg_graph_inner_is_vals(&g->nodes[v]) &&
            !index_written(g, g->nodes[v].inner) &&
            sg_prim_crddrop_first_drop(&net->node[v], &crd))
            break;
    if (v == g->n_nodes) {
        snprintf(buf, cap, "a crddrop removed coordinates whose values a reduce kept");
        return;
    }
    const sg_node *n = &g->nodes[v];
    char dd[96], rd[96] = "a reduce";
    sg_graph_node_desc(n, dd, sizeof dd);
    for (size_t r = 0; r < g->n_nodes; r++)
        if (g->nodes[r].kind == SG_NK_REDUCE && !g->nodes[r].skip_empty) {
            sg_graph_node_desc(&g->nodes[r], rd, sizeof rd);
            break;
        }
    snprintf(buf, cap, "node %s dropped %c = %lld, whose fiber of the summed index %c "
             "is empty, first; %s kept a value for it", dd, n->outer, (long long)crd,
             n->inner, rd);
}

/* The written entries as coordinates in c (initialised here); every value
 * must belong to a written coordinate. */
static int written_coords(const sg_net *net, const sg_tensor_decl *d,
                          const written *w, sg_coo *c, sg_err *e)
{
    const sg_graph *g = net->g;
    int order = d->fmt.order;
    sg_coo_init(c, order, w->shape);
    if (order == 0) {
        int64_t x[1] = {0};
        sg_coo_push(c, x, w->nvals ? w->vals[0] : 0);
        return 0;
    }
    int64_t pt[SG_MAX_ORDER];
    if (walk(w->seg, w->nseg, w->crd, w->ncrd, order, w->vals, w->nvals, 0, 0,
             pt, d->fmt.mode, c, d->name, e) < 0) {
        sg_coo_free(c);
        return -1;
    }
    /* Surplus values mean the graph put coordinates and values out of
     * step.  The one exception: a reduce emits a value (0) for an empty
     * result (SAM-SEMANTICS 2.10, item 11), one per empty fiber when every
     * fiber of a result level is empty, written with no coordinate. */
    if (c->nnz != w->nvals && !(c->nnz == 0 && (w->nvals == 1 || only_zeros(w)))) {
        char why[400];
        out_of_step_cause(net, why, sizeof why);
        sg_errf(e, g->path, 0, "output %s: the writers produced %zu values for %zu "
                "coordinates (coordinates and values out of step: %s)", d->name,
                w->nvals, c->nnz, why);
        sg_coo_free(c);
        return -1;
    }
    return 0;
}

/* The fibertree of c in the declared format (built from a sorted copy),
 * kept as the writers left the two empty-result cases. */
static int output_tree(const sg_graph *g, const sg_tensor_decl *d,
                       const written *w, const sg_coo *c, golden_output *out,
                       sg_err *e)
{
    int order = d->fmt.order;
    if (order == 0) {
        memset(&out->ft, 0, sizeof out->ft);
        out->ft.vals = sg_malloc(sizeof *out->ft.vals);
        out->ft.vals[0] = c->val[0];
        out->ft.nvals = 1;
        return 0;
    }
    sg_coo tmp;
    sg_coo_init(&tmp, order, w->shape);
    for (size_t k = 0; k < c->nnz; k++)
        sg_coo_push(&tmp, c->crd + k * (size_t)order, c->val[k]);
    int r = sg_fibertree_build(&tmp, &d->fmt, &out->ft, e);
    sg_coo_free(&tmp);
    if (r < 0) {
        char msg[sizeof e->msg];
        snprintf(msg, sizeof msg, "%s", e->msg);
        sg_errf(e, g->path, 0, "output %s: %s", d->name, msg);
        return r;
    }
    /* An empty compressed root level is written as seg = [0]
     * (SAM-SEMANTICS 2.14, item 17): the writer closes no fiber, and the
     * RTL writer's seg memory holds the same single entry. */
    if (out->ft.lvl[0].fmt == SG_LVL_COMPRESSED && w->nseg[0] == 1 &&
        out->ft.lvl[0].ncrd == 0 && out->ft.lvl[0].nseg == 2)
        out->ft.lvl[0].nseg = 1;
    /* ...and the reduces' values for an empty result stay in vals, as
     * the RTL values writer stores them; with one 0 per empty fiber, the
     * levels above those fibers keep their coordinates as written too. */
    if (c->nnz == 0 && w->nvals > 1) {
        for (int l = 0; l < order; l++) {
            sg_level *lv = &out->ft.lvl[l];
            if (lv->fmt != SG_LVL_COMPRESSED)
                continue;
            free(lv->seg);
            free(lv->crd);
            lv->seg = sg_malloc((w->nwseg[l] ? w->nwseg[l] : 1) * sizeof *lv->seg);
            if (w->nwseg[l])
                memcpy(lv->seg, w->wseg[l], w->nwseg[l] * sizeof *lv->seg);
            lv->nseg = w->nwseg[l];
            lv->crd = sg_malloc((w->ncrd[l] ? w->ncrd[l] : 1) * sizeof *lv->crd);
            if (w->ncrd[l])
                memcpy(lv->crd, w->crd[l], w->ncrd[l] * sizeof *lv->crd);
            lv->ncrd = w->ncrd[l];
        }
    }
    if (c->nnz == 0 && w->nvals > 0) {
        free(out->ft.vals);
        out->ft.vals = sg_malloc(w->nvals * sizeof *out->ft.vals);
        memcpy(out->ft.vals, w->vals, w->nvals * sizeof *out->ft.vals);
        out->ft.nvals = w->nvals;
    }
    return 0;
}

int sg_collect_output(const sg_net *net, bound *bt, int nbt,
                   const sg_tensor_decl *d, golden_output *out, sg_err *e)
{
    snprintf(out->name, sizeof out->name, "%s", d->name);
    out->fmt = d->fmt;
    written w;
    memset(&w, 0, sizeof w);
    sg_coo c;
    if (gather_writers(net, bt, nbt, d, &w, e) < 0 ||
        written_coords(net, d, &w, &c, e) < 0)
        return -1;
    int r = output_tree(net->g, d, &w, &c, out, e);
    if (r == 0 && d->lorder > 0)
        r = unsplit_output(net->g, bt, nbt, d, &c, e);
    out->coo = c;
    return r;
}
