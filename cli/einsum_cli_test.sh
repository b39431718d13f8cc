#!/bin/sh
# einsum_cli_test.sh - samgen compile from the command line.
#
#   sh cli/einsum_cli_test.sh SAMGEN WORKDIR
#
# Checks the argument forms (TACO's -f=X:ss and -s=reorder(...), options
# before or after the expression, -o - for stdout), that a bad expression or
# flag gives one error line with its column and exit 2 and leaves no output
# file, that the shipped examples equal a fresh regeneration, and that every
# example passes `samgen check` and runs in `samgen golden`, and that
# results with empty fibers above a reduction are well-formed in the golden
# model and in the RTL (`samgen verify`, Verilator).
set -u
SAMGEN=$1
W=$2
ROOT=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$W"; mkdir -p "$W"
fail=0
bad() { echo "FAIL: $*"; fail=1; }

# Argument forms give the same graph.
"$SAMGEN" compile 'X(i,j)=B(i,k)*C(k,j)' -f=X:ss -f=B:ss -f=C:ss:1,0 \
    -s=reorder\(i,j,k\) -o "$W/a.gv" || bad "TACO '=' forms"
"$SAMGEN" compile -f X:ss -f B:ss 'X(i,j)=B(i,k)*C(k,j)' -f C:ss:1,0 \
    -s 'reorder(i,j,k)' -o "$W/b.gv" || bad "options around the expression"
"$SAMGEN" compile 'X(i,j)=B(i,k)*C(k,j)' --format=C:ss:1,0 -o - > "$W/c.gv" \
    || bad "long options and stdout"
cmp -s "$W/a.gv" "$W/b.gv" || bad "argument forms give different graphs"
sed '1,2d' "$W/a.gv" | cmp -s - "$(printf '%s' "$W/c.gv")" 2>/dev/null
grep -q 'comment="X=ss01,B=ss01,C=ss10"' "$W/a.gv" || bad "header comment"
grep -q 'type="reduce"' "$W/a.gv" || bad "inner product has a reduce"

# Bad input: exit 2, one line with a column, no output file.
check_bad() {
    want=$1; shift
    rm -f "$W/bad.gv"
    "$SAMGEN" compile "$@" -o "$W/bad.gv" > "$W/out" 2> "$W/err"
    rc=$?
    [ $rc -eq 2 ] || bad "exit $rc (want 2): $*"
    case "$want" in
    unknown\ option*|missing*|*given\ twice*) ;;   # usage errors add a help hint
    *) [ "$(wc -l < "$W/err")" -eq 1 ] || bad "not one error line: $*" ;;
    esac
    grep -q -- "$want" "$W/err" || bad "message '$(cat "$W/err")' lacks '$want'"
    [ ! -e "$W/bad.gv" ] || bad "output left behind: $*"
    ls "$W" | grep -q 'bad.gv.tmp' && bad "temporary file left: $*"
}
check_bad "unknown tensor 'Y'" 'X(i,j)=B(i,j)' -f Y:ss
check_bad "column 15: 'B' is used as B(i,j)" 'X(i,j)=B(i,j)*B(j,i)'
check_bad "misses index 'k'" 'X(i,j)=B(i,k)*C(k,j)' -s 'reorder(i,j)'
check_bad "column 15: expected a tensor name" 'X(i,j)=B(i,k)*'
check_bad "unknown option" 'X(i,j)=B(i,j)' --bogus
# the documented limits (docs/einsum.md, "Limits"; samgen help compile):
# 8 terms, 8 tensors per product, 511 characters
sum8='x(i)=b0(i)+b1(i)+b2(i)+b3(i)+b4(i)+b5(i)+b6(i)+b7(i)'
prod8='x(i)=b0(i)*b1(i)*b2(i)*b3(i)*b4(i)*b5(i)*b6(i)*b7(i)'
"$SAMGEN" compile "$sum8" -o "$W/lim.gv" || bad "8 terms are refused"
"$SAMGEN" compile "$prod8" -o "$W/lim.gv" || bad "8 tensors in a product are refused"
check_bad "column 54: more than 8 terms$" "$sum8+b8(i)"
check_bad "column 54: more than 8 tensors in one product$" "$prod8*b8(i)"
e511=$(printf 'x(i)=b(i)*c(i)%497s' '')
"$SAMGEN" compile "$e511" -o "$W/lim.gv" || bad "511 characters are refused"
check_bad "column 512: longer than 511 characters$" "$e511 "
"$SAMGEN" help compile | grep -q 'at most 8 terms' || bad "help compile: no limits"
check_bad "missing the expression" -f X:ss
# one format per tensor, one output: a repeat is an error, not last-one-wins
check_bad "samgen compile: -f X given twice ('X:ss' and 'X:ds'); give it once" \
    'X(i,j)=B(i,j)' -f X:ss -f=X:ds
