#!/bin/sh
# area_test.sh - checks of `samgen area` against real Yosys and nextpnr runs.
#
#   sh fpga/area_test.sh SAMGEN WORKDIR [quick|kernels]
#
# quick (make area-test): reports exist and are sane; area grows with the
#   skip scanner's T, with stream widths and FIFO depths; a memory goes to
#   block RAM; Yosys problems (latch, multiple drivers, port width mismatch)
#   fail the run; bad usage and an uncreatable work directory exit 2; a
#   kernel's report names its instances in full with their parameter
#   values; a kernel on real numbers lists its fp units (sam_fp_mul) with
#   their count and area, and --units synthesizes each alone; a couple of
#   custard kernels synthesize
#   (skipped without $SHARED or when the generator cannot build them).
# kernels (make area-kernels): every custard kernel the generator accepts
#   synthesizes for iCE40 without problems.
set -u
SAMGEN=$1
WORK=$2
MODE=${3:-quick}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export SAMGEN_ROOT="$ROOT"
mkdir -p "$WORK"
fails=0
checks=0

ok()   { checks=$((checks + 1)); echo "  ok   $*"; }
bad()  { checks=$((checks + 1)); fails=$((fails + 1)); echo "  FAIL $*"; }

# field FILE KEY: the KEY of every "total" line of a JSON report, one a line
field() { sed -n "s/.*\"total\": {[^}]*\"$2\": \(-\{0,1\}[0-9][0-9]*\).*/\1/p" "$1"; }

