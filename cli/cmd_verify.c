/*
 * cmd_verify.c - samgen verify: golden model, generate, simulate, compare.
 *
 *   samgen verify GRAPH.gv -t B=FILE ... [options]
 *
 * Steps: run the golden model (cycle engine, every edge's stream kept);
 * emit the top; write the host script that loads the input memories and
 * dense dimensions, runs to done and reads the output memories back; build
 * and run the simulator (sim/sim.h: Verilator builds are cached by a
 * content hash, so a second run does not rebuild); compare every edge's
 * stream and every output memory with the golden ones.  Prints PASS with
 * cycles and tokens, or the first mismatch (sim/compare.c), or the
 * watchdog's list of full FIFOs and waiting nodes; exit 1 on any failure.
 * With -o DIR the run's reports follow (verify_report.c); the verdict is
 * verify_judge.c's.
 * This file holds the options and the order of the steps; the host script
 * and the traces compared are made in verify_trace.c, the simulator build
 * and run are in sim/.
 */
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/opt.h"
#include "cli/verify.h"
#include "core/textscan.h"
#include "core/paths.h"
#include "fpga/netlist.h"
#include "sim/cache.h"
#include "sim/expect.h"

const char sg_cmd_verify_usage[] =
    "usage: samgen verify GRAPH.gv -t B=FILE ... [options]\n"
    "\n"
    "Run the golden model, generate the RTL, simulate it and compare every\n"
    "edge's token stream and the output memories.  Exit 0 PASS, 1 mismatch\n"
    "or deadlock, 2 bad input.\n";
const char sg_cmd_verify_notes[] =
    "With --skip T the skipping scanners' own streams are not compared (they\n"
    "drop coordinates); everything else is, token by token.\n"
    "\n"
    "The simulator build and the simulation are announced on stderr (a line\n"
    "when each starts, and every 10 s while it runs when stderr is a\n"
    "terminal).\n"
    "\n"
    "Verilator builds are cached in $SAMGEN_CACHE, else\n"
    "$XDG_CACHE_HOME/samgen, else ~/.cache/samgen, up to $SAMGEN_CACHE_MAX\n"
    "MiB (512; 0: no cap): after a build, the builds used longest ago are\n"
    "removed ('samgen cache info' shows it).\n";

/* ---- options -------------------------------------------------------------- */

typedef struct verify_args {
    gen_opts *go;
    verify_opts *vo;
} verify_args;

/* One option or argument (sg_opt_fn): the options shared with gen, then
 * verify's own. */
