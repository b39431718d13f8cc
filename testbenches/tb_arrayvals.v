// tb_arrayvals - bench of sam_arrayvals: in_ref, arr_vals -> out_val.
`timescale 1ns/1ps
module tb_arrayvals;
  localparam integer CW = 16;
  localparam integer VW = 32;
  wire clk, load, run_n, check;
  wire l0, c0, e0, e1, d0;
  wire [31:0] n0;
  wire iv, ir, ov, orr, ren;
  wire [CW+1:0] id;
  wire [VW+1:0] od;
  wire [CW-1:0] ra;
  wire [VW-1:0] rd;
  tb_ctl #(.Bench("arrayvals")) u_ctl (
    .clk(clk), .load(load), .run_n(run_n), .check(check), .loaded(l0),
    .all_done(d0), .checked(c0), .any_err(e0 || e1), .ntok(n0));
  tb_ram #(.Width(VW), .AddrWidth(12), .Name("arr_vals")) u_vals (
    .clk(clk), .load_i(load), .check_i(check), .loaded_o(l0), .checked_o(c0), .err_o(e1),
    .exp_len_o(), .rd_en_i(ren), .rd_addr_i(ra[11:0]), .rd_data_o(rd),
    .wr_en_i(1'b0), .wr_addr_i(12'd0), .wr_data_i({VW{1'b0}}));
  tb_src #(.W(CW + 2), .Name("in_ref"), .Salt(1)) u_src (
    .clk(clk), .rst_n(run_n), .valid(iv), .ready(ir), .data(id), .done());
  tb_sink #(.W(VW + 2), .Name("out_val"), .Salt(2), .IsVal(1)) u_k0 (
    .clk(clk), .rst_n(run_n), .valid(ov), .ready(orr), .data(od), .done(d0), .err(e0), .ntok(n0));
  sam_arrayvals #(.CrdWidth(CW), .ValWidth(VW)) dut (
    .clk_i(clk), .rst_ni(run_n),
    .in_ref_valid_i(iv), .in_ref_ready_o(ir), .in_ref_data_i(id),
    .out_val_valid_o(ov), .out_val_ready_i(orr), .out_val_data_o(od),
    .val_rd_en_o(ren), .val_rd_addr_o(ra), .val_rd_data_i(rd));
endmodule
