/*
 * build.c - build a generated top for Verilator or Icarus (see sim.h).
 *
 * Verilator builds are cached under a key that hashes the build flags, the
 * tap defines, the module name, the top, every .v/.vh of the primitive
 * library, every .v of sim/ and the harness.  After a build the cache is
 * trimmed to its size cap (sim/cache.h).  A build goes to a temporary
 * directory renamed into place when it is complete, so that concurrent runs
 * of the same design never see half a build.
 */
#include "sim/sim.h"

#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/hash.h"
#include "core/paths.h"
#include "sim/cache.h"

static int cmp_names(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Hash of every file in dir with the given suffix (hidden files left out),
 * in byte order of the names. */
static void hash_dir(uint64_t *h, const char *dir, const char *suffix)
{
    DIR *d = opendir(dir);
    if (!d)
        return;
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *de;
    size_t sl = strlen(suffix);
    while ((de = readdir(d)) != NULL) {
        size_t nl = strlen(de->d_name);
        if (de->d_name[0] == '.' || nl < sl || strcmp(de->d_name + nl - sl, suffix) != 0)
            continue;
        sg_grow((void **)&names, &cap, n + 1, sizeof *names);
        names[n++] = sg_strdup(de->d_name);
    }
    closedir(d);
    if (n)
        qsort(names, n, sizeof *names, cmp_names);
    for (size_t i = 0; i < n; i++) {
        char path[4400];
        snprintf(path, sizeof path, "%s/%s", dir, names[i]);
        *h = sg_fnv1a(*h, names[i], strlen(names[i]));
        sg_fnv1a_file(h, path);
        free(names[i]);
    }
    free(names);
}

/* rm -rf dir (a temporary build); a leftover is harmless. */
static void remove_tree(const char *dir)
{
    char *argv[] = {"rm", "-rf", (char *)dir, NULL};
    sg_proc p = {argv, NULL, NULL, 0, NULL, NULL};
    sg_proc_run(&p, NULL, NULL);
}

/* The taps' build-time trimming (rtl/sam_tap.v): without trace recording
 * the monitors are compiled out, without stalls the stall gates (a tap is
 * then wires).  Verilator evaluates every statement in every cycle, so this
 * is what makes --no-trace --stall 0 fast; the defines are part of the
 * build's cache key.  Verilator's monitors hand their tokens to the
 * harness through DPI (dpi), which checks them in lockstep or prints them.
 * At most two "-D..." entries are stored in defs. */
static int tap_defines(int no_trace, int stall, int dpi, char **defs)
{
    int n = 0;
    if (no_trace)
        defs[n++] = "-DSG_TAP_NOTRACE";
    else if (dpi)
        defs[n++] = "-DSG_TAP_DPI";
    if (stall == 0)
        defs[n++] = "-DSG_TAP_NOSTALL";
    return n;
}

static void rtl_dir_of(const sg_sim_build *b, char *buf, size_t n)
{
    if (b->rtl_dir)
        snprintf(buf, n, "%s", b->rtl_dir);
    else
        snprintf(buf, n, "%s/rtl", b->root);
}

/* The Verilator build's cache key: everything that goes into the binary. */
static uint64_t verilator_key(const sg_sim_build *b, const char *rtl, const char *simd,
                              const char *harness, char **defs, int n_defs)
{
    uint64_t h = SG_FNV_INIT;
    const char *flags = b->waves == 2 ? "v2 -O3 trace-fst" : b->waves ? "v2 -O3 trace" : "v2 -O3";
    h = sg_fnv1a(h, flags, strlen(flags));
    for (int i = 0; i < n_defs; i++)
        h = sg_fnv1a(h, defs[i], strlen(defs[i]) + 1);
    h = sg_fnv1a(h, b->module, strlen(b->module));
    sg_fnv1a_file(&h, b->top_path);
    hash_dir(&h, rtl, ".v");
    hash_dir(&h, rtl, ".vh");
    hash_dir(&h, simd, ".v");
    sg_fnv1a_file(&h, harness);
    return h;
}

/* Run Verilator into mdir.
 * Verilator -O3 (its own optimizer: inlining) with C++ -O1: on matmul_ikj
 * -O3 executes 19 % fewer instructions than -O1 (callgrind, whole run) for
 * the same build time, while C++ -O2/-O3 gave no gain for 35-75 % more
 * build CPU, and a regression builds every design once.  The argument list
 * is one long sequence of fixed flags, kept in one piece to read as the
 * command line it is; ccache, when there, is one more make variable. */
static int run_verilator(const sg_sim_build *b, const char *rtl, const char *simd,
                         const char *harness, char **defs, int n_defs,
                         const char *mdir_in, const char *log, sg_err *e)
{
    char ydir_rtl[4300], ydir_sim[4300], idir[4300], topmod[200], mdir[4600], hpath[4200];
    snprintf(ydir_rtl, sizeof ydir_rtl, "%s", rtl);
    snprintf(ydir_sim, sizeof ydir_sim, "%s", simd);
    snprintf(idir, sizeof idir, "-I%s", rtl);
    snprintf(topmod, sizeof topmod, "%s", b->module);
    snprintf(mdir, sizeof mdir, "%s", mdir_in);
    snprintf(hpath, sizeof hpath, "%s", harness);
    char *argv[48];
    int a = 0;
    char *fixed[] = {"verilator", "--cc", "--exe", "--build", "-j", "1", "-O3",
                     "--x-assign", "fast", "--x-initial", "fast",
                     "-Wno-fatal", "-Wno-lint", "-Wno-style",
                     "-CFLAGS", "-O1", "-MAKEFLAGS", "OPT_FAST=-O1 OPT_SLOW=-O0"};
    char *objcache[] = {"-MAKEFLAGS", "OBJCACHE=ccache"};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        argv[a++] = fixed[i];
    /* With ccache in PATH, Verilator's makefile compiles through it
     * (OBJCACHE), so what every build shares (Verilator's runtime, the
     * harness) compiles once per machine: on matmul_ikj 11 of a cold
     * build's 25 s. */
    if (sg_path_find_exe(getenv("PATH"), "ccache", NULL, 0)) {
        argv[a++] = objcache[0];
        argv[a++] = objcache[1];
    }
    if (b->waves)
        argv[a++] = b->waves == 2 ? "--trace-fst" : "--trace";
    for (int i = 0; i < n_defs; i++)
        argv[a++] = defs[i];
    char *tail[] = {"--top-module", topmod, "--prefix", "Vtop", "--Mdir", mdir,
                    "-o", "Vtop", idir, "-y", ydir_rtl, "-y", ydir_sim,
                    (char *)b->top_path, hpath};
    for (size_t i = 0; i < sizeof tail / sizeof tail[0]; i++)
        argv[a++] = tail[i];
    argv[a] = NULL;
    return sg_sim_run_to(argv, log, 1, "building with Verilator", b->watch, e);
}

/* Build (or find in the cache) the Verilator binary. */
static int build_verilator(const sg_sim_build *b, char *bin, size_t binlen, int *cached,
                           sg_err *e)
{
    char rtl[4200], simd[4200], harness[4200];
    rtl_dir_of(b, rtl, sizeof rtl);
    snprintf(simd, sizeof simd, "%s/sim", b->root);
    snprintf(harness, sizeof harness, "%s/sim/harness.cpp", b->root);
    char *defs[2];
    int n_defs = tap_defines(b->no_trace, b->stall, 1, defs);
    uint64_t h = verilator_key(b, rtl, simd, harness, defs, n_defs);
    char cdir[4096], final[4400];
    sg_cache_dir(cdir, sizeof cdir);
    snprintf(final, sizeof final, "%s/vl-%016llx", cdir, (unsigned long long)h);
    snprintf(bin, binlen, "%s/Vtop", final);
    if (access(bin, X_OK) == 0) {
        sg_cache_touch(final);
        *cached = 1;
        return 0;
    }
    *cached = 0;
    if (sg_mkdir_p(cdir, NULL, 0) < 0)
        return sg_errc(e, SG_EXIT_USAGE, cdir, 0, "cannot create cache dir: %s",
                       strerror(errno));
    if (b->build_note && b->watch && !b->watch->quiet)
        fprintf(stderr, "%s: %s\n", b->watch->prog, b->build_note);
    char tmpd[4500];
    snprintf(tmpd, sizeof tmpd, "%s.tmp%ld", final, (long)getpid());
    char log[4400];
    snprintf(log, sizeof log, "%s/build.log", b->work);
    int rc = run_verilator(b, rtl, simd, harness, defs, n_defs, tmpd, log, e);
    char tbin[4700];
    snprintf(tbin, sizeof tbin, "%s/Vtop", tmpd);
    if (rc == SG_PROC_TIMEOUT || rc == -1) {
        remove_tree(tmpd);
        return rc;
    }
    if (rc != 0 || access(tbin, X_OK) != 0) {
        sg_sim_show_log(log, 30);
        return sg_errc(e, SG_EXIT_USAGE, log, 0, "verilator build failed (exit %d)", rc);
    }
    if (rename(tmpd, final) != 0) {
        /* Another run finished the same build first: use it. */
        remove_tree(tmpd);
        sg_cache_touch(final);
    }
    if (b->cache_max) {
        unsigned long long freed;
        sg_cache_trim(cdir, b->cache_max, final + strlen(cdir) + 1, &freed);
    }
    return 0;
}

/* The Icarus bench's list of scopes to dump (sam_tb.v includes it with
 * SG_WAVES_SCOPE defined): work/sg_waves_scope.vh.  0, or -1 with e set. */
static int write_scope_list(const sg_sim_build *b, sg_err *e)
{
    char path[4400];
    snprintf(path, sizeof path, "%s/sg_waves_scope.vh", b->work);
    FILE *f = fopen(path, "w");
    if (!f)
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "cannot write: %s", strerror(errno));
    fprintf(f, "task sg_dump_scopes;\n  begin\n");
    for (size_t i = 0; i < b->n_wave_scopes; i++)
        fprintf(f, "    $dumpvars(0, sam_tb.dut.%s);\n", b->wave_scopes[i]);
    fprintf(f, "  end\nendtask\n");
    if (fclose(f) != 0)
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "cannot write: %s", strerror(errno));
    return 0;
}

