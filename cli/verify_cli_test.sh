#!/bin/sh
# verify_cli_test.sh - command-line tests of samgen verify's reports
# (docs/verification.md, "Reports"): -o DIR's report.json and junit.xml on
# a passing run and on a run of deliberately broken RTL, --trace, and
# --max-mismatches; the options' usage errors; the JUnit checker itself;
# `samgen dot --report` drawing those reports, and its refusal of broken
# ones.  Everything runs on examples/spmv.gv with Icarus.
#
#   sh cli/verify_cli_test.sh SAMGEN WORKDIR
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/cli/test_lib.sh"
begin "$1" "$2"
CHECK="sh $ROOT/scripts/junit_check.sh"
# has DESCRIPTION FILE TEXT: FILE holds the line fragment TEXT
has() {
    grep -qF -- "$3" "$2" && ok "$1" || bad "$1: '$3' not in $2"
}
# count DESCRIPTION FILE TEXT N: TEXT occurs on exactly N lines of FILE
count() {
    n=$(grep -cF -- "$3" "$2")
    [ "$n" -eq "$4" ] && ok "$1" || bad "$1: '$3' on $n lines of $2, wanted $4"
}
# absent DESCRIPTION PATH: nothing was written there
absent() {
    [ ! -e "$2" ] && ok "$1" || bad "$1: $2 exists"
}

if ! command -v iverilog >/dev/null 2>&1 || ! command -v xmllint >/dev/null 2>&1; then
    echo "verify-cli-test: needs iverilog and xmllint (make deps)"; exit 1
fi

G=$EX/spmv.gv
T="-t B=$EX/spmv_B.tns -t c=$EX/spmv_c.tns"

# ---- the options ----------------------------------------------------------
# shellcheck disable=SC2086
expect 2 "--trace without -o refused" "$SAMGEN" verify "$G" $T --sim icarus --trace
has "--trace without -o: message" "$WORK/err" \
    "samgen verify: --trace needs -o DIR (the traces go to DIR/trace/)"
# shellcheck disable=SC2086
expect 2 "--trace with --no-trace refused" \
    "$SAMGEN" verify "$G" $T --sim icarus --no-trace --trace -o "$WORK/u1"
has "--trace with --no-trace: message" "$WORK/err" \
    "samgen verify: --trace and --no-trace exclude each other"
absent "--trace with --no-trace: nothing written" "$WORK/u1"
# shellcheck disable=SC2086
expect 2 "--max-mismatches 0 refused" \
    "$SAMGEN" verify "$G" $T --sim icarus --max-mismatches 0 -o "$WORK/u2"
has "--max-mismatches 0: message" "$WORK/err" \
    "samgen verify: --max-mismatches: 0 is out of range 1..2147483647"
absent "--max-mismatches 0: nothing written" "$WORK/u2"
# shellcheck disable=SC2086
expect 2 "-o twice refused" "$SAMGEN" verify "$G" $T --sim icarus -o "$WORK/u3" -o "$WORK/u4"
has "-o twice: message" "$WORK/err" "samgen verify: -o given twice"
echo plain >"$WORK/plain"
# shellcheck disable=SC2086
expect 2 "-o under a plain file refused before the run" \
    "$SAMGEN" verify "$G" $T --sim icarus -o "$WORK/plain/rep"
has "-o under a plain file: message" "$WORK/err" "samgen verify: cannot write $WORK/plain"
mkdir -p "$WORK/in" && cp "$G" "$WORK/in/report.json"
# shellcheck disable=SC2086
expect 2 "-o DIR over the input graph DIR/report.json refused" \
    "$SAMGEN" verify "$WORK/in/report.json" $T --sim icarus -o "$WORK/in"
has "-o over the input: message" "$WORK/err" \
    "samgen verify: -o $WORK/in/report.json would overwrite the input $WORK/in/report.json"
cmp -s "$G" "$WORK/in/report.json" && ok "-o over the input: graph untouched" ||
    bad "-o over the input: graph changed"

# ---- a passing run ----------------------------------------------------------
P=$WORK/pass
# shellcheck disable=SC2086
expect 0 "passing run with -o --trace" \
    "$SAMGEN" verify "$G" $T --sim icarus --keep "$WORK/keep-pass" -o "$P" --trace
has "pass: PASS line" "$WORK/out" "PASS spmv: 19 streams, 347 tokens"
J=$P/report.json
has "pass: kernel" "$J" '"kernel": "spmv",'
has "pass: value type" "$J" '"value_type": "int32",'
has "pass: crd width" "$J" '"width_crd": 16,'
has "pass: val width" "$J" '"width_val": 32,'
has "pass: fifo depth" "$J" '"fifo_depth": 4,'
has "pass: skip" "$J" '"skip": 0,'
has "pass: simulator" "$J" '"simulator": "icarus",'
has "pass: stall" "$J" '"stall": 0,'
has "pass: seed" "$J" '"seed": 1,'
has "pass: result" "$J" '"result": "pass",'
has "pass: pass" "$J" '"pass": true,'
has "pass: golden cycles" "$J" '"cycles": 70,'
has "pass: rtl cycles" "$J" '"cycles_rtl": 76,'
has "pass: streams" "$J" '"streams": 19,'
has "pass: no mismatches" "$J" '"mismatches": 0,'
for k in build_s run_s cpu_s cycles_per_s; do
    grep -qE "^  \"$k\": [0-9.]+,$" "$J" && ok "pass: $k" || bad "pass: $k missing in $J"
