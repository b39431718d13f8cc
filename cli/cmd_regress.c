/*
 * cmd_regress.c - samgen regress: run a list of verify cases.
 *
 *   samgen regress CASES -o DIR [--jobs N | --slurm [--partition P]]
 *
 * Each case (cli/regress.h) is `samgen verify GRAPH OPTIONS -q -o
 * DIR/cases/NAME`, run from the manifest's directory with its output in
 * DIR/cases/NAME/verify.log and its exit status and wall time in
 * DIR/cases/NAME/status; a case needs nothing beyond its own directory and
 * the read-only inputs (Verilator builds go through the build cache, whose
 * entries are written once and renamed into place), so it runs the same on
 * any node.  Locally up to N cases run at once.  With --slurm the cases
 * become one Slurm job array (DIR/slurm/job.sh, one task per case running
 * `samgen regress CASES -o DIR --case I`), submitted with `sbatch --wait`.
 * Either way the summary is gathered from the case directories into
 * DIR/summary.md, DIR/summary.json and DIR/junit.xml.  Exit 0 when every
 * case passed, 1 when one did not, 2 on bad input.
 */
#define _XOPEN_SOURCE 700   /* realpath */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/opt.h"
#include "cli/regress.h"
#include "core/json.h"
#include "core/paths.h"
#include "core/proc.h"
#include "core/xml.h"

const char sg_cmd_regress_usage[] =
    "usage: samgen regress CASES -o DIR [--jobs N | --slurm [--partition P]]\n"
    "\n"
    "Run every case of the list CASES (one per line: NAME GRAPH [VERIFY\n"
    "OPTIONS]) as samgen verify, here N at a time or as a Slurm job array,\n"
    "and summarize them in DIR.  Exit 0 when every case passed, 1 when one\n"
    "did not, 2 bad input.\n";
const char sg_cmd_regress_notes[] =
    "Relative paths in CASES are taken from its directory.  Each case writes\n"
    "DIR/cases/NAME/ (verify.log, report.json, junit.xml, status); the\n"
    "summary is DIR/summary.md, DIR/summary.json and DIR/junit.xml.\n"
    "\n"
    "With --slurm, DIR must be on a file system the nodes share; the job\n"
    "script is DIR/slurm/job.sh and the tasks' output DIR/slurm/case-I.out.\n";

typedef struct regress_opts {
    const char *manifest;
    const char *out;
    long jobs;
    int slurm;
    const char *partition;
    long only;                /* --case I: run case I alone; -1: all */
    long timeout;             /* --timeout S for each verify; 0 none */
    int quiet;
} regress_opts;

static int on_opt(void *ctx, sg_opt_id id, const char *a, const char *v)
{
    regress_opts *o = ctx;
    int64_t n;
    switch (id) {
    case SG_OPT_ARG:
        if (o->manifest)
            return sg_cli_usage_error("regress", "more than one case list given");
        o->manifest = v;
        return 0;
    case SG_OPT_OUT: o->out = v; return 0;
    case SG_OPT_JOBS:
        if (sg_cli_int("regress", a, v, 1, 256, &n))
            return SG_EXIT_USAGE;
        o->jobs = (long)n;
        return 0;
    case SG_OPT_SLURM: o->slurm = 1; return 0;
    case SG_OPT_PARTITION: o->partition = v; return 0;
    case SG_OPT_CASE:
        if (sg_cli_int("regress", a, v, 0, 1000000, &n))
            return SG_EXIT_USAGE;
        o->only = (long)n;
        return 0;
    case SG_OPT_TIMEOUT:
        if (sg_cli_int("regress", a, v, 1, SG_TIMEOUT_MAX, &n))
            return SG_EXIT_USAGE;
        o->timeout = (long)n;
        return 0;
    case SG_OPT_QUIET: o->quiet = 1; return 0;
    default:
        return sg_cli_usage_error("regress", "unknown option '%s'", a);
    }
}

/* ---- one case ----------------------------------------------------------- */

