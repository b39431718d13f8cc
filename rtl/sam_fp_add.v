// sam_fp_add - pipelined floating-point adder and subtracter, bit for bit
// the C model core/fp.c (sg_fp_f32_add/sub, sg_fp_bf16_add/sub).
//
// FracWidth selects the format: 23 fp32, 7 bf16 (8-bit exponent, bias 127
// in both).  in_op_i selects the operation per token: 0 a + b, 1 a - b.
// Round to nearest even, subnormals kept, every NaN result the canonical
// quiet NaN, exact cancellation +0, -0 only for -0 + -0.
//
// Five stages (Latency = 5 cycles from input handshake to out_valid_o):
//   1 unpack, special cases, order by magnitude, align the smaller operand
//     with the bits shifted out ORed into a sticky bit (3 bits below the
//     significand: guard, round, sticky)
//   2 add or subtract the magnitudes
//   3 leading-zero count, shift amount (sam_fp_round)
//   4 normalizing shift with guard and sticky bits (sam_fp_round)
//   5 round, pack (sam_fp_round), or the special result
// A valid bit per stage; the whole pipeline stalls while out_valid_o is
// held against a low out_ready_i, so in_ready_o = !out_valid_o ||
// out_ready_i and a token per cycle flows when the output is ready.
//
// Latency = 14 cuts the same steps into fourteen stages, each short
// enough for about 100 MHz on an iCE40 (sam_alu uses it):
//   1 unpack, special cases, magnitude compare
//   2 order the operands, exponent difference
//   3 align by whole multiples of 4 (a difference beyond the significand
//     leaves only the sticky bit)
//   4 align by the rest, sticky bit
//   5 add or subtract the magnitudes
//   6-13 sam_fp_round with Deep = 1: leading-zero count in two halves,
//     normalized exponent, shift amount, its clamp, normalizing shift in
//     two steps, rounding increment
//  14 pack, or the special result
//
// Latency = 0 removes every register: the same steps are one
// combinational path, out_data_o is the result of the operands in the same
// cycle, out_valid_o = in_valid_i and in_ready_o = out_ready_i (clk_i and
// rst_ni unused).  The reducers' accumulation loops use it, so that a
// running sum takes one token per cycle (at a lower clock).  Latency 5, the
// default, is the pipeline above; no values but 0, 5 and 14 are accepted.
// All three compute the same function.
module sam_fp_add #(
  parameter integer FracWidth = 23,
  parameter integer Latency   = 5
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
  localparam integer F  = FracWidth;
  localparam integer W  = F + 9;
  localparam integer SW = F + 5;   // carry, hidden bit, F, guard, round, sticky
  localparam [W-1:0] Nan = {1'b0, 8'hFF, 1'b1, {(F-1){1'b0}}};

  localparam integer Comb = (Latency == 0) ? 1 : 0;
  localparam integer Fast = (Latency == 14) ? 1 : 0;  // cuts A, B, C, deep rounding
  wire adv;
  generate
    if (Latency != 0 && Latency != 5 && Latency != 14) begin : g_bad_latency
      // Only 0, 5 and 14 exist: an unknown module stops elaboration.
      sam_fp_add_latency_must_be_0_5_or_14 u_bad ();
    end
    if (Comb != 0) begin : g_comb_valid
      assign adv = 1'b1;
      assign out_valid_o = in_valid_i;
      assign in_ready_o = out_ready_i;
      wire unused_rst = rst_ni;
    end else begin : g_pipe_valid
      sam_pipe_valid #(.Stages(Latency)) u_valid (
        .clk_i(clk_i), .rst_ni(rst_ni), .in_valid_i(in_valid_i),
        .out_ready_i(out_ready_i), .adv_o(adv), .out_valid_o(out_valid_o)
      );
      assign in_ready_o = adv;
    end
  endgenerate

  // ---- stage 1: unpack, special cases, order, align ----
  wire [W-1:0] a_in = in_a_i;
  wire [W-1:0] b_in = {in_b_i[W-1] ^ in_op_i, in_b_i[W-2:0]};
  wire [7:0] ae = a_in[W-2:F], be = b_in[W-2:F];
  wire [F-1:0] af = a_in[F-1:0], bf = b_in[F-1:0];
  wire a_nan = (ae == 8'hFF) && (af != 0), b_nan = (be == 8'hFF) && (bf != 0);
  wire a_inf = (ae == 8'hFF) && (af == 0), b_inf = (be == 8'hFF) && (bf == 0);
  wire a_zero = (a_in[W-2:0] == 0), b_zero = (b_in[W-2:0] == 0);

  reg         spec_d;   // the result is a special value, spec_val_d
  reg [W-1:0] spec_val_d;
  always @(*) begin
    spec_d = 1'b1;
    spec_val_d = Nan;
    if (a_nan || b_nan || (a_inf && b_inf && (a_in[W-1] != b_in[W-1]))) spec_val_d = Nan;
    else if (a_inf) spec_val_d = a_in;
    else if (b_inf) spec_val_d = b_in;
    else if (a_zero && b_zero) spec_val_d = {a_in[W-1] & b_in[W-1], {(W-1){1'b0}}};
    else spec_d = 1'b0;
  end
  wire swap_d = a_in[W-2:0] < b_in[W-2:0];

  // cut A (Latency 14): the operands, their order and the special result
  // (each cut and stage register is a sam_pipe_delay of one stage, or of
  // none where the latency leaves it out)
  wire [W-1:0] a, b, spec_val_a;
  wire swap, spec_a;
  sam_pipe_delay #(.Width(3 * W + 2), .Stages(Fast)) u_cut_a (
    .clk_i(clk_i), .en_i(adv), .d_i({a_in, b_in, spec_val_d, swap_d, spec_d}),
    .q_o({a, b, spec_val_a, swap, spec_a}));

  // x: the operand of larger magnitude.
  wire [W-1:0] x = swap ? b : a;
  wire [W-1:0] y = swap ? a : b;
  wire [7:0] xe_d = (x[W-2:F] == 0) ? 8'd1 : x[W-2:F];
  wire [7:0] ye = (y[W-2:F] == 0) ? 8'd1 : y[W-2:F];
  wire [F:0] xs_d = {x[W-2:F] != 0, x[F-1:0]};
  wire [F:0] ys_d = {y[W-2:F] != 0, y[F-1:0]};
  wire [7:0] d_d = xe_d - ye;
  // cut B (Latency 14): the ordered significands, the exponent difference
  wire [W-1:0] spec_val_b;
  wire spec_b, sign_b, sub_b;
  wire [7:0] xe_b, d;
  wire [F:0] xs_b, ys;
  sam_pipe_delay #(.Width(W + 3 + 16 + 2 * (F + 1)), .Stages(Fast)) u_cut_b (
    .clk_i(clk_i), .en_i(adv),
    .d_i({spec_val_a, spec_a, x[W-1], x[W-1] != y[W-1], xe_d, d_d, xs_d, ys_d}),
    .q_o({spec_val_b, spec_b, sign_b, sub_b, xe_b, d, xs_b, ys}));
  // y with 3 extra low bits, then room for shifting out up to SW bits; the
  // shift by whole multiples of 4 first (d below 32), then the rest.  A
  // difference above SW leaves only the sticky bit: the OR of all of y.
  localparam integer AW = 2 * SW;
  wire [AW-1:0] y_ext = {1'b0, ys, 3'b000, {SW{1'b0}}};
  wire far_d = d > SW[7:0];
  wire [AW-1:0] y_c_d = y_ext >> {d[4:2], 2'b00};
  // cut C (Latency 14): the coarse alignment
  wire [W-1:0] spec_val_c;
  wire spec_c, sign_c, sub_c;
  wire [7:0] xe;
  wire [F:0] xs;
  wire [AW-1:0] y_c;
  wire [1:0] dc_c;
  wire far;
  sam_pipe_delay #(.Width(W + 3 + 8 + F + 1 + AW + 3), .Stages(Fast)) u_cut_c (
    .clk_i(clk_i), .en_i(adv),
    .d_i({spec_val_b, spec_b, sign_b, sub_b, xe_b, xs_b, y_c_d, d[1:0], far_d}),
    .q_o({spec_val_c, spec_c, sign_c, sub_c, xe, xs, y_c, dc_c, far}));
  wire [AW-1:0] y_sh = y_c >> dc_c;
  wire [SW-1:0] y_al = far ? {{(SW-1){1'b0}}, |y_c}
                           : {y_sh[AW-1:SW+1], y_sh[SW] | (|y_sh[SW-1:0])};

  wire         spec1_q, sign1_q, sub1_q;
  wire [W-1:0] spec_val1_q;
  wire [7:0]   xe1_q;
  wire [SW-1:0] x1_q, y1_q;
  sam_pipe_delay #(.Width(W + 11 + 2 * SW), .Stages(1 - Comb)) u_stage1 (
    .clk_i(clk_i), .en_i(adv),
    .d_i({spec_c, spec_val_c, sign_c, sub_c, xe, {1'b0, xs, 3'b000}, y_al}),
    .q_o({spec1_q, spec_val1_q, sign1_q, sub1_q, xe1_q, x1_q, y1_q}));

  // ---- stage 2: add or subtract the magnitudes ----
  wire [SW-1:0] s_d = sub1_q ? x1_q - y1_q : x1_q + y1_q;

  wire         spec2_q, sign2_q;
  wire [W-1:0] spec_val2_q;
  wire [7:0]   xe2_q;
  wire [SW-1:0] s2_q;
  sam_pipe_delay #(.Width(W + 10 + SW), .Stages(1 - Comb)) u_stage2 (
    .clk_i(clk_i), .en_i(adv), .d_i({spec1_q, spec_val1_q, sign1_q, xe1_q, s_d}),
    .q_o({spec2_q, spec_val2_q, sign2_q, xe2_q, s2_q}));

  // ---- stages 3 and 4: normalize (registers inside sam_fp_round) ----
  // ---- stage 5: round, pack, or the special result ----
  // The sum's top bit (the carry) has exponent xe + 1.  A zero sum (exact
  // cancellation) is +0, passed on like a special result.
  wire [W-1:0] rounded;
  sam_fp_round #(.FracWidth(F), .SigWidth(SW), .ExpBits(11), .Comb(Comb),
                 .Deep(Fast)) u_round (
    .clk_i(clk_i), .en_i(adv), .sign_i(sign2_q), .exp_i({3'b000, xe2_q} + 11'sd1),
    .sig_i(s2_q), .spec_i(spec2_q || (s2_q == 0)),
    .spec_val_i(spec2_q ? spec_val2_q : {W{1'b0}}), .res_o(rounded));

  sam_pipe_delay #(.Width(W), .Stages(1 - Comb)) u_out (
    .clk_i(clk_i), .en_i(adv), .d_i(rounded), .q_o(out_data_o));
endmodule
