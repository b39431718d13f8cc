/*
 * cmd_area.c - samgen area: synthesize with Yosys, report area and fmax.
 *
 *   samgen area GRAPH.gv [gen options] [area options]
 *       generate the accelerator (samgen gen, same options) and synthesize
 *       its top; one report row per primitive instance
 *   samgen area --prim NAME [--param K=V ...] [--sweep P=a,b,c] [area options]
 *       synthesize one rtl/ primitive at the given parameters
 *
 * The work happens in a directory per run (-o, default out/area/<name>)
 * that holds design.ys, the Yosys and nextpnr logs and their JSON outputs;
 * the exact commands are printed so that a run can be repeated by hand.
 * Exit status: 0 done, 1 a tool failed or the Yosys log shows a problem
 * (latch, multiple drivers, port width mismatch, logic loop), 2 bad usage.
 *
 * Sections: options; kernel; primitive; entry point.
 */
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/cli.h"
#include "core/outfile.h"
#include "cli/opt.h"
#include "core/paths.h"
#include "core/textscan.h"
#include "fpga/area.h"

const char sg_cmd_area_usage[] =
    "usage: samgen area GRAPH.gv [gen options] [options]\n"
    "       samgen area --prim NAME [--param K=V ...] [--sweep P=a,b,c] [options]\n"
    "\n"
    "Synthesize the generated accelerator of GRAPH.gv (running 'samgen gen'\n"
    "with the gen options given) or one rtl/ primitive with Yosys, and report\n"
    "per primitive instance and in total: cells by type, flip-flops, LUTs,\n"
    "carry cells, block RAMs, DSPs (FPGA targets) or a CMOS transistor\n"
    "estimate (generic).  For iCE40, nextpnr places and routes the design out\n"
    "of context (four pins, no PCF) and the achieved fmax is reported, or that\n"
    "the design does not fit.\n"
    "\n"
    "With a graph, the gen options below are passed to 'samgen gen'\n"
    "unchanged, and so is everything after --.\n";
const char sg_cmd_area_notes[] =
    "Yosys scripts: fpga/synth_<target>.ys, run in the work directory on its\n"
    "design.ys.  Each Yosys and nextpnr run is announced on stderr (a line\n"
    "when it starts, and every 10 s while it runs when stderr is a terminal).\n";

/* ---- options --------------------------------------------------------------------- */

#define MAX_PARAMS 32
#define MAX_SWEEP 64
#define MAX_FWD 128

typedef struct area_opts {
    const char *graph, *prim, *out, *plot, *rtl;
    area_target target;
    area_device device;
    int pnr, json;
    int units;                /* --units: each fp unit on its own too */
    int quiet;                /* -q: no progress lines */
    int timeout;              /* --timeout S per tool run; 0 none */
    sg_proc_watch watch;
    double freq;
    const char *pkeys[MAX_PARAMS + 1], *pvals[MAX_PARAMS + 1];
    char pbuf[MAX_PARAMS][256];
    size_t n_params;
    char sweep_param[64];
    char sweep_buf[1024];
    const char *sweep_vals[MAX_SWEEP];
    size_t n_sweep;
    const char *fwd[MAX_FWD];
    size_t n_fwd;
    char fwd_name[MAX_FWD][32];   /* forwarded options' names as spelled */
    const char *gen_opt;          /* the first gen option given */
    char root[1024];
} area_opts;

static int split_kv(const char *s, char *buf, size_t n, const char **k,
                    const char **v)
{
    snprintf(buf, n, "%s", s);
    char *eq = strchr(buf, '=');
    if (!eq || eq == buf || !eq[1])
        return -1;
    *eq = '\0';
    *k = buf;
    *v = eq + 1;
    return 0;
}

static int is_gv(const char *s)
{
    size_t n = strlen(s);
    return (n > 3 && strcmp(s + n - 3, ".gv") == 0) ||
           (n > 4 && strcmp(s + n - 4, ".dot") == 0);
}

