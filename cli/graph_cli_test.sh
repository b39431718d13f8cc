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
. "$ROOT/cli/test_lib.sh"

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
    # Onyx graphs with fp_mul and reduce fp=true, generated and simulated in fp32
    "$SAMGEN" tensor gen --shape 6x6 --density 0.4 --seed 3 -o "$WORK/fB.tns" >/dev/null
    "$SAMGEN" tensor gen --shape 6x6 --density 0.4 --seed 5 -o "$WORK/fC.tns" >/dev/null
    "$SAMGEN" tensor gen --shape 6 --density 1 --seed 4 -o "$WORK/fc.tns" >/dev/null
    for g in spmv_fp:"-t c=$WORK/fc.tns" matmul_ijk_crddrop_relu_fp:"-t C=$WORK/fC.tns"; do
        name=${g%%:*}
        # shellcheck disable=SC2086
        "$SAMGEN" verify "$SHARED/graphs/onyx/$name.gv" -t B="$WORK/fB.tns" ${g#*:} --type fp32 \
            --sim verilator -q >"$WORK/out" 2>"$WORK/err"
        rc=$?
        [ $rc -eq 0 ] && grep -q "^PASS $name: " "$WORK/out" && ok "verify fp32 $name" ||
            bad "verify fp32 $name ($rc): $(cat "$WORK/out" "$WORK/err")"
    done
    # fp_div: the divider in both real types
    for t in fp32 bf16; do
        "$SAMGEN" verify "$SHARED/graphs/onyx/mat_elemdiv.gv" -t B="$WORK/fB.tns" -t C="$WORK/fC.tns" \
            --type $t --sim verilator -q >"$WORK/out" 2>"$WORK/err"
        rc=$?
        [ $rc -eq 0 ] && grep -q "^PASS mat_elemdiv: " "$WORK/out" && ok "verify $t mat_elemdiv" ||
            bad "verify $t mat_elemdiv ($rc): $(cat "$WORK/out" "$WORK/err")"
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
# an unknown kind has no RTL module: the summary does not call it supported
grep -qx "rtl: not supported (unknown node type)" "$WORK/out" && grep -qx "check: FAILED (1 error)" "$WORK/out" &&
    ok "unknown kind: rtl not supported" || bad "unknown kind summary: $(cat "$WORK/out")"
expect 1 "unknown kind: check --json" "$SAMGEN" check --json "$WORK/unknown.gv"
grep -q '"rtl_supported": false' "$WORK/out" && grep -q '"ok": false' "$WORK/out" &&
    ok "unknown kind: json rtl_supported false" || bad "unknown kind json: $(cat "$WORK/out")"

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

expect 0 "dot -o .gv" "$SAMGEN" dot "$SEED" -o "$WORK/plain.gv"
expect 0 "dot -o .gv reads back" "$SAMGEN" check "$WORK/plain.gv"
grep -q 'comment="type=intersect' "$WORK/plain.gv" && ok "samgen's own DOT text" || bad "dot -o .gv text"
if command -v dot >/dev/null 2>&1; then
    rm -f "$WORK/g.svg"
    expect 0 "dot -o .svg" "$SAMGEN" dot "$SEED" -o "$WORK/g.svg"
    grep -q "<svg" "$WORK/g.svg" && ok "svg written" || bad "svg"
    grep -q '#e15759' "$WORK/g.svg" && ok "styled joiner colour" || bad "styled svg"
    # a bitvector graph: its word edges have a style and colour of their own
    rm -f "$WORK/bv.svg"
    expect 0 "dot of a bitvector graph" "$SAMGEN" dot "$ROOT/examples/bv_elemmul.gv" -o "$WORK/bv.svg"
    grep -q '#6a1b9a' "$WORK/bv.svg" && ok "bitvector edge colour" || bad "bitvector svg"
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

# A graph that fails its checks is never run, generated or synthesized:
# every command that reads it prints the checker's findings (the lines
# `samgen check` prints) and stops with exit 1 before writing anything;
# samgen dot still draws it, with a warning.
cat >"$WORK/spmv.gv" <<'EOF'
digraph SAM {
    comment="x=s0,B=ss01,c=s0"
    0 [type="fiberlookup" index="i" tensor="B" mode="0" format="compressed" src="true" root="true"]
    1 [type="repsiggen" index="i"]
    2 [type="repeat" index="i" tensor="c" root="true"]
    3 [type="fiberlookup" index="j" tensor="B" mode="1" format="compressed" src="true" root="false"]
    4 [type="fiberlookup" index="j" tensor="c" mode="0" format="compressed" src="true" root="false"]
    5 [type="intersect" index="j"]
    6 [type="arrayvals" tensor="B"]
    7 [type="arrayvals" tensor="c"]
    8 [type="mul"]
    9 [type="reduce"]
    10 [type="fiberwrite" index="i" tensor="x" mode="0" format="compressed" segsize="2" crdsize="B0_dim" sink="true"]
    11 [type="fiberwrite" tensor="x" mode="vals" size="1*B0_dim" sink="true"]
    12 [type="broadcast"]
    0 -> 12 [type="crd"]
    12 -> 1 [type="crd"]
    1 -> 2 [type="repsig"]
    0 -> 3 [type="ref"]
    2 -> 4 [type="ref"]
    3 -> 5 [label="crd_in-B" type="crd"]
    3 -> 5 [label="ref_in-B" type="ref"]
    4 -> 5 [label="crd_in-c" type="crd"]
    4 -> 5 [label="ref_in-c" type="ref"]
    5 -> 6 [label="ref_out-B" type="ref"]
    5 -> 7 [label="ref_out-c" type="ref"]
    6 -> 8 [type="val"]
    7 -> 8 [type="val"]
    8 -> 9 [type="val"]
    12 -> 10 [type="crd"]
    9 -> 11 [type="val"]
}
EOF
TB="-t B=$ROOT/examples/spmv_B.tns -t c=$ROOT/examples/spmv_c.tns"
expect 0 "inline spmv passes the check" "$SAMGEN" check "$WORK/spmv.gv"
sed 's/^    9 -> 11 .*$/&\n    9 -> 8 [type="val"]/' "$WORK/spmv.gv" >"$WORK/bad_cycle.gv"
grep -v '^    7 -> 8 ' "$WORK/spmv.gv" >"$WORK/bad_unconnected.gv"
sed 's/^    8 -> 9 .*$/    8 -> 9 [type="crd"]/' "$WORK/spmv.gv" >"$WORK/bad_crdreduce.gv"
sed 's/tensor="B" mode="1"/tensor="B" mode="7"/' "$WORK/spmv.gv" >"$WORK/bad_mode7.gv"
for case in "cycle|bad_cycle.gv:12: reduce 9 is on a cycle (3 nodes cannot be ordered)" \
            "unconnected|bad_unconnected.gv:11: mul 8: input in_val1 is not connected" \
            "crdreduce|bad_crdreduce.gv:29: edge 8 -> 9: a crd stream into reduce 9 port in_val, which takes val" \
            "mode7|bad_mode7.gv:6: fiberlookup 3 (j, B mode 7): tensor B has no mode 7 (order 2)"; do
    name=${case%%|*}; msg=${case#*|}
    g="$WORK/bad_$name.gv"
    expect 1 "check rejects $name" "$SAMGEN" check "$g"
    grep -qF "$msg" "$WORK/err" && ok "check $name: message" || bad "check $name: $(cat "$WORK/err")"
    cp "$WORK/err" "$WORK/check.err"
    for cmd in gen golden area verify; do
        rm -rf "$WORK/o_$cmd"
        # shellcheck disable=SC2086
        case $cmd in
        gen)    expect 1 "$cmd refuses $name" "$SAMGEN" gen "$g" -o "$WORK/o_$cmd" ;;
        golden) expect 1 "$cmd refuses $name" "$SAMGEN" golden "$g" $TB -o "$WORK/o_$cmd" ;;
        area)   expect 1 "$cmd refuses $name" "$SAMGEN" area "$g" -o "$WORK/o_$cmd" ;;
        verify) expect 1 "$cmd refuses $name" "$SAMGEN" verify "$g" $TB --keep "$WORK/o_$cmd" ;;
        esac
        # the checker's lines, then one line saying the command stops
        if head -n -1 "$WORK/err" | cmp -s - "$WORK/check.err" &&
           tail -n 1 "$WORK/err" | grep -qxF "$g: the graph fails its checks ($(grep -c -v ': note: ' "$WORK/check.err") error$( [ "$(grep -c -v ': note: ' "$WORK/check.err")" -eq 1 ] || echo s), listed above); samgen $cmd does not run it"; then
            ok "$cmd $name: the checker's messages"
        else bad "$cmd $name: $(cat "$WORK/err")"; fi
        [ ! -e "$WORK/o_$cmd" ] && ok "$cmd $name: nothing written" || bad "$cmd $name: output written"
    done
