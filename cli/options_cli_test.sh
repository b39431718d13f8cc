#!/bin/sh
# options_cli_test.sh - the option table (cli/options.def) against the
# commands and docs/cli.md.
#
#   sh cli/options_cli_test.sh SAMGEN WORKDIR
#
# Checks that docs/cli.md is what `samgen help --markdown` prints; that
# every command takes every option its table lists (and each alias), both
# as `--opt value` and `--opt=value`, without answering "unknown option";
# that an option a command does not take, an option without its value and
# a value given to a flag are refused with their one wording, exit 2 and
# no output; and that the spellings of one option give the same result.
set -u
SAMGEN=$1
W=$2
ROOT=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$W"; mkdir -p "$W"
cd "$W" || exit 2
WORK=$W
. "$ROOT/cli/test_lib.sh"

# docs/cli.md is generated.
"$SAMGEN" help --markdown > cli.md
if cmp -s cli.md "$ROOT/docs/cli.md"; then ok "docs/cli.md is current"; else
    bad "docs/cli.md differs from 'samgen help --markdown' (regenerate it)"
    diff "$ROOT/docs/cli.md" cli.md | head -10; fi

# Every command, every option of its table: "CMD SPELLING VALUE" lines.
awk '/^## samgen /{cmd=$3; next}
     /^\| `/ && cmd {
         split($0, f, "`"); sp = f[2]; n = split(sp, w, " ");
         lng = ""; val = "-";
         for (i = 1; i <= n; i++) if (w[i] ~ /^--/) { lng = w[i]; if (i < n) val = "1" }
         if (lng == "--help") next;
         print cmd, lng, val;
         if (match($0, /\(also `--[a-z-]*`\)/)) {
             a = substr($0, RSTART + 7, RLENGTH - 9); print cmd, a, val }
     }' cli.md > opts.txt
[ "$(wc -l < opts.txt)" -gt 80 ] && ok "options listed" || bad "few options in cli.md"
# No positional argument: every command stops at a usage error before it
# reads or writes anything (tensor: its info subcommand).
while read -r cmd opt val; do
    set -- "$cmd"
    [ "$cmd" = tensor ] && set -- tensor info
    rc2=0
    if [ "$val" = - ]; then
        "$SAMGEN" "$@" "$opt" > out 2> err
        rc=$?
        eqform=""
    else
        "$SAMGEN" "$@" "$opt" "$val" > out 2> err
        rc=$?
        "$SAMGEN" "$@" "$opt=$val" > out2 2> err2
        rc2=$?
        eqform=$(grep -l "unknown option\|needs a value" err2)
    fi
    if grep -q "unknown option\|needs a value\|takes no value" err || [ -n "$eqform" ]; then
        bad "samgen $cmd $opt: $(head -n 1 err) $(head -n 1 err2 2>/dev/null)"
    fi
    [ $rc -le 2 ] && [ $rc2 -le 2 ] || bad "samgen $cmd $opt: exit $rc/$rc2"
done < opts.txt
ok "every command takes its options ($(wc -l < opts.txt) of them)"
[ -z "$(ls | grep -v '^\(cli.md\|opts.txt\|out\|out2\|err\|err2\)$')" ] \
    && ok "nothing written" || bad "files written: $(ls)"

# One wording: an option of another command, a made-up one.
first() { head -n 1 err; }
for cmd in tensor check dot compile golden stream gen verify cache area kinds; do
    set -- "$cmd"
    [ "$cmd" = tensor ] && set -- tensor info
    [ "$cmd" = cache ] && set -- cache clean
    other=--markdown; [ "$cmd" = kinds ] && other=--json
    for o in "$other" --no-such-option "$other=1" -Z; do
        expect 2 "$cmd $o: exit 2" "$SAMGEN" "$@" "$o"
        [ "$(first)" = "samgen $cmd: unknown option '$o'" ] \
            && ok "$cmd $o: one wording" || bad "$cmd $o: '$(first)'"
    done
done

# A missing value names the option; a flag takes no value.
expect 2 "missing value: exit 2" "$SAMGEN" golden g.gv --fifo-depth
[ "$(first)" = "samgen golden: option '--fifo-depth' needs a value (N)" ] \
    && ok "missing value message" || bad "missing value: '$(first)'"
expect 2 "missing short value: exit 2" "$SAMGEN" dot g.gv -o
[ "$(first)" = "samgen dot: option '-o' needs a value (FILE)" ] \
    && ok "missing -o message" || bad "missing -o: '$(first)'"
expect 2 "flag with a value: exit 2" "$SAMGEN" check --json=yes g.gv
[ "$(first)" = "samgen check: option '--json' takes no value" ] \
    && ok "flag value message" || bad "flag value: '$(first)'"

