// sam_repsiggen - repeat-signal generator: coordinate or N -> R, any stop ->
// S, D -> D.  One registered output stage, one token per cycle;
// in_ready_o = !full || out_repsig_ready_i.
`include "sam_token.vh"

module sam_repsiggen #(
  parameter integer CrdWidth = 16
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                in_crd_valid_i,
  output wire                in_crd_ready_o,
  input  wire [CrdWidth+1:0] in_crd_data_i,
  output wire                out_repsig_valid_o,
  input  wire                out_repsig_ready_i,
  output wire [1:0]          out_repsig_data_o
);
  reg       valid_q;
  reg [1:0] data_q;
  wire [1:0] tag = in_crd_data_i[CrdWidth+1:CrdWidth];
  wire [CrdWidth-1:0] unused_payload = in_crd_data_i[CrdWidth-1:0];

  assign in_crd_ready_o     = !valid_q || out_repsig_ready_i;
  assign out_repsig_valid_o = valid_q;
  assign out_repsig_data_o  = data_q;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
      data_q  <= `SG_TK_DATA;
    end else if (in_crd_ready_o) begin
      valid_q <= in_crd_valid_i;
      data_q  <= (tag == `SG_TK_EMPTY) ? `SG_TK_DATA : tag;
    end
  end
endmodule
