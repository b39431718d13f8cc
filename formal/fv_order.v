// fv_order - scoreboard of a stream element that passes tokens through
// unchanged (a FIFO, a pipeline): counts the tokens inside and follows one
// arbitrary token.  ASSERTS, out of reset:
//   * no token leaves that did not enter (out_fire with none inside and
//     none entering);
//   * at most Cap tokens are inside;
//   * the followed token (track_i high in the cycle it enters) leaves with
//     the data it entered with, after exactly the tokens that were inside
//     ahead of it: no token dropped, duplicated or reordered.
// Formal only.
module fv_order #(
  parameter integer Width = 18,
  parameter integer Cap   = 2
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire             in_fire_i,
  input  wire [Width-1:0] in_data_i,
  input  wire             out_fire_i,
  input  wire [Width-1:0] out_data_i,
  input  wire             track_i,
  output wire [3:0]       occ_o
);
  reg             init_q = 1'b1;
  reg [3:0]       occ_q;
  reg             armed_q;
  reg [3:0]       ahead_q;
  reg [Width-1:0] tdata_q;
  assign occ_o = occ_q;

  // the followed token enters now and leaves in the same cycle (Depth 0)
  wire through = track_i && in_fire_i && !armed_q && occ_q == 4'd0 && out_fire_i;

  always @(posedge clk_i) begin
    init_q <= 1'b0;
    if (!rst_ni) begin
      occ_q   <= 4'd0;
      armed_q <= 1'b0;
    end else begin
      occ_q <= occ_q + {3'd0, in_fire_i} - {3'd0, out_fire_i};
      if (armed_q && out_fire_i) begin
        if (ahead_q == 4'd0) armed_q <= 1'b0;
        else ahead_q <= ahead_q - 4'd1;
      end
      if (!armed_q && track_i && in_fire_i && !through) begin
        armed_q <= 1'b1;
        ahead_q <= occ_q - {3'd0, out_fire_i};
        tdata_q <= in_data_i;
      end
    end
  end

  always @(*) begin
    if (!init_q && rst_ni) begin
      assert (!(out_fire_i && occ_q == 4'd0 && !in_fire_i));
      assert (occ_q <= Cap);
      if (armed_q) assert (ahead_q < occ_q);
      if (armed_q && out_fire_i && ahead_q == 4'd0) assert (out_data_i == tdata_q);
      if (through) assert (out_data_i == in_data_i);
    end
  end
endmodule
