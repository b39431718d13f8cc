// sam_broadcast - fork one stream into NumOutputs copies.
//
// Every branch takes the token on its own handshake; a taken bit per branch
// remembers which already have it, and the input is consumed in the cycle the
// last branch takes it.  No buffering: out_valid_o follows in_valid_i, and
// in_ready_o depends combinationally on out_ready_i (documented path).
`include "sam_token.vh"

module sam_broadcast #(
  parameter integer Width      = 18,
  parameter integer NumOutputs = 2
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  input  wire                  in_valid_i,
  output wire                  in_ready_o,
  input  wire [Width-1:0]      in_data_i,
  output wire [NumOutputs-1:0] out_valid_o,
  input  wire [NumOutputs-1:0] out_ready_i,
  output wire [Width-1:0]      out_data_o
);
  reg  [NumOutputs-1:0] taken_q;
  wire [NumOutputs-1:0] done_now = taken_q | (out_valid_o & out_ready_i);

  assign out_valid_o = {NumOutputs{in_valid_i}} & ~taken_q;
  assign out_data_o  = in_data_i;
  assign in_ready_o  = &done_now;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      taken_q <= {NumOutputs{1'b0}};
    end else if (in_valid_i) begin
      taken_q <= in_ready_o ? {NumOutputs{1'b0}} : done_now;
    end
  end
endmodule
