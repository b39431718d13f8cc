// tb_join_bv - bench of sam_join_bv: bitvector intersect (IsUnion = 0) or
// union (IsUnion = 1) of NumInputs operands: in_bv<k>, in_ref<k> -> out_crd,
// out_ref<k>.  Words of BvWidth bits.
`timescale 1ns/1ps
module tb_join_bv #(
  parameter integer IsUnion   = 0,
  parameter integer NumInputs = 2,
  parameter integer BvWidth   = 16
);
  localparam integer CW = 16;
  localparam integer W = CW + 2;
  localparam integer BW = BvWidth + 2;
  wire clk, load, run_n, check;
  wire [3:0] e, d;
  wire [31:0] n0, n1, n2, n3;
  wire [2:0] bvv, bvr, rv, rr, ov, orr;
  wire [BW-1:0] b0, b1, b2;
  wire [W-1:0] r0, r1, r2, o0, o1, o2, oc;
  wire ocv, ocr;
  tb_ctl #(.Bench(IsUnion ? "union_bv" : "intersect_bv")) u_ctl (
    .clk(clk), .load(load), .run_n(run_n), .check(check), .loaded(1'b1),
    .all_done(&d), .checked(1'b1), .any_err(|e), .ntok(n0));
  tb_src #(.W(BW), .Name("in_bv0"), .Salt(1)) u_sb0 (.clk(clk), .rst_n(run_n), .valid(bvv[0]), .ready(bvr[0]), .data(b0), .done());
  tb_src #(.W(W), .Name("in_ref0"), .Salt(2)) u_sr0 (.clk(clk), .rst_n(run_n), .valid(rv[0]), .ready(rr[0]), .data(r0), .done());
  tb_src #(.W(BW), .Name("in_bv1"), .Salt(3)) u_sb1 (.clk(clk), .rst_n(run_n), .valid(bvv[1]), .ready(bvr[1]), .data(b1), .done());
  tb_src #(.W(W), .Name("in_ref1"), .Salt(4)) u_sr1 (.clk(clk), .rst_n(run_n), .valid(rv[1]), .ready(rr[1]), .data(r1), .done());
  tb_src #(.W(BW), .Name("in_bv2"), .Salt(5)) u_sb2 (.clk(clk), .rst_n(run_n), .valid(bvv[2]), .ready(bvr[2]), .data(b2), .done());
  tb_src #(.W(W), .Name("in_ref2"), .Salt(6)) u_sr2 (.clk(clk), .rst_n(run_n), .valid(rv[2]), .ready(rr[2]), .data(r2), .done());
  tb_sink #(.W(W), .Name("out_crd"), .Salt(7)) u_kc (.clk(clk), .rst_n(run_n), .valid(ocv), .ready(ocr), .data(oc), .done(d[3]), .err(e[3]), .ntok(n0));
  tb_sink #(.W(W), .Name("out_ref0"), .Salt(8)) u_k0 (.clk(clk), .rst_n(run_n), .valid(ov[0]), .ready(orr[0]), .data(o0), .done(d[0]), .err(e[0]), .ntok(n1));
  tb_sink #(.W(W), .Name("out_ref1"), .Salt(9)) u_k1 (.clk(clk), .rst_n(run_n), .valid(ov[1]), .ready(orr[1]), .data(o1), .done(d[1]), .err(e[1]), .ntok(n2));
  tb_sink #(.W(W), .Name("out_ref2"), .Salt(10)) u_k2 (.clk(clk), .rst_n(run_n), .valid(ov[2]), .ready(orr[2]), .data(o2), .done(d[2]), .err(e[2]), .ntok(n3));
  sam_join_bv #(.CrdWidth(CW), .BvWidth(BvWidth), .NumInputs(NumInputs), .IsUnion(IsUnion)) dut (
    .clk_i(clk), .rst_ni(run_n),
    .in_bv0_valid_i(bvv[0]), .in_bv0_ready_o(bvr[0]), .in_bv0_data_i(b0),
    .in_ref0_valid_i(rv[0]), .in_ref0_ready_o(rr[0]), .in_ref0_data_i(r0),
    .in_bv1_valid_i(bvv[1]), .in_bv1_ready_o(bvr[1]), .in_bv1_data_i(b1),
    .in_ref1_valid_i(rv[1]), .in_ref1_ready_o(rr[1]), .in_ref1_data_i(r1),
    .in_bv2_valid_i(bvv[2]), .in_bv2_ready_o(bvr[2]), .in_bv2_data_i(b2),
    .in_ref2_valid_i(rv[2]), .in_ref2_ready_o(rr[2]), .in_ref2_data_i(r2),
    .out_crd_valid_o(ocv), .out_crd_ready_i(ocr), .out_crd_data_o(oc),
    .out_ref0_valid_o(ov[0]), .out_ref0_ready_i(orr[0]), .out_ref0_data_o(o0),
    .out_ref1_valid_o(ov[1]), .out_ref1_ready_i(orr[1]), .out_ref1_data_o(o1),
    .out_ref2_valid_o(ov[2]), .out_ref2_ready_i(orr[2]), .out_ref2_data_o(o2));
endmodule
