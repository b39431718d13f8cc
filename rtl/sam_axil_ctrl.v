// sam_axil_ctrl - AXI4-Lite control, status and memory window for a
// generated top.  The register map is fixed: it does not depend on the
// kernel or its data (docs/rtl-interfaces.md, "AXI4-Lite register map").
//
//   0x00 ID        RO  0x53414d31 ("SAM1")
//   0x04 CTRL      WO  bit 0: start a run (ignored while busy)
//   0x08 STATUS    RO  bit 0 busy, bit 1 done (the last run finished; cleared
//                      by the next start), bit 2 refused (sticky: a memory
//                      access while busy, or a word address beyond the host
//                      port; cleared by the next start), bits 15:8 the top's
//                      error bits (err_i)
//   0x0c CYCLES_LO RO  cycles of the current or last run, low word
//   0x10 CYCLES_HI RO  high word (read LO first: HI is latched by that read)
//   0x14 MEM_SEL   RW  host select (0 = dense dimensions, k = memory k)
//   0x18 MEM_ADDR  RW  word address; steps by one after each MEM_DATA_LO
//                      access
//   0x1c MEM_DATA_LO RW write: store {MEM_DATA_HI, value} at MEM_ADDR;
//                      read: the word at MEM_ADDR, low 32 bits
//   0x20 MEM_DATA_HI RW write: bits 63:32 of the next store; read: bits 63:32
//                      of the word the last MEM_DATA_LO read returned
//   0x24 MEM_LEN   RO  entries a writer stored in memory MEM_SEL
//   0x28 CAPS      RO  {8'd1 (map version), HostDataWidth, HostAddrWidth,
//                      CrdWidth}
//
// Responses are OKAY, or SLVERR for an address outside the map and for a
// refused memory access.  The host port (host_*_o) belongs to the host while
// no run is in progress (host_en_o = !busy); a run holds start_o high from
// the CTRL write until done_i rises after having been low, which also
// re-arms a top that restarts on start's rising edge.  Every output to the
// AXI side and to the top comes from a register except host_en_o's
// inverter-free copy of busy (itself a register).
module sam_axil_ctrl #(
  parameter integer CrdWidth      = 16,
  parameter integer HostAddrWidth = 11,
  parameter integer HostDataWidth = 32,
  parameter integer ErrWidth      = 4
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,
  // AXI4-Lite slave (12-bit byte addresses, 32-bit data)
  input  wire [11:0]              s_axil_awaddr_i,
  input  wire                     s_axil_awvalid_i,
  output wire                     s_axil_awready_o,
  input  wire [31:0]              s_axil_wdata_i,
  input  wire [3:0]               s_axil_wstrb_i,
  input  wire                     s_axil_wvalid_i,
  output wire                     s_axil_wready_o,
  output wire [1:0]               s_axil_bresp_o,
  output wire                     s_axil_bvalid_o,
  input  wire                     s_axil_bready_i,
  input  wire [11:0]              s_axil_araddr_i,
  input  wire                     s_axil_arvalid_i,
  output wire                     s_axil_arready_o,
  output wire [31:0]              s_axil_rdata_o,
  output wire [1:0]               s_axil_rresp_o,
  output wire                     s_axil_rvalid_o,
  input  wire                     s_axil_rready_i,
  // the generated top
  output wire                     start_o,
  input  wire                     done_i,
  input  wire [ErrWidth-1:0]      err_i,
  output wire                     host_en_o,
  output wire                     host_we_o,
  output wire [7:0]               host_sel_o,
  output wire [HostAddrWidth-1:0] host_addr_o,
  output wire [HostDataWidth-1:0] host_wdata_o,
  input  wire [HostDataWidth-1:0] host_rdata_i,
  input  wire [CrdWidth-1:0]      host_len_i
);
  localparam [1:0] RespOkay = 2'b00, RespSlvErr = 2'b10;
  localparam [9:0] RegId = 10'd0, RegCtrl = 10'd1, RegStatus = 10'd2, RegCycLo = 10'd3,
                   RegCycHi = 10'd4, RegSel = 10'd5, RegAddr = 10'd6, RegDataLo = 10'd7,
                   RegDataHi = 10'd8, RegLen = 10'd9, RegCaps = 10'd10;
  localparam [31:0] IdValue = 32'h53414d31;

  reg        busy_q, done_q, refused_q, seen_low_q, start_q;
  reg [63:0] cyc_q;
  reg [31:0] cyc_hi_q;
  reg [7:0]  sel_q;
  reg [31:0] addr_q, wdata_hi_q;
  reg [31:0] rword_hi_q;
  reg        we_q;
  reg [HostDataWidth-1:0] wdata_q;
  reg        bvalid_q, rvalid_q;
  reg [1:0]  bresp_q, rresp_q;
  reg [31:0] rdata_q;
  // a MEM_DATA_LO read waits two cycles for the RAM behind the host port:
  // MEM_ADDR may change in the cycle the read is accepted (a write on the
  // other channel), and the top's read data follow the address a cycle late
  reg [1:0]  rwait_q;

  // a word address the host port can reach (wider addresses alias)
  wire addr_fits;
  generate
    if (HostAddrWidth >= 32) begin : g_fits_all
      assign addr_fits = 1'b1;
    end else begin : g_fits
      assign addr_fits = (addr_q >> HostAddrWidth) == 32'd0;
    end
  endgenerate
  wire mem_ok = !busy_q && addr_fits;

  // writes: address and data taken together, one response at a time
  wire       wr_go  = s_axil_awvalid_i && s_axil_wvalid_i && !bvalid_q;
  wire [9:0] wr_reg = s_axil_awaddr_i[11:2];
  // reads: one at a time, MEM_DATA_LO after its wait
  wire       rd_go  = s_axil_arvalid_i && !rvalid_q && (rwait_q == 2'd0);
  wire [9:0] rd_reg = s_axil_araddr_i[11:2];

  assign s_axil_awready_o = wr_go;
  assign s_axil_wready_o  = wr_go;
  assign s_axil_bvalid_o  = bvalid_q;
  assign s_axil_bresp_o   = bresp_q;
  assign s_axil_arready_o = rd_go;
  assign s_axil_rvalid_o  = rvalid_q;
  assign s_axil_rresp_o   = rresp_q;
  assign s_axil_rdata_o   = rdata_q;

  assign start_o      = start_q;
  assign host_en_o    = !busy_q;
  assign host_we_o    = we_q;
  assign host_sel_o   = sel_q;
  assign host_addr_o  = addr_q[HostAddrWidth-1:0];
  assign host_wdata_o = wdata_q;

  // byte strobes apply to the writable registers
  function [31:0] merge(input [31:0] old, input [31:0] new_w, input [3:0] strb);
    integer b;
    begin
      for (b = 0; b < 4; b = b + 1)
        merge[8*b +: 8] = strb[b] ? new_w[8*b +: 8] : old[8*b +: 8];
    end
  endfunction

  wire [63:0] wword = {wdata_hi_q, s_axil_wdata_i};
  // registers are words: the byte-offset bits, and a store's bits above
  // HostDataWidth, are not used
  wire unused_bits = ^{s_axil_awaddr_i[1:0], s_axil_araddr_i[1:0], wword};

  // the top's narrower buses, zero-extended to the AXI side
  wire [63:0] rdata64;
  wire [31:0] len32;
  wire [7:0]  err8;
  generate
    if (HostDataWidth < 64) begin : g_rd_ext
      assign rdata64 = {{(64 - HostDataWidth){1'b0}}, host_rdata_i};
    end else begin : g_rd_full
      assign rdata64 = host_rdata_i;
    end
    if (CrdWidth < 32) begin : g_len_ext
      assign len32 = {{(32 - CrdWidth){1'b0}}, host_len_i};
    end else begin : g_len_full
      assign len32 = host_len_i;
    end
    if (ErrWidth < 8) begin : g_err_ext
      assign err8 = {{(8 - ErrWidth){1'b0}}, err_i};
    end else begin : g_err_full
      assign err8 = err_i;
    end
  endgenerate

  // ---- run control ----
  wire start_req = wr_go && wr_reg == RegCtrl && s_axil_wstrb_i[0] && s_axil_wdata_i[0] && !busy_q;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      done_q <= 1'b0;
      start_q <= 1'b0;
      seen_low_q <= 1'b0;
      cyc_q <= 64'd0;
    end else if (start_req) begin
      busy_q <= 1'b1;
      done_q <= 1'b0;
      start_q <= 1'b1;
      seen_low_q <= 1'b0;
      cyc_q <= 64'd0;
    end else if (busy_q) begin
      if (!done_i) seen_low_q <= 1'b1;
      if (seen_low_q && done_i) begin
        busy_q <= 1'b0;
        done_q <= 1'b1;
        start_q <= 1'b0;
      end else begin
        cyc_q <= cyc_q + 64'd1;
      end
    end
  end

  // ---- writes ----
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      bvalid_q <= 1'b0;
      bresp_q <= RespOkay;
      sel_q <= 8'd0;
      wdata_hi_q <= 32'd0;
      we_q <= 1'b0;
      wdata_q <= {HostDataWidth{1'b0}};
    end else begin
      we_q <= 1'b0;
      if (bvalid_q && s_axil_bready_i) bvalid_q <= 1'b0;
      if (wr_go) begin
        bvalid_q <= 1'b1;
        bresp_q <= RespOkay;
        case (wr_reg)
          RegCtrl: ;
          RegSel: if (s_axil_wstrb_i[0]) sel_q <= s_axil_wdata_i[7:0];
          RegAddr: ;
          RegDataHi: wdata_hi_q <= merge(wdata_hi_q, s_axil_wdata_i, s_axil_wstrb_i);
          RegDataLo: begin
            if (mem_ok) begin
              we_q <= 1'b1;
              wdata_q <= wword[HostDataWidth-1:0];
            end else begin
              bresp_q <= RespSlvErr;
            end
          end
          default: bresp_q <= RespSlvErr;
        endcase
      end
    end
  end

  // MEM_ADDR: written, or stepped after each MEM_DATA_LO access (a store
  // steps it in the cycle the top takes the word, so the word goes to the
  // address before the step)
  wire rd_data_done = rwait_q == 2'd1;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      addr_q <= 32'd0;
    end else if (wr_go && wr_reg == RegAddr) begin
      addr_q <= merge(addr_q, s_axil_wdata_i, s_axil_wstrb_i);
    end else if (we_q || rd_data_done) begin
      addr_q <= addr_q + 32'd1;
    end
  end

  // refused memory accesses, sticky until the next start
  wire refuse_wr = wr_go && wr_reg == RegDataLo && !mem_ok;
  wire refuse_rd = rd_go && rd_reg == RegDataLo && !mem_ok;
  always @(posedge clk_i) begin
    if (!rst_ni || start_req) refused_q <= 1'b0;
    else if (refuse_wr || refuse_rd) refused_q <= 1'b1;
  end

  // ---- reads ----
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      rvalid_q <= 1'b0;
      rresp_q <= RespOkay;
      rdata_q <= 32'd0;
      rwait_q <= 2'd0;
      rword_hi_q <= 32'd0;
      cyc_hi_q <= 32'd0;
    end else begin
      if (rvalid_q && s_axil_rready_i) rvalid_q <= 1'b0;
      if (rwait_q != 2'd0) begin
        rwait_q <= rwait_q - 2'd1;
        if (rd_data_done) begin
          rword_hi_q <= rdata64[63:32];
          rdata_q <= rdata64[31:0];
          rresp_q <= RespOkay;
          rvalid_q <= 1'b1;
        end
      end else if (rd_go) begin
        rresp_q <= RespOkay;
        if (rd_reg == RegDataLo && mem_ok) begin
          rwait_q <= 2'd2;
        end else begin
          rvalid_q <= 1'b1;
          case (rd_reg)
            RegId: rdata_q <= IdValue;
            RegCtrl: rdata_q <= 32'd0;
            RegStatus: rdata_q <= {16'd0, err8, 5'd0, refused_q, done_q, busy_q};
            RegCycLo: begin
              rdata_q <= cyc_q[31:0];
              cyc_hi_q <= cyc_q[63:32];
            end
            RegCycHi: rdata_q <= cyc_hi_q;
            RegSel: rdata_q <= {24'd0, sel_q};
            RegAddr: rdata_q <= addr_q;
            RegDataHi: rdata_q <= rword_hi_q;
            RegLen: rdata_q <= len32;
            RegCaps: rdata_q <= {8'd1, HostDataWidth[7:0], HostAddrWidth[7:0], CrdWidth[7:0]};
            default: begin
              rdata_q <= 32'd0;
              rresp_q <= RespSlvErr;
            end
          endcase
          if (rd_reg == RegDataLo) rresp_q <= RespSlvErr;
        end
      end
    end
  end
endmodule
