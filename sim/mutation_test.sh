#!/bin/sh
# mutation_test.sh - samgen verify must catch small deliberate bugs.
#
#   sh sim/mutation_test.sh SAMGEN GRAPHDIR OUTDIR
#
# On mat_vecmul_ij with a fixed 4x4 matrix and vector (the worked example of
# the SAM semantics), it first checks that the unmodified design passes, then
# runs verify (Icarus, fast to build) on six mutants and requires each to
# fail with a mismatch or a stuck report:
#   swap-ports   the generated top wires the intersector's two output refs
#                to each other's consumers
#   stop-level   a copy of sam_scan_compressed that does not raise the stop
#                level of a merged closing stop (S(k) instead of S(k+1))
#   drop-token   a copy of sam_fifo that accepts but drops every crd/ref
#                data token whose payload is 2
#   skip-past    with --skip 4: a copy of sam_intersect_skip whose SkipTo
#                target is one past the largest head, so that the scanner
#                may drop a coordinate that matches
#   dense-order  on vec_sub (x = b - c, x dense, from a union): a copy of
#                sam_write_vals_pos that stores values in arrival order
#                instead of at their coordinates' positions
#   keep-zero    on vec_ds_compression: a copy of sam_crdvals (the value
#                dropper) that keeps coordinate/value pairs whose value is 0
set -u
samgen=$1 graphs=$2 out=$3
root=$(cd "$(dirname "$0")/.." && pwd)
g=$graphs/mat_vecmul_ij.gv
rm -rf "$out"; mkdir -p "$out"
cat >"$out/B.mtx" <<'M'
%%MatrixMarket matrix coordinate integer general
4 4 5
1 1 1
1 3 2
3 2 3
4 1 4
4 4 5
M
printf '2 6\n3 7\n' >"$out/c.tns"
T="-t B=$out/B.mtx -t c=$out/c.tns"
fail=0

# shellcheck disable=SC2086
if ! "$samgen" verify "$g" $T --sim icarus --keep "$out/base" >"$out/base.log" 2>&1; then
    echo "mutation-test: the unmodified design does not pass:"; cat "$out/base.log"; exit 1
