// sam_fp_round - normalize, round to nearest even and pack one finite,
// non-zero real number (the last two stages of sam_fp_add and sam_fp_mul,
// the `round_pack` of core/fp.c), in two register stages that load when
// en_i is high: (1) the leading-zero count and the shift amount, (2) the
// shift with guard and sticky bits; rounding and packing follow the second
// register combinationally, so res_o is the result of the value presented
// two enabled cycles before.  With Comb = 1 both stages are wires: res_o
// is the result of the inputs in the same cycle.
//
// The value is sig_i * 2^(exp_i - 127 - (SigWidth - 1)): exp_i is the
// biased exponent the bit SigWidth-1 of sig_i would have.  The leading one
// moves to the top (a leading-zero count), unless the exponent would fall
// below 1: then the shift stops at the subnormal boundary (or turns into a
// right shift that collects the dropped bits as sticky).  The kept
// FracWidth+1 bits round up when guard && (sticky || lsb); the exponent
// field plus the rounded significand is the result, so a carry out of the
// significand moves into the exponent by itself.  All ones in the exponent
// field is infinity.  sig_i must not be zero unless spec_i is set: a
// special result (NaN, infinity, zero) the unit decided early travels
// beside the value through both stages and replaces the rounded one.
//
// Deep = 1 (with Comb = 0) adds six registers for a faster clock, eight
// stages in all: (1) the upper half of the leading-zero count, (2) the
// rest of it, (3) the normalized exponent, (4) the shift amount, (5) its
// clamp and the exponent field (the first register above), (6) the shift
// by whole multiples of 8, (7) the rest of the shift with guard and sticky
// bits (the second register above), (8) the rounding increment; packing
// follows combinationally.  The result is the same function of the inputs.
module sam_fp_round #(
  parameter integer FracWidth = 23,
  parameter integer SigWidth  = 28,
  parameter integer ExpBits   = 11,
  // 1: no registers, res_o follows the inputs combinationally (clk_i and
  // en_i unused); the result is the same function of the inputs.
  parameter integer Comb      = 0,
  // 1: eight register stages instead of two (above)
  parameter integer Deep      = 0
) (
  input  wire                      clk_i,
  input  wire                      en_i,
  input  wire                      sign_i,
  input  wire signed [ExpBits-1:0] exp_i,
  input  wire [SigWidth-1:0]       sig_i,
  input  wire                      spec_i,
  input  wire [FracWidth+8:0]      spec_val_i,
  output wire [FracWidth+8:0]      res_o
);
  localparam integer W  = FracWidth + 9;
  localparam integer XW = 2 * SigWidth + 2;  // sig, then room to shift right
  localparam integer LzW = $clog2(SigWidth + 1);

  // Leading zeros of sig_i, in log2 steps (a tree, not a priority chain):
  // sig_i is padded with ones below to PW = 2^LzW bits; at each step, when
  // the top half of the window is zero the count takes that bit and the
  // window moves down.
  localparam integer PW = 1 << LzW;
  localparam integer LzH = LzW / 2;   // steps LzW-1 .. LzH come first
  localparam integer D = (Deep != 0 && Comb == 0) ? 1 : 0;  // the extra cuts
  localparam integer SideW = W + 2;    // sign, spec, spec_val
  wire [SideW-1:0] side0 = {sign_i, spec_i, spec_val_i};
  reg [LzW-1:0] lz1;
  reg [PW-1:0]  win1;
  integer i;
  always @(*) begin
    win1 = {sig_i, {(PW - SigWidth){1'b1}}};
    lz1 = {LzW{1'b0}};
    for (i = LzW - 1; i >= LzH; i = i - 1)
      if ((win1 >> (PW - (1 << i))) == 0) begin
        lz1[i] = 1'b1;
        win1 = win1 << (1 << i);
      end
  end
  // cut L1 (Deep): half of the count.  Each cut and stage register is a
  // sam_pipe_delay of one stage, or of none where it is left out.
  wire [SideW-1:0] side1_q;
  wire [ExpBits-1:0] exp1_q;
  wire [SigWidth-1:0] sig1_q;
  wire [LzW-1:0] lz1_q;
  wire [PW-1:0] win1_q;
  sam_pipe_delay #(.Width(SideW + ExpBits + SigWidth + LzW + PW), .Stages(D)) u_cut_l1 (
    .clk_i(clk_i), .en_i(en_i), .d_i({side0, exp_i, sig_i, lz1, win1}),
    .q_o({side1_q, exp1_q, sig1_q, lz1_q, win1_q}));
  reg [LzW-1:0] lz;
  reg [PW-1:0]  win;
  integer j;
  always @(*) begin
    win = win1_q;
    lz = lz1_q;
    for (j = LzH - 1; j >= 0; j = j - 1)
      if ((win >> (PW - (1 << j))) == 0) begin
        lz[j] = 1'b1;
        win = win << (1 << j);
      end
  end
  wire unused_win = ^win;
  // cut L2 (Deep): the count
  wire [SideW-1:0] side2_q;
  wire [ExpBits-1:0] exp2_q;
  wire [SigWidth-1:0] sig2_q;
  wire [LzW-1:0] lz2_q;
  sam_pipe_delay #(.Width(SideW + ExpBits + SigWidth + LzW), .Stages(D)) u_cut_l2 (
    .clk_i(clk_i), .en_i(en_i), .d_i({side1_q, exp1_q, sig1_q, lz}),
    .q_o({side2_q, exp2_q, sig2_q, lz2_q}));

  // Normalized exponent; the left shift stops at exponent 1 (subnormal).
  wire signed [ExpBits-1:0] lzx_d = $signed({{(ExpBits - LzW){1'b0}}, lz2_q});
  wire signed [ExpBits-1:0] exp_n_d = exp2_q - lzx_d;
  wire signed [ExpBits-1:0] lim_d   = exp2_q - 1;  // largest shift keeping exp >= 1
  // cut E (Deep): the normalized exponent
  wire [SideW-1:0] side3_q;
  wire [SigWidth-1:0] sig3_q;
  wire signed [ExpBits-1:0] lzx, exp_n, lim;
  sam_pipe_delay #(.Width(SideW + SigWidth + 3 * ExpBits), .Stages(D)) u_cut_e (
    .clk_i(clk_i), .en_i(en_i), .d_i({side2_q, sig2_q, lzx_d, exp_n_d, lim_d}),
    .q_o({side3_q, sig3_q, lzx, exp_n, lim}));
  wire sub_n_d = exp_n < 1;
  wire signed [ExpBits-1:0] sh_d = sub_n_d ? lim : lzx;
  // cut H (Deep): the shift amount
  wire [SideW-1:0] side4_q;
  wire [SigWidth-1:0] sig4_q;
  wire signed [ExpBits-1:0] sh, exp_n4;
  wire sub_n;
  sam_pipe_delay #(.Width(SideW + SigWidth + 2 * ExpBits + 1), .Stages(D)) u_cut_h (
    .clk_i(clk_i), .en_i(en_i), .d_i({side3_q, sig3_q, sh_d, exp_n, sub_n_d}),
    .q_o({side4_q, sig4_q, sh, exp_n4, sub_n}));
  // Right shift (negative sh) is clamped: beyond SigWidth+2 everything is
  // sticky below the guard.
  localparam integer RMaxI = SigWidth + 2;
  localparam signed [ExpBits-1:0] RMax = RMaxI[ExpBits-1:0];
  wire signed [ExpBits-1:0] rs_s = -sh;
  wire [ExpBits-1:0] rs = (rs_s > RMax) ? RMax : rs_s;
  wire [ExpBits-1:0] ls = sh;

  // Exponent field minus one for normals, 0 for subnormals: the hidden bit
  // in q adds the missing one.
  wire [7:0] e1_d = sub_n ? 8'd0 : exp_n4[7:0] - 8'd1;
  wire big_d = exp_n4 > 254;

  // The shift amount is registered; the shift follows in the next stage.
  wire [SigWidth-1:0] sig_a_q;
  wire [ExpBits-1:0]  rs_a_q, ls_a_q;
  wire [7:0] e1_a_q;
  wire right_a_q, big_a_q, sign_a_q, spec_a_q;
  wire [W-1:0] spec_val_a_q;
  sam_pipe_delay #(.Width(SideW + SigWidth + 2 * ExpBits + 10), .Stages(1 - Comb)) u_stage_a (
    .clk_i(clk_i), .en_i(en_i),
    .d_i({side4_q, sig4_q, rs, ls, sh[ExpBits-1], e1_d, big_d}),
    .q_o({sign_a_q, spec_a_q, spec_val_a_q, sig_a_q, rs_a_q, ls_a_q, right_a_q, e1_a_q, big_a_q}));

  // Deep: the shift in two steps, whole multiples of 8, then the rest;
  // otherwise one step.
  wire [XW-1:0] ext = {sig_a_q, {(SigWidth + 2){1'b0}}};
  wire [XW-1:0] crs = (D == 0) ? ext :
                      right_a_q ? (ext >> {rs_a_q[ExpBits-1:3], 3'b000})
                                : (ext << {ls_a_q[ExpBits-1:3], 3'b000});
  wire [ExpBits-1:0] rs_f = (D == 0) ? rs_a_q : {{(ExpBits - 3){1'b0}}, rs_a_q[2:0]};
  wire [ExpBits-1:0] ls_f = (D == 0) ? ls_a_q : {{(ExpBits - 3){1'b0}}, ls_a_q[2:0]};
  // cut S (Deep): the coarse shift
  wire [XW-1:0] crs_q;
  wire [ExpBits-1:0] rs_s_q, ls_s_q;
  wire [7:0] e1_s_q;
  wire right_s_q, big_s_q, sign_s_q, spec_s_q;
  wire [W-1:0] spec_val_s_q;
  sam_pipe_delay #(.Width(XW + 2 * ExpBits + 12 + W), .Stages(D)) u_cut_s (
    .clk_i(clk_i), .en_i(en_i),
    .d_i({crs, rs_f, ls_f, e1_a_q, right_a_q, big_a_q, sign_a_q, spec_a_q, spec_val_a_q}),
    .q_o({crs_q, rs_s_q, ls_s_q, e1_s_q, right_s_q, big_s_q, sign_s_q, spec_s_q, spec_val_s_q}));
  wire [XW-1:0] nrm = right_s_q ? (crs_q >> rs_s_q) : (crs_q << ls_s_q);

  wire [FracWidth:0] q_d = nrm[XW-1 -: FracWidth + 1];
  wire guard_d  = nrm[XW-2-FracWidth];
  wire sticky_d = |nrm[XW-3-FracWidth:0];

  wire [FracWidth:0] q_q;
  wire [7:0] e1_q;
  wire guard_q, sticky_q, big_q, sign_q, spec_q;
  wire [W-1:0] spec_val_q;
  sam_pipe_delay #(.Width(1 + W + FracWidth + 1 + 8 + 4), .Stages(1 - Comb)) u_stage_b (
    .clk_i(clk_i), .en_i(en_i),
    .d_i({spec_s_q, spec_val_s_q, q_d, e1_s_q, guard_d, sticky_d, big_s_q, sign_s_q}),
    .q_o({spec_q, spec_val_q, q_q, e1_q, guard_q, sticky_q, big_q, sign_q}));

  // Round; cut P (Deep): the rounded bits; then pack.
  wire up = guard_q && (sticky_q || q_q[0]);
  wire [W-1:0] bits_d = {1'b0, e1_q, {FracWidth{1'b0}}} + {{(W-FracWidth-1){1'b0}}, q_q}
                        + {{(W-1){1'b0}}, up};
  wire [W-1:0] bits, spec_val_p;
  wire big_p, sign_p, spec_p;
  sam_pipe_delay #(.Width(2 * W + 3), .Stages(D)) u_cut_p (
    .clk_i(clk_i), .en_i(en_i), .d_i({bits_d, spec_val_q, big_q, sign_q, spec_q}),
    .q_o({bits, spec_val_p, big_p, sign_p, spec_p}));
  wire ovf = big_p || (bits[W-2:FracWidth] == 8'hFF);
  assign res_o = spec_p ? spec_val_p :
                 ovf ? {sign_p, 8'hFF, {FracWidth{1'b0}}} : {sign_p, bits[W-2:0]};

  wire unused_bits = bits[W-1];
endmodule
