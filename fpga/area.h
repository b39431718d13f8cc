/*
 * area.h - area and clock estimates with Yosys and nextpnr (samgen area).
 *
 * One synthesis run ("job") takes a top module, its sources, parameter
 * overrides and a target (generic gates, iCE40, Xilinx 7-series).  It writes
 * a readable Yosys script `design.ys` into its work directory, runs Yosys
 * there on the target's fixed script fpga/synth_<target>.ys, and reads back
 * what the script writes: `stat.json` (cells per module after mapping),
 * `mem.json` (memories per module before mapping), `top.json` (ports and
 * instances of the top) and the log.  For iCE40 it can then place and route
 * the design out of context (fpga/pnr_ice40.ys wraps the mapped netlist in
 * shift-register I/O so only four pins are used) and read nextpnr's report.
 *
 * Counts are per module, summed over the hierarchy, so every direct instance
 * of the top gets its own row; cells in the top itself are reported as the
 * row "(top)".
 *
 * Sections: types; parsing Yosys output (area_stat.c); running the tools
 * (area_run.c); out-of-context wrapper (area_wrap.c); reports
 * (area_report.c); plots (area_plot.c).
 */
#ifndef SG_AREA_H
#define SG_AREA_H

#include <stdio.h>

#include "core/err.h"
#include "core/proc.h"
#include "fpga/area_json.h"

/* ---- types ----------------------------------------------------------------- */

typedef enum area_target {
    AREA_GENERIC = 0,    /* yosys synth + abc -g cmos2: gates, stat -tech cmos */
    AREA_ICE40,          /* synth_ice40: SB_LUT4, SB_CARRY, SB_RAM40_4K, SB_MAC16 */
    AREA_XILINX          /* synth_xilinx -family xc7: LUT6, CARRY4, RAMB18/36, DSP48E1 */
} area_target;

typedef enum area_device {
    AREA_HX8K = 0,       /* iCE40 HX8K (ct256): 7680 LCs, 32 BRAMs, no DSPs */
    AREA_UP5K            /* iCE40 UP5K (sg48): 5280 LCs, 30 BRAMs, 8 SB_MAC16 */
} area_device;

typedef struct area_counts {
    long cells;          /* every leaf cell */
    long ffs;            /* flip-flops (any enable/reset flavour) */
    long luts;           /* FPGA LUTs (0 for generic) */
    long carries;        /* carry cells: SB_CARRY, CARRY4/8 */
    long brams;          /* block RAMs: SB_RAM40_4K, RAMB18E1 (RAMB36E1 = 2) */
    long dsps;           /* SB_MAC16, DSP48E1 */
    long lutrams;        /* distributed RAM / shift-register LUTs (Xilinx) */
    long latches;        /* latch cells: always a problem */
    long transistors;    /* CMOS estimate (generic target), -1 unknown */
    long memories;       /* inferred memories before mapping */
    long mem_bits;       /* their bits */
} area_counts;

typedef struct area_kv {  /* one cell type and how many */
    char *key;
    long n;
} area_kv;

typedef struct area_pv {  /* one parameter of an instance and its value */
    char *key;
    char *val;           /* decimal integer, or the text of a string */
    int is_string;
} area_pv;

typedef struct area_inst {
    char *name;          /* instance name in the top ("(top)" for glue) */
    char *module;        /* readable module: "sam_fifo(Depth=4,Width=18)" */
    char *base;          /* module name without parameters: "sam_fifo" */
    char *ymodule;       /* Yosys module name ("$paramod$<hash>\sam_fifo") */
    area_pv *params;     /* its parameter values (sg_area_inst_params), in */
    size_t n_params;     /* Yosys's order (by name); none when not known */
    const char *family;  /* sg_area_family(base) */
    area_counts c;       /* summed over the instance's hierarchy */
    area_kv *types;      /* its cells by type, sorted by name */
    size_t n_types;
} area_inst;

