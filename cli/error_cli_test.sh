#!/bin/sh
# error_cli_test.sh - the generated top's sticky error bits (error_o,
# docs/rtl-interfaces.md) and how samgen verify reports them
# (docs/verification.md): for each bit a run that raises it, and runs that
# leave error_o at 0, under Icarus and (when installed) Verilator.
#
#   bit 0  mat_elemadd generated with --max-nnz 4, run on inputs of 4
#          nonzeros each whose sum has 8: the output writers overflow; and
#          with --width-crd 4 (16-word memories, every address valid) on
#          24 output nonzeros: the writers' counters would wrap
#   bit 1  matmul_ikj generated with --dim 2, run on 8x8 matrices: the
#          sparse accumulator gets coordinates beyond its workspace
#   bit 2  a testbench writing beyond a memory's depth and to selects that
#          name nothing (the word the address wraps onto stays intact; reset
#          and a run's start clear the bit), and
#          verify of mat_elemadd generated with --max-nnz 2 (inputs larger
#          than its memories)
#   bit 3  spmv generated with --watchdog-cycles 200 with one edge's ready
#          tied low (a deadlock), so the hardware watchdog fires before
#          verify's simulation watchdog
#
#   sh cli/error_cli_test.sh SAMGEN WORKDIR
set -u
ROOT=$(cd "$(dirname "$0")/.." && pwd)
. "$ROOT/cli/test_lib.sh"
begin "$1" "$2"
# has DESCRIPTION FILE TEXT: FILE holds the line fragment TEXT
has() {
    grep -qF -- "$3" "$2" && ok "$1" || bad "$1: '$3' not in $2"
}
lacks() {
    grep -qF -- "$3" "$2" && bad "$1: '$3' in $2" || ok "$1"
}

if ! command -v iverilog >/dev/null 2>&1; then
    echo "error-cli-test: needs iverilog (make deps)"; exit 1
fi
SIMS=icarus
command -v verilator >/dev/null 2>&1 && SIMS="icarus verilator"

# ---- the option ---------------------------------------------------------------
expect 2 "gen --watchdog-cycles 0 refused" \
    "$SAMGEN" gen "$EX/spmv.gv" --watchdog-cycles 0 -o "$WORK/wd0"
has "--watchdog-cycles 0: message" "$WORK/err" \
    "samgen: --watchdog-cycles: 0 is out of range 1..2147483647"
[ ! -e "$WORK/wd0" ] && ok "--watchdog-cycles 0: nothing written" ||
    bad "--watchdog-cycles 0: $WORK/wd0 written"
expect 0 "gen spmv" "$SAMGEN" gen "$EX/spmv.gv" -o "$WORK/spmv"
TOP=$WORK/spmv/spmv_top.v
has "top: error_o port" "$TOP" "output wire [3:0]            error_o"
has "top: WatchdogCycles default" "$TOP" "parameter integer WatchdogCycles = 65536"
has "top: header names bit 3" "$TOP" "bit 3  watchdog"
expect 0 "gen spmv --watchdog-cycles 200" \
    "$SAMGEN" gen "$EX/spmv.gv" --watchdog-cycles 200 -o "$WORK/spmv200"
has "top: WatchdogCycles 200" "$WORK/spmv200/spmv_top.v" \
    "parameter integer WatchdogCycles = 200"

# ---- inputs -------------------------------------------------------------------
# B + C: 4 nonzeros each, 8 in the sum
printf '# shape 4 4\n1 1 1\n2 2 2\n3 3 3\n4 4 4\n' >"$WORK/B.tns"
printf '# shape 4 4\n1 2 5\n2 3 6\n3 4 7\n4 1 8\n' >"$WORK/C.tns"
ADD="$EX/mat_elemadd.gv -t B=$WORK/B.tns -t C=$WORK/C.tns"
# 6x6, 12 nonzeros each, 24 in the sum (rows of 4)
printf '# shape 6 6\n' >"$WORK/Bw.tns"
printf '# shape 6 6\n' >"$WORK/Cw.tns"
for i in 1 2 3 4 5 6; do
    printf '%d %d 1\n%d %d 2\n' $i $i $i $((i % 6 + 1)) >>"$WORK/Bw.tns"
    printf '%d %d 3\n%d %d 4\n' $i $(((i + 1) % 6 + 1)) $i $(((i + 2) % 6 + 1)) >>"$WORK/Cw.tns"
done
WRAP="$EX/mat_elemadd.gv -t B=$WORK/Bw.tns -t C=$WORK/Cw.tns"
MM="$EX/matmul_ikj.gv -t B=$EX/matmul_ikj_B.tns -t C=$EX/matmul_ikj_C.tns"
SPMV="$EX/spmv.gv -t B=$EX/spmv_B.tns -t c=$EX/spmv_c.tns"
"$SAMGEN" gen $ADD -o "$WORK/add" >/dev/null 2>&1 || bad "gen mat_elemadd"
"$SAMGEN" gen "$EX/mat_elemadd.gv" --max-nnz 4 -o "$WORK/add4" >/dev/null 2>&1 ||
    bad "gen mat_elemadd --max-nnz 4"
