/*
 * prim_scan_range.c - DIA's scanners (fiberlookup format=range and
 * format=offset; the unified-formats work's range and offset levels).
 *
 * Range: a reference r (a position of the level above: a stored diagonal)
 * opens the rows the diagonal crosses, i in [max(0,-off[r]), min(N,
 * M-off[r])), each with the reference r*S + i (S: N rounded up to a power
 * of two), then the closing stop: the scanners' rule and cycles of
 * golden/prim_scan.h, seeing only the input's head as rtl/sam_scan_range.v
 * does.  Offset: a reference p (a range position r*S + i) gives the one
 * coordinate j = i + off[r] and the reference p, then the closing stop:
 * the singleton scanner's rule over a level whose every position ends its
 * fiber (branchless), with the coordinates computed once at bind time.
 *
 * Neither has RTL (docs/tensor-formats.md): DIA runs in the golden model.
 */
#include <stdlib.h>

#include "core/tensor.h"
#include "golden/prim_scan.h"

SCAN_FIRE_FNS(scan_r, SCAN_RANGE)

void sg_prim_scan_range_init(sg_pnode *n, int64_t dim, int64_t m, const int64_t *off,
                             size_t noff)
{
    scan_st *s = sg_calloc(1, sizeof *s);
    s->dim = dim < 0 ? 0 : dim;
    s->stride = sg_lvl_range_stride(s->dim);
    s->m = m;
    s->off = off;
    s->noff = noff;
    n->st = s;
    n->fire = scan_r_fire;
    n->tfire = scan_r_tfire;
    n->ramp_ok = 1;
}

typedef struct offset_arrays {
    int64_t *crd, *last;
} offset_arrays;

void sg_prim_scan_offset_init(sg_pnode *n, int64_t dim, const int64_t *off, size_t noff)
{
    dim = sg_lvl_range_stride(dim);
    size_t np = noff * (size_t)dim;
    int64_t *crd = sg_malloc((np ? np : 1) * sizeof *crd);
    int64_t *last = sg_malloc((np ? np : 1) * sizeof *last);
    for (size_t p = 0; p < np; p++) {
        crd[p] = (int64_t)(p % (size_t)dim) + off[p / (size_t)dim];
        last[p] = 1;
    }
    sg_prim_scan_singleton_init(n, crd, last, np);
    free(last);
    sg_prim_scan_own_crd(n, crd);
}
