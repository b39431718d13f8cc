/*
 * test_einsum_dense.h - two dense evaluations of an einsum expression for
 * the tests, independent of the compiler's lowering: dense_eval over the
 * parsed sum of products, tree_eval over the expression text read again
 * as a tree (so that multiplying out parentheses is checked too).
 */
#ifndef SG_TEST_EINSUM_DENSE_H
#define SG_TEST_EINSUM_DENSE_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/tensor.h"
#include "front/einsum.h"

/* ---- dense evaluation ------------------------------------------------------ */

/* Dense copy of a COO tensor (row-major, every mode of size dim). */
static int64_t *densify(const sg_coo *t, int64_t dim)
{
    int64_t size = 1;
    for (int m = 0; m < t->order; m++)
        size *= dim;
    int64_t *d = sg_calloc((size_t)size, sizeof *d);
    for (size_t k = 0; k < t->nnz; k++) {
        int64_t x = 0;
        for (int m = 0; m < t->order; m++)
            x = x * dim + t->crd[k * (size_t)t->order + (size_t)m];
        d[x] = sg_wrap(d[x] + t->val[k], 32);
    }
    return d;
}

/* The expression evaluated densely from its definition: for every output
 * coordinate, each term summed over its own indices that the output lacks.
 * in[k] is the dense array of input k (scalars: one element). */
static int64_t *dense_eval(const sg_einsum *es, int64_t **in, int64_t dim)
{
    int no = es->out.order;
    int64_t osize = 1;
    for (int m = 0; m < no; m++)
        osize *= dim;
    int64_t *out = sg_calloc((size_t)osize, sizeof *out);
    for (int t = 0; t < es->n_terms; t++) {
        const sg_einsum_term *tm = &es->term[t];
        char idx[SG_EINSUM_MAX_INDEX];
        int ni = 0;
        for (int m = 0; m < no; m++)
            idx[ni++] = es->out.idx[m];
        for (int f = 0; f < tm->n_factors; f++) {
            const sg_einsum_tensor *x = &es->in[tm->factor[f]];
            for (int m = 0; m < x->order; m++)
                if (!memchr(idx, x->idx[m], (size_t)ni))
                    idx[ni++] = x->idx[m];
        }
        int64_t val[128] = {0};
        int64_t total = 1;
        for (int a = 0; a < ni; a++)
            total *= dim;
        for (int64_t it = 0; it < total; it++) {
            int64_t r = it;
            for (int a = ni - 1; a >= 0; a--) {
                val[(unsigned char)idx[a]] = r % dim;
                r /= dim;
            }
            int64_t p = tm->sign * tm->cnst;
            for (int f = 0; f < tm->n_factors; f++) {
                const sg_einsum_tensor *x = &es->in[tm->factor[f]];
                int64_t o = 0;
                for (int m = 0; m < x->order; m++)
                    o = o * dim + val[(unsigned char)x->idx[m]];
                p = sg_wrap(p * in[tm->factor[f]][o], 32);
            }
            int64_t o = 0;
            for (int m = 0; m < no; m++)
                o = o * dim + val[(unsigned char)es->out.idx[m]];
            out[o] = sg_wrap(out[o] + p, 32);
        }
    }
    return out;
}

/* The expression evaluated from its text, as a tree, independently of the
 * parser's expansion into a sum of products: + - * unary minus, integer
 * constants, parentheses.  Each reduction index is summed at the smallest
 * subexpression holding all its uses, through sums: sum_j (a(j) + b) is
 * sum_j a(j) + b, as the lowering's per-term reductions compute it. */
typedef struct tnode {
    char op;          /* 'n' constant, 't' access, '+', '-', '*', 'u' minus */
    int a, b;                  /* operands */
    int64_t num;
    int k;                     /* input tensor of an access */
    char idx[SG_MAX_ORDER];
    int order;
    unsigned place;   /* reduction indices summed here (bit v - 'a') */
} tnode;

typedef struct tree {
    tnode n[128];
    int nn;
    const char *s;
    size_t p;
    const sg_einsum *es;
} tree;

static int tr_sum(tree *t);

static int tr_new(tree *t, char op, int a, int b)
{
    assert_true(t->nn < 128);
    tnode *n = &t->n[t->nn];
    memset(n, 0, sizeof *n);
    n->op = op;
    n->a = a;
    n->b = b;
    return t->nn++;
}

static int tr_factor(tree *t)
{
    char c = t->s[t->p];
    if (c == '-' || c == '+') {
        t->p++;
        int a = tr_factor(t);
        return c == '-' ? tr_new(t, 'u', a, -1) : a;
    }
    if (c == '(') {
        t->p++;
        int a = tr_sum(t);
        assert_int_equal(t->s[t->p], ')');
        t->p++;
        return a;
    }
    if (c >= '0' && c <= '9') {
        int x = tr_new(t, 'n', -1, -1);
        while (t->s[t->p] >= '0' && t->s[t->p] <= '9')
            t->n[x].num = t->n[x].num * 10 + (t->s[t->p++] - '0');
        return x;
    }
    int x = tr_new(t, 't', -1, -1);
    char name[SG_NAME_MAX];
    size_t l = 0;
    while (t->s[t->p] && !strchr("()*+-,", t->s[t->p]))
        name[l++] = t->s[t->p++];
    name[l] = '\0';
    t->n[x].k = -1;
    for (int k = 0; k < t->es->n_in && t->n[x].k < 0; k++)
        if (strcmp(t->es->in[k].name, name) == 0)
            t->n[x].k = k;
    assert_true(t->n[x].k >= 0);
    if (t->s[t->p] == '(') {
        t->p++;
        while (t->s[t->p] != ')') {
            t->n[x].idx[t->n[x].order++] = t->s[t->p++];
            if (t->s[t->p] == ',')
                t->p++;
        }
        t->p++;
    }
    return x;
}