/* --sweep P=a,b,c.  0, or SG_EXIT_USAGE after the message. */
static int parse_sweep(area_opts *o, const char *arg)
{
    const char *cmd = "area";
    const char *k, *v;
    char tmp[1024];
    if (split_kv(arg, tmp, sizeof tmp, &k, &v) != 0)
        return sg_cli_usage_error(cmd, "--sweep wants P=a,b,c, not '%s'", arg);
    if (strlen(k) >= sizeof o->sweep_param)
        return sg_cli_usage_error(cmd, "--sweep parameter name too long");
    snprintf(o->sweep_param, sizeof o->sweep_param, "%.63s", k);
    snprintf(o->sweep_buf, sizeof o->sweep_buf, "%s", v);
    o->n_sweep = 0;
    char *save = NULL;
    for (char *t = strtok_r(o->sweep_buf, ",", &save); t;
         t = strtok_r(NULL, ",", &save)) {
        if (o->n_sweep == MAX_SWEEP)
            return sg_cli_usage_error(cmd, "too many sweep values");
        o->sweep_vals[o->n_sweep++] = t;
    }
    if (o->n_sweep == 0)
        return sg_cli_usage_error(cmd, "--sweep has no values");
    return 0;
}

static int forward(area_opts *o, const char *a)
{
    if (o->n_fwd == MAX_FWD)
        return sg_cli_usage_error("area", "too many options");
    o->fwd[o->n_fwd++] = a;
    return 0;
}

/* One option or argument (sg_opt_fn). */
static int on_opt(void *ctx, sg_opt_id id, const char *a, const char *next)
{
    const char *cmd = "area";
    area_opts *o = ctx;
    switch (id) {
    case SG_OPT_ARG:
        if (!a && !o->graph && is_gv(next)) {
            o->graph = next;
            return 0;
        }
        return forward(o, next);
    case SG_OPT_TARGET:
        if (sg_area_target_parse(next, &o->target) != 0)
            return sg_cli_usage_error(cmd, "unknown target '%s' (generic, ice40, xilinx)", next);
        return 0;
    case SG_OPT_DEVICE:
        if (sg_area_device_parse(next, &o->device) != 0)
            return sg_cli_usage_error(cmd, "unknown device '%s' (hx8k, up5k)", next);
        return 0;
    case SG_OPT_NO_PNR: o->pnr = 0; return 0;
    case SG_OPT_FREQ: {
        char *endp;
        o->freq = strtod(next, &endp);
        if (*endp || o->freq <= 0 || o->freq > 1000)
            return sg_cli_usage_error(cmd, "bad %s '%s'", a, next);
        return 0;
    }
    case SG_OPT_JSON: o->json = 1; return 0;
    case SG_OPT_UNITS: o->units = 1; return 0;
    case SG_OPT_QUIET: o->quiet = 1; return 0;
    case SG_OPT_TIMEOUT: {
        int64_t t;
        if (sg_cli_int(cmd, a, next, 1, SG_TIMEOUT_MAX, &t))
            return SG_EXIT_USAGE;
        o->timeout = (int)t;
        return 0;
    }
    case SG_OPT_PLOT: o->plot = next; return 0;
    case SG_OPT_OUT: o->out = next; return 0;
    case SG_OPT_RTL_DIR: o->rtl = next; return 0;
    case SG_OPT_PRIM: o->prim = next; return 0;
    case SG_OPT_PARAM: {
        if (o->n_params == MAX_PARAMS)
            return sg_cli_usage_error(cmd, "too many --param");
        size_t k = o->n_params;
        if (split_kv(next, o->pbuf[k], sizeof o->pbuf[k], &o->pkeys[k],
                     &o->pvals[k]) != 0)
            return sg_cli_usage_error(cmd, "--param wants K=V, not '%s'", next);
        o->n_params++;
        return 0;
    }
    case SG_OPT_SWEEP:
        return parse_sweep(o, next) != 0 ? SG_EXIT_USAGE : 0;
    default: {
        /* gen's rows (cli/options.def, SG_GEN_ROWS; area's own -o and
         * --freq are taken above): passed on as given (name, then value). */
        if (!sg_opt_takes("gen", id))
            return sg_cli_usage_error(cmd, "unknown option '%s'", a);
        if (o->n_fwd + 2 > MAX_FWD)
            return sg_cli_usage_error(cmd, "too many options");
        char *nm = o->fwd_name[o->n_fwd];
        snprintf(nm, sizeof o->fwd_name[0], "%s", a);
        if (!o->gen_opt)
            o->gen_opt = nm;
        o->fwd[o->n_fwd++] = nm;
        o->fwd[o->n_fwd++] = next;
        return 0;
    }
    }
}

