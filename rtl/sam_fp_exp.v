// sam_fp_exp - pipelined exponential exp(x), bit for bit the C model
// core/fp_exp.c (sg_fp_f32_exp, sg_fp_bf16_exp); the algorithm and its
// accuracy are in docs/values.md ("exp").
//
// FracWidth selects the format: 23 fp32, 7 bf16 (8-bit exponent, bias 127
// in both); F below.  NaN gives the canonical quiet NaN, +inf +inf, -inf
// +0, |x| < 2^-(F+3) (zeros and subnormals included) exactly 1, |x| >= 128
// +inf or +0; every other result is R * 2^(k-34) rounded once to nearest
// even (subnormals kept, overflow to +inf), where
//   Y = m * L >> (F + 6 - E)     |x| * log2(e), 32 fraction bits
//   y = +-Y = k + f              k integer, f = i/64 + G * 2^-32
//   H2 = C2 + (G * C3 >> 32), H1 = C1 + (G * H2 >> 24), P = G * H1 >> 32
//   R = T[i] + (T[i] * P >> 32)  2^f, 34 fraction bits
//
// Ten stages (Latency = 10 cycles from input handshake to out_valid_o):
//   1 unpack, special cases, the shift F + 6 - E
//   2 the product m * L (F + 40 bits)
//   3 the shift to y, negation, k, i and G
//   4 the table entry T[i] and H2
//   5 H1
//   6 P
//   7 R
//   8 leading-zero count, shift amount (sam_fp_round)
//   9 normalizing shift with guard and sticky bits (sam_fp_round)
//  10 round, pack (sam_fp_round), or the special result
// A valid bit per stage; the whole pipeline stalls while out_valid_o is
// held against a low out_ready_i, so in_ready_o = !out_valid_o ||
// out_ready_i and a token per cycle flows when the output is ready.
module sam_fp_exp #(
  parameter integer FracWidth = 23
) (
  input  wire                 clk_i,
  input  wire                 rst_ni,
  input  wire                 in_valid_i,
  output wire                 in_ready_o,
  input  wire [FracWidth+8:0] in_a_i,
  output wire                 out_valid_o,
  input  wire                 out_ready_i,
  output wire [FracWidth+8:0] out_data_o
);
  localparam integer F   = FracWidth;
  localparam integer W   = F + 9;
  localparam integer PmW = F + 40;           // m * L
  localparam [W-1:0] Nan = {1'b0, 8'hFF, 1'b1, {(F-1){1'b0}}};
  localparam [W-1:0] Inf = {1'b0, 8'hFF, {F{1'b0}}};
  localparam [W-1:0] One = {1'b0, 8'h7F, {F{1'b0}}};
  localparam [38:0] L  = 39'h5C551D94AE;     // log2(e) * 2^38
  localparam [31:0] C1 = 32'hB17217F8;       // ln 2 * 2^32
  localparam [21:0] C2 = 22'h3D7F7C;         // ln^2 2 / 2 * 2^24
  localparam [19:0] C3 = 20'hE3584;          // ln^3 2 / 6 * 2^24
  // biased exponents: below TinyE the result is 1, from 134 (|x| >= 128)
  // +inf or +0
  localparam integer TinyE = 124 - F;
  localparam [7:0] TinyE8 = TinyE[7:0];
  localparam integer ShBase = F + 133;       // F + 6 - E = F + 133 - biased
  localparam [7:0] ShBase8 = ShBase[7:0];

  wire adv;
  sam_pipe_valid #(.Stages(10)) u_valid (
    .clk_i(clk_i), .rst_ni(rst_ni), .in_valid_i(in_valid_i),
    .out_ready_i(out_ready_i), .adv_o(adv), .out_valid_o(out_valid_o)
  );
  assign in_ready_o = adv;

  // ---- stage 1: unpack, special cases, shift ----
  wire [W-1:0] a = in_a_i;
  wire         sign = a[W-1];
  wire [7:0]   be = a[W-2:F];
  wire [F-1:0] fr = a[F-1:0];
  wire a_nan  = (be == 8'hFF) && (fr != 0);
  wire a_inf  = (be == 8'hFF) && (fr == 0);
  wire a_tiny = be < TinyE8;
  wire a_huge = be >= 8'd134;

  reg         spec_d;
  reg [W-1:0] spec_val_d;
  always @(*) begin
    spec_d = 1'b1;
    spec_val_d = Nan;
    if (a_nan) spec_val_d = Nan;
    else if (a_inf || a_huge) spec_val_d = sign ? {W{1'b0}} : Inf;
    else if (a_tiny) spec_val_d = One;
    else spec_d = 1'b0;
  end
  wire [7:0] sh_d = ShBase8 - be;            // F..2F+9 when not special

  // The special result rides beside stages 1..7 to sam_fp_round.
  wire         spec7_q;
  wire [W-1:0] spec_val7_q;
  sam_pipe_delay #(.Width(W + 1), .Stages(7)) u_spec (
    .clk_i(clk_i), .en_i(adv), .d_i({spec_d, spec_val_d}), .q_o({spec7_q, spec_val7_q}));

  // The sign and the shift ride beside stages 1 and 2 to stage 3.
  wire       sign2_q;
  wire [5:0] sh2_q;
  sam_pipe_delay #(.Width(7), .Stages(2)) u_sh (
    .clk_i(clk_i), .en_i(adv), .d_i({sign, sh_d[5:0]}), .q_o({sign2_q, sh2_q}));

  reg [F:0] m1_q;
  always @(posedge clk_i) if (adv) m1_q <= {1'b1, fr};
  wire unused_sh = ^sh_d[7:6];

  // ---- stage 2: m * L ----
  wire [PmW-1:0] pm_d = m1_q * L;

  reg [PmW-1:0] pm2_q;
  always @(posedge clk_i) if (adv) pm2_q <= pm_d;

  // ---- stage 3: y = +-(m * L >> shift) = k + f (two's complement) ----
  wire [PmW-1:0] y_sh = pm2_q >> sh2_q;
  wire [40:0]    y_mag = {1'b0, y_sh[39:0]};
  wire [40:0]    y_d = sign2_q ? (41'd0 - y_mag) : y_mag;
  wire unused_y = ^y_sh[PmW-1:40];

  // k = floor(y), signed, rides beside stages 3..7.
  wire [8:0] k7_q;
  sam_pipe_delay #(.Width(9), .Stages(5)) u_k (
    .clk_i(clk_i), .en_i(adv), .d_i(y_d[40:32]), .q_o(k7_q));

  reg [5:0]   i3_q;
  reg [25:0]  g3_q;
  always @(posedge clk_i) begin
    if (adv) begin
      i3_q <= y_d[31:26];
      g3_q <= y_d[25:0];
    end
  end

  // ---- stage 4: T[i] = round(2^(i/64) * 2^34), H2 = C2 + (G * C3 >> 32) ----
  reg [34:0] tab_d;
  always @(*) begin
    case (i3_q)
      6'd0 : tab_d = 35'h400000000;  6'd1 : tab_d = 35'h40B268F9E;
      6'd2 : tab_d = 35'h4166C34C5;  6'd3 : tab_d = 35'h421D1461D;
      6'd4 : tab_d = 35'h42D561B3E;  6'd5 : tab_d = 35'h438FB0CB5;
      6'd6 : tab_d = 35'h444C07405;  6'd7 : tab_d = 35'h450A6ABAA;
      6'd8 : tab_d = 35'h45CAE0F1F;  6'd9 : tab_d = 35'h468D6FADC;
      6'd10: tab_d = 35'h47521CC5A;  6'd11: tab_d = 35'h4818EE219;
      6'd12: tab_d = 35'h48E1E9B9D;  6'd13: tab_d = 35'h49AD15979;
      6'd14: tab_d = 35'h4A7A77D48;  6'd15: tab_d = 35'h4B4A169B9;
      6'd16: tab_d = 35'h4C1BF828C;  6'd17: tab_d = 35'h4CF022C99;
      6'd18: tab_d = 35'h4DC69CDCF;  6'd19: tab_d = 35'h4E9F6CD39;
      6'd20: tab_d = 35'h4F7A99305;  6'd21: tab_d = 35'h50582887E;
      6'd22: tab_d = 35'h513821818;  6'd23: tab_d = 35'h521A8AD70;
      6'd24: tab_d = 35'h52FF6B54E;  6'd25: tab_d = 35'h53E6C9DA7;
      6'd26: tab_d = 35'h54D0AD5A7;  6'd27: tab_d = 35'h55BD1CDAD;
      6'd28: tab_d = 35'h56AC1F752;  6'd29: tab_d = 35'h579DBC56B;
      6'd30: tab_d = 35'h5891FAC0F;  6'd31: tab_d = 35'h5988E2095;
      6'd32: tab_d = 35'h5A82799A0;  6'd33: tab_d = 35'h5B7EC8F19;
      6'd34: tab_d = 35'h5C7DD7A3B;  6'd35: tab_d = 35'h5D7FAD591;
      6'd36: tab_d = 35'h5E8451CFB;  6'd37: tab_d = 35'h5F8BCCDB4;
      6'd38: tab_d = 35'h609626653;  6'd39: tab_d = 35'h61A3666D1;
      6'd40: tab_d = 35'h62B39508B;  6'd41: tab_d = 35'h63C6BA645;
      6'd42: tab_d = 35'h64DCDEC33;  6'd43: tab_d = 35'h65F60A7F8;
      6'd44: tab_d = 35'h6712460A9;  6'd45: tab_d = 35'h683199ED7;
      6'd46: tab_d = 35'h69540EC90;  6'd47: tab_d = 35'h6A79AD55E;
      6'd48: tab_d = 35'h6BA27E657;  6'd49: tab_d = 35'h6CCE8AE14;
      6'd50: tab_d = 35'h6DFDDBCBF;  6'd51: tab_d = 35'h6F307A413;
      6'd52: tab_d = 35'h70666F761;  6'd53: tab_d = 35'h719FC4B96;
      6'd54: tab_d = 35'h72DC8373C;  6'd55: tab_d = 35'h741CB5282;
      6'd56: tab_d = 35'h75606373F;  6'd57: tab_d = 35'h76A7980F7;
      6'd58: tab_d = 35'h77F25CCDF;  6'd59: tab_d = 35'h7940BB9E3;
      6'd60: tab_d = 35'h7A92BE8A9;  6'd61: tab_d = 35'h7BE86FB98;
      6'd62: tab_d = 35'h7D41D96DC;  6'd63: tab_d = 35'h7E9F06068;
      default: tab_d = 35'h400000000;
    endcase
  end
  wire [45:0] gc3_d = g3_q * C3;
  wire [22:0] h2_d = {1'b0, C2} + {9'd0, gc3_d[45:32]};
  wire unused_gc3 = ^gc3_d[31:0];

  // T rides beside stages 4..6 to stage 7.
  wire [34:0] t6_q;
  sam_pipe_delay #(.Width(35), .Stages(3)) u_t (
    .clk_i(clk_i), .en_i(adv), .d_i(tab_d), .q_o(t6_q));

  // G rides beside stages 4 and 5 to stage 6.
  wire [25:0] g4_q, g5_q;
  sam_pipe_delay #(.Width(26), .Stages(1)) u_g4 (
    .clk_i(clk_i), .en_i(adv), .d_i(g3_q), .q_o(g4_q));
  sam_pipe_delay #(.Width(26), .Stages(1)) u_g5 (
    .clk_i(clk_i), .en_i(adv), .d_i(g4_q), .q_o(g5_q));

  reg [22:0] h24_q;
  always @(posedge clk_i) if (adv) h24_q <= h2_d;

  // ---- stage 5: H1 = C1 + (G * H2 >> 24) ----
  wire [48:0] gh2_d = g4_q * h24_q;
  wire [32:0] h1_d = {1'b0, C1} + {8'd0, gh2_d[48:24]};
  wire unused_gh2 = ^gh2_d[23:0];

  reg [32:0] h15_q;
  always @(posedge clk_i) if (adv) h15_q <= h1_d;

  // ---- stage 6: P = G * H1 >> 32 ----
  wire [58:0] gh1_d = g5_q * h15_q;
  wire unused_gh1 = ^gh1_d[31:0];

  reg [26:0] p6_q;
  always @(posedge clk_i) if (adv) p6_q <= gh1_d[58:32];

  // ---- stage 7: R = T + (T * P >> 32) ----
  wire [61:0] tp_d = t6_q * p6_q;
  wire [35:0] r_d = {1'b0, t6_q} + {6'd0, tp_d[61:32]};
  wire unused_tp = ^tp_d[31:0];

  reg [35:0] r7_q;
  always @(posedge clk_i) if (adv) r7_q <= r_d;

  // ---- stages 8 and 9: normalize (registers inside sam_fp_round) ----
  // ---- stage 10: round, pack, or the special result ----
  // R * 2^(k-34): bit 35 of R has the unbiased exponent k + 1, biased k + 128.
  wire signed [10:0] re_d = $signed({{2{k7_q[8]}}, k7_q}) + 11'sd128;
  wire [W-1:0] rounded;
  sam_fp_round #(.FracWidth(F), .SigWidth(36), .ExpBits(11)) u_round (
    .clk_i(clk_i), .en_i(adv), .sign_i(1'b0), .exp_i(re_d), .sig_i(r7_q),
    .spec_i(spec7_q), .spec_val_i(spec_val7_q), .res_o(rounded));

  reg [W-1:0] res_q;
  always @(posedge clk_i) if (adv) res_q <= rounded;
  assign out_data_o = res_q;
endmodule
