// fv_edge - proof wrapper of sam_edge as synthesized (SYNTHESIS: the
// FIFO alone; Width 3, Depth set by the driver).  Assumes a well-behaved producer;
// asserts the stream contract on the consumer side and the scoreboard of
// fv_order (no token dropped, duplicated or reordered, at most Depth
// inside), and that moved_o is high exactly when a token enters or leaves.
module fv_edge #(
  parameter integer Width = 3,
  parameter integer Depth = 2
) (
  input wire             clk_i,
  input wire             rst_ni,
  input wire [31:0]      cycle_i,
  input wire             dump_i,
  input wire             up_valid_i,
  input wire [Width-1:0] up_data_i,
  input wire             dn_ready_i,
  input wire             track_i
);
  wire             up_ready, dn_valid, moved;
  wire [Width-1:0] dn_data;
  wire [3:0]       occ;

  // clr_i (the run clear) is a second reset; the proof is of one run
  sam_edge #(.Width(Width), .Depth(Depth)) dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .clr_i(1'b0), .cycle_i(cycle_i), .dump_i(dump_i),
    .moved_o(moved),
    .up_valid_i(up_valid_i), .up_ready_o(up_ready), .up_data_i(up_data_i),
    .dn_valid_o(dn_valid), .dn_ready_i(dn_ready_i), .dn_data_o(dn_data)
  );

  fv_in  #(.Width(Width)) env (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(up_valid_i), .ready_i(up_ready), .data_i(up_data_i));
  // the edge's FIFO falls through: an arriving token is offered at once
  fv_out #(.Width(Width), .Comb(1)) chk (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(dn_valid), .ready_i(dn_ready_i), .data_i(dn_data));
  fv_order #(.Width(Width), .Cap(Depth)) sb (.clk_i(clk_i), .rst_ni(rst_ni),
    .in_fire_i(up_valid_i && up_ready), .in_data_i(up_data_i),
    .out_fire_i(dn_valid && dn_ready_i), .out_data_i(dn_data),
    .track_i(track_i), .occ_o(occ));
  always @(*) assert (moved == ((up_valid_i && up_ready) || (dn_valid && dn_ready_i)));
endmodule