check_bad "samgen compile: --format B given twice ('B:ss' and 'B:ds'); give it once" \
    'X(i,j)=B(i,j)' --format=B:ss -f X:ss --format B:ds
rm -f "$W/bad2.gv"
check_bad "samgen compile: -o given twice ('$W/bad2.gv' and '$W/bad.gv'); give it once" \
    'X(i,j)=B(i,j)' -o "$W/bad2.gv"
[ ! -e "$W/bad2.gv" ] || bad "-o twice: output written"
# parentheses: what stays unsupported is reported with its column
check_bad "column 29: expected .* or ')' to close the '(' at column 15, found the end" \
    'X(i,j)=B(i,j)*(C(i,j)+D(i,j)'
check_bad "column 14: expected .* or the end, found ')'" 'X(i,j)=B(i,j))'
check_bad "column 23: a term without a tensor" 'X(i,j)=(B(i,j)*C(i,j)+1)'
check_bad "column 12: more than 15 tensor paths ('b' is read once per term it appears in)" \
    'x(i)=(a(i)+b(i))*(c(i)+d(i))*(e(i)+f(i))'
"$SAMGEN" compile 'X(i,j)=B(i,j)' -o /nonexistent/dir/x.gv 2> "$W/err"
[ $? -eq 2 ] || bad "unwritable output: exit code"

# Bitvector words: 4-bit words run in the golden model but not in RTL
# (samgen check says so, samgen gen refuses them), and one design has one
# word width (two widths: the same)
"$SAMGEN" compile 'x(i)=b(i)*c(i)' -f x:s -f b:b -f c:b -s 'bitvector(4)' -o "$W/bv4.gv" \
    || bad "bitvector(4) refused"
"$SAMGEN" check "$W/bv4.gv" > "$W/out" 2> "$W/err"
grep -q '^rtl: not supported' "$W/out" || bad "check: 4-bit words reported as RTL-supported"
grep -q '4-bit bitvector words are not supported in RTL (8 to 64)' "$W/err" \
    || bad "check: no message for 4-bit words: $(cat "$W/err")"
"$SAMGEN" gen "$W/bv4.gv" -o "$W/bv4_rtl" 2> "$W/err" && bad "gen accepted 4-bit words"
grep -q "4-bit bitvector words; the RTL takes 8 to 64" "$W/err" || bad "gen: $(cat "$W/err")"
[ -e "$W/bv4_rtl" ] && bad "gen left output for 4-bit words"
sed 's|b=b0/bv=4|b=b0/bv=16|; s|c=b0/bv=4|c=b0/bv=8|' "$W/bv4.gv" > "$W/bvmix.gv"
"$SAMGEN" check "$W/bvmix.gv" > /dev/null 2> "$W/err" && bad "check accepted a joiner of two word widths"
grep -q "operands b (16-bit words) and c (8-bit words) differ in word width" "$W/err" \
    || bad "check, two widths: $(cat "$W/err")"
"$SAMGEN" gen "$W/bvmix.gv" -o "$W/bvmix_rtl" 2> "$W/err" && bad "gen accepted two word widths"
grep -q "8-bit bitvector words beside 16-bit ones; the RTL has one word width per design" \
    "$W/err" || bad "gen, two widths: $(cat "$W/err")"

