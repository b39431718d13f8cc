#!/bin/sh
# run_bench.sh - build and run one per-primitive testbench on one simulator.
#
# usage: run_bench.sh SIM BENCH     SIM = icarus | verilator
#
# Cases: the shared vectors ($SHARED/docs/sam/vectors, skipped with a
# message when absent), the hand-checked cases in testbenches/cases/BENCH/,
# and the generated cases in $BUILD/tb/gen/BENCH/ (random streams whose
# expected outputs come from the golden model, see gen_cases.sh).  The
# sorted-workspace benches (spacc_sorted, spacc_order2_sorted,
# vectorreducer_sorted and their _fp32/_bf16 forms) run the cases of their
# dense counterparts (hand-checked and generated, under the same case
# names, so testbenches/ws_cycles.sh can compare their cycles) plus their
# own hand-checked cases in testbenches/cases/BENCH/.  A case with the line
# `param_expect_ovf: 1` overflows the workspace on purpose (+expect_ovf=1:
# the bench fails unless ovf_o rises).  Every
# case runs twice: without stalls, and with random valid gaps / ready drops
# from seed $SEED (default 1; printed).  Exit 1 when any case fails.
# Env: BUILD (build dir, default build), SHARED, SEED, TB_VEC (converter),
# RTL_OVERRIDE (a file that replaces rtl/<its name>), GEN (generated cases,
# default $BUILD/tb/gen), ONLY_GEN=1 (run the generated cases only).
set -u
SIM=$1
BENCH=$2
BUILD=${BUILD:-build}
SEED=${SEED:-1}
TB_VEC=${TB_VEC:-$BUILD/tb/tb_vec}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
V=${SHARED:-../shared}/docs/sam/vectors

