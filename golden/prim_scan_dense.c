/*
 * prim_scan_dense.c - uncompressed level scanner (fiberlookup format=dense).
 *
 * For a reference r it emits coordinates 0..dim-1 with references
 * r*dim + c, then the closing stop by the same peek rule as the compressed
 * scanner (SAM-SEMANTICS 2.2).  Where the reference raises (an unmerged
 * input stop, an N reference) this model does what 2.2 recommends: the stop
 * is forwarded incremented, N gives N and the closing stop.  dim = 0 gives
 * an empty fiber (the reference emits coordinate 0; docs/differences.md).
 *
 * The rule and its cycle rules are golden/prim_scan.h, shared with the
 * compressed scanner (positions r*dim + c, coordinate c).
 */
#include <stdlib.h>

#include "golden/prim_scan.h"

SCAN_FIRE_FNS(scan_d, 1)

void sg_prim_scan_dense_init(sg_pnode *n, int64_t dim)
{
    scan_st *s = sg_calloc(1, sizeof *s);
    s->dim = dim < 0 ? 0 : dim;
    n->st = s;
    n->fire = scan_d_fire;
    n->tfire = scan_d_tfire;
    n->ramp_ok = 1;
}
