// tb_ctl - clock, reset and run control of a per-primitive testbench.
// Loads the memories (load -> loaded), releases run_n, counts cycles until
// all_done, then reads back memories (check -> checked) and prints one line
// "PASS bench=.. cycles=.. tokens=.. seed=.. stall=.." or "FAIL ...".
// +timeout=N bounds the run (default 2000000 cycles).
`timescale 1ns/1ps
module tb_ctl #(
  parameter Bench = "bench"
) (
  output reg        clk,
  output reg        load,
  output reg        run_n,
  output reg        check,
  input  wire       loaded,
  input  wire       all_done,
  input  wire       checked,
  input  wire       any_err,
  input  wire [31:0] ntok
);
  integer cycles, timeout, seed, stall, k;
  reg [8*512-1:0] dir;

  initial begin
    if (!$value$plusargs("timeout=%d", timeout)) timeout = 2000000;
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    if (!$value$plusargs("stall=%d", stall)) stall = 0;
    if (!$value$plusargs("dir=%s", dir)) dir = ".";
    clk = 1'b0;
    load = 1'b0;
    run_n = 1'b0;
    check = 1'b0;
    cycles = 0;
  end

  always #5 clk = ~clk;

  initial begin
    repeat (3) @(posedge clk);
    load <= 1'b1;
    while (!loaded) @(posedge clk);
    repeat (2) @(posedge clk);
    run_n <= 1'b1;
    @(posedge clk);
    while (!all_done && !any_err && cycles < timeout) begin
      @(posedge clk);
      cycles = cycles + 1;
    end
    check <= 1'b1;
    k = 0;
    while (!checked && k < 100000) begin
      @(posedge clk);
      k = k + 1;
    end
    repeat (4) @(posedge clk);
    if (any_err || !all_done || !checked)
      $display("FAIL bench=%0s cycles=%0d tokens=%0d seed=%0d stall=%0d%0s dir=%0s",
               Bench, cycles, ntok, seed, stall,
               (!all_done && !any_err) ? " (timeout: not all streams done)" : "", dir);
    else
      $display("PASS bench=%0s cycles=%0d tokens=%0d seed=%0d stall=%0d", Bench, cycles,
               ntok, seed, stall);
    $finish;
  end
endmodule
