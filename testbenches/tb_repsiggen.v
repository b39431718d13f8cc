// tb_repsiggen - bench of sam_repsiggen: in_crd -> out_repsig.
`timescale 1ns/1ps
module tb_repsiggen;
  localparam integer CW = 16;
  wire clk, load, run_n, check;
  wire e0, d0;
  wire [31:0] n0;
  wire iv, ir, ov, orr;
  wire [CW+1:0] id;
  wire [1:0] od;
  tb_ctl #(.Bench("repsiggen")) u_ctl (
    .clk(clk), .load(load), .run_n(run_n), .check(check), .loaded(1'b1),
    .all_done(d0), .checked(1'b1), .any_err(e0), .ntok(n0));
  tb_src #(.W(CW + 2), .Name("in_crd"), .Salt(1)) u_src (
    .clk(clk), .rst_n(run_n), .valid(iv), .ready(ir), .data(id), .done());
  tb_sink #(.W(3), .Name("out_repsig"), .Salt(2)) u_k0 (
    .clk(clk), .rst_n(run_n), .valid(ov), .ready(orr), .data({od, 1'b0}), .done(d0), .err(e0), .ntok(n0));
  sam_repsiggen #(.CrdWidth(CW)) dut (
    .clk_i(clk), .rst_ni(run_n),
    .in_crd_valid_i(iv), .in_crd_ready_o(ir), .in_crd_data_i(id),
    .out_repsig_valid_o(ov), .out_repsig_ready_i(orr), .out_repsig_data_o(od));
endmodule
