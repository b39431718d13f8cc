/*
 * area_json_test.c - the JSON reader used for Yosys and nextpnr output.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fpga/area_json.h"

static void test_values(void **state)
{
    (void)state;
    const char *s =
        "{\n  \"a\": 12, \"b\": -1.5e2, \"s\": \"x\\\"y\\\\z\\u0041\",\n"
        "  \"t\": true, \"f\": false, \"n\": null,\n"
        "  \"arr\": [1, [2, 3], {}], \"o\": {\"k\": \"12+\"}\n}\n";
    area_jv v;
    sg_err e;
    assert_int_equal(sg_area_json_parse(s, strlen(s), "t.json", &v, &e), 0);
    assert_int_equal(v.t, AREA_J_OBJ);
    assert_int_equal(v.n, 8);
    assert_true(sg_area_json_num(sg_area_json_get(&v, "a"), 0) == 12);
    assert_true(sg_area_json_num(sg_area_json_get(&v, "b"), 0) == -150);
    assert_string_equal(sg_area_json_get(&v, "s")->str, "x\"y\\zA");
    assert_true(sg_area_json_num(sg_area_json_get(&v, "t"), 0) == 1);
    assert_int_equal(sg_area_json_get(&v, "n")->t, AREA_J_NULL);
    const area_jv *arr = sg_area_json_get(&v, "arr");
    assert_int_equal(arr->n, 3);
    assert_int_equal(arr->items[1].n, 2);
    assert_true(arr->items[1].items[1].num == 3);
    /* Yosys prints transistor counts as strings such as "12+" */
    assert_true(sg_area_json_num(sg_area_json_get(sg_area_json_get(&v, "o"), "k"), 0) == 12);
    assert_null(sg_area_json_get(&v, "missing"));
    assert_null(sg_area_json_get(arr, "a"));
    assert_true(sg_area_json_num(NULL, 7) == 7);
    sg_area_json_free(&v);
    assert_int_equal(v.t, AREA_J_NULL);
}

static void expect_error(const char *s, const char *needle)
{
    area_jv v;
    sg_err e;
    sg_err_clear(&e);
    assert_int_equal(sg_area_json_parse(s, strlen(s), "bad.json", &v, &e), -1);
    assert_non_null(strstr(e.msg, needle));
    assert_int_equal(strncmp(e.msg, "bad.json:", 9), 0);
    assert_int_equal(v.t, AREA_J_NULL);
}

static void test_errors(void **state)
{
    (void)state;
    expect_error("{\"a\": 1,\n \"b\" 2}", "bad.json:2:");
    expect_error("[1, 2", "end of file");
    expect_error("{\"a\": \"unterminated}", "string");
    expect_error("[1] 2", "trailing");
    expect_error("{\"a\": tru}", "unexpected");
    expect_error("{\"a\": 1e999}", "number");
    expect_error("", "expected a value");
    char deep[200];
    memset(deep, '[', sizeof deep - 1);
    deep[sizeof deep - 1] = '\0';
    expect_error(deep, "too deep");
}

static void test_read_file(void **state)
{
    (void)state;
    char path[] = "/tmp/area_json_testXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    fputs("{\"fmax\": {\"clk\": {\"achieved\": 131.5}}}", f);
    fclose(f);
    area_jv v;
    sg_err e;
    assert_int_equal(sg_area_json_read(path, &v, &e), 0);
    const area_jv *fm = sg_area_json_get(&v, "fmax");
    assert_true(sg_area_json_num(sg_area_json_get(&fm->items[0], "achieved"), 0) == 131.5);
    sg_area_json_free(&v);
    remove(path);
    assert_int_equal(sg_area_json_read(path, &v, &e), -1);
    assert_non_null(strstr(e.msg, "cannot open"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_read_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
