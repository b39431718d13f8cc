/*
 * area_stat_test.c - area counts from Yosys output, log scanning, the
 * out-of-context wrapper and the reports (no Yosys needed: the inputs are
 * the shapes Yosys 0.23 writes).
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

#include "core/test_util.h"
#include "fpga/area.h"

/* A top "kern" with two FIFOs of one module, one joiner that itself holds a
 * FIFO, and two glue LUTs; as `stat -json` prints it after synth_ice40. */
static const char *STAT =
    "{\"creator\": \"Yosys 0.23\", \"modules\": {\n"
    " \"$paramod\\\\sam_fifo\\\\Depth=s32'00000000000000000000000000010000\": {\n"
    "   \"num_cells\": 83, \"num_cells_by_type\": {\"SB_CARRY\": 6, \"SB_DFF\": 19,\n"
    "   \"SB_DFFESR\": 10, \"SB_LUT4\": 46, \"SB_RAM40_4K\": 2}},\n"
    " \"\\\\sam_join2\": {\"num_cells_by_type\": {\"SB_LUT4\": 30, \"SB_DFFE\": 8,\n"
    "   \"$paramod\\\\sam_fifo\\\\Depth=s32'00000000000000000000000000010000\": 1}},\n"
    " \"\\\\kern\": {\"num_cells_by_type\": {\"SB_LUT4\": 2,\n"
    "   \"$paramod\\\\sam_fifo\\\\Depth=s32'00000000000000000000000000010000\": 2,\n"
    "   \"\\\\sam_join2\": 1}}\n"
    "}}";
static const char *MEM =
    "{\"modules\": {\n"
    " \"$paramod\\\\sam_fifo\\\\Depth=s32'00000000000000000000000000010000\":"
    "   {\"num_memories\": 1, \"num_memory_bits\": 288},\n"
    " \"\\\\kern\": {\"num_memories\": 0, \"num_memory_bits\": 0}}}";
static const char *TOP =
    "{\"modules\": {\"kern\": {\n"
    "  \"ports\": {\"clk_i\": {\"direction\": \"input\", \"bits\": [2]},\n"
    "            \"in_data_i\": {\"direction\": \"input\", \"bits\": [3,4,5]},\n"
    "            \"out_valid_o\": {\"direction\": \"output\", \"bits\": [6]}},\n"
    "  \"cells\": {\n"
    "   \"u_f0\": {\"type\": \"$paramod\\\\sam_fifo\\\\Depth=s32'00000000000000000000000000010000\"},\n"
    "   \"u_f1\": {\"type\": \"$paramod\\\\sam_fifo\\\\Depth=s32'00000000000000000000000000010000\"},\n"
    "   \"u_j\": {\"type\": \"sam_join2\"},\n"
    "   \"$abc$1\": {\"type\": \"SB_LUT4\"}, \"$abc$2\": {\"type\": \"SB_LUT4\"}}}}}";

static void parse(const char *s, area_jv *v)
{
    sg_err e;
    assert_int_equal(sg_area_json_parse(s, strlen(s), "x.json", v, &e), 0);
}

static void load(area_result *r)
{
    area_jv stat, mem, top;
    parse(STAT, &stat);
    parse(MEM, &mem);
    parse(TOP, &top);
    sg_err e;
    memset(r, 0, sizeof *r);
    assert_int_equal(sg_area_from_yosys(&stat, &mem, &top, "kern", AREA_ICE40, r, &e), 0);
    sg_area_json_free(&stat);
    sg_area_json_free(&mem);
    sg_area_json_free(&top);
}

