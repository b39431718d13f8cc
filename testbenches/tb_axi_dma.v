// tb_axi_dma - directed bench of rtl/sam_axi_dma.v in front of
// rtl/sam_axil_ctrl.v: descriptors programmed through AXI4-Lite, load, run,
// store and 'load, run, store' against an AXI4 slave memory model with
// random ready/valid delays (+seed=N) that asserts every burst's form (INCR,
// 4-byte beats, at most 16 beats, never across a 4 KiB boundary, wlast on
// the last beat), and a stand-in top: host memories 1 and 2 (inputs) and 3
// (output) with one cycle of read latency, and an engine that on start's
// rising edge writes mem3[i] = mem1[i] + mem2[i] for the len1 words the
// host port last wrote into memory 1, then sets memory 3's length.  An
// address at or above 0xf000 answers SLVERR: the DMA error bit must rise.
// Parameter HD: host data bits (40: two slots per word; 32 and below: one).
// Prints PASS, or FAIL with the check; ends with $finish (FAIL: $fatal).
`timescale 1ns / 1ps
module tb_axi_dma;
  parameter integer HD = 40;
  localparam integer HA = 6, CW = 16, NS = 4, EW = 4;
  localparam integer Slot = (HD > 32) ? 2 : 1;  // 32-bit slots per word
  localparam integer MemWords = 16384;           // 64 KiB of system memory

  reg clk_q, rst_nq;
  integer seed, seed0, stall;

  // ---- AXI4-Lite master (the bench) -> DMA -> control block ----
  reg [11:0] awaddr_q, araddr_q;
  reg awvalid_q, wvalid_q, bready_q, arvalid_q, rready_q;
  reg [31:0] wdata_q;
  reg [3:0] wstrb_q;
  wire awready, wready, bvalid, arready, rvalid;
  wire [1:0] bresp, rresp;
  wire [31:0] rdata;
  wire [11:0] c_awaddr, c_araddr;
  wire c_awvalid, c_awready, c_wvalid, c_wready, c_bvalid, c_bready;
  wire c_arvalid, c_arready, c_rvalid, c_rready;
  wire [31:0] c_wdata, c_rdata;
  wire [3:0] c_wstrb;
  wire [1:0] c_bresp, c_rresp;
  wire start, c_host_en, c_host_we, host_en, host_we;
  wire [7:0] c_host_sel, host_sel;
  wire [HA-1:0] c_host_addr, host_addr;
  wire [HD-1:0] c_host_wdata, host_wdata;
  reg [HD-1:0] host_rdata_q;
  reg [CW-1:0] host_len_q;
  reg done_q;

  // ---- AXI4 master (the DMA) -> memory model ----
  wire [31:0] araddr, awaddr, m_wdata;
  wire [7:0] arlen, awlen;
  wire [2:0] arsize, awsize;
  wire [1:0] arburst, awburst;
  wire m_arvalid, m_rready, m_awvalid, m_wvalid, m_wlast, m_bready;
  wire [3:0] m_wstrb;
  reg m_arready_q, m_rvalid_q, m_rlast_q, m_awready_q, m_wready_q, m_bvalid_q;
  reg [31:0] m_rdata_q;
  reg [1:0] m_rresp_q, m_bresp_q;

  sam_axil_ctrl #(.CrdWidth(CW), .HostAddrWidth(HA), .HostDataWidth(HD), .ErrWidth(EW)) u_ctrl (
    .clk_i(clk_q), .rst_ni(rst_nq),
    .s_axil_awaddr_i(c_awaddr), .s_axil_awvalid_i(c_awvalid), .s_axil_awready_o(c_awready),
    .s_axil_wdata_i(c_wdata), .s_axil_wstrb_i(c_wstrb), .s_axil_wvalid_i(c_wvalid),
    .s_axil_wready_o(c_wready), .s_axil_bresp_o(c_bresp), .s_axil_bvalid_o(c_bvalid),
    .s_axil_bready_i(c_bready), .s_axil_araddr_i(c_araddr), .s_axil_arvalid_i(c_arvalid),
    .s_axil_arready_o(c_arready), .s_axil_rdata_o(c_rdata), .s_axil_rresp_o(c_rresp),
    .s_axil_rvalid_o(c_rvalid), .s_axil_rready_i(c_rready),
    .start_o(start), .done_i(done_q), .err_i({EW{1'b0}}), .host_en_o(c_host_en),
    .host_we_o(c_host_we), .host_sel_o(c_host_sel), .host_addr_o(c_host_addr),
    .host_wdata_o(c_host_wdata), .host_rdata_i(host_rdata_q), .host_len_i(host_len_q)
  );

  sam_axi_dma #(.NumSel(NS), .CrdWidth(CW), .HostAddrWidth(HA), .HostDataWidth(HD)) dut (
    .clk_i(clk_q), .rst_ni(rst_nq),
    .s_axil_awaddr_i(awaddr_q), .s_axil_awvalid_i(awvalid_q), .s_axil_awready_o(awready),
    .s_axil_wdata_i(wdata_q), .s_axil_wstrb_i(wstrb_q), .s_axil_wvalid_i(wvalid_q),
    .s_axil_wready_o(wready), .s_axil_bresp_o(bresp), .s_axil_bvalid_o(bvalid),
    .s_axil_bready_i(bready_q), .s_axil_araddr_i(araddr_q), .s_axil_arvalid_i(arvalid_q),
    .s_axil_arready_o(arready), .s_axil_rdata_o(rdata), .s_axil_rresp_o(rresp),
    .s_axil_rvalid_o(rvalid), .s_axil_rready_i(rready_q),
    .c_axil_awaddr_o(c_awaddr), .c_axil_awvalid_o(c_awvalid), .c_axil_awready_i(c_awready),
    .c_axil_wdata_o(c_wdata), .c_axil_wstrb_o(c_wstrb), .c_axil_wvalid_o(c_wvalid),
    .c_axil_wready_i(c_wready), .c_axil_bresp_i(c_bresp), .c_axil_bvalid_i(c_bvalid),
    .c_axil_bready_o(c_bready), .c_axil_araddr_o(c_araddr), .c_axil_arvalid_o(c_arvalid),
    .c_axil_arready_i(c_arready), .c_axil_rdata_i(c_rdata), .c_axil_rresp_i(c_rresp),
    .c_axil_rvalid_i(c_rvalid), .c_axil_rready_o(c_rready),
    .c_host_en_i(c_host_en), .c_host_we_i(c_host_we), .c_host_sel_i(c_host_sel),
    .c_host_addr_i(c_host_addr), .c_host_wdata_i(c_host_wdata),
    .host_en_o(host_en), .host_we_o(host_we), .host_sel_o(host_sel), .host_addr_o(host_addr),
    .host_wdata_o(host_wdata), .host_rdata_i(host_rdata_q), .host_len_i(host_len_q),
    .m_axi_araddr_o(araddr), .m_axi_arlen_o(arlen), .m_axi_arsize_o(arsize),
    .m_axi_arburst_o(arburst), .m_axi_arvalid_o(m_arvalid), .m_axi_arready_i(m_arready_q),
    .m_axi_rdata_i(m_rdata_q), .m_axi_rresp_i(m_rresp_q), .m_axi_rlast_i(m_rlast_q),
    .m_axi_rvalid_i(m_rvalid_q), .m_axi_rready_o(m_rready),
    .m_axi_awaddr_o(awaddr), .m_axi_awlen_o(awlen), .m_axi_awsize_o(awsize),
    .m_axi_awburst_o(awburst), .m_axi_awvalid_o(m_awvalid), .m_axi_awready_i(m_awready_q),
    .m_axi_wdata_o(m_wdata), .m_axi_wstrb_o(m_wstrb), .m_axi_wlast_o(m_wlast),
    .m_axi_wvalid_o(m_wvalid), .m_axi_wready_i(m_wready_q),
    .m_axi_bresp_i(m_bresp_q), .m_axi_bvalid_i(m_bvalid_q), .m_axi_bready_o(m_bready)
  );

  task fail;
    input [8*72-1:0] what;
    input [63:0] got;
    begin
      $display("FAIL tb_axi_dma: %0s: got %h", what, got);
      $fatal(1, "FAIL tb_axi_dma");
    end
  endtask

  // ---- the stand-in top ----
  reg [HD-1:0] ram1 [0:(1 << HA) - 1];
  reg [HD-1:0] ram2 [0:(1 << HA) - 1];
  reg [HD-1:0] ram3 [0:(1 << HA) - 1];
  reg start_seen_q;
  integer len1, len3, run_i, busy_we, runs;
  always @(posedge clk_q) begin
    if (host_en && host_we) begin
      if (host_sel == 8'd1) begin
        ram1[host_addr] <= host_wdata;
        if (host_addr + 1 > len1) len1 = host_addr + 1;
      end
      if (host_sel == 8'd2) ram2[host_addr] <= host_wdata;
      if (host_sel == 8'd3) ram3[host_addr] <= host_wdata;
    end
    if (!host_en && host_we) busy_we = busy_we + 1;
    host_rdata_q <= (host_sel == 8'd1) ? ram1[host_addr] : (host_sel == 8'd2) ? ram2[host_addr]
                  : (host_sel == 8'd3) ? ram3[host_addr] : {HD{1'b0}};
    host_len_q <= (host_sel == 8'd3) ? len3[CW-1:0] : {CW{1'b0}};
    if (!rst_nq) begin
      done_q <= 1'b0;
      start_seen_q <= 1'b0;
      run_i = -1;
    end else begin
      start_seen_q <= start;
      if (start && !start_seen_q) begin
        if (host_en) fail("host_en high while the engine runs", 0);
        done_q <= 1'b0;
        runs = runs + 1;
        run_i = 0;
        len3 = 0;
      end else if (run_i >= 0) begin
        if (run_i < len1) begin
          ram3[run_i] <= ram1[run_i] + ram2[run_i];
          run_i = run_i + 1;
        end else begin
          len3 = len1;
          done_q <= 1'b1;
          run_i = -1;
        end
      end
    end
  end

  // ---- AXI4 slave memory model ----
  reg [31:0] mem [0:MemWords - 1];
  reg [31:0] rd_addr, wr_addr;
  integer rd_left, wr_left, bursts_r, bursts_w, rd_err, wr_err;
  function rnd_stall(input integer dummy);
    begin
      rnd_stall = ($unsigned($random(seed)) % 100) < stall;
    end
  endfunction
  function crosses(input [31:0] a, input [7:0] len);
    begin
      crosses = ({20'd0, a[11:0]} + ({24'd0, len} + 32'd1) * 32'd4) > 32'd4096;
    end
  endfunction
  always @(posedge clk_q) begin
    if (!rst_nq) begin
      m_arready_q <= 1'b0; m_rvalid_q <= 1'b0; m_rlast_q <= 1'b0;
      m_awready_q <= 1'b0; m_wready_q <= 1'b0; m_bvalid_q <= 1'b0;
      m_rresp_q <= 2'b00; m_bresp_q <= 2'b00; m_rdata_q <= 32'd0;
      rd_left = 0; wr_left = 0;
    end else begin
      // reads: one burst at a time
      if (m_arvalid && m_arready_q) begin
        if (arburst !== 2'b01 || arsize !== 3'b010) fail("AR not INCR of 4-byte beats", {arburst, arsize});
        if (arlen > 8'd15) fail("AR burst longer than 16 beats", arlen);
        if (crosses(araddr, arlen)) fail("AR burst crosses a 4 KiB boundary", {araddr, arlen});
        if (araddr[1:0] != 2'b00) fail("AR address not word-aligned", araddr);
        rd_addr = araddr; rd_left = arlen + 1; bursts_r = bursts_r + 1;
        rd_err = araddr >= 32'hf000;
      end
      m_arready_q <= rd_left == 0 && !(m_arvalid && m_arready_q) && !rnd_stall(0);
      if (m_rvalid_q && m_rready) begin
        m_rvalid_q <= 1'b0;
        rd_addr = rd_addr + 4; rd_left = rd_left - 1;
      end
      if ((!m_rvalid_q || m_rready) && rd_left > 0 && !(m_arvalid && m_arready_q) && !rnd_stall(0)) begin
        m_rvalid_q <= 1'b1;
        m_rdata_q <= rd_err ? 32'hx : mem[rd_addr[15:2]];
        m_rresp_q <= rd_err ? 2'b10 : 2'b00;
        m_rlast_q <= rd_left == 1;
      end
      // writes: AW, its beats, then B
      if (m_awvalid && m_awready_q) begin
        if (awburst !== 2'b01 || awsize !== 3'b010) fail("AW not INCR of 4-byte beats", {awburst, awsize});
        if (awlen > 8'd15) fail("AW burst longer than 16 beats", awlen);
        if (crosses(awaddr, awlen)) fail("AW burst crosses a 4 KiB boundary", {awaddr, awlen});
        wr_addr = awaddr; wr_left = awlen + 1; bursts_w = bursts_w + 1;
        wr_err = awaddr >= 32'hf000;
      end
      m_awready_q <= wr_left == 0 && !m_bvalid_q && !(m_awvalid && m_awready_q) && !rnd_stall(0);
      if (m_wvalid && m_wready_q) begin
        if (wr_left == 0) fail("W beat without a burst", m_wdata);
        if (m_wlast !== (wr_left == 1)) fail("wlast not on the burst's last beat", wr_left);
        if (m_wstrb !== 4'hf) fail("wstrb", m_wstrb);
        if (!wr_err) mem[wr_addr[15:2]] = m_wdata;
        wr_addr = wr_addr + 4; wr_left = wr_left - 1;
        if (wr_left == 0) begin
          m_bvalid_q <= 1'b1;
          m_bresp_q <= wr_err ? 2'b10 : 2'b00;
        end
      end
      m_wready_q <= wr_left > 0 && !rnd_stall(0);
      if (m_bvalid_q && m_bready) m_bvalid_q <= 1'b0;
    end
  end

  task tick;
    begin
      #5 clk_q = 1'b1;
      #5 clk_q = 1'b0;
    end
  endtask

  // ---- AXI4-Lite master tasks ----
  reg [1:0] resp;
  reg [31:0] rd;
  integer guard;
  task axi_write;
    input [11:0] addr;
    input [31:0] data;
    begin
      awaddr_q = addr; awvalid_q = 1'b1; wdata_q = data; wstrb_q = 4'hf; wvalid_q = 1'b1;
      guard = 0;
      #1 while (!(awready && wready)) begin
        tick; guard = guard + 1;
        if (guard > 20) fail("write not accepted", addr);
        #1;
      end
      tick;
      awvalid_q = 1'b0; wvalid_q = 1'b0; bready_q = 1'b1;
      guard = 0;
      #1 while (!bvalid) begin
        tick; guard = guard + 1;
        if (guard > 20) fail("no write response", addr);
        #1;
      end
      resp = bresp;
      tick;
      bready_q = 1'b0;
    end
  endtask
  task axi_read;
    input [11:0] addr;
    begin
      araddr_q = addr; arvalid_q = 1'b1;
      guard = 0;
      #1 while (!arready) begin
        tick; guard = guard + 1;
        if (guard > 20) fail("read not accepted", addr);
        #1;
      end
      tick;
      arvalid_q = 1'b0; rready_q = 1'b1;
      guard = 0;
      #1 while (!rvalid) begin
        tick; guard = guard + 1;
        if (guard > 20) fail("no read data", addr);
        #1;
      end
      rd = rdata; resp = rresp;
      tick;
      rready_q = 1'b0;
    end
  endtask
  task expect_read;
    input [11:0] addr;
    input [31:0] want;
    input [1:0] want_resp;
    begin
      axi_read(addr);
      if (rd !== want || resp !== want_resp) begin
        $display("FAIL tb_axi_dma: read 0x%h: %h (resp %b), expected %h (resp %b)",
                 addr, rd, resp, want, want_resp);
        $fatal(1, "FAIL tb_axi_dma");
      end
    end
  endtask
  task expect_bresp;
    input [1:0] want;
    input [8*48-1:0] what;
    begin
      if (resp !== want) begin
        $display("FAIL tb_axi_dma: %0s: write response %b, expected %b", what, resp, want);
        $fatal(1, "FAIL tb_axi_dma");
      end
    end
  endtask
  // poll STATUS until the engine (bit 0) and the DMA (bit 3) are idle
  integer polls;
  task wait_idle;
    begin
      polls = 0;
      axi_read(12'h008);
      while (rd[0] || rd[3]) begin
        polls = polls + 1;
        if (polls > 2000) fail("STATUS busy never cleared", rd);
        axi_read(12'h008);
      end
    end
  endtask
  task descriptor;
    input integer k;
    input [31:0] addr;
    input [31:0] count;
    input [1:0] flags;
    begin
      axi_write(12'h100 + 16 * k, addr); expect_bresp(2'b00, "descriptor ADDR");
      axi_write(12'h104 + 16 * k, count); expect_bresp(2'b00, "descriptor COUNT");
      axi_write(12'h108 + 16 * k, {30'd0, flags}); expect_bresp(2'b00, "descriptor FLAGS");
    end
  endtask

  // system-memory words: word i of a tensor at byte address A
  function [HD-1:0] sys_word(input [31:0] a, input integer i);
    reg [63:0] w;
    begin
      w = (Slot == 2) ? {mem[(a >> 2) + 2 * i + 1], mem[(a >> 2) + 2 * i]} : {32'd0, mem[(a >> 2) + i]};
      sys_word = w[HD-1:0];
    end
  endfunction
  task put_word(input [31:0] a, input integer i, input [63:0] v);
    begin
      if (Slot == 2) begin
        mem[(a >> 2) + 2 * i] = v[31:0];
        mem[(a >> 2) + 2 * i + 1] = v[63:32];
      end else begin
        mem[(a >> 2) + i] = v[31:0];
      end
    end
  endtask

  localparam integer N = 37;                          // words per tensor
  localparam [31:0] A1 = 32'h0fc4, A2 = 32'h2000;     // A1: loads across 4 KiB
  localparam [31:0] A3 = 32'h2ff0;                    // the output, across 4 KiB
  reg [HD-1:0] want;
  reg [63:0] v;
  integer i, pass;
  initial begin
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    seed0 = seed;
    if (!$value$plusargs("stall=%d", stall)) stall = 30;
    clk_q = 1'b0; rst_nq = 1'b0;
    awvalid_q = 0; wvalid_q = 0; bready_q = 0; arvalid_q = 0; rready_q = 0;
    awaddr_q = 0; araddr_q = 0; wdata_q = 0; wstrb_q = 0;
    len1 = 0; len3 = 0; busy_we = 0; runs = 0; bursts_r = 0; bursts_w = 0; rd_err = 0; wr_err = 0;
    for (i = 0; i < MemWords; i = i + 1) mem[i] = 32'h5a5a0000 + i;
    for (i = 0; i < (1 << HA); i = i + 1) begin ram1[i] = 0; ram2[i] = 0; ram3[i] = 0; end
    tick; tick;
    rst_nq = 1'b1;
    tick;

    // the DMA registers
    expect_read(12'h000, 32'h53414d31, 2'b00);   // passed through to the block
    expect_read(12'h100, {16'd0, 8'd4 * Slot[7:0], 8'd4}, 2'b00);
    expect_read(12'h108, 32'd0, 2'b10);           // no such register
    expect_read(12'h100 + 16 * (NS + 1), 32'd0, 2'b10);
    axi_write(12'h100, 32'd1); expect_bresp(2'b10, "write to DMA_INFO");
    axi_write(12'h114, 32'h1001); expect_bresp(2'b00, "descriptor COUNT");
    expect_read(12'h114, 32'h1001, 2'b00);
    axi_write(12'h110, 32'h1237); expect_read(12'h110, 32'h1234, 2'b00);

    for (pass = 0; pass < 2; pass = pass + 1) begin
      for (i = 0; i < N; i = i + 1) begin
        v = {$random(seed), $random(seed)};
        put_word(A1, i, v);
        v = {$random(seed), $random(seed)};
        put_word(A2, i, v);
      end
      for (i = 0; i < 2 * N + 4; i = i + 1) mem[(A3 >> 2) + i] = 32'hc0de0000 + i;
      descriptor(1, A1, N, 2'b01);
      descriptor(2, A2, N, 2'b01);
      descriptor(3, A3, N + 3, 2'b10);
      descriptor(4, 32'hf000, 8, 2'b00);           // neither in nor out: untouched
      len1 = 0;
      if (pass == 0) begin
        // load; the memory window is refused while it runs
        axi_write(12'h004, 32'h2); expect_bresp(2'b00, "CTRL load");
        axi_write(12'h01c, 32'hbad); expect_bresp(2'b10, "MEM_DATA_LO store during a load");
        expect_read(12'h01c, 32'h0, 2'b10);
        axi_write(12'h110, 32'h0); expect_bresp(2'b10, "descriptor write during a load");
        axi_read(12'h008);
        if (!rd[3]) fail("STATUS DMA busy during a load", rd);
        wait_idle;
        if (rd[4]) fail("STATUS DMA error after a good load", rd);
        for (i = 0; i < N; i = i + 1) begin
          if (ram1[i] !== sys_word(A1, i)) fail("memory 1 after the load", ram1[i]);
          if (ram2[i] !== sys_word(A2, i)) fail("memory 2 after the load", ram2[i]);
        end
        expect_read(12'h11c, N, 2'b00);            // MOVED of memory 1
        // the window works again: read memory 2 word 5
        axi_write(12'h014, 32'd2); axi_write(12'h018, 32'd5);
        v = ram2[5];
        expect_read(12'h01c, v[31:0], 2'b00);
        // run, then store
        axi_write(12'h004, 32'h1); wait_idle;
        if (!rd[1]) fail("STATUS done after the run", rd);
        axi_write(12'h004, 32'h4); expect_bresp(2'b00, "CTRL store");
        wait_idle;
      end else begin
        axi_write(12'h004, 32'h8); expect_bresp(2'b00, "CTRL load-run-store");
        axi_read(12'h008);
        if (!rd[3]) fail("STATUS DMA busy during load-run-store", rd);
        axi_write(12'h004, 32'h1);                 // a start now is ignored
        wait_idle;
        if (!rd[1]) fail("STATUS done after load-run-store", rd);
      end
      if (rd[4]) fail("STATUS DMA error after a good store", rd);
      for (i = 0; i < N; i = i + 1) begin
        want = sys_word(A1, i) + sys_word(A2, i);
        if (sys_word(A3, i) !== want) begin
          $display("FAIL tb_axi_dma: pass %0d: output word %0d is %h, expected %h", pass, i, sys_word(A3, i), want);
          $fatal(1, "FAIL tb_axi_dma");
        end
      end
      for (i = Slot * N; i < 2 * N + 4; i = i + 1)
        if (mem[(A3 >> 2) + i] !== 32'hc0de0000 + i) fail("store beyond host_len", mem[(A3 >> 2) + i]);
      expect_read(12'h13c, N, 2'b00);              // MOVED of memory 3: host_len
      if (mem[32'hf000 >> 2] !== 32'h5a5a0000 + (32'hf000 >> 2)) fail("descriptor 4 touched", 0);
    end

    // a store capped by COUNT: MOVED still reports host_len
    for (i = 0; i < 2 * N + 4; i = i + 1) mem[(A3 >> 2) + i] = 32'hc0de0000 + i;
    descriptor(3, A3, 5, 2'b10);
    axi_write(12'h004, 32'h4); wait_idle;
    if (mem[(A3 >> 2) + 5 * Slot] !== 32'hc0de0000 + 5 * Slot) fail("store beyond COUNT", 0);
    if (sys_word(A3, 4) !== ram3[4]) fail("capped store, word 4", sys_word(A3, 4));
    expect_read(12'h13c, N, 2'b00);

    // error responses: a load from 0xf000 up, then a store there
    descriptor(2, 32'hf010, 3, 2'b01);
    axi_write(12'h004, 32'h2); wait_idle;
    if (!rd[4]) fail("STATUS DMA error after a SLVERR load", rd);
    expect_read(12'h104, 32'hf010, 2'b00);
    descriptor(2, A2, N, 2'b01);
    axi_write(12'h004, 32'h2); wait_idle;
    if (rd[4]) fail("DMA error not cleared by the next command", rd);
    descriptor(3, 32'hfff8, 4, 2'b10);
    axi_write(12'h004, 32'h4); wait_idle;
    if (!rd[4]) fail("STATUS DMA error after a SLVERR store", rd);
    // load-run-store stops after a failed load: no run
    descriptor(1, 32'hf000, N, 2'b01);
    i = runs;
    axi_write(12'h004, 32'h8); wait_idle;
    if (!rd[4] || runs != i) fail("load-run-store after a failed load (error set, no run)", {rd, runs});
    // a count beyond the host port is an error, nothing is read
    descriptor(1, A1, (1 << HA) + 1, 2'b01);
    i = bursts_r;
    axi_write(12'h004, 32'h2); wait_idle;
    if (!rd[4] || bursts_r != i) fail("a COUNT beyond the host memory", {rd, bursts_r});

    if (busy_we != 0) fail("host writes while the engine owned the port", busy_we);
    $display("PASS tb_axi_dma: HD=%0d seed=%0d stall=%0d, %0d read and %0d write bursts",
             HD, seed0, stall, bursts_r, bursts_w);
    $finish;
  end
endmodule
