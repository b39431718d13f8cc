// sam_write_compressed - compressed level writer (fiberwrite
// format=compressed).  Data tokens are appended to crd (N stores 0); a stop
// after at least one data token appends the element count to seg; a stop
// after another stop (an empty fiber) is ignored; D sets done_o.  seg[0] = 0
// (and seg_all[0] = 0) are written in the first cycle after reset, before
// the first token is taken, so an empty level is seg = [0].  A generated top
// resets its writers when start_i rises (run_rst_n), so this store is part
// of every run, made while the engine owns the memories.
// A third array, seg_all, gets the element count at every stop (one entry per
// fiber, empty ones included, after a leading 0): the golden model keeps it
// to assemble outputs whose outer level keeps coordinates with empty fibers.
// Then always ready: one token per cycle (separate memories).
// SegStop: the least stop level that ends a fiber (0; 1 for COO's
// non-unique level, whose coordinate arrives held once per entry, so that
// S0 ends a run of it, not a fiber: such stops are taken and ignored).  The
// singleton level's writer is this one with its seg port left open.
`include "sam_token.vh"

module sam_write_compressed #(
  parameter integer CrdWidth = 16,
  parameter integer SegStop = 0
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                in_crd_valid_i,
  output wire                in_crd_ready_o,
  input  wire [CrdWidth+1:0] in_crd_data_i,
  output wire                seg_wr_en_o,
  output wire [CrdWidth-1:0] seg_wr_addr_o,
  output wire [CrdWidth-1:0] seg_wr_data_o,
  output wire                crd_wr_en_o,
  output wire [CrdWidth-1:0] crd_wr_addr_o,
  output wire [CrdWidth-1:0] crd_wr_data_o,
  output wire                sega_wr_en_o,
  output wire [CrdWidth-1:0] sega_wr_addr_o,
  output wire [CrdWidth-1:0] sega_wr_data_o,
  output wire [CrdWidth-1:0] seg_len_o,
  output wire [CrdWidth-1:0] sega_len_o,
  output wire [CrdWidth-1:0] crd_len_o,
  output wire                done_o
);
  localparam [CrdWidth-1:0] Zero = {CrdWidth{1'b0}};
  localparam [CrdWidth-1:0] One = {{(CrdWidth-1){1'b0}}, 1'b1};

  reg                first_q, has_q, done_q;
  reg [CrdWidth-1:0] crd_n_q, seg_n_q, sega_n_q;

  wire [1:0] tag = in_crd_data_i[CrdWidth+1:CrdWidth];
  wire take = in_crd_valid_i && in_crd_ready_o;
  wire is_crd = (tag == `SG_TK_DATA) || (tag == `SG_TK_EMPTY);
  localparam [CrdWidth-1:0] SegStopW = SegStop[CrdWidth-1:0];
  // a stop that ends a fiber of this level
  wire is_end = (tag == `SG_TK_STOP) &&
                ((SegStop == 0) || (in_crd_data_i[CrdWidth-1:0] >= SegStopW));
  wire seg_app = take && is_end && has_q;

  assign in_crd_ready_o = !first_q && !done_q;
  assign crd_wr_en_o   = take && is_crd;
  assign crd_wr_addr_o = crd_n_q;
  assign crd_wr_data_o = (tag == `SG_TK_DATA) ? in_crd_data_i[CrdWidth-1:0] : Zero;
  assign seg_wr_en_o   = first_q || seg_app;
  assign seg_wr_addr_o = first_q ? Zero : seg_n_q;
  assign seg_wr_data_o = first_q ? Zero : crd_n_q;
  wire sega_app = take && is_end;
  assign sega_wr_en_o   = first_q || sega_app;
  assign sega_wr_addr_o = first_q ? Zero : sega_n_q;
  assign sega_wr_data_o = first_q ? Zero : crd_n_q;
  assign sega_len_o = sega_n_q;
  assign seg_len_o = seg_n_q;
  assign crd_len_o = crd_n_q;
  assign done_o = done_q;

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      first_q <= 1'b1;
      has_q <= 1'b0;
      done_q <= 1'b0;
      crd_n_q <= Zero;
      seg_n_q <= Zero;
      sega_n_q <= Zero;
    end else if (first_q) begin
      first_q <= 1'b0;
      seg_n_q <= One;
      sega_n_q <= One;
    end else if (take) begin
      if (is_end) sega_n_q <= sega_n_q + One;
      if (is_crd) begin
        crd_n_q <= crd_n_q + One;
        has_q <= 1'b1;
      end else if (is_end) begin
        has_q <= 1'b0;
        if (has_q) seg_n_q <= seg_n_q + One;
      end else if (tag != `SG_TK_STOP) begin
        done_q <= 1'b1;
      end
    end
  end
endmodule