static void test_hierarchy(void **state)
{
    (void)state;
    area_result r;
    load(&r);
    /* 3 FIFOs (2 direct, 1 in the joiner) + joiner + glue */
    assert_int_equal(r.total.luts, 3 * 46 + 30 + 2);
    assert_int_equal(r.total.ffs, 3 * 29 + 8);
    assert_int_equal(r.total.carries, 18);
    assert_int_equal(r.total.brams, 6);
    assert_int_equal(r.total.cells, 3 * 83 + 38 + 2);
    assert_int_equal(r.total.memories, 3);
    assert_int_equal(r.total.mem_bits, 3 * 288);
    assert_int_equal(r.total.transistors, -1);
    assert_int_equal(r.n_inst, 4);
    assert_string_equal(r.inst[0].name, "u_f0");
    assert_string_equal(r.inst[0].module, "sam_fifo(Depth=16)");
    assert_string_equal(r.inst[0].family, "fifo");
    assert_int_equal(r.inst[0].c.luts, 46);
    assert_int_equal(r.inst[0].n_types, 5);
    assert_string_equal(r.inst[0].types[4].key, "SB_RAM40_4K");
    assert_int_equal(r.inst[2].n_types, 6);     /* joiner: its own + its FIFO's */
    assert_int_equal(r.inst[3].n_types, 1);
    assert_int_equal(r.inst[3].types[0].n, 2);
    assert_string_equal(r.inst[2].family, "intersect");
    assert_int_equal(r.inst[2].c.luts, 76);
    assert_string_equal(r.inst[3].name, "(top)");
    assert_int_equal(r.inst[3].c.luts, 2);
    /* types summed over the hierarchy, sorted */
    assert_string_equal(r.types[0].key, "SB_CARRY");
    assert_int_equal(r.types[0].n, 18);
    assert_int_equal(r.n_ports, 3);
    assert_int_equal(r.ports[1].width, 3);
    assert_int_equal(r.ports[2].is_output, 1);
    /* family sums and the intersection share by LUTs */
    const char *fam[8];
    area_counts fc[8];
    size_t nf = sg_area_families(&r, fam, fc, 8);
    assert_int_equal(nf, 3);
    assert_string_equal(fam[0], "fifo");
    assert_int_equal(fc[0].luts, 92);
    double sh = sg_area_intersect_share(&r);
    assert_true(sh > 76.0 / 170 - 1e-9 && sh < 76.0 / 170 + 1e-9);
    sg_area_result_free(&r);
}

static void test_missing_top(void **state)
{
    (void)state;
    area_jv stat;
    parse(STAT, &stat);
    area_result r = {0};
    sg_err e;
    assert_int_equal(sg_area_from_yosys(&stat, NULL, NULL, "nope", AREA_ICE40, &r, &e), -1);
    assert_non_null(strstr(e.msg, "nope"));
    sg_area_json_free(&stat);
    sg_area_result_free(&r);
}

static void test_generic_transistors(void **state)
{
    (void)state;
    const char *s =
        "{\"modules\": {\"\\\\m\": {\"num_cells_by_type\": {\"$_DFF_P_\": 4,"
        " \"$_NAND_\": 10, \"$_DLATCH_P_\": 1}, \"estimated_num_transistors\": \"100+\"}}}";
    area_jv stat;
    parse(s, &stat);
    area_result r = {0};
    sg_err e;
    assert_int_equal(sg_area_from_yosys(&stat, NULL, NULL, "m", AREA_GENERIC, &r, &e), 0);
    assert_int_equal(r.total.ffs, 4);
    assert_int_equal(r.total.latches, 1);
    assert_int_equal(r.total.cells, 15);
    assert_int_equal(r.total.transistors, 100);
    assert_int_equal(r.n_inst, 0);
    sg_area_json_free(&stat);
    sg_area_result_free(&r);
}

static void test_classify(void **state)
{
    (void)state;
    area_counts c = {0};
    sg_area_classify(AREA_XILINX, "LUT6", 5, &c);
    sg_area_classify(AREA_XILINX, "FDRE", 3, &c);
    sg_area_classify(AREA_XILINX, "RAMB36E1", 1, &c);
    sg_area_classify(AREA_XILINX, "RAMB18E1", 1, &c);
    sg_area_classify(AREA_XILINX, "DSP48E1", 2, &c);
    sg_area_classify(AREA_XILINX, "RAM32M", 1, &c);
    sg_area_classify(AREA_XILINX, "LDCE", 1, &c);
    assert_int_equal(c.luts, 5);
    assert_int_equal(c.ffs, 3);
    assert_int_equal(c.brams, 3);
    assert_int_equal(c.dsps, 2);
    assert_int_equal(c.lutrams, 1);
    assert_int_equal(c.latches, 1);
    assert_int_equal(c.cells, 14);
    memset(&c, 0, sizeof c);
    sg_area_classify(AREA_ICE40, "SB_MAC16", 1, &c);
    sg_area_classify(AREA_ICE40, "SB_DFFESR", 2, &c);
    assert_int_equal(c.dsps, 1);
    assert_int_equal(c.ffs, 2);
}

