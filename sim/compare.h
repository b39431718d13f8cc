/*
 * compare.h - compare two traces stream by stream, token by token.
 *
 * A trace is a multi-stream file (core/token.h): one "name: tok tok ..."
 * line per graph edge, plus "out_arr_<T>_..." lines holding the arrays the
 * level writers left in memory.  The golden model writes the expected trace;
 * the RTL monitors (through sim/trace.c) write the actual one, where each
 * stream line may be followed by a cycle line (sg_compare_cycle_name), the
 * clock cycle at which each token entered the edge's FIFO.
 *
 * The comparator finds the FIRST mismatch: among all streams that differ,
 * the one whose wrong token appeared earliest in simulated time (a missing
 * token counts as never produced, so it ranks after every wrong token;
 * memories rank last); ties go to file order.  That is usually the root
 * cause: everything downstream of it is wrong too.
 *
 * Lines named arr_*, param_* (inputs) and cyc_* (cycle annotations) are not
 * compared.  Streams present only in the actual trace are counted and
 * otherwise ignored; a stream missing from the actual trace is a mismatch.
 */
#ifndef SG_COMPARE_H
#define SG_COMPARE_H

#include <stddef.h>

#include "core/err.h"
#include "core/token.h"

/* Optional edge describer: writes e.g. "n8 fiberlookup j c0 .crd -> n6
 * intersect j .crd_c" for a stream name into buf (size n); returns 0, or -1
 * when the name is unknown (the bare name is printed). */
typedef int (*sg_cmp_describe_fn)(void *ctx, const char *name, char *buf,
                                  size_t n);

typedef struct sg_cmp_opts {
    size_t context;              /* tokens shown before/after (default 4) */
    sg_cmp_describe_fn describe; /* may be NULL */
    void *ctx;
} sg_cmp_opts;

typedef struct sg_cmp_result {
    size_t n_streams;            /* expected streams compared */
    size_t n_tokens;             /* expected tokens compared */
    size_t n_extra;              /* streams only in the actual trace */
    int mismatch;                /* 0 all equal, 1 mismatch found */
    char stream[128];            /* first mismatching stream */
    size_t index;                /* token index of the mismatch */
    long cycle;                  /* cycle of the wrong actual token, -1 none */
    char report[4096];           /* multi-line human report (mismatch only) */
} sg_cmp_result;

void sg_cmp_opts_default(sg_cmp_opts *o);

/* One differing stream: its first wrong token, and the report in the
 * format sg_compare_traces prints. */
typedef struct sg_cmp_mismatch {
    char stream[128];            /* the expected stream's name */
    sg_stream_kind kind;
    int is_memory;               /* an out_arr_ memory line */
    int no_actual;               /* the actual trace has no such line */
    size_t index;                /* token index of the first difference */
    long cycle;                  /* cycle of the wrong actual token, -1 none */
    int has_expected, has_actual; /* index lies inside each side */
    sg_tok expected, actual;     /* the tokens there, when present */
    char report[4096];
} sg_cmp_mismatch;

/* Compare expected against actual.  Fills r; returns 0 (whether or not the
 * traces match) or -1 on an internal error in e. */
int sg_compare_traces(const sg_stream_file *expected,
                      const sg_stream_file *actual, const sg_cmp_opts *o,
                      sg_cmp_result *r, sg_err *e);

/* Like sg_compare_traces, and also every differing stream, one entry
 * each, in the order of the first mismatch (earliest wrong token first,
 * missing tokens after wrong ones, memories last, ties in file order):
 * *list (free it with free(); NULL when there are none) of *n entries. */
int sg_compare_all(const sg_stream_file *expected, const sg_stream_file *actual,
                   const sg_cmp_opts *o, sg_cmp_result *r, sg_cmp_mismatch **list,
                   size_t *n, sg_err *e);

/* Name of the cycle line of stream `name`: "cyc_" + name, with "repsig"
 * written "rsig" so that the line parses as numbers (token.h types a line
 * whose name contains "repsig" as a repeat-signal stream).  buf >= 160. */
const char *sg_compare_cycle_name(const char *name, char *buf, size_t n);

/* 1 when name is a stream or memory line to compare (not arr_, param_, cyc_). */
int sg_compare_is_checked(const char *name);

#endif
