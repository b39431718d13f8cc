// sam_vectorreducer - vector reducer (vectorreducer accum_index=j): merges
// the fibers of one row by coordinate, taking the coordinate and value
// streams directly (the outer index is implied by the stops).
//
// A (coordinate, value) pair adds into a row workspace (ValWidth-bit wrap,
// N counts as 0); S0 separates the fibers being merged; Sk (k >= 1) emits the
// merged row, coordinates ascending with their sums, then S(k-1) on both
// outputs; D gives D.  A row without entries is a bare stop.  Same rules as
// the golden model (there is no reference implementation).
// Workspace: InnerDim values in registers with an occupancy bit each and a
// priority encoder.  Timing: one input pair per cycle; a row is emitted one
// entry per cycle (the first in the cycle its Sk is taken), then its stop,
// which leaves in the same cycle as the next input pair is taken.
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
  localparam integer IW = (InnerDim <= 2) ? 1 : $clog2(InnerDim);
  localparam [CrdWidth-1:0] CZero = {CrdWidth{1'b0}};
  localparam [CrdWidth-1:0] COne = {{(CrdWidth-1){1'b0}}, 1'b1};
  localparam [ValWidth-1:0] VZero = {ValWidth{1'b0}};

  reg [ValWidth-1:0] ws_q [0:InnerDim-1];
  reg [InnerDim-1:0] occ_q;
  reg                emit_q, emit_d;      // emitting a row
  reg [CrdWidth-1:0] lvl_q, lvl_d;        // its closing stop level + 1

  reg                cv_q, vv_q;
  reg [CrdWidth+1:0] c_q;
  reg [ValWidth+1:0] v_q;
  reg                e_out;
  reg [CrdWidth+1:0] t_c;
  reg [ValWidth+1:0] t_v;
  reg                acc, clr;
  wire c_free = !cv_q || out_crd_ready_i;
  wire v_free = !vv_q || out_val_ready_i;

  wire [1:0] ct = in_crd_data_i[CrdWidth+1:CrdWidth];
  wire [1:0] vt = in_val_data_i[ValWidth+1:ValWidth];
  wire [CrdWidth-1:0] cp = in_crd_data_i[CrdWidth-1:0];
  wire [ValWidth-1:0] vp = (vt == `SG_TK_DATA) ? in_val_data_i[ValWidth-1:0] : VZero;
  wire [IW-1:0] addr;
  generate
    if (IW < CrdWidth) begin : g_cut
      assign addr = cp[IW-1:0];
      wire unused_cp = ^cp[CrdWidth-1:IW];
    end else begin : g_ext
      assign addr = {{(IW-CrdWidth){1'b0}}, cp};
    end
  endgenerate
  wire c_num = (ct == `SG_TK_DATA) || (ct == `SG_TK_EMPTY);

  // lowest occupied entry
  reg          any;
  reg [IW-1:0] first;
  integer k;
  always @(*) begin
    any = 1'b0;
    first = {IW{1'b0}};
    for (k = InnerDim - 1; k >= 0; k = k - 1) begin
      if (occ_q[k]) begin
        any = 1'b1;
        first = k[IW-1:0];
      end
    end
  end

  always @(*) begin
    emit_d = emit_q;
    lvl_d = lvl_q;
    in_crd_ready_o = 1'b0;
    in_val_ready_o = 1'b0;
    e_out = 1'b0;
    acc = 1'b0;
    clr = 1'b0;
    t_c = {`SG_TK_DATA, {{(CrdWidth-IW){1'b0}}, first}};
    t_v = {`SG_TK_DATA, ws_q[first]};
    // output side: the row being emitted, one entry per cycle, then its stop
    if (emit_q && c_free && v_free) begin
      e_out = 1'b1;
      if (any) begin
        clr = 1'b1;
      end else begin
        t_c = {`SG_TK_STOP, lvl_q - COne};
        t_v = {`SG_TK_STOP, {{(ValWidth-CrdWidth){1'b0}}, lvl_q - COne}};
        emit_d = 1'b0;
      end
    end
    // input side: idle, or the row's stop leaves this cycle (the workspace
    // is then empty and may take the next row's first pair)
    if ((!emit_q || (e_out && !any)) && in_crd_valid_i && in_val_valid_i) begin
      if (c_num) begin
        in_crd_ready_o = 1'b1;
        in_val_ready_o = 1'b1;
        acc = 1'b1;
      end else if (ct == `SG_TK_STOP) begin
        if (cp == CZero) begin
          in_crd_ready_o = 1'b1;
          in_val_ready_o = 1'b1;
        end else if (!e_out && c_free && v_free) begin
          // Sk (k >= 1): emit the row's first entry (or its bare stop) now
          in_crd_ready_o = 1'b1;
          in_val_ready_o = 1'b1;
          e_out = 1'b1;
          if (any) begin
            clr = 1'b1;
            emit_d = 1'b1;
            lvl_d = cp;
          end else begin
            t_c = {`SG_TK_STOP, cp - COne};
            t_v = {`SG_TK_STOP, {{(ValWidth-CrdWidth){1'b0}}, cp - COne}};
          end
        end
      end else if (!e_out && c_free && v_free) begin    // D
        in_crd_ready_o = 1'b1;
        in_val_ready_o = 1'b1;
        e_out = 1'b1;
        t_c = {`SG_TK_DONE, CZero};
        t_v = {`SG_TK_DONE, VZero};
      end
    end
  end

  always @(posedge clk_i) begin
    if (!rst_ni) begin
      occ_q <= {InnerDim{1'b0}};
      emit_q <= 1'b0;
      lvl_q <= CZero;
      cv_q <= 1'b0;
      vv_q <= 1'b0;
      c_q <= {`SG_TK_DONE, CZero};
      v_q <= {`SG_TK_DONE, VZero};
    end else begin
      emit_q <= emit_d;
      lvl_q <= lvl_d;
      if (acc) occ_q[addr] <= 1'b1;
      if (clr) occ_q[first] <= 1'b0;
      if (e_out) begin
        cv_q <= 1'b1; vv_q <= 1'b1;
        c_q <= t_c; v_q <= t_v;
      end else begin
        if (out_crd_ready_i) cv_q <= 1'b0;
        if (out_val_ready_i) vv_q <= 1'b0;
      end
    end
  end

  always @(posedge clk_i) begin
    if (acc) ws_q[addr] <= (occ_q[addr] ? ws_q[addr] : VZero) + vp;
  end

  assign out_crd_valid_o = cv_q;
  assign out_crd_data_o  = c_q;
  assign out_val_valid_o = vv_q;
  assign out_val_data_o  = v_q;
endmodule
