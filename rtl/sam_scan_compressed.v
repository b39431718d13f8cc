// sam_scan_compressed - compressed level scanner (fiberlookup
// format=compressed): for each input reference r, emits crd[p] and p for p
// in seg[r] .. seg[r+1]-1, then the fiber's closing stop by the peek-ahead
// rule (next input Sk is consumed and becomes S(k+1), anything else gives
// S0).  N emits N on both outputs and then the closing stop; an input stop
// that closes an empty parent fiber is emitted incremented; D ends the run.
//
// seg and crd are external synchronous-read memories (read data arrives the
// cycle after the request and holds while no read is issued).
//
// Two decoupled halves joined by a command register and a 4-entry command
// queue (sam_fifo):
// * the front end takes input tokens and reads seg: a reference r becomes a
//   fiber command (seg[r], seg[r+1]) after two seg reads, or one when r is
//   the previous reference plus 1 (seg[r] is the remembered seg[r'+1]); the
//   next reference is taken in the cycle its predecessor's last seg read
//   returns.  An input stop becomes S(k+1), N and D themselves; an empty
//   fiber becomes its closing stop directly (the next token decides it).
// * the back end walks the commands on the crd port, one output token per
//   cycle: the first coordinate of a fiber is read in the cycle its command
//   is taken, and a fiber's closing stop peeks at the next command (an input
//   stop is merged into it, anything else gives S0).
// Cycles per fiber: a fiber of n coordinates leaves in n + 1 cycles (its
// coordinates and its stop), as in the SAM model, while the seg reads of the
// following references overlap it.  The front end needs 2 cycles per
// reference (1 when consecutive) on the single seg port, so a run of short
// fibers (n = 0) with random references is limited to one fiber per 2
// cycles; the queue absorbs the difference when longer fibers follow.
// out_crd and out_ref are registered (a coordinate's crd
// payload is the crd memory's read register); in_ref_ready_o depends on
// in_ref_valid_i/in_ref_data_i and registers only, not on the output readies.
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
  localparam [CrdWidth-1:0] One = {{(CrdWidth-1){1'b0}}, 1'b1};
  localparam [CrdWidth-1:0] Zero = {CrdWidth{1'b0}};
  // command: {tag, a, b, one}; tag DATA = a fiber with positions a .. b-1
  // (never empty; one = it has a single position); any other tag = that
  // control token with payload a, where b = 1 marks the stop of an empty
  // fiber (never merged into a previous fiber)
  localparam integer CmdWidth = 3 + 2 * CrdWidth;
  localparam integer CmdDepth = 4;

  // ---------------------------------------------------------------- front end
  localparam [1:0] FHead = 2'd0, FSeg0 = 2'd1, FSeg1 = 2'd2, FDone = 2'd3;
  reg [1:0]          fst_q, fst_d;
  reg [CrdWidth-1:0] fpos_q, fpos_d;
  wire [CrdWidth-1:0] fpos_nxt = fpos_q + One;
  reg [CrdWidth-1:0] fnxt_q, fnxt_d;     // the reference being read plus 1
  // last fiber read: its reference plus 1 and seg[ref + 1]
  reg                cache_v_q, cache_v_d;
  reg [CrdWidth-1:0] cache_nxt_q, cache_nxt_d, cache_end_q, cache_end_d;
  // a control token taken while a fiber command was being pushed
  reg                pend_v_q, pend_v_d;
  reg [CrdWidth+1:0] pend_q, pend_d;

  reg                take, push;
  reg [CmdWidth-1:0] push_cmd;
  wire               q_in_ready;
  wire               q_v;
  reg                pop;
  wire [CmdWidth-1:0] q_cmd;

  wire [1:0]          head_tag = in_ref_data_i[CrdWidth+1:CrdWidth];
  wire [CrdWidth-1:0] head_val = in_ref_data_i[CrdWidth-1:0];
  // the control command an input control token becomes
  wire [CrdWidth+1:0] head_ctl = (head_tag == `SG_TK_STOP) ?
                                 {`SG_TK_STOP, head_val + One} : {head_tag, Zero};
  // in FSeg1 the fiber being completed is the one a next reference may follow
  wire                seg1 = (fst_q == FSeg1);
  // (the references plus 1 are kept in registers: no adder before the compare)
  wire                hit_v = seg1 || cache_v_q;
  wire [CrdWidth-1:0] hit_nxt = seg1 ? fnxt_q : cache_nxt_q;
  wire [CrdWidth-1:0] hit_end = seg1 ? seg_rd_data_i : cache_end_q;
  wire                hit = hit_v && (head_val == hit_nxt);
  wire [CrdWidth-1:0] head_nxt = head_val + One;

  always @(*) begin
    fst_d = fst_q;
    fnxt_d = fnxt_q;
    fpos_d = fpos_q;
    cache_v_d = cache_v_q;
    cache_nxt_d = cache_nxt_q;
    cache_end_d = cache_end_q;
    pend_v_d = pend_v_q;
    pend_d = pend_q;
    in_ref_ready_o = 1'b0;
    seg_rd_en_o = 1'b0;
    seg_rd_addr_o = head_val;
    take = 1'b0;
    push = 1'b0;
    push_cmd = {`SG_TK_DATA, Zero, Zero, 1'b0};
    case (fst_q)
      FHead: begin
        if (pend_v_q) begin
          if (q_in_ready) begin
            push = 1'b1;
            push_cmd = {pend_q, Zero, 1'b0};
            pend_v_d = 1'b0;
            if (pend_q[CrdWidth+1:CrdWidth] == `SG_TK_DONE) begin
              fst_d = FDone;
            end else if (in_ref_valid_i && head_tag == `SG_TK_DATA) begin
              take = 1'b1;
            end
          end
        end else if (in_ref_valid_i) begin
          if (head_tag == `SG_TK_DATA) begin
            take = 1'b1;
          end else if (q_in_ready) begin
            in_ref_ready_o = 1'b1;
            push = 1'b1;
            push_cmd = {head_ctl, Zero, 1'b0};
            if (head_tag == `SG_TK_DONE) fst_d = FDone;
          end
        end
      end
      FSeg0: begin
        fpos_d = seg_rd_data_i;
        seg_rd_en_o = 1'b1;
        seg_rd_addr_o = fnxt_q;
        fst_d = FSeg1;
      end
      FSeg1: begin
        if (fpos_q == seg_rd_data_i) begin
          // empty fiber: only its closing stop, decided here by the next
          // token (an input stop is consumed and merged)
          if (in_ref_valid_i && q_in_ready) begin
            push = 1'b1;
            push_cmd = {`SG_TK_STOP, Zero, One, 1'b0};
            fst_d = FHead;
            if (head_tag == `SG_TK_STOP) begin
              in_ref_ready_o = 1'b1;
              push_cmd = {head_ctl, One, 1'b0};
            end else if (head_tag == `SG_TK_DATA) begin
              take = 1'b1;
            end
          end
        end else if (q_in_ready) begin
          push = 1'b1;
          push_cmd = {`SG_TK_DATA, fpos_q, seg_rd_data_i, fpos_nxt == seg_rd_data_i};
          fst_d = FHead;
          if (in_ref_valid_i) begin
            if (head_tag == `SG_TK_DATA) begin
              take = 1'b1;
            end else begin
              in_ref_ready_o = 1'b1;
              pend_v_d = 1'b1;
              pend_d = head_ctl;
            end
          end
        end
      end
      default: ;  // FDone
    endcase
    if (seg1 && push) begin  // remember seg[r + 1] for a following r + 1
      cache_v_d = 1'b1;
      cache_nxt_d = fnxt_q;
      cache_end_d = seg_rd_data_i;
    end
    if (take) begin  // take reference head_val: start its seg reads
      in_ref_ready_o = 1'b1;
      seg_rd_en_o = 1'b1;
      fnxt_d = head_nxt;
      fpos_d = hit_end;
      seg_rd_addr_o = hit ? head_nxt : head_val;
      fst_d = hit ? FSeg1 : FSeg0;
    end
  end

  // a register stage before the queue: the queue's pointers do not wait for
  // the front end's decision
  reg                stg_v_q;
  reg [CmdWidth-1:0] stg_q;
  wire               stg_ready;
  assign q_in_ready = !stg_v_q || stg_ready;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      stg_v_q <= 1'b0;
      stg_q <= {CmdWidth{1'b0}};
    end else if (q_in_ready) begin
      stg_v_q <= push;
      stg_q <= push_cmd;
    end
  end

  sam_fifo #(.Width(CmdWidth), .Depth(CmdDepth)) u_cmd (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_valid_i(stg_v_q), .in_ready_o(stg_ready), .in_data_i(stg_q),
    .out_valid_o(q_v), .out_ready_i(pop), .out_data_o(q_cmd));

  // ----------------------------------------------------------------- back end
  localparam [1:0] BNext = 2'd0, BRun = 2'd1, BClose = 2'd2, BDone = 2'd3;
  reg [1:0]          bst_q, bst_d;
  reg [CrdWidth-1:0] pos_q, pos_d, last_q, last_d;   // last_q: last position

  wire [1:0]          cmd_tag = q_cmd[CmdWidth-1:CmdWidth-2];
  wire [CrdWidth-1:0] cmd_a = q_cmd[2*CrdWidth:CrdWidth+1];
  wire [CrdWidth-1:0] cmd_b = q_cmd[CrdWidth:1];
  wire                cmd_one = q_cmd[0];

  // output registers (crd and ref are aligned; each has its own valid);
  // a coordinate's crd payload is the crd memory's read data
  reg                crd_v_q, ref_v_q, crd_mem_q;
  reg [CrdWidth+1:0] ref_q;
  reg                emit, emit_mem;
  reg [CrdWidth+1:0] emit_tok;
  wire emit_rdy = (!crd_v_q || out_crd_ready_i) && (!ref_v_q || out_ref_ready_i);

  always @(*) begin
    bst_d = bst_q;
    pos_d = pos_q;
    last_d = last_q;
    pop = 1'b0;
    emit = 1'b0;
    emit_mem = 1'b0;
    emit_tok = {`SG_TK_STOP, Zero};
    crd_rd_en_o = 1'b0;
    crd_rd_addr_o = pos_q;
    case (bst_q)
      BNext: begin
        if (q_v && emit_rdy) begin
          pop = 1'b1;
          if (cmd_tag == `SG_TK_DATA) begin
            emit = 1'b1;
            emit_mem = 1'b1;
            emit_tok = {`SG_TK_DATA, cmd_a};
            crd_rd_en_o = 1'b1;
            crd_rd_addr_o = cmd_a;
            pos_d = cmd_a + One;
            last_d = cmd_b - One;
            bst_d = cmd_one ? BClose : BRun;
          end else begin
            emit = 1'b1;
            emit_tok = {cmd_tag, cmd_a};
            if (cmd_tag == `SG_TK_EMPTY) bst_d = BClose;
            if (cmd_tag == `SG_TK_DONE) bst_d = BDone;
          end
        end
      end
      BRun: begin
        if (emit_rdy) begin
          emit = 1'b1;
          emit_mem = 1'b1;
          emit_tok = {`SG_TK_DATA, pos_q};
          crd_rd_en_o = 1'b1;
          crd_rd_addr_o = pos_q;
          pos_d = pos_q + One;
          if (pos_q == last_q) bst_d = BClose;
        end
      end
      BClose: begin
        if (q_v && emit_rdy) begin
          emit = 1'b1;
          bst_d = BNext;
          if (cmd_tag == `SG_TK_STOP && !cmd_b[0]) begin  // an input stop: merge
            pop = 1'b1;
            emit_tok = {cmd_tag, cmd_a};
          end
        end
      end
      default: ;  // BDone
    endcase
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      fst_q <= FHead;
      fnxt_q <= One;
      fpos_q <= Zero;
      cache_v_q <= 1'b0;
      cache_nxt_q <= One;
      cache_end_q <= Zero;
      pend_v_q <= 1'b0;
      pend_q <= {`SG_TK_STOP, Zero};
      bst_q <= BNext;
      pos_q <= Zero;
      last_q <= Zero;
      crd_v_q <= 1'b0;
      ref_v_q <= 1'b0;
      crd_mem_q <= 1'b0;
      ref_q <= {`SG_TK_DATA, Zero};
    end else begin
      fst_q <= fst_d;
      fnxt_q <= fnxt_d;
      fpos_q <= fpos_d;
      cache_v_q <= cache_v_d;
      cache_nxt_q <= cache_nxt_d;
      cache_end_q <= cache_end_d;
      pend_v_q <= pend_v_d;
      pend_q <= pend_d;
      bst_q <= bst_d;
      pos_q <= pos_d;
      last_q <= last_d;
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
