// fv_fifo - proof wrapper of sam_fifo (Width 4, Depth set by the driver:
// 0..4).  Assumes a well-behaved producer (fv_in); asserts the stream
// contract on the output (fv_out) and a scoreboard:
//   * occupancy: tokens in minus tokens out never exceeds Depth, never goes
//     below zero, and out_valid_o is high exactly when it is not zero
//     (Depth >= 1: the FIFO neither loses nor invents a token);
//   * in_ready_o is "not full" for Depth >= 2;
//   * FallThrough = 1 (Depth >= 2): out_valid_o is also high when the
//     buffer is empty and a token arrives (it is offered at once);
//   * order: an arbitrary token (track_i high when it enters) leaves with
//     its data after exactly the tokens that were ahead of it.
`include "sam_token.vh"

module fv_fifo #(
  parameter integer Width = 4,
  parameter integer Depth = 2,
  parameter integer FallThrough = 0
) (
  input wire             clk_i,
  input wire             rst_ni,
  input wire             in_valid_i,
  input wire [Width-1:0] in_data_i,
  input wire             out_ready_i,
  input wire             track_i
);
  wire             in_ready, out_valid;
  wire [Width-1:0] out_data;

  sam_fifo #(.Width(Width), .Depth(Depth), .FallThrough(FallThrough)) dut (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(in_valid_i), .in_ready_o(in_ready), .in_data_i(in_data_i),
    .out_valid_o(out_valid), .out_ready_i(out_ready_i), .out_data_o(out_data)
  );

  fv_in  #(.Width(Width)) env (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_valid_i), .ready_i(in_ready), .data_i(in_data_i));
  fv_out #(.Width(Width), .Comb(Depth == 0 || FallThrough != 0)) chk (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_valid), .ready_i(out_ready_i), .data_i(out_data));
  fv_order #(.Width(Width), .Cap(Depth)) sb (.clk_i(clk_i), .rst_ni(rst_ni),
    .in_fire_i(in_valid_i && in_ready), .in_data_i(in_data_i),
    .out_fire_i(out_valid && out_ready_i), .out_data_i(out_data),
    .track_i(track_i), .occ_o(occ));

  wire [3:0] occ;
  reg        init_q = 1'b1;
  always @(posedge clk_i) init_q <= 1'b0;
  always @(*) begin
    if (!init_q && rst_ni && Depth >= 1)
      assert (out_valid == ((occ != 4'd0) || (FallThrough != 0 && Depth >= 2 && in_valid_i)));
    if (!init_q && rst_ni && Depth >= 2) assert (in_ready == (occ != Depth));
  end
endmodule
