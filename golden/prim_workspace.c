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

/* ---- the hash workspace's table ----------------------------------------- */

static size_t wsh_home(const ws_hash *h, uint64_t key)
{
    uint64_t x = key * UINT64_C(0x9e3779b97f4a7c15);
    return (size_t)((x >> 32) % h->slots);
}

/* The slot of key, or of the empty slot where it goes, or h->slots when
 * the table is full without it; counts probes. */
static size_t wsh_find(ws_hash *h, uint64_t key, int count)
{
    size_t i = wsh_home(h, key);
    for (size_t seen = 1; h->gen[i] == h->g && h->key[i] != key; seen++) {
        if (seen == h->slots)
            return h->slots;
        i = i + 1 == h->slots ? 0 : i + 1;
        if (count)
            h->st->probes++;
    }
    return i;
}

static void wsh_resize(ws_hash *h, size_t slots)
{
    uint64_t *ok = h->key;
    uint32_t *og = h->gen;
    size_t os = h->slots;
    h->key = sg_calloc(slots, sizeof *h->key);
    h->gen = sg_calloc(slots, sizeof *h->gen);
    h->slots = slots;
    uint32_t g = h->g;
    h->g = 1;
    for (size_t k = 0; k < os; k++)
        if (og[k] == g) {
            size_t i = wsh_find(h, ok[k], 0);
            h->key[i] = ok[k];
            h->gen[i] = 1;
            h->st->moved++;
        }
    free(ok);
    free(og);
    if (slots > h->st->slots)
        h->st->slots = slots;
}

void sg_wsh_insert(ws_hash *h, uint64_t key)
{
    if (!h->slots)
        wsh_resize(h, h->st->cap > 0 ? (size_t)h->st->cap : 16);
    size_t i = wsh_find(h, key, 1);
    if (i == h->slots) {
        h->full = 1;            /* a new key, and nowhere to put it */
        return;
    }
    if (h->gen[i] == h->g)
        return;
    if (h->st->cap <= 0 && (h->n + 1) * 2 > h->slots) {
        wsh_resize(h, h->slots * 2);
        i = wsh_find(h, key, 0);
    }
    h->key[i] = key;
    h->gen[i] = h->g;
    h->n++;
    h->st->inserts++;
}

void sg_wsh_row_end(ws_hash *h)
{
    uint64_t k = h->n, lg = 0;
    while (lg < 64 && (UINT64_C(1) << lg) < k)
        lg++;
    h->st->sort_steps += k * lg;
    h->n = 0;
    if (++h->g == 0) {
        memset(h->gen, 0, h->slots * sizeof *h->gen);
        h->g = 1;
    }
}

void sg_wsh_free(ws_hash *h)
{
    if (!h)
        return;
    free(h->key);
    free(h->gen);
    free(h);
}

/* ---- accounting ------------------------------------------------------------ */

int sg_ws_note_row(golden_ws_stat *w, size_t k, size_t held, int64_t imax, int64_t o)
{
    if (!w)
        return 0;
    w->rows++;
    w->entries += k;
    if (held > w->peak)
        w->peak = held;
    if (k && imax >= 0 && (uint64_t)imax + 1 > w->extent[0])
        w->extent[0] = (uint64_t)imax + 1;
    if (k && o >= 0 && (uint64_t)o + 1 > w->extent[1])
        w->extent[1] = (uint64_t)o + 1;
    return w->kind != SG_WS_DENSE && w->cap > 0 && held > (uint64_t)w->cap ? -1 : 0;
}

long sg_ws_fail(sg_pnode *n, const golden_ws_stat *w, size_t need)
{
    if (w->kind == SG_WS_HASH)
        return sg_prim_fail(n, "its hash workspace of %ld slots is full (a new "
                            "coordinate found no free slot): raise its capacity= (compile: "
                            "-s 'workspace(X,hash,N)')",
                            w->cap);
    return sg_prim_fail(n, "its sorted workspace holds %ld entries, and %zu are needed "
                        "at once: raise its capacity= (compile: -s 'workspace(X,sorted,N)')",
                        w->cap, need);
}

uint64_t sg_golden_ws_bits(const golden_ws_stat *w, sg_ws_kind k, int width)
{
    int key = 0;
    for (int p = 0; p < (w->order == 2 ? 2 : 1); p++) {
        int b = 1;
        while (b < 63 && (UINT64_C(1) << b) < w->extent[p])
            b++;
        key += b;
    }
    uint64_t W = (uint64_t)width, n;
    switch (k) {
    case SG_WS_DENSE:
        return w->dense_entries * (W + 1);
    case SG_WS_SORTED:
        n = w->cap > 0 && k == w->kind ? (uint64_t)w->cap : w->peak;
        return n * ((uint64_t)key + W);
    case SG_WS_HASH:
        if (w->cap > 0 && k == w->kind)
            n = (uint64_t)w->cap;
        else
            for (n = 16; n < 2 * w->peak; n *= 2)
                ;
        return n * ((uint64_t)key + W + 1);
    default:
        return 0;
    }
}

/* ---- the row ----------------------------------------------------------------- */

void sg_spa_setup(spa_row *r, golden_ws_stat *w)
{
    if (!w || w->kind == SG_WS_DENSE)
        return;
    r->sparse = 1;
    if (w->kind == SG_WS_HASH) {
        r->hm = sg_calloc(1, sizeof *r->hm);
        r->hm->st = w;
    }
}

void sg_spa_add(spa_row *r, int64_t crd, int64_t v, int vt)
{
    size_t c = (size_t)crd;
    int64_t *val;
    int fresh;
    if (r->hm)
        sg_wsh_insert(r->hm, (uint64_t)crd);
    if (c < SG_SPA_DENSE_MAX && !r->sparse) {
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
    if (c < SG_SPA_DENSE_MAX && !r->sparse)
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
    for (size_t i = 0; i < r->nt && !r->sparse; i++)
        if ((size_t)r->touched[i] < SG_SPA_DENSE_MAX)
            r->has[r->touched[i]] = 0;
    r->nt = 0;
    if (r->hm)
        sg_wsh_row_end(r->hm);
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
    sg_wsh_free(r->hm);
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
