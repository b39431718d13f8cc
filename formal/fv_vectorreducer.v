// fv_vectorreducer - proof wrapper of sam_vectorreducer (CrdWidth 3, ValWidth 4, ValType 0, InnerDim 8).
// Assumes every input stream keeps the contract (fv_in); asserts it on
// every output stream (fv_out): stall stability, no output valid after reset.
`include "sam_token.vh"

module fv_vectorreducer #(
  parameter integer CrdWidth = 3,
  parameter integer ValWidth = 4,
  parameter integer ValType = 0,
  parameter integer InnerDim = 8,
  parameter integer Sorted = 0,
  parameter integer Capacity = 3
) (
  input wire clk_i,
  input wire rst_ni,
  input wire in_crd_valid_i,
  input wire [CrdWidth+1:0] in_crd_data_i,
  input wire in_val_valid_i,
  input wire [ValWidth+1:0] in_val_data_i,
  input wire out_crd_ready_i,
  input wire out_val_ready_i
);
  wire in_crd_ready_o;
  wire in_val_ready_o;
  wire out_crd_valid_o;
  wire [CrdWidth+1:0] out_crd_data_o;
  wire out_val_valid_o;
  wire [ValWidth+1:0] out_val_data_o;

  sam_vectorreducer #(.CrdWidth(CrdWidth), .ValWidth(ValWidth), .ValType(ValType), .InnerDim(InnerDim), .Sorted(Sorted), .Capacity(Capacity)) dut (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .in_crd_valid_i(in_crd_valid_i),
    .in_crd_ready_o(in_crd_ready_o),
    .in_crd_data_i(in_crd_data_i),
    .in_val_valid_i(in_val_valid_i),
    .in_val_ready_o(in_val_ready_o),
    .in_val_data_i(in_val_data_i),
    .out_crd_valid_o(out_crd_valid_o),
    .out_crd_ready_i(out_crd_ready_i),
    .out_crd_data_o(out_crd_data_o),
    .out_val_valid_o(out_val_valid_o),
    .out_val_ready_i(out_val_ready_i),
    .out_val_data_o(out_val_data_o)
  );

  fv_in #(.Width(CrdWidth+1+1)) env_in_crd (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_crd_valid_i), .ready_i(in_crd_ready_o), .data_i(in_crd_data_i));
  fv_in #(.Width(ValWidth+1+1)) env_in_val (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_val_valid_i), .ready_i(in_val_ready_o), .data_i(in_val_data_i));
  fv_out #(.Width(CrdWidth+1+1), .Comb(0)) chk_out_crd (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_crd_valid_o), .ready_i(out_crd_ready_i), .data_i(out_crd_data_o));
  fv_out #(.Width(ValWidth+1+1), .Comb(0)) chk_out_val (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_val_valid_o), .ready_i(out_val_ready_i), .data_i(out_val_data_o));
endmodule
