// sam_spacc - sparse accumulator (spaccumulator order=1 "vector reducer",
// order=2 "matrix reducer") with a dense workspace in block RAM.
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
// Sums are ValWidth-bit wrapping; cancelled sums stay as explicit 0; N
// counts as 0.  Coordinates must be below the workspace dimensions.
//
// Workspace: the sums live in an inferable RAM (one synchronous read port,
// one write port) addressed {row, inner} with the inner coordinate padded to
// a power of two.  A point reads its entry in the cycle it is taken, selects
// the old sum in the next one and writes the new sum in the one after (a
// point that hits an entry still being summed takes the sum by forwarding),
// so points go at one per cycle.  Occupancy is one bit per entry, kept in
// words of 8 to 32 bits: the lowest occupied word in a register, the others
// in an array with one summary bit per word.  Emission starts from the
// register, takes its entries in ascending order (a find-first on the word)
// and then moves the next word in (a find-first on the summary), so nothing
// scans the whole workspace.  The RAM's read register is the value output
// while an entry is emitted.
// Timing: one point per cycle; a row of k entries is emitted in k + 1 cycles
// (its outer coordinate leaves with the first entry, then the stop; the
// first entry waits one cycle when the row's last point was taken in the
// cycle before); in order 1 the stop cycle also takes the first point of
// the next row.
`include "sam_token.vh"

module sam_spacc #(
  parameter integer CrdWidth = 16,
  parameter integer ValWidth = 32,
  parameter integer Order    = 1,
  parameter integer InnerDim = 64,
  parameter integer OuterDim = 16,
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
  output wire [ValWidth+1:0] out_val_data_o
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
  localparam integer NB = 1 << LW;       // bits per word
  localparam integer WW = AW - LW;       // word index bits (>= 1)
  localparam integer NW = 1 << WW;       // words
  localparam integer XW = CrdWidth + AW;
  localparam integer MW = (NW > NB) ? NW : NB;
  localparam [CrdWidth-1:0] CZero = {CrdWidth{1'b0}};
  localparam [ValWidth-1:0] VZero = {ValWidth{1'b0}};
  localparam [2:0] StAcc = 3'd0, StOuter = 3'd1, StEntry = 3'd2, StStop = 3'd3,
                   StEnd = 3'd4, StDone = 3'd5, StIdle = 3'd6;

  // bit j of mask_fn(n, k) is bit k of j: index bit k of a one-hot vector is
  // the OR of its bits under mask k (a find-first without a loop)
  function [MW-1:0] mask_fn(input integer n, input integer k);
    integer j;
    begin
      mask_fn = {MW{1'b0}};
      for (j = 0; j < n; j = j + 1) mask_fn[j] = ((j >> k) & 1) == 1;
    end
  endfunction

  reg [ValWidth-1:0] ws_q [0:(1 << AW)-1];   // sums (RAM)
  reg [ValWidth-1:0] rd_q;                   // RAM read register
  reg [NB-1:0]       occ_q [0:NW-1];         // occupancy words
  reg [NW-1:0]       sum_q;                  // word has an occupied entry
  reg [NB-1:0]       cw_q;                   // lowest occupied word (copy),
  reg [WW-1:0]       cw_idx_q;               // then the word being emitted
  reg [2:0]          state_q, state_d;
  reg                have_q, have_d;     // a row (order 1) / any point (order 2)
  reg                final_q, final_d;   // flushing because of D
  reg [CrdWidth-1:0] cur_q, cur_d;       // order 1: outer coordinate of the row
  // stage 1, the point taken last cycle: its entry's address, value and
  // occupancy (set in occ_q now); its old sum arrives in rd_q
  reg                p_q;
  reg [AW-1:0]       pa_q;
  reg [ValWidth-1:0] pv_q;
  reg                pocc_q;
  reg                fw2_q;    // same entry as the point now in stage 2
  reg                fww_q;    // same entry as the sum written last cycle
  // stage 2: the old sum selected; the new sum is written to the RAM
  reg                p2_q;
  reg [AW-1:0]       a2_q;
  reg [ValWidth-1:0] v2_q, old2_q;
  reg [ValWidth-1:0] wval_q;   // the sum written last cycle
  // the entry being emitted was written in the cycle of its read
  reg                byp_q;
  reg [ValWidth-1:0] byp_val_q;

  // output registers; out_val shows rd_q while it carries an entry
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
  // a point's read may replace rd_q unless rd_q is an entry still waiting
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

  // workspace address of the incoming point: {outer, inner}
  wire [XW-1:0] opx = {{AW{1'b0}}, op};
  wire [XW-1:0] ipx = {{AW{1'b0}}, ip};
  wire [AW-1:0] in_addr;
  generate
    if (Order == 2) begin : g_addr2
      assign in_addr = {opx[RW-1:0], ipx[IW-1:0]};
      wire unused_x = ^{opx[XW-1:RW], ipx[XW-1:IW]};
    end else begin : g_addr1
      assign in_addr = ipx[IW-1:0];
      wire unused_x = ^{opx, ipx[XW-1:IW]};
    end
  endgenerate
  wire [WW-1:0] in_w = in_addr[AW-1:LW];
  wire [LW-1:0] in_b = in_addr[LW-1:0];
  // The lowest occupied word lives in cw_q (cw_idx_q), the others in occ_q
  // with their summary bits set; a word of occ_q is meaningful only while
  // its summary bit is set (occ_q has no reset: a word is written whole).
  // cw_q is empty only when the whole workspace is.
  wire          cw_v = |cw_q;
  wire [NB-1:0] in_word = (cw_v && in_w == cw_idx_q) ? cw_q :
                          sum_q[in_w] ? occ_q[in_w] : {NB{1'b0}};
  wire          in_occ = in_word[in_b];
  wire [WW-1:0] pw = pa_q[AW-1:LW];
  wire [NB-1:0] p_bit = {{(NB-1){1'b0}}, 1'b1} << pa_q[LW-1:0];
  wire [NB-1:0] p_word = (sum_q[pw] ? occ_q[pw] : {NB{1'b0}}) | p_bit;
  // a point's write: into cw_q (its word, or a lower one that takes cw_q's
  // place while the old cw_q word goes back to occ_q) or into occ_q
  wire p_in_cw = !cw_v || pw == cw_idx_q;
  wire p_below = cw_v && pw < cw_idx_q;
  wire          occ_we = p_q && !p_in_cw;
  wire [WW-1:0] occ_wa = p_below ? cw_idx_q : pw;
  wire [NB-1:0] occ_wd = p_below ? cw_q : p_word;

  // the next occupied word after cw_q (summary) and the lowest bit of cw_q
  wire [NB-1:0] src = cw_q;
  wire [WW-1:0] src_idx = cw_idx_q;
  // lowest set bit: prefix ORs (LUTs) for short vectors, x & -x (a carry
  // chain, and few operations in simulation) for long ones
  wire [NW-1:0] sum_1h;
  wire [NB-1:0] cw_1h;
  genvar gi;
  generate
    if (NW <= 8) begin : g_ffw_lut
      for (gi = 0; gi < NW; gi = gi + 1) begin : g_b
        if (gi == 0) begin : g_0
          assign sum_1h[gi] = sum_q[gi];
        end else begin : g_n
          assign sum_1h[gi] = sum_q[gi] && !(|sum_q[gi-1:0]);
        end
      end
    end else begin : g_ffw_add
      assign sum_1h = sum_q & (~sum_q + {{(NW-1){1'b0}}, 1'b1});
    end
    if (NB <= 8) begin : g_ffb_lut
      for (gi = 0; gi < NB; gi = gi + 1) begin : g_b
        if (gi == 0) begin : g_0
          assign cw_1h[gi] = src[gi];
        end else begin : g_n
          assign cw_1h[gi] = src[gi] && !(|src[gi-1:0]);
        end
      end
    end else begin : g_ffb_add
      assign cw_1h = src & (~src + {{(NB-1){1'b0}}, 1'b1});
    end
  endgenerate
  wire [WW-1:0] nw_idx;
  wire [LW-1:0] cw_bit;
  genvar gk;
  generate
    for (gk = 0; gk < WW; gk = gk + 1) begin : g_enc_w
      localparam [MW-1:0] MaskW = mask_fn(NW, gk);
      assign nw_idx[gk] = |(sum_1h & MaskW[NW-1:0]);
    end
    for (gk = 0; gk < LW; gk = gk + 1) begin : g_enc_b
      localparam [MW-1:0] MaskB = mask_fn(NB, gk);
      assign cw_bit[gk] = |(cw_1h & MaskB[NB-1:0]);
    end
  endgenerate
  wire          any = |sum_q;
  wire [NB-1:0] cw_rest = src & ~cw_1h;
  wire          rest_nz = |cw_rest;
  wire [AW-1:0] ent_addr = {src_idx, cw_bit};
  wire [XW-1:0] cx = {{(XW-IW){1'b0}}, ent_addr[IW-1:0]};
  wire [CrdWidth-1:0] col_crd = cx[CrdWidth-1:0];
  wire unused_cx = ^cx[XW-1:CrdWidth];
  // the next occupied word is in the emitted word's row
  wire next_same_row;
  wire [CrdWidth-1:0] row_crd;
  generate
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
  endgenerate
  wire row_more = rest_nz || next_same_row;
  // in StStop every entry of the row has left the occupancy words
  wire last_row = (Order == 2) ? !any : final_q;

  // the point in the write stage: its sum
  wire [ValWidth-1:0] new_v = old2_q + v2_q;
  wire [ValWidth-1:0] old_v = fw2_q ? new_v : fww_q ? wval_q : (pocc_q ? rd_q : VZero);

  always @(*) begin
    t_i = {`SG_TK_DATA, col_crd};
    t_o = {`SG_TK_DATA, row_crd};
    t_v = {`SG_TK_DONE, VZero};
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
        t_sel = 1'b0;
      end
      StDone, StIdle: begin
        t_i = {`SG_TK_DONE, CZero};
        t_o = {`SG_TK_DONE, CZero};
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

  reg acc;       // take the head point this cycle
  reg row_head;  // emit a row's outer coordinate with its first entry
  reg ld;        // load the lowest occupied word into cw_q
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
            if (!p_q && o_free && i_free && v_free) row_head = 1'b1;
          end else if (rd_free) begin
            acc = 1'b1;
            have_d = 1'b1;
            cur_d = op;
          end
        end else if (all_d && !p_q) begin
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
      p_q <= 1'b0;
      pa_q <= {AW{1'b0}};
      pv_q <= VZero;
      pocc_q <= 1'b0;
      fw2_q <= 1'b0;
      fww_q <= 1'b0;
      p2_q <= 1'b0;
      a2_q <= {AW{1'b0}};
      v2_q <= VZero;
      old2_q <= VZero;
      wval_q <= VZero;
      byp_q <= 1'b0;
      byp_val_q <= VZero;
      sum_q <= {NW{1'b0}};
      cw_q <= {NB{1'b0}};
      cw_idx_q <= {WW{1'b0}};
      iv_q <= 1'b0; ov_q <= 1'b0; vv_q <= 1'b0; vsel_q <= 1'b0;
      i_q <= {`SG_TK_DONE, CZero};
      o_q <= {`SG_TK_DONE, CZero};
      v_q <= {`SG_TK_DONE, VZero};
    end else begin
      state_q <= state_d;
      have_q <= have_d;
      final_q <= final_d;
      cur_q <= cur_d;
      // accumulate: the point taken last cycle writes its sum now
      p_q <= acc;
      if (acc) begin
        pa_q <= in_addr;
        pv_q <= vp;
        pocc_q <= in_occ;
        fw2_q <= p_q && (in_addr == pa_q);
        fww_q <= p2_q && (in_addr == a2_q);
      end
      p2_q <= p_q;
      if (p_q) begin
        a2_q <= pa_q;
        v2_q <= pv_q;
        old2_q <= old_v;
      end
      wval_q <= new_v;
      if (ram_re) begin
        byp_q <= ent_rd && p2_q && (ent_addr == a2_q);
        byp_val_q <= new_v;
      end
      if (p_q) begin
        if (!cw_v) begin
          cw_q <= p_bit;
          cw_idx_q <= pw;
        end else if (pw == cw_idx_q) begin
          cw_q <= cw_q | p_bit;
        end else if (p_below) begin
          cw_q <= p_word;
          cw_idx_q <= pw;
          sum_q[pw] <= 1'b0;
          sum_q[cw_idx_q] <= 1'b1;
        end else begin
          sum_q[pw] <= 1'b1;
        end
      end
      // emission: entries leave cw_q; the next word moves in from occ_q
      if (ld) begin
        cw_q <= occ_q[nw_idx];
        cw_idx_q <= nw_idx;
        sum_q[nw_idx] <= 1'b0;
      end else if (e_ent) begin
        cw_q <= cw_rest;
      end
      if (i_free) begin iv_q <= e_i; i_q <= t_i; end
      if (o_free) begin ov_q <= e_o; o_q <= t_o; end
      if (v_free) begin vv_q <= e_v; v_q <= t_v; vsel_q <= t_sel; end
    end
  end

  // the workspace RAM: the point's read or an emitted entry's read, and the
  // write of the point in stage 2
  // (the RAM reads whenever rd_q is free: at the point's address, or at
  // the next entry's when an emission may start or goes on)
  wire          ram_re = rd_free;
  wire [AW-1:0] ram_ra = ent_rd ? ent_addr : in_addr;
  always @(posedge clk_i) begin
    if (occ_we) occ_q[occ_wa] <= occ_wd;
  end
  always @(posedge clk_i) begin
    if (p2_q) ws_q[a2_q] <= new_v;
    if (ram_re) rd_q <= ws_q[ram_ra];
  end

  assign out_inner_valid_o = iv_q;
  assign out_inner_data_o  = i_q;
  assign out_outer_valid_o = ov_q;
  assign out_outer_data_o  = o_q;
  assign out_val_valid_o   = vv_q;
  assign out_val_data_o    = vsel_q ? {`SG_TK_DATA, byp_q ? byp_val_q : rd_q} : v_q;
endmodule
