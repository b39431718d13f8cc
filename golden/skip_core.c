/*
 * skip_core.c - the skip scanner core and intersector decision, stepped
 * cycle by cycle (see skip_core.h).
 *
 * sg_skc_step() computes what rtl/sam_scan_skip_core.v's combinational
 * logic computes in one cycle from the current registers and returns the
 * next register values: the skip hint's CAM lookup into the registered
 * jump address (with the active item's generation), the output stage (head
 * register fed by the crd RAM, at the jump address when one is pending and
 * ahead), the intake (reference, seg read, descriptor slot) and the CAM
 * fill engine on the second read port.  RAMs are synchronous: a read
 * enabled in cycle c shows its data in cycle c+1 and holds it.
 *
 * Sections: heads; CAM lookup; step; intersector.
 */
#include "golden/skip_core.h"

#include <string.h>

enum { K_FIBER = 0, K_NFIB = 1, K_STOP = 2, K_DONE = 3 };

void sg_skc_init(sg_skc_scan *s, const int64_t *seg, size_t nseg,
                 const int64_t *crd, size_t ncrd, uint64_t T)
{
    memset(s, 0, sizeof *s);
    s->seg = seg;
    s->nseg = nseg;
    s->crd = crd;
    s->ncrd = ncrd;
    s->T = T;
}

/* ---- heads ---------------------------------------------------------------- */

sg_tok sg_skc_head(const sg_skc_scan *s)
{
    if (s->head_mem)
        return sg_data(s->crd_q);
    sg_tok t = {s->head_tag == SG_TK_STOP ? (int64_t)s->head_pay : 0, s->head_tag};
    return t;
}

sg_tok sg_skc_head_ref(const sg_skc_scan *s)
{
    sg_tok t = {s->head_tag == SG_TK_DATA || s->head_tag == SG_TK_STOP
                    ? (int64_t)s->head_pay : 0, s->head_tag};
    return t;
}

/* ---- CAM lookup ------------------------------------------------------------ */

/* Stage 1 of the lookup of a SkipTo(t) hint (only while the head is a
 * coordinate), in the cycle it is offered: compare t with the active bank's
 * written entries.  Returns 1 with the address stage 2 will pick in *adr
 * (the address after the last written sample below t), or 0 when no sample
 * lies below t.  Coordinates in a fiber are increasing, so the samples below
 * the target are a run from entry 0 (the RTL's tree picks its last one); a
 * binary search finds it.  The entries the run covers are not rewritten
 * while the item is active, so picking the address a cycle later gives the
 * same result. */
static int cam_lookup(const sg_skc_scan *s, int64_t t, uint64_t *adr)
{
    const sg_skc_bank *b = &s->bank[s->act_bank];
    uint64_t lo = 0, hi = b->nv;            /* first entry >= target */
    while (lo < hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        if (s->crd[b->lo + mid * b->stride] < t)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == 0)
        return 0;
    *adr = b->lo + (lo - 1) * b->stride + 1;
    return 1;
}

/* ---- step ------------------------------------------------------------------ */

/* One cycle of the scanner core.  Kept as one function on purpose: it is
 * the cycle model of rtl/sam_scan_skip_core.v, its steps read the same
 * cycle's register values in the order of the RTL's always blocks, and
 * reading the two side by side is how they are kept equal. */
