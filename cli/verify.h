/*
 * verify.h - what samgen verify's steps share (cmd_verify.c) with its
 * report writers (verify_report.c): the options and the state of one run.
 */
#ifndef SG_CLI_VERIFY_H
#define SG_CLI_VERIFY_H

#include "cli/emit_opts.h"
#include "core/outfile.h"
#include "sim/compare.h"
#include "sim/sim.h"
#include "sim/trace.h"

typedef struct verify_opts {
    const char *sim;
    int stall;
    long seed;
    const char *waves;
    const char *keep;
    unsigned long long max_cycles;
    long watchdog;
    const char *top;          /* use this Verilog instead of generating */
    const char *rtl_dir;      /* primitive library (default <root>/rtl) */
    int no_trace;             /* compare output memories only (+notrace) */
    const char *outdir;       /* -o DIR: report.json, junit.xml */
    int trace;                /* --trace: DIR/trace/{golden,rtl}/<edge>.txt */
    long max_mismatches;      /* differing streams printed (1) */
    int quiet;                /* -q: no progress lines */
    int timeout;              /* --timeout S: per build or simulation; 0 none */
    long long waves_from;     /* --waves-from C; -1 none */
    long long waves_to;       /* --waves-to C; -1 none */
    const char *waves_scope;  /* --waves-scope PATTERN, or NULL */
    unsigned long long cache_max;  /* $SAMGEN_CACHE_MAX in bytes; 0 no cap */
    const char *check;        /* --check: "lockstep", "after", NULL default */
    int netlist;              /* --netlist: simulate Yosys's gate-level netlist */
    const char *target;       /* --target generic|ice40 (with --netlist) */
} verify_opts;

/* One verify run: what the steps share, freed by verify_free. */
typedef struct verify_run {
    gen_ctx c;
    sg_simout so;
    sg_stream_file exp, act;
    int *is_val;
    char work[4096];
    int made_tmp;             /* work is a temporary directory */
    char top[4400], script[4400], simout[4400], bin[4800];
    char netlist[4500];       /* --netlist: the netlist simulated, else "" */
    int netlist_ice40;        /* of iCE40 cells (--target ice40) */
    int cached;               /* a cached Verilator build was used */
    sg_sim_times times;
    double build_s;           /* wall time of the simulator build */
    int simulated;            /* the simulator ran (reports can be written) */
    int lockstep;             /* the streams were checked in the simulator
                               * (sim/harness.cpp) and passed: v->so holds
                               * their figures, not their tokens */
    int lockstep_failed;      /* a lockstep run stopped (x: where); the
                               * report comes from the rerun that followed */
    sg_simx lockstep_x;
    int compared;             /* cmp and mm hold a comparison */
    sg_cmp_result cmp;
    sg_cmp_mismatch *mm;      /* every differing stream, first first */
    size_t n_mm;
    char **scopes;            /* the instances --waves-scope matched */
    size_t n_scopes;
    const char *result;       /* "pass", "fail", "protocol", "stuck",
                               * "hardware error", "not done", "error" */
    char *message;            /* what was printed about a failure (malloc'd) */
} verify_run;

/* The golden-model name of the memory line of output memory m
 * ("out_arr_<T>_vals", "out_arr_<T>_mode_<m>_seg|crd"). */
void sg_verify_out_arr_name(const gen_ctx *c, const sg_emit_mem *m, char *buf, size_t n);

/* The outputs -o DIR (and --trace) will write, for the output check. */
void sg_verify_plan_reports(sg_outplan *p, const gen_ctx *c, const verify_opts *vo);

/* Write DIR/report.json, DIR/junit.xml and with --trace the trace files.
 * 0, or -1 with e filled (code SG_EXIT_USAGE). */
int sg_verify_write_reports(const verify_run *v, const verify_opts *vo, sg_err *e);

/* The RTL figures of a node from the cycle stamps of the tokens its output
 * edges took (the taps see a token move when valid and ready are both
 * high): busy, the cycles in which at least one of them moved; stall, the
 * other cycles from its first to its last output token.  0, or -1 when
 * the node has no output edge or none of them moved (or no traces). */
int sg_verify_node_cycles(const verify_run *v, size_t node, unsigned long long *busy,
                          unsigned long long *stall);
/* The top's performance counters (select 255, read back after the run)
 * against the same figures from the traces: 0 when every word agrees (or
 * the design has none), else 1 with the first difference in msg.  *checked
 * is the number of words compared. */
int sg_verify_check_counters(const verify_run *v, size_t *checked, char *msg, size_t cap);
/* Write the host script of the run to path (verify_trace.c).  0, or -1
 * with e filled (code SG_EXIT_USAGE). */
int sg_verify_write_script(const char *path, const gen_ctx *c,
                           unsigned long long max_cycles, sg_err *e);

/* What the lockstep harness said of the first wrong token (v->lockstep_x,
 * after v->lockstep_failed), as one line without a newline. */
void sg_verify_lockstep_line(const verify_run *v, char *buf, size_t cap);

/* Build the expected and actual traces of the run and compare them
 * (v->cmp, v->mm filled, v->compared set).  0, or -1 with e filled. */
int sg_verify_compare(verify_run *v, const verify_opts *vo, sg_err *e);

/* The verdict on a simulation that ran (verify_judge.c): its lines on
 * stdout, v->result and v->message set.  Returns the exit code. */
int sg_verify_judge(verify_run *v, const verify_opts *vo);

#endif
