/*
 * spill.h - token streams kept on disk instead of in memory.
 *
 * A run of samgen verify keeps the golden model's stream of every edge
 * until the RTL has been checked against it: tens of millions of tokens on
 * real matrices, 16 bytes each in memory.  A spill writes each edge's
 * tokens to its own anonymous temporary file (tmpfile: removed when closed
 * or when the process ends), 1 to 10 bytes a token (tag and zigzag value
 * in a variable-length code), and reads them back in order, as often as
 * needed.  Memory: one stdio buffer per edge.
 */
#ifndef SG_SPILL_H
#define SG_SPILL_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "core/err.h"
#include "core/token.h"

typedef struct sg_spill_edge {
    FILE *f;
    uint64_t n;               /* tokens written */
} sg_spill_edge;

typedef struct sg_spill {
    sg_spill_edge *edge;
    size_t n_edges;
    int err;                  /* a write failed (disk full): the spill is
                               * unusable; sg_spill_check reports it */
    int reading;              /* edge being read by sg_spill_next, or -1 */
} sg_spill;

/* n_edges empty streams.  0, or -1 with e when a file cannot be made. */
int sg_spill_open(sg_spill *s, size_t n_edges, sg_err *e);
/* Append t to edge k's stream (k < n_edges; a failure sets s->err). */
void sg_spill_push(sg_spill *s, size_t k, sg_tok t);
/* 0, or -1 with e when a write failed. */
int sg_spill_check(const sg_spill *s, sg_err *e);
/* Start reading edge k from its first token (ends any other read). */
int sg_spill_rewind(sg_spill *s, size_t k, sg_err *e);
/* The next token of the edge being read: 1, 0 at its end, -1 with e on a
 * read error or a damaged file. */
int sg_spill_next(sg_spill *s, sg_tok *t, sg_err *e);
/* Edge k's whole stream appended to out.  0, or -1 with e. */
int sg_spill_load(sg_spill *s, size_t k, sg_toks *out, sg_err *e);
/* Close and remove every file. */
void sg_spill_close(sg_spill *s);

#endif
