// tb_alu - bench of sam_alu: in_val0, in_val1 -> out_val.  One instance per
// Op (0..6; smax with Const 0, smul with Const -3; 7 exp and 8 div with
// ValType 1 or 2); +op=N picks the one the streams go to.  ValType 1 (fp32) or 2
// (bf16): real values (bit patterns in the vectors), smul's Const is -3.0.
`timescale 1ns/1ps
module tb_alu #(
  parameter integer ValType = 0
);
  localparam integer VW = ValType == 2 ? 16 : 32;
  localparam [31:0] M3 = ValType == 0 ? 32'hFFFFFFFD : ValType == 1 ? 32'hC0400000 : 32'h0000C040;
  localparam integer W = VW + 2;
  wire clk, load, run_n, check;
  wire e0, d0;
  wire [31:0] n0;
  wire av, ar, bv, br, ov, orr;
  wire [W-1:0] ad, bd, od;
  integer op;
  initial if (!$value$plusargs("op=%d", op)) op = 0;
  tb_ctl #(.Bench("alu")) u_ctl (
    .clk(clk), .load(load), .run_n(run_n), .check(check), .loaded(1'b1),
    .all_done(d0), .checked(1'b1), .any_err(e0), .ntok(n0));
  tb_src #(.W(W), .Name("in_val0"), .Salt(1)) u_a (.clk(clk), .rst_n(run_n), .valid(av), .ready(ar), .data(ad), .done());
  tb_src #(.W(W), .Name("in_val1"), .Salt(2)) u_b (.clk(clk), .rst_n(run_n), .valid(bv), .ready(br), .data(bd), .done());
  tb_sink #(.W(W), .Name("out_val"), .Salt(3), .IsVal(1)) u_k (
    .clk(clk), .rst_n(run_n), .valid(ov), .ready(orr), .data(od), .done(d0), .err(e0), .ntok(n0));
  wire [8:0] ar_k, br_k, ov_k;
  wire [W-1:0] od_k [0:8];
  genvar k;
  generate
    for (k = 0; k < 9; k = k + 1) begin : g_op
      if (k >= 7 && ValType == 0) begin : g_none  // no such op
        assign ar_k[k] = 1'b0;
        assign br_k[k] = 1'b0;
        assign ov_k[k] = 1'b0;
        assign od_k[k] = {W{1'b0}};
      end else begin : g_alu
        sam_alu #(.ValWidth(VW), .Op(k), .ValType(ValType), .Const(k == 6 ? M3[VW-1:0] : {VW{1'b0}})) dut (
          .clk_i(clk), .rst_ni(run_n),
          .in_val0_valid_i(av && op == k), .in_val0_ready_o(ar_k[k]), .in_val0_data_i(ad),
          .in_val1_valid_i(bv && op == k), .in_val1_ready_o(br_k[k]), .in_val1_data_i(bd),
          .out_val_valid_o(ov_k[k]), .out_val_ready_i(orr && op == k), .out_val_data_o(od_k[k]));
      end
    end
  endgenerate
  assign ar = ar_k[op];
  assign br = br_k[op];
  assign ov = ov_k[op];
  assign od = od_k[op];
endmodule
