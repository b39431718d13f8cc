/*
 * cmd_verify.c - samgen verify: golden model, generate, simulate, compare.
 *
 *   samgen verify GRAPH.gv -t B=FILE ... [options]
 *
 * Steps: run the golden model (cycle engine, every edge's stream kept);
 * emit the top; build it (Verilator builds are cached by a content hash of
 * everything that goes into them, so a second run does not rebuild); write
 * the host script that loads the input memories and dense dimensions, runs
 * to done and reads the output memories back; run it; compare every edge's
 * stream and every output memory with the golden ones.  Prints PASS with
 * cycles and tokens, or the first mismatch (sim/compare.c), or the
 * watchdog's list of full FIFOs and waiting nodes; exit 1 on any failure.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/emit_opts.h"
#include "core/hash.h"
#include "core/paths.h"
#include "sim/compare.h"
#include "sim/trace.h"

const char cmd_verify_usage[] =
    "usage: samgen verify GRAPH.gv -t B=FILE ... [options]\n"
    "\n"
    "Run the golden model, generate the RTL, simulate it and compare every\n"
    "edge's token stream and the output memories.  Exit 0 PASS, 1 mismatch\n"
    "or deadlock, 2 bad input.\n"
    "\n"
    "  -t, --tensor B=FILE    bind graph tensor B (.mtx, .tns, SAM dir, or\n"
    "                         an integer for a scalar)\n"
    "  --sim verilator|icarus simulator (verilator)\n"
    "  --stall P --seed S     random backpressure and bubbles at every FIFO\n"
    "                         in P% of the cycles (simulation only)\n"
    "  --waves FILE.vcd|.fst  dump waveforms (Verilator builds with --trace or\n"
    "                         --trace-fst; Icarus writes VCD)\n"
    "  --keep DIR             keep the generated files and logs in DIR\n"
    "  --max-cycles N         give up after N cycles (100000000)\n"
    "  --watchdog N           stuck after N cycles without a token (100000)\n"
    "  --top FILE             simulate FILE instead of the generated top (it\n"
    "                         must keep the generated module's interface)\n"
    "  --rtl-dir DIR          primitive library to use instead of rtl/\n"
    "  --no-trace             record no edge streams (faster): compare the\n"
    "                         output memories only\n"
    "  --skip T               ExTensor skipping scanners and intersectors\n"
    "                         with a T-entry CAM (power of two); the\n"
    "                         skipping scanners' own streams are not\n"
    "                         compared (they drop coordinates), everything\n"
    "                         else is, token by token\n"
    "  --width-crd N, --width-val N, --fifo-depth N|auto,\n"
    "  --max-nnz N, --dim N   as for samgen gen\n"
    "\n"
    "Verilator builds are cached in $SAMGEN_CACHE, else\n"
    "$XDG_CACHE_HOME/samgen, else ~/.cache/samgen.\n";

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
} verify_opts;

/* ---- processes ------------------------------------------------------------ */

/* Run argv with stdout (and stderr when err_too) to out_path. */
static int run_to(char *const *argv, const char *out_path, int err_too)
{
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        int fd = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0666);
        if (fd < 0)
            _exit(127);
        dup2(fd, 1);
        if (err_too)
            dup2(fd, 2);
        close(fd);
        execvp(argv[0], argv);
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

static void show_log(const char *path, int max_lines)
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

static int hash_path(uint64_t *h, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    char buf[8192];
    size_t r;
    while ((r = fread(buf, 1, sizeof buf, f)) > 0)
        *h = sg_fnv1a(*h, buf, r);
    fclose(f);
    return 0;
}

/* Hash of every file in dir with the given suffix, in name order. */
static void hash_dir(uint64_t *h, const char *dir, const char *suffix)
{
    char cmd[4400];
    snprintf(cmd, sizeof cmd, "ls -1 '%s' 2>/dev/null | LC_ALL=C sort", dir);
    FILE *p = popen(cmd, "r");
    if (!p)
        return;
    char name[1024];
    while (fgets(name, sizeof name, p)) {
        name[strcspn(name, "\n")] = '\0';
        size_t nl = strlen(name), sl = strlen(suffix);
        if (nl < sl || strcmp(name + nl - sl, suffix) != 0)
            continue;
        char path[4400];
        snprintf(path, sizeof path, "%s/%s", dir, name);
        *h = sg_fnv1a(*h, name, nl);
        hash_path(h, path);
    }
    pclose(p);
}