done
rm -f "$WORK/drawn.gv"
expect 0 "dot still draws a failing graph" "$SAMGEN" dot "$WORK/bad_mode7.gv" -o "$WORK/drawn.gv"
grep -qF "tensor B has no mode 7 (order 2)" "$WORK/err" &&
    grep -qxF "samgen dot: warning: $WORK/bad_mode7.gv fails its checks (1 error); drawing it anyway" "$WORK/err" &&
    ok "dot: findings and warning" || bad "dot warning: $(cat "$WORK/err")"
[ -s "$WORK/drawn.gv" ] && ok "dot: drawn" || bad "dot: nothing drawn"

# A node given twice with different attributes: cgraph would merge them
# (the mul silently becoming an add); it is a read error naming the line,
# the node and the attribute, and nothing is generated.
sed 's/^    8 \[type="mul"\]$/&\n    8 [type="add"]/' "$WORK/spmv.gv" >"$WORK/dupnode.gv"
expect 2 "check: node given twice" "$SAMGEN" check "$WORK/dupnode.gv"
grep -qxF "$WORK/dupnode.gv:12: node 8 is given again with different attributes: type is \"add\" here, \"mul\" on line 11" "$WORK/err" &&
    ok "node given twice: message" || bad "node given twice: $(cat "$WORK/err")"
