#!/bin/sh
# deps.sh - install the Debian packages samgen needs, if any are missing.
# Runs apt-get as root, or through sudo; otherwise prints what to run.
#
# The output is one line per step (the package lists, then each group of
# missing packages) and the result; apt-get's own output goes to the log,
# $DEPS_LOG (default build/deps.log), whose last lines are shown when a
# step fails.
set -u
LOG=${DEPS_LOG:-build/deps.log}
missing=""
need() { # need PACKAGE CHECK-COMMAND...
    pkg=$1; shift
    if ! "$@" >/dev/null 2>&1; then missing="$missing $pkg"; fi
}
need verilator        command -v verilator
need iverilog         command -v iverilog
need zlib1g-dev       test -f /usr/include/zlib.h
need ccache           command -v ccache
need yosys            command -v yosys
need nextpnr-ice40    command -v nextpnr-ice40
need fpga-icestorm    command -v icepack
need z3               command -v z3
need libcmocka-dev    test -f /usr/include/cmocka.h
need libgraphviz-dev  test -f /usr/include/graphviz/cgraph.h
need graphviz         command -v dot
need gnuplot-nox      command -v gnuplot
need pkg-config       command -v pkg-config
need clang            command -v clang
need libxml2-utils    command -v xmllint
need python3          command -v python3
need python3-numpy    sh -c "python3 -c 'import numpy' || /usr/bin/python3 -c 'import numpy'"
[ -z "$missing" ] && exit 0
echo "samgen: installing missing packages:$missing"
if [ "$(id -u)" = 0 ]; then SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo"
else
    echo "samgen: cannot install packages (not root, no sudo); run as root:" >&2
    echo "  apt-get update && apt-get install -y$missing" >&2
    exit 2
fi
mkdir -p "$(dirname "$LOG")" && : >"$LOG" || {
    echo "samgen: cannot write the log $LOG" >&2; exit 2; }
export DEBIAN_FRONTEND=noninteractive

# step WHAT COMMAND...: one line for the step, the command's output in the
# log; on failure the log's last lines and exit 1
step() {
    what=$1; shift
    printf 'samgen: %s ... ' "$what"
    echo "== $what: $*" >>"$LOG"
    if "$@" >>"$LOG" 2>&1; then
        echo "ok"
    else
        rc=$?
        echo "failed"
        echo "samgen: $what failed (exit $rc); the last lines of $LOG:" >&2
        tail -n 20 "$LOG" | sed 's/^/  /' >&2
        exit 1
    fi
}

# group NAME PACKAGES...: install those of PACKAGES that are missing
group() {
    name=$1; shift
    pkgs=""
    for p in "$@"; do
        case " $missing " in *" $p "*) pkgs="$pkgs $p" ;; esac
    done
    [ -n "$pkgs" ] || return 0
    # shellcheck disable=SC2086
    step "installing $name:$pkgs" $SUDO apt-get install -y -q --no-install-recommends $pkgs
}

# shellcheck disable=SC2086
step "updating the package lists" $SUDO apt-get update -q
group "simulators" verilator iverilog zlib1g-dev ccache
group "synthesis and place and route" yosys nextpnr-ice40 fpga-icestorm
group "formal proofs" z3
group "libraries" libcmocka-dev libgraphviz-dev pkg-config
group "tools" graphviz gnuplot-nox clang libxml2-utils python3 python3-numpy
echo "samgen: packages installed (apt-get output in $LOG)"
