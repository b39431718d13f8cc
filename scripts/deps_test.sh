#!/bin/sh
# deps_test.sh - scripts/deps.sh against a stand-in apt-get: one line per
# step and the result, apt-get's output in the log only, the log's tail
# shown when a step fails.
#
#   sh scripts/deps_test.sh WORKDIR
#
# PATH holds only a few utilities, so every tool counts as missing; `id`
# says root, and apt-get is a script that prints a long unpack log (and
# fails for yosys when FAIL_YOSYS is set).
set -u
WORK=$1
ROOT=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$WORK"
mkdir -p "$WORK/bin"
fail=0
ok() { echo "ok   $1"; }
bad() { echo "FAIL $1"; fail=1; }

for u in mkdir dirname tail sed cat; do
    ln -s "$(command -v "$u")" "$WORK/bin/$u"
done
printf '#!/bin/sh\necho "${FAKE_UID:-0}"\n' >"$WORK/bin/id"
cat >"$WORK/bin/apt-get" <<'EOT'
#!/bin/sh
[ "$1" = update ] && { echo "Get:1 http://deb.debian.org bookworm InRelease"; exit 0; }
for p in "$@"; do
    case $p in -*|install) continue ;; esac
    if [ "$p" = yosys ] && [ -n "${FAIL_YOSYS:-}" ]; then
        echo "E: Unable to locate package yosys"; exit 100
    fi
    i=0
    while [ $i -lt 50 ]; do echo "Unpacking $p-part$i (1.0) ..."; i=$((i + 1)); done
    echo "Setting up $p (1.0) ..."
done
EOT
chmod +x "$WORK/bin/id" "$WORK/bin/apt-get"

run() {  # run: deps.sh with the stand-ins; exit status in $rc
    PATH="$WORK/bin" DEPS_LOG="$WORK/log/deps.log" /bin/sh "$ROOT/scripts/deps.sh" \
        >"$WORK/out" 2>"$WORK/err"
    rc=$?
}

# ---- success: a line per step, the unpack log in the file ----------------
run
[ $rc -eq 0 ] && ok "installs (exit 0)" || bad "exit $rc: $(cat "$WORK/err")"
grep -qx "samgen: updating the package lists ... ok" "$WORK/out" && ok "package lists: one line" ||
    bad "no update line: $(cat "$WORK/out")"
grep -qx "samgen: installing simulators: verilator iverilog ccache ... ok" "$WORK/out" &&
    ok "simulators: one line" || bad "no simulators line: $(cat "$WORK/out")"
grep -qx "samgen: installing synthesis and place and route: yosys nextpnr-ice40 fpga-icestorm ... ok" "$WORK/out" &&
    ok "synthesis: one line" || bad "no synthesis line: $(cat "$WORK/out")"
grep -qx "samgen: installing formal proofs: z3 ... ok" "$WORK/out" &&
    ok "formal proofs (z3): one line" || bad "no formal proofs line: $(cat "$WORK/out")"
grep -qx "samgen: installing tools: graphviz gnuplot-nox clang libxml2-utils python3 python3-numpy ... ok" "$WORK/out" &&
    ok "tools with xmllint, python3 and numpy: one line" || bad "no tools line: $(cat "$WORK/out")"
[ "$(tail -n 1 "$WORK/out")" = "samgen: packages installed (apt-get output in $WORK/log/deps.log)" ] &&
    ok "the result is the last line" || bad "last line: $(tail -n 1 "$WORK/out")"
grep -q "Unpacking\|Setting up\|Get:" "$WORK/out" "$WORK/err" && bad "apt-get output on the terminal" ||
    ok "no apt-get output on the terminal"
n=$(sed -n '$=' "$WORK/out")
[ "$n" -le 8 ] && ok "$n lines in all" || bad "$n lines of output"
[ ! -s "$WORK/err" ] && ok "stderr empty" || bad "stderr: $(cat "$WORK/err")"
grep -q "^Unpacking yosys-part49 (1.0) ...$" "$WORK/log/deps.log" && ok "the log holds apt-get's output" ||
    bad "log: $(head -3 "$WORK/log/deps.log")"

# ---- a failing step: its log tail on stderr, nothing after it -------------
FAIL_YOSYS=1 run
[ $rc -eq 1 ] && ok "a failing apt-get: exit 1" || bad "failing apt-get: exit $rc"
grep -qx "samgen: installing synthesis and place and route: yosys nextpnr-ice40 fpga-icestorm ... failed" "$WORK/out" &&
    ok "the failing step says failed" || bad "no failed line: $(cat "$WORK/out")"
grep -qx "samgen: installing synthesis and place and route: yosys nextpnr-ice40 fpga-icestorm failed (exit 100); the last lines of $WORK/log/deps.log:" "$WORK/err" &&
    grep -qx "  E: Unable to locate package yosys" "$WORK/err" &&
    ok "stderr: the step and the log's last lines" || bad "stderr: $(cat "$WORK/err")"
grep -q "tools\|packages installed" "$WORK/out" && bad "went on after the failure" || ok "stops at the failure"

# ---- neither root nor sudo: the apt-get line to run -----------------------
FAKE_UID=1000 run
[ $rc -eq 2 ] && grep -q "^  apt-get update && apt-get install -y.* verilator" "$WORK/err" &&
    ok "not root: exit 2 and the command to run" || bad "not root: exit $rc, $(cat "$WORK/err")"

[ $fail -eq 0 ] && echo "deps-test: ok"
exit $fail
