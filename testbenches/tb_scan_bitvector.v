// tb_scan_bitvector - bench of sam_scan_bitvector: in_ref and param_nw
// (words per fiber), the word and prefix-count memories from arr_bv and
// arr_pos; checks out_bv and out_ref.  Words of BvWidth bits.
`timescale 1ns/1ps
module tb_scan_bitvector #(
  parameter integer BvWidth = 16
);
  localparam integer CW = 16;
  localparam integer W = CW + 2;
  localparam integer BW = BvWidth + 2;
  wire clk, load, run_n, check;
  wire l0, l1, c0, c1, e0, e1, e2, e3, d0, d1;
  wire [31:0] n1, n2;
  wire iv, ir, bv, br, rv, rr;
  wire [W-1:0] id, rd;
  wire [BW-1:0] bd;
  wire bv_en, pos_en;
  wire [CW-1:0] bv_a, pos_a, pos_d;
  wire [BvWidth-1:0] bv_d;
  reg [63:0] pm [0:1];
  reg [8*512-1:0] dir, fname;
  initial begin
    if (!$value$plusargs("dir=%s", dir)) dir = ".";
    $sformat(fname, "%0s/param_nw.hex", dir);
    $readmemh(fname, pm);
  end
  tb_ctl #(.Bench("scan_bitvector")) u_ctl (
    .clk(clk), .load(load), .run_n(run_n), .check(check), .loaded(l0 && l1),
    .all_done(d0 && d1), .checked(c0 && c1), .any_err(e0 || e1 || e2 || e3),
    .ntok(n1 > n2 ? n1 : n2));
  tb_ram #(.Width(BvWidth), .AddrWidth(12), .Name("arr_bv")) u_bv (
    .clk(clk), .load_i(load), .check_i(check), .loaded_o(l0), .checked_o(c0), .err_o(e0),
    .exp_len_o(), .rd_en_i(bv_en), .rd_addr_i(bv_a[11:0]), .rd_data_o(bv_d),
    .wr_en_i(1'b0), .wr_addr_i(12'd0), .wr_data_i({BvWidth{1'b0}}));
  tb_ram #(.Width(CW), .AddrWidth(12), .Name("arr_pos")) u_pos (
    .clk(clk), .load_i(load), .check_i(check), .loaded_o(l1), .checked_o(c1), .err_o(e1),
    .exp_len_o(), .rd_en_i(pos_en), .rd_addr_i(pos_a[11:0]), .rd_data_o(pos_d),
    .wr_en_i(1'b0), .wr_addr_i(12'd0), .wr_data_i({CW{1'b0}}));
  tb_src #(.W(W), .Name("in_ref"), .Salt(1)) u_src (
    .clk(clk), .rst_n(run_n), .valid(iv), .ready(ir), .data(id), .done());
  tb_sink #(.W(BW), .Name("out_bv"), .Salt(2)) u_k0 (
    .clk(clk), .rst_n(run_n), .valid(bv), .ready(br), .data(bd), .done(d0), .err(e2), .ntok(n1));
  tb_sink #(.W(W), .Name("out_ref"), .Salt(3)) u_k1 (
    .clk(clk), .rst_n(run_n), .valid(rv), .ready(rr), .data(rd), .done(d1), .err(e3), .ntok(n2));

  sam_scan_bitvector #(.CrdWidth(CW), .BvWidth(BvWidth)) dut (
    .clk_i(clk), .rst_ni(run_n), .dim_i(pm[1][CW-1:0]),
    .in_ref_valid_i(iv), .in_ref_ready_o(ir), .in_ref_data_i(id),
    .out_bv_valid_o(bv), .out_bv_ready_i(br), .out_bv_data_o(bd),
    .out_ref_valid_o(rv), .out_ref_ready_i(rr), .out_ref_data_o(rd),
    .bv_rd_en_o(bv_en), .bv_rd_addr_o(bv_a), .bv_rd_data_i(bv_d),
    .pos_rd_en_o(pos_en), .pos_rd_addr_o(pos_a), .pos_rd_data_i(pos_d));
endmodule
