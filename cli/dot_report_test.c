/*
 * dot_report_test.c - reading a verify report back for `samgen dot
 * --report` on examples/spmv.gv: the figures it takes, the first mismatch
 * it picks, and, fuzz-style, every cut-off and many garbled copies of a
 * good report refused with one line naming the report, never a crash.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cmocka.h>

#include "cli/dot_report.h"
#include "core/paths.h"
#include "front/dot.h"
#include "golden/golden.h"

typedef struct fixture {
    sg_graph g;
    char path[64];           /* the report file */
    char *text;              /* a good report for g */
    size_t len;
} fixture;

/* A report as verify writes it: edge k has 10 + k tokens golden and RTL,
 * node v busy v, stall 2v; edges 3 and 5 mismatch, 5 earlier. */
static char *good_report(const sg_graph *g, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    fprintf(f, "{\n  \"graph\": \"spmv.gv\",\n  \"result\": \"fail\",\n  \"pass\": false,\n"
               "  \"cycles\": 69,\n  \"cycles_rtl\": 83,\n  \"nodes\": [");
    for (size_t v = 0; v < g->n_nodes; v++)
        fprintf(f, "%s\n    {\"id\": %d, \"kind\": \"x\", \"busy\": %zu, \"stall\": %zu, "
                   "\"busy_rtl\": null, \"stall_rtl\": null}",
                v ? "," : "", g->nodes[v].id, v, 2 * v);
    fprintf(f, "\n  ],\n  \"edges\": [");
    char nm[160];
    for (size_t k = 0; k < g->n_edges; k++) {
        fprintf(f, "%s\n    {\"name\": \"%s\", \"tokens\": %zu, \"tokens_rtl\": %zu, "
                   "\"mismatch\": ",
                k ? "," : "", sg_golden_edge_name(g, k, nm), 10 + k, k == 5 ? 9 + k : 10 + k);
        if (k == 3 || k == 5)
            fprintf(f, "{\"stream\": \"%s\", \"index\": %zu, \"cycle\": %d}}", nm, k,
                    k == 3 ? 40 : 12);
        else
            fputs("null}", f);
    }
    fprintf(f, "\n  ]\n}\n");
    fclose(f);
    return buf;
}

static int setup(void **state)
{
    fixture *fx = calloc(1, sizeof *fx);
    char root[4096], gpath[4200];
    sg_err e;
    sg_err_clear(&e);
    assert_int_equal(sg_source_root(root, sizeof root, &e), 0);
    snprintf(gpath, sizeof gpath, "%s/examples/spmv.gv", root);
    assert_int_equal(sg_graph_read(gpath, &fx->g, &e), 0);
    snprintf(fx->path, sizeof fx->path, "/tmp/sg_dot_reportXXXXXX");
    int fd = mkstemp(fx->path);
    assert_true(fd >= 0);
    close(fd);
    fx->text = good_report(&fx->g, &fx->len);
    *state = fx;
    return 0;
}

static int teardown(void **state)
{
    fixture *fx = *state;
    unlink(fx->path);
    free(fx->text);
    sg_graph_free(&fx->g);
    free(fx);
    return 0;
}

static int read_text(fixture *fx, const char *t, size_t n, sg_dot_report *r, sg_err *e)
{
    FILE *f = fopen(fx->path, "wb");
    assert_non_null(f);
    assert_int_equal(fwrite(t, 1, n, f), n);
    fclose(f);
    sg_err_clear(e);
    return sg_dot_report_read(fx->path, &fx->g, r, e);
}

/* A relative SAMGEN_ROOT is made absolute: the simulators' builds run in
 * other directories. */
static void test_relative_root(void **state)
{
    (void)state;
    char root[4096], rel[4300];
    sg_err e;
    sg_err_clear(&e);
    assert_int_equal(sg_source_root(root, sizeof root, &e), 0);
    const char *old = getenv("SAMGEN_ROOT");
    char keep[4096] = "";
    if (old)
        snprintf(keep, sizeof keep, "%s", old);
    char cwd[4096];
    assert_non_null(getcwd(cwd, sizeof cwd));
    assert_int_equal(chdir(root), 0);
    setenv("SAMGEN_ROOT", ".", 1);
    assert_int_equal(sg_source_root(rel, sizeof rel, &e), 0);
    assert_int_equal(rel[0], '/');
    char spmv[4400];
    snprintf(spmv, sizeof spmv, "%s/examples/spmv.gv", rel);
    assert_int_equal(access(spmv, R_OK), 0);
    assert_int_equal(chdir(cwd), 0);
    if (old)
        setenv("SAMGEN_ROOT", keep, 1);
    else
        unsetenv("SAMGEN_ROOT");
}

