// sam_scan_singleton - singleton level scanner (fiberlookup
// format=singleton, the lower level of COO): a reference r opens the fiber
// of positions r, r+1, .., q, where q is the first position >= r with
// last[q] = 1; each position p emits crd[p] and p, then the fiber's closing
// stop by the peek-ahead rule (next input Sk is consumed and becomes
// S(k+1), anything else gives S0).  N emits N on both outputs and then the
// closing stop; an input stop that closes no fiber is emitted incremented;
// D ends the run.  Both outputs carry the same control tokens.
//
// crd and last are external synchronous-read memories indexed by position
// (read data arrives the cycle after the request and holds while no read
// is issued); last[p] = 1 marks the final position of its fiber.
//
// Cycles: a data reference is taken in one cycle with no output (IDLE, no
// output room needed).  Then one position per cycle while the outputs
// accept: position p is emitted in the cycle its crd/last read is issued
// (out_crd's payload is the crd memory's read data), and in the next cycle
// last_rd_data_i tells whether p ended the fiber.  That cycle is then the
// closing-stop cycle: the stop leaves once the next input token is visible
// and the outputs have room.  A stop that merged none (the head was not a
// stop) takes the head in the same cycle when it is a data reference, so
// back-to-back fibers of n positions take n + 1 cycles each; a merged stop
// does not open the token behind it (the scanner sees only the head).
// N, an unmerged stop and D take one cycle each (N's closing stop one more).
// out_crd and out_ref are registered.
`include "sam_token.vh"

module sam_scan_singleton #(
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
  output reg                 crd_rd_en_o,
  output reg  [CrdWidth-1:0] crd_rd_addr_o,
  input  wire [CrdWidth-1:0] crd_rd_data_i,
  output reg                 last_rd_en_o,
  output reg  [CrdWidth-1:0] last_rd_addr_o,
  input  wire                last_rd_data_i
);
  localparam [1:0] StIdle = 2'd0, StRun = 2'd1, StClose = 2'd2, StDone = 2'd3;
  localparam [CrdWidth-1:0] One = {{(CrdWidth-1){1'b0}}, 1'b1};
  localparam [CrdWidth-1:0] Zero = {CrdWidth{1'b0}};

  reg [1:0]          state_q, state_d;
  reg [CrdWidth-1:0] pos_q, pos_d;       // StRun: the next position
  // StRun: a position of this fiber was emitted (its last bit is on
  // last_rd_data_i); clear in the cycle after the take
  reg                seen_q, seen_d;

  // output registers (crd and ref are aligned; each has its own valid);
  // a coordinate's crd payload is the crd memory's read data
  reg                crd_v_q, ref_v_q, crd_mem_q;
  reg [CrdWidth+1:0] ref_q;
  reg                emit, emit_mem;
  reg [CrdWidth+1:0] emit_tok;
  wire emit_rdy = (!crd_v_q || out_crd_ready_i) && (!ref_v_q || out_ref_ready_i);

  wire [1:0]          head_tag = in_ref_data_i[CrdWidth+1:CrdWidth];
  wire [CrdWidth-1:0] head_val = in_ref_data_i[CrdWidth-1:0];
  wire [CrdWidth+1:0] stop_inc = {`SG_TK_STOP, head_val + One};
  // the closing-stop cycle: after N, or after the fiber's last position
  wire close = (state_q == StClose) || (state_q == StRun && seen_q && last_rd_data_i);

  always @(*) begin
    state_d = state_q;
    pos_d = pos_q;
    seen_d = seen_q;
    in_ref_ready_o = 1'b0;
    emit = 1'b0;
    emit_mem = 1'b0;
    emit_tok = {`SG_TK_STOP, Zero};
    crd_rd_en_o = 1'b0;
    crd_rd_addr_o = pos_q;
    last_rd_en_o = 1'b0;
    last_rd_addr_o = pos_q;
    if (close) begin
      if (in_ref_valid_i && emit_rdy) begin
        emit = 1'b1;
        state_d = StIdle;
        if (head_tag == `SG_TK_STOP) begin  // an input stop: merge
          in_ref_ready_o = 1'b1;
          emit_tok = stop_inc;
        end else if (head_tag == `SG_TK_DATA) begin  // open the next fiber
          in_ref_ready_o = 1'b1;
          pos_d = head_val;
          seen_d = 1'b0;
          state_d = StRun;
        end
      end
    end else begin
      case (state_q)
        StIdle: begin
          if (in_ref_valid_i) begin
            if (head_tag == `SG_TK_DATA) begin
              in_ref_ready_o = 1'b1;
              pos_d = head_val;
              seen_d = 1'b0;
              state_d = StRun;
            end else if (emit_rdy) begin
              in_ref_ready_o = 1'b1;
              emit = 1'b1;
              case (head_tag)
                `SG_TK_STOP: emit_tok = stop_inc;
                `SG_TK_EMPTY: begin
                  emit_tok = {`SG_TK_EMPTY, Zero};
                  state_d = StClose;
                end
                default: begin
                  emit_tok = {`SG_TK_DONE, Zero};
                  state_d = StDone;
                end
              endcase
            end
          end
        end
        StRun: begin
          if (emit_rdy) begin
            emit = 1'b1;
            emit_mem = 1'b1;
            emit_tok = {`SG_TK_DATA, pos_q};
            crd_rd_en_o = 1'b1;
            last_rd_en_o = 1'b1;
            pos_d = pos_q + One;
            seen_d = 1'b1;
          end
        end
        default: ;  // StDone (StClose is handled above)
      endcase
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= StIdle;
      pos_q <= Zero;
      seen_q <= 1'b0;
      crd_v_q <= 1'b0;
      ref_v_q <= 1'b0;
      crd_mem_q <= 1'b0;
      ref_q <= {`SG_TK_DATA, Zero};
    end else begin
      state_q <= state_d;
      pos_q <= pos_d;
      seen_q <= seen_d;
      if (emit) begin
        crd_v_q <= 1'b1;
        ref_v_q <= 1'b1;
        crd_mem_q <= emit_mem;
        ref_q <= emit_tok;
      end else begin
        if (out_crd_ready_i) crd_v_q <= 1'b0;
        if (out_ref_ready_i) ref_v_q <= 1'b0;
      end
    end
  end

  assign out_crd_valid_o = crd_v_q;
  assign out_crd_data_o  = crd_mem_q ? {`SG_TK_DATA, crd_rd_data_i} : ref_q;
  assign out_ref_valid_o = ref_v_q;
  assign out_ref_data_o  = ref_q;
endmodule
