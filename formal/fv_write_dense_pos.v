// fv_write_dense_pos - proof wrapper of sam_write_dense_pos (CrdWidth 3, Root 1).
// Assumes every input stream keeps the contract (fv_in); asserts it on
// every output stream (fv_out): stall stability, no output valid after reset;
// done_o is low after reset and stays high once raised (fv_done).
`include "sam_token.vh"

module fv_write_dense_pos #(
  parameter integer CrdWidth = 3,
  parameter integer Root = 1
) (
  input wire clk_i,
  input wire rst_ni,
  input wire [CrdWidth-1:0] dim_i,
  input wire in_crd_valid_i,
  input wire [CrdWidth+1:0] in_crd_data_i,
  input wire in_pos_valid_i,
  input wire [CrdWidth+1:0] in_pos_data_i,
  input wire out_pos_ready_i
);
  wire in_crd_ready_o;
  wire in_pos_ready_o;
  wire out_pos_valid_o;
  wire [CrdWidth+1:0] out_pos_data_o;
  wire done_o;

  sam_write_dense_pos #(.CrdWidth(CrdWidth), .Root(Root)) dut (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .dim_i(dim_i),
    .in_crd_valid_i(in_crd_valid_i),
    .in_crd_ready_o(in_crd_ready_o),
    .in_crd_data_i(in_crd_data_i),
    .in_pos_valid_i(in_pos_valid_i),
    .in_pos_ready_o(in_pos_ready_o),
    .in_pos_data_i(in_pos_data_i),
    .out_pos_valid_o(out_pos_valid_o),
    .out_pos_ready_i(out_pos_ready_i),
    .out_pos_data_o(out_pos_data_o),
    .done_o(done_o)
  );

  fv_in #(.Width(CrdWidth+1+1)) env_in_crd (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_crd_valid_i), .ready_i(in_crd_ready_o), .data_i(in_crd_data_i));
  fv_in #(.Width(CrdWidth+1+1)) env_in_pos (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_pos_valid_i), .ready_i(in_pos_ready_o), .data_i(in_pos_data_i));
  fv_out #(.Width(CrdWidth+1+1), .Comb(0)) chk_out_pos (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_pos_valid_o), .ready_i(out_pos_ready_i), .data_i(out_pos_data_o));

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
  fv_done done (.clk_i(clk_i), .rst_ni(rst_ni), .done_i(done_o));
endmodule
