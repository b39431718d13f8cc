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
// dense module's RAM of InnerDim words.
// This is sam_vectorreducer with Sorted = 1: one control for both workspaces.
module sam_vectorreducer_sorted #(
  parameter integer CrdWidth = 16,
  parameter integer ValWidth = 32,
  parameter integer ValType  = 0,    // 0 integer, 1 fp32, 2 bf16 (docs/rtl-interfaces.md)
  parameter integer Capacity = 16    // entries held at once (>= 1)
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  input  wire                in_crd_valid_i,
  output wire                in_crd_ready_o,
  input  wire [CrdWidth+1:0] in_crd_data_i,
  input  wire                in_val_valid_i,
  output wire                in_val_ready_o,
  input  wire [ValWidth+1:0] in_val_data_i,
  output wire                out_crd_valid_o,
  input  wire                out_crd_ready_i,
  output wire [CrdWidth+1:0] out_crd_data_o,
  output wire                out_val_valid_o,
  input  wire                out_val_ready_i,
  output wire [ValWidth+1:0] out_val_data_o,
  output wire                ovf_o        // a new coordinate while the workspace is full
);

  sam_vectorreducer #(.CrdWidth(CrdWidth), .ValWidth(ValWidth), .ValType(ValType),
                      .Sorted(1), .Capacity(Capacity)) u_vr (
    .clk_i(clk_i), .rst_ni(rst_ni),
    .in_crd_valid_i(in_crd_valid_i), .in_crd_ready_o(in_crd_ready_o),
    .in_crd_data_i(in_crd_data_i),
    .in_val_valid_i(in_val_valid_i), .in_val_ready_o(in_val_ready_o),
    .in_val_data_i(in_val_data_i),
    .out_crd_valid_o(out_crd_valid_o), .out_crd_ready_i(out_crd_ready_i),
    .out_crd_data_o(out_crd_data_o),
    .out_val_valid_o(out_val_valid_o), .out_val_ready_i(out_val_ready_i),
    .out_val_data_o(out_val_data_o),
    .ovf_o(ovf_o)
  );
endmodule