done
count "pass: 16 edges and 1 output, all pass" "$J" '"status": "pass", "mismatch": null}' 17
has "pass: an edge with both token counts" "$J" \
    '{"name": "3_out_crd__5_in_crd0", "src": 3, "dst": 5, "type": "crd", "fifo_depth": 4, "tokens": 28, "tokens_rtl": 28, "status": "pass", "mismatch": null}'
has "pass: output x" "$J" '{"name": "x", "nnz": 8, "status": "pass", "mismatch": null}'
$CHECK "$P/junit.xml" >"$WORK/chk" 2>&1 && ok "pass: junit.xml valid" ||
    bad "pass: junit.xml: $(cat "$WORK/chk")"
has "pass: junit suite" "$P/junit.xml" \
    '<testsuite name="spmv" tests="17" failures="0" errors="0" skipped="0"'
count "pass: one test case per edge" "$P/junit.xml" 'classname="spmv.edge" time="0"/>' 16
count "pass: one test case per output" "$P/junit.xml" \
    '<testcase name="x" classname="spmv.output" time="0"/>' 1
count "pass: no failure" "$P/junit.xml" '<failure' 0
# the traces: golden ones as golden --trace writes them, RTL ones equal
"$SAMGEN" golden "$G" $T -o "$WORK/golden" --trace "$WORK/gtrace" >/dev/null 2>&1
n=$(ls "$P/trace/golden" | wc -l)
[ "$n" -eq 16 ] && ok "pass: 16 golden traces" || bad "pass: $n golden traces"
diff -r "$WORK/gtrace" "$P/trace/golden" >/dev/null && ok "pass: golden traces as golden --trace" ||
    bad "pass: golden traces differ from golden --trace"
diff -r "$P/trace/golden" "$P/trace/rtl" >/dev/null && ok "pass: RTL traces equal golden" ||
    bad "pass: RTL traces differ from golden"
has "pass: an RTL trace line" "$P/trace/rtl/3_out_crd__5_in_crd0.txt" \
    "3_out_crd__5_in_crd0: 0 4 6 S0 2 5 7 S0 3 6 S0 1 4 7 S0 7 S0 1 4 6 S0 3 6 7 S0 1 S1 D"
if ls -R "$P" | grep -q '\.tmp'; then bad "pass: temporary files left"; else ok "pass: no temporary files"; fi
# without -o nothing is written and the output is unchanged
# shellcheck disable=SC2086
expect 0 "passing run without -o" "$SAMGEN" verify "$G" $T --sim icarus --keep "$WORK/keep-plain"
absent "without -o: no report in the work directory" "$WORK/keep-plain/report.json"

# with --skip 4 the skipping scanners' four streams are not compared
K=$WORK/skip
# shellcheck disable=SC2086
expect 0 "passing run with --skip 4 and -o" \
    "$SAMGEN" verify "$G" $T --sim icarus --skip 4 --keep "$WORK/keep-skip" -o "$K"
has "skip: skip" "$K/report.json" '"skip": 4,'
count "skip: 4 edges not compared" "$K/report.json" '"status": "not compared", "mismatch": null}' 4
$CHECK "$K/junit.xml" >"$WORK/chk" 2>&1 && ok "skip: junit.xml valid" ||
    bad "skip: junit.xml: $(cat "$WORK/chk")"
has "skip: suite counts" "$K/junit.xml" \
    '<testsuite name="spmv" tests="17" failures="0" errors="0" skipped="4"'
count "skip: 4 skipped test cases" "$K/junit.xml" \
    "<skipped message=\"a skipping scanner&apos;s stream (not compared)\"/>" 4

