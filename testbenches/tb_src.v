// tb_src - testbench stream source: sends the tokens of <dir>/<Name>.hex
// (written by tb_vec) on a valid/ready stream.  With +stall=1 it inserts
// random idle cycles (xorshift32 seeded from +seed and Salt); valid, once
// high, stays high until the token is taken.
`timescale 1ns/1ps
module tb_src #(
  parameter integer W      = 18,
  parameter         Name   = "in",
  parameter integer Salt   = 1,
  parameter integer MaxTok = 1 << 18
) (
  input  wire         clk,
  input  wire         rst_n,
  output reg          valid,
  input  wire         ready,
  output wire [W-1:0] data,
  output wire         done
);
  reg [63:0] mem [0:MaxTok];
  reg [63:0] cnt;
  reg [8*512-1:0] dir, fname;
  integer idx, idx_n, seed, stall;
  reg [31:0] rnd;

  function [31:0] xs(input [31:0] x);
    reg [31:0] y;
    begin
      y = x ^ (x << 13);
      y = y ^ (y >> 17);
      xs = y ^ (y << 5);
    end
  endfunction

  initial begin
    if (!$value$plusargs("dir=%s", dir)) dir = ".";
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    if (!$value$plusargs("stall=%d", stall)) stall = 0;
    $sformat(fname, "%0s/%0s.hex", dir, Name);
    $readmemh(fname, mem);
    cnt = mem[0];
    if (cnt == 64'hffffffffffffffff) cnt = 0;
    rnd = (seed * 32'h9e3779b9) ^ (Salt * 32'h85ebca6b) ^ 32'h1234567;
    if (rnd == 0) rnd = 1;
  end

  assign data = {mem[idx+1][63:62], mem[idx+1][W-3:0]};
  assign done = (idx >= cnt);

  always @(posedge clk) begin
    if (!rst_n) begin
      idx <= 0;
      valid <= 1'b0;
    end else begin
      idx_n = (valid && ready) ? idx + 1 : idx;
      if (!(valid && !ready)) begin
        rnd = xs(rnd);
        valid <= (idx_n < cnt) && !(stall != 0 && (rnd % 100) < 30);
      end
      idx <= idx_n;
    end
  end
endmodule
