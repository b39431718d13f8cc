// sam_scan_compressed - compressed level scanner (fiberlookup
// format=compressed): for each input reference r, emits crd[p] and p for p
// in seg[r] .. seg[r+1]-1, then the fiber's closing stop by the peek-ahead
// rule (next input Sk is consumed and becomes S(k+1), anything else gives
// S0).  N emits N on both outputs and then the closing stop; an input stop
// that closes an empty parent fiber is emitted incremented; D ends the run.
//
// seg and crd are external synchronous-read memories (read data arrives the
// cycle after the request and holds while no read is issued).
// Timing: a fiber with n coordinates takes n + 3 cycles (two seg reads,
// n coordinates, the stop; the next reference is taken in the stop cycle),
// or n + 2 when its reference is the previous one plus 1 (seg[r] is then the
// remembered seg[r'+1], one read fewer): the usual case below a scanner.
// out_crd and out_ref are registered; in_ref_ready_o depends on the output
// readies combinationally.
`include "sam_token.vh"

module sam_scan_compressed #(
  parameter integer CrdWidth = 16
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                in_ref_valid_i,
  output reg                 in_ref_ready_o,
  input  wire [CrdWidth+1:0] in_ref_data_i,
  output wire                out_crd_valid_o,
  input  wire                out_crd_ready_i,
  output wire [CrdWidth+1:0] out_crd_data_o,
  output wire                out_ref_valid_o,
  input  wire                out_ref_ready_i,
  output wire [CrdWidth+1:0] out_ref_data_o,
  output reg                 seg_rd_en_o,
  output reg  [CrdWidth-1:0] seg_rd_addr_o,
  input  wire [CrdWidth-1:0] seg_rd_data_i,
  output reg                 crd_rd_en_o,
  output reg  [CrdWidth-1:0] crd_rd_addr_o,
  input  wire [CrdWidth-1:0] crd_rd_data_i
);
  localparam [2:0] StHead = 3'd0, StSeg0 = 3'd1, StSeg1 = 3'd2,
                   StRun  = 3'd3, StClose = 3'd4, StDone = 3'd5;
  localparam [CrdWidth-1:0] One = {{(CrdWidth-1){1'b0}}, 1'b1};
  localparam [CrdWidth-1:0] Zero = {CrdWidth{1'b0}};

  reg [2:0]          state_q, state_d;
  reg [CrdWidth-1:0] ref_q, ref_d, pos_q, pos_d, end_q, end_d;
  // last fiber read: its reference and seg[ref + 1]
  reg                cache_v_q, cache_v_d;
  reg [CrdWidth-1:0] cache_ref_q, cache_ref_d, cache_end_q, cache_end_d;
  wire               hit = cache_v_q && (head_val == cache_ref_q + One);

  // output registers (crd and ref are aligned; each has its own valid)
  reg                crd_v_q, ref_v_q;
  reg [CrdWidth+1:0] crd_q, ref_q2;
  reg                emit;
  reg [CrdWidth+1:0] emit_crd, emit_ref;
  wire emit_rdy = (!crd_v_q || out_crd_ready_i) && (!ref_v_q || out_ref_ready_i);

  wire [1:0]          head_tag = in_ref_data_i[CrdWidth+1:CrdWidth];
  wire [CrdWidth-1:0] head_val = in_ref_data_i[CrdWidth-1:0];
  wire [CrdWidth+1:0] stop_inc = {`SG_TK_STOP, head_val + One};

  always @(*) begin
    state_d = state_q;
    ref_d = ref_q;
    pos_d = pos_q;
    end_d = end_q;
    cache_v_d = cache_v_q;
    cache_ref_d = cache_ref_q;
    cache_end_d = cache_end_q;
    in_ref_ready_o = 1'b0;
    emit = 1'b0;
    emit_crd = {`SG_TK_DATA, Zero};
    emit_ref = {`SG_TK_DATA, Zero};
    seg_rd_en_o = 1'b0;
    seg_rd_addr_o = head_val;
    crd_rd_en_o = 1'b0;
    crd_rd_addr_o = pos_q;
    case (state_q)
      StHead: begin
        if (in_ref_valid_i) begin
          case (head_tag)
            `SG_TK_DATA: begin
              in_ref_ready_o = 1'b1;
              seg_rd_en_o = 1'b1;
              ref_d = head_val;
              state_d = StSeg0;
              if (hit) begin
                pos_d = cache_end_q;
                seg_rd_addr_o = head_val + One;
                state_d = StSeg1;
              end
            end
            `SG_TK_EMPTY: if (emit_rdy) begin
              in_ref_ready_o = 1'b1;
              emit = 1'b1;
              emit_crd = {`SG_TK_EMPTY, Zero};
              emit_ref = {`SG_TK_EMPTY, Zero};
              state_d = StClose;
            end
            `SG_TK_STOP: if (emit_rdy) begin
              in_ref_ready_o = 1'b1;
              emit = 1'b1;
              emit_crd = stop_inc;
              emit_ref = stop_inc;
            end
            default: if (emit_rdy) begin  // D
              in_ref_ready_o = 1'b1;
              emit = 1'b1;
              emit_crd = {`SG_TK_DONE, Zero};
              emit_ref = {`SG_TK_DONE, Zero};
              state_d = StDone;
            end
          endcase
        end
      end
      StSeg0: begin
        pos_d = seg_rd_data_i;
        seg_rd_en_o = 1'b1;
        seg_rd_addr_o = ref_q + One;
        state_d = StSeg1;
      end
      StSeg1: begin
        end_d = seg_rd_data_i;
        cache_v_d = 1'b1;
        cache_ref_d = ref_q;
        cache_end_d = seg_rd_data_i;
        if (pos_q == seg_rd_data_i) begin
          state_d = StClose;
        end else begin
          crd_rd_en_o = 1'b1;
          state_d = StRun;
        end
      end
      StRun: begin
        if (emit_rdy) begin
          emit = 1'b1;
          emit_crd = {`SG_TK_DATA, crd_rd_data_i};
          emit_ref = {`SG_TK_DATA, pos_q};
          pos_d = pos_q + One;
          if (pos_q + One == end_q) begin
            state_d = StClose;
          end else begin
            crd_rd_en_o = 1'b1;
            crd_rd_addr_o = pos_q + One;
          end
        end
      end
      StClose: begin
        if (in_ref_valid_i && emit_rdy) begin
          emit = 1'b1;
          state_d = StHead;
          if (head_tag == `SG_TK_STOP) begin
            in_ref_ready_o = 1'b1;
            emit_crd = stop_inc;
            emit_ref = stop_inc;
          end else begin
            emit_crd = {`SG_TK_STOP, Zero};
            emit_ref = {`SG_TK_STOP, Zero};
            if (head_tag == `SG_TK_DATA) begin
              // take the next reference in the same cycle
              in_ref_ready_o = 1'b1;
              seg_rd_en_o = 1'b1;
              ref_d = head_val;
              state_d = StSeg0;
              if (hit) begin
                pos_d = cache_end_q;
                seg_rd_addr_o = head_val + One;
                state_d = StSeg1;
              end
            end
          end
        end
      end
      default: ;  // StDone
    endcase
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= StHead;
      ref_q <= Zero;
      pos_q <= Zero;
      end_q <= Zero;
      cache_v_q <= 1'b0;
      cache_ref_q <= Zero;
      cache_end_q <= Zero;
      crd_v_q <= 1'b0;
      ref_v_q <= 1'b0;
      crd_q <= {`SG_TK_DATA, Zero};
      ref_q2 <= {`SG_TK_DATA, Zero};
    end else begin
      state_q <= state_d;
      ref_q <= ref_d;
      pos_q <= pos_d;
      end_q <= end_d;
      cache_v_q <= cache_v_d;
      cache_ref_q <= cache_ref_d;
      cache_end_q <= cache_end_d;
      if (emit) begin
        crd_v_q <= 1'b1;
        ref_v_q <= 1'b1;
        crd_q <= emit_crd;
        ref_q2 <= emit_ref;
      end else begin
        if (out_crd_ready_i) crd_v_q <= 1'b0;
        if (out_ref_ready_i) ref_v_q <= 1'b0;
      end
    end
  end

  assign out_crd_valid_o = crd_v_q;
  assign out_crd_data_o  = crd_q;
  assign out_ref_valid_o = ref_v_q;
  assign out_ref_data_o  = ref_q2;
endmodule
