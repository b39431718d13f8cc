# test_count.sh - what the command-line tests that count their checks
# share (stream_cli_test.sh, tensor_cli_test.sh); sourced before they
# change to their work directory, whose files the functions then name.
#
#   ok                      a check passed
#   bad MESSAGE             a check failed
#   expect_err DESCRIPTION EXPECTED-STDERR OUTPUT CMD...
#                           CMD exits 2 with exactly that one line on stderr
#                           (usage errors may add the "(see 'samgen help
#                           ...')" hint), OUTPUT ("" for none) was not
#                           created and no temporary file is left
fails=0
n=0
ok() { n=$((n + 1)); }
bad() { n=$((n + 1)); fails=$((fails + 1)); echo "FAIL: $*"; }
expect_err() {
    d=$1; want=$2; outp=$3; shift 3
    "$@" >stdout.txt 2>err.txt
    rc=$?
    got=$(head -n 1 err.txt)
    lines=$(grep -vc "^(see 'samgen help" err.txt)
    if [ $rc -ne 2 ]; then bad "$d: exit $rc, want 2 ($got)"; return; fi
    if [ "$got" != "$want" ] || [ "$lines" -ne 1 ]; then
        bad "$d: stderr '$got', want '$want'"; return
    fi
    if [ -n "$outp" ] && [ -e "$outp" ]; then bad "$d: $outp was created"; return; fi
    if ls -a | grep -q '\.tmp'; then bad "$d: temporary file left"; return; fi
    ok
}
