/*
 * skip_plan.h - ExTensor skip planning: which intersectors skip, and the
 * CAM sizes the RTL can build.  One copy, used by the golden model, the
 * skip model and the generator.
 */
#ifndef SG_SKIP_PLAN_H
#define SG_SKIP_PLAN_H

/* Largest CAM size (the generator's --skip limit). */
#define SG_SKC_T_MAX 1024

/* A CAM size the RTL builds: 0 (no CAM) or a power of two up to
 * SG_SKC_T_MAX (the core samples with a shift by log2 T).  Checked by the
 * generator, the golden model and the skip model alike. */
static inline int sg_skc_size_ok(long T)
{
    return T >= 0 && T <= SG_SKC_T_MAX && (T & (T - 1)) == 0;
}

#endif
