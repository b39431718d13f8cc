/*
 * coo.c - coordinate lists: push, sort in any mode order, deduplicate.
 *
 * Sorting is a stable LSD radix sort (11-bit digits, only as many digits as
 * the largest coordinates need, nothing at all when the list is already in
 * order) on (key, index) pairs, where the key packs every coordinate when
 * they fit in 64 bits; then one gather.  The golden model loads matrices
 * with millions of entries, and both a comparison sort and a radix sort
 * chasing indices into the coordinate array were the bottleneck.
 * Stability matters: duplicates stay in file order, so the error names the
 * later line.
 */
#include "core/tensor.h"
#include "core/value.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sg_coo_init(sg_coo *t, int order, const int64_t *shape)
{
    memset(t, 0, sizeof *t);
    t->order = order;
    for (int i = 0; i < order && i < SG_MAX_ORDER; i++)
        t->shape[i] = shape ? shape[i] : 0;
}

static void coo_reserve(sg_coo *t, size_t need)
{
    if (need <= t->cap)
        return;
    size_t c = t->cap ? t->cap : 16;
    while (c < need)
        c *= 2;
    size_t ord = t->order > 0 ? (size_t)t->order : 1;
    t->crd = sg_realloc(t->crd, c * ord * sizeof *t->crd);
    t->val = sg_realloc(t->val, c * sizeof *t->val);
    if (t->line)
        t->line = sg_realloc(t->line, c * sizeof *t->line);
    t->cap = c;
}

void sg_coo_push(sg_coo *t, const int64_t *crd, int64_t val)
{
    coo_reserve(t, t->nnz + 1);
    if (t->order > 0)
        memcpy(t->crd + t->nnz * (size_t)t->order, crd,
               (size_t)t->order * sizeof *crd);
    t->val[t->nnz] = val;
    if (t->line)
        t->line[t->nnz] = 0;
    t->nnz++;
}

void sg_coo_push_line(sg_coo *t, const int64_t *crd, int64_t val, long line)
{
    if (!t->line) {
        t->line = sg_calloc(t->cap ? t->cap : 1, sizeof *t->line);
    }
    sg_coo_push(t, crd, val);
    t->line[t->nnz - 1] = line;
}

void sg_coo_free(sg_coo *t)
{
    free(t->crd);
    free(t->val);
    free(t->line);
    t->crd = NULL;
    t->val = NULL;
    t->line = NULL;
    t->nnz = t->cap = 0;
}

static int cmp_entries(const sg_coo *t, const int *mo, size_t a, size_t b)
{
    const int64_t *ca = t->crd + a * (size_t)t->order;
    const int64_t *cb = t->crd + b * (size_t)t->order;
    for (int k = 0; k < t->order; k++) {
        int m = mo[k];
        if (ca[m] != cb[m])
            return (uint64_t)ca[m] < (uint64_t)cb[m] ? -1 : 1;
    }
    return 0;
}

static int is_sorted(const sg_coo *t, const int *mo)
{
    for (size_t i = 1; i < t->nnz; i++)
        if (cmp_entries(t, mo, i - 1, i) > 0)
            return 0;
    return 1;
}

#define RADIX_BITS 11
#define RADIX (1u << RADIX_BITS)

typedef struct kv {
    uint64_t key;
    size_t idx;
} kv;

static int bits_for(uint64_t v)
{
    int b = 0;
    while (v) {
        b++;
        v >>= 1;
    }
    return b;
}

/* LSD radix sort of (key, index) pairs on the low `bits` bits of key. */
static void radix_kv(kv *a, kv *tmp, size_t n, int bits, size_t *cnt)
{
    for (int shift = 0; shift < bits; shift += RADIX_BITS) {
        memset(cnt, 0, RADIX * sizeof *cnt);
        for (size_t i = 0; i < n; i++)
            cnt[(a[i].key >> shift) & (RADIX - 1)]++;
        size_t sum = 0;
        for (unsigned d = 0; d < RADIX; d++) {
            size_t c = cnt[d];
            cnt[d] = sum;
            sum += c;
        }
        for (size_t i = 0; i < n; i++)
            tmp[cnt[(a[i].key >> shift) & (RADIX - 1)]++] = a[i];
        memcpy(a, tmp, n * sizeof *a);
    }
}

