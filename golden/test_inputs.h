/*
 * test_inputs.h - seeded synthetic inputs for every input tensor of a graph,
 * for the engine tests that run many graphs on generated data.
 *
 * Header only (static inline): it is used by unit tests, not by the tool;
 * sg_test_bind_or_fail needs <cmocka.h> included first.
 * The parameters are the caller's, because each test's pinned figures
 * depend on the exact tensors it generated.
 */
#ifndef SG_TEST_INPUTS_H
#define SG_TEST_INPUTS_H

#include <string.h>

#include "golden/golden.h"

typedef struct sg_test_inputs {
    int64_t dim;            /* mode size of vectors and matrices */
    int64_t dim3;           /* mode size of tensors of order >= 3 */
    double density1;        /* density with seed 1 */
    double density;         /* density with any other seed */
    uint64_t seed_step;     /* generator seed = seed * seed_step + tensor */
    int64_t scalar;         /* an inline scalar is scalar + seed */
} sg_test_inputs;

/* Bind every input tensor of g (at most max) to a generated tensor in
 * coo[] (scalars inline).  Returns the number of bindings, or -1 with e
 * filled when generation fails. */
static inline int sg_test_bind(const sg_graph *g, int seed,
                               const sg_test_inputs *p, sg_coo *coo,
                               golden_binding *b, int max, sg_err *e)
{
    int nb = 0;
    for (int t = 0; t < g->n_tensors && nb < max; t++) {
        const sg_tensor_decl *d = &g->tensors[t];
        if (d->is_output)
            continue;
        memset(&b[nb], 0, sizeof b[nb]);
        b[nb].name = d->name;
        if (d->fmt.order == 0) {
            b[nb].is_scalar = 1;
            b[nb].scalar = p->scalar + seed;
            nb++;
            continue;
        }
        sg_gen_opts go;
        sg_gen_opts_default(&go);
        go.order = d->fmt.order;
        for (int m = 0; m < go.order; m++)
            go.shape[m] = go.order >= 3 ? p->dim3 : p->dim;
        go.density = seed == 1 ? p->density1 : p->density;
        go.seed = (uint64_t)seed * p->seed_step + (uint64_t)t;
        go.max_value = 9;
        if (sg_tensor_gen(&go, &coo[nb], e) < 0)
            return -1;
        /* The sizes are per order, not per index: an index shared by a
         * matrix and a tensor of order 3 gets two.  Taken as inferred, the
         * larger one is the index's extent (graph/bind.c), as for .tns
         * files without "# shape". */
        coo[nb].shape_inferred = 1;
        b[nb].coo = &coo[nb];
        nb++;
    }
    return nb;
}

#ifdef fail_msg
/* sg_test_bind with at most 16 bindings, failing the test (cmocka) when
 * generation fails. */
static inline int sg_test_bind_or_fail(const sg_graph *g, int seed,
                                       const sg_test_inputs *p, sg_coo *coo,
                                       golden_binding *b)
{
    sg_err e;
    sg_err_clear(&e);
    int nb = sg_test_bind(g, seed, p, coo, b, 16, &e);
    if (nb < 0)
        fail_msg("%s", e.msg);
    return nb;
}
#endif

#endif
