/*
 * area_run.c - run Yosys (and nextpnr) for one design and collect the area.
 *
 * Every run happens in its own work directory so that a user can repeat it
 * by hand: design.ys there says what to read, which parameters to set and
 * which module is the top; the target's script in fpga/ does the rest and
 * writes its results into the current directory.  The exact command lines
 * are kept in the result so that the CLI can print them.
 *
 * Sections: paths and processes; the design script; place and route; run.
 */
#include "fpga/area.h"

#include <errno.h>
#include <stdarg.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core/outfile.h"
#include "core/paths.h"

/* ---- paths and processes --------------------------------------------------- */

static int file_exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

/* Absolute form of path (relative ones are taken from the current
 * directory; nothing is resolved). */
static void abs_path(const char *path, char *buf, size_t n)
{
    if (path[0] == '/') {
        snprintf(buf, n, "%s", path);
        return;
    }
    char cwd[1024];
    if (!getcwd(cwd, sizeof cwd)) {
        snprintf(buf, n, "%s", path);
        return;
    }
    if (strcmp(path, ".") == 0)
        snprintf(buf, n, "%s", cwd);
    else
        snprintf(buf, n, "%s/%s", cwd, path[0] == '.' && path[1] == '/' ? path + 2 : path);
}

void sg_area_find_root(char *buf, size_t n)
{
    /* At most five levels above the binary (build/samgen, bench binaries);
     * the root is made absolute, with "." as the last resort. */
    char root[4096];
    if (sg_find_root("fpga/synth_generic.ys", 5, root, sizeof root) == 0)
        abs_path(root, buf, n);
    else
        abs_path(".", buf, n);
}

/* mkdir -p */
static int make_dirs(const char *path, sg_err *e)
{
    char at[4096];
    if (sg_mkdir_p(path, at, sizeof at) < 0)
        return sg_errf(e, at, 0, "cannot create directory: %s", strerror(errno));
    return 0;
}

/* Append s to buf, single-quoted when it holds shell metacharacters. */
static void shell_append(char *buf, size_t n, const char *s)
{
    size_t used = strlen(buf);
    int plain = s[0] != '\0';
    for (const char *p = s; *p && plain && strcmp(s, "&&") != 0; p++)
        plain = strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                       "0123456789_-./=,:+@%", *p) != NULL;
    if (used && used + 1 < n)
        buf[used++] = ' ', buf[used] = '\0';
    if (plain)
        snprintf(buf + used, n - used, "%s", s);
    else
        snprintf(buf + used, n - used, "'%s'", s);
}

int sg_area_exec(const char *dir, char *const argv[], const char *out_path,
                 const char *step, const char *name, const sg_proc_watch *w,
                 char *cmd, size_t ncmd, sg_err *e)
{
    if (cmd && ncmd) {
        cmd[0] = '\0';
        if (dir) {
            shell_append(cmd, ncmd, "cd");
            shell_append(cmd, ncmd, dir);
            shell_append(cmd, ncmd, "&&");
        }
        for (int i = 0; argv[i]; i++)
            shell_append(cmd, ncmd, argv[i]);
    }
    sg_proc p = {argv, dir, out_path, 1, step, name};
    int st = sg_proc_run(&p, w, e);
    if (st < 0)
        return -1;
    if (st == 127)
        return sg_errf(e, NULL, 0, "could not run '%s' in %s (is it installed?)",
                       argv[0], dir ? dir : ".");
    /* 128 + n is a signal (sg_proc_run); nextpnr's exit status on an
     * error is 255, not a signal, and is its caller's to report */
    if (st > 128 && st - 128 < 65)
        return sg_errf(e, NULL, 0, "%s was killed by signal %d", argv[0], st - 128);
    return st;
}

/* Whole file as a NUL-terminated string, or NULL. */
static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 0, n = 0;
    char *buf = NULL;
    for (;;) {
        sg_grow((void **)&buf, &cap, n + 65537, 1);
        size_t got = fread(buf + n, 1, cap - n - 1, f);
        n += got;
        if (got == 0)
            break;
    }
    fclose(f);
    buf[n] = '\0';
    return buf;
}

/* Read Yosys `stat -json` output.  With a hierarchy, Yosys 0.23 prints
 * stray lines of its text hierarchy listing ("  $paramod$...\name  1")
 * inside the JSON; every line that cannot start a JSON token is dropped. */
