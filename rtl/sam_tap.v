// sam_tap - simulation-only probe on one graph edge (never synthesized).
//
// Every edge of a generated top is a sam_edge (rtl/sam_edge.v), which in
// simulation places this tap around its FIFO:
//
//   producer --up--> [gate A, monitor] --> sam_fifo --> [gate B] --down--> consumer
//
// Monitor: every token the producer hands to the FIFO is printed as
//   "T <edge> <cycle> <data hex>"      (data = {tag, payload}, Width bits)
// on standard output, <cycle> taken from cycle_i (the top's one cycle
// counter: 0 in the first cycle after reset); samgen turns these lines into
// the shared trace format.  +notrace turns the monitor off (for speed
// measurements).
//
// Stall injection (+stall=P, percent 0..100, +seed=S): gate A withholds the
// transfer into the FIFO (backpressure seen by the producer) and gate B hides
// the FIFO head from the consumer (a bubble), each in P% of the cycles, from
// a per-edge xorshift generator seeded with S and the edge id.  A gate that
// has shown a token keeps it shown until it is taken, as the stream
// contract requires of any producer.  Only timing
// changes, never the token order, so traces must stay equal.  Stall = 0
// never stalls: an edge without a FIFO (Depth 0, a skipping scanner feeding
// its intersector, whose SkipTo contract ties the scanner's head to the
// intersector's) keeps one handshake that the two gates would only split.
// Without stalls the gates stay open and the generator is never stepped.
//
// Contract check (unless `define SG_TAP_NOCHECK): a token the producer
// offers and the edge does not take must be offered again, unchanged, in
// the next cycle (docs/stream-protocol.md).  A producer that withdraws or
// changes it ends the simulation with
//   "PROTOCOL <edge> <cycle> valid dropped|data changed"
// which samgen verify reports as a broken stream contract on that edge.
// Edges with Stall = 0 are exempt: a skipping scanner's head may move
// while offered, when its intersector sends SkipTo (docs/extensor.md).
//
// The watchdog's view of the edge (whether it moved, its handshake state
// in the W line) is in sam_edge, the watchdog itself in the generated top.
//
// Build-time trimming (Verilator evaluates every statement in every cycle,
// so features a run does not use are compiled out rather than switched
// off): with `define SG_TAP_NOTRACE the monitor is left out (+notrace is
// then implied), with `define SG_TAP_NOSTALL the stall gates are (the tap
// is wires, +stall and +seed are ignored).  samgen verify defines them for
// --no-trace and for --stall 0.  With `define SG_TAP_DPI (Verilator builds)
// the monitor hands each token to the harness through DPI instead of
// printing it (see below).
`ifndef SYNTHESIS
module sam_tap #(
  parameter integer Width  = 18,
  parameter integer EdgeId = 0,
  parameter integer Stall  = 1
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire [31:0]      cycle_i,
  // producer side
  input  wire             up_valid_i,
  output wire             up_ready_o,
  input  wire [Width-1:0] up_data_i,
  // FIFO input
  output wire             fifo_in_valid_o,
  input  wire             fifo_in_ready_i,
  output wire [Width-1:0] fifo_in_data_o,
  // FIFO output
  input  wire             fifo_out_valid_i,
  output wire             fifo_out_ready_o,
  input  wire [Width-1:0] fifo_out_data_i,
  // consumer side
  output wire             down_valid_o,
  input  wire             down_ready_i,
  output wire [Width-1:0] down_data_o
);
`ifndef SG_TAP_NOSTALL
  integer stall_pct;
  integer seed;
  reg     stall_en;
  reg [31:0] rng_q;
  reg        go_a_q;
  reg        go_b_q;

  initial begin
    stall_pct = 0;
    seed = 1;
    if ($value$plusargs("stall=%d", stall_pct)) begin end
    if ($value$plusargs("seed=%d", seed)) begin end
    stall_en = stall_pct > 0 && Stall != 0;
    rng_q = (seed * 32'h9E3779B1) ^ (EdgeId * 32'h85EBCA77) ^ 32'h2545F491;
    if (rng_q == 32'd0) rng_q = 32'h1;
    go_a_q = 1'b1;
    go_b_q = 1'b1;
  end

  // xorshift32; two independent draws per cycle from its bits
  function [31:0] xorshift32(input [31:0] x);
    reg [31:0] t;
    begin
      t = x ^ (x << 13);
      t = t ^ (t >> 17);
      xorshift32 = t ^ (t << 5);
    end
  endfunction

  // {go_b, go_a} from generator state r: open unless the draw is < pct
  // (the draws are bits 6:0 and 22:16; the other bits are not used)
  /* verilator lint_off UNUSEDSIGNAL */
  function [1:0] gates(input [31:0] r, input integer pct);
    begin
      gates[0] = {25'd0, r[6:0]} % 100 >= pct;
      gates[1] = {25'd0, r[22:16]} % 100 >= pct;
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // Without stalls nothing here changes (the gates stay open) and the
  // generator is not stepped.
  always @(posedge clk_i) begin
    if (stall_en) begin
      if (!rst_ni) begin
        go_a_q <= 1'b1;
        go_b_q <= 1'b1;
      end else begin
        rng_q <= xorshift32(rng_q);
        {go_b_q, go_a_q} <= gates(xorshift32(rng_q), stall_pct);
        // a gate that offered a token stays open until it is taken: the
        // injected stalls keep the stream contract they are testing
        if (fifo_in_valid_o && !fifo_in_ready_i) go_a_q <= 1'b1;
        if (down_valid_o && !down_ready_i) go_b_q <= 1'b1;
      end
    end
  end

  assign fifo_in_valid_o  = up_valid_i & go_a_q;
  assign up_ready_o       = fifo_in_ready_i & go_a_q;
  assign down_valid_o     = fifo_out_valid_i & go_b_q;
  assign fifo_out_ready_o = down_ready_i & go_b_q;
`else
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused_stall = Stall != 0;
  /* verilator lint_on UNUSEDSIGNAL */
  assign fifo_in_valid_o  = up_valid_i;
  assign up_ready_o       = fifo_in_ready_i;
  assign down_valid_o     = fifo_out_valid_i;
  assign fifo_out_ready_o = down_ready_i;
`endif
  assign fifo_in_data_o   = up_data_i;
  assign down_data_o      = fifo_out_data_i;

`ifndef SG_TAP_NOTRACE
`ifdef SG_TAP_DPI
  // In Verilator builds every token goes to the harness (sim/harness.cpp), which
  // checks it against the expected stream as it crosses (lockstep) or
  // prints the same T line as the $display below; no text is formatted
  // inside the model.  The tag and the payload's low 64 bits go apart, so
  // that Width may exceed 64.
  import "DPI-C" function void sg_tap_token(input int edge_id, input int cycle,
                                            input int tag, input longint payload);
  localparam integer PayW = Width - 2;
  wire [63:0] tap_payload;
  if (PayW >= 64) begin : g_pay_wide
    assign tap_payload = up_data_i[63:0];
  end else if (PayW <= 0) begin : g_pay_none
    assign tap_payload = 64'd0;   // a repeat signal: the tag alone
  end else begin : g_pay
    assign tap_payload = {{(64 - PayW){1'b0}}, up_data_i[PayW-1:0]};
  end
  always @(posedge clk_i) begin
    if (rst_ni && fifo_in_valid_o && fifo_in_ready_i)
      sg_tap_token(EdgeId, cycle_i, {30'd0, up_data_i[Width-1:Width-2]}, tap_payload);
  end
`else
  reg trace_en;
  initial begin
    trace_en = 1'b1;
    if ($test$plusargs("notrace")) trace_en = 1'b0;
  end
  always @(posedge clk_i) begin
    if (trace_en && rst_ni && fifo_in_valid_o && fifo_in_ready_i)
      $display("T %0d %0d %h", EdgeId, cycle_i, up_data_i);
  end
`endif
`else
  /* verilator lint_off UNUSEDSIGNAL */
  wire unused_trace = ^{cycle_i, clk_i, rst_ni} ^ (EdgeId != 0);
  /* verilator lint_on UNUSEDSIGNAL */
`endif

`ifndef SG_TAP_NOCHECK
  reg             held_q;
  reg [Width-1:0] held_data_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      held_q <= 1'b0;
    end else begin
      if (Stall != 0 && held_q && (!up_valid_i || up_data_i !== held_data_q)) begin
        $display("PROTOCOL %0d %0d %0s", EdgeId, cycle_i,
                 up_valid_i ? "data changed" : "valid dropped");
        $finish;
      end
      held_q <= up_valid_i && !up_ready_o;
      held_data_q <= up_data_i;
    end
  end
`endif
endmodule
`endif
