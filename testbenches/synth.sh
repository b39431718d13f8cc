#!/bin/sh
# synth.sh - Yosys generic synthesis of every configuration in
# testbenches/rtl_modules.txt with `check -assert` (no undriven nets, no
# combinational loops, no multiple drivers) and a latch check (no $dlatch
# cells).  With -f FILE, appends "module params cells flipflops" lines for
# the default configuration of each module (the area figures).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
fig=""
[ "${1:-}" = "-f" ] && fig=$2
out=${BUILD:-build}/rtl/synth
mkdir -p "$out"
fail=0; n=0; seen=" "
[ -n "$fig" ] && : > "$fig"
files=$(grep -v '^#' testbenches/rtl_modules.txt | awk '{print $1}' | sort -u | sed 's|^|rtl/|; s|$|.v|' | tr '\n' ' ')
while read -r mod params; do
  case "$mod" in ''|'#'*) continue ;; esac
  cp=""; for p in $params; do cp="$cp chparam -set ${p%%=*} ${p#*=} $mod;"; done
  tag=$(echo "$mod $params" | tr ' =' '__')
  log=$out/$tag.log
  if yosys -q -l "$log" -p "read_verilog -Irtl $files; $cp synth -top $mod -flatten; check -assert; tee -o $out/$tag.stat stat" > /dev/null 2>&1 \
     && ! grep -qi 'dlatch' "$out/$tag.stat"; then
    n=$((n + 1))
    case "$seen" in *" $mod "*) ;; *)
      seen="$seen$mod "
      if [ -n "$fig" ]; then
        cells=$(awk '/Number of cells:/ {print $4}' "$out/$tag.stat" | tail -1)
        ffs=$(awk '/\$_(S?DFF|DFFE|SDFFE|SDFFCE|ALDFF|DFFSR)[A-Z_0-9]*_/ {s += $2} END {print s + 0}' "$out/$tag.stat")
        echo "$mod $cells $ffs" >> "$fig"
      fi ;;
    esac
  else
    echo "SYNTH FAIL $mod $params (see $log)"; grep -i 'error\|warning\|dlatch' "$log" | head -5; fail=1
  fi
done < testbenches/rtl_modules.txt
[ $fail -eq 0 ] && echo "synth: $n configurations pass check -assert, no latches"
exit $fail