/* A real-number unit (sam_fp_add, sam_fp_mul, sam_fp_cmp, ...: every
 * sam_fp_* module but sam_fp_round, a part of the adder and the
 * multiplier) found anywhere in the design's hierarchy, one entry per
 * parametrization. */
typedef struct area_result area_result;
typedef struct area_unit {
    area_inst in;        /* name "", family "fp"; counts of one unit */
    long count;          /* how many the design holds */
    area_result *alone;  /* the unit synthesized (and placed) on its own
                            (samgen area --units); NULL when not run */
} area_unit;

typedef struct area_port {
    char *name;
    int is_output;       /* 0 input, 1 output */
    int width;
} area_port;

typedef struct area_pnr {
    int ran;             /* nextpnr was run */
    int fits;            /* 1 fits, 0 does not, -1 not checked */
    char device[16];     /* "hx8k", "up5k" */
    double fmax_mhz;     /* achieved, -1 unknown */
    long lcs, lcs_avail; /* ICESTORM_LC used (incl. the I/O wrapper), available */
    long brams, dsps;    /* ICESTORM_RAM / ICESTORM_DSP used */
    char msg[512];       /* why it does not fit or failed; "" otherwise */
    char cmd[2048];      /* exact commands run (yosys wrapper + nextpnr) */
} area_pnr;

struct area_result {
    char *design;        /* top module */
    char *label;         /* what the user asked for ("sam_fifo Depth=8") */
    area_target target;
    area_counts total;
    area_kv *types;      /* cells of the whole design by type, sorted by name */
    size_t n_types;
    area_inst *inst;     /* direct instances of the top, then "(top)" */
    size_t n_inst;
    area_unit *units;    /* real-number units below the top, sorted by */
    size_t n_units;      /* module name */
    area_port *ports;    /* top ports */
    size_t n_ports;
    char **notes;        /* things to know: memories mapped to flip-flops */
    size_t n_notes;
    char **problems;     /* warnings that matter: latches, multiple drivers, */
    size_t n_problems;   /* port width mismatches, logic loops */
    long n_warnings;     /* every "Warning:" line of the log */
    char workdir[1024];
    char yosys_cmd[2048];
    area_pnr pnr;
};

/* ---- parsing Yosys output (area_stat.c) -------------------------------------- */

const char *sg_area_target_name(area_target t);
int sg_area_target_parse(const char *s, area_target *t);
const char *sg_area_device_name(area_device d);
int sg_area_device_parse(const char *s, area_device *d);

/* Add n cells of Yosys cell type `type` to c (cells, and the class the type
 * belongs to on target t).  Unknown types count as cells only. */
void sg_area_classify(area_target t, const char *type, long n, area_counts *c);

/* Readable form of a Yosys module name: "\sam_fifo" -> "sam_fifo",
 * "$paramod\sam_fifo\Depth=s32'00..0100" -> "sam_fifo(Depth=4)".  Writes the
 * module name without parameters into base.  Both buffers are truncated to
 * their sizes. */
void sg_area_pretty_module(const char *yname, char *pretty, size_t np,
                        char *base, size_t nb);

/* Primitive family of a module base name, for breakdowns: "scanner",
 * "skip-scanner" (ExTensor scanner with SkipTo CAM), "intersect" (joiners,
 * also the skip intersector), "union", "fifo", "memory", "alu", "reduce", "writer",
 * "repeat", "crd", "broadcast", "root", "other". */
const char *sg_area_family(const char *base);

/* Family of an instance from its module's base name, its readable name
 * with parameters (sg_area_pretty_module) and the instance name (may be NULL):
 * as sg_area_family, except that a joiner (sam_join, sam_join2) is "union"
 * with IsUnion=1 or, as Yosys hashes long parameter lists, when the
 * instance is a generated union node (n<id>_union...). */
const char *sg_area_family_inst(const char *base, const char *pretty, const char *inst);

