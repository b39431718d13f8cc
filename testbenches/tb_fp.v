// tb_fp - bench of the floating-point units sam_fp_add, sam_fp_mul,
// sam_fp_cmp, sam_fp_div and sam_fp_exp against vectors of the C model
// (testbenches/fp_vec: lines "a b expected" in hex).
//
// All twelve units (six kinds, fp32 and bf16) are instantiated, so one
// build serves every run; plusargs pick the one the stream goes to:
// +unit=N (0 sam_fp_add, 1 sam_fp_mul, 2 sam_fp_cmp, 3 sam_fp_add with
// Latency 0, combinational, 4 sam_fp_div, 5 sam_fp_exp: one operand,
// vector lines "a expected", 6 sam_fp_add with Latency 14, 7 sam_fp_cmp
// with Latency 2), +frac=F (23 fp32, 7
// bf16), +vec=FILE, +op=N (in_op_i: add/sub, max/min), +seed=S, +gap=P and
// +stall=P (percent of cycles without an input token, resp. with the
// output not ready; random, from S, each by a tb_rng).  Every result is compared bit for bit
// in order; the bench fails on a wrong result, a missing one (timeout) or
// an extra one.  With +gap=0 +stall=0 it also checks II = 1: N vectors
// take exactly N + latency cycles (add and mul 5, cmp 1, add with
// Latency 0 none, add with Latency 14 14, cmp with Latency 2 2, div 17 fp32 and 9 bf16, exp 10).  Prints "PASS
// ..." or "FAIL ...".
`timescale 1ns/1ps
module tb_fp;
  localparam integer W = 32;
  localparam integer MaxVec = 1 << 20;

  reg clk = 1'b0, rst_n = 1'b0;
  always #5 clk = ~clk;

  reg [W-1:0] va [0:MaxVec-1];
  reg [W-1:0] vb [0:MaxVec-1];
  reg [W-1:0] ve [0:MaxVec-1];
  integer unit, frac, lat;
  integer n, fd, r, op, gap, stall, errors, i, k, cycles, first_in, last_out;
  reg [31:0] x, y, z;
  reg [8*256-1:0] file;
  wire [31:0] gap_rnd, stall_rnd;

  tb_rng #(.Salt(1), .Mix(32'h9E3779B9)) u_gap_rng (
    .clk(clk), .step(rst_n), .gap(), .seed_o(), .stall_o(), .rnd_o(gap_rnd));
  tb_rng #(.Salt(2), .Mix(32'h9E3779B9)) u_stall_rng (
    .clk(clk), .step(rst_n), .gap(), .seed_o(), .stall_o(), .rnd_o(stall_rnd));

  initial begin
    if (!$value$plusargs("vec=%s", file)) begin
      $display("FAIL tb_fp: no +vec=FILE");
      $finish;
    end
    if (!$value$plusargs("op=%d", op)) op = 0;
    if (!$value$plusargs("unit=%d", unit)) unit = 0;
    if (!$value$plusargs("frac=%d", frac)) frac = 23;
    lat = unit == 7 ? 2 : unit == 6 ? 14 : unit == 5 ? 10 : unit == 3 ? 0 : unit == 2 ? 1 : 5;
    if (unit == 4) lat = frac == 7 ? 9 : 17;
    if (!$value$plusargs("gap=%d", gap)) gap = 0;
    if (!$value$plusargs("stall=%d", stall)) stall = 0;
    fd = $fopen(file, "r");
    if (fd == 0) begin
      $display("FAIL tb_fp: cannot open %0s", file);
      $finish;
    end
    n = 0;
    while (!$feof(fd) && n < MaxVec) begin
      if (unit == 5) begin
        y = 32'd0;
        r = $fscanf(fd, "%h %h\n", x, z);
        if (r == 2) r = 3;
      end else begin
        r = $fscanf(fd, "%h %h %h\n", x, y, z);
      end
      if (r == 3) begin
        va[n] = x;
        vb[n] = y;
        ve[n] = z;
        n = n + 1;
      end else if (r != -1) begin
        $display("FAIL tb_fp: %0s: line %0d is not 'a b expected' ('a expected' for exp) in hex",
                 file, n + 1);
        $finish;
      end
    end
    $fclose(fd);
  end

  // ---- driver and checker ----
  reg go_q, rdy_q;
  wire in_valid = rst_n && (i < n) && go_q;
  wire in_ready, out_valid, out_ready;
  wire [W-1:0] in_a = va[i < n ? i : 0], in_b = vb[i < n ? i : 0];
  wire [W-1:0] out_data;
  assign out_ready = rst_n && rdy_q;

  initial begin
    i = 0; k = 0; errors = 0; cycles = 0; first_in = -1; last_out = -1;
    go_q = 1'b0; rdy_q = 1'b0;
    repeat (3) @(posedge clk);
    rst_n = 1'b1;
  end

  always @(posedge clk) begin
    if (rst_n) begin
      cycles = cycles + 1;
      if (out_valid && out_ready) begin
        if (k >= n) begin
          $display("FAIL tb_fp: extra result %h after %0d", out_data, n);
          errors = errors + 1;
        end else if (out_data !== ve[k]) begin
          if (errors < 10)
            $display("FAIL tb_fp: vector %0d: %h %h op %0d: got %h, expected %h",
                     k + 1, va[k], vb[k], op, out_data, ve[k]);
          errors = errors + 1;
        end
        k = k + 1;
        last_out = cycles;
      end
      if (in_valid && in_ready) begin
        if (first_in < 0) first_in = cycles;
        i = i + 1;
      end
      // a valid input is held until taken
      go_q <= (in_valid && !in_ready) ? 1'b1 : ((gap_rnd % 100) >= gap);
      rdy_q <= (stall_rnd % 100) >= stall;
    end
  end

  initial begin : finish_check
    integer t;
    @(posedge rst_n);
    t = 0;
    while (k < n && t < 40 * n + 1000) begin
      @(posedge clk);
      t = t + 1;
    end
    repeat (20) @(posedge clk);
    if (k != n) begin
      $display("FAIL tb_fp: %0d of %0d results", k, n);
      errors = errors + 1;
    end
    if (gap == 0 && stall == 0 && n > 0 && last_out - first_in != n - 1 + lat) begin
      $display("FAIL tb_fp: %0d vectors took %0d cycles, not %0d (II = 1, latency %0d)",
               n, last_out - first_in + 1, n + lat, lat);
      errors = errors + 1;
    end
    if (errors == 0)
      $display("PASS tb_fp unit %0d frac %0d op %0d: %0d vectors, gap %0d%% stall %0d%%",
               unit, frac, op, n, gap, stall);
    else
      $display("FAIL tb_fp unit %0d frac %0d op %0d: %0d errors in %0d vectors",
               unit, frac, op, errors, n);
    $finish;
  end

  // ---- the units: index 2 * unit + (frac == 7) ----
  wire [15:0] rdy_k, ov_k;
  wire [W-1:0] od_k [0:15];
  wire opb = op[0];
  integer sel;
  always @(*) sel = 2 * unit + (frac == 7 ? 1 : 0);
  genvar g;
  generate
    for (g = 0; g < 16; g = g + 1) begin : g_unit
      localparam integer F = (g % 2) ? 7 : 23;
      localparam integer UW = F + 9;
      wire          v  = in_valid && (sel == g);
      wire          rd = out_ready && (sel == g);
      wire [UW-1:0] d;
      if (g / 2 == 0 || g / 2 == 6) begin : g_add
        sam_fp_add #(.FracWidth(F), .Latency(g / 2 == 6 ? 14 : 5)) dut (
          .clk_i(clk), .rst_ni(rst_n), .in_valid_i(v), .in_ready_o(rdy_k[g]),
          .in_a_i(in_a[UW-1:0]), .in_b_i(in_b[UW-1:0]), .in_op_i(opb),
          .out_valid_o(ov_k[g]), .out_ready_i(rd), .out_data_o(d));
      end else if (g / 2 == 1) begin : g_mul
        sam_fp_mul #(.FracWidth(F)) dut (
          .clk_i(clk), .rst_ni(rst_n), .in_valid_i(v), .in_ready_o(rdy_k[g]),
          .in_a_i(in_a[UW-1:0]), .in_b_i(in_b[UW-1:0]),
          .out_valid_o(ov_k[g]), .out_ready_i(rd), .out_data_o(d));
      end else if (g / 2 == 3) begin : g_add0
        sam_fp_add #(.FracWidth(F), .Latency(0)) dut (
          .clk_i(clk), .rst_ni(rst_n), .in_valid_i(v), .in_ready_o(rdy_k[g]),
          .in_a_i(in_a[UW-1:0]), .in_b_i(in_b[UW-1:0]), .in_op_i(opb),
          .out_valid_o(ov_k[g]), .out_ready_i(rd), .out_data_o(d));
      end else if (g / 2 == 4) begin : g_div
        // operands held at zero unless selected: the divider's many
        // stages then stay quiet in the other units' runs
        wire [UW-1:0] da = (sel == g) ? in_a[UW-1:0] : {UW{1'b0}};
        wire [UW-1:0] db = (sel == g) ? in_b[UW-1:0] : {UW{1'b0}};
        sam_fp_div #(.FracWidth(F)) dut (
          .clk_i(clk), .rst_ni(rst_n), .in_valid_i(v), .in_ready_o(rdy_k[g]),
          .in_a_i(da), .in_b_i(db),
          .out_valid_o(ov_k[g]), .out_ready_i(rd), .out_data_o(d));
      end else if (g / 2 == 5) begin : g_none  // sam_fp_exp, below
        assign rdy_k[g] = 1'b0;
        assign ov_k[g] = 1'b0;
        assign d = {UW{1'b0}};
      end else begin : g_cmp
        sam_fp_cmp #(.FracWidth(F), .Latency(g / 2 == 7 ? 2 : 1)) dut (
          .clk_i(clk), .rst_ni(rst_n), .in_valid_i(v), .in_ready_o(rdy_k[g]),
          .in_a_i(in_a[UW-1:0]), .in_b_i(in_b[UW-1:0]), .in_op_i(opb),
          .out_valid_o(ov_k[g]), .out_ready_i(rd), .out_data_o(d));
      end
      assign od_k[g] = d;  // zero-extended
    end
  endgenerate
  // sam_fp_exp, fp32 and bf16 (unit 5)
  wire [1:0] rdy_e, ov_e;
  wire [31:0] od_e32;
  wire [15:0] od_e16;
  sam_fp_exp #(.FracWidth(23)) u_exp32 (
    .clk_i(clk), .rst_ni(rst_n), .in_valid_i(in_valid && unit == 5 && frac != 7),
    .in_ready_o(rdy_e[0]), .in_a_i(in_a), .out_valid_o(ov_e[0]),
    .out_ready_i(out_ready && unit == 5 && frac != 7), .out_data_o(od_e32));
  sam_fp_exp #(.FracWidth(7)) u_exp16 (
    .clk_i(clk), .rst_ni(rst_n), .in_valid_i(in_valid && unit == 5 && frac == 7),
    .in_ready_o(rdy_e[1]), .in_a_i(in_a[15:0]), .out_valid_o(ov_e[1]),
    .out_ready_i(out_ready && unit == 5 && frac == 7), .out_data_o(od_e16));
  wire ex16 = frac == 7;
  assign in_ready  = unit == 5 ? rdy_e[ex16] : rdy_k[sel];
  assign out_valid = unit == 5 ? ov_e[ex16] : ov_k[sel];
  assign out_data  = unit == 5 ? (ex16 ? {16'd0, od_e16} : od_e32) : od_k[sel];
endmodule
