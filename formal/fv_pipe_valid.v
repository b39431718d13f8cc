// fv_pipe_valid - proof wrapper of sam_pipe_valid (Stages 3), with a
// sam_pipe_delay on adv_o carrying each token's data as the units do.
// Assumes a producer that keeps its token while adv_o is low; asserts the
// stream contract on the output and the scoreboard of fv_order: at most
// Stages tokens inside, none dropped, duplicated or reordered.
module fv_pipe_valid #(
  parameter integer Width  = 3,
  parameter integer Stages = 3
) (
  input wire             clk_i,
  input wire             rst_ni,
  input wire             in_valid_i,
  input wire [Width-1:0] in_data_i,
  input wire             out_ready_i,
  input wire             track_i
);
  wire             adv, out_valid;
  wire [Width-1:0] out_data;
  wire [3:0]       occ;

  sam_pipe_valid #(.Stages(Stages)) dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .in_valid_i(in_valid_i),
    .out_ready_i(out_ready_i), .adv_o(adv), .out_valid_o(out_valid)
  );
  sam_pipe_delay #(.Width(Width), .Stages(Stages)) line (
    .clk_i(clk_i), .en_i(adv), .d_i(in_data_i), .q_o(out_data)
  );

  fv_in  #(.Width(Width)) env (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_valid_i), .ready_i(adv), .data_i(in_data_i));
  fv_out #(.Width(Width)) chk (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_valid), .ready_i(out_ready_i), .data_i(out_data));
  fv_order #(.Width(Width), .Cap(Stages)) sb (.clk_i(clk_i), .rst_ni(rst_ni),
    .in_fire_i(in_valid_i && adv), .in_data_i(in_data_i),
    .out_fire_i(out_valid && out_ready_i), .out_data_i(out_data),
    .track_i(track_i), .occ_o(occ));
endmodule
