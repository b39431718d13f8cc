// fv_scan_skip_core - proof wrapper of sam_scan_skip_core (CrdWidth 3, RefWidth 3, T 4).
// Assumes every input stream keeps the contract (fv_in); asserts it on
// every output stream (fv_out): stall stability, no output valid after reset.
// Memory words change only after a read (fv_rdport).
`include "sam_token.vh"

module fv_scan_skip_core #(
  parameter integer CrdWidth = 3,
  parameter integer RefWidth = 3,
  parameter integer T = 4
) (
  input wire clk_i,
  input wire rst_ni,
  input wire in_ref_valid_i,
  input wire [RefWidth+1:0] in_ref_data_i,
  input wire in_skip_valid_i,
  input wire [CrdWidth+1:0] in_skip_data_i,
  input wire out_crd_ready_i,
  input wire out_ref_ready_i,
  input wire [RefWidth-1:0] seg_rd_lo_i,
  input wire [RefWidth-1:0] seg_rd_hi_i,
  input wire [CrdWidth-1:0] crd_rd_data_i,
  input wire [CrdWidth-1:0] cam_rd_data_i
);
  wire in_ref_ready_o;
  wire in_skip_ready_o;
  wire out_crd_valid_o;
  wire [CrdWidth+1:0] out_crd_data_o;
  wire out_ref_valid_o;
  wire [RefWidth+1:0] out_ref_data_o;
  wire seg_rd_en_o;
  wire [RefWidth-1:0] seg_rd_addr_o;
  wire crd_rd_en_o;
  wire [RefWidth-1:0] crd_rd_addr_o;
  wire cam_rd_en_o;
  wire [RefWidth-1:0] cam_rd_addr_o;

  sam_scan_skip_core #(.CrdWidth(CrdWidth), .RefWidth(RefWidth), .T(T)) dut (
    .clk_i(clk_i),
    .rst_ni(rst_ni),
    .in_ref_valid_i(in_ref_valid_i),
    .in_ref_ready_o(in_ref_ready_o),
    .in_ref_data_i(in_ref_data_i),
    .in_skip_valid_i(in_skip_valid_i),
    .in_skip_ready_o(in_skip_ready_o),
    .in_skip_data_i(in_skip_data_i),
    .out_crd_valid_o(out_crd_valid_o),
    .out_crd_ready_i(out_crd_ready_i),
    .out_crd_data_o(out_crd_data_o),
    .out_ref_valid_o(out_ref_valid_o),
    .out_ref_ready_i(out_ref_ready_i),
    .out_ref_data_o(out_ref_data_o),
    .seg_rd_en_o(seg_rd_en_o),
    .seg_rd_addr_o(seg_rd_addr_o),
    .seg_rd_lo_i(seg_rd_lo_i),
    .seg_rd_hi_i(seg_rd_hi_i),
    .crd_rd_en_o(crd_rd_en_o),
    .crd_rd_addr_o(crd_rd_addr_o),
    .crd_rd_data_i(crd_rd_data_i),
    .cam_rd_en_o(cam_rd_en_o),
    .cam_rd_addr_o(cam_rd_addr_o),
    .cam_rd_data_i(cam_rd_data_i)
  );

  fv_in #(.Width(RefWidth+1+1)) env_in_ref (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_ref_valid_i), .ready_i(in_ref_ready_o), .data_i(in_ref_data_i));
  fv_in #(.Width(CrdWidth+1+1)) env_in_skip (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(in_skip_valid_i), .ready_i(in_skip_ready_o), .data_i(in_skip_data_i));
  fv_out #(.Width(CrdWidth+1+1), .Comb(0)) chk_out_crd (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_crd_valid_o), .ready_i(out_crd_ready_i), .data_i(out_crd_data_o));
  fv_out #(.Width(RefWidth+1+1), .Comb(0)) chk_out_ref (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(out_ref_valid_o), .ready_i(out_ref_ready_i), .data_i(out_ref_data_o));
  fv_rdport #(.Width(RefWidth)) mem_seg_lo (.clk_i(clk_i), .rd_en_i(seg_rd_en_o), .rd_data_i(seg_rd_lo_i));
  fv_rdport #(.Width(RefWidth)) mem_seg_hi (.clk_i(clk_i), .rd_en_i(seg_rd_en_o), .rd_data_i(seg_rd_hi_i));
  fv_rdport #(.Width(CrdWidth)) mem_crd (.clk_i(clk_i), .rd_en_i(crd_rd_en_o), .rd_data_i(crd_rd_data_i));
  fv_rdport #(.Width(CrdWidth)) mem_cam (.clk_i(clk_i), .rd_en_i(cam_rd_en_o), .rd_data_i(cam_rd_data_i));
endmodule