fi
top=$(ls "$out"/base/*_top.v)

check() {  # name, extra verify args...
    name=$1; shift
    # shellcheck disable=SC2086
    "$samgen" verify "$g" $T --sim icarus --keep "$out/$name" "$@" >"$out/$name.log" 2>&1
    rc=$?
    if [ $rc -eq 1 ] && grep -qE '^(FAIL|STUCK)' "$out/$name.log"; then
        echo "mutation $name: caught: $(grep -m1 -E 'MISMATCH|STUCK|not done' "$out/$name.log")"
    else
        echo "mutation $name: NOT caught (exit $rc)"; cat "$out/$name.log"; fail=1
    fi
}

# 1. swap two ports in the generated top.
a=$(sed -n 's/.*\.out_ref0_valid_o(\(e[0-9]*\)_up_valid).*/\1/p' "$top" | head -n 1)
b=$(sed -n 's/.*\.out_ref1_valid_o(\(e[0-9]*\)_up_valid).*/\1/p' "$top" | head -n 1)
if [ -z "$a" ] || [ -z "$b" ]; then echo "mutation swap-ports: no joiner outputs found"; exit 1; fi
sed -e "/\.out_ref[01]_/s/${a}_up_/TMP_up_/g" -e "/\.out_ref[01]_/s/${b}_up_/${a}_up_/g" \
    -e "/\.out_ref[01]_/s/TMP_up_/${b}_up_/g" "$top" >"$out/swap_top.v"
cmp -s "$top" "$out/swap_top.v" && { echo "mutation swap-ports: edit did not apply"; exit 1; }
check swap-ports --top "$out/swap_top.v"

# 2. off-by-one on a stop level in a primitive copy.
mkdir -p "$out/rtl_stop"; cp "$root"/rtl/*.v "$root"/rtl/*.vh "$out/rtl_stop/"
sed -i 's/head_val + One}/head_val}/' "$out/rtl_stop/sam_scan_compressed.v"
cmp -s "$root/rtl/sam_scan_compressed.v" "$out/rtl_stop/sam_scan_compressed.v" &&
    { echo "mutation stop-level: edit did not apply"; exit 1; }
check stop-level --rtl-dir "$out/rtl_stop"

# 3. drop a token inside the FIFOs.
mkdir -p "$out/rtl_drop"; cp "$root"/rtl/*.v "$root"/rtl/*.vh "$out/rtl_drop/"
# (the edges' FIFOs fall through: the token is neither stored nor offered)
sed -i -e "s/wire push = in_valid_i \&\& in_ready_o \&\& !(pass \&\& out_ready_i);/wire push = in_valid_i \&\& in_ready_o \&\& !(pass \&\& out_ready_i) \&\& !(Width == 18 \&\& in_data_i == 18'd2);/" \
    -e "s/assign out_valid_o = !empty || (pass \&\& in_valid_i);/assign out_valid_o = !empty || (pass \&\& in_valid_i \&\& !(Width == 18 \&\& in_data_i == 18'd2));/" \
    "$out/rtl_drop/sam_fifo.v"
cmp -s "$root/rtl/sam_fifo.v" "$out/rtl_drop/sam_fifo.v" &&
    { echo "mutation drop-token: edit did not apply"; exit 1; }
check drop-token --rtl-dir "$out/rtl_drop"

# 4. skip past the target in the skipping intersector, on longer fibers
# (a 32 x 32 matrix, 30% dense, and a half-dense vector) so that the CAM
# has coordinates to jump over.
"$samgen" tensor gen --shape 32x32 --density 0.3 --seed 5 --max-value 9 -o "$out/B32.mtx" >/dev/null
"$samgen" tensor gen --shape 32 --density 0.5 --seed 6 --max-value 9 -o "$out/c32.tns" >/dev/null
T="-t B=$out/B32.mtx -t c=$out/c32.tns"
# shellcheck disable=SC2086
if ! "$samgen" verify "$g" $T --sim icarus --skip 4 --keep "$out/base-skip" >"$out/base-skip.log" 2>&1; then
    echo "mutation-test: the unmodified skipping design does not pass:"; cat "$out/base-skip.log"; exit 1
fi
mkdir -p "$out/rtl_skip"; cp "$root"/rtl/*.v "$root"/rtl/*.vh "$out/rtl_skip/"
# (the hint is {DATA, largest other head}: mx, or m01/m02/m12 per operand)
sed -i -e "s/skip_tok = {\`SG_TK_DATA, mx};/skip_tok = {\`SG_TK_DATA, mx + 1'b1};/" \
    -e "s/{\`SG_TK_DATA, m\([0-9][0-9]\)}/{\`SG_TK_DATA, m\1 + 1'b1}/g" \
    "$out/rtl_skip/sam_intersect_skip.v"
cmp -s "$root/rtl/sam_intersect_skip.v" "$out/rtl_skip/sam_intersect_skip.v" &&
    { echo "mutation skip-past: edit did not apply"; exit 1; }
check skip-past --rtl-dir "$out/rtl_skip" --skip 4

# 5. positional dense output: values in arrival order (b = [1 0 0 4 0..],
# c = [0 0 0 0 0 3 4 0]: x has gaps before and between the values).
g=$graphs/vec_sub.gv
printf '# shape 8\n1 1\n4 4\n' >"$out/b8.tns"
printf '# shape 8\n6 3\n7 4\n' >"$out/c8.tns"
T="-t b=$out/b8.tns -t c=$out/c8.tns"
# shellcheck disable=SC2086
if ! "$samgen" verify "$g" $T --sim icarus --keep "$out/base-dense" >"$out/base-dense.log" 2>&1; then
    echo "mutation-test: the unmodified vec_sub design does not pass:"; cat "$out/base-dense.log"; exit 1
fi
mkdir -p "$out/rtl_dense"; cp "$root"/rtl/*.v "$root"/rtl/*.vh "$out/rtl_dense/"
# every value counts as a hit: written at the next address, no gaps
sed -i -e 's/val_wr_data_o = (hit_q \&\& vt/val_wr_data_o = (vt/' \
    -e 's/        if (hit_q) begin/        if (1'"'"'b1) begin/' "$out/rtl_dense/sam_write_vals_pos.v"
cmp -s "$root/rtl/sam_write_vals_pos.v" "$out/rtl_dense/sam_write_vals_pos.v" &&
    { echo "mutation dense-order: edit did not apply"; exit 1; }
check dense-order --rtl-dir "$out/rtl_dense"

# 6. value dropper: a copy of sam_crdvals that keeps zero values, on
# vec_ds_compression (x = b compressed from a dense b = [1 0 0 4 0 0 0 0]).
g=$graphs/vec_ds_compression.gv
T="-t b=$out/b8.tns"
# shellcheck disable=SC2086
if ! "$samgen" verify "$g" $T --sim icarus --keep "$out/base-vals" >"$out/base-vals.log" 2>&1; then
    echo "mutation-test: the unmodified vec_ds_compression design does not pass:"; cat "$out/base-vals.log"; exit 1
fi
mkdir -p "$out/rtl_vals"; cp "$root"/rtl/*.v "$root"/rtl/*.vh "$out/rtl_vals/"
sed -i "s/wire emit = fire && !((Drop != 0) && zero);/wire emit = fire;/" "$out/rtl_vals/sam_crdvals.v"
cmp -s "$root/rtl/sam_crdvals.v" "$out/rtl_vals/sam_crdvals.v" &&
    { echo "mutation keep-zero: edit did not apply"; exit 1; }
check keep-zero --rtl-dir "$out/rtl_vals"

if [ $fail -ne 0 ]; then echo "mutation-test: FAILED"; exit 1; fi
echo "mutation-test: all 6 mutations caught"
