#!/bin/sh
# report.sh LOG [TARGET] - what a failed libFuzzer run found, in a few lines: the
# target's own message and the sanitizer's, the frames in samgen's code,
# and the input that failed (printable, at most 40 lines).  A CI log that
# keeps only its last lines then still shows the finding and its input.
log=$1
[ -f "$log" ] || { echo "report.sh: no log $log"; exit 0; }
echo "---- finding (from $log)"
grep -v -E '^(INFO:|#[0-9]+[[:space:]]|NOTE:|[[:space:]]+Combine|MS:|stat::|Dictionary:|###|0x|artifact_prefix=|Base64:|")' "$log" |
    grep -v -E '^[[:space:]]+#[0-9]+ 0x' | grep -v -E '^[[:space:]]*$' | head -n 12
grep -E '^[[:space:]]+#[0-9]+ 0x.* (/[^ ]*/)?(gen|golden|bench|sim)/[^ ]+\.c:' "$log" | head -n 8
art=$(sed -n 's/.*Test unit written to \([^ ]*\).*/\1/p' "$log" | tail -n 1)
if [ -n "$art" ] && [ -f "$art" ]; then
    echo "---- input $art ($(wc -c <"$art") bytes; cat -v, first 40 lines)"
    head -c 4000 "$art" | cat -v | head -n 40
    echo
    [ -n "$2" ] && echo "---- reproduce: $2 $art"
fi
exit 0