int sg_skc_step(sg_skc_scan *s, int pop, int skip_v, sg_tok skip_tok,
                const sg_tok *in, int *took, sg_err *e)
{
    sg_skc_scan n = *s;
    *took = 0;
    int load = !s->head_v || pop;
    /* a jump applies to the item it was looked up in, when ahead */
    int jmp_ok = s->T > 0 && s->jmp_v && s->jmp_gen == s->act_gen;
    uint64_t eff = jmp_ok && s->jmp_adr > s->ptr ? s->jmp_adr : s->ptr;
    if (load && s->act_v && s->act_kind == K_FIBER && eff != s->ptr)
        n.skips++;
    /* hints: a STOP jumps to the fiber's end at once; a SkipTo is compared
     * (stage 1) and its address picked the next cycle (stage 2), each stage
     * dropping a lookup whose item is no longer the active one */
    int hint = s->T > 0 && skip_v && s->head_mem;
    int st_v = hint && skip_tok.kind != SG_TK_DATA;
    int lk_ok = s->lk_v && s->lk_gen == s->act_gen;
    n.jmp_v = st_v || lk_ok || jmp_ok;
    if (st_v || lk_ok) {
        n.jmp_gen = s->act_gen;
        n.jmp_adr = st_v ? s->act_hi : s->lk_adr;
    }
    n.lk_v = hint && !st_v && cam_lookup(s, skip_tok.v, &n.lk_adr);
    n.lk_gen = s->act_gen;

    /* output stage */
    int crd_rd_en = 0, nxt_take = 0;
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
                    n.coords++;
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
        n.act_gen = !s->act_gen;
        n.ptr = s->nxt_lo;
    }

    /* intake */
    int nxt_free = !s->nxt_v;       /* empty at the start of the cycle */
    int form = 0, f_kind = K_FIBER, seg_rd_en = 0;
    uint64_t f_stop = 0, seg_rd_addr = 0;
    n.nxt_v = s->nxt_v && !nxt_take;
    if (in && !s->done_in) {
        sg_tok t = *in;
        int is_ref = t.kind == SG_TK_DATA || t.kind == SG_TK_EMPTY;
        if (s->pend_v) {
            if (nxt_free) {
                form = 1;
                f_kind = s->pend_n ? K_NFIB : K_FIBER;
                if (t.kind == SG_TK_STOP) {
                    f_stop = (uint64_t)t.v + 1;
                    *took = 1;
                    n.pend_v = 0;
                } else if (t.kind == SG_TK_DONE) {
                    n.pend_v = 0;
                } else {
                    *took = 1;
                    n.pend_n = t.kind == SG_TK_EMPTY;
                    seg_rd_en = t.kind == SG_TK_DATA;
                    seg_rd_addr = (uint64_t)t.v;
                }
            }
        } else if (is_ref) {
            *took = 1;
            n.pend_v = 1;
            n.pend_n = t.kind == SG_TK_EMPTY;
            seg_rd_en = t.kind == SG_TK_DATA;
            seg_rd_addr = (uint64_t)t.v;
        } else if (nxt_free) {
            form = 1;
            *took = 1;
            if (t.kind == SG_TK_STOP) {
                f_kind = K_STOP;
                f_stop = (uint64_t)t.v + 1;
            } else {
                f_kind = K_DONE;
                n.done_in = 1;
            }
        }
    }
    if (form) {
        n.nxt_v = 1;
        n.nxt_kind = f_kind;
        n.nxt_lo = f_kind == K_FIBER ? s->seg_lo : 0;
        n.nxt_hi = f_kind == K_FIBER ? s->seg_hi : 0;
        n.nxt_stop = f_stop;
        n.nxt_bank = s->fib_par;
        if (f_kind == K_FIBER) {
            n.fib_par = !s->fib_par;
            if (s->seg_hi < s->seg_lo || s->seg_hi > s->ncrd)
                return sg_errf(e, NULL, 0, "fiber [%llu, %llu) outside the "
                               "%zu coordinates",
                               (unsigned long long)s->seg_lo,
                               (unsigned long long)s->seg_hi, s->ncrd);
        }
    }

    /* CAM fill engine (registers of the g_cam block) */
    if (s->T > 0) {
        const sg_skc_bank *ab = &s->bank[s->act_bank], *nb = &s->bank[s->nxt_bank];
        /* a bank is full after T entries or at the end of its fiber */
        int a_fill = s->act_v && s->act_kind == K_FIBER && ab->k < s->T &&
                     ab->addr < ab->hi;
        int n_fill = s->nxt_v && s->nxt_kind == K_FIBER && nb->k < s->T &&
                     nb->addr < nb->hi;
        int fill_v = a_fill || n_fill;
        int fb = a_fill ? s->act_bank : s->nxt_bank;
        n.fl_v = fill_v;
        n.fl_bank = fb;
        n.fl_gen = s->bank[fb].gen;
        n.fl_k = s->bank[fb].k;
        if (fill_v) {
            n.bank[fb].k = s->bank[fb].k + 1;
            n.bank[fb].addr = s->bank[fb].addr + s->bank[fb].stride;
        }
        if (s->fl_v && s->fl_gen == s->bank[s->fl_bank].gen)
            n.bank[s->fl_bank].nv = s->fl_k + 1;      /* entries fill in order */
        if (form && f_kind == K_FIBER) {
            uint64_t size = s->seg_hi - s->seg_lo;
            int b = s->fib_par;
            n.bank[b].lo = s->seg_lo;
            n.bank[b].hi = s->seg_hi;
            n.bank[b].k = 0;
            n.bank[b].nv = 0;
            n.bank[b].addr = s->seg_lo;
            /* ceil(S/T); the RTL shifts by log2 T (T a power of two) */
            n.bank[b].stride = size > s->T ? (size + s->T - 1) / s->T : 1;
            n.bank[b].gen = !s->bank[b].gen;
        }
    }

    /* RAMs */
    if (seg_rd_en) {
        if (seg_rd_addr + 1 >= s->nseg || seg_rd_addr + 1 == 0)
            return sg_errf(e, NULL, 0, "reference %llu outside the %zu fibers",
                           (unsigned long long)seg_rd_addr,
                           s->nseg ? s->nseg - 1 : 0);
        n.seg_lo = (uint64_t)s->seg[seg_rd_addr];
        n.seg_hi = (uint64_t)s->seg[seg_rd_addr + 1];
    }
    if (crd_rd_en)
        n.crd_q = s->crd[eff];
    *s = n;
    return 0;
}

