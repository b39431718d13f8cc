// fv_root - proof wrapper of sam_root (CrdWidth 3).
// Assumes every input stream keeps the contract (fv_in); asserts it on
// every output stream (fv_out): stall stability, no output valid after reset.
`include "sam_token.vh"

module fv_root #(
  parameter integer CrdWidth = 3
) (
  input wire clk_i,
  input wire rst_ni,
  input wire start_i,
  input wire out_ref_ready_i
);
  wire out_ref_valid_o;
  wire [CrdWidth+1:0] out_ref_data_o;

  sam_root #(.CrdWidth(CrdWidth)) dut (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .start_i(start_i),
    .out_ref_valid_o(out_ref_valid_o),
    .out_ref_ready_i(out_ref_ready_i),
    .out_ref_data_o(out_ref_data_o)
  );

  fv_out #(.Width(CrdWidth+1+1), .Comb(0)) chk_out_ref (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_ref_valid_o), .ready_i(out_ref_ready_i), .data_i(out_ref_data_o));
endmodule
