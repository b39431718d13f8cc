// sam_crdhold - coordinate holder: out_outer is the outer coordinate
// repeated once per inner data token, with the shape of the inner stream;
// out_inner is the inner stream unchanged.  Built exactly as the reference
// builds it: repsiggen on the inner stream driving a repeat of the outer
// stream (the inner stream is forked to the output and the repsiggen).
`include "sam_token.vh"

module sam_crdhold #(
  parameter integer CrdWidth = 16
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                in_outer_valid_i,
  output wire                in_outer_ready_o,
  input  wire [CrdWidth+1:0] in_outer_data_i,
  input  wire                in_inner_valid_i,
  output wire                in_inner_ready_o,
  input  wire [CrdWidth+1:0] in_inner_data_i,
  output wire                out_outer_valid_o,
  input  wire                out_outer_ready_i,
  output wire [CrdWidth+1:0] out_outer_data_o,
  output wire                out_inner_valid_o,
  input  wire                out_inner_ready_i,
  output wire [CrdWidth+1:0] out_inner_data_o
);
  wire [1:0] bc_v, bc_r;
  wire       rs_v, rs_r;
  wire [1:0] rs_d;

  sam_broadcast #(.Width(CrdWidth + 2), .NumOutputs(2)) u_fork (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(in_inner_valid_i), .in_ready_o(in_inner_ready_o), .in_data_i(in_inner_data_i),
    .out_valid_o(bc_v), .out_ready_i(bc_r), .out_data_o(out_inner_data_o)
  );
  assign out_inner_valid_o = bc_v[0];
  assign bc_r[0] = out_inner_ready_i;

  sam_repsiggen #(.CrdWidth(CrdWidth)) u_sig (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_crd_valid_i(bc_v[1]), .in_crd_ready_o(bc_r[1]), .in_crd_data_i(out_inner_data_o),
    .out_repsig_valid_o(rs_v), .out_repsig_ready_i(rs_r), .out_repsig_data_o(rs_d)
  );

  sam_repeat #(.CrdWidth(CrdWidth)) u_rep (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_ref_valid_i(in_outer_valid_i), .in_ref_ready_o(in_outer_ready_o), .in_ref_data_i(in_outer_data_i),
    .in_repsig_valid_i(rs_v), .in_repsig_ready_o(rs_r), .in_repsig_data_i(rs_d),
    .out_ref_valid_o(out_outer_valid_o), .out_ref_ready_i(out_outer_ready_i), .out_ref_data_o(out_outer_data_o)
  );
endmodule
