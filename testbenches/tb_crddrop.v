// tb_crddrop - bench of the two-stream coordinate blocks: sam_crddrop
// (IsHold = 0) and sam_crdhold (IsHold = 1): in_outer, in_inner ->
// out_outer, out_inner.  Vals = 1 benches their value forms instead,
// sam_crdvals (Drop = !IsHold): the inner streams carry values (ValWidth).
`timescale 1ns/1ps
module tb_crddrop #(
  parameter integer IsHold = 0,
  parameter integer Vals   = 0
);
  localparam integer CW = 16;
  localparam integer VW = 32;
  localparam integer W = CW + 2;
  localparam integer IW = (Vals != 0) ? VW + 2 : W;
  wire clk, load, run_n, check;
  wire e0, e1, d0, d1;
  wire [31:0] n0, n1;
  wire ov, orr, iv, ir, oov, oor, oiv, oir;
  wire [W-1:0] od, ood;
  wire [IW-1:0] id, oid;
  tb_ctl #(.Bench(Vals ? (IsHold ? "crdhold_vals" : "crddrop_vals") : (IsHold ? "crdhold" : "crddrop"))) u_ctl (
    .clk(clk), .load(load), .run_n(run_n), .check(check), .loaded(1'b1),
    .all_done(d0 && d1), .checked(1'b1), .any_err(e0 || e1), .ntok(n0 > n1 ? n0 : n1));
  tb_src #(.W(W), .Name("in_outer"), .Salt(1)) u_so (.clk(clk), .rst_n(run_n), .valid(ov), .ready(orr), .data(od), .done());
  tb_src #(.W(IW), .Name("in_inner"), .Salt(2)) u_si (.clk(clk), .rst_n(run_n), .valid(iv), .ready(ir), .data(id), .done());
  tb_sink #(.W(W), .Name("out_outer"), .Salt(3)) u_ko (
    .clk(clk), .rst_n(run_n), .valid(oov), .ready(oor), .data(ood), .done(d0), .err(e0), .ntok(n0));
  tb_sink #(.W(IW), .Name("out_inner"), .Salt(4), .IsVal(Vals)) u_ki (
    .clk(clk), .rst_n(run_n), .valid(oiv), .ready(oir), .data(oid), .done(d1), .err(e1), .ntok(n1));
  generate
    if (Vals != 0) begin : g_vals
      sam_crdvals #(.CrdWidth(CW), .ValWidth(VW), .Drop(IsHold ? 0 : 1)) dut (
        .clk_i(clk), .rst_ni(run_n),
        .in_outer_valid_i(ov), .in_outer_ready_o(orr), .in_outer_data_i(od),
        .in_val_valid_i(iv), .in_val_ready_o(ir), .in_val_data_i(id),
        .out_outer_valid_o(oov), .out_outer_ready_i(oor), .out_outer_data_o(ood),
        .out_val_valid_o(oiv), .out_val_ready_i(oir), .out_val_data_o(oid));
    end else if (IsHold != 0) begin : g_hold
      sam_crdhold #(.CrdWidth(CW)) dut (
        .clk_i(clk), .rst_ni(run_n),
        .in_outer_valid_i(ov), .in_outer_ready_o(orr), .in_outer_data_i(od),
        .in_inner_valid_i(iv), .in_inner_ready_o(ir), .in_inner_data_i(id),
        .out_outer_valid_o(oov), .out_outer_ready_i(oor), .out_outer_data_o(ood),
        .out_inner_valid_o(oiv), .out_inner_ready_i(oir), .out_inner_data_o(oid));
    end else begin : g_drop
      sam_crddrop #(.CrdWidth(CW)) dut (
        .clk_i(clk), .rst_ni(run_n),
        .in_outer_valid_i(ov), .in_outer_ready_o(orr), .in_outer_data_i(od),
        .in_inner_valid_i(iv), .in_inner_ready_o(ir), .in_inner_data_i(id),
        .out_outer_valid_o(oov), .out_outer_ready_i(oor), .out_outer_data_o(ood),
        .out_inner_valid_o(oiv), .out_inner_ready_i(oir), .out_inner_data_o(oid));
    end
  endgenerate
endmodule
