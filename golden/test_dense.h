/*
 * test_dense.h - the independent dense evaluation the whole-kernel tests
 * share: an einsum-like expression ("X(i,j)=B(i,k)*C(k,j)-D(i,j)"), dense
 * arrays of its tensors, their row-major addressing, the comparison of a
 * golden output with them and the three golden-model runs each gets.
 *
 * Header only (static inline), for unit tests, not the tool; needs
 * <cmocka.h> included first.
 */
#ifndef SG_TEST_DENSE_H
#define SG_TEST_DENSE_H

#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#include "core/tensor.h"
#include "golden/golden.h"
#include "graph/graph.h"

#define MAXT 8          /* terms of an expression, factors of a term */

typedef struct factor {
    char name[SG_NAME_MAX];
    char idx[SG_MAX_ORDER];
    int n;
} factor;

typedef struct term {
    int sign;
    factor f[MAXT];
    int nf;
} term;

typedef struct expr {
    factor out;
    term t[MAXT];
    int nt;
} expr;

typedef struct dense {
    char name[SG_NAME_MAX];
    int order;
    int64_t shape[SG_MAX_ORDER];
    int64_t *v;
    size_t n;
} dense;

static inline const char *sg_test_parse_factor(const char *s, factor *f)
{
    int k = 0;
    memset(f, 0, sizeof *f);
    while (*s && strchr("(*+-= ", *s) == NULL && k < SG_NAME_MAX - 1)
        f->name[k++] = *s++;
    if (*s == '(') {
        for (s++; *s && *s != ')'; s++)
            if (*s != ',' && f->n < SG_MAX_ORDER)
                f->idx[f->n++] = *s;
        assert_true(*s == ')');
        s++;
    }
    return s;
}

/* "x(i)=b(i)-C(i,j)*d(j)": products of tensors, terms joined by + or -;
 * the expression ends at the end of s or at a space. */
static inline void sg_test_parse_expr(const char *s, expr *x)
{
    memset(x, 0, sizeof *x);
    s = sg_test_parse_factor(s, &x->out);
    assert_true(*s == '=');
    s++;
    x->t[0].sign = 1;
    for (;;) {
        term *t = &x->t[x->nt];
        assert_true(t->nf < MAXT);
        s = sg_test_parse_factor(s, &t->f[t->nf++]);
        if (*s == '*') {
            s++;
            continue;
        }
        x->nt++;
        if (!*s || *s == ' ')
            break;
        assert_true(x->nt < MAXT);
        x->t[x->nt].sign = *s == '-' ? -1 : 1;
        s++;
    }
}

/* d named name, of the given order and shape, all zeros. */
static inline void sg_test_dense_alloc(dense *d, const char *name, int order,
                                       const int64_t *shape)
{
    memset(d, 0, sizeof *d);
    snprintf(d->name, sizeof d->name, "%s", name);
    d->order = order;
    d->n = 1;
    for (int m = 0; m < order; m++) {
        d->shape[m] = shape[m];
        d->n *= (size_t)shape[m];
    }
    d->v = calloc(d->n, sizeof *d->v);
}

/* Row-major position of coordinates c in d. */
static inline size_t sg_test_lin(const dense *d, const int64_t *c)
{
    size_t p = 0;
    for (int m = 0; m < d->order; m++)
        p = p * (size_t)d->shape[m] + (size_t)c[m];
    return p;
}

/* The array named name among ds[0..n), or NULL. */
static inline dense *sg_test_find(dense *ds, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (!strcmp(ds[i].name, name))
            return &ds[i];
    return NULL;
}

/* The value of term tm (its sign times its factors, modulo 2^64) when the ni
 * indices idx have the values val. */
static inline uint64_t sg_test_term_value(const term *tm, dense *ds, int nds,
                                          const char *idx, const int64_t *val,
                                          int ni)
{
    uint64_t p = (uint64_t)(int64_t)tm->sign;
    for (int f = 0; f < tm->nf; f++) {
        const factor *fa = &tm->f[f];
        const dense *d = sg_test_find(ds, nds, fa->name);
        int64_t c[SG_MAX_ORDER] = {0};
        for (int k = 0; k < fa->n; k++)
            c[k] = val[(const char *)memchr(idx, fa->idx[k], (size_t)ni) - idx];
        p *= (uint64_t)d->v[sg_test_lin(d, c)];
    }
    return p;
}

/* out at oc += p, wrapping to 32 bits. */
static inline void sg_test_dense_add(dense *out, const int64_t *oc, uint64_t p)
{
    size_t o = sg_test_lin(out, oc);
    out->v[o] = sg_wrap((int64_t)((uint64_t)out->v[o] + p), 32);
}

/* Step the n index values val (index k counting to ext[k], the first
 * fastest) to the next assignment; 0 when all have been visited. */
static inline int sg_test_next(int64_t *val, const int64_t *ext, int n)
{
    int k = 0;
    while (k < n && ++val[k] == ext[k])
        val[k++] = 0;
    return k < n;
}

/* Compare the output entries got (a duplicate counts only when it is not
 * 0) with want, printing each difference named by what; returns 1 when
 * they differ. */
static inline int sg_test_compare(const sg_coo *got_coo, const dense *want, const char *what)
{
    int64_t *got = calloc(want->n + 1, sizeof *got);
    unsigned char *seen = calloc(want->n + 1, 1);
    int bad = 0;
    for (size_t e = 0; e < got_coo->nnz; e++) {
        size_t p = want->order ? sg_test_lin(want, got_coo->crd + e * (size_t)want->order) : 0;
        if (p >= want->n && want->n != 0) {
            printf("%s: output entry %zu is outside the shape\n", what, e);
            bad = 1;
            continue;
        }
        if (seen[p] && got_coo->val[e] != 0) {
            printf("%s: duplicate output entry %zu\n", what, p);
            bad = 1;
        }
        seen[p] = 1;
        got[p] += got_coo->val[e];
    }
    for (size_t p = 0; p < want->n; p++)
        if (got[p] != want->v[p]) {
            printf("%s: entry %zu is %lld, expected %lld\n", what, p,
                   (long long)got[p], (long long)want->v[p]);
            bad = 1;
        }
    free(got);
    free(seen);
    return bad;
}

/* The golden model's options of run eng of the three each kernel gets:
 * 0 functional, 1 cycle engine, 2 cycle engine with FIFOs of depth 2 and
 * skipping intersections of CAM size 2. */
static inline void sg_test_engine_opts(golden_opts *o, int eng)
{
    sg_golden_opts_default(o);
    o->engine = eng ? GOLDEN_CYCLE : GOLDEN_FUNC;
    o->fifo_depth = eng == 2 ? 2 : 0;
    o->skip = eng == 2 ? 2 : 0;
}

#endif
