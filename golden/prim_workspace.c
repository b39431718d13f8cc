/*
 * prim_workspace.c - sparse accumulator row buffer and pending-output lists (see
 * prim_workspace.h).  Values add with W-bit wrap.
 */
#include <stdlib.h>

#include "golden/prim_workspace.h"
#include "core/tensor.h"

void sg_spa_add(spa_row *r, int64_t crd, int64_t v, int w)
{
    size_t c = (size_t)crd;
    if (c >= r->cap) {
        size_t ncap = r->cap ? r->cap : 64;
        while (ncap <= c)
            ncap *= 2;
        r->val = sg_realloc(r->val, ncap * sizeof *r->val);
        r->has = sg_realloc(r->has, ncap);
        memset(r->has + r->cap, 0, ncap - r->cap);
        r->cap = ncap;
    }
    if (!r->has[c]) {
        r->has[c] = 1;
        r->val[c] = 0;
        if (r->nt == r->capt)
            sg_grow((void **)&r->touched, &r->capt, r->nt + 1, sizeof *r->touched);
        r->touched[r->nt++] = crd;
    }
    r->val[c] = sg_wrap((int64_t)((uint64_t)r->val[c] + (uint64_t)v), w);
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

void sg_spa_sort(spa_row *r)
{
    /* Rows usually arrive nearly sorted; check before sorting. */
    for (size_t i = 1; i < r->nt; i++)
        if (r->touched[i - 1] > r->touched[i]) {
            qsort(r->touched, r->nt, sizeof *r->touched, cmp_i64);
            return;
        }
}

void sg_spa_clear(spa_row *r)
{
    for (size_t i = 0; i < r->nt; i++)
        r->has[r->touched[i]] = 0;
    r->nt = 0;
}

void sg_spa_free(spa_row *r)
{
    free(r->val);
    free(r->has);
    free(r->touched);
    memset(r, 0, sizeof *r);
}

void sg_pend_push(pend_q *p, sg_tok t)
{
    if (p->n == p->cap)
        sg_grow((void **)&p->t, &p->cap, p->n + 1, sizeof *p->t);
    p->t[p->n++] = t;
}

void sg_pend_free(pend_q *p)
{
    free(p->t);
    memset(p, 0, sizeof *p);
}
