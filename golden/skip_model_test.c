/*
 * skip_model_test.c - the skip scanner + intersector cycle model: outputs
 * independent of T, fewer cycles with skipping on a long lagging run, the
 * close-fiber skip, a jump of one fiber never applied to the next, and
 * errors on bad input.
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

#include "skip_model.h"

/* a = 0..99 (one fiber), b = {50, 99} (one fiber). */
static uint32_t a_seg[] = {0, 100}, b_seg[] = {0, 2}, b_crd[] = {50, 99};
static uint32_t a_crd[100];

static void setup_levels(sg_skip_level *l, sg_toks *in)
{
    for (uint32_t i = 0; i < 100; i++)
        a_crd[i] = i;
    l[0] = (sg_skip_level){a_seg, 2, a_crd, 100};
    l[1] = (sg_skip_level){b_seg, 2, b_crd, 2};
    for (int k = 0; k < 2; k++) {
        memset(&in[k], 0, sizeof in[k]);
        sg_toks_push(&in[k], sg_data(0));
        sg_toks_push(&in[k], sg_done());
    }
}

static void test_outputs_same_fewer_cycles(void **state)
{
    (void)state;
    sg_skip_level l[2];
    sg_toks in[2];
    setup_levels(l, in);
    long cyc[3];
    int ts[3] = {0, 4, 32};
    for (int i = 0; i < 3; i++) {
        sg_skip_result r;
        sg_err e;
        assert_int_equal(sg_skip_model_run(l, in, 2, ts[i], 100000, &r, &e), 0);
        /* out_crd 50 99 S0 D, out_ref0 50 99 S0 D, out_ref1 0 1 S0 D */
        assert_int_equal(r.crd.n, 4);
        assert_int_equal(r.crd.t[0].v, 50);
        assert_int_equal(r.crd.t[1].v, 99);
        assert_int_equal(r.crd.t[2].kind, SG_TK_STOP);
        assert_int_equal(r.crd.t[3].kind, SG_TK_DONE);
        assert_int_equal(r.ref[1].t[1].v, 1);
        assert_int_equal(r.ref[0].t[0].v, 50);
        cyc[i] = r.cycles;
        if (ts[i] == 0)
            assert_int_equal(r.scan_coords[0], 100);
        else
            assert_true(r.scan_coords[0] < 100);
        sg_skip_result_free(&r);
    }
    assert_true(cyc[1] < cyc[0]);
    assert_true(cyc[2] < cyc[1]);
    /* T = 32 over 100 coordinates samples every 4th: jump to 49, then
     * 49 -> 50 (match) and jump to 97, 98 -> 99, once the CAM has filled
     * (one entry per cycle from the start of the fiber). */
    assert_true(cyc[2] < cyc[0] / 2);
    sg_toks_free(&in[0]);
    sg_toks_free(&in[1]);
}

/* Input 0 scans its fiber 1 (addresses 64..127) before its fiber 0
 * (addresses 0..63), both 0..63; input 1 has {60} then {1, 2}.  In the
 * first pair the STOP hint jumps input 0 to address 128 (its fiber's end);
 * that jump lies ahead of every address of the next fiber and must not be
 * applied there (the fiber generation), or 1 and 2 would be lost. */
static void test_jump_stays_in_its_fiber(void **state)
{
    (void)state;
    static uint32_t s0[] = {0, 64, 128}, s1[] = {0, 1, 3}, c1[] = {60, 1, 2};
    static uint32_t c0[128];
    for (uint32_t i = 0; i < 128; i++)
        c0[i] = i % 64;
    sg_skip_level l[2] = {{s0, 3, c0, 128}, {s1, 3, c1, 3}};
    sg_toks in[2];
    memset(in, 0, sizeof in);
    sg_toks_push(&in[0], sg_data(1));
    sg_toks_push(&in[0], sg_data(0));
    sg_toks_push(&in[1], sg_data(0));
    sg_toks_push(&in[1], sg_data(1));
    for (int k = 0; k < 2; k++) {
        sg_toks_push(&in[k], sg_stop(0));
        sg_toks_push(&in[k], sg_done());
    }
    int ts[3] = {0, 4, 32};
    for (int i = 0; i < 3; i++) {
        sg_skip_result r;
        sg_err e;
        assert_int_equal(sg_skip_model_run(l, in, 2, ts[i], 100000, &r, &e), 0);
        /* 60 S0 1 2 S1 D */
        assert_int_equal(r.crd.n, 6);
        assert_int_equal(r.crd.t[0].v, 60);
        assert_int_equal(r.crd.t[1].kind, SG_TK_STOP);
        assert_int_equal(r.crd.t[2].v, 1);
        assert_int_equal(r.crd.t[3].v, 2);
        assert_int_equal(r.crd.t[4].kind, SG_TK_STOP);
        assert_int_equal(r.crd.t[5].kind, SG_TK_DONE);
        if (ts[i] == 32)   /* both fibers sampled at every coordinate */
            assert_true(r.skips[0] >= 2);
        sg_skip_result_free(&r);
    }
    sg_toks_free(&in[0]);
    sg_toks_free(&in[1]);
}

static void test_bad_input(void **state)
{
    (void)state;
    sg_skip_level l[2];
    sg_toks in[2];
    setup_levels(l, in);
    sg_skip_result r;
    sg_err e;
    assert_int_equal(sg_skip_model_run(l, in, 2, 3, 1000, &r, &e), -1);
    sg_skip_result_free(&r);
    assert_non_null(strstr(e.msg, "power of two"));
    in[1].t[0] = sg_data(5);     /* reference outside seg */
    assert_int_equal(sg_skip_model_run(l, in, 2, 4, 1000, &r, &e), -1);
    assert_non_null(strstr(e.msg, "reference 5"));
    sg_skip_result_free(&r);
    sg_toks_free(&in[0]);
    sg_toks_free(&in[1]);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_outputs_same_fewer_cycles),
        cmocka_unit_test(test_jump_stays_in_its_fiber),
        cmocka_unit_test(test_bad_input),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
