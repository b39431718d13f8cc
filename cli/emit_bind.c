/*
 * emit_bind.c - tensors bound to graph names (see emit_bind.h).
 */
#include "cli/emit_bind.h"

#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <sys/stat.h>

#include "core/intparse.h"

int sg_binds_add(sg_binds *b, const char *arg, sg_err *e)
{
    const char *eq = strchr(arg, '=');
    if (!eq || eq == arg || !eq[1] || (size_t)(eq - arg) >= SG_NAME_MAX)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0,
                       "-t %s: expected NAME=FILE or NAME=INTEGER", arg);
    if (b->n >= (int)(sizeof b->t / sizeof b->t[0]))
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "-t %s: too many tensors", arg);
    sg_bound *t = &b->t[b->n];
    memset(t, 0, sizeof *t);
    memcpy(t->name, arg, (size_t)(eq - arg));
    for (int i = 0; i < b->n; i++)
        if (strcmp(b->t[i].name, t->name) == 0)
            return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "-t %s: %s bound twice", arg, t->name);
    struct stat st;
    const char *v = eq + 1;
    if (sg_int_syntax_ok(v) && stat(v, &st) != 0) {
        int64_t x;
        char opt[SG_NAME_MAX + 8];
        snprintf(opt, sizeof opt, "-t %s", t->name);
        if (sg_int_parse(opt, v, INT64_MIN, INT64_MAX, &x, e) < 0)
            return -1;
        t->is_scalar = 1;
        t->scalar = x;
    } else {
        t->path = sg_strdup(v);
    }
    b->n++;
    return 0;
}

static sg_bound *find(const sg_binds *b, const char *name)
{
    for (int i = 0; i < b->n; i++)
        if (strcmp(b->t[i].name, name) == 0)
            return (sg_bound *)&b->t[i];
    return NULL;
}

int sg_binds_load(sg_binds *b, const sg_graph *g, const sg_read_opts *ro,
                  sg_err *e)
{
    b->g = g;
    sg_bound_tensor bt[SG_MAX_OPERANDS * 2];
    int of[SG_MAX_OPERANDS * 2];      /* bt[k] is b->t[of[k]] */
    int nbt = 0, rc = 0;
    for (int i = 0; i < b->n && rc == 0; i++) {
        sg_bound *t = &b->t[i];
        const sg_tensor_decl *d = sg_graph_tensor(g, t->name);
        if (!d)
            rc = sg_errc(e, SG_EXIT_USAGE, g->path, 0,
                         "-t %s: the graph has no tensor %s", t->name, t->name);
        else if (d->is_output)
            rc = sg_errc(e, SG_EXIT_USAGE, g->path, 0,
                         "-t %s: %s is the graph's output", t->name, t->name);
        else if (t->is_scalar && d->fmt.order != 0)
            rc = sg_errc(e, SG_EXIT_USAGE, g->path, 0,
                         "-t %s=%lld: %s is an order-%d tensor, not a scalar",
                         t->name, (long long)t->scalar, t->name, d->fmt.order);
        if (rc == 0 && t->is_scalar) {
            /* Converted as the golden model converts it (graph/bind.h). */
            sg_binding src = {.name = t->name, .is_scalar = 1, .scalar = t->scalar};
            sg_bound_tensor st;
            rc = sg_bind_load(d, &src, ro, &st, e);
            t->scalar_word = st.scalar;
        }
        if (rc < 0 || t->is_scalar)
            continue;
        sg_binding src = {.name = t->name, .path = t->path};
        of[nbt] = i;
        rc = sg_bind_load(d, &src, ro, &bt[nbt++], e);
    }
    /* The shape rules over every bound file at once (graph/bind.h). */
    if (rc == 0)
        rc = sg_bind_shapes(g, bt, nbt, e);
    for (int k = 0; k < nbt; k++) {
        sg_bound *t = &b->t[of[k]];
        t->coo = bt[k].coo;
        t->ft = bt[k].ft;
        t->has_ft = bt[k].have_ft;
        if (rc == 0 && bt[k].decl->fmt.order == 0) {
            t->is_scalar = 1;
            t->scalar = bt[k].scalar;
            t->scalar_word = bt[k].scalar;
        }
    }
    return rc;
}