static void cache_dir(char *buf, size_t n)
{
    const char *c = getenv("SAMGEN_CACHE");
    if (c && c[0]) {
        snprintf(buf, n, "%s", c);
        return;
    }
    const char *x = getenv("XDG_CACHE_HOME");
    if (x && x[0]) {
        snprintf(buf, n, "%s/samgen", x);
        return;
    }
    const char *home = getenv("HOME");
    snprintf(buf, n, "%s/.cache/samgen", home && home[0] ? home : "/tmp");
}

static int mkdir_p(const char *path)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *p = tmp + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            if (mkdir(tmp, 0777) != 0 && errno != EEXIST)
                return -1;
            *p = '/';
        }
    return (mkdir(tmp, 0777) != 0 && errno != EEXIST) ? -1 : 0;
}

/* The harness's last line "CPU <run cycles> <run s> <all cycles> <all s>"
 * (sim/harness.cpp): cycles and process CPU seconds of the runs from start
 * to done, and of every clock edge including the host's memory load and
 * read-back.  Looked for in the last 4 KiB of the simulator output; 1 when
 * found, 0 otherwise (Icarus prints no such line). */
static int read_cpu_line(const char *path, unsigned long long *run_cyc, double *run_s,
                         unsigned long long *all_cyc, double *all_s)
{
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
            sscanf(p + 4, "%llu %lf %llu %lf", run_cyc, run_s, all_cyc, all_s) == 4)
            found = 1;
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    return found;
}

/* The taps' build-time trimming (sim/sam_tap.v): without trace recording
 * the monitors are compiled out, without stalls the stall gates (a tap is
 * then wires).  Verilator evaluates every statement in every cycle, so this
 * is what makes --no-trace --stall 0 fast; the defines are part of the
 * build's cache key.  At most two "-D..." entries are stored in defs. */
static int tap_defines(int no_trace, int stall, char **defs)
{
    int n = 0;
    if (no_trace)
        defs[n++] = "-DSG_TAP_NOTRACE";
    if (stall == 0)
        defs[n++] = "-DSG_TAP_NOSTALL";
    return n;
}

/* Build (or find in the cache) the Verilator binary for top_path, with the
 * n_defs tap defines of tap_defines().
 * Verilator -O3 (its own optimizer: inlining) with C++ -O1: on matmul_ikj
 * -O3 executes 19 % fewer instructions than -O1 (callgrind, whole run) for
 * the same build time, while C++ -O2/-O3 gave no gain for 35-75 % more
 * build CPU, and a regression builds every design once. */
