#!/bin/sh
# lockstep_test.sh - samgen verify's lockstep checking (sim/harness.cpp,
# sim/expect.h) on examples/spmv.gv with Verilator:
#   - a lockstep run passes and records no token lines; its per-edge token
#     counts and per-node busy/stall cycles in report.json equal those of a
#     run that records every token (--check after);
#   - the harness, given an expected-stream file with one token too few on
#     an edge, stops with an X line at that edge's last token; with one too
#     many expected on the last edge, reports it missing at the end;
#   - a mutant top (two intersector outputs swapped) fails, and the lockstep
#     line names the same edge, token and cycle as the mismatch report of
#     the recorded rerun;
#   - the option's errors.
#
#   sh sim/lockstep_test.sh SAMGEN OUTDIR
set -u
samgen=$1 out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$out"; mkdir -p "$out"
SAMGEN_CACHE=$out/cache; export SAMGEN_CACHE
ex=$root/examples
T="-t B=$ex/spmv_B.tns -t c=$ex/spmv_c.tns"
fail=0
bad() { echo "lockstep-test: $*"; fail=1; }

# 1. lockstep against recorded: same verdict, same figures.
# shellcheck disable=SC2086
"$samgen" verify "$ex/spmv.gv" $T -q --keep "$out/ls" -o "$out/ls-o" >"$out/ls.log" 2>&1 ||
    { bad "lockstep run does not pass"; cat "$out/ls.log"; }
# shellcheck disable=SC2086
"$samgen" verify "$ex/spmv.gv" $T -q --check after --keep "$out/after" -o "$out/after-o" \
    >"$out/after.log" 2>&1 || { bad "recorded run does not pass"; cat "$out/after.log"; }
grep -q '^t ' "$out/ls/sim.out" && bad "lockstep run printed token lines"
grep -q '^S ' "$out/ls/sim.out" || bad "lockstep run printed no S lines"
grep -q '^t ' "$out/after/sim.out" || bad "recorded run printed no token lines"
for f in tokens_rtl busy_rtl stall_rtl; do
    a=$(grep -o "\"$f\": [0-9a-z]*" "$out/ls-o/report.json")
    b=$(grep -o "\"$f\": [0-9a-z]*" "$out/after-o/report.json")
    [ -n "$a" ] || bad "no $f in the lockstep report"
    [ "$a" = "$b" ] || bad "$f differs between lockstep and recorded runs"
    printf '%s\n' "$a" | grep -q '[0-9]' || bad "$f has no number in the lockstep report"
done
s1=$(grep '^PASS' "$out/ls.log"); s2=$(grep '^PASS' "$out/after.log" | sed 's/ (cached build)//')
[ "$s1" = "$s2" ] || bad "PASS lines differ: '$s1' / '$s2'"

# 2. the harness alone, on tampered expected streams.
bin=$(ls "$SAMGEN_CACHE"/vl-*/Vtop 2>/dev/null | head -n 1)
exp=$out/ls/expect.bin
if [ -z "$bin" ] || [ ! -f "$exp" ]; then
    bad "no Verilator binary or expect.bin to test the harness with"