# Parallel lanes through a written and re-read graph: the same result as
# one lane; not in RTL yet (samgen check says so)
printf '%%%%MatrixMarket matrix coordinate integer general\n4 4 6\n1 1 2\n1 4 3\n2 2 5\n3 1 7\n4 3 1\n4 4 4\n' > "$W/L.mtx"
"$SAMGEN" compile 'X(i,j)=B(i,k)*C(k,j)' -s 'reorder(i,k,j)' -o "$W/l1.gv" || bad "lanes: one lane"
"$SAMGEN" compile 'X(i,j)=B(i,k)*C(k,j)' -s 'reorder(i,k,j)' -s 'parallelize(i,3)' \
    -o "$W/l3.gv" || bad "parallelize(i,3) refused"
for k in 1 3; do
    "$SAMGEN" golden "$W/l$k.gv" -t B="$W/L.mtx" -t C="$W/L.mtx" --cycles --fifo-depth 2 \
        -o "$W/lg$k" > /dev/null 2> "$W/err" || bad "golden, $k lanes: $(cat "$W/err")"
done
cmp -s "$W/lg1/X.tns" "$W/lg3/X.tns" || bad "three lanes give another X than one"
"$SAMGEN" check "$W/l3.gv" > "$W/out" 2> "$W/err"
grep -q "no RTL module for parallelize nodes yet" "$W/err" || bad "check, lanes: $(cat "$W/err")"
sed 's/lanes="3"/lanes="99"/' "$W/l3.gv" > "$W/l99.gv"
"$SAMGEN" check "$W/l99.gv" > /dev/null 2> "$W/err" && bad "check accepted lanes=99"
grep -q 'lanes=99 lane=0 depth=0: lanes 1 to 8, lane below lanes' "$W/err" \
    || bad "check, lanes=99: $(cat "$W/err")"

# Parentheses, unary minus and constants: B*(C+D) compiles to the graph of
# B*C+B*D, which runs and gives the tensor computed by hand.
"$SAMGEN" compile 'X(i,j)=B(i,j)*(C(i,j)+-2*D(i,j))' -o "$W/p.gv" 2> "$W/err" \
    || bad "parentheses refused: $(cat "$W/err")"
"$SAMGEN" compile 'X(i,j)=B(i,j)*C(i,j)-2*B(i,j)*D(i,j)' -o "$W/q.gv" \
    || bad "written-out sum refused"
cmp -s "$W/p.gv" "$W/q.gv" || bad "B*(C+-2*D) and B*C-2*B*D give different graphs"
"$SAMGEN" check "$W/p.gv" > /dev/null 2>&1 || bad "parenthesised graph fails samgen check"
printf '%%%%MatrixMarket matrix coordinate integer general\n3 3 3\n1 1 2\n2 3 5\n3 2 7\n' > "$W/B.mtx"
printf '%%%%MatrixMarket matrix coordinate integer general\n3 3 2\n1 1 3\n3 3 4\n' > "$W/C.mtx"
printf '%%%%MatrixMarket matrix coordinate integer general\n3 3 2\n2 3 1\n3 2 6\n' > "$W/D.mtx"
"$SAMGEN" golden "$W/p.gv" -t B="$W/B.mtx" -t C="$W/C.mtx" -t D="$W/D.mtx" \
    -o "$W/pg" > /dev/null 2> "$W/err" || bad "golden on B*(C+-2*D): $(cat "$W/err")"
# X = B.*(C-2D): (1,1) 2*3=6, (2,3) 5*(-2)=-10, (3,2) 7*(-12)=-84
for want in '1 1 6' '2 3 -10' '3 2 -84'; do
    grep -q "^$want\$" "$W/pg/X.tns" 2>/dev/null || bad "X.tns lacks '$want': $(cat "$W/pg/X.tns" 2>/dev/null)"
done

# Empty fibers above a reduction (docs/einsum.md, "Empty fibers"): the
# result is well-formed in the golden model and the RTL agrees token by
# token.  mttkrp with D empty: j = C & D is empty for every i at once, so
# the result is empty, with a 0 per i from the reduces and no coordinate.
"$SAMGEN" compile 'X(i,j)=B(i,k,l)*C(j,k)*D(j,l)' -f X:ss -f B:sss -f C:ss -f D:ss \
    -o "$W/mttkrp.gv" || bad "mttkrp: compile"
