#!/bin/sh
# standalone_test.sh - the generated RTL used without samgen.
#
#   sh scripts/standalone_test.sh SAMGEN WORKDIR [VERILATOR_KERNELS]
#
# For every examples/<k>.gv with its tensors examples/<k>_<T>.tns:
# `samgen gen -t ...` writes the top, filelist.f, README, tb_<k>.v and mem/;
# then plain iverilog/vvp (every kernel) and verilator --binary (the kernels
# named in VERILATOR_KERNELS, a space-separated list, or "all") build and
# run the testbench, which must print "PASS <k>:" and exit 0.  Negative
# cases: an expected-output memory file with one word changed must make the
# bench print "FAIL <k>: memory ..." and exit nonzero, under both
# simulators; +watchdog=1 and +max_cycles=5 make it FAIL with their
# messages; the system view (<k>_axi.v behind the AXI4-Lite register map,
# tb_<k>_axi.v: load, two runs without reset, read back) passes under the
# same simulators and fails on the corrupted file; gen without -t writes
# filelist.f and README but no bench; the
# clock constraint files follow --freq (and nextpnr-ice40 reads the
# pre-pack one); a file in the way of DIR/mem stops gen before it writes
# anything.  The kernels run STANDALONE_JOBS (default 2) at a time.
# The last line is "N passed, N failed".
SAMGEN=${1:?usage: standalone_test.sh SAMGEN WORKDIR [VERILATOR_KERNELS]}
WORK=${2:?usage: standalone_test.sh SAMGEN WORKDIR [VERILATOR_KERNELS]}
VLK=${3:-}
SELF=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")
cd "$(dirname "$0")/.."
. scripts/examples_lib.sh
pass=0; fail=0
ok()  { pass=$((pass + 1)); echo "ok   $*"; }
bad() { fail=$((fail + 1)); echo "FAIL $*"; }

want_vl() {
    [ "$VLK" = all ] && return 0
    for x in $VLK; do [ "$x" = "$1" ] && return 0; done
    return 1
}

# run_icarus K DIR LOG: build and run DIR/tb_K.v; the simulator's status.
run_icarus() {
    iverilog -g2005 -o "$2/tb.vvp" -f "$2/filelist.f" "$2/tb_$1.v" >"$3" 2>&1 || return 99
    vvp -n "$2/tb.vvp" >>"$3" 2>&1
}
# (the C++ compiled at -O0: the benches run for microseconds, their builds
# took minutes at the default -Os)
build_verilator() {
    verilator --binary -Wno-fatal -MAKEFLAGS OPT_FAST=-O0 --top-module "tb_$1" --Mdir "$2/obj" \
        -f "$2/filelist.f" "$2/tb_$1.v" >"$3" 2>&1
}

# check K SIM STATUS LOG: PASS expected.
check_pass() {
    if [ "$3" -eq 0 ] && grep -q "^PASS $1: " "$4" && ! grep -q "FAIL" "$4"; then
        ok "$1 ($2): $(grep "^PASS" "$4")"
    else
        bad "$1 ($2): status $3"; tail -5 "$4" | sed 's/^/     /'
    fi
}
# check_fail K SIM STATUS LOG: a FAIL naming a memory word expected.
check_fail() {
    if [ "$3" -ne 0 ] && [ "$3" -ne 99 ] && grep -q "^FAIL $1: memory [0-9]* (.*) word [0-9]*: expected .*, got " "$4" \
        && ! grep -q "^PASS" "$4"; then
        ok "$1 ($2, corrupted expect file): $(grep "^FAIL" "$4" | head -1)"
    else
        bad "$1 ($2, corrupted expect file): status $3, no FAIL line"; tail -5 "$4" | sed 's/^/     /'
    fi
}

