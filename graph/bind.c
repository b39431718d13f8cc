/*
 * bind.c - a graph tensor bound to its data (see bind.h).
 */
#include <stdio.h>
#include <string.h>

#include "core/tile.h"
#include "core/value.h"
#include "graph/bind.h"

/* The data of b as COO entries with values wrapped to ro->width. */
static int load(const sg_tensor_decl *d, const sg_binding *b,
                const sg_read_opts *ro, sg_coo *c, sg_err *e)
{
    if (!b->coo)
        return sg_tensor_read(b->path, d->name, ro, c, e);
    int64_t shape[SG_MAX_ORDER];
    memcpy(shape, b->coo->shape, sizeof shape);
    sg_coo_init(c, b->coo->order, shape);
    c->shape_inferred = b->coo->shape_inferred;
    size_t ord = (size_t)(b->coo->order > 0 ? b->coo->order : 0);
    for (size_t k = 0; k < b->coo->nnz; k++)
        sg_coo_push(c, b->coo->crd + k * ord, sg_wrap(b->coo->val[k], ro->width));
    return 0;
}

int sg_bind_load(const sg_tensor_decl *d, const sg_binding *b,
                 const sg_read_opts *ro, sg_bound_tensor *out, sg_err *e)
{
    memset(out, 0, sizeof *out);
    out->decl = d;
    out->path = b->path;
    if (b->is_scalar) {
        if (d->fmt.order != 0)
            return sg_errc(e, SG_EXIT_USAGE, NULL, 0,
                           "tensor %s has order %d; an inline scalar does not fit",
                           d->name, d->fmt.order);
        out->scalar = sg_vt_is_fp(sg_read_vt(ro)) ? sg_val_from_int(sg_read_vt(ro), b->scalar)
                                                  : sg_wrap(b->scalar, ro->width);
        return 0;
    }
    sg_read_opts r = *ro;
    r.empty_ok = 1;
    if (load(d, b, &r, &out->coo, e) < 0) {
        e->code = SG_EXIT_USAGE;
        return -1;
    }
    if (out->coo.order < 0) {
        /* No entries and no shape: the graph gives the order, the other
         * operands the extents (sg_bind_shapes). */
        sg_coo_init(&out->coo, d->fmt.order, NULL);
        out->coo.shape_inferred = 1;
    }
    for (int k = 0; k < SG_MAX_ORDER; k++)
        out->lshape[k] = -1;
    if (d->lorder > 0 && out->coo.order == d->lorder) {
        /* Logical data for a split tensor: cut it into its tiles. */
        sg_coo sp;
        memcpy(out->lshape, out->coo.shape, sizeof out->lshape);
        if (out->coo.shape_inferred)
            for (int k = 0; k < SG_MAX_ORDER; k++)
                out->lshape[k] = -1;
        if (sg_split_coo(&out->coo, d->tile, &sp, e) < 0)
            return sg_errc(e, SG_EXIT_USAGE, b->path, 0, "tensor %s: cannot split it",
                           d->name);
        sg_coo_free(&out->coo);
        out->coo = sp;
    }
    if (out->coo.order != d->fmt.order && d->lorder > 0)
        return sg_errc(e, SG_EXIT_USAGE, b->path, 0,
                       "tensor %s: the graph splits order %d into %d modes, the %s has "
                       "order %d", d->name, d->lorder, d->fmt.order,
                       b->path ? "file" : "data", out->coo.order);
    if (out->coo.order == 2 && d->fmt.order == 3 && d->lorder <= 0) {
        /* a matrix bound to an ELL or DIA operand (an order-3 tensor whose
         * levels pair a singleton with a dense level, or a range with an
         * offset level): cast it as samgen tensor convert --cast does */
        const char *kind = NULL;
        for (int l = 1; l < 3; l++) {
            if (d->fmt.level[l] == SG_LVL_OFFSET)
                kind = "dia";
            if (d->fmt.level[l] == SG_LVL_SINGLETON && d->fmt.level[l - 1] == SG_LVL_DENSE)
                kind = "ell";
        }
        sg_coo c;
        if (kind) {
            if (sg_cast_coo(&out->coo, kind, &c, NULL, e) < 0)
                return sg_errc(e, SG_EXIT_USAGE, b->path, 0, "tensor %s: %s", d->name,
                               e->msg);
            sg_coo_free(&out->coo);
            out->coo = c;
        }
    }
    if (out->coo.order != d->fmt.order)
        return sg_errc(e, SG_EXIT_USAGE, b->path, 0,
                       "tensor %s: the graph declares order %d, the %s has order %d",
                       d->name, d->fmt.order, b->path ? "file" : "data",
                       out->coo.order);
    if (d->fmt.order == 0)
        out->scalar = out->coo.nnz ? out->coo.val[0] : 0;
    return 0;
}

