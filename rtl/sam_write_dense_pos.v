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
// writer's in_addr.  N on in_crd is consumed without a position.  An output
// without parents (the level above had no coordinate: the stream is a bare
// stop, then D) takes the stop without a parent.
//
// p * dim_i is not multiplied: parent positions arrive strictly increasing
// (they are the positions of the level above), so the writer keeps a parent
// index and its base (index * dim_i) and steps both by one (base + dim_i)
// per cycle until the index reaches the head of in_pos; consuming a parent
// steps once more, to the next index.  A fiber whose parent follows the
// last one directly costs no cycle; a gap of g parents costs g - 1 cycles
// (the positional values writer spends g * dim_i cycles zero-filling it).
// Root = 1: in_pos is not used (tie it off); stops need no parent.
// Timing: one token per cycle (plus the steps above), out_pos registered.
// done_o after D.
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
  localparam [CrdWidth-1:0] One = {{(CrdWidth-1){1'b0}}, 1'b1};

  reg                done_q, done_d;
  reg                ov_q;
  reg [CrdWidth+1:0] o_q;
  reg                emit;
  reg [CrdWidth+1:0] emit_tok;
  reg                step;             // next parent index
  reg [CrdWidth-1:0] idx_q;            // parent index (Root = 0)
  reg [CrdWidth-1:0] base_q;           // idx_q * dim_i

  wire [1:0]          tag = in_crd_data_i[CrdWidth+1:CrdWidth];
  wire [CrdWidth-1:0] crd = in_crd_data_i[CrdWidth-1:0];
  wire [1:0]          ptag = in_pos_data_i[CrdWidth+1:CrdWidth];
  // parent: none at the root, else the head of in_pos; its base is ready
  // once the index has reached it
  wire                par_v = (Root != 0) || (in_pos_valid_i && ptag == `SG_TK_DATA);
  wire                par_done = (Root != 0) || (in_pos_valid_i && ptag == `SG_TK_DONE);
  wire                at_par = (Root != 0) || (idx_q == in_pos_data_i[CrdWidth-1:0]);
  wire                par_ok = par_v && at_par;
  wire [CrdWidth-1:0] pos = ((Root != 0) ? CZero : base_q) + crd;
  wire                o_free = !ov_q || out_pos_ready_i;

  always @(*) begin
    in_crd_ready_o = 1'b0;
    in_pos_ready_o = 1'b0;
    emit = 1'b0;
    emit_tok = {`SG_TK_DATA, pos};
    done_d = done_q;
    // step towards the head parent whenever it is ahead of the index
    step = (Root == 0) && par_v && !at_par;
    if (!done_q && in_crd_valid_i) begin
      case (tag)
        `SG_TK_DATA: if (par_ok && o_free) begin
          in_crd_ready_o = 1'b1;
          emit = 1'b1;
        end
        `SG_TK_STOP: if (par_v) begin
          in_crd_ready_o = 1'b1;
          in_pos_ready_o = (Root == 0);
          step = (Root == 0);              // the next parent is at least one on
        end else if (par_done) begin
          in_crd_ready_o = 1'b1;           // no parent at all: S1 D
        end
        `SG_TK_DONE: if (par_done && o_free) begin
          in_crd_ready_o = 1'b1;
          in_pos_ready_o = (Root == 0);
          emit = 1'b1;
          emit_tok = {`SG_TK_DONE, CZero};
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
      idx_q <= CZero;
      base_q <= CZero;
    end else begin
      done_q <= done_d;
      if (step) begin
        idx_q <= idx_q + One;
        base_q <= base_q + dim_i;
      end
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