rm -rf "$WORK/o_dup"
expect 2 "gen: node given twice" "$SAMGEN" gen "$WORK/dupnode.gv" -o "$WORK/o_dup"
[ ! -e "$WORK/o_dup" ] && ok "gen: node given twice: nothing written" || bad "gen wrote output"
sed 's/^    8 \[type="mul"\]$/&\n    8 [type=mul]/' "$WORK/spmv.gv" >"$WORK/samenode.gv"
expect 0 "check: the same node statement twice is accepted" "$SAMGEN" check "$WORK/samenode.gv"

# Options given once: -o twice, or -t twice for the same tensor, is a usage
# error naming the option (never the last one silently winning), before
# anything is read or written; -t for different tensors is fine.
B="$ROOT/examples/spmv_B.tns" C="$ROOT/examples/spmv_c.tns"
# repeated NAME CMD...: exit 2, the message, no o1/o2 written
repeated() {
    line=$1; shift
    rm -rf "$WORK/o1" "$WORK/o2"
    expect 2 "repeated option: $line" "$@"
    head -n 1 "$WORK/err" | grep -qxF "$line" && ok "message: $line" || bad "message: $(cat "$WORK/err")"
    [ ! -e "$WORK/o1" ] && [ ! -e "$WORK/o2" ] && ok "nothing written: $line" ||
        bad "written despite: $line"
}
repeated "samgen gen: -o given twice ('$WORK/o1' and '$WORK/o2'); give it once" \
    "$SAMGEN" gen "$WORK/spmv.gv" -o "$WORK/o1" -o "$WORK/o2"
repeated "samgen gen: --out given twice ('$WORK/o1' and '$WORK/o2'); give it once" \
    "$SAMGEN" gen "$WORK/spmv.gv" --out "$WORK/o1" --out="$WORK/o2"
repeated "samgen gen: -t B given twice ('B=$B' and 'B=$C'); give it once" \
    "$SAMGEN" gen "$WORK/spmv.gv" -t "B=$B" -t "c=$C" -t "B=$C" -o "$WORK/o1"
repeated "samgen golden: -t c given twice ('c=$C' and 'c=5'); give it once" \
    "$SAMGEN" golden "$WORK/spmv.gv" -t "B=$B" -t "c=$C" -o "$WORK/o1" -t c=5
