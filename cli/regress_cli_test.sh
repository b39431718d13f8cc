#!/bin/sh
# regress_cli_test.sh - samgen regress: a case list run here in parallel
# and through a stand-in for Slurm's sbatch, the summaries, one case alone,
# and bad lists and options.
#
#   sh cli/regress_cli_test.sh SAMGEN WORKDIR
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/cli/test_lib.sh"
begin "$1" "$2"

# The list lives in its own directory with relative paths to copies of
# the examples; it is run from elsewhere.
L=$WORK/list; mkdir -p "$L/in"
cp "$EX"/spmv.gv "$EX"/spmv_B.tns "$EX"/spmv_c.tns "$EX"/vec_elemmul.gv \
   "$EX"/vec_elemmul_b.tns "$EX"/vec_elemmul_c.tns "$L/in/"
cat >"$L/cases.txt" <<'C'
# name graph options
spmv in/spmv.gv -t B=in/spmv_B.tns -t c=in/spmv_c.tns --sim icarus
vec_stall 'in/vec_elemmul.gv' -t b=in/vec_elemmul_b.tns -t "c=in/vec_elemmul_c.tns" --sim icarus --stall 20 --seed 3

short in/spmv.gv -t B=in/spmv_B.tns -t c=in/spmv_c.tns --sim icarus --max-cycles 5
unbound in/spmv.gv -t B=in/spmv_B.tns --sim icarus
C
cd "$WORK" || exit 1

# 1. here, two at a time
expect 1 "regress -j 2: a case failed, exit 1" "$SAMGEN" regress "$L/cases.txt" -o "$WORK/loc" -j 2 -q
grep -q '^2 passed, 2 failed$' "$WORK/out" && ok "2 passed, 2 failed" || bad "count line: $(tail -n 1 "$WORK/out")"
grep -q '^FAIL short: FAIL .*not done after' "$WORK/out" && ok "the failing case and its line" ||
    bad "no FAIL line for short"
grep -q '^ERROR unbound: .*tensor c is not bound' "$WORK/out" && ok "the erroneous case and its message" ||
    bad "no ERROR line for unbound"
row() { sed -n "s/^| $2 | \\([a-z ]*\\) | \\([-0-9]*\\) | \\([-0-9]*\\) | .*/\\1 \\2 \\3/p" "$1/summary.md"; }
r=$(row "$WORK/loc" spmv)
case "$r" in "pass "[0-9]*" "[0-9]*) ok "summary.md: spmv passed with its cycles ($r)" ;;
    *) bad "summary.md spmv row: '$r'" ;; esac
[ "$(row "$WORK/loc" short | cut -d' ' -f1)" = fail ] && ok "summary.md: short failed" || bad "short row"
[ "$(row "$WORK/loc" unbound)" = "error - -" ] && ok "summary.md: unbound is an error, no cycles" ||
    bad "unbound row: $(row "$WORK/loc" unbound)"
grep -q '"passed": 2,' "$WORK/loc/summary.json" && grep -q '"failed": 2' "$WORK/loc/summary.json" &&
    ok "summary.json counts" || bad "summary.json counts"
grep -q 'tests="4" failures="1" errors="1"' "$WORK/loc/junit.xml" && ok "junit.xml: 4 tests, 1 failure, 1 error" ||
    bad "junit.xml header: $(grep testsuite "$WORK/loc/junit.xml" | head -n 1)"
for c in spmv vec_stall short; do
    [ -f "$WORK/loc/cases/$c/report.json" ] && [ -f "$WORK/loc/cases/$c/status" ] ||
        bad "case $c: no report.json or status"
done
grep -q '"stall": 20' "$WORK/loc/cases/vec_stall/report.json" && grep -q '"seed": 3' \
    "$WORK/loc/cases/vec_stall/report.json" && ok "a case's options reach verify" || bad "vec_stall options"
grep -q '^exit 2 ' "$WORK/loc/cases/unbound/status" && ok "status holds the exit code" || bad "unbound status"

# 2. one case alone (what a Slurm task runs): no summary, exit 0
expect 0 "--case 1 runs one case" "$SAMGEN" regress "$L/cases.txt" -o "$WORK/one" --case 1 -q
[ -f "$WORK/one/cases/vec_stall/status" ] && [ ! -d "$WORK/one/cases/spmv" ] && [ ! -f "$WORK/one/summary.md" ] &&
    ok "--case 1: that case only" || bad "--case 1 wrote other things"

