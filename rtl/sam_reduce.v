// sam_reduce - scalar reducer: sums each innermost fiber.  A number adds to
// the running sum (no output); S0 emits the sum; Sk (k >= 1) emits the sum
// and then S(k-1); D emits D.  Empty fibers give an explicit 0.  N counts
// as 0.  ValWidth-bit wrapping sum (ValType 0), or a real sum (ValType 1
// fp32 with ValWidth 32, 2 bf16 with ValWidth 16): from +0, each number
// added in token order with the C model's sg_fp_add (sam_val_add, a
// combinational sam_fp_add), so the timing below holds for every type.
// SkipEmpty = 1 (graph attribute empty=skip): a fiber without values gives
// no value: S0 after no value since the last stop emits nothing, Sk
// (k >= 1) emits only S(k-1), in one cycle.
// Timing: one input token per cycle, plus one cycle for each Sk with k >= 1
// (two output tokens).  in_val_ready_o depends on out_val_ready_i.
`include "sam_token.vh"

module sam_reduce #(
  parameter integer ValWidth = 32,
  parameter integer ValType  = 0,
  parameter integer SkipEmpty = 0
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                in_val_valid_i,
  output reg                 in_val_ready_o,
  input  wire [ValWidth+1:0] in_val_data_i,
  output wire                out_val_valid_o,
  input  wire                out_val_ready_i,
  output wire [ValWidth+1:0] out_val_data_o
);
  localparam [ValWidth-1:0] Zero = {ValWidth{1'b0}};
  localparam [ValWidth-1:0] One = {{(ValWidth-1){1'b0}}, 1'b1};

  reg                valid_q;
  reg [ValWidth+1:0] data_q;
  reg [ValWidth-1:0] sum_q, sum_d;
  reg                pend_q, pend_d;     // S(k-1) still to emit
  reg [ValWidth-1:0] lvl_q, lvl_d;
  reg                has_q, has_d;       // a value since the last stop
  reg                emit;
  reg [ValWidth+1:0] tok;
  wire out_free = !valid_q || out_val_ready_i;

  wire [1:0]          tag = in_val_data_i[ValWidth+1:ValWidth];
  wire [ValWidth-1:0] pay = in_val_data_i[ValWidth-1:0];
  wire [ValWidth-1:0] sum_add;
  sam_val_add #(.ValWidth(ValWidth), .ValType(ValType)) u_add (
    .a_i(sum_q), .b_i(pay), .sum_o(sum_add));

  always @(*) begin
    sum_d = sum_q;
    pend_d = pend_q;
    lvl_d = lvl_q;
    has_d = has_q;
    in_val_ready_o = 1'b0;
    emit = 1'b0;
    tok = {`SG_TK_DATA, sum_q};
    if (pend_q) begin
      if (out_free) begin
        emit = 1'b1;
        tok = {`SG_TK_STOP, lvl_q - One};
        pend_d = 1'b0;
      end
    end else if (in_val_valid_i) begin
      case (tag)
        `SG_TK_DATA: begin
          in_val_ready_o = 1'b1;
          sum_d = sum_add;
          has_d = 1'b1;
        end
        `SG_TK_EMPTY: in_val_ready_o = 1'b1;
        `SG_TK_STOP: if (SkipEmpty != 0 && !has_q) begin
          if (pay == Zero) begin
            in_val_ready_o = 1'b1;
          end else if (out_free) begin
            in_val_ready_o = 1'b1;
            emit = 1'b1;
            tok = {`SG_TK_STOP, pay - One};
          end
        end else if (out_free) begin
          in_val_ready_o = 1'b1;
          emit = 1'b1;
          sum_d = Zero;
          has_d = 1'b0;
          pend_d = (pay != Zero);
          lvl_d = pay;
        end
        default: if (out_free) begin
          in_val_ready_o = 1'b1;
          emit = 1'b1;
          tok = {`SG_TK_DONE, Zero};
        end
      endcase
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
      data_q <= {`SG_TK_DATA, Zero};
      sum_q <= Zero;
      pend_q <= 1'b0;
      lvl_q <= Zero;
      has_q <= 1'b0;
    end else begin
      sum_q <= sum_d;
      pend_q <= pend_d;
      lvl_q <= lvl_d;
      has_q <= has_d;
      if (emit) begin
        valid_q <= 1'b1;
        data_q <= tok;
      end else if (out_val_ready_i) begin
        valid_q <= 1'b0;
      end
    end
  end

  assign out_val_valid_o = valid_q;
  assign out_val_data_o  = data_q;
endmodule
