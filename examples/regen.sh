#!/bin/sh
# regen.sh - write the example graphs and tensors the project ships.
#
#   sh examples/regen.sh SAMGEN [OUTDIR]     (OUTDIR defaults to examples/)
#
# Every graph is compiled by `samgen compile` from the expression below and
# every tensor is made by `samgen tensor gen` with a fixed seed, so the files
# in examples/ are reproducible: `make examples` rewrites them and the
# einsum-examples-test suite checks that the committed copies are current.
# Tensor files are named <kernel>_<tensor>.tns (1-based FROSTT text).
set -e
SAMGEN=${1:?usage: regen.sh SAMGEN [OUTDIR]}
OUT=${2:-$(dirname "$0")}
mkdir -p "$OUT"

# kernel | expression and flags | tensors (name:shape:density[:cast]; a
# cast, ell or dia, stores the generated matrix as that format's order-3
# tensor: samgen tensor convert --cast)
while IFS='|' read -r name args tensors; do
    case "$name" in ''|'#'*) continue ;; esac
    set -f
    # shellcheck disable=SC2086
    "$SAMGEN" compile $args -o "$OUT/$name.gv"
    set +f
    seed=1
    for t in $tensors; do
        tn=${t%%:*}; rest=${t#*:}; shape=${rest%%:*}; dens=${rest#*:}
        cast=
        case "$dens" in *:*) cast=${dens#*:}; dens=${dens%%:*} ;; esac
        f="$OUT/${name}_$tn.tns"
        [ -z "$cast" ] || f="$OUT/${name}_$tn.matrix.tns"
        "$SAMGEN" tensor gen --shape "$shape" --density "$dens" --seed "$seed" \
            -o "$f" >/dev/null
        if [ -n "$cast" ]; then
            "$SAMGEN" tensor convert "$f" "$OUT/${name}_$tn.tns" --cast "$cast"
            rm -f "$f"
        fi
        seed=$((seed + 1))
    done
done <<'LIST'
spmv|x(i)=B(i,j)*c(j) -f x:s -f B:ss -f c:s|B:8x8:0.3 c:8:0.6
matmul_ikj|X(i,j)=B(i,k)*C(k,j) -f X:ss -f B:ss -f C:ss -s reorder(i,k,j)|B:8x8:0.3 C:8x8:0.3
matmul_ijk|X(i,j)=B(i,k)*C(k,j) -f X:ss -f B:ss -f C:ss:1,0 -s reorder(i,j,k)|B:8x8:0.3 C:8x8:0.3
mat_elemadd|X(i,j)=B(i,j)+C(i,j) -f X:ss -f B:ss -f C:ss|B:8x8:0.3 C:8x8:0.3
mat_elemmul|X(i,j)=B(i,j)*C(i,j) -f X:ss -f B:ss -f C:ss|B:8x8:0.4 C:8x8:0.4
vec_elemmul|x(i)=b(i)*c(i) -f x:s -f b:s -f c:s|b:16:0.4 c:16:0.4
residual|x(i)=b(i)-C(i,j)*d(j) -f x:s -f b:s -f C:ss -f d:s|b:8:0.5 C:8x8:0.3 d:8:0.5
tiled_spmv|x(i)=B(i,j)*c(j) -f x:ss -f B:ssss -f c:ss -s split(i,I,i,4) -s split(j,J,j,4)|B:16x16:0.15 c:16:0.5
sddmm|X(i,j)=B(i,j)*C(i,k)*D(k,j) -f X:ss -f B:ss -f C:dd -f D:dd:1,0 -s reorder(i,j,k)|B:8x8:0.3 C:8x4:1 D:4x8:1
coo_spmv|x(i)=B(i,j)*c(j) -f x:s -f B:uq -f c:s|B:8x8:0.3 c:8:0.6
coo_elemadd|X(i,j)=B(i,j)+C(i,j) -f X:uq -f B:uq -f C:ss|B:8x8:0.3 C:8x8:0.3
spgemm_sorted|X(i,j)=B(i,k)*C(k,j) -f X:ss -f B:ss -f C:ss -s reorder(i,k,j) -s workspace(X,sorted)|B:8x8:0.4 C:8x30000:0.0005
matmul_kij_sorted|X(i,j)=B(i,k)*C(k,j) -f X:ss -f B:ss:1,0 -f C:ss -s reorder(k,i,j) -s workspace(X,sorted)|B:8x8:0.3 C:8x8:0.3
ell_spmv|y(i)=B(k,i,j)*x(j) -f B:ddq -f x:s|B:10x12:0.25:ell x:12:0.5
dia_spmv|y(i)=B(k,i,j)*x(j) -f B:dro -f x:d|B:12x10:0.2:dia x:10:0.6
hashed_spmv|y(i)=B(i,j)*x(j) -f B:ds -f x:h|B:12x16:0.3 x:16:0.4
bv_elemmul|x(i)=b(i)*c(i) -f x:s -f b:b -f c:b -s bitvector(16)|b:100:0.3 c:100:0.4
bv_elemadd|x(i)=b(i)+c(i) -f x:s -f b:b -f c:b|b:150:0.2 c:150:0.3
bv_spmv|y(i)=B(i,j)*x(j) -f y:s -f B:db -f x:b -s bitvector(8)|B:10x40:0.2 x:40:0.5
LIST
