// sam_spacc_sorted - sparse accumulator (spaccumulator order=1 "vector
// reducer", order=2 "matrix reducer") with a sorted workspace in registers
// (sam_ws_sorted) instead of sam_spacc's dense one: the same ports and
// token behaviour as sam_spacc, with InnerDim/OuterDim replaced by Capacity,
// the number of entries held at once (order 1: the entries of one row;
// order 2: every entry of the result).  Any coordinate fits.
//
// Inputs are the (outer, inner, value) point streams; their stops are
// dropped (the reference's StknDrop) and the three heads are consumed
// together as one point.  Each point adds its value into the entry of its
// key: the inner coordinate (order 1), {outer, inner} (order 2).  Order 1
// keeps one row: when the outer coordinate changes (or D arrives) the row
// is emitted; order 2 keeps every row and emits them all at D, in ascending
// outer order.  A row is emitted as: outer coordinate on out_outer, then its
// inner coordinates in ascending order with their sums on out_inner/out_val,
// then S0 on out_inner (S1 after the last row) and, with ValStops = 1, the
// same stop on out_val.  After the last row out_outer gets S0; then D on all
// three outputs.  No points at all gives D D D.  Sums are ValWidth-bit
// wrapping (ValType 0) or real (ValType 1 fp32, 2 bf16: from +0, each point
// added in token order with the C model's sg_fp_add), bit for bit
// sam_spacc's; cancelled sums stay as explicit 0; N counts as 0.  A point
// with a new key while Capacity entries are held is taken but dropped, and
// ovf_o is high in that cycle (sam_spacc's rule for a coordinate beyond its
// workspace).  Order 1 expects the points of one outer coordinate to be
// contiguous.
//
// Workspace (sam_ws_sorted): the entries are kept sorted by key in a chain
// of cells; a point adds into its entry or is inserted at its place in the
// cycle it is taken; emission takes the smallest entry (cell 0) and shifts
// the others down, so the outputs are loaded straight from cell 0.
// Timing: cycle for cycle sam_spacc's (the same handshakes, so the golden
// model's spacc cycle rule holds for both): one point per cycle; a row of
// k entries is emitted in k + 1 cycles (its outer coordinate leaves with
// the first entry, then the stop; the first entry waits one cycle when the
// row's last point was taken in the cycle before, and a point waits while
// out_val holds an entry not yet taken, both sam_spacc's workspace rules,
// kept here for equal cycles); in order 1 the stop cycle also takes the
// first point of the next row.
// Area: the workspace's Capacity x (KeyWidth + ValWidth + 1) flip-flops,
// KeyWidth = CrdWidth (order 1) or 2 CrdWidth (order 2), with two
// comparators per cell (sam_ws_sorted), instead of sam_spacc's RAM of
// InnerDim (x OuterDim) words; the control is sam_spacc's.
`include "sam_token.vh"

module sam_spacc_sorted #(
  parameter integer CrdWidth = 16,
  parameter integer ValWidth = 32,
  parameter integer ValType  = 0,    // 0 integer, 1 fp32, 2 bf16 (docs/rtl-interfaces.md)
  parameter integer Order    = 1,
  parameter integer Capacity = 16,   // entries held at once (>= 1)
  parameter integer ValStops = 0
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                in_outer_valid_i,
  output reg                 in_outer_ready_o,
  input  wire [CrdWidth+1:0] in_outer_data_i,
  input  wire                in_inner_valid_i,
  output reg                 in_inner_ready_o,
  input  wire [CrdWidth+1:0] in_inner_data_i,
  input  wire                in_val_valid_i,
  output reg                 in_val_ready_o,
  input  wire [ValWidth+1:0] in_val_data_i,
  output wire                out_inner_valid_o,
  input  wire                out_inner_ready_i,
  output wire [CrdWidth+1:0] out_inner_data_o,
  output wire                out_outer_valid_o,
  input  wire                out_outer_ready_i,
  output wire [CrdWidth+1:0] out_outer_data_o,
  output wire                out_val_valid_o,
  input  wire                out_val_ready_i,
  output wire [ValWidth+1:0] out_val_data_o,
  output wire                ovf_o        // a new key while the workspace is full
);
  localparam integer KW = (Order == 2) ? 2 * CrdWidth : CrdWidth;
  localparam [CrdWidth-1:0] CZero = {CrdWidth{1'b0}};
  localparam [ValWidth-1:0] VZero = {ValWidth{1'b0}};
  localparam [2:0] StAcc = 3'd0, StOuter = 3'd1, StEntry = 3'd2, StStop = 3'd3,
                   StEnd = 3'd4, StDone = 3'd5, StIdle = 3'd6;

  reg [2:0]          state_q, state_d;
  reg                have_q, have_d;     // a row (order 1) / any point (order 2)
  reg                final_q, final_d;   // flushing because of D
  reg [CrdWidth-1:0] cur_q, cur_d;       // order 1: outer coordinate of the row
  reg                pt_q;               // a point went into the workspace last cycle

  // output registers
  reg                iv_q, ov_q, vv_q, vent_q;
  reg [CrdWidth+1:0] i_q, o_q;
  reg [ValWidth+1:0] v_q;
  reg                e_i, e_o, e_v, e_ent;
  // each output register loads its state's candidate token whenever it is
  // free (its valid says whether the token counts): the enables of the
  // data registers do not wait for the emission decision
  reg [CrdWidth+1:0] t_i, t_o;
  reg [ValWidth+1:0] t_v;
  reg                t_ent;
  wire i_free = !iv_q || out_inner_ready_i;
  wire o_free = !ov_q || out_outer_ready_i;
  wire v_free = !vv_q || out_val_ready_i;
  // a point waits while out_val holds an entry not yet taken (sam_spacc's
  // read register rule; kept for equal cycles)
  wire pt_free = !(vv_q && vent_q) || out_val_ready_i;

  wire [1:0] ot = in_outer_data_i[CrdWidth+1:CrdWidth];
  wire [1:0] it = in_inner_data_i[CrdWidth+1:CrdWidth];
  wire [1:0] vt = in_val_data_i[ValWidth+1:ValWidth];
  wire [CrdWidth-1:0] op = in_outer_data_i[CrdWidth-1:0];
  wire [CrdWidth-1:0] ip = in_inner_data_i[CrdWidth-1:0];
  wire [ValWidth-1:0] vp = (vt == `SG_TK_DATA) ? in_val_data_i[ValWidth-1:0] : VZero;
  wire o_pt = in_outer_valid_i && (ot == `SG_TK_DATA || ot == `SG_TK_EMPTY);
  wire i_pt = in_inner_valid_i && (it == `SG_TK_DATA || it == `SG_TK_EMPTY);
  wire v_pt = in_val_valid_i && (vt == `SG_TK_DATA || vt == `SG_TK_EMPTY);
  wire all_d = in_outer_valid_i && in_inner_valid_i && in_val_valid_i &&
               ot == `SG_TK_DONE && it == `SG_TK_DONE && vt == `SG_TK_DONE;

  // the workspace: entries sorted by key
  reg acc;       // take the head point this cycle
  reg row_head;  // emit a row's outer coordinate with its first entry
  wire [KW-1:0] in_key;
  wire          ws_ovf, ws_v, ws_nv;
  wire [KW-1:0] ws_key, ws_nkey;
  wire [ValWidth-1:0] ws_val;
  sam_ws_sorted #(.ValWidth(ValWidth), .ValType(ValType), .KeyWidth(KW),
                  .Capacity(Capacity)) u_ws (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .acc_i(acc), .key_i(in_key), .val_i(vp), .ovf_o(ws_ovf),
    .pop_i(e_ent), .valid_o(ws_v), .key_o(ws_key), .val_o(ws_val),
    .next_valid_o(ws_nv), .next_key_o(ws_nkey)
  );
  wire [CrdWidth-1:0] col_crd = ws_key[CrdWidth-1:0];
  // row_more: the row has an entry after the one being emitted
  wire row_more;
  wire [CrdWidth-1:0] row_crd;
  generate
    if (Order == 2) begin : g_row2
      assign in_key = {op, ip};
      assign row_crd = ws_key[KW-1:CrdWidth];
      assign row_more = ws_nv && (ws_nkey[KW-1:CrdWidth] == ws_key[KW-1:CrdWidth]);
      wire unused_nk = ^ws_nkey[CrdWidth-1:0];
    end else begin : g_row1
      assign in_key = ip;
      assign row_crd = cur_q;
      assign row_more = ws_nv;
      wire unused_nk = ^ws_nkey;
    end
  endgenerate
  // in StStop every entry of the row has left the workspace
  wire last_row = (Order == 2) ? !ws_v : final_q;

  always @(*) begin
    t_i = {`SG_TK_DATA, col_crd};
    t_o = {`SG_TK_DATA, row_crd};
    t_v = {`SG_TK_DATA, ws_val};
    t_ent = 1'b1;
    case (state_q)
      StStop: begin
        t_i = {`SG_TK_STOP, last_row ? {{(CrdWidth-1){1'b0}}, 1'b1} : CZero};
        t_v = {`SG_TK_STOP, last_row ? {{(ValWidth-1){1'b0}}, 1'b1} : VZero};
        t_ent = 1'b0;
      end
      StEnd: begin
        t_i = {`SG_TK_DONE, CZero};
        t_o = {`SG_TK_STOP, CZero};
        t_v = {`SG_TK_DONE, VZero};
        t_ent = 1'b0;
      end
      StDone, StIdle: begin
        t_i = {`SG_TK_DONE, CZero};
        t_o = {`SG_TK_DONE, CZero};
        t_v = {`SG_TK_DONE, VZero};
        t_ent = 1'b0;
      end
      default: ;
    endcase
  end

  always @(*) begin
    state_d = state_q;
    have_d = have_q;
    final_d = final_q;
    cur_d = cur_q;
    acc = 1'b0;
    row_head = 1'b0;
    in_outer_ready_o = 1'b0;
    in_inner_ready_o = 1'b0;
    in_val_ready_o = 1'b0;
    e_i = 1'b0; e_o = 1'b0; e_v = 1'b0; e_ent = 1'b0;
    case (state_q)
      StAcc: begin
        // drop stops on each input independently
        if (in_outer_valid_i && ot == `SG_TK_STOP) in_outer_ready_o = 1'b1;
        if (in_inner_valid_i && it == `SG_TK_STOP) in_inner_ready_o = 1'b1;
        if (in_val_valid_i && vt == `SG_TK_STOP) in_val_ready_o = 1'b1;
        if (o_pt && i_pt && v_pt) begin
          if (Order == 1 && have_q && op != cur_q) begin
            // row finished: emit it first (a cycle after the last point,
            // as sam_spacc)
            if (!pt_q && o_free && i_free && v_free) row_head = 1'b1;
          end else if (pt_free) begin
            acc = 1'b1;
            have_d = 1'b1;
            cur_d = op;
          end
        end else if (all_d && !pt_q) begin
          if (!have_q) begin
            final_d = 1'b1;
            state_d = StDone;
          end else if (o_free && i_free && v_free) begin
            final_d = 1'b1;
            row_head = 1'b1;
          end
        end
      end
      StOuter: if (o_free && i_free && v_free) row_head = 1'b1;
      StEntry: if (i_free && v_free) begin
        e_i = 1'b1; e_v = 1'b1; e_ent = 1'b1;
        if (!row_more) state_d = StStop;
      end
      StStop: if (i_free && (ValStops == 0 || v_free)) begin
        e_i = 1'b1;
        e_v = (ValStops != 0);
        if (last_row) begin
          state_d = StEnd;
        end else if (Order == 2) begin
          state_d = StOuter;
        end else begin
          // the point that ended the row starts the next one now (the
          // workspace is empty: the row's entries have left)
          state_d = StAcc;
          have_d = 1'b0;
          if (o_pt && i_pt && v_pt && pt_free) begin
            acc = 1'b1;
            have_d = 1'b1;
            cur_d = op;
          end
        end
      end
      StEnd: if (o_free) begin
        e_o = 1'b1;
        state_d = StDone;
      end
      StDone: if (i_free && o_free && v_free) begin
        e_i = 1'b1; e_o = 1'b1; e_v = 1'b1;
        in_outer_ready_o = 1'b1;
        in_inner_ready_o = 1'b1;
        in_val_ready_o = 1'b1;
        state_d = StIdle;
      end
      default: ;
    endcase
    if (acc) begin
      in_outer_ready_o = 1'b1;
      in_inner_ready_o = 1'b1;
      in_val_ready_o = 1'b1;
    end
    if (row_head) begin  // outer coordinate and first entry of a row
      e_o = 1'b1; e_i = 1'b1; e_v = 1'b1; e_ent = 1'b1;
      state_d = row_more ? StEntry : StStop;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= StAcc;
      have_q <= 1'b0;
      final_q <= 1'b0;
      cur_q <= CZero;
      pt_q <= 1'b0;
      iv_q <= 1'b0; ov_q <= 1'b0; vv_q <= 1'b0; vent_q <= 1'b0;
      i_q <= {`SG_TK_DONE, CZero};
      o_q <= {`SG_TK_DONE, CZero};
      v_q <= {`SG_TK_DONE, VZero};
    end else begin
      state_q <= state_d;
      have_q <= have_d;
      final_q <= final_d;
      cur_q <= cur_d;
      pt_q <= acc && !ws_ovf;
      if (i_free) begin iv_q <= e_i; i_q <= t_i; end
      if (o_free) begin ov_q <= e_o; o_q <= t_o; end
      if (v_free) begin vv_q <= e_v; v_q <= t_v; vent_q <= t_ent; end
    end
  end

  assign out_inner_valid_o = iv_q;
  assign out_inner_data_o  = i_q;
  assign out_outer_valid_o = ov_q;
  assign out_outer_data_o  = o_q;
  assign out_val_valid_o   = vv_q;
  assign out_val_data_o    = v_q;
  assign ovf_o = ws_ovf;
endmodule
