// tb_reduce - bench of sam_reduce: in_val -> out_val.  SkipEmpty = 1
// benches the empty=skip form (bench reduce_skip).
`timescale 1ns/1ps
module tb_reduce #(
  parameter integer ValType = 0,  // 1 fp32, 2 bf16 (16-bit values)
  parameter integer SkipEmpty = 0
);
  localparam integer VW = ValType == 2 ? 16 : 32;
  localparam integer W = VW + 2;
  wire clk, load, run_n, check;
  wire e0, d0;
  wire [31:0] n0;
  wire iv, ir, ov, orr;
  wire [W-1:0] id, od;
  tb_ctl #(.Bench(SkipEmpty ? "reduce_skip" : "reduce")) u_ctl (
    .clk(clk), .load(load), .run_n(run_n), .check(check), .loaded(1'b1),
    .all_done(d0), .checked(1'b1), .any_err(e0), .ntok(n0));
  tb_src #(.W(W), .Name("in_val"), .Salt(1)) u_src (.clk(clk), .rst_n(run_n), .valid(iv), .ready(ir), .data(id), .done());
  tb_sink #(.W(W), .Name("out_val"), .Salt(2), .IsVal(1)) u_k (
    .clk(clk), .rst_n(run_n), .valid(ov), .ready(orr), .data(od), .done(d0), .err(e0), .ntok(n0));
  sam_reduce #(.ValWidth(VW), .ValType(ValType), .SkipEmpty(SkipEmpty)) dut (
    .clk_i(clk), .rst_ni(run_n),
    .in_val_valid_i(iv), .in_val_ready_o(ir), .in_val_data_i(id),
    .out_val_valid_o(ov), .out_val_ready_i(orr), .out_val_data_o(od));
endmodule
