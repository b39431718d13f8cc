#!/bin/sh
# tensor_cli_test.sh - end-to-end tests of `samgen tensor` (convert, gen,
# info): conversions in every direction agree, bad input gives one
# "FILE:LINE: message" line, exit 2 and no output file; and the shape
# rules of tensors bound to a graph (golden, gen, verify).
#
#   sh cli/tensor_cli_test.sh SAMGEN WORKDIR
#
# Cases over $SHARED/data are skipped with a message when it is absent.
set -u
SAMGEN=$1
W=$2
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/cli/test_count.sh"
rm -rf "$W"
mkdir -p "$W"
cd "$W" || exit 2

# run_ok DESCRIPTION CMD...: the command must exit 0.
run_ok() {
    d=$1; shift
    if "$@" >out.txt 2>err.txt; then ok; else bad "$d: exit $? ($(cat err.txt))"; fi
}

same() {
    d=$1
    if cmp -s "$2" "$3"; then ok; else bad "$d: $2 and $3 differ"; diff "$2" "$3" | head -5; fi
}

# ---- conversions ----------------------------------------------------------
cat >m.mtx <<'X'
%%MatrixMarket matrix coordinate real general
% B of SAM-SEMANTICS 3.1, column-major in the file
4 4 5
1 1 1.0
4 1 4.0
3 2 3.0
1 3 2.0
4 4 5.0
X
run_ok "mtx -> dir ss01" "$SAMGEN" tensor convert m.mtx d1 --format ss01 --name B
printf '0\n3\n' >want; same "ss01 mode_0_seg" d1/tensor_B_mode_0_seg want
printf '0\n2\n3\n5\n' >want; same "ss01 mode_1_seg" d1/tensor_B_mode_1_seg want
printf '0\n2\n1\n0\n3\n' >want; same "ss01 mode_1_crd" d1/tensor_B_mode_1_crd want
printf '1\n2\n3\n4\n5\n' >want; same "ss01 vals" d1/tensor_B_mode_vals want
printf '4\n4\n' >want; same "ss01 shape" d1/tensor_B_mode_shape want

run_ok "dir -> tns" "$SAMGEN" tensor convert d1 t1.tns
printf '# shape 4 4\n1 1 1\n1 3 2\n3 2 3\n4 1 4\n4 4 5\n' >want
same "dir -> tns" t1.tns want
run_ok "tns -> tns column order" "$SAMGEN" tensor convert t1.tns t2.tns --format ss10
printf '# shape 4 4\n1 1 1\n4 1 4\n3 2 3\n1 3 2\n4 4 5\n' >want
same "tns in storage order, logical coordinates" t2.tns want
run_ok "tns -> dir ss10" "$SAMGEN" tensor convert t2.tns d2 --format ss10 --name C
printf '1\n4\n3\n2\n5\n' >want; same "ss10 vals" d2/tensor_C_mode_vals want
run_ok "dir ss10 (inferred) -> mtx" "$SAMGEN" tensor convert d2 m2.mtx
printf '%%%%MatrixMarket matrix coordinate integer general\n4 4 5\n1 1 1\n1 3 2\n3 2 3\n4 1 4\n4 4 5\n' >want
same "dir -> mtx" m2.mtx want
run_ok "mtx -> dir ds01" "$SAMGEN" tensor convert m2.mtx d3 --format ds01
printf '0\n2\n2\n3\n5\n' >want; same "ds01 seg (empty row kept)" d3/tensor_B_mode_1_seg want
[ ! -e d3/tensor_B_mode_0_seg ] && ok || bad "ds01 wrote a mode-0 seg"
run_ok "mtx -> dir dd10" "$SAMGEN" tensor convert m.mtx d4 --format dd10
run_ok "dir dd10 -> tns" "$SAMGEN" tensor convert d4 t4.tns --in-format dd10
same "dense round trip" t4.tns t1.tns

# COO: uq01 is a non-unique level (its coordinates in runs) above a
# singleton level (crd alone, no seg file); read back with the format
# inferred from the files
run_ok "mtx -> dir uq01" "$SAMGEN" tensor convert m.mtx d5 --format uq01 --name B
printf '0\n5\n' >want; same "uq01 mode_0_seg" d5/tensor_B_mode_0_seg want
printf '0\n0\n2\n3\n3\n' >want; same "uq01 mode_0_crd (runs)" d5/tensor_B_mode_0_crd want
printf '0\n2\n1\n0\n3\n' >want; same "uq01 mode_1_crd" d5/tensor_B_mode_1_crd want
[ ! -e d5/tensor_B_mode_1_seg ] && ok || bad "uq01 wrote a singleton seg"
run_ok "dir uq01 (inferred) -> tns" "$SAMGEN" tensor convert d5 t5.tns
same "COO round trip" t5.tns t1.tns
run_ok "dir uq01 -> dir ss01" "$SAMGEN" tensor convert d5 d6 --format ss01 --in-format uq01
same "COO to DCSR" d6/tensor_B_mode_1_crd d1/tensor_B_mode_1_crd
cp -r d5 dcoo1
printf '0\n2\n1\n0\n' >dcoo1/tensor_B_mode_1_crd
expect_err "singleton crd short" "dcoo1/tensor_B_mode_1_crd:5: crd has 4 entries; a singleton level needs one per position above (5)" \
    o14.tns "$SAMGEN" tensor convert dcoo1 o14.tns --in-format uq01
