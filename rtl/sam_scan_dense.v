// sam_scan_dense - dense (uncompressed) level scanner (fiberlookup
// format=dense): for reference r emits coordinates 0 .. dim-1 with references
// r*dim + c, then the closing stop by the peek-ahead rule.  N gives N and
// the closing stop; unmerged input stops are emitted incremented; dim = 0
// gives an empty fiber (the golden model's differences 4 and 5 from the
// reference, which raises on N and stops and emits coordinate 0 for dim 0).
// Timing: dim + 1 cycles per fiber, one output token per cycle (dim = 0:
// two cycles for the stop).  The coordinate stream leaves from the control
// logic's output register; the reference stream goes through a three-stage
// pipeline that computes r*dim (sam_mul_dim: four products of a quarter of
// r, two sums, their sum) and base + c, so it trails the coordinates by
// three cycles and the multiplier is off the control path.
`include "sam_token.vh"

module sam_scan_dense #(
  parameter integer CrdWidth = 16
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire [CrdWidth-1:0] dim_i,
  input  wire                in_ref_valid_i,
  output reg                 in_ref_ready_o,
  input  wire [CrdWidth+1:0] in_ref_data_i,
  output wire                out_crd_valid_o,
  input  wire                out_crd_ready_i,
  output wire [CrdWidth+1:0] out_crd_data_o,
  output wire                out_ref_valid_o,
  input  wire                out_ref_ready_i,
  output wire [CrdWidth+1:0] out_ref_data_o
);
  localparam [1:0] StHead = 2'd0, StRun = 2'd1, StClose = 2'd2, StDone = 2'd3;
  localparam [CrdWidth-1:0] One = {{(CrdWidth-1){1'b0}}, 1'b1};
  localparam [CrdWidth-1:0] Zero = {CrdWidth{1'b0}};
  // reference commands: a token as it is, r*dim (sets the base), base + c
  localparam [1:0] RLit = 2'd0, RBase = 2'd1, ROff = 2'd2;

  reg [1:0]          state_q, state_d;
  reg [CrdWidth-1:0] c_q, c_d;

  reg                crd_v_q;
  reg [CrdWidth+1:0] crd_q;
  reg                emit;
  reg [CrdWidth+1:0] emit_crd;
  reg [1:0]          emit_rk;       // reference command: kind and token
  reg [CrdWidth+1:0] emit_ref;

  // reference pipeline: stage 1 (command), stage 2 (four products), stage 3
  // (two sums), output register; each stage carries its command
  reg                r1_v_q, r2_v_q, r3_v_q, ref_v_q;
  reg [1:0]          r1_k_q, r2_k_q, r3_k_q;
  reg [CrdWidth+1:0] r1_q, r2_q, r3_q, ref_q;
  reg [CrdWidth-1:0] base_q;
  wire out_free = !ref_v_q || out_ref_ready_i;
  wire r3_free  = !r3_v_q || out_free;
  wire r2_free  = !r2_v_q || r3_free;
  wire r1_free  = !r1_v_q || r2_free;
  wire emit_rdy = (!crd_v_q || out_crd_ready_i) && r1_free;

  wire [1:0]          head_tag = in_ref_data_i[CrdWidth+1:CrdWidth];
  wire [CrdWidth-1:0] head_val = in_ref_data_i[CrdWidth-1:0];
  wire [CrdWidth+1:0] stop_inc = {`SG_TK_STOP, head_val + One};

  always @(*) begin
    state_d = state_q;
    c_d = c_q;
    in_ref_ready_o = 1'b0;
    emit = 1'b0;
    emit_crd = {`SG_TK_DATA, Zero};
    emit_rk = RLit;
    emit_ref = {`SG_TK_DATA, Zero};
    case (state_q)
      StHead: begin
        if (in_ref_valid_i && head_tag == `SG_TK_DATA && dim_i == Zero) begin
          in_ref_ready_o = 1'b1;      // empty fiber: only the closing stop
          state_d = StClose;
        end else if (in_ref_valid_i && emit_rdy) begin
          in_ref_ready_o = 1'b1;
          emit = 1'b1;
          case (head_tag)
            `SG_TK_DATA: begin
              emit_crd = {`SG_TK_DATA, Zero};
              emit_rk = RBase;
              emit_ref = {`SG_TK_DATA, head_val};
              c_d = One;
              state_d = (dim_i > One) ? StRun : StClose;
            end
            `SG_TK_EMPTY: begin
              emit_crd = {`SG_TK_EMPTY, Zero};
              emit_ref = {`SG_TK_EMPTY, Zero};
              state_d = StClose;
            end
            `SG_TK_STOP: begin
              emit_crd = stop_inc;
              emit_ref = stop_inc;
            end
            default: begin
              emit_crd = {`SG_TK_DONE, Zero};
              emit_ref = {`SG_TK_DONE, Zero};
              state_d = StDone;
            end
          endcase
        end
      end
      StRun: begin
        if (emit_rdy) begin
          emit = 1'b1;
          emit_crd = {`SG_TK_DATA, c_q};
          emit_rk = ROff;
          emit_ref = {`SG_TK_DATA, c_q};
          c_d = c_q + One;
          if (c_q + One == dim_i) state_d = StClose;
        end
      end
      StClose: begin
        if (in_ref_valid_i && emit_rdy) begin
          emit = 1'b1;
          state_d = StHead;
          if (head_tag == `SG_TK_STOP) begin
            in_ref_ready_o = 1'b1;
            emit_crd = stop_inc;
            emit_ref = stop_inc;
          end else begin
            emit_crd = {`SG_TK_STOP, Zero};
            emit_ref = {`SG_TK_STOP, Zero};
          end
        end
      end
      default: ;
    endcase
  end

  // r*dim: its products load with stage 2, its sums with stage 3
  wire [CrdWidth-1:0] prod;
  sam_mul_dim #(.Width(CrdWidth)) u_mul (
    .clk_i(clk_i), .rst_ni(rst_ni), .en1_i(r2_free), .en2_i(r3_free),
    .a_i(r1_q[CrdWidth-1:0]), .dim_i(dim_i), .prod_o(prod));
  wire [CrdWidth-1:0] off = base_q + r3_q[CrdWidth-1:0];
  wire [CrdWidth+1:0] r3_tok = (r3_k_q == RBase) ? {`SG_TK_DATA, prod} :
                               (r3_k_q == ROff) ? {`SG_TK_DATA, off} : r3_q;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= StHead;
      c_q <= Zero;
      crd_v_q <= 1'b0;
      crd_q <= {`SG_TK_DATA, Zero};
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
      base_q <= Zero;
    end else begin
      state_q <= state_d;
      c_q <= c_d;
      if (emit) begin
        crd_v_q <= 1'b1;
        crd_q <= emit_crd;
      end else if (out_crd_ready_i) begin
        crd_v_q <= 1'b0;
      end
      if (r1_free) begin
        r1_v_q <= emit;
        r1_k_q <= emit_rk;
        r1_q <= emit_ref;
      end
      if (r2_free) begin
        r2_v_q <= r1_v_q;
        r2_k_q <= r1_k_q;
        r2_q <= r1_q;
      end
      if (r3_free) begin
        r3_v_q <= r2_v_q;
        r3_k_q <= r2_k_q;
        r3_q <= r2_q;
      end
      if (out_free) begin
        ref_v_q <= r3_v_q;
        ref_q <= r3_tok;
        if (r3_v_q && r3_k_q == RBase) base_q <= prod;
      end
    end
  end

  assign out_crd_valid_o = crd_v_q;
  assign out_crd_data_o  = crd_q;
  assign out_ref_valid_o = ref_v_q;
  assign out_ref_data_o  = ref_q;
endmodule