void sg_binds_free(sg_binds *b)
{
    for (int i = 0; i < b->n; i++) {
        free(b->t[i].path);
        if (b->t[i].has_ft)
            sg_fibertree_free(&b->t[i].ft);
        if (!b->t[i].is_scalar || b->t[i].coo.crd || b->t[i].coo.val)
            sg_coo_free(&b->t[i].coo);
    }
    b->n = 0;
}

void sg_binds_golden(const sg_binds *b, golden_binding *gb)
{
    for (int i = 0; i < b->n; i++) {
        memset(&gb[i], 0, sizeof gb[i]);
        gb[i].name = b->t[i].name;
        if (b->t[i].is_scalar && !b->t[i].path) {
            gb[i].is_scalar = 1;
            gb[i].scalar = b->t[i].scalar;
        } else {
            gb[i].coo = &b->t[i].coo;
        }
    }
}

static int level_of(const sg_fibertree *ft, int mode)
{
    for (int l = 0; l < ft->fmt.order; l++)
        if (ft->fmt.mode[l] == mode)
            return l;
    return -1;
}

/* Arrays of a fibertree for (mode, arr); -1 when absent. */
static int ft_array(const sg_fibertree *ft, int mode, sg_arr_kind a,
                    const int64_t **w, size_t *n)
{
    if (a == SG_ARR_VALS) {
        *w = ft->vals;
        *n = ft->nvals;
        return 0;
    }
    int l = level_of(ft, mode);
    if (l < 0)
        return -1;
    const sg_level *lv = &ft->lvl[l];
    if (lv->fmt == SG_LVL_RANGE || lv->fmt == SG_LVL_OFFSET) {
        /* range: seg = each diagonal's first row, crd = its end; offset:
         * crd = the diagonals' offsets (derived or copied at build) */
        if (a == SG_ARR_LAST || (lv->fmt == SG_LVL_OFFSET && a == SG_ARR_SEG) ||
            (lv->fmt == SG_LVL_RANGE && !lv->lo))
            return -1;
        *w = lv->fmt == SG_LVL_OFFSET ? lv->off : a == SG_ARR_SEG ? lv->lo : lv->hi;
        *n = lv->noff;
        return 0;
    }
    if (lv->fmt == SG_LVL_BITVECTOR) {
        /* seg = each word's prefix popcount, crd = the words */
        if (a == SG_ARR_LAST)
            return -1;
        *w = a == SG_ARR_SEG ? lv->seg : lv->crd;
        *n = lv->ncrd;
        return 0;
    }
    if (a == SG_ARR_LAST ? !lv->last : a == SG_ARR_SEG ? !sg_lvl_has_seg(lv->fmt)
                                                        : !sg_lvl_has_crd(lv->fmt))
        return -1;
    *w = a == SG_ARR_SEG ? lv->seg : a == SG_ARR_LAST ? lv->last : lv->crd;
    *n = a == SG_ARR_SEG ? lv->nseg : lv->ncrd;
    return 0;
}

static const sg_fibertree *gold_out(const sg_binds *b, const char *name)
{
    if (!b->gold)
        return NULL;
    for (int i = 0; i < b->gold->n_out; i++)
        if (strcmp(b->gold->out[i].name, name) == 0)
            return &b->gold->out[i].ft;
    return NULL;
}

long sg_binds_mem_size(void *ctx, const sg_node *n, sg_arr_kind a)
{
    const sg_binds *b = ctx;
    const int64_t *w;
    size_t cnt;
    if (n->kind == SG_NK_FIBERWRITE) {
        const sg_fibertree *ft = gold_out(b, n->tensor);
        if (!ft || ft_array(ft, n->mode, a, &w, &cnt) < 0)
            return -1;
        return cnt ? (long)cnt : 1;
    }
    sg_bound *t = find(b, n->tensor);
    if (!t)
        return -1;
    if (t->is_scalar)
        return 1;
    if (!t->has_ft || ft_array(&t->ft, n->mode, a, &w, &cnt) < 0)
        return -1;
    return cnt ? (long)cnt : 1;
}

/* What an array can hold when memories are fixed by --max-nnz (nnz) and
 * --dim (dim; <= 0: the level's own size): a compressed level holds at
 * most nnz coordinates, a dense level every coordinate under each of its
 * parent's; seg has one more entry than the parent level has positions,
 * vals as many as the last level.  A tensor stored all dense thus needs
 * dim^order values however small --max-nnz is. */