cp -r d5 dcoo2
printf '0\n2\n1\n3\n0\n' >dcoo2/tensor_B_mode_1_crd
expect_err "singleton order" "dcoo2/tensor_B_mode_1_crd:5: coordinates not strictly increasing under one coordinate above (0 after 3)" \
    o15.tns "$SAMGEN" tensor convert dcoo2 o15.tns
cp -r d5 dcoo3
printf '0\n2\n0\n3\n3\n' >dcoo3/tensor_B_mode_0_crd
expect_err "non-unique order" "dcoo3/tensor_B_mode_0_crd:3: coordinates decrease in a fiber (0 after 2)" \
    o16.tns "$SAMGEN" tensor convert dcoo3 o16.tns --in-format uq01
expect_err "COO format rule" "samgen tensor: --format: bad tensor format 'qu01': a singleton level (q) must sit under a non-unique level (u) or a dense one (d): COO is uq01, ELL ddq012" \
    o17 "$SAMGEN" tensor convert m.mtx o17 --format qu01

printf '42\n' >s.tns
run_ok "scalar tns -> dir" "$SAMGEN" tensor convert s.tns ds --format none --name x
printf '42\n' >want; same "scalar vals" ds/tensor_x_mode_vals want
run_ok "scalar dir -> tns" "$SAMGEN" tensor convert ds s2.tns
same "scalar tns is one line" s2.tns want

printf '1 1 2.5\n2 2 -0.5\n' >r.tns
run_ok "scale" "$SAMGEN" tensor convert r.tns r2.tns --scale 2
printf '# shape 2 2\n1 1 5\n2 2 -1\n' >want; same "--scale 2" r2.tns want
run_ok "rounding to an integer type" "$SAMGEN" tensor convert r.tns r3.tns --type int32
printf '# shape 2 2\n1 1 3\n2 2 -1\n' >want; same "ties away from zero" r3.tns want
printf '1 1 200\n' >w.tns
run_ok "width" "$SAMGEN" tensor convert w.tns w2.tns --width 8
printf '# shape 1 1\n1 1 -56\n' >want; same "--width 8 wraps" w2.tns want

# ---- gen and info ------------------------------------------------------------
run_ok "gen" "$SAMGEN" tensor gen --shape 200x300 --density 0.05 --seed 4 -o g.mtx
run_ok "gen again" "$SAMGEN" tensor gen --shape 200x300 --density 0.05 --seed 4 -o g2.mtx
same "gen is deterministic" g.mtx g2.mtx
run_ok "info" "$SAMGEN" tensor info g.mtx
grep -q '^shape:   200x300$' out.txt && grep -q '^nnz:     3000 ' out.txt && ok \
    || bad "info: $(cat out.txt)"
run_ok "gen 3-d runs dir" "$SAMGEN" tensor gen --shape 4x5x64 --density 0.2 \
    --pattern runs --run-length 8 --seed 1 -o gd --format sss012 --name T
[ -s gd/tensor_T_mode_2_crd ] && ok || bad "gen to a directory"
run_ok "gen blocks" "$SAMGEN" tensor gen --shape 2000 --density 0.2 --pattern blocks \
    --run-length 20 --seed 1 -o gb.tns
run_ok "info vector" "$SAMGEN" tensor info gb.tns
# tiles: m.mtx (4 x 4, entries at (0,0) (3,0) (2,1) (0,2) (3,3)) in 2 x 2
# tiles: (0,0) holds one, (1,0) two, (0,1) one, (1,1) one: all four occupied
run_ok "info --tile" "$SAMGEN" tensor info m.mtx --tile 2
grep -q '^tiles:   2 x 2 -> a grid of 2 x 2 = 4 tiles$' out.txt &&
    grep -q '^occupied tiles: 4 (100%), empty 0%$' out.txt &&
    grep -q '^nnz per occupied tile: min 1, max 2, mean 1.25, stddev 0.43; the fullest at tile (1,0)$' out.txt &&
    ok || bad "info --tile 2: $(cat out.txt)"
run_ok "info --tile named, per mode" "$SAMGEN" tensor info m.mtx --tile i:4,j:1
grep -q '^tiles:   i 4 x j 1 -> a grid of 1 x 4 = 4 tiles$' out.txt &&
    grep -q '^nnz per occupied tile: min 1, max 2, mean 1.25' out.txt &&
    ok || bad "info --tile i:4,j:1: $(cat out.txt)"
# in 3 x 3 tiles (edge tiles partial): (0,0) holds three, (1,0) and (1,1)
# one each, (0,1) none
run_ok "info --tile 3x3" "$SAMGEN" tensor info m.mtx --tile 3x3
grep -q '^occupied tiles: 3 (75%), empty 25%$' out.txt &&
    grep -q 'max 3, mean 1.67, stddev 0.94; the fullest at tile (0,0)$' out.txt &&
    ok || bad "info --tile 3x3: $(cat out.txt)"
