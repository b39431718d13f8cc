// skip_pair_top - the unit measured for area and fmax: two scanner cores
// (sam_scan_skip_core, memory ports at the top) and one 2-input
// sam_intersect_skip, wired as in the benches.  Not part of the library.
`include "sam_token.vh"

module skip_pair_top #(
  parameter integer CrdWidth = 8,
  parameter integer RefWidth = 16,
  parameter integer T        = 32
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,
  input  wire [1:0]            in_ref_valid_i,
  output wire [1:0]            in_ref_ready_o,
  input  wire [2*RefWidth+3:0] in_ref_data_i,
  output wire [1:0]            seg_rd_en_o,
  output wire [2*RefWidth-1:0] seg_rd_addr_o,
  input  wire [4*RefWidth-1:0] seg_rd_data_i,
  output wire [1:0]            crd_rd_en_o,
  output wire [2*RefWidth-1:0] crd_rd_addr_o,
  input  wire [2*CrdWidth-1:0] crd_rd_data_i,
  output wire [1:0]            cam_rd_en_o,
  output wire [2*RefWidth-1:0] cam_rd_addr_o,
  input  wire [2*CrdWidth-1:0] cam_rd_data_i,
  output wire                  out_crd_valid_o,
  input  wire                  out_crd_ready_i,
  output wire [CrdWidth+1:0]   out_crd_data_o,
  output wire [1:0]            out_ref_valid_o,
  input  wire [1:0]            out_ref_ready_i,
  output wire [2*RefWidth+3:0] out_ref_data_o
);
  wire [1:0]          cv, cr, fv, fr, kv, kr;
  wire [CrdWidth+1:0] cd [0:1];
  wire [RefWidth+1:0] fd [0:1];
  wire [CrdWidth+1:0] kd [0:1];

  genvar g;
  generate
    for (g = 0; g < 2; g = g + 1) begin : g_scan
      sam_scan_skip_core #(.CrdWidth(CrdWidth), .RefWidth(RefWidth), .T(T)) u_core (
        .clk_i           (clk_i),
        .rst_ni          (rst_ni),
        .in_ref_valid_i  (in_ref_valid_i[g]),
        .in_ref_ready_o  (in_ref_ready_o[g]),
        .in_ref_data_i   (in_ref_data_i[g*(RefWidth+2) +: RefWidth+2]),
        .in_skip_valid_i (kv[g]),
        .in_skip_ready_o (kr[g]),
        .in_skip_data_i  (kd[g]),
        .out_crd_valid_o (cv[g]),
        .out_crd_ready_i (cr[g]),
        .out_crd_data_o  (cd[g]),
        .out_ref_valid_o (fv[g]),
        .out_ref_ready_i (fr[g]),
        .out_ref_data_o  (fd[g]),
        .seg_rd_en_o     (seg_rd_en_o[g]),
        .seg_rd_addr_o   (seg_rd_addr_o[g*RefWidth +: RefWidth]),
        .seg_rd_lo_i     (seg_rd_data_i[2*g*RefWidth +: RefWidth]),
        .seg_rd_hi_i     (seg_rd_data_i[(2*g+1)*RefWidth +: RefWidth]),
        .crd_rd_en_o     (crd_rd_en_o[g]),
        .crd_rd_addr_o   (crd_rd_addr_o[g*RefWidth +: RefWidth]),
        .crd_rd_data_i   (crd_rd_data_i[g*CrdWidth +: CrdWidth]),
        .cam_rd_en_o     (cam_rd_en_o[g]),
        .cam_rd_addr_o   (cam_rd_addr_o[g*RefWidth +: RefWidth]),
        .cam_rd_data_i   (cam_rd_data_i[g*CrdWidth +: CrdWidth])
      );
    end
  endgenerate

  wire unused_ref2;
  sam_intersect_skip #(.CrdWidth(CrdWidth), .RefWidth(RefWidth), .NumInputs(2)) u_isect (
    .clk_i (clk_i), .rst_ni (rst_ni),
    .in_crd0_valid_i (cv[0]), .in_crd0_ready_o (cr[0]), .in_crd0_data_i (cd[0]),
    .in_ref0_valid_i (fv[0]), .in_ref0_ready_o (fr[0]), .in_ref0_data_i (fd[0]),
    .in_crd1_valid_i (cv[1]), .in_crd1_ready_o (cr[1]), .in_crd1_data_i (cd[1]),
    .in_ref1_valid_i (fv[1]), .in_ref1_ready_o (fr[1]), .in_ref1_data_i (fd[1]),
    .in_crd2_valid_i (1'b0), .in_crd2_ready_o (), .in_crd2_data_i ({CrdWidth+2{1'b0}}),
    .in_ref2_valid_i (1'b0), .in_ref2_ready_o (), .in_ref2_data_i ({RefWidth+2{1'b0}}),
    .out_crd_valid_o (out_crd_valid_o), .out_crd_ready_i (out_crd_ready_i), .out_crd_data_o (out_crd_data_o),
    .out_ref0_valid_o (out_ref_valid_o[0]), .out_ref0_ready_i (out_ref_ready_i[0]),
    .out_ref0_data_o (out_ref_data_o[0 +: RefWidth+2]),
    .out_ref1_valid_o (out_ref_valid_o[1]), .out_ref1_ready_i (out_ref_ready_i[1]),
    .out_ref1_data_o (out_ref_data_o[RefWidth+2 +: RefWidth+2]),
    .out_ref2_valid_o (unused_ref2), .out_ref2_ready_i (1'b1), .out_ref2_data_o (),
    .out_skip0_valid_o (kv[0]), .out_skip0_ready_i (kr[0]), .out_skip0_data_o (kd[0]),
    .out_skip1_valid_o (kv[1]), .out_skip1_ready_i (kr[1]), .out_skip1_data_o (kd[1]),
    .out_skip2_valid_o (), .out_skip2_ready_i (1'b1), .out_skip2_data_o ()
  );
endmodule
