/*
 * dot_report.h - a verify run's report.json read back for `samgen dot
 * --report` (docs/verification.md, "The run on the graph").
 */
#ifndef SG_CLI_DOT_REPORT_H
#define SG_CLI_DOT_REPORT_H

#include <stddef.h>

#include "core/err.h"
#include "graph/graph.h"

/* What the picture shows of a run.  Counts are -1 where the report gives
 * null.  Arrays are indexed like the graph's edges and nodes. */
typedef struct sg_dot_report {
    long long *tok, *tok_rtl;           /* per edge */
    long long *busy, *stall;            /* per node, golden model */
    long long *busy_rtl, *stall_rtl;    /* per node, RTL */
    size_t first_mm;                    /* the first mismatching edge, or
                                         * SIZE_MAX */
    long long mm_index;                 /* its first differing token */
    int pass;
    char result[32];                    /* "pass", "fail", "stuck" ... */
    long long cycles, cycles_rtl;
} sg_dot_report;

/* Read path (written by `samgen verify -o DIR`) for graph g: every edge and
 * node of the report must be one of the graph's and every edge of the
 * graph must be in the report.  0, or -1 with e filled ("PATH: what is
 * wrong", SG_EXIT_USAGE). */
int sg_dot_report_read(const char *path, const sg_graph *g, sg_dot_report *r, sg_err *e);

void sg_dot_report_free(sg_dot_report *r);

#endif