static int read_stat_json(const char *path, area_jv *out, sg_err *e)
{
    char *text = slurp(path);
    if (!text)
        return sg_errf(e, path, 0, "cannot open: %s", strerror(errno));
    char *w = text;
    for (char *r = text; *r;) {
        char *nl = strchr(r, '\n');
        size_t len = nl ? (size_t)(nl - r + 1) : strlen(r);
        const char *p = r;
        while (p < r + len && (*p == ' ' || *p == '\t'))
            p++;
        if (p == r + len || strchr("{}[]\",0123456789-tfn\r\n", *p)) {
            memmove(w, r, len);
            w += len;
        }
        r += len;
    }
    *w = '\0';
    int rc = sg_area_json_parse(text, (size_t)(w - text), path, out, e);
    free(text);
    return rc;
}

/* First line of the file at path containing "ERROR" (for messages). */
static void first_error(const char *path, char *buf, size_t n)
{
    buf[0] = '\0';
    char *text = slurp(path);
    if (!text)
        return;
    char *p = strstr(text, "ERROR");
    if (p) {
        char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        snprintf(buf, n, "%.*s", (int)(len < 300 ? len : 300), p);
    }
    free(text);
}

/* ---- the design script ---------------------------------------------------------- */

static int valid_value(const char *v)
{
    if (!v[0])
        return 0;
    for (const char *p = v; *p; p++)
        if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                    "0123456789_-.'", *p))
            return 0;
    return 1;
}

static int is_number(const char *v)
{
    const char *p = v + (v[0] == '-');
    if (!*p)
        return 0;
    for (; *p; p++)
        if (*p < '0' || *p > '9')
            return 0;
    return 1;
}

/* Open the file the format fmt names (formatted into path, size bytes)
 * for writing; NULL with e filled when it cannot be. */
static FILE *open_write(char *path, size_t size, sg_err *e, const char *fmt,
                        ...) __attribute__((format(printf, 4, 5)));
static FILE *open_write(char *path, size_t size, sg_err *e, const char *fmt,
                        ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(path, size, fmt, ap);
    va_end(ap);
    FILE *f = fopen(path, "w");
    if (!f)
        sg_errf(e, path, 0, "cannot write: %s", strerror(errno));
    return f;
}

static int write_design(const area_job *j, const char *path, sg_err *e)
{
    sg_outfile of;
    if (sg_outfile_open(&of, path, e) < 0)
        return -1;
    FILE *f = of.f;
    fprintf(f, "# design.ys - what to synthesize (written by samgen area).\n"
               "# Sources, parameters and top of %s; the target script\n"
               "# in fpga/ runs it first with 'script design.ys'.\n",
            j->label ? j->label : j->top);
    for (size_t i = 0; i < j->n_libdirs; i++) {
        char a[1024];
        abs_path(j->libdirs[i], a, sizeof a);
        fprintf(f, "verilog_defaults -add -I %s\n", a);
    }
    for (size_t i = 0; i < j->n_srcs; i++) {
        char a[1024];
        abs_path(j->srcs[i], a, sizeof a);
        fprintf(f, "read_verilog -DSYNTHESIS %s\n", a);
    }
    for (size_t i = 0; i < j->n_params; i++) {
        if (is_number(j->pvals[i]))
            fprintf(f, "chparam -set %s %s %s\n", j->pkeys[i], j->pvals[i], j->top);
        else
            fprintf(f, "chparam -set %s \"%s\" %s\n", j->pkeys[i], j->pvals[i], j->top);
    }
    fprintf(f, "hierarchy -check -top %s", j->top);
    for (size_t i = 0; i < j->n_libdirs; i++) {
        char a[1024];
        abs_path(j->libdirs[i], a, sizeof a);
        fprintf(f, " -libdir %s", a);
    }
    fprintf(f, "\n");
    return sg_outfile_commit(&of, e);
}

/* ---- place and route ------------------------------------------------------------ */

typedef struct device_caps {
    long lcs, brams, dsps;
    const char *flag, *package;
} device_caps;

static device_caps caps_of(area_device d)
{
    device_caps hx = {7680, 32, 0, "--hx8k", "ct256"};
    device_caps up = {5280, 30, 8, "--up5k", "sg48"};
    return d == AREA_UP5K ? up : hx;
}

/* Before placing: does the design's estimate (LUTs or FFs plus I/O bits,
 * BRAMs, DSPs) fit the device?  When it does not, p says why. */
static int estimate_fits(const area_result *r, area_pnr *p, device_caps cap)
{
    long io = 0;
    for (size_t i = 0; i < r->n_ports; i++)
        if (strcmp(r->ports[i].name, "clk_i") != 0)
            io += r->ports[i].width;
    long est = (r->total.luts > r->total.ffs ? r->total.luts : r->total.ffs) + io;
    if (est <= cap.lcs && r->total.brams <= cap.brams && r->total.dsps <= cap.dsps)
        return 1;
    p->fits = 0;
    snprintf(p->msg, sizeof p->msg,
             "does not fit iCE40 %s: %ld LUTs, %ld FFs, %ld I/O bits, "
             "%ld BRAMs, %ld DSPs (device: %ld logic cells, %ld BRAMs, "
             "%ld DSPs)", p->device, r->total.luts, r->total.ffs, io,
             r->total.brams, r->total.dsps, cap.lcs, cap.brams, cap.dsps);
    return 0;
}