common="testbenches/tb_ctl.v testbenches/tb_src.v testbenches/tb_sink.v testbenches/tb_rng.v testbenches/tb_ram.v"
params=""
dirs=""
filter=""
cases=""   # hand-checked case dirs under testbenches/cases (default: BENCH)
gen=""     # generated case dir under $GEN (default: BENCH)
fpd="sam_val_add sam_fp_add sam_fp_round sam_pipe_valid sam_pipe_delay"
# own NAME [MODULE...]: a bench named after its primitive, tb_NAME on
# rtl/sam_NAME.v (and the modules given), vectors NAME and extra/NAME
own() { top=tb_$1; rtl="sam_$*"; dirs="$1 extra/$1"; }
# writer PARAMS: a bench of tb_write, which holds every level writer
writer() {
  top=tb_write; params=$1
  rtl="sam_write_compressed sam_write_vals sam_write_vals_pos sam_write_dense_pos sam_ram"
}
case $BENCH in
  scan_compressed) top=tb_scan_compressed; rtl="sam_scan_compressed sam_fifo sam_ram"
    dirs="rd_scanner_compressed extra/rd_scanner_compressed"
    map="in_ref=in_ref out_crd=out_crd out_ref=out_ref arr_seg=arr_seg arr_crd=arr_crd" ;;
  scan_singleton) own scan_singleton sam_ram
    map="in_ref=in_ref out_crd=out_crd out_ref=out_ref arr_crd=arr_crd arr_last=arr_last" ;;
  scan_range) own scan_range sam_ram; dirs=""
    map="in_ref=in_ref out_crd=out_crd out_ref=out_ref arr_lo=arr_lo arr_hi=arr_hi param_dim=param_dim" ;;
  scan_offset) own scan_offset sam_ram; dirs=""
    map="in_ref=in_ref out_crd=out_crd out_ref=out_ref arr_off=arr_off param_dim=param_dim" ;;
  scan_bitvector|scan_bitvector8) top=tb_scan_bitvector; rtl="sam_scan_bitvector sam_ram"
    [ "$BENCH" = scan_bitvector8 ] && params="BvWidth=8"
    map="in_ref=in_ref out_bv=out_bv out_ref=out_ref arr_bv=arr_bv arr_pos=arr_pos param_nw=param_nw" ;;
  intersect_bv|union_bv|union3_bv|convert_bv)
    # sam_join_bv on 16-bit words; convert_bv: one operand (words to coordinates)
    top=tb_join_bv; rtl="sam_join_bv"
    case $BENCH in union*) u=1 ;; *) u=0 ;; esac
    case $BENCH in *3_bv) n=3 ;; convert_bv) n=1 ;; *) n=2 ;; esac
    params="IsUnion=$u NumInputs=$n"
    map="in_bv1=in_bv0 in_ref1=in_ref0 in_bv2=in_bv1 in_ref2=in_ref1 in_bv3=in_bv2 in_ref3=in_ref2"
    map="$map out_crd=out_crd out_ref1=out_ref0 out_ref2=out_ref1 out_ref3=out_ref2" ;;
  scan_nonunique) top=tb_scan_compressed; params="NonUnique=1"
    rtl="sam_scan_nonunique sam_scan_compressed sam_fifo sam_ram"
    dirs="scan_nonunique extra/scan_nonunique"
    map="in_ref=in_ref out_crd=out_crd out_ref=out_ref arr_seg=arr_seg arr_crd=arr_crd" ;;
  scan_dense) top=tb_scan_dense; rtl="sam_scan_dense sam_mul_dim"
    dirs="rd_scanner_dense extra/rd_scanner_dense"
    map="in_ref=in_ref out_crd=out_crd out_ref=out_ref param_dim=param_dim" ;;
  repsiggen) own repsiggen; map="in_crd=in_crd out_repsig=out_repsig" ;;
  repeat) own repeat; map="in_ref=in_ref in_repsig=in_repsig out_ref=out_ref" ;;
  locate_hashed) own locate_hashed sam_fifo sam_ram; dirs=""
    map="in_ref=in_ref in_crd=in_crd out_ref=out_ref arr_crd=arr_crd param_dim=param_dim" ;;
  locate) own locate sam_fifo sam_mul_dim; map="in_ref=in_ref in_crd=in_crd out_ref=out_ref param_dim=param_dim" ;;
  arrayvals) own arrayvals sam_ram; map="in_ref=in_ref out_val=out_val arr_vals=arr_vals" ;;
  intersect|union|intersect3|union3)
    top=tb_join; rtl="sam_join sam_join2 sam_broadcast"
    case $BENCH in union*) u=1 ;; *) u=0 ;; esac
    case $BENCH in *3) n=3 ;; *) n=2; dirs="$BENCH extra/$BENCH" ;; esac
    params="IsUnion=$u NumInputs=$n"
    map="in_crd1=in_crd0 in_ref1=in_ref0 in_crd2=in_crd1 in_ref2=in_ref1 in_crd3=in_crd2 in_ref3=in_ref2"
    map="$map out_crd=out_crd out_ref1=out_ref0 out_ref2=out_ref1 out_ref3=out_ref2" ;;
  alu) own alu; map="in_val1=in_val0 in_val2=in_val1 out_val=out_val" ;;
  reduce) own reduce; rtl="$rtl sam_val_add sam_fp_add sam_fp_round sam_pipe_valid sam_pipe_delay"; map="in_val=in_val out_val=out_val" ;;
  reduce_skip) own reduce; rtl="$rtl sam_val_add sam_fp_add sam_fp_round sam_pipe_valid sam_pipe_delay"; dirs=""; params="SkipEmpty=1"; map="in_val=in_val out_val=out_val" ;;
  alu_fp32|alu_bf16|reduce_fp32|reduce_bf16|spacc_fp32|spacc_bf16|vectorreducer_fp32|vectorreducer_bf16|\
  spacc_sorted_fp32|spacc_sorted_bf16|vectorreducer_sorted_fp32|vectorreducer_sorted_bf16)
    # real values (ValType 1 fp32, 2 bf16): generated cases only
    # (testbenches/fp_prim_vec.c, make fp-prim-test); a sorted bench reads
    # the cases of its dense counterpart (spacc_sorted_fp32: spacc_fp32)
    prim=${BENCH%_*}; dirs=""
    srt=""; case $prim in *_sorted) prim=${prim%_sorted}; srt="Sorted=1 Capacity=64"
      gen=${prim}_${BENCH##*_} ;; esac
    top=tb_$prim
    case $BENCH in *_fp32) params="ValType=1" ;; *) params="ValType=2" ;; esac
    fpd="sam_val_add sam_fp_add sam_fp_mul sam_fp_cmp sam_fp_round sam_pipe_valid sam_pipe_delay"
    case $prim in
      alu) rtl="sam_alu sam_fp_div sam_fp_exp $fpd"; map="in_val1=in_val0 in_val2=in_val1 out_val=out_val" ;;
      reduce) rtl="sam_reduce $fpd"; map="in_val=in_val out_val=out_val" ;;
      spacc) rtl="sam_spacc sam_workspace $fpd"; params="Order=1 $params"
        [ -n "$srt" ] && { rtl="sam_spacc_sorted sam_ws_sorted $rtl"; params="$params $srt"; }
        map="in_crd_outer=in_outer in_crd_inner=in_inner in_val=in_val out_crd_outer=out_outer"
        map="$map out_crd_inner=out_inner out_val=out_val" ;;
      *) rtl="sam_vectorreducer sam_workspace $fpd"
        [ -n "$srt" ] && { rtl="sam_vectorreducer_sorted sam_ws_sorted $rtl"; params="$params $srt"; }
        map="in_crd=in_crd in_val=in_val out_crd=out_crd out_val=out_val" ;;
    esac ;;
  crddrop|crdhold|crddrop_vals|crdhold_vals)
    top=tb_crddrop; rtl="sam_crddrop sam_crdhold sam_crdvals sam_broadcast sam_repsiggen sam_repeat"
    case $BENCH in crdhold*) params="IsHold=1" ;; *) params="IsHold=0" ;; esac
    case $BENCH in *_vals) params="$params Vals=1" ;; *) params="$params Vals=0"; dirs="$BENCH extra/$BENCH" ;; esac
    map="in_crd_outer=in_outer in_crd_inner=in_inner out_crd_outer=out_outer out_crd_inner=out_inner" ;;
  write_compressed) writer "IsVals=0"
    dirs="fiberwrite extra/fiberwrite"; filter="^in_crd:"
    map="in_crd=in_crd out_arr_seg=out_arr_seg out_arr_crd=out_arr_crd" ;;
  write_vals) writer "IsVals=1"
    dirs="fiberwrite extra/fiberwrite"; filter="^in_val:"
    map="in_val=in_val out_arr_vals=out_arr_vals" ;;
  write_vals_pos) writer "IsVals=1 Pos=1"
    map="param_size=param_size arr_vals=arr_vals in_val=in_val in_addr=in_addr out_arr_vals=out_arr_vals" ;;
  write_dense_pos) writer "IsVals=0 Pos=1"
    map="param_dim=param_dim arr_vals=arr_vals in_crd_outer=in_crd_outer in_crd_inner=in_crd_inner"
    map="$map in_val=in_val out_arr_vals=out_arr_vals" ;;
  vectorreducer|vectorreducer_wide) top=tb_vectorreducer; rtl="sam_vectorreducer sam_workspace sam_val_add sam_fp_add sam_fp_round sam_pipe_valid sam_pipe_delay"
    [ "$BENCH" = vectorreducer_wide ] && params="InnerDim=1000"
    map="in_crd=in_crd in_val=in_val out_crd=out_crd out_val=out_val" ;;
  vectorreducer_sorted) top=tb_vectorreducer
    rtl="sam_vectorreducer_sorted sam_ws_sorted sam_vectorreducer sam_workspace $fpd"
    params="Sorted=1 Capacity=64"; cases="vectorreducer vectorreducer_sorted"; gen=vectorreducer
    map="in_crd=in_crd in_val=in_val out_crd=out_crd out_val=out_val" ;;
  fifo) top=tb_fifo; rtl="sam_fifo sam_broadcast sam_root"; map="in=in" ;;
  spacc|spacc_order2) top=tb_spacc; rtl="sam_spacc sam_workspace sam_val_add sam_fp_add sam_fp_round sam_pipe_valid sam_pipe_delay"
    case $BENCH in spacc) params="Order=1"; dirs="spaccumulator1 extra/spaccumulator1" ;;
                   *) params="Order=2"; dirs="spaccumulator2 extra/spaccumulator2" ;; esac
    map="in_crd_outer=in_outer in_crd_inner=in_inner in_val=in_val out_crd_outer=out_outer"
    map="$map out_crd_inner=out_inner out_val=out_val" ;;
  spacc_sorted|spacc_order2_sorted) top=tb_spacc
    rtl="sam_spacc_sorted sam_ws_sorted sam_spacc sam_workspace $fpd"
    # Capacity: order 1 holds one row (inner coordinates below 64 in the
    # vectors), order 2 every entry (16 x 64 keys in the generated cases)
    case $BENCH in spacc_sorted) params="Order=1 Sorted=1 Capacity=64"; dirs="spaccumulator1 extra/spaccumulator1"
                     cases="spacc spacc_sorted"; gen=spacc ;;
                   *) params="Order=2 Sorted=1 Capacity=320"; dirs="spaccumulator2 extra/spaccumulator2"
                     cases="spacc_order2 spacc_order2_sorted"; gen=spacc_order2 ;; esac
    map="in_crd_outer=in_outer in_crd_inner=in_inner in_val=in_val out_crd_outer=out_outer"
    map="$map out_crd_inner=out_inner out_val=out_val" ;;
  *) echo "run_bench.sh: unknown bench '$BENCH'" >&2; exit 2 ;;
