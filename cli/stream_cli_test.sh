#!/bin/sh
# stream_cli_test.sh - command-line tests of `samgen stream`: well-formed
# files run (with the out_* lines of expected outputs and the benches'
# param_op present), malformed ones give one "FILE:LINE: message" line,
# exit 2 and no output file.
#
#   sh cli/stream_cli_test.sh SAMGEN WORKDIR
set -u
SAMGEN=$1
W=$2
. "$(dirname "$0")/test_count.sh"
rm -rf "$W"
mkdir -p "$W"
cd "$W" || exit 2

# run_err DESCRIPTION EXPECTED-STDERR CMD...: exit 2, exactly that one line
# on stderr (usage errors may add the "(see 'samgen help ...')" hint) and
# no out.txt.
run_err() {
    d=$1; want=$2; shift 2
    rm -f out.txt
    expect_err "$d" "$want" out.txt "$@"
}

# run_ok DESCRIPTION EXPECTED-LINE CMD...: exit 0 and out.txt holds the line
run_ok() {
    d=$1; want=$2; shift 2
    rm -f out.txt
    if ! "$@" >stdout.txt 2>err.txt; then bad "$d: exit $? ($(cat err.txt))"; return; fi
    if ! grep -qxF "$want" out.txt; then bad "$d: no line '$want' in out.txt"; return; fi
    ok
}

j() {   # the two-operand intersect file with the given in_ref1 line
    printf 'in_crd1: 0 1 S0 D\n%s\nin_crd2: 0 2 S0 D\nin_ref2: 0 1 S0 D\n' "$1"
}

# ---- well-formed ----------------------------------------------------------------
j 'in_ref1: 0 1 S0 D' > good.txt
run_ok "intersect" "out_crd: 0 S0 D" "$SAMGEN" stream intersect good.txt -o out.txt
{ j 'in_ref1: 0 1 S0 D'; echo "out_crd: 0 S0 D"; echo "out_ref1: 0 S0 D"; } > without.txt
run_ok "expected out_* lines are ignored" "out_ref2: 0 S0 D" \
    "$SAMGEN" stream intersect without.txt -o out.txt
printf 'param_op: 1\nin_val1: 1 2 S0 D\nin_val2: 3 4 S0 D\nout_val: 4 6 S0 D\n' > alu.txt
run_ok "param_op of the ALU benches" "out_val: 4 6 S0 D" "$SAMGEN" stream add alu.txt -o out.txt
printf 'in_val1: 1 _ 2 S0 D _\nin_val2: 3 4 S0 D\n' > gaps.txt
run_ok "idle markers after D" "out_val: 4 6 S0 D" "$SAMGEN" stream add gaps.txt -o out.txt
printf 'param_dim: 3\nin_ref: 0 1 S0 D\n' > dense.txt
run_ok "scan_dense" "out_crd: 0 1 2 S0 0 1 2 S1 D" "$SAMGEN" stream scan_dense dense.txt -o out.txt
run_ok "scan_dense within --max-tokens" "out_ref: 0 1 2 S0 3 4 5 S1 D" \
    "$SAMGEN" stream scan_dense dense.txt -o out.txt --max-tokens 6

# ---- malformed streams ------------------------------------------------------------
# One case a line: DESCRIPTION|FILE|PRIMITIVE|CONTENT|EXPECTED-STDERR.  FILE
# gets CONTENT (printf %b: \n ends a line), then `samgen stream PRIMITIVE
# FILE -o out.txt` must fail with that one line.
while IFS='|' read -r d f prim body want; do
    printf '%b' "$body" > "$f"
    run_err "$d" "$want" "$SAMGEN" stream "$prim" "$f" -o out.txt </dev/null