one_kernel() {
    k=$1
    g=examples/$k.gv
    targs=$(example_targs "$k")
    d="$WORK/$k"
    # shellcheck disable=SC2086
    if ! "$SAMGEN" gen "$g" $targs -o "$d" >"$WORK/$k.gen.log" 2>&1; then
        bad "$k (gen)"; tail -3 "$WORK/$k.gen.log" | sed 's/^/     /'; return
    fi
    for f in "$d/${k}_top.v" "$d/filelist.f" "$d/README" "$d/tb_$k.v" "$d/${k}_axi.v" \
             "$d/filelist_axi.f" "$d/tb_${k}_axi.v"; do
        [ -s "$f" ] || bad "$k: $f not written"
    done
    ls "$d"/mem/expect_m*.hex >/dev/null 2>&1 || bad "$k: no mem/expect_m*.hex"
    # dependencies first: a FIFO before the edge that holds it, the top last
    fifo=$(grep -n '/sam_fifo\.v$' "$d/filelist.f" | cut -d: -f1)
    edge=$(grep -n '/sam_edge\.v$' "$d/filelist.f" | cut -d: -f1)
    last=$(tail -1 "$d/filelist.f")
    if [ -n "$fifo" ] && [ -n "$edge" ] && [ "$fifo" -lt "$edge" ] && \
       [ "$last" = "$(cd "$d" && pwd -P)/${k}_top.v" ]; then :; else
        bad "$k: filelist.f not in dependency order"
    fi
    grep -q "parameter integer CrdWidth" "$d/${k}_top.v" || bad "$k: CrdWidth not a parameter"
    # the README gives the register map with this top's host widths
    ha=$(sed -n 's/^  input  wire \[\([0-9]*\):0\]  host_addr_i,$/\1/p' "$d/${k}_top.v")
    if grep -q "^SYSTEM INTERFACE (${k}_axi.v)$" "$d/README" &&
       grep -q "HostAddrWidth $((ha + 1))," "$d/README" &&
       grep -q "^  0x08  STATUS       RO  bit 0 busy, 1 done" "$d/README"; then :; else
        bad "$k: README has no register map with HostAddrWidth $((ha + 1))"
    fi

    # the run does not need samgen or the work tree's examples
    log="$WORK/$k.icarus.log"
    run_icarus "$k" "$d" "$log"; check_pass "$k" icarus $? "$log"

    vlog="$WORK/$k.verilator.log"
    if want_vl "$k"; then
        if build_verilator "$k" "$d" "$WORK/$k.vlbuild.log"; then
            "$d/obj/Vtb_$k" >"$vlog" 2>&1; check_pass "$k" verilator $? "$vlog"
        else
            bad "$k (verilator build)"; tail -5 "$WORK/$k.vlbuild.log" | sed 's/^/     /'
        fi
    fi

    # the system view: the same kernel behind the AXI4-Lite register map,
    # loaded, run twice without reset and read back through it
    alog="$WORK/$k.axi.icarus.log"
    if iverilog -g2005 -o "$d/tb_axi.vvp" -f "$d/filelist_axi.f" "$d/tb_${k}_axi.v" >"$alog" 2>&1; then
        vvp -n "$d/tb_axi.vvp" >>"$alog" 2>&1; check_pass "$k (axi)" icarus $? "$alog"
    else
        bad "$k (axi, iverilog build)"; tail -5 "$alog" | sed 's/^/     /'
    fi
    if want_vl "$k"; then
        avlog="$WORK/$k.axi.verilator.log"
        if verilator --binary -Wno-fatal -MAKEFLAGS OPT_FAST=-O0 --top-module "tb_${k}_axi" --Mdir "$d/obj_axi" \
            -f "$d/filelist_axi.f" "$d/tb_${k}_axi.v" >"$WORK/$k.axi.vlbuild.log" 2>&1; then
            "$d/obj_axi/Vtb_${k}_axi" >"$avlog" 2>&1; check_pass "$k (axi)" verilator $? "$avlog"
        else
            bad "$k (axi, verilator build)"; tail -5 "$WORK/$k.axi.vlbuild.log" | sed 's/^/     /'
        fi
    fi

    # negative case: change the first word of the first expected array
    e=$(ls "$d"/mem/expect_m*.hex | head -1)
    cp "$e" "$e.orig"
    awk 'NR == 1 { c = substr($0, length($0), 1); s = (c == "0") ? "1" : "0";
                   $0 = substr($0, 1, length($0) - 1) s } { print }' "$e.orig" >"$e"
    run_icarus "$k" "$d" "$log.neg"; check_fail "$k" icarus $? "$log.neg"
    vvp -n "$d/tb_axi.vvp" >"$alog.neg" 2>&1
    st=$?
    if [ "$st" -ne 0 ] && grep -q "^FAIL $k (axi): run 1: memory [0-9]* (.*) word [0-9]*: expected .*, got " "$alog.neg" \
        && ! grep -q "^PASS" "$alog.neg"; then
        ok "$k (axi, icarus, corrupted expect file): $(grep "^FAIL" "$alog.neg" | head -1)"
    else
        bad "$k (axi, icarus, corrupted expect file): status $st"; tail -3 "$alog.neg" | sed 's/^/     /'
    fi
    if want_vl "$k" && [ -x "$d/obj/Vtb_$k" ]; then
        "$d/obj/Vtb_$k" >"$vlog.neg" 2>&1; check_fail "$k" verilator $? "$vlog.neg"
    fi
    mv "$e.orig" "$e"
}

