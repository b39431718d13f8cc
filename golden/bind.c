/*
 * bind.c - binding the graph's input tensors (see bind.h).
 */
#include <stdio.h>
#include <string.h>

#include "golden/bind.h"

int bind_one(const golden_binding *b, const sg_tensor_decl *d,
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

bound *find_bound(bound *bt, int nb, const char *name)
{
    for (int i = 0; i < nb; i++)
        if (bt[i].decl && strcmp(bt[i].decl->name, name) == 0)
            return &bt[i];
    return NULL;
}
