/*
 * skip_model.c - cycle-level model of the ExTensor skip scanner and
 * intersector pair (see skip_model.h).
 *
 * The registers and their per-cycle rules are those of golden/skip_core.c
 * (shared with the golden cycle engine); this file only feeds the scanners
 * their in_ref token arrays (always offered), takes every intersector
 * output at once, and counts the cycles up to the D handshake.
 *
 * Sections: driver.
 */
#include "golden/skip_model.h"

#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include "golden/skip_core.h"

/* ---- driver ------------------------------------------------------------------- */

void sg_skip_result_free(sg_skip_result *res)
{
    sg_toks_free(&res->crd);
    for (int k = 0; k < SG_SKIP_MAX_INPUTS; k++)
        sg_toks_free(&res->ref[k]);
}

static int64_t *widen(const uint32_t *a, size_t n)
{
    int64_t *w = sg_malloc((n ? n : 1) * sizeof *w);
    for (size_t i = 0; i < n; i++)
        w[i] = a[i];
    return w;
}

int sg_skip_model_run(const sg_skip_level *lvl, const sg_toks *in_ref,
                      int n_inputs, int T, long max_cycles,
                      sg_skip_result *res, sg_err *e)
{
    sg_skc_scan sc[SG_SKIP_MAX_INPUTS];
    int64_t *seg[SG_SKIP_MAX_INPUTS] = {0}, *crd[SG_SKIP_MAX_INPUTS] = {0};
    size_t ip[SG_SKIP_MAX_INPUTS] = {0};
    int rc = -1;
    memset(res, 0, sizeof *res);
    if (n_inputs < 2 || n_inputs > SG_SKIP_MAX_INPUTS)
        return sg_errf(e, NULL, 0, "skip model: %d inputs (2 or 3 supported)",
                       n_inputs);
    if (!sg_skc_size_ok(T))
        return sg_errf(e, NULL, 0, "skip model: CAM size %d is not 0 or a "
                       "power of two up to %d", T, SG_SKC_T_MAX);
    for (int k = 0; k < n_inputs; k++) {
        seg[k] = widen(lvl[k].seg, lvl[k].nseg);
        crd[k] = widen(lvl[k].crd, lvl[k].ncrd);
        sg_skc_init(&sc[k], seg[k], lvl[k].nseg, crd[k], lvl[k].ncrd,
                    (uint64_t)T);
    }
    for (long c = 0; c < max_cycles; c++) {
        sg_tok h[SG_SKIP_MAX_INPUTS];
        int all_v = 1;
        for (int k = 0; k < n_inputs; k++) {
            all_v &= sc[k].head_v;
            h[k] = sg_skc_head(&sc[k]);
        }
        sg_skc_dec d;
        memset(&d, 0, sizeof d);
        if (all_v)
            d = sg_skc_decide(h, n_inputs);
        if (d.emit) {
            sg_toks_push(&res->crd, d.crd);
            for (int k = 0; k < n_inputs; k++) {
                sg_tok r = sg_skc_head_ref(&sc[k]);
                if (d.crd.kind == SG_TK_DONE || d.crd.kind == SG_TK_EMPTY)
                    r = d.crd;
                sg_toks_push(&res->ref[k], r);
            }
        }
        for (int k = 0; k < n_inputs; k++) {
            int took;
            sg_err se;
            const sg_tok *t = ip[k] < in_ref[k].n ? &in_ref[k].t[ip[k]] : NULL;
            if (sg_skc_step(&sc[k], d.cons[k], d.skip_v[k], d.skip_tok[k], t,
                            &took, &se) != 0) {
                sg_errf(e, NULL, 0, "input %d: %s", k, se.msg);
                goto out;
            }
            ip[k] += (size_t)took;
        }
        if (d.emit && d.crd.kind == SG_TK_DONE) {
            res->cycles = c + 2;   /* the D handshake is the next cycle */
            rc = 0;
            goto out;
        }
    }
    sg_errf(e, NULL, 0, "skip model: no D after %ld cycles", max_cycles);
out:
    for (int k = 0; k < n_inputs; k++) {
        res->scan_coords[k] = (long)sc[k].coords;
        res->skips[k] = (long)sc[k].skips;
        free(seg[k]);
        free(crd[k]);
    }
    return rc;
}
