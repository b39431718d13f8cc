# test_lib.sh - what the command-line test scripts share; sourced by them
# after they set ROOT (the source root).
#
#   begin SAMGEN WORKDIR    the script's two arguments: sets SAMGEN, WORK
#                           (emptied and created) and EX (the examples)
#   ok DESCRIPTION          a check passed
#   bad DESCRIPTION         a check failed (the script exits 1 at the end)
#   expect CODE DESCRIPTION CMD...
#                           run CMD with stdout in $WORK/out and stderr in
#                           $WORK/err (a file, not a terminal) and compare
#                           its exit code; on a difference both are shown
fail=0
begin() {
    SAMGEN=$1; WORK=$2; EX=$ROOT/examples
    rm -rf "$WORK"
    mkdir -p "$WORK"
}
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fail=1; }
expect() {
    want=$1; what=$2; shift 2
    "$@" >"$WORK/out" 2>"$WORK/err"
    got=$?
    if [ "$got" -eq "$want" ]; then ok "$what"; else
        bad "$what (exit $got, wanted $want)"; sed 's/^/     /' "$WORK/out" "$WORK/err" | head -20; fi
}