repeated "samgen golden: -t B given twice ('B=$B' and 'B=$B'); give it once" \
    "$SAMGEN" golden "$WORK/spmv.gv" -t "B=$B" -t "c=$C" -o "$WORK/o1" -tB="$B"
repeated "samgen golden: -o given twice ('$WORK/o1' and '$WORK/o2'); give it once" \
    "$SAMGEN" golden "$WORK/spmv.gv" -t "B=$B" -t "c=$C" -o "$WORK/o1" -o"$WORK/o2"
repeated "samgen verify: -t B given twice ('B=$B' and 'B=$C'); give it once" \
    "$SAMGEN" verify "$WORK/spmv.gv" --tensor "B=$B" -t "c=$C" --keep "$WORK/o1" -t "B=$C"
repeated "samgen verify: --tensor c given twice ('c=$C' and 'c=$B'); give it once" \
    "$SAMGEN" verify "$WORK/spmv.gv" -t "B=$B" -t "c=$C" --keep "$WORK/o1" --tensor="c=$B"
repeated "samgen area: -t c given twice ('c=$C' and 'c=$B'); give it once" \
    "$SAMGEN" area "$WORK/spmv.gv" -t "B=$B" -t "c=$C" -t "c=$B" -o "$WORK/o1"
repeated "samgen area: -o given twice ('$WORK/o1' and '$WORK/o2'); give it once" \
    "$SAMGEN" area "$WORK/spmv.gv" -o "$WORK/o1" -o "$WORK/o2"
repeated "samgen dot: -o given twice ('$WORK/o1' and '$WORK/o2'); give it once" \
    "$SAMGEN" dot "$WORK/spmv.gv" -o "$WORK/o1" -o "$WORK/o2"
repeated "samgen tensor: -o given twice ('$WORK/o1' and '$WORK/o2'); give it once" \
    "$SAMGEN" tensor gen --shape 4x4 --density 0.5 --seed 1 --output "$WORK/o1" -o "$WORK/o2"
rm -rf "$WORK/o1"
expect 0 "golden: -t for different tensors" "$SAMGEN" golden "$WORK/spmv.gv" -t "B=$B" -t "c=$C" -o "$WORK/o1"
[ -s "$WORK/o1/x.tns" ] && ok "golden: output written" || bad "golden: no x.tns"

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
# memory sizing (docs/generator.md): N words for crd and vals, N + 1 for
# seg, rounded up to a power of two; too wide for --width-crd is exit 2
G=$WORK/gensize
EXG=$ROOT/examples/vec_elemmul.gv
EXM=$ROOT/examples/mat_elemmul.gv
rm -rf "$G"
# a top level's seg is 2 words whatever --max-nnz; the level below it takes
# --max-nnz + 1, rounded up to a power of two
if "$SAMGEN" gen "$EXM" --max-nnz 128 -o "$G" >/dev/null 2>"$WORK/gensize.err" &&
   grep -q 'sam_ram #(.Width(CrdWidth), .AddrWidth(1)) u_m1_n0_fiberlookup_B0_i_seg ' "$G/mat_elemmul_top.v" &&
   grep -q 'sam_ram #(.Width(CrdWidth), .AddrWidth(7)) u_m2_n0_fiberlookup_B0_i_crd ' "$G/mat_elemmul_top.v" &&
   grep -q 'sam_ram #(.Width(CrdWidth), .AddrWidth(8)) u_m5_n3_fiberlookup_B1_j_seg ' "$G/mat_elemmul_top.v"; then
    ok "gen --max-nnz 128: top seg 2 words, seg below it 129 words -> 256, crd 128"
else bad "gen --max-nnz 128: memory sizes, see $G"; fi
rm -rf "$G"
"$SAMGEN" gen "$EXG" --max-nnz 70000 -o "$G" >/dev/null 2>"$WORK/gensize.err"
rc=$?
if [ $rc -eq 2 ] && [ ! -e "$G" ] &&
   [ "$(cat "$WORK/gensize.err")" = "$EXG:3: n0_fiberlookup_b0_i: crd memory of 70000 entries does not fit 16-bit addresses (raise --width-crd)" ]; then
    ok "gen --max-nnz 70000: crd does not fit 16-bit addresses, exit 2"