/* 1 when base (a module name without parameters) is a real-number unit
 * that reports list on its own: sam_fp_* except sam_fp_round. */
int sg_area_is_fp_unit(const char *base);

/* Fill r from the parsed Yosys outputs of one run: stat (stat -json after
 * mapping; for the generic target stat -tech cmos -json), mem (stat -json
 * before mapping, may be NULL), topnet (json of the top module, may be NULL:
 * then there are no instance rows or ports).  top is the top module name.
 * r->units lists the real-number units below top (sg_area_is_fp_unit).
 * Returns -1 with e set when stat does not describe top. */
int sg_area_from_yosys(const area_jv *stat, const area_jv *mem,
                    const area_jv *topnet, const char *top, area_target t,
                    area_result *r, sg_err *e);

/* Set the parameter values of r's instances and units from params, the JSON of the
 * design's parametrized modules (`json A:hdlname` after proc: each module's
 * "parameter_default_values" holds the values it was derived with).  A
 * bit-string value of 1..64 bits becomes a decimal integer (32 bits signed,
 * as Verilog's integer parameters, others unsigned); other values are
 * strings.  params may be NULL: then nothing is set. */
void sg_area_inst_params(area_result *r, const area_jv *params);

/* The module of an instance as reports show it: "sam_fifo #(Depth=4,
 * Width=18)" when its parameter values are known, else in->module. */
void sg_area_inst_module(const area_inst *in, char *buf, size_t n);

/* Scan a Yosys log: every "Warning:" line is counted; latches, multiple
 * drivers, port width mismatches, implicit wires, out-of-range selects and
 * logic loops become r->problems; memories mapped to flip-flops and
 * memories mapped to block RAM become r->notes. */
void sg_area_scan_log(const char *log, area_result *r);

