// sam_write_dense - dense level writer (fiberwrite format=dense): a dense
// level has no arrays, so the block only consumes its stream and raises
// done_o after D.  Always ready.
`include "sam_token.vh"

module sam_write_dense #(
  parameter integer CrdWidth = 16
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                in_crd_valid_i,
  output wire                in_crd_ready_o,
  input  wire [CrdWidth+1:0] in_crd_data_i,
  output wire                done_o
);
  reg done_q;
  wire [CrdWidth-1:0] unused_pay = in_crd_data_i[CrdWidth-1:0];
  assign in_crd_ready_o = !done_q;
  assign done_o = done_q;
  always @(posedge clk_i) begin
    if (!rst_ni) done_q <= 1'b0;
    else if (in_crd_valid_i && in_crd_data_i[CrdWidth+1:CrdWidth] == `SG_TK_DONE)
      done_q <= 1'b1;
  end
endmodule