esac

srcs="testbenches/$top.v $common"
for m in $rtl; do
  # RTL_OVERRIDE=FILE replaces the module file of the same name (mutation test)
  if [ -n "${RTL_OVERRIDE:-}" ] && [ "$(basename "$RTL_OVERRIDE")" = "$m.v" ]; then
    srcs="$srcs $RTL_OVERRIDE"
  else
    srcs="$srcs rtl/$m.v"
  fi
done
out=$BUILD/tb/$SIM/$BENCH
mkdir -p "$out"

# build (cached: rebuilt when a source is newer than the binary or the
# source list changed, e.g. after a run with RTL_OVERRIDE)
bin=$out/sim
stale=1
if [ -f "$bin" ] && [ "$(cat "$out/srcs" 2>/dev/null)" = "$srcs $params" ]; then
  stale=0
  for s in $srcs rtl/sam_token.vh; do [ "$s" -nt "$bin" ] && stale=1; done
fi
if [ $stale -eq 1 ]; then
  rm -f "$bin"
  echo "$srcs $params" > "$out/srcs"
  if [ "$SIM" = icarus ]; then
    p=""; for x in $params; do p="$p -P$top.$x"; done
    iverilog -g2005 -Irtl $p -s $top -o "$bin" $srcs > "$out/build.log" 2>&1
  else
    p=""; for x in $params; do p="$p -G$x"; done
    verilator --binary --timing -Wno-fatal -Wno-lint -Wno-style -Irtl $p \
      --top-module $top --Mdir "$out/obj" -o ../sim \
      -MAKEFLAGS "OPT_FAST=-O1 OPT_SLOW=-O0 OPT_GLOBAL=-O1" $srcs > "$out/build.log" 2>&1
  fi
  if [ $? -ne 0 ] || [ ! -f "$bin" ]; then
    echo "FAIL $SIM $BENCH: build failed (see $out/build.log)"; tail -20 "$out/build.log"; exit 1
  fi
