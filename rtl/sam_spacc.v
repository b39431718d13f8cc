// sam_spacc - sparse accumulator (spaccumulator order=1 "vector reducer",
// order=2 "matrix reducer") with a dense workspace in block RAM, or
// (Sorted = 1, as sam_spacc_sorted) a sorted workspace in registers.
//
// Inputs are the (outer, inner, value) point streams; their stops are
// dropped (the reference's StknDrop) and the three heads are consumed
// together as one point.  Each point adds its value into
// store[outer][inner].  Order 1 keeps one row: when the outer coordinate
// changes (or D arrives) the row is emitted; order 2 keeps OuterDim rows and
// emits everything at D.  A row is emitted as: outer coordinate on
// out_outer, then its inner coordinates in ascending order with their sums
// on out_inner/out_val, then S0 on out_inner (S1 after the last row) and,
// with ValStops = 1, the same stop on out_val.  After the last row out_outer
// gets S0; then D on all three outputs.  No points at all gives D D D.
// Sums are ValWidth-bit wrapping (ValType 0) or real (ValType 1 fp32, 2
// bf16: from +0, each point added in token order with the C model's
// sg_fp_add, a combinational adder in the workspace, same timing); cancelled
// sums stay as explicit 0; N counts as 0.  Coordinates must be below the workspace dimensions:
// a point whose inner coordinate is >= InnerDim (or, order 2, whose outer
// one is >= OuterDim) is taken but not added (it would alias another entry)
// and raises ovf_o in that cycle.
//
// Workspace (sam_workspace): the sums live in an inferable RAM addressed
// {row, inner} with the inner coordinate padded to a power of two; points go
// at one per cycle.  Occupancy is one bit per entry, kept in words of 8 to
// 32 bits that never cross a row.  Emission starts from the lowest occupied
// word, takes its entries in ascending order and then moves the next word
// in, so nothing scans the whole workspace.  The RAM's read register is the
// value output while an entry is emitted.
// Timing: one point per cycle; a row of k entries is emitted in k + 1 cycles
// (its outer coordinate leaves with the first entry, then the stop; the
// first entry waits one cycle when the row's last point was taken in the
// cycle before); in order 1 the stop cycle also takes the first point of
// the next row.
//
// Sorted = 1 (sam_ws_sorted): InnerDim/OuterDim are ignored; the entries
// are (key, sum) cells kept sorted by key (the inner coordinate; order 2
// {outer, inner}), at most Capacity at once, any coordinate value.  A point
// adds into its cell or is inserted at its place in the cycle it is taken;
// emission takes cell 0 and shifts the others down, so out_val loads
// straight from cell 0.  A point with a new key while Capacity entries are
// held is taken but dropped, with ovf_o high in that cycle.  The control
// is the one above, with the dense workspace's two waits kept (the first
// entry a cycle after a row's last point; a point while out_val holds an
// entry not taken), so both workspaces take the same cycles on every input
// (make rtl-ws-cycles) and the golden model's spacc rule times both.
// Order 1 expects the points of one outer coordinate to be contiguous.
`include "sam_token.vh"

module sam_spacc #(
  parameter integer CrdWidth = 16,
  parameter integer ValWidth = 32,
  parameter integer ValType  = 0,    // 0 integer, 1 fp32, 2 bf16 (docs/rtl-interfaces.md)
  parameter integer Order    = 1,
  parameter integer InnerDim = 64,
  parameter integer OuterDim = 16,
  parameter integer ValStops = 0,
  parameter integer Sorted   = 0,    // 1: sorted workspace (sam_ws_sorted)
  parameter integer Capacity = 16    // Sorted: entries held at once (>= 1)
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
  output wire                ovf_o        // a point the workspace cannot hold taken
);
  localparam integer Rows = (Order == 2) ? OuterDim : 1;
  // inner and row address bits; the inner part has at least 2 bits
  localparam integer IW = (InnerDim <= 4) ? 2 : $clog2(InnerDim);
  localparam integer RW = (Order == 2) ? ((Rows <= 2) ? 1 : $clog2(Rows)) : 0;
  localparam integer AW = RW + IW;
  // occupancy words of 2**LW bits: 8 for small workspaces (a short
  // find-first), up to 32 for large ones (at most 32 words, or fewer
  // operations in simulation); never across a row; at least two words
  localparam integer LWS = (AW - 5 > 5) ? 5 : (AW - 5 > 3) ? AW - 5 : 3;
  localparam integer LWM = (Order == 2) ? IW : IW - 1;
  localparam integer LW = (LWS < LWM) ? LWS : LWM;
  localparam integer WW = AW - LW;       // word index bits (>= 1)
  localparam integer XW = CrdWidth + AW;
  localparam [CrdWidth-1:0] CZero = {CrdWidth{1'b0}};
  localparam [ValWidth-1:0] VZero = {ValWidth{1'b0}};
  localparam [2:0] StAcc = 3'd0, StOuter = 3'd1, StEntry = 3'd2, StStop = 3'd3,
                   StEnd = 3'd4, StDone = 3'd5, StIdle = 3'd6;

  reg [2:0]          state_q, state_d;
  reg                have_q, have_d;     // a row (order 1) / any point (order 2)
  reg                final_q, final_d;   // flushing because of D
  reg [CrdWidth-1:0] cur_q, cur_d;       // order 1: outer coordinate of the row

  // output registers; out_val shows the workspace's read register (ent_val)
  // while it carries an entry
  reg                iv_q, ov_q, vv_q, vsel_q;
  reg [CrdWidth+1:0] i_q, o_q;
  reg [ValWidth+1:0] v_q;
  reg                e_i, e_o, e_v, e_ent;
  // each output register loads its state's candidate token whenever it is
  // free (its valid says whether the token counts): the enables of the
  // data registers do not wait for the emission decision
  reg [CrdWidth+1:0] t_i, t_o;
  reg [ValWidth+1:0] t_v;
  reg                t_sel;
  wire i_free = !iv_q || out_inner_ready_i;
  wire o_free = !ov_q || out_outer_ready_i;
  wire v_free = !vv_q || out_val_ready_i;
  // a point's read may replace the read register unless it holds an entry
  // still waiting
  wire rd_free = !(vv_q && vsel_q) || out_val_ready_i;
  reg  ent_rd;   // the RAM read is for an entry (defined below)

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

  // an integer parameter as an XW-bit constant
  function [XW-1:0] xw_fn(input integer v);
    integer j;
    begin
      xw_fn = {XW{1'b0}};
      for (j = 0; j < XW && j < 31; j = j + 1) xw_fn[j] = ((v >> j) & 1) == 1;
    end
  endfunction
  reg acc;       // take the head point this cycle
  reg row_head;  // emit a row's outer coordinate with its first entry
  reg ld;        // dense: load the lowest occupied word into the workspace's cw
  // what either workspace gives the control
  wire          ws_busy;   // the point taken last cycle is still going in
  wire          ws_any;    // the workspace holds an entry
  wire          rest_nz;   // dense: the loaded word has entries after this one
  wire          row_more;  // the row has an entry after the one being emitted
  wire          ws_ovf;    // the head point cannot be held
  wire [CrdWidth-1:0] col_crd, row_crd;
  wire [ValWidth-1:0] ent_val;    // the entry's sum (dense: read register)
  wire [ValWidth+1:0] ent_tok;    // what out_val loads for an entry
  generate
    if (Sorted != 0) begin : g_sorted
      localparam integer KW = (Order == 2) ? 2 * CrdWidth : CrdWidth;
      wire [KW-1:0] in_key;
      wire          ws_v, ws_nv;
      wire [KW-1:0] ws_key, ws_nkey;
      sam_ws_sorted #(.ValWidth(ValWidth), .ValType(ValType), .KeyWidth(KW),
                      .Capacity(Capacity)) u_ws (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .acc_i(acc), .key_i(in_key), .val_i(vp), .ovf_o(ws_ovf),
        .pop_i(e_ent), .valid_o(ws_v), .key_o(ws_key), .val_o(ent_val),
        .next_valid_o(ws_nv), .next_key_o(ws_nkey), .busy_o(ws_busy)
      );
      assign ws_any = ws_v;
      assign rest_nz = 1'b0;
      assign col_crd = ws_key[CrdWidth-1:0];
      assign ent_tok = {`SG_TK_DATA, ent_val};
      if (Order == 2) begin : g_key2
        assign in_key = {op, ip};
        assign row_crd = ws_key[KW-1:CrdWidth];
        assign row_more = ws_nv && (ws_nkey[KW-1:CrdWidth] == ws_key[KW-1:CrdWidth]);
        wire unused_nk = ^ws_nkey[CrdWidth-1:0];
      end else begin : g_key1
        assign in_key = ip;
        assign row_crd = cur_q;
        assign row_more = ws_nv;
        wire unused_nk = ^ws_nkey;
      end
      wire unused_s = ^{ld, ent_rd};
    end else begin : g_dense
      // workspace address of the incoming point: {outer, inner}
      wire [XW-1:0] opx = {{AW{1'b0}}, op};
      wire [XW-1:0] ipx = {{AW{1'b0}}, ip};
      wire [AW-1:0] in_addr;
      if (Order == 2) begin : g_addr2
        assign in_addr = {opx[RW-1:0], ipx[IW-1:0]};
        wire unused_x = ^{opx[XW-1:RW], ipx[XW-1:IW]};
      end else begin : g_addr1
        assign in_addr = ipx[IW-1:0];
        wire unused_x = ^{opx, ipx[XW-1:IW]};
      end
      // a point beyond the workspace: taken, not added
      localparam [XW-1:0] ILim = xw_fn(InnerDim);
      localparam [XW-1:0] OLim = xw_fn(OuterDim);
      assign ws_ovf = (ipx >= ILim) || (Order == 2 && opx >= OLim);
      wire          any, cw_v;
      wire [WW-1:0] src_idx, nw_idx;
      wire [AW-1:0] ent_addr;
      sam_workspace #(.ValWidth(ValWidth), .ValType(ValType), .AW(AW), .LW(LW)) u_ws (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .acc_i(acc && !ws_ovf), .addr_i(in_addr), .val_i(vp), .busy_o(ws_busy),
        .rd_en_i(rd_free), .ent_rd_i(ent_rd),
        .ent_i(e_ent), .ld_i(ld),
        .cw_valid_o(cw_v), .cw_rest_nz_o(rest_nz), .any_o(any),
        .cw_idx_o(src_idx), .nw_idx_o(nw_idx), .ent_addr_o(ent_addr), .ent_val_o(ent_val)
      );
      assign ws_any = any;
      assign ent_tok = {`SG_TK_DONE, VZero};  // out_val shows ent_val instead
      // (order 1 uses neither word index; entry bits above the inner part
      // are the row)
      wire unused_ws = ^{cw_v, src_idx, nw_idx, ent_addr};
      wire [XW-1:0] cx = {{(XW-IW){1'b0}}, ent_addr[IW-1:0]};
      assign col_crd = cx[CrdWidth-1:0];
      wire unused_cx = ^cx[XW-1:CrdWidth];
      // the next occupied word is in the emitted word's row
      wire next_same_row;
      if (Order == 2) begin : g_row2
        if (IW > LW) begin : g_multi
          assign next_same_row = any && (nw_idx[WW-1:IW-LW] == src_idx[WW-1:IW-LW]);
        end else begin : g_single
          assign next_same_row = 1'b0;
        end
        wire [XW-1:0] rx = {{(XW-RW){1'b0}}, src_idx[WW-1:IW-LW]};
        assign row_crd = rx[CrdWidth-1:0];
        wire unused_r = ^rx[XW-1:CrdWidth];
      end else begin : g_row1
        assign next_same_row = any;
        assign row_crd = cur_q;
      end
      assign row_more = rest_nz || next_same_row;
    end
  endgenerate
  // in StStop every entry of the row has left the workspace
  wire last_row = (Order == 2) ? !ws_any : final_q;

  always @(*) begin
    t_i = {`SG_TK_DATA, col_crd};
    t_o = {`SG_TK_DATA, row_crd};
    t_v = ent_tok;
    t_sel = 1'b1;
    case (state_q)
      StStop: begin
        t_i = {`SG_TK_STOP, last_row ? {{(CrdWidth-1){1'b0}}, 1'b1} : CZero};
        t_v = {`SG_TK_STOP, last_row ? {{(ValWidth-1){1'b0}}, 1'b1} : VZero};
        t_sel = 1'b0;
      end
      StEnd: begin
        t_i = {`SG_TK_DONE, CZero};
        t_o = {`SG_TK_STOP, CZero};
        t_v = {`SG_TK_DONE, VZero};
        t_sel = 1'b0;
      end
      StDone, StIdle: begin
        t_i = {`SG_TK_DONE, CZero};
        t_o = {`SG_TK_DONE, CZero};
        t_v = {`SG_TK_DONE, VZero};
        t_sel = 1'b0;
      end
      default: ;
    endcase
  end

  always @(*) begin
    case (state_q)
      StAcc: ent_rd = (Order == 1 && o_pt && i_pt && v_pt && have_q && op != cur_q) || all_d;
      StOuter, StEntry: ent_rd = 1'b1;
      default: ent_rd = 1'b0;
    endcase
  end

  always @(*) begin
    state_d = state_q;
    have_d = have_q;
    final_d = final_q;
    cur_d = cur_q;
    acc = 1'b0;
    row_head = 1'b0;
    ld = 1'b0;
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
            // row finished: emit it first (the point waits for the last
            // point's write)
            if (!ws_busy && o_free && i_free && v_free) row_head = 1'b1;
          end else if (rd_free) begin
            acc = 1'b1;
            have_d = 1'b1;
            cur_d = op;
          end
        end else if (all_d && !ws_busy) begin
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
        if (!rest_nz && row_more) ld = 1'b1;
        if (!row_more) state_d = StStop;
      end
      StStop: if (i_free && (ValStops == 0 || v_free)) begin
        e_i = 1'b1;
        e_v = (ValStops != 0);
        if (last_row) begin
          state_d = StEnd;
        end else if (Order == 2) begin
          ld = 1'b1;
          state_d = StOuter;
        end else begin
          // the point that ended the row starts the next one now (the
          // occupancy is empty: the row's words were moved out)
          state_d = StAcc;
          have_d = 1'b0;
          if (o_pt && i_pt && v_pt && rd_free) begin
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
      if (!rest_nz && row_more) ld = 1'b1;
      state_d = row_more ? StEntry : StStop;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= StAcc;
      have_q <= 1'b0;
      final_q <= 1'b0;
      cur_q <= CZero;
      iv_q <= 1'b0; ov_q <= 1'b0; vv_q <= 1'b0; vsel_q <= 1'b0;
      i_q <= {`SG_TK_DONE, CZero};
      o_q <= {`SG_TK_DONE, CZero};
      v_q <= {`SG_TK_DONE, VZero};
    end else begin
      state_q <= state_d;
      have_q <= have_d;
      final_q <= final_d;
      cur_q <= cur_d;
      if (i_free) begin iv_q <= e_i; i_q <= t_i; end
      if (o_free) begin ov_q <= e_o; o_q <= t_o; end
      if (v_free) begin vv_q <= e_v; v_q <= t_v; vsel_q <= t_sel; end
    end
  end

  assign out_inner_valid_o = iv_q;
  assign out_inner_data_o  = i_q;
  assign out_outer_valid_o = ov_q;
  assign out_outer_data_o  = o_q;
  assign out_val_valid_o   = vv_q;
  assign out_val_data_o    = (Sorted == 0 && vsel_q) ? {`SG_TK_DATA, ent_val} : v_q;
  assign ovf_o = acc && ws_ovf;
endmodule
