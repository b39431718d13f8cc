#!/bin/sh
# fp_run.sh - the floating-point units (rtl/sam_fp_add.v, sam_fp_mul.v,
# sam_fp_cmp.v, sam_fp_div.v, sam_fp_exp.v) against the C model's vectors,
# on one simulator.
#
# usage: fp_run.sh SIM N      SIM = icarus | verilator, N random vectors
#
# For each operation (add, sub, mul, div, max, min; add and sub also on the
# adder's combinational form, Latency 0, and its deepest, Latency 14; max
# and min also on the comparator's Latency 2) and type (fp32, bf16):
# every pair of directed operands (fp_vec corners) without input gaps or
# output stalls, which also checks one result per cycle (II = 1), then N
# random vectors (fp_vec OP TYPE N SEED) with random input gaps and output
# backpressure.  exp (one operand) likewise: its directed corners, then
# N / 4 random vectors; on Verilator also every bf16 input.  A vector
# file with one wrong bit must fail.  Environment: BUILD (build), FP_VEC
# (the fp_vec binary), SEED (1), DIV_N (N: random vectors for div, whose
# many stages make each vector slower on Icarus).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
sim=${1:-}; n=${2:-}
BUILD=${BUILD:-build}; FP_VEC=${FP_VEC:-$BUILD/tb/fp_vec}; SEED=${SEED:-1}
case "$sim" in icarus|verilator) ;; *) echo "usage: fp_run.sh icarus|verilator N" >&2; exit 2 ;; esac
case "$n" in ''|*[!0-9]*) echo "fp_run.sh: N must be a count, not '$n'" >&2; exit 2 ;; esac
[ -x "$FP_VEC" ] || { echo "fp_run.sh: $FP_VEC not built" >&2; exit 2; }
out=$BUILD/tb/fp-$sim
mkdir -p "$out"
srcs="testbenches/tb_fp.v testbenches/tb_rng.v rtl/sam_fp_add.v rtl/sam_fp_mul.v rtl/sam_fp_cmp.v rtl/sam_fp_div.v rtl/sam_fp_exp.v rtl/sam_fp_round.v rtl/sam_pipe_valid.v rtl/sam_pipe_delay.v"
if [ "$sim" = icarus ]; then
  # shellcheck disable=SC2086
  iverilog -g2005 -Irtl -s tb_fp -o "$out/tb_fp.vvp" $srcs > "$out/build.log" 2>&1 \
    || { echo "FAIL build (see $out/build.log)"; exit 1; }
  run() { vvp -n "$out/tb_fp.vvp" "$@"; }
else
  # shellcheck disable=SC2086
  verilator --binary --timing -Wno-fatal -Wno-lint -Wno-style -MAKEFLAGS "OPT_FAST=-O1 OPT_SLOW=-O0 OPT_GLOBAL=-O1" -Irtl --top-module tb_fp \
    -Mdir "$out/obj" $srcs > "$out/build.log" 2>&1 \
    || { echo "FAIL build (see $out/build.log)"; exit 1; }
  run() { "$out/obj/Vtb_fp" "$@"; }
fi
fail=0; passed=0
check() {  # name, plusargs...: one run, PASS expected
  name=$1; shift
  res=$(run "$@" 2>&1 | grep -E '^(PASS|FAIL)')
  case "$res" in
    PASS*) passed=$((passed + 1)) ;;
    *) echo "FAIL $sim $name"; printf '%s\n' "$res" | head -5; fail=1 ;;
  esac
}
for spec in add:0:0 sub:0:1 mul:1:0 div:4:0 max:2:0 min:2:1 add:3:0 sub:3:1 \
            add:6:0 sub:6:1 max:7:0 min:7:1; do
  op=${spec%%:*}; rest=${spec#*:}; unit=${rest%%:*}; opn=${rest#*:}
  for t in fp32 bf16; do
    frac=23; [ "$t" = bf16 ] && frac=7
    c=$out/corners_${op}_$t.txt; r=$out/random_${op}_$t.txt
    "$FP_VEC" corners "$op" "$t" > "$c" || exit 2
    nr=$n; [ "$op" = div ] && nr=${DIV_N:-$n}
    "$FP_VEC" "$op" "$t" "$nr" "$SEED" > "$r" || exit 2
    check "$op $t unit $unit corners" +unit="$unit" +frac=$frac +op="$opn" +vec="$c" +gap=0 +stall=0
    check "$op $t unit $unit random" +unit="$unit" +frac=$frac +op="$opn" +vec="$r" +seed="$SEED" +gap=25 +stall=35
  done
done
for t in fp32 bf16; do
  frac=23; [ "$t" = bf16 ] && frac=7
  c=$out/corners_exp_$t.txt; r=$out/random_exp_$t.txt
  "$FP_VEC" corners exp "$t" > "$c" || exit 2
  "$FP_VEC" exp "$t" $((n / 4)) "$SEED" > "$r" || exit 2
  check "exp $t unit 5 corners" +unit=5 +frac=$frac +vec="$c" +gap=0 +stall=0
  check "exp $t unit 5 random" +unit=5 +frac=$frac +vec="$r" +seed="$SEED" +gap=25 +stall=35
done
if [ "$sim" = verilator ]; then  # every bf16 input, bit for bit
  "$FP_VEC" all exp bf16 > "$out/all_exp_bf16.txt" || exit 2
  check "exp bf16 unit 5 every input" +unit=5 +frac=7 +vec="$out/all_exp_bf16.txt" +gap=0 +stall=0
fi
awk 'NR == 5 { h = "0123456789abcdef"; n = length($2); i = index(h, substr($2, n, 1)) - 1;
  i = i % 2 ? i - 1 : i + 1; $2 = substr($2, 1, n - 1) substr(h, i + 1, 1) } { print }' \
  "$out/corners_exp_bf16.txt" > "$out/wrong_exp.txt"
if run +unit=5 +frac=7 +vec="$out/wrong_exp.txt" 2>&1 | grep -q '^PASS'; then
  echo "FAIL $sim: a wrong exp vector passed"; fail=1
fi
# The bench must catch one wrong bit in one expected value.
awk 'NR == 7 { h = "0123456789abcdef"; n = length($3); i = index(h, substr($3, n, 1)) - 1;
  i = i % 2 ? i - 1 : i + 1; $3 = substr($3, 1, n - 1) substr(h, i + 1, 1) } { print }' \
  "$out/corners_mul_fp32.txt" > "$out/wrong.txt"
if run +unit=1 +frac=23 +op=0 +vec="$out/wrong.txt" 2>&1 | grep -q '^PASS'; then
  echo "FAIL $sim: a wrong vector passed"; fail=1
fi
[ $fail -eq 0 ] && echo "fp units on $sim: $passed runs passed ($n random vectors per operation and type, corners, gaps and stalls)"
exit $fail
