// sam_vectorreducer - vector reducer (vectorreducer accum_index=j): merges
// the fibers of one row by coordinate, taking the coordinate and value
// streams directly (the outer index is implied by the stops).
//
// A (coordinate, value) pair adds into a row workspace (ValWidth-bit wrap,
// N counts as 0); S0 separates the fibers being merged; Sk (k >= 1) emits the
// merged row, coordinates ascending with their sums, then S(k-1) on both
// outputs; D gives D.  A row without entries is a bare stop.  Same rules as
// the golden model (there is no reference implementation).  Coordinates
// must be below InnerDim.
//
// Workspace: the sums live in an inferable RAM (one synchronous read port,
// one write port; block RAM on FPGAs) addressed by the coordinate, padded to
// a power of two, as in sam_spacc order 1.  A pair reads its entry in the
// cycle it is taken, selects the old sum in the next one and writes the new
// sum in the one after (a pair that hits an entry still being summed takes
// the sum by forwarding), so pairs go at one per cycle.  Occupancy is one
// bit per entry, kept in words of 8 to 32 bits: the lowest occupied word in
// a register, the others in an array with one summary bit per word.
// Emission takes the register's entries in ascending order (a find-first on
// the word), then moves the next word in (a find-first on the summary), so
// nothing scans the whole workspace; emitted entries leave the occupancy,
// which is empty again when the row's stop leaves.  The RAM's read register
// is the value output while an entry is emitted.
// Timing: one input pair per cycle; a row of k entries leaves in k + 1
// cycles: the first entry in the cycle its Sk is taken (one cycle later when
// the row's last pair was taken in the cycle before), then one entry per
// cycle, then the stop, which leaves in the same cycle as the next pair is
// taken.  A bare stop, S0 and D take one cycle.
`include "sam_token.vh"

module sam_vectorreducer #(
  parameter integer CrdWidth = 16,
  parameter integer ValWidth = 32,
  parameter integer InnerDim = 64
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                in_crd_valid_i,
  output reg                 in_crd_ready_o,
  input  wire [CrdWidth+1:0] in_crd_data_i,
  input  wire                in_val_valid_i,
  output reg                 in_val_ready_o,
  input  wire [ValWidth+1:0] in_val_data_i,
  output wire                out_crd_valid_o,
  input  wire                out_crd_ready_i,
  output wire [CrdWidth+1:0] out_crd_data_o,
  output wire                out_val_valid_o,
  input  wire                out_val_ready_i,
  output wire [ValWidth+1:0] out_val_data_o
);
  // address bits (at least 2, so that there are at least two words)
  localparam integer AW = (InnerDim <= 4) ? 2 : $clog2(InnerDim);
  // occupancy words of 2**LW bits: 8 for small workspaces, up to 32 for
  // large ones; at least two words
  localparam integer LWS = (AW - 5 > 5) ? 5 : (AW - 5 > 3) ? AW - 5 : 3;
  localparam integer LW = (LWS < AW - 1) ? LWS : AW - 1;
  localparam integer NB = 1 << LW;       // bits per word
  localparam integer WW = AW - LW;       // word index bits (>= 1)
  localparam integer NW = 1 << WW;       // words
  localparam integer XW = CrdWidth + AW;
  localparam integer MW = (NW > NB) ? NW : NB;
  localparam [CrdWidth-1:0] CZero = {CrdWidth{1'b0}};
  localparam [CrdWidth-1:0] COne = {{(CrdWidth-1){1'b0}}, 1'b1};
  localparam [ValWidth-1:0] VZero = {ValWidth{1'b0}};
  localparam [1:0] StAcc = 2'd0, StEntry = 2'd1, StStop = 2'd2;

  // bit j of mask_fn(n, k) is bit k of j: index bit k of a one-hot vector is
  // the OR of its bits under mask k (a find-first without a loop)
  function [MW-1:0] mask_fn(input integer n, input integer k);
    integer j;
    begin
      mask_fn = {MW{1'b0}};
      for (j = 0; j < n; j = j + 1) mask_fn[j] = ((j >> k) & 1) == 1;
    end
  endfunction

  // a < b from gates (LUTs): for the few word index bits a carry chain
  // would be slower
  function lt_fn(input [WW-1:0] a, input [WW-1:0] b);
    integer i;
    begin
      lt_fn = 1'b0;
      for (i = 0; i < WW; i = i + 1) lt_fn = (!a[i] && b[i]) || (a[i] == b[i] && lt_fn);
    end
  endfunction

  reg [ValWidth-1:0] ws_q [0:(1 << AW)-1];   // sums (RAM)
  reg [ValWidth-1:0] rd_q;                   // RAM read register
  reg [NB-1:0]       occ_q [0:NW-1];         // occupancy words
  reg [NW-1:0]       sum_q;                  // word has an occupied entry
  reg [NB-1:0]       cw_q;                   // lowest occupied word (copy),
  reg [WW-1:0]       cw_idx_q;               // then the word being emitted
  reg                cw_v_q;                 // cw_q is not empty
  reg [1:0]          state_q, state_d;
  reg [CrdWidth-1:0] lvl_q, lvl_d;           // the row's closing Sk: k
  // stage 1, the pair taken last cycle: its entry's address, value and
  // occupancy (set in the occupancy now); its old sum arrives in rd_q
  reg                p_q;
  reg [AW-1:0]       pa_q;
  reg [ValWidth-1:0] pv_q;
  reg                pocc_q;
  reg                fw2_q;    // same entry as the pair now in stage 2
  reg                fww_q;    // same entry as the sum written last cycle
  // stage 2: the old sum selected; the new sum is written to the RAM
  reg                p2_q;
  reg [AW-1:0]       a2_q;
  reg [ValWidth-1:0] v2_q, old2_q;
  reg [ValWidth-1:0] wval_q;   // the sum written last cycle
  // the entry being emitted was written in the cycle of its read
  reg                byp_q;
  reg [ValWidth-1:0] byp_val_q;

  // output registers; out_val shows rd_q while it carries an entry.  Both
  // registers load their candidate token whenever they are free (the valid
  // says whether it counts), so the data enables do not wait for the
  // emission decision.
  reg                cv_q, vv_q, vsel_q;
  reg [CrdWidth+1:0] c_q;
  reg [ValWidth+1:0] v_q;
  reg [CrdWidth+1:0] t_c;
  reg [ValWidth+1:0] t_v;
  reg                t_sel;
  reg                e_out, e_ent, acc, take, ld;
  wire c_free = !cv_q || out_crd_ready_i;
  wire v_free = !vv_q || out_val_ready_i;
  wire out_free = c_free && v_free;
  // a pair's read may replace rd_q unless rd_q is an entry still waiting
  wire rd_free = !(vv_q && vsel_q) || out_val_ready_i;

  wire [1:0] ct = in_crd_data_i[CrdWidth+1:CrdWidth];
  wire [1:0] vt = in_val_data_i[ValWidth+1:ValWidth];
  wire [CrdWidth-1:0] cp = in_crd_data_i[CrdWidth-1:0];
  wire [ValWidth-1:0] vp = (vt == `SG_TK_DATA) ? in_val_data_i[ValWidth-1:0] : VZero;
  wire both = in_crd_valid_i && in_val_valid_i;
  wire c_pt = both && (ct == `SG_TK_DATA || ct == `SG_TK_EMPTY);
  wire c_stop = both && ct == `SG_TK_STOP;
  wire c_s0 = cp == CZero;
  wire c_d = both && ct == `SG_TK_DONE;
  wire [CrdWidth-1:0] cp_m1 = cp - COne;
  wire [CrdWidth-1:0] lvl_m1 = lvl_q - COne;

  // workspace address of the incoming pair
  wire [XW-1:0] ipx = {{AW{1'b0}}, cp};
  wire [AW-1:0] in_addr = ipx[AW-1:0];
  wire unused_ipx = ^ipx[XW-1:AW];
  wire [WW-1:0] in_w = in_addr[AW-1:LW];
  wire [LW-1:0] in_b = in_addr[LW-1:0];
  // The lowest occupied word lives in cw_q (cw_idx_q), the others in occ_q
  // with their summary bits set; a word of occ_q is meaningful only while
  // its summary bit is set (occ_q has no reset: a word is written whole).
  // cw_q is empty only when the whole workspace is.
  wire          cw_v = cw_v_q;
  wire [NB-1:0] in_word = (cw_v && in_w == cw_idx_q) ? cw_q :
                          sum_q[in_w] ? occ_q[in_w] : {NB{1'b0}};
  wire          in_occ = in_word[in_b];
  wire [WW-1:0] pw = pa_q[AW-1:LW];
  wire [NB-1:0] p_bit = {{(NB-1){1'b0}}, 1'b1} << pa_q[LW-1:0];
  wire [NB-1:0] p_word = (sum_q[pw] ? occ_q[pw] : {NB{1'b0}}) | p_bit;
  // a pair's write: into cw_q (its word, or a lower one that takes cw_q's
  // place while the old cw_q word goes back to occ_q) or into occ_q
  wire pw_lt = lt_fn(pw, cw_idx_q);
  wire p_in_cw = !cw_v || pw == cw_idx_q;
  wire p_below = cw_v && pw_lt;
  wire          occ_we = p_q && !p_in_cw;
  wire [WW-1:0] occ_wa = p_below ? cw_idx_q : pw;
  wire [NB-1:0] occ_wd = p_below ? cw_q : p_word;

  // lowest set bit: prefix ORs (LUTs) for short vectors, x & -x (a carry
  // chain) for long ones
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
          assign cw_1h[gi] = cw_q[gi];
        end else begin : g_n
          assign cw_1h[gi] = cw_q[gi] && !(|cw_q[gi-1:0]);
        end
      end
    end else begin : g_ffb_add
      assign cw_1h = cw_q & (~cw_q + {{(NB-1){1'b0}}, 1'b1});
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
  wire          any = |sum_q;           // an occupied word besides cw_q
  wire [NB-1:0] cw_rest = cw_q & ~cw_1h;
  wire          rest_nz = |cw_rest;
  wire          row_more = rest_nz || any;
  wire [AW-1:0] ent_addr = {cw_idx_q, cw_bit};
  wire [XW-1:0] cx = {{CrdWidth{1'b0}}, ent_addr};
  wire [CrdWidth-1:0] col_crd = cx[CrdWidth-1:0];
  wire unused_cx = ^cx[XW-1:CrdWidth];

  // the pair in the write stage: its sum
  wire [ValWidth-1:0] new_v = old2_q + v2_q;
  wire [ValWidth-1:0] old_v = fw2_q ? new_v : fww_q ? wval_q : (pocc_q ? rd_q : VZero);

  // candidate tokens: an entry, the row's stop, a bare stop or D
  always @(*) begin
    t_c = {`SG_TK_DATA, col_crd};
    t_v = {`SG_TK_DONE, VZero};
    t_sel = 1'b1;
    case (state_q)
      StStop: begin
        t_c = {`SG_TK_STOP, lvl_q - COne};
        t_v = {`SG_TK_STOP, {{(ValWidth-CrdWidth){1'b0}}, lvl_m1}};
        t_sel = 1'b0;
      end
      StAcc: begin
        if (ct == `SG_TK_DONE) begin
          t_c = {`SG_TK_DONE, CZero};
          t_sel = 1'b0;
        end else if (!cw_v) begin
          t_c = {`SG_TK_STOP, cp_m1};
          t_v = {`SG_TK_STOP, {{(ValWidth-CrdWidth){1'b0}}, cp_m1}};
          t_sel = 1'b0;
        end
      end
      default: ;
    endcase
  end

  // the RAM reads the next entry unless a pair may be taken
  wire ent_rd = (state_q == StEntry) || (state_q == StAcc && ct == `SG_TK_STOP);
  wire          ram_re = rd_free;
  wire [AW-1:0] ram_ra = ent_rd ? ent_addr : in_addr;

  always @(*) begin
    state_d = state_q;
    lvl_d = lvl_q;
    acc = 1'b0;
    take = 1'b0;
    e_out = 1'b0;
    e_ent = 1'b0;
    ld = 1'b0;
    case (state_q)
      StAcc: begin
        if (c_pt) begin
          if (rd_free) acc = 1'b1;
        end else if (c_stop && c_s0) begin
          take = 1'b1;
        end else if (c_stop) begin
          // Sk (k >= 1): the row's first entry, or its bare stop, once the
          // last pair's occupancy is in (its sum is forwarded if needed)
          if (!p_q && out_free) begin
            take = 1'b1;
            e_out = 1'b1;
            lvl_d = cp;
            if (cw_v) begin
              e_ent = 1'b1;
              if (!rest_nz && row_more) ld = 1'b1;
              state_d = row_more ? StEntry : StStop;
            end
          end
        end else if (c_d) begin
          if (out_free) begin
            take = 1'b1;
            e_out = 1'b1;
          end
        end
      end
      StEntry: if (out_free) begin
        e_out = 1'b1;
        e_ent = 1'b1;
        if (!rest_nz && row_more) ld = 1'b1;
        if (!row_more) state_d = StStop;
      end
      StStop: if (out_free) begin
        // the row's stop; the workspace is empty, the next pair may go in
        e_out = 1'b1;
        state_d = StAcc;
        if (c_pt) acc = 1'b1;
      end
      default: state_d = StAcc;
    endcase
    in_crd_ready_o = acc || take;
    in_val_ready_o = acc || take;
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= StAcc;
      lvl_q <= CZero;
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
      cw_v_q <= 1'b0;
      cv_q <= 1'b0; vv_q <= 1'b0; vsel_q <= 1'b0;
      c_q <= {`SG_TK_DONE, CZero};
      v_q <= {`SG_TK_DONE, VZero};
    end else begin
      state_q <= state_d;
      lvl_q <= lvl_d;
      // accumulate: the pair taken last cycle writes its sum next cycle
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
        cw_v_q <= 1'b1;
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
        cw_v_q <= 1'b1;
        sum_q[nw_idx] <= 1'b0;
      end else if (e_ent) begin
        cw_q <= cw_rest;
        cw_v_q <= rest_nz;
      end
      if (c_free) begin cv_q <= e_out; c_q <= t_c; end
      if (v_free) begin vv_q <= e_out; v_q <= t_v; vsel_q <= t_sel; end
    end
  end

  // the workspace RAM: a pair's read or an emitted entry's read (whenever
  // rd_q is free), and the write of the pair in stage 2
  always @(posedge clk_i) begin
    if (occ_we) occ_q[occ_wa] <= occ_wd;
  end
  always @(posedge clk_i) begin
    if (p2_q) ws_q[a2_q] <= new_v;
    if (ram_re) rd_q <= ws_q[ram_ra];
  end

  assign out_crd_valid_o = cv_q;
  assign out_crd_data_o  = c_q;
  assign out_val_valid_o = vv_q;
  assign out_val_data_o  = vsel_q ? {`SG_TK_DATA, byp_q ? byp_val_q : rd_q} : v_q;
endmodule
