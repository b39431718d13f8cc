// sam_join - joiner of NumInputs (2 or 3) operands (crd, ref pairs):
// intersect (IsUnion = 0) or union (IsUnion = 1); the generator instantiates
// it for the graph's intersect and union nodes.
//
// NumInputs = 2 is one sam_join2.  NumInputs = 3 is the reference's binary
// decomposition, so the token streams equal it exactly (N artifacts
// included): J12 = join(op0, op1); J2 = join(op2, (J12.crd, J12.ref0));
// J3 = join(op2, (J12.crd, J12.ref1)); out_crd = J2.crd, out_ref0 = J2.ref1,
// out_ref1 = J3.ref1, out_ref2 = J3.ref0.  J2 and J3 see the same
// coordinate streams and make the same decisions; J3.crd and J2.ref0 are
// dropped.  With NumInputs = 2 the operand-2 ports are unused.
`include "sam_token.vh"

module sam_join #(
  parameter integer CrdWidth  = 16,
  parameter integer NumInputs = 2,
  parameter integer IsUnion   = 0
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
  localparam integer W = CrdWidth + 2;

  generate
    if (NumInputs == 2) begin : g_two
      sam_join2 #(.CrdWidth(CrdWidth), .IsUnion(IsUnion)) u_join (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .in_crd0_valid_i(in_crd0_valid_i), .in_crd0_ready_o(in_crd0_ready_o), .in_crd0_data_i(in_crd0_data_i),
        .in_ref0_valid_i(in_ref0_valid_i), .in_ref0_ready_o(in_ref0_ready_o), .in_ref0_data_i(in_ref0_data_i),
        .in_crd1_valid_i(in_crd1_valid_i), .in_crd1_ready_o(in_crd1_ready_o), .in_crd1_data_i(in_crd1_data_i),
        .in_ref1_valid_i(in_ref1_valid_i), .in_ref1_ready_o(in_ref1_ready_o), .in_ref1_data_i(in_ref1_data_i),
        .out_crd_valid_o(out_crd_valid_o), .out_crd_ready_i(out_crd_ready_i), .out_crd_data_o(out_crd_data_o),
        .out_ref0_valid_o(out_ref0_valid_o), .out_ref0_ready_i(out_ref0_ready_i), .out_ref0_data_o(out_ref0_data_o),
        .out_ref1_valid_o(out_ref1_valid_o), .out_ref1_ready_i(out_ref1_ready_i), .out_ref1_data_o(out_ref1_data_o)
      );
      assign in_crd2_ready_o  = 1'b0;
      assign in_ref2_ready_o  = 1'b0;
      assign out_ref2_valid_o = 1'b0;
      assign out_ref2_data_o  = {W{1'b0}};
      wire unused_op2 = ^{in_crd2_valid_i, in_crd2_data_i, in_ref2_valid_i,
                          in_ref2_data_i, out_ref2_ready_i};
    end else begin : g_three
      wire         j12_crd_v, j12_crd_r, j12_r0_v, j12_r0_r, j12_r1_v, j12_r1_r;
      wire [W-1:0] j12_crd_d, j12_r0_d, j12_r1_d;
      wire [1:0]   bj_v, bj_r, bc_v, bc_r, br_v, br_r;
      wire [W-1:0] bj_d, bc_d, br_d;
      wire         j2_r0_v, j3_crd_v;
      wire [W-1:0] j2_r0_d, j3_crd_d;

      sam_join2 #(.CrdWidth(CrdWidth), .IsUnion(IsUnion)) u_j12 (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .in_crd0_valid_i(in_crd0_valid_i), .in_crd0_ready_o(in_crd0_ready_o), .in_crd0_data_i(in_crd0_data_i),
        .in_ref0_valid_i(in_ref0_valid_i), .in_ref0_ready_o(in_ref0_ready_o), .in_ref0_data_i(in_ref0_data_i),
        .in_crd1_valid_i(in_crd1_valid_i), .in_crd1_ready_o(in_crd1_ready_o), .in_crd1_data_i(in_crd1_data_i),
        .in_ref1_valid_i(in_ref1_valid_i), .in_ref1_ready_o(in_ref1_ready_o), .in_ref1_data_i(in_ref1_data_i),
        .out_crd_valid_o(j12_crd_v), .out_crd_ready_i(j12_crd_r), .out_crd_data_o(j12_crd_d),
        .out_ref0_valid_o(j12_r0_v), .out_ref0_ready_i(j12_r0_r), .out_ref0_data_o(j12_r0_d),
        .out_ref1_valid_o(j12_r1_v), .out_ref1_ready_i(j12_r1_r), .out_ref1_data_o(j12_r1_d)
      );
      sam_broadcast #(.Width(W), .NumOutputs(2)) u_bc_j12 (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .in_valid_i(j12_crd_v), .in_ready_o(j12_crd_r), .in_data_i(j12_crd_d),
        .out_valid_o(bj_v), .out_ready_i(bj_r), .out_data_o(bj_d)
      );
      sam_broadcast #(.Width(W), .NumOutputs(2)) u_bc_crd2 (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .in_valid_i(in_crd2_valid_i), .in_ready_o(in_crd2_ready_o), .in_data_i(in_crd2_data_i),
        .out_valid_o(bc_v), .out_ready_i(bc_r), .out_data_o(bc_d)
      );
      sam_broadcast #(.Width(W), .NumOutputs(2)) u_bc_ref2 (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .in_valid_i(in_ref2_valid_i), .in_ready_o(in_ref2_ready_o), .in_data_i(in_ref2_data_i),
        .out_valid_o(br_v), .out_ready_i(br_r), .out_data_o(br_d)
      );
      sam_join2 #(.CrdWidth(CrdWidth), .IsUnion(IsUnion)) u_j2 (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .in_crd0_valid_i(bc_v[0]), .in_crd0_ready_o(bc_r[0]), .in_crd0_data_i(bc_d),
        .in_ref0_valid_i(br_v[0]), .in_ref0_ready_o(br_r[0]), .in_ref0_data_i(br_d),
        .in_crd1_valid_i(bj_v[0]), .in_crd1_ready_o(bj_r[0]), .in_crd1_data_i(bj_d),
        .in_ref1_valid_i(j12_r0_v), .in_ref1_ready_o(j12_r0_r), .in_ref1_data_i(j12_r0_d),
        .out_crd_valid_o(out_crd_valid_o), .out_crd_ready_i(out_crd_ready_i), .out_crd_data_o(out_crd_data_o),
        .out_ref0_valid_o(j2_r0_v), .out_ref0_ready_i(1'b1), .out_ref0_data_o(j2_r0_d),
        .out_ref1_valid_o(out_ref0_valid_o), .out_ref1_ready_i(out_ref0_ready_i), .out_ref1_data_o(out_ref0_data_o)
      );
      sam_join2 #(.CrdWidth(CrdWidth), .IsUnion(IsUnion)) u_j3 (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .in_crd0_valid_i(bc_v[1]), .in_crd0_ready_o(bc_r[1]), .in_crd0_data_i(bc_d),
        .in_ref0_valid_i(br_v[1]), .in_ref0_ready_o(br_r[1]), .in_ref0_data_i(br_d),
        .in_crd1_valid_i(bj_v[1]), .in_crd1_ready_o(bj_r[1]), .in_crd1_data_i(bj_d),
        .in_ref1_valid_i(j12_r1_v), .in_ref1_ready_o(j12_r1_r), .in_ref1_data_i(j12_r1_d),
        .out_crd_valid_o(j3_crd_v), .out_crd_ready_i(1'b1), .out_crd_data_o(j3_crd_d),
        .out_ref0_valid_o(out_ref2_valid_o), .out_ref0_ready_i(out_ref2_ready_i), .out_ref0_data_o(out_ref2_data_o),
        .out_ref1_valid_o(out_ref1_valid_o), .out_ref1_ready_i(out_ref1_ready_i), .out_ref1_data_o(out_ref1_data_o)
      );
      wire unused_drop = ^{j2_r0_v, j2_r0_d, j3_crd_v, j3_crd_d};
    end
  endgenerate
endmodule