/* Returns 0, or the exit code after the message (-1 after --help). */
static int parse_opts(int argc, char **argv, area_opts *o)
{
    const char *cmd = "area";
    memset(o, 0, sizeof *o);
    o->pnr = 1;
    int rc = sg_opt_parse(cmd, argc, argv, on_opt, o);
    if (rc != 0)
        return rc;
    if (!o->prim && !o->graph)
        return sg_cli_usage_error(cmd, "give a graph (GRAPH.gv) or --prim NAME");
    if (o->prim && o->graph)
        return sg_cli_usage_error(cmd, "give either a graph or --prim, not both");
    if (o->prim && o->gen_opt)
        return sg_cli_usage_error(cmd, "%s is an option of 'samgen gen': give it "
                                  "with a graph, not with --prim", o->gen_opt);
    if (o->prim && o->n_fwd)
        return sg_cli_usage_error(cmd, "unexpected argument '%s' with --prim", o->fwd[0]);
    if (o->graph && (o->n_params || o->n_sweep))
        return sg_cli_usage_error(cmd, "--param and --sweep apply to --prim only");
    if (o->units && o->n_sweep)
        return sg_cli_usage_error(cmd, "--units and --sweep cannot be combined");
    o->watch.prog = "samgen area";
    o->watch.quiet = o->quiet;
    o->watch.timeout_s = o->timeout;
    return 0;
}

static void print_cmds(const area_result *r, FILE *f)
{
    fprintf(f, "yosys: %s\n", r->yosys_cmd);
    if (r->pnr.ran)
        fprintf(f, "place and route: %s\n", r->pnr.cmd);
    for (size_t i = 0; i < r->n_units; i++) {
        const area_result *a = r->units[i].alone;
        if (!a)
            continue;
        fprintf(f, "yosys (%s): %s\n", a->label ? a->label : a->design, a->yosys_cmd);
        if (a->pnr.ran)
            fprintf(f, "place and route (%s): %s\n", a->label ? a->label : a->design,
                    a->pnr.cmd);
    }
}

/* Print and return the exit status for results r[0..n). */
static int report(const area_opts *o, const area_result *r, size_t n,
                  const char *name)
{
    int bad = 0;
    for (size_t i = 0; i < n; i++)
        if (r[i].n_problems || r[i].total.latches)
            bad = 1;
    if (o->json) {
        for (size_t i = 0; i < n; i++)
            print_cmds(&r[i], stderr);
        sg_area_report_json(stdout, r, n, o->n_sweep ? o->sweep_param : NULL,
                         o->sweep_vals);
    } else {
        for (size_t i = 0; i < n; i++) {
            print_cmds(&r[i], stdout);
            sg_area_report_table(stdout, &r[i]);
            printf("\n");
        }
        if (o->n_sweep) {
            printf("%s: sweep of %s\n", name, o->sweep_param);
            sg_area_report_sweep(stdout, o->sweep_param, o->sweep_vals, r, n);
        }
    }
    if (o->plot) {
        char path[1400];
        sg_err e;
        sg_err_clear(&e);
        int rc = 0;
        if (o->n_sweep)
            rc = sg_area_plot_sweep(o->plot, name, o->sweep_param, o->sweep_vals,
                                 r, n, path, sizeof path, &e);
        else if (r[0].n_inst > 0)
            rc = sg_area_plot_families(o->plot, name, &r[0], path, sizeof path, &e);
        else
            path[0] = '\0';
        if (rc != 0) {
            fprintf(stderr, "samgen area: %s\n", e.msg);
            bad = 1;
        } else if (path[0]) {
            fprintf(o->json ? stderr : stdout, "plot: %s\n", path);
        }
    }
    if (bad)
        fprintf(stderr, "samgen area: the Yosys log shows problems (see PROBLEM lines)\n");
    return bad ? SG_EXIT_CHECK : SG_EXIT_OK;
}