# convert --tile: order 4, (tile row, tile col, row in tile, col in tile)
run_ok "convert --tile" "$SAMGEN" tensor convert m.mtx mt.tns --tile 2
printf '# shape 2 2 2 2\n1 1 1 1 1\n1 2 1 1 2\n2 1 1 2 3\n2 1 2 1 4\n2 2 2 2 5\n' >want
same "convert --tile 2" mt.tns want
run_ok "convert --tile to a directory, T-sd" "$SAMGEN" tensor convert m.mtx mtd --tile 2 --format ssdd0123
printf '0\n1\n' >want; same "tiled top level: the occupied tile rows" mtd/tensor_B_mode_0_crd want
printf '2\n2\n2\n2\n' >want; same "tiled shape" mtd/tensor_B_mode_shape want
run_ok "convert --tile 3x4 (partial tiles)" "$SAMGEN" tensor convert m.mtx mt3.tns --tile 3x4
head -1 mt3.tns | grep -qx '# shape 2 1 3 4' && ok || bad "--tile 3x4 shape: $(head -1 mt3.tns)"
expect_err "tiled format order" "samgen tensor: --format ss01 is for order 2 but the tensor has order 4" mt4 \
    "$SAMGEN" tensor convert m.mtx mt4 --tile 2 --format ss01
# ---- structured formats (--cast) and the level table ---------------------
run_ok "convert --cast ell" "$SAMGEN" tensor convert m.mtx mell --cast ell
printf '0\n0\n1\n0\n2\n0\n0\n3\n' >want; same "ELL slots' columns (row 1 padded)" mell/tensor_B_mode_2_crd want
printf '2\n4\n4\n' >want; same "ELL shape (2 slots)" mell/tensor_B_mode_shape want
run_ok "convert --cast dia" "$SAMGEN" tensor convert m.mtx mdia --cast dia
printf -- '-3\n-1\n0\n2\n' >want; same "DIA offsets" mdia/tensor_B_mode_1_offset want
run_ok "DIA back to .tns" "$SAMGEN" tensor convert mdia mdia.tns
run_ok "cast straight to .tns" "$SAMGEN" tensor convert m.mtx mdia2.tns --cast dia --format dro012
same "DIA through a SAM directory" mdia.tns mdia2.tns
run_ok "convert --cast dia --format sro012" "$SAMGEN" tensor convert m.mtx mdias --cast dia --format sro012
run_ok "hashed level" "$SAMGEN" tensor convert m.mtx mh --format sh01
grep -qx -- '-1' mh/tensor_B_mode_1_crd && ok || bad "hashed crd has no empty bucket"
run_ok "hashed back to .tns" "$SAMGEN" tensor convert mh mh.tns
run_ok "CSR to .tns" "$SAMGEN" tensor convert m.mtx mcsr.tns
sort mh.tns >a.txt; sort mcsr.tns >b.txt; same "hashed holds the matrix" a.txt b.txt
expect_err "bad cast" "samgen tensor: --cast: unknown 'csr' (ell or dia)" mc1 \
    "$SAMGEN" tensor convert m.mtx mc1 --cast csr
printf '# shape 2 2 2\n1 1 1 3\n' >t3.tns
expect_err "cast of order 3" "samgen tensor: --cast ell: t3.tns: the ell cast takes a matrix, not a tensor of order 3" mc2 \
    "$SAMGEN" tensor convert t3.tns mc2 --cast ell
expect_err "ELL of the matrix itself" "samgen tensor: m.mtx: format dq01: a singleton level under a dense level holds one coordinate per position, and position 0 (mode 0 = 0) has 2: store a matrix as ELL with \`samgen tensor convert --cast ell\`" mc3 \
    "$SAMGEN" tensor convert m.mtx mc3 --format dq01
expect_err "range without its offset file" "mdia/tensor_B_mode_1_offset: missing: format r1 (a range level) needs it" mc4.tns \
    sh -c "rm mdia/tensor_B_mode_1_offset && \"$SAMGEN\" tensor convert mdia mc4.tns --in-format dro012"
run_ok "tensor formats" "$SAMGEN" tensor formats
grep -q '^| `h` | hashed | position (P) | yes | insert |' out.txt && ok || bad "tensor formats: $(cat out.txt)"

run_ok "info --tile on blocks" "$SAMGEN" tensor info gb.tns --tile 100
grep -q '^tiles:   100 -> a grid of 20 = 20 tiles$' out.txt && ok || bad "info --tile 100: $(cat out.txt)"

# ---- bad input --------------------------------------------------------------
printf '%%%%MatrixMarket matrix coordinate real general\n3 3 2\n1 1 1\n' >trunc.mtx
expect_err "truncated" "trunc.mtx:4: truncated file: 1 of 2 entries present" o1.tns \
    "$SAMGEN" tensor convert trunc.mtx o1.tns
printf '%%%%MatrixMarket matrix coordinate real general\n3 3 2\n1 1 1\n1 1 2\n' >dup.mtx
expect_err "duplicate" "dup.mtx:4: duplicate entry (1, 1) (first at line 3); use --sum-duplicates to add them" \
    o2 "$SAMGEN" tensor convert dup.mtx o2