# Nothing written on an option error, even with everything else right.
G=$ROOT/examples/spmv.gv
B=$ROOT/examples/spmv_B.tns
C=$ROOT/examples/spmv_c.tns
expect 2 "golden --bogus: exit 2" "$SAMGEN" golden "$G" -t B="$B" -t c="$C" -o gout --bogus
[ ! -e gout ] && ok "golden --bogus: no output" || bad "golden --bogus wrote gout"
expect 2 "gen --cycles: exit 2" "$SAMGEN" gen "$G" -o genout --cycles
[ ! -e genout ] && ok "gen --cycles: no output" || bad "gen --cycles wrote genout"

# --skip takes a CAM size 0 or a power of two on every command, refused
# with one wording before anything is read.
for cmd in golden gen verify area; do
    expect 2 "$cmd --skip 3: exit 2" "$SAMGEN" $cmd "$G" -t B="$B" -t c="$C" --skip 3 -o skipout
    case "$(first)" in
        *"--skip expects a CAM size 0 or a power of two up to 1024, got '3'")
            ok "$cmd --skip 3: one wording" ;;
        *) bad "$cmd --skip 3: '$(first)'" ;;
    esac
    [ ! -e skipout ] && ok "$cmd --skip 3: no output" || bad "$cmd --skip 3 wrote skipout"
done

# Repeats: -o once, -t once per name, whatever the spelling; flags and
# other options may come again.
expect 2 "-o twice" "$SAMGEN" golden "$G" -t B="$B" -t c="$C" --out=r1 --cycles --cycles -or2
[ "$(first)" = "samgen golden: -o given twice ('r1' and 'r2'); give it once" ] \
    && ok "-o twice message" || bad "-o twice: '$(first)'"
[ ! -e r1 ] && [ ! -e r2 ] && ok "-o twice: no output" || bad "-o twice wrote output"

# --opt=value is --opt value; an alias is its option; --scale everywhere.
expect 0 "golden --opt value" "$SAMGEN" golden "$G" -t B="$B" -t c="$C" -o g1 \
    --width-val 8 --fifo-depth 4
expect 0 "golden --opt=value, -oDIR, --width alias" "$SAMGEN" golden "$G" \
    --tensor=B="$B" -tc="$C" -og2 --width=8 --fifo-depth=4
grep -v wall_s g1/report.json > r1; grep -v wall_s g2/report.json > r2
cmp -s g1/x.tns g2/x.tns && cmp -s r1 r2 \
    && ok "golden: spellings give the same run" || bad "golden: spellings differ"
expect 0 "gen --width-val" "$SAMGEN" gen "$G" -o v1 --width-val 8
expect 0 "gen --width=, --output=" "$SAMGEN" gen "$G" --output=v2 --width=8
cmp -s v1/spmv_top.v v2/spmv_top.v && ok "gen: alias gives the same Verilog" \
    || bad "gen: --width differs from --width-val"
printf '%%%%MatrixMarket matrix coordinate real general\n2 2 2\n1 1 0.5\n2 2 1.5\n' > r.mtx
printf '1 2.5\n2 1.25\n' > rc.tns
expect 0 "golden --scale" "$SAMGEN" golden "$G" -t B=r.mtx -t c=rc.tns -o s1 --scale 10
"$SAMGEN" tensor convert r.mtx rs.tns --scale 10 >/dev/null 2>&1
"$SAMGEN" tensor convert rc.tns rcs.tns --scale 10 >/dev/null 2>&1
expect 0 "golden on tensor-scaled files" "$SAMGEN" golden "$G" -t B=rs.tns -t c=rcs.tns -o s2
cmp -s s1/x.tns s2/x.tns && ok "golden --scale is tensor --scale" \
    || bad "golden --scale differs from tensor convert --scale"
expect 0 "gen --scale" "$SAMGEN" gen "$G" -t B=r.mtx -t c=rc.tns -o q1 --scale 10
expect 0 "gen on tensor-scaled files" "$SAMGEN" gen "$G" -t B=rs.tns -t c=rcs.tns -o q2
diff -r q1/mem q2/mem >/dev/null && ok "gen --scale is tensor --scale" \
    || bad "gen --scale: memories differ from tensor convert --scale"
expect 2 "golden --scale 0" "$SAMGEN" golden "$G" -t B=r.mtx -t c=rc.tns -o s3 --scale 0
[ "$(first)" = "samgen golden: --scale: expected a non-zero number, got '0'" ] \
    && ok "--scale 0 message" || bad "--scale 0: '$(first)'"
[ ! -e s3 ] && ok "--scale 0: no output" || bad "--scale 0 wrote s3"
# the memory model: its parameters need --mem; the counts reach report.json
expect 2 "golden --dram-bw without --mem" "$SAMGEN" golden "$G" -t B="$B" -t c="$C" -o m0 --dram-bw 8
[ "$(first)" = "samgen golden: --mem-line, --dram-bw and --dram-latency set the memory model, which --mem BYTES turns on" ] \
    && ok "--dram-bw without --mem message" || bad "--dram-bw without --mem: '$(first)'"
