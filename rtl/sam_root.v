// sam_root - the root reference stream "0 D" of a tensor, emitted once after
// start_i is seen high.  Feeds the in_ref port of root=true scanners/repeats.
`include "sam_token.vh"

module sam_root #(
  parameter integer CrdWidth = 16
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                start_i,
  output wire                out_ref_valid_o,
  input  wire                out_ref_ready_i,
  output wire [CrdWidth+1:0] out_ref_data_o
);
  // 0: waiting for start, 1: offering 0, 2: offering D, 3: finished
  reg [1:0] state_q;
  assign out_ref_valid_o = (state_q == 2'd1) || (state_q == 2'd2);
  assign out_ref_data_o  = (state_q == 2'd2) ? {`SG_TK_DONE, {CrdWidth{1'b0}}}
                                             : {`SG_TK_DATA, {CrdWidth{1'b0}}};
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= 2'd0;
    end else if (state_q == 2'd0) begin
      if (start_i) state_q <= 2'd1;
    end else if (out_ref_valid_o && out_ref_ready_i) begin
      state_q <= state_q + 2'd1;
    end
  end
endmodule
