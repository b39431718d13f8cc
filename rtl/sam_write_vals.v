// sam_write_vals - values writer (fiberwrite mode=vals): every data token
// is appended to the value array (N stores 0), stops are ignored, D sets
// done_o.  Always ready, one token per cycle.
`include "sam_token.vh"

module sam_write_vals #(
  parameter integer CrdWidth = 16,
  parameter integer ValWidth = 32
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                in_val_valid_i,
  output wire                in_val_ready_o,
  input  wire [ValWidth+1:0] in_val_data_i,
  output wire                val_wr_en_o,
  output wire [CrdWidth-1:0] val_wr_addr_o,
  output wire [ValWidth-1:0] val_wr_data_o,
  output wire [CrdWidth-1:0] val_len_o,
  output wire                done_o
);
  localparam [CrdWidth-1:0] One = {{(CrdWidth-1){1'b0}}, 1'b1};
  reg                done_q;
  reg [CrdWidth-1:0] n_q;
  wire [1:0] tag = in_val_data_i[ValWidth+1:ValWidth];
  wire take = in_val_valid_i && !done_q;

  assign in_val_ready_o = !done_q;
  assign val_wr_en_o   = take && ((tag == `SG_TK_DATA) || (tag == `SG_TK_EMPTY));
  assign val_wr_addr_o = n_q;
  assign val_wr_data_o = (tag == `SG_TK_DATA) ? in_val_data_i[ValWidth-1:0] : {ValWidth{1'b0}};
  assign val_len_o = n_q;
  assign done_o = done_q;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      done_q <= 1'b0;
      n_q <= {CrdWidth{1'b0}};
    end else begin
      if (val_wr_en_o) n_q <= n_q + One;
      if (take && tag == `SG_TK_DONE) done_q <= 1'b1;
    end
  end
endmodule
