#!/bin/sh
# output_cli_test.sh - command-line tests of the output-file rules every
# command follows (README.md, "Output files"): an output that names an
# input is refused before anything runs, every output location is checked
# first, outputs appear whole, a failed golden run leaves nothing behind,
# and `samgen dot -o X.gv` writes a graph samgen reads back.
#
#   sh cli/output_cli_test.sh SAMGEN WORKDIR
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/cli/test_lib.sh"
begin "$1" "$2"
# has DESCRIPTION TEXT: stderr of the last command holds TEXT
has() {
    grep -qF -- "$2" "$WORK/err" && ok "$1" || bad "$1: wanted '$2', got: $(cat "$WORK/err")"
}
# same DESCRIPTION FILE COPY: FILE still has the content of COPY
same() {
    cmp -s "$2" "$3" && ok "$1" || bad "$1: $2 changed"
}
# no_temps DESCRIPTION DIR: no temporary file left in DIR
no_temps() {
    if ls "$2" | grep -q '\.tmp'; then bad "$1: $(ls "$2" | grep '\.tmp')"; else ok "$1"; fi
}

D=$WORK/in
mkdir -p "$D"
cp "$EX/vec_elemmul.gv" "$D/g.gv"
cp "$EX/vec_elemmul_b.tns" "$D/b.tns"
cp "$EX/vec_elemmul_c.tns" "$D/c.tns"
cp -r "$D" "$WORK/orig"
ln -s g.gv "$D/link.vcd"
ln "$D/b.tns" "$D/hard.vcd"
echo plain >"$WORK/plain"
G=$D/g.gv
T="-t b=$D/b.tns -t c=$D/c.tns"

