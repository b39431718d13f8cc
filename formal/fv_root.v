// fv_root - proof wrapper of sam_root (CrdWidth 3).
// Assumes every input stream keeps the contract (fv_in); asserts it on
// every output stream (fv_out): stall stability, no output valid after reset.
// start_i is free except that it does not rise while the token is stalled.
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

  // A new run starts (start_i rises) while a token waits only in a
  // generated top, where the same rise clears the edge the root feeds
  // (run_clr) and the token is dropped with it; on its own the root may
  // assume it does not happen.
  reg start_prev_q = 1'b0;
  always @(posedge clk_i) start_prev_q <= rst_ni && start_i;
  always @(*)
    if (rst_ni && start_i && !start_prev_q && out_ref_valid_o && !out_ref_ready_i) assume (0);

  fv_out #(.Width(CrdWidth+1+1), .Comb(0)) chk_out_ref (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_ref_valid_o), .ready_i(out_ref_ready_i), .data_i(out_ref_data_o));
endmodule
