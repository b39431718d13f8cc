// sam_fifo - stream buffer for one SAM edge.
//
// Depth 0 is a wire.  Depth 1 is a pipeline register: valid and data are
// registered, in_ready_o = !full || out_ready_i (one combinational ready
// path), one token per cycle.  Depth 2 is two registers (the head and the
// one behind it), Depth >= 3 a circular-buffer FIFO; both have in_ready_o =
// "not full" (from registers), cut every combinational ready path and
// sustain one token per cycle, with the same timing.
//
// FallThrough = 1 (Depth >= 2; what sam_edge uses): a token that arrives
// while the buffer is empty is offered to the consumer in the same cycle
// (out_valid_o = in_valid_i, out_data_o = in_data_i) and stored only if
// the consumer does not take it, so an edge adds no cycle of latency to
// the producer's output register: a token its producer registers in cycle
// t can be consumed in cycle t + 1, as in the golden cycle engine.  The
// ready path stays registered ("not full"); valid and data gain one
// multiplexer.  FallThrough = 0 registers the head (one more cycle per
// hop), for buffers inside a primitive.
`include "sam_token.vh"

module sam_fifo #(
  parameter integer Width = 18,
  parameter integer Depth = 2,
  parameter integer FallThrough = 0
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire             in_valid_i,
  output wire             in_ready_o,
  input  wire [Width-1:0] in_data_i,
  output wire             out_valid_o,
  input  wire             out_ready_i,
  output wire [Width-1:0] out_data_o
);
  generate
    if (Depth == 0) begin : g_wire
      assign out_valid_o = in_valid_i;
      assign in_ready_o  = out_ready_i;
      assign out_data_o  = in_data_i;
      wire unused_clk = clk_i ^ rst_ni;
    end else if (Depth == 1) begin : g_reg
      reg             valid_q;
      reg [Width-1:0] data_q;
      assign in_ready_o  = !valid_q || out_ready_i;
      assign out_valid_o = valid_q;
      assign out_data_o  = data_q;
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          valid_q <= 1'b0;
          data_q  <= {Width{1'b0}};
        end else if (in_ready_o) begin
          valid_q <= in_valid_i;
          if (in_valid_i) data_q <= in_data_i;
        end
      end
    end else if (Depth == 2) begin : g_two
      // two registers: the head (out_data_o) and the one behind it; a push
      // goes to the head when it leaves or is empty, else behind it
      reg             v0_q, v1_q;
      reg [Width-1:0] d0_q, d1_q;
      // fall-through: an arriving token meets an empty buffer and a ready
      // consumer, and passes without being stored
      wire pass = (FallThrough != 0) && !v0_q && rst_ni;
      wire push = in_valid_i && !v1_q && !(pass && out_ready_i);
      wire pop  = v0_q && out_ready_i;
      assign in_ready_o  = !v1_q;
      assign out_valid_o = v0_q || (pass && in_valid_i);
      assign out_data_o  = pass ? in_data_i : d0_q;
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          v0_q <= 1'b0;
          v1_q <= 1'b0;
        end else begin
          v0_q <= (v0_q && !pop) || v1_q || push;
          v1_q <= (v1_q && !pop) || (push && v0_q && !pop);
        end
      end
      // the data registers load in every cycle their slot may change, so
      // their enables do not wait for in_valid_i
      always @(posedge clk_i) begin
        if (!v0_q || pop) d0_q <= v1_q ? d1_q : in_data_i;
        if (!v1_q) d1_q <= in_data_i;
      end
    end else begin : g_fifo
      localparam integer PtrW = (Depth <= 2) ? 1 : $clog2(Depth);
      reg [Width-1:0] mem_q [0:Depth-1];
      reg [PtrW-1:0]  rd_q, wr_q;
      reg [PtrW:0]    cnt_q;
      wire empty = (cnt_q == {(PtrW+1){1'b0}});
      // fall-through: see g_two
      wire pass = (FallThrough != 0) && empty && rst_ni;
      wire push = in_valid_i && in_ready_o && !(pass && out_ready_i);
      wire pop  = !empty && out_ready_i;
      assign in_ready_o  = (cnt_q != Depth[PtrW:0]);
      assign out_valid_o = !empty || (pass && in_valid_i);
      assign out_data_o  = pass ? in_data_i : mem_q[rd_q];
      function [PtrW-1:0] incr(input [PtrW-1:0] p);
        incr = (p == Depth[PtrW-1:0] - 1'b1) ? {PtrW{1'b0}} : p + 1'b1;
      endfunction
      // One block for the memory and the pointers, and the count updated
      // only when exactly one of push and pop happens: the same logic, and
      // cheaper for a cycle-based simulator (which evaluates every
      // statement in every cycle).  The free slot at wr_q is written in
      // every cycle the buffer is not full, so the memory's write enable
      // does not wait for in_valid_i.
      always @(posedge clk_i) begin
        if (in_ready_o) mem_q[wr_q] <= in_data_i;
        if (!rst_ni) begin
          rd_q  <= {PtrW{1'b0}};
          wr_q  <= {PtrW{1'b0}};
          cnt_q <= {(PtrW+1){1'b0}};
        end else begin
          if (push) wr_q <= incr(wr_q);
          if (pop)  rd_q <= incr(rd_q);
          if (push != pop) cnt_q <= push ? cnt_q + 1'b1 : cnt_q - 1'b1;
        end
      end
    end
  endgenerate
endmodule