# ---- a broken stream contract: a fork that withdraws a token it offered ------
R=$WORK/rtl_proto
mkdir -p "$R" && cp "$ROOT"/rtl/*.v "$ROOT"/rtl/*.vh "$R/"
sed -i 's/taken_q <= in_ready_o ? {NumOutputs{1.b0}} : done_now;/taken_q <= in_ready_o ? {NumOutputs{1'"'"'b0}} : ~done_now;/' \
    "$R/sam_broadcast.v"
if cmp -s "$ROOT/rtl/sam_broadcast.v" "$R/sam_broadcast.v"; then
    bad "protocol mutation: edit did not apply"
fi
# shellcheck disable=SC2086
expect 1 "a fork that drops valid under stalls" \
    "$SAMGEN" verify "$G" $T --sim icarus --stall 30 --rtl-dir "$R" -o "$WORK/proto"
has "protocol: FAIL line names the edge, cycle and what" "$WORK/out" \
    "FAIL spmv: stream contract broken on e14: broadcast 12 -> fiberwrite 10 (i, x mode 0) at cycle 8: valid dropped (a token offered and not taken must stay offered, unchanged)"
has "protocol: result in report.json" "$WORK/proto/report.json" '"result": "protocol",'
$CHECK "$WORK/proto/junit.xml" >"$WORK/chk" 2>&1 && ok "protocol: junit.xml valid" ||
    bad "protocol: junit.xml: $(cat "$WORK/chk")"
# the unbroken library under the same stalls keeps the contract on every edge
# shellcheck disable=SC2086
expect 0 "the library keeps the stream contract under 30% stalls" \
    "$SAMGEN" verify "$G" $T --sim icarus --stall 30

# ---- a failing run: the stop-level mutation of mutation_test.sh --------------
R=$WORK/rtl_stop
mkdir -p "$R" && cp "$ROOT"/rtl/*.v "$ROOT"/rtl/*.vh "$R/"
sed -i 's/head_val + One}/head_val}/' "$R/sam_scan_compressed.v"
if cmp -s "$ROOT/rtl/sam_scan_compressed.v" "$R/sam_scan_compressed.v"; then
    bad "mutation: edit did not apply"
fi
F=$WORK/fail
# shellcheck disable=SC2086
expect 1 "failing run with -o --max-mismatches 3" \
    "$SAMGEN" verify "$G" $T --sim icarus --rtl-dir "$R" --keep "$WORK/keep-fail" -o "$F" \
    --max-mismatches 3
has "fail: FAIL line" "$WORK/out" "FAIL spmv: golden 70 cycles, RTL 75 cycles"
count "fail: 3 mismatches listed" "$WORK/out" "MISMATCH on stream" 3
has "fail: first mismatch first" "$WORK/out" \
    "MISMATCH on stream 3_out_crd__5_in_crd0"
has "fail: its token line" "$WORK/out" "  token 26 (cycle 60): expected S1, actual S0"
J=$F/report.json
has "fail: result" "$J" '"result": "fail",'
has "fail: pass false" "$J" '"pass": false,'
has "fail: 10 differing streams" "$J" '"mismatches": 10,'
count "fail: 10 failing edges" "$J" '"status": "fail", "mismatch": {' 10
has "fail: the first mismatch of an edge" "$J" \
    '"status": "fail", "mismatch": {"stream": "3_out_crd__5_in_crd0", "index": 26, "cycle": 60, "golden": "S1", "rtl": "S0", "report": "MISMATCH on stream 3_out_crd__5_in_crd0\n  edge:     e5: fiberlookup 3 (j, B mode 1) .out_crd -> intersect 5 (j) .in_crd0 (DOT line 21)\n  token 26 (cycle 60): expected S1, actual S0\n'
$CHECK "$F/junit.xml" >"$WORK/chk" 2>&1 && ok "fail: junit.xml valid" ||
    bad "fail: junit.xml: $(cat "$WORK/chk")"
has "fail: junit suite counts" "$F/junit.xml" \
    '<testsuite name="spmv" tests="17" failures="10" errors="0" skipped="0"'
count "fail: 10 failures" "$F/junit.xml" '<failure message="MISMATCH on stream' 10
has "fail: failure message in the mismatch format, escaped" "$F/junit.xml" \
    '<failure message="MISMATCH on stream 3_out_crd__5_in_crd0&#10;  edge:     e5: fiberlookup 3 (j, B mode 1) .out_crd -&gt; intersect 5 (j) .in_crd0 (DOT line 21)&#10;  token 26 (cycle 60): expected S1, actual S0&#10;'
# the default lists one mismatch, as before
# shellcheck disable=SC2086
expect 1 "failing run, default --max-mismatches" \
    "$SAMGEN" verify "$G" $T --sim icarus --rtl-dir "$R" --keep "$WORK/keep-fail1"
count "fail: one mismatch by default" "$WORK/out" "MISMATCH on" 1
# more than there are: all of them
# shellcheck disable=SC2086
expect 1 "failing run, --max-mismatches 50" \
    "$SAMGEN" verify "$G" $T --sim icarus --rtl-dir "$R" --keep "$WORK/keep-fail2" \
    --max-mismatches 50
count "fail: all 10 mismatches when fewer than N" "$WORK/out" "MISMATCH on" 10

# ---- a run that does not finish: reports still written ----------------------
N=$WORK/notdone
# shellcheck disable=SC2086
expect 1 "run cut off by --max-cycles, with -o" \
    "$SAMGEN" verify "$G" $T --sim icarus --keep "$WORK/keep-nd" -o "$N" --max-cycles 20 --trace
has "not done: FAIL line" "$WORK/out" "FAIL spmv_top: not done after 20 cycles (--max-cycles)"
has "not done: result" "$N/report.json" '"result": "not done",'
has "not done: message" "$N/report.json" \
    '"message": "FAIL spmv_top: not done after 20 cycles (--max-cycles)",'
has "not done: rtl cycles" "$N/report.json" '"cycles_rtl": 20,'
$CHECK "$N/junit.xml" >"$WORK/chk" 2>&1 && ok "not done: junit.xml valid" ||
    bad "not done: junit.xml: $(cat "$WORK/chk")"
[ "$(cat "$N/trace/rtl/9_out_val__11_in_val.txt")" = "9_out_val__11_in_val:" ] &&
    ok "not done: an RTL trace without tokens" ||
    bad "not done: empty RTL trace is '$(cat "$N/trace/rtl/9_out_val__11_in_val.txt")'"
has "not done: an RTL trace as far as it got" "$N/trace/rtl/0_out_crd__12_in_data.txt" \
    "0_out_crd__12_in_data: 0 1 2 3 4 5 6 7 S0 D"
has "not done: a failing simulation test case" "$N/junit.xml" \
    '<failure message="FAIL spmv_top: not done after 20 cycles (--max-cycles)" type="not done">'

# a stuck run (a watchdog too short for the first token)
S=$WORK/stuck
# shellcheck disable=SC2086
expect 1 "stuck run with -o" \
    "$SAMGEN" verify "$G" $T --sim icarus --keep "$WORK/keep-st" -o "$S" --watchdog 1
has "stuck: STUCK line" "$WORK/out" "STUCK spmv: no token moved for the watchdog period (at cycle 2)"
has "stuck: result" "$S/report.json" '"result": "stuck",'
has "stuck: message" "$S/report.json" \
    '"message": "STUCK spmv: no token moved for the watchdog period (at cycle 2)\n  no FIFO is full\n  waiting: repsiggen 1 (i), for input e1 (0 tokens, no D)\n'
$CHECK "$S/junit.xml" >"$WORK/chk" 2>&1 && ok "stuck: junit.xml valid" ||
    bad "stuck: junit.xml: $(cat "$WORK/chk")"
has "stuck: a failing simulation test case" "$S/junit.xml" \
    '<failure message="STUCK spmv: no token moved for the watchdog period (at cycle 2)&#10;  no FIFO is full&#10;'

# ---- the runs on the graph: samgen dot --report ---------------------------
D=$WORK/dot
mkdir -p "$D"
# every node has busy/stall figures from both sides, except the writers'
# RTL ones (no output edge)
J=$P/report.json
count "report: 13 nodes" "$J" '{"id": ' 13
has "report: a scanner's busy and stall cycles" "$J" \
    '{"id": 3, "kind": "fiberlookup", "busy": 29, "stall": 41, "busy_rtl": 28, "stall_rtl": 23}'
has "report: a writer without RTL figures" "$J" \
    '{"id": 11, "kind": "fiberwrite", "busy": 10, "stall": 60, "busy_rtl": null, "stall_rtl": null}'
expect 0 "dot --report of the passing run to .gv" \
    "$SAMGEN" dot "$G" --report "$J" -o "$D/pass.gv"
has "dot pass: legend line" "$D/pass.gv" \
    'order ij\nverify: PASS  golden 70 cycles, RTL 76 cycles"];'
has "dot pass: a node's busy/stall cycles" "$D/pass.gv" \
    'n3 [label="fiberlookup 3 (j, B mode 1)\nbusy 29 stall 41\nRTL busy 28 stall 23" fillcolor="#4e79a7"'
has "dot pass: a writer with golden figures only" "$D/pass.gv" \
    'n11 [label="fiberwrite 11 (x vals)\nbusy 10 stall 60" fillcolor='
# each edge's label ends with the token count report.json gives it
sed -n 's/.*"src": \([0-9]*\), "dst": \([0-9]*\), .*"tokens": \([0-9]*\), "tokens_rtl": \([0-9]*\),.*/\1 \2 \3 \4/p' \
    "$J" >"$D/counts"
