/*
 * verify_judge.c - samgen verify's verdict on a simulation (cmd_verify.c
 * runs the steps): STUCK with the watchdog's report, a hardware error, not
 * done, FAIL with the first mismatches, or PASS with the cycles, what was
 * compared and the simulation's speed and memory.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "cli/cli.h"
#include "cli/verify.h"

/* Simulation speed: from the harness's CPU line when there is one. */
static void print_speed(const verify_run *v)
{
    unsigned long long run_cyc = 0, all_cyc = 0, sim_kb = 0;
    double run_cpu = 0.0, all_cpu = 0.0;
    double sim_s = v->times.wall_s, cpu_s = v->times.cpu_s;
    int have = sg_sim_read_cpu_line(v->simout, &run_cyc, &run_cpu, &all_cyc, &all_cpu, &sim_kb);
    if (have)
        printf("simulation: %.3f s wall, %.3f s CPU; run (start to done): %llu cycles, "
               "%.3f s CPU, %.0f cycles per CPU second; all: %llu cycles incl. host "
               "load and read-back, %.0f cycles per CPU second\n",
               sim_s, cpu_s, run_cyc, run_cpu,
               run_cpu > 0 ? (double)run_cyc / run_cpu : 0.0, all_cyc,
               cpu_s > 0 ? (double)all_cyc / cpu_s : 0.0);
    else
        printf("simulation: %.3f s wall, %.3f s CPU, %.0f kernel cycles per CPU second "
               "(CPU time includes load and read-back)\n", sim_s, cpu_s,
               cpu_s > 0 ? (double)v->so.cycles / cpu_s : 0.0);
    struct rusage ru;
    long self_kb = getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : 0;
    printf("checking: %s%s; build %.1f s%s; peak memory: samgen %.1f MiB",
           v->lockstep ? "in lockstep, every edge as its tokens crossed"
           : v->c.go->want_streams ? "after the run, every token recorded"
                                   : "output memories only (--no-trace)",
           !v->netlist[0] ? "" : v->netlist_ice40 ? ", of Yosys's iCE40 netlist (its cell models)"
                                                  : ", of Yosys's gate-level netlist",
           v->build_s, v->cached ? " (cached)" : "", (double)self_kb / 1024.0);
    if (have && sim_kb)
        printf(", simulator %.1f MiB", (double)sim_kb / 1024.0);
    printf("\n");
}

typedef void report_fn(FILE *out, const sg_graph *g, const char *module,
                       const sg_simout *so);

/* Print a failure report on stdout and keep it as the run's message, which
 * goes into -o DIR's reports (printed only, when no memory stream opens). */
static void report(verify_run *v, report_fn *fn)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *mf = open_memstream(&buf, &len);
    if (!mf) {
        fn(stdout, &v->c.g, v->c.design.module, &v->so);
        return;
    }
    fn(mf, &v->c.g, v->c.design.module, &v->so);
    fclose(mf);
    fputs(buf, stdout);
    v->message = buf;
}

/* Judge the simulation: STUCK, not done, FAIL with the first mismatch, or
 * PASS with the figures.  Returns the exit code. */
