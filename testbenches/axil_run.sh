#!/bin/sh
# axil_run.sh - rtl/sam_axil_ctrl.v (the AXI4-Lite control block) against
# its directed bench testbenches/tb_axil_ctrl.v, on Icarus and Verilator;
# then mutants of the block, each of which the bench (Icarus) must FAIL.
#
# usage: axil_run.sh [icarus] [verilator]     (default: both)
# Environment: BUILD (build).  Exit 1 on a failure or a surviving mutant.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
BUILD=${BUILD:-build}
out=$BUILD/tb/axil
mkdir -p "$out"
sims=${*:-icarus verilator}
fail=0
tb=testbenches/tb_axil_ctrl.v
run_icarus() { # RTL-FILE LOG
    iverilog -g2005 -Irtl -s tb_axil_ctrl -o "$2.vvp" "$tb" "$1" >"$2" 2>&1 && vvp -n "$2.vvp" >>"$2" 2>&1
}
for sim in $sims; do
    log=$out/$sim.log
    case "$sim" in
    icarus) run_icarus rtl/sam_axil_ctrl.v "$log" ;;
    verilator)
        verilator --binary --timing -Wno-fatal -Wno-lint -Wno-style -MAKEFLAGS "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0" -Irtl --top-module tb_axil_ctrl \
            -Mdir "$out/obj" "$tb" rtl/sam_axil_ctrl.v >"$log" 2>&1 && "$out/obj/Vtb_axil_ctrl" >>"$log" 2>&1 ;;
    *) echo "axil_run.sh: unknown simulator '$sim'" >&2; exit 2 ;;
    esac
    if grep -q '^PASS tb_axil_ctrl' "$log"; then
        echo "axil $sim: $(grep '^PASS' "$log")"
    else
        echo "FAIL axil $sim:"; grep -m3 -E 'FAIL|rror' "$log"; fail=1
    fi
done
# mutants: from@to, literal text of rtl/sam_axil_ctrl.v
n=0
while IFS='@' read -r from to; do
    [ -n "$from" ] || continue
    n=$((n + 1))
    m=$out/mutant$n.v
    FROM="$from" TO="$to" awk 'BEGIN { f = ENVIRON["FROM"]; t = ENVIRON["TO"] }
      { i = index($0, f); if (i > 0 && !done) { $0 = substr($0, 1, i - 1) t substr($0, i + length(f)); done = 1 } print }' \
      rtl/sam_axil_ctrl.v >"$m"
    if cmp -s rtl/sam_axil_ctrl.v "$m"; then
        echo "MUTANT $n: mutation does not apply ('$from')"; fail=1; continue
    fi
    if run_icarus "$m" "$out/mutant$n.log" && grep -q '^PASS' "$out/mutant$n.log"; then
        echo "MUTANT $n: SURVIVED ('$from' -> '$to')"; fail=1
    else
        echo "axil mutant $n killed ('$from' -> '$to'): $(grep -m1 FAIL "$out/mutant$n.log")"
    fi
done <<'LIST'
  wire mem_ok = !busy_q && addr_fits;@  wire mem_ok = addr_fits;
  wire mem_ok = !busy_q && addr_fits;@  wire mem_ok = !busy_q;
    end else if (we_q || rd_data_done) begin@    end else if (rd_data_done) begin
      if (seen_low_q && done_i) begin@      if (done_i) begin
  wire       wr_go  = s_axil_awvalid_i && s_axil_wvalid_i && !bvalid_q;@  wire       wr_go  = s_axil_awvalid_i && !bvalid_q;
      if (rvalid_q && s_axil_rready_i) rvalid_q <= 1'b0;@      if (rvalid_q) rvalid_q <= 1'b0;
    if (!rst_ni || start_req) refused_q <= 1'b0;@    if (!rst_ni) refused_q <= 1'b0;
              cyc_hi_q <= cyc_q[63:32];@              cyc_hi_q <= cyc_q[31:0];
          RegDataHi: wdata_hi_q <= merge(wdata_hi_q, s_axil_wdata_i, s_axil_wstrb_i);@          RegDataHi: ;
LIST
[ "$fail" -eq 0 ] && echo "axil: $n mutants killed"
exit "$fail"
