#!/bin/sh
# fp_area.sh - the area table of the floating-point units (docs/area.md,
# "Floating-point units"): samgen area --prim on the generic target (cells,
# flip-flops, transistors) and on iCE40 HX8K (LUTs, carries, flip-flops,
# logic cells with the I/O wrapper, nextpnr fmax), fp32 and bf16.
#
# usage: fp_area.sh [SAMGEN]      (default build/samgen); work in
#                                 $BUILD/area/fp (BUILD defaults to build)
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
SAMGEN=${1:-build/samgen}
out=${BUILD:-build}/area/fp
[ -x "$SAMGEN" ] || { echo "fp_area.sh: $SAMGEN not built" >&2; exit 2; }
mkdir -p "$out"
num() {  # key, json file: the first "key": number
  sed -n "s/.*\"$1\": *\([0-9.-]*\).*/\1/p" "$2" | head -1
}
echo "| unit | format | latency | cells | FFs | transistors | iCE40 LUTs | carry | iCE40 FFs | logic cells (with wrapper) | iCE40 fmax (MHz) |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
for m in sam_fp_add sam_fp_mul sam_fp_cmp; do
  lat=5; [ "$m" = sam_fp_cmp ] && lat=1
  for f in 23 7; do
    fmt=fp32; [ "$f" = 7 ] && fmt=bf16
    g=$out/${m}_$fmt.generic.json; i=$out/${m}_$fmt.ice40.json
    "$SAMGEN" area --prim "$m" --param FracWidth=$f --target generic --json \
      -o "$out/${m}_$fmt.generic" > "$g" 2> "$out/${m}_$fmt.generic.log" || { echo "fp_area.sh: $m $fmt generic failed" >&2; exit 1; }
    "$SAMGEN" area --prim "$m" --param FracWidth=$f --target ice40 --json \
      -o "$out/${m}_$fmt.ice40" > "$i" 2> "$out/${m}_$fmt.ice40.log" || { echo "fp_area.sh: $m $fmt ice40 failed" >&2; exit 1; }
    echo "| $m | $fmt | $lat | $(num cells "$g") | $(num ffs "$g") | $(num transistors "$g") | $(num luts "$i") | $(num carries "$i") | $(num ffs "$i") | $(num lcs "$i") | $(num fmax_mhz "$i") |"
  done
done