static int build_icarus(const sg_sim_build *b, char *bin, size_t binlen, sg_err *e)
{
    char rtl[4400], simd[4400], tb[4400], dtop[200], dha[64], dhd[64], dcw[64];
    char rdir[4200];
    rtl_dir_of(b, rdir, sizeof rdir);
    snprintf(rtl, sizeof rtl, "-y%s", rdir);
    snprintf(simd, sizeof simd, "-y%s/sim", b->root);
    char inc[4400];
    snprintf(inc, sizeof inc, "-I%s", rdir);
    snprintf(tb, sizeof tb, "%s/sim/sam_tb.v", b->root);
    snprintf(dtop, sizeof dtop, "-DSG_TOP=%s", b->module);
    snprintf(dha, sizeof dha, "-DSG_HA=%d", b->host_addr_width);
    snprintf(dhd, sizeof dhd, "-DSG_HD=%d", b->host_data_width);
    snprintf(dcw, sizeof dcw, "-DSG_CW=%d", b->crd_width);
    snprintf(bin, binlen, "%s/sim.vvp", b->work);
    char *defs[2];
    int n_defs = tap_defines(b->no_trace, b->stall, 0, defs);
    char *argv[24];
    int a = 0;
    char *fixed[] = {"iverilog", "-g2005", "-o", bin, dtop, dha, dhd, dcw, inc, rtl, simd};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        argv[a++] = fixed[i];
    for (int i = 0; i < n_defs; i++)
        argv[a++] = defs[i];
    char winc[4400];
    if (b->n_wave_scopes) {
        if (write_scope_list(b, e) < 0)
            return -1;
        snprintf(winc, sizeof winc, "-I%s", b->work);
        argv[a++] = "-DSG_WAVES_SCOPE";
        argv[a++] = winc;
    }
    argv[a++] = "-s";
    argv[a++] = "sam_tb";
    argv[a++] = (char *)b->top_path;
    argv[a++] = tb;
    argv[a] = NULL;
    char log[4400];
    snprintf(log, sizeof log, "%s/build.log", b->work);
    int rc = sg_sim_run_to(argv, log, 1, "compiling with Icarus", b->watch, e);
    if (rc == SG_PROC_TIMEOUT || rc == -1)
        return rc;
    if (rc != 0) {
        sg_sim_show_log(log, 30);
        return sg_errc(e, SG_EXIT_USAGE, log, 0, "iverilog failed (exit %d)", rc);
    }
    return 0;
}

int sg_sim_build_run(const sg_sim_build *b, char *bin, size_t binlen, int *cached,
                     sg_err *e)
{
    *cached = 0;
    if (b->sim == SG_SIM_VERILATOR)
        return build_verilator(b, bin, binlen, cached, e);
    return build_icarus(b, bin, binlen, e);
}
