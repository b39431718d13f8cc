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
// InnerDim (x OuterDim) words.
// This is sam_spacc with Sorted = 1: one control for both workspaces.
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
  output wire                in_outer_ready_o,
  input  wire [CrdWidth+1:0] in_outer_data_i,
  input  wire                in_inner_valid_i,
  output wire                in_inner_ready_o,
  input  wire [CrdWidth+1:0] in_inner_data_i,
  input  wire                in_val_valid_i,
  output wire                in_val_ready_o,
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

  sam_spacc #(.CrdWidth(CrdWidth), .ValWidth(ValWidth), .ValType(ValType),
              .Order(Order), .ValStops(ValStops), .Sorted(1),
              .Capacity(Capacity)) u_spacc (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_outer_valid_i(in_outer_valid_i), .in_outer_ready_o(in_outer_ready_o),
    .in_outer_data_i(in_outer_data_i),
    .in_inner_valid_i(in_inner_valid_i), .in_inner_ready_o(in_inner_ready_o),
    .in_inner_data_i(in_inner_data_i),
    .in_val_valid_i(in_val_valid_i), .in_val_ready_o(in_val_ready_o),
    .in_val_data_i(in_val_data_i),
    .out_inner_valid_o(out_inner_valid_o), .out_inner_ready_i(out_inner_ready_i),
    .out_inner_data_o(out_inner_data_o),
    .out_outer_valid_o(out_outer_valid_o), .out_outer_ready_i(out_outer_ready_i),
    .out_outer_data_o(out_outer_data_o),
    .out_val_valid_o(out_val_valid_o), .out_val_ready_i(out_val_ready_i),
    .out_val_data_o(out_val_data_o),
    .ovf_o(ovf_o)
  );
endmodule