else bad "gen --max-nnz 70000: exit $rc, '$(cat "$WORK/gensize.err")'"; fi
# --size-class: two inputs of about one size give one design (the same
# Verilog; sized exactly, their seg arrays differ), one of another size
# another; the crd memory is the power of two at or above the largest array
SC=$WORK/sizeclass; rm -rf "$SC"; mkdir -p "$SC"
"$SAMGEN" tensor gen --shape 40x40 --density 0.05 --seed 1 -o "$SC/a.mtx" >/dev/null
"$SAMGEN" tensor gen --shape 120x120 --density 0.008 --seed 2 -o "$SC/b.mtx" >/dev/null
"$SAMGEN" tensor gen --shape 300x300 --density 0.05 --seed 3 -o "$SC/c.mtx" >/dev/null
for x in a b c; do
    "$SAMGEN" gen "$EXM" -t "B=$SC/$x.mtx" -t "C=$SC/$x.mtx" --size-class -o "$SC/$x" >/dev/null 2>&1 ||
        bad "gen --size-class on $x"
    "$SAMGEN" gen "$EXM" -t "B=$SC/$x.mtx" -t "C=$SC/$x.mtx" -o "$SC/$x-exact" >/dev/null 2>&1
done
strip() { grep -v '^ *//' "$1"/mat_elemmul_top.v; }
if [ "$(strip "$SC/a" | md5sum)" = "$(strip "$SC/b" | md5sum)" ] &&
   [ "$(strip "$SC/a-exact" | md5sum)" != "$(strip "$SC/b-exact" | md5sum)" ] &&
   [ "$(strip "$SC/a" | md5sum)" != "$(strip "$SC/c" | md5sum)" ]; then
    ok "gen --size-class: 40x40 (80 nonzeros) and 120x120 (115) share a design, 300x300 does not"
else bad "gen --size-class: designs of $SC"; fi
# (a.mtx: 80 nonzeros, so 128 words)
grep -q 'AddrWidth(7)) u_m2_n0_fiberlookup_B0_i_crd ' "$SC/a/mat_elemmul_top.v" &&
    ok "gen --size-class: crd memory 128 words for 80 nonzeros" || bad "gen --size-class: crd memory size"
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
    grep -q "^samgen tensor: .*dd.tns: format dd01: dense level over mode 1: 100000000 positions do not fit in memory$" "$WORK/err" &&
        ok "dense level message" || bad "dense level message: $(cat "$WORK/err")"
    [ ! -e "$WORK/dd.out" ] && ok "dense level: no output" || bad "dense level left output"
else
    echo "SKIP: ulimit -v not available: bounded-memory cases not run"
fi
# floating-point nodes: fp32 without --type, an integer --type refused
# naming the node, fp_div the real-typed divide ALU
sed 's/type="mul"/type="fp_mul"/g; s/type=mul"/type=fp_mul"/' "$ROOT/examples/vec_elemmul.gv" >"$WORK/fpmul.gv"
printf '# shape 4\n1 1.5\n3 2\n' >"$WORK/fb.tns"
printf '# shape 4\n1 3\n3 0.25\n4 1\n' >"$WORK/fc.tns"
rm -rf "$WORK/fo"
expect 0 "golden: fp_mul graph runs in fp32" "$SAMGEN" golden "$WORK/fpmul.gv" -t b="$WORK/fb.tns" -t c="$WORK/fc.tns" -o "$WORK/fo"
printf '# shape 4\n1 4.5\n3 0.5\n' >"$WORK/fo.want"
cmp -s "$WORK/fo/x.tns" "$WORK/fo.want" && ok "golden: fp_mul result" || bad "golden: fp_mul result: $(cat "$WORK/fo/x.tns" 2>&1)"
printf '# shape 4\n1 1\n3 2\n' >"$WORK/ib.tns"
printf '# shape 4\n1 3\n3 5\n' >"$WORK/ic.tns"
rm -rf "$WORK/fo"
expect 0 "golden: fp_mul graph on integer files runs in fp32" "$SAMGEN" golden "$WORK/fpmul.gv" -t b="$WORK/ib.tns" -t c="$WORK/ic.tns" -o "$WORK/fo"
grep -qx "samgen golden: value type fp32" "$WORK/err" && ok "golden: fp32 by default" || bad "golden: type line: $(cat "$WORK/err")"
rm -rf "$WORK/fo"
expect 2 "golden: fp_mul graph with --type int32" "$SAMGEN" golden "$WORK/fpmul.gv" -t b="$WORK/ib.tns" -t c="$WORK/ic.tns" -o "$WORK/fo" --type int32
grep -q "fpmul.gv:[0-9]*: node fp_mul 5 computes on real numbers; the value type int32 is an integer type (use --type fp32 or bf16)$" "$WORK/err" &&
    ok "golden: integer type message" || bad "golden: integer type message: $(cat "$WORK/err")"
