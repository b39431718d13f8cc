#!/bin/sh
# demo.sh - the main job on the built-in example (make demo):
# sparse matrix-vector product x(i) = B(i,j) * c(j) on a generated matrix,
# from the graph to a verified, synthesized accelerator.
#
#   check  -> golden model -> generate RTL -> Verilator, token by token -> area
#
# Every step runs for real; the script stops at the first step that fails.
set -e
cd "$(dirname "$0")/.."
SAMGEN=${SAMGEN:-build/samgen}
G=examples/spmv.gv
T="-t B=examples/spmv_B.tns -t c=examples/spmv_c.tns"
OUT=out/demo
rm -rf "$OUT"
mkdir -p "$OUT"

step() { printf '\n== %s\n$ %s\n' "$1" "$2"; }

step "1/5 read and check the graph" "$SAMGEN check $G"
$SAMGEN check $G

step "2/5 golden model (cycle-approximate engine, traces of every edge)" \
     "$SAMGEN golden $G $T -o $OUT/golden --trace $OUT/golden/trace --cycles"
$SAMGEN golden $G $T -o $OUT/golden --trace $OUT/golden/trace --cycles
echo "result tensor: $OUT/golden/x.tns"
cat "$OUT/golden/x.tns"

step "3/5 generate the accelerator" "$SAMGEN gen $G $T -o $OUT/rtl"
$SAMGEN gen $G $T -o $OUT/rtl
ls "$OUT/rtl"

step "4/5 simulate under Verilator and compare every stream" \
     "$SAMGEN verify $G $T --sim verilator"
$SAMGEN verify $G $T --sim verilator

step "5/5 area with Yosys" "$SAMGEN area $G $T"
$SAMGEN area $G $T

printf '\ndemo finished: outputs under %s\n' "$OUT"
