// fv_write_dense - proof wrapper of sam_write_dense (CrdWidth 3).
// Assumes every input stream keeps the contract (fv_in); asserts it on
// every output stream (fv_out): stall stability, no output valid after reset;
// done_o is low after reset and stays high once raised (fv_done).
`include "sam_token.vh"

module fv_write_dense #(
  parameter integer CrdWidth = 3
) (
  input wire clk_i,
  input wire rst_ni,
  input wire in_crd_valid_i,
  input wire [CrdWidth+1:0] in_crd_data_i
);
  wire in_crd_ready_o;
  wire done_o;

  sam_write_dense #(.CrdWidth(CrdWidth)) dut (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .in_crd_valid_i(in_crd_valid_i),
    .in_crd_ready_o(in_crd_ready_o),
    .in_crd_data_i(in_crd_data_i),
    .done_o(done_o)
  );

  fv_in #(.Width(CrdWidth+1+1)) env_in_crd (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_crd_valid_i), .ready_i(in_crd_ready_o), .data_i(in_crd_data_i));
  fv_done done (.clk_i(clk_i), .rst_ni(rst_ni), .done_i(done_o));
endmodule
