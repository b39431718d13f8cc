// fv_rdport - a synchronous memory read port as docs/stream-protocol.md
// ("Memories") describes it, seen from the module that reads: ASSUMES
// that the word on rd_data_i changes only in the cycle after a read
// (rd_en_i high); its value is arbitrary.  Formal only.
module fv_rdport #(
  parameter integer Width = 16
) (
  input wire             clk_i,
  input wire             rd_en_i,
  input wire [Width-1:0] rd_data_i
);
  reg             init_q = 1'b1;
  reg             rd_q;
  reg [Width-1:0] data_q;
  always @(posedge clk_i) begin
    init_q <= 1'b0;
    rd_q   <= rd_en_i;
    data_q <= rd_data_i;
  end
  always @(*) if (!init_q && !rd_q) assume (rd_data_i == data_q);
endmodule
