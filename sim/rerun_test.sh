#!/bin/sh
# rerun_test.sh - runs without reset (docs/verification.md, "Runs without
# reset"): one build of a kernel, three different input sets loaded and
# run back to back in one simulation, each run started by a rising edge of
# start_i only ('c' in the host script); and a reset with the host owning
# the memories (host_en_i high, 'x') before a run; host writes held on the
# port during runs ('h') are ignored.  Under Verilator and Icarus.
#
# Each input set is first checked on its own by samgen verify (the golden
# model against the RTL, every stream and the output memories) with its
# work directory kept; its read-back (the M lines) and cycle count are then
# the golden-checked result the same run must give inside the combined
# simulation.  --max-nnz and --dim fix the memory sizes, so the three
# verify runs generate the same top and (Verilator) share one build.
#
#   sh sim/rerun_test.sh SAMGEN WORKDIR
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/cli/test_lib.sh"
begin "$1" "$2"
export SAMGEN_CACHE="$WORK/vcache"

if ! command -v iverilog >/dev/null 2>&1 || ! command -v verilator >/dev/null 2>&1; then
    echo "rerun-test: needs iverilog and verilator (make deps)"; exit 1
fi

# has DESCRIPTION FILE TEXT: FILE holds the line fragment TEXT
has() {
    grep -qF -- "$3" "$2" && ok "$1" || bad "$1: '$3' not in $2"
}
# same DESCRIPTION A B: the files are equal
same() {
    if cmp -s "$2" "$3"; then ok "$1"; else
        bad "$1: $2 and $3 differ"; diff "$2" "$3" | head -10 | sed 's/^/     /'; fi
}

