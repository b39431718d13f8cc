/*
 * bind.h - tensors bound to a graph's inputs (golden model internal).
 *
 * Every non-output tensor of the graph comment gets a binding (a file, an
 * in-memory COO or an inline scalar), converted to the fibertree format the
 * graph declares, with the shape rules of graph/bind.h applied over all of
 * them (run.c, bind_inputs).  net.c reads the scanners' levels and the
 * value arrays from them, collect.c the dimensions of the output's indices.
 */
#ifndef SG_GOLDEN_BIND_H
#define SG_GOLDEN_BIND_H

#include "golden/golden.h"

/* A bound input (graph/bind.h) without its COO entries, which the golden
 * model does not keep once the fibertree is built. */
typedef sg_bound_tensor bound;

/* The bound tensor named `name` among bt[0..nb), or NULL. */
bound *sg_find_bound(bound *bt, int nb, const char *name);

#endif
