/*
 * expect_test.c - the expected-stream file of lockstep checking: token
 * words as the RTL carries them, the header, and the refusals.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sim/expect.h"

static void words(void **state)
{
    (void)state;
    uint64_t w;
    /* crd, 16-bit payload: tag in 63:62, payload below */
    assert_int_equal(sg_expect_word(sg_data(5), 18, 0, &w), 0);
    assert_true(w == 5);
    assert_int_equal(sg_expect_word(sg_stop(2), 18, 0, &w), 0);
    assert_true(w == (UINT64_C(1) << 62 | 2));
    assert_int_equal(sg_expect_word(sg_done(), 18, 0, &w), 0);
    assert_true(w == UINT64_C(2) << 62);
    assert_int_equal(sg_expect_word(sg_empty(), 18, 0, &w), 0);
    assert_true(w == UINT64_C(3) << 62);
    assert_int_equal(sg_expect_word(sg_data(65535), 18, 0, &w), 0);
    assert_int_equal(sg_expect_word(sg_data(65536), 18, 0, &w), -1);   /* too wide */
    assert_int_equal(sg_expect_word(sg_data(-1), 18, 0, &w), -1);      /* unsigned */
    /* values are signed: -1 in 32 bits is all ones */
    assert_int_equal(sg_expect_word(sg_data(-1), 34, 1, &w), 0);
    assert_true(w == UINT64_C(0xffffffff));
    assert_int_equal(sg_expect_word(sg_data(INT32_MIN), 34, 1, &w), 0);
    assert_int_equal(sg_expect_word(sg_data((int64_t)INT32_MAX + 1), 34, 1, &w), -1);
    /* a repeat signal: the tag alone */
    assert_int_equal(sg_expect_word(sg_data(0), 2, 0, &w), 0);
    assert_true(w == 0);
    assert_int_equal(sg_expect_word(sg_stop(0), 2, 0, &w), 0);
    assert_true(w == UINT64_C(1) << 62);
    assert_int_equal(sg_expect_word(sg_stop(1), 2, 0, &w), -1);
    /* 64-bit values do not share a word with the tag */
    assert_int_equal(sg_expect_word(sg_data(1), 66, 1, &w), -1);
    assert_int_equal(sg_expect_word(sg_data(1), 64, 1, &w), 0);
}

static uint32_t u32_at(const unsigned char *b, size_t off)
{
    uint32_t v;
    memcpy(&v, b + off, sizeof v);
    return v;
}

static uint64_t u64_at(const unsigned char *b, size_t off)
{
    uint64_t v;
    memcpy(&v, b + off, sizeof v);
    return v;
}

/* The file from arrays and from a spill: the same bytes, laid out as
 * expect.h says. */
static void file_layout(void **state)
{
    (void)state;
    char dir[] = "/tmp/sg-expect-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char p1[64], p2[64];
    snprintf(p1, sizeof p1, "%s/a.bin", dir);
    snprintf(p2, sizeof p2, "%s/b.bin", dir);
    sg_tok e0[] = {sg_data(3), sg_stop(0), sg_done()};
    sg_tok e2[] = {sg_data(-2), sg_done()};
    sg_expect_edge x[3] = {
        {e0, 3, 1, 0, 18, 0},
        {NULL, 0, 0, 1, 18, 0},   /* not checked: no tokens stored */
        {e2, 2, 1, 1, 34, 1},
    };
    sg_err e;
    sg_err_clear(&e);
    assert_int_equal(sg_expect_write(p1, x, 3, 2, NULL, &e), 0);
    sg_spill s;
    assert_int_equal(sg_spill_open(&s, 3, &e), 0);
    for (size_t i = 0; i < 3; i++)
        sg_spill_push(&s, 0, e0[i]);
    sg_spill_push(&s, 1, sg_data(7));   /* present, but not checked */
    for (size_t i = 0; i < 2; i++)
        sg_spill_push(&s, 2, e2[i]);
    assert_int_equal(sg_expect_write(p2, x, 3, 2, &s, &e), 0);
    sg_spill_close(&s);
    unsigned char b1[512], b2[512];
    FILE *f = fopen(p1, "rb");
    assert_non_null(f);
    size_t n1 = fread(b1, 1, sizeof b1, f);
    fclose(f);
    f = fopen(p2, "rb");
    assert_non_null(f);
    size_t n2 = fread(b2, 1, sizeof b2, f);
    fclose(f);
    assert_int_equal(n1, 16 + 3 * 32 + 5 * 8);
    assert_int_equal(n1, n2);
    assert_memory_equal(b1, b2, n1);
    assert_memory_equal(b1, "SGEXPCT1", 8);
    assert_int_equal(u32_at(b1, 8), 3);
    assert_int_equal(u32_at(b1, 12), 2);
    /* edge 0: checked, node 0, pw 16, 3 tokens right after the header */
    assert_int_equal(u32_at(b1, 16), 1);
    assert_int_equal(u32_at(b1, 24), 16);
    assert_true(u64_at(b1, 32) == 3 && u64_at(b1, 40) == 112);
    /* edge 1: not checked, no tokens */
    assert_int_equal(u32_at(b1, 48), 0);
    assert_true(u64_at(b1, 64) == 0);
    /* edge 2: node 1, pw 32, its words after edge 0's */
    assert_int_equal(u32_at(b1, 84), 1);
    assert_true(u64_at(b1, 96) == 2 && u64_at(b1, 104) == 136);
    assert_true(u64_at(b1, 112) == 3);
    assert_true(u64_at(b1, 120) == (UINT64_C(1) << 62));
    assert_true(u64_at(b1, 136) == UINT64_C(0xfffffffe));
    assert_true(u64_at(b1, 144) == UINT64_C(2) << 62);
    /* a value the stream cannot carry: 1, and no file */
    sg_tok bad[] = {sg_data(70000), sg_done()};
    sg_expect_edge xb = {bad, 2, 1, 0, 18, 0};
    char p3[64];
    snprintf(p3, sizeof p3, "%s/c.bin", dir);
    assert_int_equal(sg_expect_write(p3, &xb, 1, 1, NULL, &e), 1);
    assert_int_equal(access(p3, F_OK), -1);
    remove(p1);
    remove(p2);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(words),
        cmocka_unit_test(file_layout),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
