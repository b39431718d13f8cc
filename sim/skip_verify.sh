#!/bin/sh
# skip_verify.sh - samgen verify --skip T on every kernel that intersects
# compressed levels: the skipping intersectors' outputs, and every stream
# after them, must equal the golden model's (which never skips), for every
# CAM size T and under random stalls.
#
#   sh sim/skip_verify.sh SAMGEN OUTDIR quick|full [CUSTARD_DIR KERNEL[:KIND,...]...]
#
# Kernels: the graphs of examples/ (bound to their examples/<k>_<T>.tns
# tensors), a 3-operand intersection compiled here (x(i) = a(i) b(i) c(i),
# 64-long vectors, 40% dense), then the named custard kernels on inputs of
# sim/regress_inputs.sh: KIND "r30" (dim 8, the default) and "wide" (long
# fibers, so that the CAM samples every few coordinates).  A kernel
# whose top has no skipping intersector (no intersect fed straight by
# compressed scanners) is listed and not run.  Every run must print PASS and
# the "skipping:" line (so the skipping RTL really was in the design).
#   quick: T in {1,2,4,8,32} on 3 example kernels and the 3-operand
#          kernel, T = 4 on the other
#          examples, one T per custard kernel and input (rotating through
#          the set); each kernel and input once more with --stall 20.
#   full:  every T, with and without --stall 20, on every kernel and input.
# Icarus by default (SKIP_SIM=verilator to change), SKIP_JOBS (2) runs in
# parallel.  Last line: "N passed, N failed"; exit 1 on a failure.
set -u
samgen=$1 out=$2 mode=$3
shift 3
custard=${1:-}
[ $# -gt 0 ] && shift
root=$(cd "$(dirname "$0")/.." && pwd)
sim=${SKIP_SIM:-icarus}
jobs=${SKIP_JOBS:-2}
all_t="1 2 4 8 32"
rm -rf "$out"; mkdir -p "$out/res" "$out/in"
cases=$out/cases

# Does the kernel get a skipping intersector?  (graph, tensor args)
has_skip() {
    # shellcheck disable=SC2086
    "$samgen" gen "$1" -o "$out/probe" --skip 4 $2 >/dev/null 2>&1 &&
        grep -q 'sam_intersect_skip' "$out/probe/$(basename "$1" .gv)_top.v"
}

# One line per run: name|graph|T|stall|args
: >"$cases"
n=0
for g in "$root"/examples/*.gv; do
    k=$(basename "$g" .gv)
    args=""
    for f in "$root"/examples/"${k}"_*.tns; do
        [ -e "$f" ] || continue
        t=$(basename "$f" .tns); t=${t#"${k}"_}
        args="$args -t $t=$f"
    done
    if ! has_skip "$g" "$args"; then
        echo "skip-verify: examples/$k: no intersector fed by compressed scanners"
        continue
    fi
    ts=4
    case $k in matmul_ijk|vec_elemmul|mat_elemmul) ts=$all_t ;; esac
    [ "$mode" = full ] && ts=$all_t
    for T in $ts; do echo "ex-$k-T$T|$g|$T|0|$args" >>"$cases"; done
    for T in $( [ "$mode" = full ] && echo "$all_t" || echo 4); do
        echo "ex-$k-T$T-stall|$g|$T|20|$args" >>"$cases"
    done
done
# Three operands: no custard kernel has a 3-way intersection of compressed
# levels, so compile one.
g3=$out/in/mul3.gv
if "$samgen" compile 'x(i)=a(i)*b(i)*c(i)' -o "$g3" >"$out/in/mul3.log" 2>&1; then
    args=""
    for t in a b c; do
        "$samgen" tensor gen --shape 64 --density 0.4 --seed "$(printf %d "'$t")" \
            --max-value 9 -o "$out/in/mul3_$t.tns" >/dev/null
        args="$args -t $t=$out/in/mul3_$t.tns"
    done
    for T in $all_t; do echo "mul3-T$T|$g3|$T|0|$args" >>"$cases"; done
    echo "mul3-T2-stall|$g3|2|20|$args" >>"$cases"
else
    echo "mul3|FAIL|samgen compile: $(head -n 1 "$out/in/mul3.log")" >"$out/res/mul3.res"
fi
if [ -n "$custard" ] && [ -d "$custard" ]; then
    for spec in "$@"; do
        k=${spec%%:*} kinds=r30
        case $spec in *:*) kinds=$(echo "${spec#*:}" | tr ',' ' ') ;; esac
        g=$custard/$k.gv
        [ -f "$g" ] || { echo "skip-verify: $g missing"; continue; }
        for kind in $kinds; do
            d=$out/in/$k-$kind
            if ! args=$(sh "$root/sim/regress_inputs.sh" "$samgen" "$g" $kind 1 "$d" 2>"$d.err"); then
                echo "$k-$kind|ERROR|inputs: $(head -n 1 "$d.err")" >"$out/res/$k-$kind.res"
                continue
            fi
            if ! has_skip "$g" "$args"; then
                echo "skip-verify: $k: no intersector fed by compressed scanners"
                break
            fi
            if [ "$mode" = full ]; then
                for T in $all_t; do
                    echo "$k-$kind-T$T|$g|$T|0|$args" >>"$cases"
                    echo "$k-$kind-T$T-stall|$g|$T|20|$args" >>"$cases"
                done
            else
                T=$(echo $all_t | cut -d' ' -f$((n % 5 + 1)))
                n=$((n + 1))
                echo "$k-$kind-T$T|$g|$T|0|$args" >>"$cases"
                echo "$k-$kind-T$T-stall|$g|$T|20|$args" >>"$cases"
            fi
        done
    done
elif [ -n "$custard" ]; then
    echo "skip-verify: $custard not found: custard kernels skipped"
fi

total=$(wc -l <"$cases")
# Run one case (the line on stdin's argument) and record NAME|RESULT|detail.
export samgen out sim total
run_one='
IFS="|" read -r name g T stall args <<EOF
$1
EOF
log=$out/$name.log
# shellcheck disable=SC2086
"$samgen" verify "$g" $args --skip "$T" --stall "$stall" --seed 7 --sim "$sim" \
    --max-nnz 4096 -q --keep "$out/run/$name" >"$log" 2>&1
rc=$?
if [ $rc -eq 0 ] && grep -q "^skipping: " "$log"; then
    res=PASS
elif [ $rc -eq 0 ]; then
    res="FAIL|no skipping intersector in the design"
else
    res="FAIL|$(grep -v "^samgen verify: files kept" "$log" | head -n 4 | tr "\n|" "  " | cut -c1-300)"
fi
line=$(grep -m1 "^PASS" "$log" | sed "s/.*RTL \([0-9]*\) cycles.*/\1/")
echo "$name|$res" >"$out/res/$name.res"
echo "[skip-verify $(ls "$out/res" | wc -l)/$total] $name: ${res%%|*}${line:+ (RTL $line cycles)}"
'
# Name|... lines must not contain newlines; xargs runs them in parallel.
tr '\n' '\0' <"$cases" | xargs -0 -n 1 -P "$jobs" sh -c "$run_one" sh

pass=$(cat "$out"/res/*.res 2>/dev/null | grep -c '|PASS') || true
fail=$(cat "$out"/res/*.res 2>/dev/null | grep -vc '|PASS') || true
if [ "$fail" -gt 0 ]; then
    echo "failures:"; cat "$out"/res/*.res | grep -v '|PASS' | sed 's/^/  /'
fi
echo "skip-verify: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
