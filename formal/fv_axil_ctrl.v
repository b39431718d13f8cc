// fv_axil_ctrl - proof wrapper of sam_axil_ctrl (CrdWidth 4, HostAddrWidth
// 3, HostDataWidth 8).  The AXI4-Lite channels are valid/ready streams:
// the master's (AW, W, AR) are assumed to keep the contract (fv_in), the
// slave's (B, R) are asserted to (fv_out: a response offered and not taken
// stays, with the same data; none valid after reset).  Asserted besides,
// with a count of the requests taken and the responses given:
//   * AW and W are taken in the same cycle (docs/rtl-interfaces.md);
//   * every response answers a request, and at most one write and one read
//     are outstanding: no B without a write taken before it, no write taken
//     while its response is pending, and the same for AR and R.
// The top's side (done_i, err_i, host_rdata_i, host_len_i) is arbitrary.
module fv_axil_ctrl #(
  parameter integer CrdWidth      = 4,
  parameter integer HostAddrWidth = 3,
  parameter integer HostDataWidth = 8
) (
  input wire                     clk_i,
  input wire                     rst_ni,
  input wire [11:0]              awaddr_i,
  input wire                     awvalid_i,
  input wire [31:0]              wdata_i,
  input wire [3:0]               wstrb_i,
  input wire                     wvalid_i,
  input wire                     bready_i,
  input wire [11:0]              araddr_i,
  input wire                     arvalid_i,
  input wire                     rready_i,
  input wire                     done_i,
  input wire [3:0]               err_i,
  input wire [HostDataWidth-1:0] host_rdata_i,
  input wire [CrdWidth-1:0]      host_len_i
);
  wire        awready, wready, bvalid, arready, rvalid;
  wire [1:0]  bresp, rresp;
  wire [31:0] rdata;
  wire        start, host_en, host_we;
  wire [7:0]  host_sel;
  wire [HostAddrWidth-1:0] host_addr;
  wire [HostDataWidth-1:0] host_wdata;

  sam_axil_ctrl #(.CrdWidth(CrdWidth), .HostAddrWidth(HostAddrWidth),
                  .HostDataWidth(HostDataWidth), .ErrWidth(4)) dut (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .s_axil_awaddr_i(awaddr_i), .s_axil_awvalid_i(awvalid_i), .s_axil_awready_o(awready),
    .s_axil_wdata_i(wdata_i), .s_axil_wstrb_i(wstrb_i), .s_axil_wvalid_i(wvalid_i),
    .s_axil_wready_o(wready), .s_axil_bresp_o(bresp), .s_axil_bvalid_o(bvalid),
    .s_axil_bready_i(bready_i), .s_axil_araddr_i(araddr_i), .s_axil_arvalid_i(arvalid_i),
    .s_axil_arready_o(arready), .s_axil_rdata_o(rdata), .s_axil_rresp_o(rresp),
    .s_axil_rvalid_o(rvalid), .s_axil_rready_i(rready_i),
    .start_o(start), .done_i(done_i), .err_i(err_i), .host_en_o(host_en),
    .host_we_o(host_we), .host_sel_o(host_sel), .host_addr_o(host_addr),
    .host_wdata_o(host_wdata), .host_rdata_i(host_rdata_i), .host_len_i(host_len_i)
  );
  wire unused_top = ^{start, host_en, host_we, host_sel, host_addr, host_wdata};

  fv_in #(.Width(12)) env_aw (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(awvalid_i), .ready_i(awready), .data_i(awaddr_i));
  fv_in #(.Width(36)) env_w (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(wvalid_i), .ready_i(wready), .data_i({wdata_i, wstrb_i}));
  fv_in #(.Width(12)) env_ar (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(arvalid_i), .ready_i(arready), .data_i(araddr_i));
  fv_out #(.Width(2), .Comb(0)) chk_b (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(bvalid), .ready_i(bready_i), .data_i(bresp));
  fv_out #(.Width(34), .Comb(0)) chk_r (.clk_i(clk_i), .rst_ni(rst_ni),
    .valid_i(rvalid), .ready_i(rready_i), .data_i({rdata, rresp}));

  // requests taken and not yet answered
  wire aw_hs = awvalid_i && awready, w_hs = wvalid_i && wready, b_hs = bvalid && bready_i;
  wire ar_hs = arvalid_i && arready, r_hs = rvalid && rready_i;
  reg  init_q = 1'b1;
  reg  wpend_q, rpend_q;
  always @(posedge clk_i) begin
    init_q <= 1'b0;
    if (!rst_ni) begin
      wpend_q <= 1'b0;
      rpend_q <= 1'b0;
    end else begin
      if (aw_hs) wpend_q <= 1'b1;
      else if (b_hs) wpend_q <= 1'b0;
      if (ar_hs) rpend_q <= 1'b1;
      else if (r_hs) rpend_q <= 1'b0;
    end
  end
  always @(*) begin
    if (!init_q && rst_ni) begin
      assert (aw_hs == w_hs);
      assert (!bvalid || wpend_q);
      assert (!(aw_hs && wpend_q));
      assert (!rvalid || rpend_q);
      assert (!(ar_hs && rpend_q));
    end
  end
endmodule
