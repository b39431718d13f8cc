/*
 * paths_test.c - directory creation and finding a program in a PATH.
 */
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

#include "core/paths.h"

/* A scratch directory holding a/ (an executable "tool", a plain file
 * "data"), b/ (an executable "tool" and a directory "sub"), removed after. */
struct dirs {
    char root[64], a[96], b[96];
};

static void put(const char *dir, const char *name, int mode)
{
    char p[200];
    snprintf(p, sizeof p, "%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    assert_non_null(f);
    fputs("#!/bin/sh\n", f);
    fclose(f);
    assert_int_equal(chmod(p, (mode_t)mode), 0);
}

static int setup(void **state)
{
    struct dirs *d = calloc(1, sizeof *d);
    snprintf(d->root, sizeof d->root, "/tmp/sg_paths_testXXXXXX");
    if (!d || !mkdtemp(d->root))
        return -1;
    snprintf(d->a, sizeof d->a, "%s/a/x", d->root);
    snprintf(d->b, sizeof d->b, "%s/b", d->root);
    if (sg_mkdir_p(d->a, NULL, 0) < 0 || sg_mkdir_p(d->b, NULL, 0) < 0)
        return -1;
    put(d->a, "tool", 0755);
    put(d->a, "data", 0644);
    put(d->b, "tool", 0755);
    char sub[200];
    snprintf(sub, sizeof sub, "%s/sub", d->b);
    if (mkdir(sub, 0755) < 0)
        return -1;
    *state = d;
    return 0;
}

static int teardown(void **state)
{
    struct dirs *d = *state;
    char cmd[200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", d->root);
    int rc = system(cmd);
    free(d);
    return rc == 0 ? 0 : -1;
}

static void test_mkdir_p_nested(void **state)
{
    struct dirs *d = *state;
    struct stat st;
    assert_int_equal(stat(d->a, &st), 0);
    assert_true(S_ISDIR(st.st_mode));
    assert_int_equal(sg_mkdir_p(d->a, NULL, 0), 0); /* existing is fine */
    char under_file[200], at[200] = "";
    snprintf(under_file, sizeof under_file, "%s/data/y", d->a);
    assert_int_equal(sg_mkdir_p(under_file, at, sizeof at), -1);
    /* the directory that could not be made: data is a file */
    assert_string_equal(at, under_file);
}

static void test_find_exe_first_dir_wins(void **state)
{
    struct dirs *d = *state;
    char list[400], got[300];
    snprintf(list, sizeof list, "::%s:%s", d->a, d->b);
    assert_int_equal(sg_path_find_exe(list, "tool", got, sizeof got), 1);
    char want[300];
    snprintf(want, sizeof want, "%s/tool", d->a);
    assert_string_equal(got, want);
    snprintf(list, sizeof list, "%s:%s", d->b, d->a);
    assert_int_equal(sg_path_find_exe(list, "tool", got, sizeof got), 1);
    snprintf(want, sizeof want, "%s/tool", d->b);
    assert_string_equal(got, want);
    assert_int_equal(sg_path_find_exe(list, "tool", NULL, 0), 1);
}

static void test_find_exe_skips_non_programs(void **state)
{
    struct dirs *d = *state;
    char list[400];
    snprintf(list, sizeof list, "%s:%s", d->a, d->b);
    /* a plain file and a directory are not programs */
    assert_int_equal(sg_path_find_exe(list, "data", NULL, 0), 0);
    assert_int_equal(sg_path_find_exe(list, "sub", NULL, 0), 0);
    assert_int_equal(sg_path_find_exe(list, "absent", NULL, 0), 0);
    assert_int_equal(sg_path_find_exe("", "tool", NULL, 0), 0);
    assert_int_equal(sg_path_find_exe(":::", "tool", NULL, 0), 0);
    assert_int_equal(sg_path_find_exe(NULL, "tool", NULL, 0), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(test_mkdir_p_nested, setup, teardown),
        cmocka_unit_test_setup_teardown(test_find_exe_first_dir_wins, setup, teardown),
        cmocka_unit_test_setup_teardown(test_find_exe_skips_non_programs, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
