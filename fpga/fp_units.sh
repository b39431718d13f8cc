#!/bin/sh
# fp_units.sh - the area and clock table of the real-number units
# (docs/area.md, "Floating-point units"): every rtl/sam_fp_*.v unit except
# sam_fp_round (a part of the adder and the multiplier), at fp32
# (FracWidth 23) and bf16 (FracWidth 7), each synthesized on its own with
# samgen area --prim:
#   generic   cells, flip-flops, transistors
#   ice40     HX8K: LUTs, carries, flip-flops, logic cells with the I/O
#             wrapper, nextpnr fmax (seed 1, 100 MHz target)
#   up5k      the units with multipliers (those that take DSP48E1 on
#             Xilinx), synth_ice40 -dsp: LUTs, SB_MAC16, fmax
#   xilinx    synth_xilinx -family xc7: LUTs, flip-flops, DSP48E1
# It prints the Markdown table on stdout.
#
# usage: fp_units.sh [SAMGEN [WORKDIR]]   (default build/samgen and
#                                          $BUILD/area/fp, BUILD=build)
# Each run's JSON report stays in WORKDIR; TIMEOUT (seconds, default 3600)
# bounds each Yosys and nextpnr run; RTL (default rtl) is the primitive
# library to read the units from and UNITS (default: every unit there, then
# sam_fp_add:14 and sam_fp_cmp:2) the units to measure; UNIT:N is the unit
# with its parameter Latency N.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
SAMGEN=${1:-build/samgen}
out=${2:-${BUILD:-build}/area/fp}
TIMEOUT=${TIMEOUT:-3600}
[ -x "$SAMGEN" ] || { echo "fp_units.sh: $SAMGEN not built" >&2; exit 2; }
RTL=${RTL:-rtl}
mkdir -p "$out" || exit 2
num() {  # key, json file: the first "key": number (the total, or pnr's)
  v=$(sed -n "s/.*\"$1\": *\([0-9.-]*\).*/\1/p" "$2" | head -1)
  echo "${v:--}"
}
fmax() {  # json file: nextpnr's fmax, or that the unit does not fit
  if grep -q '"fits": false' "$1"; then echo "does not fit"; else num fmax_mhz "$1"; fi
}
run() {  # unit, fmt, frac, tag, area options...: JSON report in $out/UNIT_FMT.TAG.json
  u=$1; fmt=$2; f=$3; tag=$4; shift 4
  j=$out/${u}_$fmt.$tag.json
  # shellcheck disable=SC2086
  "$SAMGEN" area --prim "$mod" --param FracWidth="$f" $lparam --rtl "$RTL" --json -q --timeout "$TIMEOUT" "$@" \
    -o "$out/${u}_$fmt.$tag" > "$j" 2> "$out/${u}_$fmt.$tag.log" ||
    { echo "fp_units.sh: $u $fmt $tag failed (see $out/${u}_$fmt.$tag.log)" >&2; exit 1; }
}
units=${UNITS:-"$(ls "$RTL"/sam_fp_*.v | sed 's|.*/||; s|\.v$||' | grep -v '^sam_fp_round$') sam_fp_add:14 sam_fp_cmp:2"}
echo "| unit | format | latency | cells | FFs | transistors | iCE40 LUTs | carry | FFs | logic cells (with wrapper) | HX8K fmax (MHz) | UP5K LUTs | SB_MAC16 | UP5K fmax (MHz) | Xilinx LUTs | FFs | DSP48E1 |"
echo "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
for spec in $units; do
  mod=${spec%%:*}; u=$mod; lparam=""
  case "$spec" in *:*) u=${mod}_l${spec#*:}; lparam="--param Latency=${spec#*:}" ;; esac
  for f in 23 7; do
    fmt=fp32; [ "$f" = 7 ] && fmt=bf16
    # the latency given, or the one the unit's header states; the
    # divider's grows with F
    lat=$(sed -n 's/.*Latency *= *\([0-9][0-9]*\).*/\1/p' "$RTL/$mod.v" | head -1)
    case "$spec" in *:*) lat=${spec#*:} ;; esac
    [ "$mod" = sam_fp_div ] && lat=$(( (f + 4) / 2 + 4 ))
    run "$u" $fmt $f generic --target generic
    run "$u" $fmt $f ice40 --target ice40
    run "$u" $fmt $f xilinx --target xilinx
    g=$out/${u}_$fmt.generic.json; i=$out/${u}_$fmt.ice40.json; x=$out/${u}_$fmt.xilinx.json
    up="- | - | -"
    if [ "$(num dsps "$x")" != 0 ]; then
      run "$u" $fmt $f up5k --target ice40 --device up5k
      p=$out/${u}_$fmt.up5k.json
      up="$(num luts "$p") | $(num dsps "$p") | $(fmax "$p")"
    fi
    echo "| $mod | $fmt | ${lat:-?} | $(num cells "$g") | $(num ffs "$g") | $(num transistors "$g") | $(num luts "$i") | $(num carries "$i") | $(num ffs "$i") | $(num lcs "$i") | $(fmax "$i") | $up | $(num luts "$x") | $(num ffs "$x") | $(num dsps "$x") |"
  done
done
