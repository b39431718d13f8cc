#!/bin/sh
# dma_run.sh - rtl/sam_axi_dma.v (the descriptor DMA in front of the
# AXI4-Lite control block) against its directed bench testbenches/tb_axi_dma.v
# with rtl/sam_axil_ctrl.v: on Icarus (host words of 40 bits, two slots
# each, and of 32 and 16 bits, one slot; two seeds each) and Verilator (40
# and 16 bits); then mutants of the DMA, each of which the bench (Icarus,
# 40 bits) must FAIL.
#
# usage: dma_run.sh [icarus] [verilator]     (default: both)
# Environment: BUILD (build), SEED (1).  Exit 1 on a failure or a surviving
# mutant.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
BUILD=${BUILD:-build}
SEED=${SEED:-1}
out=$BUILD/tb/dma
mkdir -p "$out"
sims=${*:-icarus verilator}
fail=0
tb=testbenches/tb_axi_dma.v
ctrl=rtl/sam_axil_ctrl.v
run_icarus() { # RTL-FILE HD LOG [PLUSARGS]
    iverilog -g2005 -Irtl -s tb_axi_dma -P tb_axi_dma.HD="$2" -o "$3.vvp" "$tb" "$1" "$ctrl" >"$3" 2>&1 \
        && vvp -n "$3.vvp" ${4:-} >>"$3" 2>&1
}
check() { # LOG WHAT
    if grep -q '^PASS tb_axi_dma' "$1"; then
        echo "dma $2: $(grep '^PASS' "$1")"
    else
        echo "FAIL dma $2:"; grep -m3 -E 'FAIL|rror' "$1"; fail=1
    fi
}
for sim in $sims; do
    case "$sim" in
    icarus)
        for hd in 40 32 16; do
            for s in "$SEED" $((SEED + 1)); do
                log=$out/icarus-$hd-$s.log
                run_icarus rtl/sam_axi_dma.v "$hd" "$log" "+seed=$s"
                check "$log" "icarus HD=$hd"
            done
        done ;;
    verilator)
        for hd in 40 16; do
            log=$out/verilator-$hd.log
            verilator --binary --timing -Wno-fatal -Wno-lint -Wno-style -MAKEFLAGS "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0" -Irtl --top-module tb_axi_dma \
                -GHD="$hd" -Mdir "$out/obj$hd" "$tb" rtl/sam_axi_dma.v "$ctrl" >"$log" 2>&1 \
                && "$out/obj$hd/Vtb_axi_dma" "+seed=$SEED" >>"$log" 2>&1
            check "$log" "verilator HD=$hd"
        done ;;
    *) echo "dma_run.sh: unknown simulator '$sim'" >&2; exit 2 ;;
    esac
done
# mutants: from@to, literal text of rtl/sam_axi_dma.v (first occurrence)
n=0
while IFS='@' read -r from to; do
    [ -n "$from" ] || continue
    n=$((n + 1))
    m=$out/mutant$n.v
    FROM="$from" TO="$to" awk 'BEGIN { f = ENVIRON["FROM"]; t = ENVIRON["TO"] }
      { i = index($0, f); if (i > 0 && !done) { $0 = substr($0, 1, i - 1) t substr($0, i + length(f)); done = 1 } print }' \
      rtl/sam_axi_dma.v >"$m"
    if cmp -s rtl/sam_axi_dma.v "$m"; then
        echo "MUTANT $n: mutation does not apply ('$from')"; fail=1; continue
    fi
    if run_icarus "$m" 40 "$out/mutant$n.log" "+seed=$SEED" && grep -q '^PASS' "$out/mutant$n.log"; then
        echo "MUTANT $n: SURVIVED ('$from' -> '$to')"; fail=1
    else
        echo "dma mutant $n killed ('$from' -> '$to'): $(grep -m1 FAIL "$out/mutant$n.log")"
    fi
done <<'LIST'
  wire [4:0]  blen = (beats_q < 33'd16 && {22'd0, to_bound} > beats_q) ? beats_q[4:0]@  wire [4:0]  blen = (beats_q < 33'd16) ? beats_q[4:0]
                   : (to_bound < 11'd16) ? to_bound[4:0] : 5'd16;@                   : 5'd16;
            if (berr_q || m_axi_rresp_i[1]) begin@            if (1'b0) begin
          if (m_axi_bresp_i[1]) begin@          if (1'b0) begin
{m_axi_rdata_i, lo_q}@{lo_q, m_axi_rdata_i}
(Slots == 2 && half_q) ? wword_q[63:32]@(Slots == 2 && !half_q) ? wword_q[63:32]
  assign m_axi_wlast_o   = burst_q == 5'd1;@  assign m_axi_wlast_o   = burst_q == 5'd0;
  wire       wr_own = wr_reg >= 10'd64 || (wr_reg == RegDataLo && active);@  wire       wr_own = wr_reg >= 10'd64;
  wire [32:0] st_words  = (len33 < cur_count) ? len33 : cur_count;@  wire [32:0] st_words  = cur_count;
            d_moved_q[k_q] <= len33[31:0];@            d_moved_q[k_q] <= st_words[31:0];
              state_q <= StNext;@              begin k_q <= k_q + 6'd1; state_q <= StScan; end
s_axil_wdata_i[0] && !mask_start}@s_axil_wdata_i[0]}
        st_q <= fwd_rd_go && rd_reg == RegStatus;@        st_q <= 1'b0;
        if (wk_ok && !active) begin@        if (wk_ok) begin
  wire        cur_fits  = cur_count <= (33'd1 << HostAddrWidth);@  wire        cur_fits  = 1'b1;
        StInjB: if (c_axil_bvalid_i) state_q <= StRun;@        StInjB: if (c_axil_bvalid_i) begin store_q <= 1'b1; k_q <= 6'd1; state_q <= StScan; end
LIST
[ "$fail" -eq 0 ] && echo "dma: $n mutants killed"
exit "$fail"