static int on_opt(void *ctx, sg_opt_id id, const char *a, const char *v)
{
    verify_args *va = ctx;
    gen_opts *go = va->go;
    verify_opts *vo = va->vo;
    int64_t n;
    sg_err e;
    sg_err_clear(&e);
    int used = sg_gen_opt(go, id, a, v, &e);
    if (used < 0)
        return sg_cli_report(&e);
    if (used > 0)
        return 0;
    switch (id) {
    case SG_OPT_ARG:
        if (go->graph)
            return sg_cli_usage_error("verify", "more than one graph given");
        go->graph = v;
        return 0;
    case SG_OPT_SIM:
        vo->sim = v;
        if (strcmp(vo->sim, "verilator") && strcmp(vo->sim, "icarus"))
            return sg_cli_usage_error("verify", "%s %s: expected verilator or icarus", a, vo->sim);
        return 0;
    case SG_OPT_STALL:
        if (sg_cli_int("verify", a, v, 0, 90, &n))
            return SG_EXIT_USAGE;
        vo->stall = (int)n;
        return 0;
    case SG_OPT_SEED:
        if (sg_cli_int("verify", a, v, INT32_MIN, INT32_MAX, &n))
            return SG_EXIT_USAGE;
        vo->seed = (long)n;
        return 0;
    case SG_OPT_WAVES: vo->waves = v; return 0;
    case SG_OPT_WAVES_FROM:
    case SG_OPT_WAVES_TO:
        if (sg_cli_int("verify", a, v, 0, INT64_MAX, &n))
            return SG_EXIT_USAGE;
        *(id == SG_OPT_WAVES_FROM ? &vo->waves_from : &vo->waves_to) = (long long)n;
        return 0;
    case SG_OPT_WAVES_SCOPE: vo->waves_scope = v; return 0;
    case SG_OPT_KEEP: vo->keep = v; return 0;
    case SG_OPT_MAX_CYCLES:
        if (sg_cli_int("verify", a, v, 1, INT64_MAX, &n))
            return SG_EXIT_USAGE;
        vo->max_cycles = (unsigned long long)n;
        return 0;
    case SG_OPT_WATCHDOG:
        if (sg_cli_int("verify", a, v, 1, INT32_MAX, &n))
            return SG_EXIT_USAGE;
        vo->watchdog = (long)n;
        return 0;
    case SG_OPT_NO_TRACE: vo->no_trace = 1; return 0;
    case SG_OPT_NETLIST: vo->netlist = 1; return 0;
    case SG_OPT_TARGET: {
        sg_netlist_target t;
        if (sg_netlist_target_parse(v, &t) < 0)
            return sg_cli_usage_error("verify", "%s %s: expected generic or ice40", a, v);
        vo->target = v;
        return 0;
    }
    case SG_OPT_CHECK:
        if (strcmp(v, "lockstep") && strcmp(v, "after"))
            return sg_cli_usage_error("verify", "%s %s: expected lockstep or after", a, v);
        vo->check = v;
        return 0;
    case SG_OPT_QUIET:
        vo->quiet = 1;
        go->quiet = 1;
        return 0;
    case SG_OPT_TIMEOUT:
        if (sg_cli_int("verify", a, v, 1, SG_TIMEOUT_MAX, &n))
            return SG_EXIT_USAGE;
        vo->timeout = (int)n;
        return 0;
    case SG_OPT_OUT: vo->outdir = v; return 0;
    case SG_OPT_TRACE: vo->trace = 1; return 0;
    case SG_OPT_MAX_MISMATCHES:
        if (sg_cli_int("verify", a, v, 1, INT32_MAX, &n))
            return SG_EXIT_USAGE;
        vo->max_mismatches = (long)n;
        return 0;
    case SG_OPT_TOP: vo->top = v; return 0;
    case SG_OPT_RTL_DIR: vo->rtl_dir = v; return 0;
    default:
        return sg_cli_usage_error("verify", "unknown option '%s'", a);
    }
}

/* Whether the streams are to be checked in lockstep (sim/harness.cpp):
 * Verilator, streams compared, no --trace, no --check after. */
static int lockstep_wanted(const verify_opts *vo)
{
    return strcmp(vo->sim, "verilator") == 0 && !vo->no_trace && !vo->trace &&
           !(vo->check && strcmp(vo->check, "after") == 0);
}

/* Returns -1 when the arguments are good, else the exit code. */
static int parse_args(gen_opts *go, verify_opts *vo, int argc, char **argv)
{
    verify_args va = {go, vo};
    int rc = sg_opt_parse("verify", argc, argv, on_opt, &va);
    if (rc != 0)
        return rc < 0 ? SG_EXIT_OK : rc;
    if (!go->graph)
        return sg_cli_usage_error("verify", "no graph given");
    if (vo->trace && !vo->outdir)
        return sg_cli_usage_error("verify", "--trace needs -o DIR (the traces go to DIR/trace/)");
    if (vo->trace && vo->no_trace)
        return sg_cli_usage_error("verify", "--trace and --no-trace exclude each other");
    if (vo->check && strcmp(vo->check, "lockstep") == 0) {
        if (strcmp(vo->sim, "verilator") != 0)
            return sg_cli_usage_error("verify", "--check lockstep needs --sim verilator "
                                      "(Icarus checks after the run)");
        if (vo->trace)
            return sg_cli_usage_error("verify", "--check lockstep and --trace exclude each "
                                      "other (--trace records every token)");
    }
    if (vo->target && !vo->netlist)
        return sg_cli_usage_error("verify", "--target needs --netlist (it picks the cells of "
                                  "the netlist)");
    if (vo->netlist && strcmp(vo->sim, "verilator") != 0)
        return sg_cli_usage_error("verify", "--netlist needs --sim verilator");
    if (vo->check && vo->no_trace)
        return sg_cli_usage_error("verify", "--check and --no-trace exclude each other "
                                  "(--no-trace checks no edge stream)");
    const char *wopt = vo->waves_from >= 0 ? "--waves-from"
                       : vo->waves_to >= 0 ? "--waves-to"
                       : vo->waves_scope ? "--waves-scope" : NULL;
    if (wopt && !vo->waves)
        return sg_cli_usage_error("verify", "%s needs --waves FILE", wopt);
    if (vo->waves_from >= 0 && vo->waves_to >= 0 && vo->waves_from > vo->waves_to)
        return sg_cli_usage_error("verify", "--waves-from %lld is after --waves-to %lld",
                                  vo->waves_from, vo->waves_to);
    sg_err e;
    sg_err_clear(&e);
    if (sg_cache_max(&vo->cache_max, &e) < 0)
        return sg_cli_usage_error("verify", "%s", e.msg);
    go->want_streams = !vo->no_trace;
    /* A lockstep run never holds the golden streams in memory. */
    go->spill_streams = lockstep_wanted(vo);
    return -1;
}