static int build_verilator(const char *root, const char *rtl_dir, const char *work,
                           const char *top_path,
                           const char *module, int trace, char **defs, int n_defs,
                           char *bin, size_t binlen, int *cached, sg_err *e)
{
    char rtl[4200], simd[4200], harness[4200];
    if (rtl_dir)
        snprintf(rtl, sizeof rtl, "%s", rtl_dir);
    else
        snprintf(rtl, sizeof rtl, "%s/rtl", root);
    snprintf(simd, sizeof simd, "%s/sim", root);
    snprintf(harness, sizeof harness, "%s/sim/harness.cpp", root);
    uint64_t h = SG_FNV_INIT;
    const char *flags = trace == 2 ? "v2 -O3 trace-fst" : trace ? "v2 -O3 trace" : "v2 -O3";
    h = sg_fnv1a(h, flags, strlen(flags));
    for (int i = 0; i < n_defs; i++)
        h = sg_fnv1a(h, defs[i], strlen(defs[i]) + 1);
    h = sg_fnv1a(h, module, strlen(module));
    hash_path(&h, top_path);
    hash_dir(&h, rtl, ".v");
    hash_dir(&h, rtl, ".vh");
    hash_dir(&h, simd, ".v");
    hash_path(&h, harness);
    char cdir[4096], final[4400];
    cache_dir(cdir, sizeof cdir);
    snprintf(final, sizeof final, "%s/vl-%016llx", cdir, (unsigned long long)h);
    snprintf(bin, binlen, "%s/Vtop", final);
    if (access(bin, X_OK) == 0) {
        *cached = 1;
        return 0;
    }
    *cached = 0;
    if (mkdir_p(cdir) < 0)
        return sg_errc(e, SG_EXIT_USAGE, cdir, 0, "cannot create cache dir: %s",
                       strerror(errno));
    char tmpd[4500];
    snprintf(tmpd, sizeof tmpd, "%s.tmp%ld", final, (long)getpid());
    char ydir_rtl[4300], ydir_sim[4300], idir[4300], topmod[200], mdir[4600];
    snprintf(ydir_rtl, sizeof ydir_rtl, "%s", rtl);
    snprintf(ydir_sim, sizeof ydir_sim, "%s", simd);
    snprintf(idir, sizeof idir, "-I%s", rtl);
    snprintf(topmod, sizeof topmod, "%s", module);
    snprintf(mdir, sizeof mdir, "%s", tmpd);
    char *argv[48];
    int a = 0;
    argv[a++] = "verilator";
    argv[a++] = "--cc";
    argv[a++] = "--exe";
    argv[a++] = "--build";
    argv[a++] = "-j";
    argv[a++] = "1";
    argv[a++] = "-O3";
    argv[a++] = "--x-assign";
    argv[a++] = "fast";
    argv[a++] = "--x-initial";
    argv[a++] = "fast";
    argv[a++] = "-Wno-fatal";
    argv[a++] = "-Wno-lint";
    argv[a++] = "-Wno-style";
    argv[a++] = "-CFLAGS";
    argv[a++] = "-O1";
    argv[a++] = "-MAKEFLAGS";
    argv[a++] = "OPT_FAST=-O1 OPT_SLOW=-O0";
    if (trace)
        argv[a++] = trace == 2 ? "--trace-fst" : "--trace";
    for (int i = 0; i < n_defs; i++)
        argv[a++] = defs[i];
    argv[a++] = "--top-module";
    argv[a++] = topmod;
    argv[a++] = "--prefix";
    argv[a++] = "Vtop";
    argv[a++] = "--Mdir";
    argv[a++] = mdir;
    argv[a++] = "-o";
    argv[a++] = "Vtop";
    argv[a++] = idir;
    argv[a++] = "-y";
    argv[a++] = ydir_rtl;
    argv[a++] = "-y";
    argv[a++] = ydir_sim;
    argv[a++] = (char *)top_path;
    argv[a++] = harness;
    argv[a] = NULL;
    char log[4400];
    snprintf(log, sizeof log, "%s/build.log", work);
    int rc = run_to(argv, log, 1);
    char tbin[4700];
    snprintf(tbin, sizeof tbin, "%s/Vtop", tmpd);
    if (rc != 0 || access(tbin, X_OK) != 0) {
        show_log(log, 30);
        return sg_errc(e, SG_EXIT_USAGE, log, 0, "verilator build failed (exit %d)", rc);
    }
    if (rename(tmpd, final) != 0) {
        /* Another run finished the same build first: use it. */
        char rm[4600];
        snprintf(rm, sizeof rm, "rm -rf '%s'", tmpd);
        if (system(rm) != 0) {
            /* leftover temporary build; harmless */
        }
    }
    return 0;
}

static int build_icarus(const char *root, const char *rtl_dir, const char *work,
                        const char *top_path,
                        const sg_emit_design *d, int ha, int hd, int cw,
                        char **defs, int n_defs, char *bin, size_t binlen, sg_err *e)
{
    char rtl[4400], simd[4400], tb[4400], dtop[200], dha[64], dhd[64], dcw[64];
    char rdir[4200];
    if (rtl_dir)
        snprintf(rdir, sizeof rdir, "%s", rtl_dir);
    else
        snprintf(rdir, sizeof rdir, "%s/rtl", root);
    snprintf(rtl, sizeof rtl, "-y%s", rdir);
    snprintf(simd, sizeof simd, "-y%s/sim", root);
    char inc[4400];
    snprintf(inc, sizeof inc, "-I%s", rdir);
    snprintf(tb, sizeof tb, "%s/sim/sam_tb.v", root);
    snprintf(dtop, sizeof dtop, "-DSG_TOP=%s", d->module);
    snprintf(dha, sizeof dha, "-DSG_HA=%d", ha);
    snprintf(dhd, sizeof dhd, "-DSG_HD=%d", hd);
    snprintf(dcw, sizeof dcw, "-DSG_CW=%d", cw);
    snprintf(bin, binlen, "%s/sim.vvp", work);
    char *argv[24];
    int a = 0;
    char *fixed[] = {"iverilog", "-g2005", "-o", bin, dtop, dha, dhd, dcw, inc, rtl, simd};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        argv[a++] = fixed[i];
    for (int i = 0; i < n_defs; i++)
        argv[a++] = defs[i];
    argv[a++] = "-s";
    argv[a++] = "sam_tb";
    argv[a++] = (char *)top_path;
    argv[a++] = tb;
    argv[a] = NULL;
    char log[4400];
    snprintf(log, sizeof log, "%s/build.log", work);
    int rc = run_to(argv, log, 1);
    if (rc != 0) {
        show_log(log, 30);
        return sg_errc(e, SG_EXIT_USAGE, log, 0, "iverilog failed (exit %d)", rc);
    }
    return 0;
}

