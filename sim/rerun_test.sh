#!/bin/sh
# rerun_test.sh - runs without reset (docs/verification.md, "Host scripts
# and runs without reset"): one build of a kernel, three different input sets loaded and
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

# Three input sets per kernel, with different shapes and values, so that
# every run's output differs from the one before it: spmv (x = B c, a
# reducer) and matmul_ikj (X = B C, a sparse accumulator).
SIZES="--max-nnz 160 --dim 16 --counters nodes"
gen() {   # gen NAME SHAPE DENSITY SEED
    "$SAMGEN" tensor gen --shape "$2" --density "$3" --seed "$4" --max-value 9 \
        -o "$WORK/$1.tns" >/dev/null 2>&1 || bad "tensor gen $1"
}
gen spmv_B1 8x8 0.3 11;  gen spmv_c1 8 0.7 11
gen spmv_B2 12x10 0.25 12; gen spmv_c2 10 0.7 12
gen spmv_B3 6x16 0.4 13; gen spmv_c3 16 0.7 13
gen matmul_ikj_B1 8x6 0.3 21;  gen matmul_ikj_C1 6x8 0.3 22
gen matmul_ikj_B2 10x10 0.2 23; gen matmul_ikj_C2 10x4 0.4 24
gen matmul_ikj_B3 5x12 0.3 25; gen matmul_ikj_C3 12x9 0.2 26
# targs KERNEL I: the -t options of input set I
targs() {
    case $1 in
        spmv) echo "-t B=$WORK/spmv_B$2.tns -t c=$WORK/spmv_c$2.tns" ;;
        matmul_ikj) echo "-t B=$WORK/matmul_ikj_B$2.tns -t C=$WORK/matmul_ikj_C$2.tns" ;;
    esac
}

# m_lines SIMOUT: the read-back and the run's cycle count of a sim.out
m_lines() {
    grep -E '^(DONE|LIMIT|FINISH|M) ' "$1"
}

for sim in verilator icarus; do
  for k in spmv matmul_ikj; do
    d=$WORK/$sim/$k
    mkdir -p "$d"
    for i in 1 2 3; do
        # shellcheck disable=SC2046,SC2086
        expect 0 "$sim $k: set $i passes verify on its own" "$SAMGEN" verify "$EX/$k.gv" \
            $(targs $k $i) $SIZES --sim $sim -q --keep "$d/k$i"
        has "$sim $k: set $i PASS line" "$WORK/out" "PASS $k:"
        if [ $sim = verilator ] && [ $i -gt 1 ]; then
            has "verilator $k: set $i reuses the build" "$WORK/out" "(cached build)"
        fi
        m_lines "$d/k$i/sim.out" >"$d/want$i"
    done
    same "$sim $k: the three sets use the same top" "$d/k1/${k}_top.v" "$d/k2/${k}_top.v"
    same "$sim $k: the three sets use the same top (3)" "$d/k1/${k}_top.v" "$d/k3/${k}_top.v"
    if cmp -s "$d/want1" "$d/want2" || cmp -s "$d/want2" "$d/want3"; then
        bad "$sim $k: the input sets give different results"
    else
        ok "$sim $k: the input sets give different results"
    fi
    if [ $sim = verilator ]; then
        # the build the three verify runs shared: one more in the cache
        nk=$((${nk:-0} + 1))
        n=$(ls -d "$SAMGEN_CACHE"/vl-* | wc -l)
        [ "$n" -eq "$nk" ] && ok "verilator $k: one build for the three sets" ||
            bad "verilator $k: $n builds in the cache, wanted $nk"
        bin=$(ls -dt "$SAMGEN_CACHE"/vl-* | head -n 1)/Vtop
        run() { "$bin" "+script=$1" +notrace >"$2" 2>&1; }
    else
        run() { vvp -n "$d/k1/sim.vvp" "+script=$1" +notrace >"$2" 2>&1; }
    fi

    # A, run, read; B, run, read; C, run, read: no reset after the first.
    {
        cat "$d/k1/host.script"
        sed 's/^g /c /' "$d/k2/host.script"
        sed 's/^g /c /' "$d/k3/host.script"
    } >"$d/rerun.script"
    has "$sim $k: the combined script starts runs without reset" "$d/rerun.script" "c 1"
    run "$d/rerun.script" "$d/rerun.out" && ok "$sim $k: combined simulation exits 0" ||
        bad "$sim $k: combined simulation failed"
    m_lines "$d/rerun.out" >"$d/got"
    cat "$d/want1" "$d/want2" "$d/want3" >"$d/want"
    same "$sim $k: each run without reset gives its golden-checked result and cycles" \
        "$d/want" "$d/got"

    # The same in reverse order: a run after a larger one leaves nothing of
    # it behind (counters, seg[0], stale tail words, accumulator state).
    {
        cat "$d/k3/host.script"
        sed 's/^g /c /' "$d/k2/host.script"
        sed 's/^g /c /' "$d/k1/host.script"
    } >"$d/rerun_rev.script"
    run "$d/rerun_rev.script" "$d/rerun_rev.out" || bad "$sim $k: reverse simulation failed"
    m_lines "$d/rerun_rev.out" >"$d/got_rev"
    cat "$d/want3" "$d/want2" "$d/want1" >"$d/want_rev"
    same "$sim $k: runs in reverse order give their results" "$d/want_rev" "$d/got_rev"
    [ $k = spmv ] || continue

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
done

[ "$fail" -eq 0 ] && echo "rerun-test: all passed" || echo "rerun-test: FAILED"
exit "$fail"
