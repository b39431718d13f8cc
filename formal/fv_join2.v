// fv_join2 - proof wrapper of sam_join2 (CrdWidth 3, IsUnion 0).
// Assumes every input stream keeps the contract (fv_in); asserts it on
// every output stream (fv_out): stall stability, no output valid after reset.
// And the outputs in step: out_crd, out_ref0 and out_ref1 carry one token
// each per decision, so the tokens taken on any two of them never differ
// by more than one, and an output is valid only while it has taken no more
// than the others.
`include "sam_token.vh"

module fv_join2 #(
  parameter integer CrdWidth = 3,
  parameter integer IsUnion = 0
) (
  input wire clk_i,
  input wire rst_ni,
  input wire in_crd0_valid_i,
  input wire [CrdWidth+1:0] in_crd0_data_i,
  input wire in_ref0_valid_i,
  input wire [CrdWidth+1:0] in_ref0_data_i,
  input wire in_crd1_valid_i,
  input wire [CrdWidth+1:0] in_crd1_data_i,
  input wire in_ref1_valid_i,
  input wire [CrdWidth+1:0] in_ref1_data_i,
  input wire out_crd_ready_i,
  input wire out_ref0_ready_i,
  input wire out_ref1_ready_i
);
  wire in_crd0_ready_o;
  wire in_ref0_ready_o;
  wire in_crd1_ready_o;
  wire in_ref1_ready_o;
  wire out_crd_valid_o;
  wire [CrdWidth+1:0] out_crd_data_o;
  wire out_ref0_valid_o;
  wire [CrdWidth+1:0] out_ref0_data_o;
  wire out_ref1_valid_o;
  wire [CrdWidth+1:0] out_ref1_data_o;

  sam_join2 #(.CrdWidth(CrdWidth), .IsUnion(IsUnion)) dut (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .in_crd0_valid_i(in_crd0_valid_i),
    .in_crd0_ready_o(in_crd0_ready_o),
    .in_crd0_data_i(in_crd0_data_i),
    .in_ref0_valid_i(in_ref0_valid_i),
    .in_ref0_ready_o(in_ref0_ready_o),
    .in_ref0_data_i(in_ref0_data_i),
    .in_crd1_valid_i(in_crd1_valid_i),
    .in_crd1_ready_o(in_crd1_ready_o),
    .in_crd1_data_i(in_crd1_data_i),
    .in_ref1_valid_i(in_ref1_valid_i),
    .in_ref1_ready_o(in_ref1_ready_o),
    .in_ref1_data_i(in_ref1_data_i),
    .out_crd_valid_o(out_crd_valid_o),
    .out_crd_ready_i(out_crd_ready_i),
    .out_crd_data_o(out_crd_data_o),
    .out_ref0_valid_o(out_ref0_valid_o),
    .out_ref0_ready_i(out_ref0_ready_i),
    .out_ref0_data_o(out_ref0_data_o),
    .out_ref1_valid_o(out_ref1_valid_o),
    .out_ref1_ready_i(out_ref1_ready_i),
    .out_ref1_data_o(out_ref1_data_o)
  );

  fv_in #(.Width(CrdWidth+1+1)) env_in_crd0 (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_crd0_valid_i), .ready_i(in_crd0_ready_o), .data_i(in_crd0_data_i));
  fv_in #(.Width(CrdWidth+1+1)) env_in_ref0 (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_ref0_valid_i), .ready_i(in_ref0_ready_o), .data_i(in_ref0_data_i));
  fv_in #(.Width(CrdWidth+1+1)) env_in_crd1 (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_crd1_valid_i), .ready_i(in_crd1_ready_o), .data_i(in_crd1_data_i));
  fv_in #(.Width(CrdWidth+1+1)) env_in_ref1 (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_ref1_valid_i), .ready_i(in_ref1_ready_o), .data_i(in_ref1_data_i));
  fv_out #(.Width(CrdWidth+1+1), .Comb(0)) chk_out_crd (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_crd_valid_o), .ready_i(out_crd_ready_i), .data_i(out_crd_data_o));
  fv_out #(.Width(CrdWidth+1+1), .Comb(0)) chk_out_ref0 (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_ref0_valid_o), .ready_i(out_ref0_ready_i), .data_i(out_ref0_data_o));
  fv_out #(.Width(CrdWidth+1+1), .Comb(0)) chk_out_ref1 (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_ref1_valid_o), .ready_i(out_ref1_ready_i), .data_i(out_ref1_data_o));

  // tokens taken on each output, modulo 4
  reg       init_q = 1'b1;
  reg [1:0] n_crd_q, n_r0_q, n_r1_q;
  always @(posedge clk_i) begin
    init_q <= 1'b0;
    if (!rst_ni) begin
      n_crd_q <= 2'd0;
      n_r0_q  <= 2'd0;
      n_r1_q  <= 2'd0;
    end else begin
      n_crd_q <= n_crd_q + {1'b0, out_crd_valid_o && out_crd_ready_i};
      n_r0_q  <= n_r0_q + {1'b0, out_ref0_valid_o && out_ref0_ready_i};
      n_r1_q  <= n_r1_q + {1'b0, out_ref1_valid_o && out_ref1_ready_i};
    end
  end
  wire [1:0] d0 = n_crd_q - n_r0_q, d1 = n_crd_q - n_r1_q;
  always @(*) if (!init_q && rst_ni) begin
    assert (d0 != 2'd2 && d1 != 2'd2 && (d0 - d1) != 2'd2);
    // an output that is one ahead of another has no token to offer
    if (d0 == 2'd1 || d1 == 2'd1) assert (!out_crd_valid_o);
    if (d0 == 2'd3) assert (!out_ref0_valid_o);
    if (d1 == 2'd3) assert (!out_ref1_valid_o);
  end
endmodule
