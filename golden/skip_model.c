/*
 * skip_model.c - cycle-level model of the ExTensor skip scanner and
 * intersector pair (see skip_model.h).
 *
 * Each scanner is the register set of rtl/sam_scan_skip_core.v: the intake
 * (pending reference, one descriptor slot), the output stage (active item,
 * head register fed by the crd RAM), and the two CAM banks with their fill
 * engine on the second read port.  One call of scan_step() computes what
 * the RTL's combinational logic computes in a cycle and returns the next
 * register values; the intersector decides first, from the heads, exactly
 * as rtl/sam_intersect_skip.v does.  RAMs are synchronous: a read enabled
 * in cycle c shows its data in cycle c+1 and holds it.
 *
 * Sections: scanner state; CAM lookup; scanner step; intersector; driver.
 */
#include "skip_model.h"

#include <stdlib.h>
#include <string.h>

enum { K_FIBER = 0, K_NFIB = 1, K_STOP = 2, K_DONE = 3 };

#define SKIP_T_MAX 4096

/* ---- scanner state ------------------------------------------------------ */

typedef struct scan {
    const sg_skip_level *lvl;
    const sg_toks *in;
    size_t ip;                 /* next in_ref token */
    int T;
    /* RAM output registers */
    uint32_t seg_lo, seg_hi, crd_q, cam_q;
    /* intake */
    int pend_v, pend_n, done_in;
    int nxt_v, nxt_kind, nxt_bank, fib_par;
    uint32_t nxt_lo, nxt_hi, nxt_stop;
    /* output stage */
    int act_v, act_kind, act_bank;
    uint32_t act_hi, act_stop, ptr;
    int head_v, head_mem, head_tag;
    uint32_t head_pay;
    /* CAM: bank b entry k at [b * T + k] */
    uint32_t *cam_crd, *cam_adr;
    unsigned char *cam_vld;
    uint32_t fb_hi[2], fb_k[2], fb_addr[2], fb_stride[2];
    int fb_gen[2];
    int fl_v, fl_bank, fl_gen;
    uint32_t fl_k, fl_adr;
    /* SkipTo pipeline: registered SkipTo, registered jump address */
    int sk_v, sk_stop, jmp_v;
    uint32_t sk_tgt, jmp_adr;
} scan;

static sg_tok scan_head(const scan *s)
{
    if (s->head_mem)
        return sg_data(s->crd_q);
    sg_tok t = {s->head_tag == SG_TK_STOP ? (int64_t)s->head_pay : 0, s->head_tag};
    return t;
}

static sg_tok scan_head_ref(const scan *s)
{
    sg_tok t = {s->head_tag == SG_TK_DATA || s->head_tag == SG_TK_STOP
                    ? (int64_t)s->head_pay : 0, s->head_tag};
    return t;
}

/* ---- CAM lookup ------------------------------------------------------------- */

/* Stage 1 of the SkipTo pipeline: look the registered SkipTo up in the
 * active bank.  Returns 1 with the jump address in *adr (the address after
 * the last sample below the target, or the fiber's end for a STOP), or 0
 * when no sample lies below the target. */
static int cam_lookup(const scan *s, uint32_t *adr)
{
    if (s->T == 0 || !s->sk_v)
        return 0;
    if (s->sk_stop) {
        *adr = s->act_hi;
        return 1;
    }
    size_t base = (size_t)s->act_bank * (size_t)s->T;
    int any = 0;
    uint32_t jaddr = 0;
    for (int k = 0; k < s->T; k++) {
        if (!(s->cam_vld[base + k] && s->cam_crd[base + k] < s->sk_tgt))
            break;             /* entries are sorted: a run of "less" */
        any = 1;
        jaddr = s->cam_adr[base + k];
    }
    if (any)
        *adr = jaddr + 1;
    return any;
}

static int log2_ceil(int t)
{
    int l = 0;
    while ((1 << l) < t)
        l++;
    return l < 1 ? 1 : l;
}

/* ---- scanner step ------------------------------------------------------------ */

/* Advance scanner s by one cycle: pop says the intersector consumes the
 * head this cycle, skip_v/skip_tok is its SkipTo.  n receives the next
 * state (n's CAM arrays alias s's; writes go there after the reads). */
