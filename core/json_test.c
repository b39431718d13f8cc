/*
 * json_test.c - the JSON reader: documents it accepts, and truncated or
 * garbled ones it refuses with one line naming the file and line.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "core/json.h"

static void test_parse_report(void **state)
{
    (void)state;
    const char *t = "{\n  \"pass\": false, \"cycles\": 42,\n"
                    "  \"edges\": [{\"name\": \"1_crd__2_in\", \"tokens\": 7,"
                    " \"x\": null, \"f\": -1.5e2}, []],\n"
                    "  \"s\": \"a\\\"b\\\\c\\n\\u00e9\\ud83d\\ude00\"\n}\n";
    sg_json v;
    sg_err e;
    sg_err_clear(&e);
    assert_int_equal(sg_json_parse(t, strlen(t), "r.json", &v, &e), 0);
    assert_int_equal(v.type, SG_JSON_OBJ);
    assert_int_equal(sg_json_get(&v, "pass")->type, SG_JSON_BOOL);
    assert_int_equal(sg_json_get(&v, "pass")->b, 0);
    assert_true(sg_json_get(&v, "cycles")->num == 42.0);
    const sg_json *ed = sg_json_get(&v, "edges");
    assert_int_equal(ed->type, SG_JSON_ARR);
    assert_int_equal(ed->n, 2);
    assert_string_equal(sg_json_get(&ed->kids[0], "name")->str, "1_crd__2_in");
    assert_int_equal(sg_json_get(&ed->kids[0], "x")->type, SG_JSON_NULL);
    assert_true(sg_json_get(&ed->kids[0], "f")->num == -150.0);
    assert_string_equal(sg_json_get(&v, "s")->str, "a\"b\\c\n\xc3\xa9\xf0\x9f\x98\x80");
    assert_null(sg_json_get(&v, "missing"));
    assert_null(sg_json_get(ed, "name"));
    sg_json_free(&v);
}

/* Every refused text: exit code 2, one line starting "r.json:LINE: not JSON". */
static void expect_bad(const char *t, size_t n, long line)
{
    sg_json v;
    sg_err e;
    sg_err_clear(&e);
    assert_int_equal(sg_json_parse(t, n, "r.json", &v, &e), -1);
    assert_int_equal(e.code, SG_EXIT_USAGE);
    char want[64];
    snprintf(want, sizeof want, "r.json:%ld: not JSON: ", line);
    if (strncmp(e.msg, want, strlen(want)) != 0)
        fail_msg("'%.*s': got '%s', want '%s...'", (int)n, t, e.msg, want);
    assert_null(strchr(e.msg, '\n'));
}

static void test_refused(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "", "   ", "{", "[", "{\"a\"", "{\"a\":", "{\"a\":1", "{\"a\":1,}", "[1,]",
        "[1 2]", "{a:1}", "{'a':1}", "tru", "nul", "01", "-", "1.", "1e", ".5",
        "\"abc", "\"\\x\"", "\"\\u12\"", "\"\\ud800\"", "\"\\udc00\"", "\"\\u0000\"",
        "\"a\tb\"", "{} {}", "[1] x", "// c\n{}", "{\"a\":1}}", "]", "NaN",
        "Infinity", "+1", "\x01",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        expect_bad(bad[i], strlen(bad[i]), 1);
    expect_bad("{\n\"a\":\n}", 8, 3);
    /* A NUL byte inside the text is not JSON either. */
    expect_bad("[1,\0 2]", 7, 1);
}

/* Every prefix of a valid document is refused; none crashes. */
static void test_truncated(void **state)
{
    (void)state;
    const char *t = "{\"graph\": \"g.gv\", \"edges\": [{\"src\": 1, \"tokens\": 10,"
                    " \"m\": {\"golden\": \"S0\", \"rtl\": null}}], \"pass\": true}";
    size_t n = strlen(t);
    for (size_t k = 0; k < n; k++) {
        sg_json v;
        sg_err e;
        sg_err_clear(&e);
        assert_int_equal(sg_json_parse(t, k, "r.json", &v, &e), -1);
        assert_non_null(strstr(e.msg, "not JSON"));
    }
}

static void test_deep(void **state)
{
    (void)state;
    char t[300];
    memset(t, '[', 200);
    expect_bad(t, 200, 1);
    /* 64 levels are fine. */
    memset(t, '[', 64);
    memset(t + 64, ']', 64);
    sg_json v;
    sg_err e;
    sg_err_clear(&e);
    assert_int_equal(sg_json_parse(t, 128, "r.json", &v, &e), 0);
    sg_json_free(&v);
}

static void test_read_file(void **state)
{
    (void)state;
    sg_json v;
    sg_err e;
    sg_err_clear(&e);
    assert_int_equal(sg_json_read_file("/nonexistent/r.json", &v, &e), -1);
    assert_int_equal(e.code, SG_EXIT_USAGE);
    assert_non_null(strstr(e.msg, "/nonexistent/r.json: cannot open"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_report),
        cmocka_unit_test(test_refused),
        cmocka_unit_test(test_truncated),
        cmocka_unit_test(test_deep),
        cmocka_unit_test(test_read_file),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
