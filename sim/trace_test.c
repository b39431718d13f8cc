/*
 * trace_test.c - decoding simulator output: token lines of every width
 * (signed values, repsig tags), memory read-backs, watchdog state, status
 * lines, and errors on malformed lines.
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
#include <unistd.h>

#include "core/test_util.h"
#include "sim/trace.h"

static char *write_tmp(const char *text)
{
    static char path[64];
    snprintf(path, sizeof path, "/tmp/sg_trace_test_XXXXXX");
    sg_test_write_temp(path, text);
    return path;
}

/* Edge 0: crd (16+2 bits), edge 1: val (32+2, signed), edge 2: repsig. */
static const int widths[3] = {18, 34, 2};
static const int is_val[3] = {0, 1, 0};

static void test_tokens(void **state)
{
    (void)state;
    char *p = write_tmp(
        "some other line\n"
        "T 0 3 00005\n"          /* DATA 5 */
        "T 1 4 0fffffffe\n"      /* DATA -2 (32-bit two's complement) */
        "T 0 5 10001\n"          /* STOP S1 */
        "T 2 6 0\n"              /* R */
        "T 2 7 1\n"              /* S */
        "T 2 8 2\n"              /* D */
        "T 1 9 300000000\n"      /* N */
        "T 0 10 20000\n"         /* D */
        "M 3 2 7 ffffffff\n"
        "DONE 42\n");
    sg_simout so;
    sg_err e;
    int rc = sg_simout_read(p, 3, widths, is_val, &so, &e);
    unlink(p);
    if (rc != 0)
        fail_msg("%s", e.msg);
    assert_int_equal(so.status, 'D');
    assert_int_equal(so.cycles, 42);
    const sg_simedge *c = &so.edge[0];
    assert_int_equal(c->toks.n, 3);
    assert_true(sg_tok_eq(c->toks.t[0], sg_data(5)));
    assert_true(sg_tok_eq(c->toks.t[1], sg_stop(1)));
    assert_true(sg_tok_eq(c->toks.t[2], sg_done()));
    assert_int_equal(c->cyc[0], 3);
    assert_int_equal(c->cyc[2], 10);
    const sg_simedge *v = &so.edge[1];
    assert_int_equal(v->toks.n, 2);
    assert_true(sg_tok_eq(v->toks.t[0], sg_data(-2)));
    assert_true(sg_tok_eq(v->toks.t[1], sg_empty()));
    const sg_simedge *r = &so.edge[2];
    assert_int_equal(r->toks.n, 3);
    assert_int_equal(r->toks.t[0].kind, SG_TK_DATA);
    assert_int_equal(r->toks.t[1].kind, SG_TK_STOP);
    assert_int_equal(r->toks.t[2].kind, SG_TK_DONE);
    const sg_simmem *m = sg_simout_mem(&so, 3);
    assert_non_null(m);
    assert_int_equal(m->n, 2);
    assert_true(m->w[1] == 0xffffffffu);
    assert_int_equal(sg_sext(m->w[1], 32), -1);
    assert_null(sg_simout_mem(&so, 4));
    sg_simout_free(&so);
}

static void test_watchdog(void **state)
{
    (void)state;
    char *p = write_tmp("T 0 1 00001\nW 0 1 0 1 0\nW 1 0 1 0 1\nWATCHDOG 100 1234\n");
    sg_simout so;
    sg_err e;
    assert_int_equal(sg_simout_read(p, 3, widths, is_val, &so, &e), 0);
    unlink(p);
    assert_int_equal(so.watchdog, 1);
    assert_int_equal(so.status, 0);
    assert_int_equal(so.cycles, 1234);
    assert_int_equal(so.edge[0].wd_seen, 1);
    assert_int_equal(so.edge[0].up_valid, 1);
    assert_int_equal(so.edge[0].fifo_in_ready, 0);
    assert_int_equal(so.edge[1].down_ready, 1);
    assert_int_equal(so.edge[2].wd_seen, 0);
    sg_simout_free(&so);
}

/* The harnesses' ERROR lines (error_o bits as they appear), ORed. */
static void test_error_bits(void **state)
{
    (void)state;
    char *p = write_tmp("ERROR 4\nT 0 1 00001\nERROR 5\nDONE 9\n");
    sg_simout so;
    sg_err e;
    assert_int_equal(sg_simout_read(p, 3, widths, is_val, &so, &e), 0);
    unlink(p);
    assert_int_equal(so.errors, 5);
    assert_int_equal(so.status, 'D');
    sg_simout_free(&so);
    p = write_tmp("DONE 3\n");
    assert_int_equal(sg_simout_read(p, 3, widths, is_val, &so, &e), 0);
    unlink(p);
    assert_int_equal(so.errors, 0);
    sg_simout_free(&so);
    char names[200];
    sg_sim_error_names(5, names, sizeof names);
    assert_string_equal(names, "bit 0 writer overflow, bit 2 host address beyond a memory");
    sg_sim_error_names(10, names, sizeof names);
    assert_string_equal(names, "bit 1 accumulator coordinate beyond the workspace, "
                               "bit 3 watchdog");
    sg_sim_error_names(0, names, sizeof names);
    assert_string_equal(names, "");
}

