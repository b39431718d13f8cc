// tb_repeat - bench of sam_repeat: in_ref, in_repsig -> out_ref.
`timescale 1ns/1ps
module tb_repeat;
  localparam integer CW = 16;
  localparam integer W = CW + 2;
  wire clk, load, run_n, check;
  wire e0, d0;
  wire [31:0] n0;
  wire iv, ir, sv, sr, ov, orr;
  wire [W-1:0] id, od;
  wire [2:0] sd;
  tb_ctl #(.Bench("repeat")) u_ctl (
    .clk(clk), .load(load), .run_n(run_n), .check(check), .loaded(1'b1),
    .all_done(d0), .checked(1'b1), .any_err(e0), .ntok(n0));
  tb_src #(.W(W), .Name("in_ref"), .Salt(1)) u_src (
    .clk(clk), .rst_n(run_n), .valid(iv), .ready(ir), .data(id), .done());
  tb_src #(.W(3), .Name("in_repsig"), .Salt(4)) u_sig (
    .clk(clk), .rst_n(run_n), .valid(sv), .ready(sr), .data(sd), .done());
  tb_sink #(.W(W), .Name("out_ref"), .Salt(2)) u_k0 (
    .clk(clk), .rst_n(run_n), .valid(ov), .ready(orr), .data(od), .done(d0), .err(e0), .ntok(n0));
  sam_repeat #(.CrdWidth(CW)) dut (
    .clk_i(clk), .rst_ni(run_n),
    .in_ref_valid_i(iv), .in_ref_ready_o(ir), .in_ref_data_i(id),
    .in_repsig_valid_i(sv), .in_repsig_ready_o(sr), .in_repsig_data_i(sd[2:1]),
    .out_ref_valid_o(ov), .out_ref_ready_i(orr), .out_ref_data_o(od));
endmodule
