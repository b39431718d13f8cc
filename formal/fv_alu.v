// fv_alu - proof wrapper of sam_alu (ValWidth 4, ValType 0, Op set by the
// driver: 1 add, 0 mul through the pipelined multiplier).
// Assumes every input stream keeps the contract (fv_in); asserts it on
// every output stream (fv_out): stall stability, no output valid after reset.
`include "sam_token.vh"

module fv_alu #(
  parameter integer ValWidth = 4,
  parameter integer Op = 0,
  parameter integer ValType = 0
) (
  input wire clk_i,
  input wire rst_ni,
  input wire in_val0_valid_i,
  input wire [ValWidth+1:0] in_val0_data_i,
  input wire in_val1_valid_i,
  input wire [ValWidth+1:0] in_val1_data_i,
  input wire out_val_ready_i
);
  wire in_val0_ready_o;
  wire in_val1_ready_o;
  wire out_val_valid_o;
  wire [ValWidth+1:0] out_val_data_o;

  sam_alu #(.ValWidth(ValWidth), .Op(Op), .ValType(ValType)) dut (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .in_val0_valid_i(in_val0_valid_i),
    .in_val0_ready_o(in_val0_ready_o),
    .in_val0_data_i(in_val0_data_i),
    .in_val1_valid_i(in_val1_valid_i),
    .in_val1_ready_o(in_val1_ready_o),
    .in_val1_data_i(in_val1_data_i),
    .out_val_valid_o(out_val_valid_o),
    .out_val_ready_i(out_val_ready_i),
    .out_val_data_o(out_val_data_o)
  );

  fv_in #(.Width(ValWidth+1+1)) env_in_val0 (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_val0_valid_i), .ready_i(in_val0_ready_o), .data_i(in_val0_data_i));
  fv_in #(.Width(ValWidth+1+1)) env_in_val1 (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_val1_valid_i), .ready_i(in_val1_ready_o), .data_i(in_val1_data_i));
  fv_out #(.Width(ValWidth+1+1), .Comb(0)) chk_out_val (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_val_valid_o), .ready_i(out_val_ready_i), .data_i(out_val_data_o));
endmodule
