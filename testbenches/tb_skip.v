// tb_skip - self-checking bench of NumInputs sam_scan_skip scanners feeding
// one sam_intersect_skip, wired scanner k out_crd/out_ref -> intersector
// in_crd<k>/in_ref<k> and intersector out_skip<k> -> scanner k in_skip.
//
// Reads a case directory written by skip_gen (+dir=<path>): loads every
// level through the scanners' host ports, drives each scanner's in_ref
// stream, and compares out_crd and out_ref<k> token by token with the
// expected streams.  With Stall=1 (or +stall=1) the in_ref sources pause and the output
// sinks drop ready at random (seeded by +seed=<n>), which must not change
// any output token.  Prints "PASS cycles=<n>" (cycles from the first
// offered in_ref token up to and including the D handshake on out_crd) or
// "FAIL ..." and stops.  Runs under Icarus (-g2005) and Verilator
// (--binary --timing).
`timescale 1ns / 1ps
`include "sam_token.vh"

module tb_skip;
  parameter integer T         = 32;
  parameter integer NumInputs = 2;
  parameter integer RefWidth  = 16;
  parameter integer Stall     = 0;
  parameter integer MaxTok    = 1 << 18;
  localparam integer CrdWidth = 16;
  localparam integer Depth    = 1 << RefWidth;

  reg clk = 1'b0;
  reg rst_n = 1'b0;
  always #5 clk = ~clk;

  reg [1023:0]       dir;
  reg [1023:0]       path;
  integer            seed;
  integer            stall;   // +stall=<0|1>, default: the Stall parameter
  reg [31:0]         meta [0:10];
  reg [RefWidth+1:0] ref_mem [0:2][0:MaxTok-1];
  reg [31:0]         lvl_mem [0:Depth-1];
  reg [CrdWidth+1:0] exp_crd [0:MaxTok-1];
  reg [RefWidth+1:0] exp_ref [0:2][0:MaxTok-1];
  reg [RefWidth+1:0] tmp_ref [0:MaxTok-1];

  // host ports
  reg [2:0]          seg_we, crd_we;
  reg [RefWidth-1:0] h_addr;
  reg [RefWidth-1:0] h_seg;
  reg [CrdWidth-1:0] h_crd;

  // streams
  reg  [2:0]          rv;
  wire [2:0]          rr;
  reg  [RefWidth+1:0] rd [0:2];
  wire [2:0]          cv, cr, fv, fr, kv, kr;
  wire [CrdWidth+1:0] cd [0:2];
  wire [RefWidth+1:0] fd [0:2];
  wire [CrdWidth+1:0] kd [0:2];
  wire                o_cv, o_fv0, o_fv1, o_fv2;
  reg                 o_cr, o_fr0, o_fr1, o_fr2;
  wire [CrdWidth+1:0] o_cd;
  wire [RefWidth+1:0] o_fd0, o_fd1, o_fd2;

  genvar g;
  generate
    for (g = 0; g < 3; g = g + 1) begin : g_scan
      if (g < NumInputs) begin : g_on
        sam_scan_skip #(
          .CrdWidth (CrdWidth),
          .RefWidth (RefWidth),
          .T        (T),
          .AddrWidth (RefWidth)
        ) u_scan (
          .clk_i            (clk),
          .rst_ni           (rst_n),
          .host_seg_we_i    (seg_we[g]),
          .host_seg_addr_i  (h_addr),
          .host_seg_wdata_i (h_seg),
          .host_crd_we_i    (crd_we[g]),
          .host_crd_addr_i  (h_addr),
          .host_crd_wdata_i (h_crd),
          .in_ref_valid_i   (rv[g]),
          .in_ref_ready_o   (rr[g]),
          .in_ref_data_i    (rd[g]),
          .in_skip_valid_i  (kv[g]),
          .in_skip_ready_o  (kr[g]),
          .in_skip_data_i   (kd[g]),
          .out_crd_valid_o  (cv[g]),
          .out_crd_ready_i  (cr[g]),
          .out_crd_data_o   (cd[g]),
          .out_ref_valid_o  (fv[g]),
          .out_ref_ready_i  (fr[g]),
          .out_ref_data_o   (fd[g])
        );
      end else begin : g_off
        assign rr[g] = 1'b0;
        assign kr[g] = 1'b1;
        assign cv[g] = 1'b0;
        assign cd[g] = {CrdWidth+2{1'b0}};
        assign fv[g] = 1'b0;
        assign fd[g] = {RefWidth+2{1'b0}};
      end
    end
  endgenerate

  sam_intersect_skip #(
    .CrdWidth  (CrdWidth),
    .RefWidth  (RefWidth),
    .NumInputs (NumInputs)
  ) u_isect (
    .clk_i             (clk),
    .rst_ni            (rst_n),
    .in_crd0_valid_i   (cv[0]), .in_crd0_ready_o (cr[0]), .in_crd0_data_i (cd[0]),
    .in_ref0_valid_i   (fv[0]), .in_ref0_ready_o (fr[0]), .in_ref0_data_i (fd[0]),
    .in_crd1_valid_i   (cv[1]), .in_crd1_ready_o (cr[1]), .in_crd1_data_i (cd[1]),
    .in_ref1_valid_i   (fv[1]), .in_ref1_ready_o (fr[1]), .in_ref1_data_i (fd[1]),
    .in_crd2_valid_i   (cv[2]), .in_crd2_ready_o (cr[2]), .in_crd2_data_i (cd[2]),
    .in_ref2_valid_i   (fv[2]), .in_ref2_ready_o (fr[2]), .in_ref2_data_i (fd[2]),
    .out_crd_valid_o   (o_cv),  .out_crd_ready_i (o_cr),  .out_crd_data_o (o_cd),
    .out_ref0_valid_o  (o_fv0), .out_ref0_ready_i (o_fr0), .out_ref0_data_o (o_fd0),
    .out_ref1_valid_o  (o_fv1), .out_ref1_ready_i (o_fr1), .out_ref1_data_o (o_fd1),
    .out_ref2_valid_o  (o_fv2), .out_ref2_ready_i (o_fr2), .out_ref2_data_o (o_fd2),
    .out_skip0_valid_o (kv[0]), .out_skip0_ready_i (kr[0]), .out_skip0_data_o (kd[0]),
    .out_skip1_valid_o (kv[1]), .out_skip1_ready_i (kr[1]), .out_skip1_data_o (kd[1]),
    .out_skip2_valid_o (kv[2]), .out_skip2_ready_i (kr[2]), .out_skip2_data_o (kd[2])
  );

  // ---- loading --------------------------------------------------------------
  integer k, i, n;
  task load_level(input integer which, input integer is_crd, input integer cnt);
    begin
      for (i = 0; i < cnt; i = i + 1) begin
        h_addr = i[RefWidth-1:0];
        h_seg  = lvl_mem[i][RefWidth-1:0];
        h_crd  = lvl_mem[i][CrdWidth-1:0];
        seg_we = 3'b000;
        crd_we = 3'b000;
        if (is_crd != 0) crd_we[which] = 1'b1; else seg_we[which] = 1'b1;
        @(posedge clk);
        #1;
      end
      seg_we = 3'b000;
      crd_we = 3'b000;
    end
  endtask

  // ---- run ------------------------------------------------------------------------
  integer ip [0:2];
  integer op [0:3];
  integer nexp, cyc, cyc_done, errors, running, rnd;

  initial begin
    seg_we = 3'b000; crd_we = 3'b000; h_addr = 0; h_seg = 0; h_crd = 0;
    rv = 3'b000; rd[0] = 0; rd[1] = 0; rd[2] = 0;
    o_cr = 1'b0; o_fr0 = 1'b0; o_fr1 = 1'b0; o_fr2 = 1'b0;
    errors = 0; running = 0; cyc = 0;
    if (!$value$plusargs("dir=%s", dir)) begin
      $display("FAIL no +dir=<case directory>");
      $finish;
    end
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    if (!$value$plusargs("stall=%d", stall)) stall = Stall;
    $sformat(path, "%0s/meta.hex", dir);
    $readmemh(path, meta);
    if (meta[0] != NumInputs) begin
      $display("FAIL case has %0d inputs, bench built for %0d", meta[0], NumInputs);
      $finish;
    end
    nexp = meta[10];
    $sformat(path, "%0s/exp_crd.hex", dir);
    $readmemh(path, exp_crd, 0, nexp - 1);
    repeat (3) @(posedge clk);
    #1;
    for (k = 0; k < NumInputs; k = k + 1) begin
      $sformat(path, "%0s/seg%0d.hex", dir, k);
      $readmemh(path, lvl_mem, 0, meta[1 + 3 * k] - 1);
      load_level(k, 0, meta[1 + 3 * k]);
      if (meta[2 + 3 * k] > 0) begin
        $sformat(path, "%0s/crd%0d.hex", dir, k);
        $readmemh(path, lvl_mem, 0, meta[2 + 3 * k] - 1);
        load_level(k, 1, meta[2 + 3 * k]);
      end
      $sformat(path, "%0s/ref%0d.hex", dir, k);
      $readmemh(path, tmp_ref, 0, meta[3 + 3 * k] - 1);
      for (i = 0; i < meta[3 + 3 * k]; i = i + 1) ref_mem[k][i] = tmp_ref[i];
      $sformat(path, "%0s/exp_ref%0d.hex", dir, k);
      $readmemh(path, tmp_ref, 0, nexp - 1);
      for (i = 0; i < nexp; i = i + 1) exp_ref[k][i] = tmp_ref[i];
      ip[k] = 0;
    end
    for (k = 0; k < 4; k = k + 1) op[k] = 0;
    rst_n = 1'b1;
    @(posedge clk);
    #1;
    running = 1;
  end

  // Drive sources and sinks for the coming cycle.
  task drive;
    begin
      for (k = 0; k < NumInputs; k = k + 1) begin
        rnd = $random(seed);
        rv[k] = ip[k] < meta[3 + 3 * k] && (stall == 0 || rnd[1:0] != 2'b00);
        rd[k] = rv[k] ? ref_mem[k][ip[k]] : {RefWidth+2{1'b0}};
      end
      rnd = $random(seed);
      o_cr  = stall == 0 || rnd[1:0] != 2'b00;
      o_fr0 = stall == 0 || rnd[3:2] != 2'b00;
      o_fr1 = stall == 0 || rnd[5:4] != 2'b00;
      o_fr2 = stall == 0 || rnd[7:6] != 2'b00;
    end
  endtask

  task check(input integer s, input [31:0] got, input [31:0] want);
    begin
      if (op[s] >= nexp) begin
        $display("FAIL stream %0d: extra token %h after %0d tokens", s, got, nexp);
        errors = errors + 1;
      end else if (got !== want) begin
        $display("FAIL stream %0s token %0d: expected %h got %h (T=%0d)",
                 s == 0 ? "out_crd" : s == 1 ? "out_ref0" : s == 2 ? "out_ref1" : "out_ref2",
                 op[s], want, got, T);
        errors = errors + 1;
      end
      op[s] = op[s] + 1;
      if (errors > 5) begin
        $display("FAIL too many mismatches");
        $finish;
      end
    end
  endtask

  always @(posedge clk) begin
    if (running != 0) begin
      for (k = 0; k < NumInputs; k = k + 1)
        if (rv[k] && rr[k]) ip[k] = ip[k] + 1;
      if (o_fv0 && o_fr0) check(1, o_fd0, exp_ref[0][op[1]]);
      if (o_fv1 && o_fr1) check(2, o_fd1, exp_ref[1][op[2]]);
      if (NumInputs == 3 && o_fv2 && o_fr2) check(3, o_fd2, exp_ref[2][op[3]]);
      if (o_cv && o_cr) begin
        check(0, o_cd, exp_crd[op[0]]);
        if (o_cd[CrdWidth+1:CrdWidth] == `SG_TK_DONE) begin
          running  = 2;
          cyc_done = cyc + 1;
        end
      end
      cyc = cyc + 1;
      if (running == 2 && op[1] >= nexp && op[2] >= nexp && (NumInputs < 3 || op[3] >= nexp)) begin
        if (errors == 0 && op[0] == nexp)
          $display("PASS cycles=%0d tokens=%0d T=%0d", cyc_done, nexp, T);
        else
          $display("FAIL %0d mismatches, %0d of %0d tokens", errors, op[0], nexp);
        $finish;
      end
      if (cyc > 20 * MaxTok + 100000) begin
        $display("FAIL timeout after %0d cycles (out_crd %0d of %0d tokens)", cyc, op[0], nexp);
        $finish;
      end
    end
  end

  // Sources and sinks change on the falling edge, away from the sampling.
  always @(negedge clk) begin
    if (running == 1 || running == 2) drive();
  end

endmodule