/* ---- intersector ----------------------------------------------------------- */

sg_skc_dec sg_skc_decide(const sg_tok *h, int n)
{
    sg_skc_dec d;
    memset(&d, 0, sizeof d);
    int all_done = 1, any_done = 0, any_n = 0, all_eq = 1, any_stop = 0;
    int64_t mx = 0;
    for (int k = n - 1; k >= 0; k--) {
        all_done &= h[k].kind == SG_TK_DONE;
        any_done |= h[k].kind == SG_TK_DONE;
        any_n |= h[k].kind == SG_TK_EMPTY;
        all_eq &= sg_tok_eq(h[k], h[0]);
        any_stop |= h[k].kind == SG_TK_STOP;
        if (h[k].v > mx)
            mx = h[k].v;
    }
    /* hints (rtl out_skip<k>): not tied to the decision */
    for (int k = 0; k < n; k++) {
        if (any_done || any_n || h[k].kind != SG_TK_DATA)
            continue;
        int64_t om = 0;
        int stop = -1;
        for (int j = 0; j < n; j++) {
            if (j == k)
                continue;
            if (h[j].kind == SG_TK_STOP && stop < 0)
                stop = j;
            if (h[j].kind == SG_TK_DATA && h[j].v > om)
                om = h[j].v;
        }
        d.skip_v[k] = 1;
        d.skip_tok[k] = stop >= 0 ? h[stop] : sg_data(om);
    }
    if (all_done || any_n || all_eq) {
        d.emit = 1;
        d.crd = all_done ? sg_done() : any_n ? sg_empty() : h[0];
        for (int k = 0; k < n; k++)
            d.cons[k] = 1;
    } else if (any_done) {
        for (int k = 0; k < n; k++)
            d.cons[k] = h[k].kind != SG_TK_DONE;
    } else if (any_stop) {
        for (int k = 0; k < n; k++)
            d.cons[k] = h[k].kind == SG_TK_DATA;
    } else {
        for (int k = 0; k < n; k++)
            d.cons[k] = h[k].v < mx;
    }
    return d;
}
