#!/bin/sh
# cache_cli_test.sh - command-line tests of the Verilator build cache
# (docs/verification.md, "The build cache"): samgen cache info and clean on
# a cache of stand-in builds, the cache's location from the environment,
# the size cap; with Verilator installed also a real build: the cap
# enforced after it, a second input within --max-nnz reusing it, an input
# over --max-nnz refused.  HOME and XDG_CACHE_HOME point into WORKDIR, so
# the user's cache is never touched.
#
#   sh cli/cache_cli_test.sh SAMGEN WORKDIR
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/cli/test_lib.sh"
begin "$1" "$2"
has() { grep -qF -- "$3" "$2" && ok "$1" || bad "$1: '$3' not in $2"; }
hasnt() { grep -qF -- "$3" "$2" && bad "$1: '$3' in $2" || ok "$1"; }
unset SAMGEN_CACHE SAMGEN_CACHE_MAX
export HOME="$WORK/home" XDG_CACHE_HOME="$WORK/xdg"
mkdir -p "$HOME"
C=$XDG_CACHE_HOME/samgen
# nbuilds: the number of finished builds in the cache
nbuilds() {
    nb=0
    for d in "$C"/vl-????????????????; do [ -d "$d" ] && nb=$((nb + 1)); done
    echo "$nb"
}
# build NAME KIB AGE: a stand-in build of KIB KiB last used AGE ago
build() {
    mkdir -p "$C/$1" && head -c $(($2 * 1024)) /dev/zero >"$C/$1/Vtop" &&
        touch -d "$3 ago" "$C/$1"
}

# ---- where the cache is ------------------------------------------------------
expect 0 "info on a missing cache" "$SAMGEN" cache info
has "info: location from XDG_CACHE_HOME" "$WORK/out" "location: $C"
has "info: no builds" "$WORK/out" "builds: 0"
has "info: the default cap" "$WORK/out" "cap: 512.0 MiB (\$SAMGEN_CACHE_MAX)"
[ ! -e "$C" ] && ok "info creates nothing" || bad "info created $C"
XDG_CACHE_HOME='' expect 0 "info without XDG_CACHE_HOME" "$SAMGEN" cache info
has "info: location under HOME" "$WORK/out" "location: $HOME/.cache/samgen"
SAMGEN_CACHE="$WORK/own" expect 0 "info with SAMGEN_CACHE" "$SAMGEN" cache info
has "info: SAMGEN_CACHE first" "$WORK/out" "location: $WORK/own"

# ---- info and clean ------------------------------------------------------------
build vl-00000000000000a1 1024 "40 days"
build vl-00000000000000a2 2048 "2 days"
build vl-00000000000000a3 512 "3 hours"
mkdir -p "$C/vl-00000000000000a4.tmp99" "$C/notes"
expect 0 "info" "$SAMGEN" cache info
has "info: three builds (a build under way and other files left out)" "$WORK/out" "builds: 3"
has "info: total size" "$WORK/out" "size: 3.5 MiB"
has "info: the least recently used" "$WORK/out" "oldest: vl-00000000000000a1, last used"
has "info: the most recently used" "$WORK/out" "newest: vl-00000000000000a3, last used"
SAMGEN_CACHE_MAX=0 expect 0 "info with no cap" "$SAMGEN" cache info
has "info: no cap" "$WORK/out" "cap: none"
expect 0 "clean --older-than 10" "$SAMGEN" cache clean --older-than 10
has "clean --older-than: what it did" "$WORK/out" \
    "removed 1 build (1.0 MiB); 2 left (2.5 MiB) in $C"
[ ! -e "$C/vl-00000000000000a1" ] && [ -d "$C/vl-00000000000000a2" ] &&
    ok "clean --older-than: only the old build" || bad "clean --older-than: wrong builds removed"
SAMGEN_CACHE_MAX=1 expect 0 "clean to a 1 MiB cap" "$SAMGEN" cache clean
has "clean to the cap: the least recently used goes" "$WORK/out" \
    "removed 1 build (2.0 MiB); 1 left (0.5 MiB)"
