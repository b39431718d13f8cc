/*
 * emit_test.c - the Verilog emitter on hand-built graphs: instance and wire
 * naming, a sam_edge per edge after its producer, implicit forks, drained
 * outputs, memory tables and sizing, determinism, the error for nodes without an RTL block,
 * ExTensor skipping (which scanners and intersectors skip, their wiring),
 * positional writers for dense outputs, the order-1 accumulator without an
 * outer input, the vector reducer, a crddrop two levels above its inner
 * stream and the value forms of crddrop and crdhold, and the error bits
 * (error_o, the write guards, the hardware watchdog).
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

#include "gen/emit.h"
#include "cli/emit_opts.h"
#include "core/test_util.h"
#include "graph/test_build.h"

static int count(const char *hay, const char *needle)
{
    int n = 0;
    for (const char *p = hay; (p = strstr(p, needle)) != NULL; p++)
        n++;
    return n;
}

/* A node as sg_test_node adds it; the scanner with id 1 is a root, a
 * writer without a mode writes values. */
static int add_node(sg_graph *g, sg_node_kind k, int id, const char *tensor,
                    int mode, char index)
{
    int v = sg_test_node(g, k, id, tensor, mode, index);
    sg_node *n = &g->nodes[v];
    if (k == SG_NK_FIBERLOOKUP && id == 1)
        n->root = n->src = 1;
    if (k == SG_NK_FIBERWRITE && mode < 0)
        n->is_vals = 1;
    sg_graph_node_ports(n);
    return v;
}

/* x(i) = b(i): scan b, write x; b's crd also feeds a repsiggen whose output
 * goes nowhere (an implicit fork and a drained output). */
static void build(sg_graph *g)
{
    memset(g, 0, sizeof *g);
    snprintf(g->name, sizeof g->name, "vtest");
    int scan = add_node(g, SG_NK_FIBERLOOKUP, 1, "b", 0, 'i');
    int wcrd = add_node(g, SG_NK_FIBERWRITE, 2, "x", 0, 'i');
    int arr = add_node(g, SG_NK_ARRAYVALS, 3, "b", -1, 0);
    int wval = add_node(g, SG_NK_FIBERWRITE, 4, "x", -1, 0);
    int rsg = add_node(g, SG_NK_REPSIGGEN, 5, NULL, -1, 'i');
    sg_test_edge(g, scan, 0, wcrd, 0, SG_ST_CRD);
    sg_test_edge(g, scan, 1, arr, 0, SG_ST_REF);
    sg_test_edge(g, arr, 0, wval, 0, SG_ST_VAL);
    sg_test_edge(g, scan, 0, rsg, 0, SG_ST_CRD);
}

static long size_100(void *ctx, const sg_node *n, sg_arr_kind a)
{
    (void)ctx;
    (void)n;
    return a == SG_ARR_SEG ? 2 : 100;
}

static void opts(sg_emit_opts *o)
{
    sg_emit_opts_default(o);
    const char *root = getenv("SAMGEN_ROOT");
    o->root = root && root[0] ? root : ".";
    o->source_hash = "0123456789abcdef";
}

/* Emit g with the test options into d; an error fails the test. */
static void emit_ok(const sg_graph *g, sg_emit_design *d)
{
    sg_emit_opts o;
    opts(&o);
    sg_err e;
    if (sg_emit(g, &o, d, &e) != 0)
        fail_msg("%s", e.msg);
}