/* The out-of-context wrapper dir/ooc_wrap.v around the design's ports. */
static int write_wrapper(const char *dir, const area_result *r, sg_err *e)
{
    char path[1200];
    FILE *f = open_write(path, sizeof path, e, "%s/ooc_wrap.v", dir);
    if (!f)
        return -1;
    int rc = sg_area_wrap_write(f, "sg_ooc_dut", r->ports, r->n_ports, e);
    if (fclose(f) != 0 && rc == 0)
        rc = sg_errf(e, path, 0, "write error");
    return rc != 0 ? -1 : 0;
}

/* fmax (the slowest clock domain) and utilization from nextpnr's
 * report.json at path. */
static int read_pnr_report(const char *path, area_pnr *p, device_caps cap, sg_err *e)
{
    area_jv rep;
    if (sg_area_json_read(path, &rep, e) != 0)
        return -1;
    p->fits = 1;
    const area_jv *fm = sg_area_json_get(&rep, "fmax");
    if (fm && fm->t == AREA_J_OBJ && fm->n > 0) {
        /* the slowest clock domain (there is one: clk_i) */
        for (size_t i = 0; i < fm->n; i++) {
            double a = sg_area_json_num(sg_area_json_get(&fm->items[i], "achieved"), -1);
            if (a > 0 && (p->fmax_mhz < 0 || a < p->fmax_mhz))
                p->fmax_mhz = a;
        }
    }
    const area_jv *u = sg_area_json_get(&rep, "utilization");
    p->lcs = (long)sg_area_json_num(sg_area_json_get(sg_area_json_get(u, "ICESTORM_LC"), "used"), 0);
    p->lcs_avail = (long)sg_area_json_num(sg_area_json_get(sg_area_json_get(u, "ICESTORM_LC"), "available"), (double)cap.lcs);
    p->brams = (long)sg_area_json_num(sg_area_json_get(sg_area_json_get(u, "ICESTORM_RAM"), "used"), 0);
    p->dsps = (long)sg_area_json_num(sg_area_json_get(sg_area_json_get(u, "ICESTORM_DSP"), "used"), 0);
    sg_area_json_free(&rep);
    return 0;
}

static int run_pnr(const area_job *j, const char *dir, area_result *r, sg_err *e)
{
    area_pnr *p = &r->pnr;
    device_caps cap = caps_of(j->device);
    snprintf(p->device, sizeof p->device, "%s", sg_area_device_name(j->device));
    p->fits = -1;
    p->fmax_mhz = -1;
    p->lcs_avail = cap.lcs;
    if (!estimate_fits(r, p, cap) || !j->pnr)
        return 0;
    if (write_wrapper(dir, r, e) != 0)
        return -1;

    char path[1200];
    char script[1200];
    snprintf(script, sizeof script, "%s/fpga/pnr_ice40.ys", j->root);
    char *yargv[] = {"yosys", "-q", "-l", "pnr_yosys.log", "-s", script, NULL};
    char c1[1000], c2[1000];
    int st = sg_area_exec(dir, yargv, "pnr_yosys.out", "yosys out-of-context wrapper",
                          "yosys (wrapper)", j->watch, c1, sizeof c1, e);
    if (st < 0)
        return -1;
    if (st != 0) {
        char msg[320];
        snprintf(path, sizeof path, "%s/pnr_yosys.log", dir);
        first_error(path, msg, sizeof msg);
        return sg_errf(e, NULL, 0, "yosys (wrapper) failed, see %s: %s", path, msg);
    }
    char freq[32];
    snprintf(freq, sizeof freq, "%g", j->freq_mhz > 0 ? j->freq_mhz : 100.0);
    char *nargv[] = {"nextpnr-ice40", (char *)cap.flag, "--package",
                     (char *)cap.package, "--json", "pnr.json",
                     "--pcf-allow-unconstrained", "--freq", freq,
                     "--timing-allow-fail", "--seed", "1", "--report",
                     "report.json", "-q", "-l", "nextpnr.log", NULL};
    snprintf(path, sizeof path, "%s/report.json", dir);
    remove(path);
    st = sg_area_exec(dir, nargv, "nextpnr.out", "nextpnr-ice40 place and route",
                      "nextpnr-ice40", j->watch, c2, sizeof c2, e);
    if (st < 0)
        return -1;
    snprintf(p->cmd, sizeof p->cmd, "%s; %s", c1, c2);
    p->ran = 1;
    if (st != 0) {
        char msg[320];
        snprintf(path, sizeof path, "%s/nextpnr.log", dir);
        first_error(path, msg, sizeof msg);
        p->fits = 0;
        snprintf(p->msg, sizeof p->msg, "nextpnr could not place and route "
                 "it on %s: %s", p->device, msg[0] ? msg : "(see nextpnr.log)");
        return 0;
    }
    return read_pnr_report(path, p, cap, e);
}

