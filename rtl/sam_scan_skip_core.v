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
// a coordinate is looked up in that cycle (largest sampled coordinate
// below t) and the jump registered with the fiber it belongs to: the next
// coordinate read starts after that sample, unless the scanner is already
// past it (a SkipTo whose target it has passed has no effect) or has moved
// to another fiber.  Only coordinates below t are ever dropped.  A STOP
// token on in_skip means "the other side's fiber has ended": the scanner
// jumps to this fiber's closing stop.  T = 0 builds the plain scanner
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
    fib_par_d  = fib_par_q;
    if (form) begin
      nxt_v_d    = 1'b1;
      nxt_kind_d = f_kind;
      nxt_lo_d   = (f_kind == KFiber) ? seg_rd_lo_i : {RefWidth{1'b0}};
      nxt_hi_d   = (f_kind == KFiber) ? seg_rd_hi_i : {RefWidth{1'b0}};
      nxt_stop_d = f_stop;
      nxt_bank_d = fib_par_q;
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

  wire pop  = head_v_q && (crd_sent_q || out_crd_ready_i) && (ref_sent_q || out_ref_ready_i);
  wire load = !head_v_q || pop;

  assign out_crd_valid_o = head_v_q && !crd_sent_q;
  assign out_ref_valid_o = head_v_q && !ref_sent_q;
  assign out_crd_data_o  = head_mem_q ? {`SG_TK_DATA, crd_rd_data_i}
                                      : {head_tag_q, head_pay_q[CrdWidth-1:0]};
  assign out_ref_data_o  = {head_tag_q, head_pay_q};
  assign in_skip_ready_o = 1'b1;

  // A hint is used only while the head is a coordinate of the active fiber.
  wire hint_v = in_skip_valid_i && head_mem_q;
  wire [RefWidth-1:0] eff_ptr;   // next read address after any skip
  wire                eff_in;    // eff_ptr < act_hi_q (the fiber goes on)

  always @* begin
    act_v_d     = act_v_q;
    act_kind_d  = act_kind_q;
    act_hi_d    = act_hi_q;
    act_stop_d  = act_stop_q;
    act_bank_d  = act_bank_q;
    act_gen_d   = act_gen_q;
    ptr_d       = ptr_q;
    head_v_d    = head_v_q;
    head_mem_d  = head_mem_q;
    head_tag_d  = head_tag_q;
    head_pay_d  = head_pay_q;
    crd_sent_d  = crd_sent_q || (out_crd_valid_o && out_crd_ready_i);
    ref_sent_d  = ref_sent_q || (out_ref_valid_o && out_ref_ready_i);
    crd_rd_en_o   = 1'b0;
    crd_rd_addr_o = eff_ptr;
    nxt_take    = 1'b0;
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
              ptr_d       = eff_ptr + 1'b1;
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
    if (!act_v_d && nxt_v_q) begin
      nxt_take   = 1'b1;
      act_v_d    = 1'b1;
      act_kind_d = nxt_kind_q;
      act_hi_d   = nxt_hi_q;
      act_stop_d = nxt_stop_q;
      act_bank_d = nxt_bank_q;
      act_gen_d  = !act_gen_q;
      ptr_d      = nxt_lo_q;
    end
  end

  // ---- coarse-grain CAM ------------------------------------------------------
  generate
    if (T == 0) begin : g_nocam
      assign eff_ptr       = ptr_q;
      assign eff_in        = ptr_q < act_hi_q;
      assign cam_rd_en_o   = 1'b0;
      assign cam_rd_addr_o = {RefWidth{1'b0}};
      // Without a CAM the skip payload and the fill port are not used.
      wire unused_nocam = &{1'b0, hint_v, in_skip_data_i, cam_rd_data_i, act_gen_q};
    end else begin : g_cam
      localparam integer LogT = (T > 1) ? $clog2(T) : 1;
      localparam integer KW   = $clog2(2 * T);   // counts 0..T, indexes 2T entries
      localparam [RefWidth-1:0] TR = T[RefWidth-1:0];
      localparam [KW-1:0]       TK = T[KW-1:0];

      reg [CrdWidth-1:0] cam_crd_q [0:2*T-1];
      reg [RefWidth-1:0] cam_adr_q [0:2*T-1];
      reg [2*T-1:0]      cam_vld_q;
      reg [RefWidth-1:0] fb_hi_q [0:1];
      reg [KW-1:0]       fb_k_q   [0:1];
      reg [RefWidth-1:0] fb_addr_q [0:1];
      reg [RefWidth-1:0] fb_stride_q [0:1];
      reg [1:0]          fb_gen_q;
      reg                fl_v_q, fl_bank_q, fl_gen_q;
      reg [KW-1:0]       fl_k_q;
      reg [RefWidth-1:0] fl_adr_q;

      // Fill: the active fiber's bank first, then the next fiber's.
      // A bank is full after T entries or at the end of its fiber.
      wire a_fill = act_v_q && act_kind_q == KFiber && fb_k_q[act_bank_q] < TK &&
                    fb_addr_q[act_bank_q] < fb_hi_q[act_bank_q];
      wire n_fill = nxt_v_q && nxt_kind_q == KFiber && fb_k_q[nxt_bank_q] < TK &&
                    fb_addr_q[nxt_bank_q] < fb_hi_q[nxt_bank_q];
      wire fill_v    = a_fill || n_fill;
      wire fill_bank = a_fill ? act_bank_q : nxt_bank_q;
      assign cam_rd_en_o   = fill_v;
      assign cam_rd_addr_o = fb_addr_q[fill_bank];

      // New fiber: size S, samples every stride-th coordinate.
      wire [RefWidth-1:0] f_size   = seg_rd_hi_i - seg_rd_lo_i;
      wire                f_big    = f_size > TR;
      wire [RefWidth:0]   f_ceil   = ({1'b0, f_size} + (TR - 1'b1)) >> LogT;
      wire [RefWidth-1:0] f_stride = f_big ? f_ceil[RefWidth-1:0] : {{(RefWidth-1){1'b0}}, 1'b1};
      wire                f_new    = form && f_kind == KFiber;

      // Lookup, in the cycle of the hint.  Entries are sorted, so "sample <
      // target" is a run of ones from entry 0 and the jump point is its
      // last one, found by a binary search tree of LogT mux levels; entries
      // hold the address after their sample, which (or the fiber's end for
      // a STOP) is registered in jmp_* with the active fiber's generation.
      // The next crd read starts there if that lies ahead of the read
      // pointer and the fiber is still the active one.  Targets of one
      // fiber never decrease, so a newer jump supersedes an older one; a
      // jump of an earlier fiber is ignored and dropped.
      wire                sk_stop = in_skip_data_i[CrdWidth+1:CrdWidth] != `SG_TK_DATA;
      wire [CrdWidth-1:0] sk_tgt  = in_skip_data_i[CrdWidth-1:0];
      reg                 jmp_v_q, jmp_gen_q;
      reg  [RefWidth-1:0] jmp_adr_q;
      reg  [T-1:0]        lt;
      reg  [RefWidth-1:0] tree [1:2*T-1];   // node i: children 2i, 2i+1; leaves T..2T-1
      integer k, gd, gi;
      always @* begin
        // The active bank's entries are selected first (registers only),
        // so that the target meets T comparators, not 2T.
        for (k = 0; k < T; k = k + 1) begin
          lt[k] = (act_bank_q ? cam_vld_q[T + k] : cam_vld_q[k]) &&
                  (act_bank_q ? cam_crd_q[T + k] : cam_crd_q[k]) < sk_tgt;
          tree[T + k] = act_bank_q ? cam_adr_q[T + k] : cam_adr_q[k];
        end
        // Node 2^d + i covers entries i*(T>>d) .. (i+1)*(T>>d)-1 and takes
        // its upper half when the first entry of that half is below the
        // target; bottom-up, deepest level first.
        for (gd = LogT - 1; gd >= 0; gd = gd - 1)
          if ((1 << gd) < T)
            for (gi = 0; gi < (1 << gd); gi = gi + 1)
              tree[(1 << gd) + gi] = lt[gi * (T >> gd) + (T >> (gd + 1))]
                                   ? tree[2 * ((1 << gd) + gi) + 1]
                                   : tree[2 * ((1 << gd) + gi)];
      end
      wire                lk_v   = hint_v && (sk_stop || lt[0]);
      wire [RefWidth-1:0] lk_adr = sk_stop ? act_hi_q : tree[1];
      wire                jmp_ok = jmp_v_q && jmp_gen_q == act_gen_q;
      // Three compares side by side, so that "the fiber goes on" is not a
      // compare behind the address multiplexer.
      wire                jmp_sel = jmp_ok && jmp_adr_q > ptr_q;
      assign eff_ptr = jmp_sel ? jmp_adr_q : ptr_q;
      assign eff_in  = jmp_sel ? jmp_adr_q < act_hi_q : ptr_q < act_hi_q;

      always @(posedge clk_i) begin
        if (!rst_ni) begin
          jmp_v_q   <= 1'b0;
          jmp_gen_q <= 1'b0;
          jmp_adr_q <= {RefWidth{1'b0}};
        end else begin
          jmp_v_q <= lk_v || jmp_ok;
          if (lk_v) begin
            jmp_gen_q <= act_gen_q;
            jmp_adr_q <= lk_adr;
          end
        end
      end

      wire [KW-1:0] fl_idx = (fl_bank_q ? TK : {KW{1'b0}}) + fl_k_q;
      integer b;
      always @(posedge clk_i) begin
        if (!rst_ni) begin
          cam_vld_q <= {2*T{1'b0}};
          fb_gen_q  <= 2'b00;
          fl_v_q    <= 1'b0;
          fl_bank_q <= 1'b0;
          fl_gen_q  <= 1'b0;
          fl_k_q    <= {KW{1'b0}};
          fl_adr_q  <= {RefWidth{1'b0}};
          for (b = 0; b < 2; b = b + 1) begin
            fb_hi_q[b]     <= {RefWidth{1'b0}};
            fb_k_q[b]      <= {KW{1'b0}};
            fb_addr_q[b]   <= {RefWidth{1'b0}};
            fb_stride_q[b] <= {RefWidth{1'b0}};
          end
        end else begin
          fl_v_q    <= fill_v;
          fl_bank_q <= fill_bank;
          fl_gen_q  <= fb_gen_q[fill_bank];
          fl_k_q    <= fb_k_q[fill_bank];
          fl_adr_q  <= fb_addr_q[fill_bank];
          if (fill_v) begin
            fb_k_q[fill_bank]    <= fb_k_q[fill_bank] + 1'b1;
            fb_addr_q[fill_bank] <= fb_addr_q[fill_bank] + fb_stride_q[fill_bank];
          end
          if (fl_v_q && fl_gen_q == fb_gen_q[fl_bank_q]) begin
            cam_crd_q[fl_idx] <= cam_rd_data_i;
            cam_adr_q[fl_idx] <= fl_adr_q + 1'b1;
            cam_vld_q[fl_idx] <= 1'b1;
          end
          if (f_new) begin
            fb_hi_q[fib_par_q]     <= seg_rd_hi_i;
            fb_k_q[fib_par_q]      <= {KW{1'b0}};
            fb_addr_q[fib_par_q]   <= seg_rd_lo_i;
            fb_stride_q[fib_par_q] <= f_stride;
            fb_gen_q[fib_par_q]    <= !fb_gen_q[fib_par_q];
            if (fib_par_q) cam_vld_q[2*T-1:T] <= {T{1'b0}};
            else           cam_vld_q[T-1:0]   <= {T{1'b0}};
          end
        end
      end
      wire unused_cam = &{1'b0, f_ceil[RefWidth]};
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
      fib_par_q  <= 1'b0;
      act_v_q    <= 1'b0;
      act_kind_q <= KFiber;
      act_hi_q   <= {RefWidth{1'b0}};
      act_stop_q <= {RefWidth{1'b0}};
      act_bank_q <= 1'b0;
      act_gen_q  <= 1'b0;
      ptr_q      <= {RefWidth{1'b0}};
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
      fib_par_q  <= fib_par_d;
      act_v_q    <= act_v_d;
      act_kind_q <= act_kind_d;
      act_hi_q   <= act_hi_d;
      act_stop_q <= act_stop_d;
      act_bank_q <= act_bank_d;
      act_gen_q  <= act_gen_d;
      ptr_q      <= ptr_d;
      head_v_q   <= head_v_d;
      head_mem_q <= head_mem_d;
      head_tag_q <= head_tag_d;
      head_pay_q <= head_pay_d;
      crd_sent_q <= crd_sent_d;
      ref_sent_q <= ref_sent_d;
    end
  end

endmodule
