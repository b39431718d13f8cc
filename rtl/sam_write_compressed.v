// sam_write_compressed - compressed level writer (fiberwrite
// format=compressed).  Data tokens are appended to crd (N stores 0); a stop
// after at least one data token appends the element count to seg; a stop
// after another stop (an empty fiber) is ignored; D sets done_o.  seg[0] = 0
// is written together with the first token, so an empty level is seg = [0].
// Always ready: one token per cycle (crd and seg are separate memories).
`include "sam_token.vh"

module sam_write_compressed #(
  parameter integer CrdWidth = 16
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                in_crd_valid_i,
  output wire                in_crd_ready_o,
  input  wire [CrdWidth+1:0] in_crd_data_i,
  output wire                seg_wr_en_o,
  output wire [CrdWidth-1:0] seg_wr_addr_o,
  output wire [CrdWidth-1:0] seg_wr_data_o,
  output wire                crd_wr_en_o,
  output wire [CrdWidth-1:0] crd_wr_addr_o,
  output wire [CrdWidth-1:0] crd_wr_data_o,
  output wire [CrdWidth-1:0] seg_len_o,
  output wire [CrdWidth-1:0] crd_len_o,
  output wire                done_o
);
  localparam [CrdWidth-1:0] Zero = {CrdWidth{1'b0}};
  localparam [CrdWidth-1:0] One = {{(CrdWidth-1){1'b0}}, 1'b1};

  reg                first_q, has_q, done_q;
  reg [CrdWidth-1:0] crd_n_q, seg_n_q;

  wire [1:0] tag = in_crd_data_i[CrdWidth+1:CrdWidth];
  wire take = in_crd_valid_i && !done_q;
  wire is_crd = (tag == `SG_TK_DATA) || (tag == `SG_TK_EMPTY);
  wire seg_app = take && (tag == `SG_TK_STOP) && has_q;

  assign in_crd_ready_o = !done_q;
  assign crd_wr_en_o   = take && is_crd;
  assign crd_wr_addr_o = crd_n_q;
  assign crd_wr_data_o = (tag == `SG_TK_DATA) ? in_crd_data_i[CrdWidth-1:0] : Zero;
  assign seg_wr_en_o   = (take && first_q) || seg_app;
  assign seg_wr_addr_o = first_q ? Zero : seg_n_q;
  assign seg_wr_data_o = first_q ? Zero : crd_n_q;
  assign seg_len_o = seg_n_q;
  assign crd_len_o = crd_n_q;
  assign done_o = done_q;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      first_q <= 1'b1;
      has_q <= 1'b0;
      done_q <= 1'b0;
      crd_n_q <= Zero;
      seg_n_q <= Zero;
    end else if (take) begin
      first_q <= 1'b0;
      if (first_q) seg_n_q <= One;   // a first token is never a stop after data
      if (is_crd) begin
        crd_n_q <= crd_n_q + One;
        has_q <= 1'b1;
      end else if (tag == `SG_TK_STOP) begin
        has_q <= 1'b0;
        if (has_q) seg_n_q <= seg_n_q + One;
      end else begin
        done_q <= 1'b1;
      end
    end
  end
endmodule
