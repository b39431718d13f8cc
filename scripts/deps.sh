#!/bin/sh
# deps.sh - install the Debian packages samgen needs, if any are missing.
# Runs apt-get as root, or through sudo; otherwise prints what to run.
set -e
missing=""
need() { # need PACKAGE CHECK-COMMAND...
    pkg=$1; shift
    if ! "$@" >/dev/null 2>&1; then missing="$missing $pkg"; fi
}
need verilator        command -v verilator
need iverilog         command -v iverilog
need yosys            command -v yosys
need nextpnr-ice40    command -v nextpnr-ice40
need fpga-icestorm    command -v icepack
need libcmocka-dev    test -f /usr/include/cmocka.h
need libgraphviz-dev  test -f /usr/include/graphviz/cgraph.h
need graphviz         command -v dot
need gnuplot-nox      command -v gnuplot
need pkg-config       command -v pkg-config
need clang            command -v clang
need libxml2-utils    command -v xmllint
[ -z "$missing" ] && exit 0
echo "samgen: installing missing packages:$missing"
if [ "$(id -u)" = 0 ]; then SUDO=""
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then SUDO="sudo"
else
    echo "samgen: cannot install packages (not root, no sudo); run as root:" >&2
    echo "  apt-get update && apt-get install -y$missing" >&2
    exit 2
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends $missing
