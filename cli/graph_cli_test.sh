#!/bin/sh
# graph_cli_test.sh - command-line tests of samgen check and samgen dot (and
# of samgen golden's option checks on the same graph).
#
#   sh cli/graph_cli_test.sh SAMGEN WORKDIR           shipped/broken graphs
#   sh cli/graph_cli_test.sh SAMGEN WORKDIR shared    every $SHARED graph
set -u
SAMGEN=$1
WORK=$2
MODE=${3:-quick}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
SEED=$ROOT/bench/fuzz/corpus/fuzz_graph/vec_elemmul.gv
mkdir -p "$WORK"
fail=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fail=1; }

# expect CODE DESCRIPTION CMD...: run, compare exit code
expect() {
    want=$1; what=$2; shift 2
    "$@" >"$WORK/out" 2>"$WORK/err"
    got=$?
    if [ "$got" -eq "$want" ]; then ok "$what"; else
        bad "$what (exit $got, wanted $want)"; sed 's/^/     /' "$WORK/err" | head -5; fi
}

if [ "$MODE" = shared ]; then
    if [ ! -d "${SHARED:-}/graphs" ]; then
        echo "graph-shared: \$SHARED/graphs not found, skipped"; exit 0
    fi
    n=0
    for g in "$SHARED"/graphs/custard/*.gv; do
        "$SAMGEN" check "$g" >/dev/null 2>"$WORK/err" || { bad "check $g"; cat "$WORK/err"; }
        n=$((n + 1))
    done
    for g in "$SHARED"/graphs/onyx/*.gv "$SHARED"/graphs/opal/*.gv; do
        "$SAMGEN" check "$g" >/dev/null 2>&1
        rc=$?
        [ $rc -le 1 ] || bad "onyx/opal graph unreadable or crashed ($rc): $g"
        n=$((n + 1))
    done
    [ $fail -eq 0 ] && echo "graph-shared: $n graphs ok"
    exit $fail
fi

expect 0 "check a valid graph" "$SAMGEN" check "$SEED"
grep -q "index order: i" "$WORK/out" && ok "summary names the index order" || bad "summary"
grep -q "x=s0 (output)" "$WORK/out" && ok "summary lists tensors" || bad "tensors"
expect 0 "check --json" "$SAMGEN" check --json "$SEED"
grep -q '"ok": true' "$WORK/out" && ok "json says ok" || bad "json"

sed 's/type="mul"/type="frob"/' "$SEED" >"$WORK/unknown.gv"
expect 1 "unknown kind fails the check" "$SAMGEN" check "$WORK/unknown.gv"
grep -q "unknown.gv:9: node 6: unknown node type 'frob'" "$WORK/err" && ok "message FILE:LINE" || bad "message: $(cat "$WORK/err")"

sed 's/^    1 -> 3 \[label="crd_in-b".*$/    1 -> 3 [label="crd_in-b"/' "$SEED" >"$WORK/broken.gv"
expect 2 "syntax error is exit 2" "$SAMGEN" check "$WORK/broken.gv"
grep -q "broken.gv:[0-9]*: DOT syntax error" "$WORK/err" && ok "syntax error located" || bad "syntax: $(cat "$WORK/err")"
expect 2 "missing file is exit 2" "$SAMGEN" check "$WORK/nonexistent.gv"
expect 0 "kinds lists the node kinds" "$SAMGEN" kinds
grep -q "^spaccumulator  *in: outer:c inner:c val:v" "$WORK/out" && ok "kinds: spacc ports" || bad "kinds: $(head -3 "$WORK/out")"
expect 0 "kinds --markdown" "$SAMGEN" kinds --markdown
grep -q '^| `crddrop` | `in_outer`, `in_inner` or `in_val` (values)' "$WORK/out" && ok "kinds --markdown row" || bad "kinds --markdown"
expect 2 "kinds with an unknown option is exit 2" "$SAMGEN" kinds --frob
expect 2 "unknown option is exit 2" "$SAMGEN" check --frob "$SEED"

expect 0 "dot -o .gv" "$SAMGEN" dot "$SEED" -o "$WORK/styled.gv"
grep -q 'fillcolor="#e15759"' "$WORK/styled.gv" && ok "styled joiner colour" || bad "styled text"
if command -v dot >/dev/null 2>&1; then
    rm -f "$WORK/g.svg"
    expect 0 "dot -o .svg" "$SAMGEN" dot "$SEED" -o "$WORK/g.svg"
    grep -q "<svg" "$WORK/g.svg" && ok "svg written" || bad "svg"
fi
rm -f "$WORK/none.png"
expect 2 "dot on a broken graph" "$SAMGEN" dot "$WORK/broken.gv" -o "$WORK/none.png"
[ ! -e "$WORK/none.png" ] && ok "no partial output" || bad "partial output left"
expect 2 "dot bad extension" "$SAMGEN" dot "$SEED" -o "$WORK/x.jpgx"

# samgen golden on the same graph: a skip CAM size the RTL cannot build
for t in 3 2048; do
    rm -rf "$WORK/gold"
    expect 2 "golden --skip $t is a usage error" "$SAMGEN" golden "$SEED" --skip "$t" -o "$WORK/gold"
    grep -q "power of two up to 1024, got '$t'" "$WORK/err" && ok "golden --skip $t message" ||
        bad "golden --skip $t message: $(cat "$WORK/err")"
    [ ! -e "$WORK/gold" ] && ok "golden --skip $t: no output" || bad "golden --skip $t left output"
done

# numeric options of golden, gen and verify: one integer parser, exit 2, a
# first line naming the option, and no output
numopt() {  # DESCRIPTION EXPECTED-FIRST-LINE OUTPUT CMD...
    n_d=$1; n_want=$2; n_out=$3; shift 3
    rm -rf "$n_out"
    expect 2 "$n_d" "$@"
    [ "$(head -n 1 "$WORK/err")" = "$n_want" ] && ok "$n_d: message" ||
        bad "$n_d: message: $(head -n 1 "$WORK/err")"
    [ ! -e "$n_out" ] && ok "$n_d: no output" || bad "$n_d: left output"
}
G=$WORK/gold
numopt "golden --fifo-depth 0" "samgen golden: --fifo-depth: 0 is out of range 1..4096" "$G" \
    "$SAMGEN" golden "$SEED" --cycles --fifo-depth 0 -o "$G"
numopt "golden --fifo-depth 4097" "samgen golden: --fifo-depth: 4097 is out of range 1..4096" "$G" \
    "$SAMGEN" golden "$SEED" --cycles --fifo-depth 4097 -o "$G"
numopt "golden --width overflow" \
    "samgen golden: --width: 99999999999999999999 is out of range 1..64" "$G" \
    "$SAMGEN" golden "$SEED" --width 99999999999999999999 -o "$G"
numopt "golden --max-cycles junk" \
    "samgen golden: --max-cycles: expected an integer in 1..9223372036854775807, got '10k'" "$G" \
    "$SAMGEN" golden "$SEED" --cycles --max-cycles 10k -o "$G"
numopt "golden -t scalar overflow" \
    "samgen golden: -t b: 99999999999999999999 is out of range -9223372036854775808..9223372036854775807" \
    "$G" "$SAMGEN" golden "$SEED" -t b=99999999999999999999 -o "$G"
expect 0 "golden --fifo-depth 1" "$SAMGEN" golden "$SEED" --cycles --fifo-depth 1 -o "$G" \
    -t b="$ROOT/examples/vec_elemmul_b.tns" -t c="$ROOT/examples/vec_elemmul_c.tns"
G=$WORK/genout
numopt "gen --fifo-depth 0" "samgen: --fifo-depth: 0 is out of range 1..4096" "$G" \
    "$SAMGEN" gen "$SEED" --fifo-depth 0 -o "$G"
numopt "gen --width-crd overflow" \
    "samgen: --width-crd: 99999999999999999999 is out of range 4..32" "$G" \
    "$SAMGEN" gen "$SEED" --width-crd 99999999999999999999 -o "$G"
numopt "gen --max-nnz junk" "samgen: --max-nnz: expected an integer in 1..1073741824, got '1e6'" \
    "$G" "$SAMGEN" gen "$SEED" --max-nnz 1e6 -o "$G"
numopt "gen -t scalar overflow" \
    "-t b: 99999999999999999999 is out of range -9223372036854775808..9223372036854775807" "$G" \
    "$SAMGEN" gen "$SEED" -t b=99999999999999999999 -o "$G"
expect 0 "gen --fifo-depth 1" "$SAMGEN" gen "$SEED" --fifo-depth 1 -o "$G"
G=$WORK/verify
numopt "verify --fifo-depth 0" "samgen: --fifo-depth: 0 is out of range 1..4096" "$G" \
    "$SAMGEN" verify "$SEED" --fifo-depth 0 --keep "$G"
numopt "verify --stall 91" "samgen verify: --stall: 91 is out of range 0..90" "$G" \
    "$SAMGEN" verify "$SEED" --stall 91 --keep "$G"
numopt "verify --seed overflow" \
    "samgen verify: --seed: 2147483648 is out of range -2147483648..2147483647" "$G" \
    "$SAMGEN" verify "$SEED" --seed 2147483648 --keep "$G"
numopt "verify --watchdog 0" "samgen verify: --watchdog: 0 is out of range 1..2147483647" "$G" \
    "$SAMGEN" verify "$SEED" --watchdog 0 --keep "$G"
numopt "verify --max-cycles junk" \
    "samgen verify: --max-cycles: expected an integer in 1..9223372036854775807, got 'many'" "$G" \
    "$SAMGEN" verify "$SEED" --max-cycles many --keep "$G"

[ $fail -eq 0 ] && echo "graph-cli-test: passed" || echo "graph-cli-test: FAILED"
exit $fail