run_ok "sum duplicates" "$SAMGEN" tensor convert dup.mtx o3.tns --sum-duplicates
printf '# shape 3 3\n1 1 3\n' >want; same "summed" o3.tns want
printf '%%%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 0\n' >cx.mtx
expect_err "complex" "cx.mtx:1: complex matrices are not supported (values are W-bit integers)" \
    o4.tns "$SAMGEN" tensor convert cx.mtx o4.tns
printf '1 1 1\n1 0 1\n' >z.tns
expect_err "zero index" "z.tns:2: coordinate 0 in mode 1 (.tns is 1-based)" o5.mtx \
    "$SAMGEN" tensor convert z.tns o5.mtx
printf '1 1 x\n' >nn.tns
expect_err "non-numeric" "nn.tns:1: bad value 'x'" o6.tns "$SAMGEN" tensor convert nn.tns o6.tns
: >empty.mtx
expect_err "empty" "empty.mtx: empty file" o7.tns "$SAMGEN" tensor convert empty.mtx o7.tns
printf '%%%%MatrixMarket matrix coordinate real general\n99999999999999999999 2 0\n' >big.mtx
expect_err "shape overflow" "big.mtx:2: row count is too large" o8.tns \
    "$SAMGEN" tensor convert big.mtx o8.tns
printf '1 2 3 4\n' >t3.tns
expect_err "3-d to mtx" "o9.mtx: Matrix Market holds matrices only (this tensor has order 3); write .tns instead" \
    o9.mtx "$SAMGEN" tensor convert t3.tns o9.mtx
cp -r d1 dbad
printf '0\n2\n1\n5\n3\n' >dbad/tensor_B_mode_1_crd
expect_err "bad crd" "dbad/tensor_B_mode_1_crd:4: coordinate 5 out of range 0..3" o10.tns \
    "$SAMGEN" tensor convert dbad o10.tns
expect_err "bad format" "samgen tensor: --format: bad tensor format 'sx01': unknown level format 'x' (known: s compressed, d dense, u non-unique compressed, q singleton, r range, o offset, h hashed, b bitvector)" \
    o11 "$SAMGEN" tensor convert m.mtx o11 --format sx01
expect_err "format order" "samgen tensor: --format s0 is for order 1 but the tensor has order 2" \
    o12 "$SAMGEN" tensor convert m.mtx o12 --format s0
expect_err "unknown option" "samgen tensor: unknown option '--frobnicate'" "" \
    "$SAMGEN" tensor convert m.mtx o13 --frobnicate 1
# Each subcommand refuses the options it does not use, naming the ones that do.
expect_err "info takes no gen option" "samgen tensor: --density does not apply to 'tensor info' (only to gen)" "" \
    "$SAMGEN" tensor info m.mtx --density 0.5
expect_err "convert takes no -o" "samgen tensor: -o does not apply to 'tensor convert' (only to gen)" o13b.tns \
    "$SAMGEN" tensor convert m.mtx o13a.tns -o o13b.tns
[ ! -e o13a.tns ] && ok "convert refused: nothing written" || bad "convert refused but wrote o13a.tns"
expect_err "tile count" "samgen tensor: --tile '2,2,2': 3 sizes for a tensor of order 2 (one per mode, or one for all)" "" \
    "$SAMGEN" tensor info m.mtx --tile 2,2,2
expect_err "tile size" "samgen tensor: --tile: 0 is out of range 1..9223372036854775807" "" \
    "$SAMGEN" tensor info m.mtx --tile 2x0
expect_err "tile syntax" "samgen tensor: --tile 'i:': expected a tile size at column 3" "" \
    "$SAMGEN" tensor info m.mtx --tile i:
expect_err "gen takes no --tile" "samgen tensor: --tile does not apply to 'tensor gen' (only to convert, info)" o13d.tns \
    "$SAMGEN" tensor gen --shape 4 -o o13d.tns --tile 2
expect_err "gen takes no input option" "samgen tensor: --in-format does not apply to 'tensor gen' (only to convert, info)" o13c.tns \
    "$SAMGEN" tensor gen --shape 4 -o o13c.tns --in-format s0
expect_err "bad density" "samgen tensor: --density: expected a number in 0..1, got '2'" "" \
    "$SAMGEN" tensor gen --shape 5 --density 2 -o o14.tns
expect_err "bad shape" "samgen tensor: --shape: expected DxD.. with positive integers, got '5x0'" "" \
    "$SAMGEN" tensor gen --shape 5x0 -o o15.tns
expect_err "shape overflow" "samgen tensor: --shape: 99999999999999999999 is out of range 1..9223372036854775807" o16.tns \
    "$SAMGEN" tensor gen --shape 99999999999999999999x2 -o o16.tns
# numeric options: syntax, overflow and range, named in the message
expect_err "seed overflow" "samgen tensor: --seed: 99999999999999999999999 is out of range 0..9223372036854775807" o17.tns \
    "$SAMGEN" tensor gen --shape 5 --seed 99999999999999999999999 -o o17.tns
expect_err "seed junk" "samgen tensor: --seed: expected an integer in 0..9223372036854775807, got '12abc'" o17.tns \
    "$SAMGEN" tensor gen --shape 5 --seed 12abc -o o17.tns
