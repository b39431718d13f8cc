// fv_axi_dma - proof wrapper of sam_axi_dma (NumSel 2, CrdWidth 4,
// HostAddrWidth 3, HostDataWidth 8).  Every AXI channel is a valid/ready
// stream: the channels the block receives (the system's AW, W, AR on
// s_axil; the control block's B, R on c_axil; system memory's R, B on
// m_axi) are assumed to keep the contract (fv_in), and the responders are
// assumed to answer only what was asked (no B or R without a request
// pending); the channels it drives (s_axil B, R; c_axil AW, W, AR; m_axi
// AR, AW, W) are asserted to keep it (fv_out).  Asserted besides, of its
// AXI4 master:
//   * bursts are INCR of 4-byte beats (arsize/awsize 2) and never cross a
//     4 KiB boundary;
//   * at most one read burst and one write burst are outstanding, and never
//     both (a command loads or stores);
//   * a write burst has exactly awlen+1 beats, wlast on the last, and no
//     beat is offered before its burst's address was taken;
//   * on s_axil, no response without a request taken before it.
// The block is meant to sit in front of sam_axil_ctrl, so c_axil's slave is
// assumed to behave as that block does: it takes AW and W together, and
// takes a request whenever it has none outstanding.  The host side
// (c_host_*, host_rdata_i, host_len_i) is arbitrary.
module fv_axi_dma #(
  parameter integer NumSel        = 2,
  parameter integer CrdWidth      = 4,
  parameter integer HostAddrWidth = 3,
  parameter integer HostDataWidth = 8
) (
  input wire                     clk_i,
  input wire                     rst_ni,
  input wire [11:0]              s_awaddr_i,
  input wire                     s_awvalid_i,
  input wire [31:0]              s_wdata_i,
  input wire [3:0]               s_wstrb_i,
  input wire                     s_wvalid_i,
  input wire                     s_bready_i,
  input wire [11:0]              s_araddr_i,
  input wire                     s_arvalid_i,
  input wire                     s_rready_i,
  input wire                     c_awready_i,
  input wire                     c_wready_i,
  input wire [1:0]               c_bresp_i,
  input wire                     c_bvalid_i,
  input wire                     c_arready_i,
  input wire [31:0]              c_rdata_i,
  input wire [1:0]               c_rresp_i,
  input wire                     c_rvalid_i,
  input wire                     c_host_en_i,
  input wire                     c_host_we_i,
  input wire [7:0]               c_host_sel_i,
  input wire [HostAddrWidth-1:0] c_host_addr_i,
  input wire [HostDataWidth-1:0] c_host_wdata_i,
  input wire [HostDataWidth-1:0] host_rdata_i,
  input wire [CrdWidth-1:0]      host_len_i,
  input wire                     m_arready_i,
  input wire [31:0]              m_rdata_i,
  input wire [1:0]               m_rresp_i,
  input wire                     m_rlast_i,
  input wire                     m_rvalid_i,
  input wire                     m_awready_i,
  input wire                     m_wready_i,
  input wire [1:0]               m_bresp_i,
  input wire                     m_bvalid_i
);
  wire        s_awready, s_wready, s_bvalid, s_arready, s_rvalid;
  wire [1:0]  s_bresp, s_rresp;
  wire [31:0] s_rdata;
  wire [11:0] c_awaddr, c_araddr;
  wire        c_awvalid, c_wvalid, c_bready, c_arvalid, c_rready;
  wire [31:0] c_wdata;
  wire [3:0]  c_wstrb;
  wire        host_en, host_we;
  wire [7:0]  host_sel;
  wire [HostAddrWidth-1:0] host_addr;
  wire [HostDataWidth-1:0] host_wdata;
  wire [31:0] m_araddr, m_awaddr, m_wdata;
  wire [7:0]  m_arlen, m_awlen;
  wire [2:0]  m_arsize, m_awsize;
  wire [1:0]  m_arburst, m_awburst;
  wire        m_arvalid, m_rready, m_awvalid, m_wlast, m_wvalid, m_bready;
  wire [3:0]  m_wstrb;

  sam_axi_dma #(.NumSel(NumSel), .CrdWidth(CrdWidth), .HostAddrWidth(HostAddrWidth),
                .HostDataWidth(HostDataWidth)) dut (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .s_axil_awaddr_i(s_awaddr_i), .s_axil_awvalid_i(s_awvalid_i),
    .s_axil_awready_o(s_awready), .s_axil_wdata_i(s_wdata_i), .s_axil_wstrb_i(s_wstrb_i),
    .s_axil_wvalid_i(s_wvalid_i), .s_axil_wready_o(s_wready), .s_axil_bresp_o(s_bresp),
    .s_axil_bvalid_o(s_bvalid), .s_axil_bready_i(s_bready_i),
    .s_axil_araddr_i(s_araddr_i), .s_axil_arvalid_i(s_arvalid_i),
    .s_axil_arready_o(s_arready), .s_axil_rdata_o(s_rdata), .s_axil_rresp_o(s_rresp),
    .s_axil_rvalid_o(s_rvalid), .s_axil_rready_i(s_rready_i),
    .c_axil_awaddr_o(c_awaddr), .c_axil_awvalid_o(c_awvalid), .c_axil_awready_i(c_awready_i),
    .c_axil_wdata_o(c_wdata), .c_axil_wstrb_o(c_wstrb), .c_axil_wvalid_o(c_wvalid),
    .c_axil_wready_i(c_wready_i), .c_axil_bresp_i(c_bresp_i), .c_axil_bvalid_i(c_bvalid_i),
    .c_axil_bready_o(c_bready), .c_axil_araddr_o(c_araddr), .c_axil_arvalid_o(c_arvalid),
    .c_axil_arready_i(c_arready_i), .c_axil_rdata_i(c_rdata_i), .c_axil_rresp_i(c_rresp_i),
    .c_axil_rvalid_i(c_rvalid_i), .c_axil_rready_o(c_rready),
    .c_host_en_i(c_host_en_i), .c_host_we_i(c_host_we_i), .c_host_sel_i(c_host_sel_i),
    .c_host_addr_i(c_host_addr_i), .c_host_wdata_i(c_host_wdata_i),
    .host_en_o(host_en), .host_we_o(host_we), .host_sel_o(host_sel), .host_addr_o(host_addr),
    .host_wdata_o(host_wdata), .host_rdata_i(host_rdata_i), .host_len_i(host_len_i),
    .m_axi_araddr_o(m_araddr), .m_axi_arlen_o(m_arlen), .m_axi_arsize_o(m_arsize),
    .m_axi_arburst_o(m_arburst), .m_axi_arvalid_o(m_arvalid), .m_axi_arready_i(m_arready_i),
    .m_axi_rdata_i(m_rdata_i), .m_axi_rresp_i(m_rresp_i), .m_axi_rlast_i(m_rlast_i),
    .m_axi_rvalid_i(m_rvalid_i), .m_axi_rready_o(m_rready),
    .m_axi_awaddr_o(m_awaddr), .m_axi_awlen_o(m_awlen), .m_axi_awsize_o(m_awsize),
    .m_axi_awburst_o(m_awburst), .m_axi_awvalid_o(m_awvalid), .m_axi_awready_i(m_awready_i),
    .m_axi_wdata_o(m_wdata), .m_axi_wstrb_o(m_wstrb), .m_axi_wlast_o(m_wlast),
    .m_axi_wvalid_o(m_wvalid), .m_axi_wready_i(m_wready_i),
    .m_axi_bresp_i(m_bresp_i), .m_axi_bvalid_i(m_bvalid_i), .m_axi_bready_o(m_bready)
  );
  wire unused_host = ^{host_en, host_we, host_sel, host_addr, host_wdata};

  // ---- the channels' contract ----
  fv_in #(.Width(12)) env_s_aw (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(s_awvalid_i), .ready_i(s_awready), .data_i(s_awaddr_i));
  fv_in #(.Width(36)) env_s_w (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(s_wvalid_i), .ready_i(s_wready), .data_i({s_wdata_i, s_wstrb_i}));
  fv_in #(.Width(12)) env_s_ar (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(s_arvalid_i), .ready_i(s_arready), .data_i(s_araddr_i));
  fv_in #(.Width(2)) env_c_b (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(c_bvalid_i), .ready_i(c_bready), .data_i(c_bresp_i));
  fv_in #(.Width(34)) env_c_r (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(c_rvalid_i), .ready_i(c_rready), .data_i({c_rdata_i, c_rresp_i}));
  fv_in #(.Width(35)) env_m_r (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(m_rvalid_i), .ready_i(m_rready), .data_i({m_rdata_i, m_rresp_i, m_rlast_i}));
  fv_in #(.Width(2)) env_m_b (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(m_bvalid_i), .ready_i(m_bready), .data_i(m_bresp_i));
  fv_out #(.Width(2), .Comb(1)) chk_s_b (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(s_bvalid), .ready_i(s_bready_i), .data_i(s_bresp));
  fv_out #(.Width(34), .Comb(1)) chk_s_r (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(s_rvalid), .ready_i(s_rready_i), .data_i({s_rdata, s_rresp}));
  fv_out #(.Width(12), .Comb(1), .Cover(0)) chk_c_aw (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(c_awvalid), .ready_i(c_awready_i), .data_i(c_awaddr));
  fv_out #(.Width(36), .Comb(1), .Cover(0)) chk_c_w (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(c_wvalid), .ready_i(c_wready_i), .data_i({c_wdata, c_wstrb}));
  fv_out #(.Width(12), .Comb(1), .Cover(0)) chk_c_ar (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(c_arvalid), .ready_i(c_arready_i), .data_i(c_araddr));
  fv_out #(.Width(45)) chk_m_ar (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(m_arvalid), .ready_i(m_arready_i), .data_i({m_araddr, m_arlen, m_arsize, m_arburst}));
  fv_out #(.Width(45)) chk_m_aw (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(m_awvalid), .ready_i(m_awready_i), .data_i({m_awaddr, m_awlen, m_awsize, m_awburst}));
  fv_out #(.Width(37)) chk_m_w (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(m_wvalid), .ready_i(m_wready_i), .data_i({m_wdata, m_wstrb, m_wlast}));

  // ---- what is outstanding ----
  wire s_aw_hs = s_awvalid_i && s_awready, s_b_hs = s_bvalid && s_bready_i;
  wire s_ar_hs = s_arvalid_i && s_arready, s_r_hs = s_rvalid && s_rready_i;
  wire c_aw_hs = c_awvalid && c_awready_i, c_b_hs = c_bvalid_i && c_bready;
  wire c_ar_hs = c_arvalid && c_arready_i, c_r_hs = c_rvalid_i && c_rready;
  wire m_ar_hs = m_arvalid && m_arready_i, m_r_hs = m_rvalid_i && m_rready;
  wire m_aw_hs = m_awvalid && m_awready_i, m_w_hs = m_wvalid && m_wready_i;
  wire m_b_hs = m_bvalid_i && m_bready;
  reg        init_q = 1'b1;
  reg  [1:0] s_w_q, s_r_q, c_w_q, c_r_q;   // requests taken, not answered
  reg        m_rd_q, m_wr_q, m_bw_q;       // a read burst, a write burst's beats, its B
  reg  [8:0] m_rbeats_q, m_wbeats_q;       // beats left
  always @(posedge clk_i) begin
    init_q <= 1'b0;
    if (!rst_ni) begin
      s_w_q <= 2'd0; s_r_q <= 2'd0; c_w_q <= 2'd0; c_r_q <= 2'd0;
      m_rd_q <= 1'b0; m_wr_q <= 1'b0; m_bw_q <= 1'b0;
      m_rbeats_q <= 9'd0; m_wbeats_q <= 9'd0;
    end else begin
      s_w_q <= s_w_q + {1'b0, s_aw_hs} - {1'b0, s_b_hs};
      s_r_q <= s_r_q + {1'b0, s_ar_hs} - {1'b0, s_r_hs};
      c_w_q <= c_w_q + {1'b0, c_aw_hs} - {1'b0, c_b_hs};
      c_r_q <= c_r_q + {1'b0, c_ar_hs} - {1'b0, c_r_hs};
      if (m_ar_hs) begin
        m_rd_q <= 1'b1; m_rbeats_q <= {1'b0, m_arlen} + 9'd1;
      end else if (m_r_hs) begin
        m_rbeats_q <= m_rbeats_q - 9'd1;
        if (m_rbeats_q == 9'd1) m_rd_q <= 1'b0;
      end
      if (m_aw_hs) begin
        m_wr_q <= 1'b1; m_bw_q <= 1'b1; m_wbeats_q <= {1'b0, m_awlen} + 9'd1;
      end else begin
        if (m_w_hs) begin
          m_wbeats_q <= m_wbeats_q - 9'd1;
          if (m_wbeats_q == 9'd1) m_wr_q <= 1'b0;
        end
        if (m_b_hs) m_bw_q <= 1'b0;
      end
    end
  end
  wire [12:0] ar_end = {1'b0, m_araddr[11:0]} + ({5'd0, m_arlen} + 13'd1) * 13'd4;
  wire [12:0] aw_end = {1'b0, m_awaddr[11:0]} + ({5'd0, m_awlen} + 13'd1) * 13'd4;
  always @(*) begin
    if (!init_q && rst_ni) begin
      // the responders answer only what was asked
      assume (!c_bvalid_i || c_w_q != 2'd0);
      assume (!c_rvalid_i || c_r_q != 2'd0);
      assume (!m_rvalid_i || m_rd_q);
      assume (!m_bvalid_i || (m_bw_q && !m_wr_q));
      // c_axil's slave is sam_axil_ctrl: it takes a request whenever it has
      // none outstanding (its wr_go and rd_go), as the block relies on
      assume (!(c_awvalid && c_wvalid && c_w_q == 2'd0) || (c_awready_i && c_wready_i));
      assume (!(c_arvalid && c_r_q == 2'd0) || c_arready_i);
      assume (c_awready_i == c_wready_i);
      // the block
      assert (!s_bvalid || s_w_q != 2'd0);
      assert (!s_rvalid || s_r_q != 2'd0);
      assert (!m_arvalid || (m_arsize == 3'd2 && m_arburst == 2'b01 && ar_end <= 13'd4096));
      assert (!m_awvalid || (m_awsize == 3'd2 && m_awburst == 2'b01 && aw_end <= 13'd4096));
      assert (!(m_arvalid && (m_rd_q || m_bw_q)));
      assert (!(m_awvalid && (m_bw_q || m_rd_q)));
      assert (!m_wvalid || m_wr_q);
      assert (!m_wvalid || m_wlast == (m_wbeats_q == 9'd1));
    end
  end
endmodule