/* The fibertree of a loaded tensor of order > 0, in its declared format. */
static int build(sg_bound_tensor *t, sg_err *e)
{
    if (t->decl->fmt.order == 0)
        return 0;
    if (sg_fibertree_build(&t->coo, &t->decl->fmt, &t->ft, e) < 0) {
        char msg[sizeof e->msg];
        snprintf(msg, sizeof msg, "%s", e->msg);
        return sg_errc(e, SG_EXIT_USAGE, t->path, 0, "tensor %s: %s", t->decl->name, msg);
    }
    t->have_ft = 1;
    return 0;
}

int sg_bind_tensor(const sg_tensor_decl *d, const sg_binding *b,
                   const sg_read_opts *ro, sg_bound_tensor *out, sg_err *e)
{
    if (sg_bind_load(d, b, ro, out, e) < 0)
        return -1;
    return b->is_scalar ? 0 : build(out, e);
}

/* ---- shapes ------------------------------------------------------------ */

/* What the operands say about one index's extent. */
typedef struct extent {
    int decl;               /* tensor that declares it (first one), or -1 */
    int64_t declv;
    int inf;                /* tensor with the largest inferred extent, or -1 */
    int64_t infv;
} extent;

/* "tensor B (B.mtx)" or "tensor B". */
static const char *tdesc(const sg_bound_tensor *t, char *buf, size_t cap)
{
    if (t->path)
        snprintf(buf, cap, "tensor %s (%s)", t->decl->name, t->path);
    else
        snprintf(buf, cap, "tensor %s", t->decl->name);
    return buf;
}

/* Where a message about t points: its file, else the graph. */
static const char *where(const sg_graph *g, const sg_bound_tensor *t)
{
    return t->path ? t->path : g->path;
}

/* The bound tensor of order > 0 that scanner or locator n reads (a
 * located level is read under its index as a scanned one is), with n's
 * mode in range, or -1. */
static int scanned(const sg_node *n, const sg_bound_tensor *t, int nt)
{
    if ((n->kind != SG_NK_FIBERLOOKUP && n->kind != SG_NK_LOCATE) || !n->index)
        return -1;
    for (int k = 0; k < nt; k++)
        if (t[k].decl->fmt.order > 0 && strcmp(t[k].decl->name, n->tensor) == 0)
            return n->mode >= 0 && n->mode < t[k].coo.order ? k : -1;
    return -1;
}

/* Gather every scanner's and locator's (tensor, mode, index) into x: declared extents
 * must agree, inferred ones are kept at their largest. */
static int gather(const sg_graph *g, const sg_bound_tensor *t, int nt,
                  extent *x, sg_err *e)
{
    char a[160], b[160];
    for (size_t v = 0; v < g->n_nodes; v++) {
        const sg_node *n = &g->nodes[v];
        int k = scanned(n, t, nt);
        if (k < 0)
            continue;
        extent *xi = &x[(unsigned char)n->index];
        int64_t s = t[k].coo.shape[n->mode];
        if (!t[k].coo.shape_inferred) {
            if (xi->decl < 0) {
                xi->decl = k;
                xi->declv = s;
            } else if (xi->declv != s) {
                return sg_errc(e, SG_EXIT_USAGE, where(g, &t[k]), 0,
                               "index %c has extent %lld in %s but %lld in %s",
                               n->index, (long long)xi->declv,
                               tdesc(&t[xi->decl], a, sizeof a), (long long)s,
                               tdesc(&t[k], b, sizeof b));
            }
        } else if (t[k].coo.nnz > 0 && (xi->inf < 0 || s > xi->infv)) {
            xi->inf = k;
            xi->infv = s;
        }
    }
    for (int i = 0; i < 256; i++)
        if (x[i].decl >= 0 && x[i].inf >= 0 && x[i].infv > x[i].declv) {
            const sg_bound_tensor *ti = &t[x[i].inf];
            return sg_errc(e, SG_EXIT_USAGE, where(g, ti), 0,
                           "index %c has extent %lld in %s but %s has coordinate %lld in it",
                           i, (long long)x[i].declv, tdesc(&t[x[i].decl], a, sizeof a),
                           tdesc(ti, b, sizeof b), (long long)x[i].infv);
        }
    return 0;
}