/* The Verilog of the top to simulate: the generated text, or --top FILE
 * read (malloc'd in *own).  NULL after a message. */
static const char *top_text(const verify_run *v, const verify_opts *vo, char **own)
{
    *own = NULL;
    if (!vo->top)
        return v->c.design.text;
    sg_err e;
    sg_err_clear(&e);
    if (sg_read_text(vo->top, own, &e) < 0) {
        sg_cli_report(&e);
        return NULL;
    }
    return *own;
}

/* --waves-scope: the instances of the top the pattern matches, into
 * v->scopes.  Returns -1 when there is at least one, else the exit code. */
static int match_scopes(verify_run *v, const verify_opts *vo)
{
    if (!vo->waves_scope)
        return -1;
    char *own;
    const char *text = top_text(v, vo, &own);
    if (!text)
        return SG_EXIT_USAGE;
    char **names;
    size_t n;
    sg_sim_top_instances(text, &names, &n);
    free(own);
    v->scopes = sg_calloc(n ? n : 1, sizeof *v->scopes);
    for (size_t i = 0; i < n; i++) {
        char full[200];
        snprintf(full, sizeof full, "top.%s", names[i]);
        if (fnmatch(vo->waves_scope, names[i], 0) == 0 ||
            fnmatch(vo->waves_scope, full, 0) == 0)
            v->scopes[v->n_scopes++] = names[i];
        else
            free(names[i]);
    }
    free(names);
    if (v->n_scopes == 0)
        return sg_cli_usage_error("verify", "--waves-scope '%s' matches no instance of %s",
                                  vo->waves_scope, v->c.design.module);
    return -1;
}

/* ---- steps ---------------------------------------------------------------- */

/* The files a run reads and writes, checked before anything runs (the
 * top in --keep DIR only once the design, which names it, exists).
 * Returns -1 when they are fine, else the exit code. */
static int check_outputs(const gen_opts *go, const verify_opts *vo, const gen_ctx *c)
{
    const char *module = c ? c->design.module : NULL;
    sg_outplan p;
    sg_outplan_init(&p);
    sg_outplan_input(&p, go->graph);
    for (int i = 0; i < go->binds.n; i++)
        sg_outplan_input(&p, go->binds.t[i].path);
    sg_outplan_input(&p, vo->top);
    sg_outplan_input(&p, vo->rtl_dir);
    sg_outplan_output(&p, SG_OUT_FILE, "--waves", vo->waves, NULL);
    if (vo->keep) {
        char path[4400];
        sg_outplan_output(&p, SG_OUT_DIR, "--keep", vo->keep, NULL);
        if (module) {
            snprintf(path, sizeof path, "%s/%s.v", vo->keep, module);
            sg_outplan_output(&p, SG_OUT_FILE, "--keep", path, NULL);
        }
        snprintf(path, sizeof path, "%s/host.script", vo->keep);
        sg_outplan_output(&p, SG_OUT_FILE, "--keep", path, NULL);
        snprintf(path, sizeof path, "%s/sim.out", vo->keep);
        sg_outplan_output(&p, SG_OUT_FILE, "--keep", path, NULL);
    }
    sg_verify_plan_reports(&p, c, vo);
    int rc = sg_cli_check_outputs("verify", &p);
    sg_outplan_free(&p);
    return rc;
}

