// fv_broadcast - proof wrapper of sam_broadcast (Width 4, three outputs).
// Assumes a well-behaved producer; asserts the stream contract on every
// output (pass-through valid: fv_out Comb = 1) and that every output takes
// every input token exactly once: an output's copy is the input token, no
// output takes a second copy before the input moves on, and the input moves
// on only once every output has taken its copy.
module fv_broadcast #(
  parameter integer Width = 4,
  parameter integer N     = 3
) (
  input wire             clk_i,
  input wire             rst_ni,
  input wire             in_valid_i,
  input wire [Width-1:0] in_data_i,
  input wire [N-1:0]     out_ready_i
);
  wire             in_ready;
  wire [N-1:0]     out_valid;
  wire [Width-1:0] out_data;

  sam_broadcast #(.Width(Width), .NumOutputs(N)) dut (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(in_valid_i), .in_ready_o(in_ready), .in_data_i(in_data_i),
    .out_valid_o(out_valid), .out_ready_i(out_ready_i), .out_data_o(out_data)
  );

  fv_in #(.Width(Width)) env (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_valid_i), .ready_i(in_ready), .data_i(in_data_i));
  genvar i;
  generate
    for (i = 0; i < N; i = i + 1) begin : g_out
      fv_out #(.Width(Width), .Comb(1)) chk (.clk_i(clk_i), .rst_ni(rst_ni),
        .valid_i(out_valid[i]), .ready_i(out_ready_i[i]), .data_i(out_data));
    end
  endgenerate

  // got_q[i]: output i has taken its copy of the current input token
  reg         init_q = 1'b1;
  reg [N-1:0] got_q;
  wire        in_fire  = in_valid_i && in_ready;
  wire [N-1:0] out_fire = out_valid & out_ready_i;
  always @(posedge clk_i) begin
    init_q <= 1'b0;
    if (!rst_ni) got_q <= {N{1'b0}};
    else got_q <= in_fire ? {N{1'b0}} : (got_q | out_fire);
  end
  integer k;
  always @(*) begin
    if (!init_q && rst_ni) begin
      for (k = 0; k < N; k = k + 1) begin
        if (out_fire[k]) assert (in_valid_i && !got_q[k]);
        if (in_fire) assert (got_q[k] || out_fire[k]);
      end
      if (out_valid != {N{1'b0}}) assert (out_data == in_data_i);
    end
  end
endmodule
