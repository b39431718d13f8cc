// sam_root - the root reference stream "0 D" of a tensor, emitted once per
// rising edge of start_i: the first cycle start_i is high after reset, and
// again at every later rise (a new run without reset).  A rise while the
// stream is still being offered starts it over.  Feeds the in_ref port of
// root=true scanners/repeats.
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
  reg       start_q;   // start_i in the last cycle (0 after reset)
  wire      start_rise = start_i && !start_q;
  assign out_ref_valid_o = (state_q == 2'd1) || (state_q == 2'd2);
  assign out_ref_data_o  = (state_q == 2'd2) ? {`SG_TK_DONE, {CrdWidth{1'b0}}}
                                             : {`SG_TK_DATA, {CrdWidth{1'b0}}};
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= 2'd0;
      start_q <= 1'b0;
    end else begin
      start_q <= start_i;
      if (start_rise) begin
        state_q <= 2'd1;
      end else if (out_ref_valid_o && out_ref_ready_i) begin
        state_q <= state_q + 2'd1;
      end
    end
  end
endmodule
