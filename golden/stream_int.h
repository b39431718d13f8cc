/*
 * stream_int.h - what golden/stream.c (samgen stream's driver) and
 * golden/stream_check.c (its input checks) share: the primitive table's
 * row and the param_* reader.
 */
#ifndef SG_GOLDEN_STREAM_INT_H
#define SG_GOLDEN_STREAM_INT_H

#include <stdint.h>

#include "core/err.h"
#include "core/token.h"

typedef struct prim_desc {
    const char *name;
    const char *in[6];      /* input line names, port order */
    const char *out[4];     /* output line names, port order */
    const char *extra[4];   /* the arr_* and param_* lines it reads */
    int joiner;             /* 1: in_crdK/in_refK pairs, coordinates sorted, 2 or
                             * 3 operands; 2: in_bvK/in_refK pairs, 1 to 3;
                             * 3: one line per lane (serializers), 1 or more */
} prim_desc;

/* The single number of line name, def when the line is absent; -1 when it
 * is not one data token. */
int sg_stream_param(const sg_stream_file *in, const char *name, int64_t def,
                    int64_t *v);

/* Every rule of docs/golden-model.md ("Stream files") that the primitive's
 * run does not check itself.  0, or -1 with "FILE:LINE: msg" (exit 2). */
int sg_stream_check_input(const prim_desc *d, const sg_stream_file *in,
                          int64_t max_tokens, sg_err *e);

#endif