int sg_verify_judge(verify_run *v, const verify_opts *vo)
{
    sg_err e;
    sg_err_clear(&e);
    const gen_ctx *c = &v->c;
    const sg_cmp_result *r = &v->cmp;
    if (v->so.protocol) {
        report(v, sg_sim_report_protocol);
        v->result = "protocol";
        return SG_EXIT_CHECK;
    }
    char errmsg[320] = "";
    if (v->so.errors) {
        char names[200];
        sg_sim_error_names(v->so.errors, names, sizeof names);
        snprintf(errmsg, sizeof errmsg, "FAIL %s: error_o = %u (%s)", c->design.module,
                 v->so.errors, names);
        printf("%s\n", errmsg);
    }
    if (v->so.watchdog || v->so.status == 'F') {
        report(v, sg_sim_report_stuck);
        v->result = "stuck";
        /* A wrong token before the stall is usually the cause. */
        if (sg_verify_compare(v, vo, &e) == 0 && r->mismatch && r->cycle >= 0)
            printf("first wrong token before the stall:\n%s", r->report);
        return SG_EXIT_CHECK;
    }
    if (v->so.errors) {
        v->result = "hardware error";
        v->message = sg_strdup(errmsg);
        if (sg_verify_compare(v, vo, &e) < 0)
            v->compared = 0;
        return SG_EXIT_CHECK;
    }
    if (v->so.status != 'D') {
        char msg[200];
        snprintf(msg, sizeof msg, "FAIL %s: not done after %llu cycles (--max-cycles)",
                 c->design.module, (unsigned long long)v->so.cycles);
        printf("%s\n", msg);
        v->result = "not done";
        v->message = sg_strdup(msg);
        if (sg_verify_compare(v, vo, &e) < 0)
            v->compared = 0;
        return SG_EXIT_CHECK;
    }
    if (sg_verify_compare(v, vo, &e) < 0)
        return sg_cli_report(&e);
    const char *kernel = c->g.name[0] ? c->g.name : c->design.module;
    char xline[400] = "";
    if (v->lockstep_failed)
        sg_verify_lockstep_line(v, xline, sizeof xline);
    if (v->lockstep_failed && !r->mismatch) {
        /* Same binary, seed and inputs: the two runs must agree. */
        char msg[1024];
        snprintf(msg, sizeof msg, "FAIL %s: %s; the rerun that recorded every token "
                 "matches the golden model (the simulation is not reproducible)", kernel, xline);
        printf("%s\n", msg);
        v->result = "fail";
        v->message = sg_strdup(msg);
        return SG_EXIT_CHECK;
    }
    if (r->mismatch) {
        printf("FAIL %s: golden %llu cycles, RTL %llu cycles\n", kernel,
               sg_gen_gold_cycles(c), (unsigned long long)v->so.cycles);
        if (xline[0])
            printf("%s\n", xline);
        for (size_t i = 0; i < v->n_mm && i < (size_t)vo->max_mismatches; i++)
            fputs(v->mm[i].report, stdout);
        v->result = "fail";
        return SG_EXIT_CHECK;
    }
    size_t n_perf = 0;
    char perf_msg[400];
    if (c->design.n_perf && !vo->no_trace &&
        sg_verify_check_counters(v, &n_perf, perf_msg, sizeof perf_msg)) {
        printf("FAIL %s: %s\n", kernel, perf_msg);
        v->result = "fail";
        v->message = sg_strdup(perf_msg);
        return SG_EXIT_CHECK;
    }
    v->result = "pass";
    printf("PASS %s: %zu streams, %zu tokens, golden %llu cycles, RTL %llu cycles%s\n",
           kernel, r->n_streams, r->n_tokens, sg_gen_gold_cycles(c),
           (unsigned long long)v->so.cycles,
           strcmp(vo->sim, "verilator") == 0 && v->cached ? " (cached build)" : "");
    if (c->have_gold_hw)
        printf("cycles: RTL %llu, golden %llu at the top's FIFO depths (RTL/golden %.3f), "
               "%llu with unbounded FIFOs as in the SAM simulator\n",
               (unsigned long long)v->so.cycles, sg_gen_gold_cycles(c),
               sg_gen_gold_cycles(c) ? (double)v->so.cycles / (double)sg_gen_gold_cycles(c) : 0.0,
               (unsigned long long)c->gold.cycles);
    size_t n_skip_e = 0, n_skip_x = 0;
    for (size_t k = 0; k < c->g.n_edges; k++)
        n_skip_e += c->design.edge_skip[k] != 0;
    for (size_t i = 0; i < c->g.n_nodes; i++)
        n_skip_x += c->design.node_skip[i] > 0 && c->g.nodes[i].kind == SG_NK_INTERSECT;
    if (n_skip_x)
        printf("skipping: %zu intersector(s), %zu scanner stream(s) not compared "
               "(they skip); every other stream compared\n", n_skip_x, n_skip_e);
    if (c->design.n_perf && vo->no_trace)
        printf("counters: %d words read back, not checked (--no-trace)\n", c->design.n_perf);
    else if (c->design.n_perf)
        printf("counters: %zu of %d words checked against the traces%s\n", n_perf,
               c->design.n_perf, c->design.perf_mode == SG_PERF_EDGES ?
               " (the backpressure words have no trace counterpart)" : "");
    print_speed(v);
    return SG_EXIT_OK;
}
