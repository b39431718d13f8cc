#!/bin/sh
# regress_onyx.sh - every Onyx and opal graph through samgen verify, with
# int32 and with fp32 values.
#
#   sh sim/regress_onyx.sh SAMGEN GRAPHS WORKDIR OUT.md [EXPECT]
#
# GRAPHS is the shared graphs folder (its onyx/ and opal/ subfolders are
# read).  A graph that fails `samgen check` gets one row CHECK with the
# checker's first finding.  Every other graph runs twice on the
# regression's synthetic inputs (sim/regress_inputs.sh, kind r30: every
# mode 8 wide, 30 % of the entries stored, scalars bound to 3): with
# --type int32 on integer values 1..9, and with --type fp32 on reals of
# either sign with fractional parts (REGRESS_VALUES=real).  Every run uses
# the same memory sizing (--max-nnz 1024 --dim 16), so a graph's Verilator
# build is made once per type and then taken from the build cache.
# REGRESS_ONYX_SIM=icarus simulates with Icarus instead of Verilator (no
# C++ build per graph: much faster on these small inputs, same cycles).
#
# Prints one line per run and writes OUT.md: a table of graph, type,
# result and RTL cycles, and the reason of every run that did not pass.
# RESULT is PASS, FAIL (verify exit 1: a mismatch or deadlock), REFUSED
# (exit 2: the graph or a value type it cannot take, e.g. a node with no
# RTL block or a real-number node under an integer type) or CHECK (the
# graph fails samgen check).  OUT.md ends with
# "N passed, N failed, N refused, N not checked".
#
# EXPECT (default sim/regress_onyx.expect) lists the runs that are known
# not to pass, one "GRAPH TYPE RESULT" a line ('-' for the type of a CHECK
# row).  Exit 1 when a run failed or did not pass without being listed;
# a listed run that now passes is named (the list wants updating) but is
# no failure.
set -u
samgen=$1 graphs=$2 work=$3 md=$4
here=$(cd "$(dirname "$0")" && pwd)
expect=${5:-$here/regress_onyx.expect}
[ -f "$expect" ] || { echo "regress_onyx: $expect: no such file" >&2; exit 2; }
sizing="--max-nnz 1024 --dim 16"
sim=${REGRESS_ONYX_SIM:-verilator}
rm -rf "$work"
mkdir -p "$work" "$(dirname "$md")"
rows=$work/rows
: >"$rows"
pass=0 fail=0 refused=0 unchecked=0
# one line of text for a table cell
cell() { tr '\n|' '  ' | sed 's/  *$//' | cut -c1-240; }

for g in "$graphs"/onyx/*.gv "$graphs"/opal/*.gv; do
    [ -f "$g" ] || continue
    set_name=$(basename "$(dirname "$g")")
    name=$set_name/$(basename "$g" .gv)
    w=$work/$set_name-$(basename "$g" .gv)
    mkdir -p "$w"
    if ! "$samgen" check "$g" >"$w/check.log" 2>&1; then
        why=$(grep -v -e ': note: ' -e '^graph ' "$w/check.log" | head -n 1 | sed "s|^$g:|$(basename "$g"):|" | cell)
        printf '%s|-|CHECK|-|%s\n' "$name" "$why" >>"$rows"
        unchecked=$((unchecked + 1))
        echo "[onyx] $name: CHECK ($why)"
        continue
    fi
    for t in int32 fp32; do
        values=int
        [ "$t" = fp32 ] && values=real
        if ! args=$(REGRESS_VALUES=$values sh "$here/regress_inputs.sh" "$samgen" "$g" r30 1 \
                "$w/in-$t" 2>"$w/inputs-$t.err"); then
            printf '%s|%s|REFUSED|-|inputs: %s\n' "$name" "$t" "$(head -n 1 "$w/inputs-$t.err" | cell)" >>"$rows"
            refused=$((refused + 1))
            echo "[onyx] $name $t: REFUSED (inputs)"
            continue
        fi
        # shellcheck disable=SC2086
        "$samgen" verify "$g" $args --type "$t" $sizing --sim "$sim" -q >"$w/verify-$t.log" 2>&1
        rc=$?
        line=$(grep -E '^(PASS|FAIL|STUCK)' "$w/verify-$t.log" | head -n 1)
        rcyc=$(printf %s "$line" | sed -n 's/.*RTL \([0-9]*\) cycles.*/\1/p')
        case $rc in
            0) result=PASS; pass=$((pass + 1)); why="" ;;
            1) result=FAIL; fail=$((fail + 1))
               why=$(grep -v '^simulation:' "$w/verify-$t.log" | head -n 3 | cell) ;;
            *) result=REFUSED; refused=$((refused + 1))
               why=$(grep -v '^samgen verify: value type' "$w/verify-$t.log" | head -n 1 | cell) ;;
        esac
        printf '%s|%s|%s|%s|%s\n' "$name" "$t" "$result" "${rcyc:--}" "$why" >>"$rows"
        echo "[onyx] $name $t: $result${rcyc:+ (RTL $rcyc cycles)}"
    done
done

{
    echo "| graph | type | result | RTL cycles |"
    echo "|---|---|---|---:|"
    awk -F'|' '{ printf "| %s | %s | %s | %s |\n", $1, $2, $3, $4 }' "$rows"
    echo
    echo "Runs that did not pass:"
    echo
    awk -F'|' '$3 != "PASS" { printf "- %s %s: %s: %s\n", $1, $2, $3, $5 }' "$rows"
    echo
    echo "$pass passed, $fail failed, $refused refused, $unchecked not checked"
} >"$md.tmp" && mv "$md.tmp" "$md"
cat "$md"
# against the list of known non-passing runs
unexpected=$(awk -F'|' '$3 != "PASS" { print $1, $2, $3 }' "$rows" |
    grep -vxF -f "$expect" || true)
newpass=$(grep -v '^#' "$expect" | grep . | while read -r eg et _; do
    grep -q "^$eg|$et|PASS|" "$rows" && echo "$eg $et"; done)
[ -z "$newpass" ] || printf 'now passing (listed in %s as not passing):\n%s\n' \
    "$expect" "$(printf '%s\n' "$newpass" | sed 's/^/  /')"
if [ -n "$unexpected" ]; then
    printf 'not passing and not listed in %s:\n%s\n' "$expect" \
        "$(printf '%s\n' "$unexpected" | sed 's/^/  /')"
    exit 1
fi
[ "$fail" -eq 0 ]
