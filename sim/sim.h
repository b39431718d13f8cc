/*
 * sim.h - build a generated top for a simulator and run it.
 *
 * Verilator builds a binary from the top, the primitive library (rtl/),
 * the taps and monitors (the .v files of sim/) and the C++ harness
 * (sim/harness.cpp); Icarus compiles the same Verilog with the bench sim/sam_tb.v into a vvp
 * file.  Verilator binaries are cached by a content hash of everything that
 * goes into them, so that a second run does not rebuild (sim/cache.h).
 *
 * Both read the same host script (w/g/r lines: write memories and dense
 * dimensions, go, read back output memories) and print what sim/trace.h
 * reads.  Everything the build needs about the design comes in as plain
 * data, so this layer does not depend on the generator.
 */
#ifndef SG_SIM_H
#define SG_SIM_H

#include <stddef.h>
#include <stdio.h>

#include "core/err.h"
#include "core/proc.h"
#include "graph/graph.h"
#include "sim/trace.h"

typedef enum sg_simulator { SG_SIM_VERILATOR, SG_SIM_ICARUS } sg_simulator;

/* What to build. */
typedef struct sg_sim_build {
    sg_simulator sim;
    const char *root;         /* samgen sources (rtl/, sim/) */
    const char *rtl_dir;      /* primitive library; NULL: <root>/rtl */
    const char *work;         /* work directory: build.log, sim.vvp */
    const char *top_path;     /* the top's Verilog */
    const char *module;       /* its module name */
    int waves;                /* Verilator: 0 none, 1 VCD (--trace), 2 FST */
    int no_trace;             /* compile the tap monitors out */
    int stall;                /* 0: compile the tap stall gates out */
    int host_addr_width;      /* Icarus bench: host address bits (SG_HA), */
    int host_data_width;      /* host data bits (SG_HD) */
    int crd_width;            /* and coordinate bits (SG_CW) */
    const sg_proc_watch *watch;  /* progress lines and time limit; NULL: none */
    char *const *wave_scopes; /* Icarus: dump only these instances of the top */
    size_t n_wave_scopes;     /* (0: the whole design) */
    unsigned long long cache_max;  /* Verilator: after a build, trim the
                                    * cache to this many bytes; 0: no cap */
    const char *build_note;   /* Verilator: a progress line "PROG: NOTE" shown
                               * before a build (not for a cached one), or NULL */
} sg_sim_build;

/* Build (or find in the cache) the simulator for b.  bin receives the
 * program to run (the Verilator binary or the vvp file); *cached is 1 when
 * a cached Verilator build was used.  A failed build shows the first lines
 * of work/build.log on stderr and fails with code SG_EXIT_USAGE.  A build
 * that runs out of b->watch's time is ended, nothing of it is cached, and
 * SG_PROC_TIMEOUT is returned (e says which step, code SG_EXIT_CHECK). */
int sg_sim_build_run(const sg_sim_build *b, char *bin, size_t binlen, int *cached,
                     sg_err *e);

/* How to run a built simulator. */
typedef struct sg_sim_run {
    sg_simulator sim;
    const char *bin;          /* from sg_sim_build_run */
    const char *script;       /* host script */
    const char *out_path;     /* simulator output (what sim/trace.h reads) */
    int stall;                /* % of cycles with random stalls */
    long seed;
    long watchdog;            /* cycles without a token before STUCK */
    const char *waves;        /* waveform file, or NULL */
    int no_trace;             /* +notrace: record no edge streams */
    const sg_proc_watch *watch;  /* progress lines and time limit; NULL: none */
    long long waves_from;     /* dump from this kernel cycle on; -1: from the start */
    long long waves_to;       /* up to this kernel cycle; -1: to the end */
    const char *top_module;   /* Verilator: the top's module name, for */
    char *const *wave_scopes; /* dumping only these instances of the top */
    size_t n_wave_scopes;     /* (0: the whole design) */
    int waves_fst;            /* Icarus: write FST (vvp -fst), not VCD */
    const char *expect;       /* Verilator: check every edge in lockstep
                               * against this file (sim/expect.h); NULL:
                               * record the tokens (unless no_trace) */
    long harness_watchdog;    /* Verilator, a netlist: the harness stamps
                               * the tokens with its own cycle count and
                               * ends a run without a token for this many
                               * cycles; 0: the top's watchdog does */
} sg_sim_run;

/* The names of the module instances of the top whose Verilog is text (one
 * module, as samgen gen writes it: "MOD [#(...)] NAME (" on a line of its
 * own), in the order they appear; *names is malloc'd, each name too. */
void sg_sim_top_instances(const char *text, char ***names, size_t *n);

/* Wall and CPU time of a simulator run. */
typedef struct sg_sim_times {
    double wall_s;            /* wall clock */
    double cpu_s;             /* user + system CPU of the simulator */
} sg_sim_times;

/* Run the simulator with its output in r->out_path.  Returns its exit
 * status (0 or 1 normally; 127 when it could not be started, 128 + the
 * signal when one ended it, -1 when it could not be forked), or
 * SG_PROC_TIMEOUT with e set when it ran out of r->watch's time. */
int sg_sim_exec(const sg_sim_run *r, sg_sim_times *t, sg_err *e);

/* Run argv (argv[0] looked up in PATH) with stdout, and stderr when
 * err_too, to the file out_path, announced as step (sg_proc_run); the exit
 * status as for sg_sim_exec. */
int sg_sim_run_to(char *const *argv, const char *out_path, int err_too, const char *step,
                  const sg_proc_watch *w, sg_err *e);

/* Copy the first max_lines lines of the file at path to stderr. */
void sg_sim_show_log(const char *path, int max_lines);

/* The harness's last line "CPU <run cycles> <run s> <all cycles> <all s>
 * <peak KiB>" (sim/harness.cpp): cycles and process CPU seconds of the runs
 * from start to done, and of every clock edge including the host's memory
 * load and read-back, and the simulator's peak memory (0 when the line has
 * none; peak_kb may be NULL).  Looked for in the last 4 KiB of the
 * simulator output; 1 when found, 0 otherwise (Icarus prints no such
 * line). */
int sg_sim_read_cpu_line(const char *path, unsigned long long *run_cyc, double *run_s,
                         unsigned long long *all_cyc, double *all_s,
                         unsigned long long *peak_kb);

/* The first broken stream contract the taps saw (so->protocol set): one
 * FAIL line naming the edge, its ends, the cycle and what changed. */
void sg_sim_report_protocol(FILE *out, const sg_graph *g, const char *module,
                            const sg_simout *so);
/* The watchdog fired: print to out the STUCK line for the kernel (g->name,
 * else module), the full FIFOs, then the nodes that still wait: for input
 * (an input edge that never carried D and is empty), or not taking an input
 * token offered to them; when no edge shows either, the level writers, one
 * of which has not finished.  At least one "waiting:" line is printed. */
void sg_sim_report_stuck(FILE *out, const sg_graph *g, const char *module,
                         const sg_simout *so);

#endif
