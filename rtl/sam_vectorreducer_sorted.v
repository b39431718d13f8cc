// sam_vectorreducer_sorted - vector reducer (vectorreducer accum_index=j)
// with a sorted workspace in registers (sam_ws_sorted) instead of
// sam_vectorreducer's dense one: the same ports and token behaviour as
// sam_vectorreducer, with InnerDim replaced by Capacity, the number of
// distinct coordinates one row may hold.  Any coordinate fits.
//
// A (coordinate, value) pair adds into the row's entry of its coordinate
// (ValWidth-bit wrap, or with ValType 1/2 the fp32/bf16 sum from +0 in token
// order, bit for bit sg_fp_add and sam_vectorreducer's sums; N counts as
// 0); S0 separates the fibers being merged; Sk (k >= 1) emits the merged
// row, coordinates ascending with their sums, then S(k-1) on both outputs;
// D gives D.  A row without entries is a bare stop.  Same rules as the
// golden model.  A pair with a new coordinate while Capacity entries are
// held is taken but dropped, and ovf_o is high in that cycle (the dense
// module's rule for a coordinate beyond InnerDim).
//
// Workspace (sam_ws_sorted): the row's entries sorted by coordinate in a
// chain of cells; a pair adds into its entry or is inserted at its place in
// the cycle it is taken; emission takes the smallest entry (cell 0) and
// shifts the others down, so the row's entries have all left when its stop
// leaves.  The outputs are loaded straight from cell 0.
// Timing: cycle for cycle sam_vectorreducer's: one input pair per cycle; a
// row of k entries leaves in k + 1 cycles: the first entry in the cycle its
// Sk is taken (one cycle later when the row's last pair was taken in the
// cycle before, and a pair waits while out_val holds an entry not yet
// taken: sam_vectorreducer's workspace rules, kept here for equal cycles),
// then one entry per cycle, then the stop, which leaves in the same cycle
// as the next pair is taken.  A bare stop, S0 and D take one cycle.
// Area: the workspace's Capacity x (CrdWidth + ValWidth + 1) flip-flops with
// two CrdWidth-bit comparators per cell (sam_ws_sorted), instead of the
// dense module's RAM of InnerDim words; the control is sam_vectorreducer's.
`include "sam_token.vh"

module sam_vectorreducer_sorted #(
  parameter integer CrdWidth = 16,
  parameter integer ValWidth = 32,
  parameter integer ValType  = 0,    // 0 integer, 1 fp32, 2 bf16 (docs/rtl-interfaces.md)
  parameter integer Capacity = 16    // entries held at once (>= 1)
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
  output wire                ovf_o        // a new coordinate while the workspace is full
);
  localparam [CrdWidth-1:0] CZero = {CrdWidth{1'b0}};
  localparam [CrdWidth-1:0] COne = {{(CrdWidth-1){1'b0}}, 1'b1};
  localparam [ValWidth-1:0] VZero = {ValWidth{1'b0}};
  localparam [1:0] StAcc = 2'd0, StEntry = 2'd1, StStop = 2'd2;

  reg [1:0]          state_q, state_d;
  reg [CrdWidth-1:0] lvl_q, lvl_d;           // the row's closing Sk: k
  reg                pt_q;                   // a pair went into the workspace last cycle

  // output registers; both load their candidate token whenever they are
  // free (the valid says whether it counts), so the data enables do not
  // wait for the emission decision
  reg                cv_q, vv_q, vent_q;
  reg [CrdWidth+1:0] c_q;
  reg [ValWidth+1:0] v_q;
  reg [CrdWidth+1:0] t_c;
  reg [ValWidth+1:0] t_v;
  reg                t_ent;
  reg                e_out, e_ent, acc, take;
  wire c_free = !cv_q || out_crd_ready_i;
  wire v_free = !vv_q || out_val_ready_i;
  wire out_free = c_free && v_free;
  // a pair waits while out_val holds an entry not yet taken
  // (sam_vectorreducer's read register rule; kept for equal cycles)
  wire pt_free = !(vv_q && vent_q) || out_val_ready_i;

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

  // the workspace: the row's entries sorted by coordinate
  wire                ws_ovf, ws_v, row_more;
  wire [CrdWidth-1:0] ws_key, ws_nkey;
  wire [ValWidth-1:0] ws_val;
  sam_ws_sorted #(.ValWidth(ValWidth), .ValType(ValType), .KeyWidth(CrdWidth),
                  .Capacity(Capacity)) u_ws (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .acc_i(acc), .key_i(cp), .val_i(vp), .ovf_o(ws_ovf),
    .pop_i(e_ent), .valid_o(ws_v), .key_o(ws_key), .val_o(ws_val),
    .next_valid_o(row_more), .next_key_o(ws_nkey)
  );
  wire unused_nk = ^ws_nkey;
  assign ovf_o = ws_ovf;

  // candidate tokens: an entry, the row's stop, a bare stop or D
  always @(*) begin
    t_c = {`SG_TK_DATA, ws_key};
    t_v = {`SG_TK_DATA, ws_val};
    t_ent = 1'b1;
    case (state_q)
      StStop: begin
        t_c = {`SG_TK_STOP, lvl_m1};
        t_v = {`SG_TK_STOP, {{(ValWidth-CrdWidth){1'b0}}, lvl_m1}};
        t_ent = 1'b0;
      end
      StAcc: begin
        if (ct == `SG_TK_DONE) begin
          t_c = {`SG_TK_DONE, CZero};
          t_v = {`SG_TK_DONE, VZero};
          t_ent = 1'b0;
        end else if (!ws_v) begin
          t_c = {`SG_TK_STOP, cp_m1};
          t_v = {`SG_TK_STOP, {{(ValWidth-CrdWidth){1'b0}}, cp_m1}};
          t_ent = 1'b0;
        end
      end
      default: ;
    endcase
  end

  always @(*) begin
    state_d = state_q;
    lvl_d = lvl_q;
    acc = 1'b0;
    take = 1'b0;
    e_out = 1'b0;
    e_ent = 1'b0;
    case (state_q)
      StAcc: begin
        if (c_pt) begin
          if (pt_free) acc = 1'b1;
        end else if (c_stop && c_s0) begin
          take = 1'b1;
        end else if (c_stop) begin
          // Sk (k >= 1): the row's first entry, or its bare stop, a cycle
          // after the last pair (as sam_vectorreducer)
          if (!pt_q && out_free) begin
            take = 1'b1;
            e_out = 1'b1;
            lvl_d = cp;
            if (ws_v) begin
              e_ent = 1'b1;
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
      pt_q <= 1'b0;
      cv_q <= 1'b0; vv_q <= 1'b0; vent_q <= 1'b0;
      c_q <= {`SG_TK_DONE, CZero};
      v_q <= {`SG_TK_DONE, VZero};
    end else begin
      state_q <= state_d;
      lvl_q <= lvl_d;
      pt_q <= acc && !ws_ovf;
      if (c_free) begin cv_q <= e_out; c_q <= t_c; end
      if (v_free) begin vv_q <= e_out; v_q <= t_v; vent_q <= t_ent; end
    end
  end

  assign out_crd_valid_o = cv_q;
  assign out_crd_data_o  = c_q;
  assign out_val_valid_o = vv_q;
  assign out_val_data_o  = v_q;
endmodule