static void test_structure(void **state)
{
    (void)state;
    sg_graph g;
    build(&g);
    sg_emit_opts o;
    opts(&o);
    o.mem_size = size_100;
    sg_emit_design d;
    sg_err e;
    int rc = sg_emit(&g, &o, &d, &e);
    if (rc != 0)
        fail_msg("%s", e.msg);
    const char *t = d.text;
    assert_string_equal(d.module, "vtest_top");
    /* The widths are parameters of the top (their defaults the generated
     * widths), so a netlist or testbench can see them. */
    assert_non_null(strstr(t, "module vtest_top #(\n"
                              "  parameter integer CrdWidth = 16,   // coordinate/reference payload bits\n"
                              "  parameter integer ValWidth = 32,   // value payload bits\n"
                              "  parameter integer WatchdogCycles = 65536   // error_o bit 3 after this many idle cycles\n"
                              ") (\n"));
    assert_null(strstr(t, "localparam integer CrdWidth"));
    assert_null(strstr(t, "localparam integer ValWidth"));
    sg_test_has_all(t, "input hash 0123456789abcdef",
                       "sam_scan_compressed #(.CrdWidth(CrdWidth)) n1_fiberlookup_b0_i (",
                       "sam_write_vals #(.CrdWidth(CrdWidth), .ValWidth(ValWidth)) n4_fiberwrite_x_vals (",
                       "sam_root #(.CrdWidth(CrdWidth)) n1_fiberlookup_b0_i_root (");
    /* One sam_edge (FIFO and tap) per edge, widths by stream kind through
     * the top's parameters. */
    assert_int_equal(count(t, "sam_edge #("), 4);
    assert_int_equal(count(t, "sam_tap #("), 0);
    sg_test_has_all(t, "sam_edge #(.Width(ValWidth+2), .Depth(4), .EdgeId(2)) u_e2 (",
                       "sam_edge #(.Width(CrdWidth+2), .Depth(4), .EdgeId(0)) u_e0 (",
                       "wire [ValWidth+1:0] e2_up_data, e2_dn_data;");
    /* The watchdog sees every edge's two handshakes (moved_o) and every
     * edge prints its own state on sim_dump. */
    sg_test_has_all(t, "wire wd_active = |edge_moved;\n",
                       ".moved_o(edge_moved[0])",
                       ".moved_o(edge_moved[3])");
    assert_int_equal(count(t, ".cycle_i(sim_cycle), .dump_i(sim_dump)"), 4);
    sg_test_has_all(t, "if (!rst_ni || !(run_clr || busy_q) || (done_o && !run_clr) || wd_active)",
                       "wd_cycle_q <= !rst_ni ? 0 : run_clr ? 1 : wd_cycle_q + 1;",
                       "assign sim_dump = rst_ni && wd_idle_q == wd_limit;",
                       "assign sim_cycle = wd_cycle_q;");
    /* Run control: the rising edge of start_i resets every primitive but
     * the root for a cycle (a run without reset starts as after reset);
     * the host port is ignored from that cycle until done_o. */
    sg_test_has_all(t, "wire run_clr = start_i && !start_q;\n",
                       "wire run_rst_n = rst_ni && !run_clr;\n",
                       "wire busy = run_clr || (busy_q && !done_o);\n",
                       "wire host_en = host_en_i && !busy;\n",
                       "      if (run_clr) busy_q <= 1'b1;\n"
                       "      else if (done_o) busy_q <= 1'b0;\n");
    assert_non_null(strstr(t, ".clk_i(clk_i), .rst_ni(rst_ni), .start_i(start_i),"));
    assert_int_equal(count(t, ".rst_ni(rst_ni), .clr_i(run_clr), .cycle_i(sim_cycle)"), 4);
    assert_true(count(t, ".rst_ni(run_rst_n)") >= 3);   /* every node */
    assert_int_equal(count(t, ".rst_ni(run_rst_n)") + 1 + 4, count(t, ".rst_ni("));
    assert_int_equal(count(t, ".host_en_i(host_en)"), count(t, "sam_ram #("));
    assert_int_equal(count(t, ".host_en_i(host_en_i)"), 0);
    assert_int_equal(count(t, "$display(\"W "), 0);
    /* Graph order: memories, then each node followed by its output edges
     * (e0, e1 and e3 leave the root scanner, e2 the vals array). */
    const char *ram = strstr(t, "sam_ram #(");
    const char *scan = strstr(t, "sam_scan_compressed #(");
    const char *vals = strstr(t, "sam_arrayvals #(");
    assert_non_null(ram);
    assert_non_null(scan);
    assert_non_null(vals);
    assert_true(ram < scan);
    assert_true(scan < strstr(t, " u_e0 ("));
    assert_true(strstr(t, " u_e0 (") < strstr(t, " u_e1 ("));
    assert_true(strstr(t, " u_e1 (") < strstr(t, " u_e3 ("));
    assert_true(strstr(t, " u_e3 (") < vals);
    assert_true(vals < strstr(t, " u_e2 ("));
    /* One comment line per instance naming the node and its DOT line. */
    assert_non_null(strstr(t, "// n1_fiberlookup_b0_i: fiberlookup 1 (i, b mode 0), DOT line 3"));
    /* crd fans out to two edges without a broadcast node: implicit fork. */
    assert_non_null(strstr(t, "n1_fiberlookup_b0_i.out_crd feeds 2 edges: implicit fork"));
    assert_non_null(strstr(t, ".out_valid_o({e3_up_valid, e0_up_valid})"));
    /* The repsiggen's output goes nowhere: ready tied high. */
    assert_non_null(strstr(t, "assign n5_repsiggen_i_out_repsig_ready = 1'b1;"));
    /* Memories: b seg, b crd, x seg, x crd, b vals, x vals; sized by the
     * callback (100 words -> 7 address bits, seg 2 words -> 1 bit). */
    assert_int_equal(d.n_mem, 6);
    int outputs = 0;
    for (size_t i = 0; i < d.n_mem; i++) {
        assert_int_equal(d.mem[i].sel, (int)i + 1);
        outputs += d.mem[i].is_output;
        assert_int_equal(d.mem[i].addr_width, d.mem[i].arr == SG_ARR_SEG ? 1 : 7);
    }
    assert_int_equal(outputs, 3);
    sg_test_has_all(t, "sam_ram #(.Width(ValWidth), .AddrWidth(7)) u_m5_n3_arrayvals_b_vals",
                       "assign done_o = 1'b1\n                & n2_fiberwrite_x0_i_done\n                & n4_fiberwrite_x_vals_done;",
                       "`ifdef SYNTHESIS");

    /* Same input, same bytes. */
    sg_emit_design d2;
    assert_int_equal(sg_emit(&g, &o, &d2, &e), 0);
    assert_int_equal(d.len, d2.len);
    assert_memory_equal(d.text, d2.text, d.len);
    sg_emit_design_free(&d2);

    /* Per-edge depths (as --fifo-depth auto gives them). */
    int depth[4] = {2, 5, 9, 0};
    o.edge_depth = depth;
    assert_int_equal(sg_emit(&g, &o, &d2, &e), 0);
    assert_non_null(strstr(d2.text, ".Depth(9), .EdgeId(2)) u_e2 ("));
    assert_non_null(strstr(d2.text, ".Depth(0), .EdgeId(3)) u_e3 ("));
    sg_emit_design_free(&d2);

    sg_emit_design_free(&d);
    sg_graph_free(&g);
}

