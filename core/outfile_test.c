/*
 * outfile_test.c - output paths: the same-file test, the checks a command
 * runs before it writes, and output directories a failed run removes.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/outfile.h"

/* A fresh scratch directory per test, removed afterwards. */
static int setup(void **state)
{
    char *d = malloc(64);
    snprintf(d, 64, "/tmp/sg_outfile_testXXXXXX");
    if (!mkdtemp(d))
        return -1;
    *state = d;
    return 0;
}

static int teardown(void **state)
{
    sg_outdir od = {strdup(*state)};
    sg_outdir_undo(&od);
    free(*state);
    return 0;
}

static void touch(const char *dir, const char *name, char *path, size_t n)
{
    snprintf(path, n, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("x\n", f);
    fclose(f);
}

static void test_same_file(void **state)
{
    const char *d = *state;
    char a[256], b[256], ln[256], hl[256], rel[300], none[256];
    touch(d, "a.tns", a, sizeof a);
    touch(d, "b.tns", b, sizeof b);
    snprintf(ln, sizeof ln, "%s/link.tns", d);
    assert_int_equal(symlink(a, ln), 0);
    snprintf(hl, sizeof hl, "%s/hard.tns", d);
    assert_int_equal(link(a, hl), 0);
    snprintf(rel, sizeof rel, "%s/./../%s/a.tns", d, strrchr(d, '/') + 1);
    snprintf(none, sizeof none, "%s/none.tns", d);
    assert_true(sg_same_file(a, a));
    assert_true(sg_same_file(a, ln));
    assert_true(sg_same_file(hl, a));
    assert_true(sg_same_file(rel, a));
    assert_false(sg_same_file(a, b));
    assert_false(sg_same_file(a, none));
    /* Neither exists: the canonical paths decide. */
    char none2[300];
    snprintf(none2, sizeof none2, "%s/./none.tns", d);
    assert_true(sg_same_file(none, none2));
}

static void test_plan_refuses_input(void **state)
{
    const char *d = *state;
    char g[128], ln[128], e_msg[512];
    touch(d, "g.gv", g, sizeof g);
    snprintf(ln, sizeof ln, "%s/alias.vcd", d);
    assert_int_equal(symlink(g, ln), 0);
    sg_outplan p;
    sg_outplan_init(&p);
    sg_outplan_input(&p, g);
    sg_outplan_output(&p, SG_OUT_FILE, "--waves", ln, NULL);
    sg_err e;
    sg_err_clear(&e);
    assert_int_equal(sg_outplan_check(&p, &e), -1);
    assert_int_equal(e.code, SG_EXIT_USAGE);
    snprintf(e_msg, sizeof e_msg, "--waves %s would overwrite the input %s", ln, g);
    assert_string_equal(e.msg, e_msg);
    sg_outplan_free(&p);

    /* An output directory named like an input file. */
    sg_outplan_init(&p);
    sg_outplan_input(&p, g);
    sg_outplan_output(&p, SG_OUT_DIR, "-o", g, NULL);
    assert_int_equal(sg_outplan_check(&p, &e), -1);
    assert_non_null(strstr(e.msg, "would overwrite the input"));
    sg_outplan_free(&p);
}

/* sg_outplan_check on a plan of one -o directory and one file. */
static int check_dir_and_file(const char *dir, const char *file)
{
    sg_outplan p;
    sg_err e;
    sg_err_clear(&e);
    sg_outplan_init(&p);
    sg_outplan_output(&p, SG_OUT_DIR, "-o", dir, NULL);
    sg_outplan_output(&p, SG_OUT_FILE, "-o", file, NULL);
    int r = sg_outplan_check(&p, &e);
    sg_outplan_free(&p);
    return r;
}

static void test_plan_dirs(void **state)
{
    const char *d = *state;
    char in[128], f[256], sub[256], out[300];
    snprintf(in, sizeof in, "%s/B", d);
    assert_int_equal(mkdir(in, 0777), 0);
    touch(in, "tensor_B_mode_vals", f, sizeof f);
    sg_err e;
    sg_err_clear(&e);
    sg_outplan p;

    /* An output directory equal to an input directory is fine... */
    sg_outplan_init(&p);
    sg_outplan_input(&p, in);
    sg_outplan_output(&p, SG_OUT_DIR, "-o", in, NULL);
    snprintf(out, sizeof out, "%s/report.json", in);
    sg_outplan_output(&p, SG_OUT_FILE, "-o", out, NULL);
    sg_outplan_output(&p, SG_OUT_SAMDIR, "-o", in, "X");
    assert_int_equal(sg_outplan_check(&p, &e), 0);
    sg_outplan_free(&p);

    /* ...unless it writes the input tensor's files. */
    sg_outplan_init(&p);
    sg_outplan_input(&p, in);
    sg_outplan_output(&p, SG_OUT_SAMDIR, "OUT", in, "B");
    assert_int_equal(sg_outplan_check(&p, &e), -1);
    assert_non_null(strstr(e.msg, "would overwrite tensor B of the input directory"));
    sg_outplan_free(&p);
    sg_outplan_init(&p);
    sg_outplan_input(&p, in);
    sg_outplan_output(&p, SG_OUT_FILE, "-o", f, NULL);
    assert_int_equal(sg_outplan_check(&p, &e), -1);
    assert_non_null(strstr(e.msg, "would overwrite"));
    sg_outplan_free(&p);

    /* A file whose directory is missing; a directory below a file. */
    sg_outplan_init(&p);
    snprintf(out, sizeof out, "%s/nodir/x.vcd", d);
    sg_outplan_output(&p, SG_OUT_FILE, "--waves", out, NULL);
    assert_int_equal(sg_outplan_check(&p, &e), -1);
    char want[512];
    snprintf(want, sizeof want, "cannot write %s: No such file or directory", out);
    assert_string_equal(e.msg, want);
    sg_outplan_free(&p);
    sg_outplan_init(&p);
    snprintf(sub, sizeof sub, "%s/tensor_B_mode_vals/deeper", in);
    sg_outplan_output(&p, SG_OUT_DIR, "-o", sub, NULL);
    assert_int_equal(sg_outplan_check(&p, &e), -1);
    assert_non_null(strstr(e.msg, "Not a directory"));
    sg_outplan_free(&p);

    /* A file in a directory the command creates is fine, also when the
     * directory is given with a trailing slash. */
    snprintf(sub, sizeof sub, "%s/new/deeper", d);
    snprintf(out, sizeof out, "%s/new/deeper/report.json", d);
    assert_int_equal(check_dir_and_file(sub, out), 0);
    snprintf(sub, sizeof sub, "%s/new/deeper/", d);
    snprintf(out, sizeof out, "%s/new/deeper//report.json", d);
    assert_int_equal(check_dir_and_file(sub, out), 0);
}

/* A directory that passes the permission check but takes no new entries
 * (/proc: even a privileged process cannot create anything there) is
 * refused, and the check leaves nothing behind where it can write. */
static void test_plan_uncreatable(void **state)
{
    const char *d = *state;
    sg_err e;
    sg_err_clear(&e);
    sg_outplan p;
    struct stat st;
    if (stat("/proc/self", &st) == 0) {
        sg_outplan_init(&p);
        sg_outplan_output(&p, SG_OUT_DIR, "-o", "/proc/x", NULL);
        assert_int_equal(sg_outplan_check(&p, &e), -1);
        assert_int_equal(e.code, SG_EXIT_USAGE);
        assert_non_null(strstr(e.msg, "cannot write /proc/x: "));
        sg_outplan_free(&p);
        sg_outplan_init(&p);
        sg_outplan_output(&p, SG_OUT_FILE, "-o", "/proc/x.json", NULL);
        assert_int_equal(sg_outplan_check(&p, &e), -1);
        assert_non_null(strstr(e.msg, "cannot write /proc/x.json: "));
        sg_outplan_free(&p);
    }
    char sub[256];
    snprintf(sub, sizeof sub, "%s/made/here", d);
    sg_outplan_init(&p);
    sg_outplan_output(&p, SG_OUT_DIR, "-o", sub, NULL);
    assert_int_equal(sg_outplan_check(&p, &e), 0);
    sg_outplan_free(&p);
    DIR *dir = opendir(d);
    assert_non_null(dir);
    struct dirent *de;
    while ((de = readdir(dir)) != NULL)
        assert_true(strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0);
    closedir(dir);
}

static void test_outdir_undo(void **state)
{
    const char *d = *state;
    char top[256], deep[300], f[400];
    sg_err e;
    sg_err_clear(&e);
    /* A directory that existed stays, with its content. */
    sg_outdir od;
    char keep[256];
    touch(d, "keep.txt", keep, sizeof keep);
    assert_int_equal(sg_outdir_make(&od, d, &e), 0);
    assert_null(od.made);
    sg_outdir_undo(&od);
    assert_int_equal(access(keep, F_OK), 0);
    /* What the run created goes, files included. */
    snprintf(top, sizeof top, "%s/a", d);
    snprintf(deep, sizeof deep, "%s/a/b/c", d);
    assert_int_equal(sg_outdir_make(&od, deep, &e), 0);
    assert_string_equal(od.made, top);
    touch(deep, "t.txt", f, sizeof f);
    sg_outdir_undo(&od);
    assert_int_equal(access(top, F_OK), -1);
    assert_int_equal(access(d, F_OK), 0);
    /* Below a file: an error, nothing left behind. */
    snprintf(deep, sizeof deep, "%s/keep.txt/x", d);
    assert_int_equal(sg_outdir_make(&od, deep, &e), -1);
    assert_non_null(strstr(e.msg, "cannot create"));
    assert_null(od.made);
}

static void test_reserve(void **state)
{
    const char *d = *state;
    char path[256], buf[64];
    snprintf(path, sizeof path, "%s/w.vcd", d);
    sg_outfile o;
    sg_err e;
    sg_err_clear(&e);
    assert_int_equal(sg_outfile_reserve(&o, path, &e), 0);
    assert_null(o.f);
    FILE *f = fopen(o.tmp, "w");
    assert_non_null(f);
    fputs("dump\n", f);
    fclose(f);
    assert_int_equal(access(path, F_OK), -1);
    assert_int_equal(sg_outfile_commit(&o, &e), 0);
    f = fopen(path, "r");
    assert_non_null(f);
    assert_non_null(fgets(buf, sizeof buf, f));
    fclose(f);
    assert_string_equal(buf, "dump\n");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_same_file, setup, teardown),
        cmocka_unit_test_setup_teardown(test_plan_refuses_input, setup, teardown),
        cmocka_unit_test_setup_teardown(test_plan_dirs, setup, teardown),
        cmocka_unit_test_setup_teardown(test_plan_uncreatable, setup, teardown),
        cmocka_unit_test_setup_teardown(test_outdir_undo, setup, teardown),
        cmocka_unit_test_setup_teardown(test_reserve, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