static void test_pretty(void **state)
{
    (void)state;
    char p[128], b[64];
    sg_area_pretty_module("\\sam_root", p, sizeof p, b, sizeof b);
    assert_string_equal(p, "sam_root");
    assert_string_equal(b, "sam_root");
    sg_area_pretty_module("$paramod\\sam_alu\\Op=s32'00000000000000000000000000000001"
                       "\\Const=s32'11111111111111111111111111111110", p, sizeof p,
                       b, sizeof b);
    assert_string_equal(p, "sam_alu(Op=1,Const=-2)");
    assert_string_equal(b, "sam_alu");
    sg_area_pretty_module("$paramod$4f2a\\sam_spacc", p, sizeof p, b, sizeof b);
    assert_string_equal(b, "sam_spacc");
    assert_string_equal(p, "sam_spacc(#)");
    sg_area_pretty_module("$paramod\\sam_x\\S=\"hello\"", p, sizeof p, b, sizeof b);
    assert_string_equal(p, "sam_x(S=\"hello\")");
    /* truncation stays inside the buffer */
    sg_area_pretty_module("$paramod\\sam_fifo\\Depth=s32'00000000000000000000000000010000",
                       p, 8, b, 4);
    assert_string_equal(b, "sam");
    assert_int_equal(strlen(p), 7);
}

/* Families of modules by their name alone, and of instances of them. */
static const char *const module_families[][2] = {
    {"sam_scan_skip_core", "skip-scanner"},
    {"sam_intersect_skip", "intersect"},
    {"sam_scan_compressed", "scanner"},
    {"sam_locate", "scanner"},
    {"sam_write_vals", "writer"},
    {"sam_ram", "memory"},
    {"sam_edge", "fifo"},
    {"foo", "other"},
};

static const struct inst_family {
    const char *module, *params, *inst, *family;
} inst_families[] = {
    {"sam_join", "sam_join(CrdWidth=16,NumInputs=2,IsUnion=0)", NULL, "intersect"},
    {"sam_join", "sam_join(CrdWidth=16,NumInputs=3,IsUnion=1)", NULL, "union"},
    {"sam_join2", "sam_join2(IsUnion=1)", "u_join", "union"},
    {"sam_join", "sam_join(#)", "n5_union_j", "union"},
    {"sam_join", "sam_join(#)", "\\n12_union", "union"},
    {"sam_join", "sam_join(#)", "n3_intersect_i", "intersect"},
    {"sam_join", "sam_join(#)", "n3_unionx", "intersect"},
    {"sam_alu", "sam_alu(#)", "n4_union", "alu"},
};

static void test_family(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof module_families / sizeof module_families[0]; i++)
        assert_string_equal(sg_area_family(module_families[i][0]), module_families[i][1]);
    for (size_t i = 0; i < sizeof inst_families / sizeof inst_families[0]; i++) {
        const struct inst_family *f = &inst_families[i];
        const char *got = sg_area_family_inst(f->module, f->params, f->inst);
        if (strcmp(got, f->family) != 0)
            fail_msg("%s %s %s: family %s, want %s", f->module, f->params,
                     f->inst ? f->inst : "", got, f->family);
    }
}