/* Print an error of a run as "samgen area: ..." and return its exit code
 * (a tool failure that carries no code is a failed check). */
static int run_error(const sg_err *e)
{
    fprintf(stderr, "samgen area: %s\n", e->msg[0] ? e->msg : "error");
    return e->code ? e->code : SG_EXIT_CHECK;
}

/* ---- kernel ----------------------------------------------------------------------- */

/* DIR/<x>_top.v generated by samgen gen: prefer <kernel>_top.v. */
static int find_top(const char *dir, const char *kernel, char *file, size_t nf,
                    char *module, size_t nm)
{
    char want[300];
    snprintf(want, sizeof want, "%s_top.v", kernel);
    DIR *d = opendir(dir);
    if (!d)
        return -1;
    struct dirent *de;
    char found[256] = "";
    while ((de = readdir(d)) != NULL) {
        size_t n = strlen(de->d_name);
        if (n > 6 && strcmp(de->d_name + n - 6, "_top.v") == 0 &&
            (!found[0] || strcmp(de->d_name, want) == 0))
            snprintf(found, sizeof found, "%s", de->d_name);
    }
    closedir(d);
    if (!found[0])
        return -1;
    snprintf(file, nf, "%s/%s", dir, found);
    snprintf(module, nm, "%.*s", (int)(strlen(found) - 2), found);
    return 0;
}

/* The primitive library: --rtl, else <root>/rtl. */
static void rtl_dir(const area_opts *o, char *buf, size_t n)
{
    if (o->rtl)
        snprintf(buf, n, "%s", o->rtl);
    else
        snprintf(buf, n, "%s/rtl", o->root);
}

/* A job for the target, device and place-and-route options of o. */
static void job_init(area_job *j, const area_opts *o, const char *workdir, const char *top,
                     const char *label, const char **srcs, const char **libs, size_t n_libs)
{
    memset(j, 0, sizeof *j);
    j->root = o->root;
    j->workdir = workdir;
    j->top = top;
    j->label = label;
    j->srcs = srcs;
    j->n_srcs = 1;
    j->libdirs = libs;
    j->n_libdirs = n_libs;
    j->target = o->target;
    j->device = o->device;
    j->pnr = o->pnr;
    j->freq_mhz = o->freq;
    j->watch = &o->watch;
}

/* Copy the file at path to f (nothing when it cannot be read). */
static void print_file(FILE *f, const char *path)
{
    FILE *in = fopen(path, "r");
    char line[512];
    while (in && fgets(line, sizeof line, in))
        fputs(line, f);
    if (in)
        fclose(in);
}

/* samgen gen GRAPH -o OUTDIR/rtl [gen options], as a child process with
 * its output in OUTDIR/gen.out.  Returns -1 when it succeeded, else the
 * exit code. */
static int gen_kernel(const area_opts *o, const char *outdir, const char *gendir, sg_err *e)
{
    char self[1024];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0) {
        fprintf(stderr, "samgen area: cannot find the samgen binary\n");
        return SG_EXIT_CHECK;
    }
    self[len] = '\0';
    char *gargv[MAX_FWD + 8];
    size_t ga = 0;
    gargv[ga++] = self;
    gargv[ga++] = "gen";
    gargv[ga++] = (char *)o->graph;
    gargv[ga++] = "-o";
    gargv[ga++] = (char *)gendir;
    for (size_t i = 0; i < o->n_fwd; i++)
        gargv[ga++] = (char *)o->fwd[i];
    gargv[ga] = NULL;
    /* What this run creates goes again when gen refuses the input. */
    sg_outdir od = {NULL};
    sg_err me;
    sg_err_clear(&me);
    (void)sg_outdir_make(&od, outdir, &me);   /* errors are left to the steps that write there */
    char gencmd[2048], genout[1200];
    snprintf(genout, sizeof genout, "%s/gen.out", outdir);
    int st = sg_area_exec(NULL, gargv, genout, NULL, "samgen gen", &o->watch, gencmd,
                          sizeof gencmd, e);
    if (st == SG_EXIT_USAGE) {
        print_file(stderr, genout);
        remove(genout);
        sg_outdir_undo(&od);
        fprintf(stderr, "samgen area: samgen gen failed (exit %d)\n", st);
        return SG_EXIT_USAGE;
    }
    sg_outdir_keep(&od);
    if (st < 0)
        return run_error(e);
    if (!o->json)
        printf("gen: %s\n", gencmd);
    if (st != 0) {
        print_file(stderr, genout);
        fprintf(stderr, "samgen area: samgen gen failed (exit %d)\n", st);
        return SG_EXIT_CHECK;
    }
    return -1;
}