expect_err "max-value beyond 32 bits" "samgen tensor: --max-value: 99999999999 is out of range 1..2147483647" o18.tns \
    "$SAMGEN" tensor gen --shape 5 --max-value 99999999999 -o o18.tns
expect_err "max-value beyond the width" "samgen tensor: --max-value: 128 is out of range 1..127" o18.tns \
    "$SAMGEN" tensor gen --shape 5 --width 8 --max-value 128 -o o18.tns
run_ok "max-value at the width's largest value" \
    "$SAMGEN" tensor gen --shape 5 --density 1 --width 8 --max-value 127 -o o18.tns
if awk '!/^#/ && ($2 < 1 || $2 > 127) { exit 1 }' o18.tns; then ok; else bad "max-value 127: values out of 1..127"; fi
expect_err "width out of range" "samgen tensor: --width: 65 is out of range 1..64" o19.tns \
    "$SAMGEN" tensor gen --shape 5 --width 65 -o o19.tns
expect_err "run-length zero" "samgen tensor: --run-length: 0 is out of range 1..9223372036854775807" o19.tns \
    "$SAMGEN" tensor gen --shape 5 --pattern runs --run-length 0 -o o19.tns

# ---- shapes of bound tensors (golden, gen, verify) -------------------------
# docs/tensor-formats.md, "Shapes of bound tensors".  Simulation cases run
# under Icarus when it is installed.
MUL=$ROOT/examples/vec_elemmul.gv
"$SAMGEN" compile 'x(i)=b(i)+c(i)' -f x:s -f b:s -f c:s -o add.gv >/dev/null
"$SAMGEN" compile 'x(i)=a*c(i)' -f x:s -f c:s -o scal.gv >/dev/null
"$SAMGEN" compile 'x(i)=B(i,j)*c(j)' -f x:d -f B:ds -f c:s -o mvd.gv >/dev/null
have_sim=0
command -v iverilog >/dev/null 2>&1 && have_sim=1

# run_verify DESCRIPTION ARGS...: samgen verify under Icarus must PASS.
run_verify() {
    d=$1; shift
    [ $have_sim = 1 ] || { echo "SKIP: iverilog not installed: $d"; return; }
    if "$SAMGEN" verify "$@" --sim icarus >out.txt 2>err.txt && grep -q '^PASS ' out.txt; then
        ok
    else
        bad "$d: $(head -n 3 out.txt err.txt)"
    fi
}

# Inferred extents (no "# shape" line): an index's extent is the largest.
printf '1 5\n3 2\n' >sb.tns
printf '2 4\n8 1\n' >sc.tns
run_ok "union of inferred extents 3 and 8" "$SAMGEN" golden add.gv -t b=sb.tns -t c=sc.tns -o g1
printf '# shape 8\n1 5\n2 4\n3 2\n8 1\n' >want; same "union output has extent 8" g1/x.tns want
run_ok "intersection of inferred extents" "$SAMGEN" golden "$MUL" -t b=sb.tns -t c=sc.tns -o g2
printf '# shape 8\n' >want; same "output shape follows the index" g2/x.tns want
run_verify "verify with inferred extents 3 and 8" add.gv -t b=sb.tns -t c=sc.tns

# Declared extents that disagree, or a coordinate beyond one: exit 2
# before running, the same message from golden, gen and verify.
printf '# shape 3\n1 5\n3 2\n' >db.tns
printf '# shape 8\n2 4\n8 1\n' >dc.tns
m="dc.tns: index i has extent 3 in tensor b (db.tns) but 8 in tensor c (dc.tns)"
expect_err "declared extents disagree (golden)" "$m" g3 "$SAMGEN" golden add.gv -t b=db.tns -t c=dc.tns -o g3
expect_err "declared extents disagree (gen)" "$m" g4 "$SAMGEN" gen add.gv -t b=db.tns -t c=dc.tns -o g4
expect_err "declared extents disagree (verify)" "$m" k1 "$SAMGEN" verify add.gv -t b=db.tns -t c=dc.tns --keep k1
expect_err "coordinate beyond a declared extent" \
    "sc.tns: index i has extent 3 in tensor b (db.tns) but tensor c (sc.tns) has coordinate 8 in it" \
    g5 "$SAMGEN" golden add.gv -t b=db.tns -t c=sc.tns -o g5
# A located (dense) operand is read under its index too: its extent must
# agree with the iterated operand's before anything runs.
"$SAMGEN" compile 'x(i)=B(i,j)*c(j)' -f B:ds -f c:d -o mvl.gv >/dev/null
printf '# shape 3\n1 5\n3 2\n' >c3.tns
expect_err "located operand's extent disagrees" \
    "c3.tns: index j has extent 4 in tensor B (m.mtx) but 3 in tensor c (c3.tns)" \
    g5b "$SAMGEN" golden mvl.gv -t B=m.mtx -t c=c3.tns -o g5b
printf '# shape 10\n1 5\n' >db10.tns
run_ok "declared extent raises an inferred one" "$SAMGEN" golden add.gv -t b=db10.tns -t c=sc.tns -o g6
printf '# shape 10\n1 5\n2 4\n8 1\n' >want; same "output has the declared extent" g6/x.tns want

