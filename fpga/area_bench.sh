#!/bin/sh
# area_bench.sh - the area and clock figures of docs/area.md.
#
#   sh fpga/area_bench.sh SAMGEN WORKDIR IMGDIR [prims|sweeps|kernels|extensor|all]
#
# Writes markdown tables to WORKDIR/figures.md (and stdout) and PNG charts
# to IMGDIR: the skip scanner and FIFO sweeps, and the area of a kernel by
# primitive family.  Every primitive at its default parameters is
# synthesized for iCE40 and placed and routed on an HX8K; the multiplier
# also on an UP5K with its DSPs.  Kernels come from $SHARED/graphs/custard.
# Runs are sequential: one Yosys or nextpnr at a time.  AREA_KERNELS="a b"
# limits the kernel table to those custard kernels.
set -u
SAMGEN=$1
WORK=$2
IMG=$3
PART=${4:-all}
NNZ=${AREA_MAX_NNZ:-256}     # words per generated memory: kernels fit an HX8K
# kernels placed and routed (the others: synthesis only, to keep runs short)
PNR_KERNELS=${AREA_PNR_KERNELS:-"vec_elemmul mat_elemadd mat_elemmul matmul_ijk"}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
export SAMGEN_ROOT="$ROOT"
mkdir -p "$WORK" "$IMG"
OUT="$WORK/figures.md"
: >"$OUT"

field() { sed -n "s/.*\"total\": {[^}]*\"$2\": \(-\{0,1\}[0-9][0-9]*\).*/\1/p" "$1" | head -1; }
fmax()  { v=$(sed -n 's/.*"fmax_mhz": \([0-9.]*\).*/\1/p' "$1" | head -1); echo "${v:--}"; }
emit()  { echo "$*" | tee -a "$OUT"; }

# prim LABEL ARGS...: one row of the primitive table
prim() {
    label=$1; shift
    j="$WORK/p-$(echo "$label" | tr ' =,()' '_____').json"
    "$SAMGEN" area --json --target ice40 "$@" -o "${j%.json}" >"$j" 2>"${j%.json}.err"
    rc=$?
    g="${j%.json}-generic.json"
    "$SAMGEN" area --json "$@" -o "${g%.json}" >"$g" 2>/dev/null
    f=$(fmax "$j")
    if grep -q '"fits": false' "$j"; then f="does not fit"; fi
    [ $rc -eq 0 ] || f="error (exit $rc)"
    emit "| $label | $(field "$g" cells) | $(field "$g" ffs) | $(field "$g" transistors) | $(field "$j" luts) | $(field "$j" carries) | $(field "$j" brams) | $(field "$j" dsps) | $f |"
}

prims() {
    emit "### Primitives at default parameters"
    emit ""
    emit "Generic gates (cells, FFs, CMOS transistor estimate); iCE40 LUT4s, carries, RAM40_4K, SB_MAC16; fmax after nextpnr on an HX8K (out of context, seed 1)."
    emit ""
    emit "| primitive | cells | FFs | transistors | iCE40 LUTs | carry | BRAM | DSP | iCE40 fmax (MHz) |"
    emit "|---|---|---|---|---|---|---|---|---|"
    for f in "$ROOT"/rtl/sam_*.v; do
        m=$(basename "$f" .v)
        # a module without a clock is a part of another (sam_scan_skip_ctl
        # of sam_scan_skip_core), measured there
        grep -q 'clk_i' "$f" || continue
        # the simulation probe (sam_tap) is never synthesized
        head -1 "$f" | grep -q 'simulation-only' && continue
        prim "$m" --prim "$m"
    done
    emit ""
    emit "Variants:"
    emit ""
    emit "| primitive | cells | FFs | transistors | iCE40 LUTs | carry | BRAM | DSP | iCE40 fmax (MHz) |"
    emit "|---|---|---|---|---|---|---|---|---|"
    prim "sam_alu Op=1 (add)" --prim sam_alu --param Op=1
    prim "sam_alu Op=3 (max)" --prim sam_alu --param Op=3
    prim "sam_join IsUnion=1 (union)" --prim sam_join --param IsUnion=1
    prim "sam_alu Op=0 ValWidth=16 (mul)" --prim sam_alu --param ValWidth=16
    prim "sam_scan_skip RefWidth=10" --prim sam_scan_skip --param RefWidth=10
    prim "sam_fifo Depth=16" --prim sam_fifo --param Depth=16
    emit ""
    j="$WORK/p-mul-up5k.json"
    "$SAMGEN" area --json --target ice40 --device up5k --prim sam_alu -o "${j%.json}" >"$j" 2>/dev/null
    emit "sam_alu Op=0 (32-bit multiply) on iCE40 UP5K: $(field "$j" luts) LUTs, $(field "$j" dsps) SB_MAC16, $(field "$j" ffs) FFs, fmax $(fmax "$j") MHz."
    j="$WORK/p-mul16-up5k.json"
    "$SAMGEN" area --json --target ice40 --device up5k --prim sam_alu --param ValWidth=16 -o "${j%.json}" >"$j" 2>/dev/null
    emit "sam_alu Op=0 ValWidth=16 on iCE40 UP5K: $(field "$j" luts) LUTs, $(field "$j" dsps) SB_MAC16, $(field "$j" ffs) FFs, fmax $(fmax "$j") MHz."
    emit ""
}