static int scan_step(scan *s, int pop, int skip_v, sg_tok skip_tok,
                     sg_skip_result *res, int idx, sg_err *e)
{
    scan n = *s;
    int load = !s->head_v || pop;
    int skip_take = s->T > 0 && skip_v && pop && s->head_mem;
    uint32_t eff = s->T > 0 && s->jmp_v && s->jmp_adr > s->ptr ? s->jmp_adr
                                                              : s->ptr;
    uint32_t lk_adr = 0;
    int lk_v = cam_lookup(s, &lk_adr);
    /* the fiber being scanned ends this cycle: cancels the skip pipeline */
    int fend = load && s->act_v && s->act_kind == K_FIBER && !(eff < s->act_hi);
    if (load && s->act_v && s->act_kind == K_FIBER && eff != s->ptr)
        res->skips[idx]++;
    n.sk_v = skip_take && !fend;
    if (skip_take) {
        n.sk_stop = skip_tok.kind != SG_TK_DATA;
        n.sk_tgt = (uint32_t)skip_tok.v;
    }
    n.jmp_v = !fend && (lk_v || s->jmp_v);
    if (lk_v)
        n.jmp_adr = lk_adr;

    /* output stage */
    int crd_rd_en = 0, nxt_take = 0;
    uint32_t crd_rd_addr = eff;
    if (load) {
        n.head_v = 0;
        n.head_mem = 0;
        if (s->act_v) {
            n.head_v = 1;
            switch (s->act_kind) {
            case K_FIBER:
                if (eff < s->act_hi) {
                    crd_rd_en = 1;
                    n.head_mem = 1;
                    n.head_tag = SG_TK_DATA;
                    n.head_pay = eff;
                    n.ptr = eff + 1;
                    res->scan_coords[idx]++;
                } else {
                    n.head_tag = SG_TK_STOP;
                    n.head_pay = s->act_stop;
                    n.act_v = 0;
                }
                break;
            case K_NFIB:
                n.head_tag = SG_TK_EMPTY;
                n.head_pay = 0;
                n.act_kind = K_STOP;
                break;
            case K_STOP:
                n.head_tag = SG_TK_STOP;
                n.head_pay = s->act_stop;
                n.act_v = 0;
                break;
            default:
                n.head_tag = SG_TK_DONE;
                n.head_pay = 0;
                n.act_v = 0;
                break;
            }
        }
    }
    if (!n.act_v && s->nxt_v) {
        nxt_take = 1;
        n.act_v = 1;
        n.act_kind = s->nxt_kind;
        n.act_hi = s->nxt_hi;
        n.act_stop = s->nxt_stop;
        n.act_bank = s->nxt_bank;
        n.ptr = s->nxt_lo;
    }

    /* intake */
    int nxt_free = !s->nxt_v || nxt_take;
    int form = 0, f_kind = K_FIBER, seg_rd_en = 0;
    uint32_t f_stop = 0, seg_rd_addr = 0;
    n.nxt_v = s->nxt_v && !nxt_take;
    if (s->ip < s->in->n && !s->done_in) {
        sg_tok t = s->in->t[s->ip];
        int is_ref = t.kind == SG_TK_DATA || t.kind == SG_TK_EMPTY;
        if (s->pend_v) {
            if (nxt_free) {
                form = 1;
                f_kind = s->pend_n ? K_NFIB : K_FIBER;
                if (t.kind == SG_TK_STOP) {
                    f_stop = (uint32_t)t.v + 1;
                    s->ip++;
                    n.pend_v = 0;
                } else if (t.kind == SG_TK_DONE) {
                    n.pend_v = 0;
                } else {
                    s->ip++;
                    n.pend_n = t.kind == SG_TK_EMPTY;
                    seg_rd_en = t.kind == SG_TK_DATA;
                    seg_rd_addr = (uint32_t)t.v;
                }
            }
        } else if (is_ref) {
            s->ip++;
            n.pend_v = 1;
            n.pend_n = t.kind == SG_TK_EMPTY;
            seg_rd_en = t.kind == SG_TK_DATA;
            seg_rd_addr = (uint32_t)t.v;
        } else if (nxt_free) {
            form = 1;
            s->ip++;
            if (t.kind == SG_TK_STOP) {
                f_kind = K_STOP;
                f_stop = (uint32_t)t.v + 1;
            } else {
                f_kind = K_DONE;
                n.done_in = 1;
            }
        }
    }
    n.ip = s->ip;
    if (form) {
        n.nxt_v = 1;
        n.nxt_kind = f_kind;
        n.nxt_lo = f_kind == K_FIBER ? s->seg_lo : 0;
        n.nxt_hi = f_kind == K_FIBER ? s->seg_hi : 0;
        n.nxt_stop = f_stop;
        n.nxt_bank = s->fib_par;
        if (f_kind == K_FIBER) {
            n.fib_par = !s->fib_par;
            if (s->seg_hi < s->seg_lo || s->seg_hi > s->lvl->ncrd)
                return sg_errf(e, NULL, 0, "input %d: fiber [%u, %u) outside "
                               "the %zu coordinates", idx, s->seg_lo,
                               s->seg_hi, s->lvl->ncrd);
        }
    }

    /* CAM fill engine (registers of the g_cam block) */
    int cam_rd_en = 0;
    uint32_t cam_rd_addr = 0;
    if (s->T > 0) {
        int T = s->T;
        /* a bank is full after T entries or at the end of its fiber */
        int a_fill = s->act_v && s->act_kind == K_FIBER &&
                     s->fb_k[s->act_bank] < (uint32_t)T &&
                     s->fb_addr[s->act_bank] < s->fb_hi[s->act_bank];
        int n_fill = s->nxt_v && s->nxt_kind == K_FIBER &&
                     s->fb_k[s->nxt_bank] < (uint32_t)T &&
                     s->fb_addr[s->nxt_bank] < s->fb_hi[s->nxt_bank];
        int fill_v = a_fill || n_fill;
        int fb = a_fill ? s->act_bank : s->nxt_bank;
        cam_rd_en = fill_v;
        cam_rd_addr = s->fb_addr[fb];
        n.fl_v = fill_v;
        n.fl_bank = fb;
        n.fl_gen = s->fb_gen[fb];
        n.fl_k = s->fb_k[fb];
        n.fl_adr = s->fb_addr[fb];
        if (fill_v) {
            n.fb_k[fb] = s->fb_k[fb] + 1;
            n.fb_addr[fb] = s->fb_addr[fb] + s->fb_stride[fb];
        }
        if (s->fl_v && s->fl_gen == s->fb_gen[s->fl_bank]) {
            size_t i = (size_t)s->fl_bank * (size_t)T + s->fl_k;
            s->cam_crd[i] = s->cam_q;
            s->cam_adr[i] = s->fl_adr;
            s->cam_vld[i] = 1;
        }
        if (form && f_kind == K_FIBER) {
            uint32_t size = s->seg_hi - s->seg_lo;
            int lt = log2_ceil(T);
            int big = size > (uint32_t)T;
            int b = s->fib_par;
            n.fb_hi[b] = s->seg_hi;
            n.fb_k[b] = 0;
            n.fb_addr[b] = s->seg_lo;
            n.fb_stride[b] = big ? (size + (uint32_t)T - 1) >> lt : 1;
            n.fb_gen[b] = !s->fb_gen[b];
            memset(s->cam_vld + (size_t)b * (size_t)T, 0, (size_t)T);
        }
    }

    /* RAMs */
    if (seg_rd_en) {
        if ((size_t)seg_rd_addr + 1 >= s->lvl->nseg)
            return sg_errf(e, NULL, 0, "input %d: reference %u outside the "
                           "%zu fibers", idx, seg_rd_addr,
                           s->lvl->nseg ? s->lvl->nseg - 1 : 0);
        n.seg_lo = s->lvl->seg[seg_rd_addr];
        n.seg_hi = s->lvl->seg[seg_rd_addr + 1];
    }
    if (crd_rd_en)
        n.crd_q = s->lvl->crd[crd_rd_addr];
    if (cam_rd_en)
        n.cam_q = cam_rd_addr < s->lvl->ncrd ? s->lvl->crd[cam_rd_addr] : 0;
    *s = n;
    return 0;
}