# A .tns with no entries: its shape from "# shape" or from the operands.
: >e.tns
run_ok "empty operand of a mul" "$SAMGEN" golden "$MUL" -t b=sb.tns -t c=e.tns -o g7
printf '# shape 3\n' >want; same "empty operand: empty product" g7/x.tns want
run_ok "empty operand of an add" "$SAMGEN" golden add.gv -t b=e.tns -t c=sc.tns -o g8
printf '# shape 8\n2 4\n8 1\n' >want; same "empty operand: the other one" g8/x.tns want
run_verify "verify with an empty operand of a mul" "$MUL" -t b=sb.tns -t c=e.tns
run_verify "verify with an empty operand of an add" add.gv -t b=e.tns -t c=sc.tns
expect_err "no operand gives a shape" \
    "e.tns: tensor b (e.tns) has no entries and no \"# shape\" line, and no other operand gives the extent of index i (mode 0)" \
    g9 "$SAMGEN" golden "$MUL" -t b=e.tns -t c=e.tns -o g9
run_ok "empty scalar file is 0" "$SAMGEN" golden scal.gv -t a=e.tns -t c=sc.tns -o g10
printf '# shape 8\n2 0\n8 0\n' >want; same "scalar 0 times c" g10/x.tns want
expect_err "empty file still fails for tensor convert" "e.tns: empty file: no entries" o16.tns \
    "$SAMGEN" tensor convert e.tns o16.tns

# The data's order must be the graph's.
printf '1 1 7\n2 2 9\n' >M.tns
m="M.tns: tensor a: the graph declares order 0, the file has order 2"
expect_err "matrix bound to a scalar (golden)" "$m" g11 "$SAMGEN" golden scal.gv -t a=M.tns -t c=sc.tns -o g11
expect_err "matrix bound to a scalar (verify)" "$m" k2 "$SAMGEN" verify scal.gv -t a=M.tns -t c=sc.tns --keep k2
expect_err "matrix bound to a vector" "M.tns: tensor c: the graph declares order 1, the file has order 2" \
    g12 "$SAMGEN" golden "$MUL" -t b=sb.tns -t c=M.tns -o g12

# An index of extent 0 stored in a dense output level.
printf '# shape 0 3\n' >B03.tns
printf '# shape 3\n' >c3.tns
m="mvd.gv:13: output x stores index i in a dense level, but tensor B (B03.tns) gives i extent 0 (a dense level needs at least 1)"
expect_err "dense output of extent 0 (golden)" "$m" g13 "$SAMGEN" golden mvd.gv -t B=B03.tns -t c=c3.tns -o g13
expect_err "dense output of extent 0 (verify)" "$m" k3 "$SAMGEN" verify mvd.gv -t B=B03.tns -t c=c3.tns --keep k3

# ---- huge and non-text inputs: refused at the first bad line ----------------
# A link to /dev/zero is refused at its first byte (it used to be read until
# memory ran out); so is an endless stream of garbage lines (a FIFO fed by
# `yes`: only a reader that stops at the first bad line ever returns).
ln -s /dev/zero zero.tns
ln -s /dev/zero zero.mtx
expect_err "/dev/zero as .tns" "zero.tns:1: NUL byte: not a text file" o20.tns \
    "$SAMGEN" tensor convert zero.tns o20.tns
expect_err "/dev/zero as .mtx" "zero.mtx:1: NUL byte: not a text file" o21.tns \
    "$SAMGEN" tensor convert zero.mtx o21.tns
mkdir zdir
printf '2\n' >zdir/tensor_z_mode_shape
ln -s /dev/zero zdir/tensor_z_mode_vals
expect_err "/dev/zero as a SAM vals file" "zdir/tensor_z_mode_vals:1: NUL byte: not a text file" o22.tns \
    "$SAMGEN" tensor convert zdir o22.tns --format d0
printf '1 1 1\n2 2 x\n' >nulmid.tns
printf '3 3 3\n\0\n' >>nulmid.tns
expect_err "NUL byte after the entries" "nulmid.tns:2: bad value 'x'" o23.tns \
    "$SAMGEN" tensor convert nulmid.tns o23.tns
printf '1 1 1\n2 2 2\n\0\n' >nul3.tns
expect_err "NUL byte on line 3" "nul3.tns:3: NUL byte: not a text file" o24.tns \
    "$SAMGEN" tensor convert nul3.tns o24.tns
if command -v mkfifo >/dev/null 2>&1 && command -v timeout >/dev/null 2>&1; then
    mkfifo endless.tns
    (yes 'garbage line' >endless.tns 2>/dev/null &)
    expect_err "endless garbage lines" "endless.tns:1: bad coordinate 'garbage'" o25.tns \
        timeout 60 "$SAMGEN" tensor convert endless.tns o25.tns
    (yes 12 | tr -d '\n' >endless.tns 2>/dev/null &)
    expect_err "endless line of digits" "endless.tns:1: line longer than 1048576 bytes" o26.tns \
        timeout 60 "$SAMGEN" tensor convert endless.tns o26.tns
    rm -f endless.tns
else
    echo "SKIP: mkfifo or timeout missing: endless inputs not tried"
