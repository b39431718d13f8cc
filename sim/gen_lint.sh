#!/bin/sh
# gen_lint.sh - every graph samgen gen accepts must give a top that passes
# `verilator --lint-only -Wall`, in the simulation view (with the taps and
# the watchdog), in the trimmed simulation view of verify --no-trace
# --stall 0 (-DSG_TAP_NOTRACE -DSG_TAP_NOSTALL: taps without monitor and
# stall gates) and in the synthesis view (-DSYNTHESIS).
#
#   sh sim/gen_lint.sh SAMGEN GRAPHDIR OUTDIR
#
# Graphs gen rejects (nodes without an RTL block) are listed, not failed.
# The same graph generated twice must give the same bytes.  A graph with an
# intersect fed straight by compressed scanners is generated once more with
# --skip 8 (ExTensor skipping scanners and intersectors), twice, and its
# top linted in every view too.
set -u
samgen=$1 graphs=$2 out=$3
root=$(cd "$(dirname "$0")/.." && pwd)
view_defs() {
    case $1 in
        fast) echo "-DSG_TAP_NOTRACE -DSG_TAP_NOSTALL" ;;
        synth) echo "-DSYNTHESIS" ;;
    esac
}
# one_graph G: generate and lint one graph; its messages in OUT/K.msgs, its
# result (pass, fail, skip) in OUT/K.status, OUT/K.skipped8 when its
# --skip 8 top was linted too (the graphs run GEN_LINT_JOBS at a time,
# default 2, and report in order)
one_graph() {
    g=$1
    k=$(basename "$g" .gv)
    if ! "$samgen" gen "$g" -o "$out/$k" >"$out/$k.gen.log" 2>&1; then
        if grep -q 'has no RTL block\|not emitted yet' "$out/$k.gen.log"; then
            echo "gen-lint $k: skipped: $(head -n 1 "$out/$k.gen.log")"; echo skip >"$out/$k.status"
        else
            echo "gen-lint $k: gen FAILED: $(head -n 1 "$out/$k.gen.log")"; echo fail >"$out/$k.status"
        fi
        return
    fi
    top=$out/$k/${k}_top.v
    "$samgen" gen "$g" -o "$out/$k.again" >/dev/null 2>&1
    ok=1
    cmp -s "$top" "$out/$k.again/${k}_top.v" || { echo "gen-lint $k: output differs between two runs"; ok=0; }
    for view in sim fast synth; do
        def=$(view_defs $view)
        # shellcheck disable=SC2086
        if ! verilator --lint-only -Wall $def -I"$root/rtl" -y "$root/rtl" -y "$root/sim" \
             "$top" >"$out/$k.$view.lint" 2>&1; then
            echo "gen-lint $k ($view): $(grep -m1 -E '%(Warning|Error)' "$out/$k.$view.lint")"
            ok=0
        fi
    done
    if "$samgen" gen "$g" -o "$out/$k.skip" --skip 8 >"$out/$k.skip.log" 2>&1 &&
       grep -q sam_intersect_skip "$out/$k.skip/${k}_top.v"; then
        stop=$out/$k.skip/${k}_top.v
        "$samgen" gen "$g" -o "$out/$k.skip2" --skip 8 >/dev/null 2>&1
        cmp -s "$stop" "$out/$k.skip2/${k}_top.v" ||
            { echo "gen-lint $k (--skip 8): output differs between two runs"; ok=0; }
        for view in sim fast synth; do
            def=$(view_defs $view)
            # shellcheck disable=SC2086
            if ! verilator --lint-only -Wall $def -I"$root/rtl" -y "$root/rtl" -y "$root/sim" \
                 "$stop" >"$out/$k.skip.$view.lint" 2>&1; then
                echo "gen-lint $k (--skip 8, $view): $(grep -m1 -E '%(Warning|Error)' "$out/$k.skip.$view.lint")"
                ok=0
            fi
        done
        : >"$out/$k.skipped8"
    fi
    if [ $ok = 1 ]; then echo pass >"$out/$k.status"; else echo fail >"$out/$k.status"; fi
}
if [ "${4:-}" = --one ]; then
    k=$(basename "$5" .gv)
    one_graph "$5" >"$out/$k.msgs" 2>&1
    exit 0
fi

rm -rf "$out"; mkdir -p "$out"
ls "$graphs"/*.gv | xargs -P "${GEN_LINT_JOBS:-2}" -n 1 sh "$0" "$samgen" "$graphs" "$out" --one
pass=0 fail=0 skip=0 nskip=0
for g in "$graphs"/*.gv; do
    k=$(basename "$g" .gv)
    cat "$out/$k.msgs" 2>/dev/null
    case $(cat "$out/$k.status" 2>/dev/null) in
        pass) pass=$((pass + 1)) ;;
        skip) skip=$((skip + 1)) ;;
        *) fail=$((fail + 1)); [ -s "$out/$k.status" ] || echo "gen-lint $k: no result" ;;
    esac
    [ -e "$out/$k.skipped8" ] && nskip=$((nskip + 1))
done
echo "gen-lint: $pass lint-clean ($nskip also with --skip 8), $skip not supported by the RTL library, $fail failed"
[ $fail -eq 0 ]