/* ---- intersector ------------------------------------------------------------- */

typedef struct isect_dec {
    int emit;
    sg_tok crd;
    int cons[SG_SKIP_MAX_INPUTS], skip_v[SG_SKIP_MAX_INPUTS];
    sg_tok skip_tok;
} isect_dec;

static isect_dec isect_decide(const sg_tok *h, int n)
{
    isect_dec d;
    memset(&d, 0, sizeof d);
    int all_done = 1, any_done = 0, any_n = 0, all_eq = 1, any_stop = 0;
    int64_t mx = 0;
    sg_tok stop_tok = h[0];
    for (int k = n - 1; k >= 0; k--) {
        all_done &= h[k].kind == SG_TK_DONE;
        any_done |= h[k].kind == SG_TK_DONE;
        any_n |= h[k].kind == SG_TK_EMPTY;
        all_eq &= sg_tok_eq(h[k], h[0]);
        if (h[k].kind == SG_TK_STOP) {
            any_stop = 1;
            stop_tok = h[k];
        }
        if (h[k].v > mx)
            mx = h[k].v;
    }
    d.skip_tok = sg_data(mx);
    if (all_done || any_n || all_eq) {
        d.emit = 1;
        d.crd = all_done ? sg_done() : any_n ? sg_empty() : h[0];
        for (int k = 0; k < n; k++)
            d.cons[k] = 1;
    } else if (any_done) {
        for (int k = 0; k < n; k++)
            d.cons[k] = h[k].kind != SG_TK_DONE;
    } else if (any_stop) {
        d.skip_tok = stop_tok;
        for (int k = 0; k < n; k++)
            d.cons[k] = d.skip_v[k] = h[k].kind == SG_TK_DATA;
    } else {
        for (int k = 0; k < n; k++)
            d.cons[k] = d.skip_v[k] = h[k].v < mx;
    }
    return d;
}