void sg_area_result_free(area_result *r);
/* Append a formatted string to a list (notes, problems). */
void sg_area_list_add(char ***list, size_t *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- primitive parameters (area_params.c) ------------------------------------- */

#define AREA_MAX_PARAMS 64

typedef struct area_param {
    char name[64];
    int is_string;           /* its default is a string (a file name) */
} area_param;

typedef struct area_params {
    area_param p[AREA_MAX_PARAMS];
    size_t n;
} area_params;

/* The parameters (not localparams) that module declares in the Verilog
 * text, in its header or body.  Returns 0, or -1 when text has no such
 * module. */
int sg_area_params_scan(const char *text, const char *module, area_params *ps);

/* Check --param key=val against the declared parameters of module: key
 * must be one of them, and an integer parameter takes an integer in the
 * range its name implies (docs/area.md): widths 1..64 (AddrWidth and AW
 * 1..24, LW 0..6),
 * Depth 0..65536, *Dim 1..65536, T a power of two up to 1024, Const any
 * 64-bit value, any other 0..65536.  A string parameter takes any value.
 * Returns 0, or -1 with e set (SG_EXIT_USAGE). */
int sg_area_params_check(const area_params *ps, const char *module, const char *key,
                         const char *val, sg_err *e);

/* ---- running the tools (area_run.c) ----------------------------------------- */

typedef struct area_job {
    const char *root;        /* samgen tree: fpga/ and rtl/ live here */
    const char *workdir;     /* created if missing; every output goes here */
    const char *top;         /* top module */
    const char *label;       /* for reports; NULL = top */
    const char *const *srcs; /* Verilog files to read */
    size_t n_srcs;
    const char *const *libdirs;  /* include and -libdir directories */
    size_t n_libdirs;
    const char *const *pkeys;    /* parameter overrides on the top */
    const char *const *pvals;
    size_t n_params;
    area_target target;
    area_device device;      /* iCE40 only */
    int pnr;                 /* iCE40: place and route when it fits (the
                                capacity check runs either way) */
    double freq_mhz;         /* nextpnr target clock (0: 100) */
    const sg_proc_watch *watch;  /* progress lines and time limit of Yosys
                                    and nextpnr; NULL: none */
} area_job;

/* Synthesize (and for iCE40 with pnr set, place and route) one design.
 * Fills r (free with sg_area_result_free, also after a failure).  Returns 0 on
 * success, -1 when a parameter is malformed (e->code SG_EXIT_USAGE, nothing
 * run) or a tool could not run, failed or ran out of j->watch's time
 * (e->code SG_EXIT_CHECK; e says which and where its log is).  A design that does not fit the device is not a failure: r->pnr
 * says so. */
int sg_area_run(const area_job *j, area_result *r, sg_err *e);

/* Run argv in directory dir with stdout and stderr to out_path (relative to
 * dir; NULL = inherit), announced as step and limited by w (sg_proc_run;
 * name names the step in the timeout message, NULL: argv[0]).  Returns the
 * exit status (0..255), or -1 with e set when it could not be started, was
 * killed or ran out of time.  cmd, when not NULL, receives the shell form
 * "cd DIR && prog args..." (truncated to ncmd). */
int sg_area_exec(const char *dir, char *const argv[], const char *out_path,
                 const char *step, const char *name, const sg_proc_watch *w,
                 char *cmd, size_t ncmd, sg_err *e);

/* The samgen tree: $SAMGEN_ROOT if set, else the directory above the
 * running binary's that holds fpga/synth_generic.ys, else ".".  buf gets an
 * absolute path when it can be found. */
void sg_area_find_root(char *buf, size_t n);

/* ---- out-of-context wrapper (area_wrap.c) ------------------------------------ */

/* Write a Verilog module sg_ooc_wrap (ports clk_i, si_i, ld_i, so_o) that
 * drives every input of module `dut` except clk_i from a shift register fed
 * by si_i and captures every output into a shift register read at so_o, so
 * that all paths in and out of dut start and end at flip-flops.  Returns -1
 * with e set when dut has no clk_i input or a port is unusable. */
int sg_area_wrap_write(FILE *f, const char *dut, const area_port *ports,
                    size_t n_ports, sg_err *e);

/* ---- reports (area_report.c) -------------------------------------------------- */

/* Per-family sums of r's instances; returns the number of families (at most
 * max), names and counts in fam/fc, sorted by name. */
size_t sg_area_families(const area_result *r, const char **fam, area_counts *fc,
                     size_t max);
/* Share of intersection logic (family "intersect": the joiners) in r's
 * total, by LUTs for FPGA targets and by transistors for generic; -1
 * when the total is 0. */
double sg_area_intersect_share(const area_result *r);

/* Terminal table of one result. */
void sg_area_report_table(FILE *f, const area_result *r);
/* One line per result of a sweep: param value, cells, FFs, LUTs, BRAMs,
 * DSPs, fmax. */
void sg_area_report_sweep(FILE *f, const char *param, const char *const *vals,
                       const area_result *r, size_t n);
/* JSON document with every result in "runs". */
void sg_area_report_json(FILE *f, const area_result *r, size_t n,
                      const char *param, const char *const *vals);

/* ---- plots (area_plot.c) ------------------------------------------------------- */

/* Bar chart of r's area by primitive family: DIR/area-<name>-families.png.
 * Writes the data and gnuplot script beside it.  path receives the PNG
 * path.  Returns -1 with e set when gnuplot fails. */
int sg_area_plot_families(const char *dir, const char *name,
                       const area_result *r, char *path, size_t np, sg_err *e);
/* Line chart of a sweep: LUTs (or cells), FFs and fmax against the
 * parameter: DIR/area-<name>-sweep-<param>.png. */
int sg_area_plot_sweep(const char *dir, const char *name, const char *param,
                    const char *const *vals, const area_result *r, size_t n,
                    char *path, size_t np, sg_err *e);

#endif
