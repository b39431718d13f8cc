// sam_scan_skip_core - compressed level scanner with an ExTensor SkipTo
// input and a coarse-grain CAM (logic only; memories are outside).
//
// Token behaviour (SAM-SEMANTICS 2.1): for every reference r on in_ref it
// emits crd[seg[r]] .. crd[seg[r+1]-1] on out_crd with their positions on
// out_ref, then closes the fiber (next input Sk merged into S(k+1), else
// S0); an unmerged Sk becomes S(k+1); N becomes "N <closing stop>"; D
// becomes D.  out_crd and out_ref are aligned (same stops, N and D).
//
// Skipping (ExTensor section 5): in_skip carries skip hints about the
// fiber being scanned, offered whenever the head is a coordinate of it (the
// intersector's out_skip: the other inputs' heads).  A DATA token t is
// SkipTo(t): the rest of the current fiber below t need not be emitted.
// The CAM holds T (coordinate, address) samples of the current fiber:
// every coordinate if the fiber has S <= T of them, else every
// ceil(S/2^clog2(T))-th one.  A hint taken in a cycle in which the head is
// a coordinate is compared with the samples in that cycle; the next cycle
// picks the largest sampled coordinate below t and registers the jump with
// the item it belongs to: the coordinate read after that (two reads after
// the hint) starts after that sample, unless the scanner is already past
// it (a SkipTo whose target it has passed has no effect) or has moved to
// another item.  Only coordinates below t are ever dropped.  A STOP token
// on in_skip means "the other side's fiber has ended": the scanner jumps
// to this fiber's closing stop (registered in the hint's cycle, so one
// read later).  T = 0 builds the plain scanner
// (in_skip is accepted and ignored).
//
// The CAM has two banks, one per fiber in flight: the bank of the next
// fiber is filled through the second crd read port (cam_rd_*) while the
// current fiber streams, one entry per cycle, so filling costs no cycles.
// A fiber that starts before its bank is full uses the entries filled so
// far (a coarser but still correct lookup) and the fill goes on.
//
// Handshakes.  in_skip_ready_o is always high: a hint is never held, and
// it refers to the head of the same cycle, so connect out_crd/out_ref
// straight to the intersector (no FIFO).  out_crd and out_ref form a fork:
// each handshakes once per head.  in_ref_ready_o depends on registers and
// in_ref only (the descriptor slot is refilled only when it was empty at
// the start of the cycle); outputs come from registers (out_crd payload
// straight from the crd RAM output register).
//
// Memory ports: seg_rd_* reads seg[a] (lo) and seg[a+1] (hi), crd_rd_* and
// cam_rd_* read crd[a]; all synchronous (data the cycle after an enable)
// and holding their data while not enabled.
`include "sam_token.vh"

module sam_scan_skip_core #(
  parameter integer CrdWidth = 16,
  parameter integer RefWidth = 16,
  parameter integer T        = 32
) (
  input  wire                  clk_i,
  input  wire                  rst_ni,

  input  wire                  in_ref_valid_i,
  output reg                   in_ref_ready_o,
  input  wire [RefWidth+1:0]   in_ref_data_i,

  input  wire                  in_skip_valid_i,
  output wire                  in_skip_ready_o,
  input  wire [CrdWidth+1:0]   in_skip_data_i,

  output wire                  out_crd_valid_o,
  input  wire                  out_crd_ready_i,
  output wire [CrdWidth+1:0]   out_crd_data_o,

  output wire                  out_ref_valid_o,
  input  wire                  out_ref_ready_i,
  output wire [RefWidth+1:0]   out_ref_data_o,

  output reg                   seg_rd_en_o,
  output reg  [RefWidth-1:0]   seg_rd_addr_o,
  input  wire [RefWidth-1:0]   seg_rd_lo_i,
  input  wire [RefWidth-1:0]   seg_rd_hi_i,

  output reg                   crd_rd_en_o,
  output reg  [RefWidth-1:0]   crd_rd_addr_o,
  input  wire [CrdWidth-1:0]   crd_rd_data_i,

  output wire                  cam_rd_en_o,
  output wire [RefWidth-1:0]   cam_rd_addr_o,
  input  wire [CrdWidth-1:0]   cam_rd_data_i
);

  // Item kinds of the fiber descriptor queue.
  localparam [1:0] KFiber = 2'd0;   // coordinates lo..hi-1, then the stop
  localparam [1:0] KNfib  = 2'd1;   // N, then the stop
  localparam [1:0] KStop  = 2'd2;   // the stop only
  localparam [1:0] KDone  = 2'd3;   // D

  wire [1:0]          in_tag = in_ref_data_i[RefWidth+1:RefWidth];
  wire [RefWidth-1:0] in_pay = in_ref_data_i[RefWidth-1:0];

  // ---- intake: in_ref tokens -> one descriptor slot (nxt) -----------------
  reg                pend_v_q, pend_v_d;   // a reference waits for its stop
  reg                pend_n_q, pend_n_d;   // ... and it is N
  reg                done_in_q, done_in_d;
  reg                nxt_v_q, nxt_v_d;
  reg [1:0]          nxt_kind_q, nxt_kind_d;
  reg [RefWidth-1:0] nxt_lo_q, nxt_lo_d, nxt_hi_q, nxt_hi_d, nxt_stop_q, nxt_stop_d;
  reg                nxt_bank_q, nxt_bank_d;
  reg                nxt_ne_q, nxt_ne_d;    // lo < hi (the fiber has coordinates)
  reg                fib_par_q, fib_par_d;  // bank of the next fiber formed
  reg                nxt_take;              // output stage takes nxt
  reg                form;                  // intake writes nxt
  reg [1:0]          f_kind;
  reg [RefWidth-1:0] f_stop;
  // The slot takes a new descriptor only when it was empty at the start of
  // the cycle, so the intake does not wait for the output stage's decision
  // (which hangs on the consumer's ready).
  wire               nxt_free = !nxt_v_q;

  always @* begin
    in_ref_ready_o = 1'b0;
    seg_rd_en_o    = 1'b0;
    seg_rd_addr_o  = in_pay;
    form           = 1'b0;
    f_kind         = KFiber;
    f_stop         = {RefWidth{1'b0}};
    pend_v_d       = pend_v_q;
    pend_n_d       = pend_n_q;
    done_in_d      = done_in_q;
    if (in_ref_valid_i && !done_in_q) begin
      if (pend_v_q) begin
        if (nxt_free) begin
          form   = 1'b1;
          f_kind = pend_n_q ? KNfib : KFiber;
          if (in_tag == `SG_TK_STOP) begin
            f_stop         = in_pay + 1'b1;
            in_ref_ready_o = 1'b1;
            pend_v_d       = 1'b0;
          end else if (in_tag == `SG_TK_DONE) begin
            pend_v_d = 1'b0;                // D is taken next cycle
          end else begin
            in_ref_ready_o = 1'b1;          // next reference becomes pending
            pend_n_d       = (in_tag == `SG_TK_EMPTY);
            seg_rd_en_o    = (in_tag == `SG_TK_DATA);
          end
        end
      end else if (in_tag == `SG_TK_DATA || in_tag == `SG_TK_EMPTY) begin
        in_ref_ready_o = 1'b1;
        pend_v_d       = 1'b1;
        pend_n_d       = (in_tag == `SG_TK_EMPTY);
        seg_rd_en_o    = (in_tag == `SG_TK_DATA);
      end else if (nxt_free) begin
        form           = 1'b1;
        in_ref_ready_o = 1'b1;
        if (in_tag == `SG_TK_STOP) begin
          f_kind = KStop;
          f_stop = in_pay + 1'b1;
        end else begin
          f_kind    = KDone;
          done_in_d = 1'b1;
        end
      end
    end
  end

  always @* begin
    nxt_v_d    = nxt_v_q && !nxt_take;
    nxt_kind_d = nxt_kind_q;
    nxt_lo_d   = nxt_lo_q;
    nxt_hi_d   = nxt_hi_q;
    nxt_stop_d = nxt_stop_q;
    nxt_bank_d = nxt_bank_q;
    nxt_ne_d   = nxt_ne_q;
    fib_par_d  = fib_par_q;
    if (form) begin
      nxt_v_d    = 1'b1;
      nxt_kind_d = f_kind;
      nxt_lo_d   = (f_kind == KFiber) ? seg_rd_lo_i : {RefWidth{1'b0}};
      nxt_hi_d   = (f_kind == KFiber) ? seg_rd_hi_i : {RefWidth{1'b0}};
      nxt_stop_d = f_stop;
      nxt_bank_d = fib_par_q;
      nxt_ne_d   = seg_rd_lo_i < seg_rd_hi_i;
      if (f_kind == KFiber) fib_par_d = !fib_par_q;
    end
  end

  // ---- output stage: active item, head register ----------------------------
  reg                act_v_q, act_v_d;
  reg [1:0]          act_kind_q, act_kind_d;
  reg [RefWidth-1:0] act_hi_q, act_hi_d, act_stop_q, act_stop_d, ptr_q, ptr_d;
  reg                act_bank_q, act_bank_d;
  reg                act_gen_q, act_gen_d;    // toggles with every new active item
  reg                head_v_q, head_v_d;
  reg                head_mem_q, head_mem_d;  // coordinate from the crd RAM
  reg [1:0]          head_tag_q, head_tag_d;
  reg [RefWidth-1:0] head_pay_q, head_pay_d;  // ref payload (and stop level)
  reg                crd_sent_q, crd_sent_d, ref_sent_q, ref_sent_d;
  reg                fib_end;                 // the active fiber's stop is loaded

  wire pop  = head_v_q && (crd_sent_q || out_crd_ready_i) && (ref_sent_q || out_ref_ready_i);
  wire load = !head_v_q || pop;

  assign out_crd_valid_o = head_v_q && !crd_sent_q;
  assign out_ref_valid_o = head_v_q && !ref_sent_q;
  // A stop's level on out_crd (the reference payload fitted to CrdWidth).
  wire [CrdWidth-1:0] head_lvl;
  generate
    if (RefWidth >= CrdWidth) begin : g_lvl_cut
      assign head_lvl = head_pay_q[CrdWidth-1:0];
    end else begin : g_lvl_ext
      assign head_lvl = {{(CrdWidth-RefWidth){1'b0}}, head_pay_q};
    end
  endgenerate
  assign out_crd_data_o  = head_mem_q ? {`SG_TK_DATA, crd_rd_data_i}
                                      : {head_tag_q, head_lvl};
  assign out_ref_data_o  = {head_tag_q, head_pay_q};
  assign in_skip_ready_o = 1'b1;

  // A hint is used only while the head is a coordinate of the active fiber.
  wire hint_v = in_skip_valid_i && head_mem_q;
  wire [RefWidth-1:0] eff_ptr;   // next read address after any skip
  wire                eff_in;    // eff_ptr < act_hi_q (the fiber goes on)
  wire [RefWidth-1:0] eff_nxt;   // eff_ptr + 1 (both sums side by side)
  wire                eff_nxt_in; // eff_nxt < act_hi_q
  // ptr_q < act_hi_q, kept in a register (updated from the compares of the
  // next pointer's candidates), so that "the fiber goes on", which decides
  // whether the next item is taken, is not a compare in front of the
  // active item's register enables.
  reg                 ptr_in_q, ptr_in_d;

  always @* begin
    act_v_d     = act_v_q;
    act_kind_d  = act_kind_q;
    act_hi_d    = act_hi_q;
    act_stop_d  = act_stop_q;
    act_bank_d  = act_bank_q;
    act_gen_d   = act_gen_q;
    ptr_d       = ptr_q;
    ptr_in_d    = ptr_in_q;
    head_v_d    = head_v_q;
    head_mem_d  = head_mem_q;
    head_tag_d  = head_tag_q;
    head_pay_d  = head_pay_q;
    crd_sent_d  = crd_sent_q || (out_crd_valid_o && out_crd_ready_i);
    ref_sent_d  = ref_sent_q || (out_ref_valid_o && out_ref_ready_i);
    crd_rd_en_o   = 1'b0;
    crd_rd_addr_o = eff_ptr;
    nxt_take    = 1'b0;
    fib_end     = 1'b0;
    if (load) begin
      crd_sent_d = 1'b0;
      ref_sent_d = 1'b0;
      head_v_d   = 1'b0;
      head_mem_d = 1'b0;
      if (act_v_q) begin
        head_v_d = 1'b1;
        case (act_kind_q)
          KFiber: begin
            if (eff_in) begin
              crd_rd_en_o = 1'b1;
              head_mem_d  = 1'b1;
              head_tag_d  = `SG_TK_DATA;
              head_pay_d  = eff_ptr;
              ptr_d       = eff_nxt;
              ptr_in_d    = eff_nxt_in;
            end else begin
              head_tag_d = `SG_TK_STOP;
              head_pay_d = act_stop_q;
              act_v_d    = 1'b0;
              fib_end    = 1'b1;
            end
          end
          KNfib: begin
            head_tag_d = `SG_TK_EMPTY;
            head_pay_d = {RefWidth{1'b0}};
            act_kind_d = KStop;
          end
          KStop: begin
            head_tag_d = `SG_TK_STOP;
            head_pay_d = act_stop_q;
            act_v_d    = 1'b0;
          end
          default: begin
            head_tag_d = `SG_TK_DONE;
            head_pay_d = {RefWidth{1'b0}};
            act_v_d    = 1'b0;
          end
        endcase
      end
    end
    if (!act_v_d && nxt_v_q) begin
      nxt_take   = 1'b1;
      act_v_d    = 1'b1;
      act_kind_d = nxt_kind_q;
      act_hi_d   = nxt_hi_q;
      act_stop_d = nxt_stop_q;
      act_bank_d = nxt_bank_q;
      act_gen_d  = !act_gen_q;
      ptr_d      = nxt_lo_q;
      ptr_in_d   = nxt_ne_q;
    end
  end

  // ---- coarse-grain CAM ------------------------------------------------------
  generate
    if (T == 0) begin : g_nocam
      assign eff_ptr       = ptr_q;
      assign eff_in        = ptr_in_q;
      assign eff_nxt       = ptr_q + 1'b1;
      assign eff_nxt_in    = {1'b0, ptr_q} + 1'b1 < {1'b0, act_hi_q};
      assign cam_rd_en_o   = 1'b0;
      assign cam_rd_addr_o = {RefWidth{1'b0}};
      // Without a CAM the skip payload and the fill port are not used.
      wire unused_nocam = &{1'b0, hint_v, in_skip_data_i, cam_rd_data_i, act_gen_q, fib_end};
    end else begin : g_cam
      localparam integer LogT = (T > 1) ? $clog2(T) : 1;

      // Entry i (bank i / T, index i % T) of the coordinates and addresses.
      reg [2*T*CrdWidth-1:0] cam_crd_q;
      reg [2*T*RefWidth-1:0] cam_adr_q;
      reg [2*T-1:0]      cam_vld_q;
      reg [2*T-1:0]      cam_in_q;    // the entry's address lies below its fiber's end
      localparam [T-1:0]   OneT = 1;
      reg [2*T-1:0]      fb_oh_q;     // bank b's next entry, one-hot in bits b*T +: T
      reg [RefWidth-1:0] fb_addr_q [0:1];
      // The stride and the remaining size are kept minus one, so that a new
      // fiber's stride is one carry chain from the seg words:
      // ceil(S/T) - 1 = (S-1) >> log2 T = (hi + ~lo) >> log2 T, which is 0
      // for S <= T (every coordinate sampled).
      reg [RefWidth-1:0] fb_sm1_q [0:1];     // stride - 1
      reg [RefWidth-1:0] fb_rm1_q [0:1];     // hi - addr - 1
      reg [1:0]          fb_more_q;   // bank b still fills: k < T and addr < hi
      reg [1:0]          fb_use_q;    // bank b holds the active or the next fiber
      reg [2*T-1:0]      fl_we_q;     // entry written with the fill's read data
      reg [RefWidth-1:0] fl_adr1_q;   // the fill read's address + 1
      reg                fl_in_q;     // ... lies below its fiber's end

      // Fill: the active fiber's bank first, then the next fiber's.
      // A bank is full after T entries or at the end of its fiber; that test
      // is kept in a register per bank (fb_more_q), updated with the test of
      // the bank's next state, computed ahead from its registers (fb_more2).
      // A bank is in use (fb_use_q) from its fiber's formation until that
      // fiber leaves the active item: then it is the active or the next
      // fiber's, and with both in use the active one is act_bank_q.
      wire [1:0] fb_want = fb_use_q & fb_more_q;
      wire a_fill = act_bank_q ? fb_want[1] : fb_want[0];
      wire fill_v    = |fb_want;
      reg  [1:0]     fb_more2;
      integer fb;
      always @* begin
        // addr + stride < hi, i.e. stride < hi - addr, i.e. (stride - 1) <
        // (hi - addr - 1): one compare.
        for (fb = 0; fb < 2; fb = fb + 1)
          fb_more2[fb] = !fb_oh_q[fb * T + T - 1] && fb_sm1_q[fb] < fb_rm1_q[fb];
      end
      wire fill_bank = a_fill ? act_bank_q : fb_want[1];
      assign cam_rd_en_o   = fill_v;
      assign cam_rd_addr_o = fb_addr_q[fill_bank];

      // New fiber: size S, samples every stride-th coordinate (S-1 and
      // stride-1 are don't-cares for an empty fiber, which is never filled).
      wire [RefWidth-1:0] f_sm1    = seg_rd_hi_i + ~seg_rd_lo_i;   // S - 1
      wire [RefWidth-1:0] f_stm1   = f_sm1 >> LogT;               // stride - 1
      wire                f_new    = form && f_kind == KFiber;
      wire                f_pre    = pend_v_q && !pend_n_q && nxt_free;
      // fb_addr + stride and rm1 - stride as single sums (carry in 1, ~x).
      wire [RefWidth:0]   fb_step0 = {fb_addr_q[0], 1'b1} + {fb_sm1_q[0], 1'b1};
      wire [RefWidth:0]   fb_step1 = {fb_addr_q[1], 1'b1} + {fb_sm1_q[1], 1'b1};

      // Lookup, over two cycles.  Stage 1, in the cycle of the hint: the
      // target is compared with the active bank's T entries and the compare
      // bits are registered (lk_*) with the active item's generation.
      // Entries are sorted, so "sample < target" is a run of ones from entry
      // 0.  Stage 2, the next cycle: if the item is still the same, a binary
      // search tree of LogT mux levels picks the address of the run's last
      // entry (entries hold the address after their sample), registered in
      // jmp_* with the generation.  A STOP hint needs no lookup: the fiber's
      // end goes into jmp_* in the hint's own cycle (it has priority: no
      // address of the fiber lies beyond it).  The next crd read starts at
      // jmp_adr if that lies ahead of the read pointer and the item is still
      // the one it was looked up in.  Targets of one fiber never decrease,
      // so a newer jump supersedes an older one; a jump of an earlier item
      // is dropped at every stage (each stage spans one cycle, so the item
      // can change at most once in it).
      wire                sk_stop = in_skip_data_i[CrdWidth+1:CrdWidth] != `SG_TK_DATA;
      wire [CrdWidth-1:0] sk_tgt  = in_skip_data_i[CrdWidth-1:0];
      reg                 jmp_v_q, jmp_gen_q, jmp_in_q;
      reg  [RefWidth-1:0] jmp_adr_q;
      reg                 lk_v_q, lk_gen_q;
      reg  [T-1:0]        lk_lt_q;
      reg  [T-1:0]        lt;
      reg  [RefWidth:0]   tree [1:2*T-1];   // {in, address}; node i: children 2i, 2i+1; leaves T..2T-1
      integer k, gd, gi;
      always @* begin
        // The active bank's entries are selected first (registers only),
        // so that the target meets T comparators, not 2T.
        for (k = 0; k < T; k = k + 1) begin
          lt[k] = (act_bank_q ? cam_vld_q[T + k] : cam_vld_q[k]) &&
                  (act_bank_q ? cam_crd_q[(T + k) * CrdWidth +: CrdWidth]
                              : cam_crd_q[k * CrdWidth +: CrdWidth]) < sk_tgt;
          tree[T + k] = act_bank_q ? {cam_in_q[T + k], cam_adr_q[(T + k) * RefWidth +: RefWidth]}
                                   : {cam_in_q[k], cam_adr_q[k * RefWidth +: RefWidth]};
        end
        // Node 2^d + i covers entries i*(T>>d) .. (i+1)*(T>>d)-1 and takes
        // its upper half when the first entry of that half is below the
        // target; bottom-up, deepest level first.
        for (gd = LogT - 1; gd >= 0; gd = gd - 1)
          if ((1 << gd) < T)
            for (gi = 0; gi < (1 << gd); gi = gi + 1)
              tree[(1 << gd) + gi] = lk_lt_q[gi * (T >> gd) + (T >> (gd + 1))]
                                   ? tree[2 * ((1 << gd) + gi) + 1]
                                   : tree[2 * ((1 << gd) + gi)];
      end
      wire                st_v   = hint_v && sk_stop;
      wire                lk_ok  = lk_v_q && lk_lt_q[0] && lk_gen_q == act_gen_q;
      wire                jmp_ok = jmp_v_q && jmp_gen_q == act_gen_q;
      // Three compares side by side, so that "the fiber goes on" is not a
      // compare behind the address multiplexer.
      wire                jmp_sel = jmp_ok && jmp_adr_q > ptr_q;
      assign eff_ptr = jmp_sel ? jmp_adr_q : ptr_q;
      // eff_ptr < act_hi_q: both candidates' flags are registers (jmp_in_q
      // for the jump address), and max(ptr, jmp) lies below act_hi_q when
      // both do.
      assign eff_in  = ptr_in_q && (!jmp_ok || jmp_in_q);
      assign eff_nxt = jmp_sel ? jmp_adr_q + 1'b1 : ptr_q + 1'b1;
      assign eff_nxt_in = jmp_sel ? {1'b0, jmp_adr_q} + 1'b1 < {1'b0, act_hi_q}
                                  : {1'b0, ptr_q} + 1'b1 < {1'b0, act_hi_q};

      always @(posedge clk_i) begin
        if (!rst_ni) begin
          lk_v_q   <= 1'b0;
          lk_gen_q <= 1'b0;
          lk_lt_q  <= {T{1'b0}};
        end else begin
          lk_v_q   <= hint_v && !sk_stop;
          lk_gen_q <= act_gen_q;
          lk_lt_q  <= lt;
        end
      end

      always @(posedge clk_i) begin
        if (!rst_ni) begin
          jmp_v_q   <= 1'b0;
          jmp_gen_q <= 1'b0;
          jmp_in_q  <= 1'b0;
          jmp_adr_q <= {RefWidth{1'b0}};
        end else begin
          jmp_v_q <= st_v || lk_ok || jmp_ok;
          if (st_v || lk_ok) jmp_gen_q <= act_gen_q;
          if (st_v) begin
            jmp_adr_q <= act_hi_q;
            jmp_in_q  <= 1'b0;
          end else if (lk_ok) begin
            jmp_adr_q <= tree[1][RefWidth-1:0];
            jmp_in_q  <= tree[1][RefWidth];
          end
        end
      end

      // The entry a fill read goes to is decoded when the read is issued
      // (one-hot fl_we_q); a read of a bank that a new fiber takes over in
      // the same cycle writes nothing.
      // (A new fiber never takes over the bank being filled: it goes to
      // fib_par_q, while the filled bank is the next fiber's, and then no
      // fiber is formed, or the active fiber's, which is then the last one
      // formed, in the other bank.)
      wire [1:0]         fill_b = {fill_v && fill_bank, fill_v && !fill_bank};
      // addr + 1 < hi  <=>  hi - addr - 1 != 0: no carry chain.
      wire [RefWidth-1:0] fl_rm1  = fb_rm1_q[fill_bank];
      integer b;
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          cam_vld_q <= {2*T{1'b0}};
          fb_more_q <= 2'b00;
          fb_use_q  <= 2'b00;
          fb_oh_q   <= {2*T{1'b0}};
          fl_we_q   <= {2*T{1'b0}};
          fl_adr1_q <= {RefWidth{1'b0}};
          fl_in_q   <= 1'b0;
          for (b = 0; b < 2; b = b + 1) begin
            fb_addr_q[b]   <= {RefWidth{1'b0}};
            fb_sm1_q[b]    <= {RefWidth{1'b0}};
            fb_rm1_q[b]    <= {RefWidth{1'b0}};
          end
        end else begin
          for (b = 0; b < 2 * T; b = b + 1)
            fl_we_q[b] <= fill_b[b / T] && fb_oh_q[b];
          fl_adr1_q <= fb_addr_q[fill_bank] + 1'b1;
          fl_in_q   <= |fl_rm1;
          for (b = 0; b < 2; b = b + 1)
            if (fill_v && fill_bank == b[0]) begin
              fb_oh_q[b * T +: T] <= fb_oh_q[b * T +: T] << 1;
              fb_addr_q[b] <= b[0] ? fb_step1[RefWidth:1] : fb_step0[RefWidth:1];
              fb_rm1_q[b]  <= fb_rm1_q[b] + ~fb_sm1_q[b];
              fb_more_q[b] <= fb_more2[b];
            end
          for (b = 0; b < 2 * T; b = b + 1)
            if (fl_we_q[b]) begin
              cam_crd_q[b * CrdWidth +: CrdWidth] <= cam_rd_data_i;
              cam_adr_q[b * RefWidth +: RefWidth] <= fl_adr1_q;
              cam_in_q[b] <= fl_in_q;
              cam_vld_q[b] <= 1'b1;
            end
          if (fib_end) fb_use_q[act_bank_q] <= 1'b0;
          if (f_new) fb_use_q[fib_par_q] <= 1'b1;
          // The next fiber's bank is set up from the pending reference's seg
          // words in every cycle before the fiber is formed, and in that
          // cycle: the bank is free then (with the descriptor slot empty
          // only the active fiber holds a bank, the other one), and its fill
          // starts when the fiber is formed (fb_use_q).  So the setup does
          // not wait for in_ref.
          if (f_pre) begin
            if (fib_par_q) fb_oh_q[2*T-1:T] <= OneT;
            else           fb_oh_q[T-1:0]   <= OneT;
            fb_addr_q[fib_par_q]   <= seg_rd_lo_i;
            fb_sm1_q[fib_par_q]    <= f_stm1;
            fb_more_q[fib_par_q]   <= seg_rd_lo_i < seg_rd_hi_i;
            fb_rm1_q[fib_par_q]    <= f_sm1;
            if (fib_par_q) cam_vld_q[2*T-1:T] <= {T{1'b0}};
            else           cam_vld_q[T-1:0]   <= {T{1'b0}};
          end
        end
      end
      wire unused_cam = &{1'b0, fb_step0[0], fb_step1[0]};
    end
  endgenerate

  // ---- registers ---------------------------------------------------------------
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      pend_v_q   <= 1'b0;
      pend_n_q   <= 1'b0;
      done_in_q  <= 1'b0;
      nxt_v_q    <= 1'b0;
      nxt_kind_q <= KFiber;
      nxt_lo_q   <= {RefWidth{1'b0}};
      nxt_hi_q   <= {RefWidth{1'b0}};
      nxt_stop_q <= {RefWidth{1'b0}};
      nxt_bank_q <= 1'b0;
      nxt_ne_q   <= 1'b0;
      fib_par_q  <= 1'b0;
      act_v_q    <= 1'b0;
      act_kind_q <= KFiber;
      act_hi_q   <= {RefWidth{1'b0}};
      act_stop_q <= {RefWidth{1'b0}};
      act_bank_q <= 1'b0;
      act_gen_q  <= 1'b0;
      ptr_q      <= {RefWidth{1'b0}};
      ptr_in_q   <= 1'b0;
      head_v_q   <= 1'b0;
      head_mem_q <= 1'b0;
      head_tag_q <= `SG_TK_DATA;
      head_pay_q <= {RefWidth{1'b0}};
      crd_sent_q <= 1'b0;
      ref_sent_q <= 1'b0;
    end else begin
      pend_v_q   <= pend_v_d;
      pend_n_q   <= pend_n_d;
      done_in_q  <= done_in_d;
      nxt_v_q    <= nxt_v_d;
      nxt_kind_q <= nxt_kind_d;
      nxt_lo_q   <= nxt_lo_d;
      nxt_hi_q   <= nxt_hi_d;
      nxt_stop_q <= nxt_stop_d;
      nxt_bank_q <= nxt_bank_d;
      nxt_ne_q   <= nxt_ne_d;
      fib_par_q  <= fib_par_d;
      act_v_q    <= act_v_d;
      act_kind_q <= act_kind_d;
      act_hi_q   <= act_hi_d;
      act_stop_q <= act_stop_d;
      act_bank_q <= act_bank_d;
      act_gen_q  <= act_gen_d;
      ptr_q      <= ptr_d;
      ptr_in_q   <= ptr_in_d;
      head_v_q   <= head_v_d;
      head_mem_q <= head_mem_d;
      head_tag_q <= head_tag_d;
      head_pay_q <= head_pay_d;
      crd_sent_q <= crd_sent_d;
      ref_sent_q <= ref_sent_d;
    end
  end

endmodule
