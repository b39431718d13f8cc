// sam_workspace - dense accumulation workspace of sam_spacc and
// sam_vectorreducer: sums in an inferable RAM (one synchronous read port,
// one write port; block RAM on FPGAs) and one occupancy bit per entry.
//
// Accumulation: acc_i takes a point (addr_i, val_i) in this cycle.  Its
// entry is read in that cycle (when rd_en_i), its old sum is selected in the
// next one (stage 1) and the new sum written in the one after (stage 2); a
// point that hits an entry still being summed takes the sum by forwarding,
// so points go at one per cycle.  N values come in as 0 (the parent's job).
// busy_o: a point is in stage 1 (its occupancy bit goes in this cycle).
//
// Occupancy: 2**AW bits in words of 2**LW bits (the parent chooses LW): the
// lowest occupied word in a register (cw, with its index cw_idx_o), the
// others in an array with one summary bit per word.  A word of the array is
// meaningful only while its summary bit is set (the array has no reset: a
// word is written whole); cw is empty only when the whole workspace is.
// Emission: ent_addr_o is the lowest occupied entry of cw (a find-first on
// the word); ent_i removes it from cw, ld_i moves the next occupied word
// (nw_idx_o, a find-first on the summary) into cw instead, so nothing scans
// the whole workspace.  cw_rest_nz_o: cw has entries besides ent_addr_o;
// any_o: an occupied word besides cw.  ld_i wins over ent_i, and both over
// the occupancy of a point in stage 1 (the parents never do both at once).
//
// Reads: with rd_en_i the RAM reads ent_addr_o when ent_rd_i, else addr_i,
// into its read register; ent_val_o is that register, or the sum written in
// the cycle of the read when the entry was being written then (so it is the
// emitted entry's sum in the cycle after its read).

module sam_workspace #(
  parameter integer ValWidth = 32,
  parameter integer ValType  = 0,    // 0 integer, 1 fp32, 2 bf16 (sam_val_add)
  parameter integer AW       = 6,    // entry address bits (>= LW + 1)
  parameter integer LW       = 3     // log2 of the occupancy word's bits
) (
  input  wire                clk_i,
  input  wire                rst_ni,
  // a point into the workspace
  input  wire                acc_i,
  input  wire [AW-1:0]       addr_i,
  input  wire [ValWidth-1:0] val_i,
  output wire                busy_o,
  // the RAM read: enable, and whether it is for the entry being emitted
  input  wire                rd_en_i,
  input  wire                ent_rd_i,
  // emission
  input  wire                ent_i,
  input  wire                ld_i,
  output wire                cw_valid_o,
  output wire                cw_rest_nz_o,
  output wire                any_o,
  output wire [AW-LW-1:0]    cw_idx_o,
  output wire [AW-LW-1:0]    nw_idx_o,
  output wire [AW-1:0]       ent_addr_o,
  output wire [ValWidth-1:0] ent_val_o
);
  localparam integer NB = 1 << LW;       // bits per word
  localparam integer WW = AW - LW;       // word index bits (>= 1)
  localparam integer NW = 1 << WW;       // words
  localparam integer MW = (NW > NB) ? NW : NB;
  localparam [ValWidth-1:0] VZero = {ValWidth{1'b0}};

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
  // stage 1, the point taken last cycle: its entry's address, value and
  // occupancy (set in the occupancy now); its old sum arrives in rd_q
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

  wire [WW-1:0] in_w = addr_i[AW-1:LW];
  wire [LW-1:0] in_b = addr_i[LW-1:0];
  wire          cw_v = cw_v_q;
  wire [NB-1:0] in_word = (cw_v && in_w == cw_idx_q) ? cw_q :
                          sum_q[in_w] ? occ_q[in_w] : {NB{1'b0}};
  wire          in_occ = in_word[in_b];
  wire [WW-1:0] pw = pa_q[AW-1:LW];
  wire [NB-1:0] p_bit = {{(NB-1){1'b0}}, 1'b1} << pa_q[LW-1:0];
  wire [NB-1:0] p_word = (sum_q[pw] ? occ_q[pw] : {NB{1'b0}}) | p_bit;
  // a point's write: into cw_q (its word, or a lower one that takes cw_q's
  // place while the old cw_q word goes back to occ_q) or into occ_q
  wire pw_lt = lt_fn(pw, cw_idx_q);
  wire p_in_cw = !cw_v || pw == cw_idx_q;
  wire p_below = cw_v && pw_lt;
  wire          occ_we = p_q && !p_in_cw;
  wire [WW-1:0] occ_wa = p_below ? cw_idx_q : pw;
  wire [NB-1:0] occ_wd = p_below ? cw_q : p_word;

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
  wire [NB-1:0] cw_rest = cw_q & ~cw_1h;
  wire          rest_nz = |cw_rest;
  wire [AW-1:0] ent_addr = {cw_idx_q, cw_bit};

  // the point in the write stage: its sum
  wire [ValWidth-1:0] new_v;
  sam_val_add #(.ValWidth(ValWidth), .ValType(ValType)) u_add (
    .a_i(old2_q), .b_i(v2_q), .sum_o(new_v));
  wire [ValWidth-1:0] old_v = fw2_q ? new_v : fww_q ? wval_q : (pocc_q ? rd_q : VZero);

  always @(posedge clk_i) begin
    if (!rst_ni) begin
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
    end else begin
      // accumulate: the point taken last cycle writes its sum next cycle
      p_q <= acc_i;
      if (acc_i) begin
        pa_q <= addr_i;
        pv_q <= val_i;
        pocc_q <= in_occ;
        fw2_q <= p_q && (addr_i == pa_q);
        fww_q <= p2_q && (addr_i == a2_q);
      end
      p2_q <= p_q;
      if (p_q) begin
        a2_q <= pa_q;
        v2_q <= pv_q;
        old2_q <= old_v;
      end
      wval_q <= new_v;
      if (rd_en_i) begin
        byp_q <= ent_rd_i && p2_q && (ent_addr == a2_q);
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
      if (ld_i) begin
        cw_q <= occ_q[nw_idx];
        cw_idx_q <= nw_idx;
        cw_v_q <= 1'b1;
        sum_q[nw_idx] <= 1'b0;
      end else if (ent_i) begin
        cw_q <= cw_rest;
        cw_v_q <= rest_nz;
      end
    end
  end

  // the RAM: a point's read or an emitted entry's read (whenever the parent
  // lets rd_q go), and the write of the point in stage 2
  wire [AW-1:0] ram_ra = ent_rd_i ? ent_addr : addr_i;
  always @(posedge clk_i) begin
    if (occ_we) occ_q[occ_wa] <= occ_wd;
  end
  always @(posedge clk_i) begin
    if (p2_q) ws_q[a2_q] <= new_v;
    if (rd_en_i) rd_q <= ws_q[ram_ra];
  end

  assign busy_o       = p_q;
  assign cw_valid_o   = cw_v;
  assign cw_rest_nz_o = rest_nz;
  assign any_o        = |sum_q;
  assign cw_idx_o     = cw_idx_q;
  assign nw_idx_o     = nw_idx;
  assign ent_addr_o   = ent_addr;
  assign ent_val_o    = byp_q ? byp_val_q : rd_q;
endmodule
