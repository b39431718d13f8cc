// fv_repeat - proof wrapper of sam_repeat (CrdWidth 3).
// Assumes every input stream keeps the contract (fv_in); asserts it on
// every output stream (fv_out): stall stability, no output valid after reset.
`include "sam_token.vh"

module fv_repeat #(
  parameter integer CrdWidth = 3
) (
  input wire clk_i,
  input wire rst_ni,
  input wire in_ref_valid_i,
  input wire [CrdWidth+1:0] in_ref_data_i,
  input wire in_repsig_valid_i,
  input wire [1:0] in_repsig_data_i,
  input wire out_ref_ready_i
);
  wire in_ref_ready_o;
  wire in_repsig_ready_o;
  wire out_ref_valid_o;
  wire [CrdWidth+1:0] out_ref_data_o;

  sam_repeat #(.CrdWidth(CrdWidth)) dut (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .in_ref_valid_i(in_ref_valid_i),
    .in_ref_ready_o(in_ref_ready_o),
    .in_ref_data_i(in_ref_data_i),
    .in_repsig_valid_i(in_repsig_valid_i),
    .in_repsig_ready_o(in_repsig_ready_o),
    .in_repsig_data_i(in_repsig_data_i),
    .out_ref_valid_o(out_ref_valid_o),
    .out_ref_ready_i(out_ref_ready_i),
    .out_ref_data_o(out_ref_data_o)
  );

  fv_in #(.Width(CrdWidth+1+1)) env_in_ref (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_ref_valid_i), .ready_i(in_ref_ready_o), .data_i(in_ref_data_i));
  fv_in #(.Width(1+1)) env_in_repsig (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_repsig_valid_i), .ready_i(in_repsig_ready_o), .data_i(in_repsig_data_i));
  fv_out #(.Width(CrdWidth+1+1), .Comb(0)) chk_out_ref (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_ref_valid_o), .ready_i(out_ref_ready_i), .data_i(out_ref_data_o));
endmodule