[ "$(wc -l <"$D/counts")" -eq 16 ] && ok "dot pass: 16 edge counts in report.json" ||
    bad "dot pass: $(wc -l <"$D/counts") edge counts in report.json"
labels=0
while read -r s d t r; do
    [ "$t" = "$r" ] && grep -F "  n$s -> n$d [" "$D/pass.gv" | grep -qF "\\n$t tok\"];" &&
        labels=$((labels + 1))
done <"$D/counts"
[ "$labels" -eq 16 ] && ok "dot pass: every edge labelled with its report.json count" ||
    bad "dot pass: $labels of 16 edge labels match report.json"
count "dot pass: nothing red" "$D/pass.gv" '"red"' 0
expect 0 "dot --report of the failing run to .dot" \
    "$SAMGEN" dot "$G" --report "$F/report.json" -o "$D/fail.dot"
has "dot fail: legend line" "$D/fail.dot" \
    'verify: FAIL  golden 70 cycles, RTL 75 cycles  first mismatch: 3_out_crd__5_in_crd0 token 26 (red)"];'
has "dot fail: the first mismatching edge red" "$D/fail.dot" \
    'n3 -> n5 [style=dashed color="red" fontcolor="red" penwidth=2.5 label="out_crd\nin_crd0\n28 tok\nfirst mismatch: token 26"];'
has "dot fail: its destination red" "$D/fail.dot" \
    'n5 [label="intersect 5 (j)\nbusy 56 stall 14\nRTL busy 21 stall 32" fillcolor="red" fontcolor="white" color="red" penwidth=3];'
count "dot fail: one edge and one node red" "$D/fail.dot" 'color="red"' 2
has "dot fail: both counts where they differ" "$D/fail.dot" \
    'n9 -> n11 [style=solid color="#2e7d32" label="out_val\nin_val\n10 tok golden, 9 RTL"];'
# a mismatch injected into a copy of the passing report: the earliest
# cycle is the first
sed 's/"tokens": 21, "tokens_rtl": 21, "status": "pass", "mismatch": null}/"tokens": 21, "tokens_rtl": 20, "status": "fail", "mismatch": {"stream": "x", "index": 4, "cycle": 30, "golden": "1", "rtl": "2", "report": "r"}}/' \
    "$J" >"$D/inj.json"
expect 0 "dot --report of an injected mismatch" "$SAMGEN" dot "$G" --report "$D/inj.json" -o "$D/inj.gv"
has "dot injected: the first of the failing edges red" "$D/inj.gv" \
    'n5 -> n6 [style=bold color="red" fontcolor="red" penwidth=2.5 label="out_ref0\nin_ref\n21 tok golden, 20 RTL\nfirst mismatch: token 4"];'
has "dot injected: legend" "$D/inj.gv" 'verify: PASS  golden 70 cycles, RTL 76 cycles  first mismatch: 5_out_ref0__6_in_ref token 4 (red)'
# the earliest wrong token is the first mismatch, whatever the edges' order
sed 's/"stream": "9_out_val__11_in_val", "index": 8, "cycle": 74/"stream": "9_out_val__11_in_val", "index": 8, "cycle": 3/' \
    "$F/report.json" >"$D/early.json"
