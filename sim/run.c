/*
 * run.c - run a built simulator and read what it says about itself
 * (see sim.h): the process, its timing, the harness's CPU line, and the
 * report when the watchdog fired.
 */
#include "sim/sim.h"

#include <errno.h>
#include <stdlib.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int sg_sim_run_to(char *const *argv, const char *out_path, int err_too, const char *step,
                  const sg_proc_watch *w, sg_err *e)
{
    sg_proc p = {argv, NULL, out_path, err_too, step, NULL};
    return sg_proc_run(&p, w, e);
}

void sg_sim_show_log(const char *path, int max_lines)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    char line[1024];
    int n = 0;
    while (fgets(line, sizeof line, f) && n++ < max_lines)
        fputs(line, stderr);
    fclose(f);
}

int sg_sim_exec(const sg_sim_run *r, sg_sim_times *t, sg_err *e)
{
    char a_script[4500], a_stall[64], a_seed[64], a_wd[64], a_waves[4200], bin[4800];
    snprintf(bin, sizeof bin, "%s", r->bin);
    snprintf(a_script, sizeof a_script, "+script=%s", r->script);
    snprintf(a_stall, sizeof a_stall, "+stall=%d", r->stall);
    snprintf(a_seed, sizeof a_seed, "+seed=%ld", r->seed);
    snprintf(a_wd, sizeof a_wd, "+watchdog=%ld", r->watchdog);
    snprintf(a_waves, sizeof a_waves, "+waves=%s", r->waves ? r->waves : "");
    char a_from[64], a_to[64];
    snprintf(a_from, sizeof a_from, "+wavesfrom=%lld", r->waves_from);
    snprintf(a_to, sizeof a_to, "+wavesto=%lld", r->waves_to);
    size_t n_scope = r->sim == SG_SIM_VERILATOR && r->waves ? r->n_wave_scopes : 0;
    char **a_scope = sg_calloc(n_scope + 1, sizeof *a_scope);
    for (size_t i = 0; i < n_scope; i++) {
        size_t len = strlen(r->top_module) + strlen(r->wave_scopes[i]) + 32;
        a_scope[i] = sg_malloc(len);
        snprintf(a_scope[i], len, "+wavescope=TOP.%s.%s", r->top_module, r->wave_scopes[i]);
    }
    char **argv = sg_calloc(20 + n_scope, sizeof *argv);
    int na = 0;
    if (r->sim == SG_SIM_ICARUS) {
        argv[na++] = "vvp";
        argv[na++] = "-n";
    }
    argv[na++] = bin;
    /* vvp's own options for the dump format follow the program. */
    if (r->sim == SG_SIM_ICARUS && r->waves && r->waves_fst)
        argv[na++] = "-fst";
    argv[na++] = a_script;
    argv[na++] = a_stall;
    argv[na++] = a_seed;
    argv[na++] = a_wd;
    if (r->waves)
        argv[na++] = a_waves;
    if (r->waves && r->waves_from >= 0)
        argv[na++] = a_from;
    if (r->waves && r->waves_to >= 0)
        argv[na++] = a_to;
    for (size_t i = 0; i < n_scope; i++)
        argv[na++] = a_scope[i];
    if (r->no_trace)
        argv[na++] = "+notrace";
    char a_hwd[64];
    if (r->harness_watchdog > 0 && r->sim == SG_SIM_VERILATOR) {
        snprintf(a_hwd, sizeof a_hwd, "+hwatchdog=%ld", r->harness_watchdog);
        argv[na++] = "+harnesscycle";
        argv[na++] = a_hwd;
    }
    char a_expect[4200];
    if (r->expect && r->sim == SG_SIM_VERILATOR) {
        snprintf(a_expect, sizeof a_expect, "+expect=%s", r->expect);
        argv[na++] = a_expect;
    }
    argv[na] = NULL;
    struct timespec t0, t1;
    struct rusage ru0, ru1;
    getrusage(RUSAGE_CHILDREN, &ru0);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    sg_proc p = {argv, NULL, r->out_path, 0,
                 r->sim == SG_SIM_ICARUS ? "simulating with Icarus" : "simulating with Verilator",
                 "the simulation"};
    int rc = sg_proc_run(&p, r->watch, e);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    for (size_t i = 0; i < n_scope; i++)
        free(a_scope[i]);
    free(a_scope);
    free(argv);
    getrusage(RUSAGE_CHILDREN, &ru1);
    t->wall_s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    t->cpu_s = (double)(ru1.ru_utime.tv_sec - ru0.ru_utime.tv_sec) +
               (double)(ru1.ru_stime.tv_sec - ru0.ru_stime.tv_sec) +
               (double)(ru1.ru_utime.tv_usec - ru0.ru_utime.tv_usec) * 1e-6 +
               (double)(ru1.ru_stime.tv_usec - ru0.ru_stime.tv_usec) * 1e-6;
    return rc;
}

