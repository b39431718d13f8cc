// sam_alu - value ALU.  Op is the sg_alu_op number of gen/graph.h:
// 0 mul, 1 add, 2 sub (in_val0 - in_val1), 3 max, 4 min (binary), 5 smax
// (max(a, Const)), 6 smul (a * Const) (one input, in_val0 only).
// ValWidth-bit wrapping two's complement; N counts as 0.
//
// Binary ops consume the two inputs pairwise: two numbers give the result,
// two control tokens give the first one (equal stops, D).  A misaligned pair
// (control token against a number) consumes only the number and emits 0
// (mul) or the number (other ops), as the reference does.  One registered
// output stage, one token per cycle; in ready = !full || out_val_ready_i.
`include "sam_token.vh"

module sam_alu #(
  parameter integer ValWidth = 32,
  parameter integer Op       = 0,
  parameter [ValWidth-1:0] Const = {ValWidth{1'b0}}
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                in_val0_valid_i,
  output wire                in_val0_ready_o,
  input  wire [ValWidth+1:0] in_val0_data_i,
  input  wire                in_val1_valid_i,
  output wire                in_val1_ready_o,
  input  wire [ValWidth+1:0] in_val1_data_i,
  output wire                out_val_valid_o,
  input  wire                out_val_ready_i,
  output wire [ValWidth+1:0] out_val_data_o
);
  localparam integer OpMul = 0, OpAdd = 1, OpSub = 2, OpMax = 3, OpMin = 4,
                     OpSmax = 5, OpSmul = 6;
  localparam [0:0] OneInput = (Op == OpSmax) || (Op == OpSmul);
  localparam [ValWidth-1:0] Zero = {ValWidth{1'b0}};

  reg                valid_q;
  reg [ValWidth+1:0] data_q;
  wire out_free = !valid_q || out_val_ready_i;

  wire [1:0] at = in_val0_data_i[ValWidth+1:ValWidth];
  wire [1:0] bt = in_val1_data_i[ValWidth+1:ValWidth];
  wire a_num = (at == `SG_TK_DATA) || (at == `SG_TK_EMPTY);
  wire b_num = (bt == `SG_TK_DATA) || (bt == `SG_TK_EMPTY);
  wire signed [ValWidth-1:0] a = (at == `SG_TK_DATA) ? in_val0_data_i[ValWidth-1:0] : Zero;
  wire signed [ValWidth-1:0] b_in = (bt == `SG_TK_DATA) ? in_val1_data_i[ValWidth-1:0] : Zero;
  wire signed [ValWidth-1:0] b = OneInput ? Const : b_in;

  reg [ValWidth-1:0] res;
  always @(*) begin
    case (Op)
      OpAdd:             res = a + b;
      OpSub:             res = a - b;
      OpMax, OpSmax:     res = (a > b) ? a : b;
      OpMin:             res = (a < b) ? a : b;
      default:           res = a * b;  // mul, smul
    endcase
  end

  reg take_a, take_b;
  reg [ValWidth+1:0] tok;
  generate
    if (OneInput) begin : g_one
      always @(*) begin
        take_a = in_val0_valid_i;
        take_b = 1'b0;
        tok = a_num ? {`SG_TK_DATA, res} : in_val0_data_i;
      end
      wire unused_b = ^{in_val1_valid_i, b_in, b_num};
    end else begin : g_two
      always @(*) begin
        take_a = 1'b0;
        take_b = 1'b0;
        tok = in_val0_data_i;
        if (in_val0_valid_i && in_val1_valid_i) begin
          if (a_num && b_num) begin
            take_a = 1'b1; take_b = 1'b1;
            tok = {`SG_TK_DATA, res};
          end else if (a_num) begin
            take_a = 1'b1;
            tok = {`SG_TK_DATA, (Op == OpMul) ? Zero : a};
          end else if (b_num) begin
            take_b = 1'b1;
            tok = {`SG_TK_DATA, (Op == OpMul) ? Zero : b_in};
          end else begin
            take_a = 1'b1; take_b = 1'b1;
          end
        end
      end
    end
  endgenerate

  wire fire = (take_a || take_b) && out_free;
  assign in_val0_ready_o = fire && take_a;
  assign in_val1_ready_o = fire && take_b;
  assign out_val_valid_o = valid_q;
  assign out_val_data_o  = data_q;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
      data_q <= {`SG_TK_DATA, Zero};
    end else if (out_free) begin
      valid_q <= fire;
      if (fire) data_q <= tok;
    end
  end
endmodule
