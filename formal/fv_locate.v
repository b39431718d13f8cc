// fv_locate - proof wrapper of sam_locate (CrdWidth 8: the multiplier
// splits the base into quarters).
// Assumes every input stream keeps the contract (fv_in); asserts it on
// every output stream (fv_out): stall stability, no output valid after reset.
`include "sam_token.vh"

module fv_locate #(
  parameter integer CrdWidth = 8
) (
  input wire clk_i,
  input wire rst_ni,
  input wire [CrdWidth-1:0] dim_i,
  input wire in_ref_valid_i,
  input wire [CrdWidth+1:0] in_ref_data_i,
  input wire in_crd_valid_i,
  input wire [CrdWidth+1:0] in_crd_data_i,
  input wire out_ref_ready_i
);
  wire in_ref_ready_o;
  wire in_crd_ready_o;
  wire out_ref_valid_o;
  wire [CrdWidth+1:0] out_ref_data_o;

  sam_locate #(.CrdWidth(CrdWidth)) dut (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .dim_i(dim_i),
    .in_ref_valid_i(in_ref_valid_i),
    .in_ref_ready_o(in_ref_ready_o),
    .in_ref_data_i(in_ref_data_i),
    .in_crd_valid_i(in_crd_valid_i),
    .in_crd_ready_o(in_crd_ready_o),
    .in_crd_data_i(in_crd_data_i),
    .out_ref_valid_o(out_ref_valid_o),
    .out_ref_ready_i(out_ref_ready_i),
    .out_ref_data_o(out_ref_data_o)
  );

  fv_in #(.Width(CrdWidth+1+1)) env_in_ref (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_ref_valid_i), .ready_i(in_ref_ready_o), .data_i(in_ref_data_i));
  fv_in #(.Width(CrdWidth+1+1)) env_in_crd (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_crd_valid_i), .ready_i(in_crd_ready_o), .data_i(in_crd_data_i));
  fv_out #(.Width(CrdWidth+1+1), .Comb(0)) chk_out_ref (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_ref_valid_o), .ready_i(out_ref_ready_i), .data_i(out_ref_data_o));

  // configuration inputs are constant after reset
  reg init_q = 1'b1;
  reg [CrdWidth-1:0] dim_i_q;
  always @(posedge clk_i) begin
    init_q <= 1'b0;
    dim_i_q <= dim_i;
  end
  always @(*) if (!init_q) begin
    assume (dim_i == dim_i_q);
  end
endmodule