static int tr_product(tree *t)
{
    int a = tr_factor(t);
    while (t->s[t->p] == '*') {
        t->p++;
        a = tr_new(t, '*', a, tr_factor(t));
    }
    return a;
}

static int tr_sum(tree *t)
{
    int a = tr_product(t);
    while (t->s[t->p] == '+' || t->s[t->p] == '-') {
        char op = t->s[t->p++];
        a = tr_new(t, op, a, tr_product(t));
    }
    return a;
}

/* Uses of reduction index v below node x. */
static int tr_uses(const tree *t, int x, char v)
{
    const tnode *n = &t->n[x];
    if (n->op == 't')
        return memchr(n->idx, v, (size_t)n->order) != NULL;
    return (n->a >= 0 ? tr_uses(t, n->a, v) : 0) +
           (n->b >= 0 ? tr_uses(t, n->b, v) : 0);
}

/* Place v at the deepest node holding all of its `all` uses; a sum over v
 * of a sum (or a negation) is the sum of its operands' sums, each over the
 * operands that use v (an operand without v is not summed over it). */
static void tr_place(tree *t, int x, char v, int all)
{
    tnode *n = &t->n[x];
    if (n->a >= 0 && tr_uses(t, n->a, v) == all) {
        tr_place(t, n->a, v, all);
    } else if (n->b >= 0 && tr_uses(t, n->b, v) == all) {
        tr_place(t, n->b, v, all);
    } else if (n->op == '+' || n->op == '-') {
        if (tr_uses(t, n->a, v))
            tr_place(t, n->a, v, tr_uses(t, n->a, v));
        if (tr_uses(t, n->b, v))
            tr_place(t, n->b, v, tr_uses(t, n->b, v));
    } else {
        n->place |= 1u << (v - 'a');
    }
}

static int64_t tr_eval(const tree *t, int x, int64_t *val, int64_t **in,
                       int64_t dim);

/* Node x without its own summation. */
static int64_t tr_raw(const tree *t, int x, int64_t *val, int64_t **in,
                      int64_t dim)
{
    const tnode *n = &t->n[x];
    switch (n->op) {
    case 'n':
        return n->num;
    case 't': {
        int64_t o = 0;
        for (int m = 0; m < n->order; m++)
            o = o * dim + val[(unsigned char)n->idx[m]];
        return in[n->k][o];
    }
    case 'u':
        return sg_wrap(-tr_eval(t, n->a, val, in, dim), 32);
    case '+':
        return sg_wrap(tr_eval(t, n->a, val, in, dim) +
                       tr_eval(t, n->b, val, in, dim), 32);
    case '-':
        return sg_wrap(tr_eval(t, n->a, val, in, dim) -
                       tr_eval(t, n->b, val, in, dim), 32);
    default:
        return sg_wrap(tr_eval(t, n->a, val, in, dim) *
                       tr_eval(t, n->b, val, in, dim), 32);
    }
}

static int64_t tr_eval(const tree *t, int x, int64_t *val, int64_t **in,
                       int64_t dim)
{
    char vs[26];
    int nv = 0;
    for (int b = 0; b < 26; b++)
        if ((t->n[x].place >> b) & 1u)
            vs[nv++] = (char)('a' + b);
    int64_t total = 1, sum = 0;
    for (int a = 0; a < nv; a++)
        total *= dim;
    for (int64_t it = 0; it < total; it++) {
        int64_t r = it;
        for (int a = nv - 1; a >= 0; a--) {
            val[(unsigned char)vs[a]] = r % dim;
            r /= dim;
        }
        sum = sg_wrap(sum + tr_raw(t, x, val, in, dim), 32);
    }
    return sum;
}

static int64_t *tree_eval(const sg_einsum *es, int64_t **in, int64_t dim)
{
    tree *t = sg_calloc(1, sizeof *t);
    t->es = es;
    t->s = strchr(es->text, '=') + 1;
    int root = tr_sum(t);
    assert_int_equal(t->s[t->p], '\0');
    for (const char *v = es->index; *v; v++)
        if (!memchr(es->out.idx, *v, (size_t)es->out.order))
            tr_place(t, root, *v, tr_uses(t, root, *v));
    int no = es->out.order;
    int64_t osize = 1;
    for (int m = 0; m < no; m++)
        osize *= dim;
    int64_t *out = sg_calloc((size_t)osize, sizeof *out);
    int64_t val[128] = {0};
    for (int64_t o = 0; o < osize; o++) {
        int64_t r = o;
        for (int m = no - 1; m >= 0; m--) {
            val[(unsigned char)es->out.idx[m]] = r % dim;
            r /= dim;
        }
        out[o] = tr_eval(t, root, val, in, dim);
    }
    free(t);
    return out;
}

#endif