/* The input (graph or primitive file) against the work directory outdir,
 * the files the run writes there and --plot DIR.  Returns -1 when the
 * outputs are fine, else the exit code. */
static int check_outputs(const area_opts *o, const char *input, const char *outdir)
{
    static const char *const files[] = {"gen.out", "design.ys", "yosys.log", "stat.json",
                                        "mem.json", "top.json", "params.json", "report.json",
                                        NULL};
    sg_outplan p;
    sg_outplan_init(&p);
    sg_outplan_input(&p, input);
    sg_outplan_output(&p, SG_OUT_DIR, o->out ? "-o" : "the work directory", outdir, NULL);
    char path[1400];
    for (int i = 0; files[i]; i++) {
        snprintf(path, sizeof path, "%s/%s", outdir, files[i]);
        sg_outplan_output(&p, SG_OUT_FILE, o->out ? "-o" : "the work directory", path, NULL);
    }
    if (o->graph) {
        snprintf(path, sizeof path, "%s/rtl", outdir);
        sg_outplan_output(&p, SG_OUT_DIR, o->out ? "-o" : "the work directory", path, NULL);
    }
    if (o->units) {
        snprintf(path, sizeof path, "%s/units", outdir);
        sg_outplan_output(&p, SG_OUT_DIR, "--units", path, NULL);
    }
    sg_outplan_output(&p, SG_OUT_DIR, "--plot", o->plot, NULL);
    int rc = sg_cli_check_outputs("area", &p);
    sg_outplan_free(&p);
    return rc;
}

/* --units: synthesize (and for iCE40 place) every real-number unit of r
 * on its own, with the parameters it has in the design, in
 * OUTDIR/units/<unit>-<params>; the results go to r->units[i].alone.
 * Returns -1 when every run succeeded, else the exit code after the
 * message. */
static int run_units(const area_opts *o, area_result *r, const char *outdir)
{
    char rtl[1100];
    rtl_dir(o, rtl, sizeof rtl);
    for (size_t i = 0; i < r->n_units; i++) {
        area_unit *u = &r->units[i];
        const char *keys[MAX_PARAMS + 1], *vals[MAX_PARAMS + 1];
        size_t np = 0;
        char label[512], sub[512] = "", wd[1700], file[1300];
        int used = snprintf(label, sizeof label, "%s", u->in.base);
        for (size_t k = 0; k < u->in.n_params && np < MAX_PARAMS; k++) {
            if (u->in.params[k].is_string)
                continue;
            keys[np] = u->in.params[k].key;
            vals[np] = u->in.params[k].val;
            if (used < (int)sizeof label)
                used += snprintf(label + used, sizeof label - (size_t)used, " %s=%s",
                                 keys[np], vals[np]);
            size_t l = strlen(sub);
            snprintf(sub + l, sizeof sub - l, "%s%s=%s", np ? "," : "-", keys[np], vals[np]);
            np++;
        }
        snprintf(wd, sizeof wd, "%s/units/%s%s", outdir, u->in.base, sub);
        snprintf(file, sizeof file, "%s/%s.v", rtl, u->in.base);
        const char *srcs[] = {file};
        const char *libs[] = {rtl};
        area_job j;
        job_init(&j, o, wd, u->in.base, label, srcs, libs, 1);
        j.pkeys = keys;
        j.pvals = vals;
        j.n_params = np;
        if (!o->quiet)
            fprintf(stderr, "samgen area: unit %s on its own\n", label);
        u->alone = sg_calloc(1, sizeof *u->alone);
        sg_err e;
        sg_err_clear(&e);
        if (sg_area_run(&j, u->alone, &e) != 0) {
            fprintf(stderr, "samgen area: unit %s: %s\n", label, e.msg[0] ? e.msg : "error");
            return e.code ? e.code : SG_EXIT_CHECK;
        }
    }
    return -1;
}

