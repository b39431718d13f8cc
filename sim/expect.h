/*
 * expect.h - the golden model's streams as the Verilator harness checks
 * them in lockstep (sim/harness.cpp, +expect=FILE).
 *
 * A binary file, in the machine's byte order (it is written and read on
 * one machine, by one run):
 *
 *   "SGEXPCT1"  u32 n_edges  u32 n_nodes
 *   per edge:   u32 checked  u32 node  u32 pw  u32 0  u64 count  u64 offset
 *   the tokens: u64 words, each edge's count of them from its offset
 *
 * checked: 0 for a stream that is not compared (a skipping scanner's);
 * node: the edge's producer, for the per-node busy figures; pw: payload
 * bits.  A token word holds the tag in bits 63:62 and the payload's low
 * pw bits below (data and stops; done and empty have none), the same bits
 * the RTL's {tag, payload} carries, so that the harness compares words.
 * Streams with more than 62 payload bits are checked after the run.
 */
#ifndef SG_EXPECT_H
#define SG_EXPECT_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/spill.h"
#include "core/token.h"

/* One edge's expected stream: t[0..n) or, with a spill, its edge. */
typedef struct sg_expect_edge {
    const sg_tok *t;
    size_t n;
    int checked;
    unsigned node;            /* producing node */
    int width;                /* data bits including the 2-bit tag */
    int is_val;               /* payload is a signed value */
} sg_expect_edge;

/* The word of token t on an edge of width bits (is_val: signed values).
 * 0 when the RTL's bits say the same as t (a value that fits pw bits, as
 * signed or unsigned per is_val; a stop level that fits), else -1: a token
 * the RTL cannot carry, which only the text comparison can report. */
int sg_expect_word(sg_tok t, int width, int is_val, uint64_t *w);

/* Write the file, the tokens of edge k from edges[k].t or, when spill is
 * not NULL, from its edge k.  0; 1 when some checked token cannot be
 * carried (no file is left: the caller checks after the run instead); -1
 * with e on I/O errors. */
int sg_expect_write(const char *path, const sg_expect_edge *edges, size_t n_edges,
                    unsigned n_nodes, sg_spill *spill, sg_err *e);

#endif
