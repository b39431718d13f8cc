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

# One DOT token (quoted string, comment, ...) holds at most 65536 bytes:
# longer ones are refused at once, naming their line, and nothing is written.
# long_gv N KIND: the seed with N bytes of x in a note="..." (q) or a /* */
# comment (c) on node 6's line (line 9).
long_gv() {
    awk -v n="$1" -v k="$2" 'BEGIN { s = "x"; while (length(s) < n) s = s s; s = substr(s, 1, n) }
        /type="mul"/ && !done && !/^ *#/ { sub(/type="mul"/, k == "q" ? "type=\"mul\" note=\"" s "\"" : "type=\"mul\" /*" s "*/"); done = 1 }
        { print }' "$SEED"
}
long_gv 65536 q >"$WORK/at_limit.gv"
expect 0 "a 64 KiB quoted string is read" "$SAMGEN" check "$WORK/at_limit.gv"
long_gv 65537 q >"$WORK/over_limit.gv"
expect 2 "a quoted string over 64 KiB is refused" "$SAMGEN" check "$WORK/over_limit.gv"
grep -q "^[^ ]*over_limit.gv:9: quoted string longer than 65536 bytes (the limit for one DOT token)$" "$WORK/err" &&
    ok "long string message names file and line" || bad "long string message: $(head -c 300 "$WORK/err")"
long_gv 8388608 q >"$WORK/long8m.gv"
rm -f "$WORK/long8m.svg"
expect 2 "an 8 MB attribute line is refused" "$SAMGEN" dot "$WORK/long8m.gv" -o "$WORK/long8m.svg"
grep -q "long8m.gv:9: quoted string longer than 65536 bytes" "$WORK/err" && ok "8 MB line message" ||
    bad "8 MB line message: $(head -c 300 "$WORK/err")"
[ ! -e "$WORK/long8m.svg" ] && ok "8 MB line: no output" || bad "8 MB line left output"
long_gv 8388608 c >"$WORK/longc.gv"
expect 2 "an 8 MB comment line is refused" "$SAMGEN" check "$WORK/longc.gv"
grep -q "longc.gv:9: comment line longer than 65536 bytes" "$WORK/err" && ok "8 MB comment message" ||
    bad "8 MB comment message: $(head -c 300 "$WORK/err")"

# A link to /dev/zero is refused at its first chunk, not read to the size limit.
rm -f "$WORK/zero.gv"; ln -s /dev/zero "$WORK/zero.gv"
expect 2 "/dev/zero as a graph is refused" "$SAMGEN" check "$WORK/zero.gv"
grep -q "zero.gv:1: NUL byte in the file" "$WORK/err" && ok "/dev/zero message" ||
    bad "/dev/zero message: $(head -c 300 "$WORK/err")"

# A graph file holds at most 64 MiB (cgraph needs about twenty times that).
# pad_gv N: the seed padded with comment lines to exactly N bytes.
pad_gv() {
    head -n -1 "$SEED" >"$WORK/pad.gv"
    h=$(wc -c <"$WORK/pad.gv")
    yes '// padding padding padding padding padding padding padding' | head -c $(($1 - h - 2)) >>"$WORK/pad.gv"
    printf '\n}' >>"$WORK/pad.gv"
}
pad_gv 67108864
expect 0 "a 64 MiB graph file is read" "$SAMGEN" check "$WORK/pad.gv"
pad_gv 67108865
expect 2 "a graph file over 64 MiB is refused" "$SAMGEN" check "$WORK/pad.gv"
grep -q "pad.gv: file too large for a graph (more than 67108864 bytes)$" "$WORK/err" &&
    ok "file size message" || bad "file size message: $(cat "$WORK/err")"
rm -f "$WORK/pad.gv"

# Bounded memory (the release binary under a 1 GB address-space limit):
# an accumulator's memory follows its distinct coordinates, not their
# values, and a dense level that does not fit is an error, not an abort.
if (ulimit -v 1000000) 2>/dev/null; then
    printf '# shape 2 2\n1 1 1\n2 2 2\n' >"$WORK/bigB.tns"
    printf '# shape 2 20000000000\n1 20000000000 3\n2 5 4\n' >"$WORK/bigC.tns"
    rm -rf "$WORK/bigX"
    expect 0 "golden: spacc with a coordinate of 2e10 in 1 GB" \
        sh -c 'ulimit -v 1000000; exec "$@"' sh "$SAMGEN" golden "$ROOT/examples/matmul_ikj.gv" \
        -t B="$WORK/bigB.tns" -t C="$WORK/bigC.tns" -o "$WORK/bigX" --cycles
    printf '# shape 2 20000000000\n1 20000000000 3\n2 5 8\n' >"$WORK/bigX.want"
    cmp -s "$WORK/bigX/X.tns" "$WORK/bigX.want" && ok "golden: 2e10 result" ||
        bad "golden: 2e10 result: $(cat "$WORK/bigX/X.tns" 2>&1)"
    printf '# shape 10000 10000\n1 1 1\n10000 10000 2\n' >"$WORK/dd.tns"
    rm -rf "$WORK/dd.out"
    expect 2 "a dense level past memory is refused" \
        sh -c 'ulimit -v 1000000; exec "$@"' sh "$SAMGEN" tensor convert "$WORK/dd.tns" "$WORK/dd.out" --format dd01
    grep -q "^dense level over mode 1: 100000000 positions do not fit in memory$" "$WORK/err" &&
        ok "dense level message" || bad "dense level message: $(cat "$WORK/err")"
    [ ! -e "$WORK/dd.out" ] && ok "dense level: no output" || bad "dense level left output"
else
    echo "SKIP: ulimit -v not available: bounded-memory cases not run"
fi

[ $fail -eq 0 ] && echo "graph-cli-test: passed" || echo "graph-cli-test: FAILED"
exit $fail
