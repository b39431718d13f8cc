// sam_alu - value ALU.  Op is the sg_alu_op number of graph/graph.h:
// 0 mul, 1 add, 2 sub (in_val0 - in_val1), 3 max, 4 min (binary), 5 smax
// (max(a, Const)), 6 smul (a * Const), 7 exp (one input, in_val0 only;
// real numbers only), 8 div (in_val0 / in_val1, real numbers only).
// ValWidth-bit wrapping two's complement; N counts as 0.  Integer mul and
// smul take three cycles (a pipelined multiplier, below), the other
// integer ops one.
//
// Binary ops consume the two inputs pairwise: two numbers give the result,
// two control tokens give the first one (equal stops, D).  A misaligned pair
// (control token against a number) consumes only the number and emits 0
// (mul), the negated number (a lone subtrahend of sub: 0 - b) or the
// number (other ops), as the golden model does.  One registered
// output stage (integer add, sub, max, min, smax) or the multiplier's
// three, one token per cycle; in ready = the output register is free or
// taken (the whole pipeline moves then).
//
// ValType 1 (fp32, ValWidth 32) or 2 (bf16, ValWidth 16): the values are
// real numbers and every op is the C model's (core/fp.h: sg_fp_mul, add,
// sub, div, max, min; smax and smul with Const as the operand's bit
// pattern), bit for bit; N counts as +0.  Two numbers go through the fp
// unit (mul, smul: sam_fp_mul, 5 stages; add, sub: sam_fp_add with
// Latency 14; div: sam_fp_div, 17 stages for fp32, 9 for bf16; exp:
// sam_fp_exp, 10 stages; max, min, smax: sam_fp_cmp with Latency 2); a token that passes (control tokens, a number
// against a control token) travels beside them in a register per stage, so
// the output keeps token order.  The whole pipeline moves when its last
// stage is empty or taken: one token per cycle while the output is ready,
// every token held while it is not; in ready = that move condition.
// ValType 0 (the default) is the integer ALU above; it has no exp or div
// (Op 7 and 8 stop elaboration there).
`include "sam_token.vh"

module sam_alu #(
  parameter integer ValWidth = 32,
  parameter integer Op       = 0,
  parameter integer ValType  = 0,   // 0 integer, 1 fp32, 2 bf16
  parameter [ValWidth-1:0] Const = {ValWidth{1'b0}}
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                in_val0_valid_i,
  output wire                in_val0_ready_o,
  input  wire [ValWidth+1:0] in_val0_data_i,
  input  wire                in_val1_valid_i,
  output wire                in_val1_ready_o,
  input  wire [ValWidth+1:0] in_val1_data_i,
  output wire                out_val_valid_o,
  input  wire                out_val_ready_i,
  output wire [ValWidth+1:0] out_val_data_o
);
  localparam integer OpMul = 0, OpAdd = 1, OpSub = 2, OpMax = 3, OpMin = 4,
                     OpSmax = 5, OpSmul = 6, OpExp = 7, OpDiv = 8;
  localparam [0:0] OneInput = (Op == OpSmax) || (Op == OpSmul) || (Op == OpExp);
  localparam [ValWidth-1:0] Zero = {ValWidth{1'b0}};

  localparam [0:0] IsFp = ValType != 0;
  wire out_free;

  wire [1:0] at = in_val0_data_i[ValWidth+1:ValWidth];
  wire [1:0] bt = in_val1_data_i[ValWidth+1:ValWidth];
  wire a_num = (at == `SG_TK_DATA) || (at == `SG_TK_EMPTY);
  wire b_num = (bt == `SG_TK_DATA) || (bt == `SG_TK_EMPTY);
  // Payloads are used as they come: N's payload is 0 (sam_token.vh), so N
  // counts as 0 without a mask in front of the adder or comparator, and a
  // control token's payload only matters where the token passes through.
  wire signed [ValWidth-1:0] a    = in_val0_data_i[ValWidth-1:0];
  wire signed [ValWidth-1:0] b_in = in_val1_data_i[ValWidth-1:0];
  wire signed [ValWidth-1:0] b    = OneInput ? Const : b_in;
  localparam [0:0] IsMinMax = (Op == OpMax) || (Op == OpMin) || (Op == OpSmax);

  // max/min pick an operand: a_wins is the one compare, and the output
  // multiplexer selects a or b directly (no result bus in between).
  // The signed compare is an unsigned one of the operands with their sign
  // bits flipped, so the carry chain's last carry is the answer.
  localparam [ValWidth-1:0] SignBit = {1'b1, {(ValWidth-1){1'b0}}};
  wire [ValWidth-1:0] a_u = a ^ SignBit;
  wire [ValWidth-1:0] b_u = b ^ SignBit;
  // a wins when x > y: (a, b) for max, (b, a) for min.  The compare is
  // split in halves side by side (the upper half decides unless it is
  // equal), which halves the carry chain.
  localparam integer Hw = ValWidth / 2;
  wire [ValWidth-1:0] x = (Op == OpMin) ? b_u : a_u;
  wire [ValWidth-1:0] y = (Op == OpMin) ? a_u : b_u;
  wire hi_eq  = x[ValWidth-1:Hw] == y[ValWidth-1:Hw];
  wire hi_win = x[ValWidth-1:Hw] > y[ValWidth-1:Hw];
  wire lo_win = x[Hw-1:0] > y[Hw-1:0];
  // (fp: the fp unit decides; a_wins 0 leaves it out of the hardware)
  wire a_wins = !IsFp && (hi_win || (hi_eq && lo_win));
  // The arithmetic result (max/min select with a_wins where the token is
  // built, below).
  // integer mul and smul: a three-stage pipeline computes the product
  // (g_int_mul), so the multiplier is off the input's path
  localparam [0:0] IntMul = !IsFp && ((Op == OpMul) || (Op == OpSmul));
  reg [ValWidth-1:0] res;
  always @(*) begin
    if (IsFp || IntMul) res = Zero;  // the unit's result replaces it
    else case (Op)
      OpAdd:   res = a + b;
      OpSub:   res = a - b;
      default: res = a * b;  // mul, smul (unused for max/min)
    endcase
  end

  reg take_a, take_b;
  reg use_fp;   // two numbers (one for one-input ops): the fp unit's result
  reg [ValWidth+1:0] tok;
  generate
    if (OneInput) begin : g_one
      // A control token passes through unchanged.
      always @(*) begin
        take_a = in_val0_valid_i;
        take_b = 1'b0;
        use_fp = a_num;
        if (IsMinMax) tok = {a_num ? `SG_TK_DATA : at, (!a_num || a_wins) ? a : b};
        else          tok = {a_num ? `SG_TK_DATA : at, a_num ? res : a};
      end
      wire unused_b = ^{in_val1_valid_i, b_in, b_num};
    end else begin : g_two
      // Two numbers give the result.  A number against a control token
      // passes the number (0 for mul; sub negates a lone subtrahend: 0 - b,
      // the sign flipped for real numbers); two control tokens pass input
      // 0's.
      wire both   = a_num && b_num;
      wire pass_a = a_num || !b_num;
      wire [ValWidth-1:0] neg_b = IsFp ? {~b_in[ValWidth-1], b_in[ValWidth-2:0]} : Zero - b_in;
      wire [ValWidth-1:0] pass_v = (Op == OpMul && (a_num || b_num)) ? Zero
                                 : pass_a ? a : (Op == OpSub) ? neg_b : b_in;
      wire sel_a = both ? a_wins : pass_a;
      always @(*) begin
        take_a = in_val0_valid_i && in_val1_valid_i && pass_a;
        take_b = in_val0_valid_i && in_val1_valid_i && (b_num || !a_num);
        use_fp = both;
        if (IsMinMax) tok = {(a_num || b_num) ? `SG_TK_DATA : at, sel_a ? a : b_in};
        else          tok = {(a_num || b_num) ? `SG_TK_DATA : at, both ? res : pass_v};
      end
    end
  endgenerate

  wire fire = (take_a || take_b) && out_free;
  assign in_val0_ready_o = fire && take_a;
  assign in_val1_ready_o = fire && take_b;

  generate
    if (!IsFp && Op == OpDiv) begin : g_int_div
      // There is no integer divider: an unknown module stops elaboration.
      sam_alu_div_needs_valtype_1_or_2 u_bad ();
    end else if (!IsFp && Op == OpExp) begin : g_int_exp
      sam_alu_exp_needs_valtype_1_or_2 u_bad ();
    end else if (IntMul) begin : g_int_mul
      // Stage 1 registers the operands, stage 2 three products of their
      // halves (lo*lo whole; hi*lo and lo*hi only below ValWidth - H bits,
      // the rest falls off the wrapping product), stage 3 (the output
      // register) their sum.  The token's tag, whether the product is its
      // value, and the value that passes otherwise travel beside them.
      // The whole pipeline moves when its output register is free.
      localparam integer H = ValWidth / 2;
      localparam integer HW = ValWidth - H;
      reg                v1_q, v2_q, v3_q;
      reg [ValWidth+2:0] s1_q, s2_q;
      reg [ValWidth-1:0] a1_q, b1_q;
      reg [ValWidth-1:0] p0_q;
      reg [HW-1:0]       p1_q, p2_q;
      reg [ValWidth+1:0] data_q;
      assign out_free = !v3_q || out_val_ready_i;
      assign out_val_valid_o = v3_q;
      assign out_val_data_o  = data_q;
      // the halves, the low ones zero-extended to the high ones' width
      // (lo * lo fits ValWidth bits: 2H <= ValWidth); each product's
      // operands are only as wide as they are, so synthesis maps three
      // half-width multipliers (or DSP blocks)
      wire [H-1:0]  a_l = a1_q[H-1:0], b_l = b1_q[H-1:0];
      wire [HW-1:0] a_hi = a1_q[ValWidth-1:H], b_hi = b1_q[ValWidth-1:H];
      wire [ValWidth-1:0] a_lx = {{HW{1'b0}}, a_l}, b_lx = {{HW{1'b0}}, b_l};
      wire [HW-1:0] a_lo = a_lx[HW-1:0], b_lo = b_lx[HW-1:0];
      wire unused_lx = ^{a_lx[ValWidth-1:HW], b_lx[ValWidth-1:HW]};
      // the cross products only reach the upper half: the low half of the
      // product is lo * lo's, the upper one a HW-bit sum of three
      wire [HW-1:0] up = p0_q[ValWidth-1:H] + p1_q + p2_q;
      wire [ValWidth-1:0] prod = {up, p0_q[H-1:0]};

      always @(posedge clk_i) begin
        if (!rst_ni) begin
          v1_q <= 1'b0;
          v2_q <= 1'b0;
          v3_q <= 1'b0;
        end else if (out_free) begin
          v1_q <= fire;
          v2_q <= v1_q;
          v3_q <= v2_q;
        end
      end
      // the data registers load whenever the pipeline moves
      always @(posedge clk_i) begin
        if (out_free) begin
          s1_q <= {use_fp, tok};
          a1_q <= a;
          b1_q <= b;
          s2_q <= s1_q;
          p0_q <= a_lx * b_lx;
          p1_q <= a_hi * b_lo;
          p2_q <= a_lo * b_hi;
          data_q <= {s2_q[ValWidth+1:ValWidth], s2_q[ValWidth+2] ? prod : s2_q[ValWidth-1:0]};
        end
      end
    end else if (!IsFp) begin : g_int
      reg                valid_q;
      reg [ValWidth+1:0] data_q;
      assign out_free = !valid_q || out_val_ready_i;
      assign out_val_valid_o = valid_q;
      assign out_val_data_o  = data_q;
      wire unused_use_fp = use_fp;

      always @(posedge clk_i) begin
        if (!rst_ni) begin
          valid_q <= 1'b0;
          data_q <= {`SG_TK_DATA, Zero};
        end else if (out_free) begin
          valid_q <= fire;
          if (fire) data_q <= tok;
        end
      end
    end else if ((ValType == 1 && ValWidth == 32) || (ValType == 2 && ValWidth == 16)) begin : g_fp
      localparam integer F = (ValType == 1) ? 23 : 7;
      localparam [0:0] IsMul = (Op == OpMul) || (Op == OpSmul);
      localparam [0:0] IsAdd = (Op == OpAdd) || (Op == OpSub);
      localparam [0:0] IsDiv = Op == OpDiv;
      localparam [0:0] IsExp = Op == OpExp;
      // sam_fp_div's latency: (F + 4) / 2 quotient stages and four more;
      // sam_fp_exp's: 10
      localparam integer Lat = IsMinMax ? 2 : IsDiv ? (F + 4) / 2 + 4 : IsExp ? 10 : IsAdd ? 14 : 5;
      wire unit_valid = take_a || take_b;
      wire [ValWidth-1:0] unit_a = a;
      wire [ValWidth-1:0] unit_b = OneInput ? Const : b_in;
      wire [ValWidth-1:0] unit_res;
      wire                unit_out_valid;
      if (IsMul) begin : g_mul
        sam_fp_mul #(.FracWidth(F)) u_unit (
          .clk_i(clk_i), .rst_ni(rst_ni), .in_valid_i(unit_valid), .in_ready_o(out_free),
          .in_a_i(unit_a), .in_b_i(unit_b),
          .out_valid_o(unit_out_valid), .out_ready_i(out_val_ready_i), .out_data_o(unit_res));
      end else if (IsDiv) begin : g_div
        sam_fp_div #(.FracWidth(F)) u_unit (
          .clk_i(clk_i), .rst_ni(rst_ni), .in_valid_i(unit_valid), .in_ready_o(out_free),
          .in_a_i(unit_a), .in_b_i(unit_b),
          .out_valid_o(unit_out_valid), .out_ready_i(out_val_ready_i), .out_data_o(unit_res));
      end else if (IsExp) begin : g_exp
        sam_fp_exp #(.FracWidth(F)) u_unit (
          .clk_i(clk_i), .rst_ni(rst_ni), .in_valid_i(unit_valid), .in_ready_o(out_free),
          .in_a_i(unit_a),
          .out_valid_o(unit_out_valid), .out_ready_i(out_val_ready_i), .out_data_o(unit_res));
        wire unused_exp_b = ^unit_b;
      end else if (IsAdd) begin : g_add
        sam_fp_add #(.FracWidth(F), .Latency(14)) u_unit (
          .clk_i(clk_i), .rst_ni(rst_ni), .in_valid_i(unit_valid), .in_ready_o(out_free),
          .in_a_i(unit_a), .in_b_i(unit_b), .in_op_i(Op == OpSub),
          .out_valid_o(unit_out_valid), .out_ready_i(out_val_ready_i), .out_data_o(unit_res));
      end else begin : g_cmp
        sam_fp_cmp #(.FracWidth(F), .Latency(2)) u_unit (
          .clk_i(clk_i), .rst_ni(rst_ni), .in_valid_i(unit_valid), .in_ready_o(out_free),
          .in_a_i(unit_a), .in_b_i(unit_b), .in_op_i(Op == OpMin),
          .out_valid_o(unit_out_valid), .out_ready_i(out_val_ready_i), .out_data_o(unit_res));
      end
      // Beside the unit's stages: the token's tag, whether the unit's
      // result is its value, and the value that passes otherwise.  They
      // move with the unit (out_free is its move condition).
      reg [ValWidth+2:0] side_q [0:Lat-1];
      integer s;
      always @(posedge clk_i) begin
        if (out_free) begin
          side_q[0] <= {use_fp, tok};
          for (s = 1; s < Lat; s = s + 1) side_q[s] <= side_q[s-1];
        end
      end
      wire [ValWidth+2:0] side = side_q[Lat-1];
      assign out_val_valid_o = unit_out_valid;
      assign out_val_data_o  = {side[ValWidth+1:ValWidth], side[ValWidth+2] ? unit_res : side[ValWidth-1:0]};
    end else begin : g_bad
      sam_alu_valtype_needs_0_or_1_with_width_32_or_2_with_width_16 u_bad ();
    end
  endgenerate
endmodule
