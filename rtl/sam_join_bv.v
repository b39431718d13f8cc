// sam_join_bv - bitvector intersecter (IsUnion = 0) or unioner (1) of
// NumInputs (1 to 3) operands (intersect / union format=bitvector): each
// operand's words (in_bvK) and their prefix popcounts (in_refK) come from
// one sam_scan_bitvector, token-aligned, and the operands' fibers have the
// same number of words.  Per word position w of a fiber, the AND (OR) of
// the words gives the coordinates w*BvWidth + b of its set bits, lowest
// first, one per cycle: out_crd the coordinate, out_refK base_K +
// popcount(word_K below b), or N where operand K lacks the bit (a union).
// A position whose combined word is zero takes one cycle and emits
// nothing; the last bit of a word takes the operands' words in its cycle.
// Equal stops pass (and restart w), D ends the run.  One operand is the
// bitvector-to-coordinate converter.  The lowest-bit search and the
// popcounts are combinational over BvWidth bits (a priority chain and an
// adder tree); outputs are registered and advance together.
`include "sam_token.vh"

module sam_join_bv #(
  parameter integer CrdWidth  = 16,
  parameter integer BvWidth   = 64,
  parameter integer NumInputs = 2,
  parameter integer IsUnion   = 0
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                in_bv0_valid_i,
  output wire                in_bv0_ready_o,
  input  wire [BvWidth+1:0]  in_bv0_data_i,
  input  wire                in_ref0_valid_i,
  output wire                in_ref0_ready_o,
  input  wire [CrdWidth+1:0] in_ref0_data_i,
  input  wire                in_bv1_valid_i,
  output wire                in_bv1_ready_o,
  input  wire [BvWidth+1:0]  in_bv1_data_i,
  input  wire                in_ref1_valid_i,
  output wire                in_ref1_ready_o,
  input  wire [CrdWidth+1:0] in_ref1_data_i,
  input  wire                in_bv2_valid_i,
  output wire                in_bv2_ready_o,
  input  wire [BvWidth+1:0]  in_bv2_data_i,
  input  wire                in_ref2_valid_i,
  output wire                in_ref2_ready_o,
  input  wire [CrdWidth+1:0] in_ref2_data_i,
  output wire                out_crd_valid_o,
  input  wire                out_crd_ready_i,
  output wire [CrdWidth+1:0] out_crd_data_o,
  output wire                out_ref0_valid_o,
  input  wire                out_ref0_ready_i,
  output wire [CrdWidth+1:0] out_ref0_data_o,
  output wire                out_ref1_valid_o,
  input  wire                out_ref1_ready_i,
  output wire [CrdWidth+1:0] out_ref1_data_o,
  output wire                out_ref2_valid_o,
  input  wire                out_ref2_ready_i,
  output wire [CrdWidth+1:0] out_ref2_data_o
);
  localparam integer N = 3;
  localparam [CrdWidth-1:0] One = {{(CrdWidth-1){1'b0}}, 1'b1};
  localparam [CrdWidth-1:0] Zero = {CrdWidth{1'b0}};
  localparam [BvWidth-1:0] BvZero = {BvWidth{1'b0}};
  localparam [BvWidth-1:0] BvOne = {{(BvWidth-1){1'b0}}, 1'b1};

  function integer clog2;
    input integer v;
    integer r;
    begin
      r = 0;
      while ((1 << r) < v) r = r + 1;
      clog2 = r;
    end
  endfunction
  localparam integer Sh = clog2(BvWidth);

  // the operands as arrays; an operand past NumInputs is never used
  wire [N-1:0]        use_op = NumInputs >= 3 ? 3'b111 : NumInputs == 2 ? 3'b011 : 3'b001;
  wire [N-1:0]        bv_v = {in_bv2_valid_i, in_bv1_valid_i, in_bv0_valid_i};
  wire [N-1:0]        rf_v = {in_ref2_valid_i, in_ref1_valid_i, in_ref0_valid_i};
  wire [BvWidth+1:0]  bv_d [0:N-1];
  wire [CrdWidth+1:0] rf_d [0:N-1];
  assign bv_d[0] = in_bv0_data_i;
  assign bv_d[1] = in_bv1_data_i;
  assign bv_d[2] = in_bv2_data_i;
  assign rf_d[0] = in_ref0_data_i;
  assign rf_d[1] = in_ref1_data_i;
  assign rf_d[2] = in_ref2_data_i;

  reg [CrdWidth-1:0] widx_q, widx_d;   // word position within the fiber
  reg [BvWidth-1:0]  done_q, done_d;   // bits of this position already emitted

  // the output slot
  reg                v_q;
  reg [N:0]          taken_q;          // outputs of the slot already taken
  reg [CrdWidth+1:0] crd_q, ref_q [0:N-1];
  wire [N:0] out_rdy = {out_ref2_ready_i, out_ref1_ready_i, out_ref0_ready_i, out_crd_ready_i};
  wire [N:0] out_used = {use_op, 1'b1};
  wire [N:0] out_left = v_q ? (out_used & ~taken_q) : {(N+1){1'b0}};
  wire       slot_free = (out_left & ~out_rdy) == {(N+1){1'b0}};

  reg                all_v, all_data, all_same, pop, load;
  reg [BvWidth-1:0]  comb, rem, low, below;
  reg [CrdWidth-1:0] bit_idx;
  reg [CrdWidth+1:0] load_crd, load_ref [0:N-1];
  reg [CrdWidth-1:0] pc [0:N-1];
  integer i, b;
  integer k;                          // the register block's own loop index

  always @* begin
    widx_d = widx_q;
    done_d = done_q;
    pop = 1'b0;
    load = 1'b0;
    all_v = 1'b1;
    all_data = 1'b1;
    all_same = 1'b1;
    comb = IsUnion != 0 ? BvZero : ~BvZero;
    for (i = 0; i < N; i = i + 1) begin
      if (use_op[i]) begin
        all_v = all_v && bv_v[i] && rf_v[i];
        all_data = all_data && bv_d[i][BvWidth+1:BvWidth] == `SG_TK_DATA;
        all_same = all_same && rf_d[i] == rf_d[0] &&
                   rf_d[i][CrdWidth+1:CrdWidth] != `SG_TK_DATA;
        comb = IsUnion != 0 ? comb | bv_d[i][BvWidth-1:0] : comb & bv_d[i][BvWidth-1:0];
      end
    end
    rem = comb & ~done_q;
    // the lowest remaining bit: its index and the mask of the bits below it
    low = BvZero;
    bit_idx = Zero;
    for (b = BvWidth - 1; b >= 0; b = b - 1)
      if (rem[b]) begin
        low = BvOne << b;
        bit_idx = b[CrdWidth-1:0];
      end
    below = low - BvOne;
    for (i = 0; i < N; i = i + 1) begin
      pc[i] = Zero;
      for (b = 0; b < BvWidth; b = b + 1)
        if (bv_d[i][b] && below[b]) pc[i] = pc[i] + One;
    end
    load_crd = {`SG_TK_DATA, (widx_q << Sh) | bit_idx};
    for (i = 0; i < N; i = i + 1)
      load_ref[i] = (bv_d[i][BvWidth-1:0] & low) != BvZero
                    ? {`SG_TK_DATA, rf_d[i][CrdWidth-1:0] + pc[i]} : {`SG_TK_EMPTY, Zero};
    if (all_v && all_data) begin
      if (rem == BvZero) begin
        pop = 1'b1;
        widx_d = widx_q + One;
        done_d = BvZero;
      end else if (slot_free) begin
        load = 1'b1;
        if ((rem & ~low) == BvZero) begin
          pop = 1'b1;
          widx_d = widx_q + One;
          done_d = BvZero;
        end else begin
          done_d = done_q | low;
        end
      end
    end else if (all_v && all_same && slot_free) begin
      // a stop or D on every operand: it passes on every output
      load = 1'b1;
      pop = 1'b1;
      load_crd = rf_d[0];
      for (i = 0; i < N; i = i + 1)
        load_ref[i] = rf_d[0];
      widx_d = Zero;
      done_d = BvZero;
    end
  end

  assign in_bv0_ready_o = pop && use_op[0];
  assign in_ref0_ready_o = pop && use_op[0];
  assign in_bv1_ready_o = pop && use_op[1];
  assign in_ref1_ready_o = pop && use_op[1];
  assign in_bv2_ready_o = pop && use_op[2];
  assign in_ref2_ready_o = pop && use_op[2];

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      widx_q <= Zero;
      done_q <= BvZero;
      v_q <= 1'b0;
      taken_q <= {(N+1){1'b0}};
      crd_q <= {CrdWidth+2{1'b0}};
      for (k = 0; k < N; k = k + 1)
        ref_q[k] <= {CrdWidth+2{1'b0}};
    end else begin
      widx_q <= widx_d;
      done_q <= done_d;
      if (load) begin
        v_q <= 1'b1;
        taken_q <= {(N+1){1'b0}};
        crd_q <= load_crd;
        for (k = 0; k < N; k = k + 1)
          ref_q[k] <= load_ref[k];
      end else if (v_q) begin
        if (slot_free) v_q <= 1'b0;
        taken_q <= taken_q | (out_used & out_rdy);
      end
    end
  end

  assign out_crd_valid_o = v_q && !taken_q[0];
  assign out_crd_data_o = crd_q;
  assign out_ref0_valid_o = v_q && !taken_q[1];
  assign out_ref0_data_o = ref_q[0];
  assign out_ref1_valid_o = v_q && use_op[1] && !taken_q[2];
  assign out_ref1_data_o = ref_q[1];
  assign out_ref2_valid_o = v_q && use_op[2] && !taken_q[3];
  assign out_ref2_data_o = ref_q[2];
endmodule
