#!/bin/sh
# regress_real.sh - the matrix kernels of the regression on every real
# matrix of $SHARED/data/mtx whose operands and result fit a budget.
#
#   sh sim/regress_real.sh SAMGEN OUTDIR BUDGET JOBS KERNEL...
#   (env TOKEN_BUDGET, default 20000000; WORKSPACE_BUDGET, default 2^22
#   words; CASE_TIMEOUT, default 1200 s)
#
# A case is a kernel (a graph of $SHARED/graphs/custard) on one matrix,
# run by sim/regress_case.sh (kind "real": every matrix operand is the
# matrix, vectors random, memories and widths sized from the data), or a
# kernel with an order-3 operand on one order-3 tensor of
# $SHARED/data/tns (kind "real3": every order-3 operand is the tensor, the
# others random with the sizes of its modes).  A
# matrix is skipped, with its reason, when it is not square (the
# regression's vectors take its row count) or holds more than BUDGET
# nonzeros; a case is skipped when a dense operand would hold more than
# BUDGET words, or when the golden model's functional engine, run first,
# gives a result of more than BUDGET entries or more than TOKEN_BUDGET
# tokens over all edges (the simulation's work), or when it keeps a dense
# order-2 workspace of more than WORKSPACE_BUDGET words.  JOBS
# kernels run at once; a kernel's cases run one after the other.
# Writes OUTDIR/real.md (the results, then the skipped cases),
# OUTDIR/real.json and OUTDIR/junit.xml; the last line printed is
# "N passed, N failed, N skipped".  Exit 1 when a case failed.
set -u
samgen=$1 out=$2 budget=$3 jobs=$4
shift 4
tbudget=${TOKEN_BUDGET:-20000000}
wbudget=${WORKSPACE_BUDGET:-4194304}
# every case's build and simulation ends after CASE_TIMEOUT seconds
# and memories come in size classes, so that matrices of about one size
# share a Verilator build
REGRESS_VERIFY_ARGS="${REGRESS_VERIFY_ARGS:-} --size-class --timeout ${CASE_TIMEOUT:-1200}"
export REGRESS_VERIFY_ARGS
here=$(cd "$(dirname "$0")" && pwd)
shared=${SHARED:-$here/../../shared}
mtx=$shared/data/mtx
graphs=$shared/graphs/custard
if [ ! -d "$mtx" ] || [ ! -d "$graphs" ]; then
    echo "regress-real: $mtx or $graphs not found: skipped"
    echo "0 passed, 0 failed, 0 skipped"
    exit 0
fi
rm -rf "$out"
mkdir -p "$out/res" "$out/work" "$out/lists"
: >"$out/skipped.txt"

