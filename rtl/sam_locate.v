// sam_locate - locator into a dense level (locate format=dense): for each
// coordinate c of the iterated operand, the reference b*dim + c of the
// located tensor, b being that tensor's reference at the parent level (one
// per coordinate fiber; the root reference 0 when root=true).
//
// A fiber's first token (a coordinate, or the stop of an empty fiber) takes
// the fiber's base b from in_ref; N as base, or N as coordinate, gives N.  A stop Sk with k >= 1 also takes the base stream's S(k-1);
// the stop (or D, paired with the base's D) is emitted as it came.  A dense
// level holds every coordinate, so nothing is dropped (golden/prim_locate.c
// has the same rule and reports a coordinate at or above dim).
// Timing: one output token per coordinate token, one token per cycle; an
// empty fiber that also closes a parent fiber takes its base and the base's
// stop in two cycles.  The reference goes through the same three-stage
// multiply pipeline as sam_scan_dense's (four products of a quarter of b,
// two sums, their sum plus c), so the output trails the input by four
// cycles and the multiplier is off the control path; in_*_ready_o depend on
// out_ref_ready_i.
`include "sam_token.vh"

module sam_locate #(
  parameter integer CrdWidth = 16
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire [CrdWidth-1:0] dim_i,
  input  wire                in_ref_valid_i,
  output reg                 in_ref_ready_o,
  input  wire [CrdWidth+1:0] in_ref_data_i,
  input  wire                in_crd_valid_i,
  output reg                 in_crd_ready_o,
  input  wire [CrdWidth+1:0] in_crd_data_i,
  output wire                out_ref_valid_o,
  input  wire                out_ref_ready_i,
  output wire [CrdWidth+1:0] out_ref_data_o
);
  localparam [CrdWidth-1:0] Zero = {CrdWidth{1'b0}};
  localparam integer Q = CrdWidth / 4;
  localparam integer W1 = CrdWidth - Q, W2 = CrdWidth - 2 * Q, W3 = CrdWidth - 3 * Q;
  // reference commands: a token as it is, b*dim + c (sets the base),
  // base + c, N (sets the base: a fiber that starts with a coordinate N)
  localparam [1:0] RLit = 2'd0, RBase = 2'd1, ROff = 2'd2, RBaseN = 2'd3;

  reg have_q, have_d;       // the current fiber's base is taken
  reg none_q, none_d;       // ... and it is N

  reg                emit;
  reg [1:0]          emit_rk;
  reg [CrdWidth+1:0] emit_ref;

  reg                r1_v_q, r2_v_q, r3_v_q, ref_v_q;
  reg [1:0]          r1_k_q, r2_k_q, r3_k_q;
  reg [CrdWidth+1:0] r1_q, r2_q, r3_q, ref_q;
  reg [CrdWidth-1:0] c1_q, c2_q, c3_q;
  reg [CrdWidth-1:0] q0_q, s01_q;
  reg [W1-1:0]       q1_q;
  reg [W2-1:0]       q2_q, t23_q;
  reg [W3-1:0]       q3_q;
  reg [CrdWidth-1:0] base_q;
  wire out_free = !ref_v_q || out_ref_ready_i;
  wire r3_free  = !r3_v_q || out_free;
  wire r2_free  = !r2_v_q || r3_free;
  wire r1_free  = !r1_v_q || r2_free;

  wire [1:0]          crd_tag = in_crd_data_i[CrdWidth+1:CrdWidth];
  wire [CrdWidth-1:0] crd_val = in_crd_data_i[CrdWidth-1:0];
  wire [1:0]          base_tag = in_ref_data_i[CrdWidth+1:CrdWidth];
  wire base_is_ref = (base_tag == `SG_TK_DATA) || (base_tag == `SG_TK_EMPTY);
  wire stop_outer = (crd_tag == `SG_TK_STOP) && (crd_val != Zero);

  always @(*) begin
    have_d = have_q;
    none_d = none_q;
    in_ref_ready_o = 1'b0;
    in_crd_ready_o = 1'b0;
    emit = 1'b0;
    emit_rk = RLit;
    emit_ref = in_crd_data_i;
    if (in_crd_valid_i && r1_free) begin
      case (crd_tag)
        `SG_TK_DATA, `SG_TK_EMPTY: begin
          // a coordinate N (an operand absent from a union above) gives N
          if (have_q) begin
            in_crd_ready_o = 1'b1;
            emit = 1'b1;
            emit_rk = (none_q || crd_tag == `SG_TK_EMPTY) ? RLit : ROff;
            emit_ref = (none_q || crd_tag == `SG_TK_EMPTY) ? {`SG_TK_EMPTY, Zero}
                                                          : in_crd_data_i;
          end else if (in_ref_valid_i) begin
            in_ref_ready_o = 1'b1;
            in_crd_ready_o = 1'b1;
            emit = 1'b1;
            have_d = 1'b1;
            none_d = base_tag != `SG_TK_DATA;
            emit_rk = (base_tag != `SG_TK_DATA) ? RLit :
                      (crd_tag == `SG_TK_DATA) ? RBase : RBaseN;
            emit_ref = (base_tag == `SG_TK_DATA) ? in_ref_data_i : {`SG_TK_EMPTY, Zero};
          end
        end
        `SG_TK_STOP: begin
          if (!have_q) begin
            if (in_ref_valid_i) begin
              in_ref_ready_o = 1'b1;
              if (!base_is_ref || !stop_outer) begin
                // an empty parent fiber (the base's stop), or an empty
                // fiber closed by S0: both inputs at once
                in_crd_ready_o = 1'b1;
                emit = 1'b1;
              end else begin
                // an empty fiber's base; its outer stop takes the base's
                // stop in the next cycle
                have_d = 1'b1;
                none_d = 1'b0;
              end
            end
          end else if (!stop_outer || in_ref_valid_i) begin
            in_ref_ready_o = stop_outer;
            in_crd_ready_o = 1'b1;
            emit = 1'b1;
            have_d = 1'b0;
          end
        end
        default: begin  // D pairs with the base's D
          if (in_ref_valid_i) begin
            in_ref_ready_o = 1'b1;
            in_crd_ready_o = 1'b1;
            emit = 1'b1;
            have_d = 1'b0;
          end
        end
      endcase
    end
  end

  // stage 2 inputs: the four truncated products of b and dim
  wire [CrdWidth-1:0] r1_val = r1_q[CrdWidth-1:0];
  wire [CrdWidth-1:0] p0 = r1_val[Q-1:0] * dim_i;
  wire [W1-1:0]       p1 = r1_val[2*Q-1:Q] * dim_i[W1-1:0];
  wire [W2-1:0]       p2 = r1_val[3*Q-1:2*Q] * dim_i[W2-1:0];
  wire [W3-1:0]       p3 = r1_val[CrdWidth-1:3*Q] * dim_i[W3-1:0];
  // stage 3 inputs: p0 + p1 << Q and (p2 + p3 << Q) << 2Q
  wire [CrdWidth-1:0] s01 = q0_q + {q1_q, {Q{1'b0}}};
  wire [W2-1:0]       t23 = q2_q + {q3_q, {Q{1'b0}}};
  // output register input
  wire [CrdWidth-1:0] prod = s01_q + {t23_q, {(2*Q){1'b0}}};
  wire [CrdWidth+1:0] r3_tok = (r3_k_q == RBase) ? {`SG_TK_DATA, prod + c3_q} :
                               (r3_k_q == ROff) ? {`SG_TK_DATA, base_q + c3_q} :
                               (r3_k_q == RBaseN) ? {`SG_TK_EMPTY, Zero} : r3_q;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      have_q <= 1'b0;
      none_q <= 1'b0;
      r1_v_q <= 1'b0;
      r2_v_q <= 1'b0;
      r3_v_q <= 1'b0;
      ref_v_q <= 1'b0;
      r1_k_q <= RLit;
      r2_k_q <= RLit;
      r3_k_q <= RLit;
      r1_q <= {`SG_TK_DATA, Zero};
      r2_q <= {`SG_TK_DATA, Zero};
      r3_q <= {`SG_TK_DATA, Zero};
      ref_q <= {`SG_TK_DATA, Zero};
      c1_q <= Zero;
      c2_q <= Zero;
      c3_q <= Zero;
      q0_q <= Zero;
      q1_q <= {W1{1'b0}};
      q2_q <= {W2{1'b0}};
      q3_q <= {W3{1'b0}};
      s01_q <= Zero;
      t23_q <= {W2{1'b0}};
      base_q <= Zero;
    end else begin
      have_q <= have_d;
      none_q <= none_d;
      if (r1_free) begin
        r1_v_q <= emit;
        r1_k_q <= emit_rk;
        r1_q <= emit_ref;
        c1_q <= crd_val;
      end
      if (r2_free) begin
        r2_v_q <= r1_v_q;
        r2_k_q <= r1_k_q;
        r2_q <= r1_q;
        c2_q <= c1_q;
        q0_q <= p0;
        q1_q <= p1;
        q2_q <= p2;
        q3_q <= p3;
      end
      if (r3_free) begin
        r3_v_q <= r2_v_q;
        r3_k_q <= r2_k_q;
        r3_q <= r2_q;
        c3_q <= c2_q;
        s01_q <= s01;
        t23_q <= t23;
      end
      if (out_free) begin
        ref_v_q <= r3_v_q;
        ref_q <= r3_tok;
        if (r3_v_q && (r3_k_q == RBase || r3_k_q == RBaseN)) base_q <= prod;
      end
    end
  end

  assign out_ref_valid_o = ref_v_q;
  assign out_ref_data_o  = ref_q;
endmodule
