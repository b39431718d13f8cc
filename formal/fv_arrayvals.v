// fv_arrayvals - proof wrapper of sam_arrayvals (CrdWidth 3, ValWidth 4).
// Assumes every input stream keeps the contract (fv_in); asserts it on
// every output stream (fv_out): stall stability, no output valid after reset.
// Memory words change only after a read (fv_rdport).
`include "sam_token.vh"

module fv_arrayvals #(
  parameter integer CrdWidth = 3,
  parameter integer ValWidth = 4
) (
  input wire clk_i,
  input wire rst_ni,
  input wire in_ref_valid_i,
  input wire [CrdWidth+1:0] in_ref_data_i,
  input wire out_val_ready_i,
  input wire [ValWidth-1:0] val_rd_data_i
);
  wire in_ref_ready_o;
  wire out_val_valid_o;
  wire [ValWidth+1:0] out_val_data_o;
  wire val_rd_en_o;
  wire [CrdWidth-1:0] val_rd_addr_o;

  sam_arrayvals #(.CrdWidth(CrdWidth), .ValWidth(ValWidth)) dut (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .in_ref_valid_i(in_ref_valid_i),
    .in_ref_ready_o(in_ref_ready_o),
    .in_ref_data_i(in_ref_data_i),
    .out_val_valid_o(out_val_valid_o),
    .out_val_ready_i(out_val_ready_i),
    .out_val_data_o(out_val_data_o),
    .val_rd_en_o(val_rd_en_o),
    .val_rd_addr_o(val_rd_addr_o),
    .val_rd_data_i(val_rd_data_i)
  );

  fv_in #(.Width(CrdWidth+1+1)) env_in_ref (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_ref_valid_i), .ready_i(in_ref_ready_o), .data_i(in_ref_data_i));
  fv_out #(.Width(ValWidth+1+1), .Comb(0)) chk_out_val (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_val_valid_o), .ready_i(out_val_ready_i), .data_i(out_val_data_o));
  fv_rdport #(.Width(ValWidth)) mem_val (.clk_i(clk_i), .rd_en_i(val_rd_en_o), .rd_data_i(val_rd_data_i));
endmodule
