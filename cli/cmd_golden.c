/*
 * cmd_golden.c - samgen golden: run a SAM graph on tensors with the golden
 * model and write the output tensors, report.json and (optionally) one
 * trace file per edge.
 *
 *   samgen golden GRAPH.gv -t B=FILE -t C=FILE [-t b=5] -o OUTDIR
 *          [--trace DIR] [--cycles] [--fifo-depth N] [--skip T] [--width-val W]
 *
 * Exit codes: 0 ran, 1 deadlock or cycle limit or a graph that fails its
 * checks, 2 bad usage / bad input / graph not executable.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/value.h"
#include "golden/golden.h"
#include "graph/skip_plan.h"
#include "cli/cli.h"
#include "cli/opt.h"
#include "core/intparse.h"
#include "core/outfile.h"
#include "graph/graph.h"

const char sg_cmd_golden_usage[] =
    "usage: samgen golden GRAPH.gv -t NAME=FILE|NAME=INT ... -o OUTDIR [options]\n"
    "\n"
    "Runs the graph on the bound tensors with the golden model and writes\n"
    "OUTDIR/<out>.tns, OUTDIR/<out>/ (SAM-formatted arrays) and\n"
    "OUTDIR/report.json (tokens per edge, peak FIFO occupancy, cycles).\n";
const char sg_cmd_golden_notes[] = "";

/* -t NAME=FILE or NAME=INT: an integer that names no file binds a scalar.
 * Returns 0, or the usage exit code (message printed). */
static int parse_binding(char *arg, golden_binding *b)
{
    char *eq = strchr(arg, '=');
    if (!eq || eq == arg || !eq[1])
        return sg_cli_usage_error("golden", "-t expects NAME=FILE or NAME=INT, got '%s'", arg);
    *eq = 0;
    b->name = arg;
    struct stat st;
    if (sg_int_syntax_ok(eq + 1) && stat(eq + 1, &st) != 0) {
        int64_t v;
        char opt[300];
        snprintf(opt, sizeof opt, "-t %.280s", arg);
        if (sg_cli_int("golden", opt, eq + 1, INT64_MIN, INT64_MAX, &v))
            return SG_EXIT_USAGE;
        b->is_scalar = 1;
        b->scalar = v;
    } else {
        b->path = eq + 1;
    }
    return 0;
}

typedef struct golden_args {
    golden_opts *o;
    const char **outdir, *graph;
    golden_binding *b;
    int *nb;
    int npos;
    int *type_vt;
    char *width_opt;
    size_t width_cap;
} golden_args;

/* One option or argument (sg_opt_fn).  The numeric options are
 * range-checked with their own messages. */
static int on_opt(void *ctx, sg_opt_id id, const char *spelled, const char *arg)
{
    golden_args *ga = ctx;
    golden_opts *o = ga->o;
    int64_t v;
    int rc;
    sg_err e;
    sg_err_clear(&e);
    switch (id) {
    case SG_OPT_ARG:
        ga->npos++;
        ga->graph = arg;
        return 0;
    case SG_OPT_TENSOR:
        if ((rc = parse_binding((char *)arg, &ga->b[*ga->nb])) != 0)
            return rc;
        (*ga->nb)++;
        return 0;
    case SG_OPT_OUT: *ga->outdir = arg; return 0;
    case SG_OPT_TRACE_DIR: o->trace_dir = arg; return 0;
    case SG_OPT_CYCLES: o->engine = GOLDEN_CYCLE; return 0;
    case SG_OPT_SCALE:
        return sg_cli_scale("golden", spelled, arg, &o->read.scale);
    case SG_OPT_FIFO_DEPTH:
        if (sg_cli_int("golden", spelled, arg, 1, SG_FIFO_DEPTH_MAX, &v))
            return SG_EXIT_USAGE;
        o->fifo_depth = (size_t)v;
        return 0;
    case SG_OPT_SKIP:
        if (sg_int_parse(spelled, arg, 0, SG_SKC_T_MAX, &v, &e) < 0 || !sg_skc_size_ok((long)v))
            return sg_cli_usage_error("golden", "%s expects a CAM size 0 or a power of two "
                                   "up to %d, got '%s'", spelled, SG_SKC_T_MAX, arg);
        o->skip = (int)v;
        if (v)
            o->engine = GOLDEN_CYCLE;
        return 0;
    case SG_OPT_WIDTH_VAL:
        if (sg_cli_int("golden", spelled, arg, 1, 64, &v))
            return SG_EXIT_USAGE;
        o->width = (int)v;
        snprintf(ga->width_opt, ga->width_cap, "%s %s", spelled, arg);
        return 0;
    case SG_OPT_TYPE:
        return sg_cli_type_parse("golden", arg, ga->type_vt);
    case SG_OPT_MAX_CYCLES:
        if (sg_cli_int("golden", spelled, arg, 1, INT64_MAX, &v))
            return SG_EXIT_USAGE;
        o->max_cycles = (uint64_t)v;
        return 0;
    case SG_OPT_MEM:
        if (sg_cli_int("golden", spelled, arg, 1, INT64_MAX, &v))
            return SG_EXIT_USAGE;
        o->mem.buffer_bytes = (uint64_t)v;
        return 0;
    case SG_OPT_MEM_LINE:
        if (sg_cli_int("golden", spelled, arg, 1, 1 << 20, &v))
            return SG_EXIT_USAGE;
        o->mem.line_bytes = (uint64_t)v;
        return 0;
    case SG_OPT_DRAM_BW:
        if (sg_cli_int("golden", spelled, arg, 1, 1 << 20, &v))
            return SG_EXIT_USAGE;
        o->mem.bw = (uint64_t)v;
        return 0;
    case SG_OPT_DRAM_LATENCY:
        if (sg_cli_int("golden", spelled, arg, 0, INT64_MAX, &v))
            return SG_EXIT_USAGE;
        o->mem.latency = (uint64_t)v;
        return 0;
    default:
        return sg_cli_usage_error("golden", "unknown option '%s'", spelled);
    }
}

