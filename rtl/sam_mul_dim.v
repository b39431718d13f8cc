// sam_mul_dim - the pipelined a * dim of the dense levels' references
// (sam_scan_dense's r * dim, sam_locate's b * dim), modulo 2^Width.
//
// Stage 1 (loads when en1_i) registers the four products of a quarter of a
// with dim, each only as wide as the part of the product that stays below
// 2^Width; stage 2 (en2_i) registers two sums of pairs; prod_o is their
// sum, combinational from stage 2.  The caller holds a_i in its own stage
// register and moves the three stages with its valid/ready chain (en1_i:
// its stage 2 is free, en2_i: its stage 3 is), so a token's product is at
// prod_o when the token reaches the caller's third stage.
module sam_mul_dim #(
  parameter integer Width = 16
) (
  input  wire             clk_i,
  input  wire             rst_ni,
  input  wire             en1_i,
  input  wire             en2_i,
  input  wire [Width-1:0] a_i,
  input  wire [Width-1:0] dim_i,
  output wire [Width-1:0] prod_o
);
  // a from quarters: bits [Q-1:0], [2Q-1:Q], [3Q-1:2Q], [W-1:3Q]; part k
  // only needs the low W - kQ bits of its product
  localparam integer Q = Width / 4;
  localparam integer W1 = Width - Q, W2 = Width - 2 * Q, W3 = Width - 3 * Q;
  localparam [Width-1:0] Zero = {Width{1'b0}};

  reg [Width-1:0] q0_q, s01_q;
  reg [W1-1:0]    q1_q;
  reg [W2-1:0]    q2_q, t23_q;
  reg [W3-1:0]    q3_q;

  wire [Width-1:0] p0 = a_i[Q-1:0] * dim_i;
  wire [W1-1:0]    p1 = a_i[2*Q-1:Q] * dim_i[W1-1:0];
  wire [W2-1:0]    p2 = a_i[3*Q-1:2*Q] * dim_i[W2-1:0];
  wire [W3-1:0]    p3 = a_i[Width-1:3*Q] * dim_i[W3-1:0];
  // stage 2 inputs: p0 + p1 << Q and (p2 + p3 << Q) << 2Q
  wire [Width-1:0] s01 = q0_q + {q1_q, {Q{1'b0}}};
  wire [W2-1:0]    t23 = q2_q + {q3_q, {Q{1'b0}}};
  assign prod_o = s01_q + {t23_q, {(2*Q){1'b0}}};

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      q0_q <= Zero;
      q1_q <= {W1{1'b0}};
      q2_q <= {W2{1'b0}};
      q3_q <= {W3{1'b0}};
      s01_q <= Zero;
      t23_q <= {W2{1'b0}};
    end else begin
      if (en1_i) begin
        q0_q <= p0;
        q1_q <= p1;
        q2_q <= p2;
        q3_q <= p3;
      end
      if (en2_i) begin
        s01_q <= s01;
        t23_q <= t23;
      end
    end
  end
endmodule