static void test_good(void **state)
{
    fixture *fx = *state;
    sg_dot_report r;
    sg_err e;
    assert_int_equal(read_text(fx, fx->text, fx->len, &r, &e), 0);
    assert_string_equal(r.result, "fail");
    assert_int_equal(r.pass, 0);
    assert_int_equal(r.cycles, 69);
    assert_int_equal(r.cycles_rtl, 83);
    for (size_t k = 0; k < fx->g.n_edges; k++) {
        assert_int_equal(r.tok[k], (long long)(10 + k));
        assert_int_equal(r.tok_rtl[k], (long long)(k == 5 ? 9 + k : 10 + k));
    }
    for (size_t v = 0; v < fx->g.n_nodes; v++) {
        assert_int_equal(r.busy[v], (long long)v);
        assert_int_equal(r.stall[v], (long long)(2 * v));
        assert_int_equal(r.busy_rtl[v], -1);
    }
    /* Edge 5's wrong token came first (cycle 12 against 40). */
    assert_int_equal(r.first_mm, 5);
    assert_int_equal(r.mm_index, 5);
    sg_dot_report_free(&r);
}

/* A refused report: code 2, one line starting with the report's name. */
static void refused(fixture *fx, const char *t, size_t n, const char *what)
{
    sg_dot_report r;
    sg_err e;
    if (read_text(fx, t, n, &r, &e) == 0) {
        sg_dot_report_free(&r);
        fail_msg("%s: accepted", what);
    }
    if (e.code != SG_EXIT_USAGE || strncmp(e.msg, fx->path, strlen(fx->path)) != 0 ||
        strchr(e.msg, '\n'))
        fail_msg("%s: error '%s' (code %d)", what, e.msg, e.code);
}

static void test_truncated(void **state)
{
    fixture *fx = *state;
    char what[64];
    /* Every other length (the last two bytes are "}\n"). */
    for (size_t n = 0; n < fx->len - 2; n += 2) {
        snprintf(what, sizeof what, "first %zu bytes", n);
        refused(fx, fx->text, n, what);
    }
}

/* Garbled copies: a byte replaced by characters that break JSON or its
 * meaning.  Each is either refused properly or read (a digit that stays a
 * count); none crashes or leaks (ASan). */
static void test_garbled(void **state)
{
    fixture *fx = *state;
    static const char subst[] = {'"', '{', ',', '-', '\0'};
    char *t = malloc(fx->len);
    for (size_t i = 0; i < fx->len; i += 7) {
        for (size_t s = 0; s < sizeof subst; s++) {
            memcpy(t, fx->text, fx->len);
            if (t[i] == subst[s])
                continue;
            t[i] = subst[s];
            sg_dot_report r;
            sg_err e;
            if (read_text(fx, t, fx->len, &r, &e) == 0)
                sg_dot_report_free(&r);
            else if (e.code != SG_EXIT_USAGE || strncmp(e.msg, fx->path, strlen(fx->path)) != 0)
                fail_msg("byte %zu = 0x%02x: error '%s'", i, (unsigned char)subst[s], e.msg);
        }
    }
    free(t);
}

static void test_wrong_graph(void **state)
{
    fixture *fx = *state;
    /* An edge name the graph does not have, and a node id it does not have. */
    char *t = strdup(fx->text);
    char *p = strstr(t, "\"name\": \"") + 9;
    *p = 'Z';
    sg_dot_report r;
    sg_err e;
    assert_int_equal(read_text(fx, t, strlen(t), &r, &e), -1);
    assert_non_null(strstr(e.msg, "is not an edge of the graph"));
    free(t);
    p = strstr(fx->text, "{\"id\": 0,");
    assert_non_null(p);
    size_t at = (size_t)(p - fx->text), n = fx->len + 8;
    t = malloc(n);
    snprintf(t, n, "%.*s{\"id\": 77,%s", (int)at, fx->text, p + 9);
    assert_int_equal(read_text(fx, t, strlen(t), &r, &e), -1);
    assert_non_null(strstr(e.msg, "node 77 is not a node of the graph"));
    free(t);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_relative_root),
        cmocka_unit_test(test_good),
        cmocka_unit_test(test_truncated),
        cmocka_unit_test(test_garbled),
        cmocka_unit_test(test_wrong_graph),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
