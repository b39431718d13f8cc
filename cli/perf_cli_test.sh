#!/bin/sh
# perf_cli_test.sh - the generated top's performance counters (samgen gen
# --counters nodes|edges, docs/rtl-interfaces.md "Performance counters")
# and samgen verify's check of them against the simulation's traces:
#
#   * the option: an unknown mode is refused (exit 2, nothing written); the
#     default top has no counters; with counters the top lints clean under
#     verilator -Wall and its host port is at least 32 bits wide
#   * spmv and matmul_ikj with each mode, without and with random stalls,
#     under Icarus and Verilator: verify passes and says how many words it
#     checked (every node word; every edge's token word)
#   * with --counters edges and stalls, the backpressure words are not all 0
#   * mutants of the generated counters (a busy count that misses a cycle,
#     a stall that is one off, an edge that counts a token twice) make
#     verify fail naming the node or edge
#   * with --no-trace the words are read back but not checked
# (Runs without reset restart the counters: sim/rerun_test.sh generates its
# tops with --counters nodes and compares their read-back run by run.)
#
#   sh cli/perf_cli_test.sh SAMGEN WORKDIR
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/cli/test_lib.sh"
begin "$1" "$2"
export SAMGEN_CACHE="$WORK/vcache"
has() {
    grep -qF -- "$3" "$2" && ok "$1" || bad "$1: '$3' not in $2"
}
lacks() {
    grep -qF -- "$3" "$2" && bad "$1: '$3' in $2" || ok "$1"
}
if ! command -v iverilog >/dev/null 2>&1 || ! command -v verilator >/dev/null 2>&1; then
    echo "perf-cli-test: needs iverilog and verilator (make deps)"; exit 1
fi
SPMV="$EX/spmv.gv -t B=$EX/spmv_B.tns -t c=$EX/spmv_c.tns"
MM="$EX/matmul_ikj.gv -t B=$EX/matmul_ikj_B.tns -t C=$EX/matmul_ikj_C.tns"

# ---- the option ---------------------------------------------------------------
# shellcheck disable=SC2086
expect 2 "gen --counters bogus refused" "$SAMGEN" gen $SPMV --counters bogus -o "$WORK/bogus"
has "--counters bogus: message" "$WORK/err" \
    "samgen: --counters: unknown mode 'bogus' (none, nodes, edges)"
[ ! -e "$WORK/bogus" ] && ok "--counters bogus: nothing written" || bad "$WORK/bogus written"
# shellcheck disable=SC2086
expect 0 "gen spmv (no counters)" "$SAMGEN" gen $SPMV -o "$WORK/plain"
lacks "default top: no counters" "$WORK/plain/spmv_top.v" "perf_"
for m in nodes edges; do
    # shellcheck disable=SC2086
    expect 0 "gen spmv --counters $m" "$SAMGEN" gen $SPMV --counters $m -o "$WORK/$m"
    has "$m: counters section" "$WORK/$m/spmv_top.v" "performance counters (--counters $m)"
    has "$m: select 255 read back" "$WORK/$m/spmv_top.v" "8'd255: host_rdata_o = perf_rdata_q;"
    has "$m: 32-bit host data" "$WORK/$m/spmv_top.v" "output reg  [31:0]  host_rdata_o"
    has "$m: README names select 255" "$WORK/$m/README" "255: performance counters (read only)"
    has "$m: README's register map names the counters" "$WORK/$m/README" \
        "  Counters (--counters $m): MEM_SEL = 255, "
    if (cd "$WORK/$m" && verilator --lint-only -Wall -f filelist.f --top-module spmv_top) \
        >"$WORK/$m.lint" 2>&1; then ok "$m: verilator -Wall clean"; else
        bad "$m: lint"; head -10 "$WORK/$m.lint"; fi
done

# ---- verify checks the counters -------------------------------------------------
for sim in icarus verilator; do
    for k in spmv mm; do
        eval "args=\$$(echo $k | tr a-z A-Z)"
        for st in 0 20; do
            # shellcheck disable=SC2154,SC2086
            expect 0 "$sim $k nodes stall $st" "$SAMGEN" verify $args --counters nodes \
                --sim $sim -q --stall $st --seed 5
            has "$sim $k nodes stall $st: every word checked" "$WORK/out" "counters: "
            grep -Eq "counters: ([0-9]+) of \1 words checked" "$WORK/out" &&
                ok "$sim $k nodes stall $st: all words" || bad "$sim $k nodes: not all words"
            # shellcheck disable=SC2086
            expect 0 "$sim $k edges stall $st" "$SAMGEN" verify $args --counters edges \
                --sim $sim -q --stall $st --seed 5 --keep "$WORK/$sim-$k-e$st"
            has "$sim $k edges stall $st: token words checked" "$WORK/out" \
                "(the backpressure words have no trace counterpart)"
        done
        # odd words: backpressure cycles; under 20 % stalls some edge waits
        blk=$(sed -n 's/^M 255 [0-9]* //p' "$WORK/$sim-$k-e20/sim.out" |
              tr ' ' '\n' | awk 'NR % 2 == 0 && $1 != "0" { n++ } END { print n + 0 }')
        [ "$blk" -gt 0 ] && ok "$sim $k: $blk edges saw backpressure under stalls" ||
            bad "$sim $k: no backpressure counted under stalls"
    done
done

# ---- mutants: verify must notice ------------------------------------------------
# shellcheck disable=SC2086
"$SAMGEN" gen $MM --counters nodes -o "$WORK/mmn" >/dev/null 2>&1 || bad "gen matmul_ikj nodes"
# shellcheck disable=SC2086
"$SAMGEN" gen $MM --counters edges -o "$WORK/mme" >/dev/null 2>&1 || bad "gen matmul_ikj edges"
N=$WORK/mmn/matmul_ikj_top.v
E=$WORK/mme/matmul_ikj_top.v
# mutant NAME TOP SED WANT: the top edited by SED fails verify with WANT
mutant() {
    sed "$3" "$2" >"$WORK/mut_$1.v"
    if cmp -s "$2" "$WORK/mut_$1.v"; then bad "mutant $1: the edit changed nothing"; return; fi
    # shellcheck disable=SC2086
    expect 1 "mutant $1 fails" "$SAMGEN" verify $MM --counters "$5" --sim icarus -q \
        --top "$WORK/mut_$1.v"
    has "mutant $1: message" "$WORK/out" "$4"
}
# busy misses the first cycle of node 0's moves
mutant busy "$N" '0,/_pbusy_q <= \(.*\)_pbusy_q + 32.d1;/s//_pbusy_q <= \1_pbusy_q;/' \
    "counters: node" nodes
# stall one off (every node that moved)
mutant stall "$N" "s/_plast_q - \(.*\)_pfirst_q + 32'd1 -/_plast_q - \1_pfirst_q -/" \
    "counters: node" nodes
# edge 3 counts a token twice
mutant edge "$E" "s/e3_pmv_q <= e3_pmv_q + 32'd1;/e3_pmv_q <= e3_pmv_q + 32'd2;/" \
    "counters: edge 3" edges

# ---- --no-trace ---------------------------------------------------------------
# shellcheck disable=SC2086
expect 0 "verify --no-trace with counters" "$SAMGEN" verify $SPMV --counters nodes -q --no-trace
has "--no-trace: not checked" "$WORK/out" "counters: 26 words read back, not checked (--no-trace)"

[ $fail -eq 0 ] && echo "perf-cli-test: all passed"
exit $fail