[ -d "$C/vl-00000000000000a3" ] && ok "clean to the cap: the newest stays" || bad "newest removed"
expect 0 "clean under the cap" "$SAMGEN" cache clean
has "clean under the cap: nothing removed" "$WORK/out" "removed 0 builds"
expect 0 "clean --all" "$SAMGEN" cache clean --all
has "clean --all: what it did" "$WORK/out" "removed 1 build (0.5 MiB); 0 left (0.0 MiB)"
[ -d "$C/vl-00000000000000a4.tmp99" ] && [ -d "$C/notes" ] &&
    ok "clean --all: other files kept" || bad "clean --all removed what is not a build"
[ "$(nbuilds)" -eq 0 ] &&
    ok "clean --all: nothing else left" || bad "clean --all left $(ls -A "$C")"
rm -rf "$C/vl-00000000000000a4.tmp99" "$C/notes"

# ---- errors --------------------------------------------------------------------
# usage DESCRIPTION MESSAGE CMD...: exit 2, the message on the first line
usage() {
    d=$1; msg=$2; shift 2
    expect 2 "$d refused" "$@"
    [ "$(head -n 1 "$WORK/err")" = "$msg" ] && ok "$d: message" ||
        bad "$d: '$(head -n 1 "$WORK/err")', wanted '$msg'"
}
build vl-00000000000000b1 16 "50 days"
usage "cache without subcommand" "samgen cache: expected 'info' or 'clean'" "$SAMGEN" cache
usage "cache list" "samgen cache: unknown subcommand 'list' (expected info or clean)" \
    "$SAMGEN" cache list
usage "clean --older-than -1" "samgen cache: --older-than: -1 is out of range 0..36500" \
    "$SAMGEN" cache clean --older-than -1
usage "clean --all --older-than" "samgen cache: --all and --older-than exclude each other" \
    "$SAMGEN" cache clean --all --older-than 3
usage "info --all" "samgen cache: info: unknown option or missing value '--all'" \
    "$SAMGEN" cache info --all
SAMGEN_CACHE_MAX=1G usage "a cap that is no integer" \
    "samgen cache: SAMGEN_CACHE_MAX: expected an integer in 0..1099511627776, got '1G'" \
    "$SAMGEN" cache clean
[ -d "$C/vl-00000000000000b1" ] && ok "errors: nothing removed" || bad "errors: a build was removed"
G=$EX/spmv.gv
T="-t B=$EX/spmv_B.tns -t c=$EX/spmv_c.tns"
# shellcheck disable=SC2086
SAMGEN_CACHE_MAX=-3 usage "verify with a negative cap" \
    "samgen verify: SAMGEN_CACHE_MAX: -3 is out of range 0..1099511627776" \
    "$SAMGEN" verify "$G" $T
hasnt "verify with a bad cap: nothing ran" "$WORK/err" "building"
# An input over --max-nnz: refused before anything is built, naming the
# tensor, its file and the limit.
# shellcheck disable=SC2086
usage "verify over --max-nnz" \
    "samgen verify: tensor B ($EX/spmv_B.tns): its mode 1 crd array has 19 entries, more than --max-nnz 8 allows: raise the option or leave it out" \
    "$SAMGEN" verify "$G" $T --max-nnz 8 --keep "$WORK/k-over"
hasnt "verify over --max-nnz: nothing ran" "$WORK/err" "building"
[ ! -e "$WORK/k-over" ] && ok "verify over --max-nnz: nothing written" || bad "k-over written"
# shellcheck disable=SC2086
usage "verify over --dim" \
    "samgen verify: index j of the bound tensors has size 8, more than --dim 4: raise the option or leave it out" \
    "$SAMGEN" verify "$EX/matmul_ikj.gv" -t B="$EX/matmul_ikj_B.tns" -t C="$EX/matmul_ikj_C.tns" \
    --max-nnz 64 --dim 4
hasnt "verify over --dim: nothing ran" "$WORK/err" "building"
rm -rf "$C/vl-00000000000000b1"
# Dense levels hold every coordinate: with --max-nnz and --dim a dense
# tensor's values take --dim per dense level (C and D of sddmm are 8 x 4,
# dense-dense, 32 values: more than --max-nnz 20, within 8 x 8), so one
# build serves every input within the two bounds.
expect 0 "gen: dense tensors sized by --dim" "$SAMGEN" gen "$EX/sddmm.gv" \
    -t B="$EX/sddmm_B.tns" -t C="$EX/sddmm_C.tns" -t D="$EX/sddmm_D.tns" \
    --max-nnz 20 --dim 8 -o "$WORK/g-dense"
