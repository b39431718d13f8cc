// tb_write - bench of the level writers: sam_write_compressed (in_crd ->
// seg/crd arrays, checked against out_arr_seg/out_arr_crd and the lengths)
// and sam_write_vals (in_val -> vals array, checked against out_arr_vals).
// IsVals selects the writer.  Pos = 1 benches the positional writers, whose
// memory starts with the nonzero words of arr_vals (so zero-filled gaps and
// tail are visible; out_arr_vals also covers words past the end):
// IsVals = 1, sam_write_vals_pos alone (in_val, in_addr, param_size);
// IsVals = 0, a two-level dense output: sam_write_dense_pos Root = 1 on
// in_crd_outer, Root = 0 on in_crd_inner (the outer positions as parents)
// and sam_write_vals_pos on in_val at the inner positions (param_dim: the
// outer and inner dimensions).  val_len must end as the array size.
`timescale 1ns/1ps
module tb_write #(
  parameter integer IsVals = 0,
  parameter integer Pos    = 0
);
  localparam integer CW = 16;
  localparam integer VW = 32;
  wire clk, load, run_n, check;
  wire c0, c1, e0, e1, wdone;
  wire [31:0] x0, x1;
  wire iv, ir;
  reg  len_err;
  wire ld_ok;
  generate
    if (Pos != 0) begin : g_pos
      // parameters: param_size (vals alone) or param_dim (outer, inner)
      reg [63:0] pm [0:2];
      reg [8*512-1:0] pdir, pname;
      initial begin
        if (!$value$plusargs("dir=%s", pdir)) pdir = ".";
        if (IsVals != 0) $sformat(pname, "%0s/param_size.hex", pdir);
        else $sformat(pname, "%0s/param_dim.hex", pdir);
        $readmemh(pname, pm);
      end
      wire [CW-1:0] dim0 = pm[1][CW-1:0];
      wire [CW-1:0] dim1 = pm[2][CW-1:0];
      wire [CW-1:0] size = (IsVals != 0) ? dim0 : dim0 * dim1;
      wire [VW+1:0] id;
      wire av, ar;
      wire [CW+1:0] ad;
      wire vw;
      wire [CW-1:0] va, vlen;
      wire [VW-1:0] vd;
      tb_src #(.W(VW + 2), .Name("in_val"), .Salt(1)) u_src (.clk(clk), .rst_n(run_n), .valid(iv), .ready(ir), .data(id), .done());
      tb_ram #(.Width(VW), .AddrWidth(12), .Name("arr_vals"), .CheckName("out_arr_vals")) u_vals (
        .clk(clk), .load_i(load), .check_i(check), .loaded_o(ld_ok), .checked_o(c0), .err_o(e0),
        .exp_len_o(x0), .rd_en_i(1'b0), .rd_addr_i(12'd0), .rd_data_o(),
        .wr_en_i(vw), .wr_addr_i(va[11:0]), .wr_data_i(vd));
      assign c1 = 1'b1;
      assign e1 = 1'b0;
      assign x1 = 32'hffffffff;
      if (IsVals != 0) begin : g_alone
        tb_src #(.W(CW + 2), .Name("in_addr"), .Salt(2)) u_sa (.clk(clk), .rst_n(run_n), .valid(av), .ready(ar), .data(ad), .done());
      end else begin : g_levels
        wire cov, cor, civ, cir, pv, pr;
        wire [CW+1:0] cod, cid, pd;
        tb_src #(.W(CW + 2), .Name("in_crd_outer"), .Salt(2)) u_so (.clk(clk), .rst_n(run_n), .valid(cov), .ready(cor), .data(cod), .done());
        tb_src #(.W(CW + 2), .Name("in_crd_inner"), .Salt(3)) u_si (.clk(clk), .rst_n(run_n), .valid(civ), .ready(cir), .data(cid), .done());
        sam_write_dense_pos #(.CrdWidth(CW), .Root(1)) dut_outer (
          .clk_i(clk), .rst_ni(run_n), .dim_i(dim0),
          .in_crd_valid_i(cov), .in_crd_ready_o(cor), .in_crd_data_i(cod),
          .in_pos_valid_i(1'b0), .in_pos_ready_o(), .in_pos_data_i({(CW + 2){1'b0}}),
          .out_pos_valid_o(pv), .out_pos_ready_i(pr), .out_pos_data_o(pd), .done_o());
        sam_write_dense_pos #(.CrdWidth(CW), .Root(0)) dut_inner (
          .clk_i(clk), .rst_ni(run_n), .dim_i(dim1),
          .in_crd_valid_i(civ), .in_crd_ready_o(cir), .in_crd_data_i(cid),
          .in_pos_valid_i(pv), .in_pos_ready_o(pr), .in_pos_data_i(pd),
          .out_pos_valid_o(av), .out_pos_ready_i(ar), .out_pos_data_o(ad), .done_o());
      end
      sam_write_vals_pos #(.CrdWidth(CW), .ValWidth(VW)) dut (
        .clk_i(clk), .rst_ni(run_n), .size_i(size),
        .in_val_valid_i(iv), .in_val_ready_o(ir), .in_val_data_i(id),
        .in_addr_valid_i(av), .in_addr_ready_o(ar), .in_addr_data_i(ad),
        .val_wr_en_o(vw), .val_wr_addr_o(va), .val_wr_data_o(vd),
        .val_len_o(vlen), .done_o(wdone));
      always @(posedge clk) begin
        if (!run_n) len_err <= 1'b0;
        else if (check && wdone && !len_err && vlen != size) begin
          $display("MISMATCH length vals=%0d (expected %0d)", vlen, size);
          len_err <= 1'b1;
        end
      end
    end else if (IsVals == 0) begin : g_comp
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
      assign ld_ok = 1'b1;
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
      assign ld_ok = 1'b1;
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
  // (one name per branch: a ?: between strings of different lengths pads
  // the shorter one with NULs)
  localparam [8*16-1:0] BenchName = (Pos != 0 && IsVals != 0) ? "write_vals_pos" :
                                    (Pos != 0) ? "write_dense_pos" :
                                    (IsVals != 0) ? "write_vals" : "write_compressed";
  tb_ctl #(.Bench(BenchName)) u_ctl (
    .clk(clk), .load(load), .run_n(run_n), .check(check), .loaded(ld_ok),
    .all_done(wdone), .checked(c0 && c1), .any_err(e0 || e1 || len_err), .ntok(32'd0));
endmodule
