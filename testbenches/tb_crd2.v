// tb_crd2 - bench of the two-stream coordinate blocks: sam_crddrop
// (IsHold = 0) and sam_crdhold (IsHold = 1): in_outer, in_inner ->
// out_outer, out_inner.
`timescale 1ns/1ps
module tb_crd2 #(
  parameter integer IsHold = 0
);
  localparam integer CW = 16;
  localparam integer W = CW + 2;
  wire clk, load, run_n, check;
  wire e0, e1, d0, d1;
  wire [31:0] n0, n1;
  wire ov, orr, iv, ir, oov, oor, oiv, oir;
  wire [W-1:0] od, id, ood, oid;
  tb_ctl #(.Bench(IsHold ? "crdhold" : "crddrop")) u_ctl (
    .clk(clk), .load(load), .run_n(run_n), .check(check), .loaded(1'b1),
    .all_done(d0 && d1), .checked(1'b1), .any_err(e0 || e1), .ntok(n0 > n1 ? n0 : n1));
  tb_src #(.W(W), .Name("in_outer"), .Salt(1)) u_so (.clk(clk), .rst_n(run_n), .valid(ov), .ready(orr), .data(od), .done());
  tb_src #(.W(W), .Name("in_inner"), .Salt(2)) u_si (.clk(clk), .rst_n(run_n), .valid(iv), .ready(ir), .data(id), .done());
  tb_sink #(.W(W), .Name("out_outer"), .Salt(3)) u_ko (
    .clk(clk), .rst_n(run_n), .valid(oov), .ready(oor), .data(ood), .done(d0), .err(e0), .ntok(n0));
  tb_sink #(.W(W), .Name("out_inner"), .Salt(4)) u_ki (
    .clk(clk), .rst_n(run_n), .valid(oiv), .ready(oir), .data(oid), .done(d1), .err(e1), .ntok(n1));
  generate
    if (IsHold != 0) begin : g_hold
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
