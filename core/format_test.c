/*
 * format_test.c - tensor format strings: parse, print, reject.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "core/tensor.h"

static void test_parse_valid(void **state)
{
    (void)state;
    sg_format f;
    sg_err e;
    char buf[2 * SG_MAX_ORDER + 1];
    const char *ok[] = {"ss01", "ss10", "ds01", "dd10", "sss012", "s0", "d0",
                        "none", "sdsd3120"};
    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++) {
        assert_int_equal(sg_format_parse(ok[i], &f, &e), 0);
        sg_format_str(&f, buf);
        assert_string_equal(buf, ok[i]);
    }
    assert_int_equal(sg_format_parse("ds10", &f, &e), 0);
    assert_int_equal(f.order, 2);
    assert_int_equal(f.level[0], SG_LVL_DENSE);
    assert_int_equal(f.level[1], SG_LVL_COMPRESSED);
    assert_int_equal(f.mode[0], 1);
    assert_int_equal(f.mode[1], 0);
    assert_int_equal(sg_format_parse("none", &f, &e), 0);
    assert_int_equal(f.order, 0);
}

static void test_parse_invalid(void **state)
{
    (void)state;
    sg_format f;
    sg_err e;
    struct { const char *s, *msg; } bad[] = {
        {"", "empty"},
        {"s", "2n characters"},
        {"sx01", "unknown level format 'x'"},
        {"ss00", "stored twice"},
        {"ss02", "not in 0..1"},
        {"ss0a", "not in 0..1"},
        {"sssssssss012345678", "2n characters"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        sg_err_clear(&e);
        assert_int_equal(sg_format_parse(bad[i].s, &f, &e), -1);
        assert_non_null(strstr(e.msg, bad[i].msg));
        assert_int_equal(e.code, SG_EXIT_USAGE);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_valid),
        cmocka_unit_test(test_parse_invalid),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