[ ! -e "$WORK/fo" ] && ok "golden: integer type: no output" || bad "golden: integer type left output"
rm -rf "$WORK/fo"
expect 2 "gen: fp_mul graph with --type int32" "$SAMGEN" gen "$WORK/fpmul.gv" -o "$WORK/fo" --type int32
grep -q "fpmul.gv:[0-9]*: node fp_mul 5 computes on real numbers; the value type int32 is an integer type (use --type fp32 or bf16)$" "$WORK/err" &&
    ok "gen: integer type message" || bad "gen: integer type message: $(cat "$WORK/err")"
[ ! -e "$WORK/fo" ] && ok "gen: integer type: no output" || bad "gen: integer type left output"
expect 0 "gen: fp_mul graph in fp32" "$SAMGEN" gen "$WORK/fpmul.gv" -o "$WORK/fo" --type fp32
grep -q "sam_alu #(.ValWidth(ValWidth), .Op(0), .Const(0), .ValType(1))" "$WORK/fo/fpmul_top.v" &&
    ok "gen: fp_mul is the fp32 mul ALU" || bad "gen: fp_mul ALU: $(grep sam_alu "$WORK/fo/fpmul_top.v")"
rm -rf "$WORK/fo"
expect 0 "gen: fp_mul graph without --type" "$SAMGEN" gen "$WORK/fpmul.gv" -o "$WORK/fo"
grep -q "sam_alu #(.ValWidth(ValWidth), .Op(0), .Const(0), .ValType(1))" "$WORK/fo/fpmul_top.v" &&
    ok "gen: fp_mul graph is fp32 by default" || bad "gen: default type: $(grep sam_alu "$WORK/fo/fpmul_top.v")"
sed 's/type="mul"/type="fp_div"/g; s/type=mul"/type=fp_div"/' "$ROOT/examples/vec_elemmul.gv" >"$WORK/fpdiv.gv"
rm -rf "$WORK/fo"
expect 0 "gen: fp_div graph in fp32" "$SAMGEN" gen "$WORK/fpdiv.gv" -o "$WORK/fo" --type fp32
grep -q "sam_alu #(.ValWidth(ValWidth), .Op(8), .Const(0), .ValType(1))" "$WORK/fo/fpdiv_top.v" &&
    ok "gen: fp_div is the fp32 div ALU" || bad "gen: fp_div ALU: $(grep sam_alu "$WORK/fo/fpdiv_top.v")"
rm -rf "$WORK/fo"
expect 0 "gen: fp_div graph in bf16" "$SAMGEN" gen "$WORK/fpdiv.gv" -o "$WORK/fo" --type bf16
grep -q "sam_alu #(.ValWidth(ValWidth), .Op(8), .Const(0), .ValType(2))" "$WORK/fo/fpdiv_top.v" &&
    ok "gen: fp_div is the bf16 div ALU" || bad "gen: fp_div bf16 ALU: $(grep sam_alu "$WORK/fo/fpdiv_top.v")"
rm -rf "$WORK/fo"
expect 2 "gen: fp_div graph with --type int32" "$SAMGEN" gen "$WORK/fpdiv.gv" -o "$WORK/fo" --type int32
grep -q "fpdiv.gv:[0-9]*: node fp_div 5 computes on real numbers; the value type int32 is an integer type (use --type fp32 or bf16)$" "$WORK/err" &&
    ok "gen: fp_div integer type message" || bad "gen: fp_div integer type message: $(cat "$WORK/err")"
