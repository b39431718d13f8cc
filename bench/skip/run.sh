#!/bin/sh
# run.sh - the skip figures of docs/extensor.md.
#   sh bench/skip/run.sh BUILD_DIR
# SAM Figure 13 setup (x = b * c, two 2000-long vectors, 400 nonzeros each):
# RTL cycles (Icarus, no stalls) of the scanner + intersector pair with
# T = 0 (two-finger merge), 32 and 64, and the cycle model's predictions,
# per pattern and run length -> $B/skip/fig13.dat and docs/img/skip_fig13.png.
# SpMSpM inner product (A*A^T row pairs) on $SHARED/data/mtx ->
# $B/skip/spmspm.dat.  Area and fmax: bench/skip/area.sh.
set -eu
B=$1
O=$B/skip
GEN=$B/tb/skip_gen
RTL="rtl/sam_scan_skip.v rtl/sam_scan_skip_core.v rtl/sam_intersect_skip.v"
mkdir -p "$O"
for t in 0 32 64; do
  iverilog -g2005 -Irtl -o "$O/tb_$t" -Ptb_skip.T=$t -Ptb_skip.NumInputs=2 testbenches/tb_skip.v $RTL
done
rtl() {  # T case-dir -> cycles
  r=$(vvp -n "$O/tb_$1" +dir="$2" | grep -E '^(PASS|FAIL)')
  case "$r" in PASS*) echo "$r" | sed 's/.*cycles=\([0-9]*\).*/\1/' ;; *) echo "FAIL: $r" >&2; exit 1 ;; esac
}
model() {  # T model-output -> cycles
  awk -v t="T=$1" '$2 == t {sub("cycles=", "", $3); print $3}' "$2"
}
echo "# pattern L rtl_T0 rtl_T32 model_T32 rtl_T64 model_T64 model_T0" > "$O/fig13.dat"
for pat in urandom runs blocks; do
  if [ $pat = urandom ]; then LS="1 2 3"; else LS="1 2 4 8 16 32 64 128 256"; fi
  for L in $LS; do
    d=$O/case_${pat}_$L
    if [ $pat = urandom ]; then opt="--seed $L"; else opt="--run $L --seed 7"; fi
    # shellcheck disable=SC2086
    "$GEN" "$d" --vec $pat $opt --predict 0,32,64 > "$d.model"
    echo "$pat $L $(rtl 0 "$d") $(rtl 32 "$d") $(model 32 "$d.model") $(rtl 64 "$d") $(model 64 "$d.model") $(model 0 "$d.model")" >> "$O/fig13.dat"
  done
done
cat "$O/fig13.dat"

echo "# matrix pairs rtl_T0 rtl_T32 model_T0 model_T32" > "$O/spmspm.dat"
if [ -d "${SHARED:-}/data/mtx" ]; then
  for m in "$SHARED"/data/mtx/*.mtx; do
    n=$(basename "$m" .mtx)
    d=$O/mtx_$n
    if ! "$GEN" "$d" --mtx "$m" --pairs 1000 --predict 0,32 > "$d.model" 2> "$d.err"; then
      echo "# $n skipped: $(cat "$d.err")" >> "$O/spmspm.dat"
      continue
    fi
    echo "$n 1000 $(rtl 0 "$d") $(rtl 32 "$d") $(model 0 "$d.model") $(model 32 "$d.model")" >> "$O/spmspm.dat"
  done
else
  echo "SKIP SpMSpM: \$SHARED/data/mtx not found (SHARED=${SHARED:-unset})"
fi
cat "$O/spmspm.dat"

if command -v gnuplot > /dev/null; then
  mkdir -p docs/img
  gnuplot -e "dat='$O/fig13.dat'; out='docs/img/skip_fig13.png'" bench/skip/fig13.gp
fi
sh bench/skip/area.sh "$O"
