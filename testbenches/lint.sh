#!/bin/sh
# lint.sh - verilator --lint-only -Wall on every configuration listed in
# testbenches/rtl_modules.txt (no waivers beyond the per-signal "unused"
# naming convention), in the simulation view (sam_edge instantiates the
# simulation tap, rtl/sam_tap.v) and, for modules with a synthesis view
# (`ifdef SYNTHESIS), in that one too; sam_edge also with the tap's DPI
# monitor (SG_TAP_DPI).  Exit 1 on any warning.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
fail=0; n=0
while read -r mod params; do
  case "$mod" in ''|'#'*) continue ;; esac
  g=""; for p in $params; do g="$g -G$p"; done
  views="sim"
  grep -q 'ifdef SYNTHESIS' "rtl/$mod.v" && views="sim synth"
  # the edge's tap as Verilator builds it for samgen verify (DPI monitor)
  [ "$mod" = sam_edge ] && views="$views dpi"
  for view in $views; do
    def=""; [ "$view" = synth ] && def="-DSYNTHESIS"; [ "$view" = dpi ] && def="-DSG_TAP_DPI"
    # shellcheck disable=SC2086
    if out=$(verilator --lint-only -Wall $def -Irtl -y rtl $g --top-module "$mod" "rtl/$mod.v" 2>&1); then
      n=$((n + 1))
    else
      echo "LINT FAIL $mod $params ($view)"; printf '%s\n' "$out" | grep '^%' | head -10; fail=1
    fi
  done
done < testbenches/rtl_modules.txt
[ $fail -eq 0 ] && echo "lint: $n configurations clean (verilator -Wall)"
exit $fail