static void case_dir(const regress_opts *o, const rg_case *c, const char *sub, char *buf,
                     size_t n)
{
    snprintf(buf, n, "%s/cases/%s%s%s", o->out, c->name, sub ? "/" : "", sub ? sub : "");
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* Start case c (fork and exec samgen verify); the child's pid, or -1. */
static pid_t start_case(const regress_opts *o, const rg_manifest *m, const rg_case *c,
                        const char *self)
{
    char dir[4400], log[4500], tmo[32];
    case_dir(o, c, NULL, dir, sizeof dir);
    if (sg_mkdir_p(dir, NULL, 0) < 0)
        return -1;
    snprintf(log, sizeof log, "%s/verify.log", dir);
    char **argv = sg_calloc(c->argc + 10, sizeof *argv);
    size_t a = 0;
    argv[a++] = "samgen";
    argv[a++] = "verify";
    for (size_t i = 0; i < c->argc; i++)
        argv[a++] = c->argv[i];
    argv[a++] = "-q";
    argv[a++] = "-o";
    argv[a++] = dir;
    if (o->timeout) {
        snprintf(tmo, sizeof tmo, "%ld", o->timeout);
        argv[a++] = "--timeout";
        argv[a++] = tmo;
    }
    argv[a] = NULL;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        FILE *f = freopen(log, "w", stdout);
        if (!f || dup2(fileno(stdout), 2) < 0 || chdir(m->dir) != 0)
            _exit(126);
        execv(self, argv);
        _exit(127);
    }
    free(argv);
    return pid;
}

/* Write the status file of a finished case: "exit CODE wall SECONDS". */
static void write_status(const regress_opts *o, const rg_case *c, int status, double wall)
{
    char path[4500];
    case_dir(o, c, "status", path, sizeof path);
    int code = WIFEXITED(status) ? WEXITSTATUS(status)
               : WIFSIGNALED(status) ? 128 + WTERMSIG(status) : 255;
    FILE *f = fopen(path, "w");
    if (!f)
        return;
    fprintf(f, "exit %d wall %.3f\n", code, wall);
    fclose(f);
}

/* Run the cases [lo, hi) of m, up to jobs at once.  0, or -1 after a
 * message when a case could not be started. */