static void test_unsupported(void **state)
{
    (void)state;
    sg_graph g;
    build(&g);
    g.path = sg_strdup("t.gv");
    add_node(&g, SG_NK_LOCATE, 9, NULL, -1, 'j');
    sg_emit_opts o;
    opts(&o);
    sg_emit_design d;
    sg_err e;
    assert_int_equal(sg_emit(&g, &o, &d, &e), -1);
    assert_int_equal(e.code, SG_EXIT_USAGE);
    assert_non_null(strstr(e.msg, "t.gv:11:"));
    assert_non_null(strstr(e.msg, "has no RTL block"));
    assert_null(d.text);

    /* A memory too large for the address width. */
    sg_graph_free(&g);
    build(&g);
    opts(&o);
    o.max_nnz = 1L << 20;
    assert_int_equal(sg_emit(&g, &o, &d, &e), -1);
    assert_non_null(strstr(e.msg, "does not fit 16-bit addresses"));
    sg_graph_free(&g);
}

/* x(i) = b(i) * c(i): two root scanners feed one intersect. */
static void build_mul(sg_graph *g)
{
    memset(g, 0, sizeof *g);
    snprintf(g->name, sizeof g->name, "vmul");
    int x = sg_test_intersect2(g, 1, "b", "c", 'i');   /* e0..e3 */
    int wcrd = add_node(g, SG_NK_FIBERWRITE, 4, "x", 0, 'i');
    int ab = add_node(g, SG_NK_ARRAYVALS, 5, "b", -1, 0);
    int ac = add_node(g, SG_NK_ARRAYVALS, 6, "c", -1, 0);
    int mul = add_node(g, SG_NK_ALU, 7, NULL, -1, 0);
    int wval = add_node(g, SG_NK_FIBERWRITE, 8, "x", -1, 0);
    sg_test_edge(g, x, 0, wcrd, 0, SG_ST_CRD);    /* e4 */
    sg_test_edge(g, x, 1, ab, 0, SG_ST_REF);      /* e5 */
    sg_test_edge(g, x, 2, ac, 0, SG_ST_REF);      /* e6 */
    sg_test_edge(g, ab, 0, mul, 0, SG_ST_VAL);    /* e7 */
    sg_test_edge(g, ac, 0, mul, 1, SG_ST_VAL);    /* e8 */
    sg_test_edge(g, mul, 0, wval, 0, SG_ST_VAL);  /* e9 */
}

