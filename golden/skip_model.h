/*
 * skip_model.h - cycle-level model of ExTensor skip intersection: two or
 * three compressed level scanners with SkipTo and a coarse-grain CAM of T
 * entries (rtl/sam_scan_skip_core.v) feeding one intersector
 * (rtl/sam_intersect_skip.v).
 *
 * The model steps the same registers as the RTL, cycle by cycle (the
 * rules are golden/skip_core.h's, which the golden cycle engine steps
 * too), with the scanners' in_ref streams always offered and the intersector outputs
 * always taken, so it predicts the RTL's cycle count for that setting and
 * produces the intersector's output streams (which do not depend on T).
 * T = 0 models the plain two-finger merge (skips ignored).
 *
 * Sections: types; API.
 */
#ifndef SG_SKIP_MODEL_H
#define SG_SKIP_MODEL_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/token.h"

#define SG_SKIP_MAX_INPUTS 3

/* ---- types ------------------------------------------------------------- */

/* One compressed level: seg[0..nseg-1] (fiber bounds), crd[0..ncrd-1]. */
typedef struct sg_skip_level {
    const uint32_t *seg;
    size_t nseg;
    const uint32_t *crd;
    size_t ncrd;
} sg_skip_level;

typedef struct sg_skip_result {
    sg_toks crd;                          /* intersector out_crd */
    sg_toks ref[SG_SKIP_MAX_INPUTS];      /* out_ref0 .. out_ref<n-1> */
    long cycles;        /* cycles up to and including the D handshake */
    long scan_coords[SG_SKIP_MAX_INPUTS]; /* coordinates each scanner emitted */
    long skips[SG_SKIP_MAX_INPUTS];       /* jumps that moved the scanner */
} sg_skip_result;

/* ---- API --------------------------------------------------------------- */

/* Run n_inputs (2 or 3) scanners on levels lvl[k] driven by in_ref[k]
 * (reference streams ending in D) into one intersector, with CAM size T
 * (0 or a power of two, at most SG_SKC_T_MAX = 1024).  Fills *res (free with
 * sg_skip_result_free, also after an error).  Returns 0, or -1 with a
 * message in e when an input is malformed (a reference outside seg, a
 * fiber outside crd) or nothing finished within max_cycles. */
int sg_skip_model_run(const sg_skip_level *lvl, const sg_toks *in_ref,
                      int n_inputs, int T, long max_cycles,
                      sg_skip_result *res, sg_err *e);

/* Release the token arrays of a result; safe on a zeroed result. */
void sg_skip_result_free(sg_skip_result *res);

#endif
