#!/bin/sh
# val_area.sh - the area table of the value primitives by value type
# (docs/area.md, "Value primitives with real numbers"): Yosys generic
# `synth -flatten` cells and flip-flops, as `make rtl-synth` counts them,
# of sam_alu (every op) and sam_reduce at ValType 0 (integer, 32 bits), 1
# (fp32) and 2 (bf16).
#
# usage: val_area.sh              work in $BUILD/area/val (BUILD defaults
#                                 to build)
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
out=${BUILD:-build}/area/val
mkdir -p "$out"
files=$(grep -v '^#' testbenches/rtl_modules.txt | awk '{print $1}' | sort -u | sed 's|^|rtl/|; s|$|.v|' | tr '\n' ' ')
cells() {  # module, params...: "cells ffs"
  m=$1; shift
  cp=""; for p in "$@"; do cp="$cp chparam -set ${p%%=*} ${p#*=} $m;"; done
  tag=$(echo "$m $*" | tr ' =' '__')
  yosys -q -l "$out/$tag.log" -p "read_verilog -Irtl $files; $cp synth -top $m -flatten; tee -q -o $out/$tag.stat stat" \
    > /dev/null 2>&1 || { echo "val_area.sh: $m $* failed (see $out/$tag.log)" >&2; exit 1; }
  c=$(awk '/Number of cells:/ {print $4}' "$out/$tag.stat" | tail -1)
  f=$(awk '/\$_(S?DFF|DFFE|SDFFE|SDFFCE|ALDFF|DFFSR)[A-Z_0-9]*_/ {s += $2} END {print s + 0}' "$out/$tag.stat")
  echo "$c | $f"
}
echo "| module | op | integer (32 bits) cells | FFs | fp32 cells | FFs | bf16 cells | FFs |"
echo "|---|---|---|---|---|---|---|---|"
for op in 0 1 2 3 4 5 6; do
  name=$(echo "mul add sub max min smax smul" | cut -d' ' -f$((op + 1)))
  echo "| sam_alu | $name | $(cells sam_alu Op=$op) | $(cells sam_alu Op=$op ValType=1) | $(cells sam_alu Op=$op ValWidth=16 ValType=2) |"
done
echo "| sam_reduce | sum | $(cells sam_reduce) | $(cells sam_reduce ValType=1) | $(cells sam_reduce ValWidth=16 ValType=2) |"