static int known(const extent *x)
{
    return x->decl >= 0 || x->inf >= 0;
}

static int64_t value(const extent *x)
{
    return x->decl >= 0 ? x->declv : x->infv;
}

/* Set mode m of t[k] to the extent of its index (the largest, should two
 * scanners read it under different indices). */
static int set_mode(const sg_graph *g, sg_bound_tensor *t, int nt, int k,
                    int m, const extent *x, sg_err *e)
{
    char a[160];
    int found = 0;
    int64_t s = 0;
    for (size_t v = 0; v < g->n_nodes; v++) {
        const sg_node *n = &g->nodes[v];
        if (scanned(n, t, nt) != k || n->mode != m)
            continue;
        const extent *xi = &x[(unsigned char)n->index];
        if (!known(xi))
            return sg_errc(e, SG_EXIT_USAGE, where(g, &t[k]), 0,
                           "%s has no entries and no \"# shape\" line, and no other "
                           "operand gives the extent of index %c (mode %d)",
                           tdesc(&t[k], a, sizeof a), n->index, m);
        if (!found || value(xi) > s)
            s = value(xi);
        found = 1;
    }
    if (found)
        t[k].coo.shape[m] = s;
    else if (t[k].coo.shape_inferred && t[k].coo.nnz == 0)
        return sg_errc(e, SG_EXIT_USAGE, where(g, &t[k]), 0,
                       "%s has no entries and no \"# shape\" line, and no scanner "
                       "of the graph reads its mode %d", tdesc(&t[k], a, sizeof a), m);
    return 0;
}

/* A dense level of the output over an index of extent 0 is rejected: the
 * level has no position for the values a reduce still emits. */
static int dense_output_ok(const sg_graph *g, const sg_bound_tensor *t,
                           const extent *x, sg_err *e)
{
    char a[160];
    for (size_t v = 0; v < g->n_nodes; v++) {
        const sg_node *n = &g->nodes[v];
        if (n->kind != SG_NK_FIBERWRITE || n->is_vals || n->format != SG_LVL_DENSE ||
            !n->index)
            continue;
        const extent *xi = &x[(unsigned char)n->index];
        if (known(xi) && value(xi) == 0)
            return sg_errc(e, SG_EXIT_USAGE, g->path, n->line,
                           "output %s stores index %c in a dense level, but %s gives "
                           "%c extent 0 (a dense level needs at least 1)",
                           n->tensor, n->index,
                           tdesc(&t[xi->decl >= 0 ? xi->decl : xi->inf], a, sizeof a),
                           n->index);
    }
    return 0;
}

int sg_bind_shapes(const sg_graph *g, sg_bound_tensor *t, int n, sg_err *e)
{
    extent x[256];
    for (int i = 0; i < 256; i++) {
        x[i].decl = x[i].inf = -1;
        x[i].declv = x[i].infv = 0;
    }
    if (gather(g, t, n, x, e) < 0)
        return -1;
    for (int k = 0; k < n; k++) {
        if (t[k].decl->fmt.order == 0)
            continue;
        for (int m = 0; m < t[k].coo.order; m++)
            if (set_mode(g, t, n, k, m, x, e) < 0)
                return -1;
    }
    if (dense_output_ok(g, t, x, e) < 0)
        return -1;
    for (int k = 0; k < n; k++) {
        if (t[k].decl->fmt.order == 0)
            continue;
        t[k].coo.shape_inferred = 0;        /* the shape is now the indices' */
        if (build(&t[k], e) < 0)
            return -1;
    }
    return 0;
}

void sg_bound_tensor_free(sg_bound_tensor *t)
{
    if (t->have_ft)
        sg_fibertree_free(&t->ft);
    sg_coo_free(&t->coo);
    memset(t, 0, sizeof *t);
}
