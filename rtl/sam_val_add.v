// sam_val_add - the adder of the reducers' accumulation loops, for the
// value type ValType: 0 integer (ValWidth-bit wrapping two's complement),
// 1 fp32 (ValWidth 32), 2 bf16 (ValWidth 16), bit for bit the C model's
// sg_fp_add (core/fp.h) through sam_fp_add with Latency 0.  Combinational:
// sum_o = a_i + b_i in the same cycle, so a running sum still takes one
// token per cycle.  Any other ValType, or a ValWidth that does not fit it,
// stops elaboration (lint and synthesis fail on the missing module).
module sam_val_add #(
  parameter integer ValWidth = 32,
  parameter integer ValType  = 0
) (
  input  wire [ValWidth-1:0] a_i,
  input  wire [ValWidth-1:0] b_i,
  output wire [ValWidth-1:0] sum_o
);
  generate
    if (ValType == 0) begin : g_int
      assign sum_o = a_i + b_i;
    end else if ((ValType == 1 && ValWidth == 32) || (ValType == 2 && ValWidth == 16)) begin : g_fp
      wire unused_hs;
      wire [1:0] hs;
      sam_fp_add #(.FracWidth(ValType == 1 ? 23 : 7), .Latency(0)) u_add (
        .clk_i(1'b0), .rst_ni(1'b1), .in_valid_i(1'b1), .in_ready_o(hs[0]),
        .in_a_i(a_i), .in_b_i(b_i), .in_op_i(1'b0),
        .out_valid_o(hs[1]), .out_ready_i(1'b1), .out_data_o(sum_o));
      assign unused_hs = ^hs;
    end else begin : g_bad
      sam_valtype_needs_0_or_1_with_width_32_or_2_with_width_16 u_bad ();
    end
  endgenerate
endmodule
