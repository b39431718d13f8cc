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
module sam_fp_round #(
  parameter integer FracWidth = 23,
  parameter integer SigWidth  = 28,
  parameter integer ExpBits   = 11,
  // 1: no registers, res_o follows the inputs combinationally (clk_i and
  // en_i unused); the result is the same function of the inputs.
  parameter integer Comb      = 0
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
  reg [LzW-1:0] lz;
  reg [PW-1:0]  win;
  integer i;
  always @(*) begin
    win = {sig_i, {(PW - SigWidth){1'b1}}};
    lz = {LzW{1'b0}};
    for (i = LzW - 1; i >= 0; i = i - 1)
      if ((win >> (PW - (1 << i))) == 0) begin
        lz[i] = 1'b1;
        win = win << (1 << i);
      end
  end

  // Normalized exponent; the left shift stops at exponent 1 (subnormal).
  wire signed [ExpBits-1:0] lzx = $signed({{(ExpBits - LzW){1'b0}}, lz});
  wire signed [ExpBits-1:0] exp_n = exp_i - lzx;
  wire signed [ExpBits-1:0] lim   = exp_i - 1;  // largest shift keeping exp >= 1
  wire sub_n = exp_n < 1;
  wire signed [ExpBits-1:0] sh = sub_n ? lim : lzx;
  // Right shift (negative sh) is clamped: beyond SigWidth+2 everything is
  // sticky below the guard.
  localparam integer RMaxI = SigWidth + 2;
  localparam signed [ExpBits-1:0] RMax = RMaxI[ExpBits-1:0];
  wire signed [ExpBits-1:0] rs_s = -sh;
  wire [ExpBits-1:0] rs = (rs_s > RMax) ? RMax : rs_s;
  wire [ExpBits-1:0] ls = sh;

  // Exponent field minus one for normals, 0 for subnormals: the hidden bit
  // in q adds the missing one.
  wire [7:0] e1_d = sub_n ? 8'd0 : exp_n[7:0] - 8'd1;
  wire big_d = exp_n > 254;

  // The shift amount is registered; the shift follows in the next stage.
  reg [SigWidth-1:0] sig_a_q;
  reg [ExpBits-1:0]  rs_a_q, ls_a_q;
  reg [7:0] e1_a_q;
  reg right_a_q, big_a_q, sign_a_q, spec_a_q;
  reg [W-1:0] spec_val_a_q;
  generate
    if (Comb != 0) begin : g_comb_a
      always @(*) begin
        spec_a_q     = spec_i;
        spec_val_a_q = spec_val_i;
        sig_a_q   = sig_i;
        rs_a_q    = rs;
        ls_a_q    = ls;
        right_a_q = sh[ExpBits-1];
        e1_a_q    = e1_d;
        big_a_q   = big_d;
        sign_a_q  = sign_i;
      end
      wire unused_clk = ^{clk_i, en_i};
    end else begin : g_reg_a
      always @(posedge clk_i) begin
        if (en_i) begin
          spec_a_q     <= spec_i;
          spec_val_a_q <= spec_val_i;
          sig_a_q   <= sig_i;
          rs_a_q    <= rs;
          ls_a_q    <= ls;
          right_a_q <= sh[ExpBits-1];
          e1_a_q    <= e1_d;
          big_a_q   <= big_d;
          sign_a_q  <= sign_i;
        end
      end
    end
  endgenerate

  wire [XW-1:0] ext = {sig_a_q, {(SigWidth + 2){1'b0}}};
  wire [XW-1:0] nrm = right_a_q ? (ext >> rs_a_q) : (ext << ls_a_q);

  wire [FracWidth:0] q_d = nrm[XW-1 -: FracWidth + 1];
  wire guard_d  = nrm[XW-2-FracWidth];
  wire sticky_d = |nrm[XW-3-FracWidth:0];

  reg [FracWidth:0] q_q;
  reg [7:0] e1_q;
  reg guard_q, sticky_q, big_q, sign_q, spec_q;
  reg [W-1:0] spec_val_q;
  generate
    if (Comb != 0) begin : g_comb_b
      always @(*) begin
        spec_q     = spec_a_q;
        spec_val_q = spec_val_a_q;
        q_q      = q_d;
        e1_q     = e1_a_q;
        guard_q  = guard_d;
        sticky_q = sticky_d;
        big_q    = big_a_q;
        sign_q   = sign_a_q;
      end
    end else begin : g_reg_b
      always @(posedge clk_i) begin
        if (en_i) begin
          spec_q     <= spec_a_q;
          spec_val_q <= spec_val_a_q;
          q_q      <= q_d;
          e1_q     <= e1_a_q;
          guard_q  <= guard_d;
          sticky_q <= sticky_d;
          big_q    <= big_a_q;
          sign_q   <= sign_a_q;
        end
      end
    end
  endgenerate

  // Round and pack.
  wire up = guard_q && (sticky_q || q_q[0]);
  wire [W-1:0] bits = {1'b0, e1_q, {FracWidth{1'b0}}} + {{(W-FracWidth-1){1'b0}}, q_q}
                      + {{(W-1){1'b0}}, up};
  wire ovf = big_q || (bits[W-2:FracWidth] == 8'hFF);
  assign res_o = spec_q ? spec_val_q :
                 ovf ? {sign_q, 8'hFF, {FracWidth{1'b0}}} : {sign_q, bits[W-2:0]};

  wire unused_bits = bits[W-1];
endmodule
