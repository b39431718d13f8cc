#!/bin/sh
# netlist_test.sh - samgen verify --netlist on examples/spmv.gv: the
# gate-level netlist passes with the RTL's cycles and per-edge figures,
# and a primitive whose synthesis view differs from its simulation view
# (a copy of sam_reduce that flips a bit under `ifdef SYNTHESIS) passes as
# RTL and fails as a netlist, on the reducer's output edge.
#
#   sh sim/netlist_test.sh SAMGEN OUTDIR
set -u
samgen=$1 out=$2
root=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$out"; mkdir -p "$out"
ex=$root/examples
T="-t B=$ex/spmv_B.tns -t c=$ex/spmv_c.tns"
fail=0
bad() { echo "netlist-test: $*"; fail=1; }

# shellcheck disable=SC2086
"$samgen" verify "$ex/spmv.gv" $T -q -o "$out/rtl" >"$out/rtl.log" 2>&1 || { bad "RTL run fails"; cat "$out/rtl.log"; }
# shellcheck disable=SC2086
"$samgen" verify "$ex/spmv.gv" $T -q --netlist --keep "$out/nl" -o "$out/nl-o" >"$out/nl.log" 2>&1 ||
    { bad "netlist run fails"; cat "$out/nl.log"; }
grep -q "of Yosys's gate-level netlist" "$out/nl.log" || bad "no netlist line"
n=$(ls "$out"/nl/*_netlist.v 2>/dev/null | head -n 1)
if [ -z "$n" ]; then bad "no netlist kept"; else
    # the primitives are gone, the edges are still there
    grep -q '^  sam_edge #' "$n" || bad "the netlist has no sam_edge instances"
    grep -q 'sam_alu\|sam_reduce #' "$n" && bad "the netlist still instantiates primitives"
fi
a=$(sed -n 's/^PASS \(.*\)/\1/p' "$out/rtl.log" | sed 's/ (cached build)//'); b=$(sed -n 's/^PASS \(.*\)/\1/p' "$out/nl.log" | sed 's/ (cached build)//')
[ -n "$a" ] && [ "$a" = "$b" ] || bad "PASS lines differ: RTL '$a', netlist '$b'"
for f in tokens_rtl busy_rtl stall_rtl; do
    x=$(grep -o "\"$f\": [0-9a-z]*" "$out/rtl/report.json"); y=$(grep -o "\"$f\": [0-9a-z]*" "$out/nl-o/report.json")
    [ -n "$x" ] && [ "$x" = "$y" ] || bad "$f differs between the RTL and the netlist"
done

# a synthesis-only difference
mkdir -p "$out/rtl_syn"; cp "$root"/rtl/*.v "$root"/rtl/*.vh "$out/rtl_syn/"
sed -i 's/^  assign out_val_data_o  = data_q;$/`ifdef SYNTHESIS\n  assign out_val_data_o  = data_q ^ {{(ValWidth+1){1'"'"'b0}}, 1'"'"'b1};\n`else\n  assign out_val_data_o  = data_q;\n`endif/' \
    "$out/rtl_syn/sam_reduce.v"
cmp -s "$root/rtl/sam_reduce.v" "$out/rtl_syn/sam_reduce.v" && bad "the sam_reduce edit did not apply"
# shellcheck disable=SC2086
"$samgen" verify "$ex/spmv.gv" $T -q --rtl-dir "$out/rtl_syn" --sim icarus >"$out/syn-rtl.log" 2>&1 ||
    { bad "the mutant fails as RTL (it should differ only when synthesized)"; cat "$out/syn-rtl.log"; }
# shellcheck disable=SC2086
"$samgen" verify "$ex/spmv.gv" $T -q --rtl-dir "$out/rtl_syn" --netlist >"$out/syn-nl.log" 2>&1
rc=$?
[ $rc -eq 1 ] || { bad "the mutant's netlist: exit $rc, expected 1"; cat "$out/syn-nl.log"; }
grep -q '^lockstep check: first wrong token on ' "$out/syn-nl.log" || bad "no lockstep line for the mutant's netlist"
grep -q '^  edge: .*reduce' "$out/syn-nl.log" || { bad "the mismatch is not on the reducer's edge"; cat "$out/syn-nl.log"; }

# errors
# shellcheck disable=SC2086
"$samgen" verify "$ex/spmv.gv" $T --netlist --sim icarus >"$out/err.log" 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q -- "--netlist needs --sim verilator" "$out/err.log" || bad "--netlist --sim icarus: exit $rc"

# shellcheck disable=SC2086
"$samgen" verify "$ex/spmv.gv" $T --target ice40 >"$out/err.log" 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q -- "--target needs --netlist" "$out/err.log" || bad "--target without --netlist: exit $rc"
# shellcheck disable=SC2086
"$samgen" verify "$ex/spmv.gv" $T --netlist --target xilinx >"$out/err.log" 2>&1
rc=$?
[ $rc -eq 2 ] && grep -q -- "--target xilinx: expected generic or ice40" "$out/err.log" || bad "--target xilinx: exit $rc"

[ $fail -eq 0 ] && echo "netlist-test: the netlist passes as the RTL does; a synthesis-only bug is caught on its edge"
exit $fail
