// sam_pipe_valid - the valid bits of a pipeline that stalls as a whole:
// one bit per stage, shifted on every cycle the last stage can move (it is
// empty or its token is taken), so that a token a cycle flows while the
// output is ready and nothing is lost while it is not.  The stages' data
// registers load on adv_o too.
module sam_pipe_valid #(
  parameter integer Stages = 5
) (
  input  wire clk_i,
  input  wire rst_ni,
  input  wire in_valid_i,
  input  wire out_ready_i,
  output wire adv_o,        // every stage moves this cycle
  output wire out_valid_o   // the last stage holds a token
);
  reg [Stages-1:0] v_q;
  assign adv_o       = !v_q[Stages-1] || out_ready_i;
  assign out_valid_o = v_q[Stages-1];

  generate
    if (Stages == 1) begin : g_one
      always @(posedge clk_i) begin
        if (!rst_ni) v_q <= 1'b0;
        else if (adv_o) v_q <= in_valid_i;
      end
    end else begin : g_many
      always @(posedge clk_i) begin
        if (!rst_ni) v_q <= {Stages{1'b0}};
        else if (adv_o) v_q <= {v_q[Stages-2:0], in_valid_i};
      end
    end
  endgenerate
endmodule
