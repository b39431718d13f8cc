// sam_tb - Icarus Verilog driver for any samgen-generated top (simulation
// only).  It does what sim/harness.cpp does for Verilator, with the same
// host script (+script=FILE: w, g, c, x, h, r) and the same output lines
// (DONE/LIMIT, M ..., ERROR <bits> when error_o shows bits no earlier ERROR
// line gave).
// The top module name and its host widths come from the command line:
//   iverilog -DSG_TOP=<kernel>_top -DSG_HA=<addr bits> -DSG_HD=<data bits>
//            -DSG_CW=<crd bits> ...
// With +waves=FILE it dumps a VCD (an FST when vvp runs with -fst), with
// +wavesfrom=C / +wavesto=C only kernel cycles C.. / ..C (cycle 0 is the
// first after start), and with -DSG_WAVES_SCOPE only the instances the
// task sg_dump_scopes in sg_waves_scope.vh names.
`timescale 1ns / 1ps
module sam_tb;
  reg               clk_q;
  reg               rst_nq;
  reg               start_q;
  reg               host_en_q;
  reg               host_we_q;
  reg  [7:0]        host_sel_q;
  reg  [`SG_HA-1:0] host_addr_q;
  reg  [`SG_HD-1:0] host_wdata_q;
  wire [`SG_HD-1:0] host_rdata;
  wire [`SG_CW-1:0] host_len;
  wire              done;
  wire [3:0]        error;
  reg  [3:0]        err_seen;

  `SG_TOP dut (
    .clk_i(clk_q), .rst_ni(rst_nq), .start_i(start_q), .done_o(done),
    .host_en_i(host_en_q), .host_we_i(host_we_q), .host_sel_i(host_sel_q),
    .host_addr_i(host_addr_q), .host_wdata_i(host_wdata_q),
    .host_rdata_o(host_rdata), .host_len_o(host_len), .error_o(error)
  );

  task tick;
    begin
      #1 clk_q = 1'b1;
      #1 clk_q = 1'b0;
      if ((err_seen | error) != err_seen) begin
        err_seen = err_seen | error;
        $display("ERROR %0d", err_seen);
      end
    end
  endtask

  reg [8*1024-1:0] script;
  reg [8*1024-1:0] waves;
  reg [63:0]       op;
  integer fd, r, sel, i, len, running, rerun, hold;
  integer hold_sel;
  reg [63:0] hold_addr, hold_val;
  reg [63:0] addr, val, max, cyc;
  reg [63:0] wfrom, wto;
  integer has_waves, has_from, has_to, dump_started, dump_active;

`ifdef SG_WAVES_SCOPE
`include "sg_waves_scope.vh"
`endif

  // Start dumping (the first time), or resume it.
  task dump_start;
    begin
      if (!dump_started) begin
`ifdef SG_WAVES_SCOPE
        sg_dump_scopes;
`else
        $dumpvars(0, sam_tb);
`endif
        dump_started = 1;
      end else
        $dumpon;
      dump_active = 1;
    end
  endtask

  task dump_stop;
    begin
      if (dump_active) $dumpoff;
      dump_active = 0;
    end
  endtask

  initial begin
    clk_q = 1'b0; rst_nq = 1'b0; start_q = 1'b0;
    host_en_q = 1'b1; host_we_q = 1'b0; host_sel_q = 8'd0;
    host_addr_q = 0; host_wdata_q = 0;
    dump_started = 0; dump_active = 0; err_seen = 4'd0;
    has_waves = $value$plusargs("waves=%s", waves);
    has_from = $value$plusargs("wavesfrom=%d", wfrom);
    has_to = $value$plusargs("wavesto=%d", wto);
    if (has_waves) begin
      $dumpfile(waves);
      if (!has_from) dump_start;
    end
    if (!$value$plusargs("script=%s", script)) begin
      $display("harness: +script=FILE missing");
      $finish;
    end
    fd = $fopen(script, "r");
    if (fd == 0) begin
      $display("harness: cannot open script");
      $finish;
    end
    tick;
    running = 1;
    hold = 0;
    while (running) begin
      r = $fscanf(fd, "%s", op);
      if (r != 1) running = 0;
      else if (op == "w") begin
        r = $fscanf(fd, "%d %d %d", sel, addr, val);
        host_en_q = 1'b1; host_we_q = 1'b1; host_sel_q = sel[7:0];
        host_addr_q = addr[`SG_HA-1:0]; host_wdata_q = val[`SG_HD-1:0];
        tick;
        host_we_q = 1'b0;
      end else if (op == "h") begin
        // a host write held on the port during the next run
        r = $fscanf(fd, "%d %d %d", hold_sel, hold_addr, hold_val);
        hold = 1;
      end else if (op == "x") begin
        // a reset cycle with the host keeping the memories
        host_en_q = 1'b1; host_we_q = 1'b0; start_q = 1'b0; rst_nq = 1'b0;
        tick;
        rst_nq = 1'b1;
      end else if (op == "g" || op == "c") begin
        // g: a reset cycle; c: a cycle with start low (no reset), then the
        // first edge with start high before done is looked at (done still
        // holds the last run's until then)
        r = $fscanf(fd, "%d", max);
        rerun = op == "c";
        host_en_q = 1'b0; host_we_q = 1'b0; start_q = 1'b0;
        rst_nq = rerun ? 1'b1 : 1'b0;
        tick;
        rst_nq = 1'b1; start_q = 1'b1;
        if (hold) begin
          host_en_q = 1'b1; host_we_q = 1'b1; host_sel_q = hold_sel[7:0];
          host_addr_q = hold_addr[`SG_HA-1:0]; host_wdata_q = hold_val[`SG_HD-1:0];
        end
        cyc = 0;
        while ((!done || (rerun && cyc == 0)) && cyc < max) begin
          if (has_waves && has_from && cyc == wfrom) dump_start;
          if (has_waves && has_to && cyc == wto + 1) dump_stop;
          tick;
          cyc = cyc + 1;
        end
        start_q = 1'b0;
        host_en_q = 1'b0; host_we_q = 1'b0; hold = 0;
        if (has_waves && has_to) dump_stop;
        if (done) $display("DONE %0d", cyc);
        else begin
          $display("LIMIT %0d", cyc);
          running = 0;
        end
      end else if (op == "r") begin
        r = $fscanf(fd, "%d", sel);
        host_en_q = 1'b1; host_we_q = 1'b0; host_sel_q = sel[7:0];
        #1;
        len = host_len;
        $write("M %0d %0d", sel, len);
        for (i = 0; i < len; i = i + 1) begin
          host_addr_q = i;
          tick;
          $write(" %h", host_rdata);
        end
        $write("\n");
      end else begin
        $display("harness: bad script op");
        running = 0;
      end
    end
    $fclose(fd);
    // A window the run never reached: the file holds the declarations.
    if (has_waves && !dump_started) begin
      dump_start;
      dump_stop;
    end
    $finish;
  end
endmodule
