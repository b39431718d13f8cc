// tb_scan_offset - bench of sam_scan_offset: in_ref and param_dim (the
// range level's size), the off memory from arr_off (offsets modulo 2^16);
// checks out_crd and out_ref.
`timescale 1ns/1ps
module tb_scan_offset;
  localparam integer CW = 16;
  localparam integer W = CW + 2;
  wire clk, load, run_n, check;
  wire l0, c0, e0, e2, e3, d0, d1;
  wire [31:0] n1, n2;
  wire iv, ir, cv, cr, rv, rr;
  wire [W-1:0] id, cd, rd;
  wire off_en;
  wire [CW-1:0] off_a, off_d;
  reg [63:0] pm [0:1];
  reg [8*512-1:0] dir, fname;
  initial begin
    if (!$value$plusargs("dir=%s", dir)) dir = ".";
    $sformat(fname, "%0s/param_dim.hex", dir);
    $readmemh(fname, pm);
  end
  tb_ctl #(.Bench("scan_offset")) u_ctl (
    .clk(clk), .load(load), .run_n(run_n), .check(check), .loaded(l0),
    .all_done(d0 && d1), .checked(c0), .any_err(e0 || e2 || e3),
    .ntok(n1 > n2 ? n1 : n2));
  tb_ram #(.Width(CW), .AddrWidth(12), .Name("arr_off")) u_off (
    .clk(clk), .load_i(load), .check_i(check), .loaded_o(l0), .checked_o(c0), .err_o(e0),
    .exp_len_o(), .rd_en_i(off_en), .rd_addr_i(off_a[11:0]), .rd_data_o(off_d),
    .wr_en_i(1'b0), .wr_addr_i(12'd0), .wr_data_i({CW{1'b0}}));
  tb_src #(.W(W), .Name("in_ref"), .Salt(1)) u_src (
    .clk(clk), .rst_n(run_n), .valid(iv), .ready(ir), .data(id), .done());
  tb_sink #(.W(W), .Name("out_crd"), .Salt(2)) u_k0 (
    .clk(clk), .rst_n(run_n), .valid(cv), .ready(cr), .data(cd), .done(d0), .err(e2), .ntok(n1));
  tb_sink #(.W(W), .Name("out_ref"), .Salt(3)) u_k1 (
    .clk(clk), .rst_n(run_n), .valid(rv), .ready(rr), .data(rd), .done(d1), .err(e3), .ntok(n2));

  sam_scan_offset #(.CrdWidth(CW)) dut (
    .clk_i(clk), .rst_ni(run_n), .dim_i(pm[1][CW-1:0]),
    .in_ref_valid_i(iv), .in_ref_ready_o(ir), .in_ref_data_i(id),
    .out_crd_valid_o(cv), .out_crd_ready_i(cr), .out_crd_data_o(cd),
    .out_ref_valid_o(rv), .out_ref_ready_i(rr), .out_ref_data_o(rd),
    .off_rd_en_o(off_en), .off_rd_addr_o(off_a), .off_rd_data_i(off_d));
endmodule