static void test_skip(void **state)
{
    (void)state;
    sg_graph g;
    build_mul(&g);
    sg_emit_opts o;
    opts(&o);
    sg_emit_design d, d2;
    sg_err e;

    /* Without --skip: the plain primitives. */
    assert_int_equal(sg_emit(&g, &o, &d, &e), 0);
    assert_non_null(strstr(d.text, "sam_join #(.CrdWidth(CrdWidth), .NumInputs(2), .IsUnion(0)) n3_intersect_i ("));
    assert_null(strstr(d.text, "sam_scan_skip_core"));
    for (size_t k = 0; k < g.n_edges; k++)
        assert_int_equal(d.edge_skip[k], 0);
    sg_emit_design_free(&d);

    /* --skip 8: both scanners skip, wired straight to the intersector. */
    o.skip = 8;
    int rc = sg_emit(&g, &o, &d, &e);
    if (rc != 0)
        fail_msg("%s", e.msg);
    const char *t = d.text;
    sg_test_has_all(t, "sam_scan_skip_core #(.CrdWidth(CrdWidth), .RefWidth(CrdWidth), .T(8)) n1_fiberlookup_b0_i (",
                       "sam_scan_skip_core #(.CrdWidth(CrdWidth), .RefWidth(CrdWidth), .T(8)) n2_fiberlookup_c0_i (",
                       "sam_intersect_skip #(.CrdWidth(CrdWidth), .RefWidth(CrdWidth), .NumInputs(2)) n3_intersect_i (",
                       ".out_skip0_valid_o(n1_fiberlookup_b0_i_skip_valid), .out_skip0_ready_i(n1_fiberlookup_b0_i_skip_ready)",
                       ".out_skip1_valid_o(n2_fiberlookup_c0_i_skip_valid)",
                       ".in_skip_valid_i(n1_fiberlookup_b0_i_skip_valid), .in_skip_ready_o(n1_fiberlookup_b0_i_skip_ready)",
                       ".out_skip2_ready_i(1'b1)");
    /* No buffer between a skipping scanner and its intersector, no stalls
     * there; the other edges keep theirs. */
    for (size_t k = 0; k < g.n_edges; k++)
        assert_int_equal(d.edge_skip[k], k < 4);
    sg_test_has_all(t, "sam_edge #(.Width(CrdWidth+2), .Depth(0), .EdgeId(0), .Stall(0)) u_e0 (",
                       "sam_edge #(.Width(CrdWidth+2), .Depth(0), .EdgeId(1), .Stall(0)) u_e1 (",
                       "sam_edge #(.Width(CrdWidth+2), .Depth(0), .EdgeId(3), .Stall(0)) u_e3 (",
                       "sam_edge #(.Width(CrdWidth+2), .Depth(4), .EdgeId(4)) u_e4 (");
    /* Second read ports: a RAM copy per seg and crd array of each scanner,
     * seg read at a+1. */
    assert_int_equal(count(t, "_seg_b ("), 2);
    assert_int_equal(count(t, "_crd_b ("), 2);
    sg_test_has_all(t, "assign m1b_rd_addr = m1_rd_addr + 1'b1;",
                       ".seg_rd_lo_i(m1_rd_data), .seg_rd_hi_i(m1b_rd_data)",
                       ".cam_rd_en_o(m2b_rd_en), .cam_rd_addr_o(m2b_rd_addr), .cam_rd_data_i(m2b_rd_data)");
    assert_int_equal(d.node_skip[0], 8);
    assert_int_equal(d.node_skip[2], 8);
    /* Deterministic. */
    assert_int_equal(sg_emit(&g, &o, &d2, &e), 0);
    assert_int_equal(d.len, d2.len);
    assert_memory_equal(d.text, d2.text, d.len);
    sg_emit_design_free(&d2);
    sg_emit_design_free(&d);

    /* Node attributes override --skip: scanner c off, intersector T = 2. */
    g.nodes[1].skip = 0;
    g.nodes[2].skip = 2;
    assert_int_equal(sg_emit(&g, &o, &d, &e), 0);
    sg_test_has_all(d.text, ".T(2)) n1_fiberlookup_b0_i (",
                            "sam_scan_compressed #(.CrdWidth(CrdWidth)) n2_fiberlookup_c0_i (",
                            ".out_skip1_ready_i(1'b1)");
    assert_int_equal(d.edge_skip[2] + d.edge_skip[3], 0);
    assert_int_equal(d.edge_skip[0] + d.edge_skip[1], 2);
    sg_emit_design_free(&d);

    /* An intersector with skip=0 stays plain; a non-power-of-two T fails. */
    g.nodes[2].skip = 0;
    assert_int_equal(sg_emit(&g, &o, &d, &e), 0);
    assert_null(strstr(d.text, "sam_intersect_skip"));
    assert_null(strstr(d.text, "sam_scan_skip_core"));
    sg_emit_design_free(&d);
    g.nodes[2].skip = -1;
    g.nodes[1].skip = -1;
    o.skip = 3;
    g.path = sg_strdup("m.gv");
    assert_int_equal(sg_emit(&g, &o, &d, &e), -1);
    assert_int_equal(e.code, SG_EXIT_USAGE);
    assert_non_null(strstr(e.msg, "m.gv:5:"));
    assert_non_null(strstr(e.msg, "not a power of two"));
    assert_null(d.text);
    sg_graph_free(&g);
}

/* X(i,j) from b's coordinates into two dense levels (formats "dd01"): the
 * writers become positional, linked level to level and to the values. */