"$SAMGEN" gen "$EX/mat_elemadd.gv" --max-nnz 2 -o "$WORK/add2" >/dev/null 2>&1 ||
    bad "gen mat_elemadd --max-nnz 2"
"$SAMGEN" gen "$EX/mat_elemadd.gv" --max-nnz 15 --width-crd 4 -o "$WORK/addw" >/dev/null 2>&1 ||
    bad "gen mat_elemadd --max-nnz 15 --width-crd 4"
has "a 16-word output memory at 4-bit coordinates: wrap guard" \
    "$WORK/addw/mat_elemadd_top.v" "wire m14_wr_oob = m14_full_q;"
"$SAMGEN" gen "$EX/matmul_ikj.gv" --dim 2 -o "$WORK/mm2" >/dev/null 2>&1 ||
    bad "gen matmul_ikj --dim 2"
# a deadlock: the first edge never delivers its tokens
sed 's/\.dn_ready_i(e0_dn_ready)/.dn_ready_i(1'"'"'b0)/' "$WORK/spmv200/spmv_top.v" \
    >"$WORK/stuck_top.v"
grep -q "dn_ready_i(1'b0)" "$WORK/stuck_top.v" && ok "deadlocked top made" ||
    bad "deadlocked top not made"

for sim in $SIMS; do
    # normal runs: error_o stays 0
    # shellcheck disable=SC2086
    expect 0 "$sim: spmv passes" "$SAMGEN" verify $SPMV --sim $sim -q --keep "$WORK/$sim-spmv"
    lacks "$sim: spmv: no ERROR line from the harness" "$WORK/$sim-spmv/sim.out" "ERROR"
    lacks "$sim: spmv: no error_o message" "$WORK/out" "error_o"
    # shellcheck disable=SC2086
    expect 0 "$sim: matmul_ikj (spacc) passes" "$SAMGEN" verify $MM --sim $sim -q \
        --keep "$WORK/$sim-mm"
    lacks "$sim: matmul_ikj: no ERROR line" "$WORK/$sim-mm/sim.out" "ERROR"
    # shellcheck disable=SC2086
    expect 0 "$sim: mat_elemadd passes at its own sizes" "$SAMGEN" verify $ADD --sim $sim -q \
        --keep "$WORK/$sim-add"
    lacks "$sim: mat_elemadd: no ERROR line" "$WORK/$sim-add/sim.out" "ERROR"

    # bit 0
    # shellcheck disable=SC2086
    expect 1 "$sim: bit 0: output beyond --max-nnz 4 fails" "$SAMGEN" verify $ADD --sim $sim -q \
        --top "$WORK/add4/mat_elemadd_top.v" -o "$WORK/$sim-b0" --keep "$WORK/$sim-b0k"
    has "$sim: bit 0: message" "$WORK/out" \
        "FAIL mat_elemadd_top: error_o = 1 (bit 0 writer overflow)"
    has "$sim: bit 0: harness line" "$WORK/$sim-b0k/sim.out" "ERROR 1"
    has "$sim: bit 0: report result" "$WORK/$sim-b0/report.json" '"result": "hardware error"'
    lacks "$sim: bit 0: no PASS" "$WORK/out" "PASS"

    # bit 0 when the counter wraps: a 2^CrdWidth-word output memory (--width-crd
    # 4, 16 words) gets 24 coordinates; the 8 after the last word would wrap
    # onto words 0..7, which keep the first rows' coordinates
    # shellcheck disable=SC2086
    expect 1 "$sim: bit 0: counter wrap fails" "$SAMGEN" verify $WRAP --sim $sim -q \
        --width-crd 5 --top "$WORK/addw/mat_elemadd_top.v" --keep "$WORK/$sim-wrap"
    has "$sim: bit 0 (wrap): message" "$WORK/out" \
        "FAIL mat_elemadd_top: error_o = 1 (bit 0 writer overflow)"
    sed -n 's/^M 14 8 //p' "$WORK/$sim-wrap/sim.out" | sed 's/\(^\| \)0*\([0-9a-f]\)/\1\2/g' \
        >"$WORK/$sim-wrap/m14"
    has "$sim: bit 0 (wrap): words 0..7 not overwritten" "$WORK/$sim-wrap/m14" \
        "0 1 2 3 1 2 3 4"

    # bit 1
    # shellcheck disable=SC2086
    expect 1 "$sim: bit 1: coordinates beyond --dim 2 fail" "$SAMGEN" verify $MM --sim $sim -q \
        --top "$WORK/mm2/matmul_ikj_top.v"
    has "$sim: bit 1: message" "$WORK/out" \
        "FAIL matmul_ikj_top: error_o = 2 (bit 1 accumulator coordinate beyond the workspace)"

    # bit 2 (inputs larger than the memories; the outputs overflow too)
    # shellcheck disable=SC2086
    expect 1 "$sim: bit 2: inputs beyond --max-nnz 2 fail" "$SAMGEN" verify $ADD --sim $sim -q \
        --top "$WORK/add2/mat_elemadd_top.v"
    has "$sim: bit 2: message" "$WORK/out" "bit 2 host address beyond a memory"

    # bit 3
    # shellcheck disable=SC2086
    expect 1 "$sim: bit 3: deadlock fails" "$SAMGEN" verify $SPMV --sim $sim -q \
        --watchdog-cycles 200 --watchdog 2000 --top "$WORK/stuck_top.v"
    has "$sim: bit 3: message" "$WORK/out" "FAIL spmv_top: error_o = 8 (bit 3 watchdog)"
    has "$sim: bit 3: stuck report too" "$WORK/out" "STUCK"
