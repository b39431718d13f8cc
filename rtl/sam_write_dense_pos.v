// sam_write_dense_pos - dense level writer that gives every coordinate its
// position in the dense output (fiberwrite format=dense when the values
// below it are written positionally).
//
// A dense level stores no arrays; its coordinates decide where the values go.
// Position of coordinate c in a fiber whose parent position is p:
// p * dim_i + c (the root level has p = 0).  The parent positions arrive on
// in_pos, one per fiber of this level: the head is used for every
// coordinate of the fiber and consumed with the fiber's stop (an empty
// fiber is a bare stop and consumes its parent position too).  out_pos gets
// one data token per coordinate (stops are not passed on) and D after the
// last one; it feeds the next dense level's in_pos or the positional values
// writer's in_addr.  N on in_crd is consumed without a position.
//
// Root = 1: in_pos is not used (tie it off); stops need no parent.
// Timing: one token per cycle, out_pos registered.  done_o after D.
`include "sam_token.vh"

module sam_write_dense_pos #(
  parameter integer CrdWidth = 16,
  parameter integer Root     = 1
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire [CrdWidth-1:0] dim_i,
  input  wire                in_crd_valid_i,
  output reg                 in_crd_ready_o,
  input  wire [CrdWidth+1:0] in_crd_data_i,
  input  wire                in_pos_valid_i,
  output reg                 in_pos_ready_o,
  input  wire [CrdWidth+1:0] in_pos_data_i,
  output wire                out_pos_valid_o,
  input  wire                out_pos_ready_i,
  output wire [CrdWidth+1:0] out_pos_data_o,
  output wire                done_o
);
  localparam [CrdWidth-1:0] CZero = {CrdWidth{1'b0}};

  reg                done_q, done_d;
  reg                ov_q;
  reg [CrdWidth+1:0] o_q;
  reg                emit;
  reg [CrdWidth+1:0] emit_tok;

  wire [1:0]          tag = in_crd_data_i[CrdWidth+1:CrdWidth];
  wire [CrdWidth-1:0] crd = in_crd_data_i[CrdWidth-1:0];
  wire [1:0]          ptag = in_pos_data_i[CrdWidth+1:CrdWidth];
  // parent position: 0 at the root, else the head of in_pos
  wire                par_ok = (Root != 0) || (in_pos_valid_i && ptag == `SG_TK_DATA);
  wire                par_done = (Root != 0) || (in_pos_valid_i && ptag == `SG_TK_DONE);
  wire [CrdWidth-1:0] parent = (Root != 0) ? CZero : in_pos_data_i[CrdWidth-1:0];
  wire [CrdWidth-1:0] pos = parent * dim_i + crd;
  wire                o_free = !ov_q || out_pos_ready_i;

  always @(*) begin
    in_crd_ready_o = 1'b0;
    in_pos_ready_o = 1'b0;
    emit = 1'b0;
    emit_tok = {`SG_TK_DONE, CZero};
    done_d = done_q;
    if (!done_q && in_crd_valid_i) begin
      case (tag)
        `SG_TK_DATA: if (par_ok && o_free) begin
          in_crd_ready_o = 1'b1;
          emit = 1'b1;
          emit_tok = {`SG_TK_DATA, pos};
        end
        `SG_TK_STOP: if (par_ok) begin
          in_crd_ready_o = 1'b1;
          in_pos_ready_o = (Root == 0);
        end
        `SG_TK_DONE: if (par_done && o_free) begin
          in_crd_ready_o = 1'b1;
          in_pos_ready_o = (Root == 0);
          emit = 1'b1;
          done_d = 1'b1;
        end
        default: in_crd_ready_o = 1'b1;   // N: no position
      endcase
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      done_q <= 1'b0;
      ov_q <= 1'b0;
      o_q <= {`SG_TK_DONE, CZero};
    end else begin
      done_q <= done_d;
      if (emit) begin
        ov_q <= 1'b1;
        o_q <= emit_tok;
      end else if (out_pos_ready_i) begin
        ov_q <= 1'b0;
      end
    end
  end

  assign out_pos_valid_o = ov_q;
  assign out_pos_data_o = o_q;
  assign done_o = done_q;
endmodule