/* The command line into o, *outdir, *graph and the bindings b[*nb] (b holds
 * argc entries).  Returns -1 to go on, or the exit code (message printed). */
static int parse_args(int argc, char **argv, golden_opts *o,
                      const char **outdir, const char **graph,
                      golden_binding *b, int *nb,
                      int *type_vt, char *width_opt, size_t width_cap)
{
    golden_args ga = {o, outdir, NULL, b, nb, 0, type_vt, width_opt, width_cap};
    int rc = sg_opt_parse("golden", argc, argv, on_opt, &ga);
    if (rc != 0)
        return rc < 0 ? SG_EXIT_OK : rc;
    if (ga.npos != 1)
        return sg_cli_usage_error("golden", "expected one graph file (see samgen help golden)");
    if (!*outdir)
        return sg_cli_usage_error("golden", "missing -o OUTDIR");
    if (o->fifo_depth && o->engine != GOLDEN_CYCLE)
        o->engine = GOLDEN_CYCLE;
    sg_mem_opts dm;
    sg_mem_opts_default(&dm);
    if (!o->mem.buffer_bytes && (o->mem.line_bytes != dm.line_bytes || o->mem.bw != dm.bw ||
                                 o->mem.latency != dm.latency))
        return sg_cli_usage_error("golden", "--mem-line, --dram-bw and --dram-latency "
                                  "set the memory model, which --mem BYTES turns on");
    if (o->mem.buffer_bytes && o->mem.buffer_bytes < o->mem.line_bytes)
        return sg_cli_usage_error("golden", "--mem %llu is smaller than one line of %llu "
                                  "bytes (--mem-line)",
                                  (unsigned long long)o->mem.buffer_bytes,
                                  (unsigned long long)o->mem.line_bytes);
    *graph = ga.graph;
    return -1;
}

/* The value type from --type, --width and the bound files into o. */
static int choose_type(const golden_binding *b, int nb, int type_vt,
                       const char *width_opt, golden_opts *o)
{
    sg_vt_file *f = sg_calloc((size_t)nb + 1, sizeof *f);
    for (int i = 0; i < nb; i++) {
        f[i].path = b[i].path;
        f[i].name = b[i].name;
    }
    int vt, rc = 0;
    sg_err e;
    sg_err_clear(&e);
    if (sg_cli_value_type("golden", type_vt, o->width, *width_opt ? width_opt : NULL,
                          o->read.scale, f, nb, 0, &vt, &e) < 0)
        rc = sg_cli_report(&e);
    free(f);
    if (rc == 0) {
        o->vt = sg_vt_is_fp(vt) ? vt : 0;
        o->width = sg_vt_width(vt);
    }
    return rc;
}

/* The one line a successful run prints. */
static void print_summary(const sg_graph *g, const golden_opts *o,
                          const golden_result *r)
{
    printf("%s: %llu tokens on %zu edges", g->name,
           (unsigned long long)r->tokens_total, r->n_edges);
    if (o->engine == GOLDEN_CYCLE)
        printf(", %llu cycles", (unsigned long long)r->cycles);
    for (int i = 0; i < r->n_out; i++)
        printf(", %s: %zu entries", r->out[i].name, r->out[i].coo.nnz);
    if (r->mem)
        printf(", DRAM %llu bytes fetched and %llu written, >= %llu cycles",
               (unsigned long long)sg_mem_fetched_bytes(r->mem),
               (unsigned long long)r->mem->written_bytes,
               (unsigned long long)sg_mem_dram_cycles(r->mem));
    printf("\n");
}

/* What a run reads and writes: the graph, the bound files, OUTDIR with
 * report.json and per output tensor X.tns and the SAM directory X/, the
 * trace directory with one file per edge.  Returns -1 when the outputs
 * are fine, else the exit code. */