/* ---- run ------------------------------------------------------------------------ */

static const char *script_name(area_target t, area_device d)
{
    switch (t) {
    case AREA_ICE40: return d == AREA_UP5K ? "synth_ice40_up5k.ys" : "synth_ice40.ys";
    case AREA_XILINX: return "synth_xilinx.ys";
    default: return "synth_generic.ys";
    }
}

static int run_job(const area_job *j, area_result *r, sg_err *e)
{
    char dir[1024], path[1200], script[1200];
    area_jv stat = {0}, mem = {0}, top = {0}, params = {0};
    char *log = NULL;
    int rc = -1;

    abs_path(j->workdir, dir, sizeof dir);
    if (make_dirs(dir, e) != 0)
        return -1;
    snprintf(r->workdir, sizeof r->workdir, "%s", dir);
    free(r->label);
    r->label = sg_strdup(j->label ? j->label : j->top);
    r->target = j->target;
    r->pnr.fits = -1;
    r->pnr.fmax_mhz = -1;

    snprintf(path, sizeof path, "%s/design.ys", dir);
    if (write_design(j, path, e) != 0)
        return -1;
    static const char *outs[] = {"stat.json", "mem.json", "top.json", "params.json",
                                 "dut.json"};
    for (size_t i = 0; i < sizeof outs / sizeof outs[0]; i++) {
        snprintf(path, sizeof path, "%s/%s", dir, outs[i]);
        remove(path);
    }
    snprintf(script, sizeof script, "%s/fpga/%s", j->root,
             script_name(j->target, j->device));
    if (!file_exists(script))
        return sg_errf(e, script, 0, "yosys script not found");
    char *yargv[] = {"yosys", "-q", "-l", "yosys.log", "-s", script, NULL};
    char step[64];
    snprintf(step, sizeof step, "yosys %.*s", (int)strlen(script_name(j->target, j->device)) - 3,
             script_name(j->target, j->device));
    int st = sg_area_exec(dir, yargv, "yosys.out", step, step, j->watch, r->yosys_cmd,
                          sizeof r->yosys_cmd, e);
    if (st < 0)
        return -1;
    snprintf(path, sizeof path, "%s/yosys.log", dir);
    if (st != 0) {
        char msg[320];
        first_error(path, msg, sizeof msg);
        return sg_errc(e, SG_EXIT_CHECK, NULL, 0,
                       "yosys failed on %s (exit %d), see %s: %s", r->label,
                       st, path, msg[0] ? msg : "(no ERROR line)");
    }
    log = slurp(path);
    snprintf(path, sizeof path, "%s/stat.json", dir);
    if (read_stat_json(path, &stat, e) != 0)
        goto done;
    snprintf(path, sizeof path, "%s/mem.json", dir);
    if (read_stat_json(path, &mem, e) != 0)
        goto done;
    snprintf(path, sizeof path, "%s/top.json", dir);
    if (sg_area_json_read(path, &top, e) != 0)
        goto done;
    if (sg_area_from_yosys(&stat, &mem, &top, j->top, j->target, r, e) != 0)
        goto done;
    /* the instances' parameter values: shown when the script wrote them */
    snprintf(path, sizeof path, "%s/params.json", dir);
    if (file_exists(path)) {
        if (sg_area_json_read(path, &params, e) != 0)
            goto done;
        sg_area_inst_params(r, &params);
    }
    if (log)
        sg_area_scan_log(log, r);
    /* iCE40: the capacity check always, place and route when asked */
    if (j->target == AREA_ICE40 && run_pnr(j, dir, r, e) != 0)
        goto done;
    rc = 0;
done:
    sg_area_json_free(&stat);
    sg_area_json_free(&mem);
    sg_area_json_free(&top);
    sg_area_json_free(&params);
    free(log);
    return rc;
}

int sg_area_run(const area_job *j, area_result *r, sg_err *e)
{
    for (size_t i = 0; i < j->n_params; i++)
        if (!valid_value(j->pkeys[i]) || !valid_value(j->pvals[i]))
            return sg_errc(e, SG_EXIT_USAGE, NULL, 0,
                           "bad parameter '%s=%s'", j->pkeys[i], j->pvals[i]);
    if (run_job(j, r, e) == 0)
        return 0;
    if (e)                       /* the input was fine: a tool run failed */
        e->code = SG_EXIT_CHECK;
    return -1;
}
