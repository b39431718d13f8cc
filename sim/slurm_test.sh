#!/bin/sh
# slurm_test.sh - samgen regress --slurm against a real Slurm: a one-node
# cluster brought up on this machine (scripts/slurm_local.sh), a list of
# five cases (Icarus and Verilator, one with stalls, one that fails) run
# as a job array, and the summary compared with the same list run here
# with --jobs 2.  The cluster is stopped at the end.
#
#   sh sim/slurm_test.sh SAMGEN OUTDIR
set -u
samgen=$1 out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$out"; mkdir -p "$out"
out=$(cd "$out" && pwd)
if [ "$(id -u)" != 0 ]; then echo "slurm-test: needs root for the local cluster: skipped"; exit 0; fi
cl=$out/cluster
trap 'sh "$root/scripts/slurm_local.sh" down "$cl" >/dev/null 2>&1' EXIT INT TERM
sh "$root/scripts/slurm_local.sh" up "$cl" >"$out/up.log" 2>&1
rc=$?
if [ $rc -eq 3 ]; then
    echo "slurm-test: Slurm's packages cannot be installed here: skipped"; cat "$out/up.log"; exit 0
elif [ $rc -ne 0 ]; then
    echo "slurm-test: the local cluster did not come up:"; cat "$out/up.log"; exit 1
fi
SLURM_CONF=$cl/slurm.conf; export SLURM_CONF
ex=$root/examples
cat >"$out/cases.txt" <<C
spmv $ex/spmv.gv -t B=$ex/spmv_B.tns -t c=$ex/spmv_c.tns
spmv_icarus $ex/spmv.gv -t B=$ex/spmv_B.tns -t c=$ex/spmv_c.tns --sim icarus --stall 20 --seed 5
vec $ex/vec_elemmul.gv -t b=$ex/vec_elemmul_b.tns -t c=$ex/vec_elemmul_c.tns --sim icarus
mat $ex/mat_elemadd.gv -t B=$ex/mat_elemadd_B.tns -t C=$ex/mat_elemadd_C.tns --sim icarus
short $ex/spmv.gv -t B=$ex/spmv_B.tns -t c=$ex/spmv_c.tns --sim icarus --max-cycles 5
C
fail=0
"$samgen" regress "$out/cases.txt" -o "$out/slurm" --slurm --partition local -q >"$out/slurm.log" 2>&1
rc=$?
[ $rc -eq 1 ] || { echo "slurm-test: regress --slurm exit $rc, expected 1"; cat "$out/slurm.log"; fail=1; }
grep -q '^4 passed, 1 failed$' "$out/slurm.log" || { echo "slurm-test: counts"; cat "$out/slurm.log"; fail=1; }
[ -f "$out/slurm/slurm/case-0.out" ] || { echo "slurm-test: no task output from Slurm"; fail=1; }
"$samgen" regress "$out/cases.txt" -o "$out/local" -j 2 -q >"$out/local.log" 2>&1
row() { sed -n "s/^| $2 | \\([a-z ]*\\) | \\([-0-9]*\\) | \\([-0-9]*\\) | .*/\\1 \\2 \\3/p" "$1/summary.md"; }
for c in spmv spmv_icarus vec mat short; do
    a=$(row "$out/local" $c); b=$(row "$out/slurm" $c)
    [ -n "$a" ] && [ "$a" = "$b" ] || { echo "slurm-test: case $c: local '$a', Slurm '$b'"; fail=1; }
done
[ $fail -eq 0 ] && echo "slurm-test: 5 cases through a one-node Slurm cluster, summary equal to the local run"
exit $fail
