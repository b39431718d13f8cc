// tb_write - bench of the level writers: sam_write_compressed (in_crd ->
// seg/crd arrays, checked against out_arr_seg/out_arr_crd and the lengths)
// and sam_write_vals (in_val -> vals array, checked against out_arr_vals).
// IsVals selects the writer.
`timescale 1ns/1ps
module tb_write #(
  parameter integer IsVals = 0
);
  localparam integer CW = 16;
  localparam integer VW = 32;
  wire clk, load, run_n, check;
  wire c0, c1, e0, e1, wdone;
  wire [31:0] x0, x1;
  wire iv, ir;
  reg  len_err;
  generate
    if (IsVals == 0) begin : g_comp
      wire [CW+1:0] id;
      wire sw, cw_;
      wire [CW-1:0] sa, sd, ca, cd, slen, clen;
      tb_src #(.W(CW + 2), .Name("in_crd"), .Salt(1)) u_src (.clk(clk), .rst_n(run_n), .valid(iv), .ready(ir), .data(id), .done());
      tb_ram #(.Width(CW), .AddrWidth(12), .CheckName("out_arr_seg")) u_seg (
        .clk(clk), .load_i(load), .check_i(check), .loaded_o(), .checked_o(c0), .err_o(e0),
        .exp_len_o(x0), .rd_en_i(1'b0), .rd_addr_i(12'd0), .rd_data_o(),
        .wr_en_i(sw), .wr_addr_i(sa[11:0]), .wr_data_i(sd));
      tb_ram #(.Width(CW), .AddrWidth(12), .CheckName("out_arr_crd")) u_crd (
        .clk(clk), .load_i(load), .check_i(check), .loaded_o(), .checked_o(c1), .err_o(e1),
        .exp_len_o(x1), .rd_en_i(1'b0), .rd_addr_i(12'd0), .rd_data_o(),
        .wr_en_i(cw_), .wr_addr_i(ca[11:0]), .wr_data_i(cd));
      sam_write_compressed #(.CrdWidth(CW)) dut (
        .clk_i(clk), .rst_ni(run_n),
        .in_crd_valid_i(iv), .in_crd_ready_o(ir), .in_crd_data_i(id),
        .seg_wr_en_o(sw), .seg_wr_addr_o(sa), .seg_wr_data_o(sd),
        .crd_wr_en_o(cw_), .crd_wr_addr_o(ca), .crd_wr_data_o(cd),
        .sega_wr_en_o(), .sega_wr_addr_o(), .sega_wr_data_o(),
        .seg_len_o(slen), .sega_len_o(), .crd_len_o(clen), .done_o(wdone));
      always @(posedge clk) begin
        if (!run_n) len_err <= 1'b0;
        else if (check && wdone && !len_err &&
                 ((x0 != 32'hffffffff && {16'd0, slen} != x0) ||
                  (x1 != 32'hffffffff && {16'd0, clen} != x1))) begin
          $display("MISMATCH length seg=%0d (expected %0d) crd=%0d (expected %0d)", slen, x0, clen, x1);
          len_err <= 1'b1;
        end
      end
    end else begin : g_vals
      wire [VW+1:0] id;
      wire vw;
      wire [CW-1:0] va, vlen;
      wire [VW-1:0] vd;
      tb_src #(.W(VW + 2), .Name("in_val"), .Salt(1)) u_src (.clk(clk), .rst_n(run_n), .valid(iv), .ready(ir), .data(id), .done());
      tb_ram #(.Width(VW), .AddrWidth(12), .CheckName("out_arr_vals")) u_vals (
        .clk(clk), .load_i(load), .check_i(check), .loaded_o(), .checked_o(c0), .err_o(e0),
        .exp_len_o(x0), .rd_en_i(1'b0), .rd_addr_i(12'd0), .rd_data_o(),
        .wr_en_i(vw), .wr_addr_i(va[11:0]), .wr_data_i(vd));
      assign c1 = 1'b1;
      assign e1 = 1'b0;
      assign x1 = 32'hffffffff;
      sam_write_vals #(.CrdWidth(CW), .ValWidth(VW)) dut (
        .clk_i(clk), .rst_ni(run_n),
        .in_val_valid_i(iv), .in_val_ready_o(ir), .in_val_data_i(id),
        .val_wr_en_o(vw), .val_wr_addr_o(va), .val_wr_data_o(vd),
        .val_len_o(vlen), .done_o(wdone));
      always @(posedge clk) begin
        if (!run_n) len_err <= 1'b0;
        else if (check && wdone && !len_err && x0 != 32'hffffffff && {16'd0, vlen} != x0) begin
          $display("MISMATCH length vals=%0d (expected %0d)", vlen, x0);
          len_err <= 1'b1;
        end
      end
    end
  endgenerate
  tb_ctl #(.Bench(IsVals ? "write_vals" : "write_compressed")) u_ctl (
    .clk(clk), .load(load), .run_n(run_n), .check(check), .loaded(1'b1),
    .all_done(wdone), .checked(c0 && c1), .any_err(e0 || e1 || len_err), .ntok(32'd0));
endmodule