static int run_kernel(area_opts *o)
{
    char name[256], outdir[1024], gendir[1100], rtl[1100];
    const char *b = strrchr(o->graph, '/');
    snprintf(name, sizeof name, "%s", b ? b + 1 : o->graph);
    char *dot = strrchr(name, '.');
    if (dot)
        *dot = '\0';
    sg_graph g;
    sg_err e;
    sg_err_clear(&e);
    if (sg_cli_graph_load("area", o->graph, &g, SG_LOAD_RUN, &e) < 0)
        return sg_cli_report(&e);   /* before the work directory exists */
    sg_graph_free(&g);
    if (o->out)
        snprintf(outdir, sizeof outdir, "%s", o->out);
    else
        snprintf(outdir, sizeof outdir, "out/area/%s", name);
    snprintf(gendir, sizeof gendir, "%s/rtl", outdir);
    rtl_dir(o, rtl, sizeof rtl);
    int rc = check_outputs(o, o->graph, outdir);
    if (rc >= 0)
        return rc;

    rc = gen_kernel(o, outdir, gendir, &e);
    if (rc >= 0)
        return rc;
    char topfile[1400], topmod[256];
    if (find_top(gendir, name, topfile, sizeof topfile, topmod, sizeof topmod) != 0) {
        fprintf(stderr, "samgen area: samgen gen wrote no *_top.v into %s\n", gendir);
        return SG_EXIT_CHECK;
    }
    const char *srcs[] = {topfile};
    const char *libs[] = {gendir, rtl};
    area_job j;
    job_init(&j, o, outdir, topmod, name, srcs, libs, 2);
    area_result r = {0};
    if (sg_area_run(&j, &r, &e) != 0) {
        rc = run_error(&e);
    } else if (!o->units || (rc = run_units(o, &r, outdir)) < 0) {
        rc = report(o, &r, 1, name);
    }
    sg_area_result_free(&r);
    return rc;
}

/* ---- primitive ---------------------------------------------------------------------- */

/* Parameters of sweep point s (all of them without a sweep) into
 * keys/vals, the point's label ("sam_x K=V ...") and its work directory.
 * Returns the number of parameters. */
static size_t sweep_point(const area_opts *o, size_t s, const char *mod, const char **keys,
                          const char **vals, char *label, size_t nl, char *wd, size_t nwd)
{
    size_t np = 0;
    int used = snprintf(label, nl, "%s", mod);
    for (size_t i = 0; i < o->n_params; i++) {
        if (o->n_sweep && strcmp(o->pkeys[i], o->sweep_param) == 0)
            continue;
        keys[np] = o->pkeys[i];
        vals[np++] = o->pvals[i];
    }
    if (o->n_sweep) {
        keys[np] = o->sweep_param;
        vals[np++] = o->sweep_vals[s];
    }
    for (size_t i = 0; i < np && used < (int)nl; i++)
        used += snprintf(label + used, nl - (size_t)used, " %s=%s",
                         keys[i], vals[i]);
    char sub[600] = "";
    for (size_t i = 0; i < np; i++) {
        size_t l = strlen(sub);
        snprintf(sub + l, sizeof sub - l, "%s%s=%s", i ? "," : "", keys[i], vals[i]);
    }
    if (o->out && o->n_sweep)
        snprintf(wd, nwd, "%s/%s", o->out, sub);
    else if (o->out)
        snprintf(wd, nwd, "%s", o->out);
    else
        snprintf(wd, nwd, "out/area/%s-%s%s%s", mod,
                 sg_area_target_name(o->target), np ? "/" : "", sub);
    return np;
}

