/*
 * prim_scan_singleton.c - singleton level scanner (fiberlookup
 * format=singleton): the lower level of COO.
 *
 * A singleton level stores one coordinate per position and no seg; its
 * fibers are the runs of equal coordinates of the non-unique level above
 * it, which the level's `last` array marks (last[p] = 1: p ends its
 * fiber; core/fibertree.c, sg_level_singleton_last).  For a reference r it
 * emits crd[p] / p for p = r .. the first position >= r whose last bit is
 * set, then the closing stop: the rule and the cycle rules of
 * golden/prim_scan.h with the fiber ends precomputed from the last bits
 * (kept in the scanner's seg, one entry per position).  Unlike the
 * compressed scanner it sees only its input's head (rtl/sam_scan_singleton.v
 * has no seg port to read ahead with), so a reference behind a merged
 * input stop opens a cycle later.
 */
#include <stdlib.h>

#include "golden/prim_scan.h"

SCAN_FIRE_FNS(scan_q, SCAN_SINGLETON)

/* The scanner's state and, when it owns it (the offset scanner's computed
 * coordinates), its crd array. */
typedef struct scan_q_st {
    scan_st s;                  /* first: n->st is read as a scan_st */
    int64_t *own_crd;
} scan_q_st;

static void scan_q_free(void *p)
{
    scan_q_st *q = p;
    free((void *)q->s.seg);
    free(q->own_crd);
    free(q);
}

void sg_prim_scan_own_crd(sg_pnode *n, int64_t *crd)
{
    ((scan_q_st *)n->st)->own_crd = crd;
}

void sg_prim_scan_singleton_init(sg_pnode *n, const int64_t *crd, const int64_t *last,
                                 size_t ncrd)
{
    scan_q_st *q = sg_calloc(1, sizeof *q);
    scan_st *s = &q->s;
    int64_t *end = sg_malloc((ncrd ? ncrd : 1) * sizeof *end);
    int64_t e = (int64_t)ncrd;
    for (size_t i = ncrd; i-- > 0;) {
        if (last[i])
            e = (int64_t)i + 1;
        end[i] = e;
    }
    s->seg = end;
    s->nseg = ncrd;
    s->crd = crd;
    s->ncrd = ncrd;
    n->st = s;
    n->st_free = scan_q_free;
    n->fire = scan_q_fire;
    n->tfire = scan_q_tfire;
    n->ramp_ok = 1;
}
