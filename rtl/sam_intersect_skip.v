// sam_intersect_skip - 2- or 3-input intersector that sends ExTensor
// SkipTo commands back to its scanners (SAM-SEMANTICS 2.4 and 2.17).
//
// Output streams are those of the plain intersector: with heads h_k
// (in_crd_k with its in_ref_k):
//   all D             -> D on every output, done
//   any N             -> N on every output, one token consumed per input
//   all equal         -> h on out_crd, the refs on out_ref_k, consume all
//   some stop, some coordinates -> discard the coordinate heads
//   all coordinates, not equal  -> discard every head below the maximum
// Skipping (ExTensor section 5: each scanner's output coordinate is a
// SkipTo for the other scanners): in every cycle in which all heads are
// valid, none is D or N, and head k is a coordinate, out_skip_k offers a
// skip hint for input k: the stop token when another input's head is a
// stop (that input's fiber has ended), else SkipTo(the largest other
// head) as a DATA token.  It does not depend on the decision below (no
// compare with head k, no pop), so it is valid for a whole head's stay.
// Every coordinate of input k's current fiber below another input j's
// current head is outside the intersection (had input j held it, it was
// popped before, and a popped coordinate of the intersection was emitted,
// which consumed it from input k too), so a scanner may drop them: the
// outputs are identical with and without skipping.
// out_skip_k is meant for sam_scan_skip's in_skip, connected without a
// buffer so that head k is the scanner's own head; out_skip_ready_k_i is
// not used (hints are never held).  Leave out_skip_k open for a plain
// scanner.
//
// Handshakes.  in_crd_k/in_ref_k are consumed together (ready high for
// both) once all inputs are valid; the decision is combinational on the
// heads, so a scanner can pop one head per cycle.  The outputs come from
// one register stage forked over out_crd and out_ref_k (each handshakes
// once per token); an emitting decision waits for that register to be
// free or draining.  NumInputs = 2 leaves the *2 ports unused.
`include "sam_token.vh"

module sam_intersect_skip #(
  parameter integer CrdWidth  = 16,
  parameter integer RefWidth  = 16,
  parameter integer NumInputs = 2
) (
  input  wire                clk_i,
  input  wire                rst_ni,

  input  wire                in_crd0_valid_i,
  output wire                in_crd0_ready_o,
  input  wire [CrdWidth+1:0] in_crd0_data_i,
  input  wire                in_ref0_valid_i,
  output wire                in_ref0_ready_o,
  input  wire [RefWidth+1:0] in_ref0_data_i,

  input  wire                in_crd1_valid_i,
  output wire                in_crd1_ready_o,
  input  wire [CrdWidth+1:0] in_crd1_data_i,
  input  wire                in_ref1_valid_i,
  output wire                in_ref1_ready_o,
  input  wire [RefWidth+1:0] in_ref1_data_i,

  input  wire                in_crd2_valid_i,
  output wire                in_crd2_ready_o,
  input  wire [CrdWidth+1:0] in_crd2_data_i,
  input  wire                in_ref2_valid_i,
  output wire                in_ref2_ready_o,
  input  wire [RefWidth+1:0] in_ref2_data_i,

  output wire                out_crd_valid_o,
  input  wire                out_crd_ready_i,
  output wire [CrdWidth+1:0] out_crd_data_o,
  output wire                out_ref0_valid_o,
  input  wire                out_ref0_ready_i,
  output wire [RefWidth+1:0] out_ref0_data_o,
  output wire                out_ref1_valid_o,
  input  wire                out_ref1_ready_i,
  output wire [RefWidth+1:0] out_ref1_data_o,
  output wire                out_ref2_valid_o,
  input  wire                out_ref2_ready_i,
  output wire [RefWidth+1:0] out_ref2_data_o,

  output wire                out_skip0_valid_o,
  input  wire                out_skip0_ready_i,
  output wire [CrdWidth+1:0] out_skip0_data_o,
  output wire                out_skip1_valid_o,
  input  wire                out_skip1_ready_i,
  output wire [CrdWidth+1:0] out_skip1_data_o,
  output wire                out_skip2_valid_o,
  input  wire                out_skip2_ready_i,
  output wire [CrdWidth+1:0] out_skip2_data_o
);

  localparam integer N = (NumInputs == 3) ? 3 : 2;

  // ---- heads ------------------------------------------------------------------
  wire [2:0] v;
  assign v[0] = in_crd0_valid_i && in_ref0_valid_i;
  assign v[1] = in_crd1_valid_i && in_ref1_valid_i;
  assign v[2] = (N == 3) ? (in_crd2_valid_i && in_ref2_valid_i) : 1'b1;

  wire [1:0]          tag0 = in_crd0_data_i[CrdWidth+1:CrdWidth];
  wire [1:0]          tag1 = in_crd1_data_i[CrdWidth+1:CrdWidth];
  wire [1:0]          tag2 = (N == 3) ? in_crd2_data_i[CrdWidth+1:CrdWidth] : tag0;
  wire [CrdWidth-1:0] pay0 = in_crd0_data_i[CrdWidth-1:0];
  wire [CrdWidth-1:0] pay1 = in_crd1_data_i[CrdWidth-1:0];
  wire [CrdWidth-1:0] pay2 = (N == 3) ? in_crd2_data_i[CrdWidth-1:0] : pay0;

  wire all_v  = &v;
  wire d0 = tag0 == `SG_TK_DATA, d1 = tag1 == `SG_TK_DATA, d2 = tag2 == `SG_TK_DATA;
  wire s0 = tag0 == `SG_TK_STOP, s1 = tag1 == `SG_TK_STOP, s2 = tag2 == `SG_TK_STOP;
  wire all_done = tag0 == `SG_TK_DONE && tag1 == `SG_TK_DONE && tag2 == `SG_TK_DONE;
  wire any_done = tag0 == `SG_TK_DONE || tag1 == `SG_TK_DONE || tag2 == `SG_TK_DONE;
  wire any_n    = tag0 == `SG_TK_EMPTY || tag1 == `SG_TK_EMPTY || tag2 == `SG_TK_EMPTY;
  wire all_eq   = in_crd0_data_i == in_crd1_data_i &&
                  tag2 == tag0 && pay2 == pay0;
  wire any_stop = s0 || s1 || s2;

  // Pairwise compares, all in parallel: head k is discarded when it is below
  // some other head (= below the maximum).
  wire lt01 = pay0 < pay1, lt10 = pay1 < pay0;
  wire lt02 = (N == 3) && pay0 < pay2, lt20 = (N == 3) && pay2 < pay0;
  wire lt12 = (N == 3) && pay1 < pay2, lt21 = (N == 3) && pay2 < pay1;
  wire [CrdWidth-1:0] m12 = lt12 ? pay2 : pay1;   // max of heads 1, 2
  wire [CrdWidth-1:0] m02 = lt02 ? pay2 : pay0;   // max of heads 0, 2
  wire [CrdWidth-1:0] m01 = lt01 ? pay1 : pay0;   // max of heads 0, 1

  // ---- output register (forked) ----------------------------------------------
  reg                out_v_q;
  reg [CrdWidth+1:0] out_crd_q;
  reg [RefWidth+1:0] out_ref_q [0:2];
  reg [3:0]          sent_q;     // 0: crd, 1..3: ref0..ref2
  wire [3:0] rdy = {out_ref2_ready_i || N != 3, out_ref1_ready_i, out_ref0_ready_i, out_crd_ready_i};
  wire [3:0] ovalid = {4{out_v_q}} & ~sent_q & {N == 3, 1'b1, 1'b1, 1'b1};
  wire out_pop  = out_v_q && &(sent_q | rdy | {N != 3, 3'b000});
  wire out_free = !out_v_q || out_pop;

  assign out_crd_valid_o  = ovalid[0];
  assign out_ref0_valid_o = ovalid[1];
  assign out_ref1_valid_o = ovalid[2];
  assign out_ref2_valid_o = ovalid[3];
  assign out_crd_data_o   = out_crd_q;
  assign out_ref0_data_o  = out_ref_q[0];
  assign out_ref1_data_o  = out_ref_q[1];
  assign out_ref2_data_o  = out_ref_q[2];

  // ---- decision ------------------------------------------------------------------
  // The compares reach the readies through one OR: with all heads
  // coordinates and not all equal, input k is consumed exactly when it is
  // below another head (cons_lt); every other case (rest) is decided from
  // the tags, the equality and the output register.
  wire               all_d = all_v && d0 && d1 && d2;
  wire [2:0]         cons_lt = {3{all_d}} & {lt20 || lt21, lt10 || lt12, lt01 || lt02};
  reg                emit;
  // The token an emission writes (from the tags only; don't care otherwise).
  wire [CrdWidth+1:0] emit_crd = all_done ? {`SG_TK_DONE, {CrdWidth{1'b0}}}
                               : any_n    ? {`SG_TK_EMPTY, {CrdWidth{1'b0}}}
                               : in_crd0_data_i;
  reg [2:0]          rest;
  always @* begin
    emit     = 1'b0;
    rest     = 3'b000;
    if (all_v) begin
      if (all_done) begin
        emit     = out_free;
        rest     = {3{out_free}};
      end else if (any_done) begin
        rest = {tag2 != `SG_TK_DONE, tag1 != `SG_TK_DONE, tag0 != `SG_TK_DONE};
      end else if (any_n) begin
        emit     = out_free;
        rest     = {3{out_free}};
      end else if (all_eq) begin
        emit = out_free;
        rest = {3{out_free}};
      end else if (any_stop) begin
        rest = {d2, d1, d0};
      end
    end
  end
  wire [2:0] cons = (cons_lt | rest) & {N == 3, 2'b11};

  // ---- skip hints ------------------------------------------------------------------
  // Input k's hint: another input's stop, else the largest other head.
  wire hint_ok = all_v && !any_done && !any_n;
  assign out_skip0_valid_o = hint_ok && d0;
  assign out_skip1_valid_o = hint_ok && d1;
  assign out_skip2_valid_o = hint_ok && d2 && N == 3;
  assign out_skip0_data_o  = s1 ? in_crd1_data_i : (N == 3 && s2) ? {tag2, pay2}
                                                 : {`SG_TK_DATA, m12};
  assign out_skip1_data_o  = s0 ? in_crd0_data_i : (N == 3 && s2) ? {tag2, pay2}
                                                 : {`SG_TK_DATA, m02};
  assign out_skip2_data_o  = s0 ? in_crd0_data_i : s1 ? in_crd1_data_i
                                                 : {`SG_TK_DATA, m01};

  assign in_crd0_ready_o = cons[0];
  assign in_ref0_ready_o = cons[0];
  assign in_crd1_ready_o = cons[1];
  assign in_ref1_ready_o = cons[1];
  assign in_crd2_ready_o = cons[2];
  assign in_ref2_ready_o = cons[2];

  wire [RefWidth+1:0] ref2_in = (N == 3) ? in_ref2_data_i : {RefWidth+2{1'b0}};

  // The output registers load the decision's token whenever they are free
  // (their enable does not wait for the decision); only out_v_q takes emit.
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      out_v_q <= 1'b0;
      sent_q  <= 4'b0000;
    end else if (out_free) begin
      out_v_q <= emit;
      sent_q  <= 4'b0000;
    end else begin
      sent_q <= sent_q | (ovalid & rdy);
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      out_crd_q    <= {CrdWidth+2{1'b0}};
      out_ref_q[0] <= {RefWidth+2{1'b0}};
      out_ref_q[1] <= {RefWidth+2{1'b0}};
      out_ref_q[2] <= {RefWidth+2{1'b0}};
    end else if (out_free) begin
      out_crd_q <= emit_crd;
      if (emit_crd[CrdWidth+1:CrdWidth] == `SG_TK_DATA ||
          emit_crd[CrdWidth+1:CrdWidth] == `SG_TK_STOP) begin
        out_ref_q[0] <= in_ref0_data_i;
        out_ref_q[1] <= in_ref1_data_i;
        out_ref_q[2] <= ref2_in;
      end else begin
        out_ref_q[0] <= {emit_crd[CrdWidth+1:CrdWidth], {RefWidth{1'b0}}};
        out_ref_q[1] <= {emit_crd[CrdWidth+1:CrdWidth], {RefWidth{1'b0}}};
        out_ref_q[2] <= {emit_crd[CrdWidth+1:CrdWidth], {RefWidth{1'b0}}};
      end
    end
  end

  // With two inputs the third port set is unused; hints are never held, so
  // the out_skip readies are not read.
  wire unused_in2 = &{1'b0, in_crd2_valid_i, in_ref2_valid_i, in_crd2_data_i, in_ref2_data_i,
                      out_ref2_ready_i, out_skip0_ready_i, out_skip1_ready_i,
                      out_skip2_ready_i};

endmodule
