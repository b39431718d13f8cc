// fv_in - the environment of one input stream of a primitive under proof:
// ASSUMES that the producer keeps the stream contract
// (docs/stream-protocol.md).  Formal only (read_verilog -formal).
//
//   * the first cycle is a reset cycle (rst_ni low);
//   * no token is offered while rst_ni is low;
//   * a token offered and not taken (valid && !ready, out of reset) is
//     offered again in the next cycle with the same data, unless that
//     cycle is a reset cycle.
module fv_in #(
  parameter integer Width = 18
) (
  input wire             clk_i,
  input wire             rst_ni,
  input wire             valid_i,
  input wire             ready_i,
  input wire [Width-1:0] data_i
);
  reg             init_q = 1'b1;
  reg             stall_q;
  reg [Width-1:0] data_q;
  always @(posedge clk_i) begin
    init_q  <= 1'b0;
    stall_q <= rst_ni && valid_i && !ready_i;
    data_q  <= data_i;
  end
  always @(*) begin
    if (init_q) assume (!rst_ni);
    if (!rst_ni) assume (!valid_i);
    if (!init_q && stall_q && rst_ni) assume (valid_i && data_i == data_q);
  end
endmodule