static void test_positional(void **state)
{
    (void)state;
    sg_graph g;
    memset(&g, 0, sizeof g);
    snprintf(g.name, sizeof g.name, "dpos");
    snprintf(g.tensors[0].name, sizeof g.tensors[0].name, "X");
    g.tensors[0].fmt.order = 2;
    g.tensors[0].fmt.level[0] = g.tensors[0].fmt.level[1] = SG_LVL_DENSE;
    g.tensors[0].fmt.mode[0] = 0;
    g.tensors[0].fmt.mode[1] = 1;
    g.tensors[0].is_output = 1;
    g.n_tensors = 1;
    int scan = add_node(&g, SG_NK_FIBERLOOKUP, 1, "b", 0, 'i');
    int w0 = add_node(&g, SG_NK_FIBERWRITE, 2, "X", 0, 'i');
    int w1 = add_node(&g, SG_NK_FIBERWRITE, 3, "X", 1, 'j');
    g.nodes[w0].format = g.nodes[w1].format = SG_LVL_DENSE;
    int arr = add_node(&g, SG_NK_ARRAYVALS, 4, "b", -1, 0);
    int wv = add_node(&g, SG_NK_FIBERWRITE, 5, "X", -1, 0);
    sg_test_edge(&g, scan, 0, w0, 0, SG_ST_CRD);
    sg_test_edge(&g, scan, 0, w1, 0, SG_ST_CRD);
    sg_test_edge(&g, scan, 1, arr, 0, SG_ST_REF);
    sg_test_edge(&g, arr, 0, wv, 0, SG_ST_VAL);
    sg_emit_design d;
    emit_ok(&g, &d);
    const char *t = d.text;
    sg_test_has_all(t, "sam_write_dense_pos #(.CrdWidth(CrdWidth), .Root(1)) n2_fiberwrite_X0_i (",
                       "sam_write_dense_pos #(.CrdWidth(CrdWidth), .Root(0)) n3_fiberwrite_X1_j (",
                       "sam_write_vals_pos #(.CrdWidth(CrdWidth), .ValWidth(ValWidth)) n5_fiberwrite_X_vals (");
    /* level 1 takes level 0's positions, the values level 1's */
    sg_test_has_all(t, ".in_pos_valid_i(n2_fiberwrite_X0_i_posq_valid), .in_pos_ready_o(n2_fiberwrite_X0_i_posq_ready)",
                       ".in_addr_valid_i(n3_fiberwrite_X1_j_posq_valid)",
                       ".in_pos_valid_i(1'b0), .in_pos_ready_o(n2_fiberwrite_X0_i_in_pos_ready)",
                       "wire [CrdWidth-1:0] n5_fiberwrite_X_vals_size = n3_fiberwrite_X1_j_dim_q * n2_fiberwrite_X0_i_dim_q;");
    /* one dimension register per dense output level */
    assert_int_equal(d.n_dim, 2);
    assert_int_equal(d.dim[0].node, w0);
    assert_int_equal(d.dim[1].node, w1);
    sg_emit_design_free(&d);

    /* A compressed level in the output: arrival-order writers. */
    g.tensors[0].fmt.level[0] = SG_LVL_COMPRESSED;
    emit_ok(&g, &d);
    assert_null(strstr(d.text, "sam_write_dense_pos"));
    assert_null(strstr(d.text, "sam_write_vals_pos"));
    assert_non_null(strstr(d.text, "sam_write_vals #("));
    sg_emit_design_free(&d);
    sg_graph_free(&g);
}

/* spaccumulator order=1 (node index 2) without an outer input, then a
 * vectorreducer (3) on its output. */
static void build_reducers(sg_graph *g)
{
    memset(g, 0, sizeof *g);
    snprintf(g->name, sizeof g->name, "red");
    int scan = add_node(g, SG_NK_FIBERLOOKUP, 1, "b", 0, 'i');
    int arr = add_node(g, SG_NK_ARRAYVALS, 2, "b", -1, 0);
    int sp = add_node(g, SG_NK_SPACC, 3, NULL, -1, 0);
    g->nodes[sp].order = 1;
    g->nodes[sp].in0 = 'i';
    int vr = add_node(g, SG_NK_VECTORREDUCER, 4, NULL, -1, 'i');
    int wc = add_node(g, SG_NK_FIBERWRITE, 5, "x", 0, 'i');
    int wv = add_node(g, SG_NK_FIBERWRITE, 6, "x", -1, 0);
    sg_test_edge(g, scan, 0, sp, 1, SG_ST_CRD);   /* e0: inner */
    sg_test_edge(g, scan, 1, arr, 0, SG_ST_REF);
    sg_test_edge(g, arr, 0, sp, 2, SG_ST_VAL);
    sg_test_edge(g, sp, 0, vr, 0, SG_ST_CRD);     /* e3: lowered stops */
    sg_test_edge(g, sp, 2, vr, 1, SG_ST_VAL);
    sg_test_edge(g, vr, 0, wc, 0, SG_ST_CRD);
    sg_test_edge(g, vr, 1, wv, 0, SG_ST_VAL);
}

static void test_reducers(void **state)
{
    (void)state;
    sg_graph g;
    build_reducers(&g);
    sg_emit_design d;
    emit_ok(&g, &d);
    const char *t = d.text;
    /* the inner stream forked into in_outer, coordinates zeroed */
    sg_test_has_all(t, "u_n3_spaccumulator_nox_fork (",
                       ".in_valid_i(e0_dn_valid), .in_ready_o(e0_dn_ready)",
                       ".in_outer_valid_i(n3_spaccumulator_nox_valid[1])",
                       ".in_outer_data_i(n3_spaccumulator_nox_outer_data)",
                       ".in_inner_valid_i(n3_spaccumulator_nox_valid[0])");
    /* out_inner stops lowered on the way to e3 */
    sg_test_has_all(t, "assign e3_up_valid = n3_spaccumulator_inner_raw_valid;",
                       "n3_spaccumulator_inner_raw_data - 1'b1",
                       "sam_vectorreducer #(.CrdWidth(CrdWidth), .ValWidth(ValWidth), .InnerDim(64)) n4_vectorreducer_i (",
                       ".in_crd_valid_i(e3_dn_valid)");
    /* both accumulators report points beyond their workspaces: bit 1 */
    sg_test_has_all(t, "wire n3_spaccumulator_ovf;", ".ovf_o(n3_spaccumulator_ovf),",
                       "wire n4_vectorreducer_i_ovf;", ".ovf_o(n4_vectorreducer_i_ovf),",
                       "wire err_acc = n3_spaccumulator_ovf | n4_vectorreducer_i_ovf;");
    sg_emit_design_free(&d);
    sg_graph_free(&g);
}

