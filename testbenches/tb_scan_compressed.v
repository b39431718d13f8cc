// tb_scan_compressed - bench of sam_scan_compressed (NonUnique = 0) and
// sam_scan_nonunique (NonUnique = 1, COO's upper level; the same ports):
// in_ref from in_ref.hex, seg/crd memories from arr_seg/arr_crd, checks
// out_crd and out_ref.
`timescale 1ns/1ps
module tb_scan_compressed #(
  parameter integer NonUnique = 0
);
  localparam integer CW = 16;
  localparam integer W = CW + 2;
  wire clk, load, run_n, check;
  wire l0, l1, c0, c1, e0, e1, e2, e3, d0, d1;
  wire [31:0] n0, n1, n2;

  wire iv, ir, cv, cr, rv, rr;
  wire [W-1:0] id, cd, rd;
  wire seg_en, crd_en;
  wire [CW-1:0] seg_a, seg_d, crd_a, crd_d;

  tb_ctl #(.Bench(NonUnique ? "scan_nonunique" : "scan_compressed")) u_ctl (
    .clk(clk), .load(load), .run_n(run_n), .check(check), .loaded(l0 && l1),
    .all_done(d0 && d1), .checked(c0 && c1), .any_err(e0 || e1 || e2 || e3),
    .ntok(n1 > n2 ? n1 : n2));
  tb_ram #(.Width(CW), .AddrWidth(12), .Name("arr_seg")) u_seg (
    .clk(clk), .load_i(load), .check_i(check), .loaded_o(l0), .checked_o(c0), .err_o(e0),
    .exp_len_o(), .rd_en_i(seg_en), .rd_addr_i(seg_a[11:0]), .rd_data_o(seg_d),
    .wr_en_i(1'b0), .wr_addr_i(12'd0), .wr_data_i({CW{1'b0}}));
  tb_ram #(.Width(CW), .AddrWidth(12), .Name("arr_crd")) u_crd (
    .clk(clk), .load_i(load), .check_i(check), .loaded_o(l1), .checked_o(c1), .err_o(e1),
    .exp_len_o(), .rd_en_i(crd_en), .rd_addr_i(crd_a[11:0]), .rd_data_o(crd_d),
    .wr_en_i(1'b0), .wr_addr_i(12'd0), .wr_data_i({CW{1'b0}}));
  tb_src #(.W(W), .Name("in_ref"), .Salt(1)) u_src (
    .clk(clk), .rst_n(run_n), .valid(iv), .ready(ir), .data(id), .done());
  tb_sink #(.W(W), .Name("out_crd"), .Salt(2)) u_k0 (
    .clk(clk), .rst_n(run_n), .valid(cv), .ready(cr), .data(cd), .done(d0), .err(e2), .ntok(n1));
  tb_sink #(.W(W), .Name("out_ref"), .Salt(3)) u_k1 (
    .clk(clk), .rst_n(run_n), .valid(rv), .ready(rr), .data(rd), .done(d1), .err(e3), .ntok(n2));
  wire [31:0] unused_n0 = n0;
  assign n0 = 0;

  generate
    if (NonUnique != 0) begin : g_nonunique
      sam_scan_nonunique #(.CrdWidth(CW)) dut (
        .clk_i(clk), .rst_ni(run_n),
        .in_ref_valid_i(iv), .in_ref_ready_o(ir), .in_ref_data_i(id),
        .out_crd_valid_o(cv), .out_crd_ready_i(cr), .out_crd_data_o(cd),
        .out_ref_valid_o(rv), .out_ref_ready_i(rr), .out_ref_data_o(rd),
        .seg_rd_en_o(seg_en), .seg_rd_addr_o(seg_a), .seg_rd_data_i(seg_d),
        .crd_rd_en_o(crd_en), .crd_rd_addr_o(crd_a), .crd_rd_data_i(crd_d)
      );
    end else begin : g_compressed
      sam_scan_compressed #(.CrdWidth(CW)) dut (
        .clk_i(clk), .rst_ni(run_n),
        .in_ref_valid_i(iv), .in_ref_ready_o(ir), .in_ref_data_i(id),
        .out_crd_valid_o(cv), .out_crd_ready_i(cr), .out_crd_data_o(cd),
        .out_ref_valid_o(rv), .out_ref_ready_i(rr), .out_ref_data_o(rd),
        .seg_rd_en_o(seg_en), .seg_rd_addr_o(seg_a), .seg_rd_data_i(seg_d),
        .crd_rd_en_o(crd_en), .crd_rd_addr_o(crd_a), .crd_rd_data_i(crd_d)
      );
    end
  endgenerate
endmodule
