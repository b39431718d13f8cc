/*
 * trace.h - read what a simulation of a generated top printed.
 *
 * The taps print "T <edge> <cycle> <hex data>" per token (through the
 * Verilator harness: "t <edge> <cycle> <tag> <hex payload>"; in lockstep
 * runs "X", "S" and "B" lines instead, see sim/harness.cpp), the harness
 * prints "DONE/LIMIT/FINISH <cycles>", "M <sel> <len> <hex words>" for
 * each memory it read back and "ERROR <bits>" when the top's error_o
 * shows new bits, the watchdog "WATCHDOG <n>" and one
 * "W <edge> <up_valid> <fifo_in_ready> <fifo_out_valid> <down_ready>" per
 * edge.  sg_simout_read collects all of it; sg_simout_streams turns the
 * token lines into the shared trace format (one stream per edge plus its
 * cycle line, see compare.h).  Other lines are ignored.
 */
#ifndef SG_TRACE_H
#define SG_TRACE_H

#include <stddef.h>
#include <stdint.h>

#include "core/err.h"
#include "core/token.h"

typedef struct sg_simedge {
    sg_toks toks;
    int64_t *cyc;             /* cycle of each token */
    size_t ncyc, capcyc;
    uint64_t count;           /* tokens the tap saw: the token lines, or
                               * the lockstep harness's S line */
    int wd_seen;              /* a W line was printed for it */
    int up_valid, fifo_in_ready, fifo_out_valid, down_ready;
} sg_simedge;

typedef struct sg_simmem {
    int sel;
    uint64_t *w;
    size_t n;
} sg_simmem;

/* A node's cycles from the lockstep harness's B line: the cycles in
 * which at least one of its output edges took a token (busy), the first
 * and the last of them. */
typedef struct sg_simnode {
    uint64_t busy;
    long long first, last;
} sg_simnode;

/* The lockstep harness's first wrong token (X line): tag -1 where a side
 * has no token (a token beyond the expected stream; one never produced),
 * -2 when the expected stream could not be read; cycle -1 for a missing
 * token. */
typedef struct sg_simx {
    unsigned long edge;
    unsigned long long index;
    long long cycle;
    int exp_tag, got_tag;
    uint64_t exp_pay, got_pay;
} sg_simx;

typedef struct sg_simout {
    sg_simedge *edge;         /* indexed by edge id */
    size_t n_edges;
    const int *width;         /* data bits incl. tag per edge (not owned) */
    const int *is_val;        /* 1: signed value payload (not owned) */
    int status;               /* 'D' done, 'L' limit, 'F' finish, 0 none */
    uint64_t cycles;
    int watchdog;             /* WATCHDOG line seen */
    int protocol;             /* PROTOCOL line seen: a producer broke the
                               * stream contract on edge protocol_edge */
    unsigned long protocol_edge;
    uint64_t protocol_cycle;
    char protocol_what[24];   /* "valid dropped" or "data changed" */
    unsigned errors;          /* error_o bits of the ERROR lines, ORed */
    sg_simmem *mem;
    size_t n_mem, cap_mem;
    int lockstep_fail;        /* an X line: x says where */
    sg_simx x;
    int lockstep_stats;       /* S lines: edge[].count are the harness's */
    sg_simnode *node;         /* B lines, indexed by node (n_node of them) */
    size_t n_node, cap_node;
} sg_simout;

/* Read the simulator's output file.  width/is_val describe the n edges.
 * -1 on I/O errors or a malformed T/M line. */
int sg_simout_read(const char *path, size_t n_edges, const int *width,
                   const int *is_val, sg_simout *so, sg_err *e);
void sg_simout_free(sg_simout *so);
/* Read-back of memory sel, or NULL. */
const sg_simmem *sg_simout_mem(const sg_simout *so, int sel);
/* The names of the error_o bits set in bits, joined by ", " ("bit 0
 * writer overflow, bit 2 host address beyond a memory"). */
void sg_sim_error_names(unsigned bits, char *buf, size_t cap);
/* Decode a W-bit two's complement word (sign-extend). */
int64_t sg_sext(uint64_t v, int w);

#endif