grep -q 'empty=skip' "$W/mttkrp.gv" && bad "mttkrp: a reduce with empty=skip"
"$SAMGEN" tensor gen --shape 9x9x5 --density 0.065 --pattern uniform --seed 3 -o "$W/Bm.tns" > /dev/null
"$SAMGEN" tensor gen --shape 8x9 --density 0.09 --pattern uniform --seed 4 -o "$W/Cm.mtx" > /dev/null
printf '%%%%MatrixMarket matrix coordinate integer general\n8 5 0\n' > "$W/Dm.mtx"
mb="-t B=$W/Bm.tns -t C=$W/Cm.mtx -t D=$W/Dm.mtx"
# shellcheck disable=SC2086
"$SAMGEN" golden "$W/mttkrp.gv" $mb -o "$W/mg" > "$W/out" 2> "$W/err" \
    || bad "golden mttkrp, D empty: $(cat "$W/err")"
grep -q 'X: 0 entries' "$W/out" || bad "golden mttkrp, D empty: $(cat "$W/out")"
[ -f "$W/mg/X.tns" ] && [ "$(grep -vc '^#' "$W/mg/X.tns")" -eq 0 ] \
    || bad "mttkrp, D empty: X.tns missing or not empty"
# shellcheck disable=SC2086
"$SAMGEN" verify "$W/mttkrp.gv" $mb -q > "$W/out" 2> "$W/err" \
    || bad "verify mttkrp, D empty: $(cat "$W/out" "$W/err" | tail -3)"
grep -q '^PASS mttkrp' "$W/out" || bad "verify mttkrp, D empty: $(cat "$W/out")"
# matmul_ijk: C empty (every j fiber empty), and C with an empty row and an
# empty column: X(1,1) = 2*7, X(2,3) = 3*4 and the explicit 0 of X(1,3).
"$SAMGEN" compile 'X(i,j)=B(i,k)*C(k,j)' -f X:ss -f B:ss -f C:ss:1,0 -s 'reorder(i,j,k)' \
    -o "$W/matmul_ijk.gv" || bad "matmul_ijk: compile"
printf '%%%%MatrixMarket matrix coordinate integer general\n3 4 3\n1 1 2\n2 2 3\n3 4 5\n' > "$W/Bi.mtx"
printf '%%%%MatrixMarket matrix coordinate integer general\n4 3 0\n' > "$W/Ce.mtx"
printf '%%%%MatrixMarket matrix coordinate integer general\n4 3 2\n1 1 7\n2 3 4\n' > "$W/Ci.mtx"
for c in Ce Ci; do
    "$SAMGEN" golden "$W/matmul_ijk.gv" -t B="$W/Bi.mtx" -t C="$W/$c.mtx" -o "$W/ig_$c" \
        > /dev/null 2> "$W/err" || bad "golden matmul_ijk, $c: $(cat "$W/err")"
    "$SAMGEN" verify "$W/matmul_ijk.gv" -t B="$W/Bi.mtx" -t C="$W/$c.mtx" -q > "$W/out" 2> "$W/err" \
        || bad "verify matmul_ijk, $c: $(cat "$W/out" "$W/err" | tail -3)"
    grep -q '^PASS matmul_ijk' "$W/out" || bad "verify matmul_ijk, $c: $(cat "$W/out")"
done
[ "$(grep -vc '^#' "$W/ig_Ce/X.tns" 2>/dev/null)" = 0 ] || bad "matmul_ijk, C empty: X not empty"
[ "$(grep -v '^#' "$W/ig_Ci/X.tns" 2>/dev/null | tr '\n' ,)" = "1 1 14,1 3 0,2 1 0,2 3 12,3 1 0,3 3 0," ] \
    || bad "matmul_ijk, C with an empty row and column: $(cat "$W/ig_Ci/X.tns" 2>/dev/null)"
