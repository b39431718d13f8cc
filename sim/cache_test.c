/*
 * cache_test.c - the build cache: its location from the environment, the
 * size cap's variable, listing builds (only vl-<key> directories, least
 * recently used first) and trimming to a cap (least recently used first,
 * never the build just made).
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sim/cache.h"

/* A build named name in dir with a file of bytes bytes, last used at t. */
static void make_build(const char *dir, const char *name, size_t bytes, time_t t)
{
    char path[512], file[600];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    assert_int_equal(mkdir(path, 0755), 0);
    snprintf(file, sizeof file, "%s/Vtop", path);
    FILE *f = fopen(file, "w");
    assert_non_null(f);
    for (size_t i = 0; i < bytes; i++)
        fputc('x', f);
    assert_int_equal(fclose(f), 0);
    struct timespec ts[2] = {{t, 0}, {t, 0}};
    assert_int_equal(utimensat(AT_FDCWD, path, ts, 0), 0);
}

static int exists(const char *dir, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    return access(path, F_OK) == 0;
}

static void test_dir(void **state)
{
    (void)state;
    char buf[256];
    setenv("SAMGEN_CACHE", "/c/own", 1);
    setenv("XDG_CACHE_HOME", "/c/xdg", 1);
    setenv("HOME", "/c/home", 1);
    sg_cache_dir(buf, sizeof buf);
    assert_string_equal(buf, "/c/own");
    unsetenv("SAMGEN_CACHE");
    sg_cache_dir(buf, sizeof buf);
    assert_string_equal(buf, "/c/xdg/samgen");
    setenv("XDG_CACHE_HOME", "", 1);
    sg_cache_dir(buf, sizeof buf);
    assert_string_equal(buf, "/c/home/.cache/samgen");
}

static void test_max(void **state)
{
    (void)state;
    sg_err e;
    unsigned long long cap;
    unsetenv("SAMGEN_CACHE_MAX");
    assert_int_equal(sg_cache_max(&cap, &e), 0);
    assert_true(cap == 512ULL << 20);
    setenv("SAMGEN_CACHE_MAX", "0", 1);
    assert_int_equal(sg_cache_max(&cap, &e), 0);
    assert_true(cap == 0);
    setenv("SAMGEN_CACHE_MAX", "3", 1);
    assert_int_equal(sg_cache_max(&cap, &e), 0);
    assert_true(cap == 3ULL << 20);
    setenv("SAMGEN_CACHE_MAX", "1G", 1);
    sg_err_clear(&e);
    assert_int_equal(sg_cache_max(&cap, &e), -1);
    assert_int_equal(e.code, SG_EXIT_USAGE);
    assert_non_null(strstr(e.msg, "SAMGEN_CACHE_MAX: expected an integer"));
    setenv("SAMGEN_CACHE_MAX", "-1", 1);
    sg_err_clear(&e);
    assert_int_equal(sg_cache_max(&cap, &e), -1);
    assert_non_null(strstr(e.msg, "SAMGEN_CACHE_MAX: -1 is out of range"));
    unsetenv("SAMGEN_CACHE_MAX");
}

static void test_list_trim(void **state)
{
    (void)state;
    char dir[] = "/tmp/sg_cache_test_XXXXXX";
    assert_non_null(mkdtemp(dir));
    make_build(dir, "vl-00000000000000a1", 1000, 1000000);
    make_build(dir, "vl-00000000000000a2", 2000, 3000000);
    make_build(dir, "vl-00000000000000a3", 4000, 2000000);
    make_build(dir, "vl-00000000000000a4.tmp77", 8000, 100);   /* a build under way */
    make_build(dir, "other", 8000, 100);
    sg_cache_entry *ents;
    size_t n;
    sg_cache_list(dir, &ents, &n);
    assert_int_equal(n, 3);
    assert_string_equal(ents[0].name, "vl-00000000000000a1");
    assert_string_equal(ents[1].name, "vl-00000000000000a3");
    assert_string_equal(ents[2].name, "vl-00000000000000a2");
    assert_true(ents[0].bytes >= 1000 && ents[1].bytes >= 4000);
    free(ents);
    /* 7000 bytes under a cap of 5000: a1 (the oldest) is kept as the build
     * just made, so a3, the next oldest, goes. */
    unsigned long long freed;
    size_t r = sg_cache_trim(dir, 5000, "vl-00000000000000a1", &freed);
    assert_int_equal(r, 1);
    assert_true(freed >= 4000);
    assert_true(exists(dir, "vl-00000000000000a1"));
    assert_false(exists(dir, "vl-00000000000000a3"));
    assert_true(exists(dir, "vl-00000000000000a2"));
    assert_true(exists(dir, "vl-00000000000000a4.tmp77"));
    r = sg_cache_trim(dir, 2500, NULL, &freed);
    assert_int_equal(r, 1);
    assert_false(exists(dir, "vl-00000000000000a1"));
    assert_true(exists(dir, "vl-00000000000000a2"));
    assert_int_equal(sg_cache_remove(dir, "vl-00000000000000a2"), 0);
    assert_int_equal(sg_cache_remove(dir, "vl-00000000000000a2"), -1);
    sg_cache_list(dir, &ents, &n);
    assert_int_equal(n, 0);
    free(ents);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_dir),
        cmocka_unit_test(test_max),
        cmocka_unit_test(test_list_trim),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
