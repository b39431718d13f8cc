// sam_ws_sorted - sorted (sparse) accumulation workspace of
// sam_spacc_sorted and sam_vectorreducer_sorted: up to Capacity entries
// (key, sum) in registers, kept in ascending key order in cells 0, 1, ...
// (a systolic insertion sorter: the occupied cells are always the lowest).
// No dimension: any KeyWidth-bit key fits, only the number of distinct keys
// held at once is bounded.
//
// Rule: acc_i takes a point (key_i, val_i) in this cycle.  Its key is
// compared with every cell at once (a broadcast compare, equal and less,
// no search loop).  A key that is held adds val_i into its entry; a new key
// is inserted at its sorted place, the cell there taking it with the sum
// +0 + val_i and every occupied cell above taking its lower neighbour's
// entry (the larger entries shift up one cell).  Both go through the one
// adder (sam_val_add, as in sam_workspace: the held sum or +0, plus val_i),
// so integer sums wrap at ValWidth bits and fp32/bf16 sums are bit for bit
// those of the dense workspace: from +0, in the order the points come.  A
// new key arriving while all Capacity cells are occupied is dropped and
// ovf_o is high in that cycle (a held key still adds when full).
// Emission: pop_i removes the smallest entry (cell 0), every cell taking
// its upper neighbour's entry.  valid_o, key_o, val_o show cell 0 (the
// entry to emit next), next_valid_o, next_key_o cell 1.  A point or a pop
// takes effect at the clock edge, so the outputs include it in the next
// cycle.  acc_i and pop_i must not be high in the same cycle (the parents
// never do both); pop_i wins then and the point is lost.  N values come in
// as 0 (the parent's job).
//
// Timing: one point per cycle, with no pipeline and no stall: the compare,
// the select of the held sum and the add are one combinational path into
// the cell registers; one entry per cycle out (k entries leave in k cycles,
// sorted, with no search).
// Area: per entry KeyWidth + ValWidth + 1 flip-flops (all reset), one
// KeyWidth-bit equality and one less-than comparator against the broadcast
// key, a three-way select on its key and sum registers (the new point, the
// lower neighbour, the upper neighbour) and one AND per sum bit of the
// held-sum select (an OR tree over the cells); one adder for all cells.
// Measured (KeyWidth 16, ValWidth 32): about 330 Yosys generic cells and
// 165 iCE40 LUT4 per entry (docs/primitives.md).
module sam_ws_sorted #(
  parameter integer ValWidth = 32,
  parameter integer ValType  = 0,    // 0 integer, 1 fp32, 2 bf16 (sam_val_add)
  parameter integer KeyWidth = 16,
  parameter integer Capacity = 16    // entries held at once (>= 1)
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  // a point into the workspace
  input  wire                acc_i,
  input  wire [KeyWidth-1:0] key_i,
  input  wire [ValWidth-1:0] val_i,
  output wire                ovf_o,        // a new key while full: dropped
  // emission
  input  wire                pop_i,
  output wire                valid_o,
  output wire [KeyWidth-1:0] key_o,
  output wire [ValWidth-1:0] val_o,
  output wire                next_valid_o,
  output wire [KeyWidth-1:0] next_key_o,
  // a point went in last cycle: sam_workspace's busy_o, on which the
  // accumulators hold a row's first entry; here only so that both
  // workspaces take the same cycles
  output wire                busy_o
);
  localparam integer C = (Capacity < 1) ? 1 : Capacity;
  localparam integer KW = KeyWidth;
  localparam integer VW = ValWidth;
  // the held-sum OR tree: P >= C leaves (a power of two), LG levels above
  localparam integer LG = (C <= 1) ? 0 : $clog2(C);
  localparam integer P = 1 << LG;

  // what every cell shows its neighbours, the compare and the select
  // (arrays of nets: one net per cell)
  wire          cv [0:C-1];    // cell j holds an entry
  wire [KW-1:0] ck [0:C-1];    // its key
  wire [VW-1:0] cs [0:C-1];    // its sum
  wire          lt [0:C-1];    // the point's key goes below cell j's
  wire [VW-1:0] hm [0:C-1];    // its sum if it holds the point's key, else 0
  wire [C-1:0]  eq;            // cell j holds the point's key
  genvar gi, gl;
  // the held sum (0 for a new key): the OR of hm, as a tree of levels
  // (node n of level l has the children 2n and 2n+1 of level l - 1)
  generate
    for (gl = 0; gl <= LG; gl = gl + 1) begin : g_or
      for (gi = 0; gi < (P >> gl); gi = gi + 1) begin : g_n
        wire [VW-1:0] t;
        if (gl == 0) begin : g_leaf
          if (gi < C) begin : g_c
            assign t = hm[gi];
          end else begin : g_pad
            assign t = {VW{1'b0}};
          end
        end else begin : g_in
          assign t = g_or[gl-1].g_n[2*gi].t | g_or[gl-1].g_n[2*gi+1].t;
        end
      end
    end
  endgenerate
  wire [VW-1:0] held = g_or[LG].g_n[0].t;
  wire hit = |eq;
  wire full = cv[C-1];
  wire ins = acc_i && !pop_i && !hit && !full;   // a new key goes in
  wire add = acc_i && !pop_i && hit;             // a held key adds
  assign ovf_o = acc_i && !pop_i && !hit && full;
  wire [VW-1:0] sum;
  sam_val_add #(.ValWidth(VW), .ValType(ValType)) u_add (
    .a_i(held), .b_i(val_i), .sum_o(sum));

  generate
    for (gi = 0; gi < C; gi = gi + 1) begin : g_cell
      reg          v_q;
      reg [KW-1:0] k_q;
      reg [VW-1:0] s_q;
      // the broadcast compare: the point's key is held here (e), or goes
      // below this cell's key (lt; an empty cell counts as larger than any
      // key, so lt is 0 ... 0 1 ... 1 over the cells and its first 1 is the
      // new key's place)
      wire e = v_q && (k_q == key_i);
      assign cv[gi] = v_q;
      assign ck[gi] = k_q;
      assign cs[gi] = s_q;
      assign eq[gi] = e;
      assign lt[gi] = !v_q || (key_i < k_q);
      assign hm[gi] = {VW{e}} & s_q;
      // neighbours: the lower one (its entry moves up on an insertion
      // below it; cell 0 has none) and the upper one (its entry moves down
      // on a pop; above the top cell there is an empty one)
      wire          lo_lt, lo_v, up_v;
      wire [KW-1:0] lo_k, up_k;
      wire [VW-1:0] lo_s, up_s;
      if (gi == 0) begin : g_lo0
        assign lo_lt = 1'b0;
        assign lo_v = 1'b0;
        assign lo_k = {KW{1'b0}};
        assign lo_s = {VW{1'b0}};
      end else begin : g_lo
        assign lo_lt = lt[gi-1];
        assign lo_v = cv[gi-1];
        assign lo_k = ck[gi-1];
        assign lo_s = cs[gi-1];
      end
      if (gi == C - 1) begin : g_up0
        assign up_v = 1'b0;
        assign up_k = k_q;
        assign up_s = s_q;
      end else begin : g_up
        assign up_v = cv[gi+1];
        assign up_k = ck[gi+1];
        assign up_s = cs[gi+1];
      end
      wire here = ins && lt[gi] && !lo_lt;   // the new key's place
      wire shift = ins && lo_lt;             // the entry below moves up
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          v_q <= 1'b0;
          k_q <= {KW{1'b0}};
          s_q <= {VW{1'b0}};
        end else if (pop_i) begin
          v_q <= up_v;
          k_q <= up_k;
          s_q <= up_s;
        end else if (here) begin
          v_q <= 1'b1;
          k_q <= key_i;
          s_q <= sum;
        end else if (shift) begin
          v_q <= lo_v;
          k_q <= lo_k;
          s_q <= lo_s;
        end else if (add && e) begin
          s_q <= sum;
        end
      end
    end
  endgenerate

  assign valid_o = cv[0];
  assign key_o   = ck[0];
  assign val_o   = cs[0];
  generate
    if (C > 1) begin : g_next
      assign next_valid_o = cv[1];
      assign next_key_o   = ck[1];
    end else begin : g_next0
      assign next_valid_o = 1'b0;
      assign next_key_o   = {KW{1'b0}};
    end
  endgenerate
  reg busy_q;
  always @(posedge clk_i) begin
    if (!rst_ni) busy_q <= 1'b0;
    else busy_q <= acc_i && !ovf_o;
  end
  assign busy_o = busy_q;
endmodule
