/*
 * prim_join_bv.c - bitvector intersecter and unioner (intersect / union
 * format=bitvector; the SAM paper's bitvector intersection, section 4.3,
 * ending in a coordinate stream as Capstan's loop header does).
 *
 * Operand k gives in[2k] its bitvector words and in[2k+1] each word's
 * prefix popcount, token-aligned (one bitvector scanner's two outputs);
 * the operands' fibers have the same number of words.  Per word position
 * w of a fiber, the AND (intersect) or OR (union) of the operands' words
 * gives the coordinates w * W + b of its set bits, lowest first, one per
 * firing: out[0] gets the coordinate, out[1+k] operand k's reference
 * base_k + popcount(word_k below bit b), or N when operand k lacks it (a
 * union).  A position whose combined word is zero takes one firing and
 * emits nothing; the last bit of a word pops the operands' words in the
 * same firing.  Equal stops pass (and restart w at 0), D ends; anything
 * else is a malformed stream.  One operand makes a bitvector-to-coordinate
 * converter.  rtl/sam_join_bv.v does the same, one token per cycle.
 */
#include <stdlib.h>

#include "core/tensor.h"
#include "golden/prim.h"

#define JBV_MAX 3               /* operands (the joiners' 1..3) */

typedef struct join_bv_st {
    int k, is_union;
    int64_t w;                  /* bits per word */
    uint64_t mask;              /* the low w bits */
    int64_t widx;               /* word position within the fiber */
    uint64_t done;              /* bits of this position already emitted */
} join_bv_st;

static const char *tok_kind(sg_tok t)
{
    return t.kind == SG_TK_DATA ? "a word" : t.kind == SG_TK_STOP ? "a stop"
         : t.kind == SG_TK_DONE ? "D" : "N";
}

static void pop_all(sg_pnode *n, int k)
{
    for (int i = 0; i < 2 * k; i++)
        q_pop(n->in[i]);
}

static long join_bv_fire(sg_pnode *n, long budget)
{
    join_bv_st *s = n->st;
    int k = s->k;
    long fired = 0;
    while (fired < budget && !n->done) {
        sg_tok b[JBV_MAX] = {{0, 0}}, r[JBV_MAX] = {{0, 0}};
        for (int i = 0; i < k; i++) {
            if (!q_avail(n->in[2 * i]) || !q_avail(n->in[2 * i + 1]))
                return fired;
            b[i] = q_peek(n->in[2 * i]);
            r[i] = q_peek(n->in[2 * i + 1]);
            if (b[i].kind != r[i].kind || (b[i].kind == SG_TK_STOP && b[i].v != r[i].v) ||
                b[i].kind == SG_TK_EMPTY)
                return sg_prim_fail(n, "operand %d's words and references are not aligned "
                                    "(%s against %s)", i, tok_kind(b[i]), tok_kind(r[i]));
        }
        for (int i = 1; i < k; i++)
            if (b[i].kind != b[0].kind || (b[i].kind == SG_TK_STOP && b[i].v != b[0].v))
                return sg_prim_fail(n, "operands 0 and %d are not word-aligned (%s against "
                                    "%s at word %lld of a fiber)", i, tok_kind(b[0]),
                                    tok_kind(b[i]), (long long)s->widx);
        int room = port_room(&n->out[0]);
        for (int i = 0; i < k; i++)
            room = room && port_room(&n->out[1 + i]);
        if (b[0].kind == SG_TK_DATA) {
            uint64_t comb = s->is_union ? 0 : s->mask;
            for (int i = 0; i < k; i++)
                comb = s->is_union ? comb | ((uint64_t)b[i].v & s->mask)
                                   : comb & (uint64_t)b[i].v;
            uint64_t rem = comb & ~s->done;
            if (rem == 0) {
                pop_all(n, k);
                s->widx++;
                s->done = 0;
                fired++;
                continue;
            }
            if (!room)
                return fired;
            int bit = __builtin_ctzll(rem);
            uint64_t one = (uint64_t)1 << bit, below = one - 1;
            port_push(&n->out[0], sg_data(s->widx * s->w + bit));
            for (int i = 0; i < k; i++) {
                uint64_t word = (uint64_t)b[i].v;
                port_push(&n->out[1 + i], word & one
                          ? sg_data(r[i].v + sg_popcount64(word & below)) : sg_empty());
            }
            if ((rem & ~one) == 0) {
                pop_all(n, k);
                s->widx++;
                s->done = 0;
            } else {
                s->done |= one;
            }
            fired++;
            continue;
        }
        if (!room)
            return fired;
        for (int i = 0; i <= k; i++)
            port_push(&n->out[i], b[0]);
        pop_all(n, k);
        s->widx = 0;
        s->done = 0;
        if (b[0].kind == SG_TK_DONE)
            n->done = 1;
        fired++;
    }
    return fired;
}

void sg_prim_join_bv_init(sg_pnode *n, int n_operands, int is_union, int64_t w)
{
    join_bv_st *s = sg_calloc(1, sizeof *s);
    s->k = n_operands < 1 ? 1 : n_operands > JBV_MAX ? JBV_MAX : n_operands;
    s->is_union = is_union;
    s->w = w;
    s->mask = w >= 64 ? UINT64_MAX : ((uint64_t)1 << w) - 1;
    n->st = s;
    n->fire = join_bv_fire;
}
