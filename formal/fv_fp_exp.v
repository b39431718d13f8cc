// fv_fp_exp - proof wrapper of sam_fp_exp (FracWidth 7).
// Assumes every input stream keeps the contract (fv_in); asserts it on
// every output stream (fv_out): stall stability, no output valid after reset.
`include "sam_token.vh"

module fv_fp_exp #(
  parameter integer FracWidth = 7
) (
  input wire clk_i,
  input wire rst_ni,
  input wire in_valid_i,
  input wire [FracWidth+8:0] in_a_i,
  input wire out_ready_i
);
  wire in_ready_o;
  wire out_valid_o;
  wire [FracWidth+8:0] out_data_o;

  sam_fp_exp #(.FracWidth(FracWidth)) dut (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .in_valid_i(in_valid_i),
    .in_ready_o(in_ready_o),
    .in_a_i(in_a_i),
    .out_valid_o(out_valid_o),
    .out_ready_i(out_ready_i),
    .out_data_o(out_data_o)
  );

  fv_in #(.Width(1)) env_in (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_valid_i), .ready_i(in_ready_o), .data_i(1'b0));
  fv_out #(.Width(FracWidth+8+1), .Comb(0)) chk_out (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_valid_o), .ready_i(out_ready_i), .data_i(out_data_o));
endmodule