/* build_reducers with sorted workspaces: the sorted modules,
 * sized by the graph's capacity, else the run's peak (ws_peak), else
 * --dim; a hash workspace has no RTL; auto turns sorted when a dense
 * workspace would pass SG_WS_DENSE_AUTO_MAX entries. */
static long peak_cb(void *ctx, size_t i)
{
    (void)ctx;
    return i == 2 ? 9 : -1;      /* the spacc held 9 entries at once */
}

static void test_reducer_workspaces(void **state)
{
    (void)state;
    sg_graph g;
    build_reducers(&g);
    const int sp = 2, vr = 3;
    g.nodes[sp].workspace = SG_WS_SORTED;
    g.nodes[vr].workspace = SG_WS_SORTED;
    g.nodes[vr].ws_cap = 12;
    sg_emit_design d;
    emit_ok(&g, &d);
    sg_test_has_all(d.text, "sam_spacc_sorted #(.CrdWidth(CrdWidth), .ValWidth(ValWidth), "
                            ".Order(1), .Capacity(64), .ValStops(0)) n3_spaccumulator (",
                    "sam_vectorreducer_sorted #(.CrdWidth(CrdWidth), .ValWidth(ValWidth), "
                    ".Capacity(12)) n4_vectorreducer_i (",
                    ".ovf_o(n3_spaccumulator_ovf),", ".ovf_o(n4_vectorreducer_i_ovf),");
    sg_emit_design_free(&d);
    sg_emit_opts o;
    opts(&o);
    o.ws_peak = peak_cb;
    sg_err e;
    assert_int_equal(sg_emit(&g, &o, &d, &e), 0);
    assert_non_null(strstr(d.text, ".Order(1), .Capacity(9), .ValStops(0)) n3_spaccumulator ("));
    sg_emit_design_free(&d);
    /* auto: dense at 64 entries, sorted past the limit */
    g.nodes[sp].workspace = SG_WS_AUTO;
    emit_ok(&g, &d);
    assert_non_null(strstr(d.text, "sam_spacc #(.CrdWidth(CrdWidth), .ValWidth(ValWidth), "
                                   ".Order(1), .InnerDim(64)"));
    sg_emit_design_free(&d);
    o.dim_default = SG_WS_DENSE_AUTO_MAX + 1;
    assert_int_equal(sg_emit(&g, &o, &d, &e), 0);
    assert_non_null(strstr(d.text, "sam_spacc_sorted #("));
    sg_emit_design_free(&d);
    g.nodes[sp].workspace = SG_WS_HASH;
    opts(&o);
    sg_err_clear(&e);
    assert_int_not_equal(sg_emit(&g, &o, &d, &e), 0);
    assert_non_null(strstr(e.msg, "hash workspace, which only the golden model runs"));
    sg_graph_free(&g);
}

/* x(i) = b(i) through a value crddrop (kind drop) or crdhold: the
 * scanner's crd is the outer input, b's values the inner one.  With
 * `drain` the node's value output has no edge. */
static void build_crdvals(sg_graph *g, sg_node_kind kind, int drain)
{
    memset(g, 0, sizeof *g);
    snprintf(g->name, sizeof g->name, "cv");
    int scan = add_node(g, SG_NK_FIBERLOOKUP, 1, "b", 0, 'i');
    int arr = add_node(g, SG_NK_ARRAYVALS, 2, "b", -1, 0);
    int cv = add_node(g, kind, 3, NULL, -1, 0);
    g->nodes[cv].outer = 'i';
    g->nodes[cv].inner = 'v';
    g->nodes[cv].vals = 1;
    int wc = add_node(g, SG_NK_FIBERWRITE, 4, "x", 0, 'i');
    int wv = add_node(g, SG_NK_FIBERWRITE, 5, "x", -1, 0);
    sg_test_edge(g, scan, 0, cv, 0, SG_ST_CRD);    /* e0 */
    sg_test_edge(g, scan, 1, arr, 0, SG_ST_REF);   /* e1 */
    sg_test_edge(g, arr, 0, cv, 1, SG_ST_VAL);     /* e2 */
    sg_test_edge(g, cv, 0, wc, 0, SG_ST_CRD);      /* e3 */
    if (!drain)
        sg_test_edge(g, cv, 1, wv, 0, SG_ST_VAL);  /* e4 */
}