# j = B(i,:) & D's rows is empty for i = 2 only: the reduce runs with
# empty=skip and j is dropped by k, so X = {(1,1): 2*7*5, (3,3): 1*6*4}.
"$SAMGEN" compile 'X(i,j)=B(i,j)*C(i,k)*D(j,k)' -f X:ss -f B:ss -f C:ss -f D:ss \
    -o "$W/sd.gv" || bad "B*C*D: compile"
grep -q 'type=reduce,empty=skip' "$W/sd.gv" || bad "B*C*D: reduce without empty=skip"
grep -q 'type=crddrop,outer=j,inner=k' "$W/sd.gv" || bad "B*C*D: no crddrop of j by k"
printf '%%%%MatrixMarket matrix coordinate integer general\n3 3 3\n1 1 2\n2 2 3\n3 3 1\n' > "$W/Bs.mtx"
printf '%%%%MatrixMarket matrix coordinate integer general\n3 3 2\n1 1 7\n3 2 6\n' > "$W/Cs.mtx"
printf '%%%%MatrixMarket matrix coordinate integer general\n3 3 2\n1 1 5\n3 2 4\n' > "$W/Ds.mtx"
sb="-t B=$W/Bs.mtx -t C=$W/Cs.mtx -t D=$W/Ds.mtx"
# shellcheck disable=SC2086
"$SAMGEN" golden "$W/sd.gv" $sb -o "$W/sg" > /dev/null 2> "$W/err" || bad "golden B*C*D: $(cat "$W/err")"
[ "$(grep -v '^#' "$W/sg/X.tns" 2>/dev/null | tr '\n' ,)" = "1 1 70,3 3 24," ] \
    || bad "golden B*C*D: $(cat "$W/sg/X.tns" 2>/dev/null)"
# shellcheck disable=SC2086
"$SAMGEN" verify "$W/sd.gv" $sb -q > "$W/out" 2> "$W/err" \
    || bad "verify B*C*D: $(cat "$W/out" "$W/err" | tail -3)"
grep -q '^PASS sd' "$W/out" || bad "verify B*C*D: $(cat "$W/out")"
# the same graph with a reduce that writes 0 for empty fibers is judged by
# the data, not refused before running: here the values stay paired with
# their coordinates and the result is the same
sed 's/,empty=skip//; s/ empty="skip"//' "$W/sd.gv" > "$W/sd0.gv"
grep -q 'empty=skip' "$W/sd0.gv" && bad "B*C*D: empty=skip not removed"
# shellcheck disable=SC2086
"$SAMGEN" golden "$W/sd0.gv" $sb -o "$W/sg0" > /dev/null 2> "$W/err" ||
    bad "B*C*D with a zero-writing reduce: $(cat "$W/err")"
[ "$(grep -v '^#' "$W/sg0/X.tns" 2>/dev/null | tr '\n' ,)" = "1 1 70,3 3 24," ] \
    || bad "B*C*D with a zero-writing reduce: $(cat "$W/sg0/X.tns" 2>/dev/null)"

# Split indices (docs/einsum.md, "Tiles: split"): the split graph takes
# the logical matrix (or one already cut with `tensor convert --tile`),
# writes its result in logical coordinates, equal to the unsplit graph's,
# and the RTL agrees token by token; data of neither order is refused.
check_bad "'split(j,J,j,0)', column 13: tile size 0 not in 1..2^40" 'x(i)=B(i,j)*c(j)' -s 'split(j,J,j,0)'
check_bad "'j' is a coordinate within a tile" 'x(i)=B(i,j)*c(j)' -s 'split(j,J,j,2)' -s 'split(j,K,k,2)'
"$SAMGEN" compile 'X(i,j)=B(i,j)*C(i,j)' -s 'split(i,I,i,2)' -s 'split(j,J,j,2)' \
    -o "$W/tm.gv" || bad "split: compile"
grep -q 'comment="X=ssss0123/tile=2x2,B=ssss0123/tile=2x2,C=ssss0123/tile=2x2"' "$W/tm.gv" \
    || bad "split: header comment $(sed -n 2p "$W/tm.gv")"
