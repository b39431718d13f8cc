// sam_spacc - sparse accumulator (spaccumulator order=1 "vector reducer",
// order=2 "matrix reducer") with a dense workspace.
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
// Workspace: Rows x InnerDim values in a register array with combinational
// read (one point per cycle, no read-modify-write hazard) and an occupancy
// bit per entry; the next occupied entry is found by a priority encoder, so
// emission is one entry per cycle.  Timing: one point per cycle; a row is
// emitted one entry per cycle (its outer coordinate leaves with the first
// entry) plus its stop; in order 1 the stop cycle also takes the first point
// of the next row.
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
  localparam integer Size = Rows * InnerDim;
  localparam integer AW = (Size <= 2) ? 1 : $clog2(Size);
  localparam integer IW = (InnerDim <= 2) ? 1 : $clog2(InnerDim);
  localparam integer RW = (Rows <= 2) ? 1 : $clog2(Rows);
  localparam [CrdWidth-1:0] CZero = {CrdWidth{1'b0}};
  localparam [ValWidth-1:0] VZero = {ValWidth{1'b0}};
  localparam [2:0] StAcc = 3'd0, StOuter = 3'd1, StEntry = 3'd2, StStop = 3'd3,
                   StEnd = 3'd4, StDone = 3'd5, StIdle = 3'd6;

  reg [ValWidth-1:0] ws_q [0:Size-1];
  reg [Size-1:0]     occ_q;
  reg [2:0]          state_q, state_d;
  reg                have_q, have_d;     // a row (order 1) / any point (order 2)
  reg                final_q, final_d;   // flushing because of D
  reg [CrdWidth-1:0] cur_q, cur_d;       // order 1: outer coordinate of the row

  // output registers
  reg                iv_q, ov_q, vv_q;
  reg [CrdWidth+1:0] i_q, o_q;
  reg [ValWidth+1:0] v_q;
  reg                e_i, e_o, e_v;
  reg [CrdWidth+1:0] t_i, t_o;
  reg [ValWidth+1:0] t_v;
  wire i_free = !iv_q || out_inner_ready_i;
  wire o_free = !ov_q || out_outer_ready_i;
  wire v_free = !vv_q || out_val_ready_i;

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

  // workspace address of the incoming point
  wire [AW-1:0] pt_addr;
  generate
    if (Order == 2) begin : g_addr2
      localparam [CrdWidth-1:0] InnerDimC = InnerDim[CrdWidth-1:0];
      wire [CrdWidth-1:0] a = op * InnerDimC + ip;
      assign pt_addr = a[AW-1:0];
      if (AW < CrdWidth) begin : g_cut2
        wire unused_a = ^a[CrdWidth-1:AW];
      end
    end else begin : g_addr1
      wire [CrdWidth-1:0] a = ip;
      if (AW < CrdWidth) begin : g_cut
        assign pt_addr = a[AW-1:0];
        wire unused_a = ^a[CrdWidth-1:AW];
      end else begin : g_ext
        assign pt_addr = {{(AW-CrdWidth){1'b0}}, a};
      end
    end
  endgenerate

  // lowest occupied entry (first, its row and column), and whether its row
  // has another occupied entry (row_more)
  reg          any, row_more;
  integer      r, c;
  reg [RW-1:0] frow;
  reg [IW-1:0] fcol;
  reg [AW-1:0] fidx;
  always @(*) begin
    any = 1'b0;
    row_more = 1'b0;
    frow = {RW{1'b0}};
    fcol = {IW{1'b0}};
    fidx = {AW{1'b0}};
    for (r = 0; r < Rows; r = r + 1) begin
      for (c = 0; c < InnerDim; c = c + 1) begin
        if (occ_q[r*InnerDim + c]) begin
          if (!any) begin
            any = 1'b1;
            frow = r[RW-1:0];
            fcol = c[IW-1:0];
            fidx = r[AW-1:0] * InnerDim[AW-1:0] + c[AW-1:0];
          end else if (r[RW-1:0] == frow) begin
            row_more = 1'b1;
          end
        end
      end
    end
  end
  wire [AW-1:0] first = fidx;
  wire [CrdWidth-1:0] row_crd = (Order == 2) ? {{(CrdWidth-RW){1'b0}}, frow} : cur_q;
  wire [CrdWidth-1:0] col_crd = {{(CrdWidth-IW){1'b0}}, fcol};
  // in StStop the row's entries are already cleared
  wire last_row = (Order == 2) ? !any : final_q;

  reg acc;   // accumulate the head point this cycle
  reg row_head;  // emit a row's outer coordinate with its first entry
  reg clr;       // the lowest occupied entry is emitted: clear it
  always @(*) begin
    state_d = state_q;
    have_d = have_q;
    final_d = final_q;
    cur_d = cur_q;
    acc = 1'b0;
    row_head = 1'b0;
    clr = 1'b0;
    in_outer_ready_o = 1'b0;
    in_inner_ready_o = 1'b0;
    in_val_ready_o = 1'b0;
    e_i = 1'b0; e_o = 1'b0; e_v = 1'b0;
    t_i = {`SG_TK_DONE, CZero};
    t_o = {`SG_TK_DONE, CZero};
    t_v = {`SG_TK_DONE, VZero};
    case (state_q)
      StAcc: begin
        // drop stops on each input independently
        if (in_outer_valid_i && ot == `SG_TK_STOP) in_outer_ready_o = 1'b1;
        if (in_inner_valid_i && it == `SG_TK_STOP) in_inner_ready_o = 1'b1;
        if (in_val_valid_i && vt == `SG_TK_STOP) in_val_ready_o = 1'b1;
        if (o_pt && i_pt && v_pt) begin
          if (Order == 1 && have_q && op != cur_q) begin
            // row finished: emit it first (the point waits)
            if (o_free && i_free && v_free) row_head = 1'b1;
            else state_d = StOuter;
          end else begin
            acc = 1'b1;
            in_outer_ready_o = 1'b1;
            in_inner_ready_o = 1'b1;
            in_val_ready_o = 1'b1;
            have_d = 1'b1;
            cur_d = op;
          end
        end else if (all_d) begin
          final_d = 1'b1;
          state_d = have_q ? StOuter : StDone;
        end
      end
      StOuter: if (o_free && i_free && v_free) row_head = 1'b1;
      StEntry: if (i_free && v_free) begin
        e_i = 1'b1; e_v = 1'b1;
        clr = 1'b1;
        t_i = {`SG_TK_DATA, col_crd};
        t_v = {`SG_TK_DATA, ws_q[first]};
        if (!row_more) state_d = StStop;
      end
      StStop: if (i_free && (ValStops == 0 || v_free)) begin
        e_i = 1'b1;
        e_v = (ValStops != 0);
        t_i = {`SG_TK_STOP, last_row ? {{(CrdWidth-1){1'b0}}, 1'b1} : CZero};
        t_v = {`SG_TK_STOP, last_row ? {{(ValWidth-1){1'b0}}, 1'b1} : VZero};
        if (last_row) begin
          state_d = StEnd;
        end else begin
          state_d = (Order == 2) ? StOuter : StAcc;
          if (Order == 1) begin
            // the point that ended the row starts the next one now (the
            // workspace is empty: the row's entries were cleared)
            have_d = 1'b0;
            if (o_pt && i_pt && v_pt) begin
              acc = 1'b1;
              in_outer_ready_o = 1'b1;
              in_inner_ready_o = 1'b1;
              in_val_ready_o = 1'b1;
              have_d = 1'b1;
              cur_d = op;
            end
          end
        end
      end
      StEnd: if (o_free) begin
        e_o = 1'b1;
        t_o = {`SG_TK_STOP, CZero};
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
    if (row_head) begin  // outer coordinate and first entry of a row
      e_o = 1'b1; e_i = 1'b1; e_v = 1'b1;
      clr = 1'b1;
      t_o = {`SG_TK_DATA, row_crd};
      t_i = {`SG_TK_DATA, col_crd};
      t_v = {`SG_TK_DATA, ws_q[first]};
      state_d = row_more ? StEntry : StStop;
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q <= StAcc;
      have_q <= 1'b0;
      final_q <= 1'b0;
      cur_q <= CZero;
      occ_q <= {Size{1'b0}};
      iv_q <= 1'b0; ov_q <= 1'b0; vv_q <= 1'b0;
      i_q <= {`SG_TK_DONE, CZero};
      o_q <= {`SG_TK_DONE, CZero};
      v_q <= {`SG_TK_DONE, VZero};
    end else begin
      state_q <= state_d;
      have_q <= have_d;
      final_q <= final_d;
      cur_q <= cur_d;
      if (acc) occ_q[pt_addr] <= 1'b1;
      if (clr) occ_q[first] <= 1'b0;
      if (e_i) begin iv_q <= 1'b1; i_q <= t_i; end
      else if (out_inner_ready_i) iv_q <= 1'b0;
      if (e_o) begin ov_q <= 1'b1; o_q <= t_o; end
      else if (out_outer_ready_i) ov_q <= 1'b0;
      if (e_v) begin vv_q <= 1'b1; v_q <= t_v; end
      else if (out_val_ready_i) vv_q <= 1'b0;
    end
  end

  always @(posedge clk_i) begin
    if (acc) ws_q[pt_addr] <= (occ_q[pt_addr] ? ws_q[pt_addr] : VZero) + vp;
  end

  assign out_inner_valid_o = iv_q;
  assign out_inner_data_o  = i_q;
  assign out_outer_valid_o = ov_q;
  assign out_outer_data_o  = o_q;
  assign out_val_valid_o   = vv_q;
  assign out_val_data_o    = v_q;
endmodule
