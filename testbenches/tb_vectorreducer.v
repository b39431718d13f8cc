// tb_vectorreducer - bench of sam_vectorreducer: in_crd, in_val -> out_crd, out_val.
// InnerDim 64 (8 occupancy words of 8 bits) or, for bench vectorreducer_wide,
// 1000 (32 words of 32 bits: the carry-chain find-firsts).  Sorted = 1
// instantiates sam_vectorreducer_sorted (sorted workspace of Capacity
// entries) instead.  A raised ovf_o (a coordinate beyond the workspace,
// which the vectors never have) fails the bench; with +expect_ovf=1 (a case
// that overflows the workspace on purpose) the bench fails instead when
// ovf_o never rose.
`timescale 1ns/1ps
module tb_vectorreducer #(
  parameter integer InnerDim = 64,
  parameter integer ValType = 0,  // 1 fp32, 2 bf16 (16-bit values)
  parameter integer Sorted = 0,
  parameter integer Capacity = 64
);
  localparam integer CW = 16;
  localparam integer VW = ValType == 2 ? 16 : 32;
  wire clk, load, run_n, check;
  wire e0, e1, d0, d1;
  wire [31:0] n0, n1;
  wire cv, cr, vv, vr, ocv, ocr, ovv, ovr;
  wire [CW+1:0] cd, ocd;
  wire [VW+1:0] vd, ovd;
  wire ovf;
  reg ovf_q;
  integer xo;
  always @(posedge clk) ovf_q <= run_n && (ovf_q || ovf);
  initial if (!$value$plusargs("expect_ovf=%d", xo)) xo = 0;
  // an unexpected overflow, or an expected one missing at the end
  wire ovf_err = (xo == 0) ? ovf_q : (d0 && d1 && !ovf_q);
  // (the sorted bench keeps the dense name: run_bench.sh names the bench)
  tb_ctl #(.Bench("vectorreducer")) u_ctl (
    .clk(clk), .load(load), .run_n(run_n), .check(check), .loaded(1'b1),
    .all_done(d0 && d1), .checked(1'b1), .any_err(e0 || e1 || ovf_err), .ntok(n0));
  tb_src #(.W(CW + 2), .Name("in_crd"), .Salt(1)) u_sc (.clk(clk), .rst_n(run_n), .valid(cv), .ready(cr), .data(cd), .done());
  tb_src #(.W(VW + 2), .Name("in_val"), .Salt(2)) u_sv (.clk(clk), .rst_n(run_n), .valid(vv), .ready(vr), .data(vd), .done());
  tb_sink #(.W(CW + 2), .Name("out_crd"), .Salt(3)) u_kc (
    .clk(clk), .rst_n(run_n), .valid(ocv), .ready(ocr), .data(ocd), .done(d0), .err(e0), .ntok(n0));
  tb_sink #(.W(VW + 2), .Name("out_val"), .Salt(4), .IsVal(1)) u_kv (
    .clk(clk), .rst_n(run_n), .valid(ovv), .ready(ovr), .data(ovd), .done(d1), .err(e1), .ntok(n1));
  generate
    if (Sorted != 0) begin : g_sorted
      sam_vectorreducer_sorted #(.CrdWidth(CW), .ValWidth(VW), .ValType(ValType),
                                 .Capacity(Capacity)) dut (
        .clk_i(clk), .rst_ni(run_n),
        .in_crd_valid_i(cv), .in_crd_ready_o(cr), .in_crd_data_i(cd),
        .in_val_valid_i(vv), .in_val_ready_o(vr), .in_val_data_i(vd),
        .out_crd_valid_o(ocv), .out_crd_ready_i(ocr), .out_crd_data_o(ocd),
        .out_val_valid_o(ovv), .out_val_ready_i(ovr), .out_val_data_o(ovd),
        .ovf_o(ovf));
    end else begin : g_dense
      sam_vectorreducer #(.CrdWidth(CW), .ValWidth(VW), .ValType(ValType), .InnerDim(InnerDim)) dut (
        .clk_i(clk), .rst_ni(run_n),
        .in_crd_valid_i(cv), .in_crd_ready_o(cr), .in_crd_data_i(cd),
        .in_val_valid_i(vv), .in_val_ready_o(vr), .in_val_data_i(vd),
        .out_crd_valid_o(ocv), .out_crd_ready_i(ocr), .out_crd_data_o(ocd),
        .out_val_valid_o(ovv), .out_val_ready_i(ovr), .out_val_data_o(ovd),
        .ovf_o(ovf));
    end
  endgenerate
endmodule