int sg_sim_read_cpu_line(const char *path, unsigned long long *run_cyc, double *run_s,
                         unsigned long long *all_cyc, double *all_s,
                         unsigned long long *peak_kb)
{
    unsigned long long kb = 0;
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    char buf[4097];
    long end = fseek(f, 0, SEEK_END) == 0 ? ftell(f) : -1;
    if (end < 0 || fseek(f, end > 4096 ? end - 4096 : 0, SEEK_SET) != 0) {
        fclose(f);
        return 0;
    }
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    fclose(f);
    buf[n] = '\0';
    int found = 0;
    for (char *p = buf; p; ) {
        if (strncmp(p, "CPU ", 4) == 0 &&
            sscanf(p + 4, "%llu %lf %llu %lf %llu", run_cyc, run_s, all_cyc, all_s, &kb) >= 4)
            found = 1;
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    if (peak_kb)
        *peak_kb = found ? kb : 0;
    return found;
}

static int ends_in_done(const sg_toks *t)
{
    return t->n > 0 && t->t[t->n - 1].kind == SG_TK_DONE;
}

/* Edge k is a FIFO the watchdog saw full: its producer offers a token the
 * FIFO does not take. */
static int edge_full(const sg_simedge *se)
{
    return se->wd_seen && se->up_valid && !se->fifo_in_ready;
}

/* Edge k is an input its consumer still waits on: it never carried D and
 * holds nothing now. */
static int edge_starved(const sg_simedge *se)
{
    return se->wd_seen && !se->fifo_out_valid && !ends_in_done(&se->toks);
}

/* Edge k's head token is offered to its consumer, which does not take it. */
static int edge_held(const sg_simedge *se)
{
    return se->wd_seen && se->fifo_out_valid && !se->down_ready;
}

/* Node i has an output edge the watchdog saw full. */
static int node_blocked(const sg_graph *g, const sg_simout *so, size_t i)
{
    for (size_t k = 0; k < g->n_edges; k++)
        if ((size_t)g->edges[k].src == i && edge_full(&so->edge[k]))
            return 1;
    return 0;
}

/* Node i's input edges that pass test, as " e3 (4 tokens, what)"; 0 when
 * there are none. */
static int print_inputs(FILE *out, const sg_graph *g, const sg_simout *so, size_t i,
                        int (*test)(const sg_simedge *), const char *what)
{
    int n = 0;
    for (size_t k = 0; k < g->n_edges; k++)
        if ((size_t)g->edges[k].dst == i && test(&so->edge[k])) {
            fprintf(out, " e%zu (%zu tokens, %s)", k, so->edge[k].toks.n, what);
            n++;
        }
    return n;
}

static int has_input(const sg_graph *g, const sg_simout *so, size_t i,
                     int (*test)(const sg_simedge *))
{
    for (size_t k = 0; k < g->n_edges; k++)
        if ((size_t)g->edges[k].dst == i && test(&so->edge[k]))
            return 1;
    return 0;
}

/* The nodes that still wait, none of whose outputs is blocked: for input
 * (an input edge that never carried D and holds nothing now), or on a
 * token they hold (an input edge whose head token they do not take: the
 * node waits for something inside it, such as a writer's address queue).
 * When no edge shows either, the level writers are named, since one of
 * them has not finished although every stream ended. */
static void report_waiting(FILE *out, const sg_graph *g, const sg_simout *so)
{
    char a[160];
    int any = 0;
    for (size_t i = 0; i < g->n_nodes; i++) {
        if (node_blocked(g, so, i))
            continue;
        if (has_input(g, so, i, edge_starved)) {
            fprintf(out, "  waiting: %s, for input", sg_graph_node_desc(&g->nodes[i], a, sizeof a));
            print_inputs(out, g, so, i, edge_starved, "no D");
        } else if (has_input(g, so, i, edge_held)) {
            fprintf(out, "  waiting: %s, not taking input", sg_graph_node_desc(&g->nodes[i], a, sizeof a));
            print_inputs(out, g, so, i, edge_held, "head token offered");
        } else {
            continue;
        }
        fprintf(out, "\n");
        any = 1;
    }
    if (any)
        return;
    fprintf(out, "  waiting: no node waits on an edge (every stream is empty or ended); "
            "unfinished among the writers:");
    for (size_t i = 0; i < g->n_nodes; i++)
        if (g->nodes[i].kind == SG_NK_FIBERWRITE) {
            fprintf(out, "%s %s", any ? "," : "", sg_graph_node_desc(&g->nodes[i], a, sizeof a));
            any = 1;
        }
    fprintf(out, "%s\n", any ? "" : " none in the graph");
}

void sg_sim_report_protocol(FILE *out, const sg_graph *g, const char *module,
                            const sg_simout *so)
{
    char a[160], b[160];
    const sg_edge *ed = &g->edges[so->protocol_edge];
    fprintf(out, "FAIL %s: stream contract broken on e%lu: %s -> %s at cycle %llu: %s "
            "(a token offered and not taken must stay offered, unchanged)\n",
            g->name[0] ? g->name : module, so->protocol_edge,
            sg_graph_node_desc(&g->nodes[ed->src], a, sizeof a),
            sg_graph_node_desc(&g->nodes[ed->dst], b, sizeof b),
            (unsigned long long)so->protocol_cycle, so->protocol_what);
}

void sg_sim_report_stuck(FILE *out, const sg_graph *g, const char *module,
                         const sg_simout *so)
{
    char a[160], b[160];
    fprintf(out, "STUCK %s: no token moved for the watchdog period (at cycle %llu)\n",
            g->name[0] ? g->name : module, (unsigned long long)so->cycles);
    int any = 0;
    for (size_t k = 0; k < g->n_edges; k++) {
        const sg_simedge *se = &so->edge[k];
        if (edge_full(se)) {
            const sg_edge *ed = &g->edges[k];
            fprintf(out, "  full FIFO e%zu: %s -> %s (%zu tokens so far)\n", k,
                    sg_graph_node_desc(&g->nodes[ed->src], a, sizeof a),
                    sg_graph_node_desc(&g->nodes[ed->dst], b, sizeof b), se->toks.n);
            any = 1;
        }
    }
    if (!any)
        fprintf(out, "  no FIFO is full\n");
    report_waiting(out, g, so);
}
