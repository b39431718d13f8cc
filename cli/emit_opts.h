/*
 * emit_opts.h - the option set and preparation shared by samgen gen and
 * samgen verify: read the graph, bind tensors, run the golden model when
 * sizes or traces need it, and emit the top.
 */
#ifndef SG_EMIT_OPTS_H
#define SG_EMIT_OPTS_H

#include "cli/emit_bind.h"
#include "cli/opt.h"

typedef struct gen_opts {
    const char *cmd;          /* the command, for messages ("gen") */
    const char *graph;
    int crd_width, val_width;
    int crd_width_set;        /* --width-crd given: never raised */
    int fifo_depth;           /* default SG_FIFO_DEFAULT */
    int fifo_auto;            /* --fifo-depth auto */
    int skip;
    long max_nnz;             /* memory words floor (1024 when unset) */
    int max_nnz_set;
    long dim;                 /* index size floor (64 when unset) */
    int dim_set;
    int size_class;           /* --size-class: sizes rounded up to 2^k */
    long watchdog_cycles;     /* --watchdog-cycles (SG_DEFAULT_WATCHDOG) */
    int counters;             /* --counters: SG_PERF_NONE, _NODES, _EDGES */
    int edge_registered;      /* --edge-fifo registered */
    double scale;             /* --scale: real values times this (1) */
    int want_streams;         /* keep golden streams (verify) */
    int spill_streams;        /* with want_streams: on disk (c->spill), not
                               * in gold.edge[].toks */
    int type_vt;              /* --type (core/value.h), 0: not given */
    char width_opt[48];       /* "--width-val N" when given, else "" */
    int quiet;                /* no "value type" line (verify -q) */
    int vt;                   /* the type chosen by sg_gen_prepare */
    int refuse_over;          /* an input larger than --max-nnz / --dim is an
                               * error instead of enlarging the design */
    double freq_mhz;          /* gen --freq: the constraint files' clock */
    sg_binds binds;
} gen_opts;

typedef struct gen_ctx {
    sg_graph g;
    int have_g;
    golden_result gold;       /* unbounded FIFOs: the streams, outputs
                               * and peaks (auto depths) */
    int have_gold;
    golden_opts gop;          /* the options gold ran with */
    golden_result gold_hw;    /* sg_gen_gold_hw: cycles at the top's depths */
    int have_gold_hw;
    sg_spill spill;           /* the golden streams with go->spill_streams */
    int have_spill;
    sg_emit_opts eo;
    sg_emit_design design;
    int *depth;               /* per edge when auto */
    char hash[24];            /* FNV-1a of graph bytes and options */
    int crd_width;            /* the width used: --width-crd, or raised from
                               * the default to what the tensors need */
    int crd_width_raised;     /* 1 when raised automatically */
    char over[320];           /* with refuse_over: the first input size over
                               * --max-nnz or --dim ("" none) */
    const gen_opts *go;
} gen_ctx;

#define SG_FIFO_DEFAULT 4     /* --fifo-depth when not given */
#define SG_AUTO_FLOOR 4       /* --fifo-depth auto: at least this deep */
#define SG_AUTO_CAP 64        /* and at most this */

void sg_gen_opts_init(gen_opts *o);
void sg_gen_opts_free(gen_opts *o);
/* Take option id (spelled as the user wrote it) with value v when it is one
 * of the options gen, verify and area share (cli/options.def, gen's rows).
 * Returns 1 when it was, 0 when id is not a shared option, -1 on a bad
 * value (e filled, code SG_EXIT_USAGE). */
int sg_gen_opt(gen_opts *o, sg_opt_id id, const char *spelled, const char *v,
               sg_err *e);
/* Read and check the graph (sg_cli_graph_load: a graph that fails its
 * checks is an error, code SG_EXIT_CHECK, after its findings are printed),
 * bind, run golden when needed, emit.  c is valid for sg_gen_ctx_free
 * afterwards in every case.  A golden deadlock or failure is an error.
 * Without --width-crd the coordinate width is raised from the default to
 * the smallest one that addresses every memory and counts its words (see
 * sg_gen_needed_crd_width); with a --width-crd that is too small it is an
 * error naming the width needed. */
int sg_gen_prepare(const gen_opts *o, gen_ctx *c, sg_err *e);
/* The host port's widths for c's design: *hd data bits (the widest memory
 * word or coordinate), *ha address bits (the deepest memory or the dense
 * dimension registers). */
void sg_gen_host_widths(const gen_ctx *c, int *ha, int *hd);
void sg_gen_ctx_free(gen_ctx *c);
/* Coordinate/address bits the design needs: every memory's words and its
 * fill count (clog2(words + 1)) and every bound tensor's index sizes.
 * *what names the largest requirement (for messages). */
int sg_gen_needed_crd_width(const gen_ctx *c, char *what, size_t cap);
/* Depth for auto sizing from a golden peak occupancy. */
int sg_gen_auto_depth(size_t peak);
/* Run the golden cycle engine again with every FIFO as deep as the
 * prepared top's (c->design; an edge without a buffer keeps the uniform
 * depth), for the cycle count the RTL is compared with.  Needs c->gold.
 * A deadlock at those depths is not an error: c->have_gold_hw stays 0 and
 * *why (when not NULL) says so; -1 only on a failure of the run itself. */
int sg_gen_gold_hw(gen_ctx *c, char *why, size_t cap, sg_err *e);
/* The golden cycle count to compare the RTL with: at the top's depths
 * when sg_gen_gold_hw ran, else with unbounded FIFOs. */
unsigned long long sg_gen_gold_cycles(const gen_ctx *c);

#endif
