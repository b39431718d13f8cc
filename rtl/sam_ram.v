// sam_ram - plain inferable RAM: one synchronous read port, one write port
// (a simple dual-port block RAM), shared with a host port.
//
// While host_en_i is high the host owns both ports (load before start, read
// back after done); otherwise the engine does.  The read register changes
// only in cycles with a read, so rd_data_o holds between reads.  InitFile,
// when set, preloads the array with $readmemh.
//
// No cycle reads and writes one address: the host does one or the other,
// and in a run the engine only reads a tensor's memory (an input) or only
// writes it (an output).  no_rw_check tells synthesis so, which keeps
// Yosys from emulating read-first behaviour around an iCE40 block RAM
// (a 32 x 32 RAM: 71 flip-flops and 36 LUTs fewer).  Simulation keeps the
// read-first semantics of the always block.
`include "sam_token.vh"

module sam_ram #(
  parameter integer Width     = 16,
  parameter integer AddrWidth = 10,
  parameter integer Depth     = 1 << AddrWidth,
  parameter         InitFile  = ""
) (
  input  wire                 clk_i,
  input  wire                 rd_en_i,
  input  wire [AddrWidth-1:0] rd_addr_i,
  output wire [Width-1:0]     rd_data_o,
  input  wire                 wr_en_i,
  input  wire [AddrWidth-1:0] wr_addr_i,
  input  wire [Width-1:0]     wr_data_i,
  input  wire                 host_en_i,
  input  wire                 host_we_i,
  input  wire [AddrWidth-1:0] host_addr_i,
  input  wire [Width-1:0]     host_wdata_i,
  output wire [Width-1:0]     host_rdata_o
);
  (* no_rw_check *) reg [Width-1:0] mem [0:Depth-1];
  reg [Width-1:0] rdata_q;

  wire                 re    = host_en_i ? !host_we_i : rd_en_i;
  wire [AddrWidth-1:0] raddr = host_en_i ? host_addr_i : rd_addr_i;
  wire                 we    = host_en_i ? host_we_i : wr_en_i;
  wire [AddrWidth-1:0] waddr = host_en_i ? host_addr_i : wr_addr_i;
  wire [Width-1:0]     wdata = host_en_i ? host_wdata_i : wr_data_i;

  initial begin
    if (InitFile != "") $readmemh(InitFile, mem);
  end

  always @(posedge clk_i) begin
    if (we) mem[waddr] <= wdata;
    if (re) rdata_q <= mem[raddr];
  end

  assign rd_data_o    = rdata_q;
  assign host_rdata_o = rdata_q;
endmodule