fi

run() {  # run FILE -> prints one line per stall mode, returns 1 on failure
  f=$1
  name=$(basename "$(dirname "$f")")_$(basename "$f" .txt)
  case "$f" in */extra/*) name=extra_$name ;; esac
  # vectors where samgen deliberately differs from the reference
  # (docs/differences.md); the RTL follows the golden model
  case "$BENCH:$name" in
    spacc:*outer_revisited_noncontiguous|spacc_sorted:*outer_revisited_noncontiguous)
      echo "SKIP $SIM $BENCH $name: reference quirk, a revisited outer row reuses old storage (docs/primitives.md)"
      return 0 ;;
    union:extra_union_N_fiber_vs_coords|union:extra_union_coords_vs_N_fiber|union:extra_union_two_level_with_N_fiber)
      echo "SKIP $SIM $BENCH $name: samgen drops the reference's extra N coordinate (docs/differences.md item 1)"
      return 0 ;;
    scan_dense:extra_rd_scanner_dense_dim0)
      echo "SKIP $SIM $BENCH $name: samgen gives an empty fiber for dim 0 (docs/differences.md item 4)"
      return 0 ;;
  esac
  if grep -q '^out_error:' "$f"; then echo "SKIP $SIM $BENCH $name: the reference raises on this input"; return 0; fi
  if [ -n "$filter" ] && ! grep -q "$filter" "$f"; then return 0; fi
  extra=""
  if [ "$BENCH" = alu ] || [ "$BENCH" = alu_fp32 ] || [ "$BENCH" = alu_bf16 ]; then
    b=$(basename "$f")
    n1=$(sed -n 's/^param_neg1: *//p' "$f"); n2=$(sed -n 's/^param_neg2: *//p' "$f")
    op=$(sed -n 's/^param_op: *//p' "$f")
    if [ -z "$op" ]; then
      case "$b" in
        mul*) op=0 ;;
        sub*) op=2 ;;
        add*) case "${n1:-0}${n2:-0}" in 00) op=1 ;; 01) op=2 ;; *) op="" ;; esac ;;
      esac
    fi
    if [ -z "$op" ]; then echo "SKIP $SIM $BENCH $name: negated first operand has no RTL op"; return 0; fi
    extra="+op=$op"
  fi
  case "$BENCH" in spacc|spacc_order2|spacc_fp32|spacc_bf16|spacc_sorted*|spacc_order2_sorted)
    vs=$(sed -n 's/^param_val_stkn: *//p' "$f")
    case "$vs" in 1|True|true) extra="+valstops=1" ;; *) extra="+valstops=0" ;; esac ;;
  esac
  # a case that overflows the workspace on purpose
  grep -q '^param_expect_ovf: *1' "$f" && extra="$extra +expect_ovf=1"
  d=$out/case/$name
  mkdir -p "$d"
  msg=$("$TB_VEC" "$f" "$d" $map 2>&1); rc=$?
  if [ $rc -eq 3 ]; then echo "SKIP $SIM $BENCH $name: the reference raises on this input"; return 0; fi
  if [ $rc -ne 0 ]; then echo "SKIP $SIM $BENCH $name: not representable ($msg)"; return 0; fi
  bad=0
  for stall in 0 1; do
    if [ "$SIM" = icarus ]; then
      res=$(vvp -n "$bin" +dir="$d" +seed="$SEED" +stall=$stall +timeout=200000 $extra 2>&1)
    else
      res=$("$bin" +dir="$d" +seed="$SEED" +stall=$stall +timeout=200000 $extra 2>&1)
    fi
    line=$(printf '%s\n' "$res" | grep -E '^(PASS|FAIL)' | head -1)
    case "$line" in
      PASS*) echo "PASS $SIM $BENCH $name $(echo "$line" | sed 's/^PASS bench=[^ ]* //')" ;;
      *) echo "FAIL $SIM $BENCH $name stall=$stall seed=$SEED"
         printf '%s\n' "$res" | grep -E 'MISMATCH|FAIL|rror' | head -5; bad=1 ;;
    esac
  done
  return $bad
}

fail=0
files=""
if [ -n "${ONLY_GEN:-}" ]; then dirs=""; fi
if [ -n "$dirs" ]; then
  if [ -d "$V" ]; then
    for dd in $dirs; do [ -d "$V/$dd" ] && files="$files $(ls "$V/$dd"/*.txt 2>/dev/null)"; done
  else
    echo "SKIP $SIM $BENCH shared vectors: $V not found (set SHARED)"
  fi
fi
if [ -z "${ONLY_GEN:-}" ]; then
  for c in ${cases:-$BENCH}; do
    [ -d "testbenches/cases/$c" ] && files="$files $(ls testbenches/cases/$c/*.txt 2>/dev/null)"
  done
fi
GEN=${GEN:-$BUILD/tb/gen}
gen=${gen:-$BENCH}
[ -d "$GEN/$gen" ] && files="$files $(ls $GEN/$gen/*.txt 2>/dev/null)"
for f in $files; do
  run "$f" || fail=1
done > "$out/results.txt"
cat "$out/results.txt"
if ! grep -q '^PASS' "$out/results.txt"; then
  echo "FAIL $SIM $BENCH: no case ran"; fail=1
fi
exit $fail
