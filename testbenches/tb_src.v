// tb_src - testbench stream source: sends the tokens of <dir>/<Name>.hex
// (written by tb_vec) on a valid/ready stream.  With +stall=1 it inserts
// random idle cycles (tb_rng: xorshift32 seeded from +seed and Salt); valid, once
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
  integer idx, idx_n;
  wire gap;

  tb_rng #(.Salt(Salt), .Mix(32'h1234567)) u_rng (
    .clk(clk), .step(rst_n && !(valid && !ready)), .gap(gap), .seed_o(), .stall_o(), .rnd_o());

  initial begin
    if (!$value$plusargs("dir=%s", dir)) dir = ".";
    $sformat(fname, "%0s/%0s.hex", dir, Name);
    $readmemh(fname, mem);
    cnt = mem[0];
    if (cnt == 64'hffffffffffffffff) cnt = 0;
  end

  assign data = {mem[idx+1][63:62], mem[idx+1][W-3:0]};
  assign done = (idx >= cnt);

  always @(posedge clk) begin
    if (!rst_n) begin
      idx <= 0;
      valid <= 1'b0;
    end else begin
      idx_n = (valid && ready) ? idx + 1 : idx;
      if (!(valid && !ready)) valid <= (idx_n < cnt) && !gap;
      idx <= idx_n;
    end
  end
endmodule
