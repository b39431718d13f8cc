/*
 * expect.c - write the expected streams for lockstep checking (expect.h).
 */
#include "sim/expect.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "core/outfile.h"

int sg_expect_word(sg_tok t, int width, int is_val, uint64_t *w)
{
    int pw = width - SG_TAG_BITS;
    if (pw > 62)
        return -1;   /* tag and payload do not share one word */
    uint64_t mask = pw <= 0 ? 0 : (UINT64_C(1) << pw) - 1;
    uint64_t pay = 0;
    if (t.kind == SG_TK_DATA || t.kind == SG_TK_STOP) {
        int64_t v = t.v;
        /* The text path decodes pw bits: sign-extended for values,
         * zero-extended otherwise; v must come back from them. */
        if (pw <= 0 && v != 0)
            return -1;   /* a repeat signal carries its tag alone */
        if (pw > 0) {
            int64_t lo = is_val && t.kind == SG_TK_DATA ? -(INT64_C(1) << (pw - 1)) : 0;
            int64_t hi = is_val && t.kind == SG_TK_DATA ? (INT64_C(1) << (pw - 1)) - 1
                                                        : (int64_t)((UINT64_C(1) << pw) - 1);
            if (v < lo || v > hi)
                return -1;
        }
        pay = (uint64_t)v & mask;
    } else if (t.kind != SG_TK_DONE && t.kind != SG_TK_EMPTY) {
        return -1;
    }
    *w = (uint64_t)t.kind << 62 | pay;
    return 0;
}

static void put32(FILE *f, uint32_t v) { fwrite(&v, sizeof v, 1, f); }
static void put64(FILE *f, uint64_t v) { fwrite(&v, sizeof v, 1, f); }

/* Edge k's token i: from the array, or the next from the spill. */
static int next_tok(const sg_expect_edge *x, sg_spill *spill, size_t i, sg_tok *t, sg_err *e)
{
    if (!spill) {
        *t = x->t[i];
        return 1;
    }
    return sg_spill_next(spill, t, e);
}

int sg_expect_write(const char *path, const sg_expect_edge *edges, size_t n_edges,
                    unsigned n_nodes, sg_spill *spill, sg_err *e)
{
    sg_outfile of;
    if (sg_outfile_open(&of, path, e) < 0)
        return -1;
    FILE *f = of.f;
    fwrite("SGEXPCT1", 1, 8, f);
    put32(f, (uint32_t)n_edges);
    put32(f, n_nodes);
    uint64_t off = 8 + 8 + (uint64_t)n_edges * 32;
    for (size_t k = 0; k < n_edges; k++) {
        const sg_expect_edge *x = &edges[k];
        uint64_t n = !x->checked ? 0 : spill ? spill->edge[k].n : (uint64_t)x->n;
        put32(f, x->checked ? 1u : 0u);
        put32(f, x->node);
        put32(f, (uint32_t)(x->width - SG_TAG_BITS));
        put32(f, 0);
        put64(f, n);
        put64(f, off);
        off += n * 8;
    }
    for (size_t k = 0; k < n_edges; k++) {
        const sg_expect_edge *x = &edges[k];
        if (!x->checked)
            continue;
        uint64_t n = spill ? spill->edge[k].n : (uint64_t)x->n;
        if (spill && sg_spill_rewind(spill, k, e) < 0) {
            sg_outfile_abort(&of);
            return -1;
        }
        for (uint64_t i = 0; i < n; i++) {
            sg_tok t;
            uint64_t w;
            int r = next_tok(x, spill, (size_t)i, &t, e);
            if (r <= 0) {
                sg_outfile_abort(&of);
                return r < 0 ? -1 : sg_errf(e, NULL, 0, "golden stream of edge %zu ends "
                                            "early", k);
            }
            if (sg_expect_word(t, x->width, x->is_val, &w) < 0) {
                sg_outfile_abort(&of);
                return 1;
            }
            put64(f, w);
        }
    }
    return sg_outfile_commit(&of, e);
}