# increasing LABEL NUMBERS...: each number larger than the one before
increasing() {
    label=$1; shift
    prev=""
    for n in "$@"; do
        if [ -n "$prev" ] && [ "$n" -le "$prev" ]; then
            bad "$label grows: $*"; return
        fi
        prev=$n
    done
    if [ $# -lt 2 ]; then bad "$label: too few points ($*)"; return; fi
    ok "$label grows: $*"
}

# area NAME ARGS...: run samgen area --json into $WORK/NAME.json; exit status in $rc
area() {
    name=$1; shift
    "$SAMGEN" area --json "$@" -o "$WORK/$name" >"$WORK/$name.json" 2>"$WORK/$name.err"
    rc=$?
}

quick() {
    echo "area-test: primitives"
    # every primitive synthesizes on the generic target without problems
    # (AREA_JOBS runs at a time; the checks read the reports in order)
    prims=""
    for f in "$ROOT"/rtl/sam_*.v; do
        # the simulation probe (sam_tap) is never synthesized
        head -1 "$f" | grep -q 'simulation-only' && continue
        prims="$prims $(basename "$f" .v)"
    done
    rm -f "$WORK"/gen-*.rc
    # shellcheck disable=SC2086
    printf '%s\n' $prims | xargs -P "${AREA_JOBS:-2}" -I{} sh -c \
        '"$0" area --json --prim "$1" -o "$2/gen-$1" >"$2/gen-$1.json" 2>"$2/gen-$1.err"; echo $? >"$2/gen-$1.rc"' \
        "$SAMGEN" {} "$WORK"
    for m in $prims; do
        rc=$(cat "$WORK/gen-$m.rc" 2>/dev/null || echo 99)
        cells=$(field "$WORK/gen-$m.json" cells)
        if [ $rc -eq 0 ] && [ "${cells:-0}" -gt 0 ]; then
            tr=$(field "$WORK/gen-$m.json" transistors)
            if [ "${tr:-0}" -gt 0 ]; then ok "$m: $cells cells, $tr transistors"
            else bad "$m: no transistor estimate"; fi
        else
            bad "$m: exit $rc, cells '${cells:-}' ($(tail -1 "$WORK/gen-$m.err"))"
        fi
    done

    # the ExTensor skip scanner grows with its CAM size T
    area skipT --prim sam_scan_skip_core --sweep T=4,8,16,32 --target ice40 --no-pnr
    if [ $rc -eq 0 ]; then
        increasing "sam_scan_skip_core LUTs with T=4,8,16,32" $(field "$WORK/skipT.json" luts)
        increasing "sam_scan_skip_core FFs with T=4,8,16,32" $(field "$WORK/skipT.json" ffs)
    else bad "skip scanner sweep: exit $rc"; fi

    # widths and FIFO depths
    area fifoW --prim sam_fifo --sweep Width=10,18,34
    if [ $rc -eq 0 ]; then
        increasing "sam_fifo FFs with Width=10,18,34" $(field "$WORK/fifoW.json" ffs)
        increasing "sam_fifo transistors with Width=10,18,34" $(field "$WORK/fifoW.json" transistors)
    else bad "fifo width sweep: exit $rc"; fi
    area fifoD --prim sam_fifo --sweep Depth=2,4,8,16
    if [ $rc -eq 0 ]; then
        increasing "sam_fifo FFs with Depth=2,4,8,16" $(field "$WORK/fifoD.json" ffs)
    else bad "fifo depth sweep: exit $rc"; fi
    area aluW --prim sam_alu --param Op=1 --sweep ValWidth=8,16,32
    if [ $rc -eq 0 ]; then
        increasing "sam_alu(add) transistors with ValWidth=8,16,32" $(field "$WORK/aluW.json" transistors)
    else bad "alu width sweep: exit $rc"; fi

    # a RAM goes to block RAM on iCE40, not to flip-flops; and places
    area ram --prim sam_ram --param AddrWidth=9 --target ice40
    brams=$(field "$WORK/ram.json" brams); ffs=$(field "$WORK/ram.json" ffs)
    if [ $rc -eq 0 ] && [ "${brams:-0}" -ge 1 ] && [ "${ffs:-9999}" -lt 100 ] &&
       grep -q '"fmax_mhz"' "$WORK/ram.json"; then
        ok "sam_ram 512x16: $brams BRAMs, $ffs FFs, placed and routed"
    else bad "sam_ram: exit $rc, brams '${brams:-}', ffs '${ffs:-}'"; fi

    # problems in the Yosys log fail the run
    mkdir -p "$WORK/badrtl"
    cat >"$WORK/badrtl/sg_latchy.v" <<'EOF'
module sg_latchy (input wire clk_i, input wire en_i, input wire [3:0] d_i,
                  output reg [3:0] q_o);
  always @* if (en_i) q_o = d_i;
endmodule
EOF
    cat >"$WORK/badrtl/sg_narrow.v" <<'EOF'
module sg_narrow (input wire clk_i, input wire [7:0] a_i, output wire [7:0] y_o);
  sg_sub u_sub (.clk_i(clk_i), .a_i(a_i), .y_o(y_o));
endmodule
EOF
    cat >"$WORK/badrtl/sg_sub.v" <<'EOF'
module sg_sub (input wire clk_i, input wire [3:0] a_i, output reg [3:0] y_o);
  always @(posedge clk_i) y_o <= a_i;
endmodule
EOF
    for m in sg_latchy:latch sg_narrow:'port width mismatch'; do
        prim=${m%%:*}; what=${m#*:}
        area "bad-$prim" --prim "$prim" --rtl "$WORK/badrtl"
        if [ $rc -eq 1 ] && grep -q "\"$what: " "$WORK/bad-$prim.json"; then
            ok "$prim: Yosys '$what' fails the run"
        else bad "$prim: exit $rc, expected 1 and a '$what' problem"; fi
    done

    # bad usage: exit 2, one message, no work directory
    for args in "--prim" "--prim sam_nope" "--prim sam_fifo --param Depth" \
                "--prim sam_fifo --target asic" "--prim sam_fifo --sweep T=" \
                "--prim sam_fifo --param Depth=4;rm" "nograph.gv" \
                "--prim sam_fifo --param Depth=abc" "--prim sam_fifo --param Nope=3"; do
        rm -rf "$WORK/usage"
        # shellcheck disable=SC2086
        "$SAMGEN" area $args -o "$WORK/usage" >/dev/null 2>"$WORK/usage.err"
        rc=$?
        if [ $rc -eq 2 ] && [ -s "$WORK/usage.err" ] && [ ! -e "$WORK/usage/stat.json" ]; then
            ok "usage error: $args"
        else bad "usage error: $args: exit $rc"; fi
    done

    # parameters: declared names only, integers in their range, one line
    # naming the primitive and the parameter
    for c in "--param Depth=abc|sam_fifo Depth: expected an integer in 0..65536, got 'abc'" \
             "--param Depth=99999999999|sam_fifo Depth: 99999999999 is out of range 0..65536" \
             "--param Width=0|sam_fifo Width: 0 is out of range 1..64" \
             "--sweep Depth=2,4,x|sam_fifo Depth: expected an integer in 0..65536, got 'x'" \
             "--param Nope=3|sam_fifo has no parameter 'Nope' (its parameters: Width, Depth, FallThrough)"; do
        args=${c%%|*}; want="samgen area: ${c#*|}"
        rm -rf "$WORK/param"
        # shellcheck disable=SC2086
        "$SAMGEN" area --prim sam_fifo $args -o "$WORK/param" >/dev/null 2>"$WORK/param.err"
        rc=$?
        if [ $rc -eq 2 ] && [ "$(head -n 1 "$WORK/param.err")" = "$want" ] && [ ! -e "$WORK/param" ]; then
            ok "parameter check: $args"
        else bad "parameter check: $args: exit $rc, '$(head -n 1 "$WORK/param.err")'"; fi
    done
    # a work directory that cannot be created (/proc takes no new entries,
    # even for root): exit 2 before anything runs, nothing written
    if [ -d /proc/self ]; then
        for src in "--prim sam_fifo" "$ROOT/examples/vec_elemmul.gv"; do
            # shellcheck disable=SC2086
            "$SAMGEN" area $src -o /proc/x -q >"$WORK/proc.out" 2>"$WORK/proc.err"
            rc=$?
            if [ $rc -eq 2 ] && [ "$(cat "$WORK/proc.err")" = "samgen area: cannot write /proc/x: No such file or directory" ] &&
               [ ! -s "$WORK/proc.out" ] && [ ! -e /proc/x ]; then
                ok "area $src -o /proc/x: exit 2, cannot write"
            else bad "area $src -o /proc/x: exit $rc, '$(head -n 1 "$WORK/proc.err")'"; fi
        done
    fi
    # instance names in full (longer than 24 characters) and every
    # instance's parameter values, in the table and in --json
    g="$ROOT/examples/vec_elemmul.gv"
    "$SAMGEN" area "$g" -q -o "$WORK/names" >"$WORK/names.txt" 2>"$WORK/names.err"
    rc=$?
    if [ $rc -eq 0 ] &&
       grep -q '^u_m9_n7_fiberwrite_x_vals_vals  *sam_ram #(AddrWidth=10, Depth=1024, InitFile="", Width=32) *memory ' "$WORK/names.txt" &&
       grep -q '^u_e0  *sam_edge #(Depth=4, EdgeId=0, FallThrough=1, Stall=1, Width=18) *fifo ' "$WORK/names.txt" &&
       ! grep -q '(#)' "$WORK/names.txt"; then
        ok "area table: full instance names and parameter values"
    else bad "area table: exit $rc, $(grep -c '' "$WORK/names.txt") lines, see $WORK/names.txt"; fi
    area names-json "$g" -q
    if [ $rc -eq 0 ] &&
       grep -q '"name": "u_m9_n7_fiberwrite_x_vals_vals", "module": "[^"]*", "params": {"AddrWidth": 10, "Depth": 1024, "InitFile": "", "Width": 32}, "family": "memory"' "$WORK/names-json.json" &&
       grep -q '"name": "u_e0", "module": "sam_edge(#)", "params": {"Depth": 4, "EdgeId": 0, "FallThrough": 1, "Stall": 1, "Width": 18}, "family": "fifo"' "$WORK/names-json.json" &&
       grep -q '"name": "(top)", "module": "vec_elemmul_top", "params": {}, "family": "glue"' "$WORK/names-json.json"; then
        ok "area --json: full instance names and a params object"
    else bad "area --json: exit $rc, see $WORK/names-json.json"; fi
    area scanT --prim sam_scan_skip_core --param T=48
    if [ $rc -eq 2 ] && grep -q "T: 48 is not a power of two" "$WORK/scanT.err"; then
        ok "parameter check: T=48 is not a CAM size"
    else bad "parameter check: T=48: exit $rc"; fi

    # the real-number units of a kernel: a row each with how many there
    # are and the area of one, in the table and in --json; --units also
    # synthesizes each alone (generic target: no place and route here)
    "$SAMGEN" area "$g" --type fp32 -q -o "$WORK/fpunits" >"$WORK/fpunits.txt" 2>"$WORK/fpunits.err"
    rc=$?
    if [ $rc -eq 0 ] &&
       grep -q '^real-number units (the area of one; in the instances above):$' "$WORK/fpunits.txt" &&
       grep -q '^unit  *count  *cells  *FFs  *transistors$' "$WORK/fpunits.txt" &&
       grep -q '^sam_fp_mul #(FracWidth=23)  *1  *[1-9][0-9]*  *[1-9][0-9]*  *[1-9][0-9]*$' "$WORK/fpunits.txt" &&
       [ "$(grep -c '^sam_fp_' "$WORK/fpunits.txt")" -eq 1 ] &&
       [ ! -e "$WORK/fpunits/units" ]; then
        ok "area --type fp32: the real-number unit sam_fp_mul has its row"
    else bad "area --type fp32: exit $rc, no unit row, see $WORK/fpunits.txt"; fi
    if ! grep -q 'real-number units' "$WORK/names.txt" &&
       grep -q '"fp_units": \[\],' "$WORK/names-json.json"; then
        ok "area on integers: no real-number units"
    else bad "area on integers: a real-number unit section, see $WORK/names.txt"; fi
    area fpunits-json "$g" --type fp32 --units -q
    if [ $rc -eq 0 ] &&
       grep -q '"module": "sam_fp_mul", "params": {"FracWidth": 23}, "count": 1, "area": {"cells": [1-9]' "$WORK/fpunits-json.json" &&
       grep -q "\"alone\": {\"workdir\": \"$WORK/fpunits-json/units/sam_fp_mul-FracWidth=23\"" "$WORK/fpunits-json.json" &&
       [ -s "$WORK/fpunits-json/units/sam_fp_mul-FracWidth=23/stat.json" ] &&
       grep -q "^yosys (sam_fp_mul FracWidth=23): cd $WORK/fpunits-json/units/sam_fp_mul-FracWidth=23 && yosys " "$WORK/fpunits-json.err"; then
        ok "area --json --units: sam_fp_mul in fp_units, synthesized alone"
    else bad "area --json --units: exit $rc, see $WORK/fpunits-json.json"; fi
    rm -rf "$WORK/usage"
    "$SAMGEN" area --prim sam_alu --units --sweep Op=0,1 -o "$WORK/usage" >"$WORK/usage.out" 2>"$WORK/usage.err"
    rc=$?
    if [ $rc -eq 2 ] && [ "$(head -n 1 "$WORK/usage.err")" = "samgen area: --units and --sweep cannot be combined" ] &&
       [ ! -s "$WORK/usage.out" ] && [ ! -e "$WORK/usage" ]; then
        ok "usage error: --units with --sweep"
    else bad "usage error: --units with --sweep: exit $rc, '$(head -n 1 "$WORK/usage.err")'"; fi

    kernels "vec_elemmul mat_elemadd matmul_ijk" --no-pnr
    # a memory-heavy kernel maps its arrays to block RAM, not flip-flops
    if [ -f "$WORK/k-matmul_ijk.json" ] && [ -s "$WORK/k-matmul_ijk.json" ]; then
        brams=$(field "$WORK/k-matmul_ijk.json" brams)
        ffs=$(field "$WORK/k-matmul_ijk.json" ffs)
        mb=$(field "$WORK/k-matmul_ijk.json" mem_bits)
        if [ "${brams:-0}" -ge 1 ] && [ "${ffs:-0}" -lt "${mb:-0}" ]; then
            ok "matmul_ijk: $brams BRAMs hold $mb memory bits; $ffs FFs"
        else bad "matmul_ijk: brams '${brams:-}', ffs '${ffs:-}', memory bits '${mb:-}'"; fi
    fi
}

# kernels "NAMES" [area options]: synthesize custard kernels for iCE40
kernels() {
    names=$1; shift
    if [ ! -d "${SHARED:-}/graphs/custard" ]; then
        echo "  skip kernels: \$SHARED/graphs/custard not found (SHARED=${SHARED:-unset})"
        return
    fi
    echo "area-test: kernels"
    for k in $names; do
        g="$SHARED/graphs/custard/$k.gv"
        mkdir -p "$WORK/gencheck"
        if ! "$SAMGEN" gen "$g" -o "$WORK/gencheck/$k" >/dev/null 2>"$WORK/gencheck/$k.err"; then
            echo "  skip $k: samgen gen does not build it ($(head -1 "$WORK/gencheck/$k.err"))"
            rm -f "$WORK/k-$k.json"
            continue
        fi
        area "k-$k" "$g" --target ice40 "$@"
        luts=$(field "$WORK/k-$k.json" luts)
        if [ $rc -eq 0 ] && [ "${luts:-0}" -gt 0 ]; then
            fit=""
            grep -q '"fits": false' "$WORK/k-$k.json" && fit=" (does not fit the device)"
            ok "$k: $luts LUTs, $(field "$WORK/k-$k.json" brams) BRAMs$fit"
        else
            bad "$k: exit $rc, LUTs '${luts:-}' ($(tail -1 "$WORK/k-$k.err"))"
        fi
    done
}

case $MODE in
quick) quick ;;
kernels)
    all=""
    if [ -d "${SHARED:-}/graphs/custard" ]; then
        for g in "$SHARED"/graphs/custard/*.gv; do all="$all $(basename "$g" .gv)"; done
    fi
    kernels "$all" --no-pnr ;;
*) echo "area_test.sh: unknown mode '$MODE'" >&2; exit 2 ;;
esac
echo "area-test ($MODE): $((checks - fails))/$checks checks passed"
[ $fails -eq 0 ]
