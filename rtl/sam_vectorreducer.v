// sam_vectorreducer - vector reducer (vectorreducer accum_index=j): merges
// the fibers of one row by coordinate, taking the coordinate and value
// streams directly (the outer index is implied by the stops).
//
// A (coordinate, value) pair adds into a row workspace (ValWidth-bit wrap,
// or with ValType 1/2 the fp32/bf16 sum from +0 in token order, bit for bit
// sg_fp_add, at the same timing; N counts as 0); S0 separates the fibers being merged; Sk (k >= 1) emits the
// merged row, coordinates ascending with their sums, then S(k-1) on both
// outputs; D gives D.  A row without entries is a bare stop.  Same rules as
// the golden model (there is no reference implementation).  Coordinates
// must be below InnerDim: a pair with a larger coordinate is taken but not
// added (it would alias another entry) and raises ovf_o in that cycle.
//
// Workspace (sam_workspace, as in sam_spacc order 1): the sums live in an
// inferable RAM addressed by the coordinate, padded to a power of two; pairs
// go at one per cycle.  Occupancy is one bit per entry, kept in words of 8
// to 32 bits.  Emission takes the lowest occupied word's entries in
// ascending order, then moves the next word in, so nothing scans the whole
// workspace; emitted entries leave the occupancy, which is empty again when
// the row's stop leaves.  The RAM's read register is the value output while
// an entry is emitted.
// Timing: one input pair per cycle; a row of k entries leaves in k + 1
// cycles: the first entry in the cycle its Sk is taken (one cycle later when
// the row's last pair was taken in the cycle before), then one entry per
// cycle, then the stop, which leaves in the same cycle as the next pair is
// taken.  A bare stop, S0 and D take one cycle.
//
// Sorted = 1 (sam_ws_sorted, as sam_vectorreducer_sorted): InnerDim is
// ignored; the row's entries are (coordinate, sum) cells kept sorted, at
// most Capacity at once, any coordinate value.  A pair adds into its cell or
// is inserted at its place in the cycle it is taken; emission takes cell 0
// and shifts the others down, so out_val loads straight from cell 0.  A
// pair with a new coordinate while Capacity entries are held is taken but
// dropped, with ovf_o high in that cycle.  The control is the one above,
// with the dense workspace's two waits kept (the first entry a cycle after
// the row's last pair; a pair while out_val holds an entry not taken), so
// both workspaces take the same cycles on every input (make rtl-ws-cycles).
`include "sam_token.vh"

module sam_vectorreducer #(
  parameter integer CrdWidth = 16,
  parameter integer ValWidth = 32,
  parameter integer ValType  = 0,    // 0 integer, 1 fp32, 2 bf16 (docs/rtl-interfaces.md)
  parameter integer InnerDim = 64,
  parameter integer Sorted   = 0,    // 1: sorted workspace (sam_ws_sorted)
  parameter integer Capacity = 16    // Sorted: entries held at once (>= 1)
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
  output wire [ValWidth+1:0] out_val_data_o,
  output wire                ovf_o        // a pair the workspace cannot hold taken
);
  // address bits (at least 2, so that there are at least two words)
  localparam integer AW = (InnerDim <= 4) ? 2 : $clog2(InnerDim);
  // occupancy words of 2**LW bits: 8 for small workspaces, up to 32 for
  // large ones; at least two words
  localparam integer LWS = (AW - 5 > 5) ? 5 : (AW - 5 > 3) ? AW - 5 : 3;
  localparam integer LW = (LWS < AW - 1) ? LWS : AW - 1;
  localparam integer WW = AW - LW;       // word index bits (>= 1)
  localparam integer XW = CrdWidth + AW;
  localparam [CrdWidth-1:0] CZero = {CrdWidth{1'b0}};
  localparam [CrdWidth-1:0] COne = {{(CrdWidth-1){1'b0}}, 1'b1};
  localparam [ValWidth-1:0] VZero = {ValWidth{1'b0}};
  localparam [1:0] StAcc = 2'd0, StEntry = 2'd1, StStop = 2'd2;

  reg [1:0]          state_q, state_d;
  reg [CrdWidth-1:0] lvl_q, lvl_d;           // the row's closing Sk: k

  // output registers; out_val shows the workspace's read register (ent_val)
  // while it carries an entry.  Both
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
  // a pair's read may replace the read register unless it holds an entry
  // still waiting
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

  // an integer parameter as an XW-bit constant
  function [XW-1:0] xw_fn(input integer v);
    integer j;
    begin
      xw_fn = {XW{1'b0}};
      for (j = 0; j < XW && j < 31; j = j + 1) xw_fn[j] = ((v >> j) & 1) == 1;
    end
  endfunction
  // what either workspace gives the control
  wire          ws_busy;   // the pair taken last cycle is still going in
  wire          cw_v;      // an entry is ready to leave (dense: the lowest
                           // occupied word has entries)
  wire          rest_nz;   // dense: the loaded word has entries after this one
  wire          row_more;  // the row has an entry after the one leaving
  wire          ws_ovf;    // the head pair cannot be held
  wire [CrdWidth-1:0] col_crd;
  wire [ValWidth-1:0] ent_val;   // the entry's sum (dense: read register)
  wire [ValWidth+1:0] ent_tok;   // what out_val loads for an entry
  wire          ent_rd;    // dense: the RAM reads the entry being emitted
  assign ovf_o = acc && ws_ovf;
  generate
    if (Sorted != 0) begin : g_sorted
      wire                ws_any;
      wire [CrdWidth-1:0] ws_nkey;
      sam_ws_sorted #(.ValWidth(ValWidth), .ValType(ValType), .KeyWidth(CrdWidth),
                      .Capacity(Capacity)) u_ws (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .acc_i(acc), .key_i(cp), .val_i(vp), .ovf_o(ws_ovf),
        .pop_i(e_ent), .valid_o(ws_any), .key_o(col_crd), .val_o(ent_val),
        .next_valid_o(row_more), .next_key_o(ws_nkey), .busy_o(ws_busy)
      );
      assign cw_v = ws_any;
      assign rest_nz = 1'b0;
      assign ent_tok = {`SG_TK_DATA, ent_val};
      wire unused_s = ^{ws_nkey, ld, ent_rd};
    end else begin : g_dense
      // workspace address of the incoming pair
      wire [XW-1:0] ipx = {{AW{1'b0}}, cp};
      wire [AW-1:0] in_addr = ipx[AW-1:0];
      wire unused_ipx = ^ipx[XW-1:AW];
      // a coordinate beyond the workspace: taken, not added
      localparam [XW-1:0] Lim = xw_fn(InnerDim);
      assign ws_ovf = ipx >= Lim;
      wire          any;
      wire [WW-1:0] cw_idx, nw_idx;
      wire [AW-1:0] ent_addr;
      sam_workspace #(.ValWidth(ValWidth), .ValType(ValType), .AW(AW), .LW(LW)) u_ws (
        .clk_i(clk_i), .rst_ni(rst_ni),
        .acc_i(acc && !ws_ovf), .addr_i(in_addr), .val_i(vp), .busy_o(ws_busy),
        .rd_en_i(rd_free), .ent_rd_i(ent_rd),
        .ent_i(e_ent), .ld_i(ld),
        .cw_valid_o(cw_v), .cw_rest_nz_o(rest_nz), .any_o(any),
        .cw_idx_o(cw_idx), .nw_idx_o(nw_idx), .ent_addr_o(ent_addr), .ent_val_o(ent_val)
      );
      wire unused_idx = ^{cw_idx, nw_idx};
      assign row_more = rest_nz || any;
      wire [XW-1:0] cx = {{CrdWidth{1'b0}}, ent_addr};
      assign col_crd = cx[CrdWidth-1:0];
      wire unused_cx = ^cx[XW-1:CrdWidth];
      assign ent_tok = {`SG_TK_DONE, VZero};  // out_val shows ent_val instead
    end
  endgenerate

  // candidate tokens: an entry, the row's stop, a bare stop or D
  always @(*) begin
    t_c = {`SG_TK_DATA, col_crd};
    t_v = ent_tok;
    t_sel = 1'b1;
    case (state_q)
      StStop: begin
        t_c = {`SG_TK_STOP, lvl_m1};
        t_v = {`SG_TK_STOP, {{(ValWidth-CrdWidth){1'b0}}, lvl_m1}};
        t_sel = 1'b0;
      end
      StAcc: begin
        if (ct == `SG_TK_DONE) begin
          t_c = {`SG_TK_DONE, CZero};
          t_v = {`SG_TK_DONE, VZero};
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
  assign ent_rd = (state_q == StEntry) || (state_q == StAcc && ct == `SG_TK_STOP);

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
          if (!ws_busy && out_free) begin
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
      cv_q <= 1'b0; vv_q <= 1'b0; vsel_q <= 1'b0;
      c_q <= {`SG_TK_DONE, CZero};
      v_q <= {`SG_TK_DONE, VZero};
    end else begin
      state_q <= state_d;
      lvl_q <= lvl_d;
      if (c_free) begin cv_q <= e_out; c_q <= t_c; end
      if (v_free) begin vv_q <= e_out; v_q <= t_v; vsel_q <= t_sel; end
    end
  end

  assign out_crd_valid_o = cv_q;
  assign out_crd_data_o  = c_q;
  assign out_val_valid_o = vv_q;
  assign out_val_data_o  = (Sorted == 0 && vsel_q) ? {`SG_TK_DATA, ent_val} : v_q;
endmodule
