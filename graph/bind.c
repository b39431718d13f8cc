/*
 * bind.c - a graph tensor bound to its data (see bind.h).
 */
#include <stdio.h>
#include <string.h>

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
    size_t ord = (size_t)(b->coo->order ? b->coo->order : 0);
    for (size_t k = 0; k < b->coo->nnz; k++)
        sg_coo_push(c, b->coo->crd + k * ord, sg_wrap(b->coo->val[k], ro->width));
    return 0;
}

int sg_bind_tensor(const sg_tensor_decl *d, const sg_binding *b,
                   const sg_read_opts *ro, sg_bound_tensor *out, sg_err *e)
{
    memset(out, 0, sizeof *out);
    out->decl = d;
    if (b->is_scalar) {
        if (d->fmt.order != 0)
            return sg_errc(e, SG_EXIT_USAGE, NULL, 0,
                           "tensor %s has order %d; an inline scalar does not fit",
                           d->name, d->fmt.order);
        out->scalar = sg_wrap(b->scalar, ro->width);
        return 0;
    }
    if (load(d, b, ro, &out->coo, e) < 0)
        return -1;
    if (d->fmt.order == 0) {
        out->scalar = out->coo.nnz ? out->coo.val[0] : 0;
        return 0;
    }
    if (out->coo.order != d->fmt.order)
        return sg_errc(e, SG_EXIT_USAGE, b->path, 0,
                       "tensor %s: the graph declares order %d, the data has order %d",
                       d->name, d->fmt.order, out->coo.order);
    if (sg_fibertree_build(&out->coo, &d->fmt, &out->ft, e) < 0) {
        char msg[sizeof e->msg];
        snprintf(msg, sizeof msg, "%s", e->msg);
        return sg_errc(e, SG_EXIT_USAGE, b->path, 0, "tensor %s: %s", d->name, msg);
    }
    out->have_ft = 1;
    return 0;
}

void sg_bound_tensor_free(sg_bound_tensor *t)
{
    if (t->have_ft)
        sg_fibertree_free(&t->ft);
    sg_coo_free(&t->coo);
    memset(t, 0, sizeof *t);
}
