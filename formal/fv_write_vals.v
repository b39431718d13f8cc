// fv_write_vals - proof wrapper of sam_write_vals (CrdWidth 3, ValWidth 4).
// Assumes every input stream keeps the contract (fv_in); asserts it on
// every output stream (fv_out): stall stability, no output valid after reset;
// done_o is low after reset and stays high once raised (fv_done).
`include "sam_token.vh"

module fv_write_vals #(
  parameter integer CrdWidth = 3,
  parameter integer ValWidth = 4
) (
  input wire clk_i,
  input wire rst_ni,
  input wire in_val_valid_i,
  input wire [ValWidth+1:0] in_val_data_i
);
  wire in_val_ready_o;
  wire val_wr_en_o;
  wire [CrdWidth-1:0] val_wr_addr_o;
  wire [ValWidth-1:0] val_wr_data_o;
  wire [CrdWidth-1:0] val_len_o;
  wire done_o;

  sam_write_vals #(.CrdWidth(CrdWidth), .ValWidth(ValWidth)) dut (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .in_val_valid_i(in_val_valid_i),
    .in_val_ready_o(in_val_ready_o),
    .in_val_data_i(in_val_data_i),
    .val_wr_en_o(val_wr_en_o),
    .val_wr_addr_o(val_wr_addr_o),
    .val_wr_data_o(val_wr_data_o),
    .val_len_o(val_len_o),
    .done_o(done_o)
  );

  fv_in #(.Width(ValWidth+1+1)) env_in_val (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_val_valid_i), .ready_i(in_val_ready_o), .data_i(in_val_data_i));
  fv_done done (.clk_i(clk_i), .rst_ni(rst_ni), .done_i(done_o));
endmodule