[ ! -e "$WORK/fo" ] && ok "gen: fp_div integer type: no output" || bad "gen: fp_div integer type left output"
sed 's/type="mul"/type="div"/g; s/type=mul"/type=div"/' "$ROOT/examples/vec_elemmul.gv" >"$WORK/div.gv"
expect 2 "gen: div graph with --type int16" "$SAMGEN" gen "$WORK/div.gv" -o "$WORK/fo" --type int16
grep -q "div.gv:[0-9]*: node div 5 computes on real numbers; the value type int16 is an integer type (use --type fp32 or bf16)$" "$WORK/err" &&
    ok "gen: div integer type message" || bad "gen: div integer type message: $(cat "$WORK/err")"
[ ! -e "$WORK/fo" ] && ok "gen: div integer type: no output" || bad "gen: div integer type left output"
expect 0 "check: fp_div graph" "$SAMGEN" check "$WORK/fpdiv.gv"
grep -qx "rtl: supported" "$WORK/out" && ok "check: fp_div is supported in RTL" || bad "check: fp_div rtl: $(cat "$WORK/out" "$WORK/err")"
expect 0 "golden: fp_div graph runs" "$SAMGEN" golden "$WORK/fpdiv.gv" -t b="$WORK/fb.tns" -t c="$WORK/fc.tns" -o "$WORK/fo"
printf '# shape 4\n1 0.5\n3 8\n' >"$WORK/fo.want"
cmp -s "$WORK/fo/x.tns" "$WORK/fo.want" && ok "golden: fp_div result" || bad "golden: fp_div result: $(cat "$WORK/fo/x.tns" 2>&1)"
# the divider in RTL: quotients that round, a zero divisor (inf), 0 / 0 (NaN)
printf '# shape 6\n1 1\n2 -2\n3 0\n5 1e-38\n6 7\n' >"$WORK/db.tns"
printf '# shape 6\n1 3\n2 0\n3 0\n4 5\n5 3e5\n6 -0.1\n' >"$WORK/dc.tns"
for t in fp32 bf16; do
    rm -rf "$WORK/fo"
    expect 0 "verify: fp_div graph in $t" "$SAMGEN" verify "$WORK/fpdiv.gv" -t b="$WORK/db.tns" -t c="$WORK/dc.tns" \
        --type $t --sim icarus -q -o "$WORK/fo"
    grep -q "^PASS fpdiv: " "$WORK/out" && ok "verify: fp_div $t passes" || bad "verify: fp_div $t: $(cat "$WORK/out" "$WORK/err")"
done
rm -rf "$WORK/fo"
expect 0 "golden: fp_div with a zero divisor" "$SAMGEN" golden "$WORK/fpdiv.gv" -t b="$WORK/db.tns" -t c="$WORK/dc.tns" -o "$WORK/fo"
printf '# shape 6\n1 0.33333334\n2 -inf\n3 nan\n5 3.4e-44\n6 -70\n' >"$WORK/fo.want"
cmp -s "$WORK/fo/x.tns" "$WORK/fo.want" && ok "golden: fp_div inf and nan" || bad "golden: fp_div inf and nan: $(cat "$WORK/fo/x.tns" 2>&1)"

