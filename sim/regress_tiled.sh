#!/bin/sh
# regress_tiled.sh - tiled kernels (samgen compile -s split) on real
# matrices, through the whole chain: compile -> golden -> verify.
#
#   sh sim/regress_tiled.sh SAMGEN OUTDIR "MATRICES" "TILES" [JOBS]
#
# Kernels: SpMV x(i) = B(i,j) * c(j) with i and j split; SpMSpM
# X(i,j) = B(i,k) * C(k,j) in inner-product order (i,j,K,k) and in
# Gustavson's order (i,K,k,j), k split; SDDMM X(i,j) = B(i,j) * C(i,k) *
# D(j,k) with i and j split (loop I,J,i,j,k).  Every matrix operand is the
# matrix (MATRICES: names of $SHARED/data/mtx, or paths to .mtx files;
# square ones), the vector is random.  For each kernel, matrix and tile
# size T of TILES, a case passes when
#   * the golden model's result of the tiled graph, written back in
#     logical coordinates, is byte for byte that of the same expression
#     compiled without split, both on the values times 1000 as 64-bit
#     integers (a split sums each tile first: real values would round
#     differently), and
#   * samgen verify passes on the tiled graph (the RTL against the golden
#     model, every edge checked), on the values as they are.
# The cases run JOBS at a time (default 2).  Writes OUTDIR/tiled.md; the
# last line printed is "N passed, N failed".
set -u
samgen=$1 out=$2 mats=$3 tiles=$4 jobs=${5:-2}
here=$(cd "$(dirname "$0")" && pwd)
shared=${SHARED:-$here/../../shared}

# spec KERNEL T: the expression, then the compile options without and with
# the split (one per line)
spec() {
    case $1 in
        spmv) echo 'x(i)=B(i,j)*c(j)'
              echo ''
              echo "-s split(i,I,i,$2) -s split(j,J,j,$2)" ;;
        spmspm_ijk) echo 'X(i,j)=B(i,k)*C(k,j)'
              echo "-f C:ss:1,0 -s reorder(i,j,k)"
              echo "-f C:sss:1,0,2 -s split(k,K,k,$2) -s reorder(i,j,K,k)" ;;
        spmspm_ikj) echo 'X(i,j)=B(i,k)*C(k,j)'
              echo "-s reorder(i,k,j)"
              echo "-f C:sss:0,2,1 -s split(k,K,k,$2) -s reorder(i,K,k,j)" ;;
        sddmm) echo 'X(i,j)=B(i,j)*C(i,k)*D(j,k)'
              echo ''
              echo "-s split(i,I,i,$2) -s split(j,J,j,$2) -f C:sss:0,2,1 -f D:sss:0,2,1 -s reorder(I,J,i,j,k)" ;;
    esac
}
KERNELS="spmv spmspm_ijk spmspm_ikj sddmm"

