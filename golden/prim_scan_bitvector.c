/*
 * prim_scan_bitvector.c - bitvector level scanner (fiberlookup
 * format=bitvector; the SAM paper's bitvector level scanner, section 4.3).
 *
 * A reference r emits the nw = ceil(N/W) words of fiber r on out_bv, each
 * with its prefix popcount (the position of its first set bit's child) on
 * out_ref, then the closing stop: the dense scanner's rule and cycles
 * (golden/prim_scan.h, SCAN_BV), one word per cycle.  An input N gives nw
 * zero words with reference 0, so that a bitvector union pairs the words
 * of its operands by position.  rtl/sam_scan_bitvector.v does the same.
 */
#include <stdlib.h>
#include <string.h>

#include "golden/prim_scan.h"

SCAN_FIRE_FNS(scan_b, SCAN_BV)

typedef struct scan_b_st {
    scan_st s;                  /* first: n->st is read as a scan_st */
    int64_t *words, *pos;       /* the level's arrays and nw zeros */
} scan_b_st;

static void scan_b_free(void *p)
{
    scan_b_st *b = p;
    free(b->words);
    free(b->pos);
    free(b);
}

void sg_prim_scan_bitvector_init(sg_pnode *n, int64_t nw, const int64_t *words,
                                 const int64_t *pos, size_t nwords)
{
    scan_b_st *b = sg_calloc(1, sizeof *b);
    scan_st *s = &b->s;
    nw = nw < 0 ? 0 : nw;
    size_t k = nwords + (size_t)nw;
    b->words = sg_calloc(k ? k : 1, sizeof *b->words);
    b->pos = sg_calloc(k ? k : 1, sizeof *b->pos);
    if (nwords) {
        memcpy(b->words, words, nwords * sizeof *words);
        memcpy(b->pos, pos, nwords * sizeof *pos);
    }
    s->dim = nw;
    s->crd = b->words;
    s->pos = b->pos;
    s->ncrd = nwords;
    n->st = b;
    n->st_free = scan_b_free;
    n->fire = scan_b_fire;
    n->tfire = scan_b_tfire;
    n->ramp_ok = 1;
}