# Three input sets of spmv (x = B c) with different shapes and values,
# so that every run's output differs from the one before it.
G=$EX/spmv.gv
SIZES="--max-nnz 64 --dim 16"
i=0
for spec in "8x8 0.3 11" "12x10 0.25 12" "6x16 0.4 13"; do
    i=$((i + 1))
    # shellcheck disable=SC2086
    set -- $spec
    rows=${1%x*}; cols=${1#*x}
    "$SAMGEN" tensor gen --shape "$1" --density "$2" --seed "$3" --max-value 9 \
        -o "$WORK/B$i.tns" >/dev/null 2>&1 || bad "tensor gen B$i"
    "$SAMGEN" tensor gen --shape "$cols" --density 0.7 --seed "$3" --max-value 9 \
        -o "$WORK/c$i.tns" >/dev/null 2>&1 || bad "tensor gen c$i"
    : "$rows"
done

# m_lines SIMOUT: the read-back and the run's cycle count of a sim.out
m_lines() {
    grep -E '^(DONE|LIMIT|FINISH|M) ' "$1"
}

for sim in verilator icarus; do
    d=$WORK/$sim
    mkdir -p "$d"
    for i in 1 2 3; do
        # shellcheck disable=SC2086
        expect 0 "$sim: set $i passes verify on its own" "$SAMGEN" verify "$G" \
            -t B="$WORK/B$i.tns" -t c="$WORK/c$i.tns" $SIZES --sim $sim -q --keep "$d/k$i"
        has "$sim: set $i PASS line" "$WORK/out" "PASS spmv:"
        m_lines "$d/k$i/sim.out" >"$d/want$i"
    done
    same "$sim: the three sets use the same top" "$d/k1/spmv_top.v" "$d/k2/spmv_top.v"
    same "$sim: the three sets use the same top (3)" "$d/k1/spmv_top.v" "$d/k3/spmv_top.v"
    if cmp -s "$d/want1" "$d/want2" || cmp -s "$d/want2" "$d/want3"; then
        bad "$sim: the input sets give different results"
    else
        ok "$sim: the input sets give different results"
    fi
    if [ $sim = verilator ]; then
        n=$(ls -d "$SAMGEN_CACHE"/vl-* | wc -l)
        [ "$n" -eq 1 ] && ok "verilator: one build for the three sets" ||
            bad "verilator: $n builds for the three sets"
        run() { "$(ls -d "$SAMGEN_CACHE"/vl-*)/Vtop" "+script=$1" +notrace >"$2" 2>&1; }
    else
        run() { vvp -n "$d/k1/sim.vvp" "+script=$1" +notrace >"$2" 2>&1; }
    fi

    # A, run, read; B, run, read; C, run, read: no reset after the first.
    {
        cat "$d/k1/host.script"
        sed 's/^g /c /' "$d/k2/host.script"
        sed 's/^g /c /' "$d/k3/host.script"
    } >"$d/rerun.script"
    has "$sim: the combined script starts runs without reset" "$d/rerun.script" "c 1"
    run "$d/rerun.script" "$d/rerun.out" && ok "$sim: combined simulation exits 0" ||
        bad "$sim: combined simulation failed"
    m_lines "$d/rerun.out" >"$d/got"
    cat "$d/want1" "$d/want2" "$d/want3" >"$d/want"
    same "$sim: each run without reset gives its golden-checked result and cycles" \
        "$d/want" "$d/got"

    # The same twice more in reverse order: a run after a larger one leaves
    # nothing of it behind (counters, seg[0], stale tail words).
    {
        cat "$d/k3/host.script"
        sed 's/^g /c /' "$d/k2/host.script"
        sed 's/^g /c /' "$d/k1/host.script"
    } >"$d/rerun_rev.script"
    run "$d/rerun_rev.script" "$d/rerun_rev.out" || bad "$sim: reverse simulation failed"
    m_lines "$d/rerun_rev.out" >"$d/got_rev"
    cat "$d/want3" "$d/want2" "$d/want1" >"$d/want_rev"
    same "$sim: runs in reverse order give their results" "$d/want_rev" "$d/got_rev"

    # A reset while the host owns the memories (host_en_i high), a stale
    # word in the output seg[0] (memory 9), load, run without reset: the
    # writer stores seg[0] = 0 in the run itself.
    {
        echo "x"
        echo "w 9 0 99"
        sed 's/^g /c /' "$d/k2/host.script"
    } >"$d/hostreset.script"
    run "$d/hostreset.script" "$d/hostreset.out" || bad "$sim: host-reset simulation failed"
    m_lines "$d/hostreset.out" >"$d/got_hr"
    same "$sim: reset with host_en_i high, then a run: the golden-checked result" \
        "$d/want2" "$d/got_hr"
    has "$sim: output seg[0] is 0 after the run" "$d/got_hr" "M 9 "
    if grep -q '^M 9 [0-9]* 0*63 ' "$d/got_hr"; then bad "$sim: stale seg[0] read back"; fi

    # Host writes held on the port during a run (h), into an input memory
    # (B's crd, memory 2) and into an output memory (x's vals, memory 11),
    # are ignored: the run gives its golden-checked result, and the input
    # it read is unchanged for the run after it.
    {
        cat "$d/k1/host.script"
        sed -n '/^w /p' "$d/k2/host.script"
        echo "h 2 0 7"
        sed -n '/^[gc] /s/^g /c /p' "$d/k2/host.script"
        sed -n '/^r /p' "$d/k2/host.script"
        echo "h 11 0 99"
        sed -n '/^[gc] /s/^g /c /p' "$d/k2/host.script"
        sed -n '/^r /p' "$d/k2/host.script"
    } >"$d/busy.script"
    has "$sim: the busy script holds host writes" "$d/busy.script" "h 2 0 7"
    run "$d/busy.script" "$d/busy.out" || bad "$sim: busy simulation failed"
    m_lines "$d/busy.out" >"$d/got_busy"
    cat "$d/want1" "$d/want2" "$d/want2" >"$d/want_busy"
    same "$sim: host writes while busy are ignored" "$d/want_busy" "$d/got_busy"
done

[ "$fail" -eq 0 ] && echo "rerun-test: all passed" || echo "rerun-test: FAILED"
exit "$fail"