/* ---- driver ------------------------------------------------------------------- */

void sg_skip_result_free(sg_skip_result *res)
{
    sg_toks_free(&res->crd);
    for (int k = 0; k < SG_SKIP_MAX_INPUTS; k++)
        sg_toks_free(&res->ref[k]);
}

int sg_skip_model_run(const sg_skip_level *lvl, const sg_toks *in_ref,
                      int n_inputs, int T, long max_cycles,
                      sg_skip_result *res, sg_err *e)
{
    scan sc[SG_SKIP_MAX_INPUTS];
    int rc = -1;
    memset(res, 0, sizeof *res);
    memset(sc, 0, sizeof sc);
    if (n_inputs < 2 || n_inputs > SG_SKIP_MAX_INPUTS)
        return sg_errf(e, NULL, 0, "skip model: %d inputs (2 or 3 supported)",
                       n_inputs);
    if (T < 0 || T > SKIP_T_MAX || (T & (T - 1)) != 0)
        return sg_errf(e, NULL, 0, "skip model: CAM size %d is not 0 or a "
                       "power of two up to %d", T, SKIP_T_MAX);
    for (int k = 0; k < n_inputs; k++) {
        sc[k].lvl = &lvl[k];
        sc[k].in = &in_ref[k];
        sc[k].T = T;
        if (T > 0) {
            sc[k].cam_crd = sg_calloc((size_t)2 * (size_t)T, sizeof(uint32_t));
            sc[k].cam_adr = sg_calloc((size_t)2 * (size_t)T, sizeof(uint32_t));
            sc[k].cam_vld = sg_calloc((size_t)2 * (size_t)T, 1);
        }
    }
    for (long c = 0; c < max_cycles; c++) {
        sg_tok h[SG_SKIP_MAX_INPUTS];
        int all_v = 1;
        for (int k = 0; k < n_inputs; k++) {
            all_v &= sc[k].head_v;
            h[k] = scan_head(&sc[k]);
        }
        isect_dec d;
        memset(&d, 0, sizeof d);
        if (all_v)
            d = isect_decide(h, n_inputs);
        if (d.emit) {
            sg_toks_push(&res->crd, d.crd);
            for (int k = 0; k < n_inputs; k++) {
                sg_tok r = scan_head_ref(&sc[k]);
                if (d.crd.kind == SG_TK_DONE || d.crd.kind == SG_TK_EMPTY)
                    r = d.crd;
                sg_toks_push(&res->ref[k], r);
            }
        }
        for (int k = 0; k < n_inputs; k++)
            if (scan_step(&sc[k], d.cons[k], d.skip_v[k], d.skip_tok, res, k,
                          e) != 0)
                goto out;
        if (d.emit && d.crd.kind == SG_TK_DONE) {
            res->cycles = c + 2;   /* the D handshake is the next cycle */
            rc = 0;
            goto out;
        }
    }
    sg_errf(e, NULL, 0, "skip model: no D after %ld cycles", max_cycles);
out:
    for (int k = 0; k < n_inputs; k++) {
        free(sc[k].cam_crd);
        free(sc[k].cam_adr);
        free(sc[k].cam_vld);
    }
    return rc;
}
