// sam_scan_offset - offset level scanner (fiberlookup format=offset, the
// unified-formats work's offset level: DIA's columns, under a range level).
// A reference p (a range position (r << s) | i, s = clog2(N), N the range
// level's size) gives the one coordinate j = i + off[r] and the reference
// p, then the fiber's closing stop by the peek rule (next input Sk is
// consumed and becomes S(k+1), anything else gives S0).  N gives N and the
// closing stop; an unmerged input stop is emitted incremented; D ends the
// run.  Both outputs carry the same control tokens.
//
// off is an external synchronous-read memory indexed by r (the generator's
// crd memory of the level: the diagonals' offsets modulo 2^CrdWidth, so
// i + off wraps to the column whatever the offset's sign); read data
// arrives the cycle after the request.
//
// Cycles: a reference is taken in one cycle with no output (its off
// read); its coordinate leaves the next cycle; then the closing stop, in
// whose cycle a data reference at the input's head is taken (a stop that
// merged an input stop does not open the token behind it).  So
// back-to-back references take 2 cycles each: the singleton scanner's
// rule over fibers of one position, as golden/prim_scan_range.c counts.
// out_crd and out_ref are registered.
`include "sam_token.vh"

module sam_scan_offset #(
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
  output reg                 off_rd_en_o,
  output reg  [CrdWidth-1:0] off_rd_addr_o,
  input  wire [CrdWidth-1:0] off_rd_data_i
);
  localparam [1:0] StIdle = 2'd0, StEmit = 2'd1, StClose = 2'd2, StDone = 2'd3;
  localparam [CrdWidth-1:0] One = {{(CrdWidth-1){1'b0}}, 1'b1};
  localparam [CrdWidth-1:0] Zero = {CrdWidth{1'b0}};

  reg [1:0]          state_q, state_d;
  reg [CrdWidth-1:0] p_q, p_d;          // StEmit: the reference

  reg                crd_v_q, ref_v_q;
  reg [CrdWidth+1:0] crd_q, ref_q;
  reg                emit;
  reg [CrdWidth+1:0] emit_crd, emit_ref;
  wire emit_rdy = (!crd_v_q || out_crd_ready_i) && (!ref_v_q || out_ref_ready_i);

  // s = clog2(N) and the row mask
  reg [CrdWidth-1:0] sh;
  integer k;
  always @(*) begin
    sh = Zero;
    for (k = 0; k < CrdWidth; k = k + 1)
      if (((dim_i - One) >> k) != Zero) sh = k[CrdWidth-1:0] + One;
  end
  wire [CrdWidth-1:0] row_mask = ~({CrdWidth{1'b1}} << sh);

  wire [1:0]          head_tag = in_ref_data_i[CrdWidth+1:CrdWidth];
  wire [CrdWidth-1:0] head_val = in_ref_data_i[CrdWidth-1:0];
  wire [CrdWidth+1:0] stop_inc = {`SG_TK_STOP, head_val + One};

  always @(*) begin
    state_d = state_q;
    p_d = p_q;
    in_ref_ready_o = 1'b0;
    off_rd_en_o = 1'b0;
    off_rd_addr_o = head_val >> sh;
    emit = 1'b0;
    emit_crd = {`SG_TK_DATA, Zero};
    emit_ref = {`SG_TK_DATA, Zero};
    case (state_q)
      StIdle: begin
        if (in_ref_valid_i && head_tag == `SG_TK_DATA) begin
          in_ref_ready_o = 1'b1;
          off_rd_en_o = 1'b1;
          p_d = head_val;
          state_d = StEmit;
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
      StEmit: begin
        if (emit_rdy) begin
          emit = 1'b1;
          emit_crd = {`SG_TK_DATA, (p_q & row_mask) + off_rd_data_i};
          emit_ref = {`SG_TK_DATA, p_q};
          state_d = StClose;
        end
      end
      StClose: begin
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
              off_rd_en_o = 1'b1;
              p_d = head_val;
              state_d = StEmit;
            end
          end
        end
      end
      default: ;
    endcase
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= StIdle;
      p_q <= Zero;
      crd_v_q <= 1'b0;
      ref_v_q <= 1'b0;
      crd_q <= {`SG_TK_DATA, Zero};
      ref_q <= {`SG_TK_DATA, Zero};
    end else begin
      state_q <= state_d;
      p_q <= p_d;
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