"$SAMGEN" compile 'X(i,j)=B(i,j)*C(i,j)' -o "$W/um.gv" || bad "unsplit: compile"
printf '%%%%MatrixMarket matrix coordinate integer general\n3 3 4\n1 1 2\n2 3 5\n3 2 7\n3 3 1\n' > "$W/Bt.mtx"
printf '%%%%MatrixMarket matrix coordinate integer general\n3 3 3\n1 1 3\n3 2 4\n3 3 6\n' > "$W/Ct.mtx"
tb="-t B=$W/Bt.mtx -t C=$W/Ct.mtx"
# shellcheck disable=SC2086
"$SAMGEN" golden "$W/tm.gv" $tb -o "$W/tg" > /dev/null 2> "$W/err" || bad "golden split: $(cat "$W/err")"
# shellcheck disable=SC2086
"$SAMGEN" golden "$W/um.gv" $tb -o "$W/ug" > /dev/null 2> "$W/err" || bad "golden unsplit: $(cat "$W/err")"
[ "$(tr '\n' , < "$W/tg/X.tns" 2>/dev/null)" = "# shape 3 3,1 1 6,3 2 28,3 3 6," ] \
    || bad "golden split: X.tns $(cat "$W/tg/X.tns" 2>/dev/null)"
cmp -s "$W/tg/X.tns" "$W/ug/X.tns" || bad "split and unsplit results differ"
"$SAMGEN" tensor convert "$W/Bt.mtx" "$W/Bt4.tns" --tile 2 > /dev/null || bad "tensor convert --tile"
"$SAMGEN" golden "$W/tm.gv" -t B="$W/Bt4.tns" -t C="$W/Ct.mtx" -o "$W/tg4" > /dev/null 2> "$W/err" \
    || bad "golden split on a tiled B: $(cat "$W/err")"
cmp -s "$W/tg/X.tns" "$W/tg4/X.tns" || bad "split: tiled and logical B give different results"
printf '3 2 1 4\n' > "$W/B3.tns"
"$SAMGEN" golden "$W/tm.gv" -t B="$W/B3.tns" -t C="$W/Ct.mtx" -o "$W/tg3" > /dev/null 2> "$W/err"
[ $? -eq 2 ] || bad "split: order-3 data for an order-2 tensor accepted"
grep -q "tensor B: the graph splits order 2 into 4 modes, the file has order 3" "$W/err" \
    || bad "split: wrong-order message '$(cat "$W/err")'"
[ -e "$W/tg3/X.tns" ] && bad "split: output written after a binding error"
# shellcheck disable=SC2086
"$SAMGEN" verify "$W/tm.gv" $tb -q > "$W/out" 2> "$W/err" \
    || bad "verify split: $(cat "$W/out" "$W/err" | tail -3)"
grep -q '^PASS tm' "$W/out" || bad "verify split: $(cat "$W/out")"

# Shipped examples are current and usable.
sh "$ROOT/examples/regen.sh" "$SAMGEN" "$W/examples" || bad "regeneration failed"
for f in "$W"/examples/*; do
    b=$(basename "$f")
    if ! cmp -s "$f" "$ROOT/examples/$b"; then
        bad "examples/$b differs from a fresh regeneration (run 'make examples')"
    fi
done
for g in "$ROOT"/examples/*.gv; do
    k=$(basename "$g" .gv)
    "$SAMGEN" check "$g" > "$W/check.out" 2>&1 || bad "samgen check $k: $(tail -1 "$W/check.out")"
    binds=""
    for t in "$ROOT"/examples/"${k}"_*.tns; do
        n=${t##*/${k}_}; n=${n%.tns}
        binds="$binds -t $n=$t"
    done
    # shellcheck disable=SC2086
    "$SAMGEN" golden "$g" $binds -o "$W/golden_$k" > /dev/null 2> "$W/golden.err" \
        || bad "samgen golden $k: $(cat "$W/golden.err")"
done

if [ $fail -ne 0 ]; then echo "einsum CLI tests FAILED"; exit 1; fi
echo "einsum CLI tests passed"
