// sam_pipe_delay - a field carried alongside a pipeline that stalls as a
// whole (sam_pipe_valid): Stages registers in a row, all loading on en_i,
// so that q_o is d_i as it was Stages loads ago.  Units use it for what a
// token takes along unchanged (a special result, a sign, an exponent)
// while their stages compute on the rest.  Stages = 0 is a wire.  Data
// registers only: the valid bits, which need the reset, are
// sam_pipe_valid's.
module sam_pipe_delay #(
  parameter integer Width  = 1,
  parameter integer Stages = 1
) (
  input  wire             clk_i,
  input  wire             en_i,
  input  wire [Width-1:0] d_i,
  output wire [Width-1:0] q_o
);
  generate
    if (Stages == 0) begin : g_wire
      assign q_o = d_i;
      wire unused_ctl = clk_i ^ en_i;
    end else if (Stages == 1) begin : g_one
      reg [Width-1:0] line_q;
      always @(posedge clk_i) if (en_i) line_q <= d_i;
      assign q_o = line_q;
    end else begin : g_many
      // Stage 1 is the lowest slice, stage Stages the highest.
      reg [Stages*Width-1:0] line_q;
      always @(posedge clk_i) if (en_i) line_q <= {line_q[(Stages-1)*Width-1:0], d_i};
      assign q_o = line_q[Stages*Width-1 -: Width];
    end
  endgenerate
endmodule