done

# ---- bit 2 and the suppressed writes, on the host port alone ------------------
# spmv: memory 2 (B mode 0 crd) has 1024 words, host addresses are 11 bits,
# one dense dimension register? none: select 0 names nothing.
cat >"$WORK/tb_host.v" <<'V'
`timescale 1ns/1ps
module tb_host;
  reg clk = 0, rst_n = 0, start = 0, en = 1, we = 0;
  reg [7:0] sel = 0;
  reg [10:0] addr = 0;
  reg [31:0] wdata = 0;
  wire [31:0] rdata;
  wire [15:0] len;
  wire done;
  wire [3:0] error;
  integer bad = 0;
  spmv_top dut (.clk_i(clk), .rst_ni(rst_n), .start_i(start), .done_o(done),
    .host_en_i(en), .host_we_i(we), .host_sel_i(sel), .host_addr_i(addr),
    .host_wdata_i(wdata), .host_rdata_o(rdata), .host_len_o(len), .error_o(error));
  task tick; begin #1 clk = 1; #1 clk = 0; end endtask
  task wr(input [7:0] s, input [10:0] a, input [31:0] d);
    begin sel = s; addr = a; wdata = d; we = 1; tick; we = 0; end
  endtask
  task expect_err(input [3:0] want, input [8*24-1:0] what);
    if (error !== want) begin
      $display("FAIL %0s: error_o = %b, wanted %b", what, error, want); bad = bad + 1;
    end else $display("ok %0s", what);
  endtask
  initial begin
    tick; tick; rst_n = 1; tick;
    expect_err(4'b0000, "after reset");
    wr(8'd2, 11'd0, 32'd5);
    wr(8'd2, 11'd1023, 32'd6);
    expect_err(4'b0000, "writes in range");
    repeat (100) tick;
    expect_err(4'b0000, "idle, no run");
    wr(8'd2, 11'd1024, 32'd77);
    expect_err(4'b0100, "address at the depth");
    sel = 8'd2; addr = 11'd0; tick;
    if (rdata[15:0] !== 16'd5) begin
      $display("FAIL word 0 overwritten: %0d", rdata[15:0]); bad = bad + 1;
    end else $display("ok word 0 intact");
    rst_n = 0; tick; rst_n = 1; tick;
    expect_err(4'b0000, "cleared by reset");
    wr(8'd12, 11'd0, 32'd1);
    expect_err(4'b0100, "select 12: no memory");
    rst_n = 0; tick; rst_n = 1; tick;
    wr(8'd0, 11'd0, 32'd1);
    expect_err(4'b0100, "select 0: no register");
    start = 1; tick;
    expect_err(4'b0000, "cleared by a run's start");
    start = 0;
    if (bad == 0) $display("PASS host");
    $finish;
  end
endmodule
V
if iverilog -g2005 -o "$WORK/tb_host.vvp" -I "$ROOT/rtl" -y "$ROOT/rtl" -y "$ROOT/sim" \
       "$WORK/tb_host.v" "$TOP" >"$WORK/tb_host.build" 2>&1; then
    vvp -n "$WORK/tb_host.vvp" >"$WORK/tb_host.icarus" 2>&1
    has "icarus: host port checks" "$WORK/tb_host.icarus" "PASS host"
else
    bad "icarus: host testbench does not build"; head -5 "$WORK/tb_host.build"
fi
if command -v verilator >/dev/null 2>&1; then
    if verilator --binary -Wno-fatal -Wno-lint -Wno-style -MAKEFLAGS "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0" -I"$ROOT/rtl" -y "$ROOT/rtl" \
           -y "$ROOT/sim" --top-module tb_host --Mdir "$WORK/tb_host.vl" \
           "$WORK/tb_host.v" "$TOP" >"$WORK/tb_host.vbuild" 2>&1; then
        "$WORK/tb_host.vl/Vtb_host" >"$WORK/tb_host.verilator" 2>&1
        has "verilator: host port checks" "$WORK/tb_host.verilator" "PASS host"
    else
        bad "verilator: host testbench does not build"; tail -5 "$WORK/tb_host.vbuild"
    fi
fi

[ $fail -eq 0 ] && echo "error-cli-test: all passed"
exit $fail