fi
awk 'BEGIN { printf "%%%%MatrixMarket matrix coordinate integer general\n%% "; for (i = 0; i < 1048574; i++) printf "c"; printf "\n1 1 1\n1 1 7\n" }' >longcomment.mtx
run_ok "a comment line of exactly 1 MiB" "$SAMGEN" tensor convert longcomment.mtx o27.tns
awk 'BEGIN { printf "%%%%MatrixMarket matrix coordinate integer general\n%% "; for (i = 0; i < 1048575; i++) printf "c"; printf "\n1 1 1\n1 1 7\n" }' >longcomment2.mtx
expect_err "a comment line over 1 MiB" "longcomment2.mtx:2: line longer than 1048576 bytes" o28.tns \
    "$SAMGEN" tensor convert longcomment2.mtx o28.tns

# A generated tensor holds at most 512 MiB of entries: refused before any
# allocation, not an out-of-memory abort after minutes.
expect_err "gen beyond the entry limit" \
    "samgen tensor: 200000000 entries requested; at most 22369621 for order 2 (512 MiB of entries)" \
    o29.tns "$SAMGEN" tensor gen --shape 100000x100000 --density 0.02 -o o29.tns
expect_err "gen beyond the entry limit, order 3" \
    "samgen tensor: 20000000 entries requested; at most 16777216 for order 3 (512 MiB of entries)" \
    o30.tns "$SAMGEN" tensor gen --shape 1000x1000x1000 --density 0.02 -o o30.tns

# ---- value types (docs/values.md, "Value types") -----------------------------
# Real values read exactly to fp32 or bf16 bits and written back as the
# shortest decimal; the type from --type or, by default, fp32 when a value
# is not an integer; rounding to integers only with an integer --type, and
# then counted; conflicts and unknown types refused before anything runs.
printf '# shape 3 3\n1 1 0.1\n1 3 2.5\n2 2 -1e-45\n3 1 3.4028236e38\n' >vB.tns
printf '# shape 3\n1 1.5\n2 0.25\n3 2\n' >vc.tns
run_ok "convert real values (default fp32)" "$SAMGEN" tensor convert vB.tns v1.tns
printf '# shape 3 3\n1 1 0.1\n1 3 2.5\n2 2 -1e-45\n3 1 inf\n' >want
same "fp32: shortest decimals, overflow to inf" v1.tns want
if grep -qx "samgen tensor: value type fp32 (an input holds non-integer values)" err.txt
then ok; else bad "convert: value type line missing ($(cat err.txt))"; fi
run_ok "convert --type bf16 to a SAM directory" "$SAMGEN" tensor convert vB.tns vd --type bf16
printf '0.1\n2.5\n-0\ninf\n' >want; same "bf16 vals (1e-45 underflows to -0)" vd/tensor_B_mode_vals want
run_ok "SAM directory of reals back to .tns" "$SAMGEN" tensor convert vd v2.tns --type bf16
printf '# shape 3 3\n1 1 0.1\n1 3 2.5\n2 2 -0\n3 1 inf\n' >want; same "bf16 read back" v2.tns want
run_ok "convert integers stays integer" "$SAMGEN" tensor convert t1.tns v3.tns
if [ -s err.txt ]; then bad "integer convert printed '$(cat err.txt)'"; else ok; fi
run_ok "convert --type int32 rounds" "$SAMGEN" tensor convert vB.tns v4.tns --type int32
if grep -qx "samgen tensor: warning: vB.tns: 3 of 4 values rounded to integers, 2 became 0" err.txt
then ok; else bad "rounding warning: $(cat err.txt)"; fi
expect_err "tensor --type float" \
    "samgen tensor: --type: unknown type 'float' (int8, int16, int32, int64, fp32, bf16)" \
    v5.tns "$SAMGEN" tensor convert vB.tns v5.tns --type float
expect_err "tensor --type fp32 --width 8" \
    "samgen tensor: --type fp32 conflicts with --width 8; give one" \
    v5.tns "$SAMGEN" tensor convert vB.tns v5.tns --type fp32 --width 8
expect_err "tensor --type fp32 --scale 10" \
    "samgen tensor: --type fp32 conflicts with --scale (which asks for integers)" \
    v5.tns "$SAMGEN" tensor convert vB.tns v5.tns --type fp32 --scale 10

