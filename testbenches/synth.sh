#!/bin/sh
# synth.sh - Yosys generic synthesis of every configuration in
# testbenches/rtl_modules.txt with `check -assert` (no undriven nets, no
# combinational loops, no multiple drivers) and a latch check (no $dlatch
# cells).  With -f FILE, appends "module params cells flipflops" lines for
# the default configuration of each module (the area figures).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
out=${BUILD:-build}/rtl/synth
files=$(grep -v '^#' testbenches/rtl_modules.txt | awk '{print $1}' | sort -u | sed 's|^|rtl/|; s|$|.v|' | tr '\n' ' ')

# --one MOD PARAMS...: synthesize one configuration; its exit status in
# $out/TAG.rc (the configurations run SYNTH_JOBS at a time, default 2)
if [ "${1:-}" = --one ]; then
  shift; mod=$1; shift; params="$*"
  cp=""; for p in $params; do cp="$cp chparam -set ${p%%=*} ${p#*=} $mod;"; done
  tag=$(echo "$mod $params" | sed 's/ *$//' | tr ' =' '__')
  yosys -q -l "$out/$tag.log" -p "read_verilog -Irtl $files; $cp synth -top $mod -flatten; check -assert; tee -o $out/$tag.stat stat" > /dev/null 2>&1
  echo $? > "$out/$tag.rc"
  exit 0
fi

fig=""
[ "${1:-}" = "-f" ] && fig=$2
mkdir -p "$out"
rm -f "$out"/*.rc
fail=0; n=0; seen=" sam_ram "  # sam_ram figures come from the iCE40 run below
[ -n "$fig" ] && : > "$fig"
grep -v '^ *#' testbenches/rtl_modules.txt | grep -v '^ *$' |
  xargs -P "${SYNTH_JOBS:-2}" -L 1 sh testbenches/synth.sh --one
while read -r mod params; do
  case "$mod" in ''|'#'*) continue ;; esac
  tag=$(echo "$mod $params" | sed 's/ *$//' | tr ' =' '__')
  log=$out/$tag.log
  if [ "$(cat "$out/$tag.rc" 2>/dev/null)" = 0 ] && ! grep -qi 'dlatch' "$out/$tag.stat"; then
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
# sam_ram must infer block RAM: iCE40 flow at the default size (1024 x 16)
if yosys -q -l "$out/sam_ram_ice40.log" -p "read_verilog -Irtl rtl/sam_ram.v; synth_ice40 -top sam_ram; check -assert; tee -o $out/sam_ram_ice40.stat stat" > /dev/null 2>&1 \
   && grep -q 'SB_RAM40_4K' "$out/sam_ram_ice40.stat"; then
  brams=$(awk '/SB_RAM40_4K/ {print $2}' "$out/sam_ram_ice40.stat" | head -1)
  echo "synth: sam_ram (1024 x 16) maps to $brams SB_RAM40_4K block RAM(s) in synth_ice40"
  if [ -n "$fig" ]; then
    cells=$(awk '/Number of cells:/ {print $4}' "$out/sam_ram_ice40.stat" | tail -1)
    ffs=$(awk '/SB_DFF/ {s += $2} END {print s + 0}' "$out/sam_ram_ice40.stat")
    echo "sam_ram $cells $ffs ice40:${brams}xSB_RAM40_4K" >> "$fig"
  fi
else
  echo "SYNTH FAIL sam_ram: no block RAM inferred by synth_ice40 (see $out/sam_ram_ice40.log)"; fail=1
fi
[ $fail -eq 0 ] && echo "synth: $n configurations pass check -assert, no latches"
exit $fail
