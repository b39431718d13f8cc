#!/bin/sh
# run.sh - formal proof of the stream contract of the RTL primitives:
# Yosys (read_verilog -formal) builds an SMT-LIB2 model of each proof
# wrapper (formal/fv_*.v around one rtl/ module) and yosys-smtbmc with z3
# runs bounded model checking to the depth in the table below, then
# k-induction at the same depth for the checks marked i.  One line per check:
#
#   PASS fifo_d0              bmc 12  proven (induction)     1.4 s
#   PASS join2_isect          bmc 16  bounded                3.0 s
#   FAIL fifo_d2              bmc 20  step 4: sb: formal/fv_order.v:58.52-58.83 (..., trace: .../trace.vcd)
#
# "proven" holds for every trace, "bounded" for every trace of that many
# cycles from reset.  A check whose covers (formal/fv_out.v, fv_done.v)
# cannot be reached fails as vacuous.  Exit 1 when a check fails, 2 when a tool is missing
# or a check cannot be built.
#
#   sh formal/run.sh [--quick] [CHECK...]
#
# --quick runs the quick subset (sam_fifo, sam_broadcast, sam_join2); CHECK
# names select checks.  RTL_DIR (default rtl) is where the modules are read
# from (formal/mutate.sh points it at mutated copies); FORMAL_DIR (default
# build/formal) holds the models and logs; FORMAL_SOLVER (default z3);
# FORMAL_TIMEOUT (default 600) the seconds one solver run may take.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
RTL_DIR=${RTL_DIR:-rtl}
OUT=${FORMAL_DIR:-build/formal}
SOLVER=${FORMAL_SOLVER:-z3}
LIMIT=${FORMAL_TIMEOUT:-600}
for t in yosys yosys-smtbmc "$SOLVER"; do
  command -v "$t" >/dev/null 2>&1 || {
    echo "formal: $t not found (make deps installs it)" >&2; exit 2; }
done
quick=0
case "${1:-}" in --quick) quick=1; shift ;; esac
mkdir -p "$OUT" || { echo "formal: cannot create $OUT" >&2; exit 2; }

# name|flags (q: quick subset, i: try k-induction)|wrapper|parameters
# (chparam)|BMC depth|rtl modules
CHECKS='
fifo_d0|qi|fv_fifo|Depth=0|12|sam_fifo
fifo_d1|qi|fv_fifo|Depth=1|20|sam_fifo
fifo_d2|qi|fv_fifo|Depth=2|20|sam_fifo
fifo_d3|q|fv_fifo|Depth=3,Width=2|12|sam_fifo
fifo_d4|q|fv_fifo|Depth=4,Width=2|12|sam_fifo
fifo_d2ft|qi|fv_fifo|Depth=2,FallThrough=1|20|sam_fifo
fifo_d4ft|q|fv_fifo|Depth=4,Width=2,FallThrough=1|12|sam_fifo
broadcast|qi|fv_broadcast||20|sam_broadcast
join2_isect|q|fv_join2|IsUnion=0|16|sam_join2
join2_union||fv_join2|IsUnion=1|16|sam_join2
join3_isect|i|fv_join|IsUnion=0|12|sam_join sam_join2 sam_broadcast
join3_union|i|fv_join|IsUnion=1|12|sam_join sam_join2 sam_broadcast
pipe_valid|i|fv_pipe_valid||16|sam_pipe_valid sam_pipe_delay
edge||fv_edge|Depth=3|12|sam_edge sam_fifo
repeat|i|fv_repeat||16|sam_repeat
locate|i|fv_locate||16|sam_locate sam_fifo sam_mul_dim
crddrop|i|fv_crddrop||16|sam_crddrop
crdhold|i|fv_crdhold||16|sam_crdhold sam_broadcast sam_repsiggen sam_repeat
crdvals|i|fv_crdvals||16|sam_crdvals
scan_dense|i|fv_scan_dense|CrdWidth=8|16|sam_scan_dense sam_mul_dim
scan_compressed|i|fv_scan_compressed||16|sam_scan_compressed sam_fifo
alu_add|i|fv_alu|Op=1|16|sam_alu sam_val_add
alu_mul|i|fv_alu|Op=0|16|sam_alu sam_val_add
reduce|i|fv_reduce||16|sam_reduce sam_val_add
repsiggen|i|fv_repsiggen||16|sam_repsiggen
arrayvals|i|fv_arrayvals||16|sam_arrayvals
root|i|fv_root||16|sam_root
spacc|i|fv_spacc||12|sam_spacc sam_workspace sam_val_add
vectorreducer|i|fv_vectorreducer||12|sam_vectorreducer sam_workspace sam_val_add
spacc_sorted|i|fv_spacc|Sorted=1|12|sam_spacc sam_ws_sorted sam_workspace sam_val_add
vectorreducer_sorted|i|fv_vectorreducer|Sorted=1|12|sam_vectorreducer sam_ws_sorted sam_workspace sam_val_add
intersect_skip|i|fv_intersect_skip|NumInputs=3|12|sam_intersect_skip
scan_skip_core|i|fv_scan_skip_core||12|sam_scan_skip_core sam_scan_skip_ctl
fp_cmp|i|fv_fp_cmp||10|sam_fp_cmp sam_pipe_valid sam_pipe_delay
fp_add|i|fv_fp_add||10|sam_fp_add sam_pipe_valid sam_pipe_delay sam_fp_round
fp_mul|i|fv_fp_mul||10|sam_fp_mul sam_pipe_valid sam_pipe_delay sam_fp_round
fp_div|i|fv_fp_div||16|sam_fp_div sam_pipe_valid sam_pipe_delay sam_fp_round
fp_exp|i|fv_fp_exp||14|sam_fp_exp sam_pipe_valid sam_pipe_delay sam_fp_round
write_compressed|i|fv_write_compressed||16|sam_write_compressed
write_vals|i|fv_write_vals||16|sam_write_vals
write_vals_pos|i|fv_write_vals_pos||16|sam_write_vals_pos
write_dense|i|fv_write_dense||16|sam_write_dense
write_dense_pos|i|fv_write_dense_pos||16|sam_write_dense_pos
axil_ctrl|i|fv_axil_ctrl||12|sam_axil_ctrl
axi_dma||fv_axi_dma||16|sam_axi_dma
'

