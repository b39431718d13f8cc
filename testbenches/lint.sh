#!/bin/sh
# lint.sh - verilator --lint-only -Wall on every configuration listed in
# testbenches/rtl_modules.txt (no waivers beyond the per-signal "unused"
# naming convention).  Exit 1 on any warning.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
fail=0; n=0
while read -r mod params; do
  case "$mod" in ''|'#'*) continue ;; esac
  g=""; for p in $params; do g="$g -G$p"; done
  if out=$(verilator --lint-only -Wall -Irtl -y rtl $g --top-module "$mod" "rtl/$mod.v" 2>&1); then
    n=$((n + 1))
  else
    echo "LINT FAIL $mod $params"; printf '%s\n' "$out" | grep '^%' | head -10; fail=1
  fi
done < testbenches/rtl_modules.txt
[ $fail -eq 0 ] && echo "lint: $n configurations clean (verilator -Wall)"
exit $fail
