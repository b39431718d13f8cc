// sam_axi_dma - descriptor DMA between system memory (an AXI4 master) and
// the host port of a generated top, placed in front of sam_axil_ctrl.
//
// It sits on two paths (docs/rtl-interfaces.md, "sam_axi_dma"):
//   * the AXI4-Lite bus: s_axil_* come from the system, c_axil_* go on to
//     sam_axil_ctrl's slave port.  Offsets below 0x100 pass through, except
//     that MEM_DATA_LO is refused (SLVERR) while the DMA is active, STATUS
//     reads gain bit 3 (DMA busy) and bit 4 (DMA error), and CTRL bits 3:1
//     are DMA commands (bit 0, start, is masked while the DMA is active or
//     when a DMA bit is written with it).  Offsets 0x100 and up are the DMA
//     registers, answered here:
//       0x100 DMA_INFO  RO {16'd0, slot bytes (4 or 8), NumSel}
//       0x104 DMA_FAULT RO byte address of the burst that got SLVERR/DECERR
//       0x100 + 16*k, k = 1..NumSel, the descriptor of host memory k:
//         +0x0 ADDR  RW system byte address (bits 1:0 read as zero)
//         +0x4 COUNT RW words: loaded into memory k, or the most stored
//         +0x8 FLAGS RW bit 0 in (loaded by 'load'), bit 1 out (stored by
//                       'store')
//         +0xc MOVED RO words the last command moved for memory k (for a
//                       store: the top's host_len, even when above COUNT)
//   * the host port: c_host_* come from sam_axil_ctrl, host_* go to the top.
//     While a transfer runs the DMA drives the port, otherwise the control
//     block's signals pass through.
// A word of memory k takes one 32-bit slot in system memory when
// HostDataWidth <= 32 (its low bits, zero-extended on a store), two when it
// is wider (low 32 bits at the lower address).  Bursts are INCR, 32-bit
// beats, at most 16 beats, never across a 4 KiB boundary; one burst per
// direction is outstanding.  'load, run, store' writes CTRL.start on the
// control block's bus itself between the two transfers.
module sam_axi_dma #(
  parameter integer NumSel        = 4,
  parameter integer CrdWidth      = 16,
  parameter integer HostAddrWidth = 11,
  parameter integer HostDataWidth = 32
) (
  input  wire                     clk_i,
  input  wire                     rst_ni,
  // AXI4-Lite slave, from the system
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
  // AXI4-Lite master, to sam_axil_ctrl
  output wire [11:0]              c_axil_awaddr_o,
  output wire                     c_axil_awvalid_o,
  input  wire                     c_axil_awready_i,
  output wire [31:0]              c_axil_wdata_o,
  output wire [3:0]               c_axil_wstrb_o,
  output wire                     c_axil_wvalid_o,
  input  wire                     c_axil_wready_i,
  input  wire [1:0]               c_axil_bresp_i,
  input  wire                     c_axil_bvalid_i,
  output wire                     c_axil_bready_o,
  output wire [11:0]              c_axil_araddr_o,
  output wire                     c_axil_arvalid_o,
  input  wire                     c_axil_arready_i,
  input  wire [31:0]              c_axil_rdata_i,
  input  wire [1:0]               c_axil_rresp_i,
  input  wire                     c_axil_rvalid_i,
  output wire                     c_axil_rready_o,
  // host port from sam_axil_ctrl
  input  wire                     c_host_en_i,
  input  wire                     c_host_we_i,
  input  wire [7:0]               c_host_sel_i,
  input  wire [HostAddrWidth-1:0] c_host_addr_i,
  input  wire [HostDataWidth-1:0] c_host_wdata_i,
  // host port to the top (its host_rdata_o and host_len_o also go to
  // sam_axil_ctrl)
  output wire                     host_en_o,
  output wire                     host_we_o,
  output wire [7:0]               host_sel_o,
  output wire [HostAddrWidth-1:0] host_addr_o,
  output wire [HostDataWidth-1:0] host_wdata_o,
  input  wire [HostDataWidth-1:0] host_rdata_i,
  input  wire [CrdWidth-1:0]      host_len_i,
  // AXI4 master, to system memory
  output wire [31:0]              m_axi_araddr_o,
  output wire [7:0]               m_axi_arlen_o,
  output wire [2:0]               m_axi_arsize_o,
  output wire [1:0]               m_axi_arburst_o,
  output wire                     m_axi_arvalid_o,
  input  wire                     m_axi_arready_i,
  input  wire [31:0]              m_axi_rdata_i,
  input  wire [1:0]               m_axi_rresp_i,
  input  wire                     m_axi_rlast_i,
  input  wire                     m_axi_rvalid_i,
  output wire                     m_axi_rready_o,
  output wire [31:0]              m_axi_awaddr_o,
  output wire [7:0]               m_axi_awlen_o,
  output wire [2:0]               m_axi_awsize_o,
  output wire [1:0]               m_axi_awburst_o,
  output wire                     m_axi_awvalid_o,
  input  wire                     m_axi_awready_i,
  output wire [31:0]              m_axi_wdata_o,
  output wire [3:0]               m_axi_wstrb_o,
  output wire                     m_axi_wlast_o,
  output wire                     m_axi_wvalid_o,
  input  wire                     m_axi_wready_i,
  input  wire [1:0]               m_axi_bresp_i,
  input  wire                     m_axi_bvalid_i,
  output wire                     m_axi_bready_o
);
  localparam [1:0] RespOkay = 2'b00, RespSlvErr = 2'b10;
  localparam integer Slots = (HostDataWidth > 32) ? 2 : 1;
  localparam [3:0] StIdle = 4'd0, StScan = 4'd1, StLen = 4'd2, StAr = 4'd3, StR = 4'd4,
                   StNext = 4'd5, StAw = 4'd6, StRd0 = 4'd7, StRd1 = 4'd8, StW = 4'd9,
                   StB = 4'd10, StInj = 4'd11, StInjB = 4'd12, StRun = 4'd13;

  reg [3:0]  state_q;
  reg        store_q, seq_q, err_q;
  reg [31:0] fault_q;
  reg [5:0]  k_q;
  reg [32:0] beats_q;        // bus beats left to request in this descriptor
  reg [4:0]  burst_q;        // beats left in the current burst
  reg [31:0] addr_q, baddr_q;
  reg [32:0] widx_q;         // word address in host memory k
  reg        half_q;         // the next beat is the high half of a word
  reg [31:0] lo_q;
  reg [63:0] wword_q;
  reg        we_q, lw_q, berr_q;
  reg [HostDataWidth-1:0] wdata_q;

  reg [31:0] d_addr_q  [1:NumSel];
  reg [31:0] d_count_q [1:NumSel];
  reg [1:0]  d_flags_q [1:NumSel];
  reg [31:0] d_moved_q [1:NumSel];

  wire active = state_q != StIdle;
  wire own = active && state_q != StInj && state_q != StInjB && state_q != StRun;

  // ---- host port ----
  assign host_en_o    = c_host_en_i;
  assign host_we_o    = own ? we_q : c_host_we_i;
  assign host_sel_o   = own ? {2'b00, k_q} : c_host_sel_i;
  assign host_addr_o  = own ? widx_q[HostAddrWidth-1:0] : c_host_addr_i;
  assign host_wdata_o = own ? wdata_q : c_host_wdata_i;

  wire [63:0] rdata64;
  wire [32:0] len33;
  generate
    if (NumSel < 1 || NumSel > 32 || HostDataWidth > 64) begin : g_bad_params
      // NumSel 1..32 and HostDataWidth up to 64 only: an unknown module
      // stops elaboration.
      sam_axi_dma_numsel_must_be_1_to_32_and_hostdatawidth_at_most_64 u_bad ();
    end
    if (HostDataWidth < 64) begin : g_rd_ext
      assign rdata64 = {{(64 - HostDataWidth){1'b0}}, host_rdata_i};
    end else begin : g_rd_full
      assign rdata64 = host_rdata_i;
    end
    if (CrdWidth < 33) begin : g_len_ext
      assign len33 = {{(33 - CrdWidth){1'b0}}, host_len_i};
    end else begin : g_len_full
      assign len33 = host_len_i[32:0];
    end
  endgenerate

  // ---- burst length: at most 16 beats, the rest of the descriptor, and
  // no further than the next 4 KiB boundary ----
  wire [10:0] to_bound = 11'd1024 - {1'b0, addr_q[11:2]};
  wire [4:0]  blen = (beats_q < 33'd16 && {22'd0, to_bound} > beats_q) ? beats_q[4:0]
                   : (to_bound < 11'd16) ? to_bound[4:0] : 5'd16;
  wire [7:0]  axlen = {3'd0, blen - 5'd1};

  assign m_axi_araddr_o  = addr_q;
  assign m_axi_arlen_o   = axlen;
  assign m_axi_arsize_o  = 3'b010;
  assign m_axi_arburst_o = 2'b01;
  assign m_axi_arvalid_o = state_q == StAr;
  assign m_axi_rready_o  = state_q == StR;
  assign m_axi_awaddr_o  = addr_q;
  assign m_axi_awlen_o   = axlen;
  assign m_axi_awsize_o  = 3'b010;
  assign m_axi_awburst_o = 2'b01;
  assign m_axi_awvalid_o = state_q == StAw;
  assign m_axi_wdata_o   = (Slots == 2 && half_q) ? wword_q[63:32] : wword_q[31:0];
  assign m_axi_wstrb_o   = 4'b1111;
  assign m_axi_wlast_o   = burst_q == 5'd1;
  assign m_axi_wvalid_o  = state_q == StW;
  assign m_axi_bready_o  = state_q == StB;

  // the word a load beat completes (the low half comes from the previous
  // beat when a word takes two slots)
  wire [63:0] lword = (Slots == 2) ? {m_axi_rdata_i, lo_q} : {32'd0, m_axi_rdata_i};

  // descriptor k_q: whether the command moves it, and its word count
  wire [1:0]  cur_flags = d_flags_q[k_q];
  wire [32:0] cur_count = {1'b0, d_count_q[k_q]};
  wire        cur_want  = store_q ? cur_flags[1] : cur_flags[0];
  wire        cur_fits  = cur_count <= (33'd1 << HostAddrWidth);
  wire [32:0] st_words  = (len33 < cur_count) ? len33 : cur_count;

  // ---- AXI4-Lite routing ----
  localparam [9:0] RegCtrl = 10'd1, RegStatus = 10'd2, RegDataLo = 10'd7;
  reg        wr_pend_q, rd_pend_q, own_bvalid_q, own_rvalid_q, st_q;
  reg [1:0]  own_bresp_q, own_rresp_q;
  reg [31:0] own_rdata_q;
  reg [1:0]  snap_q;
  wire [9:0] wr_reg = s_axil_awaddr_i[11:2];
  wire [9:0] rd_reg = s_axil_araddr_i[11:2];
  wire       inj_phase = state_q == StInj || state_q == StInjB;
  wire       inj_now = state_q == StInj && !wr_pend_q;
  wire       wr_own = wr_reg >= 10'd64 || (wr_reg == RegDataLo && active);
  wire       rd_own = rd_reg >= 10'd64 || (rd_reg == RegDataLo && active);
  wire       wr_both = s_axil_awvalid_i && s_axil_wvalid_i && !wr_pend_q && !inj_phase;
  wire       own_wr_go = wr_both && wr_own;
  wire       fwd_wr = wr_both && !wr_own;
  wire       fwd_wr_go = fwd_wr && c_axil_awready_i;
  wire       dma_bits = s_axil_wstrb_i[0] && s_axil_wdata_i[3:1] != 3'd0;
  wire       mask_start = wr_reg == RegCtrl && (active || dma_bits);

  assign c_axil_awaddr_o  = inj_now ? 12'h004 : s_axil_awaddr_i;
  assign c_axil_awvalid_o = inj_now || fwd_wr;
  assign c_axil_wdata_o   = inj_now ? 32'd1
                          : {s_axil_wdata_i[31:1], s_axil_wdata_i[0] && !mask_start};
  assign c_axil_wstrb_o   = inj_now ? 4'b0001 : s_axil_wstrb_i;
  assign c_axil_wvalid_o  = inj_now || fwd_wr;
  assign c_axil_bready_o  = state_q == StInjB || s_axil_bready_i;
  assign s_axil_awready_o = own_wr_go || fwd_wr_go;
  assign s_axil_wready_o  = own_wr_go || fwd_wr_go;
  assign s_axil_bvalid_o  = own_bvalid_q || (c_axil_bvalid_i && state_q != StInjB);
  assign s_axil_bresp_o   = own_bvalid_q ? own_bresp_q : c_axil_bresp_i;

  wire rd_ok     = s_axil_arvalid_i && !rd_pend_q;
  wire own_rd_go = rd_ok && rd_own;
  wire fwd_rd_go = rd_ok && !rd_own && c_axil_arready_i;
  assign c_axil_araddr_o  = s_axil_araddr_i;
  assign c_axil_arvalid_o = rd_ok && !rd_own;
  assign c_axil_rready_o  = s_axil_rready_i;
  assign s_axil_arready_o = own_rd_go || fwd_rd_go;
  assign s_axil_rvalid_o  = own_rvalid_q || c_axil_rvalid_i;
  assign s_axil_rresp_o   = own_rvalid_q ? own_rresp_q : c_axil_rresp_i;
  assign s_axil_rdata_o   = own_rvalid_q ? own_rdata_q
                          : (c_axil_rdata_i | (st_q ? {27'd0, snap_q, 3'd0} : 32'd0));

  // the DMA window: k = offset / 16 - 16, field = offset bits 3:2
  wire [7:0] wk = s_axil_awaddr_i[11:4] - 8'd16;
  wire [7:0] rk = s_axil_araddr_i[11:4] - 8'd16;
  wire       wk_ok = wr_reg >= 10'd64 && wk >= 8'd1 && wk <= NumSel[7:0];
  wire       rk_ok = rd_reg >= 10'd64 && rk >= 8'd1 && rk <= NumSel[7:0];
  wire [5:0] wk6 = wk[5:0];
  wire [5:0] rk6 = rk[5:0];

  function [31:0] merge(input [31:0] old, input [31:0] new_w, input [3:0] strb);
    integer b;
    begin
      for (b = 0; b < 4; b = b + 1)
        merge[8*b +: 8] = strb[b] ? new_w[8*b +: 8] : old[8*b +: 8];
    end
  endfunction

  // a command: CTRL written with a DMA bit while the DMA and the engine
  // are idle (bit 3 load-run-store, else bit 1 load, else bit 2 store)
  wire cmd_go = fwd_wr_go && wr_reg == RegCtrl && dma_bits && !active && c_host_en_i;

  // bus-side registers: responses, descriptors
  integer i;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      wr_pend_q <= 1'b0;
      rd_pend_q <= 1'b0;
      own_bvalid_q <= 1'b0;
      own_rvalid_q <= 1'b0;
      own_bresp_q <= RespOkay;
      own_rresp_q <= RespOkay;
      own_rdata_q <= 32'd0;
      st_q <= 1'b0;
      snap_q <= 2'b00;
      for (i = 1; i <= NumSel; i = i + 1) begin
        d_addr_q[i] <= 32'd0;
        d_count_q[i] <= 32'd0;
        d_flags_q[i] <= 2'b00;
      end
    end else begin
      if (own_bvalid_q && s_axil_bready_i) own_bvalid_q <= 1'b0;
      if (s_axil_bvalid_o && s_axil_bready_i) wr_pend_q <= 1'b0;
      if (own_wr_go || fwd_wr_go) wr_pend_q <= 1'b1;
      if (own_wr_go) begin
        own_bvalid_q <= 1'b1;
        own_bresp_q <= RespSlvErr;
        if (wk_ok && !active) begin
          own_bresp_q <= RespOkay;
          case (s_axil_awaddr_i[3:2])
            2'd0: d_addr_q[wk6] <= merge(d_addr_q[wk6], s_axil_wdata_i, s_axil_wstrb_i) & 32'hfffffffc;
            2'd1: d_count_q[wk6] <= merge(d_count_q[wk6], s_axil_wdata_i, s_axil_wstrb_i);
            2'd2: if (s_axil_wstrb_i[0]) d_flags_q[wk6] <= s_axil_wdata_i[1:0];
            default: own_bresp_q <= RespSlvErr;
          endcase
        end
      end
      if (own_rvalid_q && s_axil_rready_i) own_rvalid_q <= 1'b0;
      if (s_axil_rvalid_o && s_axil_rready_i) rd_pend_q <= 1'b0;
      if (own_rd_go || fwd_rd_go) begin
        rd_pend_q <= 1'b1;
        st_q <= fwd_rd_go && rd_reg == RegStatus;
        snap_q <= {err_q, active};
      end
      if (own_rd_go) begin
        own_rvalid_q <= 1'b1;
        own_rresp_q <= RespOkay;
        own_rdata_q <= 32'd0;
        if (rd_reg == 10'd64) begin
          own_rdata_q <= {16'd0, 4'd0, Slots[1:0], 2'd0, 2'd0, NumSel[5:0]};
        end else if (rd_reg == 10'd65) begin
          own_rdata_q <= fault_q;
        end else if (rk_ok) begin
          case (s_axil_araddr_i[3:2])
            2'd0: own_rdata_q <= d_addr_q[rk6];
            2'd1: own_rdata_q <= d_count_q[rk6];
            2'd2: own_rdata_q <= {30'd0, d_flags_q[rk6]};
            default: own_rdata_q <= d_moved_q[rk6];
          endcase
        end else begin
          own_rresp_q <= RespSlvErr;
        end
      end
    end
  end

  // ---- the transfer engine ----
  integer j;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= StIdle;
      store_q <= 1'b0;
      seq_q <= 1'b0;
      err_q <= 1'b0;
      fault_q <= 32'd0;
      k_q <= 6'd0;
      beats_q <= 33'd0;
      burst_q <= 5'd0;
      addr_q <= 32'd0;
      baddr_q <= 32'd0;
      widx_q <= 33'd0;
      half_q <= 1'b0;
      lo_q <= 32'd0;
      wword_q <= 64'd0;
      we_q <= 1'b0;
      lw_q <= 1'b0;
      berr_q <= 1'b0;
      wdata_q <= {HostDataWidth{1'b0}};
      for (j = 1; j <= NumSel; j = j + 1) d_moved_q[j] <= 32'd0;
    end else begin
      we_q <= 1'b0;
      if (we_q) widx_q <= widx_q + 33'd1;
      case (state_q)
        StIdle: if (cmd_go) begin
          err_q <= 1'b0;
          k_q <= 6'd1;
          seq_q <= s_axil_wdata_i[3];
          store_q <= !s_axil_wdata_i[3] && !s_axil_wdata_i[1];
          state_q <= StScan;
        end
        StScan: begin
          half_q <= 1'b0;
          widx_q <= 33'd0;
          addr_q <= d_addr_q[k_q];
          berr_q <= 1'b0;
          lw_q <= 1'b0;
          if ({26'd0, k_q} > NumSel) begin
            // the start is injected on c_axil only once no forwarded write
            // is waiting there (its address and data must stay until taken)
            if (seq_q && !store_q) begin
              if (!fwd_wr || fwd_wr_go) state_q <= StInj;
            end else begin
              state_q <= StIdle;
              seq_q <= 1'b0;
            end
          end else if (!cur_want) begin
            k_q <= k_q + 6'd1;
          end else if (store_q) begin
            state_q <= StLen;
          end else if (!cur_fits) begin
            err_q <= 1'b1;
            fault_q <= d_addr_q[k_q];
            state_q <= StIdle;
            seq_q <= 1'b0;
          end else begin
            d_moved_q[k_q] <= d_count_q[k_q];
            beats_q <= (Slots == 2) ? {cur_count[31:0], 1'b0} : cur_count;
            if (cur_count == 33'd0) k_q <= k_q + 6'd1;
            else state_q <= StAr;
          end
        end
        // a store: host_len of memory k appears two cycles after its select
        StLen: begin
          lw_q <= 1'b1;
          if (lw_q) begin
            d_moved_q[k_q] <= len33[31:0];
            beats_q <= (Slots == 2) ? {st_words[31:0], 1'b0} : st_words;
            if (st_words == 33'd0) begin
              k_q <= k_q + 6'd1;
              state_q <= StScan;
            end else begin
              state_q <= StAw;
            end
          end
        end
        StAr: if (m_axi_arready_i) begin
          burst_q <= blen;
          baddr_q <= addr_q;
          addr_q <= addr_q + {25'd0, blen, 2'b00};
          beats_q <= beats_q - {28'd0, blen};
          state_q <= StR;
        end
        StR: if (m_axi_rvalid_i) begin
          burst_q <= burst_q - 5'd1;
          if (m_axi_rresp_i[1]) begin
            berr_q <= 1'b1;
          end else if (!berr_q) begin
            if (Slots == 2 && !half_q) begin
              lo_q <= m_axi_rdata_i;
              half_q <= 1'b1;
            end else begin
              half_q <= 1'b0;
              we_q <= 1'b1;
              wdata_q <= lword[HostDataWidth-1:0];
            end
          end
          if (burst_q == 5'd1) begin
            if (berr_q || m_axi_rresp_i[1]) begin
              err_q <= 1'b1;
              fault_q <= baddr_q;
              state_q <= StIdle;
              seq_q <= 1'b0;
            end else if (beats_q == 33'd0) begin
              state_q <= StNext;
            end else begin
              state_q <= StAr;
            end
          end
        end
        // the last host write of a load happens in this cycle
        StNext: begin
          k_q <= k_q + 6'd1;
          state_q <= StScan;
        end
        StAw: if (m_axi_awready_i) begin
          burst_q <= blen;
          baddr_q <= addr_q;
          addr_q <= addr_q + {25'd0, blen, 2'b00};
          beats_q <= beats_q - {28'd0, blen};
          state_q <= (Slots == 2 && half_q) ? StW : StRd0;
        end
        // the word at widx_q is addressed in StRd0 and arrives in StRd1
        StRd0: state_q <= StRd1;
        StRd1: begin
          wword_q <= rdata64;
          state_q <= StW;
        end
        StW: if (m_axi_wready_i) begin
          burst_q <= burst_q - 5'd1;
          if (Slots == 2 && !half_q) begin
            half_q <= 1'b1;
            if (burst_q == 5'd1) state_q <= StB;
          end else begin
            half_q <= 1'b0;
            widx_q <= widx_q + 33'd1;
            state_q <= (burst_q == 5'd1) ? StB : StRd0;
          end
        end
        StB: if (m_axi_bvalid_i) begin
          if (m_axi_bresp_i[1]) begin
            err_q <= 1'b1;
            fault_q <= baddr_q;
            state_q <= StIdle;
            seq_q <= 1'b0;
          end else if (beats_q == 33'd0) begin
            k_q <= k_q + 6'd1;
            state_q <= StScan;
          end else begin
            state_q <= StAw;
          end
        end
        // 'load, run, store': CTRL.start on the control block's bus, then
        // the run (the block's host_en_o is low while it lasts), then the
        // store
        StInj: if (inj_now && c_axil_awready_i) state_q <= StInjB;
        StInjB: if (c_axil_bvalid_i) state_q <= StRun;
        StRun: if (c_host_en_i) begin
          store_q <= 1'b1;
          k_q <= 6'd1;
          state_q <= StScan;
        end
        default: state_q <= StIdle;
      endcase
    end
  end

  // the burst's beat count decides its end; wready and bus bits the map
  // does not use are ignored
  wire unused_bits = ^{m_axi_rlast_i, c_axil_wready_i, s_axil_awaddr_i[1:0], s_axil_araddr_i[1:0],
                       wk[7:6], rk[7:6], lword, m_axi_bresp_i[0], m_axi_rresp_i[0], cur_count[32], len33[32]};
endmodule
