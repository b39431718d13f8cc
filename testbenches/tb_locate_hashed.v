// tb_locate_hashed - bench of sam_locate_hashed: in_ref (base), in_crd,
// param_dim (W, buckets per fiber), the buckets from arr_crd (65535:
// empty) -> out_ref.
`timescale 1ns/1ps
module tb_locate_hashed;
  localparam integer CW = 16;
  localparam integer W = CW + 2;
  wire clk, load, run_n, check;
  wire l0, c0, e0, e1, d0;
  wire [31:0] n0;
  wire bv, br, cv, cr, ov, orr;
  wire [W-1:0] bd, cd, od;
  wire rd_en;
  wire [CW-1:0] rd_a, rd_d;
  reg [63:0] pm [0:1];
  reg [8*512-1:0] dir, fname;
  initial begin
    if (!$value$plusargs("dir=%s", dir)) dir = ".";
    $sformat(fname, "%0s/param_dim.hex", dir);
    $readmemh(fname, pm);
  end
  tb_ctl #(.Bench("locate_hashed")) u_ctl (
    .clk(clk), .load(load), .run_n(run_n), .check(check), .loaded(l0),
    .all_done(d0), .checked(c0), .any_err(e0 || e1), .ntok(n0));
  tb_ram #(.Width(CW), .AddrWidth(12), .Name("arr_crd")) u_crd (
    .clk(clk), .load_i(load), .check_i(check), .loaded_o(l0), .checked_o(c0), .err_o(e0),
    .exp_len_o(), .rd_en_i(rd_en), .rd_addr_i(rd_a[11:0]), .rd_data_o(rd_d),
    .wr_en_i(1'b0), .wr_addr_i(12'd0), .wr_data_i({CW{1'b0}}));
  tb_src #(.W(W), .Name("in_ref"), .Salt(1)) u_b (
    .clk(clk), .rst_n(run_n), .valid(bv), .ready(br), .data(bd), .done());
  tb_src #(.W(W), .Name("in_crd"), .Salt(2)) u_c (
    .clk(clk), .rst_n(run_n), .valid(cv), .ready(cr), .data(cd), .done());
  tb_sink #(.W(W), .Name("out_ref"), .Salt(3)) u_o (
    .clk(clk), .rst_n(run_n), .valid(ov), .ready(orr), .data(od), .done(d0), .err(e1), .ntok(n0));

  sam_locate_hashed #(.CrdWidth(CW)) dut (
    .clk_i(clk), .rst_ni(run_n), .dim_i(pm[1][CW-1:0]),
    .in_ref_valid_i(bv), .in_ref_ready_o(br), .in_ref_data_i(bd),
    .in_crd_valid_i(cv), .in_crd_ready_o(cr), .in_crd_data_i(cd),
    .out_ref_valid_o(ov), .out_ref_ready_i(orr), .out_ref_data_o(od),
    .crd_rd_en_o(rd_en), .crd_rd_addr_o(rd_a), .crd_rd_data_i(rd_d));
endmodule
