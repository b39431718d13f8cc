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
benches=${*:-"scan_compressed scan_dense scan_nonunique scan_singleton repsiggen repeat locate arrayvals intersect union intersect3 union3 alu reduce reduce_skip crddrop crdhold crddrop_vals crdhold_vals write_compressed write_vals write_vals_pos write_dense_pos spacc spacc_order2 vectorreducer vectorreducer_wide fifo scan_bitvector scan_bitvector8 intersect_bv union_bv union3_bv convert_bv"}
fail=0

# bv_level FILE W NW: the level of tb_gen's scan_compressed case FILE as a
# bitvector level of NW words of W bits per fiber (arr_bv, arr_pos lines;
# its coordinates stay below 24, so NW * W >= 24 holds them)
bv_level() {
  awk -v W="$2" -v NW="$3" '
    /^arr_seg:/ { ns = NF - 1; for (i = 2; i <= NF; i++) seg[i - 2] = $i }
    /^arr_crd:/ { for (i = 2; i <= NF; i++) crd[i - 2] = $i }
    END {
      b = "arr_bv:"; p = "arr_pos:"; c = 0
      for (f = 0; f + 1 < ns; f++) {
        for (w = 0; w < NW; w++) word[w] = 0
        for (k = seg[f]; k < seg[f + 1]; k++) word[int(crd[k] / W)] += 2 ^ (crd[k] % W)
        for (w = 0; w < NW; w++) {
          b = b " " sprintf("%d", word[w]); p = p " " c
          for (v = word[w]; v > 0; v = int(v / 2)) c += v % 2
        }
      }
      print b; print p; print "param_nw: " NW; print "param_w: " W
    }' "$1"
}

# gen_bv BENCH I: case I of a bitvector bench (scan_bitvector*: one level
# and references from tb_gen's scan_compressed streams; the joiners: the
# bitvector scanner's outputs on 1 to 3 such levels under the same
# references, so the operands are word-aligned), expected outputs from
# samgen stream.  Prints the case file.
gen_bv() {
  w=16; nw=2
  case $1 in *8) w=8; nw=3 ;; esac
  case $1 in scan_bitvector*) nops=0 ;; convert_bv) nops=1 ;; *3_bv) nops=3 ;; *) nops=2 ;; esac
  s=$((SEED * 1000 + $2))
  t=$dir/bv$2; mkdir -p "$t"
  "$TB_GEN" scan_compressed "$s" "$SIZE" > "$t/l0.txt" || return 1
  refs=$(grep '^in_ref:' "$t/l0.txt")
  if [ $nops -eq 0 ]; then
    { bv_level "$t/l0.txt" $w $nw; echo "$refs"; } > "$t/in.txt"
    "$SAMGEN" stream scan_bitvector "$t/in.txt" -o "$t/out.txt" || return 1
    echo "# random level and references, seed $s; expected outputs from: samgen stream scan_bitvector"
    cat "$t/in.txt" "$t/out.txt"; rm -rf "$t"; return 0
  fi
  echo "param_w: $w" > "$t/in.txt"
  k=1
  while [ $k -le $nops ]; do
    "$TB_GEN" scan_compressed $((s + 7919 * k)) "$SIZE" > "$t/l$k.txt" || return 1
    { bv_level "$t/l$k.txt" $w $nw; echo "$refs"; } > "$t/s$k.txt"
    "$SAMGEN" stream scan_bitvector "$t/s$k.txt" -o "$t/o$k.txt" || return 1
    sed -n "s/^out_bv:/in_bv$k:/p; s/^out_ref:/in_ref$k:/p" "$t/o$k.txt" >> "$t/in.txt"
    k=$((k + 1))
  done
  p=intersect_bv; case $1 in union*) p=union_bv ;; esac
  "$SAMGEN" stream $p "$t/in.txt" -o "$t/out.txt" || return 1
  echo "# random bitvector operands, seed $s; expected outputs from: samgen stream $p"
  cat "$t/in.txt" "$t/out.txt"; rm -rf "$t"
}

for b in $benches; do
  dir=${GEN_OUT:-$BUILD/tb/gen}/$b
  rm -rf "$dir"; mkdir -p "$dir"
  case $b in *bitvector*|*_bv)
    i=0
    while [ $i -lt "$CASES" ]; do
      i=$((i + 1))
      gen_bv "$b" $i > "$dir/rand_$i.txt" || { echo "gen_cases: $b case $i failed"; fail=1; }
    done
    continue ;;
  esac
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
