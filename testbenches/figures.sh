#!/bin/sh
# figures.sh - the performance and area figures of the primitive library:
# cycles per token of every bench on long random streams without stalls
# (Icarus; expected streams from the golden model), and Yosys cells and
# flip-flops of every module at default widths.  Writes a markdown table to
# $BUILD/rtl/figures.md (copied into docs/primitives.md by hand).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
BUILD=${BUILD:-build}
out=$BUILD/rtl
mkdir -p "$out"
fig=$BUILD/tb/figgen
GEN_OUT=$fig CASES=1 SIZE=${SIZE:-400} SEED=7 BUILD=$BUILD sh testbenches/gen_cases.sh || exit 1
{
  echo "| bench | case | tokens, longest input stream | tokens, longest output stream | cycles | cycles per token of the busiest stream |"
  echo "|---|---|---|---|---|---|"
  for b in scan_compressed scan_dense repsiggen repeat locate arrayvals intersect union intersect3 union3 \
           alu reduce crddrop crdhold crddrop_vals crdhold_vals write_compressed write_vals write_vals_pos write_dense_pos spacc spacc_order2 vectorreducer fifo; do
    ONLY_GEN=1 GEN=$fig BUILD=$BUILD sh testbenches/run_bench.sh icarus "$b" 2>&1 |
      grep '^PASS' | grep 'stall=0' | while read -r _ _ _ name rest; do
        cyc=$(echo "$rest" | sed -n 's/.*cycles=\([0-9]*\).*/\1/p')
        tok=$(echo "$rest" | sed -n 's/.*tokens=\([0-9]*\).*/\1/p')
        f=$(ls "$fig/$b/"*.txt | head -1)
        for cand in $(ls "$fig/$b/"*.txt); do
          case "$name" in *"$(basename "$cand" .txt)") f=$cand ;; esac
        done
        intok=$(grep -E '^in(_[a-z_0-9]*)?:' "$f" | awk '{ if (NF - 1 > m) m = NF - 1 } END { print m + 0 }')
        awk -v b="$b" -v n="$name" -v i="$intok" -v t="$tok" -v c="$cyc" 'BEGIN {
          m = (i > t) ? i : t
          printf "| %s | %s | %d | %d | %d | %.2f |\n", b, n, i, t, c, c / m }'
      done
  done
} > "$out/figures.md"
BUILD=$BUILD sh testbenches/synth.sh -f "$out/area.txt" > "$out/synth.log" 2>&1
{
  echo
  echo "| module | Yosys cells | flip-flops |"
  echo "|---|---|---|"
  awk '{ printf "| %s | %s | %s%s |\n", $1, $2, $3, ($4 != "" ? " (" $4 ")" : "") }' "$out/area.txt"
} >> "$out/figures.md"
cat "$out/figures.md"