static void test_scan_log(void **state)
{
    (void)state;
    const char *log =
        "No latch inferred for signal `\\m.\\a' from process `\\m.$proc$x.v:3$1'.\n"
        "Latch inferred for signal `\\m.\\b' from process `\\m.$proc$x.v:9$2': $auto$1\n"
        "Warning: multiple conflicting drivers for m.\\c [0]:\n"
        "Warning: Resizing cell port m.u.in_data_i from 18 bits to 16 bits.\n"
        "Warning: Resizing cell port m.u.in_data_i from 18 bits to 16 bits.\n"
        "ABC: Warning: The network is combinational.\n"
        "Warning: something harmless\n"
        "using FF mapping for memory $paramod\\sam_fifo\\Depth=s32'00000000000000000000000000000010.mem_q\n"
        "mapping memory \\sam_ram.mem via $__ICE40_RAM4K_\n"
        "Warning: found logic loop in module m:";
    area_result r = {0};
    sg_area_scan_log(log, &r);
    assert_int_equal(r.n_warnings, 4);          /* unique Warning: lines */
    assert_int_equal(r.n_problems, 4);
    assert_non_null(strstr(r.problems[0], "latch"));
    assert_non_null(strstr(r.problems[0], "\\m.\\b"));
    assert_non_null(strstr(r.problems[1], "multiple drivers"));
    assert_non_null(strstr(r.problems[2], "port width mismatch"));
    assert_non_null(strstr(r.problems[3], "combinational loop"));
    assert_int_equal(r.n_notes, 2);
    assert_string_equal(r.notes[0],
        "memory sam_fifo(Depth=2).mem_q mapped to flip-flops, not block RAM");
    assert_string_equal(r.notes[1], "memory sam_ram.mem mapped to block RAM");
    sg_area_result_free(&r);

    area_result ok = {0};
    sg_area_scan_log("Warning: Yosys has only limited support for tri-state logic.\n", &ok);
    assert_int_equal(ok.n_problems, 0);
    assert_int_equal(ok.n_warnings, 1);
    sg_area_result_free(&ok);
}

static char *capture_wrap(const area_port *p, size_t n, int *rc)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    sg_err e;
    *rc = sg_area_wrap_write(f, "dut", p, n, &e);
    fclose(f);
    return buf;
}

/* r's JSON report, parsed into *v, followed by its table (*table points
 * into the returned text). */
static char *report_both(const area_result *r, area_jv *v, char **table)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    sg_area_report_json(f, r, 1, NULL, NULL);
    sg_area_report_table(f, r);
    fclose(f);
    *table = strstr(buf, "\n}\n") + 3;
    sg_err e;
    assert_int_equal(sg_area_json_parse(buf, (size_t)(*table - buf), "r.json", v, &e), 0);
    return buf;
}

static void test_wrap(void **state)
{
    (void)state;
    area_port p[] = {
        {"clk_i", 0, 1}, {"rst_ni", 0, 1}, {"in_data_i", 0, 18},
        {"out_data_o", 1, 18}, {"out_valid_o", 1, 1},
    };
    int rc;
    char *v = capture_wrap(p, 5, &rc);
    assert_int_equal(rc, 0);
    sg_test_has_all(v, "reg  [18:0] in_q;",
                       "reg  [18:0] out_q;",
                       ".clk_i(clk_i),",
                       ".rst_ni(in_q[0:0]),",
                       ".in_data_i(in_q[18:1]),",
                       ".out_data_o(out_w[17:0]),",
                       ".out_valid_o(out_w[18:18])\n",
                       "dut u_dut (");
    free(v);
    area_port noclk[] = {{"a", 0, 1}};
    v = capture_wrap(noclk, 1, &rc);
    assert_int_equal(rc, -1);
    free(v);
}

