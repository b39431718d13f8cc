// tb_scan_dense - bench of sam_scan_dense: in_ref, param_dim -> out_crd, out_ref.
`timescale 1ns/1ps
module tb_scan_dense;
  localparam integer CW = 16;
  localparam integer W = CW + 2;
  wire clk, load, run_n, check;
  wire e0, e1, d0, d1;
  wire [31:0] n1, n2;
  wire iv, ir, cv, cr, rv, rr;
  wire [W-1:0] id, cd, rd;
  reg [63:0] pm [0:1];
  reg [8*512-1:0] dir, fname;
  initial begin
    if (!$value$plusargs("dir=%s", dir)) dir = ".";
    $sformat(fname, "%0s/param_dim.hex", dir);
    $readmemh(fname, pm);
  end
  tb_ctl #(.Bench("scan_dense")) u_ctl (
    .clk(clk), .load(load), .run_n(run_n), .check(check), .loaded(1'b1),
    .all_done(d0 && d1), .checked(1'b1), .any_err(e0 || e1), .ntok(n1 > n2 ? n1 : n2));
  tb_src #(.W(W), .Name("in_ref"), .Salt(1)) u_src (
    .clk(clk), .rst_n(run_n), .valid(iv), .ready(ir), .data(id), .done());
  tb_sink #(.W(W), .Name("out_crd"), .Salt(2)) u_k0 (
    .clk(clk), .rst_n(run_n), .valid(cv), .ready(cr), .data(cd), .done(d0), .err(e0), .ntok(n1));
  tb_sink #(.W(W), .Name("out_ref"), .Salt(3)) u_k1 (
    .clk(clk), .rst_n(run_n), .valid(rv), .ready(rr), .data(rd), .done(d1), .err(e1), .ntok(n2));
  sam_scan_dense #(.CrdWidth(CW)) dut (
    .clk_i(clk), .rst_ni(run_n), .dim_i(pm[1][CW-1:0]),
    .in_ref_valid_i(iv), .in_ref_ready_o(ir), .in_ref_data_i(id),
    .out_crd_valid_o(cv), .out_crd_ready_i(cr), .out_crd_data_o(cd),
    .out_ref_valid_o(rv), .out_ref_ready_i(rr), .out_ref_data_o(rd));
endmodule
