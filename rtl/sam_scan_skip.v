// sam_scan_skip - compressed level scanner with SkipTo (ExTensor section 5)
// and its level memories.
//
// The scanning logic, the coarse-grain CAM and the handshake contract are
// in sam_scan_skip_core (read its header).  This wrapper adds the two level
// arrays as plain inferable RAMs of 2^AddrWidth words (AddrWidth <=
// RefWidth; addresses are taken modulo the depth, so a level must fit)
// with synchronous reads:
//   seg: seg[r] and seg[r+1] in the same cycle (two copies, below)
//   crd: two read ports (iteration, and the CAM fill of the next fiber)
// and a host write port per array to load the level before start.
// seg is kept as two copies, seg_lo_m[r] = seg[r] and seg_hi_m[r] =
// seg[r+1] (a host write of seg[w] writes both, at w and w-1), so that both
// words are read at one address: a two-port read of seg[r] and seg[r+1]
// from one array would pair words from two RAMs and select between them
// behind the RAMs, in front of the new fiber's size and compares.
`include "sam_token.vh"

module sam_scan_skip #(
  parameter integer CrdWidth = 16,
  parameter integer RefWidth = 16,
  parameter integer T        = 32,
  parameter integer AddrWidth = 10
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,

  input  wire                  host_seg_we_i,
  input  wire [RefWidth-1:0]   host_seg_addr_i,
  input  wire [RefWidth-1:0]   host_seg_wdata_i,
  input  wire                  host_crd_we_i,
  input  wire [RefWidth-1:0]   host_crd_addr_i,
  input  wire [CrdWidth-1:0]   host_crd_wdata_i,

  input  wire                  in_ref_valid_i,
  output wire                  in_ref_ready_o,
  input  wire [RefWidth+1:0]   in_ref_data_i,

  input  wire                  in_skip_valid_i,
  output wire                  in_skip_ready_o,
  input  wire [CrdWidth+1:0]   in_skip_data_i,

  output wire                  out_crd_valid_o,
  input  wire                  out_crd_ready_i,
  output wire [CrdWidth+1:0]   out_crd_data_o,

  output wire                  out_ref_valid_o,
  input  wire                  out_ref_ready_i,
  output wire [RefWidth+1:0]   out_ref_data_o
);

  localparam integer Depth = 1 << AddrWidth;

  // The host loads the arrays while the scanner is idle, so a read never
  // meets a write of its address: the RAMs need no logic for that case
  // (no_rw_check; without it, synthesis puts a bypass multiplexer behind
  // every RAM output).
  (* no_rw_check *) reg [RefWidth-1:0] seg_lo_m [0:Depth-1];
  (* no_rw_check *) reg [RefWidth-1:0] seg_hi_m [0:Depth-1];
  (* no_rw_check *) reg [CrdWidth-1:0] crd_mem [0:Depth-1];

  wire                seg_rd_en, crd_rd_en, cam_rd_en;
  wire [RefWidth-1:0] seg_rd_addr, crd_rd_addr, cam_rd_addr;
  reg  [RefWidth-1:0] seg_lo_q, seg_hi_q;
  reg  [CrdWidth-1:0] crd_q, cam_q;
  wire [AddrWidth-1:0] host_seg_addr_m1 = host_seg_addr_i[AddrWidth-1:0] - 1'b1;

  always @(posedge clk_i) begin
    if (host_seg_we_i) begin
      seg_lo_m[host_seg_addr_i[AddrWidth-1:0]] <= host_seg_wdata_i;
      seg_hi_m[host_seg_addr_m1]               <= host_seg_wdata_i;
    end
    if (host_crd_we_i) crd_mem[host_crd_addr_i[AddrWidth-1:0]] <= host_crd_wdata_i;
    if (seg_rd_en) begin
      seg_lo_q <= seg_lo_m[seg_rd_addr[AddrWidth-1:0]];
      seg_hi_q <= seg_hi_m[seg_rd_addr[AddrWidth-1:0]];
    end
    if (crd_rd_en) crd_q <= crd_mem[crd_rd_addr[AddrWidth-1:0]];
    if (cam_rd_en) cam_q <= crd_mem[cam_rd_addr[AddrWidth-1:0]];
  end

  generate
    if (AddrWidth < RefWidth) begin : g_hi
      // Address bits above the arrays' depth are not used.
      wire unused_hi = &{1'b0, host_seg_addr_i[RefWidth-1:AddrWidth],
                         host_crd_addr_i[RefWidth-1:AddrWidth],
                         seg_rd_addr[RefWidth-1:AddrWidth],
                         crd_rd_addr[RefWidth-1:AddrWidth], cam_rd_addr[RefWidth-1:AddrWidth]};
    end
  endgenerate

  sam_scan_skip_core #(
    .CrdWidth (CrdWidth),
    .RefWidth (RefWidth),
    .T        (T)
  ) u_core (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .in_ref_valid_i  (in_ref_valid_i),
    .in_ref_ready_o  (in_ref_ready_o),
    .in_ref_data_i   (in_ref_data_i),
    .in_skip_valid_i (in_skip_valid_i),
    .in_skip_ready_o (in_skip_ready_o),
    .in_skip_data_i  (in_skip_data_i),
    .out_crd_valid_o (out_crd_valid_o),
    .out_crd_ready_i (out_crd_ready_i),
    .out_crd_data_o  (out_crd_data_o),
    .out_ref_valid_o (out_ref_valid_o),
    .out_ref_ready_i (out_ref_ready_i),
    .out_ref_data_o  (out_ref_data_o),
    .seg_rd_en_o     (seg_rd_en),
    .seg_rd_addr_o   (seg_rd_addr),
    .seg_rd_lo_i     (seg_lo_q),
    .seg_rd_hi_i     (seg_hi_q),
    .crd_rd_en_o     (crd_rd_en),
    .crd_rd_addr_o   (crd_rd_addr),
    .crd_rd_data_i   (crd_q),
    .cam_rd_en_o     (cam_rd_en),
    .cam_rd_addr_o   (cam_rd_addr),
    .cam_rd_data_i   (cam_q)
  );

endmodule
