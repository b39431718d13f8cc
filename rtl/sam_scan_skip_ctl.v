// sam_scan_skip_ctl - the output stage's per-cycle decisions of
// sam_scan_skip_core, as a module of their own.
//
// Every register enable of the core's output stage hangs on these
// decisions, and they hang on the consumers' readies, which come late in
// the cycle.  Kept apart, they are mapped for their own depth (two or
// three LUT levels behind the readies) instead of being folded into the core's
// logic, where the mapper saves area on every path shallower than the
// core's deepest one.
//
// The head is taken (pop) when both outputs have sent it or send it now;
// the head register loads (load) when it is taken or empty.  On a load
// the active item either reads its next coordinate (rd: a fiber whose
// next read address lies below its end, eff_in) or ends (its stop or D is
// loaded); an ended or empty item slot takes the next descriptor (take).
module sam_scan_skip_ctl (
  input  wire       head_v_i,      // the head register holds a token
  input  wire       crd_sent_i,    // ... already sent on out_crd
  input  wire       ref_sent_i,    // ... already sent on out_ref
  input  wire       crd_ready_i,
  input  wire       ref_ready_i,
  input  wire       act_v_i,       // an active item
  input  wire [1:0] act_kind_i,    // its kind (sam_scan_skip_core's K*)
  input  wire       eff_in_i,      // the fiber's next read lies below its end
  input  wire       nxt_v_i,       // a descriptor waits
  output wire       load_o,
  output wire       rd_o,          // read a coordinate (the crd RAM's enable)
  output wire       fib_end_o,     // load the active fiber's stop
  output wire       take_o         // take the waiting descriptor
);

  localparam [1:0] KFiber = 2'd0;
  localparam [1:0] KStop  = 2'd2;
  localparam [1:0] KDone  = 2'd3;

  wire pop = head_v_i && (crd_sent_i || crd_ready_i) && (ref_sent_i || ref_ready_i);
  assign load_o   = !head_v_i || pop;

  wire fiber  = act_v_i && act_kind_i == KFiber;
  wire finish = act_kind_i == KStop || act_kind_i == KDone ||
                (act_kind_i == KFiber && !eff_in_i);

  assign rd_o      = load_o && fiber && eff_in_i;
  assign fib_end_o = load_o && fiber && !eff_in_i;
  assign take_o    = nxt_v_i && (!act_v_i || (load_o && finish));

endmodule
