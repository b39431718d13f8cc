// tb_locate - bench of sam_locate: in_ref (base), in_crd, param_dim -> out_ref.
`timescale 1ns/1ps
module tb_locate;
  localparam integer CW = 16;
  localparam integer W = CW + 2;
  wire clk, load, run_n, check;
  wire e0, d0;
  wire [31:0] n0;
  wire iv, ir, cv, cr, ov, orr;
  wire [W-1:0] id, cd, od;
  reg [63:0] pm [0:1];
  reg [8*512-1:0] dir, fname;
  initial begin
    if (!$value$plusargs("dir=%s", dir)) dir = ".";
    $sformat(fname, "%0s/param_dim.hex", dir);
    $readmemh(fname, pm);
  end
  tb_ctl #(.Bench("locate")) u_ctl (
    .clk(clk), .load(load), .run_n(run_n), .check(check), .loaded(1'b1),
    .all_done(d0), .checked(1'b1), .any_err(e0), .ntok(n0));
  tb_src #(.W(W), .Name("in_ref"), .Salt(1)) u_src (
    .clk(clk), .rst_n(run_n), .valid(iv), .ready(ir), .data(id), .done());
  tb_src #(.W(W), .Name("in_crd"), .Salt(4)) u_crd (
    .clk(clk), .rst_n(run_n), .valid(cv), .ready(cr), .data(cd), .done());
  tb_sink #(.W(W), .Name("out_ref"), .Salt(2)) u_k0 (
    .clk(clk), .rst_n(run_n), .valid(ov), .ready(orr), .data(od), .done(d0), .err(e0), .ntok(n0));
  sam_locate #(.CrdWidth(CW)) dut (
    .clk_i(clk), .rst_ni(run_n), .dim_i(pm[1][CW-1:0]),
    .in_ref_valid_i(iv), .in_ref_ready_o(ir), .in_ref_data_i(id),
    .in_crd_valid_i(cv), .in_crd_ready_o(cr), .in_crd_data_i(cd),
    .out_ref_valid_o(ov), .out_ref_ready_i(orr), .out_ref_data_o(od));
endmodule
