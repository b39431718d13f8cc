/*
 * area_params_test.c - the parameters of a primitive read from its Verilog
 * and the checks of `samgen area --param` values.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>

#include "fpga/area.h"

static const char *const text =
    "// sam_x: parameter Fake = 1 in a comment\n"
    "`include \"sam_token.vh\"\n"
    "module sam_other #(parameter integer Other = 1) ();\nendmodule\n"
    "module sam_x #(\n"
    "  parameter integer Width = 18,   // bits\n"
    "  parameter integer Depth = 2,\n"
    "  parameter [Width-1:0] Const = {Width{1'b0}},\n"
    "  parameter         InitFile = \"\"\n"
    ") (input wire clk_i);\n"
    "  localparam integer Hidden = Depth * 2;\n"
    "  parameter A = 1, B = (2, 3);\n"
    "  parameter integer T = 32;\n"
    "endmodule\n";

static void test_scan(void **state)
{
    (void)state;
    area_params ps;
    assert_int_equal(sg_area_params_scan(text, "sam_x", &ps), 0);
    const char *want[] = {"Width", "Depth", "Const", "InitFile", "A", "B", "T"};
    assert_int_equal(ps.n, sizeof want / sizeof want[0]);
    for (size_t i = 0; i < ps.n; i++)
        assert_string_equal(ps.p[i].name, want[i]);
    assert_int_equal(ps.p[3].is_string, 1);
    assert_int_equal(ps.p[0].is_string, 0);
    assert_int_equal(sg_area_params_scan(text, "sam_none", &ps), -1);
}

static void expect_err(const area_params *ps, const char *k, const char *v, const char *msg)
{
    sg_err e;
    sg_err_clear(&e);
    assert_int_equal(sg_area_params_check(ps, "sam_x", k, v, &e), -1);
    assert_int_equal(e.code, SG_EXIT_USAGE);
    assert_string_equal(e.msg, msg);
}

static void test_check(void **state)
{
    (void)state;
    area_params ps;
    assert_int_equal(sg_area_params_scan(text, "sam_x", &ps), 0);
    sg_err e;
    sg_err_clear(&e);
    assert_int_equal(sg_area_params_check(&ps, "sam_x", "Depth", "16", &e), 0);
    assert_int_equal(sg_area_params_check(&ps, "sam_x", "Width", "64", &e), 0);
    assert_int_equal(sg_area_params_check(&ps, "sam_x", "T", "1024", &e), 0);
    assert_int_equal(sg_area_params_check(&ps, "sam_x", "Const", "-5", &e), 0);
    assert_int_equal(sg_area_params_check(&ps, "sam_x", "InitFile", "mem.hex", &e), 0);
    expect_err(&ps, "Depth", "abc", "sam_x Depth: expected an integer in 0..65536, got 'abc'");
    expect_err(&ps, "Depth", "99999999999", "sam_x Depth: 99999999999 is out of range 0..65536");
    expect_err(&ps, "Width", "0", "sam_x Width: 0 is out of range 1..64");
    expect_err(&ps, "T", "48", "sam_x T: 48 is not a power of two (a CAM size)");
    expect_err(&ps, "Hidden", "1", "sam_x has no parameter 'Hidden' (its parameters: "
               "Width, Depth, Const, InitFile, A, B, T)");
    expect_err(&ps, "Fake", "1", "sam_x has no parameter 'Fake' (its parameters: "
               "Width, Depth, Const, InitFile, A, B, T)");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scan),
        cmocka_unit_test(test_check),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
