// sam_fp_cmp - floating-point maximum or minimum, bit for bit the C model
// core/fp.c (sg_fp_*_max, sg_fp_*_min): IEEE 754-2019 maximum/minimum, a
// NaN operand gives the canonical quiet NaN, -0 < +0, otherwise the
// operand itself.
//
// FracWidth selects the format: 23 fp32, 7 bf16.  in_op_i per token: 0
// maximum, 1 minimum.  The order is that of an unsigned key (negative
// numbers bit-inverted, positive ones with the sign bit set), one compare.
// One registered stage (Latency = 1); in_ready_o = !out_valid_o ||
// out_ready_i, a token per cycle.
module sam_fp_cmp #(
  parameter integer FracWidth = 23
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

  reg valid_q;
  reg [W-1:0] data_q;
  wire adv = !valid_q || out_ready_i;
  assign in_ready_o  = adv;
  assign out_valid_o = valid_q;
  assign out_data_o  = data_q;

  wire [W-1:0] a = in_a_i, b = in_b_i;
  wire a_nan = (a[W-2:F] == 8'hFF) && (a[F-1:0] != 0);
  wire b_nan = (b[W-2:F] == 8'hFF) && (b[F-1:0] != 0);
  wire [W-1:0] ka = a[W-1] ? ~a : {1'b1, a[W-2:0]};
  wire [W-1:0] kb = b[W-1] ? ~b : {1'b1, b[W-2:0]};
  wire a_ge = ka >= kb;
  // max takes a when a >= b, min when a < b.
  wire take_a = a_ge ^ in_op_i;
  wire [W-1:0] res_d = (a_nan || b_nan) ? Nan : take_a ? a : b;

  always @(posedge clk_i) begin
    if (!rst_ni) valid_q <= 1'b0;
    else if (adv) valid_q <= in_valid_i;
  end
  always @(posedge clk_i) if (adv) data_q <= res_d;
endmodule