/* ---- script and traces ------------------------------------------------- */

static int write_script(const char *path, const gen_ctx *c,
                        unsigned long long max_cycles, sg_err *e)
{
    FILE *f = fopen(path, "w");
    if (!f)
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "cannot write: %s", strerror(errno));
    const sg_emit_design *d = &c->design;
    for (size_t i = 0; i < d->n_dim; i++) {
        long dim = sg_binds_node_dim(&c->go->binds, &c->g.nodes[d->dim[i].node]);
        if (dim < 0)
            dim = c->go->dim;
        fprintf(f, "w 0 %d %ld\n", d->dim[i].addr, dim);
    }
    for (size_t i = 0; i < d->n_mem; i++) {
        const sg_emit_mem *m = &d->mem[i];
        if (m->is_output)
            continue;
        const int64_t *w;
        size_t n;
        if (sg_binds_mem_words(&c->go->binds, &c->g, m, &w, &n) < 0) {
            fclose(f);
            const sg_node *nd = &c->g.nodes[m->node];
            return sg_errc(e, SG_EXIT_USAGE, c->g.path, nd->line,
                           "tensor %s is not bound (-t %s=FILE)", nd->tensor, nd->tensor);
        }
        if ((long)n > m->depth) {
            fclose(f);
            return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "%s: %zu words do not fit %ld",
                           m->inst, n, m->depth);
        }
        uint64_t mask = m->width >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << m->width) - 1;
        for (size_t a = 0; a < n; a++)
            fprintf(f, "w %d %zu %llu\n", m->sel, a,
                    (unsigned long long)((uint64_t)w[a] & mask));
    }
    fprintf(f, "g %llu\n", max_cycles);
    for (size_t i = 0; i < d->n_mem; i++)
        if (d->mem[i].is_output)
            fprintf(f, "r %d\n", d->mem[i].sel);
    if (fclose(f) != 0)
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "write error");
    return 0;
}

static void out_arr_name(const gen_ctx *c, const sg_emit_mem *m, char *buf, size_t n)
{
    const sg_node *nd = &c->g.nodes[m->node];
    if (m->arr == SG_ARR_VALS)
        snprintf(buf, n, "out_arr_%s_vals", nd->tensor);
    else
        snprintf(buf, n, "out_arr_%s_mode_%d_%s", nd->tensor, nd->mode,
                 m->arr == SG_ARR_SEG ? "seg" : "crd");
}

static sg_stream_line *add_line(sg_stream_file *sf, const char *name, sg_stream_kind k)
{
    sg_grow((void **)&sf->lines, &sf->cap, sf->n + 1, sizeof *sf->lines);
    sg_stream_line *l = &sf->lines[sf->n++];
    memset(l, 0, sizeof *l);
    l->name = sg_strdup(name);
    l->kind = k;
    return l;
}

/* Expected trace (golden) and actual trace (simulation) as stream files. */
static void build_traces(const gen_ctx *c, const sg_simout *so, int streams,
                         sg_stream_file *exp, sg_stream_file *act)
{
    memset(exp, 0, sizeof *exp);
    memset(act, 0, sizeof *act);
    char name[160], cname[192];
    for (size_t k = 0; streams && k < c->g.n_edges; k++) {
        /* A skipping scanner drops coordinates the intersector would have
         * discarded: its stream is timing-dependent, not compared. */
        if (c->design.edge_skip[k])
            continue;
        golden_edge_name(&c->g, k, name);
        sg_stream_kind kind = c->g.edges[k].type;
        sg_stream_line *l = add_line(exp, name, kind);
        if (k < c->gold.n_edges)
            for (size_t i = 0; i < c->gold.edge[k].toks.n; i++)
                sg_toks_push(&l->toks, c->gold.edge[k].toks.t[i]);
        const sg_simedge *se = &so->edge[k];
        if (se->toks.n == 0 && so->status != 'D')
            continue;
        l = add_line(act, name, kind);
        for (size_t i = 0; i < se->toks.n; i++)
            sg_toks_push(&l->toks, se->toks.t[i]);
        sg_compare_cycle_name(name, cname, sizeof cname);
        l = add_line(act, cname, SG_ST_VAL);
        for (size_t i = 0; i < se->ncyc; i++)
            sg_toks_push(&l->toks, sg_data(se->cyc[i]));
    }
    for (size_t i = 0; i < c->design.n_mem; i++) {
        const sg_emit_mem *m = &c->design.mem[i];
        if (!m->is_output)
            continue;
        out_arr_name(c, m, name, sizeof name);
        const sg_node *nd = &c->g.nodes[m->node];
        int known = 0;
        for (int o = 0; o < c->gold.n_out; o++)
            known |= strcmp(c->gold.out[o].name, nd->tensor) == 0;
        if (!known)
            continue;   /* a tensor the golden model does not return */
        sg_stream_line *l = add_line(exp, name, SG_ST_VAL);
        for (int o = 0; o < c->gold.n_out; o++) {
            const sg_fibertree *ft = &c->gold.out[o].ft;
            if (strcmp(c->gold.out[o].name, nd->tensor) != 0)
                continue;
            const int64_t *w = NULL;
            size_t n = 0;
            if (m->arr == SG_ARR_VALS) {
                w = ft->vals;
                n = ft->nvals;
            } else {
                for (int lv = 0; lv < ft->fmt.order; lv++)
                    if (ft->fmt.mode[lv] == nd->mode) {
                        w = m->arr == SG_ARR_SEG ? ft->lvl[lv].seg : ft->lvl[lv].crd;
                        n = m->arr == SG_ARR_SEG ? ft->lvl[lv].nseg : ft->lvl[lv].ncrd;
                    }
            }
            for (size_t a = 0; a < n; a++)
                sg_toks_push(&l->toks, sg_data(w[a]));
        }
        const sg_simmem *sm = sg_simout_mem(so, m->sel);
        if (!sm)
            continue;
        l = add_line(act, name, SG_ST_VAL);
        for (size_t a = 0; a < sm->n; a++)
            sg_toks_push(&l->toks, sg_data(m->arr == SG_ARR_VALS
                                               ? sg_sext(sm->w[a], m->width)
                                               : (int64_t)sm->w[a]));
    }
}

