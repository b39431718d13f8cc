// sam_crdvals - the value forms of crddrop and crdhold (`crddrop/crdhold
// outer=i inner=vals`): the inner stream is the value stream of the same
// level as the outer coordinates, so the two streams have the same shape
// and move in lockstep, one pair per cycle.
//   Drop = 1 (crddrop): a coordinate/value pair whose value is a data token
//            with payload 0 is removed from both outputs (SAM paper Def.
//            3.9); every other pair, stops and D pass on both.
//   Drop = 0 (crdhold): every pair passes unchanged (the held coordinate of
//            a value is the coordinate itself).
// Timing: one pair per cycle; both outputs are registered; the input readies
// depend combinationally on both input valids and the output readies.
`include "sam_token.vh"

module sam_crdvals #(
  parameter integer CrdWidth = 16,
  parameter integer ValWidth = 32,
  parameter integer Drop     = 1
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                in_outer_valid_i,
  output wire                in_outer_ready_o,
  input  wire [CrdWidth+1:0] in_outer_data_i,
  input  wire                in_val_valid_i,
  output wire                in_val_ready_o,
  input  wire [ValWidth+1:0] in_val_data_i,
  output wire                out_outer_valid_o,
  input  wire                out_outer_ready_i,
  output wire [CrdWidth+1:0] out_outer_data_o,
  output wire                out_val_valid_o,
  input  wire                out_val_ready_i,
  output wire [ValWidth+1:0] out_val_data_o
);
  reg                ov_q, vv_q;
  reg [CrdWidth+1:0] o_q;
  reg [ValWidth+1:0] v_q;

  // Both output registers must have room: a pair never leaves half-sent.
  wire free = (!ov_q || out_outer_ready_i) && (!vv_q || out_val_ready_i);
  wire fire = in_outer_valid_i && in_val_valid_i && free;
  wire zero = (in_val_data_i[ValWidth+1:ValWidth] == `SG_TK_DATA) &&
              (in_val_data_i[ValWidth-1:0] == {ValWidth{1'b0}});
  wire emit = fire && !((Drop != 0) && zero);

  assign in_outer_ready_o = in_val_valid_i && free;
  assign in_val_ready_o   = in_outer_valid_i && free;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      ov_q <= 1'b0;
      vv_q <= 1'b0;
      o_q <= {`SG_TK_DATA, {CrdWidth{1'b0}}};
      v_q <= {`SG_TK_DATA, {ValWidth{1'b0}}};
    end else begin
      if (emit) begin
        ov_q <= 1'b1;
        o_q <= in_outer_data_i;
      end else if (out_outer_ready_i) begin
        ov_q <= 1'b0;
      end
      if (emit) begin
        vv_q <= 1'b1;
        v_q <= in_val_data_i;
      end else if (out_val_ready_i) begin
        vv_q <= 1'b0;
      end
    end
  end

  assign out_outer_valid_o = ov_q;
  assign out_outer_data_o  = o_q;
  assign out_val_valid_o   = vv_q;
  assign out_val_data_o    = v_q;
endmodule
