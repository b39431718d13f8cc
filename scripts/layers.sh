#!/bin/sh
# layers.sh - check that the C include graph follows the layers.
#
#   sh scripts/layers.sh [ROOT]
#
# Each layer is a folder and a static library.  A file may include headers
# of its own folder and of the layers below it, never above or beside:
#
#   rank 0  core                                 errors, tokens, tensors, JSON
#   rank 1  graph                                the graph IR, kinds, analyses
#   rank 2  front golden gen sim fpga            front ends, golden model,
#                                                generator, simulation, area
#   rank 3  cli                                  the samgen commands
#
# Unit tests (*_test.c, and test_*.h helpers they share) of a rank-2 layer
# may also include the other rank-2 layers (a golden-model test reads its
# graph through front/dot.h); they are separate programs, so this adds no
# edge between the libraries.  Benches
# (bench/, testbenches/) sit on top and may include any layer but cli.
# Every project include names its folder ("core/err.h", not "err.h"), so
# the folder a header comes from is visible where it is used.
#
# Prints one line per violation, FILE:LINE: what, and exits 1 if any.
root=${1:-.}
cd "$root" || exit 2
find core graph front golden gen sim fpga cli bench testbenches \
     \( -name '*.c' -o -name '*.h' \) -print | LC_ALL=C sort |
while read -r f; do
    grep -n '^[[:space:]]*#[[:space:]]*include[[:space:]]*"' "$f" /dev/null
done | awk -F: '
function rank(l) {
    if (l == "core") return 0
    if (l == "graph") return 1
    if (l == "front" || l == "golden" || l == "gen" || l == "sim" || l == "fpga") return 2
    if (l == "cli") return 3
    if (l == "bench" || l == "testbenches") return 4
    return -1
}
{
    file = $1; line = $2
    inc = $0; sub(/^[^"]*"/, "", inc); sub(/".*$/, "", inc)
    split(file, fp, "/"); from = fp[1]
    n = split(inc, ip, "/")
    if (n < 2) {
        # A header of the same folder named without it: only bench-local
        # helpers (bench/fuzz/fuzz_common.h) and Verilator headers may.
        if (rank(from) == 4) next
        printf "%s:%s: include \"%s\" does not name its folder (write \"%s/%s\")\n", file, line, inc, from, inc
        bad++; next
    }
    to = ip[1]
    if (rank(to) < 0 || rank(to) == 4) {
        if (rank(from) == 4) next
        printf "%s:%s: include \"%s\" is not a layer header\n", file, line, inc
        bad++; next
    }
    if (to == from) next
    rf = rank(from); rt = rank(to)
    if (rf == 4 && rt <= 3 && to != "cli") next
    if (rt < rf) next
    if (rt == rf && rf == 2 && (file ~ /_test\.c$/ || file ~ /\/test_[a-z_]*\.h$/)) next
    printf "%s:%s: %s (rank %d) includes \"%s\" from %s (rank %d): against the layers\n", file, line, from, rf, inc, to, rt
    bad++
}
END {
    if (bad) { printf "layers: %d include(s) against the layering\n", bad; exit 1 }
    print "layers: include graph follows core <- graph <- front, golden, gen, sim, fpga <- cli"
}'
