// fv_intersect_skip - proof wrapper of sam_intersect_skip (CrdWidth 3, RefWidth 3, NumInputs 2).
// Assumes every input stream keeps the contract (fv_in); asserts it on
// every output stream (fv_out): stall stability, no output valid after reset.
// The out_skip<k> hints are not streams (their ready is not used): not checked.
`include "sam_token.vh"

module fv_intersect_skip #(
  parameter integer CrdWidth = 3,
  parameter integer RefWidth = 3,
  parameter integer NumInputs = 2
) (
  input wire clk_i,
  input wire rst_ni,
  input wire in_crd0_valid_i,
  input wire [CrdWidth+1:0] in_crd0_data_i,
  input wire in_ref0_valid_i,
  input wire [RefWidth+1:0] in_ref0_data_i,
  input wire in_crd1_valid_i,
  input wire [CrdWidth+1:0] in_crd1_data_i,
  input wire in_ref1_valid_i,
  input wire [RefWidth+1:0] in_ref1_data_i,
  input wire in_crd2_valid_i,
  input wire [CrdWidth+1:0] in_crd2_data_i,
  input wire in_ref2_valid_i,
  input wire [RefWidth+1:0] in_ref2_data_i,
  input wire out_crd_ready_i,
  input wire out_ref0_ready_i,
  input wire out_ref1_ready_i,
  input wire out_ref2_ready_i,
  input wire out_skip0_ready_i,
  input wire out_skip1_ready_i,
  input wire out_skip2_ready_i
);
  wire in_crd0_ready_o;
  wire in_ref0_ready_o;
  wire in_crd1_ready_o;
  wire in_ref1_ready_o;
  wire in_crd2_ready_o;
  wire in_ref2_ready_o;
  wire out_crd_valid_o;
  wire [CrdWidth+1:0] out_crd_data_o;
  wire out_ref0_valid_o;
  wire [RefWidth+1:0] out_ref0_data_o;
  wire out_ref1_valid_o;
  wire [RefWidth+1:0] out_ref1_data_o;
  wire out_ref2_valid_o;
  wire [RefWidth+1:0] out_ref2_data_o;
  wire out_skip0_valid_o;
  wire [CrdWidth+1:0] out_skip0_data_o;
  wire out_skip1_valid_o;
  wire [CrdWidth+1:0] out_skip1_data_o;
  wire out_skip2_valid_o;
  wire [CrdWidth+1:0] out_skip2_data_o;

  sam_intersect_skip #(.CrdWidth(CrdWidth), .RefWidth(RefWidth), .NumInputs(NumInputs)) dut (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .in_crd0_valid_i(in_crd0_valid_i),
    .in_crd0_ready_o(in_crd0_ready_o),
    .in_crd0_data_i(in_crd0_data_i),
    .in_ref0_valid_i(in_ref0_valid_i),
    .in_ref0_ready_o(in_ref0_ready_o),
    .in_ref0_data_i(in_ref0_data_i),
    .in_crd1_valid_i(in_crd1_valid_i),
    .in_crd1_ready_o(in_crd1_ready_o),
    .in_crd1_data_i(in_crd1_data_i),
    .in_ref1_valid_i(in_ref1_valid_i),
    .in_ref1_ready_o(in_ref1_ready_o),
    .in_ref1_data_i(in_ref1_data_i),
    .in_crd2_valid_i(in_crd2_valid_i),
    .in_crd2_ready_o(in_crd2_ready_o),
    .in_crd2_data_i(in_crd2_data_i),
    .in_ref2_valid_i(in_ref2_valid_i),
    .in_ref2_ready_o(in_ref2_ready_o),
    .in_ref2_data_i(in_ref2_data_i),
    .out_crd_valid_o(out_crd_valid_o),
    .out_crd_ready_i(out_crd_ready_i),
    .out_crd_data_o(out_crd_data_o),
    .out_ref0_valid_o(out_ref0_valid_o),
    .out_ref0_ready_i(out_ref0_ready_i),
    .out_ref0_data_o(out_ref0_data_o),
    .out_ref1_valid_o(out_ref1_valid_o),
    .out_ref1_ready_i(out_ref1_ready_i),
    .out_ref1_data_o(out_ref1_data_o),
    .out_ref2_valid_o(out_ref2_valid_o),
    .out_ref2_ready_i(out_ref2_ready_i),
    .out_ref2_data_o(out_ref2_data_o),
    .out_skip0_valid_o(out_skip0_valid_o),
    .out_skip0_ready_i(out_skip0_ready_i),
    .out_skip0_data_o(out_skip0_data_o),
    .out_skip1_valid_o(out_skip1_valid_o),
    .out_skip1_ready_i(out_skip1_ready_i),
    .out_skip1_data_o(out_skip1_data_o),
    .out_skip2_valid_o(out_skip2_valid_o),
    .out_skip2_ready_i(out_skip2_ready_i),
    .out_skip2_data_o(out_skip2_data_o)
  );

  fv_in #(.Width(CrdWidth+1+1)) env_in_crd0 (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_crd0_valid_i), .ready_i(in_crd0_ready_o), .data_i(in_crd0_data_i));
  fv_in #(.Width(RefWidth+1+1)) env_in_ref0 (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_ref0_valid_i), .ready_i(in_ref0_ready_o), .data_i(in_ref0_data_i));
  fv_in #(.Width(CrdWidth+1+1)) env_in_crd1 (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_crd1_valid_i), .ready_i(in_crd1_ready_o), .data_i(in_crd1_data_i));
  fv_in #(.Width(RefWidth+1+1)) env_in_ref1 (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_ref1_valid_i), .ready_i(in_ref1_ready_o), .data_i(in_ref1_data_i));
  fv_in #(.Width(CrdWidth+1+1)) env_in_crd2 (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_crd2_valid_i), .ready_i(in_crd2_ready_o), .data_i(in_crd2_data_i));
  fv_in #(.Width(RefWidth+1+1)) env_in_ref2 (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_ref2_valid_i), .ready_i(in_ref2_ready_o), .data_i(in_ref2_data_i));
  fv_out #(.Width(CrdWidth+1+1), .Comb(0)) chk_out_crd (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_crd_valid_o), .ready_i(out_crd_ready_i), .data_i(out_crd_data_o));
  fv_out #(.Width(RefWidth+1+1), .Comb(0)) chk_out_ref0 (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_ref0_valid_o), .ready_i(out_ref0_ready_i), .data_i(out_ref0_data_o));
  fv_out #(.Width(RefWidth+1+1), .Comb(0)) chk_out_ref1 (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_ref1_valid_o), .ready_i(out_ref1_ready_i), .data_i(out_ref1_data_o));
  fv_out #(.Width(RefWidth+1+1), .Comb(0)) chk_out_ref2 (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_ref2_valid_o), .ready_i(out_ref2_ready_i), .data_i(out_ref2_data_o));

  // NumInputs 2: the k = 2 inputs are tied off (docs/rtl-interfaces.md)
  always @(*) if (NumInputs == 2) assume (!in_crd2_valid_i && !in_ref2_valid_i);
endmodule