# sweep NAME PRIM PARAM VALUES [args]: table and chart
sweep() {
    name=$1 p=$2 param=$3 vals=$4; shift 4
    j="$WORK/s-$name.json"
    "$SAMGEN" area --json --target ice40 --prim "$p" --sweep "$param=$vals" \
        --plot "$IMG" "$@" -o "${j%.json}" >"$j" 2>"${j%.json}.err"
    emit "### $p: sweep of $param (iCE40)"
    emit ""
    emit "| $param | LUTs | FFs | carry | BRAM | fmax (MHz) |"
    emit "|---|---|---|---|---|---|"
    luts=$(sed -n 's/.*"total": {[^}]*"luts": \([0-9]*\).*/\1/p' "$j")
    ffs=$(sed -n 's/.*"total": {[^}]*"ffs": \([0-9]*\).*/\1/p' "$j")
    car=$(sed -n 's/.*"total": {[^}]*"carries": \([0-9]*\).*/\1/p' "$j")
    br=$(sed -n 's/.*"total": {[^}]*"brams": \([0-9]*\).*/\1/p' "$j")
    fm=$(grep -o '"fmax_mhz": [0-9.]*\|"fits": false' "$j" | sed 's/"fmax_mhz": //; s/"fits": false/no fit/')
    i=1
    for v in $(echo "$vals" | tr ',' ' '); do
        emit "| $v | $(echo "$luts" | sed -n ${i}p) | $(echo "$ffs" | sed -n ${i}p) | $(echo "$car" | sed -n ${i}p) | $(echo "$br" | sed -n ${i}p) | $(echo "$fm" | sed -n ${i}p) |"
        i=$((i + 1))
    done
    emit ""
}

sweeps() {
    # (T = 64 fills 98 % of the HX8K: nextpnr places it for longer than a
    # run of this bench should take)
    sweep skipT sam_scan_skip_core T 4,8,16,32
    sweep fifoD sam_fifo Depth 2,4,8,16,32,64
    sweep fifoW sam_fifo Width 10,18,34,66
}

kernels() {
    if [ ! -d "${SHARED:-}/graphs/custard" ]; then
        emit "(kernels skipped: \$SHARED/graphs/custard not found)"
        return
    fi
    emit "### Custard kernels (iCE40, samgen gen --max-nnz $NNZ)"
    emit ""
    emit "| kernel | cells | LUTs | FFs | BRAMs | DSPs | intersection share of LUTs | HX8K |"
    emit "|---|---|---|---|---|---|---|---|"
    list=""
    for g in "$SHARED"/graphs/custard/*.gv; do list="$list $(basename "$g" .gv)"; done
    for k in ${AREA_KERNELS:-$list}; do
        g="$SHARED/graphs/custard/$k.gv"
        j="$WORK/k-$k.json"
        pnr=--no-pnr
        case " $PNR_KERNELS " in *" $k "*) pnr="--plot $IMG" ;; esac
        # shellcheck disable=SC2086
        "$SAMGEN" area --json --target ice40 "$g" --max-nnz "$NNZ" $pnr \
            -o "${j%.json}" >"$j" 2>"${j%.json}.err"
        rc=$?
        if [ ! -s "$j" ]; then
            emit "| $k | not generated: $(grep -v '^yosys:' "${j%.json}.err" | head -1 | cut -c1-80) | | | | | | |"
            continue
        fi
        sh=$(sed -n 's/.*"intersect_share": \([0-9.]*\).*/\1/p' "$j")
        sh=$(awk -v s="${sh:-0}" 'BEGIN { printf "%.1f%%", 100 * s }')
        f="fmax $(fmax "$j") MHz"
        [ "$pnr" = --no-pnr ] && f="(not placed)"
        grep -q '"fits": false' "$j" && f="$(sed -n 's/.*"message": "\([^"]*\)".*/\1/p' "$j" | cut -c1-100)"
        [ $rc -eq 0 ] || f="$f (exit $rc)"
        emit "| $k | $(field "$j" cells) | $(field "$j" luts) | $(field "$j" ffs) | $(field "$j" brams) | $(field "$j" dsps) | $sh | $f |"
    done
    emit ""
}

# ExTensor comparison: transistor shares on the generic target
extensor() {
    if [ ! -d "${SHARED:-}/graphs/custard" ]; then return; fi
    emit "### Intersection share (generic gates, CMOS transistor estimate)"
    emit ""
    emit "| kernel | gen options | logic transistors | SRAM bits | intersect share of logic | share with SRAM at 6T/bit |"
    emit "|---|---|---|---|---|---|"
    for k in vec_elemmul mat_elemmul matmul_ijk tensor3_innerprod; do
        for opt in "" "--skip 32"; do
            g="$SHARED/graphs/custard/$k.gv"
            j="$WORK/x-$k$(echo "$opt" | tr -d ' -').json"
            # shellcheck disable=SC2086
            "$SAMGEN" area --json "$g" $opt -o "${j%.json}" >"$j" 2>"${j%.json}.err" || true
            [ -s "$j" ] || { emit "| $k | $opt | not generated | | | |"; continue; }
            a=$(sed -n 's/.*"intersect_share": \([0-9.]*\).*/\1/p' "$j")
            b=$(sed -n 's/.*"intersect_share_with_sram": \([0-9.]*\).*/\1/p' "$j")
            emit "| $k | ${opt:-default} | $(field "$j" transistors) | $(field "$j" mem_bits) | $(awk -v s="${a:-0}" 'BEGIN{printf "%.2f%%", 100*s}') | $(awk -v s="${b:-0}" 'BEGIN{printf "%.2f%%", 100*s}') |"
        done
    done
    emit ""
}

case $PART in
prims) prims ;;
sweeps) sweeps ;;
kernels) kernels ;;
extensor) extensor ;;
all) prims; sweeps; kernels; extensor ;;
*) echo "area_bench.sh: unknown part '$PART'" >&2; exit 2 ;;
esac
echo "figures: $OUT"
