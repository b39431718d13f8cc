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
# make netlist-examples).
SAMGEN=${1:?usage: examples_verify.sh SAMGEN WORKDIR}
WORK=${2:?usage: examples_verify.sh SAMGEN WORKDIR}
cd "$(dirname "$0")/.."
. scripts/examples_lib.sh
mkdir -p "$WORK"
pass=0; fail=0
for g in examples/*.gv; do
    k=$(basename "$g" .gv)
    targs=$(example_targs "$k")
    for mode in ${EXAMPLES_MODES:-plain stall}; do
        extra="${EXAMPLES_VERIFY_ARGS:-}"
        [ "$mode" = stall ] && extra="$extra --stall 30 --seed 7"
        log="$WORK/$k.$mode.log"
        # shellcheck disable=SC2086
        if "$SAMGEN" verify "$g" $targs $extra >"$log" 2>&1; then
            pass=$((pass + 1)); echo "ok   $k ($mode): $(tail -1 "$log")"
        else
            fail=$((fail + 1)); echo "FAIL $k ($mode):"; tail -5 "$log" | sed 's/^/     /'
        fi
    done
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
