// tb_fifo - bench of the stream plumbing: in -> sam_fifo Depth 0 -> Depth 1
// -> Depth 2 -> Depth 4 -> sam_broadcast (3 branches, each checked against
// the input), and sam_root (checked against "0 D" per rising edge of start).
`timescale 1ns/1ps
module tb_fifo;
  localparam integer W = 18;
  wire clk, load, run_n, check;
  wire [3:0] e, d;
  wire [31:0] n0, n1, n2, n3;
  wire [4:0] v, r;
  wire [W-1:0] x0, x1, x2, x3, x4;
  wire [2:0] bv, br;
  wire [W-1:0] bd;
  wire rv, rr;
  wire [W-1:0] rd;
  reg  [W-1:0] root_exp;
  reg  root_err, root_done;
  integer root_n;
  tb_ctl #(.Bench("fifo")) u_ctl (
    .clk(clk), .load(load), .run_n(run_n), .check(check), .loaded(1'b1),
    .all_done((&d) && root_done), .checked(1'b1), .any_err((|e) || root_err), .ntok(n0));
  tb_src #(.W(W), .Name("in"), .Salt(1)) u_src (.clk(clk), .rst_n(run_n), .valid(v[0]), .ready(r[0]), .data(x0), .done());
  sam_fifo #(.Width(W), .Depth(0)) u_f0 (.clk_i(clk), .rst_ni(run_n), .in_valid_i(v[0]), .in_ready_o(r[0]), .in_data_i(x0),
    .out_valid_o(v[1]), .out_ready_i(r[1]), .out_data_o(x1));
  sam_fifo #(.Width(W), .Depth(1)) u_f1 (.clk_i(clk), .rst_ni(run_n), .in_valid_i(v[1]), .in_ready_o(r[1]), .in_data_i(x1),
    .out_valid_o(v[2]), .out_ready_i(r[2]), .out_data_o(x2));
  sam_fifo #(.Width(W), .Depth(2)) u_f2 (.clk_i(clk), .rst_ni(run_n), .in_valid_i(v[2]), .in_ready_o(r[2]), .in_data_i(x2),
    .out_valid_o(v[3]), .out_ready_i(r[3]), .out_data_o(x3));
  sam_fifo #(.Width(W), .Depth(4)) u_f4 (.clk_i(clk), .rst_ni(run_n), .in_valid_i(v[3]), .in_ready_o(r[3]), .in_data_i(x3),
    .out_valid_o(v[4]), .out_ready_i(r[4]), .out_data_o(x4));
  sam_broadcast #(.Width(W), .NumOutputs(3)) u_bc (.clk_i(clk), .rst_ni(run_n), .in_valid_i(v[4]), .in_ready_o(r[4]),
    .in_data_i(x4), .out_valid_o(bv), .out_ready_i(br), .out_data_o(bd));
  tb_sink #(.W(W), .Name("in"), .Salt(2)) u_k0 (.clk(clk), .rst_n(run_n), .valid(bv[0]), .ready(br[0]), .data(bd), .done(d[0]), .err(e[0]), .ntok(n0));
  tb_sink #(.W(W), .Name("in"), .Salt(3)) u_k1 (.clk(clk), .rst_n(run_n), .valid(bv[1]), .ready(br[1]), .data(bd), .done(d[1]), .err(e[1]), .ntok(n1));
  tb_sink #(.W(W), .Name("in"), .Salt(4)) u_k2 (.clk(clk), .rst_n(run_n), .valid(bv[2]), .ready(br[2]), .data(bd), .done(d[2]), .err(e[2]), .ntok(n2));
  assign d[3] = 1'b1;
  assign e[3] = 1'b0;
  assign n3 = 0;
  wire [31:0] unused_n = n1 ^ n2 ^ n3;

  // sam_root: start rises a cycle after run and stays high (one "0 D", no
  // more while it stays high for 8 cycles), then drops for a cycle and
  // rises again: a second "0 D"; exactly 0 D 0 D in all
  reg start;
  integer root_wait;
  assign rr = 1'b1;
  sam_root #(.CrdWidth(16)) u_root (.clk_i(clk), .rst_ni(run_n), .start_i(start),
    .out_ref_valid_o(rv), .out_ref_ready_i(rr), .out_ref_data_o(rd));
  always @(posedge clk) begin
    if (!run_n) begin
      start <= 1'b0; root_n = 0; root_err <= 1'b0; root_done <= 1'b0; root_wait = 0;
    end else begin
      if (root_n == 2 && root_wait < 10) root_wait = root_wait + 1;
      start <= !(root_n == 2 && root_wait == 8);
      if (rv && rr) begin
        root_exp = (root_n % 2 == 0) ? {2'd0, 16'd0} : {2'd2, 16'd0};
        if (rd !== root_exp || root_n > 3 || (root_n == 2 && root_wait < 8)) begin
          $display("MISMATCH stream=root index=%0d expected=%0s actual=%h", root_n,
                   root_n > 3 ? "nothing" : root_n % 2 == 0 ? "0" : "D", rd);
          root_err <= 1'b1;
        end
        root_n = root_n + 1;
        if (root_n == 4) root_done <= 1'b1;
      end
    end
  end
endmodule
