#!/bin/sh
# skip_run.sh - correctness benches of sam_scan_skip + sam_intersect_skip.
#
#   sh testbenches/skip_run.sh BUILD_DIR icarus|verilator   (SKIP_TS="T ...":
#   only those CAM sizes)
#
# Generates cases with skip_gen (vectors of every pattern, multi-fiber
# streams with stops, empty fibers and N, 2 and 3 inputs), then for each
# CAM size T checks that the intersector's outputs equal the plain
# intersection, without and with random stalls; without stalls it also
# checks that the RTL cycle count equals the cycle model's prediction.
set -eu
B=$1
SIM=$2
GEN=$B/tb/skip_gen
W=$B/tb/skip_cases
# the skip modules and their submodules, found in rtl/
RTL="-y rtl"
mkdir -p "$W"

if [ -n "${SKIP_TS:-}" ]; then
  TS=$SKIP_TS             # e.g. SKIP_TS="1 32": a quicker subset
elif [ "$SIM" = icarus ]; then
  TS="0 1 2 4 8 32 128"
else
  TS="0 1 32"
fi

# case list: name inputs generator-options
cases() {
  echo "u1 2 --vec urandom --seed 1"
  echo "r4 2 --vec runs --run 4 --seed 2"
  echo "r64 2 --vec runs --run 64 --seed 3"
  echo "b16 2 --vec blocks --run 16 --seed 4"
  echo "m1 2 --mat --seed 1"
  echo "m2 2 --mat --seed 2"
  echo "m3 2 --mat --seed 3"
  echo "t1 3 --mat --inputs 3 --seed 1"
  echo "t2 3 --mat --inputs 3 --seed 2"
  echo "t3 3 --vec blocks --run 32 --inputs 3 --seed 5"
}

fail=0
run() {  # binary case-dir seed stall expected-cycles(or -)
  out=$("$1" +dir="$2" +seed="$3" +stall="$4" | grep -E '^(PASS|FAIL)' | head -1)
  case "$out" in
    PASS*) ;;
    *) echo "FAIL $1 $2 seed $3 stall $4: $out"; fail=1; return ;;
  esac
  if [ "$5" != - ]; then
    got=$(echo "$out" | sed 's/.*cycles=\([0-9]*\).*/\1/')
    if [ "$got" != "$5" ]; then
      echo "FAIL $1 $2: RTL $got cycles, model predicts $5"
      fail=1
    fi
  fi
}

# one_config N T: build the bench for N inputs and CAM size T and run
# every case; its report in $W/res_SIM_N_T (the configurations run
# SKIP_JOBS at a time, default 2, and report in order)
one_config() {
    n=$1; t=$2
    bin=$W/tb_${SIM}_${n}_${t}
    if [ "$SIM" = icarus ]; then
      iverilog -g2005 -Irtl -o "$bin" -Ptb_skip.T="$t" -Ptb_skip.NumInputs="$n" \
        testbenches/tb_skip.v $RTL || { echo "FAIL build $SIM inputs=$n T=$t"; return; }
    else
      verilator --binary --timing -Wno-fatal -MAKEFLAGS "OPT_FAST=-O1 OPT_SLOW=-O0 OPT_GLOBAL=-O1" -Irtl -GT="$t" -GNumInputs="$n" \
        --top-module tb_skip -Mdir "$bin.d" -o vtb \
        testbenches/tb_skip.v $RTL > "$bin.log" 2>&1 || { cat "$bin.log"; echo "FAIL build $SIM inputs=$n T=$t"; return; }
      ln -sf "$(basename "$bin").d/vtb" "$bin"
    fi
    fail=0
    for c in $(awk -v n="$n" '$2 == n {print $1}' "$W/cases.txt"); do
      exp=$(awk -v t="T=$t" '$2 == t {sub("cycles=", "", $3); print $3}' "$W/$c.model")
      run "$bin" "$W/$c" 1 0 "$exp"
      for seed in 1 2 3; do run "$bin" "$W/$c" "$seed" 1 -; done
    done
    if [ $fail -eq 0 ]; then
      echo "ok   $SIM inputs=$n T=$t (no stalls: cycles = model; random stalls: 3 seeds)"
    else
      echo "FAIL $SIM inputs=$n T=$t"
    fi
}
if [ "${3:-}" = --config ]; then
    one_config "$4" "$5" > "$W/res_${SIM}_$4_$5" 2>&1
    exit 0
fi

cases > "$W/cases.txt"
while read -r name n opts; do
  # shellcheck disable=SC2086
  if ! "$GEN" "$W/$name" $opts --predict "$(echo $TS | tr ' ' ',')" > "$W/$name.model"; then
    echo "FAIL skip_gen $name"
    exit 1
  fi
done < "$W/cases.txt"
configs=""
for n in 2 3; do
  for t in $TS; do
    if [ "$SIM" = verilator ]; then
      case "$n:$t" in 2:0|2:32|3:1) ;; *) continue ;; esac
    fi
    [ "$n:$t" != 3:128 ] || continue
    rm -f "$W/res_${SIM}_${n}_${t}"
    configs="$configs $n:$t"
  done
done
# shellcheck disable=SC2086
printf '%s\n' $configs | tr ':' ' ' |
  xargs -P "${SKIP_JOBS:-2}" -L 1 sh "$0" "$B" "$SIM" --config
for c in $configs; do
  r=$W/res_${SIM}_${c%%:*}_${c#*:}
  if [ -s "$r" ]; then cat "$r"; else echo "FAIL $SIM config $c: no report"; fail=1; fi
  grep -q '^FAIL' "$r" 2>/dev/null && fail=1
done
if [ $fail -ne 0 ]; then
  echo "skip benches FAILED ($SIM)"
  exit 1
fi
echo "skip benches passed ($SIM)"