has "gen: dense C vals take 8 x 8 words" "$WORK/g-dense/sddmm_top.v" "input  C vals, 32 x 64"
has "gen: compressed B vals take --max-nnz words" "$WORK/g-dense/sddmm_top.v" "input  B vals, 32 x 32"
# a top level has one fiber: its seg is 2 words, the level below it
# --max-nnz + 1 (rounded up to a power of two); bound or not
has "gen: a top level's seg is 2 words" "$WORK/g-dense/sddmm_top.v" "input  B mode 0 seg, 16 x 2"
has "gen: an output's top-level seg is 2 words" "$WORK/g-dense/sddmm_top.v" "output X mode 0 seg, 16 x 2"
has "gen: the level below takes --max-nnz + 1" "$WORK/g-dense/sddmm_top.v" "input  B mode 1 seg, 16 x 32"
expect 0 "gen: no tensors bound" "$SAMGEN" gen "$EX/sddmm.gv" -o "$WORK/g-unbound"
has "gen: unbound, a top level's seg is 2 words" "$WORK/g-unbound/sddmm_top.v" "input  B mode 0 seg, 16 x 2"
has "gen: unbound, the level below takes 1025 words" "$WORK/g-unbound/sddmm_top.v" "input  B mode 1 seg, 16 x 2048"

# ---- a real build (Verilator) ------------------------------------------------------
if command -v verilator >/dev/null 2>&1; then
    # Without --max-nnz the progress line says what the build is keyed by
    # (the build is cut short: this is about the line only).
    # shellcheck disable=SC2086
    expect 1 "verify without --max-nnz (cut short)" "$SAMGEN" verify "$G" $T --timeout 1
    has "without --max-nnz: keyed by the input sizes" "$WORK/err" \
        "samgen verify: memories sized by the inputs: the build is keyed by their sizes (--max-nnz and --dim fix the sizes and avoid rebuilds)"
    [ "$(nbuilds)" -eq 0 ] && ok "a build cut short is not cached" ||
        bad "a build cut short left $(ls "$C")"
    # A smaller second input: B without its last five nonzeros.
    head -n 15 "$EX/spmv_B.tns" >"$WORK/B_small.tns"
    build vl-00000000000000c1 2048 "9 days"
    SAMGEN_CACHE_MAX=1 expect 0 "verify --max-nnz 32: first input" \
        "$SAMGEN" verify "$G" -t B="$EX/spmv_B.tns" -t c="$EX/spmv_c.tns" --max-nnz 32
    has "first input: says the build serves smaller inputs" "$WORK/err" \
        "samgen verify: memories sized by --max-nnz 32: this build is reused for inputs up to that size"
    has "first input: built" "$WORK/err" "samgen verify: building with Verilator ..."
    hasnt "first input: not cached" "$WORK/out" "(cached build)"
    [ ! -e "$C/vl-00000000000000c1" ] && ok "cap: the old build removed after the build" ||
        bad "cap: the old build is still there"
    [ "$(nbuilds)" -eq 1 ] &&
        ok "cap: the new build kept (over the cap on its own)" || bad "cap: builds $(ls "$C")"
    SAMGEN_CACHE_MAX=1 expect 0 "verify --max-nnz 32: second, smaller input" \
        "$SAMGEN" verify "$G" -t B="$WORK/B_small.tns" -t c="$EX/spmv_c.tns" --max-nnz 32
    has "second input: cached build" "$WORK/out" "(cached build)"
    has "second input: says why" "$WORK/err" \
        "samgen verify: memories sized by --max-nnz 32: build reused for inputs up to that size"
    hasnt "second input: no build" "$WORK/err" "building with Verilator"
    [ "$(nbuilds)" -eq 1 ] && ok "second input: still one build" ||
        bad "second input: builds $(ls "$C")"
else
    echo "skip the real build: no verilator"
fi

if [ $fail -ne 0 ]; then echo "cache-cli-test: FAILED"; exit 1; fi
echo "cache-cli-test: all passed"