expect 0 "dot --report, a later edge failing earlier" \
    "$SAMGEN" dot "$G" --report "$D/early.json" -o "$D/early.gv"
has "dot earliest: that edge red" "$D/early.gv" \
    'n9 -> n11 [style=solid color="red" fontcolor="red" penwidth=2.5 label="out_val\nin_val\n10 tok golden, 9 RTL\nfirst mismatch: token 8"];'
count "dot earliest: only it and its destination red" "$D/early.gv" 'color="red"' 2
has "dot earliest: its destination red" "$D/early.gv" 'n11 [label="fiberwrite 11 (x vals)\nbusy 10 stall 60" fillcolor="red"'
# the report's text does not break out of the DOT string
sed 's/"result": "fail"/"result": "f\\"a\\\\il"/' "$F/report.json" >"$D/quote.json"
expect 0 "dot --report, a result with a quote" "$SAMGEN" dot "$G" --report "$D/quote.json" -o "$D/quote.gv"
has "dot quote: only plain characters copied" "$D/quote.gv" 'verify: F?A?IL  golden 70 cycles'
if command -v dot >/dev/null 2>&1; then
    expect 0 "dot --report to .svg" "$SAMGEN" dot "$G" --report "$F/report.json" -o "$D/fail.svg"
    has "dot svg: the first mismatch's label" "$D/fail.svg" "first mismatch: token 26"
    has "dot svg: a red edge" "$D/fail.svg" 'stroke="red"'
    has "dot svg: the legend" "$D/fail.svg" "verify: FAIL"
fi
if ls -a "$D" | grep -q '\.tmp'; then bad "dot: temporary files left"; else ok "dot: no temporary files"; fi
# broken reports: exit 2, one line naming the report and what is wrong, no output
# bad_report DESCRIPTION REPORT OUTPUT MESSAGE
bad_report() {
    expect 2 "dot --report $1: refused" "$SAMGEN" dot "$G" --report "$2" -o "$3"
    [ "$(cat "$WORK/err")" = "$4" ] && ok "dot --report $1: message" ||
        bad "dot --report $1: message '$(cat "$WORK/err")', wanted '$4'"
    absent "dot --report $1: nothing written" "$3"
}
head -n 40 "$J" >"$D/cut.json"
bad_report "cut off" "$D/cut.json" "$D/b1.gv" \
    "$D/cut.json:41: not JSON: expected a value (the text ends early)"
head -c 300 "$J" >"$D/cut2.json"
expect 2 "dot --report cut mid-line: refused" "$SAMGEN" dot "$G" --report "$D/cut2.json" -o "$D/b1.svg"
grep -qE "^$D/cut2.json:[0-9]+: not JSON: .* \\(the text ends early\\)\$" "$WORK/err" &&
    ok "dot --report cut mid-line: message" ||
    bad "dot --report cut mid-line: message '$(cat "$WORK/err")'"
absent "dot --report cut mid-line: nothing written" "$D/b1.svg"
printf 'garbage\n' >"$D/garbage.json"
bad_report "garbage" "$D/garbage.json" "$D/b2.svg" \
    "$D/garbage.json:1: not JSON: expected a value, found 'g'"
: >"$D/empty.json"
bad_report "empty" "$D/empty.json" "$D/b3.gv" \
    "$D/empty.json:1: not JSON: expected a value (the text ends early)"
head -c 2000 /dev/urandom >"$D/random.json" 2>/dev/null || printf '\001\002' >"$D/random.json"
expect 2 "dot --report random bytes: refused" "$SAMGEN" dot "$G" --report "$D/random.json" -o "$D/b4.gv"
grep -qF "$D/random.json:" "$WORK/err" && [ "$(wc -l <"$WORK/err")" -eq 1 ] &&
    ok "dot --report random bytes: one line naming the report" ||
    bad "dot --report random bytes: '$(cat "$WORK/err")'"
absent "dot --report random bytes: nothing written" "$D/b4.gv"
sed 's/"tokens": 28, "tokens_rtl": 28/"tokens_rtl": 28/' "$J" >"$D/nofield.json"
bad_report "missing tokens" "$D/nofield.json" "$D/b5.gv" \
    "$D/nofield.json: edges[5]: missing field \"tokens\""
sed 's/"tokens": 28,/"tokens": -3,/' "$J" >"$D/neg.json"
bad_report "negative count" "$D/neg.json" "$D/b6.gv" \
    "$D/neg.json: edges[5]: field \"tokens\" is not a count (an integer >= 0)"
sed 's/3_out_crd__5_in_crd0/3_out_crd__5_in_crdX/' "$J" >"$D/edge.json"
bad_report "unknown edge" "$D/edge.json" "$D/b7.svg" \
    "$D/edge.json: edge '3_out_crd__5_in_crdX' is not an edge of the graph $G"
grep -v '"name": "3_out_crd__5_in_crd0"' "$J" >"$D/lost.json"
bad_report "edge of the graph missing" "$D/lost.json" "$D/b8.gv" \
    "$D/lost.json: the graph's edge '3_out_crd__5_in_crd0' is not in the report"
sed 's/"id": 5,/"id": 55,/' "$J" >"$D/node.json"
bad_report "unknown node" "$D/node.json" "$D/b9.gv" \
    "$D/node.json: node 55 is not a node of the graph $G"
