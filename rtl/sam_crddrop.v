// sam_crddrop - coordinate dropper: forwards an outer coordinate only when
// its inner fiber holds at least one data token (decided at the fiber's
// stop); outer stops are forwarded; the inner stream passes unchanged.
// An inner stop Sk with k >= 1 also closes the outer fiber: the outer stop
// that follows is then forwarded without consuming an inner token.
// Timing: one inner token per cycle, plus one cycle per merged outer stop.
// in_*_ready_o depend on the output readies combinationally.
`include "sam_token.vh"

module sam_crddrop #(
  parameter integer CrdWidth = 16
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                in_outer_valid_i,
  output reg                 in_outer_ready_o,
  input  wire [CrdWidth+1:0] in_outer_data_i,
  input  wire                in_inner_valid_i,
  output reg                 in_inner_ready_o,
  input  wire [CrdWidth+1:0] in_inner_data_i,
  output wire                out_outer_valid_o,
  input  wire                out_outer_ready_i,
  output wire [CrdWidth+1:0] out_outer_data_o,
  output wire                out_inner_valid_o,
  input  wire                out_inner_ready_i,
  output wire [CrdWidth+1:0] out_inner_data_o
);
  localparam [CrdWidth-1:0] Zero = {CrdWidth{1'b0}};

  reg                seen_q, seen_d, merged_q, merged_d;
  reg                ov_q, iv_q;
  reg [CrdWidth+1:0] o_q, i_q;
  reg                emit_o, emit_i;
  wire o_free = !ov_q || out_outer_ready_i;
  wire i_free = !iv_q || out_inner_ready_i;

  wire [1:0]          ot = in_outer_data_i[CrdWidth+1:CrdWidth];
  wire [1:0]          it = in_inner_data_i[CrdWidth+1:CrdWidth];
  wire [CrdWidth-1:0] ip = in_inner_data_i[CrdWidth-1:0];

  always @(*) begin
    seen_d = seen_q;
    merged_d = merged_q;
    in_outer_ready_o = 1'b0;
    in_inner_ready_o = 1'b0;
    emit_o = 1'b0;
    emit_i = 1'b0;
    if (in_outer_valid_i) begin
      if (ot == `SG_TK_DATA || ot == `SG_TK_EMPTY) begin
        if (in_inner_valid_i && i_free && o_free) begin
          in_inner_ready_o = 1'b1;
          emit_i = 1'b1;
          if (it == `SG_TK_STOP || it == `SG_TK_DONE) begin
            in_outer_ready_o = 1'b1;
            emit_o = seen_q;
            seen_d = 1'b0;
            merged_d = (it == `SG_TK_STOP) && (ip != Zero);
          end else begin
            seen_d = 1'b1;
          end
        end
      end else if (ot == `SG_TK_STOP && merged_q) begin
        if (o_free) begin
          in_outer_ready_o = 1'b1;
          emit_o = 1'b1;
          merged_d = 1'b0;
        end
      end else if (in_inner_valid_i && i_free && o_free) begin
        // empty outer fiber (its stop pairs with one inner stop), or D
        in_outer_ready_o = 1'b1;
        in_inner_ready_o = 1'b1;
        emit_o = 1'b1;
        emit_i = 1'b1;
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      seen_q <= 1'b0;
      merged_q <= 1'b0;
      ov_q <= 1'b0;
      iv_q <= 1'b0;
      o_q <= {`SG_TK_DATA, Zero};
      i_q <= {`SG_TK_DATA, Zero};
    end else begin
      seen_q <= seen_d;
      merged_q <= merged_d;
      if (emit_o) begin
        ov_q <= 1'b1;
        o_q <= in_outer_data_i;
      end else if (out_outer_ready_i) begin
        ov_q <= 1'b0;
      end
      if (emit_i) begin
        iv_q <= 1'b1;
        i_q <= in_inner_data_i;
      end else if (out_inner_ready_i) begin
        iv_q <= 1'b0;
      end
    end
  end

  assign out_outer_valid_o = ov_q;
  assign out_outer_data_o  = o_q;
  assign out_inner_valid_o = iv_q;
  assign out_inner_data_o  = i_q;
endmodule