# the matrices: square and within the budget
for f in "$mtx"/*.mtx; do
    m=$(basename "$f" .mtx)
    info=$("$samgen" tensor info "$f" 2>/dev/null) || {
        echo "$m|-|cannot be read" >>"$out/skipped.txt"; continue; }
    shape=$(printf '%s\n' "$info" | sed -n 's/^shape: *//p')
    nnz=$(printf '%s\n' "$info" | sed -n 's/^nnz: *\([0-9]*\).*/\1/p')
    r=${shape%x*} c=${shape#*x}
    if [ "$r" != "$c" ]; then
        echo "$m|-|not square ($shape): the regression's vectors take the row count" >>"$out/skipped.txt"
        continue
    fi
    if [ "$nnz" -gt "$budget" ]; then
        echo "$m|-|$nnz nonzeros, more than the budget of $budget" >>"$out/skipped.txt"
        continue
    fi
    echo "$m" >>"$out/matrices.txt"
done
# the order-3 tensors of $SHARED/data/tns within the budget, for the
# kernels with an order-3 operand (inputs of kind real3)
: >"$out/tensors.txt"
for f in "$shared/data/tns"/*.tns; do
    [ -f "$f" ] || continue
    m=$(basename "$f" .tns)
    info=$("$samgen" tensor info "$f" 2>/dev/null) || {
        echo "$m|-|cannot be read" >>"$out/skipped.txt"; continue; }
    nnz=$(printf '%s\n' "$info" | sed -n 's/^nnz: *\([0-9]*\).*/\1/p')
    ord=$(printf '%s\n' "$info" | sed -n 's/^order: *//p')
    if [ "$ord" != 3 ]; then
        echo "$m|-|order $ord, not 3" >>"$out/skipped.txt"
    elif [ "$nnz" -gt "$budget" ]; then
        echo "$m|-|$nnz nonzeros, more than the budget of $budget" >>"$out/skipped.txt"
    else
        echo "$m" >>"$out/tensors.txt"
    fi
done
# does graph $1 have an order-3 operand (not its result)?
has_order3() {
    sed -n 's/^[[:space:]]*comment="\([^"]*\)".*/\1/p' "$1" | head -n 1 | tr ',' '\n' | sed 1d |
        sed 's/.*=//' | awk '{ n = gsub(/[sd]/, "") } n == 3 { f = 1 } END { exit !f }'
}

# the cases per kernel, the result counted by the golden model first
total=0
for k in "$@"; do
    g=$graphs/$k.gv
    [ -f "$g" ] || { echo "regress-real: no graph $g" >&2; exit 2; }
    : >"$out/lists/$k"
    kind=real list=$out/matrices.txt dir=$mtx ext=mtx
    has_order3 "$g" && kind=real3 list=$out/tensors.txt dir=$shared/data/tns ext=tns
    echo "$kind $dir $ext" >"$out/lists/$k.kind"
    while read -r m; do
        w=$out/work/$k/$m
        mkdir -p "$w"
        if ! args=$(sh "$here/regress_inputs.sh" "$samgen" "$g" $kind 1 "$w/in" "$dir/$m.$ext" 2>"$w/inputs.err"); then
            echo "$k|$m|inputs: $(head -c 120 "$w/inputs.err" | tr '\n|' '  ')" >>"$out/skipped.txt"
            continue
        fi
        n=0
        [ $kind = real ] && n=$(grep -v '^%' "$mtx/$m.mtx" | head -n 1 | awk '{print $1}')
        # an order-2 sparse accumulator keeps a dense rows x rows workspace
        if grep -q 'order=2' "$g" && [ $((n * n)) -gt "$wbudget" ]; then
            echo "$k|$m|a dense order-2 workspace of $((n * n)) words, more than $wbudget" >>"$out/skipped.txt"
            continue
        fi
        # a dense operand level holds every coordinate: rows^2 words
        decls=$(sed -n 's/^[[:space:]]*comment="\([^"]*\)".*/\1/p' "$g" | head -n 1)
        if printf '%s' "$decls" | tr ',' '\n' | sed 's/.*=//' | grep -q d &&
           [ $((n * n)) -gt "$budget" ]; then
            echo "$k|$m|dense operands of $((n * n)) words, more than the budget of $budget" >>"$out/skipped.txt"
            continue
        fi
        # shellcheck disable=SC2086
        if ! "$samgen" golden "$g" $args -o "$w/golden" >"$w/golden.log" 2>&1; then
            echo "$k|$m|golden model: $(tail -n 1 "$w/golden.log" | tr '|' ' ' | cut -c1-120)" >>"$out/skipped.txt"
            continue
        fi
        entries=$(cat "$w/golden"/*.tns 2>/dev/null | grep -vc '^#')
        tokens=$(sed -n 's/^ *"tokens_total": \([0-9]*\).*/\1/p' "$w/golden/report.json" | head -n 1)
        if [ "$entries" -gt "$budget" ]; then
            echo "$k|$m|result of $entries entries, more than the budget of $budget" >>"$out/skipped.txt"
            continue
        fi
        if [ "${tokens:-0}" -gt "$tbudget" ]; then
            echo "$k|$m|$tokens tokens, more than the token budget of $tbudget" >>"$out/skipped.txt"
            continue
        fi
        echo "$m" >>"$out/lists/$k"
        total=$((total + 1))
    done <"$list"
done

# run: one job per kernel, JOBS at once
export REGRESS_TOTAL=$total
for k in "$@"; do echo "$k"; done |
    xargs -P "$jobs" -I{} sh -c '
        k=$1; read -r kind dir ext <"$5/lists/$k.kind"
        while read -r m; do
            sh "$2/regress_case.sh" "$3" "$4/$k.gv" $kind 1 "$5/work/$k/$m/run" "$5/res/${k}__$m.res" "$dir/$m.$ext"
        done <"$5/lists/$k"' _ {} "$here" "$samgen" "$graphs" "$out"

sh "$here/regress_summary.sh" "$out/res" "$out/real.md" "$out/results.json" >"$out/summary.txt"
rc=$?
# the skipped cases, after the results
{
    echo
    echo "Skipped:"
    echo
    echo "| kernel | input | reason |"
    echo "|---|---|---|"
    awk -F'|' '{ printf "| %s | %s | %s |\n", ($2 == "-" ? "(all)" : $1), ($2 == "-" ? $1 : $2), $3 }' "$out/skipped.txt"
} >>"$out/real.md"
nskip=$(wc -l <"$out/skipped.txt" | tr -d ' ')
awk -F'|' -v res="$out/results.json" '
BEGIN { printf "{\"results\": " ; while ((getline l < res) > 0) print l; printf ", \"skipped\": [" }
{ r = $3; gsub(/"/, "\\\"", r)
  printf "%s\n  {\"kernel\": \"%s\", \"matrix\": \"%s\", \"reason\": \"%s\"}", (NR > 1 ? "," : ""),
         ($2 == "-" ? "" : $1), ($2 == "-" ? $1 : $2), r }
END { print "\n]}" }' "$out/skipped.txt" >"$out/real.json"
# JUnit: one test case per result line (a failure element unless PASS),
# and one per skipped case (a skipped element with the reason)
{ cat "$out"/res/*.res 2>/dev/null | LC_ALL=C sort; sed 's/^/SKIP|/' "$out/skipped.txt"; } | awk -F'|' '
function x(s) { gsub(/&/, "\\&amp;", s); gsub(/</, "\\&lt;", s); gsub(/>/, "\\&gt;", s); gsub(/"/, "\\&quot;", s); return s }
$1 == "SKIP" { n++; name[n] = ($3 == "-" ? $2 " (all kernels)" : $2 " " $3); kind[n] = "s"; det[n] = $4; sk++; next }
{ n++; name[n] = $1 " " $2; kind[n] = ($6 == "PASS") ? "p" : "f"; det[n] = $6 ": " $7; if (kind[n] == "f") f++ }
END {
    printf "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    printf "<testsuites name=\"regress-real\" tests=\"%d\" failures=\"%d\" errors=\"0\" time=\"0\">\n", n, f + 0
    printf "<testsuite name=\"regress-real\" tests=\"%d\" failures=\"%d\" errors=\"0\" skipped=\"%d\" time=\"0\">\n", n, f + 0, sk + 0
    for (i = 1; i <= n; i++) {
        printf "  <testcase classname=\"regress-real\" name=\"%s\" time=\"0\">", x(name[i])
        if (kind[i] == "f") printf "<failure message=\"%s\"/>", x(det[i])
        if (kind[i] == "s") printf "<skipped message=\"%s\"/>", x(det[i])
        printf "</testcase>\n"
    }
    printf "</testsuite>\n</testsuites>\n"
}' >"$out/junit.xml"
cat "$out/real.md"
last=$(tail -n 1 "$out/summary.txt")
echo "$last, $nskip skipped"
exit $rc
