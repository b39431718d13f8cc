#!/bin/sh
# regress_case.sh - run one regression case (kernel x input) and record it.
#
#   sh sim/regress_case.sh SAMGEN GRAPH.gv KIND SEED WORKDIR RESFILE [REAL.mtx]
#
# Makes the inputs (sim/regress_inputs.sh), runs samgen verify with the
# regression's fixed memory sizing (one Verilator build per kernel serves
# every synthetic input), and writes RESFILE as one line
#   kernel|input|tokens|golden_cycles|rtl_cycles|RESULT|detail
# RESULT is PASS, FAIL (mismatch, deadlock: exit 1) or ERROR (exit 2).
# Prints one progress line.  Always exits 0: the summary decides.
# REGRESS_TYPE=fp32|bf16 runs the case on real values (the generated inputs
# get fractional parts, sim/regress_inputs.sh) with verify --type; the
# input column then reads "KIND TYPE", with " stall" appended when
# REGRESS_VERIFY_ARGS has --stall.
samgen=$1 graph=$2 kind=$3 seed=$4 work=$5 res=$6 real=${7:-}
here=$(dirname "$0")
kernel=$(basename "$graph" .gv)
input=$kind
[ "$kind" = real ] && input=$(basename "$real" .mtx)
[ "$kind" = real3 ] && input=$(basename "$real" .tns)
typearg=""
if [ -n "${REGRESS_TYPE:-}" ]; then
    typearg="--type $REGRESS_TYPE"
    input="$input $REGRESS_TYPE"
    case " ${REGRESS_VERIFY_ARGS:-} " in *" --stall "*) input="$input stall" ;; esac
    REGRESS_VALUES=real
    export REGRESS_VALUES
fi
mkdir -p "$work" "$(dirname "$res")"
sizing="--max-nnz 512 --dim 64"
case $kind in real|real3) sizing="" ;; esac
if ! args=$(sh "$here/regress_inputs.sh" "$samgen" "$graph" "$kind" "$seed" "$work/in" "$real" 2>"$work/inputs.err"); then
    printf '%s|%s|0|0|0|ERROR|%s\n' "$kernel" "$input" "$(head -c 200 "$work/inputs.err" | tr '\n|' '  ')" >"$res"
    echo "[regress] $kernel $input: ERROR (inputs)"
    exit 0
fi
# shellcheck disable=SC2086
"$samgen" verify "$graph" $args $sizing $typearg ${REGRESS_VERIFY_ARGS:-} -q --keep "$work/run" >"$work/verify.log" 2>&1
rc=$?
line=$(grep -E '^(PASS|FAIL|STUCK)' "$work/verify.log" | head -n 1)
tokens=$(printf %s "$line" | sed -n 's/.* \([0-9]*\) tokens.*/\1/p')
gcyc=$(printf %s "$line" | sed -n 's/.*golden \([0-9]*\) cycles.*/\1/p')
rcyc=$(printf %s "$line" | sed -n 's/.*RTL \([0-9]*\) cycles.*/\1/p')
case $rc in
    0) result=PASS ;;
    1) result=FAIL ;;
    *) result=ERROR ;;
esac
detail=$(grep -v '^PASS' "$work/verify.log" | head -n 3 | tr '\n|' '  ' | cut -c1-200)
printf '%s|%s|%s|%s|%s|%s|%s\n' "$kernel" "$input" "${tokens:-0}" "${gcyc:-0}" \
    "${rcyc:-0}" "$result" "$detail" >"$res"
done_n=$(ls "$(dirname "$res")" 2>/dev/null | wc -l)
echo "[regress $done_n/${REGRESS_TOTAL:-?}] $kernel $input: $result${rcyc:+ (RTL $rcyc cycles)}"
exit 0