/* What the Verilator harness prints: token lines with tag and payload
 * apart, and in lockstep runs the X line or the S/B figures. */
static void test_harness_lines(void **state)
{
    (void)state;
    char *p = write_tmp(
        "t 0 3 0 5\n"             /* DATA 5 */
        "t 1 4 0 fffffffe\n"      /* DATA -2 */
        "t 2 5 1 0\n"             /* S on a repsig edge */
        "t 0 6 1 1\n"             /* S1 */
        "t 1 7 2 0\n"             /* D */
        "S 0 12\n"
        "B 4 10 3 20\n"
        "DONE 9\n");
    sg_simout so;
    sg_err e;
    int rc = sg_simout_read(p, 3, widths, is_val, &so, &e);
    unlink(p);
    if (rc != 0)
        fail_msg("%s", e.msg);
    assert_int_equal(so.edge[0].toks.n, 2);
    assert_true(sg_tok_eq(so.edge[0].toks.t[0], sg_data(5)));
    assert_true(sg_tok_eq(so.edge[0].toks.t[1], sg_stop(1)));
    assert_int_equal(so.edge[0].cyc[1], 6);
    assert_true(sg_tok_eq(so.edge[1].toks.t[0], sg_data(-2)));
    assert_true(sg_tok_eq(so.edge[1].toks.t[1], sg_done()));
    assert_true(sg_tok_eq(so.edge[2].toks.t[0], sg_stop(0)));
    /* the S line replaces the count of the token lines */
    assert_int_equal(so.edge[0].count, 12);
    assert_int_equal(so.edge[1].count, 2);
    assert_int_equal(so.lockstep_stats, 1);
    assert_int_equal(so.n_node, 5);
    assert_int_equal(so.node[4].busy, 10);
    assert_int_equal(so.node[4].first, 3);
    assert_int_equal(so.node[4].last, 20);
    assert_int_equal(so.node[0].busy, 0);
    assert_int_equal(so.lockstep_fail, 0);
    sg_simout_free(&so);

    p = write_tmp("LIMIT 30\nX 1 7 29 0 3 0 fffffffe\nX 0 1 -1 1 0 -1 0\n");
    rc = sg_simout_read(p, 3, widths, is_val, &so, &e);
    unlink(p);
    if (rc != 0)
        fail_msg("%s", e.msg);
    assert_int_equal(so.lockstep_fail, 1);
    assert_int_equal(so.x.edge, 0);      /* the last X line is kept */
    assert_int_equal(so.x.index, 1);
    assert_int_equal(so.x.cycle, -1);
    assert_int_equal(so.x.got_tag, -1);
    assert_int_equal(so.x.exp_tag, 1);
    sg_simout_free(&so);

    p = write_tmp("X 9 1 2 0 0 0 0\n");    /* no edge 9 */
    assert_int_equal(sg_simout_read(p, 3, widths, is_val, &so, &e), -1);
    assert_non_null(strstr(e.msg, ":1: malformed lockstep mismatch line"));
    sg_simout_free(&so);
    unlink(p);
    p = write_tmp("t 0 1 4 0\n");          /* tag 4 */
    assert_int_equal(sg_simout_read(p, 3, widths, is_val, &so, &e), -1);
    assert_non_null(strstr(e.msg, "malformed token line"));
    sg_simout_free(&so);
    unlink(p);
    p = write_tmp("B 1 2\n");
    assert_int_equal(sg_simout_read(p, 3, widths, is_val, &so, &e), -1);
    assert_non_null(strstr(e.msg, "malformed node figures line"));
    sg_simout_free(&so);
    unlink(p);
}

static void test_errors(void **state)
{
    (void)state;
    sg_simout so;
    sg_err e;
    char *p = write_tmp("DONE 1\nT 7 1 00001\n");   /* no edge 7 */
    assert_int_equal(sg_simout_read(p, 3, widths, is_val, &so, &e), -1);
    assert_non_null(strstr(e.msg, ":2: malformed token line"));
    sg_simout_free(&so);
    unlink(p);
    p = write_tmp("T 0 1 0x0z1\n");                    /* unknown bits */
    assert_int_equal(sg_simout_read(p, 3, widths, is_val, &so, &e), -1);
    assert_non_null(strstr(e.msg, "unknown bits"));
    sg_simout_free(&so);
    unlink(p);
    p = write_tmp("M 1 3 5 6\n");                      /* 3 words announced */
    assert_int_equal(sg_simout_read(p, 3, widths, is_val, &so, &e), -1);
    assert_non_null(strstr(e.msg, "3 words announced, 2 given"));
    sg_simout_free(&so);
    unlink(p);
    assert_int_equal(sg_simout_read("/nonexistent/sim.out", 3, widths, is_val, &so, &e), -1);
    assert_non_null(strstr(e.msg, "cannot open"));
    sg_simout_free(&so);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tokens),
        cmocka_unit_test(test_watchdog),
        cmocka_unit_test(test_error_bits),
        cmocka_unit_test(test_harness_lines),
        cmocka_unit_test(test_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