# one kernel per process, STANDALONE_JOBS (default 2) at a time; each
# writes its lines to WORK/K.res, reported in order below
if [ "${4:-}" = --one ]; then
    one_kernel "$5" >"$WORK/$5.res" 2>&1
    exit 0
fi
rm -rf "$WORK"
mkdir -p "$WORK"
# the kernels with Verilator builds first: they take longest
{ for g in examples/*.gv; do k=$(basename "$g" .gv); want_vl "$k" && echo "$k"; done
  for g in examples/*.gv; do k=$(basename "$g" .gv); want_vl "$k" || echo "$k"; done; } |
    xargs -P "${STANDALONE_JOBS:-2}" -I{} sh "$SELF" "$SAMGEN" "$WORK" "$VLK" --one {}
for g in examples/*.gv; do
    k=$(basename "$g" .gv)
    if [ -s "$WORK/$k.res" ]; then
        cat "$WORK/$k.res"
        pass=$((pass + $(grep -c '^ok ' "$WORK/$k.res")))
        fail=$((fail + $(grep -c '^FAIL ' "$WORK/$k.res")))
    else
        bad "$k: no result"
    fi
done

# the bench's two time limits, on spmv under Icarus: the top's watchdog
# (+watchdog=1: one cycle without a token moving) and +max_cycles
d="$WORK/spmv"
if [ -e "$d/tb.vvp" ]; then
    # vvp_fails PLUSARG LOG FAIL-LINE: the bench stops with that FAIL line
    vvp_fails() {
        vvp -n "$d/tb.vvp" "$1" >"$WORK/$2" 2>&1
        st=$?
        if [ "$st" -ne 0 ] && grep -q "^$3\$" "$WORK/$2"; then
            ok "spmv (icarus, $1): $(grep "^FAIL" "$WORK/$2")"
        else
            bad "spmv (icarus, $1): status $st"; cat "$WORK/$2"
        fi
    }
    vvp_fails +watchdog=1 spmv.wd.log "FAIL spmv: no token moved for 1 cycles (cycle [0-9]*): deadlock"
    vvp_fails +max_cycles=5 spmv.max.log "FAIL spmv: done_o not seen after 5 cycles (+max_cycles)"
else
    bad "spmv: no Icarus bench to run the time limits on"
fi

# gen without tensors: the file list and README, no testbench
d="$WORK/notensors"
if "$SAMGEN" gen examples/spmv.gv -o "$d" >"$WORK/notensors.log" 2>&1 && \
   [ -s "$d/filelist.f" ] && grep -q "No testbench was written: it needs the tensors" "$d/README" && \
   [ ! -e "$d/tb_spmv.v" ] && [ ! -e "$d/mem" ]; then
    ok "spmv without -t: filelist.f and README, no testbench"
else
    bad "spmv without -t"
fi
if iverilog -g2005 -o "$d/top.vvp" -f "$d/filelist.f" >"$WORK/notensors.iv.log" 2>&1; then
    ok "spmv without -t: iverilog -f filelist.f compiles the top"
else
    bad "spmv without -t: iverilog -f filelist.f"; tail -3 "$WORK/notensors.iv.log"
fi
if [ ! -e "$d/tb_spmv_axi.v" ] && \
   verilator --lint-only -Wall --top-module spmv_axi -f "$d/filelist_axi.f" >"$WORK/notensors.axi.log" 2>&1; then
    ok "spmv without -t: spmv_axi.v lints clean (verilator -Wall), no AXI bench"
else
    bad "spmv without -t: spmv_axi.v"; grep '^%' "$WORK/notensors.axi.log" | head -5
fi

# clock constraints: the default 100 MHz beside every top; --freq 125 in
# every file; nextpnr-ice40 takes the pre-pack file and constrains clk_i
# (on a one-counter design, which places in seconds)
d="$WORK/notensors"
if [ -s "$d/spmv_top.sdc" ] && [ -s "$d/spmv_top.xdc" ] && \
   grep -q '^create_clock -name clk_i -period 10.000 \[get_ports clk_i\]$' "$d/spmv_top.sdc" && \
   grep -q '^ctx.addClock("clk_i", 100)$' "$d/spmv_top_ice40.py" && grep -q "spmv_top.sdc" "$d/README"; then
    ok "spmv: clock constraints at the default 100 MHz"
else
    bad "spmv: clock constraints at the default 100 MHz"; ls "$d"
fi
d="$WORK/freq"
if "$SAMGEN" gen examples/spmv.gv --freq 125 -o "$d" >"$WORK/freq.log" 2>&1 && \
   grep -q '^create_clock -name clk_i -period 8.000 \[get_ports clk_i\]$' "$d/spmv_top.sdc" && \
   grep -q '^create_clock -name clk_i -period 8.000 \[get_ports clk_i\]$' "$d/spmv_top.xdc" && \
   grep -q '^set_output_delay -clock clk_i 0.000 ' "$d/spmv_top.xdc" && \
   grep -q '^ctx.addClock("clk_i", 125)$' "$d/spmv_top_ice40.py"; then
    ok "spmv --freq 125: 8 ns in the .sdc and .xdc, 125 MHz in _ice40.py"
else
    bad "spmv --freq 125"; cat "$WORK/freq.log"
fi
"$SAMGEN" gen examples/spmv.gv --freq 2000 -o "$WORK/freqbad" >"$WORK/freqbad.log" 2>&1
st=$?
if [ "$st" -eq 2 ] && grep -q "^samgen gen: --freq '2000': expected MHz in 1..1000$" "$WORK/freqbad.log" && \
   [ ! -e "$WORK/freqbad" ]; then
    ok "--freq 2000: exit 2, nothing written"
else
    bad "--freq 2000: status $st"; cat "$WORK/freqbad.log"
fi
if command -v nextpnr-ice40 >/dev/null 2>&1 && command -v yosys >/dev/null 2>&1; then
    printf 'module spmv_top (input wire clk_i, output reg [3:0] q_o);\n  always @(posedge clk_i) q_o <= q_o + 4%sd1;\nendmodule\n' "'" >"$d/count.v"
    if (cd "$d" && yosys -q -p "read_verilog count.v; synth_ice40 -top spmv_top -json count.json" \
            >yosys.log 2>&1 && nextpnr-ice40 --hx8k --package ct256 --json count.json \
            --pcf-allow-unconstrained --pre-pack spmv_top_ice40.py -q -l pnr.log >/dev/null 2>&1) && \
       grep -q "constraining clock net 'clk_i' to 125.00 MHz" "$d/pnr.log"; then
        ok "nextpnr-ice40 --pre-pack spmv_top_ice40.py: clk_i constrained to 125 MHz"
    else
        bad "nextpnr-ice40 --pre-pack spmv_top_ice40.py"; tail -3 "$d/pnr.log" 2>/dev/null
    fi
fi

# a file in the way of DIR/mem: refused before anything is written
d="$WORK/memfile"
mkdir -p "$d" && : >"$d/mem"
"$SAMGEN" gen examples/spmv.gv -t B=examples/spmv_B.tns -t c=examples/spmv_c.tns \
    -o "$d" >"$WORK/memfile.log" 2>&1
st=$?
if [ "$st" -eq 2 ] && grep -q "^samgen gen: cannot write $d/mem: Not a directory$" "$WORK/memfile.log" && \
   [ "$(ls "$d")" = mem ]; then
    ok "gen -t with a file in the way of DIR/mem: exit 2, nothing written"
else
    bad "gen -t with a file in the way of DIR/mem: status $st"; cat "$WORK/memfile.log"; ls "$d"
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