typedef struct desc_ctx {
    const gen_ctx *c;
} desc_ctx;

static int describe(void *ctx, const char *name, char *buf, size_t n)
{
    const desc_ctx *dc = ctx;
    const sg_graph *g = &dc->c->g;
    char nm[160];
    for (size_t k = 0; k < g->n_edges; k++) {
        golden_edge_name(g, k, nm);
        if (strcmp(nm, name) != 0)
            continue;
        const sg_edge *ed = &g->edges[k];
        char a[160], b[160], pa[48], pb[48];
        graph_node_desc(&g->nodes[ed->src], a, sizeof a);
        graph_node_desc(&g->nodes[ed->dst], b, sizeof b);
        snprintf(buf, n, "e%zu: %s .%s -> %s .%s (DOT line %ld)", k, a,
                 graph_port_name(&g->nodes[ed->src], 0, ed->src_port, pa), b,
                 graph_port_name(&g->nodes[ed->dst], 1, ed->dst_port, pb), ed->line);
        return 0;
    }
    return -1;
}

static int ends_in_done(const sg_toks *t)
{
    return t->n > 0 && t->t[t->n - 1].kind == SG_TK_DONE;
}

/* The watchdog fired: name the full FIFOs, then the nodes that still wait
 * for input (an input edge that never carried D and holds nothing now,
 * while none of the node's outputs is blocked). */
static void report_stuck(const gen_ctx *c, const sg_simout *so)
{
    const sg_graph *g = &c->g;
    char a[160], b[160];
    printf("STUCK %s: no token moved for the watchdog period (at cycle %llu)\n",
           g->name[0] ? g->name : c->design.module, (unsigned long long)so->cycles);
    int any = 0;
    for (size_t k = 0; k < g->n_edges; k++) {
        const sg_simedge *se = &so->edge[k];
        if (se->wd_seen && se->up_valid && !se->fifo_in_ready) {
            const sg_edge *ed = &g->edges[k];
            printf("  full FIFO e%zu: %s -> %s (%zu tokens so far)\n", k,
                   graph_node_desc(&g->nodes[ed->src], a, sizeof a),
                   graph_node_desc(&g->nodes[ed->dst], b, sizeof b), se->toks.n);
            any = 1;
        }
    }
    if (!any)
        printf("  no FIFO is full\n");
    for (size_t i = 0; i < g->n_nodes; i++) {
        int waiting = 0, blocked = 0;
        for (size_t k = 0; k < g->n_edges; k++) {
            const sg_simedge *se = &so->edge[k];
            if (!se->wd_seen)
                continue;
            if ((size_t)g->edges[k].dst == i && !se->fifo_out_valid &&
                !ends_in_done(&se->toks))
                waiting = 1;
            if ((size_t)g->edges[k].src == i && se->up_valid && !se->fifo_in_ready)
                blocked = 1;
        }
        if (!waiting || blocked)
            continue;
        printf("  waiting: %s, for input", graph_node_desc(&g->nodes[i], a, sizeof a));
        for (size_t k = 0; k < g->n_edges; k++)
            if ((size_t)g->edges[k].dst == i && so->edge[k].wd_seen &&
                !so->edge[k].fifo_out_valid && !ends_in_done(&so->edge[k].toks))
                printf(" e%zu (%zu tokens, no D)", k, so->edge[k].toks.n);
        printf("\n");
    }
}