static int run_local(const regress_opts *o, const rg_manifest *m, size_t lo, size_t hi,
                     long jobs, const char *self)
{
    pid_t *pid = sg_calloc(hi - lo + 1, sizeof *pid);
    double *t0 = sg_calloc(hi - lo + 1, sizeof *t0);
    size_t next = lo, done = 0, running = 0;
    int rc = 0;
    while (done < hi - lo) {
        while (rc == 0 && running < (size_t)jobs && next < hi) {
            pid[next - lo] = start_case(o, m, &m->c[next], self);
            if (pid[next - lo] < 0) {
                fprintf(stderr, "samgen regress: case %s: cannot start: %s\n",
                        m->c[next].name, strerror(errno));
                rc = -1;
                break;
            }
            t0[next - lo] = now_s();
            if (!o->quiet)
                fprintf(stderr, "samgen regress: [%zu/%zu] %s started\n", next + 1, m->n,
                        m->c[next].name);
            next++;
            running++;
        }
        if (running == 0)
            break;
        int st;
        pid_t p = waitpid(-1, &st, 0);
        if (p < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        for (size_t i = lo; i < next; i++)
            if (pid[i - lo] == p) {
                write_status(o, &m->c[i], st, now_s() - t0[i - lo]);
                pid[i - lo] = 0;
                running--;
                done++;
                if (!o->quiet)
                    fprintf(stderr, "samgen regress: %s: %s\n", m->c[i].name,
                            WIFEXITED(st) && WEXITSTATUS(st) == 0 ? "PASS" : "not passed");
            }
    }
    free(pid);
    free(t0);
    return rc;
}

/* ---- Slurm -------------------------------------------------------------- */

/* Write DIR/slurm/job.sh and submit it with sbatch --wait.  0, or the exit
 * code after a message. */
static int run_slurm(const regress_opts *o, const rg_manifest *m, const char *self,
                     const char *manifest_abs)
{
    char dir[4400], job[4500], sout[4500];
    snprintf(dir, sizeof dir, "%s/slurm", o->out);
    if (sg_mkdir_p(dir, NULL, 0) < 0) {
        fprintf(stderr, "%s: cannot create: %s\n", dir, strerror(errno));
        return SG_EXIT_USAGE;
    }
    snprintf(job, sizeof job, "%s/job.sh", dir);
    snprintf(sout, sizeof sout, "%s/sbatch.out", dir);
    FILE *f = fopen(job, "w");
    if (!f) {
        fprintf(stderr, "%s: cannot write: %s\n", job, strerror(errno));
        return SG_EXIT_USAGE;
    }
    fprintf(f, "#!/bin/sh\n");
    fprintf(f, "# samgen regress: one task per case of %s\n", manifest_abs);
    fprintf(f, "#SBATCH --job-name=samgen-regress\n");
    fprintf(f, "#SBATCH --array=0-%zu\n", m->n - 1);
    fprintf(f, "#SBATCH --output=%s/case-%%a.out\n", dir);
    if (o->partition)
        fprintf(f, "#SBATCH --partition=%s\n", o->partition);
    fprintf(f, "exec '%s' regress '%s' -o '%s' -q --case \"$SLURM_ARRAY_TASK_ID\"", self,
            manifest_abs, o->out);
    if (o->timeout)
        fprintf(f, " --timeout %ld", o->timeout);
    fprintf(f, "\n");
    if (fclose(f) != 0) {
        fprintf(stderr, "%s: cannot write\n", job);
        return SG_EXIT_USAGE;
    }
    chmod(job, 0755);
    char *argv[] = {"sbatch", "--wait", "--parsable", job, NULL};
    sg_proc p = {argv, NULL, sout, 1, o->quiet ? NULL : "submitting to Slurm and waiting",
                 "sbatch"};
    sg_proc_watch w = {"samgen regress", o->quiet, 0};
    sg_err e;
    sg_err_clear(&e);
    int rc = sg_proc_run(&p, &w, &e);
    if (rc == 127) {
        fprintf(stderr, "samgen regress: --slurm: sbatch not found (Slurm's sbatch must be "
                "in PATH)\n");
        return SG_EXIT_USAGE;
    }
    if (rc != 0) {
        /* A task that did not run leaves no status: the summary says so. */
        fprintf(stderr, "samgen regress: sbatch exited with %d (see %s)\n", rc, sout);
    }
    return 0;
}

/* ---- the summary -------------------------------------------------------- */

typedef struct rg_result {
    const char *state;        /* "pass", "fail", "error", "not run" */
    int code;
    double wall;
    long long cycles_rtl, cycles;
    char result[48];          /* report.json's result */
    char first[400];          /* first PASS/FAIL/STUCK line of the log */
} rg_result;

static void read_result(const regress_opts *o, const rg_case *c, rg_result *r)
{
    memset(r, 0, sizeof *r);
    r->state = "not run";
    r->cycles_rtl = r->cycles = -1;
    char path[4500];
    case_dir(o, c, "status", path, sizeof path);
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    if (fscanf(f, "exit %d wall %lf", &r->code, &r->wall) != 2)
        r->code = 255;
    fclose(f);
    r->state = r->code == 0 ? "pass" : r->code == 1 ? "fail" : "error";
    case_dir(o, c, "report.json", path, sizeof path);
    sg_json j;
    sg_err e;
    sg_err_clear(&e);
    if (sg_json_read_file(path, &j, &e) == 0) {
        const sg_json *x = sg_json_get(&j, "cycles_rtl");
        if (x && x->type == SG_JSON_NUM)
            r->cycles_rtl = (long long)x->num;
        x = sg_json_get(&j, "cycles");
        if (x && x->type == SG_JSON_NUM)
            r->cycles = (long long)x->num;
        x = sg_json_get(&j, "result");
        if (x && x->type == SG_JSON_STR)
            snprintf(r->result, sizeof r->result, "%s", x->str);
        sg_json_free(&j);
    }
    case_dir(o, c, "verify.log", path, sizeof path);
    f = fopen(path, "r");
    char line[1024];
    while (f && fgets(line, sizeof line, f)) {
        if (strncmp(line, "PASS ", 5) && strncmp(line, "FAIL ", 5) &&
            strncmp(line, "STUCK ", 6) && strncmp(line, "samgen", 6) &&
            !strstr(line, ": "))
            continue;
        line[strcspn(line, "\n")] = '\0';
        snprintf(r->first, sizeof r->first, "%.399s", line);
        if (!strncmp(line, "PASS ", 5) || !strncmp(line, "FAIL ", 5) ||
            !strncmp(line, "STUCK ", 6))
            break;
    }
    if (f)
        fclose(f);
}

static int write_summary(const regress_opts *o, const rg_manifest *m, size_t *n_pass)
{
    rg_result *r = sg_calloc(m->n, sizeof *r);
    *n_pass = 0;
    double total = 0;
    for (size_t i = 0; i < m->n; i++) {
        read_result(o, &m->c[i], &r[i]);
        *n_pass += strcmp(r[i].state, "pass") == 0;
        total += r[i].wall;
    }
    char path[4400];
    snprintf(path, sizeof path, "%s/summary.md", o->out);
    FILE *md = fopen(path, "w");
    snprintf(path, sizeof path, "%s/summary.json", o->out);
    FILE *js = fopen(path, "w");
    snprintf(path, sizeof path, "%s/junit.xml", o->out);
    FILE *ju = fopen(path, "w");
    int rc = md && js && ju ? 0 : -1;
    if (md) {
        fprintf(md, "| case | result | RTL cycles | golden cycles | wall s | line |\n");
        fprintf(md, "|---|---|---:|---:|---:|---|\n");
        for (size_t i = 0; i < m->n; i++) {
            fprintf(md, "| %s | %s | ", m->c[i].name, r[i].state);
            if (r[i].cycles_rtl >= 0) fprintf(md, "%lld", r[i].cycles_rtl); else fputc('-', md);
            fputs(" | ", md);
            if (r[i].cycles >= 0) fprintf(md, "%lld", r[i].cycles); else fputc('-', md);
            fprintf(md, " | %.1f | %ld |\n", r[i].wall, m->c[i].line);
        }
        fprintf(md, "\n%zu passed, %zu not passed, of %zu cases (%.1f s of case time)\n",
                *n_pass, m->n - *n_pass, m->n, total);
        fclose(md);
    }
    if (js) {
        fprintf(js, "{\n  \"cases\": [");
        for (size_t i = 0; i < m->n; i++) {
            fprintf(js, "%s\n    {\"name\": ", i ? "," : "");
            sg_json_str(js, m->c[i].name);
            fprintf(js, ", \"result\": \"%s\", \"exit\": %d, \"wall_s\": %.3f, \"line\": %ld, "
                    "\"cycles_rtl\": ", r[i].state, r[i].code, r[i].wall, m->c[i].line);
            if (r[i].cycles_rtl >= 0) fprintf(js, "%lld", r[i].cycles_rtl); else fputs("null", js);
            fputs(", \"cycles\": ", js);
            if (r[i].cycles >= 0) fprintf(js, "%lld", r[i].cycles); else fputs("null", js);
            fputs(", \"message\": ", js);
            sg_json_str(js, r[i].first);
            fputc('}', js);
        }
        fprintf(js, "%s],\n  \"passed\": %zu,\n  \"failed\": %zu\n}\n", m->n ? "\n  " : "",
                *n_pass, m->n - *n_pass);
        fclose(js);
    }
    if (ju) {
        size_t nf = 0, ne = 0;
        for (size_t i = 0; i < m->n; i++) {
            nf += strcmp(r[i].state, "fail") == 0;
            ne += strcmp(r[i].state, "error") == 0 || strcmp(r[i].state, "not run") == 0;
        }
        fprintf(ju, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        fprintf(ju, "<testsuites>\n  <testsuite name=\"samgen-regress\" tests=\"%zu\" "
                "failures=\"%zu\" errors=\"%zu\" time=\"%.3f\">\n", m->n, nf, ne, total);
        for (size_t i = 0; i < m->n; i++) {
            fprintf(ju, "    <testcase classname=\"regress\" name=\"");
            sg_xml_text(ju, m->c[i].name);
            fprintf(ju, "\" time=\"%.3f\"", r[i].wall);
            const char *s = r[i].state;
            if (strcmp(s, "pass") == 0) {
                fprintf(ju, "/>\n");
                continue;
            }
            fprintf(ju, ">\n      <%s message=\"", strcmp(s, "fail") == 0 ? "failure" : "error");
            sg_xml_text(ju, r[i].first[0] ? r[i].first : s);
            fprintf(ju, "\"/>\n    </testcase>\n");
        }
        fprintf(ju, "  </testsuite>\n</testsuites>\n");
        fclose(ju);
    }
    if (!o->quiet || *n_pass < m->n)
        for (size_t i = 0; i < m->n; i++)
            if (strcmp(r[i].state, "pass") != 0)
                printf("%s %s: %s\n", strcmp(r[i].state, "fail") == 0 ? "FAIL" : "ERROR",
                       m->c[i].name, r[i].first[0] ? r[i].first : r[i].state);
    printf("%zu passed, %zu failed\n", *n_pass, m->n - *n_pass);
    free(r);
    if (rc < 0)
        fprintf(stderr, "samgen regress: %s: cannot write the summary\n", o->out);
    return rc;
}

/* ---- the command -------------------------------------------------------- */

int sg_cmd_regress(int argc, char **argv)
{
    regress_opts o = {NULL, NULL, 1, 0, NULL, -1, 0, 0};
    int rc = sg_opt_parse("regress", argc, argv, on_opt, &o);
    if (rc != 0)
        return rc < 0 ? SG_EXIT_OK : rc;
    if (!o.manifest)
        return sg_cli_usage_error("regress", "no case list given");
    if (!o.out)
        return sg_cli_usage_error("regress", "-o DIR is needed (the cases and the summary go "
                                  "there)");
    if (o.partition && !o.slurm)
        return sg_cli_usage_error("regress", "--partition needs --slurm");
    if (o.slurm && (o.jobs != 1 || o.only >= 0))
        return sg_cli_usage_error("regress", "--slurm runs every case as a task of its own: "
                                  "no --jobs or --case with it");
    rg_manifest m;
    sg_err e;
    sg_err_clear(&e);
    if (sg_rg_manifest_read(o.manifest, &m, &e) < 0) {
        sg_rg_manifest_free(&m);
        return sg_cli_report(&e);
    }
    if (o.only >= 0 && (size_t)o.only >= m.n) {
        size_t n = m.n;
        sg_rg_manifest_free(&m);
        return sg_cli_usage_error("regress", "--case %ld: the list has cases 0..%zu", o.only,
                                  n - 1);
    }
    char self[4096], out_abs[4096], man_abs[4096];
    ssize_t len = readlink("/proc/self/exe", self, sizeof self - 1);
    if (len <= 0) {
        sg_rg_manifest_free(&m);
        return sg_cli_usage_error("regress", "cannot find the samgen binary");
    }
    self[len] = '\0';
    if (sg_mkdir_p(o.out, NULL, 0) < 0 || !realpath(o.out, out_abs) ||
        !realpath(o.manifest, man_abs)) {
        fprintf(stderr, "%s: cannot create: %s\n", o.out, strerror(errno));
        sg_rg_manifest_free(&m);
        return SG_EXIT_USAGE;
    }
    o.out = out_abs;
    if (o.only >= 0) {
        /* One task of a Slurm array (or a single case by hand): its status
         * is its result, so the task itself succeeds once the case ran. */
        rc = run_local(&o, &m, (size_t)o.only, (size_t)o.only + 1, 1, self) < 0
                 ? SG_EXIT_USAGE : SG_EXIT_OK;
        sg_rg_manifest_free(&m);
        return rc;
    }
    if (o.slurm)
        rc = run_slurm(&o, &m, self, man_abs);
    else
        rc = run_local(&o, &m, 0, m.n, o.jobs, self) < 0 ? SG_EXIT_USAGE : 0;
    if (rc != 0) {
        sg_rg_manifest_free(&m);
        return rc;
    }
    size_t n_pass = 0;
    if (write_summary(&o, &m, &n_pass) < 0)
        rc = SG_EXIT_USAGE;
    else
        rc = n_pass == m.n ? SG_EXIT_OK : SG_EXIT_CHECK;
    sg_rg_manifest_free(&m);
    return rc;
}