static void test_json_report_parses(void **state)
{
    (void)state;
    area_result r;
    load(&r);
    r.label = strdup("kern \"quoted\"");
    r.pnr.fits = 1;
    r.pnr.fmax_mhz = 123.4;
    snprintf(r.pnr.device, sizeof r.pnr.device, "hx8k");
    sg_area_list_add(&r.notes, &r.n_notes, "memory %s mapped", "x");
    area_jv v;
    char *table;
    char *buf = report_both(&r, &v, &table);
    const area_jv *run = &sg_area_json_get(&v, "runs")->items[0];
    assert_string_equal(sg_area_json_get(run, "label")->str, "kern \"quoted\"");
    assert_true(sg_area_json_num(sg_area_json_get(sg_area_json_get(run, "total"), "luts"), 0) == 170);
    assert_int_equal(sg_area_json_get(run, "instances")->n, 4);
    const area_jv *i0 = &sg_area_json_get(run, "instances")->items[0];
    assert_true(sg_area_json_num(sg_area_json_get(sg_area_json_get(i0, "cells_by_type"), "SB_LUT4"), 0) == 46);
    assert_true(sg_area_json_num(sg_area_json_get(sg_area_json_get(run, "pnr"), "fmax_mhz"), 0) == 123.4);
    sg_area_json_free(&v);
    sg_test_has_all(table, "u_f0",
                           "fmax 123.4 MHz",
                           "intersection logic: 44.71%");
    free(buf);
    sg_area_result_free(&r);
}

/* Parameter values of the instances (json A:hdlname after proc) and an
 * instance name longer than any fixed column: both appear in full. */
static const char *PARAMS =
    "{\"modules\": {\n"
    " \"$paramod\\\\sam_fifo\\\\Depth=s32'00000000000000000000000000010000\": {\n"
    "   \"parameter_default_values\": {\"Depth\": \"00000000000000000000000000010000\",\n"
    "     \"Width\": \"00000000000000000000000000010010\"}},\n"
    " \"sam_join2\": {\"parameter_default_values\": {\n"
    "   \"Const\": \"11111111111111111111111111111110\", \"InitFile\": \" \",\n"
    "   \"Name\": \"01 \", \"Wide\": \"100000000000000000000000000000000\"}}}}";

static void test_inst_params_long_names(void **state)
{
    (void)state;
    area_result r;
    load(&r);
    const char *longname = "n12_fiberlookup_Bi_with_a_very_long_instance_name_i";
    free(r.inst[1].name);
    r.inst[1].name = strdup(longname);
    area_jv pj;
    parse(PARAMS, &pj);
    sg_area_inst_params(&r, &pj);
    sg_area_json_free(&pj);
    assert_int_equal(r.inst[0].n_params, 2);
    assert_string_equal(r.inst[0].params[0].key, "Depth");
    assert_string_equal(r.inst[0].params[0].val, "16");
    assert_string_equal(r.inst[0].params[1].val, "18");
    assert_int_equal(r.inst[2].n_params, 4);
    assert_string_equal(r.inst[2].params[0].val, "-2");      /* 32 bits: signed */
    assert_int_equal(r.inst[2].params[1].is_string, 1);
    assert_string_equal(r.inst[2].params[1].val, "");
    assert_string_equal(r.inst[2].params[2].val, "01");      /* a string, blank dropped */
    assert_string_equal(r.inst[2].params[3].val, "4294967296");
    assert_int_equal(r.inst[3].n_params, 0);                 /* (top) */
    char mod[256];
    sg_area_inst_module(&r.inst[0], mod, sizeof mod);
    assert_string_equal(mod, "sam_fifo #(Depth=16, Width=18)");
    sg_area_inst_module(&r.inst[3], mod, sizeof mod);
    assert_string_equal(mod, "kern");

    area_jv v;
    char *table;
    char *buf = report_both(&r, &v, &table);
    const area_jv *insts = sg_area_json_get(&v.items[1].items[0], "instances");
    assert_non_null(insts);
    const area_jv *p0 = sg_area_json_get(&insts->items[0], "params");
    assert_true(sg_area_json_num(sg_area_json_get(p0, "Depth"), 0) == 16);
    assert_true(sg_area_json_num(sg_area_json_get(p0, "Width"), 0) == 18);
    assert_string_equal(sg_area_json_get(&insts->items[1], "name")->str, longname);
    const area_jv *p2 = sg_area_json_get(&insts->items[2], "params");
    assert_true(sg_area_json_num(sg_area_json_get(p2, "Const"), 0) == -2);
    assert_string_equal(sg_area_json_get(p2, "InitFile")->str, "");
    assert_int_equal(sg_area_json_get(&insts->items[3], "params")->n, 0);
    sg_area_json_free(&v);
    /* the table: every name in full, the module with its values, and the
     * columns after them aligned on every row */
    char want[256];
    snprintf(want, sizeof want, "\n%s sam_fifo #(Depth=16, Width=18) ", longname);
    assert_non_null(strstr(table, want));
    assert_non_null(strstr(table, "\nu_f0 "));
    assert_non_null(strstr(table, " sam_fifo #(Depth=16, Width=18) "));
    assert_non_null(strstr(table, " sam_join2 #(Const=-2, InitFile=\"\", Name=\"01\", "
                                  "Wide=4294967296) intersect "));
    const char *hdr = strstr(table, "\ninstance ");
    const char *row0 = strstr(table, "\nu_f0 ");
    const char *rowl = strstr(table, want);
    assert_non_null(hdr);
    size_t col = (size_t)(strstr(hdr, " family ") - hdr);
    assert_int_equal((size_t)(strstr(row0, " fifo ") - row0), col);
    assert_int_equal((size_t)(strstr(rowl, " fifo ") - rowl), col);
    free(buf);
    sg_area_result_free(&r);
}