void sg_coo_sort(sg_coo *t, const int *mode_order)
{
    int ident[SG_MAX_ORDER];
    for (int i = 0; i < SG_MAX_ORDER; i++)
        ident[i] = i;
    const int *mo = mode_order ? mode_order : ident;
    size_t n = t->nnz;
    if (t->order <= 0 || n < 2 || is_sorted(t, mo))
        return;
    size_t ord = (size_t)t->order;
    /* Bits each mode needs, from the coordinates actually present. */
    int bits[SG_MAX_ORDER], total = 0;
    for (int k = 0; k < t->order; k++) {
        uint64_t maxc = 0;
        for (size_t i = 0; i < n; i++) {
            uint64_t c = (uint64_t)t->crd[i * ord + (size_t)mo[k]];
            if (c > maxc)
                maxc = c;
        }
        bits[k] = bits_for(maxc);
        total += bits[k];
    }
    kv *a = sg_malloc(n * sizeof *a);
    kv *tmp = sg_malloc(n * sizeof *tmp);
    size_t *cnt = sg_malloc(RADIX * sizeof *cnt);
    for (size_t i = 0; i < n; i++)
        a[i].idx = i;
    if (total <= 64) {
        /* Common case: all coordinates packed into one 64-bit key, so every
         * pass reads the pairs sequentially. */
        for (size_t i = 0; i < n; i++) {
            uint64_t key = 0;
            for (int k = 0; k < t->order; k++) {
                key = bits[k] ? (key << bits[k]) : key;
                key |= (uint64_t)t->crd[i * ord + (size_t)mo[k]];
            }
            a[i].key = key;
        }
        radix_kv(a, tmp, n, total, cnt);
    } else {
        /* One mode at a time, least significant first (stable). */
        for (int k = t->order - 1; k >= 0; k--) {
            for (size_t i = 0; i < n; i++)
                a[i].key = (uint64_t)t->crd[a[i].idx * ord + (size_t)mo[k]];
            radix_kv(a, tmp, n, bits[k], cnt);
        }
    }
    /* Gather the entries in the new order. */
    size_t cap = t->cap ? t->cap : n;
    int64_t *crd = sg_malloc(cap * ord * sizeof *crd);
    int64_t *val = sg_malloc(cap * sizeof *val);
    for (size_t i = 0; i < n; i++) {
        size_t p = a[i].idx;
        for (size_t k = 0; k < ord; k++)
            crd[i * ord + k] = t->crd[p * ord + k];
        val[i] = t->val[p];
    }
    if (t->line) {
        long *line = sg_malloc(cap * sizeof *line);
        for (size_t i = 0; i < n; i++)
            line[i] = t->line[a[i].idx];
        free(t->line);
        t->line = line;
    }
    free(t->crd);
    free(t->val);
    t->crd = crd;
    t->val = val;
    free(a);
    free(tmp);
    free(cnt);
}

/* Format coordinates 1-based as "(i, j, k)" into buf. */
static void crd_str(const sg_coo *t, size_t i, char *buf, size_t cap)
{
    size_t n = (size_t)snprintf(buf, cap, "(");
    for (int k = 0; k < t->order && n < cap; k++)
        n += (size_t)snprintf(buf + n, cap - n, "%s%lld", k ? ", " : "",
                              (long long)t->crd[i * (size_t)t->order + (size_t)k] + 1);
    if (n < cap)
        snprintf(buf + n, cap - n, ")");
}

int sg_coo_dedup(sg_coo *t, int sum, int vt, const char *path, sg_err *e)
{
    size_t n = t->nnz;
    if (n < 2)
        return 0;
    size_t ord = t->order > 0 ? (size_t)t->order : 0;
    size_t out = 0;
    for (size_t i = 1; i < n; i++) {
        int same = ord == 0 ||
                   memcmp(t->crd + out * ord, t->crd + i * ord,
                          ord * sizeof *t->crd) == 0;
        if (same) {
            if (!sum) {
                char buf[256];
                crd_str(t, i, buf, sizeof buf);
                long line = t->line ? t->line[i] : 0;
                long first = t->line ? t->line[out] : 0;
                if (first > 0)
                    return sg_errf(e, path, line,
                                   "duplicate entry %s (first at line %ld); "
                                   "use --sum-duplicates to add them",
                                   buf, first);
                return sg_errf(e, path, line,
                               "duplicate entry %s; use --sum-duplicates to "
                               "add them", buf);
            }
            t->val[out] = sg_val_add(vt, t->val[out], t->val[i]);
            continue;
        }
        out++;
        if (out != i) {
            if (ord)
                memcpy(t->crd + out * ord, t->crd + i * ord,
                       ord * sizeof *t->crd);
            t->val[out] = t->val[i];
            if (t->line)
                t->line[out] = t->line[i];
        }
    }
    t->nnz = out + 1;
    return 0;
}