# exp: x(i) = exp(b(i)) with the C model's exp in fp32 and bf16, the ALU's
# Op 7 in RTL (sam_fp_exp); refused under an integer type
cat >"$WORK/fpexp.gv" <<'EOF'
digraph SAM {
  comment="x=s0,b=s0"
  3 [comment="type=fiberlookup,index=i,tensor=b,mode=0,format=compressed,src=true,root=true" type="fiberlookup" index="i" tensor="b" mode="0" format="compressed" src="true" root="true"]
  1 [comment="type=fiberwrite,index=i,tensor=x,mode=0,format=compressed,segsize=2,crdsize=b0_dim,sink=true" type="fiberwrite" index="i" tensor="x" mode="0" format="compressed" segsize="2" crdsize="b0_dim" sink="true"]
  2 [comment="type=arrayvals,tensor=b" type="arrayvals" tensor="b"]
  4 [comment="type=fp_exp" type="fp_exp"]
  0 [comment="type=fiberwrite,mode=vals,tensor=x,size=1*b0_dim,sink=true" type="fiberwrite" tensor="x" mode="vals" size="1*b0_dim" sink="true"]
  3 -> 1 [label="crd" type="crd" comment=""]
  3 -> 2 [label="ref" type="ref" comment=""]
  2 -> 4 [label="val" type="val"]
  4 -> 0 [label="val" type="val"]
}
EOF
printf '# shape 4\n1 1\n3 -4\n' >"$WORK/eb.tns"
rm -rf "$WORK/fo"
expect 0 "golden: fp_exp graph runs in fp32" "$SAMGEN" golden "$WORK/fpexp.gv" -t b="$WORK/eb.tns" -o "$WORK/fo"
printf '# shape 4\n1 2.7182817\n3 0.01831564\n' >"$WORK/fo.want"
cmp -s "$WORK/fo/x.tns" "$WORK/fo.want" && ok "golden: fp_exp result" || bad "golden: fp_exp result: $(cat "$WORK/fo/x.tns" 2>&1)"
rm -rf "$WORK/fo"
expect 0 "golden: fp_exp graph runs in bf16" "$SAMGEN" golden "$WORK/fpexp.gv" -t b="$WORK/eb.tns" -o "$WORK/fo" --type bf16
printf '# shape 4\n1 2.72\n3 0.0183\n' >"$WORK/fo.want"
cmp -s "$WORK/fo/x.tns" "$WORK/fo.want" && ok "golden: fp_exp bf16 result" || bad "golden: fp_exp bf16 result: $(cat "$WORK/fo/x.tns" 2>&1)"
rm -rf "$WORK/fo"
expect 2 "golden: fp_exp graph with --type int32" "$SAMGEN" golden "$WORK/fpexp.gv" -t b="$WORK/eb.tns" -o "$WORK/fo" --type int32
grep -q "fpexp.gv:6: node fp_exp 4 computes on real numbers; the value type int32 is an integer type (use --type fp32 or bf16)$" "$WORK/err" &&
    ok "golden: fp_exp integer type message" || bad "golden: fp_exp integer type message: $(cat "$WORK/err")"
[ ! -e "$WORK/fo" ] && ok "golden: fp_exp integer type: no output" || bad "golden: fp_exp integer type left output"
expect 2 "gen: fp_exp with --type int32" "$SAMGEN" gen "$WORK/fpexp.gv" -o "$WORK/fo" --type int32
grep -q "fpexp.gv:6: node fp_exp 4 computes on real numbers; the value type int32 is an integer type (use --type fp32 or bf16)$" "$WORK/err" &&
    ok "gen: fp_exp integer type message" || bad "gen: fp_exp integer type message: $(cat "$WORK/err")"
[ ! -e "$WORK/fo" ] && ok "gen: fp_exp integer type: no output" || bad "gen: fp_exp integer type left output"
expect 0 "gen: fp_exp graph" "$SAMGEN" gen "$WORK/fpexp.gv" -o "$WORK/fo"
grep -q "sam_alu #(.ValWidth(ValWidth), .Op(7), .Const(0), .ValType(1))" "$WORK/fo/fpexp_top.v" &&
    ok "gen: fp_exp is the fp32 exp ALU" || bad "gen: fp_exp ALU: $(grep sam_alu "$WORK/fo/fpexp_top.v")"
# exp in RTL: zeros, overflow to inf, underflow, NaN, ordinary values
printf '# shape 8\n1 0\n2 -0\n3 100\n4 -200\n5 nan\n6 0.5\n7 -3.25\n8 1e-30\n' >"$WORK/ex.tns"
for t in fp32 bf16; do
    rm -rf "$WORK/fo"
    expect 0 "verify: fp_exp graph in $t" "$SAMGEN" verify "$WORK/fpexp.gv" -t b="$WORK/ex.tns" \
        --type $t --sim icarus -q -o "$WORK/fo"
    grep -q "^PASS fpexp: " "$WORK/out" && ok "verify: fp_exp $t passes" || bad "verify: fp_exp $t: $(cat "$WORK/out" "$WORK/err")"
done

[ $fail -eq 0 ] && echo "graph-cli-test: passed" || echo "graph-cli-test: FAILED"
exit $fail
