// sam_fp_mul - pipelined floating-point multiplier, bit for bit the C model
// core/fp.c (sg_fp_f32_mul, sg_fp_bf16_mul).
//
// FracWidth selects the format: 23 fp32, 7 bf16 (8-bit exponent, bias 127
// in both).  Round to nearest even, subnormals kept (operands and results),
// every NaN result (NaN operand, inf * 0) the canonical quiet NaN, the sign
// of a zero or infinite result the XOR of the operands' signs.
//
// Five stages (Latency = 5 cycles from input handshake to out_valid_o):
//   1 unpack, special cases, the product's exponent
//   2 the full product of the significands (2 * FracWidth + 2 bits)
//   3 leading-zero count, shift amount (sam_fp_round)
//   4 normalizing shift with guard and sticky bits (sam_fp_round)
//   5 round, pack (sam_fp_round), or the special result
// A valid bit per stage; the whole pipeline stalls while out_valid_o is
// held against a low out_ready_i, so in_ready_o = !out_valid_o ||
// out_ready_i and a token per cycle flows when the output is ready.
module sam_fp_mul #(
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
  localparam integer F  = FracWidth;
  localparam integer W  = F + 9;
  localparam integer PW = 2 * F + 2;
  localparam [W-1:0] Nan = {1'b0, 8'hFF, 1'b1, {(F-1){1'b0}}};

  wire adv;
  sam_pipe_valid #(.Stages(5)) u_valid (
    .clk_i(clk_i), .rst_ni(rst_ni), .in_valid_i(in_valid_i),
    .out_ready_i(out_ready_i), .adv_o(adv), .out_valid_o(out_valid_o)
  );
  assign in_ready_o = adv;

  // ---- stage 1: unpack, special cases, exponent ----
  wire [W-1:0] a = in_a_i, b = in_b_i;
  wire [7:0] ae = a[W-2:F], be = b[W-2:F];
  wire [F-1:0] af = a[F-1:0], bf = b[F-1:0];
  wire sign = a[W-1] ^ b[W-1];
  wire a_nan = (ae == 8'hFF) && (af != 0), b_nan = (be == 8'hFF) && (bf != 0);
  wire a_inf = (ae == 8'hFF) && (af == 0), b_inf = (be == 8'hFF) && (bf == 0);
  wire a_zero = (a[W-2:0] == 0), b_zero = (b[W-2:0] == 0);

  reg         spec_d;
  reg [W-1:0] spec_val_d;
  always @(*) begin
    spec_d = 1'b1;
    spec_val_d = Nan;
    if (a_nan || b_nan || ((a_inf || b_inf) && (a_zero || b_zero))) spec_val_d = Nan;
    else if (a_inf || b_inf) spec_val_d = {sign, 8'hFF, {F{1'b0}}};
    else if (a_zero || b_zero) spec_val_d = {sign, {(W-1){1'b0}}};
    else spec_d = 1'b0;
  end

  // Product MSB (bit PW-1) exponent: ea + eb - 253 unbiased, so biased
  // ea + eb - 126 (subnormals count as exponent 1).
  wire [7:0] ea = (ae == 0) ? 8'd1 : ae;
  wire [7:0] eb = (be == 0) ? 8'd1 : be;
  wire signed [10:0] pe_d = $signed({3'b000, ea}) + $signed({3'b000, eb}) - 11'sd126;

  reg         spec1_q, sign1_q;
  reg [W-1:0] spec_val1_q;
  reg signed [10:0] pe1_q;
  reg [F:0]   as1_q, bs1_q;
  always @(posedge clk_i) begin
    if (adv) begin
      spec1_q     <= spec_d;
      spec_val1_q <= spec_val_d;
      sign1_q     <= sign;
      pe1_q       <= pe_d;
      as1_q       <= {ae != 0, af};
      bs1_q       <= {be != 0, bf};
    end
  end

  // ---- stage 2: product of the significands ----
  wire [PW-1:0] p_d = as1_q * bs1_q;

  reg         spec2_q, sign2_q;
  reg [W-1:0] spec_val2_q;
  reg signed [10:0] pe2_q;
  reg [PW-1:0] p2_q;
  always @(posedge clk_i) begin
    if (adv) begin
      spec2_q     <= spec1_q;
      spec_val2_q <= spec_val1_q;
      sign2_q     <= sign1_q;
      pe2_q       <= pe1_q;
      p2_q        <= p_d;
    end
  end

  // ---- stages 3 and 4: normalize (registers inside sam_fp_round) ----
  // ---- stage 5: round, pack, or the special result ----
  wire [W-1:0] rounded;
  sam_fp_round #(.FracWidth(F), .SigWidth(PW), .ExpBits(11)) u_round (
    .clk_i(clk_i), .en_i(adv), .sign_i(sign2_q), .exp_i(pe2_q), .sig_i(p2_q),
    .spec_i(spec2_q), .spec_val_i(spec_val2_q), .res_o(rounded));

  reg [W-1:0] res_q;
  always @(posedge clk_i) if (adv) res_q <= rounded;
  assign out_data_o = res_q;
endmodule
