#!/bin/sh
# examples_verify.sh - samgen verify on every graph the project ships.
#
#   sh scripts/examples_verify.sh SAMGEN WORKDIR
#
# Needs nothing outside the repository: each examples/<k>.gv runs on its
# tensors examples/<k>_<T>.tns, first plainly, then with random stalls at
# every FIFO (the streams must not change).  The last line is
# "N passed, N failed".  EXAMPLES_MODES (default "plain stall") picks the
# runs, EXAMPLES_VERIFY_ARGS adds verify options to each (--netlist for
# make netlist-examples), EXAMPLES_JOBS (default 2) runs that many at a
# time (each Verilator build is single-threaded); the report keeps the
# order of the examples.
SAMGEN=${1:?usage: examples_verify.sh SAMGEN WORKDIR}
WORK=${2:?usage: examples_verify.sh SAMGEN WORKDIR}
cd "$(dirname "$0")/.."
. scripts/examples_lib.sh

# --one K MODE: one run, its log in WORKDIR/K.MODE.log, its exit status
# in WORKDIR/K.MODE.rc
if [ "${3:-}" = --one ]; then
    k=$4; mode=$5
    extra="${EXAMPLES_VERIFY_ARGS:-}"
    [ "$mode" = stall ] && extra="$extra --stall 30 --seed 7"
    # shellcheck disable=SC2086
    "$SAMGEN" verify "examples/$k.gv" $(example_targs "$k") $extra >"$WORK/$k.$mode.log" 2>&1
    echo $? >"$WORK/$k.$mode.rc"
    exit 0
fi

mkdir -p "$WORK"
runs=""
for g in examples/*.gv; do
    k=$(basename "$g" .gv)
    for mode in ${EXAMPLES_MODES:-plain stall}; do
        rm -f "$WORK/$k.$mode.rc"
        runs="$runs $k:$mode"
    done
done
# shellcheck disable=SC2086
printf '%s\n' $runs | tr ':' ' ' |
    xargs -P "${EXAMPLES_JOBS:-2}" -L 1 sh scripts/examples_verify.sh "$SAMGEN" "$WORK" --one
pass=0; fail=0
for r in $runs; do
    k=${r%%:*}; mode=${r#*:}; log="$WORK/$k.$mode.log"
    if [ "$(cat "$WORK/$k.$mode.rc" 2>/dev/null)" = 0 ]; then
        pass=$((pass + 1)); echo "ok   $k ($mode): $(tail -1 "$log")"
    else
        fail=$((fail + 1)); echo "FAIL $k ($mode):"; tail -5 "$log" 2>/dev/null | sed 's/^/     /'
    fi
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
