// tb_sink - testbench stream sink: checks every token against
// <dir>/<Name>.hex and prints "MISMATCH stream=... index=... expected=...
// actual=... seed=..." on the first difference or an extra token.  With
// +stall=1 ready drops randomly (tb_rng).  A file whose count is all ones is not
// checked and does not hold up the end of the run.
`timescale 1ns/1ps
module tb_sink #(
  parameter integer W      = 18,
  parameter         Name   = "out",
  parameter integer Salt   = 2,
  parameter integer IsVal  = 0,
  parameter integer MaxTok = 1 << 18
) (
  input  wire         clk,
  input  wire         rst_n,
  input  wire         valid,
  output reg          ready,
  input  wire [W-1:0] data,
  output wire         done,
  output reg          err,
  output reg  [31:0]  ntok
);
  reg [63:0] mem [0:MaxTok];
  reg [63:0] cnt;
  reg        unchecked;
  reg [8*512-1:0] dir, fname;
  reg [W-1:0] exp_tok;
  wire gap;
  wire [31:0] seed, stall;

  tb_rng #(.Salt(Salt), .Mix(32'h7654321)) u_rng (
    .clk(clk), .step(rst_n), .gap(gap), .seed_o(seed), .stall_o(stall), .rnd_o());

  reg [8*24-1:0] s_exp, s_act;
  task show(input [W-1:0] t, output [8*24-1:0] str);
    begin
      case (t[W-1:W-2])
        2'd0: if (IsVal != 0) $sformat(str, "%0d", $signed(t[W-3:0]));
              else $sformat(str, "%0d", t[W-3:0]);
        2'd1: $sformat(str, "S%0d", t[W-3:0]);
        2'd2: $sformat(str, "D");
        default: $sformat(str, "N");
      endcase
    end
  endtask

  initial begin
    if (!$value$plusargs("dir=%s", dir)) dir = ".";
    $sformat(fname, "%0s/%0s.hex", dir, Name);
    $readmemh(fname, mem);
    cnt = mem[0];
    unchecked = (cnt == 64'hffffffffffffffff);
  end

  assign done = unchecked ? 1'b1 : (ntok == cnt[31:0]);

  always @(posedge clk) begin
    if (!rst_n) begin
      ntok <= 0;
      err <= 1'b0;
      ready <= 1'b0;
    end else begin
      ready <= !gap;
      if (valid && ready) begin
        ntok <= ntok + 1;
        if (!unchecked) begin
          exp_tok = {mem[ntok+1][63:62], mem[ntok+1][W-3:0]};
          if (ntok >= cnt[31:0] || data !== exp_tok) begin
            if (!err) begin
              if (ntok >= cnt[31:0]) s_exp = "(end of stream)"; else show(exp_tok, s_exp);
              show(data, s_act);
              $display("MISMATCH stream=%0s index=%0d expected=%0s actual=%0s seed=%0d stall=%0d dir=%0s",
                       Name, ntok, s_exp, s_act, seed, stall, dir);
            end
            err <= 1'b1;
          end
        end
      end
    end
  end
endmodule
