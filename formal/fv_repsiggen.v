// fv_repsiggen - proof wrapper of sam_repsiggen (CrdWidth 3).
// Assumes every input stream keeps the contract (fv_in); asserts it on
// every output stream (fv_out): stall stability, no output valid after reset.
`include "sam_token.vh"

module fv_repsiggen #(
  parameter integer CrdWidth = 3
) (
  input wire clk_i,
  input wire rst_ni,
  input wire in_crd_valid_i,
  input wire [CrdWidth+1:0] in_crd_data_i,
  input wire out_repsig_ready_i
);
  wire in_crd_ready_o;
  wire out_repsig_valid_o;
  wire [1:0] out_repsig_data_o;

  sam_repsiggen #(.CrdWidth(CrdWidth)) dut (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .in_crd_valid_i(in_crd_valid_i),
    .in_crd_ready_o(in_crd_ready_o),
    .in_crd_data_i(in_crd_data_i),
    .out_repsig_valid_o(out_repsig_valid_o),
    .out_repsig_ready_i(out_repsig_ready_i),
    .out_repsig_data_o(out_repsig_data_o)
  );

  fv_in #(.Width(CrdWidth+1+1)) env_in_crd (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_crd_valid_i), .ready_i(in_crd_ready_o), .data_i(in_crd_data_i));
  fv_out #(.Width(1+1), .Comb(0)) chk_out_repsig (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_repsig_valid_o), .ready_i(out_repsig_ready_i), .data_i(out_repsig_data_o));
endmodule