# ---- verify: --waves and --keep ------------------------------------------
for sim in verilator icarus; do
    # WHAT|--waves PATH|the input it names
    for c in "INPUT.tns|$D/b.tns|$D/b.tns" "GRAPH.gv|$G|$G" \
             "through a symbolic link|$D/link.vcd|$G" "through a hard link|$D/hard.vcd|$D/b.tns"; do
        case_=${c%%|*}; rest=${c#*|}; w=${rest%%|*}; named=${rest#*|}
        expect 2 "verify --sim $sim --waves $case_ refused" \
            "$SAMGEN" verify "$G" $T --sim $sim --waves "$w"
        has "verify --sim $sim --waves $case_: message names both" \
            "samgen verify: --waves $w would overwrite the input $named"
    done
    same "verify --sim $sim: tensor untouched" "$D/b.tns" "$WORK/orig/b.tns"
    same "verify --sim $sim: graph untouched" "$G" "$WORK/orig/g.gv"
    expect 2 "verify --sim $sim --waves in a missing directory" \
        "$SAMGEN" verify "$G" $T --sim $sim --waves "$WORK/nodir/x.vcd"
    has "verify --sim $sim: cannot write" \
        "samgen verify: cannot write $WORK/nodir/x.vcd: No such file or directory"
    [ ! -e "$WORK/nodir" ] && ok "verify --sim $sim: nothing created" || bad "verify --sim $sim created $WORK/nodir"
    grep -q "PASS\|FAIL" "$WORK/out" && bad "verify --sim $sim simulated before checking" ||
        ok "verify --sim $sim: refused before simulating"
done
expect 2 "verify --keep below a file" "$SAMGEN" verify "$G" $T --keep "$WORK/plain/keep"
has "verify --keep: cannot write" "cannot write $WORK/plain/keep: Not a directory"
cp "$WORK/orig/g.gv" "$D/g_top.v"
expect 2 "verify --keep DIR with --top DIR/<top>.v refused" \
    "$SAMGEN" verify "$G" $T --keep "$D" --top "$D/g_top.v"
has "verify --keep: the top named" "--keep $D/g_top.v would overwrite the input $D/g_top.v"
rm -f "$D/g_top.v"
if command -v iverilog >/dev/null 2>&1; then
    expect 0 "verify --sim icarus --waves FILE passes" \
        "$SAMGEN" verify "$G" $T --sim icarus --waves "$WORK/w.vcd"
    grep -q 'enddefinitions' "$WORK/w.vcd" 2>/dev/null && ok "waveform written" || bad "no waveform"
    no_temps "verify: no temporary waveform left" "$WORK"
fi

# ---- dot -----------------------------------------------------------------
expect 2 "dot -o INPUT refused" "$SAMGEN" dot "$G" -o "$G"
has "dot: message names both" "samgen dot: -o $G would overwrite the input $G"
same "dot: graph untouched" "$G" "$WORK/orig/g.gv"
ln -s g.gv "$D/alias.gv"
expect 2 "dot -o a symbolic link to the input refused" "$SAMGEN" dot "$G" -o "$D/alias.gv"
has "dot: symbolic link" "-o $D/alias.gv would overwrite the input $G"
same "dot: graph untouched through the link" "$G" "$WORK/orig/g.gv"
expect 2 "dot -o in a missing directory" "$SAMGEN" dot "$G" -o "$WORK/nodir/x.png"
has "dot: cannot write" "cannot write $WORK/nodir/x.png: No such file or directory"
expect 0 "dot -o X.gv" "$SAMGEN" dot "$G" -o "$WORK/x.gv"
expect 0 "check reads dot -o X.gv back" "$SAMGEN" check "$WORK/x.gv"
grep -q "check: ok" "$WORK/out" && ok "round trip checks ok" || bad "round trip: $(cat "$WORK/out")"
expect 0 "dot -o X.dot" "$SAMGEN" dot "$G" -o "$WORK/x.dot"
expect 0 "check reads dot -o X.dot back" "$SAMGEN" check "$WORK/x.dot"
expect 2 "dot --annotate with a .gv output refused" \
    "$SAMGEN" dot "$G" -o "$WORK/a.gv" --annotate "$WORK/x.gv"
[ ! -e "$WORK/a.gv" ] && ok "dot --annotate .gv: nothing written" || bad "dot --annotate wrote a.gv"
no_temps "dot: no temporary file left" "$WORK"

# ---- golden --------------------------------------------------------------
expect 2 "golden -o INPUT-FILE refused" "$SAMGEN" golden "$G" $T -o "$D/b.tns"
has "golden: -o names the input" "-o $D/b.tns would overwrite the input $D/b.tns"
mkdir -p "$WORK/gold"
cp "$D/c.tns" "$WORK/gold/x.tns"
expect 2 "golden output tensor over an input refused" \
    "$SAMGEN" golden "$G" -t "b=$D/b.tns" -t "c=$WORK/gold/x.tns" -o "$WORK/gold"
has "golden: the output file named" "-o $WORK/gold/x.tns would overwrite the input $WORK/gold/x.tns"
same "golden: input untouched" "$WORK/gold/x.tns" "$D/c.tns"
[ ! -e "$WORK/gold/report.json" ] && ok "golden refused before running" || bad "golden wrote a report"
expect 0 "golden -o DIR holding the inputs" "$SAMGEN" golden "$G" $T -o "$D"
same "golden: inputs in OUTDIR untouched" "$D/b.tns" "$WORK/orig/b.tns"
rm -rf "$D/x" "$D/x.tns" "$D/report.json"
expect 2 "golden --trace in a file's place" "$SAMGEN" golden "$G" $T -o "$WORK/g1" --trace "$WORK/plain"
has "golden --trace: cannot write" "cannot write $WORK/plain: Not a directory"
[ ! -e "$WORK/g1" ] && ok "golden: refused before creating OUTDIR" || bad "golden created $WORK/g1"
expect 2 "golden with an unreadable tensor" \
    "$SAMGEN" golden "$G" -t "b=$D/b.tns" -t "c=$WORK/none.tns" -o "$WORK/new/out" --trace "$WORK/new2/tr"
has "golden: the tensor named" "$WORK/none.tns"
[ ! -e "$WORK/new" ] && [ ! -e "$WORK/new2" ] && ok "golden failure: created directories removed" ||
    bad "golden failure left $(ls -d "$WORK"/new* 2>/dev/null)"
mkdir -p "$WORK/old/tr"
echo keep >"$WORK/old/notes"
echo keep >"$WORK/old/tr/notes"
expect 2 "golden failure in existing directories" \
    "$SAMGEN" golden "$G" -t "b=$D/b.tns" -t "c=$WORK/none.tns" -o "$WORK/old" --trace "$WORK/old/tr"
[ "$(ls "$WORK/old" | tr '\n' ' ')" = "notes tr " ] && [ "$(ls "$WORK/old/tr")" = notes ] &&
    ok "golden failure: existing directories keep their content, nothing added" ||
    bad "golden failure changed $WORK/old: $(ls -R "$WORK/old")"
expect 0 "golden --trace into a new directory" "$SAMGEN" golden "$G" $T -o "$WORK/g2/out" --trace "$WORK/g2/tr"
[ -s "$WORK/g2/out/report.json" ] && [ "$(ls "$WORK/g2/tr" | wc -l)" -eq 10 ] &&
    ok "golden: report and 10 traces" || bad "golden outputs: $(ls -R "$WORK/g2")"
no_temps "golden: no temporary trace left" "$WORK/g2/tr"

# ---- gen, stream, compile, tensor, area ----------------------------------
expect 2 "gen -o INPUT refused" "$SAMGEN" gen "$G" -o "$G"
has "gen: message names both" "samgen gen: -o $G would overwrite the input $G"
expect 2 "gen -o below a file" "$SAMGEN" gen "$G" -o "$WORK/plain/rtl"
has "gen: cannot write" "cannot write $WORK/plain/rtl: Not a directory"
expect 0 "gen -o a new nested directory" "$SAMGEN" gen "$G" -o "$WORK/gen/a/b"
[ -s "$WORK/gen/a/b/g_top.v" ] && ok "gen: top written" || bad "gen: no top"

printf 'in_crd: 0 1 S0 D\n' >"$WORK/s.txt"
cp "$WORK/s.txt" "$WORK/s.orig"
expect 2 "stream -o IN refused" "$SAMGEN" stream crddrop "$WORK/s.txt" -o "$WORK/s.txt"
has "stream: message names both" "-o $WORK/s.txt would overwrite the input $WORK/s.txt"
same "stream: input untouched" "$WORK/s.txt" "$WORK/s.orig"

expect 2 "compile -o in a missing directory" "$SAMGEN" compile 'x(i)=b(i)*c(i)' -o "$WORK/nodir/x.gv"
has "compile: cannot write" "cannot write $WORK/nodir/x.gv: No such file or directory"

expect 2 "tensor convert IN IN refused" "$SAMGEN" tensor convert "$D/b.tns" "$D/b.tns"
has "tensor convert: message names both" "OUT $D/b.tns would overwrite the input $D/b.tns"
ln "$D/b.tns" "$D/hard.tns"
expect 2 "tensor convert through a hard link refused" "$SAMGEN" tensor convert "$D/b.tns" "$D/hard.tns"
same "tensor convert: input untouched" "$D/b.tns" "$WORK/orig/b.tns"
expect 0 "tensor convert to a SAM directory" "$SAMGEN" tensor convert "$D/b.tns" "$WORK/sam/b"
cp -r "$WORK/sam/b" "$WORK/sam/b.orig"
expect 2 "tensor convert SAMDIR SAMDIR (same tensor) refused" \
    "$SAMGEN" tensor convert "$WORK/sam/b" "$WORK/sam/b" --format d0
has "tensor convert: tensor named" "would overwrite tensor B of the input directory $WORK/sam/b"
diff -r "$WORK/sam/b" "$WORK/sam/b.orig" >/dev/null && ok "SAM directory untouched" || bad "SAM directory changed"
expect 0 "tensor convert SAMDIR SAMDIR --name C" "$SAMGEN" tensor convert "$WORK/sam/b" "$WORK/sam/b" --name C
expect 2 "tensor gen -o below a file" "$SAMGEN" tensor gen --shape 4 -o "$WORK/plain/t.tns"
has "tensor gen: cannot write" "cannot write $WORK/plain/t.tns: Not a directory"

expect 2 "area -o INPUT refused" "$SAMGEN" area "$G" -o "$G"
has "area: message names both" "samgen area: -o $G would overwrite the input $G"
same "area: graph untouched" "$G" "$WORK/orig/g.gv"

[ $fail -eq 0 ] && echo "output-cli-test: passed" || echo "output-cli-test: FAILED"
exit $fail
