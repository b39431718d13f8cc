/*
 * hash_test.c - FNV-1a reference values, over bytes and over a file.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/hash.h"

static void test_fnv(void **state)
{
    (void)state;
    /* FNV-1a 64 reference values. */
    assert_true(sg_fnv1a(SG_FNV_INIT, "", 0) == UINT64_C(0xcbf29ce484222325));
    assert_true(sg_fnv1a(SG_FNV_INIT, "a", 1) == UINT64_C(0xaf63dc4c8601ec8c));
    /* Continuing from a previous value is hashing the concatenation. */
    assert_true(sg_fnv1a(sg_fnv1a(SG_FNV_INIT, "ab", 2), "c", 1) ==
                sg_fnv1a(SG_FNV_INIT, "abc", 3));
}

static void test_fnv_file(void **state)
{
    (void)state;
    char path[] = "/tmp/sg_hash_testXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "wb");
    assert_non_null(f);
    fputs("abc", f);
    fclose(f);
    uint64_t h = SG_FNV_INIT;
    assert_int_equal(sg_fnv1a_file(&h, path), 0);
    assert_true(h == sg_fnv1a(SG_FNV_INIT, "abc", 3));
    unlink(path);
    h = 7;
    assert_int_equal(sg_fnv1a_file(&h, path), -1);
    assert_true(h == 7);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fnv),
        cmocka_unit_test(test_fnv_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
