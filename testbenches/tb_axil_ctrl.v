// tb_axil_ctrl - directed bench of rtl/sam_axil_ctrl.v: every register of
// the map through an AXI4-Lite master task pair, against a stand-in for a
// generated top (a host-port RAM with one cycle of read latency, and an
// engine that drops done at start's rising edge and raises it RunCycles
// later, like a top that re-arms on start).  Host data is 40 bits, so the
// MEM_DATA_HI half is exercised.  Prints PASS, or FAIL with the check and
// the value, and ends with $finish (FAIL: $fatal).
`timescale 1ns / 1ps
module tb_axil_ctrl;
  localparam integer HA = 5, HD = 40, CW = 16, EW = 4;
  localparam integer RunCycles = 20;

  reg clk_q, rst_nq;
  reg [11:0] awaddr_q, araddr_q;
  reg awvalid_q, wvalid_q, bready_q, arvalid_q, rready_q;
  reg [31:0] wdata_q;
  reg [3:0] wstrb_q;
  wire awready, wready, bvalid, arready, rvalid;
  wire [1:0] bresp, rresp;
  wire [31:0] rdata;
  wire start, host_en, host_we;
  wire [7:0] host_sel;
  wire [HA-1:0] host_addr;
  wire [HD-1:0] host_wdata;
  reg [HD-1:0] host_rdata_q;
  reg [CW-1:0] host_len_q;
  reg [EW-1:0] err_q;
  reg done_q, start_seen_q;
  integer run_left;

  sam_axil_ctrl #(.CrdWidth(CW), .HostAddrWidth(HA), .HostDataWidth(HD), .ErrWidth(EW)) dut (
    .clk_i(clk_q), .rst_ni(rst_nq),
    .s_axil_awaddr_i(awaddr_q), .s_axil_awvalid_i(awvalid_q), .s_axil_awready_o(awready),
    .s_axil_wdata_i(wdata_q), .s_axil_wstrb_i(wstrb_q), .s_axil_wvalid_i(wvalid_q),
    .s_axil_wready_o(wready), .s_axil_bresp_o(bresp), .s_axil_bvalid_o(bvalid),
    .s_axil_bready_i(bready_q), .s_axil_araddr_i(araddr_q), .s_axil_arvalid_i(arvalid_q),
    .s_axil_arready_o(arready), .s_axil_rdata_o(rdata), .s_axil_rresp_o(rresp),
    .s_axil_rvalid_o(rvalid), .s_axil_rready_i(rready_q),
    .start_o(start), .done_i(done_q), .err_i(err_q), .host_en_o(host_en), .host_we_o(host_we),
    .host_sel_o(host_sel), .host_addr_o(host_addr), .host_wdata_o(host_wdata),
    .host_rdata_i(host_rdata_q), .host_len_i(host_len_q)
  );

  // the stand-in top: memory 1 is a RAM, other selects read zero; the
  // engine runs RunCycles after start rises, and owns nothing the host sees
  reg [HD-1:0] ram [0:(1 << HA) - 1];
  integer we_count, we_busy;
  always @(posedge clk_q) begin
    if (host_en && host_we && host_sel == 8'd1) ram[host_addr] <= host_wdata;
    if (host_we) we_count = we_count + 1;
    if (host_we && !host_en) we_busy = we_busy + 1;
    host_rdata_q <= (host_sel == 8'd1) ? ram[host_addr] : {HD{1'b0}};
    if (!rst_nq) begin
      done_q <= 1'b0;
      start_seen_q <= 1'b0;
      run_left = 0;
    end else begin
      start_seen_q <= start;
      if (start && !start_seen_q) begin
        done_q <= 1'b0;
        run_left = RunCycles;
      end else if (run_left > 0) begin
        run_left = run_left - 1;
        if (run_left == 0) done_q <= 1'b1;
      end
    end
  end

  task tick;
    begin
      #5 clk_q = 1'b1;
      #5 clk_q = 1'b0;
    end
  endtask

  task fail;
    input [8*64-1:0] what;
    input [63:0] got;
    begin
      $display("FAIL tb_axil_ctrl: %0s: got %h", what, got);
      $fatal(1, "FAIL tb_axil_ctrl");
    end
  endtask

  // AXI4-Lite write: address and data offered together (in different
  // cycles when split is set, to check the slave waits for both)
  reg [1:0] resp;
  integer guard;
  task axi_write;
    input [11:0] addr;
    input [31:0] data;
    input [3:0] strb;
    input split;
    begin
      awaddr_q = addr; awvalid_q = 1'b1; wdata_q = data; wstrb_q = strb;
      wvalid_q = !split; bready_q = 1'b0;
      if (split) begin
        #1 if (awready || wready) fail("write accepted before wvalid", 0);
        tick;
        wvalid_q = 1'b1;
      end
      guard = 0;
      #1 while (!(awready && wready)) begin
        tick; guard = guard + 1;
        if (guard > 10) fail("write not accepted", addr);
        #1;
      end
      tick;
      awvalid_q = 1'b0; wvalid_q = 1'b0;
      guard = 0;
      #1 while (!bvalid) begin
        tick; guard = guard + 1;
        if (guard > 10) fail("no write response", addr);
        #1;
      end
      // the slave must hold the response while bready is low
      resp = bresp;
      tick;
      #1 if (!bvalid || bresp !== resp) fail("write response not held under bready low", addr);
      bready_q = 1'b1;
      tick;
      bready_q = 1'b0;
      #1 if (bvalid) fail("bvalid held after the handshake", addr);
    end
  endtask

  reg [31:0] rd;
  task axi_read;
    input [11:0] addr;
    begin
      araddr_q = addr; arvalid_q = 1'b1;
      guard = 0;
      #1 while (!arready) begin
        tick; guard = guard + 1;
        if (guard > 10) fail("read not accepted", addr);
        #1;
      end
      tick;
      arvalid_q = 1'b0;
      rready_q = 1'b0;
      guard = 0;
      #1 while (!rvalid) begin
        tick; guard = guard + 1;
        if (guard > 10) fail("no read data", addr);
        #1;
      end
      // the slave must hold the response while rready is low
      rd = rdata; resp = rresp;
      tick;
      #1 if (!rvalid || rdata !== rd) fail("read data not held under rready low", addr);
      rready_q = 1'b1;
      tick;
      rready_q = 1'b0;
      #1 if (rvalid) fail("rvalid held after the handshake", addr);
    end
  endtask

  task expect_read;
    input [11:0] addr;
    input [31:0] want;
    input [1:0] want_resp;
    begin
      axi_read(addr);
      if (rd !== want) begin
        $display("FAIL tb_axil_ctrl: read 0x%h: expected %h, got %h", addr, want, rd);
        $fatal(1, "FAIL tb_axil_ctrl");
      end
      if (resp !== want_resp) begin
        $display("FAIL tb_axil_ctrl: read 0x%h: response %b, expected %b", addr, resp, want_resp);
        $fatal(1, "FAIL tb_axil_ctrl");
      end
    end
  endtask

  task expect_bresp;
    input [1:0] want;
    input [8*40-1:0] what;
    begin
      if (resp !== want) begin
        $display("FAIL tb_axil_ctrl: %0s: write response %b, expected %b", what, resp, want);
        $fatal(1, "FAIL tb_axil_ctrl");
      end
    end
  endtask

  integer i, polls, run;
  initial begin
    clk_q = 1'b0; rst_nq = 1'b0;
    awvalid_q = 1'b0; wvalid_q = 1'b0; bready_q = 1'b0; arvalid_q = 1'b0; rready_q = 1'b0;
    awaddr_q = 0; araddr_q = 0; wdata_q = 0; wstrb_q = 0;
    host_len_q = 16'd7; err_q = 4'b0000; we_count = 0; we_busy = 0;
    tick; tick;
    rst_nq = 1'b1;
    tick;

    // identity and capabilities
    expect_read(12'h000, 32'h53414d31, 2'b00);
    expect_read(12'h028, {8'd1, 8'd40, 8'd5, 8'd16}, 2'b00);
    expect_read(12'h008, 32'h0, 2'b00);
    if (!host_en) fail("host_en low while idle", 0);

    // memory window: select 1, four 40-bit words from address 3, address
    // stepping after each MEM_DATA_LO store
    axi_write(12'h014, 32'd1, 4'b0001, 1'b1); expect_bresp(2'b00, "MEM_SEL");
    axi_write(12'h018, 32'd3, 4'b1111, 1'b0);
    for (i = 0; i < 4; i = i + 1) begin
      axi_write(12'h020, 32'ha0 + i, 4'b1111, 1'b0);
      axi_write(12'h01c, 32'h12345600 + i, 4'b1111, i == 2);
      expect_bresp(2'b00, "MEM_DATA_LO store");
    end
    expect_read(12'h018, 32'd7, 2'b00);
    for (i = 0; i < 4; i = i + 1)
      if (ram[3 + i] !== {8'ha0 + i[7:0], 32'h12345600 + i}) fail("RAM word after stores", ram[3 + i]);
    axi_write(12'h018, 32'd3, 4'b1111, 1'b0);
    for (i = 0; i < 4; i = i + 1) begin
      expect_read(12'h01c, 32'h12345600 + i, 2'b00);
      expect_read(12'h020, 32'ha0 + i, 2'b00);
    end
    expect_read(12'h018, 32'd7, 2'b00);
    expect_read(12'h024, 32'd7, 2'b00);
    expect_read(12'h014, 32'd1, 2'b00);

    // an address beyond the host port (2^HA words) is refused, not aliased
    axi_write(12'h018, 32'd32, 4'b1111, 1'b0);
    axi_write(12'h01c, 32'hdead, 4'b1111, 1'b0); expect_bresp(2'b10, "store beyond the port");
    if (ram[0] === {8'h00, 32'hdead}) fail("store beyond the port aliased to word 0", ram[0]);
    expect_read(12'h01c, 32'h0, 2'b10);
    expect_read(12'h008, 32'h4, 2'b00);  // refused
    // outside the map
    axi_write(12'h100, 32'h1, 4'b1111, 1'b0); expect_bresp(2'b10, "write outside the map");
    expect_read(12'h100, 32'h0, 2'b10);

    // three runs: busy while the engine runs, host stores refused then,
    // done and the cycle count after; start clears refused and done
    for (run = 0; run < 3; run = run + 1) begin
      err_q = run[3:0];
      axi_write(12'h004, 32'h1, 4'b0001, 1'b0); expect_bresp(2'b00, "CTRL start");
      if (!start || host_en) fail("start_o/host_en_o after CTRL start", {start, host_en});
      expect_read(12'h008, {16'd0, 4'd0, run[3:0], 8'h01}, 2'b00);
      axi_write(12'h018, 32'd4, 4'b1111, 1'b0);
      axi_write(12'h01c, 32'hbad, 4'b1111, 1'b0); expect_bresp(2'b10, "store while busy");
      expect_read(12'h01c, 32'h0, 2'b10);
      axi_write(12'h004, 32'h1, 4'b0001, 1'b0);  // a start while busy is ignored
      polls = 0;
      axi_read(12'h008);
      while (rd[0]) begin
        polls = polls + 1;
        if (polls > 50) fail("busy never cleared", rd);
        axi_read(12'h008);
      end
      if (rd !== {16'd0, 4'd0, run[3:0], 8'h06}) fail("STATUS after the run (done, refused)", rd);
      if (start || !host_en) fail("start_o/host_en_o after done", {start, host_en});
      // the engine's RunCycles, plus the cycle it takes done to fall
      expect_read(12'h00c, RunCycles + 1, 2'b00);
      expect_read(12'h010, 32'h0, 2'b00);
    end
    if (we_busy != 0) fail("host_we_o while the engine owns the RAMs", we_busy);
    if (we_count != 4) fail("host stores seen by the top", we_count);
    if (ram[4] === {8'h00, 32'hbad}) fail("a store while busy reached the RAM", ram[4]);
    $display("PASS tb_axil_ctrl: register map, memory window, 3 runs");
    $finish;
  end
endmodule