/* Real-number units below the top: two ALUs of one module each hold a
 * multiplier (with its sam_fp_round), a reducer holds an adder; the units
 * are listed once per parametrization with their count and the area of
 * one (the rounding stage included), sorted by name. */
static const char *FP_STAT =
    "{\"modules\": {\n"
    " \"$paramod$aaa\\\\sam_fp_round\": {\"num_cells_by_type\": {\"SB_LUT4\": 100, \"SB_DFF\": 10}},\n"
    " \"$paramod\\\\sam_fp_mul\\\\FracWidth=s32'00000000000000000000000000010111\": {\n"
    "   \"num_cells_by_type\": {\"SB_LUT4\": 2000, \"SB_DFF\": 200, \"SB_CARRY\": 50,\n"
    "   \"$paramod$aaa\\\\sam_fp_round\": 1}},\n"
    " \"$paramod$bbb\\\\sam_fp_add\": {\"num_cells_by_type\": {\"SB_LUT4\": 900, \"SB_CARRY\": 40}},\n"
    " \"$paramod$ccc\\\\sam_alu\": {\"num_cells_by_type\": {\"SB_LUT4\": 30, \"SB_DFF\": 5,\n"
    "   \"$paramod\\\\sam_fp_mul\\\\FracWidth=s32'00000000000000000000000000010111\": 1}},\n"
    " \"$paramod$ddd\\\\sam_reduce\": {\"num_cells_by_type\": {\"SB_LUT4\": 20,\n"
    "   \"$paramod$bbb\\\\sam_fp_add\": 1}},\n"
    " \"\\\\k\": {\"num_cells_by_type\": {\"SB_LUT4\": 1,\n"
    "   \"$paramod$ccc\\\\sam_alu\": 2, \"$paramod$ddd\\\\sam_reduce\": 1}}\n"
    "}}";
static const char *FP_PARAMS =
    "{\"modules\": {\n"
    " \"$paramod$bbb\\\\sam_fp_add\": {\"parameter_default_values\": {\n"
    "   \"FracWidth\": \"00000000000000000000000000010111\", \"Latency\": \"00000000000000000000000000000000\"}},\n"
    " \"$paramod\\\\sam_fp_mul\\\\FracWidth=s32'00000000000000000000000000010111\": {\n"
    "   \"parameter_default_values\": {\"FracWidth\": \"00000000000000000000000000010111\"}}}}";

