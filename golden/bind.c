/*
 * bind.c - binding the graph's input tensors (see bind.h).
 */
#include <stdio.h>
#include <string.h>

#include "golden/bind.h"

bound *sg_find_bound(bound *bt, int nb, const char *name)
{
    for (int i = 0; i < nb; i++)
        if (bt[i].decl && strcmp(bt[i].decl->name, name) == 0)
            return &bt[i];
    return NULL;
}
