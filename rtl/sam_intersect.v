// sam_intersect - intersect of NumInputs (2 or 3) operands (crd, ref pairs): sam_join
// with IsUnion = 0 (see there for the 3-input decomposition).  With
// NumInputs = 2 the operand-2 ports are unused.
`include "sam_token.vh"

module sam_intersect #(
  parameter integer CrdWidth  = 16,
  parameter integer NumInputs = 2
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                in_crd0_valid_i,
  output wire                in_crd0_ready_o,
  input  wire [CrdWidth+1:0] in_crd0_data_i,
  input  wire                in_ref0_valid_i,
  output wire                in_ref0_ready_o,
  input  wire [CrdWidth+1:0] in_ref0_data_i,
  input  wire                in_crd1_valid_i,
  output wire                in_crd1_ready_o,
  input  wire [CrdWidth+1:0] in_crd1_data_i,
  input  wire                in_ref1_valid_i,
  output wire                in_ref1_ready_o,
  input  wire [CrdWidth+1:0] in_ref1_data_i,
  input  wire                in_crd2_valid_i,
  output wire                in_crd2_ready_o,
  input  wire [CrdWidth+1:0] in_crd2_data_i,
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
  sam_join #(.CrdWidth(CrdWidth), .NumInputs(NumInputs), .IsUnion(0)) u_join (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_crd0_valid_i(in_crd0_valid_i), .in_crd0_ready_o(in_crd0_ready_o), .in_crd0_data_i(in_crd0_data_i),
    .in_ref0_valid_i(in_ref0_valid_i), .in_ref0_ready_o(in_ref0_ready_o), .in_ref0_data_i(in_ref0_data_i),
    .in_crd1_valid_i(in_crd1_valid_i), .in_crd1_ready_o(in_crd1_ready_o), .in_crd1_data_i(in_crd1_data_i),
    .in_ref1_valid_i(in_ref1_valid_i), .in_ref1_ready_o(in_ref1_ready_o), .in_ref1_data_i(in_ref1_data_i),
    .in_crd2_valid_i(in_crd2_valid_i), .in_crd2_ready_o(in_crd2_ready_o), .in_crd2_data_i(in_crd2_data_i),
    .in_ref2_valid_i(in_ref2_valid_i), .in_ref2_ready_o(in_ref2_ready_o), .in_ref2_data_i(in_ref2_data_i),
    .out_crd_valid_o(out_crd_valid_o), .out_crd_ready_i(out_crd_ready_i), .out_crd_data_o(out_crd_data_o),
    .out_ref0_valid_o(out_ref0_valid_o), .out_ref0_ready_i(out_ref0_ready_i), .out_ref0_data_o(out_ref0_data_o),
    .out_ref1_valid_o(out_ref1_valid_o), .out_ref1_ready_i(out_ref1_ready_i), .out_ref1_data_o(out_ref1_data_o),
    .out_ref2_valid_o(out_ref2_valid_o), .out_ref2_ready_i(out_ref2_ready_i), .out_ref2_data_o(out_ref2_data_o)
  );
endmodule
