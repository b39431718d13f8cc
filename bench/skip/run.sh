#!/bin/sh
# run.sh - the skip figures of docs/extensor.md.
#   sh bench/skip/run.sh BUILD_DIR [fig13] [spmspm] [area]   (default: all)
#
# fig13: SAM Figure 13 setup (x = b * c, two 2000-long vectors, 20 %
#   nonzeros), vectors written by `samgen tensor gen` (urandom = pattern
#   uniform with seeds 10s and 10s+1; runs/blocks = the pattern's phase 0 and
#   1, seed 7, run length L).  Per case: RTL cycles (Icarus, no stalls) of the
#   scanner + intersector pair for T = 0 (two-finger merge), 32, 64 and 128; the
#   exact cycle model (golden/skip_model.c, via skip_gen --predict); and the
#   golden model's cycle engine on examples/vec_elemmul.gv (`samgen golden
#   --cycles|--skip T`) with FIFO depth 2 (the closest to the RTL's
#   register-to-register connection) and with unbounded FIFOs (its default).
#   -> $B/skip/fig13.dat, docs/img/skip_fig13.png
# spmspm: inner-product SpMSpM k-intersections (1000 random row pairs of A,
#   i.e. of A*A^T) for every $SHARED/data/mtx/*.mtx (or the names listed in
#   SKIP_MTX) -> $B/skip/spmspm.dat
# area: bench/skip/area.sh -> $B/skip/area.dat, fmax.txt
set -eu
B=$1
shift
PARTS=${*:-fig13 spmspm area}
O=$B/skip
GEN=$B/tb/skip_gen
SAMGEN=$B/samgen
# the skip modules and their submodules, found in rtl/
RTL="-y rtl"
mkdir -p "$O"
for t in 0 32 64 128; do
  iverilog -g2005 -Irtl -o "$O/tb_$t" -Ptb_skip.T=$t -Ptb_skip.NumInputs=2 testbenches/tb_skip.v $RTL
done
rtl() {  # T case-dir -> cycles
  r=$(vvp -n "$O/tb_$1" +dir="$2" | grep -E '^(PASS|FAIL)')
  case "$r" in PASS*) echo "$r" | sed 's/.*cycles=\([0-9]*\).*/\1/' ;; *) echo "FAIL: $r" >&2; exit 1 ;; esac
}
model() {  # T model-output -> cycles
  awk -v t="T=$1" '$2 == t {sub("cycles=", "", $3); print $3}' "$2"
}
golden() {  # T fifo-depth (0: unbounded) case-dir -> cycles of the golden cycle engine
  if [ "$1" = 0 ]; then m=--cycles; else m="--skip $1"; fi
  if [ "$2" = 0 ]; then fd=""; else fd="--fifo-depth $2"; fi
  # shellcheck disable=SC2086
  "$SAMGEN" golden examples/vec_elemmul.gv -t b="$3/in0.tns" -t c="$3/in1.tns" \
    -o "$3/golden" $fd $m > /dev/null
  sed -n 's/^  "cycles": \([0-9]*\),$/\1/p' "$3/golden/report.json"
}

case " $PARTS " in *" fig13 "*)
echo "# pattern L rtl_T0 rtl_T32 rtl_T64 model_T0 model_T32 model_T64 golden2_T0 golden2_T32 golden2_T64 golden0_T0 golden0_T32 rtl_T128 model_T128" > "$O/fig13.dat"
for pat in urandom runs blocks; do
  if [ $pat = urandom ]; then LS="1 2 3"; else LS="1 2 4 8 16 32 64 128 256"; fi
  for L in $LS; do
    d=$O/case_${pat}_$L
    mkdir -p "$d"
    for ph in 0 1; do
      if [ $pat = urandom ]; then
        opt="--pattern uniform --seed $((10 * L + ph))"
      else
        opt="--pattern $pat --run-length $L --seed 7 --phase $ph"
      fi
      # shellcheck disable=SC2086
      "$SAMGEN" tensor gen --shape 2000 --density 0.2 $opt -o "$d/v$ph.tns"
    done
    "$GEN" "$d" --tns "$d/v0.tns,$d/v1.tns" --predict 0,32,64,128 > "$d.model"
    echo "$pat $L $(rtl 0 "$d") $(rtl 32 "$d") $(rtl 64 "$d")" \
      "$(model 0 "$d.model") $(model 32 "$d.model") $(model 64 "$d.model")" \
      "$(golden 0 2 "$d") $(golden 32 2 "$d") $(golden 64 2 "$d")" \
      "$(golden 0 0 "$d") $(golden 32 0 "$d")" \
      "$(rtl 128 "$d") $(model 128 "$d.model")" >> "$O/fig13.dat"
  done
done
cat "$O/fig13.dat"
if command -v gnuplot > /dev/null; then
  mkdir -p docs/img
  gnuplot -e "dat='$O/fig13.dat'; out='docs/img/skip_fig13.png'" bench/skip/fig13.gp
fi
;; esac

case " $PARTS " in *" spmspm "*)
echo "# matrix pairs rtl_T0 rtl_T32 model_T0 model_T32" > "$O/spmspm.dat"
if [ -d "${SHARED:-}/data/mtx" ]; then
  if [ -n "${SKIP_MTX:-}" ]; then
    list=$(for n in $SKIP_MTX; do echo "$SHARED/data/mtx/$n.mtx"; done)
  else
    list=$(ls "$SHARED"/data/mtx/*.mtx)
  fi
  for m in $list; do
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
;; esac

case " $PARTS " in *" area "*) sh bench/skip/area.sh "$O" ;; esac