[ ! -e m0 ] && ok "--dram-bw without --mem: no output" || bad "--dram-bw without --mem wrote m0"
expect 2 "golden --mem below a line" "$SAMGEN" golden "$G" -t B="$B" -t c="$C" -o m0 --mem 32
[ "$(first)" = "samgen golden: --mem 32 is smaller than one line of 64 bytes (--mem-line)" ] \
    && ok "--mem 32 message" || bad "--mem 32: '$(first)'"
expect 0 "golden --mem" "$SAMGEN" golden "$G" -t B="$B" -t c="$C" -o m1 --mem 4096 --mem-line 32 \
    --dram-bw 8 --dram-latency 10
grep -q '"memory": {"buffer_bytes": 4096, "line_bytes": 32, "dram_bytes_per_cycle": 8, "dram_latency": 10,' \
    m1/report.json && ok "golden --mem: report.json" || bad "golden --mem: no memory in report.json"
grep -q '"name": "B", "array_bytes": ' m1/report.json && ok "golden --mem: B counted" \
    || bad "golden --mem: no counts for B"
expect 2 "verify --scale x" "$SAMGEN" verify "$G" -t B=r.mtx -t c=rc.tns --scale x
[ "$(first)" = "samgen: --scale: expected a non-zero number, got 'x'" ] \
    && ok "verify --scale x message" || bad "verify --scale x: '$(first)'"

# The options main's newer commands take are the table's: the same
# spellings, messages and repeat rule.
expect 2 "dot --report twice" "$SAMGEN" dot "$G" -o d.svg --report=a.json --report b.json
[ "$(first)" = "samgen dot: --report given twice ('a.json' and 'b.json'); give it once" ] \
    && ok "dot --report twice message" || bad "dot --report twice: '$(first)'"
[ ! -e d.svg ] && ok "dot --report twice: no output" || bad "dot --report twice wrote d.svg"
printf 'in_crd 0 1 S0 D\n' > s.txt
expect 2 "stream --width-val and --type" "$SAMGEN" stream crddrop s.txt -o so.txt \
    --width-val=8 --type int16
[ "$(first)" = "samgen stream: --type int16 conflicts with --width-val 8; give one" ] \
    && ok "stream: the conflict names --width-val as given" || bad "stream conflict: '$(first)'"
[ ! -e so.txt ] && ok "stream conflict: no output" || bad "stream conflict wrote so.txt"
expect 2 "verify --waves-from=x" "$SAMGEN" verify "$G" -t B="$B" -t c="$C" --waves w.vcd \
    --waves-from=x
[ "$(first)" = "samgen verify: --waves-from: expected an integer in 0..9223372036854775807, got 'x'" ] \
    && ok "verify --waves-from=x message" || bad "verify --waves-from=x: '$(first)'"
expect 2 "cache info --all" "$SAMGEN" cache info --all
[ "$(first)" = "samgen cache: info: unknown option or missing value '--all'" ] \
    && ok "cache info --all message" || bad "cache info --all: '$(first)'"
expect 2 "cache clean --all=1" "$SAMGEN" cache clean --all=1
[ "$(first)" = "samgen cache: option '--all' takes no value" ] \
    && ok "cache --all takes no value" || bad "cache --all=1: '$(first)'"
expect 2 "cache clean --older-than" "$SAMGEN" cache clean --older-than
[ "$(first)" = "samgen cache: option '--older-than' needs a value (DAYS)" ] \
    && ok "cache --older-than needs a value" || bad "cache --older-than: '$(first)'"
mkdir -p cache
SAMGEN_CACHE="$W/cache" expect 0 "cache --older-than=1 clean" "$SAMGEN" cache --older-than=1 clean
grep -q "^removed 0 builds" out && ok "cache: options before the subcommand" \
    || bad "cache --older-than=1 clean: '$(head -n 1 out)'"
expect 2 "cache clean extra" "$SAMGEN" cache clean now
[ "$(first)" = "samgen cache: clean: unknown option or missing value 'now'" ] \
    && ok "cache clean: a second argument refused" || bad "cache clean now: '$(first)'"

# "--" ends the options.
expect 2 "check -- -x" "$SAMGEN" check -- -x
grep -q "^-x: " err && ok "after --, -x is a graph path" || bad "check -- -x: '$(first)'"

# An output location that cannot be written is refused: exit 2.
expect 2 "area -o /proc/x" "$SAMGEN" area "$G" -o /proc/x
grep -q "/proc/x" err && ok "area -o /proc/x names it" || bad "area -o /proc/x: '$(first)'"

[ $fail -eq 0 ] && echo "options CLI tests passed" || { echo "options CLI tests FAILED"; exit 1; }
