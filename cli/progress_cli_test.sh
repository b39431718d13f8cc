#!/bin/sh
# progress_cli_test.sh - progress lines, -q and --timeout of samgen verify
# and samgen area.
#
#   sh cli/progress_cli_test.sh SAMGEN WORKDIR
#
# Slow tools are made slow on purpose: a fresh Verilator cache (the build
# takes longer than the 1 s limit), or a stand-in for yosys or vvp first in
# PATH that sleeps and ignores SIGTERM, so that only ending its whole
# process group stops it.  Steps whose tool is missing are skipped.
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/cli/test_lib.sh"
begin "$1" "$2"
export SAMGEN_ROOT="$ROOT"
TB="-t B=$EX/spmv_B.tns -t c=$EX/spmv_c.tns"
have() { command -v "$1" >/dev/null 2>&1; }

# has LINE DESCRIPTION: $WORK/err holds LINE as a whole line
has() {
    if grep -qxF "$1" "$WORK/err"; then ok "$2"; else
        bad "$2: no line '$1' in: $(cat "$WORK/err")"; fi
}

# no_progress DESCRIPTION PREFIX: no progress line of PREFIX in $WORK/err
no_progress() {
    if grep -q "^$2: .* \.\.\." "$WORK/err"; then bad "$1: $(cat "$WORK/err")"; else ok "$1"; fi
}

# group_gone DESCRIPTION PIDFILE: the process group whose leader wrote its
# pid into PIDFILE has no process left
group_gone() {
    if [ ! -s "$2" ]; then bad "$1: the tool never started"; return; fi
    pg=$(cat "$2")
    if ps -eo pgid= | grep -qx " *$pg"; then
        bad "$1: processes of group $pg left: $(ps -o pid=,cmd= -g "$pg")"
        kill -9 -- "-$pg" 2>/dev/null
    else
        ok "$1"
    fi
}

# slow_tool NAME: a stand-in for NAME in $WORK/bin that records its pid (its
# process group), starts a child and waits, ignoring SIGTERM
slow_tool() {
    mkdir -p "$WORK/bin"
    cat >"$WORK/bin/$1" <<EOT
#!/bin/sh
trap '' TERM
echo \$\$ > "$WORK/$1.pid"
sleep 300 &
wait
wait
EOT
    chmod +x "$WORK/bin/$1"
}

# ---- option values -------------------------------------------------------
for v in 0 86401 1s; do
    case $v in
        1s) msg="expected an integer in 1..86400, got '1s'" ;;
        *) msg="$v is out of range 1..86400" ;;
    esac
    expect 2 "verify --timeout $v refused" "$SAMGEN" verify "$EX/spmv.gv" $TB --timeout "$v" \
        --keep "$WORK/v_bad"
    has "samgen verify: --timeout: $msg" "verify --timeout $v: message"
    [ ! -e "$WORK/v_bad" ] && ok "verify --timeout $v: nothing written" || bad "verify --timeout $v wrote $WORK/v_bad"
    expect 2 "area --timeout $v refused" "$SAMGEN" area --prim sam_fifo --timeout "$v" -o "$WORK/a_bad"
    has "samgen area: --timeout: $msg" "area --timeout $v: message"
    [ ! -e "$WORK/a_bad" ] && ok "area --timeout $v: nothing written" || bad "area --timeout $v wrote $WORK/a_bad"
done

# ---- start lines, -q ------------------------------------------------------
if have iverilog && have vvp; then
    expect 0 "verify --sim icarus passes" "$SAMGEN" verify "$EX/spmv.gv" $TB --sim icarus
    has "samgen verify: compiling with Icarus ..." "verify announces the Icarus build"
    has "samgen verify: simulating with Icarus ..." "verify announces the simulation"
    [ "$(grep -c '^samgen verify:' "$WORK/err")" -eq 2 ] && ok "verify: two lines, no heartbeat (not a terminal)" ||
        bad "verify: lines other than the two start lines: $(cat "$WORK/err")"
    cp "$WORK/out" "$WORK/out.loud"
    expect 0 "verify -q passes" "$SAMGEN" verify "$EX/spmv.gv" $TB --sim icarus -q
    [ ! -s "$WORK/err" ] && ok "verify -q: stderr empty" || bad "verify -q: stderr: $(cat "$WORK/err")"
    head -1 "$WORK/out" >"$WORK/out.q1"
    head -1 "$WORK/out.loud" >"$WORK/out.l1"
    cmp -s "$WORK/out.q1" "$WORK/out.l1" && ok "verify -q: same result line" || bad "verify -q: stdout differs"
    expect 0 "verify --quiet passes" "$SAMGEN" verify "$EX/spmv.gv" $TB --sim icarus --quiet
    no_progress "verify --quiet: no progress line" "samgen verify"

    # the simulation ends at the limit (which the Icarus build before it
    # must not reach on a busy machine)
    slow_tool vvp
    expect 1 "verify: a simulation longer than --timeout fails" \
        env PATH="$WORK/bin:$PATH" "$SAMGEN" verify "$EX/spmv.gv" $TB --sim icarus --timeout 5 \
        --keep "$WORK/v_sim" --waves "$WORK/v_sim.vcd"
    has "samgen verify: the simulation did not finish in 5 s (--timeout)" "verify: timeout message names the simulation"
    has "samgen verify: simulating with Icarus ..." "verify: the simulation was announced"
    group_gone "verify: no simulator process left" "$WORK/vvp.pid"
    [ ! -e "$WORK/v_sim.vcd" ] && ok "verify: no waveform from a run that timed out" || bad "verify: waveform written"
