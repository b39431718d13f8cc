/*
 * spill_test.c - token streams on disk come back as they went in.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "core/spill.h"

static void round_trip(void **state)
{
    (void)state;
    sg_spill s;
    sg_err e;
    sg_err_clear(&e);
    assert_int_equal(sg_spill_open(&s, 3, &e), 0);
    /* values at every code length, both signs and the extremes */
    static const int64_t vals[] = {0, 1, -1, 15, 16, -16, -17, 63, 64, 8191, -8192,
                                   INT64_C(1) << 40, -(INT64_C(1) << 40), INT64_MAX,
                                   INT64_MIN};
    size_t nv = sizeof vals / sizeof vals[0];
    for (size_t i = 0; i < nv; i++) {
        sg_spill_push(&s, 0, sg_data(vals[i]));
        sg_spill_push(&s, 2, sg_data(vals[nv - 1 - i]));
    }
    sg_spill_push(&s, 0, sg_stop(0));
    sg_spill_push(&s, 0, sg_stop(63));
    sg_spill_push(&s, 0, sg_empty());
    sg_spill_push(&s, 0, sg_done());
    assert_int_equal(sg_spill_check(&s, &e), 0);
    assert_int_equal(s.edge[0].n, nv + 4);
    assert_int_equal(s.edge[1].n, 0);
    for (int pass = 0; pass < 2; pass++) {   /* read twice: rewinding works */
        sg_toks t = {0};
        assert_int_equal(sg_spill_load(&s, 0, &t, &e), 0);
        assert_int_equal(t.n, nv + 4);
        for (size_t i = 0; i < nv; i++) {
            assert_int_equal(t.t[i].kind, SG_TK_DATA);
            assert_true(t.t[i].v == vals[i]);
        }
        assert_true(sg_tok_eq(t.t[nv], sg_stop(0)));
        assert_true(sg_tok_eq(t.t[nv + 1], sg_stop(63)));
        assert_true(sg_tok_eq(t.t[nv + 2], sg_empty()));
        assert_true(sg_tok_eq(t.t[nv + 3], sg_done()));
        sg_toks_free(&t);
    }
    sg_toks t1 = {0}, t2 = {0};
    assert_int_equal(sg_spill_load(&s, 1, &t1, &e), 0);
    assert_int_equal(t1.n, 0);
    assert_int_equal(sg_spill_load(&s, 2, &t2, &e), 0);
    assert_int_equal(t2.n, nv);
    assert_true(t2.t[0].v == INT64_MIN);
    sg_toks_free(&t1);
    sg_toks_free(&t2);
    sg_spill_close(&s);
}

static void damaged(void **state)
{
    (void)state;
    sg_spill s;
    sg_err e;
    sg_err_clear(&e);
    assert_int_equal(sg_spill_open(&s, 1, &e), 0);
    /* a first byte that promises more, and then the file ends */
    fputc(0x80, s.edge[0].f);
    sg_toks t = {0};
    assert_int_equal(sg_spill_load(&s, 0, &t, &e), -1);
    assert_non_null(strstr(e.msg, "damaged"));
    sg_toks_free(&t);
    sg_spill_close(&s);
    /* a failed write is reported, not read back as a short stream */
    assert_int_equal(sg_spill_open(&s, 1, &e), 0);
    s.err = 1;
    assert_int_equal(sg_spill_rewind(&s, 0, &e), -1);
    assert_non_null(strstr(e.msg, "cannot write"));
    sg_spill_close(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(round_trip),
        cmocka_unit_test(damaged),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