sed '/^  "nodes": \[/,/^  \],$/d' "$J" >"$D/old.json"
bad_report "report without nodes" "$D/old.json" "$D/b10.gv" \
    "$D/old.json: missing field \"nodes\""
printf '[]\n' >"$D/array.json"
bad_report "not an object" "$D/array.json" "$D/b11.gv" \
    "$D/array.json: not a verify report (no JSON object)"
bad_report "missing file" "$D/none.json" "$D/b12.gv" \
    "$D/none.json: cannot open: No such file or directory"
expect 2 "dot --report with --annotate refused" \
    "$SAMGEN" dot "$G" --report "$J" --annotate "$J" -o "$D/b13.svg"
has "dot --report with --annotate: message" "$WORK/err" \
    "samgen dot: --annotate and --report exclude each other"
absent "dot --report with --annotate: nothing written" "$D/b13.svg"
expect 2 "dot --report twice refused" "$SAMGEN" dot "$G" --report "$J" --report "$J" -o "$D/b14.gv"
has "dot --report twice: message" "$WORK/err" "samgen dot: --report given twice"
absent "dot --report twice: nothing written" "$D/b14.gv"
# --annotate reads its report with the same JSON reader
printf '{"edges" {"src" "dst" "tokens"}' >"$D/ann_bad.json"
bad_report_ann() {
    expect 2 "dot --annotate $1: refused" "$SAMGEN" dot "$G" --annotate "$2" -o "$3"
    [ "$(cat "$WORK/err")" = "$4" ] && ok "dot --annotate $1: message" ||
        bad "dot --annotate $1: message '$(cat "$WORK/err")', wanted '$4'"
    absent "dot --annotate $1: nothing written" "$3"
}
bad_report_ann "not JSON" "$D/ann_bad.json" "$D/b15.svg" \
    "$D/ann_bad.json:1: not JSON: expected ':' after a member name, found '{'"
printf '{"edges": 3}\n' >"$D/ann_noarr.json"
bad_report_ann "no edges array" "$D/ann_noarr.json" "$D/b16.svg" \
    "$D/ann_noarr.json: no \"edges\" array in the report"
printf '{"edges": [{"src": 90, "dst": 91, "tokens": 1}]}\n' >"$D/ann_none.json"
bad_report_ann "no edge of the graph" "$D/ann_none.json" "$D/b17.svg" \
    "$D/ann_none.json: no edge of the graph in the report"
if command -v dot >/dev/null 2>&1; then
    expect 0 "dot --annotate with a verify report" "$SAMGEN" dot "$G" --annotate "$J" -o "$D/ann.svg"
    has "dot --annotate: token counts drawn" "$D/ann.svg" "49 tok"
fi
if ls -a "$D" | grep -q '\.tmp'; then bad "dot: temporary files left"; else ok "dot: no temporary files after errors"; fi
# ---- waveforms: format, window, scope -----------------------------------------
# An FST file (by its extension) is an FST: its header block starts with
# the block type 0 and the block length 329 (8 bytes, big-endian).
# shellcheck disable=SC2086
expect 0 "--waves F.fst passes" "$SAMGEN" verify "$G" $T --sim icarus -q --waves "$WORK/w.fst"
magic=$(head -c 9 "$WORK/w.fst" 2>/dev/null | od -An -tx1 | tr -d ' \n')
[ "$magic" = "000000000000000149" ] && ok "--waves F.fst: FST header" ||
    bad "--waves F.fst: not an FST file (starts with '$magic')"
# shellcheck disable=SC2086
expect 0 "--waves F.vcd passes" "$SAMGEN" verify "$G" $T --sim icarus -q --waves "$WORK/w.vcd"
grep -q '^\$enddefinitions' "$WORK/w.vcd" && ok "--waves F.vcd: a VCD" || bad "--waves F.vcd: not a VCD"
# A window of cycles 10..20 holds the two clock edges of those 11 cycles
# and the $dumpoff mark, nothing before or after (the bench's clock period
# is 2 ns, VCD times are ps).
# shellcheck disable=SC2086
expect 0 "--waves-from/--waves-to pass" \
    "$SAMGEN" verify "$G" $T --sim icarus -q --waves "$WORK/win.vcd" --waves-from 10 --waves-to 20
grep '^#' "$WORK/win.vcd" | tr -d '#' >"$WORK/win.times"
grep '^#' "$WORK/w.vcd" | tr -d '#' >"$WORK/all.times"
first=$(head -n 1 "$WORK/win.times"); last=$(tail -n 1 "$WORK/win.times")
nwin=$(wc -l <"$WORK/win.times"); nall=$(wc -l <"$WORK/all.times")
[ "$nwin" -eq 23 ] && ok "window: 23 time stamps" || bad "window: $nwin time stamps, wanted 23"
[ $((last - first)) -eq 22000 ] && ok "window: spans 11 cycles" ||
    bad "window: spans $first..$last, wanted 11 cycles (22000 ps)"
[ "$(head -n 1 "$WORK/all.times")" -lt "$first" ] && [ "$(tail -n 1 "$WORK/all.times")" -gt "$last" ] &&
    [ "$nall" -gt "$nwin" ] && ok "window: the whole run is longer" ||
    bad "window: the full waveform is not longer ($nall stamps)"
awk -v f="$first" -v l="$last" '$1 < f || $1 > l { bad = 1 } END { exit bad }' "$WORK/win.times" &&
    ok "window: no time outside it" || bad "window: time stamps outside $first..$last"