for a in "$@"; do
  case "$CHECKS" in
    *"
$a|"*) ;;
    *) echo "formal: unknown check '$a' (the checks are listed in formal/run.sh)" >&2; exit 2 ;;
  esac
done

now() { date +%s.%N; }
elapsed() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
fail=0; err=0; n=0
while IFS='|' read -r name q wrap params depth mods; do
  [ -n "$name" ] || continue
  if [ $# -gt 0 ]; then
    sel=0; for a in "$@"; do [ "$a" = "$name" ] && sel=1; done
    [ $sel -eq 1 ] || continue
  elif [ $quick -eq 1 ]; then case "$q" in *q*) ;; *) continue ;; esac
  fi
  d=$OUT/$name; mkdir -p "$d"
  files=""
  for m in $mods; do files="$files $RTL_DIR/$m.v"; done
  {
    echo "read_verilog -formal -DSYNTHESIS -I$RTL_DIR -Iformal$files formal/fv_in.v formal/fv_out.v formal/fv_order.v formal/fv_rdport.v formal/fv_done.v formal/$wrap.v"
    for p in $(echo "$params" | tr ',' ' '); do
      echo "chparam -set ${p%%=*} ${p#*=} $wrap"
    done
    echo "prep -top $wrap"
    echo "flatten"
    echo "memory_map"
    echo "opt_clean"
    echo "async2sync"
    echo "dffunmap"
    echo "setundef -undriven -anyseq"
    echo "write_smt2 -wires $d/model.smt2"
  } > "$d/model.ys"
  n=$((n + 1))
  t0=$(now)
  if ! yosys -q -l "$d/yosys.log" -s "$d/model.ys" > /dev/null 2>&1; then
    echo "ERROR $name: yosys failed: $(grep -m1 -i error "$d/yosys.log")"
    err=1; continue
  fi
  PYTHONUNBUFFERED=1 timeout "$LIMIT" yosys-smtbmc -s "$SOLVER" --unroll -t "$depth" \
    --dump-vcd "$d/trace.vcd" "$d/model.smt2" > "$d/bmc.log" 2>&1
  rc=$?
  if grep -q 'Status: PASSED' "$d/bmc.log"; then
    # not vacuous: the covers (a stalled output token taken later, a writer
    # finishing) are reachable under the assumptions
    PYTHONUNBUFFERED=1 timeout "$LIMIT" yosys-smtbmc -s "$SOLVER" --unroll -c -t "$depth" \
      "$d/model.smt2" > "$d/cover.log" 2>&1
    if ! grep -q 'Status: PASSED' "$d/cover.log"; then
      printf 'FAIL %-20s bmc %-3s vacuous: %s (%s s, log: %s)\n' "$name" "$depth" \
        "$(grep -m1 'Unreached cover' "$d/cover.log" | sed 's/.*Unreached cover statement at //; s/.*|\([^ ]*\) (\$flatten\/\([^.]*\)\..*/\2: \1/')" \
        "$(elapsed "$t0")" "$d/cover.log"
      fail=1; continue
    fi
    how="bounded"
    case "$q" in *i*)
      timeout "$LIMIT" yosys-smtbmc -s "$SOLVER" --unroll -i -t "$depth" "$d/model.smt2" > "$d/ind.log" 2>&1
      grep -q 'Status: PASSED' "$d/ind.log" && how="proven (induction)" ;;
    esac
    printf 'PASS %-20s bmc %-3s %-19s %6s s\n' "$name" "$depth" "$how" "$(elapsed "$t0")"
  elif grep -q 'Status: FAILED' "$d/bmc.log"; then
    step=$(grep 'Checking assertions in step' "$d/bmc.log" | tail -1 | sed 's/.*step \([0-9]*\).*/\1/')
    what=$(grep -m1 'Assert failed in' "$d/bmc.log" | sed 's/.*Assert failed in [^:]*: //; s/.*|\([^ ]*\) (\$flatten\/\([^.]*\)\..*/\2: \1/; s/ (.*//')
    printf 'FAIL %-20s bmc %-3s step %s: %s (%s s, trace: %s)\n' "$name" "$depth" "$step" "$what" "$(elapsed "$t0")" "$d/trace.vcd"
    fail=1
  elif [ $rc -eq 124 ]; then
    echo "ERROR $name: yosys-smtbmc did not finish in $LIMIT s (FORMAL_TIMEOUT)"
    err=1
  else
    echo "ERROR $name: yosys-smtbmc exit $rc: $(tail -1 "$d/bmc.log")"
    err=1
  fi
done <<LIST
$CHECKS
LIST
if [ $n -eq 0 ]; then echo "formal: no check selected ($*)" >&2; exit 2; fi
[ $err -ne 0 ] && exit 2
[ $fail -ne 0 ] && { echo "formal: a check failed"; exit 1; }
echo "formal: all $n checks passed"
exit 0
