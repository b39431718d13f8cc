// fv_out - the contract of one output stream of a primitive under proof:
// ASSERTS what docs/stream-protocol.md promises the consumer.  Formal only.
//
//   * stall stability: a token offered and not taken (valid && !ready, out
//     of reset) is offered again in the next cycle with the same data,
//     unless that cycle is a reset cycle;
//   * no output valid during reset: after a cycle with rst_ni low the
//     output is not valid.  Comb = 1 for an output that passes its
//     input's valid through (sam_broadcast, sam_fifo Depth 0): it is
//     checked only while the reset is still held (inputs are idle then).
// And COVERS a token that was stalled and is then taken, so that a proof
// whose assumptions left no such trace is reported as vacuous (Cover 0
// for a stream whose consumer, as the wrapper assumes it, never stalls).
module fv_out #(
  parameter integer Width = 18,
  parameter integer Comb  = 0,
  parameter integer Cover = 1    // 0: the environment never stalls it
) (
  input wire             clk_i,
  input wire             rst_ni,
  input wire             valid_i,
  input wire             ready_i,
  input wire [Width-1:0] data_i
);
  reg             init_q = 1'b1;
  reg             rst_q;
  reg             stall_q;
  reg [Width-1:0] data_q;
  always @(posedge clk_i) begin
    init_q  <= 1'b0;
    rst_q   <= rst_ni;
    stall_q <= rst_ni && valid_i && !ready_i;
    data_q  <= data_i;
  end
  always @(*) begin
    if (!init_q && stall_q && rst_ni) assert (valid_i && data_i == data_q);
    if (!init_q && !rst_q && (Comb == 0 || !rst_ni)) assert (!valid_i);
    if (Cover != 0) cover (!init_q && stall_q && rst_ni && valid_i && ready_i);
  end
endmodule