# Only the matched instances of the top (with what is inside them).
# shellcheck disable=SC2086
expect 0 "--waves-scope passes" \
    "$SAMGEN" verify "$G" $T --sim icarus -q --waves "$WORK/sc.vcd" --waves-scope 'top.n*_fiberlookup_*'
grep '^\$scope module' "$WORK/sc.vcd" | awk '{print $3}' | sort -u >"$WORK/sc.names"
for inst in n0_fiberlookup_B0_i n3_fiberlookup_B1_j n4_fiberlookup_c0_j; do
    grep -qx "$inst" "$WORK/sc.names" && ok "scope: $inst dumped" || bad "scope: $inst not dumped"
done
for inst in u_e0 n8_mul n10_fiberwrite_x0_i u_m1_n0_fiberlookup_B0_i_seg; do
    grep -qx "$inst" "$WORK/sc.names" && bad "scope: $inst dumped" || ok "scope: $inst left out"
done
# shellcheck disable=SC2086
expect 0 "--waves-scope without top. passes" \
    "$SAMGEN" verify "$G" $T --sim icarus -q --waves "$WORK/sc2.vcd" --waves-scope 'u_e1?'
grep '^\$scope module' "$WORK/sc2.vcd" | awk '{print $3}' | grep '^u_e' | sort | tr '\n' ' ' >"$WORK/sc2.names"
[ "$(cat "$WORK/sc2.names")" = "u_e10 u_e11 u_e12 u_e13 u_e14 u_e15 " ] && ok "scope: glob on the bare name" ||
    bad "scope: bare glob dumped '$(cat "$WORK/sc2.names")'"
# The same with Verilator (its own cache in WORK): an FST build, and a VCD
# build whose window holds both clock edges of cycles 10..20 (one time
# unit each) and whose scopes are the matched instances only.
if command -v verilator >/dev/null 2>&1; then
    # shellcheck disable=SC2086
    SAMGEN_CACHE="$WORK/vcache" expect 0 "verilator --waves F.fst passes" \
        "$SAMGEN" verify "$G" $T -q --waves "$WORK/vl.fst"
    magic=$(head -c 9 "$WORK/vl.fst" 2>/dev/null | od -An -tx1 | tr -d ' \n')
    [ "$magic" = "000000000000000149" ] && ok "verilator --waves F.fst: FST header" ||
        bad "verilator --waves F.fst: not an FST file (starts with '$magic')"
    # shellcheck disable=SC2086
    SAMGEN_CACHE="$WORK/vcache" expect 0 "verilator window and scope pass" \
        "$SAMGEN" verify "$G" $T -q --waves "$WORK/vl.vcd" --waves-from 10 --waves-to 20 \
        --waves-scope 'top.n*_fiberlookup_*'
    grep '^#' "$WORK/vl.vcd" | tr -d '#' >"$WORK/vl.times"
    first=$(head -n 1 "$WORK/vl.times"); last=$(tail -n 1 "$WORK/vl.times")
    [ "$(wc -l <"$WORK/vl.times")" -eq 22 ] && [ $((last - first)) -eq 21 ] &&
        ok "verilator window: 22 time stamps over 11 cycles" ||
        bad "verilator window: $(wc -l <"$WORK/vl.times") stamps, $first..$last"
    sed -n 's/^ *\$scope module \([^ ]*\) .*/\1/p' "$WORK/vl.vcd" | sort -u >"$WORK/vl.names"
    grep -qx n3_fiberlookup_B1_j "$WORK/vl.names" && ok "verilator scope: matched instance" ||
        bad "verilator scope: n3_fiberlookup_B1_j not dumped"
    if grep -qx u_e0 "$WORK/vl.names" || grep -qx n8_mul "$WORK/vl.names"; then
        bad "verilator scope: other instances dumped"
    else ok "verilator scope: others left out"; fi
else
    echo "skip the Verilator waveform checks: no verilator"
fi
# Errors: one line, exit 2, before anything runs, no waveform.
# wave_err DESCRIPTION MESSAGE OPTIONS...
wave_err() {
    d=$1; msg=$2; shift 2
    rm -f "$WORK/bad.vcd"
    # shellcheck disable=SC2086
    expect 2 "$d refused" "$SAMGEN" verify "$G" $T --sim icarus "$@"
    [ "$(head -n 1 "$WORK/err")" = "$msg" ] && ok "$d: message" ||
        bad "$d: message '$(head -n 1 "$WORK/err")', wanted '$msg'"
    grep -q "simulating\|PASS" "$WORK/err" "$WORK/out" && bad "$d: simulated" || ok "$d: nothing ran"
    absent "$d: no waveform" "$WORK/bad.vcd"
}
wave_err "--waves-from after --waves-to" "samgen verify: --waves-from 30 is after --waves-to 20" \
    --waves "$WORK/bad.vcd" --waves-from 30 --waves-to 20
wave_err "negative --waves-from" \
    "samgen verify: --waves-from: -1 is out of range 0..9223372036854775807" \
    --waves "$WORK/bad.vcd" --waves-from -1
wave_err "negative --waves-to" \
    "samgen verify: --waves-to: -5 is out of range 0..9223372036854775807" \
    --waves "$WORK/bad.vcd" --waves-to -5
wave_err "--waves-to without --waves" "samgen verify: --waves-to needs --waves FILE" --waves-to 5
wave_err "--waves-scope without --waves" "samgen verify: --waves-scope needs --waves FILE" \
    --waves-scope 'u_*'
