// fv_spacc - proof wrapper of sam_spacc (CrdWidth 3, ValWidth 4, ValType 0, Order 1, InnerDim 8, OuterDim 4, ValStops 0).
// Assumes every input stream keeps the contract (fv_in); asserts it on
// every output stream (fv_out): stall stability, no output valid after reset.
`include "sam_token.vh"

module fv_spacc #(
  parameter integer CrdWidth = 3,
  parameter integer ValWidth = 4,
  parameter integer ValType = 0,
  parameter integer Order = 1,
  parameter integer InnerDim = 8,
  parameter integer OuterDim = 4,
  parameter integer ValStops = 0,
  parameter integer Sorted = 0,
  parameter integer Capacity = 3
) (
  input wire clk_i,
  input wire rst_ni,
  input wire in_outer_valid_i,
  input wire [CrdWidth+1:0] in_outer_data_i,
  input wire in_inner_valid_i,
  input wire [CrdWidth+1:0] in_inner_data_i,
  input wire in_val_valid_i,
  input wire [ValWidth+1:0] in_val_data_i,
  input wire out_inner_ready_i,
  input wire out_outer_ready_i,
  input wire out_val_ready_i
);
  wire in_outer_ready_o;
  wire in_inner_ready_o;
  wire in_val_ready_o;
  wire out_inner_valid_o;
  wire [CrdWidth+1:0] out_inner_data_o;
  wire out_outer_valid_o;
  wire [CrdWidth+1:0] out_outer_data_o;
  wire out_val_valid_o;
  wire [ValWidth+1:0] out_val_data_o;

  sam_spacc #(.CrdWidth(CrdWidth), .ValWidth(ValWidth), .ValType(ValType), .Order(Order), .InnerDim(InnerDim), .OuterDim(OuterDim), .ValStops(ValStops), .Sorted(Sorted), .Capacity(Capacity)) dut (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .in_outer_valid_i(in_outer_valid_i),
    .in_outer_ready_o(in_outer_ready_o),
    .in_outer_data_i(in_outer_data_i),
    .in_inner_valid_i(in_inner_valid_i),
    .in_inner_ready_o(in_inner_ready_o),
    .in_inner_data_i(in_inner_data_i),
    .in_val_valid_i(in_val_valid_i),
    .in_val_ready_o(in_val_ready_o),
    .in_val_data_i(in_val_data_i),
    .out_inner_valid_o(out_inner_valid_o),
    .out_inner_ready_i(out_inner_ready_i),
    .out_inner_data_o(out_inner_data_o),
    .out_outer_valid_o(out_outer_valid_o),
    .out_outer_ready_i(out_outer_ready_i),
    .out_outer_data_o(out_outer_data_o),
    .out_val_valid_o(out_val_valid_o),
    .out_val_ready_i(out_val_ready_i),
    .out_val_data_o(out_val_data_o)
  );

  fv_in #(.Width(CrdWidth+1+1)) env_in_outer (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_outer_valid_i), .ready_i(in_outer_ready_o), .data_i(in_outer_data_i));
  fv_in #(.Width(CrdWidth+1+1)) env_in_inner (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_inner_valid_i), .ready_i(in_inner_ready_o), .data_i(in_inner_data_i));
  fv_in #(.Width(ValWidth+1+1)) env_in_val (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_val_valid_i), .ready_i(in_val_ready_o), .data_i(in_val_data_i));
  fv_out #(.Width(CrdWidth+1+1), .Comb(0)) chk_out_inner (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_inner_valid_o), .ready_i(out_inner_ready_i), .data_i(out_inner_data_o));
  fv_out #(.Width(CrdWidth+1+1), .Comb(0)) chk_out_outer (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_outer_valid_o), .ready_i(out_outer_ready_i), .data_i(out_outer_data_o));
  fv_out #(.Width(ValWidth+1+1), .Comb(0)) chk_out_val (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_val_valid_o), .ready_i(out_val_ready_i), .data_i(out_val_data_o));
endmodule
