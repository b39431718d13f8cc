// sam_scan_range - range level scanner (fiberlookup format=range, the
// unified-formats work's range level: DIA's rows).  A reference r (a
// stored diagonal) opens the rows the diagonal crosses, lo[r] .. hi[r]-1
// (lo = max(0, -off), hi = min(N, M - off), computed by the loader from
// the diagonal offsets), each with the reference (r << s) | i, s = clog2(N):
// positions are r * S + i, S = N rounded up to a power of two, so no
// multiplier is needed.  Then the fiber's closing stop by the peek rule
// (next input Sk is consumed and becomes S(k+1), anything else gives S0).
// N gives N and the closing stop; an unmerged input stop is emitted
// incremented; D ends the run.  Both outputs carry the same control tokens.
//
// lo and hi are external synchronous-read memories indexed by r (the
// generator's seg and crd memories of the level; read data arrives the
// cycle after the request and holds while no read is issued).
//
// Cycles: a reference is taken in one cycle with no output (its lo/hi
// read); then one row per cycle while the outputs accept; then the closing
// stop, in whose cycle a data reference at the input's head is taken (a
// stop that merged an input stop does not open the token behind it: the
// scanner sees only the head).  So back-to-back fibers of n rows take
// n + 1 cycles each, as golden/prim_scan_range.c counts.  out_crd and
// out_ref are registered.
`include "sam_token.vh"

module sam_scan_range #(
  parameter integer CrdWidth = 16
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire [CrdWidth-1:0] dim_i,
  input  wire                in_ref_valid_i,
  output reg                 in_ref_ready_o,
  input  wire [CrdWidth+1:0] in_ref_data_i,
  output wire                out_crd_valid_o,
  input  wire                out_crd_ready_i,
  output wire [CrdWidth+1:0] out_crd_data_o,
  output wire                out_ref_valid_o,
  input  wire                out_ref_ready_i,
  output wire [CrdWidth+1:0] out_ref_data_o,
  output reg                 lo_rd_en_o,
  output reg  [CrdWidth-1:0] lo_rd_addr_o,
  input  wire [CrdWidth-1:0] lo_rd_data_i,
  output reg                 hi_rd_en_o,
  output reg  [CrdWidth-1:0] hi_rd_addr_o,
  input  wire [CrdWidth-1:0] hi_rd_data_i
);
  localparam [2:0] StIdle = 3'd0, StRead = 3'd1, StRun = 3'd2, StClose = 3'd3,
                   StDone = 3'd4;
  localparam [CrdWidth-1:0] One = {{(CrdWidth-1){1'b0}}, 1'b1};
  localparam [CrdWidth-1:0] Zero = {CrdWidth{1'b0}};

  reg [2:0]          state_q, state_d;
  reg [CrdWidth-1:0] r_q, r_d;          // the open fiber's reference
  reg [CrdWidth-1:0] c_q, c_d;          // StRun: the next row
  reg [CrdWidth-1:0] hi_q, hi_d;        // StRun: the fiber's end

  reg                crd_v_q, ref_v_q;
  reg [CrdWidth+1:0] crd_q, ref_q;
  reg                emit;
  reg [CrdWidth+1:0] emit_crd, emit_ref;
  wire emit_rdy = (!crd_v_q || out_crd_ready_i) && (!ref_v_q || out_ref_ready_i);

  // s = clog2(N): the bits of N - 1 (N = 0 has no rows)
  reg [CrdWidth-1:0] sh;
  integer k;
  always @(*) begin
    sh = Zero;
    for (k = 0; k < CrdWidth; k = k + 1)
      if (((dim_i - One) >> k) != Zero) sh = k[CrdWidth-1:0] + One;
  end
  wire [CrdWidth-1:0] base = r_q << sh;

  wire [1:0]          head_tag = in_ref_data_i[CrdWidth+1:CrdWidth];
  wire [CrdWidth-1:0] head_val = in_ref_data_i[CrdWidth-1:0];
  wire [CrdWidth+1:0] stop_inc = {`SG_TK_STOP, head_val + One};

  // the closing stop (StClose, or an empty fiber in StRead): an input stop
  // merges into it; a data reference behind an unmerged one opens now
  task automatic close_fiber;
    begin
      if (in_ref_valid_i && emit_rdy) begin
        emit = 1'b1;
        state_d = StIdle;
        if (head_tag == `SG_TK_STOP) begin
          in_ref_ready_o = 1'b1;
          emit_crd = stop_inc;
          emit_ref = stop_inc;
        end else begin
          emit_crd = {`SG_TK_STOP, Zero};
          emit_ref = {`SG_TK_STOP, Zero};
          if (head_tag == `SG_TK_DATA) begin
            in_ref_ready_o = 1'b1;
            lo_rd_en_o = 1'b1;
            hi_rd_en_o = 1'b1;
            r_d = head_val;
            state_d = StRead;
          end
        end
      end
    end
  endtask

  always @(*) begin
    state_d = state_q;
    r_d = r_q;
    c_d = c_q;
    hi_d = hi_q;
    in_ref_ready_o = 1'b0;
    lo_rd_en_o = 1'b0;
    hi_rd_en_o = 1'b0;
    lo_rd_addr_o = head_val;
    hi_rd_addr_o = head_val;
    emit = 1'b0;
    emit_crd = {`SG_TK_DATA, Zero};
    emit_ref = {`SG_TK_DATA, Zero};
    case (state_q)
      StIdle: begin
        if (in_ref_valid_i && head_tag == `SG_TK_DATA) begin
          in_ref_ready_o = 1'b1;
          lo_rd_en_o = 1'b1;
          hi_rd_en_o = 1'b1;
          r_d = head_val;
          state_d = StRead;
        end else if (in_ref_valid_i && emit_rdy) begin
          in_ref_ready_o = 1'b1;
          emit = 1'b1;
          case (head_tag)
            `SG_TK_EMPTY: begin
              emit_crd = {`SG_TK_EMPTY, Zero};
              emit_ref = {`SG_TK_EMPTY, Zero};
              state_d = StClose;
            end
            `SG_TK_STOP: begin
              emit_crd = stop_inc;
              emit_ref = stop_inc;
            end
            default: begin
              emit_crd = {`SG_TK_DONE, Zero};
              emit_ref = {`SG_TK_DONE, Zero};
              state_d = StDone;
            end
          endcase
        end
      end
      StRead: begin
        if (lo_rd_data_i < hi_rd_data_i) begin
          if (emit_rdy) begin
            emit = 1'b1;
            emit_crd = {`SG_TK_DATA, lo_rd_data_i};
            emit_ref = {`SG_TK_DATA, base | lo_rd_data_i};
            c_d = lo_rd_data_i + One;
            hi_d = hi_rd_data_i;
            state_d = (lo_rd_data_i + One < hi_rd_data_i) ? StRun : StClose;
          end
        end else begin
          close_fiber;
        end
      end
      StRun: begin
        if (emit_rdy) begin
          emit = 1'b1;
          emit_crd = {`SG_TK_DATA, c_q};
          emit_ref = {`SG_TK_DATA, base | c_q};
          c_d = c_q + One;
          if (c_q + One == hi_q) state_d = StClose;
        end
      end
      StClose: close_fiber;
      default: ;
    endcase
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= StIdle;
      r_q <= Zero;
      c_q <= Zero;
      hi_q <= Zero;
      crd_v_q <= 1'b0;
      ref_v_q <= 1'b0;
      crd_q <= {`SG_TK_DATA, Zero};
      ref_q <= {`SG_TK_DATA, Zero};
    end else begin
      state_q <= state_d;
      r_q <= r_d;
      c_q <= c_d;
      hi_q <= hi_d;
      if (emit) begin
        crd_v_q <= 1'b1;
        crd_q <= emit_crd;
        ref_v_q <= 1'b1;
        ref_q <= emit_ref;
      end else begin
        if (out_crd_ready_i) crd_v_q <= 1'b0;
        if (out_ref_ready_i) ref_v_q <= 1'b0;
      end
    end
  end

  assign out_crd_valid_o = crd_v_q;
  assign out_crd_data_o  = crd_q;
  assign out_ref_valid_o = ref_v_q;
  assign out_ref_data_o  = ref_q;
endmodule