wave_err "--waves-scope matching nothing" \
    "samgen verify: --waves-scope 'top.u_scan_*' matches no instance of spmv_top" \
    --waves "$WORK/bad.vcd" --waves-scope 'top.u_scan_*'
wave_err "--waves in a missing directory" \
    "samgen verify: cannot write $WORK/nodir/bad.vcd: No such file or directory" \
    --waves "$WORK/nodir/bad.vcd" --waves-from 1

# ---- the JUnit checker refuses what dashboards cannot read --------------------
sed 's/ classname="spmv.edge"//' "$P/junit.xml" >"$WORK/j1.xml"
$CHECK "$WORK/j1.xml" >"$WORK/chk" 2>&1
[ $? -eq 1 ] && grep -q "attribute 'classname' is required" "$WORK/chk" &&
    ok "checker: testcase without classname" || bad "checker: missing classname: $(cat "$WORK/chk")"
sed 's/failures="10" errors="0" skipped/failures="9" errors="0" skipped/' "$F/junit.xml" >"$WORK/j2.xml"
$CHECK "$WORK/j2.xml" >"$WORK/chk" 2>&1
[ $? -eq 1 ] && grep -qF "testsuite 'spmv' failures is 9, but the test cases say 10" "$WORK/chk" &&
    ok "checker: wrong failure count" || bad "checker: wrong count: $(cat "$WORK/chk")"
sed 's/<failure message="[^"]*"/<failure/' "$F/junit.xml" >"$WORK/j3.xml"
$CHECK "$WORK/j3.xml" >"$WORK/chk" 2>&1
[ $? -eq 1 ] && grep -q "attribute 'message' is required" "$WORK/chk" &&
    ok "checker: failure without message" || bad "checker: no message: $(cat "$WORK/chk")"
head -c 400 "$P/junit.xml" >"$WORK/j4.xml"
$CHECK "$WORK/j4.xml" >"$WORK/chk" 2>&1
[ $? -eq 1 ] && ok "checker: cut-off file" || bad "checker: cut-off file accepted"
sed 's/<testsuites name="samgen verify" /<testsuites /' "$P/junit.xml" >"$WORK/j5.xml"
$CHECK "$WORK/j5.xml" >"$WORK/chk" 2>&1
[ $? -eq 1 ] && grep -q "attribute 'name' is required" "$WORK/chk" &&
    ok "checker: root without name" || bad "checker: root without name: $(cat "$WORK/chk")"

# ---- an inline scalar in a real type ---------------------------------------
# -t b=3 is the number 3 in the value type, in the golden model and in the
# RTL's memory alike (fp32 3.0 is 1077936128, bf16 3.0 is 16448).
expect 0 "scalar graph compiles" "$SAMGEN" compile 'x(i)=b*c(i)' -f x:s -f c:s -o "$WORK/smul.gv"
printf '# shape 4\n1 1.5\n3 -0.25\n' >"$WORK/smul_c.tns"
for t in fp32 bf16; do
    expect 0 "inline scalar, --type $t: PASS" "$SAMGEN" verify "$WORK/smul.gv" -t b=3 \
        -t c="$WORK/smul_c.tns" --type $t --sim icarus -q -o "$WORK/smul-$t" --trace
    has "inline scalar, --type $t: PASS line" "$WORK/out" "PASS smul: 12 streams, 42 tokens"
    has "inline scalar, --type $t: report" "$WORK/smul-$t/report.json" "\"value_type\": \"$t\""
done
has "inline scalar fp32: golden stream" "$WORK/smul-fp32/trace/golden/3_out_val__5_in_val0.txt" "1077936128 S0 D"
has "inline scalar fp32: RTL stream" "$WORK/smul-fp32/trace/rtl/3_out_val__5_in_val0.txt" "1077936128 S0 D"
has "inline scalar bf16: RTL stream" "$WORK/smul-bf16/trace/rtl/3_out_val__5_in_val0.txt" "16448 S0 D"

# ---- registered edge FIFOs --------------------------------------------------
# --edge-fifo registered gives every edge's FIFO a registered head: the
# same streams, one cycle more per hop (spmv: 85 cycles, 76 falling through)
# shellcheck disable=SC2086
expect 0 "gen --edge-fifo registered" "$SAMGEN" gen "$G" $T --edge-fifo registered -o "$WORK/regfifo"
count "registered: every edge's FIFO" "$WORK/regfifo/spmv_top.v" '.FallThrough(0)) u_e' 16
# shellcheck disable=SC2086
expect 0 "gen, edges falling through" "$SAMGEN" gen "$G" $T -o "$WORK/ftfifo"
count "fall-through: no edge with FallThrough 0" "$WORK/ftfifo/spmv_top.v" 'FallThrough(0)' 0
# shellcheck disable=SC2086
expect 0 "verify --edge-fifo registered" "$SAMGEN" verify "$G" $T --edge-fifo registered -o "$WORK/regv"
has "registered: PASS with more RTL cycles" "$WORK/regv/report.json" '"cycles_rtl": 85,'
expect 2 "--edge-fifo with an unknown kind" "$SAMGEN" gen "$G" --edge-fifo bogus -o "$WORK/bogus"
has "--edge-fifo bogus: the error" "$WORK/err" "unknown kind 'bogus' (fall-through, registered)"

if [ $fail -ne 0 ]; then echo "verify-cli-test: FAILED"; exit 1; fi
echo "verify-cli-test: all passed"
