/*
 * cast.c - structured matrix formats as order-3 tensors (ELL and DIA; see
 * sg_cast_coo in core/tensor.h).
 *
 * The unified-formats work expresses ELL as (dense K, dense I, singleton
 * J) and DIA as (dense K, range I, offset J) over a tensor with one more
 * dimension than the matrix: the slot of an entry within its row (ELL) or
 * the diagonal it lies on (DIA).  Summing that dimension away gives the
 * matrix back, so a kernel over the cast tensor computes the matrix
 * kernel with the structured format's storage and traffic.
 */
#include "core/tensor.h"

#include <stdlib.h>
#include <string.h>

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return x < y ? -1 : x > y;
}

int sg_cast_coo(const sg_coo *a, const char *kind, sg_coo *out,
                const char **dflt, sg_err *e)
{
    memset(out, 0, sizeof *out);
    int ell = strcmp(kind, "ell") == 0, dia = strcmp(kind, "dia") == 0;
    if (!ell && !dia)
        return sg_errf(e, NULL, 0, "unknown cast '%.40s' (ell or dia)", kind);
    if (a->order != 2)
        return sg_errf(e, NULL, 0, "the %s cast takes a matrix, not a tensor of "
                       "order %d", kind, a->order);
    sg_coo t = *a;            /* sorted copy, row-major */
    t.crd = sg_malloc((a->nnz ? a->nnz : 1) * 2 * sizeof *t.crd);
    t.val = sg_malloc((a->nnz ? a->nnz : 1) * sizeof *t.val);
    t.line = NULL;
    if (a->nnz) {
        memcpy(t.crd, a->crd, a->nnz * 2 * sizeof *t.crd);
        memcpy(t.val, a->val, a->nnz * sizeof *t.val);
    }
    sg_coo_sort(&t, NULL);
    int64_t *k = sg_malloc((a->nnz ? a->nnz : 1) * sizeof *k);
    int64_t K = 0;
    if (ell) {
        for (size_t n = 0; n < t.nnz; n++) {
            k[n] = n > 0 && t.crd[2 * n] == t.crd[2 * n - 2] ? k[n - 1] + 1 : 0;
            if (k[n] + 1 > K)
                K = k[n] + 1;
        }
    } else {
        int64_t *d = sg_malloc((t.nnz ? t.nnz : 1) * sizeof *d);
        for (size_t n = 0; n < t.nnz; n++)
            d[n] = t.crd[2 * n + 1] - t.crd[2 * n];
        qsort(d, t.nnz, sizeof *d, cmp_i64);
        size_t nd = 0;
        for (size_t n = 0; n < t.nnz; n++)
            if (n == 0 || d[n] != d[n - 1])
                d[nd++] = d[n];
        for (size_t n = 0; n < t.nnz; n++) {
            int64_t x = t.crd[2 * n + 1] - t.crd[2 * n];
            size_t lo = 0, hi = nd;
            while (lo + 1 < hi) {
                size_t mid = (lo + hi) / 2;
                if (d[mid] <= x)
                    lo = mid;
                else
                    hi = mid;
            }
            k[n] = (int64_t)lo;
        }
        K = (int64_t)nd;
        free(d);
    }
    int64_t shape[3] = {K ? K : 1, a->shape[0], a->shape[1]};
    sg_coo_init(out, 3, shape);
    out->vt = a->vt;
    for (size_t n = 0; n < t.nnz; n++) {
        int64_t c[3] = {k[n], t.crd[2 * n], t.crd[2 * n + 1]};
        sg_coo_push(out, c, t.val[n]);
    }
    free(k);
    free(t.crd);
    free(t.val);
    if (dflt)
        *dflt = ell ? "ddq012" : "dro012";
    return 0;
}