/* ---- the command -------------------------------------------------------- */

int cmd_verify(int argc, char **argv)
{
    gen_opts go;
    gen_opts_init(&go);
    go.want_streams = 1;
    verify_opts vo = {"verilator", 0, 1, NULL, NULL, 100000000ULL, 100000, NULL, NULL, 0};
    sg_err e;
    sg_err_clear(&e);
    int rc = SG_EXIT_USAGE;
    for (int i = 1; i < argc; i++) {
        int used = gen_parse_opt(&go, argc, argv, i, &e);
        if (used < 0) {
            rc = cli_report(&e);
            gen_opts_free(&go);
            return rc;
        }
        if (used > 0) {
            i += used - 1;
            continue;
        }
        const char *a = argv[i];
        int has_v = i + 1 < argc;
        if (strcmp(a, "--sim") == 0 && has_v) {
            vo.sim = argv[++i];
            if (strcmp(vo.sim, "verilator") && strcmp(vo.sim, "icarus")) {
                gen_opts_free(&go);
                return cli_usage_error("verify", "--sim %s: expected verilator or icarus", vo.sim);
            }
        } else if (strcmp(a, "--stall") == 0 && has_v) {
            char *end;
            long p = strtol(argv[++i], &end, 10);
            if (*end || p < 0 || p > 90) {
                gen_opts_free(&go);
                return cli_usage_error("verify", "--stall %s: expected a percentage 0..90", argv[i]);
            }
            vo.stall = (int)p;
        } else if (strcmp(a, "--seed") == 0 && has_v) {
            char *end;
            vo.seed = strtol(argv[++i], &end, 10);
            if (*end) {
                gen_opts_free(&go);
                return cli_usage_error("verify", "--seed %s: expected an integer", argv[i]);
            }
        } else if (strcmp(a, "--waves") == 0 && has_v) {
            vo.waves = argv[++i];
        } else if (strcmp(a, "--keep") == 0 && has_v) {
            vo.keep = argv[++i];
        } else if (strcmp(a, "--max-cycles") == 0 && has_v) {
            vo.max_cycles = strtoull(argv[++i], NULL, 10);
        } else if (strcmp(a, "--watchdog") == 0 && has_v) {
            vo.watchdog = strtol(argv[++i], NULL, 10);
        } else if (strcmp(a, "--no-trace") == 0) {
            vo.no_trace = 1;
        } else if (strcmp(a, "--top") == 0 && has_v) {
            vo.top = argv[++i];
        } else if (strcmp(a, "--rtl-dir") == 0 && has_v) {
            vo.rtl_dir = argv[++i];
        } else if (a[0] == '-') {
            gen_opts_free(&go);
            return cli_usage_error("verify", "unknown option or missing value '%s'", a);
        } else if (!go.graph) {
            go.graph = a;
        } else {
            gen_opts_free(&go);
            return cli_usage_error("verify", "more than one graph given");
        }
    }
    if (!go.graph) {
        gen_opts_free(&go);
        return cli_usage_error("verify", "no graph given");
    }

    go.want_streams = !vo.no_trace;
    gen_ctx c;
    sg_simout so;
    memset(&so, 0, sizeof so);
    sg_stream_file exp = {0}, act = {0};
    int *is_val = NULL;
    char work[4096] = "";
    int made_tmp = 0;
    if (gen_prepare(&go, &c, &e) < 0) {
        rc = cli_report(&e);
        goto out;
    }
    if (c.crd_width_raised)
        printf("crd width %d bits (the default %d is too small for the bound tensors)\n",
               c.crd_width, go.crd_width);
    if (vo.keep) {
        if (mkdir_p(vo.keep) < 0) {
            fprintf(stderr, "%s: cannot create: %s\n", vo.keep, strerror(errno));
            goto out;
        }
        snprintf(work, sizeof work, "%s", vo.keep);
    } else {
        const char *tmp = getenv("TMPDIR");
        snprintf(work, sizeof work, "%s/samgen-verify-XXXXXX", tmp && tmp[0] ? tmp : "/tmp");
        if (!mkdtemp(work)) {
            fprintf(stderr, "samgen verify: cannot create a temporary directory\n");
            goto out;
        }
        made_tmp = 1;
    }
    char root[4096];
    if (sg_source_root(root, sizeof root, &e) < 0) {
        rc = cli_report(&e);
        goto out;
    }
    char top[4400], script[4400], simout[4400], bin[4800];
    snprintf(top, sizeof top, "%s/%s.v", work, c.design.module);
    snprintf(script, sizeof script, "%s/host.script", work);
    snprintf(simout, sizeof simout, "%s/sim.out", work);
    if (vo.top) {
        /* A hand-modified top (mutation tests): copy it into the work dir. */
        char cp[9000];
        snprintf(cp, sizeof cp, "cp '%s' '%s'", vo.top, top);
        if (access(vo.top, R_OK) != 0 || system(cp) != 0) {
            fprintf(stderr, "%s: cannot read\n", vo.top);
            goto out;
        }
    } else if (sg_emit_write(&c.design, top, &e) < 0) {
        rc = cli_report(&e);
        goto out;
    }
    if (write_script(script, &c, vo.max_cycles, &e) < 0) {
        rc = cli_report(&e);
        goto out;
    }
    int cached = 0;
    int hd = c.crd_width, ha = 1;
    for (size_t i = 0; i < c.design.n_mem; i++) {
        if (c.design.mem[i].width > hd)
            hd = c.design.mem[i].width;
        if (c.design.mem[i].addr_width > ha)
            ha = c.design.mem[i].addr_width;
    }
    {
        int dw = 1;
        while ((1L << dw) < (long)c.design.n_dim + 1)
            dw++;
        if (dw > ha)
            ha = dw;
    }
    int is_vl = strcmp(vo.sim, "verilator") == 0;
    char *defs[2];
    int n_defs = tap_defines(vo.no_trace, vo.stall, defs);
    if (is_vl) {
        int trace = 0;
        if (vo.waves) {
            size_t wl = strlen(vo.waves);
            trace = wl > 4 && strcmp(vo.waves + wl - 4, ".fst") == 0 ? 2 : 1;
        }
        if (build_verilator(root, vo.rtl_dir, work, top, c.design.module, trace, defs,
                            n_defs, bin, sizeof bin, &cached, &e) < 0) {
            rc = cli_report(&e);
            goto out;
        }
    } else if (build_icarus(root, vo.rtl_dir, work, top, &c.design, ha, hd, c.crd_width,
                            defs, n_defs, bin, sizeof bin, &e) < 0) {
        rc = cli_report(&e);
        goto out;
    }
    char a_script[4500], a_stall[64], a_seed[64], a_wd[64], a_waves[4200];
    snprintf(a_script, sizeof a_script, "+script=%s", script);
    snprintf(a_stall, sizeof a_stall, "+stall=%d", vo.stall);
    snprintf(a_seed, sizeof a_seed, "+seed=%ld", vo.seed);
    snprintf(a_wd, sizeof a_wd, "+watchdog=%ld", vo.watchdog);
    snprintf(a_waves, sizeof a_waves, "+waves=%s", vo.waves ? vo.waves : "");
    char *sargv[12];
    int na = 0;
    if (!is_vl) {
        sargv[na++] = "vvp";
        sargv[na++] = "-n";
    }
    sargv[na++] = bin;
    sargv[na++] = a_script;
    sargv[na++] = a_stall;
    sargv[na++] = a_seed;
    sargv[na++] = a_wd;
    if (vo.waves)
        sargv[na++] = a_waves;
    if (vo.no_trace)
        sargv[na++] = "+notrace";
    sargv[na] = NULL;
    struct timespec t0, t1;
    struct rusage ru0, ru1;
    getrusage(RUSAGE_CHILDREN, &ru0);
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int src = run_to(sargv, simout, 0);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    getrusage(RUSAGE_CHILDREN, &ru1);
    double sim_s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    double cpu_s = (double)(ru1.ru_utime.tv_sec - ru0.ru_utime.tv_sec) +
                   (double)(ru1.ru_stime.tv_sec - ru0.ru_stime.tv_sec) +
                   (double)(ru1.ru_utime.tv_usec - ru0.ru_utime.tv_usec) * 1e-6 +
                   (double)(ru1.ru_stime.tv_usec - ru0.ru_stime.tv_usec) * 1e-6;
    if (src != 0 && src != 1) {
        show_log(simout, 20);
        fprintf(stderr, "samgen verify: simulator exited with %d (log %s)\n", src, simout);
        rc = SG_EXIT_CHECK;
        goto out;
    }
    is_val = sg_calloc(c.g.n_edges ? c.g.n_edges : 1, sizeof *is_val);
    for (size_t k = 0; k < c.g.n_edges; k++)
        is_val[k] = c.g.edges[k].type == SG_ST_VAL;
    if (sg_simout_read(simout, c.g.n_edges, c.design.edge_width, is_val, &so, &e) < 0) {
        rc = cli_report(&e);
        goto out;
    }
    if (so.watchdog || so.status == 'F') {
        report_stuck(&c, &so);
        /* A wrong token before the stall is usually the cause. */
        build_traces(&c, &so, !vo.no_trace, &exp, &act);
        sg_cmp_opts sco;
        sg_cmp_opts_default(&sco);
        desc_ctx sdc = {&c};
        sco.describe = describe;
        sco.ctx = &sdc;
        sg_cmp_result sr;
        if (sg_compare_traces(&exp, &act, &sco, &sr, &e) == 0 && sr.mismatch &&
            sr.cycle >= 0)
            printf("first wrong token before the stall:\n%s", sr.report);
        rc = SG_EXIT_CHECK;
        goto out;
    }
    if (so.status != 'D') {
        printf("FAIL %s: not done after %llu cycles (--max-cycles)\n", c.design.module,
               (unsigned long long)so.cycles);
        rc = SG_EXIT_CHECK;
        goto out;
    }
    build_traces(&c, &so, !vo.no_trace, &exp, &act);
    sg_cmp_opts co;
    sg_cmp_opts_default(&co);
    desc_ctx dc = {&c};
    co.describe = describe;
    co.ctx = &dc;
    sg_cmp_result r;
    if (sg_compare_traces(&exp, &act, &co, &r, &e) < 0) {
        rc = cli_report(&e);
        goto out;
    }
    const char *kernel = c.g.name[0] ? c.g.name : c.design.module;
    if (r.mismatch) {
        printf("FAIL %s: golden %llu cycles, RTL %llu cycles\n%s", kernel,
               (unsigned long long)c.gold.cycles, (unsigned long long)so.cycles, r.report);
        rc = SG_EXIT_CHECK;
        goto out;
    }
    printf("PASS %s: %zu streams, %zu tokens, golden %llu cycles, RTL %llu cycles%s\n",
           kernel, r.n_streams, r.n_tokens, (unsigned long long)c.gold.cycles,
           (unsigned long long)so.cycles, is_vl && cached ? " (cached build)" : "");
    size_t n_skip_e = 0, n_skip_x = 0;
    for (size_t k = 0; k < c.g.n_edges; k++)
        n_skip_e += c.design.edge_skip[k] != 0;
    for (size_t i = 0; i < c.g.n_nodes; i++)
        n_skip_x += c.design.node_skip[i] > 0 && c.g.nodes[i].kind == SG_NK_INTERSECT;
    if (n_skip_x)
        printf("skipping: %zu intersector(s), %zu scanner stream(s) not compared "
               "(they skip); every other stream compared\n", n_skip_x, n_skip_e);
    unsigned long long run_cyc = 0, all_cyc = 0;
    double run_cpu = 0.0, all_cpu = 0.0;
    if (read_cpu_line(simout, &run_cyc, &run_cpu, &all_cyc, &all_cpu))
        printf("simulation: %.3f s wall, %.3f s CPU; run (start to done): %llu cycles, "
               "%.3f s CPU, %.0f cycles per CPU second; all: %llu cycles incl. host "
               "load and read-back, %.0f cycles per CPU second\n",
               sim_s, cpu_s, run_cyc, run_cpu,
               run_cpu > 0 ? (double)run_cyc / run_cpu : 0.0, all_cyc,
               cpu_s > 0 ? (double)all_cyc / cpu_s : 0.0);
    else
        printf("simulation: %.3f s wall, %.3f s CPU, %.0f kernel cycles per CPU second "
               "(CPU time includes load and read-back)\n", sim_s, cpu_s,
               cpu_s > 0 ? (double)so.cycles / cpu_s : 0.0);
    rc = SG_EXIT_OK;
out:
    if (made_tmp && rc == SG_EXIT_OK) {
        char rm[4200];
        snprintf(rm, sizeof rm, "rm -rf '%s'", work);
        if (system(rm) != 0) {
            /* a leftover temporary directory is harmless */
        }
    } else if (made_tmp && rc != SG_EXIT_OK) {
        fprintf(stderr, "samgen verify: files kept in %s\n", work);
    }
    sg_stream_file_free(&exp);
    sg_stream_file_free(&act);
    sg_simout_free(&so);
    free(is_val);
    gen_ctx_free(&c);
    gen_opts_free(&go);
    return rc;
}
