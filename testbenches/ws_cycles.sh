#!/bin/sh
# ws_cycles.sh - the sorted workspaces keep the dense ones' cycles: runs each
# dense accumulator bench and its sorted form (run_bench.sh) on the same
# cases and compares their PASS lines case by case, without and with random
# stalls (same seed): every case of the dense bench must pass on both with
# the same cycles and tokens.  The sorted benches' own cases (coordinates
# beyond the dense workspace, overflow) have no dense counterpart and are
# counted apart.  Exit 1 on a difference, a failed or a missing case.
#
# usage: ws_cycles.sh [SIM ...]     SIM = icarus | verilator (default icarus)
#
# Pairs: spacc / spacc_sorted, spacc_order2 / spacc_order2_sorted,
# vectorreducer / vectorreducer_sorted on every SIM; with FPGEN (a directory
# of testbenches/fp_prim_vec cases, FPGEN/spacc_fp32/ ...) also the
# real-number pairs spacc_fp32 / spacc_sorted_fp32 ... on the simulators in
# FPSIMS (default icarus) for each case directory present.
# Env: BUILD, SEED, TB_VEC, GEN (as run_bench.sh), FPGEN, FPSIMS.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
BUILD=${BUILD:-build}
export BUILD
sims=${*:-icarus}
log=$BUILD/tb/ws_cycles
mkdir -p "$log"
fail=0; total=0; own=0

# compare SIM DENSE SORTED [GEN...]: run both benches, compare their lines
compare() {
  sim=$1; dense=$2; sorted=$3; shift 3
  dl=$log/$sim-$dense.log; sl=$log/$sim-$sorted.log
  env "$@" sh testbenches/run_bench.sh "$sim" "$dense" > "$dl" 2>&1
  env "$@" sh testbenches/run_bench.sh "$sim" "$sorted" > "$sl" 2>&1
  # "PASS SIM BENCH NAME cycles=C tokens=T seed=S stall=X" -> NAME X C T
  res=$(awk -v dense="$dense" -v sorted="$sorted" -v sim="$sim" '
    function fields(   i, c, t, x) {
      for (i = 5; i <= NF; i++) {
        if ($i ~ /^cycles=/) c = substr($i, 8)
        if ($i ~ /^tokens=/) t = substr($i, 8)
        if ($i ~ /^stall=/) x = substr($i, 7)
      }
      key = $4 " stall=" x; val = "cycles=" c " tokens=" t
    }
    FNR == 1 { f++ }
    /^FAIL/ { print "FAIL " $0; bad++ }
    /^PASS/ { fields(); if (f == 1) { d[key] = val; order[++n] = key } else s[key] = val }
    END {
      for (i = 1; i <= n; i++) {
        k = order[i]
        if (!(k in s)) { print "MISSING " sim " " sorted " " k ": no PASS line"; bad++ }
        else if (s[k] != d[k]) { print "DIFF " sim " " k ": " dense " " d[k] ", " sorted " " s[k]; bad++ }
        else same++
      }
      for (k in s) if (!(k in d)) extra++
      printf "COUNT %d %d %d\n", same + 0, extra + 0, bad + 0
    }' "$dl" "$sl")
  printf '%s\n' "$res" | grep -v '^COUNT'
  set -- $(printf '%s\n' "$res" | sed -n 's/^COUNT //p')
  echo "$sim $dense / $sorted: $1 runs with equal cycles, $2 sorted-only runs, $3 problems"
  total=$((total + $1)); own=$((own + $2))
  if [ "$3" -ne 0 ] || [ "$1" -eq 0 ]; then fail=1; fi
}

for sim in $sims; do
  compare "$sim" spacc spacc_sorted
  compare "$sim" spacc_order2 spacc_order2_sorted
  compare "$sim" vectorreducer vectorreducer_sorted
done
if [ -n "${FPGEN:-}" ]; then
  for sim in ${FPSIMS:-icarus}; do
    for b in spacc_fp32 spacc_bf16 vectorreducer_fp32 vectorreducer_bf16; do
      [ -d "$FPGEN/$b" ] || continue
      compare "$sim" "$b" "${b%_*}_sorted_${b##*_}" GEN="$FPGEN" ONLY_GEN=1
    done
  done
fi
if [ $fail -eq 0 ]; then
  echo "ws_cycles: sorted = dense cycles on all $total runs ($own sorted-only runs not compared)"
else
  echo "ws_cycles: FAILED (logs in $log)"
fi
exit $fail
