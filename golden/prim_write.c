/*
 * prim_write.c - level and value writers (fiberwrite, SAM-SEMANTICS 2.14).
 *
 * Compressed level: data tokens append to crd (N stores 0), a stop after at
 * least one data token appends the element count to seg (empty fibers are
 * not recorded), seg starts as [0].  Dense level: recorded the same way
 * (the reference records nothing and relies on the vals writer being
 * positional; here the output assembly places each value at its written
 * coordinate, so dense outputs are right even when the stream does not
 * enumerate every coordinate, e.g. x=d0 from a union: docs/differences.md).  Values: data tokens append (N stores 0), stops ignored.
 * Besides seg, a level writer keeps seg_all with one entry per fiber, empty
 * ones included, for output assembly when a graph keeps an outer
 * coordinate whose inner fiber is empty (no crddrop above it).
 * COO levels: the non-unique level's writer takes the outer coordinate
 * held once per entry (a crdhold in front of it, samgen compile) and ends
 * a fiber only at stops of level >= 1 (S0 closes a run of the held
 * coordinate, not a fiber of the level); the singleton level's writer
 * appends every coordinate and records one position per coordinate (seg
 * 0, 1, .., n: output assembly walks it as one coordinate per parent
 * position; the level stores no seg).
 * Cycle rule: one token per cycle.
 */
#include <stdlib.h>

#include "golden/prim.h"

typedef struct wr_st {
    int mode;               /* 0 compressed, 1 dense, 2 vals, 3 non-unique,
                             * 4 singleton */
    int has;
    int64_t *seg, *crd, *sega;
    size_t nseg, capseg, ncrd, capcrd, nsega, capsega;
} wr_st;

static void app(int64_t **a, size_t *n, size_t *cap, int64_t v)
{
    if (*n == *cap)
        sg_grow((void **)a, cap, *n + 1, sizeof **a);
    (*a)[(*n)++] = v;
}

static long write_fire(sg_pnode *n, long budget)
{
    wr_st *s = n->st;
    sg_q *in = n->in[0];
    long fired = 0;
    while (fired < budget && q_avail(in)) {
        sg_tok t = q_pop(in);
        fired++;
        if (t.kind == SG_TK_DATA || t.kind == SG_TK_EMPTY) {
            if (s->mode != 1)
                app(&s->crd, &s->ncrd, &s->capcrd, t.kind == SG_TK_DATA ? t.v : 0);
            if (s->mode == 4) {
                app(&s->seg, &s->nseg, &s->capseg, (int64_t)s->ncrd);
                app(&s->sega, &s->nsega, &s->capsega, (int64_t)s->ncrd);
            }
            s->has = 1;
        } else if (t.kind == SG_TK_STOP) {
            if (s->mode == 3 && t.v < 1)
                continue;       /* the end of a run, not of a fiber */
            if ((s->mode == 0 || s->mode == 3) && s->has)
                app(&s->seg, &s->nseg, &s->capseg, (int64_t)s->ncrd);
            if (s->mode == 0 || s->mode == 3)
                app(&s->sega, &s->nsega, &s->capsega, (int64_t)s->ncrd);
            s->has = 0;
        } else {
            n->done = 1;
            break;
        }
    }
    return fired;
}

static void write_free(void *p)
{
    wr_st *s = p;
    free(s->seg);
    free(s->sega);
    free(s->crd);
    free(s);
}

static void write_init(sg_pnode *n, int mode)
{
    wr_st *s = sg_calloc(1, sizeof *s);
    s->mode = mode;
    if (mode == 0 || mode >= 3) {
        app(&s->seg, &s->nseg, &s->capseg, 0);
        app(&s->sega, &s->nsega, &s->capsega, 0);
    }
    n->st = s;
    n->st_free = write_free;
    n->fire = write_fire;
    n->tmap = 1;
}

void sg_prim_write_level_init(sg_pnode *n, int dense)
{
    (void)dense;
    write_init(n, 0);
}

void sg_prim_write_coo_init(sg_pnode *n, int singleton)
{
    write_init(n, singleton ? 4 : 3);
}

void sg_prim_write_vals_init(sg_pnode *n)
{
    write_init(n, 2);
}

void sg_prim_write_arrays(const sg_pnode *n, const int64_t **seg, size_t *nseg,
                       const int64_t **crd, size_t *ncrd)
{
    const wr_st *s = n->st;
    *seg = s->seg;
    *nseg = s->nseg;
    *crd = s->crd;
    *ncrd = s->ncrd;
}

void sg_prim_write_seg_all(const sg_pnode *n, const int64_t **seg, size_t *nseg)
{
    const wr_st *s = n->st;
    *seg = s->sega;
    *nseg = s->nsega;
}