static int check_outputs(const char *graph, const sg_graph *g, const golden_binding *b,
                         int nb, const golden_opts *o, const char *outdir)
{
    sg_outplan p;
    sg_outplan_init(&p);
    sg_outplan_input(&p, graph);
    for (int i = 0; i < nb; i++)
        sg_outplan_input(&p, b[i].path);
    char path[4400], nm[128];
    sg_outplan_output(&p, SG_OUT_DIR, "-o", outdir, NULL);
    snprintf(path, sizeof path, "%s/report.json", outdir);
    sg_outplan_output(&p, SG_OUT_FILE, "-o", path, NULL);
    for (int t = 0; t < g->n_tensors; t++) {
        const sg_tensor_decl *d = &g->tensors[t];
        if (!d->is_output)
            continue;
        snprintf(path, sizeof path, "%s/%s.tns", outdir, d->name);
        sg_outplan_output(&p, SG_OUT_FILE, "-o", path, NULL);
        snprintf(path, sizeof path, "%s/%s", outdir, d->name);
        if (d->fmt.order > 0)
            sg_outplan_output(&p, SG_OUT_SAMDIR, "-o", path, d->name);
    }
    if (o->trace_dir) {
        sg_outplan_output(&p, SG_OUT_DIR, "--trace", o->trace_dir, NULL);
        for (size_t i = 0; i < g->n_edges; i++) {
            snprintf(path, sizeof path, "%s/%s.txt", o->trace_dir,
                     sg_golden_edge_name(g, i, nm));
            sg_outplan_output(&p, SG_OUT_FILE, "--trace", path, NULL);
        }
    }
    int rc = sg_cli_check_outputs("golden", &p);
    sg_outplan_free(&p);
    return rc;
}

/* Run the graph and write its outputs and report into outdir; a deadlock
 * still writes the report, then is reported.  *wrote tells whether the
 * report was written.  Returns the exit code. */
static int run_and_write(const sg_graph *g, const golden_binding *b, int nb,
                         const golden_opts *o, const char *outdir, int *wrote,
                         sg_err *e)
{
    golden_result r;
    int rc;
    if (sg_golden_run(g, b, nb, o, &r, e) < 0) {
        rc = sg_cli_report(e);
    } else {
        char path[4096];
        snprintf(path, sizeof path, "%s/report.json", outdir);
        sg_err e2;
        sg_err_clear(&e2);
        if ((!r.deadlock && sg_golden_write_outputs(outdir, &r, &e2) < 0) ||
            sg_golden_write_report(path, g, o, &r, &e2) < 0) {
            rc = sg_cli_report(&e2);
        } else if (r.deadlock) {
            *wrote = 1;
            rc = sg_cli_report(e);
        } else {
            *wrote = 1;
            print_summary(g, o, &r);
            rc = SG_EXIT_OK;
        }
    }
    sg_golden_result_free(&r);
    return rc;
}

int sg_cmd_golden(int argc, char **argv)
{
    golden_opts o;
    sg_golden_opts_default(&o);
    const char *outdir = NULL;
    golden_binding *b = sg_calloc((size_t)argc + 1, sizeof *b);
    int nb = 0, type_vt = 0;
    const char *graph = NULL;
    char width_opt[96] = "";
    int rc = parse_args(argc, argv, &o, &outdir, &graph, b, &nb, &type_vt, width_opt,
                        sizeof width_opt);
    if (rc >= 0)
        goto out;
    if ((rc = choose_type(b, nb, type_vt, width_opt, &o)) != 0)
        goto out;
    rc = SG_EXIT_USAGE;
    sg_graph g;
    sg_err e;
    sg_err_clear(&e);
    memset(&g, 0, sizeof g);
    /* Directories this run creates go again when it fails; ones that
     * existed stay as they were (every file is renamed into place only
     * when complete). */
    sg_outdir od = {NULL}, td = {NULL};
    int wrote = 0;
    if (sg_cli_graph_load("golden", graph, &g, SG_LOAD_RUN, &e) < 0) {
        rc = sg_cli_report(&e);
    } else if (!type_vt && !*width_opt && !sg_vt_is_fp(o.vt) && sg_graph_has_fp(&g) &&
               (rc = choose_type(b, nb, SG_VT_FP32, width_opt, &o)) != 0) {
        /* refused */
    } else if ((rc = check_outputs(graph, &g, b, nb, &o, outdir)) >= 0) {
        /* refused */
    } else if (sg_outdir_make(&od, outdir, &e) < 0 ||
               (o.trace_dir && sg_outdir_make(&td, o.trace_dir, &e) < 0)) {
        fprintf(stderr, "samgen golden: %s\n", e.msg);
        rc = SG_EXIT_USAGE;
    } else {
        rc = run_and_write(&g, b, nb, &o, outdir, &wrote, &e);
    }
    if (rc != SG_EXIT_OK && !wrote) {
        sg_outdir_undo(&td);
        sg_outdir_undo(&od);
    }
    sg_outdir_keep(&td);
    sg_outdir_keep(&od);
    sg_graph_free(&g);
out:
    free(b);
    return rc;
}
