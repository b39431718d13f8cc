#!/bin/sh
# regress_inputs.sh - make the synthetic input tensors of one regression case
# and print the matching "-t NAME=FILE" arguments of samgen verify.
#
#   sh sim/regress_inputs.sh SAMGEN GRAPH.gv KIND SEED OUTDIR [REAL.mtx]
#
# The graph's comment names its tensors and formats ("X=ss01,B=ss01,c=s0");
# the first one is the output.  Every input gets all dimensions equal, so any
# kernel's index sizes agree.  KIND picks the data:
#   empty   no nonzeros                  single  one nonzero
#   dense   every entry nonzero          hyper   dim 64, ~8 nonzeros
#   rNN     uniform random, NN% dense (dim 8)
#   wide    uniform random, 30% dense, long fibers (dim 32; 10 when the
#           kernel has an order-3 tensor)
#   real    matrix operands are REAL.mtx (square), vectors random 30%
#   real3   order-3 operands are REAL.tns, the others random 30% with the
#           sizes of its modes
# Scalars (format "none") are bound to the integer 3.
# With REGRESS_VALUES=real every generated tensor's values become reals with
# fractional parts and either sign (sim/regress_realify.awk, deterministic
# from the seed); a real matrix keeps its own values.
set -e
samgen=$1 graph=$2 kind=$3 seed=$4 out=$5 real=${6:-}
mkdir -p "$out"
decls=$(sed -n 's/^[[:space:]]*comment="\([^"]*\)".*/\1/p' "$graph" | head -n 1)
dim=8
case $kind in
    empty) dens=0 ;;
    single) dens=single ;;
    dense) dens=1 ;;
    hyper) dim=64; dens=hyper ;;
    real|real3) dens=0.3 ;;
    wide) dens=0.3
          dim=32
          printf %s "$decls" | tr ',' '\n' | sed 's/.*=//' | tr -cd 'sd\n' |
              awk 'length($0) >= 3 { big = 1 } END { exit !big }' && dim=10 ;;
    r[0-9]*) dens=0.${kind#r} ;;
    *) echo "regress_inputs: unknown kind $kind" >&2; exit 2 ;;
esac
if [ "$kind" = real ]; then
    dim=$(grep -v '^%' "$real" | head -n 1 | awk '{print $1}')
fi
# real3: every order-3 operand is REAL.tns; each index takes the size of
# the tensor's mode it scans (from the graph's scanners), an index no
# order-3 operand has 16
if [ "$kind" = real3 ]; then
    rshape=$("$samgen" tensor info "$real" | sed -n 's/^shape: *//p')
    [ -n "$rshape" ] || { echo "regress_inputs: cannot read $real" >&2; exit 2; }
    # "tensor mode index" of every scanner and writer
    scans=$(sed -n 's/.*comment="type=\(fiberlookup\|fiberwrite\),index=\([a-z0-9]*\),tensor=\([A-Za-z0-9]*\),mode=\([0-9]*\).*/\3 \4 \2/p' "$graph")
fi
idx_dim() {  # index -> its size, for real3
    d=""
    for t3 in $order3; do
        m=$(printf '%s\n' "$scans" | awk -v t="$t3" -v x="$1" '$1 == t && $3 == x { print $2; exit }')
        [ -n "$m" ] && { d=$(printf %s "$rshape" | cut -d x -f $((m + 1))); break; }
    done
    echo "${d:-16}"
}
order3=""
if [ "$kind" = real3 ]; then
    oldifs=$IFS; IFS=,; out1=1
    for d in $decls; do
        IFS=$oldifs
        f=${d#*=}
        # (the first declaration is the result's)
        [ $out1 = 0 ] && [ "$(printf %s "$f" | tr -cd 'sd' | wc -c)" = 3 ] && order3="$order3 ${d%%=*}"
        out1=0
        IFS=,
    done
    IFS=$oldifs
fi
args=""
first=1
oldifs=$IFS
IFS=,
for d in $decls; do
    IFS=$oldifs
    name=${d%%=*} fmt=${d#*=}
    if [ $first = 1 ]; then first=0; continue; fi
    if [ "$fmt" = none ]; then args="$args -t $name=3"; continue; fi
    order=$(printf %s "$fmt" | tr -cd 'sd' | wc -c)
    shape=$dim; i=1
    while [ $i -lt "$order" ]; do shape="${shape}x$dim"; i=$((i + 1)); done
    size=1; i=0
    while [ $i -lt "$order" ]; do size=$((size * dim)); i=$((i + 1)); done
    if [ "$kind" = real3 ]; then
        # the operand's shape by the indices of its modes
        shape="" i=0
        while [ $i -lt "$order" ]; do
            x=$(printf '%s\n' "$scans" | awk -v t="$name" -v m="$i" '$1 == t && $2 == m { print $3; exit }')
            shape="$shape${shape:+x}$(idx_dim "$x")"
            i=$((i + 1))
        done
    fi
    case $dens in
        single) td=$(awk "BEGIN{printf \"%.9f\", 1.0/$size}") ;;
        hyper) td=$(awk "BEGIN{printf \"%.9f\", 8.0/$size}") ;;
        *) td=$dens ;;
    esac
    if [ "$order" = 2 ]; then ext=mtx; else ext=tns; fi
    file=$out/$name.$ext
    if { [ "$kind" = real ] && [ "$order" = 2 ]; } || { [ "$kind" = real3 ] && [ "$order" = 3 ]; }; then
        file=$real
    else
        s=$((seed * 31 + $(printf %s "$name" | od -An -tu1 | awk '{print $1}')))
        "$samgen" tensor gen --shape "$shape" --density "$td" --seed "$s" \
            --max-value 9 -o "$file" >/dev/null
        if [ "${REGRESS_VALUES:-int}" = real ]; then
            awk -v seed="$s" -f "$(dirname "$0")/regress_realify.awk" "$file" >"$file.tmp"
            mv "$file.tmp" "$file"
        fi
    fi
    args="$args -t $name=$file"
    IFS=,
done
IFS=$oldifs
echo "$args"