static void test_crdvals(void **state)
{
    (void)state;
    sg_graph g;
    sg_emit_design d;
    build_crdvals(&g, SG_NK_CRDDROP, 0);
    emit_ok(&g, &d);
    const char *t = d.text;
    sg_test_has_all(t, "sam_crdvals #(.CrdWidth(CrdWidth), .ValWidth(ValWidth), .Drop(1)) n3_crddrop (",
                       ".in_outer_valid_i(e0_dn_valid)",
                       ".in_val_valid_i(e2_dn_valid), .in_val_ready_o(e2_dn_ready), .in_val_data_i(e2_dn_data)",
                       ".out_outer_valid_o(e3_up_valid)",
                       ".out_val_valid_o(e4_up_valid), .out_val_ready_i(e4_up_ready), .out_val_data_o(e4_up_data)");
    assert_null(strstr(t, ".in_inner_valid_i"));
    assert_null(strstr(t, "sam_crddrop #("));
    sg_emit_design_free(&d);
    sg_graph_free(&g);

    /* crdhold: Drop(0); a drained value output is declared at value width */
    build_crdvals(&g, SG_NK_CRDHOLD, 1);
    emit_ok(&g, &d);
    t = d.text;
    sg_test_has_all(t, "sam_crdvals #(.CrdWidth(CrdWidth), .ValWidth(ValWidth), .Drop(0)) n3_crdhold (",
                       "wire [ValWidth+1:0] n3_crdhold_out_val_data;",
                       "assign n3_crdhold_out_val_ready = 1'b1;");
    assert_null(strstr(t, "sam_crdhold #("));
    sg_emit_design_free(&d);
    sg_graph_free(&g);
}

/* --fifo-depth auto: the model's peak plus 25 % and one, between the
 * floor (the default depth) and the cap. */
/* error_o: the port, the guards before each RAM, the bits and the
 * watchdog's period. */
static void test_errors(void **state)
{
    (void)state;
    sg_graph g;
    build(&g);
    sg_emit_opts o;
    opts(&o);
    o.mem_size = size_100;
    sg_emit_design d;
    sg_err e;
    if (sg_emit(&g, &o, &d, &e) != 0)
        fail_msg("%s", e.msg);
    const char *t = d.text;
    /* memories: 1 b seg, 2 b crd, 3 x seg, 4 x crd, 5 b vals, 6 x vals;
     * 128 words (seg 2), host addresses of 7 bits */
    sg_test_has_all(t, "  output wire [3:0]            error_o\n);",
                       "//                    bit 3  watchdog",
                       "  wire err_clr = !rst_ni || run_clr;\n",
                       /* an input memory: the engine never writes it */
                       "  wire m2_wr_ok = m2_wr_en;\n",
                       "  wire m2_host_oob = 1'b0;\n",
                       "  wire m1_host_oob = |host_addr_i[6:1];",
                       "  wire m2_host_we = host_we_i && host_sel_i == 8'd2 && !m2_host_oob;\n",
                       ".host_en_i(host_en), .host_we_i(m2_host_we),",
                       /* an output memory: writes beyond its depth are not made */
                       "  wire m4_wr_oob = |m4_wr_addr[CrdWidth-1:7];",
                       "  wire m4_wr_ok = m4_wr_en && !m4_wr_oob;\n",
                       ".wr_en_i(m4_wr_ok),",
                       "  wire err_wr = |{m3_wr_oob & m3_wr_en,\n"
                       "                    m4_wr_oob & m4_wr_en,\n"
                       "                    m6_wr_oob & m6_wr_en};\n",
                       "  wire err_acc = 1'b0;\n",
                       /* no dense dimension: select 0 names nothing */
                       "  wire host_ok = 1'b0\n               || (host_sel_i == 8'd1 && !m1_host_oob)",
                       "               || (host_sel_i == 8'd6 && !m6_host_oob);\n",
                       "  wire err_host = host_en && host_we_i && !host_ok;",
                       "  wire hw_moved = (|edge_moved) | m3_wr_en | m4_wr_en | m6_wr_en;\n",
                       "  always @(posedge clk_i) hw_moved_q <= hw_moved;\n",
                       "    if (!rst_ni || !busy || hw_moved_q) hw_idle_q <= {WdBits{1'b0}};\n",
                       "    err_q <= (err_clr ? 4'd0 : err_q) | {err_wd, err_host, err_acc, err_wr};\n",
                       "  assign error_o = err_q;\n");
    assert_null(strstr(t, "m2_wr_oob"));
    /* the bits come after done, which the watchdog reads */
    assert_true(strstr(t, "assign done_o") < strstr(t, "wire err_wr"));
    sg_emit_design_free(&d);

    /* a memory of 2^CrdWidth words: every address is in it, the write
     * after its last word is the overflow (the counter wrapped) */
    o.crd_width = 7;
    if (sg_emit(&g, &o, &d, &e) != 0)
        fail_msg("%s", e.msg);
    sg_test_has_all(d.text, "  reg m4_full_q;",
                       "    else if (m4_wr_en && &m4_wr_addr) m4_full_q <= 1'b1;\n",
                       "  wire m4_wr_oob = m4_full_q;");
    sg_emit_design_free(&d);

    /* the watchdog's period */
    o.crd_width = 16;
    o.watchdog_cycles = 300;
    if (sg_emit(&g, &o, &d, &e) != 0)
        fail_msg("%s", e.msg);
    assert_non_null(strstr(d.text, "parameter integer WatchdogCycles = 300 "));
    sg_emit_design_free(&d);
    o.watchdog_cycles = 0;
    assert_int_equal(sg_emit(&g, &o, &d, &e), -1);
    assert_int_equal(e.code, SG_EXIT_USAGE);
    assert_string_equal(e.msg, "--watchdog-cycles 0: expected 1..2147483647");
    sg_graph_free(&g);
}

