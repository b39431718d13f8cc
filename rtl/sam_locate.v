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
// Timing: one output token per coordinate token, one token per cycle, from
// an output register (one cycle after the coordinate, as the other
// primitives); an empty fiber that also closes a parent fiber takes its
// base and the base's stop in two cycles.  The base stream runs ahead
// through a three-stage pipeline that computes b*dim (four products of a
// quarter of b, two sums, their sum: sam_mul_dim, as sam_scan_dense's) into a
// two-entry sam_fifo, so the product of a fiber's base is ready when the
// fiber starts and the output is b*dim + c, one adder; the multiplier is
// off the control path.  in_crd_ready_o depends on out_ref_ready_i;
// in_ref_ready_o on registers only.
`include "sam_token.vh"

module sam_locate #(
  parameter integer CrdWidth = 16
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire [CrdWidth-1:0] dim_i,
  input  wire                in_ref_valid_i,
  output wire                in_ref_ready_o,
  input  wire [CrdWidth+1:0] in_ref_data_i,
  input  wire                in_crd_valid_i,
  output reg                 in_crd_ready_o,
  input  wire [CrdWidth+1:0] in_crd_data_i,
  output wire                out_ref_valid_o,
  input  wire                out_ref_ready_i,
  output wire [CrdWidth+1:0] out_ref_data_o
);
  localparam [CrdWidth-1:0] Zero = {CrdWidth{1'b0}};

  // ---- base pipeline: b -> b*dim (other tokens pass as they are)
  reg                b1_v_q, b2_v_q, b3_v_q;
  reg [CrdWidth+1:0] b1_q;
  reg [1:0]          b2_t_q, b3_t_q;  // later stages keep the tag; the value
                                      // is in the products
  reg                base_take;     // the control takes the base head
  wire               bq_ready;      // the head buffer has room (registered)
  wire b3_free = !b3_v_q || bq_ready;
  wire b2_free = !b2_v_q || b3_free;
  wire b1_free = !b1_v_q || b2_free;
  assign in_ref_ready_o = b1_free;

  wire [CrdWidth-1:0] prod;
  sam_mul_dim #(.Width(CrdWidth)) u_mul (
    .clk_i(clk_i), .rst_ni(rst_ni), .en1_i(b2_free), .en2_i(b3_free),
    .a_i(b1_q[CrdWidth-1:0]), .dim_i(dim_i), .prod_o(prod));

  // the base stream's head as the control sees it (b*dim for a reference),
  // from a two-entry buffer whose ready is registered: taking the head does
  // not reach back into the pipeline's enables in the same cycle
  wire                base_valid;
  wire [CrdWidth+1:0] base_head;
  sam_fifo #(.Width(CrdWidth + 2), .Depth(2)) u_base (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(b3_v_q), .in_ready_o(bq_ready), .in_data_i({b3_t_q, prod}),
    .out_valid_o(base_valid), .out_ready_i(base_take), .out_data_o(base_head));
  wire [1:0]          base_tag = base_head[CrdWidth+1:CrdWidth];
  wire [CrdWidth-1:0] base_bd = base_head[CrdWidth-1:0];
  wire base_is_ref = (base_tag == `SG_TK_DATA) || (base_tag == `SG_TK_EMPTY);

  // ---- control
  reg                have_q, have_d;   // the current fiber's base is taken
  reg                none_q, none_d;   // ... and it is N
  reg [CrdWidth-1:0] bd_q, bd_d;       // ... its b*dim
  reg                out_v_q;
  reg [CrdWidth+1:0] out_q;
  reg                emit;
  reg [CrdWidth+1:0] emit_tok;
  wire emit_rdy = !out_v_q || out_ref_ready_i;

  wire [1:0]          crd_tag = in_crd_data_i[CrdWidth+1:CrdWidth];
  wire [CrdWidth-1:0] crd_val = in_crd_data_i[CrdWidth-1:0];
  wire stop_outer = (crd_tag == `SG_TK_STOP) && (crd_val != Zero);

  always @(*) begin
    have_d = have_q;
    none_d = none_q;
    bd_d = bd_q;
    base_take = 1'b0;
    in_crd_ready_o = 1'b0;
    emit = 1'b0;
    emit_tok = in_crd_data_i;
    if (in_crd_valid_i && emit_rdy) begin
      case (crd_tag)
        `SG_TK_DATA, `SG_TK_EMPTY: begin
          // a coordinate N (an operand absent from a union above) gives N
          if (have_q) begin
            in_crd_ready_o = 1'b1;
            emit = 1'b1;
            emit_tok = (none_q || crd_tag == `SG_TK_EMPTY) ? {`SG_TK_EMPTY, Zero}
                                                          : {`SG_TK_DATA, bd_q + crd_val};
          end else if (base_valid) begin
            base_take = 1'b1;
            in_crd_ready_o = 1'b1;
            emit = 1'b1;
            have_d = 1'b1;
            none_d = base_tag != `SG_TK_DATA;
            bd_d = base_bd;
            emit_tok = (base_tag != `SG_TK_DATA || crd_tag == `SG_TK_EMPTY)
                       ? {`SG_TK_EMPTY, Zero} : {`SG_TK_DATA, base_bd + crd_val};
          end
        end
        `SG_TK_STOP: begin
          if (!have_q) begin
            if (base_valid) begin
              base_take = 1'b1;
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
          end else if (!stop_outer || base_valid) begin
            base_take = stop_outer;
            in_crd_ready_o = 1'b1;
            emit = 1'b1;
            have_d = 1'b0;
          end
        end
        default: begin  // D pairs with the base's D
          if (base_valid) begin
            base_take = 1'b1;
            in_crd_ready_o = 1'b1;
            emit = 1'b1;
            have_d = 1'b0;
          end
        end
      endcase
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      b1_v_q <= 1'b0;
      b2_v_q <= 1'b0;
      b3_v_q <= 1'b0;
      b1_q <= {`SG_TK_DATA, Zero};
      b2_t_q <= `SG_TK_DATA;
      b3_t_q <= `SG_TK_DATA;
      have_q <= 1'b0;
      none_q <= 1'b0;
      bd_q <= Zero;
      out_v_q <= 1'b0;
      out_q <= {`SG_TK_DATA, Zero};
    end else begin
      if (b1_free) begin
        b1_v_q <= in_ref_valid_i;
        b1_q <= in_ref_data_i;
      end
      if (b2_free) begin
        b2_v_q <= b1_v_q;
        b2_t_q <= b1_q[CrdWidth+1:CrdWidth];
      end
      if (b3_free) begin
        b3_v_q <= b2_v_q;
        b3_t_q <= b2_t_q;
      end
      have_q <= have_d;
      none_q <= none_d;
      bd_q <= bd_d;
      if (emit) begin
        out_v_q <= 1'b1;
        out_q <= emit_tok;
      end else if (out_ref_ready_i) begin
        out_v_q <= 1'b0;
      end
    end
  end

  assign out_ref_valid_o = out_v_q;
  assign out_ref_data_o  = out_q;
endmodule