EX=$ROOT/examples
run_ok "golden spmv on reals (default fp32)" "$SAMGEN" golden "$EX/spmv.gv" -t B=vB.tns -t c=vc.tns -o g1
printf '# shape 3\n1 5.15\n2 0\n3 inf\n' >want; same "golden fp32 x" g1/x.tns want
printf '5.15\n0\ninf\n' >want; same "golden fp32 x vals" g1/x/tensor_x_mode_vals want
if grep -qx "samgen golden: value type fp32 (an input holds non-integer values)" err.txt
then ok; else bad "golden: value type line missing ($(cat err.txt))"; fi
run_ok "golden spmv --type bf16" "$SAMGEN" golden "$EX/spmv.gv" -t B=vB.tns -t c=vc.tns -o g2 --type bf16
printf '# shape 3\n1 5.16\n2 0\n3 inf\n' >want; same "golden bf16 x" g2/x.tns want
if grep -qx "samgen golden: value type bf16" err.txt; then ok; else bad "golden bf16: $(cat err.txt)"; fi
run_ok "golden spmv --type int32 on reals" "$SAMGEN" golden "$EX/spmv.gv" -t B=vB.tns -t c=vc.tns -o g3 --type int32
printf '# shape 3\n1 6\n2 0\n3 0\n' >want; same "golden int32 x" g3/x.tns want
printf 'samgen golden: warning: vB.tns: 3 of 4 values rounded to integers, 2 became 0\nsamgen golden: warning: vc.tns: 2 of 3 values rounded to integers, 1 became 0\nsamgen golden: value type int32\n' >want
same "golden rounding warnings" err.txt want
run_ok "golden on the example's integers" "$SAMGEN" golden "$EX/spmv.gv" -t B="$EX/spmv_B.tns" -t c="$EX/spmv_c.tns" -o g4
if [ -s err.txt ]; then bad "integer golden printed '$(cat err.txt)'"; else ok; fi
expect_err "golden --type float" \
    "samgen golden: --type: unknown type 'float' (int8, int16, int32, int64, fp32, bf16)" \
    g5 "$SAMGEN" golden "$EX/spmv.gv" -t B=vB.tns -t c=vc.tns -o g5 --type float
expect_err "golden --type fp32 --width 8" \
    "samgen golden: --type fp32 conflicts with --width 8; give one" \
    g5 "$SAMGEN" golden "$EX/spmv.gv" -t B=vB.tns -t c=vc.tns -o g5 --type fp32 --width 8
expect_err "gen --type fp32 --width-val 8" \
    "samgen gen: --type fp32 conflicts with --width-val 8; give one" \
    g5 "$SAMGEN" gen "$EX/spmv.gv" -t B=vB.tns -t c=vc.tns -o g5 --type fp32 --width-val 8
expect_err "gen --type float" \
    "samgen: --type: unknown type 'float' (int8, int16, int32, int64, fp32, bf16)" \
    g5 "$SAMGEN" gen "$EX/spmv.gv" -o g5 --type float
expect_err "stream --type fp32 --width 8" \
    "samgen stream: --type fp32 conflicts with --width 8; give one" \
    s5.txt "$SAMGEN" stream add vB.tns -o s5.txt --type fp32 --width 8

# gen: ValType on exactly the value-computing instances, none for integers
for k in spmv matmul_ikj; do
    "$SAMGEN" gen "$EX/$k.gv" -o "gi_$k" >/dev/null 2>&1
    "$SAMGEN" gen "$EX/$k.gv" -o "gf_$k" --type fp32 >/dev/null 2>&1
    "$SAMGEN" gen "$EX/$k.gv" -o "gb_$k" --type bf16 >/dev/null 2>&1
    top=${k}_top.v
    if grep -q ValType "gi_$k/$top"; then bad "$k: ValType in an integer design"; else ok; fi
    vals=$(grep -cE '^  sam_(alu|reduce|spacc|vectorreducer) #' "gf_$k/$top")
    typed=$(grep -c '\.ValType(1)) ' "gf_$k/$top")
    other=$(grep ValType "gf_$k/$top" | grep -cvE '^  sam_(alu|reduce|spacc|vectorreducer) #')
    if [ "$vals" -gt 0 ] && [ "$vals" -eq "$typed" ] && [ "$other" -eq 0 ]; then ok
    else bad "$k fp32: $typed of $vals value instances with ValType(1), $other others"; fi
    if grep -q 'parameter integer ValWidth = 16' "gb_$k/$top" &&
       [ "$(grep -c '\.ValType(2)) ' "gb_$k/$top")" -eq "$vals" ]; then ok
    else bad "$k bf16: ValWidth 16 and ValType(2) expected"; fi
    # apart from ValType, the fp32 design is the integer one
    sed 's/, \.ValType(1))/)/' "gf_$k/$top" | grep -v 'samgen gen' >a.v
    grep -v 'samgen gen' "gi_$k/$top" >b.v
    same "$k fp32 differs only in ValType" a.v b.v
done

# ---- real matrices ----------------------------------------------------------
if [ -n "${SHARED:-}" ] && [ -d "$SHARED/data/mtx" ]; then
    for f in "$SHARED"/data/mtx/*.mtx "$SHARED"/data/tns/*.tns; do
        b=$(basename "$f")
        case $f in *.mtx) fmt=ss01; ext=mtx ;; *) fmt=; ext=tns ;; esac
        if ! "$SAMGEN" tensor convert "$f" "real_$b.d" ${fmt:+--format $fmt} 2>err.txt; then
            bad "$b: $(cat err.txt)"; continue
        fi
        "$SAMGEN" tensor convert "$f" "real_a.$ext" 2>/dev/null
        "$SAMGEN" tensor convert "real_$b.d" "real_b.$ext" 2>/dev/null
        same "$b through a SAM directory" "real_a.$ext" "real_b.$ext"
        rm -rf "real_$b.d"
    done
else
    echo "SKIP: \$SHARED/data not available: real matrices not converted"
fi

if [ $fails -ne 0 ]; then
    echo "tensor CLI tests: $fails of $n FAILED"
    exit 1
fi
echo "tensor CLI tests: $n passed"