else
    u32() { od -An -t u4 -j "$2" -N 4 "$1" | tr -d ' '; }
    u64() { od -An -t u8 -j "$2" -N 8 "$1" | tr -d ' '; }
    # write the 8-byte little-endian value $3 at offset $2 of file $1
    put64() {
        v=$3 bytes=""
        for _ in 1 2 3 4 5 6 7 8; do
            bytes="$bytes$(printf '\\%03o' $((v % 256)))"; v=$((v / 256))
        done
        # shellcheck disable=SC2059
        printf "$bytes" | dd of="$1" bs=1 seek="$2" conv=notrunc status=none
    }
    ne=$(u32 "$exp" 8)
    n0=$(u64 "$exp" 32)                      # edge 0's count
    cp "$exp" "$out/short.bin"; put64 "$out/short.bin" 32 $((n0 - 1))
    "$bin" +script="$out/ls/host.script" +expect="$out/short.bin" >"$out/short.out" 2>&1
    x=$(grep '^X ' "$out/short.out")
    case "$x" in
        "X 0 $((n0 - 1)) "*" -1 0 "*) ;;
        *) bad "one token too few expected on e0: '$x' (want X 0 $((n0 - 1)) ... -1 0 ...)" ;;
    esac
    grep -q '^S ' "$out/short.out" && bad "a stopped lockstep run printed S lines"
    last=$((ne - 1)) off=$((16 + 32 * (ne - 1) + 16))
    nl=$(u64 "$exp" $off)
    cp "$exp" "$out/long.bin"; put64 "$out/long.bin" $off $((nl + 1))
    "$bin" +script="$out/ls/host.script" +expect="$out/long.bin" >"$out/long.out" 2>&1
    x=$(grep '^X ' "$out/long.out")
    case "$x" in
        "X $last $nl -1 "*" -1 0") ;;
        *) bad "one token too many expected on e$last: '$x' (want X $last $nl -1 ... -1 0)" ;;
    esac
    printf 'SGEXPCT0' >"$out/junk.bin"
    "$bin" +script="$out/ls/host.script" +expect="$out/junk.bin" >"$out/junk.out" 2>&1 &&
        bad "the harness took a malformed expected-stream file"
    grep -q 'not a readable expected-stream file' "$out/junk.out" ||
        bad "no message for a malformed expected-stream file"
fi

# 3. a mutant: the report of the recorded rerun agrees with the lockstep line.
top=$(ls "$out"/ls/*_top.v)
a=$(sed -n 's/.*\.out_ref0_valid_o(\(e[0-9]*\)_up_valid).*/\1/p' "$top" | head -n 1)
b=$(sed -n 's/.*\.out_ref1_valid_o(\(e[0-9]*\)_up_valid).*/\1/p' "$top" | head -n 1)
sed -e "/\.out_ref[01]_/s/${a}_up_/TMP_up_/g" -e "/\.out_ref[01]_/s/${b}_up_/${a}_up_/g" \
    -e "/\.out_ref[01]_/s/TMP_up_/${b}_up_/g" "$top" >"$out/swap_top.v"
# shellcheck disable=SC2086
"$samgen" verify "$ex/spmv.gv" $T --top "$out/swap_top.v" --keep "$out/swap" >"$out/swap.log" 2>&1
rc=$?
[ $rc -eq 1 ] || bad "swapped-port mutant: exit $rc, expected 1"
l=$(grep '^lockstep check: first wrong token on ' "$out/swap.log")
e=$(printf %s "$l" | sed -n 's/.* on \(e[0-9]*\) at token \([0-9]*\) (cycle \([0-9]*\)).*/\1 \2 \3/p')
m=$(sed -n 's/^  edge: *\(e[0-9]*\):.*/\1/p' "$out/swap.log" | head -n 1)
t=$(sed -n 's/^  token \([0-9]*\) (cycle \([0-9]*\)).*/\1 \2/p' "$out/swap.log" | head -n 1)
[ -n "$e" ] && [ "$e" = "$m $t" ] ||
    { bad "lockstep line '$l' and the report ($m token $t) disagree"; cat "$out/swap.log"; }
grep -q 'rerunning with every token recorded' "$out/swap.log" || bad "no rerun announced"

# 4. errors.
err() {  # expected message, args...
    want=$1; shift
    # shellcheck disable=SC2086
    "$samgen" verify "$ex/spmv.gv" $T "$@" >"$out/err.log" 2>&1
    rc=$?
    if [ $rc -ne 2 ] || ! grep -q -- "$want" "$out/err.log"; then
        bad "verify $*: exit $rc, want 2 and '$want'"; cat "$out/err.log"
    fi
}
err "expected lockstep or after" --check sometimes
err "needs --sim verilator" --check lockstep --sim icarus
err "exclude each other" --check lockstep --trace -o "$out/x"
err "exclude each other" --check after --no-trace

[ $fail -eq 0 ] && echo "lockstep-test: lockstep run equals the recorded one; tampered streams, a mutant and 4 option errors reported"
exit $fail
