/*
 * prim_arrayvals.c - array load (arrayvals, SAM-SEMANTICS 2.8).
 *
 * Reference r gives vals[r]; N gives 0; stops and D pass.  A reference
 * outside the array is a malformed stream.  Cycle rule: one token per cycle
 * (the one-cycle memory read is the FIFO hop to the consumer).  The firing
 * rules are golden/prim_map.h.
 */
#include <stdlib.h>

#include "golden/prim_map.h"

MAP_DEFINE(arrayvals, MAP_VALS)

void sg_prim_arrayvals_init(sg_pnode *n, const int64_t *vals, size_t nvals)
{
    map_vals *s = sg_calloc(1, sizeof *s);
    s->vals = vals;
    s->n = nvals;
    arrayvals_setup(n, s);
}