static void test_fp_units(void **state)
{
    (void)state;
    assert_true(sg_area_is_fp_unit("sam_fp_add"));
    assert_true(sg_area_is_fp_unit("sam_fp_mul"));
    assert_true(sg_area_is_fp_unit("sam_fp_cmp"));
    assert_false(sg_area_is_fp_unit("sam_fp_round"));
    assert_false(sg_area_is_fp_unit("sam_alu"));
    area_jv stat, pj;
    parse(FP_STAT, &stat);
    parse(FP_PARAMS, &pj);
    area_result r = {0};
    sg_err e;
    assert_int_equal(sg_area_from_yosys(&stat, NULL, NULL, "k", AREA_ICE40, &r, &e), 0);
    sg_area_inst_params(&r, &pj);
    sg_area_json_free(&stat);
    sg_area_json_free(&pj);
    assert_int_equal(r.total.luts, 1 + 2 * (30 + 2000 + 100) + 20 + 900);
    assert_int_equal(r.n_units, 2);
    assert_string_equal(r.units[0].in.base, "sam_fp_add");
    assert_int_equal(r.units[0].count, 1);
    assert_int_equal(r.units[0].in.c.luts, 900);
    assert_int_equal(r.units[0].in.c.carries, 40);
    assert_string_equal(r.units[1].in.base, "sam_fp_mul");
    assert_int_equal(r.units[1].count, 2);
    assert_int_equal(r.units[1].in.c.luts, 2100);       /* with its rounding */
    assert_int_equal(r.units[1].in.c.ffs, 210);
    assert_null(r.units[0].alone);
    char mod[256];
    sg_area_inst_module(&r.units[0].in, mod, sizeof mod);
    assert_string_equal(mod, "sam_fp_add #(FracWidth=23, Latency=0)");

    /* a unit placed on its own gives the table its fmax column */
    r.units[1].alone = calloc(1, sizeof *r.units[1].alone);
    r.units[1].alone->target = AREA_ICE40;
    r.units[1].alone->pnr.ran = 1;
    r.units[1].alone->pnr.fits = 1;
    r.units[1].alone->pnr.fmax_mhz = 34.5;
    snprintf(r.units[1].alone->pnr.device, sizeof r.units[1].alone->pnr.device, "hx8k");
    area_jv v;
    char *table;
    char *buf = report_both(&r, &v, &table);
    const area_jv *run = &sg_area_json_get(&v, "runs")->items[0];
    const area_jv *us = sg_area_json_get(run, "fp_units");
    assert_non_null(us);
    assert_int_equal(us->n, 2);
    assert_string_equal(sg_area_json_get(&us->items[0], "module")->str, "sam_fp_add");
    assert_true(sg_area_json_num(sg_area_json_get(&us->items[1], "count"), 0) == 2);
    assert_true(sg_area_json_num(sg_area_json_get(sg_area_json_get(&us->items[1], "area"), "luts"), 0) == 2100);
    assert_true(sg_area_json_num(sg_area_json_get(sg_area_json_get(&us->items[0], "params"), "Latency"), -1) == 0);
    assert_null(sg_area_json_get(&us->items[0], "alone"));
    const area_jv *al = sg_area_json_get(&us->items[1], "alone");
    assert_non_null(al);
    assert_true(sg_area_json_num(sg_area_json_get(sg_area_json_get(al, "pnr"), "fmax_mhz"), 0) == 34.5);
    sg_area_json_free(&v);
    sg_test_has_all(table, "real-number units (the area of one; in the instances above):\n",
                           "\nsam_fp_add #(FracWidth=23, Latency=0)     1     ",
                           "fmax-MHz (alone)\n",
                           "  34.5\n");
    assert_non_null(strstr(table, "    0  -\n"));      /* the adder: not placed */
    free(buf);
    sg_area_result_free(&r);

    /* no units: no section in the table, an empty list in JSON */
    area_result k;
    load(&k);
    assert_int_equal(k.n_units, 0);
    buf = report_both(&k, &v, &table);
    run = &sg_area_json_get(&v, "runs")->items[0];
    assert_int_equal(sg_area_json_get(run, "fp_units")->n, 0);
    assert_null(strstr(table, "real-number units"));
    sg_area_json_free(&v);
    free(buf);
    sg_area_result_free(&k);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hierarchy),
        cmocka_unit_test(test_missing_top),
        cmocka_unit_test(test_generic_transistors),
        cmocka_unit_test(test_classify),
        cmocka_unit_test(test_pretty),
        cmocka_unit_test(test_family),
        cmocka_unit_test(test_scan_log),
        cmocka_unit_test(test_wrap),
        cmocka_unit_test(test_json_report_parses),
        cmocka_unit_test(test_inst_params_long_names),
        cmocka_unit_test(test_fp_units),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