/* The work directory: --keep DIR, else a new temporary one.  0, or -1
 * after a message. */
static int make_work(verify_run *v, const verify_opts *vo)
{
    if (vo->keep) {
        if (sg_mkdir_p(vo->keep, NULL, 0) < 0) {
            fprintf(stderr, "%s: cannot create: %s\n", vo->keep, strerror(errno));
            return -1;
        }
        snprintf(v->work, sizeof v->work, "%s", vo->keep);
        return 0;
    }
    const char *tmp = getenv("TMPDIR");
    snprintf(v->work, sizeof v->work, "%s/samgen-verify-XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
    if (!mkdtemp(v->work)) {
        fprintf(stderr, "samgen verify: cannot create a temporary directory\n");
        return -1;
    }
    v->made_tmp = 1;
    return 0;
}

/* The top (generated, or --top copied in) and the host script in the work
 * directory.  Returns -1 when they are written, else the exit code. */
static int write_inputs(verify_run *v, const verify_opts *vo)
{
    sg_err e;
    sg_err_clear(&e);
    snprintf(v->top, sizeof v->top, "%s/%s.v", v->work, v->c.design.module);
    snprintf(v->script, sizeof v->script, "%s/host.script", v->work);
    snprintf(v->simout, sizeof v->simout, "%s/sim.out", v->work);
    if (vo->top) {
        /* A hand-modified top (mutation tests): copy it into the work dir. */
        char *cp[] = {"cp", (char *)vo->top, v->top, NULL};
        sg_proc p = {cp, NULL, NULL, 0, NULL, NULL};
        if (access(vo->top, R_OK) != 0 || sg_proc_run(&p, NULL, NULL) != 0) {
            fprintf(stderr, "%s: cannot read\n", vo->top);
            return SG_EXIT_USAGE;
        }
    } else if (sg_emit_write(&v->c.design, v->top, &e) < 0) {
        return sg_cli_report(&e);
    }
    if (sg_verify_write_script(v->script, &v->c, vo->max_cycles, &e) < 0)
        return sg_cli_report(&e);
    return -1;
}

/* --netlist: the top synthesized by Yosys (fpga/netlist.h) into
 * work/<module>_netlist.v, which the simulator builds instead.  Returns
 * -1 when it is written, else the exit code. */
static int make_netlist(verify_run *v, const verify_opts *vo, const char *root)
{
    if (!vo->netlist)
        return -1;
    char rtl[4200];
    if (vo->rtl_dir)
        snprintf(rtl, sizeof rtl, "%s", vo->rtl_dir);
    else
        snprintf(rtl, sizeof rtl, "%s/rtl", root);
    snprintf(v->netlist, sizeof v->netlist, "%s/%s_netlist.v", v->work, v->c.design.module);
    sg_proc_watch w = {"samgen verify", vo->quiet, vo->timeout};
    sg_netlist_job j = {rtl, v->top, v->c.design.module, v->work, v->netlist, &w,
                        SG_NETLIST_GENERIC};
    if (vo->target)
        sg_netlist_target_parse(vo->target, &j.target);
    v->netlist_ice40 = j.target == SG_NETLIST_ICE40;
    sg_err e;
    sg_err_clear(&e);
    int rc = sg_netlist_synth(&j, &e);
    if (rc == SG_PROC_TIMEOUT) {
        fprintf(stderr, "samgen verify: %s\n", e.msg);
        return SG_EXIT_CHECK;
    }
    if (rc < 0)
        return sg_cli_report(&e);
    return -1;
}

static int lockstep_plan(verify_run *v, const verify_opts *vo, sg_simulator sim,
                         char *path, size_t cap);
static int lockstep_passed(const sg_simout *so);
static int load_gold_streams(verify_run *v);
static int exec_and_read(verify_run *v, const verify_opts *vo, sg_simulator sim,
                         const sg_proc_watch *w, int fst, const char *expect);

/* Build and run the simulator, read its output into v->so.  Returns -1
 * when it ran, else the exit code. */
static int simulate(verify_run *v, const verify_opts *vo, const char *root)
{
    sg_err e;
    sg_err_clear(&e);
    sg_simulator sim = strcmp(vo->sim, "verilator") == 0 ? SG_SIM_VERILATOR : SG_SIM_ICARUS;
    sg_proc_watch w = {"samgen verify", vo->quiet, vo->timeout};
    sg_sim_build b = {sim, root, vo->rtl_dir, v->work, v->netlist[0] ? v->netlist : v->top,
                      v->c.design.module,
                      0, vo->no_trace, vo->stall, 0, 0, v->c.crd_width, &w,
                      v->scopes, v->n_scopes, vo->cache_max, NULL};
    sg_gen_host_widths(&v->c, &b.host_addr_width, &b.host_data_width);
    if (vo->waves) {
        size_t wl = strlen(vo->waves);
        b.waves = wl > 4 && strcmp(vo->waves + wl - 4, ".fst") == 0 ? 2 : 1;
    }
    /* What the build's memory sizes, and so its cache key, follow. */
    const gen_opts *go = v->c.go;
    char sizes[160], note[320];
    snprintf(sizes, sizeof sizes, "--max-nnz %ld", go->max_nnz);
    if (go->dim_set)
        snprintf(sizes + strlen(sizes), sizeof sizes - strlen(sizes), " and --dim %ld", go->dim);
    if (go->max_nnz_set)
        snprintf(note, sizeof note, "memories sized by %s: this build is reused for inputs "
                 "up to that size", sizes);
    else
        snprintf(note, sizeof note, "memories sized by the inputs: the build is keyed by "
                 "their sizes (--max-nnz and --dim fix the sizes and avoid rebuilds)");
    b.build_note = note;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int brc = sg_sim_build_run(&b, v->bin, sizeof v->bin, &v->cached, &e);
    if (brc == SG_PROC_TIMEOUT) {
        fprintf(stderr, "samgen verify: %s\n", e.msg);
        return SG_EXIT_CHECK;
    }
    if (brc < 0)
        return sg_cli_report(&e);
    if (v->cached && go->max_nnz_set && !vo->quiet)
        fprintf(stderr, "samgen verify: memories sized by %s: build reused for inputs up to "
                "that size\n", sizes);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    v->build_s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    char expect[4400];
    int rc = lockstep_plan(v, vo, sim, expect, sizeof expect);
    if (rc >= 0)
        return rc;
    rc = exec_and_read(v, vo, sim, &w, b.waves == 2, v->lockstep ? expect : NULL);
    if (rc >= 0 || !v->lockstep || lockstep_passed(&v->so))
        return rc;
    /* The lockstep run stopped or failed: the same binary again, every
     * token recorded, so that the report says all it can. */
    v->lockstep = 0;
    v->lockstep_failed = v->so.lockstep_fail;
    v->lockstep_x = v->so.x;
    if (!vo->quiet && v->so.lockstep_fail)
        fprintf(stderr, "samgen verify: lockstep check: first wrong token on e%lu at token "
                "%llu (cycle %lld); rerunning with every token recorded for the report\n",
                v->so.x.edge, v->so.x.index, v->so.x.cycle);
    else if (!vo->quiet)
        fprintf(stderr, "samgen verify: the lockstep run did not finish cleanly; rerunning "
                "with every token recorded for the report\n");
    sg_simout_free(&v->so);
    free(v->is_val);
    v->is_val = NULL;
    if ((rc = load_gold_streams(v)) >= 0)
        return rc;
    return exec_and_read(v, vo, sim, &w, b.waves == 2, NULL);
}

/* Lockstep checking (Verilator, unless --check after, --trace or
 * --no-trace): the golden streams into work/expect.bin for the harness.
 * Sets v->lockstep; returns -1, or the exit code of a failure. */
static int lockstep_plan(verify_run *v, const verify_opts *vo, sg_simulator sim,
                         char *path, size_t cap)
{
    v->lockstep = sim == SG_SIM_VERILATOR && lockstep_wanted(vo) && v->c.have_spill;
    if (!v->lockstep)
        return -1;
    const sg_graph *g = &v->c.g;
    sg_expect_edge *x = sg_calloc(g->n_edges ? g->n_edges : 1, sizeof *x);
    for (size_t k = 0; k < g->n_edges; k++) {
        x[k].checked = !v->c.design.edge_skip[k];
        x[k].node = (unsigned)g->edges[k].src;
        x[k].width = v->c.design.edge_width[k];
        x[k].is_val = g->edges[k].type == SG_ST_VAL;
    }
    snprintf(path, cap, "%s/expect.bin", v->work);
    sg_err e;
    sg_err_clear(&e);
    int rc = sg_expect_write(path, x, g->n_edges, (unsigned)g->n_nodes, &v->c.spill, &e);
    free(x);
    if (rc < 0)
        return sg_cli_report(&e);
    if (rc > 0) {
        v->lockstep = 0;
        if (!vo->quiet)
            fprintf(stderr, "samgen verify: a golden token does not fit its RTL stream: "
                    "every token is recorded and compared after the run\n");
        return load_gold_streams(v);
    }
    return -1;
}

/* The golden streams from the spill into v->c.gold.edge[].toks, for a
 * comparison after the run.  -1, or the exit code of a failure. */
static int load_gold_streams(verify_run *v)
{
    gen_ctx *c = &v->c;
    sg_err e;
    sg_err_clear(&e);
    for (size_t k = 0; c->have_spill && k < c->g.n_edges && k < c->gold.n_edges; k++)
        if (c->gold.edge[k].toks.n == 0 && sg_spill_load(&c->spill, k, &c->gold.edge[k].toks,
                                                          &e) < 0)
            return sg_cli_report(&e);
    return -1;
}

/* The lockstep harness saw every edge right and the run ended cleanly. */
static int lockstep_passed(const sg_simout *so)
{
    return !so->lockstep_fail && so->lockstep_stats && so->status == 'D' && !so->watchdog &&
           !so->protocol && !so->errors;
}

/* Run the built simulator (into v->simout, read into v->so), checking in
 * lockstep against expect when it is not NULL.  Returns -1 when it ran,
 * else the exit code. */
static int exec_and_read(verify_run *v, const verify_opts *vo, sg_simulator sim,
                         const sg_proc_watch *w, int fst, const char *expect)
{
    sg_err e;
    sg_err_clear(&e);
    /* The simulator dumps into a temporary file renamed into place after
     * the run (a failing run's waveform is the one worth looking at). */
    sg_outfile wf = {0};
    if (vo->waves && sg_outfile_reserve(&wf, vo->waves, &e) < 0)
        return sg_cli_report(&e);
    sg_sim_run r = {sim, v->bin, v->script, v->simout, vo->stall, vo->seed,
                    vo->watchdog, vo->waves ? wf.tmp : NULL, vo->no_trace, w,
                    vo->waves_from, vo->waves_to, v->c.design.module, v->scopes,
                    v->n_scopes, fst, expect, v->netlist[0] ? vo->watchdog : 0};
    int src = sg_sim_exec(&r, &v->times, &e);
    if (src == SG_PROC_TIMEOUT) {
        if (vo->waves)
            sg_outfile_abort(&wf);
        fprintf(stderr, "samgen verify: %s\n", e.msg);
        return SG_EXIT_CHECK;
    }
    if (vo->waves && sg_outfile_commit(&wf, &e) < 0)
        return sg_cli_report(&e);
    v->simulated = 1;
    if (src != 0 && src != 1) {
        sg_sim_show_log(v->simout, 20);
        fprintf(stderr, "samgen verify: simulator exited with %d (log %s)\n", src, v->simout);
        char msg[160];
        snprintf(msg, sizeof msg, "simulator exited with %d", src);
        v->result = "error";
        v->message = sg_strdup(msg);
        return SG_EXIT_CHECK;
    }
    const sg_graph *g = &v->c.g;
    v->is_val = sg_calloc(g->n_edges ? g->n_edges : 1, sizeof *v->is_val);
    for (size_t k = 0; k < g->n_edges; k++)
        v->is_val[k] = g->edges[k].type == SG_ST_VAL;
    if (sg_simout_read(v->simout, g->n_edges, v->c.design.edge_width, v->is_val, &v->so,
                       &e) < 0)
        return sg_cli_report(&e);
    return -1;
}


/* Remove a temporary work directory after a pass; keep it (and say where)
 * after a failure. */
static void verify_free(verify_run *v, int rc)
{
    if (v->made_tmp && rc == SG_EXIT_OK) {
        /* a leftover temporary directory is harmless */
        char *rm[] = {"rm", "-rf", v->work, NULL};
        sg_proc p = {rm, NULL, NULL, 0, NULL, NULL};
        sg_proc_run(&p, NULL, NULL);
    } else if (v->made_tmp && rc != SG_EXIT_OK) {
        fprintf(stderr, "samgen verify: files kept in %s\n", v->work);
    }
    free(v->mm);
    free(v->message);
    sg_stream_file_free(&v->exp);
    sg_stream_file_free(&v->act);
    sg_simout_free(&v->so);
    free(v->is_val);
    for (size_t i = 0; i < v->n_scopes; i++)
        free(v->scopes[i]);
    free(v->scopes);
    sg_gen_ctx_free(&v->c);
}

/* ---- the command -------------------------------------------------------- */

int sg_cmd_verify(int argc, char **argv)
{
    gen_opts go;
    sg_gen_opts_init(&go);
    go.want_streams = 1;
    go.cmd = "verify";
    go.refuse_over = 1;
    verify_opts vo = {"verilator", 0, 1, NULL, NULL, 100000000ULL, 100000, NULL, NULL, 0,
                      NULL, 0, 1, 0, 0, -1, -1, NULL, 0, NULL, 0, NULL};
    int rc = parse_args(&go, &vo, argc, argv);
    if (rc >= 0) {
        sg_gen_opts_free(&go);
        return rc;
    }
    rc = check_outputs(&go, &vo, NULL);
    if (rc >= 0) {
        sg_gen_opts_free(&go);
        return rc;
    }
    verify_run *v = sg_calloc(1, sizeof *v);
    sg_err e;
    sg_err_clear(&e);
    char root[4096];
    rc = SG_EXIT_USAGE;
    if (sg_gen_prepare(&go, &v->c, &e) < 0) {
        rc = sg_cli_report(&e);
        goto out;
    }
    if ((rc = check_outputs(&go, &vo, &v->c)) >= 0)
        goto out;
    if ((rc = match_scopes(v, &vo)) >= 0)
        goto out;
    char why[512] = "";
    if (sg_gen_gold_hw(&v->c, why, sizeof why, &e) < 0) {
        rc = sg_cli_report(&e);
        goto out;
    }
    if (why[0])
        fprintf(stderr, "samgen verify: %s: the RTL's cycles are compared with the "
                "unbounded model's\n", why);
    rc = SG_EXIT_USAGE;
    if (v->c.crd_width_raised)
        printf("crd width %d bits (the default %d is too small for the bound tensors)\n",
               v->c.crd_width, go.crd_width);
    if (make_work(v, &vo) < 0)
        goto out;
    if (sg_source_root(root, sizeof root, &e) < 0) {
        rc = sg_cli_report(&e);
        goto out;
    }
    rc = write_inputs(v, &vo);
    if (rc < 0)
        rc = make_netlist(v, &vo, root);
    if (rc < 0)
        rc = simulate(v, &vo, root);
    if (rc < 0)
        rc = sg_verify_judge(v, &vo);
    if (vo.outdir && v->simulated && v->result && (rc == SG_EXIT_OK || rc == SG_EXIT_CHECK) &&
        sg_verify_write_reports(v, &vo, &e) < 0) {
        e.code = SG_EXIT_USAGE;
        rc = sg_cli_report(&e);
    }
out:
    verify_free(v, rc);
    free(v);
    sg_gen_opts_free(&go);
    return rc;
}