/* Every --param and --sweep value against the parameters file declares
 * for mod (sg_area_params_check).  0, or SG_EXIT_USAGE after the message. */
static int check_params(const area_opts *o, const char *file, const char *mod)
{
    char *text;
    sg_err re;
    sg_err_clear(&re);
    if (sg_read_text(file, &text, &re) < 0)
        return sg_cli_usage_error("area", "%s", re.msg);
    area_params *ps = sg_malloc(sizeof *ps);
    int rc = 0;
    sg_err e;
    sg_err_clear(&e);
    if (sg_area_params_scan(text, mod, ps) != 0) {
        rc = sg_cli_usage_error("area", "%s: no module %s", file, mod);
        goto done;
    }
    for (size_t i = 0; i < o->n_params && rc == 0; i++)
        if (sg_area_params_check(ps, mod, o->pkeys[i], o->pvals[i], &e) != 0)
            rc = sg_cli_usage_error("area", "%s", e.msg);
    for (size_t i = 0; i < o->n_sweep && rc == 0; i++)
        if (sg_area_params_check(ps, mod, o->sweep_param, o->sweep_vals[i], &e) != 0)
            rc = sg_cli_usage_error("area", "%s", e.msg);
done:
    free(ps);
    free(text);
    return rc;
}

static int run_prim(area_opts *o)
{
    char rtl[1100], file[1300], mod[128];
    rtl_dir(o, rtl, sizeof rtl);
    for (const char *p = o->prim; *p; p++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_", *p))
            return sg_cli_usage_error("area", "bad primitive name '%s'", o->prim);
    snprintf(mod, sizeof mod, "%s", o->prim);
    snprintf(file, sizeof file, "%s/%s.v", rtl, mod);
    if (access(file, R_OK) != 0 && strncmp(mod, "sam_", 4) != 0) {
        snprintf(mod, sizeof mod, "sam_%s", o->prim);
        snprintf(file, sizeof file, "%s/%s.v", rtl, mod);
    }
    if (access(file, R_OK) != 0)
        return sg_cli_usage_error("area", "no primitive '%s' (%s/%s.v not found)",
                               o->prim, rtl, o->prim);
    if (o->out) {
        int crc = check_outputs(o, file, o->out);
        if (crc >= 0)
            return crc;
    }
    if (check_params(o, file, mod) != 0)
        return SG_EXIT_USAGE;
    size_t npts = o->n_sweep ? o->n_sweep : 1;
    area_result *res = sg_calloc(npts, sizeof *res);
    const char *srcs[] = {file};
    const char *libs[] = {rtl};
    int rc = SG_EXIT_OK;
    size_t done = 0;
    for (size_t s = 0; s < npts; s++) {
        const char *keys[MAX_PARAMS + 1], *vals[MAX_PARAMS + 1];
        char label[512], wd[1400];
        size_t np = sweep_point(o, s, mod, keys, vals, label, sizeof label, wd, sizeof wd);
        area_job j;
        job_init(&j, o, wd, mod, label, srcs, libs, 1);
        j.pkeys = keys;
        j.pvals = vals;
        j.n_params = np;
        sg_err e;
        sg_err_clear(&e);
        done = s + 1;
        if (sg_area_run(&j, &res[s], &e) != 0) {
            rc = run_error(&e);
            break;
        }
        if (o->units) {
            int urc = run_units(o, &res[s], wd);
            if (urc >= 0) {
                rc = urc;
                break;
            }
        }
    }
    if (rc == SG_EXIT_OK)
        rc = report(o, res, npts, mod);
    for (size_t s = 0; s < done; s++)
        sg_area_result_free(&res[s]);
    free(res);
    return rc;
}

/* ---- entry point -------------------------------------------------------------------- */

int sg_cmd_area(int argc, char **argv)
{
    area_opts *o = sg_calloc(1, sizeof *o);
    int rc = parse_opts(argc, argv, o);
    if (rc < 0) {
        rc = SG_EXIT_OK;
    } else if (rc == 0) {
        sg_area_find_root(o->root, sizeof o->root);
        rc = o->prim ? run_prim(o) : run_kernel(o);
    }
    free(o);
    return rc;
}
