/*
 * bind.c - binding the graph's input tensors (see bind.h).
 */
#include <stdio.h>
#include <string.h>

#include "golden/bind.h"

int sg_bind_one(const golden_binding *b, const sg_tensor_decl *d,
             const golden_opts *o, bound *out, sg_err *e)
{
    sg_read_opts ro = o->read;
    ro.width = o->width;
    int rc = sg_bind_tensor(d, b, &ro, out, e);
    sg_coo_free(&out->coo);
    return rc;
}

bound *sg_find_bound(bound *bt, int nb, const char *name)
{
    for (int i = 0; i < nb; i++)
        if (bt[i].decl && strcmp(bt[i].decl->name, name) == 0)
            return &bt[i];
    return NULL;
}
