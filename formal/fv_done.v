// fv_done - the done output of a writer: ASSERTS that it is low after a
// reset cycle and, once high, stays high until the next reset.  Formal only.
module fv_done (
  input wire clk_i,
  input wire rst_ni,
  input wire done_i
);
  reg init_q = 1'b1;
  reg rst_q, done_q;
  always @(posedge clk_i) begin
    init_q <= 1'b0;
    rst_q  <= rst_ni;
    done_q <= done_i;
  end
  always @(*) if (!init_q) begin
    if (!rst_q) assert (!done_i);
    if (rst_q && rst_ni && done_q) assert (done_i);
    cover (rst_q && rst_ni && !done_q && done_i);
  end
endmodule
