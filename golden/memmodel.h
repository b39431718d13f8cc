/*
 * memmodel.h - the golden model's memory model: what the input tensors'
 * arrays cost to fetch from DRAM through an on-chip buffer.
 *
 * Every input tensor's arrays (per compressed level seg and crd, then
 * vals) live in DRAM, one after the other; the tensor has an on-chip
 * buffer of buffer_bytes, set associative (8 ways, LRU) over lines of
 * line_bytes.  The reads are the ones the graph makes, in the order the
 * run makes them: a compressed scanner given reference r reads seg[r] and
 * seg[r+1] and the coordinates crd[seg[r]..seg[r+1]) of the fiber; an
 * arrayvals given r reads vals[r]; dense levels and locators compute
 * their positions and read nothing.  Each read of a line the buffer does
 * not hold fetches the line.  Per tensor: bytes read, the footprint (the
 * distinct lines read), the bytes fetched and the refetched ones (fetched
 * again after an eviction: ExTensor's tile refetches when the tiles are
 * lines of a tiled layout).  Outputs are written once: the bytes of the
 * arrays the writers produced.
 *
 * Time: with the fetches double buffered against the computation, a run
 * takes at least the DRAM time, latency + bytes / bandwidth, and at least
 * the engine's cycles; the model gives the larger (a bound, not a timed
 * simulation of the fetches).  A skipping scanner (--skip) is counted as
 * reading its whole fiber, an upper bound on what it reads.
 *
 * Words: seg and crd entries are 4 bytes, values ceil(W / 8).  The taps
 * are hooks on the scanners' and arrayvals' reference queues (prim.h
 * sg_q.mem), so the counting follows every engine.
 */
#ifndef SG_MEMMODEL_H
#define SG_MEMMODEL_H

#include <stddef.h>
#include <stdint.h>

#include "core/tensor.h"
#include "core/token.h"
#include "graph/graph.h"

typedef struct sg_mem_opts {
    uint64_t buffer_bytes;  /* per input tensor; 0: the model is off */
    uint64_t line_bytes;    /* fetch granule (default 64) */
    uint64_t bw;            /* DRAM bytes per cycle (default 16) */
    uint64_t latency;       /* DRAM latency in cycles (default 100) */
} sg_mem_opts;

/* One input tensor's arrays, buffer and counts. */
typedef struct sg_mem_tensor {
    char name[SG_NAME_MAX];
    const sg_fibertree *ft; /* its arrays (not owned) */
    int order;
    char lvl_fmt[SG_MAX_ORDER];
    uint64_t seg_base[SG_MAX_ORDER], crd_base[SG_MAX_ORDER], vals_base;
    uint64_t total_bytes;   /* all its arrays */
    int val_bytes;
    uint64_t seg_reads[SG_MAX_ORDER], crd_reads[SG_MAX_ORDER], vals_reads;
    uint64_t read_bytes, fetched_lines, footprint_lines;
    /* the buffer: sets x ways tags (line number + 1, 0 empty), ages */
    uint64_t *tag, *age, tick;
    size_t sets;
    int ways;
    uint8_t *seen;          /* a bit per line: read at least once */
} sg_mem_tensor;

/* A hook on one reference queue: which array its tokens index. */
typedef struct sg_memtap {
    const struct sg_mem *owner;
    sg_mem_tensor *t;
    int level;              /* level read (compressed, non-unique, singleton,
                             * range, offset), or -1 for vals */
} sg_memtap;

typedef struct sg_mem {
    sg_mem_opts o;
    sg_mem_tensor *t;
    int nt;
    int cap_t;
    sg_memtap *tap;
    size_t ntap, cap_tap;
    uint64_t written_bytes; /* outputs, set after the run */
} sg_mem;

/* Defaults: off, 64-byte lines, 16 bytes per cycle, 100 cycles. */
void sg_mem_opts_default(sg_mem_opts *o);

/* A model for the given options (buffer_bytes > 0), with room for
 * max_tensors tensors and max_taps taps (their pointers stay valid). */
sg_mem *sg_mem_new(const sg_mem_opts *o, int max_tensors, size_t max_taps);
/* Add input tensor `name` with fibertree ft (values of width bits);
 * returns it, or NULL when max_tensors are there.  The arrays are not
 * copied: ft must outlive the run. */
sg_mem_tensor *sg_mem_add_tensor(sg_mem *m, const char *name, const sg_fibertree *ft,
                                 int width);
/* A tap reading compressed level `level` (or vals: -1) of t; NULL when
 * max_taps are handed out. */
sg_memtap *sg_mem_tap(sg_mem *m, sg_mem_tensor *t, int level);
/* One token on a tapped queue (data tokens read; others are ignored). */
void sg_memtap_tok(sg_memtap *tp, sg_tok tok);
/* The bytes of an output's arrays, written once. */
void sg_mem_add_written(sg_mem *m, const sg_fibertree *ft, int width);

/* Totals over the tensors. */
uint64_t sg_mem_fetched_bytes(const sg_mem *m);
/* DRAM-bound cycles: latency + ceil(fetched and written bytes / bw). */
uint64_t sg_mem_dram_cycles(const sg_mem *m);

void sg_mem_free(sg_mem *m);

#endif
