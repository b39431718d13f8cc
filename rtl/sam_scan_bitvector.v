// sam_scan_bitvector - bitvector level scanner (fiberlookup
// format=bitvector): for each input reference r, emits the fiber's nw =
// dim_i words bv[r*nw + w] on out_bv with their prefix popcounts
// pos[r*nw + w] on out_ref, w = 0 .. nw-1, then the closing stop by the
// peek-ahead rule of the other scanners (next input Sk is consumed and
// becomes S(k+1), anything else gives S0).  N gives nw zero words with
// reference 0 (a union's operands stay word-aligned); an input stop that
// closes an empty parent fiber is emitted incremented; D ends the run.
//
// bv and pos are external synchronous-read memories read at the same
// address in the same cycle (data the cycle after the request, held while
// no read is issued).  An issue register holds one read (its data on the
// memory ports) or one stop or D, issued when the output slot will take
// it, so words and stops leave one a cycle: a fiber costs nw + 1 cycles
// (its words and its closing stop, in whose cycle the next reference is
// taken), as the dense scanner's dim + 1; a reference after an idle input
// or a merged stop costs one cycle more.  The base address r*nw is one
// multiply registered with the reference.  BvWidth >= 8 (a stop's level
// travels in the word's bits).
`include "sam_token.vh"

module sam_scan_bitvector #(
  parameter integer CrdWidth = 16,
  parameter integer BvWidth  = 64
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire [CrdWidth-1:0] dim_i,
  input  wire                in_ref_valid_i,
  output reg                 in_ref_ready_o,
  input  wire [CrdWidth+1:0] in_ref_data_i,
  output wire                out_bv_valid_o,
  input  wire                out_bv_ready_i,
  output wire [BvWidth+1:0]  out_bv_data_o,
  output wire                out_ref_valid_o,
  input  wire                out_ref_ready_i,
  output wire [CrdWidth+1:0] out_ref_data_o,
  output reg                 bv_rd_en_o,
  output wire [CrdWidth-1:0] bv_rd_addr_o,
  input  wire [BvWidth-1:0]  bv_rd_data_i,
  output wire                pos_rd_en_o,
  output wire [CrdWidth-1:0] pos_rd_addr_o,
  input  wire [CrdWidth-1:0] pos_rd_data_i
);
  localparam [1:0] StIdle = 2'd0, StRun = 2'd1, StClose = 2'd2, StDone = 2'd3;
  localparam [CrdWidth-1:0] One = {{(CrdWidth-1){1'b0}}, 1'b1};
  localparam [CrdWidth-1:0] Zero = {CrdWidth{1'b0}};

  reg [1:0]          state_q, state_d;
  reg [CrdWidth-1:0] addr_q, addr_d;     // the next word's address
  reg [CrdWidth-1:0] left_q, left_d;     // words of the fiber not yet issued
  reg                zero_q, zero_d;     // the fiber of an N: no reads
  // the issue register: a word read whose data is on the memory ports
  // (pend_q, not ptok_q), or a stop or D token (pend_q and ptok_q)
  reg                pend_q, pend_d;
  reg                ptok_q, ptok_d;
  reg                pzero_q, pzero_d;   // ... a read of a zero word
  reg [1:0]          ptag_q, ptag_d;     // the token's tag
  reg [CrdWidth-1:0] plvl_q, plvl_d;     // the stop's level

  // the output slot: one token on each stream, taken independently
  reg                bv_v_q, ref_v_q;
  reg [BvWidth+1:0]  bv_q;
  reg [CrdWidth+1:0] ref_q;
  reg                load;
  reg                take_ref;           // the head is a fiber's reference, taken
  reg [BvWidth+1:0]  load_bv;
  reg [CrdWidth+1:0] load_ref;
  wire slot_free = (!bv_v_q || out_bv_ready_i) && (!ref_v_q || out_ref_ready_i);
  // the issue register takes a new entry when it is empty or moves on
  wire issue_ok = !pend_q || slot_free;

  wire [1:0]          head_tag = in_ref_data_i[CrdWidth+1:CrdWidth];
  wire [CrdWidth-1:0] head_val = in_ref_data_i[CrdWidth-1:0];
  wire [CrdWidth-1:0] stop_inc = head_val + One;
  // a stop's level on the bv stream (levels stay below 64; BvWidth >= 8)
  wire [BvWidth-1:0]  plvl_bv = {{(BvWidth-6){1'b0}}, plvl_q[5:0]};
  wire [2*CrdWidth-1:0] base_full = head_val * dim_i;
  wire [CrdWidth-1:0] base = base_full[CrdWidth-1:0];
  wire unused_base = ^base_full[2*CrdWidth-1:CrdWidth];
  wire head_fiber = head_tag == `SG_TK_DATA || head_tag == `SG_TK_EMPTY;

  assign bv_rd_addr_o = addr_q;
  assign pos_rd_addr_o = addr_q;
  assign pos_rd_en_o = bv_rd_en_o;

  always @* begin
    state_d = state_q;
    addr_d = addr_q;
    left_d = left_q;
    zero_d = zero_q;
    pend_d = pend_q;
    ptok_d = ptok_q;
    pzero_d = pzero_q;
    ptag_d = ptag_q;
    plvl_d = plvl_q;
    in_ref_ready_o = 1'b0;
    bv_rd_en_o = 1'b0;
    take_ref = 1'b0;
    load = 1'b0;
    load_bv = {BvWidth+2{1'b0}};
    load_ref = {CrdWidth+2{1'b0}};
    // the issue register's entry enters the slot when the slot frees
    if (pend_q && slot_free) begin
      load = 1'b1;
      if (ptok_q) begin
        load_bv = {ptag_q, ptag_q == `SG_TK_STOP ? plvl_bv : {BvWidth{1'b0}}};
        load_ref = {ptag_q, ptag_q == `SG_TK_STOP ? plvl_q : Zero};
      end else begin
        load_bv = {`SG_TK_DATA, pzero_q ? {BvWidth{1'b0}} : bv_rd_data_i};
        load_ref = {`SG_TK_DATA, pzero_q ? Zero : pos_rd_data_i};
      end
      pend_d = 1'b0;
    end
    case (state_q)
      StIdle: if (in_ref_valid_i) begin
        if (head_fiber) begin
          take_ref = 1'b1;
        end else if (issue_ok) begin
          // an unmerged stop (an empty parent fiber) or D
          in_ref_ready_o = 1'b1;
          pend_d = 1'b1;
          ptok_d = 1'b1;
          ptag_d = head_tag;
          plvl_d = stop_inc;
          if (head_tag == `SG_TK_DONE) state_d = StDone;
        end
      end
      StRun: if (issue_ok) begin
        bv_rd_en_o = !zero_q;
        pend_d = 1'b1;
        ptok_d = 1'b0;
        pzero_d = zero_q;
        addr_d = addr_q + One;
        left_d = left_q - One;
        if (left_q == One) state_d = StClose;
      end
      StClose: if (issue_ok && in_ref_valid_i) begin
        // the closing stop by peek-ahead; the next fiber's reference is
        // taken in the same cycle, so fibers follow each other with one
        // cycle for the stop between them
        pend_d = 1'b1;
        ptok_d = 1'b1;
        ptag_d = `SG_TK_STOP;
        if (head_tag == `SG_TK_STOP) begin
          in_ref_ready_o = 1'b1;
          plvl_d = stop_inc;
          state_d = StIdle;
        end else begin
          plvl_d = Zero;
          state_d = StIdle;
          take_ref = head_fiber;
        end
      end
      default: ;
    endcase
    if (take_ref) begin
      // a fiber's reference: its base address, reads from the next cycle
      in_ref_ready_o = 1'b1;
      addr_d = base;
      left_d = dim_i;
      zero_d = head_tag == `SG_TK_EMPTY;
      state_d = dim_i == Zero ? StClose : StRun;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= StIdle;
      addr_q <= Zero;
      left_q <= Zero;
      zero_q <= 1'b0;
      pend_q <= 1'b0;
      ptok_q <= 1'b0;
      pzero_q <= 1'b0;
      ptag_q <= `SG_TK_DATA;
      plvl_q <= Zero;
      bv_v_q <= 1'b0;
      ref_v_q <= 1'b0;
      bv_q <= {BvWidth+2{1'b0}};
      ref_q <= {CrdWidth+2{1'b0}};
    end else begin
      state_q <= state_d;
      addr_q <= addr_d;
      left_q <= left_d;
      zero_q <= zero_d;
      pend_q <= pend_d;
      ptok_q <= ptok_d;
      pzero_q <= pzero_d;
      ptag_q <= ptag_d;
      plvl_q <= plvl_d;
      if (load) begin
        bv_v_q <= 1'b1;
        ref_v_q <= 1'b1;
        bv_q <= load_bv;
        ref_q <= load_ref;
      end else begin
        if (out_bv_ready_i) bv_v_q <= 1'b0;
        if (out_ref_ready_i) ref_v_q <= 1'b0;
      end
    end
  end

  assign out_bv_valid_o = bv_v_q;
  assign out_bv_data_o = bv_q;
  assign out_ref_valid_o = ref_v_q;
  assign out_ref_data_o = ref_q;
endmodule