static long size_2(void *ctx, const sg_node *n, sg_arr_kind a)
{
    (void)ctx;
    (void)n;
    (void)a;
    return 2;
}

/* --counters: the words at select 255, the host port widened for them,
 * the per-node and per-edge registers and the read mux. */
static void test_counters(void **state)
{
    (void)state;
    sg_graph g;
    build(&g);
    sg_emit_opts o;
    opts(&o);
    o.mem_size = size_2;
    sg_emit_design d;
    sg_err e;
    if (sg_emit(&g, &o, &d, &e) != 0)
        fail_msg("%s", e.msg);
    assert_int_equal(d.n_perf, 0);
    assert_null(strstr(d.text, "perf_"));
    assert_non_null(strstr(d.text, "  input  wire [0:0]  host_addr_i,"));
    sg_emit_design_free(&d);

    o.counters = SG_PERF_NODES;   /* 5 nodes: 10 words, 4 address bits */
    if (sg_emit(&g, &o, &d, &e) != 0)
        fail_msg("%s", e.msg);
    assert_int_equal(d.n_perf, 10);
    assert_int_equal(d.perf_mode, SG_PERF_NODES);
    sg_test_has_all(d.text, "  input  wire [3:0]  host_addr_i,",
                    "  output reg  [31:0]  host_rdata_o,",
                    /* the scanner's three output edges */
                    "_pmv = |{e0_up_valid & e0_up_ready,\n"
                    "                      e1_up_valid & e1_up_ready,\n"
                    "                      e3_up_valid & e3_up_ready};\n",
                    /* a writer moves nothing */
                    "_pmv = 1'b0;\n",
                    "      4'd0: perf_word = ", "      4'd1: perf_word = ",
                    "    if (perf_clr) perf_cyc_q <= 32'd0;\n",
                    "      8'd255: host_rdata_o = perf_rdata_q;\n",
                    "      8'd255: host_len_o = 16'd10;");
    /* node 1 (the crd writer) has no words of its own in the mux */
    assert_null(strstr(d.text, "      4'd2: perf_word"));
    assert_null(strstr(d.text, "      4'd3: perf_word"));
    sg_emit_design_free(&d);

    o.counters = SG_PERF_EDGES;   /* 4 edges: 8 words, 3 address bits */
    if (sg_emit(&g, &o, &d, &e) != 0)
        fail_msg("%s", e.msg);
    assert_int_equal(d.n_perf, 8);
    sg_test_has_all(d.text, "  input  wire [2:0]  host_addr_i,",
                    "    else if (e2_up_valid && !e2_up_ready && e2_pblk_q != 32'hffffffff) "
                    "e2_pblk_q <= e2_pblk_q + 32'd1;\n",
                    "      3'd6: perf_word = e3_pmv_q;\n", "      3'd7: perf_word = e3_pblk_q;\n",
                    "      8'd255: host_len_o = 16'd8;");
    sg_emit_design_free(&d);

    o.counters = 3;
    assert_int_equal(sg_emit(&g, &o, &d, &e), -1);
    assert_int_equal(e.code, SG_EXIT_USAGE);
    sg_graph_free(&g);
}

static void test_auto_depth(void **state)
{
    (void)state;
    assert_int_equal(sg_gen_auto_depth(0), SG_AUTO_FLOOR);
    assert_int_equal(sg_gen_auto_depth(2), SG_AUTO_FLOOR);
    assert_int_equal(sg_gen_auto_depth(8), 11);
    assert_int_equal(sg_gen_auto_depth(40), 51);
    assert_int_equal(sg_gen_auto_depth(2783), SG_AUTO_CAP);
    assert_int_equal(SG_AUTO_FLOOR, SG_FIFO_DEFAULT);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_structure),
        cmocka_unit_test(test_unsupported),
        cmocka_unit_test(test_skip),
        cmocka_unit_test(test_positional),
        cmocka_unit_test(test_reducers),
        cmocka_unit_test(test_reducer_workspaces),
        cmocka_unit_test(test_crdvals),
        cmocka_unit_test(test_auto_depth),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_counters),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
