/*
 * tensor_gen_test.c - synthetic tensors: exact counts, determinism, and the
 * shape of the runs/blocks pairs that the skip-intersection study uses.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "core/tensor.h"
#include "core/test_util.h"

static void test_uniform(void **state)
{
    (void)state;
    sg_gen_opts o;
    sg_gen_opts_default(&o);
    o.order = 3;
    o.shape[0] = 20; o.shape[1] = 30; o.shape[2] = 5;
    o.density = 0.05;
    o.seed = 7;
    sg_coo a, b;
    sg_test_gen(&o, &a);
    assert_int_equal(a.nnz, 150);
    sg_test_gen(&o, &b);
    assert_int_equal(b.nnz, 150);
    assert_memory_equal(a.crd, b.crd, 150 * 3 * sizeof *a.crd);
    assert_memory_equal(a.val, b.val, 150 * sizeof *a.val);
    for (size_t i = 0; i < a.nnz; i++) {
        assert_true(a.val[i] >= 1 && a.val[i] <= 9);
        for (int k = 0; k < 3; k++)
            assert_true(a.crd[i * 3 + k] >= 0 &&
                        a.crd[i * 3 + k] < o.shape[k]);
    }
    /* sorted and distinct: a fibertree builds without duplicates */
    sg_format f;
    sg_fibertree ft;
    sg_err e;
    sg_format_parse("sss012", &f, &e);
    assert_int_equal(sg_fibertree_build(&a, &f, &ft, &e), 0);
    assert_int_equal(ft.nvals, 150);
    sg_fibertree_free(&ft);
    sg_coo_free(&b);
    o.seed = 8;
    sg_test_gen(&o, &b);
    assert_true(memcmp(a.crd, b.crd, 150 * 3 * sizeof *a.crd) != 0);
    sg_coo_free(&a);
    sg_coo_free(&b);
    /* large and sparse takes the sampling path */
    o.order = 2;
    o.shape[0] = 100000; o.shape[1] = 100000;
    o.density = 1e-6;
    sg_test_gen(&o, &a);
    assert_int_equal(a.nnz, 10000);
    sg_format_parse("ss01", &f, &e);
    assert_int_equal(sg_fibertree_build(&a, &f, &ft, &e), 0);
    sg_fibertree_free(&ft);
    sg_coo_free(&a);
}

/* Bitmap of a generated vector. */
static void vec(sg_gen_opts *o, int phase, unsigned char *bits)
{
    sg_coo t;
    o->phase = phase;
    sg_test_gen(o, &t);
    memset(bits, 0, (size_t)o->shape[0]);
    for (size_t i = 0; i < t.nnz; i++)
        bits[t.crd[i]] = 1;
    sg_coo_free(&t);
}

static void test_runs(void **state)
{
    (void)state;
    sg_gen_opts o;
    sg_test_fig13_opts(&o, SG_PAT_RUNS);
    unsigned char b[2000], c[2000];
    int64_t lens[] = {1, 4, 32, 256};
    for (size_t li = 0; li < 4; li++) {
        o.run_length = lens[li];
        o.seed = 3;
        vec(&o, 0, b);
        vec(&o, 1, c);
        int nb = 0, nc = 0, both = 0, maxrun = 0, run = 0, runs = 0;
        for (int i = 0; i < 2000; i++) {
            nb += b[i];
            nc += c[i];
            both += b[i] && c[i];
            run = b[i] ? run + 1 : 0;
            if (run == 1)
                runs++;
            if (run > maxrun)
                maxrun = run;
        }
        assert_int_equal(both, 0);            /* runs interleave */
        assert_true(maxrun >= lens[li] && maxrun <= 2 * lens[li] + 1);
        if (lens[li] <= 32) {
            /* ~20% each (the paper's 400 of 2000) */
            assert_true(nb > 250 && nb < 550);
            assert_true(nc > 250 && nc < 550);
            assert_true(runs >= nb / (2 * lens[li]));
        }
    }
}

static void test_blocks(void **state)
{
    (void)state;
    sg_gen_opts o;
    sg_test_fig13_opts(&o, SG_PAT_BLOCKS);
    o.run_length = 20;
    o.seed = 11;
    unsigned char b[2000], c[2000];
    vec(&o, 0, b);
    vec(&o, 1, c);
    int nb = 0, nc = 0, both = 0;
    for (int i = 0; i < 2000; i++) {
        nb += b[i];
        nc += c[i];
        both += b[i] && c[i];
    }
    assert_true(nb >= 400 && nb < 440);
    assert_true(nc >= 300);
    assert_true(both > 0 && both < nb);       /* partial overlap */
    /* blocks are exactly run_length long (ends of the vector aside) */
    int run = 0;
    for (int i = 0; i <= 2000; i++) {
        if (i < 2000 && b[i]) {
            run++;
            continue;
        }
        if (run && i < 2000)
            assert_int_equal(run % 20, 0);
        run = 0;
    }
}

static void test_band_diag_errors(void **state)
{
    (void)state;
    sg_gen_opts o;
    sg_gen_opts_default(&o);
    o.order = 2;
    o.shape[0] = 100; o.shape[1] = 100;
    o.density = 0.05;
    o.pattern = SG_PAT_BAND;
    sg_coo t;
    sg_test_gen(&o, &t);
    for (size_t i = 0; i < t.nnz; i++) {
        int64_t d = t.crd[2 * i] - t.crd[2 * i + 1];
        assert_true(d >= -2 && d <= 2);
    }
    assert_int_equal(t.nnz, 100 * 5 - 6);
    sg_coo_free(&t);
    o.pattern = SG_PAT_DIAG;
    o.density = 1;
    o.shape[1] = 60;
    sg_test_gen(&o, &t);
    assert_int_equal(t.nnz, 60);
    assert_int_equal(t.crd[2 * 59], 59);
    assert_int_equal(t.crd[2 * 59 + 1], 59);
    sg_coo_free(&t);
    sg_err e;
    o.shape[1] = 0;
    assert_int_equal(sg_tensor_gen(&o, &t, &e), -1);
    assert_non_null(strstr(e.msg, "dimension 1 must be at least 1"));
    o.shape[1] = 5;
    o.order = 1;
    o.pattern = SG_PAT_BAND;
    assert_int_equal(sg_tensor_gen(&o, &t, &e), -1);
    assert_non_null(strstr(e.msg, "band needs order 2"));
    assert_int_equal(sg_pattern_parse("runs"), SG_PAT_RUNS);
    assert_int_equal(sg_pattern_parse("nope"), -1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_uniform),
        cmocka_unit_test(test_runs),
        cmocka_unit_test(test_blocks),
        cmocka_unit_test(test_band_diag_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