# 3. Slurm: a stand-in sbatch that runs the array's tasks one by one
mkdir -p "$WORK/bin"
cat >"$WORK/bin/sbatch" <<'S'
#!/bin/sh
# stand-in for sbatch --wait --parsable JOB: runs every task of the array
[ "$1" = --wait ] && [ "$2" = --parsable ] || { echo "sbatch: unexpected $*" >&2; exit 1; }
job=$3
arr=$(sed -n 's/^#SBATCH --array=0-\([0-9]*\)$/\1/p' "$job")
outp=$(sed -n 's/^#SBATCH --output=\(.*\)$/\1/p' "$job")
[ -n "$arr" ] && [ -n "$outp" ] || { echo "sbatch: no --array or --output in $job" >&2; exit 1; }
cp "$job" "$(dirname "$job")/submitted.sh"
echo 4242
i=0
while [ "$i" -le "$arr" ]; do
    o=$(printf %s "$outp" | sed "s/%a/$i/")
    SLURM_ARRAY_TASK_ID=$i sh "$job" >"$o" 2>&1 || exit 1
    i=$((i + 1))
done
S
chmod +x "$WORK/bin/sbatch"
PATH=$WORK/bin:$PATH expect 1 "--slurm: submitted, gathered, exit 1" \
    "$SAMGEN" regress "$L/cases.txt" -o "$WORK/sl" --slurm --partition debug -q
grep -q '^#SBATCH --array=0-3$' "$WORK/sl/slurm/submitted.sh" && ok "job array of 4 tasks" || bad "array line"
grep -q '^#SBATCH --partition=debug$' "$WORK/sl/slurm/submitted.sh" && ok "--partition in the job" || bad "partition"
grep -q -- "--case \"\$SLURM_ARRAY_TASK_ID\"" "$WORK/sl/slurm/submitted.sh" && ok "each task runs its case" ||
    bad "task command"
for c in spmv vec_stall short unbound; do
    a=$(row "$WORK/loc" "$c"); b=$(row "$WORK/sl" "$c")
    [ -n "$a" ] && [ "$a" = "$b" ] || bad "case $c: local '$a', Slurm '$b'"
done
ok "Slurm and local summaries agree"
[ -f "$WORK/sl/slurm/case-0.out" ] && ok "the tasks' output files" || bad "no task output"
mkdir -p "$WORK/nobin"   # (regress with --slurm starts sbatch and nothing else)
PATH=$WORK/nobin expect 2 "--slurm without sbatch: exit 2" \
    "$SAMGEN" regress "$L/cases.txt" -o "$WORK/ns" --slurm -q
grep -q 'sbatch not found' "$WORK/err" && ok "says sbatch is missing" || bad "no sbatch message"

# 4. bad lists and options
bad_list() {  # what, text, expected message
    printf '%s\n' "$2" >"$WORK/bad.txt"
    expect 2 "list: $1" "$SAMGEN" regress "$WORK/bad.txt" -o "$WORK/b"
    grep -q -- "$3" "$WORK/err" && ok "list: $1: message" || { bad "list: $1: message"; cat "$WORK/err"; }
}
bad_list "no graph" "# c
lonely" "bad.txt:2: a case needs a name and a graph"
bad_list "name twice" "a g.gv
a g.gv" "bad.txt:2: case a given again (first on line 1)"
bad_list "owned option" "a g.gv -o x" "bad.txt:1: -o: regress gives each case"
bad_list "unterminated quote" "a 'g.gv" "bad.txt:1: unterminated ' quote"
bad_list "bad name" "a/b g.gv" "bad.txt:1: a case name is letters"
bad_list "no cases" "# nothing" "no cases in the list"
expect 2 "no -o" "$SAMGEN" regress "$L/cases.txt"
grep -q -- "-o DIR is needed" "$WORK/err" && ok "no -o: message" || bad "no -o: message"
expect 2 "--partition without --slurm" "$SAMGEN" regress "$L/cases.txt" -o "$WORK/b" --partition x
expect 2 "--slurm with --jobs" "$SAMGEN" regress "$L/cases.txt" -o "$WORK/b" --slurm -j 2
expect 2 "--case beyond the list" "$SAMGEN" regress "$L/cases.txt" -o "$WORK/b" --case 4
grep -q -- "--case 4: the list has cases 0..3" "$WORK/err" && ok "--case: message" || bad "--case: message"
expect 2 "a missing list" "$SAMGEN" regress "$WORK/none.txt" -o "$WORK/b"
grep -q "none.txt: cannot read" "$WORK/err" && ok "missing list: message" || bad "missing list: message"
expect 2 "--jobs 0" "$SAMGEN" regress "$L/cases.txt" -o "$WORK/b" -j 0

[ $fail -eq 0 ] && echo "regress-cli-test: all passed"
exit $fail
