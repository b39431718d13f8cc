/*
 * prim_workspace.c - sparse accumulator row buffer and pending-output lists (see
 * prim_workspace.h).  Values add with W-bit wrap.
 */
#include <stdlib.h>

#include "core/value.h"
#include "golden/prim_workspace.h"
#include "core/tensor.h"

static size_t slot_of(const spa_row *r, int64_t crd)
{
    uint64_t h = (uint64_t)crd * UINT64_C(0x9e3779b97f4a7c15);
    size_t mask = r->hcap - 1, i = (size_t)(h >> 32) & mask;
    while (r->map[i].gen == r->gen && r->map[i].crd != crd)
        i = (i + 1) & mask;
    return i;
}

/* The map slot of crd, inserted (value 0) when absent; *fresh says so. */
static spa_slot *map_get(spa_row *r, int64_t crd, int *fresh)
{
    if ((r->hn + 1) * 2 > r->hcap) {
        spa_slot *old = r->map;
        size_t ocap = r->hcap;
        r->hcap = ocap ? ocap * 2 : 64;
        r->map = sg_calloc(r->hcap, sizeof *r->map);
        for (size_t k = 0; k < ocap; k++)
            if (old[k].gen == r->gen)
                r->map[slot_of(r, old[k].crd)] = old[k];
        free(old);
    }
    size_t i = slot_of(r, crd);
    *fresh = r->map[i].gen != r->gen;
    if (*fresh) {
        r->map[i] = (spa_slot){crd, 0, r->gen};
        r->hn++;
    }
    return &r->map[i];
}

void sg_spa_add(spa_row *r, int64_t crd, int64_t v, int vt)
{
    size_t c = (size_t)crd;
    int64_t *val;
    int fresh;
    if (c < SG_SPA_DENSE_MAX) {
        if (c >= r->cap) {
            size_t ncap = r->cap ? r->cap : 64;
            while (ncap <= c)
                ncap *= 2;
            r->val = sg_realloc(r->val, ncap * sizeof *r->val);
            r->has = sg_realloc(r->has, ncap);
            memset(r->has + r->cap, 0, ncap - r->cap);
            r->cap = ncap;
        }
        fresh = !r->has[c];
        if (fresh) {
            r->has[c] = 1;
            r->val[c] = 0;
        }
        val = &r->val[c];
    } else {
        if (r->gen == 0)
            r->gen = 1;
        val = &map_get(r, crd, &fresh)->val;
    }
    if (fresh) {
        if (r->nt == r->capt)
            sg_grow((void **)&r->touched, &r->capt, r->nt + 1, sizeof *r->touched);
        r->touched[r->nt++] = crd;
    }
    *val = sg_val_add(vt, *val, v);
}

int64_t sg_spa_val(const spa_row *r, int64_t crd)
{
    size_t c = (size_t)crd;
    if (c < SG_SPA_DENSE_MAX)
        return c < r->cap && r->has[c] ? r->val[c] : 0;
    if (!r->hcap)
        return 0;
    size_t i = slot_of(r, crd);
    return r->map[i].gen == r->gen ? r->map[i].val : 0;
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
        if ((size_t)r->touched[i] < SG_SPA_DENSE_MAX)
            r->has[r->touched[i]] = 0;
    r->nt = 0;
    if (r->hn) {                 /* every map slot goes at once */
        r->hn = 0;
        if (++r->gen == 0) {
            memset(r->map, 0, r->hcap * sizeof *r->map);
            r->gen = 1;
        }
    }
}

void sg_spa_free(spa_row *r)
{
    free(r->val);
    free(r->has);
    free(r->map);
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
