#!/bin/sh
# area_kernels_table.sh - the kernel table of docs/area.md.
#
#   sh fpga/area_kernels_table.sh SAMGEN WORKDIR [KERNEL...]
#   sh fpga/area_kernels_table.sh - WORKDIR        (tabulate existing reports)
#
# Synthesizes every custard kernel ($SHARED/graphs/custard, or the KERNELs
# named) for iCE40 with `samgen area --target ice40 --no-pnr --json` and the
# generator options in AREA_GEN_OPTS (default `--max-nnz 256`), one run at a
# time, leaving WORKDIR/<kernel>.json; a kernel whose report is already there
# is not run again (delete it to rerun).  Graphs `samgen gen` refuses are
# listed after the table with the generator's reason.  Then prints the
# Markdown table (kernel, cells, LUTs, FFs, RAM40_4K, intersect share of
# LUTs, HX8K capacity check) from the JSON reports in WORKDIR.  The HX8K
# has 7680 logic cells and 32 RAM40_4K; `samgen area` counts a design's
# logic cells as max(LUTs, FFs) plus its I/O bits (the out-of-context
# wrapper), and "does not fit" names what is over.
set -u
SAMGEN=$1
WORK=$2
shift 2
OPTS=${AREA_GEN_OPTS:-"--max-nnz 256"}
mkdir -p "$WORK"

field() { sed -n "s/.*\"total\": {[^}]*\"$2\": \(-\{0,1\}[0-9][0-9]*\).*/\1/p" "$1" | head -1; }

if [ "$SAMGEN" != - ]; then
    if [ $# -eq 0 ]; then
        if [ ! -d "${SHARED:-}/graphs/custard" ]; then
            echo "area_kernels_table.sh: \$SHARED/graphs/custard not found, skipped" >&2
            exit 0
        fi
        for g in "$SHARED"/graphs/custard/*.gv; do set -- "$@" "$(basename "$g" .gv)"; done
    fi
    for k in "$@"; do
        j="$WORK/$k.json"
        [ -s "$j" ] && continue
        [ -s "$WORK/$k.refused" ] && continue
        # shellcheck disable=SC2086
        "$SAMGEN" area --json --target ice40 --no-pnr \
            "$SHARED/graphs/custard/$k.gv" $OPTS -o "$WORK/$k" \
            >"$j.tmp" 2>"$WORK/$k.err"
        rc=$?
        if [ -s "$j.tmp" ]; then
            mv "$j.tmp" "$j"
        else
            rm -f "$j.tmp"
            [ $rc -eq 2 ] && grep -v '^[a-z ]*:  *cd ' "$WORK/$k.err" | head -1 |
                sed 's|^/[^:]*/||' >"$WORK/$k.refused"
            echo "area_kernels_table.sh: $k: exit $rc, see $WORK/$k.err" >&2
        fi
    done
fi

echo "| kernel | cells | iCE40 LUTs | FFs | RAM40_4K | intersect share of LUTs | HX8K |"
echo "|---|---|---|---|---|---|---|"
for j in "$WORK"/*.json; do
    [ -s "$j" ] || continue
    k=$(basename "$j" .json)
    sh=$(sed -n 's/.*"intersect_share": \([0-9.]*\).*/\1/p' "$j" | head -1)
    sh=$(awk -v s="${sh:-0}" 'BEGIN { printf "%.1f%%", 100 * s }')
    if grep -q '"fits": false' "$j"; then
        # "does not fit iCE40 hx8k: L LUTs, F FFs, I I/O bits, B BRAMs, ..."
        l=$(field "$j" luts) f=$(field "$j" ffs) b=$(field "$j" brams)
        io=$(sed -n 's/.*"message": "[^"]* \([0-9]*\) I\/O bits.*/\1/p' "$j" | head -1)
        why=""
        lc=$l u=LUTs
        [ "$f" -gt "$l" ] && lc=$f u=FFs
        [ $((lc + ${io:-0})) -gt 7680 ] && why="$lc $u"
        [ "$b" -gt 32 ] && why="${why:+$why, }$b RAM40_4K"
        fit="does not fit: ${why:-see report}"
    elif grep -q '"fmax_mhz"' "$j"; then
        fit="fmax $(sed -n 's/.*"fmax_mhz": \([0-9.]*\).*/\1/p' "$j" | head -1) MHz"
    else
        fit="fits"
    fi
    grep -q '"problems": \[\]' "$j" || fit="$fit (Yosys problems: see report)"
    echo "| $k | $(field "$j" cells) | $(field "$j" luts) | $(field "$j" ffs) | $(field "$j" brams) | $sh | $fit |"
done
first=1
for r in "$WORK"/*.refused; do
    [ -s "$r" ] || continue
    if [ $first -eq 1 ]; then
        # shellcheck disable=SC2016
        printf '\nNot generated (`samgen gen` refuses them):\n\n'
        first=0
    fi
    echo "* \`$(basename "$r" .refused)\`: $(cat "$r")"
done
