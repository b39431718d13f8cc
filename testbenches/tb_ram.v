// tb_ram - a sam_ram for a testbench: loads <dir>/<Name>.hex through the
// host port while load_i is high (loaded_o when finished), and after check_i
// reads back the first words through the host port and compares them with
// <dir>/<CheckName>.hex (checked_o, err_o; prints MISMATCH like tb_sink).
`timescale 1ns/1ps
module tb_ram #(
  parameter integer Width     = 16,
  parameter integer AddrWidth = 12,
  parameter         Name      = "",
  parameter         CheckName = ""
) (
  input  wire                 clk,
  input  wire                 load_i,
  input  wire                 check_i,
  output reg                  loaded_o,
  output reg                  checked_o,
  output reg                  err_o,
  output wire [31:0]          exp_len_o,
  input  wire                 rd_en_i,
  input  wire [AddrWidth-1:0] rd_addr_i,
  output wire [Width-1:0]     rd_data_o,
  input  wire                 wr_en_i,
  input  wire [AddrWidth-1:0] wr_addr_i,
  input  wire [Width-1:0]     wr_data_i
);
  localparam integer Depth = 1 << AddrWidth;
  reg [63:0] init [0:Depth];
  reg [63:0] expv [0:Depth];
  reg [63:0] n_init, n_exp;
  reg [8*512-1:0] dir, fname;
  integer i, seed;
  reg host_en, host_we, cmp_q;
  reg [AddrWidth-1:0] host_addr, cmp_addr;
  wire [Width-1:0] host_rdata;

  initial begin
    if (!$value$plusargs("dir=%s", dir)) dir = ".";
    if (!$value$plusargs("seed=%d", seed)) seed = 1;
    n_init = 0;
    n_exp = 64'hffffffffffffffff;
    if (Name != "") begin
      $sformat(fname, "%0s/%0s.hex", dir, Name);
      $readmemh(fname, init);
      n_init = init[0];
      if (n_init == 64'hffffffffffffffff) n_init = 0;
    end
    if (CheckName != "") begin
      $sformat(fname, "%0s/%0s.hex", dir, CheckName);
      $readmemh(fname, expv);
      n_exp = expv[0];
    end
    loaded_o = 1'b0;
    checked_o = 1'b0;
    err_o = 1'b0;
    host_en = 1'b0;
    host_we = 1'b0;
    host_addr = 0;
    cmp_q = 1'b0;
    cmp_addr = 0;
    i = 0;
  end

  assign exp_len_o = n_exp[31:0];

  sam_ram #(.Width(Width), .AddrWidth(AddrWidth)) u_ram (
    .clk_i(clk),
    .rd_en_i(rd_en_i), .rd_addr_i(rd_addr_i), .rd_data_o(rd_data_o),
    .wr_en_i(wr_en_i), .wr_addr_i(wr_addr_i), .wr_data_i(wr_data_i),
    .host_en_i(host_en), .host_we_i(host_we), .host_addr_i(host_addr),
    .host_wdata_i(init[host_addr + 1][Width-1:0]), .host_rdata_o(host_rdata)
  );

  always @(posedge clk) begin
    cmp_q <= 1'b0;
    if (load_i && !loaded_o) begin
      if (i < n_init) begin
        host_en <= 1'b1;
        host_we <= 1'b1;
        host_addr <= i[AddrWidth-1:0];
        i = i + 1;
      end else begin
        host_en <= 1'b0;
        host_we <= 1'b0;
        loaded_o <= 1'b1;
        i = 0;
      end
    end else if (check_i && !checked_o) begin
      if (n_exp == 64'hffffffffffffffff) begin
        checked_o <= 1'b1;
      end else if (i < n_exp) begin
        host_en <= 1'b1;
        host_we <= 1'b0;
        host_addr <= i[AddrWidth-1:0];
        cmp_q <= 1'b1;
        cmp_addr <= i[AddrWidth-1:0];
        i = i + 1;
      end else if (!cmp_q) begin
        host_en <= 1'b0;
        checked_o <= 1'b1;
      end
    end
  end

  // one cycle after the host read was issued the word is in the register
  reg cmp_q2;
  reg [AddrWidth-1:0] cmp_addr2;
  always @(posedge clk) begin
    cmp_q2 <= cmp_q;
    cmp_addr2 <= cmp_addr;
    if (cmp_q2 && host_rdata !== expv[cmp_addr2 + 1][Width-1:0]) begin
      if (!err_o)
        $display("MISMATCH array=%0s index=%0d expected=%0d actual=%0d seed=%0d dir=%0s",
                 CheckName, cmp_addr2, expv[cmp_addr2 + 1][Width-1:0], host_rdata, seed, dir);
      err_o <= 1'b1;
    end
  end
endmodule
