/*
 * waves_test.c - the instance names of a top, as --waves-scope matches
 * them: plain and parameterized instances, multi-line parameter lists
 * left out, declarations and statements that are no instances.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdlib.h>
#include <string.h>

#include "sim/sim.h"

static void free_names(char **names, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(names[i]);
    free(names);
}

static void test_instances(void **state)
{
    (void)state;
    const char *top =
        "module k_top #(\n"
        "  parameter CrdWidth = 16\n"
        ") (\n"
        "  input wire clk_i,\n"
        "  output reg done_o\n"
        ");\n"
        "  wire [3:0] a;\n"
        "  assign a = 4'd0;\n"
        "  sam_ram #(.Width(CrdWidth), .AddrWidth(3)) u_m1_n0_seg (\n"
        "    .clk_i(clk_i));\n"
        "  sam_root n0_root (\n"
        "    .clk_i(clk_i));\n"
        "\tsam_edge #(.W(18)) u_e0(\n"
        "  );\n"
        "  always @(posedge clk_i) begin\n"
        "    if (a) done_o <= 1'b1;\n"
        "  end\n"
        "endmodule\n";
    char **names;
    size_t n;
    sg_sim_top_instances(top, &names, &n);
    assert_int_equal(n, 3);
    assert_string_equal(names[0], "u_m1_n0_seg");
    assert_string_equal(names[1], "n0_root");
    assert_string_equal(names[2], "u_e0");
    free_names(names, n);
}

static void test_none(void **state)
{
    (void)state;
    char **names;
    size_t n;
    sg_sim_top_instances("module m (input wire a);\nendmodule", &names, &n);
    assert_int_equal(n, 0);
    assert_null(names);
    sg_sim_top_instances("", &names, &n);
    assert_int_equal(n, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_instances),
        cmocka_unit_test(test_none),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
