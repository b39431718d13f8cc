// sam_scan_nonunique - non-unique compressed level scanner (fiberlookup
// format=nonunique, the upper level of COO): a reference r opens
// positions seg[r] .. seg[r+1]-1 of crd, where equal coordinates repeat in
// runs (crd is sorted within a fiber); it emits crd[p] and p only for the
// positions p that start a run (p = seg[r] or crd[p] != crd[p-1]), then the
// fiber's closing stop by the peek-ahead rule (next input Sk is consumed
// and becomes S(k+1), anything else gives S0).  An empty fiber gives only
// its closing stop.  N emits N on both outputs and then the closing stop;
// an input stop that closes no fiber is emitted incremented; D ends the
// run.  Both outputs carry the same control tokens.
//
// seg and crd are external synchronous-read memories (read data arrives the
// cycle after the request and holds while no read is issued).
//
// Cycles per fiber (no overlap between fibers):
//   cycle 0   the reference is taken (IDLE, no output room needed): seg[r]
//             is read
//   cycle 1   seg[r] arrives; seg[r+1] is read
//   cycle 2   seg[r+1] arrives: an empty fiber goes to its closing stop,
//             otherwise the first position's crd is read
//   cycle 3.. one position per cycle (its crd read data is there): a run's
//             first position is emitted (it waits for output room, issuing
//             no read), any other is skipped (a cycle with no output); the
//             next position's crd is read in the same cycle
//   then      the closing-stop cycle: the stop leaves once the next input
//             token is visible and the outputs have room; the next
//             reference is taken in the following cycle at the earliest
// so a fiber of n > 0 positions takes 3 + n + 1 cycles, an empty one 4.
// N, an unmerged stop and D take one cycle each (N's closing stop one more).
// out_crd and out_ref are registered (the emitted coordinate is held in the
// output register: the crd read data changes with the next read).
`include "sam_token.vh"

module sam_scan_nonunique #(
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
  localparam [2:0] StIdle = 3'd0, StSeg0 = 3'd1, StSeg1 = 3'd2, StPos = 3'd3,
                   StClose = 3'd4, StDone = 3'd5;
  localparam [CrdWidth-1:0] One = {{(CrdWidth-1){1'b0}}, 1'b1};
  localparam [CrdWidth-1:0] Zero = {CrdWidth{1'b0}};

  reg [2:0]          state_q, state_d;
  reg [CrdWidth-1:0] nxt_q, nxt_d;       // StSeg0: the reference plus 1
  reg [CrdWidth-1:0] pos_q, pos_d;       // StSeg1: seg[r]; StPos: the position
  reg [CrdWidth-1:0] end_q, end_d;       // StPos: seg[r+1]
  reg [CrdWidth-1:0] prev_q, prev_d;     // StPos: crd of the previous position
  reg                first_q, first_d;   // StPos: the fiber's first position

  // output registers (crd and ref are aligned; each has its own valid)
  reg                crd_v_q, ref_v_q;
  reg [CrdWidth+1:0] crd_q, ref_q;
  reg                emit;
  reg [CrdWidth+1:0] emit_crd, emit_ref;
  wire emit_rdy = (!crd_v_q || out_crd_ready_i) && (!ref_v_q || out_ref_ready_i);

  wire [1:0]          head_tag = in_ref_data_i[CrdWidth+1:CrdWidth];
  wire [CrdWidth-1:0] head_val = in_ref_data_i[CrdWidth-1:0];
  wire [CrdWidth+1:0] stop_inc = {`SG_TK_STOP, head_val + One};
  wire [CrdWidth-1:0] pos_nxt = pos_q + One;
  // StPos: the position starts a run of equal coordinates
  wire                run_start = first_q || (crd_rd_data_i != prev_q);

  always @(*) begin
    state_d = state_q;
    nxt_d = nxt_q;
    pos_d = pos_q;
    end_d = end_q;
    prev_d = prev_q;
    first_d = first_q;
    in_ref_ready_o = 1'b0;
    emit = 1'b0;
    emit_crd = {`SG_TK_STOP, Zero};
    emit_ref = {`SG_TK_STOP, Zero};
    seg_rd_en_o = 1'b0;
    seg_rd_addr_o = head_val;
    crd_rd_en_o = 1'b0;
    crd_rd_addr_o = pos_nxt;
    case (state_q)
      StIdle: begin
        if (in_ref_valid_i) begin
          if (head_tag == `SG_TK_DATA) begin  // take r: read seg[r]
            in_ref_ready_o = 1'b1;
            seg_rd_en_o = 1'b1;
            nxt_d = head_val + One;
            state_d = StSeg0;
          end else if (emit_rdy) begin
            in_ref_ready_o = 1'b1;
            emit = 1'b1;
            case (head_tag)
              `SG_TK_STOP: begin
                emit_crd = stop_inc;
                emit_ref = stop_inc;
              end
              `SG_TK_EMPTY: begin
                emit_crd = {`SG_TK_EMPTY, Zero};
                emit_ref = {`SG_TK_EMPTY, Zero};
                state_d = StClose;
              end
              default: begin
                emit_crd = {`SG_TK_DONE, Zero};
                emit_ref = {`SG_TK_DONE, Zero};
                state_d = StDone;
              end
            endcase
          end
        end
      end
      StSeg0: begin  // seg[r] arrives: read seg[r+1]
        pos_d = seg_rd_data_i;
        seg_rd_en_o = 1'b1;
        seg_rd_addr_o = nxt_q;
        state_d = StSeg1;
      end
      StSeg1: begin  // seg[r+1] arrives
        if (pos_q == seg_rd_data_i) begin
          state_d = StClose;
        end else begin
          end_d = seg_rd_data_i;
          first_d = 1'b1;
          crd_rd_en_o = 1'b1;
          crd_rd_addr_o = pos_q;
          state_d = StPos;
        end
      end
      StPos: begin  // crd[pos_q] is on crd_rd_data_i
        if (!run_start || emit_rdy) begin
          if (run_start) begin
            emit = 1'b1;
            emit_crd = {`SG_TK_DATA, crd_rd_data_i};
            emit_ref = {`SG_TK_DATA, pos_q};
          end
          prev_d = crd_rd_data_i;
          first_d = 1'b0;
          if (pos_nxt == end_q) begin
            state_d = StClose;
          end else begin
            crd_rd_en_o = 1'b1;
            pos_d = pos_nxt;
          end
        end
      end
      StClose: begin
        if (in_ref_valid_i && emit_rdy) begin
          emit = 1'b1;
          state_d = StIdle;
          if (head_tag == `SG_TK_STOP) begin  // an input stop: merge
            in_ref_ready_o = 1'b1;
            emit_crd = stop_inc;
            emit_ref = stop_inc;
          end
        end
      end
      default: ;  // StDone
    endcase
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= StIdle;
      nxt_q <= One;
      pos_q <= Zero;
      end_q <= Zero;
      prev_q <= Zero;
      first_q <= 1'b0;
      crd_v_q <= 1'b0;
      ref_v_q <= 1'b0;
      crd_q <= {`SG_TK_DATA, Zero};
      ref_q <= {`SG_TK_DATA, Zero};
    end else begin
      state_q <= state_d;
      nxt_q <= nxt_d;
      pos_q <= pos_d;
      end_q <= end_d;
      prev_q <= prev_d;
      first_q <= first_d;
      if (emit) begin
        crd_v_q <= 1'b1;
        ref_v_q <= 1'b1;
        crd_q <= emit_crd;
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
