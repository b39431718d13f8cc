/*
 * prim_scan_compressed.c - compressed level scanner (fiberlookup
 * format=compressed), with ExTensor coordinate skipping.
 *
 * For a reference r it emits crd[p] / p for p in seg[r]..seg[r+1]-1, then the
 * fiber's closing stop; the rule and its cycle rules are golden/prim_scan.h,
 * shared with the dense scanner.
 *
 * Skipping (ExTensor 5): a scanner that feeds a skipping intersect (CAM
 * size T > 0) is not stepped by this fire function: it carries the
 * register model of rtl/sam_scan_skip_core.v (golden/skip_core.c), which
 * the intersect node steps in the same cycle as its own decision
 * (prim_join.c, sg_prim_skip_fuse), because the RTL pair is connected without
 * a buffer: the intersect's skip hint refers to the scanner's head register
 * of the same cycle.
 */
#include <stdlib.h>

#include "golden/prim_scan.h"

long sg_scan_bad_ref(sg_pnode *n, const scan_st *s, int64_t r, int dense)
{
    if (dense == SCAN_DENSE)
        return sg_prim_fail(n, "negative reference %lld", (long long)r);
    if (dense == SCAN_RANGE)
        return sg_prim_fail(n, "reference %lld out of range (the range level has %zu "
                            "fibers)", (long long)r, s->noff);
    if (dense == SCAN_BV)
        return sg_prim_fail(n, "reference %lld out of range (the bitvector level has %zu "
                            "words, %lld per fiber)", (long long)r, s->ncrd,
                            (long long)s->dim);
    if (dense == SCAN_SINGLETON)
        return sg_prim_fail(n, "reference %lld out of range (the level has %zu positions)",
                            (long long)r, s->ncrd);
    if (r < 0 || (uint64_t)r + 1 >= s->nseg)
        return sg_prim_fail(n, "reference %lld out of range (seg has %zu entries)",
                         (long long)r, s->nseg);
    return sg_prim_fail(n, "seg[%lld..%lld] = %zu..%zu is not a valid crd range",
                     (long long)r, (long long)r + 1, (size_t)s->seg[r],
                     (size_t)s->seg[r + 1]);
}

SCAN_FIRE_FNS(scan_c, 0)

void sg_prim_scan_init(sg_pnode *n, const prim_scan_cfg *c)
{
    if (c->dense) {
        sg_prim_scan_dense_init(n, c->dim);
        return;
    }
    scan_st *s = sg_calloc(1, sizeof *s);
    s->seg = c->seg;
    s->crd = c->crd;
    s->nseg = c->nseg;
    s->ncrd = c->ncrd;
    s->cam = c->cam;
    if (c->cam > 0)
        sg_skc_init(&s->core, c->seg, c->nseg, c->crd, c->ncrd,
                    (uint64_t)c->cam);
    n->st = s;
    n->fire = scan_c_fire;
    n->tfire = c->cam > 0 ? NULL : scan_c_tfire;
    n->ramp_ok = c->cam <= 0;       /* a skipping scanner never runs ahead */
}

uint64_t sg_prim_scan_skips(const sg_pnode *n)
{
    if (n->fire != scan_c_fire)
        return 0;
    const scan_st *s = n->st;
    return s->cam > 0 ? s->core.skips : 0;
}

sg_skc_scan *sg_prim_scan_skip_core(sg_pnode *n)
{
    if (n->fire != scan_c_fire)
        return NULL;
    scan_st *s = n->st;
    return s->cam > 0 ? &s->core : NULL;
}
