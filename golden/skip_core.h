/*
 * skip_core.h - the ExTensor skip scanner core (rtl/sam_scan_skip_core.v)
 * and the skip intersector's decision (rtl/sam_intersect_skip.v) as
 * register-level state stepped once per cycle.
 *
 * This is the one model of the skip timing rules (docs/extensor.md):
 * double-buffered CAM banks filled one entry per cycle through the second
 * crd read port (a fiber that starts before its bank is full uses the
 * entries filled so far), every ceil(S/T)-th coordinate sampled (every one
 * when S <= T), skip hints offered by the intersector whenever all heads
 * are valid (the other inputs' heads), taken while the head is a
 * coordinate and looked up over two cycles (compared with the CAM in the
 * cycle offered, the jump address picked and registered with the active
 * item's generation in the next: two more coordinates are read before the
 * jump; a jump of an earlier item, or one the scanner has passed, has no
 * effect), and STOP on in_skip registering a jump to the fiber's closing
 * stop in the cycle it is offered (one more coordinate read).  Two
 * users step it: golden/skip_model.c (one scanner + intersector pair fed
 * from token arrays, the RTL bench's predictor) and the golden cycle
 * engine (prim_join.c, a 2- or 3-operand intersect fused with its
 * skipping scanners).
 *
 * Per cycle the intersector decides from the scanners' heads
 * (sg_skc_decide), then every scanner steps with the pop and hint it got
 * (sg_skc_step).  The CAM is kept implicitly: entry k of a bank is the
 * coordinate at lo + k * stride, valid for k below the entries written.
 *
 * Sections: scanner; intersector.
 */
#ifndef SG_SKIP_CORE_H
#define SG_SKIP_CORE_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/token.h"
#include "graph/skip_plan.h"

/* ---- scanner ------------------------------------------------------------- */

/* One CAM bank: fiber [lo, hi) sampled every stride-th address; k entries
 * read so far (next read at addr), entries 0..nv-1 written. */
typedef struct sg_skc_bank {
    uint64_t lo, hi, stride, k, addr, nv;
    int gen;
} sg_skc_bank;

/* The scanner's registers.  Arrays are borrowed (seg has nseg entries, crd
 * ncrd); T = 0 is the plain scanner (SkipTo ignored). */
typedef struct sg_skc_scan {
    const int64_t *seg, *crd;
    size_t nseg, ncrd;
    uint64_t T;
    /* RAM output registers */
    uint64_t seg_lo, seg_hi;
    int64_t crd_q;
    /* intake: pending reference, one descriptor slot */
    int pend_v, pend_n, done_in;
    int nxt_v, nxt_kind, nxt_bank, fib_par;
    uint64_t nxt_lo, nxt_hi, nxt_stop;
    /* output stage: active item, head register */
    int act_v, act_kind, act_bank;
    uint64_t act_hi, act_stop, ptr;
    int head_v, head_mem, head_tag;
    uint64_t head_pay;
    /* CAM banks and the fill engine's registered read */
    sg_skc_bank bank[2];
    int fl_v, fl_bank, fl_gen;
    uint64_t fl_k;
    /* generation of the active item (toggles when a new one is taken), the
     * lookup's stage-1 register (a SkipTo compared with the CAM: the address
     * its stage 2 will pick, with the generation) and the registered jump */
    int act_gen, lk_v, lk_gen, jmp_v, jmp_gen;
    uint64_t lk_adr, jmp_adr;
    /* statistics */
    uint64_t coords;        /* coordinates read into the head */
    uint64_t skips;         /* reads that jumped */
} sg_skc_scan;

/* Reset s to its power-on state over the given level with CAM size T. */
void sg_skc_init(sg_skc_scan *s, const int64_t *seg, size_t nseg,
                 const int64_t *crd, size_t ncrd, uint64_t T);

/* The head the intersector sees (valid when s->head_v): its out_crd token
 * and its out_ref token. */
sg_tok sg_skc_head(const sg_skc_scan *s);
sg_tok sg_skc_head_ref(const sg_skc_scan *s);

/* One cycle.  pop: the intersector consumes the head this cycle; skip_v /
 * skip_tok: its skip hint this cycle (DATA t: SkipTo(t); STOP: the other
 * side's fiber has ended), used only while the head is a coordinate.  in: the in_ref token offered this cycle, or NULL; *took is set to
 * 1 when it is consumed, else 0.  Returns 0, or -1 with a message in e
 * (a reference outside seg, a fiber outside crd). */
int sg_skc_step(sg_skc_scan *s, int pop, int skip_v, sg_tok skip_tok,
                const sg_tok *in, int *took, sg_err *e);

/* ---- intersector --------------------------------------------------------- */

#define SG_SKC_MAX_IN 3

/* What the intersector does in a cycle in which every head is valid: emit
 * crd (the out_ref tokens are the heads' refs, or crd itself for D and N),
 * consume cons[k], offer the hint skip_tok[k] on the inputs with
 * skip_v[k] (independent of cons and of the outputs' room). */
typedef struct sg_skc_dec {
    int emit;
    sg_tok crd;
    int cons[SG_SKC_MAX_IN], skip_v[SG_SKC_MAX_IN];
    sg_tok skip_tok[SG_SKC_MAX_IN];
} sg_skc_dec;

/* Decide from the n (2 or 3) heads h[] (SAM-SEMANTICS 2.4; a head below
 * the largest is dropped, a coordinate against another input's stop is
 * dropped) and the ExTensor hints: with no D or N among the heads, every
 * coordinate head k gets another input's stop (the lowest-numbered), else
 * SkipTo(the largest other head).
 * Well-formed streams only: N against a stop or D, D against more tokens
 * and different stops are the caller's to reject. */
sg_skc_dec sg_skc_decide(const sg_tok *h, int n);

#endif
