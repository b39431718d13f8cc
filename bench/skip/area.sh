#!/bin/sh
# area.sh - Yosys cells and flip-flops of two scanner cores + one
# intersector (bench/skip/skip_pair_top.v) for T in {0,4,8,16,32,64,128} at 8-
# and 16-bit coordinates (16-bit references), and the iCE40 HX8K fmax of
# T = 32 with 8-bit coordinates and 8-bit references (nextpnr-ice40,
# out of context: the pair's ports are the package pins' logic).
#   sh bench/skip/area.sh OUT_DIR [W:T ...] [fmax]
#     -> OUT_DIR/area.dat (appends one row per point), OUT_DIR/fmax.txt
# Without point arguments: every point and fmax, area.dat rewritten.
set -eu
O=$1
shift
mkdir -p "$O"
SRC="rtl/sam_scan_skip_core.v rtl/sam_scan_skip_ctl.v rtl/sam_intersect_skip.v bench/skip/skip_pair_top.v"
if [ $# -eq 0 ]; then
  set -- 8:0 8:4 8:8 8:16 8:32 8:64 8:128 16:0 16:4 16:8 16:16 16:32 16:64 16:128 fmax
  echo "# T crd_width cells ffs" > "$O/area.dat"
fi
[ -f "$O/area.dat" ] || echo "# T crd_width cells ffs" > "$O/area.dat"
for p in "$@"; do
  if [ "$p" = fmax ]; then
    yosys -q -p "read_verilog -DSYNTHESIS -Irtl $SRC; chparam -set T 32 -set CrdWidth 8 -set RefWidth 8 skip_pair_top; synth_ice40 -top skip_pair_top -json $O/pair32.json" > /dev/null
    nextpnr-ice40 --hx8k --package ct256 --json "$O/pair32.json" --freq 12 --seed 1 > "$O/nextpnr.log" 2>&1 || true
    grep -E "Max frequency for clock" "$O/nextpnr.log" | tail -1 > "$O/fmax.txt" || true
    grep -E "ICESTORM_LC:" "$O/nextpnr.log" | tail -1 >> "$O/fmax.txt" || true
    cat "$O/fmax.txt"
    continue
  fi
  w=${p%%:*}
  t=${p#*:}
  yosys -q -p "read_verilog -DSYNTHESIS -Irtl $SRC; chparam -set T $t -set CrdWidth $w -set RefWidth 16 skip_pair_top; synth -flatten -top skip_pair_top; tee -o $O/stat_${w}_$t.txt stat" > /dev/null
  cells=$(awk '/Number of cells:/ {print $4}' "$O/stat_${w}_$t.txt" | tail -1)
  ffs=$(grep -E '\$_(S|A)?DFFE?_' "$O/stat_${w}_$t.txt" | awk '{s += $2} END {print s + 0}')
  echo "$t $w $cells $ffs" >> "$O/area.dat"
done
cat "$O/area.dat"
