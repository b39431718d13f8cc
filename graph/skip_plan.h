/*
 * skip_plan.h - ExTensor skip planning: which intersectors skip, through
 * which scanners, with which CAM sizes.  One copy, used by the golden
 * model's cycle engine, the skip model and the generator, so the RTL and
 * the golden model always skip on the same operands.
 */
#ifndef SG_SKIP_PLAN_H
#define SG_SKIP_PLAN_H

#include "graph/graph.h"

/* Largest CAM size (the generator's --skip limit). */
#define SG_SKC_T_MAX 1024

/* A CAM size the RTL builds: 0 (no CAM) or a power of two up to
 * SG_SKC_T_MAX (the core samples with a shift by log2 T).  Checked by the
 * generator, the golden model and the skip model alike. */
static inline int sg_skc_size_ok(long T)
{
    return T >= 0 && T <= SG_SKC_T_MAX && (T & (T - 1)) == 0;
}

typedef struct sg_skip_plan {
    int *node_cam;          /* per node: CAM size T of a skipping scanner or
                             * intersector, 0 = plain primitive */
    int (*scan)[3];         /* per node: for a skipping intersector, the
                             * scanner of operand k, or -1 */
    char *edge_skip;        /* per edge: 1 when it runs from a skipping
                             * scanner to its intersector (no FIFO between
                             * them: the SkipTo contract) */
    size_t n_nodes, n_edges;
} sg_skip_plan;

/* Plan skipping for g.  An intersect with T = (its skip attribute, else
 * default_T) > 0 and two or three operands skips on every operand whose
 * crd (port 0) and ref (port 1) come straight, and only, from one
 * compressed scanner; that scanner's own skip attribute, when set,
 * overrides T (0 = plain scanner).  Fails (code SG_EXIT_USAGE, naming the
 * node) when a CAM size is not sg_skc_size_ok.  p is valid for
 * sg_skip_plan_free after the call. */
int sg_skip_plan_make(const sg_graph *g, int default_T, sg_skip_plan *p,
                      sg_err *e);
void sg_skip_plan_free(sg_skip_plan *p);

#endif
