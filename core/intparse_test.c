/*
 * intparse_test.c - the integer option parser: syntax, overflow, range and
 * the option named in every message.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "core/intparse.h"

static void test_good(void **state)
{
    (void)state;
    sg_err e;
    int64_t v = 0;
    sg_err_clear(&e);
    assert_int_equal(sg_int_parse("--n", "42", 0, 100, &v, &e), 0);
    assert_int_equal(v, 42);
    assert_int_equal(sg_int_parse("--n", "-7", -10, 10, &v, &e), 0);
    assert_int_equal(v, -7);
    assert_int_equal(sg_int_parse("--n", "+3", 0, 10, &v, &e), 0);
    assert_int_equal(v, 3);
    assert_int_equal(sg_int_parse("--n", "9223372036854775807", 0, INT64_MAX, &v, &e), 0);
    assert_true(v == INT64_MAX);
    assert_int_equal(sg_int_parse("--n", "-9223372036854775808", INT64_MIN, 0, &v, &e), 0);
    assert_true(v == INT64_MIN);
}

static void test_syntax(void **state)
{
    (void)state;
    const char *bad[] = {"", "-", "+", "abc", "12abc", " 1", "1 ", "0x10", "1.5", "1e3", "--1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sg_err e;
        sg_err_clear(&e);
        int64_t v = 5;
        assert_int_equal(sg_int_parse("--width", bad[i], 1, 64, &v, &e), -1);
        assert_int_equal(v, 5);
        assert_int_equal(e.code, SG_EXIT_USAGE);
        assert_non_null(strstr(e.msg, "--width: expected an integer in 1..64, got '"));
    }
}

static void test_range_and_overflow(void **state)
{
    (void)state;
    sg_err e;
    int64_t v = 5;
    sg_err_clear(&e);
    assert_int_equal(sg_int_parse("--seed", "99999999999999999999999", 0, INT64_MAX, &v, &e), -1);
    assert_string_equal(e.msg, "--seed: 99999999999999999999999 is out of range "
                        "0..9223372036854775807");
    assert_int_equal(sg_int_parse("--seed", "9223372036854775808", 0, INT64_MAX, &v, &e), -1);
    assert_int_equal(sg_int_parse("--n", "-9223372036854775809", INT64_MIN, 0, &v, &e), -1);
    assert_int_equal(sg_int_parse("--depth", "0", 1, 4096, &v, &e), -1);
    assert_string_equal(e.msg, "--depth: 0 is out of range 1..4096");
    assert_int_equal(sg_int_parse("--depth", "4097", 1, 4096, &v, &e), -1);
    assert_int_equal(sg_int_parse("--depth", "-1", 1, 4096, &v, &e), -1);
    assert_int_equal(v, 5);
    assert_int_equal(e.code, SG_EXIT_USAGE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_good),
        cmocka_unit_test(test_syntax),
        cmocka_unit_test(test_range_and_overflow),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