long sg_binds_mem_cap(const sg_binds *b, const sg_node *n, sg_arr_kind a,
                      long nnz, long dim)
{
    const sg_fibertree *ft = NULL;
    if (n->kind == SG_NK_FIBERWRITE) {
        ft = gold_out(b, n->tensor);
    } else {
        sg_bound *t = find(b, n->tensor);
        if (t && t->is_scalar)
            return 1;
        if (t && t->has_ft)
            ft = &t->ft;
    }
    if (!ft)
        return -1;
    int last = a == SG_ARR_VALS ? ft->fmt.order - 1 : level_of(ft, n->mode);
    if (last < 0)
        return -1;
    long cap = 1, parent = 1;
    const long lim = 1L << 40;    /* saturate: any array this big is refused anyway */
    for (int l = 0; l <= last; l++) {
        parent = cap;
        if (sg_lvl_has_crd(ft->lvl[l].fmt)) {
            cap = nnz;
        } else {
            long d = dim > 0 ? dim : (long)ft->shape[ft->fmt.mode[l]];
            cap = d > 0 && cap > lim / d ? lim : cap * (d > 0 ? d : 1);
        }
    }
    if (a != SG_ARR_VALS && ft->lvl[last].fmt == SG_LVL_BITVECTOR)
        return (long)ft->lvl[last].ncrd;      /* the words the data needs */
    if (a == SG_ARR_CRD && ft->lvl[last].fmt == SG_LVL_HASHED)
        return (long)ft->lvl[last].ncrd;      /* the buckets the data needs */
    if (a != SG_ARR_VALS && (ft->lvl[last].fmt == SG_LVL_RANGE ||
                             ft->lvl[last].fmt == SG_LVL_OFFSET))
        return ft->lvl[last].fmt == SG_LVL_OFFSET && last > 0 ? (long)ft->lvl[last].noff
                                                              : parent;
    if (a == SG_ARR_SEG)
        return parent + 1;
    return a == SG_ARR_CRD || a == SG_ARR_LAST ? nnz : cap;
}

long sg_binds_node_dim(const sg_binds *b, const sg_node *n)
{
    if (n->kind == SG_NK_FIBERWRITE) {
        const sg_fibertree *ft = gold_out(b, n->tensor);
        if (!ft || n->mode < 0 || n->mode >= ft->fmt.order)
            return -1;
        return (long)ft->shape[n->mode];
    }
    sg_bound *t = find(b, n->tensor);
    if (!t || !t->has_ft || n->mode < 0 || n->mode >= t->coo.order)
        return -1;
    /* an offset scanner splits positions by the range level's size */
    int l = n->kind == SG_NK_FIBERLOOKUP ? level_of(&t->ft, n->mode) : -1;
    if (l > 0 && t->ft.lvl[l].fmt == SG_LVL_OFFSET)
        return (long)t->ft.lvl[l - 1].dim;
    /* a bitvector scanner reads words per fiber */
    if (l >= 0 && t->ft.lvl[l].fmt == SG_LVL_BITVECTOR)
        return (long)sg_lvl_bv_words(t->ft.lvl[l].dim, t->ft.lvl[l].w);
    /* a locator into a hashed level reads its buckets per fiber */
    l = n->kind == SG_NK_LOCATE ? level_of(&t->ft, n->mode) : -1;
    if (l >= 0 && t->ft.lvl[l].fmt == SG_LVL_HASHED)
        return (long)t->ft.lvl[l].w;
    return (long)t->coo.shape[n->mode];
}

long sg_binds_index_dim(void *ctx, char idx)
{
    const sg_binds *b = ctx;
    if (!b->g)
        return -1;
    for (size_t i = 0; i < b->g->n_nodes; i++) {
        const sg_node *n = &b->g->nodes[i];
        if (n->kind == SG_NK_FIBERLOOKUP && n->index == idx &&
            n->format != SG_LVL_BITVECTOR) {
            long d = sg_binds_node_dim(b, n);
            if (d >= 0)
                return d;
        }
    }
    return -1;
}

int sg_binds_mem_words(const sg_binds *b, const sg_graph *g,
                       const sg_emit_mem *m, const int64_t **w, size_t *n)
{
    const sg_node *nd = &g->nodes[m->node];
    sg_bound *t = find(b, nd->tensor);
    if (!t)
        return -1;
    if (t->is_scalar) {
        *w = &t->scalar_word;
        *n = 1;
        return 0;
    }
    if (!t->has_ft)
        return -1;
    return ft_array(&t->ft, nd->mode, m->arr, w, n);
}
