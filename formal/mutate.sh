#!/bin/sh
# mutate.sh - proves that the formal checks can fail: each line below
# copies rtl/ to a temporary directory, changes one piece of logic in one
# module and runs one check of formal/run.sh on the copy, which must FAIL
# (an assertion violated; an error building the model does not count).
# Exit 1 when a mutant survives or a mutation no longer applies.
#
#   sh formal/mutate.sh [--quick]
#
# --quick runs the mutants marked q (those of the quick checks).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
OUT=${FORMAL_DIR:-build/formal}
quick=0
case "${1:-}" in --quick) quick=1 ;; esac
tmp=$(mktemp -d "${TMPDIR:-/tmp}/samgen-formal.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT INT TERM
fail=0; n=0
# flags@module@check@from@to   (from/to are literal text; flags q: quick)
while IFS='@' read -r flags mod check from to; do
  case "$flags" in '#'*) continue ;; esac
  [ -n "$mod" ] || continue
  if [ $quick -eq 1 ]; then case "$flags" in *q*) ;; *) continue ;; esac; fi
  n=$((n + 1))
  dir=$tmp/m$n; mkdir -p "$dir"
  cp rtl/*.v rtl/*.vh "$dir/"
  FROM="$from" TO="$to" awk 'BEGIN { f = ENVIRON["FROM"]; t = ENVIRON["TO"] }
    { i = index($0, f); if (i > 0 && !done) { $0 = substr($0, 1, i - 1) t substr($0, i + length(f)); done = 1 } print }' \
    "rtl/$mod.v" > "$dir/$mod.v"
  if cmp -s "rtl/$mod.v" "$dir/$mod.v"; then
    echo "MUTANT $n $mod: mutation does not apply ('$from')"; fail=1; continue
  fi
  RTL_DIR=$dir FORMAL_DIR=$OUT/mutants/m$n sh formal/run.sh "$check" > "$dir/run.log" 2>&1
  if grep -q "^FAIL $check " "$dir/run.log"; then
    echo "mutant $n $mod killed by $check ('$from' -> '$to'): $(grep -m1 "^FAIL" "$dir/run.log" | sed 's/ (.*//; s/  */ /g')"
  else
    echo "MUTANT $n $mod: SURVIVED ('$from' -> '$to'); $check: $(tail -1 "$dir/run.log")"; fail=1
  fi
done <<'LIST'
q@sam_fifo@fifo_d1@end else if (in_ready_o) begin@end else begin
q@sam_fifo@fifo_d2@v0_q <= (v0_q && !pop) || v1_q || push;@v0_q <= v1_q || push;
q@sam_fifo@fifo_d2@d0_q <= v1_q ? d1_q : in_data_i;@d0_q <= in_data_i;
q@sam_fifo@fifo_d3@if (push) wr_q <= incr(wr_q);@if (in_ready_o) wr_q <= incr(wr_q);
q@sam_fifo@fifo_d2ft@wire push = in_valid_i && !v1_q && !(pass && out_ready_i);@wire push = in_valid_i && !v1_q;
q@sam_fifo@fifo_d4ft@assign out_data_o  = pass ? in_data_i : mem_q[rd_q];@assign out_data_o  = mem_q[rd_q];
q@sam_broadcast@broadcast@taken_q <= in_ready_o ? {NumOutputs{1'b0}} : done_now;@taken_q <= in_ready_o ? {NumOutputs{1'b0}} : taken_q;
q@sam_broadcast@broadcast@assign in_ready_o  = &done_now;@assign in_ready_o  = |done_now;
q@sam_join2@join2_isect@v_q <= v_q & ~{out_ref1_ready_i, out_ref0_ready_i, out_crd_ready_i};@v_q <= 3'b000;
q@sam_join2@join2_isect@end else if (emit && fire) begin@end else if (emit) begin
q@sam_join2@join2_isect@      v_q <= 3'b111;@      v_q <= {v_q[2], 2'b11};
@sam_pipe_valid@pipe_valid@assign adv_o       = !v_q[Stages-1] || out_ready_i;@assign adv_o       = 1'b1;
@sam_pipe_valid@pipe_valid@if (!rst_ni) v_q <= {Stages{1'b0}};@if (!rst_ni) v_q <= {Stages{1'b1}};
@sam_repeat@repeat@      end else if (out_ref_ready_i) begin@      end else begin
@sam_locate@locate@      end else if (out_ref_ready_i) begin@      end else begin
@sam_scan_dense@scan_dense@      end else if (out_crd_ready_i) begin@      end else begin
@sam_reduce@reduce@  wire out_free = !valid_q || out_val_ready_i;@  wire out_free = 1'b1;
@sam_alu@alu_add@      assign out_free = !valid_q || out_val_ready_i;@      assign out_free = 1'b1;
@sam_alu@alu_mul@      assign out_free = !v3_q || out_val_ready_i;@      assign out_free = 1'b1;
@sam_crddrop@crddrop@  wire i_free = !iv_q || out_inner_ready_i;@  wire i_free = 1'b1;
@sam_write_vals@write_vals@      done_q <= 1'b0;@      done_q <= 1'b1;
@sam_fifo@edge@          if (push != pop) cnt_q <= push ? cnt_q + 1'b1 : cnt_q - 1'b1;@          if (push) cnt_q <= cnt_q + 1'b1;
@sam_axil_ctrl@axil_ctrl@      if (bvalid_q && s_axil_bready_i) bvalid_q <= 1'b0;@      if (bvalid_q) bvalid_q <= 1'b0;
@sam_axil_ctrl@axil_ctrl@s_axil_awvalid_i && s_axil_wvalid_i && !bvalid_q;@s_axil_awvalid_i && s_axil_wvalid_i;
@sam_axil_ctrl@axil_ctrl@s_axil_arvalid_i && !rvalid_q && (rwait_q == 2'd0);@s_axil_arvalid_i && !rvalid_q;
@sam_axil_ctrl@axil_ctrl@s_axil_arvalid_i && !rvalid_q && (rwait_q == 2'd0);@s_axil_arvalid_i && (rwait_q == 2'd0);
@sam_axil_ctrl@axil_ctrl@  assign s_axil_wready_o  = wr_go;@  assign s_axil_wready_o  = s_axil_wvalid_i;
@sam_axi_dma@axi_dma@: (to_bound < 11'd16) ? to_bound[4:0] : 5'd16;@: 5'd16;
@sam_axi_dma@axi_dma@        StAr: if (m_axi_arready_i) begin@        StAr: begin
@sam_axi_dma@axi_dma@  assign m_axi_wlast_o   = burst_q == 5'd1;@  assign m_axi_wlast_o   = burst_q == 5'd0;
LIST
[ $fail -eq 0 ] && echo "formal mutation: all $n mutants killed"
exit $fail
