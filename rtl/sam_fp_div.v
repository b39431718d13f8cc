// sam_fp_div - pipelined floating-point divider, bit for bit the C model
// core/fp.c (sg_fp_f32_div, sg_fp_bf16_div): out = in_a_i / in_b_i.
//
// FracWidth selects the format: 23 fp32, 7 bf16 (8-bit exponent, bias 127
// in both).  Correctly rounded (to nearest even), subnormals kept
// (operands and results), every NaN result (NaN operand, 0 / 0, inf / inf)
// the canonical quiet NaN; x / 0 for x != 0 is infinity and x / inf zero,
// both with the XOR of the operands' signs, as is every result.
//
// The steps of the C model, one register stage each except the quotient,
// which takes two bits per stage (restoring division):
//   1       unpack, special cases, normalize both significands (a
//           leading-zero count and a left shift: a subnormal's leading one
//           moves to the hidden bit), the quotient's exponent
//   2..Q+1  F + 3 quotient bits of X / Y * 2^(F+2), two per stage
//           (Q = (F + 4) / 2 stages: 13 for fp32, 5 for bf16); the
//           remainder after the last one is the sticky bit
//   Q+2     leading-zero count, shift amount (sam_fp_round)
//   Q+3     normalizing shift with guard and sticky bits (sam_fp_round)
//   Q+4     round, pack (sam_fp_round), or the special result
// Latency = Q + 4 cycles from input handshake to out_valid_o: 17 for fp32,
// 9 for bf16.  A valid bit per stage; the whole pipeline stalls while
// out_valid_o is held against a low out_ready_i, so in_ready_o =
// !out_valid_o || out_ready_i and a token per cycle flows when the output
// is ready (II = 1), as in sam_fp_mul.
module sam_fp_div #(
  parameter integer FracWidth = 23
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire                 in_valid_i,
  output wire                 in_ready_o,
  input  wire [FracWidth+8:0] in_a_i,
  input  wire [FracWidth+8:0] in_b_i,
  output wire                 out_valid_o,
  input  wire                 out_ready_i,
  output wire [FracWidth+8:0] out_data_o
);
  localparam integer F   = FracWidth;
  localparam integer W   = F + 9;
  localparam integer NQ  = F + 3;            // quotient bits
  localparam integer Q   = (NQ + 1) / 2;     // quotient stages
  localparam integer Lat = Q + 4;
  localparam integer RW  = F + 2;            // remainder: below 2 * divisor
  localparam integer SW  = NQ + 1;           // quotient and sticky bit
  localparam integer LzW = $clog2(F + 1);
  localparam [LzW-1:0] FL = F[LzW-1:0];
  // Special results: none, zero, infinity, NaN.
  localparam [1:0] ClsNone = 2'd0, ClsZero = 2'd1, ClsInf = 2'd2, ClsNan = 2'd3;

  wire adv;
  sam_pipe_valid #(.Stages(Lat)) u_valid (
    .clk_i(clk_i), .rst_ni(rst_ni), .in_valid_i(in_valid_i),
    .out_ready_i(out_ready_i), .adv_o(adv), .out_valid_o(out_valid_o)
  );
  assign in_ready_o = adv;

  // ---- stage 1: unpack, special cases, normalize, exponent ----
  wire [W-1:0] a = in_a_i, b = in_b_i;
  wire [7:0] ae = a[W-2:F], be = b[W-2:F];
  wire [F-1:0] af = a[F-1:0], bf = b[F-1:0];
  wire sign = a[W-1] ^ b[W-1];
  wire a_nan = (ae == 8'hFF) && (af != 0), b_nan = (be == 8'hFF) && (bf != 0);
  wire a_inf = (ae == 8'hFF) && (af == 0), b_inf = (be == 8'hFF) && (bf == 0);
  wire a_zero = (a[W-2:0] == 0), b_zero = (b[W-2:0] == 0);

  reg [1:0] cls_d;
  always @(*) begin
    if (a_nan || b_nan || (a_inf && b_inf) || (a_zero && b_zero)) cls_d = ClsNan;
    else if (a_inf || b_zero) cls_d = ClsInf;
    else if (b_inf || a_zero) cls_d = ClsZero;
    else cls_d = ClsNone;
  end

  // Significands with the hidden bit (none for subnormals), and the shift
  // that brings the leading one to bit F (0 for normals).
  wire [F:0] as = {ae != 0, af}, bs = {be != 0, bf};
  reg [LzW-1:0] alz, blz;
  integer i;
  always @(*) begin
    alz = {LzW{1'b0}};
    blz = {LzW{1'b0}};
    for (i = 0; i <= F; i = i + 1) begin
      if (as[i]) alz = FL - i[LzW-1:0];
      if (bs[i]) blz = FL - i[LzW-1:0];
    end
  end
  wire [F:0] an = as << alz, bn = bs << blz;

  // The biased exponent of the quotient's top bit (bit SW-1 of the
  // significand handed to sam_fp_round): ea - eb + 127, each exponent less
  // its normalizing shift (subnormals count as exponent 1).
  wire [7:0] ea = (ae == 0) ? 8'd1 : ae;
  wire [7:0] eb = (be == 0) ? 8'd1 : be;
  wire signed [10:0] qe_d = $signed({3'b000, ea}) - $signed({3'b000, eb}) + 11'sd127
                          - $signed({{(11 - LzW){1'b0}}, alz}) + $signed({{(11 - LzW){1'b0}}, blz});

  // The special class, the sign and the exponent ride beside stage 1 and
  // the quotient stages to sam_fp_round.
  wire [1:0]  cls_l;
  wire        sgn_l;
  wire [10:0] e_l;
  sam_pipe_delay #(.Width(14), .Stages(Q + 1)) u_side (
    .clk_i(clk_i), .en_i(adv), .d_i({cls_d, sign, qe_d}), .q_o({cls_l, sgn_l, e_l}));

  // Per stage: the remainder, the divisor and the quotient so far (bits
  // shifted in at the bottom), one slice per stage of flat buses: slice 0
  // is stage 1, slice k the k-th quotient stage.
  localparam integer SsW = RW + (F + 1) + NQ;
  wire [(Q+1)*SsW-1:0] st_s;

  reg [RW-1:0] r1_q;
  reg [F:0]    d1_q;
  always @(posedge clk_i) begin
    if (adv) begin
      r1_q <= {1'b0, an};
      d1_q <= bn;
    end
  end
  assign st_s[SsW-1:0] = {r1_q, d1_q, {NQ{1'b0}}};

  // ---- stages 2..Q+1: two quotient bits each (one in a last odd stage) ----
  // r < 2 * d holds before every step: subtract d when r >= d (quotient
  // bit 1), then shift r left.
  genvar k;
  generate
    for (k = 0; k < Q; k = k + 1) begin : g_q
      localparam integer Steps = (2 * k + 2 <= NQ) ? 2 : 1;
      wire [RW-1:0] r_in;
      wire [F:0]    d_in;
      wire [NQ-1:0] q_in;
      assign {r_in, d_in, q_in} = st_s[k*SsW +: SsW];
      reg [RW-1:0] r_d;
      reg [NQ-1:0] q_d;
      integer j;
      always @(*) begin
        r_d = r_in;
        q_d = q_in;
        for (j = 0; j < Steps; j = j + 1) begin
          if (r_d >= {1'b0, d_in}) begin
            r_d = r_d - {1'b0, d_in};
            q_d = {q_d[NQ-2:0], 1'b1};
          end else begin
            q_d = {q_d[NQ-2:0], 1'b0};
          end
          r_d = {r_d[RW-2:0], 1'b0};
        end
      end
      reg [RW-1:0] r_q;
      reg [F:0]    d_q;
      reg [NQ-1:0] q_q;
      always @(posedge clk_i) begin
        if (adv) begin
          r_q <= r_d;
          d_q <= d_in;
          q_q <= q_d;
        end
      end
      assign st_s[(k+1)*SsW +: SsW] = {r_q, d_q, q_q};
    end
  endgenerate

  // ---- stages Q+2, Q+3: normalize (registers inside sam_fp_round) ----
  // ---- stage Q+4: round, pack, or the special result ----
  wire [RW-1:0] r_l;
  wire [F:0]    d_l;
  wire [NQ-1:0] q_l;
  assign {r_l, d_l, q_l} = st_s[Q*SsW +: SsW];
  reg [W-1:0] spec_val;
  always @(*) begin
    case (cls_l)
      ClsNan:  spec_val = {1'b0, 8'hFF, 1'b1, {(F-1){1'b0}}};
      ClsInf:  spec_val = {sgn_l, 8'hFF, {F{1'b0}}};
      default: spec_val = {sgn_l, {(W-1){1'b0}}};
    endcase
  end
  wire [SW-1:0] sig_l = {q_l, r_l != 0};
  wire [W-1:0] rounded;
  sam_fp_round #(.FracWidth(F), .SigWidth(SW), .ExpBits(11)) u_round (
    .clk_i(clk_i), .en_i(adv), .sign_i(sgn_l), .exp_i(e_l), .sig_i(sig_l),
    .spec_i(cls_l != ClsNone), .spec_val_i(spec_val), .res_o(rounded));

  reg [W-1:0] res_q;
  always @(posedge clk_i) if (adv) res_q <= rounded;
  assign out_data_o = res_q;

  // The last divisor is not needed: only the remainder's sticky bit is.
  wire unused_d = ^d_l;
endmodule