else
    echo "skip Icarus steps (iverilog or vvp not installed)"
fi

if have yosys; then
    expect 0 "area passes" "$SAMGEN" area --prim sam_fifo -o "$WORK/a1"
    has "samgen area: yosys synth_generic ..." "area announces yosys"
    [ "$(grep -c '^samgen area:' "$WORK/err")" -eq 1 ] && ok "area: one line, no heartbeat (not a terminal)" ||
        bad "area: other lines: $(cat "$WORK/err")"
    expect 0 "area -q passes" "$SAMGEN" area --prim sam_fifo -o "$WORK/a1" -q
    [ ! -s "$WORK/err" ] && ok "area -q: stderr empty" || bad "area -q: stderr: $(cat "$WORK/err")"
    grep -q "^total  *sam_fifo" "$WORK/out" && ok "area -q: the report is printed" || bad "area -q: no report"

    slow_tool yosys
    expect 1 "area: a yosys run longer than --timeout fails" \
        env PATH="$WORK/bin:$PATH" "$SAMGEN" area --prim sam_fifo --target ice40 --timeout 1 -o "$WORK/a2"
    has "samgen area: yosys synth_ice40 ..." "area: yosys was announced"
    has "samgen area: yosys synth_ice40 did not finish in 1 s (--timeout)" "area: timeout message names the step"
    group_gone "area: no yosys process left" "$WORK/yosys.pid"
    [ ! -e "$WORK/a2/stat.json" ] && ok "area: no results from the run that timed out" || bad "area: stat.json written"
    rm -f "$WORK/bin/yosys"

    if have nextpnr-ice40; then
        slow_tool nextpnr-ice40
        expect 1 "area: nextpnr longer than --timeout fails" \
            env PATH="$WORK/bin:$PATH" "$SAMGEN" area --prim sam_fifo --target ice40 --timeout 10 -o "$WORK/a3"
        has "samgen area: nextpnr-ice40 place and route ..." "area: nextpnr was announced"
        has "samgen area: nextpnr-ice40 did not finish in 10 s (--timeout)" "area: timeout message names nextpnr"
        group_gone "area: no nextpnr process left" "$WORK/nextpnr-ice40.pid"

        # --units: each unit's own runs take the same limit; here nextpnr
        # is slow only in a unit's work directory (units/...)
        rm -f "$WORK/nextpnr-ice40.pid"
        real=$(PATH=$(echo "$PATH" | sed "s|$WORK/bin:||") command -v nextpnr-ice40)
        cat >"$WORK/bin/nextpnr-ice40" <<EOT
#!/bin/sh
case \$(pwd) in
*/units/*) trap '' TERM; echo \$\$ > "$WORK/nextpnr-ice40.pid"; sleep 300 & wait; wait ;;
*) exec "$real" "\$@" ;;
esac
EOT
        chmod +x "$WORK/bin/nextpnr-ice40"
        expect 1 "area --units: a unit's nextpnr longer than --timeout fails" \
            env PATH="$WORK/bin:$PATH" "$SAMGEN" area --prim sam_alu --param Op=3 --param ValType=2 \
            --param ValWidth=16 --target ice40 --units --timeout 30 -o "$WORK/a4"
        has "samgen area: unit sam_fp_cmp FracWidth=7 Latency=2 on its own" "area --units: the unit's run was announced"
        has "samgen area: unit sam_fp_cmp FracWidth=7 Latency=2: nextpnr-ice40 did not finish in 30 s (--timeout)" \
            "area --units: timeout message names the unit and nextpnr"
        group_gone "area --units: no nextpnr process left" "$WORK/nextpnr-ice40.pid"
        [ ! -s "$WORK/out" ] && ok "area --units: no report from a run that timed out" ||
            bad "area --units: report printed: $(head -n 3 "$WORK/out")"
        rm -f "$WORK/bin/nextpnr-ice40"
    fi
else
    echo "skip area steps (yosys not installed)"
fi

# ---- the Verilator build --------------------------------------------------
if have verilator; then
    CACHE=$WORK/vcache
    expect 1 "verify: a Verilator build longer than --timeout fails" \
        env SAMGEN_CACHE="$CACHE" "$SAMGEN" verify "$EX/spmv.gv" $TB --timeout 1 --keep "$WORK/v_vl"
    has "samgen verify: building with Verilator ..." "verify announces the Verilator build"
    has "samgen verify: verilator did not finish in 1 s (--timeout)" "verify: timeout message names verilator"
    if pgrep -f "$CACHE" >/dev/null; then
        bad "verify: build processes left: $(pgrep -af "$CACHE")"
        pkill -9 -f "$CACHE"
    else
        ok "verify: no build process left"
    fi
    [ -z "$(ls -A "$CACHE" 2>/dev/null)" ] && ok "verify: nothing left in the build cache" ||
        bad "verify: cache holds $(ls "$CACHE")"
else
    echo "skip Verilator steps (verilator not installed)"
fi

[ $fail -eq 0 ] && echo "progress-cli-test: ok"
exit $fail
