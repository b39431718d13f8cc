// tb_rng - random stalls of one testbench stream: reads +seed and +stall
// (default 1 and 0), runs a xorshift32 seeded from the seed, Salt and Mix,
// and raises gap for about 30 % of the steps when +stall is non-zero.  gap
// is decided by the next random number; step advances to it at the clock
// edge (tb_src steps when valid is free to change, tb_sink every cycle).
// rnd_o is that next random number, for benches with a rule of their own
// (tb_fp: a gap or stall percentage).
`timescale 1ns/1ps
module tb_rng #(
  parameter integer Salt = 1,
  parameter [31:0]  Mix  = 32'h1234567
) (
  input  wire        clk,
  input  wire        step,
  output wire        gap,
  output wire [31:0] seed_o,
  output wire [31:0] stall_o,
  output wire [31:0] rnd_o
);
  integer seed, stall;
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
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    if (!$value$plusargs("stall=%d", stall)) stall = 0;
    rnd = (seed * 32'h9e3779b9) ^ (Salt * 32'h85ebca6b) ^ Mix;
    if (rnd == 0) rnd = 1;
  end

  wire [31:0] rnd_n = xs(rnd);
  assign gap = (stall != 0) && ((rnd_n % 100) < 30);
  assign seed_o = seed;
  assign stall_o = stall;
  assign rnd_o = rnd_n;

  always @(posedge clk) if (step) rnd <= rnd_n;
endmodule
