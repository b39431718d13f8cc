/*
 * token_test.c - token parsing/formatting and the C/Verilog encoding match.
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

#include "core/token.h"

static void test_roundtrip(void **state)
{
    (void)state;
    const char *s = "0 12 -5 S0 S1 S12 N D";
    sg_toks a = {0};
    sg_err e;
    assert_int_equal(sg_toks_parse_str(&a, s, SG_ST_VAL, &e), 0);
    assert_int_equal(a.n, 8);
    assert_int_equal(a.t[2].v, -5);
    assert_int_equal(a.t[5].kind, SG_TK_STOP);
    assert_int_equal(a.t[5].v, 12);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_int_equal(sg_toks_write(f, a.t, a.n, SG_ST_VAL), 0);
    fclose(f);
    assert_string_equal(buf, s);
    free(buf);
    sg_toks_free(&a);
}

static void test_first_diff(void **state)
{
    (void)state;
    sg_toks a = {0}, b = {0}, c = {0}, d = {0};
    sg_err e;
    assert_int_equal(sg_toks_parse_str(&a, "1 2 S0 D", SG_ST_CRD, &e), 0);
    assert_int_equal(sg_toks_parse_str(&b, "1 2 S0 D", SG_ST_CRD, &e), 0);
    assert_int_equal(sg_toks_parse_str(&c, "1 2 S1 D", SG_ST_CRD, &e), 0);
    assert_int_equal(sg_toks_parse_str(&d, "1 2", SG_ST_CRD, &e), 0);
    assert_true(sg_toks_first_diff(&a, &b) == SIZE_MAX);
    assert_int_equal(sg_toks_first_diff(&a, &c), 2);   /* stop level */
    assert_int_equal(sg_toks_first_diff(&a, &d), 2);   /* d a prefix of a */
    assert_int_equal(sg_toks_first_diff(&d, &a), 2);
    sg_toks empty = {0};
    assert_true(sg_toks_first_diff(&empty, &empty) == SIZE_MAX);
    assert_int_equal(sg_toks_first_diff(&empty, &a), 0);
    sg_toks_free(&a);
    sg_toks_free(&b);
    sg_toks_free(&c);
    sg_toks_free(&d);
}

static void test_repsig_and_floats(void **state)
{
    (void)state;
    sg_toks a = {0};
    sg_err e;
    assert_int_equal(sg_toks_parse_str(&a, "R R S D", SG_ST_REPSIG, &e), 0);
    assert_int_equal(a.t[0].kind, SG_TK_DATA);
    assert_int_equal(a.t[2].kind, SG_TK_STOP);
    sg_toks_free(&a);
    assert_int_equal(sg_toks_parse_str(&a, "5.0 -3.00", SG_ST_VAL, &e), 0);
    assert_int_equal(a.t[0].v, 5);
    assert_int_equal(a.t[1].v, -3);
    sg_toks_free(&a);
    /* Non-integral values, bad stops and junk are rejected. */
    assert_int_equal(sg_toks_parse_str(&a, "1.5", SG_ST_VAL, &e), -1);
    assert_non_null(strstr(e.msg, "1.5"));
    assert_int_equal(sg_toks_parse_str(&a, "S", SG_ST_CRD, &e), -1);
    assert_int_equal(sg_toks_parse_str(&a, "S99", SG_ST_CRD, &e), -1);
    assert_int_equal(sg_toks_parse_str(&a, "R", SG_ST_CRD, &e), -1);
    assert_int_equal(sg_toks_parse_str(&a, "99999999999999999999", SG_ST_VAL, &e), -1);
    /* repsig streams have only R, S and D: "S1" would not survive a
     * write/read round trip (it is written as "S"). */
    assert_int_equal(sg_toks_parse_str(&a, "R S1 D", SG_ST_REPSIG, &e), -1);
    assert_non_null(strstr(e.msg, "bad repsig token 'S1'"));
    sg_toks_free(&a);
}

/* The stream-file reader works on any FILE (sg_stream_file_readf). */
static void test_stream_file_readf(void **state)
{
    (void)state;
    const char text[] = "# c\nin_ref: 0 D\nout_repsig: R R S D\n";
    FILE *f = fmemopen((void *)text, sizeof text - 1, "r");
    sg_stream_file sf;
    sg_err e;
    assert_int_equal(sg_stream_file_readf(f, "x.tok", &sf, &e), 0);
    fclose(f);
    assert_int_equal(sf.n, 2);
    assert_int_equal(sf.lines[1].kind, SG_ST_REPSIG);
    assert_int_equal(sf.lines[1].line, 3);
    sg_stream_file_free(&sf);
    const char bad[] = "a: 0 D\nb: 0 Sx D\n";
    f = fmemopen((void *)bad, sizeof bad - 1, "r");
    assert_int_equal(sg_stream_file_readf(f, "y.tok", &sf, &e), -1);
    fclose(f);
    assert_string_equal(e.msg, "y.tok:2: bad stop token 'Sx'");
}

/* rtl/sam_token.vh must use the same tag numbers as token.h. */
static void test_verilog_encoding_matches(void **state)
{
    (void)state;
    char path[4096];
    const char *root = getenv("SAMGEN_ROOT");
    snprintf(path, sizeof path, "%s/rtl/sam_token.vh", root ? root : ".");
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char line[256];
    int seen = 0;
    while (fgets(line, sizeof line, f)) {
        char name[64];
        int w, v;
        if (sscanf(line, "`define SG_TK_%63s %d'd%d", name, &w, &v) == 3) {
            assert_int_equal(w, SG_TAG_BITS);
            if (strcmp(name, "DATA") == 0) { assert_int_equal(v, SG_TK_DATA); seen |= 1; }
            if (strcmp(name, "STOP") == 0) { assert_int_equal(v, SG_TK_STOP); seen |= 2; }
            if (strcmp(name, "DONE") == 0) { assert_int_equal(v, SG_TK_DONE); seen |= 4; }
            if (strcmp(name, "EMPTY") == 0) { assert_int_equal(v, SG_TK_EMPTY); seen |= 8; }
        }
        if (sscanf(line, "`define SG_TAG_BITS %d", &w) == 1)
            assert_int_equal(w, SG_TAG_BITS);
    }
    fclose(f);
    assert_int_equal(seen, 15);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_roundtrip),
        cmocka_unit_test(test_first_diff),
        cmocka_unit_test(test_repsig_and_floats),
        cmocka_unit_test(test_stream_file_readf),
        cmocka_unit_test(test_verilog_encoding_matches),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
