#!/bin/sh
# gen_cases.sh - random cases for the per-primitive benches: tb_gen writes
# well-formed random input streams, `samgen stream` (the golden model)
# computes the expected outputs, and the two are joined into one
# vectors-format case file under $BUILD/tb/gen/BENCH/.
#
# usage: gen_cases.sh [BENCH ...]      (default: every bench with a generator)
# Env: BUILD, SAMGEN (default $BUILD/samgen), TB_GEN, CASES (per bench,
# default 6), SIZE (top-level fibers, default 40), SEED (default 1),
# GEN_OUT (output directory, default $BUILD/tb/gen).
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT" || exit 2
BUILD=${BUILD:-build}
SAMGEN=${SAMGEN:-$BUILD/samgen}
TB_GEN=${TB_GEN:-$BUILD/tb/tb_gen}
CASES=${CASES:-6}
SIZE=${SIZE:-40}
SEED=${SEED:-1}
benches=${*:-"scan_compressed scan_dense scan_nonunique scan_singleton repsiggen repeat locate arrayvals intersect union intersect3 union3 alu reduce reduce_skip crddrop crdhold crddrop_vals crdhold_vals write_compressed write_vals write_vals_pos write_dense_pos spacc spacc_order2 vectorreducer vectorreducer_wide fifo"}
fail=0
for b in $benches; do
  dir=${GEN_OUT:-$BUILD/tb/gen}/$b
  rm -rf "$dir"; mkdir -p "$dir"
  case $b in
    intersect3) prims=intersect ;; union3) prims=union ;;
    crddrop_vals) prims=crddrop ;; crdhold_vals) prims=crdhold ;;
    write_compressed) prims=write_level ;;
    alu) prims="mul add sub max min" ;;
    fifo) prims=identity ;;
    write_vals_pos|write_dense_pos) prims=self ;;
    vectorreducer_wide) prims=vectorreducer ;;
    spacc_order2) prims=spacc ;;   # tb_gen writes param_order: 2
    reduce_skip) prims=reduce ;;   # the same streams, param_skip_empty: 1
    *) prims=$b ;;
  esac
  gb=$b; [ "$b" = reduce_skip ] && gb=reduce
  i=0
  while [ $i -lt "$CASES" ]; do
    i=$((i + 1))
    for p in $prims; do
      case=$dir/rand_${p}_$i.txt
      # a random input the reference rejects (e.g. N against an empty fiber
      # in an intersect) is redrawn with another seed, up to 5 times
      try=0; ok=0; err=""
      while [ $try -lt 5 ] && [ $ok -eq 0 ]; do
        s=$((SEED * 1000 + i + 100000 * try))
        try=$((try + 1))
        in=$dir/in_$p$i.txt
        "$TB_GEN" "$gb" "$s" "$SIZE" > "$in" || { err="tb_gen $b failed"; continue; }
        [ "$b" = reduce_skip ] && echo "param_skip_empty: 1" >> "$in"
        if [ "$p" = identity ]; then
          { echo "# random stream, seed $s (expected = input)"; cat "$in"; } > "$case"; ok=1
        elif [ "$p" = self ]; then
          # no golden-model primitive: tb_gen writes the expected array
          { echo "# random streams, seed $s; expected array from tb_gen"; cat "$in"; } > "$case"; ok=1
        elif err=$("$SAMGEN" stream "$p" "$in" -o "$dir/out.txt" 2>&1); then
          {
            echo "# random streams, seed $s; expected outputs from: samgen stream $p"
            case $p in mul) echo "param_op: 0" ;; add) echo "param_op: 1" ;; sub) echo "param_op: 2" ;;
                       max) echo "param_op: 3" ;; min) echo "param_op: 4" ;; esac
            cat "$in" "$dir/out.txt"
          } > "$case"; ok=1
        fi
      done
      [ $ok -eq 0 ] && { echo "gen_cases: $b/$p case $i: $err"; fail=1; }
      rm -f "$in" "$dir/out.txt"
    done
  done
done
exit $fail
