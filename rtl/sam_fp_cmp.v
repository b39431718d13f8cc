// sam_fp_cmp - floating-point maximum or minimum, bit for bit the C model
// core/fp.c (sg_fp_*_max, sg_fp_*_min): IEEE 754-2019 maximum/minimum, a
// NaN operand gives the canonical quiet NaN, -0 < +0, otherwise the
// operand itself.
//
// FracWidth selects the format: 23 fp32, 7 bf16.  in_op_i per token: 0
// maximum, 1 minimum.  The order is that of an unsigned key (negative
// numbers bit-inverted, positive ones with the sign bit set), one compare.
// Latency 1 (the default): one registered stage.  Latency 2, for a faster
// clock: (1) the keys compared in two halves (the upper half greater,
// equal; the lower half greater or equal), (2) the halves combined, the
// choice.  A token per cycle either way; the stages stall as a whole
// (sam_pipe_valid), in_ready_o = !out_valid_o || out_ready_i.
module sam_fp_cmp #(
  parameter integer FracWidth = 23,
  parameter integer Latency   = 1
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire                 in_valid_i,
  output wire                 in_ready_o,
  input  wire [FracWidth+8:0] in_a_i,
  input  wire [FracWidth+8:0] in_b_i,
  input  wire                 in_op_i,
  output wire                 out_valid_o,
  input  wire                 out_ready_i,
  output wire [FracWidth+8:0] out_data_o
);
  localparam integer F = FracWidth;
  localparam integer W = F + 9;
  localparam [W-1:0] Nan = {1'b0, 8'hFF, 1'b1, {(F-1){1'b0}}};

  localparam integer H = W / 2;   // the lower half of the key
  wire adv;
  generate
    if (Latency != 1 && Latency != 2) begin : g_bad_latency
      sam_fp_cmp_latency_must_be_1_or_2 u_bad ();
    end
  endgenerate
  sam_pipe_valid #(.Stages(Latency)) u_valid (
    .clk_i(clk_i), .rst_ni(rst_ni), .in_valid_i(in_valid_i),
    .out_ready_i(out_ready_i), .adv_o(adv), .out_valid_o(out_valid_o)
  );
  assign in_ready_o = adv;

  wire [W-1:0] a_d = in_a_i, b_d = in_b_i;
  wire nan_d = ((a_d[W-2:F] == 8'hFF) && (a_d[F-1:0] != 0)) ||
               ((b_d[W-2:F] == 8'hFF) && (b_d[F-1:0] != 0));
  wire [W-1:0] ka = a_d[W-1] ? ~a_d : {1'b1, a_d[W-2:0]};
  wire [W-1:0] kb = b_d[W-1] ? ~b_d : {1'b1, b_d[W-2:0]};
  wire gt_hi_d = ka[W-1:H] > kb[W-1:H];
  wire eq_hi_d = ka[W-1:H] == kb[W-1:H];
  wire ge_lo_d = ka[H-1:0] >= kb[H-1:0];
  // cut (Latency 2): the operands and the halves' comparisons
  reg [W-1:0] a, b;
  reg nan, gt_hi, eq_hi, ge_lo, op;
  generate
    if (Latency == 2) begin : g_cut
      always @(posedge clk_i) if (adv)
        {a, b, nan, gt_hi, eq_hi, ge_lo, op} <= {a_d, b_d, nan_d, gt_hi_d, eq_hi_d, ge_lo_d, in_op_i};
    end else begin : g_wire
      always @(*) {a, b, nan, gt_hi, eq_hi, ge_lo, op} = {a_d, b_d, nan_d, gt_hi_d, eq_hi_d, ge_lo_d, in_op_i};
    end
  endgenerate
  wire a_ge = gt_hi || (eq_hi && ge_lo);
  // max takes a when a >= b, min when a < b.
  wire take_a = a_ge ^ op;
  wire [W-1:0] res_d = nan ? Nan : take_a ? a : b;

  reg [W-1:0] data_q;
  always @(posedge clk_i) if (adv) data_q <= res_d;
  assign out_data_o = data_q;
endmodule
