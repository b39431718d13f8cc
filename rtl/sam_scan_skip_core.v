// sam_scan_skip_core - compressed level scanner with an ExTensor SkipTo
// input and a coarse-grain CAM (the level's memories are outside; the CAM's
// sample addresses are a small memory inside, a block RAM on FPGAs).
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
  localparam [RefWidth-1:0] TwoR = 2;

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
  reg [RefWidth-1:0] nxt_sm1_q, nxt_sm1_d;  // hi - lo - 1 (its size - 1)
  reg                fib_par_q, fib_par_d;  // bank of the next fiber formed
  reg                nxt_take;              // output stage takes nxt
  reg                form;                  // intake writes nxt
  reg [1:0]          f_kind;
  reg [RefWidth-1:0] f_stop;
  // The slot takes a new descriptor only when it was empty at the start of
  // the cycle, so the intake does not wait for the output stage's decision
  // (which hangs on the consumer's ready).
  wire               nxt_free = !nxt_v_q;
  // A fiber's size - 1 from its seg words (don't-care for an empty one),
  // and whether it has coordinates (lo < hi) as that sum's carry out: hi +
  // ~lo = hi - lo - 1 + 2^RefWidth carries exactly when hi > lo.
  wire [RefWidth:0]   f_sum = {1'b0, seg_rd_hi_i} + {1'b0, ~seg_rd_lo_i};
  wire [RefWidth-1:0] f_sm1 = f_sum[RefWidth-1:0];
  wire                f_ne  = f_sum[RefWidth];

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
    nxt_sm1_d  = nxt_sm1_q;
    fib_par_d  = fib_par_q;
    if (form) begin
      nxt_v_d    = 1'b1;
      nxt_kind_d = f_kind;
      nxt_lo_d   = (f_kind == KFiber) ? seg_rd_lo_i : {RefWidth{1'b0}};
      nxt_hi_d   = (f_kind == KFiber) ? seg_rd_hi_i : {RefWidth{1'b0}};
      nxt_stop_d = f_stop;
      nxt_bank_d = fib_par_q;
      nxt_ne_d   = f_ne;
      nxt_sm1_d  = f_sm1;
      if (f_kind == KFiber) fib_par_d = !fib_par_q;
    end
  end

  // ---- output stage: active item, head register ----------------------------
  reg                act_v_q, act_v_d;
  reg [1:0]          act_kind_q, act_kind_d;
  reg [RefWidth-1:0] act_hm1_q, act_hm1_d;  // the active fiber's hi - 1
  reg [RefWidth-1:0] act_hm2_q, act_hm2_d;  // ... and hi - 2
  reg [RefWidth-1:0] act_stop_q, act_stop_d, ptr_q;
  reg                act_bank_q, act_bank_d;
  reg                head_v_q, head_v_d;
  reg                head_mem_q, head_mem_d;  // coordinate from the crd RAM
  reg [1:0]          head_tag_q, head_tag_d;
  reg [RefWidth-1:0] head_pay_q, head_pay_d;  // ref payload (and stop level)
  reg                crd_sent_q, crd_sent_d, ref_sent_q, ref_sent_d;
  wire                load;

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
  wire                eff_in;    // eff_ptr < hi (the fiber goes on)
  wire [RefWidth-1:0] eff_nxt;   // eff_ptr + 1 (both sums side by side)
  wire                eff_nxt_in;  // eff_nxt < hi
  wire                eff_nxt_in2; // eff_nxt + 1 < hi (if eff_nxt < hi)
  // Whether the fiber goes on is kept in registers, not compared: ptr_in_q
  // is ptr_q < hi and ptr_in2_q is ptr_q + 1 < hi (meaningful while
  // ptr_in_q holds).  A read of address a (known to lie below hi) moves
  // the pointer to a + 1; then a + 1 < hi is ptr_in2_q for a sequential
  // read and a != hi - 1 for a jump, and a + 2 < hi is, given that,
  // a != hi - 2: equalities with registers (act_hm1_q, act_hm2_q), not a
  // carry chain behind the pointer's multiplexers in front of the decision
  // to take the next item.
  // eff_in itself is a register too (eff_in_q = ptr_in_q && !jmp_blk_q,
  // formed from both registers' next values), since every decision of the
  // output stage waits for it.
  reg                 ptr_in_q, ptr_in2_q, eff_in_q;
  assign eff_in = eff_in_q;

  // The stage's decisions (pop, load, the read, the end of the active
  // fiber, taking the next descriptor).
  wire                jmp_blk_d; // a jump that ends the fiber (the CAM's), next cycle
  wire                rd, take, fib_end;
  sam_scan_skip_ctl u_ctl (
    .head_v_i    (head_v_q),
    .crd_sent_i  (crd_sent_q),
    .ref_sent_i  (ref_sent_q),
    .crd_ready_i (out_crd_ready_i),
    .ref_ready_i (out_ref_ready_i),
    .act_v_i     (act_v_q),
    .act_kind_i  (act_kind_q),
    .eff_in_i    (eff_in_q),
    .nxt_v_i     (nxt_v_q),
    .load_o      (load),
    .rd_o        (rd),
    .fib_end_o   (fib_end),
    .take_o      (take)
  );
  always @* begin
    crd_rd_en_o = rd;
    nxt_take    = take;
  end

  always @* begin
    act_v_d     = act_v_q;
    act_kind_d  = act_kind_q;
    act_hm1_d   = act_hm1_q;
    act_hm2_d   = act_hm2_q;
    act_stop_d  = act_stop_q;
    act_bank_d  = act_bank_q;
    head_v_d    = head_v_q;
    head_mem_d  = head_mem_q;
    head_tag_d  = head_tag_q;
    head_pay_d  = head_pay_q;
    crd_sent_d  = crd_sent_q || (out_crd_valid_o && out_crd_ready_i);
    ref_sent_d  = ref_sent_q || (out_ref_valid_o && out_ref_ready_i);
    crd_rd_addr_o = eff_ptr;
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
              head_mem_d  = 1'b1;
              head_tag_d  = `SG_TK_DATA;
              head_pay_d  = eff_ptr;
            end else begin
              head_tag_d = `SG_TK_STOP;
              head_pay_d = act_stop_q;
              act_v_d    = 1'b0;
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
    if (nxt_take) begin
      act_v_d    = 1'b1;
      act_kind_d = nxt_kind_q;
      act_hm1_d  = nxt_hi_q - 1'b1;
      act_hm2_d  = nxt_hi_q - TwoR;
      act_stop_d = nxt_stop_q;
      act_bank_d = nxt_bank_q;
    end
  end

  // ---- coarse-grain CAM ------------------------------------------------------
  generate
    if (T == 0) begin : g_nocam
      assign eff_ptr       = ptr_q;
      assign jmp_blk_d     = 1'b0;
      assign eff_nxt       = ptr_q + 1'b1;
      assign eff_nxt_in    = ptr_in2_q;
      assign eff_nxt_in2   = ptr_q != act_hm2_q;
      assign cam_rd_en_o   = 1'b0;
      assign cam_rd_addr_o = {RefWidth{1'b0}};
      // Without a CAM the skip payload and the fill port are not used.
      wire unused_nocam = &{1'b0, hint_v, in_skip_data_i, cam_rd_data_i, fib_end};
    end else begin : g_cam
      localparam integer LogT = (T > 1) ? $clog2(T) : 1;
      localparam [RefWidth-1:0] OneR = 1;

      // Entry i (bank i / T, index i % T): its coordinate and whether it is
      // written.  The addresses after the samples are read one at a time, by
      // the lookup's second stage, so they live in a memory (cam_adr_m: a
      // block RAM on FPGAs, 2T words) whose read register is the jump
      // address.  Per bank, the entry a jump must know of before its
      // address is read: the one whose address after its sample is the
      // fiber's end (its sample is the fiber's last coordinate), with its
      // coordinate (ce_v_q: written, ce_crd_q).
      reg [2*T*CrdWidth-1:0] cam_crd_q;
      reg [2*T-1:0]      cam_vld_q;
      reg [1:0]          ce_v_q;
      reg [CrdWidth-1:0] ce_crd_q0, ce_crd_q1;
      // (A lookup never reads an entry in the cycle it is written, so the
      // memory needs no logic for a read and write of one address.)
      (* no_rw_check *)
      reg [RefWidth-1:0] cam_adr_m [0:(2 << LogT)-1];
      localparam [T-1:0]   OneT = 1;
      reg [2*T-1:0]      fb_oh_q;     // bank b's next entry, one-hot in bits b*T +: T
      reg [LogT-1:0]     fb_k_q [0:1];      // ... and as an index
      reg [RefWidth-1:0] fb_addr_q [0:1];
      // The stride and the remaining size are kept minus one, so that a new
      // fiber's stride is one carry chain from the seg words:
      // ceil(S/T) - 1 = (S-1) >> log2 T = (hi + ~lo) >> log2 T, which is 0
      // for S <= T (every coordinate sampled).
      reg [RefWidth-1:0] fb_sm1_q [0:1];     // stride - 1
      reg [RefWidth-1:0] fb_rm1_q [0:1];     // hi - addr - 1
      reg [RefWidth-1:0] fb_nsm1_q0, fb_nsm1_q1;   // ~(stride - 1), per bank
      reg [1:0]          fb_more_q;   // bank b still fills: k < T and addr < hi
      reg [1:0]          fb_use_q;    // bank b holds the active or the next fiber
      reg [1:0]          fb_want_q;   // fb_use_q & fb_more_q
      reg [2*T-1:0]      fl_we_q;     // entry written with the fill's read data
      reg                fl_wv_q;     // ... any entry (cam_adr_m written)
      reg [LogT:0]       fl_wa_q;     // ... as {bank, index}
      reg [RefWidth-1:0] fl_adr1_q;   // the fill read's address + 1
      reg                fl_in_q;     // ... lies below its fiber's end

      // Fill: the active fiber's bank first, then the next fiber's.
      // A bank is full after T entries or at the end of its fiber; that test
      // is kept in a register per bank (fb_more_q), updated with the test of
      // the bank's next state, computed ahead from its registers (fb_more2).
      // A bank is in use (fb_use_q) from its fiber's formation until that
      // fiber leaves the active item: then it is the active or the next
      // fiber's, and with both in use the active one is act_bank_q.  Which
      // banks want a fill is a register of its own (fb_want_q), so that the
      // fill's choice of bank (fill_b), which enables the bank's registers
      // and selects the fill's address, is one LUT from registers.
      wire [1:0] fill_b = {fb_want_q[1] && !(!act_bank_q && fb_want_q[0]),
                           fb_want_q[0] && !( act_bank_q && fb_want_q[1])};
      wire fill_v    = |fb_want_q;
      wire fill_bank = fill_b[1];
      // A fill step: rm1 - stride = rm1 + ~(stride - 1), whose carry out is
      // the test of the next step, addr + stride < hi, i.e. stride < hi -
      // addr, i.e. (stride - 1) < (hi - addr - 1): one carry chain per bank
      // (the inverted stride is a register, so the chain takes registers).
      wire [RefWidth:0] fb_rstep0 = {1'b0, fb_rm1_q[0]} + {1'b0, fb_nsm1_q0};
      wire [RefWidth:0] fb_rstep1 = {1'b0, fb_rm1_q[1]} + {1'b0, fb_nsm1_q1};
      wire [1:0]        fb_more2 = {!fb_oh_q[2*T-1] && fb_rstep1[RefWidth],
                                    !fb_oh_q[T-1]   && fb_rstep0[RefWidth]};
      assign cam_rd_en_o   = fill_v;
      assign cam_rd_addr_o = fill_bank ? fb_addr_q[1] : fb_addr_q[0];

      // New fiber: size S, samples every stride-th coordinate (S-1 and
      // stride-1 are don't-cares for an empty fiber, which is never filled).
      wire [RefWidth-1:0] f_stm1   = f_sm1 >> LogT;               // stride - 1
      wire                f_new    = form && f_kind == KFiber;
      wire                f_pre    = pend_v_q && !pend_n_q && nxt_free;
      // fb_addr + stride and rm1 - stride as single sums (carry in 1, ~x).
      wire [RefWidth:0]   fb_step0 = {fb_addr_q[0], 1'b1} + {fb_sm1_q[0], 1'b1};
      wire [RefWidth:0]   fb_step1 = {fb_addr_q[1], 1'b1} + {fb_sm1_q[1], 1'b1};

      // Lookup, over two cycles.  Stage 1, in the cycle of the hint: the
      // target is compared with the active bank's T entries and the compare
      // bits are registered (lk_lt_q, straight from the carry chains), with
      // the compare of the entry at the fiber's end (lk_out_q: whether the
      // run reaches it).  Entries are sorted, so "sample < target" is a run
      // of ones from entry 0.  Stage 2, the next cycle: the
      // index of the run's last entry is encoded (an OR over the entries)
      // and its address (the one after its sample) read from cam_adr_m into
      // the jump register; if the run holds the entry whose address is the
      // fiber's end, every coordinate left lies below the target.  A STOP
      // hint needs no lookup: it registers a jump that blocks every
      // further read of the item in the hint's own cycle (it has priority).
      // The next crd read starts at the jump address if that lies ahead of
      // the read pointer.  Targets of one fiber never decrease, so a newer
      // jump supersedes an older one.  Both stages hold only work of the
      // active item: they are cleared when another item becomes active
      // (nxt_take), so a jump of an earlier item has no effect.
      wire                sk_stop = in_skip_data_i[CrdWidth+1:CrdWidth] != `SG_TK_DATA;
      wire [CrdWidth-1:0] sk_tgt  = in_skip_data_i[CrdWidth-1:0];
      reg                 lk_v_q;
      reg  [T-1:0]        lk_lt_q;       // entry written and below the target
      reg                 lk_out_q;      // the run holds the entry ce
      reg  [T-1:0]        lt;
      reg  [CrdWidth:0]   lt_sum;
      integer k;
      // "sample < target" is the carry out of target + ~sample (target -
      // sample - 1 + 2^CrdWidth): the target enters the carry chains as it
      // comes, and the inversion is in the LUT that selects the sample.
      always @* begin
        // The active bank's entries are selected first (registers only),
        // so that the target meets T comparators, not 2T.
        for (k = 0; k < T; k = k + 1) begin
          lt_sum = {1'b0, sk_tgt} +
                   {1'b0, ~(act_bank_q ? cam_crd_q[(T + k) * CrdWidth +: CrdWidth]
                                       : cam_crd_q[k * CrdWidth +: CrdWidth])};
          lt[k] = (act_bank_q ? cam_vld_q[T + k] : cam_vld_q[k]) && lt_sum[CrdWidth];
        end
      end
      // (Whether the run reaches an entry is that entry's compare: the run
      // holds every written entry below the target.)
      wire [CrdWidth:0] ce_sum = {1'b0, sk_tgt} + {1'b0, ~(act_bank_q ? ce_crd_q1 : ce_crd_q0)};
      wire ce_lt = (act_bank_q ? ce_v_q[1] : ce_v_q[0]) && ce_sum[CrdWidth];
      wire [T-1:0]  lk_last = lk_lt_q & ~(lk_lt_q >> 1);   // the run's last entry
      reg  [LogT-1:0] lk_idx;
      always @* begin
        lk_idx = {LogT{1'b0}};
        for (k = 0; k < T; k = k + 1)
          lk_idx = lk_idx | ({LogT{lk_last[k]}} & k[LogT-1:0]);
      end
      wire                st_v  = hint_v && sk_stop;
      wire                lk_ok = lk_v_q && lk_lt_q[0];

      always @(posedge clk_i) begin
        if (!rst_ni) begin
          lk_v_q    <= 1'b0;
          lk_lt_q   <= {T{1'b0}};
          lk_out_q  <= 1'b0;
        end else begin
          lk_v_q    <= hint_v && !sk_stop && !nxt_take;
          lk_lt_q   <= lt;
          lk_out_q  <= ce_lt;
        end
      end

      // The jump register.  Its addresses are cam_adr_m's read register
      // (no reset): jmp_adr_q is the address after the jump's sample j.
      reg                 jmp_ok_q;      // a jump of the active item is registered
      reg                 jmp_blk_q;     // ... and it blocks further reads (STOP, or
                                         // its address is the fiber's end)
      reg                 jmp_ahd_q;     // j lies ahead of the read pointer (below)
      reg  [RefWidth-1:0] jmp_adr_q;

      // The read pointer's place among the active fiber's samples (sample j
      // at lo + j * stride): the samples below ptr_q are 0 .. p-1, with p
      // kept one-hot (pt_oh_q, T+2 places), and the next sample is
      // pt_dist_q addresses ahead.  The jump of entry j goes to the address
      // after sample j, which lies ahead of ptr_q exactly when sample j
      // does not lie below it: j >= p.  That is kept in a register
      // (jmp_ahd_q): the jump keeps its lookup's run of entries below the
      // target (jmp_lt_q, ones from 0 to j) and the p its read will make
      // (jmp_pj_q, one-hot), and "j >= p" is the run's bit at p, an AND-OR
      // of registers, formed for each next p the cycle's read may make; the
      // read only selects.
      localparam integer W = T + 2;
      reg  [W-1:0]        pt_oh_q;
      reg  [RefWidth-1:0] pt_dist_q;
      reg                 pt_dz_q;              // pt_dist_q == 0
      reg  [T-1:0]        jmp_lt_q;
      reg  [W-1:0]        jmp_pj_q;
      // Each bank's stride - 2 and whether the stride is 1 or 2, registered
      // from its stride - 1: set up at the latest in the cycle its fiber is
      // formed, so two cycles before that fiber's first read.
      reg  [RefWidth-1:0] fb_sm2_q0, fb_sm2_q1;
      reg  [1:0]          fb_s1_q, fb_s2_q;
      wire [RefWidth-1:0] as_sm1 = fb_sm1_q[act_bank_q];
      wire [RefWidth-1:0] as_sm2 = act_bank_q ? fb_sm2_q1 : fb_sm2_q0;
      wire                as_s1  = fb_s1_q[act_bank_q];
      wire                as_s2  = fb_s2_q[act_bank_q];
      always @(posedge clk_i) begin
        fb_sm2_q0 <= fb_sm1_q[0] - 1'b1;
        fb_sm2_q1 <= fb_sm1_q[1] - 1'b1;
        fb_s1_q   <= {fb_sm1_q[1] == {RefWidth{1'b0}}, fb_sm1_q[0] == {RefWidth{1'b0}}};
        fb_s2_q   <= {fb_sm1_q[1] == OneR, fb_sm1_q[0] == OneR};
      end

      wire jmp_sel = jmp_ok_q && jmp_ahd_q;
      assign eff_ptr = jmp_sel ? jmp_adr_q : ptr_q;
      // eff_ptr < hi: ptr_in_q, unless a jump blocks (its address is the
      // fiber's end: max(ptr, jmp) lies below hi when both do).
      assign jmp_blk_d = !nxt_take && (st_v || (lk_ok ? lk_out_q : jmp_blk_q));
      // (two increments side by side, so that only the choice follows the
      // memory's read register)
      wire [RefWidth-1:0] jmp_nxt = jmp_adr_q + 1'b1;
      wire [RefWidth-1:0] ptr_nxt = ptr_q + 1'b1;
      assign eff_nxt = jmp_sel ? jmp_nxt : ptr_nxt;
      // A jump that is read does not block: its address a lies below hi,
      // so a + 1 < hi is a != hi - 1.
      assign eff_nxt_in  = jmp_sel ? jmp_adr_q != act_hm1_q : ptr_in2_q;
      assign eff_nxt_in2 = jmp_sel ? jmp_adr_q != act_hm2_q : ptr_q != act_hm2_q;

      // This cycle's read: a jump (p becomes j + 1, or j + 2 with stride 1,
      // where the address after a sample is the next sample), or a step
      // over sample p (p + 1), or a step between samples.  The pointer
      // registers' values after a read are formed from registers alone.
      wire [W-1:0] lt_w  = {2'b00, lk_lt_q};
      wire [W-1:0] jlt_w = {2'b00, jmp_lt_q};
      wire [W-1:0] p_smp = pt_oh_q << 1;                        // p after a step over p
      wire [W-1:0] p_jmp = jmp_pj_q;                             // p after the jump
      reg  [W-1:0]        rd_oh;
      reg  [RefWidth-1:0] rd_dist;
      reg                 rd_dz;
      always @* begin
        if (jmp_sel) begin
          rd_oh   = p_jmp;
          rd_dist = as_s1 ? {RefWidth{1'b0}} : as_sm2;
          rd_dz   = as_s1 || as_s2;
        end else if (pt_dz_q) begin
          rd_oh   = p_smp;
          rd_dist = as_sm1;
          rd_dz   = as_s1;
        end else begin
          rd_oh   = pt_oh_q;
          rd_dist = pt_dist_q - 1'b1;
          rd_dz   = pt_dist_q == OneR;
        end
      end
      // jmp_ahd_q's next value with and without a read: a new lookup's run
      // (lk_lt_q) or the held jump's (jmp_lt_q) at the next p.  The AND-ORs
      // are formed from registers side by side; the lookup's result (lk_ok)
      // and the read only select among them.
      wire ao_lk_p   = |(lt_w & pt_oh_q);
      wire ao_lk_jmp = |(lt_w & p_jmp);
      wire ao_lk_smp = |(lt_w & p_smp);
      wire ao_j_smp  = |(jlt_w & p_smp);
      wire ahd_hold = lk_ok ? ao_lk_p : jmp_ahd_q;
      wire ahd_rd   = jmp_sel ? lk_ok && ao_lk_jmp
                    : pt_dz_q ? (lk_ok ? ao_lk_smp : ao_j_smp)
                    : ahd_hold;

      always @(posedge clk_i) begin
        if (!rst_ni) begin
          jmp_ok_q  <= 1'b0;
          jmp_blk_q <= 1'b0;
          jmp_ahd_q <= 1'b0;
          jmp_lt_q  <= {T{1'b0}};
          jmp_pj_q  <= {W{1'b0}};
        end else begin
          jmp_ok_q  <= (st_v || lk_ok || jmp_ok_q) && !nxt_take;
          jmp_blk_q <= jmp_blk_d;
          jmp_ahd_q <= crd_rd_en_o ? ahd_rd : ahd_hold;
          if (lk_ok) begin
            jmp_lt_q  <= lk_lt_q;
            jmp_pj_q  <= as_s1 ? {2'b00, lk_last} << 2 : {2'b00, lk_last} << 1;
          end
        end
      end

      always @(posedge clk_i)
        if (lk_ok) jmp_adr_q <= cam_adr_m[{act_bank_q, lk_idx}];

      always @(posedge clk_i) begin
        if (!rst_ni) begin
          pt_oh_q   <= {{(W-1){1'b0}}, 1'b1};
          pt_dist_q <= {RefWidth{1'b0}};
          pt_dz_q   <= 1'b1;
        end else if (nxt_take) begin
          // sample 0 is at lo
          pt_oh_q   <= {{(W-1){1'b0}}, 1'b1};
          pt_dist_q <= {RefWidth{1'b0}};
          pt_dz_q   <= 1'b1;
        end else if (crd_rd_en_o) begin
          pt_oh_q   <= rd_oh;
          pt_dist_q <= rd_dist;
          pt_dz_q   <= rd_dz;
        end
      end

      // The entry a fill read goes to is decoded when the read is issued
      // (one-hot fl_we_q); a read of a bank that a new fiber takes over in
      // the same cycle writes nothing.
      // (A new fiber never takes over the bank being filled: it goes to
      // fib_par_q, while the filled bank is the next fiber's, and then no
      // fiber is formed, or the active fiber's, which is then the last one
      // formed, in the other bank.)
      // addr + 1 < hi  <=>  hi - addr - 1 != 0: no carry chain.  Both
      // banks' values are formed and the fill's bank selects.
      wire [RefWidth-1:0] fb_adr1_0 = fb_addr_q[0] + 1'b1;
      wire [RefWidth-1:0] fb_adr1_1 = fb_addr_q[1] + 1'b1;
      // The banks' fill and use flags after this cycle.  A new fiber's bank
      // is set to fill whether or not the fiber has coordinates (lo < hi is
      // a carry chain behind the seg RAM, too late for the fill's choice of
      // bank next cycle); an empty fiber's bank is stopped the cycle after
      // it is formed, from its registered lo < hi (nxt_ne_q), and the one
      // fill read it may have made in that cycle is harmless: the bank is
      // filled only when the active fiber's bank does not want the port,
      // and an empty fiber is never looked up (no coordinate of it is ever
      // the head).
      reg  [1:0] fb_more_d, fb_use_d;
      integer b;
      always @* begin
        fb_more_d = fb_more_q;
        fb_use_d  = fb_use_q;
        for (b = 0; b < 2; b = b + 1)
          if (fill_b[b]) fb_more_d[b] = fb_more2[b];
        if (f_pre) fb_more_d[fib_par_q] = 1'b1;
        if (nxt_v_q && nxt_kind_q == KFiber && !nxt_ne_q) fb_more_d[nxt_bank_q] = 1'b0;
        if (fib_end) fb_use_d[act_bank_q] = 1'b0;
        if (f_new) fb_use_d[fib_par_q] = 1'b1;
      end
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          cam_vld_q <= {2*T{1'b0}};
          fb_more_q <= 2'b00;
          fb_use_q  <= 2'b00;
          fb_want_q <= 2'b00;
          fb_oh_q   <= {2*T{1'b0}};
          fl_we_q   <= {2*T{1'b0}};
          fl_wv_q   <= 1'b0;
          fl_wa_q   <= {(LogT+1){1'b0}};
          fl_adr1_q <= {RefWidth{1'b0}};
          fl_in_q   <= 1'b0;
          ce_v_q    <= 2'b00;
          fb_nsm1_q0 <= {RefWidth{1'b1}};
          fb_nsm1_q1 <= {RefWidth{1'b1}};
          for (b = 0; b < 2; b = b + 1) begin
            fb_addr_q[b]   <= {RefWidth{1'b0}};
            fb_sm1_q[b]    <= {RefWidth{1'b0}};
            fb_rm1_q[b]    <= {RefWidth{1'b0}};
            fb_k_q[b]      <= {LogT{1'b0}};
          end
        end else begin
          for (b = 0; b < 2 * T; b = b + 1)
            fl_we_q[b] <= fill_b[b / T] && fb_oh_q[b];
          fl_wv_q   <= fill_v;
          fl_wa_q   <= {fill_bank, fb_k_q[fill_bank]};
          fl_adr1_q <= fill_bank ? fb_adr1_1 : fb_adr1_0;
          fl_in_q   <= fill_bank ? |fb_rm1_q[1] : |fb_rm1_q[0];
          fb_more_q <= fb_more_d;
          fb_use_q  <= fb_use_d;
          fb_want_q <= fb_more_d & fb_use_d;
          for (b = 0; b < 2; b = b + 1)
            if (fill_b[b]) begin
              fb_oh_q[b * T +: T] <= fb_oh_q[b * T +: T] << 1;
              fb_k_q[b]    <= fb_k_q[b] + 1'b1;
              fb_addr_q[b] <= b[0] ? fb_step1[RefWidth:1] : fb_step0[RefWidth:1];
              fb_rm1_q[b]  <= b[0] ? fb_rstep1[RefWidth-1:0] : fb_rstep0[RefWidth-1:0];
            end
          for (b = 0; b < 2 * T; b = b + 1)
            if (fl_we_q[b]) begin
              cam_crd_q[b * CrdWidth +: CrdWidth] <= cam_rd_data_i;
              cam_vld_q[b] <= 1'b1;
            end
          if (fl_wv_q && !fl_in_q) begin
            ce_v_q[fl_wa_q[LogT]] <= 1'b1;
            if (fl_wa_q[LogT]) ce_crd_q1 <= cam_rd_data_i;
            else               ce_crd_q0 <= cam_rd_data_i;
          end
          // The next fiber's bank is set up from the pending reference's seg
          // words in every cycle before the fiber is formed, and in that
          // cycle: the bank is free then (with the descriptor slot empty
          // only the active fiber holds a bank, the other one), and its fill
          // starts when the fiber is formed (fb_use_q).  So the setup does
          // not wait for in_ref.
          if (f_pre) begin
            if (fib_par_q) fb_oh_q[2*T-1:T] <= OneT;
            else           fb_oh_q[T-1:0]   <= OneT;
            fb_k_q[fib_par_q]      <= {LogT{1'b0}};
            fb_addr_q[fib_par_q]   <= seg_rd_lo_i;
            fb_sm1_q[fib_par_q]    <= f_stm1;
            if (fib_par_q) fb_nsm1_q1 <= ~f_stm1;
            else           fb_nsm1_q0 <= ~f_stm1;
            fb_rm1_q[fib_par_q]    <= f_sm1;
            if (fib_par_q) cam_vld_q[2*T-1:T] <= {T{1'b0}};
            else           cam_vld_q[T-1:0]   <= {T{1'b0}};
            ce_v_q[fib_par_q] <= 1'b0;
          end
        end
      end

      // The address memory is written with the fill's data; a lookup reads
      // only entries written before its compare, so never one being written.
      always @(posedge clk_i)
        if (fl_wv_q) cam_adr_m[fl_wa_q] <= fl_adr1_q;

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
      nxt_sm1_q  <= {RefWidth{1'b0}};
      fib_par_q  <= 1'b0;
      act_v_q    <= 1'b0;
      act_kind_q <= KFiber;
      act_hm1_q  <= {RefWidth{1'b0}};
      act_hm2_q  <= {RefWidth{1'b0}};
      act_stop_q <= {RefWidth{1'b0}};
      act_bank_q <= 1'b0;
      ptr_q      <= {RefWidth{1'b0}};
      ptr_in_q   <= 1'b0;
      eff_in_q   <= 1'b0;
      ptr_in2_q  <= 1'b0;
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
      nxt_sm1_q  <= nxt_sm1_d;
      fib_par_q  <= fib_par_d;
      act_v_q    <= act_v_d;
      act_kind_q <= act_kind_d;
      act_hm1_q  <= act_hm1_d;
      act_hm2_q  <= act_hm2_d;
      act_stop_q <= act_stop_d;
      act_bank_q <= act_bank_d;
      // a new item starts at its lo; a read moves past its address
      eff_in_q <= (nxt_take ? nxt_ne_q : crd_rd_en_o ? eff_nxt_in : ptr_in_q) && !jmp_blk_d;
      if (nxt_take) begin
        ptr_q     <= nxt_lo_q;
        ptr_in_q  <= nxt_ne_q;
        ptr_in2_q <= nxt_ne_q && |nxt_sm1_q;
      end else if (crd_rd_en_o) begin
        ptr_q     <= eff_nxt;
        ptr_in_q  <= eff_nxt_in;
        ptr_in2_q <= eff_nxt_in2;
      end
      head_v_q   <= head_v_d;
      head_mem_q <= head_mem_d;
      head_tag_q <= head_tag_d;
      head_pay_q <= head_pay_d;
      crd_sent_q <= crd_sent_d;
      ref_sent_q <= ref_sent_d;
    end
  end

endmodule