# one_case KERNEL MATRIX.mtx T: its result line "kernel|matrix|T|rtl|RESULT|detail"
one_case() {
    k=$1 m=$2 t=$3
    n=$(basename "$m" .mtx)
    w=$out/work/${k}_${n}_$t
    mkdir -p "$w"
    e=$(spec "$k" "$t" | sed -n 1p)
    plain=$(spec "$k" "$t" | sed -n 2p)
    split=$(spec "$k" "$t" | sed -n 3p)
    res() { printf '%s|%s|%s|%s|%s|%s\n' "$k" "$n" "$t" "$1" "$2" "$3"; }
    # shellcheck disable=SC2086
    "$samgen" compile "$e" $plain -o "$w/plain.gv" >"$w/compile.log" 2>&1 &&
        "$samgen" compile "$e" $split -o "$w/tiled.gv" >>"$w/compile.log" 2>&1 ||
        { res 0 ERROR "compile: $(head -c 160 "$w/compile.log" | tr '\n|' '  ')"; return; }
    cols=$(grep -v '^%' "$m" | head -n 1 | awk '{print $2}')
    targs="-t B=$m"
    case $k in
        spmv) "$samgen" tensor gen --shape "$cols" --density 0.3 --seed 7 --max-value 9 \
                  -o "$w/c.tns" >/dev/null 2>&1 || { res 0 ERROR "tensor gen"; return; }
              targs="$targs -t c=$w/c.tns" ;;
        spmspm_*) targs="$targs -t C=$m" ;;
        sddmm) targs="$targs -t C=$m -t D=$m" ;;
    esac
    # integers, so that the sums are exact whatever order a split adds in
    exact="--type int64 --scale 1000"
    # shellcheck disable=SC2086
    "$samgen" golden "$w/plain.gv" $targs $exact -o "$w/g_plain" >"$w/golden.log" 2>&1 &&
        "$samgen" golden "$w/tiled.gv" $targs $exact -o "$w/g_tiled" >>"$w/golden.log" 2>&1 ||
        { res 0 ERROR "golden: $(grep -v '^samgen golden: value type' "$w/golden.log" | head -c 160 | tr '\n|' '  ')"; return; }
    o=$(ls "$w/g_plain"/*.tns | head -n 1)
    if ! cmp -s "$o" "$w/g_tiled/$(basename "$o")"; then
        res 0 FAIL "golden: the tiled result differs from the untiled one ($(diff "$o" "$w/g_tiled/$(basename "$o")" | sed -n 2p))"; return
    fi
    # shellcheck disable=SC2086
    "$samgen" verify "$w/tiled.gv" $targs --size-class -q -o "$w/verify" >"$w/verify.log" 2>&1
    rc=$?
    rtl=$(sed -n 's/.*RTL \([0-9]*\) cycles.*/\1/p' "$w/verify.log" | head -n 1)
    if [ $rc -eq 0 ]; then
        res "${rtl:-0}" PASS ""
    else
        res "${rtl:-0}" FAIL "verify: $(grep -v '^PASS' "$w/verify.log" | head -n 2 | tr '\n|' '  ' | cut -c1-160)"
    fi
}

if [ "${6:-}" = --one ]; then
    one_case "$7" "$8" "$9" >"$out/res/$(basename "$8" .mtx)_$7_$9.res" 2>&1
    exit 0
fi

rm -rf "$out"
mkdir -p "$out/res" "$out/work"
export SAMGEN_CACHE="${SAMGEN_CACHE:-$out/vcache}"
: >"$out/cases"
for m in $mats; do
    case $m in */*) f=$m ;; *) f=$shared/data/mtx/$m.mtx ;; esac
    [ -f "$f" ] || { echo "regress-tiled: $f not found" >&2; continue; }
    for t in $tiles; do
        for k in $KERNELS; do echo "$k $f $t" >>"$out/cases"; done
    done
done
total=$(wc -l <"$out/cases")
echo "regress-tiled: $total cases ($KERNELS on $mats, T in $tiles), $jobs at a time"
xargs -P "$jobs" -L 1 sh -c 'sh "$0" "$1" "$2" "$3" "$4" "$5" --one "$6" "$7" "$8"' \
    "$here/regress_tiled.sh" "$samgen" "$out" "$mats" "$tiles" "$jobs" <"$out/cases"

pass=0 fail=0
{ echo "| kernel | matrix | T | RTL cycles | result | detail |"
  echo "|---|---|---:|---:|---|---|"; } >"$out/tiled.md"
while read -r k f t; do
    r=$out/res/$(basename "$f" .mtx)_${k}_$t.res
    line=$(cat "$r" 2>/dev/null)
    [ -n "$line" ] || line="$k|$(basename "$f" .mtx)|$t|0|ERROR|no result"
    echo "| $(printf %s "$line" | sed 's/|/ | /g') |" >>"$out/tiled.md"
    case $line in
        *"|PASS|"*) pass=$((pass + 1)); echo "ok   $line" ;;
        *) fail=$((fail + 1)); echo "FAIL $line" ;;
    esac
done <"$out/cases"
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
