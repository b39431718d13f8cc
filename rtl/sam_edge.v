// sam_edge - one graph edge of a generated top: its stream buffer and, in
// simulation, the probe around it.
//
//   producer --up--> [sam_tap gate A, monitor] --> sam_fifo --> [gate B] --dn--> consumer
//
// Synthesis (`define SYNTHESIS, which Yosys sets) keeps the FIFO alone: the
// producer and the consumer connect to it directly, and the simulation
// inputs cycle_i and dump_i are not used.
//
// Simulation: the tap (rtl/sam_tap.v) prints every token entering the FIFO
// as "T <EdgeId> <cycle_i> <hex data>" and injects stalls (+stall=P
// +seed=S; Stall = 0 never stalls, for an edge without a FIFO).  For the
// top's watchdog, moved_o is high in a cycle in which a token enters the
// FIFO or leaves it to the consumer, and with dump_i high the edge prints
// its handshake state "W <EdgeId> <up_valid> <fifo_in_ready>
// <fifo_out_valid> <down_ready>".
//
// clr_i (the top's run_clr, high in the cycle start_i rises in) resets the
// FIFO as rst_ni does.  In simulation no token moves through the tap in
// that cycle (it sees the FIFO neither ready nor valid: no trace line),
// and the tap's stall generator, which only rst_ni resets, steps as it
// does in the first cycle after reset, so a run after reset draws the
// same stalls as before clr_i existed.
module sam_edge #(
  parameter integer Width  = 18,
  parameter integer Depth  = 4,
  parameter integer EdgeId = 0,
  parameter integer Stall  = 1,
  parameter integer FallThrough = 1   // 0: the FIFO's head is registered
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire             clr_i,     // run clear: resets the FIFO
  input  wire [31:0]      cycle_i,   // simulation: stamps the trace lines
  input  wire             dump_i,    // simulation: print the W line
  output wire             moved_o,
  // producer side
  input  wire             up_valid_i,
  output wire             up_ready_o,
  input  wire [Width-1:0] up_data_i,
  // consumer side
  output wire             dn_valid_o,
  input  wire             dn_ready_i,
  output wire [Width-1:0] dn_data_o
);
  wire             fi_valid, fi_ready, fo_valid, fo_ready;
  wire [Width-1:0] fi_data, fo_data;

  sam_fifo #(.Width(Width), .Depth(Depth), .FallThrough(FallThrough)) u_fifo (
    .clk_i(clk_i), .rst_ni(rst_ni && !clr_i),
    .in_valid_i(fi_valid), .in_ready_o(fi_ready), .in_data_i(fi_data),
    .out_valid_o(fo_valid), .out_ready_i(fo_ready), .out_data_o(fo_data)
  );

`ifdef SYNTHESIS
  assign fi_valid   = up_valid_i;
  assign up_ready_o = fi_ready;
  assign fi_data    = up_data_i;
  assign dn_valid_o = fo_valid;
  assign fo_ready   = dn_ready_i;
  assign dn_data_o  = fo_data;
  wire unused_sim = ^{cycle_i, dump_i} ^ (EdgeId != 0) ^ (Stall != 0);
`else
  // In the clear cycle the FIFO is neither ready nor valid for the tap.
  wire fi_ready_run = fi_ready && !clr_i;
  wire fo_valid_run = fo_valid && !clr_i;
  sam_tap #(.Width(Width), .EdgeId(EdgeId), .Stall(Stall)) u_tap (
    .clk_i(clk_i), .rst_ni(rst_ni), .cycle_i(cycle_i),
    .up_valid_i(up_valid_i), .up_ready_o(up_ready_o), .up_data_i(up_data_i),
    .fifo_in_valid_o(fi_valid), .fifo_in_ready_i(fi_ready_run), .fifo_in_data_o(fi_data),
    .fifo_out_valid_i(fo_valid_run), .fifo_out_ready_o(fo_ready), .fifo_out_data_i(fo_data),
    .down_valid_o(dn_valid_o), .down_ready_i(dn_ready_i), .down_data_o(dn_data_o)
  );
  always @(posedge clk_i) begin
    if (dump_i)
      $display("W %0d %0d %0d %0d %0d", EdgeId, up_valid_i, fi_ready, fo_valid, dn_ready_i);
  end
`endif
`ifdef SYNTHESIS
  assign moved_o = (fi_valid & fi_ready) | (dn_valid_o & dn_ready_i);
`else
  assign moved_o = (fi_valid & fi_ready_run) | (dn_valid_o & dn_ready_i);
`endif
endmodule
