// sam_arrayvals - value array load: reference r -> vals[r], N -> 0, stops
// and D pass through.  The value memory is external with a synchronous read:
// the read is issued when the reference is accepted and the value appears on
// out_val one cycle later.  While out_val is stalled no read is issued, so
// the memory's read register holds the value.  One token per cycle;
// in_ref_ready_o = !full || out_val_ready_i.
`include "sam_token.vh"

module sam_arrayvals #(
  parameter integer CrdWidth = 16,
  parameter integer ValWidth = 32
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                in_ref_valid_i,
  output wire                in_ref_ready_o,
  input  wire [CrdWidth+1:0] in_ref_data_i,
  output wire                out_val_valid_o,
  input  wire                out_val_ready_i,
  output wire [ValWidth+1:0] out_val_data_o,
  output wire                val_rd_en_o,
  output wire [CrdWidth-1:0] val_rd_addr_o,
  input  wire [ValWidth-1:0] val_rd_data_i
);
  reg                valid_q;
  reg [1:0]          tag_q;
  reg [CrdWidth-1:0] pay_q;

  wire [1:0] in_tag = in_ref_data_i[CrdWidth+1:CrdWidth];
  assign in_ref_ready_o = !valid_q || out_val_ready_i;
  assign val_rd_en_o    = in_ref_valid_i && in_ref_ready_o && (in_tag == `SG_TK_DATA);
  assign val_rd_addr_o  = in_ref_data_i[CrdWidth-1:0];

  // stop levels are copied into the value payload (zero-extended or cut)
  wire [ValWidth-1:0] ctl_pay;
  generate
    if (ValWidth >= CrdWidth) begin : g_ext
      assign ctl_pay = {{(ValWidth-CrdWidth){1'b0}}, pay_q};
    end else begin : g_cut
      assign ctl_pay = pay_q[ValWidth-1:0];
      wire [CrdWidth-ValWidth-1:0] unused_pay = pay_q[CrdWidth-1:ValWidth];
    end
  endgenerate

  assign out_val_valid_o = valid_q;
  assign out_val_data_o =
      (tag_q == `SG_TK_DATA)  ? {`SG_TK_DATA, val_rd_data_i} :
      (tag_q == `SG_TK_EMPTY) ? {`SG_TK_DATA, {ValWidth{1'b0}}} :
                                {tag_q, ctl_pay};

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      valid_q <= 1'b0;
      tag_q <= `SG_TK_DATA;
      pay_q <= {CrdWidth{1'b0}};
    end else if (in_ref_ready_o) begin
      valid_q <= in_ref_valid_i;
      if (in_ref_valid_i) begin
        tag_q <= in_tag;
        pay_q <= in_ref_data_i[CrdWidth-1:0];
      end
    end
  end
endmodule
