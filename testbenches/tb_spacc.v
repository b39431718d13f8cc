// tb_spacc - bench of sam_spacc (Order 1 or 2): in_outer, in_inner, in_val
// -> out_outer, out_inner, out_val.  Two instances, ValStops = 0 and 1;
// +valstops=N picks the one the streams go to.  Sorted = 1 instantiates
// sam_spacc_sorted (sorted workspace of Capacity entries) instead of
// sam_spacc (dense workspace, InnerDim 64 x OuterDim 16).  A raised ovf_o (a
// point beyond the workspace, which the vectors never have) fails the
// bench; with +expect_ovf=1 (a case that overflows the workspace on
// purpose) the bench fails instead when ovf_o never rose.
`timescale 1ns/1ps
module tb_spacc #(
  parameter integer Order = 1,
  parameter integer ValType = 0,  // 1 fp32, 2 bf16 (16-bit values)
  parameter integer Sorted = 0,
  parameter integer Capacity = 64
);
  localparam integer CW = 16;
  localparam integer VW = ValType == 2 ? 16 : 32;
  wire clk, load, run_n, check;
  wire [2:0] e, d;
  wire [31:0] n0, n1, n2;
  wire ov, orr, iv, ir, vv, vr;
  wire [CW+1:0] od, id;
  wire [VW+1:0] vd;
  wire oov, oor, oiv, oir, ovv, ovr;
  wire [CW+1:0] ood, oid;
  wire [VW+1:0] ovd;
  integer vs, xo;
  wire [1:0] ovf_k;
  reg ovf_q;
  always @(posedge clk) ovf_q <= run_n && (ovf_q || |ovf_k);
  initial if (!$value$plusargs("valstops=%d", vs)) vs = 0;
  initial if (!$value$plusargs("expect_ovf=%d", xo)) xo = 0;
  // an unexpected overflow, or an expected one missing at the end
  wire ovf_err = (xo == 0) ? ovf_q : (&d && !ovf_q);
  // (the sorted benches keep the dense names: run_bench.sh names the bench)
  tb_ctl #(.Bench(Order == 2 ? "spacc_order2" : "spacc")) u_ctl (
    .clk(clk), .load(load), .run_n(run_n), .check(check), .loaded(1'b1),
    .all_done(&d), .checked(1'b1), .any_err(|e || ovf_err), .ntok(n1));
  tb_src #(.W(CW + 2), .Name("in_outer"), .Salt(1)) u_so (.clk(clk), .rst_n(run_n), .valid(ov), .ready(orr), .data(od), .done());
  tb_src #(.W(CW + 2), .Name("in_inner"), .Salt(2)) u_si (.clk(clk), .rst_n(run_n), .valid(iv), .ready(ir), .data(id), .done());
  tb_src #(.W(VW + 2), .Name("in_val"), .Salt(3)) u_sv (.clk(clk), .rst_n(run_n), .valid(vv), .ready(vr), .data(vd), .done());
  tb_sink #(.W(CW + 2), .Name("out_outer"), .Salt(4)) u_ko (
    .clk(clk), .rst_n(run_n), .valid(oov), .ready(oor), .data(ood), .done(d[0]), .err(e[0]), .ntok(n0));
  tb_sink #(.W(CW + 2), .Name("out_inner"), .Salt(5)) u_ki (
    .clk(clk), .rst_n(run_n), .valid(oiv), .ready(oir), .data(oid), .done(d[1]), .err(e[1]), .ntok(n1));
  tb_sink #(.W(VW + 2), .Name("out_val"), .Salt(6), .IsVal(1)) u_kv (
    .clk(clk), .rst_n(run_n), .valid(ovv), .ready(ovr), .data(ovd), .done(d[2]), .err(e[2]), .ntok(n2));
  wire [1:0] orr_k, ir_k, vr_k, oov_k, oiv_k, ovv_k;
  wire [CW+1:0] ood_k [0:1];
  wire [CW+1:0] oid_k [0:1];
  wire [VW+1:0] ovd_k [0:1];
  genvar k;
  generate
    for (k = 0; k < 2; k = k + 1) begin : g_vs
      if (Sorted != 0) begin : g_sorted
        sam_spacc_sorted #(.CrdWidth(CW), .ValWidth(VW), .ValType(ValType), .Order(Order),
                           .Capacity(Capacity), .ValStops(k)) dut (
          .clk_i(clk), .rst_ni(run_n),
          .in_outer_valid_i(ov && vs == k), .in_outer_ready_o(orr_k[k]), .in_outer_data_i(od),
          .in_inner_valid_i(iv && vs == k), .in_inner_ready_o(ir_k[k]), .in_inner_data_i(id),
          .in_val_valid_i(vv && vs == k), .in_val_ready_o(vr_k[k]), .in_val_data_i(vd),
          .out_inner_valid_o(oiv_k[k]), .out_inner_ready_i(oir && vs == k), .out_inner_data_o(oid_k[k]),
          .out_outer_valid_o(oov_k[k]), .out_outer_ready_i(oor && vs == k), .out_outer_data_o(ood_k[k]),
          .out_val_valid_o(ovv_k[k]), .out_val_ready_i(ovr && vs == k), .out_val_data_o(ovd_k[k]),
          .ovf_o(ovf_k[k]));
      end else begin : g_dense
        sam_spacc #(.CrdWidth(CW), .ValWidth(VW), .ValType(ValType), .Order(Order), .InnerDim(64),
                    .OuterDim(16), .ValStops(k)) dut (
          .clk_i(clk), .rst_ni(run_n),
          .in_outer_valid_i(ov && vs == k), .in_outer_ready_o(orr_k[k]), .in_outer_data_i(od),
          .in_inner_valid_i(iv && vs == k), .in_inner_ready_o(ir_k[k]), .in_inner_data_i(id),
          .in_val_valid_i(vv && vs == k), .in_val_ready_o(vr_k[k]), .in_val_data_i(vd),
          .out_inner_valid_o(oiv_k[k]), .out_inner_ready_i(oir && vs == k), .out_inner_data_o(oid_k[k]),
          .out_outer_valid_o(oov_k[k]), .out_outer_ready_i(oor && vs == k), .out_outer_data_o(ood_k[k]),
          .out_val_valid_o(ovv_k[k]), .out_val_ready_i(ovr && vs == k), .out_val_data_o(ovd_k[k]),
          .ovf_o(ovf_k[k]));
      end
    end
  endgenerate
  assign orr = orr_k[vs];
  assign ir = ir_k[vs];
  assign vr = vr_k[vs];
  assign oov = oov_k[vs];
  assign oiv = oiv_k[vs];
  assign ovv = ovv_k[vs];
  assign ood = ood_k[vs];
  assign oid = oid_k[vs];
  assign ovd = ovd_k[vs];
endmodule