done <<'EOF'
in_ref1 longer than in_crd1|long.txt|intersect|in_crd1: 0 1 S0 D\nin_ref1: 0 1 2 3 S0 D\nin_crd2: 0 2 S0 D\nin_ref2: 0 1 S0 D\n|long.txt:2: in_ref1 does not line up with in_crd1 (line 1): token 3 is '2' against 'S0'
in_ref1 without D|short.txt|intersect|in_crd1: 0 1 S0 D\nin_ref1: 0 1 S0\nin_crd2: 0 2 S0 D\nin_ref2: 0 1 S0 D\n|short.txt:2: in_ref1 does not end with D
in_ref1 shorter than in_crd1|fewer.txt|intersect|in_crd1: 0 1 S0 D\nin_ref1: 0 1\nin_crd2: 0 S0 D\nin_ref2: 0 S0 D\n|fewer.txt:2: in_ref1 does not end with D
token after D|after.txt|intersect|in_crd1: 0 1 S0 D\nin_ref1: 0 1 S0 D 5\nin_crd2: 0 2 S0 D\nin_ref2: 0 1 S0 D\n|after.txt:2: in_ref1: token '5' after D (D ends a stream)
two D|dd.txt|add|in_val1: 1 D D\nin_val2: 3 D\n|dd.txt:1: in_val1: token 'D' after D (D ends a stream)
duplicate line|dup.txt|intersect|in_crd1: 0 1 S0 D\nin_ref1: 0 1 S0 D\nin_crd2: 0 2 S0 D\nin_ref2: 0 1 S0 D\nin_crd2: 0 S0 D\n|dup.txt:5: duplicate line in_crd2 (first at line 3)
unknown line|unknown.txt|intersect|in_crd1: 0 1 S0 D\nin_ref1: 0 1 S0 D\nin_crd2: 0 2 S0 D\nin_ref2: 0 1 S0 D\nin_val: 1 D\n|unknown.txt:5: unknown line 'in_val': intersect reads in_crd1, in_ref1, in_crd2, in_ref2, in_crd3, in_ref3 (and ignores out_* lines)
misspelt param|typo.txt|scan_dense|param_dimm: 3\nin_ref: 0 D\n|typo.txt:1: unknown line 'param_dimm': scan_dense reads in_ref, param_dim (and ignores out_* lines)
a param of another primitive|neg.txt|reduce|param_neg1: 1\nin_val: 1 D\n|neg.txt:1: unknown line 'param_neg1': reduce reads in_val, param_skip_empty (and ignores out_* lines)
unsorted coordinates|unsorted.txt|union|in_crd1: 0 3 1 S0 D\nin_ref1: 0 1 2 S0 D\nin_crd2: 0 S0 D\nin_ref2: 0 S0 D\n|unsorted.txt:1: in_crd1: coordinates must increase within a fiber: 1 after 3 (token 3)
repeated coordinate|repeated.txt|intersect|in_crd1: 0 S0 D\nin_ref1: 0 S0 D\nin_crd2: 2 2 S0 D\nin_ref2: 0 1 S0 D\n|repeated.txt:3: in_crd2: coordinates must increase within a fiber: 2 after 2 (token 2)
unsorted level|level.txt|scan_compressed|arr_seg: 0 2\narr_crd: 4 1\nin_ref: 0 D\n|level.txt:2: arr_crd: coordinates must increase within a segment: 1 after 4 (entry 2)
segment past arr_crd|seg.txt|scan_compressed|arr_seg: 0 3\narr_crd: 0 1\nin_ref: 0 D\n|seg.txt:1: arr_seg: entry 2 is 3; segment bounds never decrease and stay within 0..2 (the length of arr_crd)
negative param_dim|negdim.txt|scan_dense|param_dim: -3\nin_ref: 0 D\n|negdim.txt:1: param_dim is -3; a dimension is 0 or more
huge param_dim|bigdim.txt|scan_dense|param_dim: 99999999999\nin_ref: 0 D\n|bigdim.txt:1: param_dim 99999999999 times 1 reference is more than the limit of 16777216 coordinates per stream (raise it with --max-tokens)
param out of range|order.txt|spacc|param_order: 3\nin_crd_outer: 0 D\nin_crd_inner: 0 D\nin_val: 1 D\n|order.txt:1: param_order is 3, not in 1..2
param with two numbers|two.txt|crddrop|param_vals: 1 2\nin_crd_outer: 0 S0 D\nin_crd_inner: 0 S0 D\n|two.txt:1: param_vals must be one integer
param_skip_empty out of range|skip2.txt|reduce|param_skip_empty: 2\nin_val: 1 S0 D\n|skip2.txt:1: param_skip_empty is 2, not in 0..1
bitvector prefix counts|pos.txt|scan_bitvector|arr_bv: 0b11 0b1\narr_pos: 0 1\nparam_nw: 2\nparam_w: 8\nin_ref: 0 D\n|pos.txt:2: arr_pos: entry 2 is 1, the set bits before its word are 2
bitvector word too wide|wide.txt|scan_bitvector|arr_bv: 0b100000000\narr_pos: 0\nparam_nw: 1\nparam_w: 8\nin_ref: 0 D\n|wide.txt:1: arr_bv: token 1 has bits above the word width 8
bitvector word width|w6.txt|intersect_bv|param_w: 6\nin_bv1: 1 D\nin_ref1: 0 D\n|w6.txt:1: param_w is 6; bits per bitvector word are a power of two in 1..64
bitvector words and references|bvref.txt|union_bv|param_w: 8\nin_bv1: 0b1 S0 D\nin_ref1: 0 0 S0 D\n|bvref.txt:3: in_ref1 does not line up with in_bv1 (line 2): token 2 is '0' against 'S0'
EOF
run_err "scan_dense over --max-tokens" \
    "dense.txt:1: param_dim 3 times 2 references is more than the limit of 5 coordinates per stream (raise it with --max-tokens)" \
    "$SAMGEN" stream scan_dense dense.txt -o out.txt --max-tokens 5

# ---- files that are not token files --------------------------------------------
# a link to /dev/zero stops at its first byte; a line without end stops at
# SG_TOKEN_LINE_MAX (256 MiB), not at the memory's end
ln -sf /dev/zero zero.txt
run_err "/dev/zero" "zero.txt:1: NUL byte in a token file" \
    "$SAMGEN" stream reduce zero.txt -o out.txt
rm -f endless.txt
if mkfifo endless.txt 2>/dev/null; then
    (yes '1 ' | tr -d '\n' >endless.txt 2>/dev/null &)
    run_err "a line without end" "endless.txt:1: line longer than 268435456 bytes" \
        timeout 120 "$SAMGEN" stream reduce endless.txt -o out.txt
    rm -f endless.txt
fi

# ---- options ------------------------------------------------------------------
run_err "--width 0" "samgen stream: --width: 0 is out of range 1..64" \
    "$SAMGEN" stream add alu.txt -o out.txt --width 0
run_err "--width junk" "samgen stream: --width: expected an integer in 1..64, got '8x'" \
    "$SAMGEN" stream add alu.txt -o out.txt --width 8x
run_err "--max-tokens overflow" \
    "samgen stream: --max-tokens: 99999999999999999999 is out of range 1..9223372036854775807" \
    "$SAMGEN" stream scan_dense dense.txt -o out.txt --max-tokens 99999999999999999999

if [ $fails -ne 0 ]; then
    echo "stream CLI tests: $fails of $n FAILED"
    exit 1
fi
echo "stream CLI tests: $n passed"
