// harness.cpp - Verilator driver for any samgen-generated top.
//
// Every generated top has the same ports (templates/top.v.in), so this file
// is compiled unchanged with each of them (verilated with --prefix Vtop).
// It reads a host script (written by samgen verify) from +script=FILE:
//
//   w SEL ADDR VALUE      host write (decimal; VALUE two's complement ok)
//   g MAXCYCLES           one reset cycle, raise start, run until done_o
//   c MAXCYCLES           a run without reset: one cycle with start low,
//                         raise start, run until done_o (the start edge
//                         re-arms the engine; memories keep their contents)
//   x                     one reset cycle with the host keeping the
//                         memories (host_en_i high), then reset released
//   h SEL ADDR VALUE      during the next run, hold that host write on the
//                         host port (host_en_i, host_we_i high) in every
//                         cycle of it, from the one start_i rises in: the
//                         top ignores the host port while busy
//   r SEL                 read back memory SEL: host_len_o words
//
// and prints on standard output, besides the taps' "T"/"W" lines:
//   "DONE <cycles>"       done_o rose <cycles> cycles after start
//   "LIMIT <cycles>"      MAXCYCLES reached without done_o
//   "FINISH <cycles>"     the design called $finish (watchdog) first
//   "M <sel> <len> <hex words...>"   read-back of memory SEL
//   "ERROR <bits>"        error_o (decimal) had bits set that no earlier
//                         ERROR line gave: the bits seen so far, ORed over
//                         every clock edge (host writes, runs, read-back)
//   "CPU <run cycles> <run s> <all cycles> <all s>"   at the end: the cycles
//                         and process CPU seconds of the runs (start to
//                         done) and of everything (host writes, runs and
//                         read-back clock edges; CPU since the program began)
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>

#include "Vtop.h"
#include "Vtop___024root.h"
#include "verilated.h"
#if VM_TRACE && VM_TRACE_FST
#include "verilated_fst_c.h"
typedef VerilatedFstC WaveFile;
#elif VM_TRACE
#include "verilated_vcd_c.h"
typedef VerilatedVcdC WaveFile;
#endif

namespace {

// The falling clock edge changes nothing in a samgen design (every process
// is clocked on the rising edge), but Verilator needs an eval() there only
// to record the low clock for its edge detection: without waves, the
// harness records it itself and skips that eval (about 6 % of the
// simulation's instructions).  Verilator 5.006 keeps the value in the root
// as __Vtrigrprev__TOP__clk_i; with another Verilator (no such member) the
// overload below is chosen and every falling edge is evaluated.
template <class R>
auto record_clk_low(R *r, int) -> decltype((void)(r->__Vtrigrprev__TOP__clk_i = 0), true)
{
    r->__Vtrigrprev__TOP__clk_i = 0;
    return true;
}

template <class R>
bool record_clk_low(R *, long)
{
    return false;
}

struct Sim {
    std::unique_ptr<VerilatedContext> ctx;
    std::unique_ptr<Vtop> top;
#if VM_TRACE
    std::unique_ptr<WaveFile> vcd;
#endif
    uint64_t time = 0;
    uint64_t ticks = 0;   // clock cycles simulated so far
    bool dump_on = true;  // inside the +wavesfrom/+wavesto window
    unsigned errors = 0;  // error_o bits seen so far

    void tick()
    {
        ticks++;
        top->clk_i = 0;
#if VM_TRACE
        if (vcd) {
            top->eval();
            if (dump_on) vcd->dump(time);
        } else
#endif
        if (!record_clk_low(top->rootp, 0))
            top->eval();
        time++;
        top->clk_i = 1;
        top->eval();
#if VM_TRACE
        if (vcd && dump_on) vcd->dump(time);
#endif
        time++;
        const unsigned err = errors | (unsigned)top->error_o;
        if (err != errors) {
            errors = err;
            printf("ERROR %u\n", errors);
        }
    }
};

double cpu_seconds()
{
    struct timespec ts;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
        return 0.0;
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

const char *plusarg(int argc, char **argv, const char *name)
{
    size_t n = strlen(name);
    for (int i = 1; i < argc; i++)
        if (argv[i][0] == '+' && strncmp(argv[i] + 1, name, n) == 0 &&
            argv[i][1 + n] == '=')
            return argv[i] + 2 + n;
    return nullptr;
}

// A +NAME=N cycle number, -1 when absent.
long long plusarg_cycle(int argc, char **argv, const char *name)
{
    const char *v = plusarg(argc, argv, name);
    return v ? strtoll(v, nullptr, 10) : -1;
}

}  // namespace

int main(int argc, char **argv)
{
    Sim s;
    s.ctx.reset(new VerilatedContext);
    s.ctx->commandArgs(argc, argv);
    s.top.reset(new Vtop{s.ctx.get()});
    const char *script = plusarg(argc, argv, "script");
    if (!script) {
        fprintf(stderr, "harness: +script=FILE missing\n");
        return 2;
    }
    FILE *f = fopen(script, "r");
    if (!f) {
        fprintf(stderr, "harness: cannot open %s\n", script);
        return 2;
    }
#if VM_TRACE
    if (const char *w = plusarg(argc, argv, "waves")) {
        s.ctx->traceEverOn(true);
        s.vcd.reset(new WaveFile);
        // +wavescope=TOP.<top>.<instance> (any number): only these.
        for (int i = 1; i < argc; i++)
            if (strncmp(argv[i], "+wavescope=", 11) == 0)
                s.vcd->dumpvars(99, argv[i] + 11);
        s.top->trace(s.vcd.get(), 99);
        s.vcd->open(w);
    }
#endif
    // Waveform window in kernel cycles (cycle 0 is the first after start):
    // from the start of the simulation unless +wavesfrom, to its end unless
    // +wavesto.
    const long long wfrom = plusarg_cycle(argc, argv, "wavesfrom");
    const long long wto = plusarg_cycle(argc, argv, "wavesto");
    s.dump_on = wfrom < 0;
    auto *t = s.top.get();
    t->rst_ni = 0;
    t->start_i = 0;
    t->host_en_i = 1;
    t->host_we_i = 0;
    t->host_sel_i = 0;
    t->host_addr_i = 0;
    t->host_wdata_i = 0;
    t->clk_i = 0;
    t->eval();  // initial blocks and settle with the clock low
    s.tick();
    char op[8];
    int rc = 0;
    uint64_t run_cycles = 0;
    double run_cpu = 0.0;
    bool hold = false;  // 'h': a host write held during the next run
    unsigned hold_sel = 0;
    unsigned long long hold_addr = 0;
    long long hold_val = 0;
    while (fscanf(f, "%7s", op) == 1) {
        if (op[0] == 'w') {
            unsigned sel;
            unsigned long long addr;
            long long val;
            if (fscanf(f, "%u %llu %lld", &sel, &addr, &val) != 3) { rc = 2; break; }
            t->host_en_i = 1;
            t->host_we_i = 1;
            t->host_sel_i = sel;
            t->host_addr_i = addr;
            t->host_wdata_i = (uint64_t)val;
            s.tick();
            t->host_we_i = 0;
        } else if (op[0] == 'h') {
            if (fscanf(f, "%u %llu %lld", &hold_sel, &hold_addr, &hold_val) != 3) { rc = 2; break; }
            hold = true;
        } else if (op[0] == 'x') {
            t->host_en_i = 1;
            t->host_we_i = 0;
            t->start_i = 0;
            t->rst_ni = 0;
            s.tick();
            t->rst_ni = 1;
        } else if (op[0] == 'g' || op[0] == 'c') {
            unsigned long long max;
            if (fscanf(f, "%llu", &max) != 1) { rc = 2; break; }
            // 'g': a reset cycle; 'c': a cycle with start_i low, so that
            // raising it is an edge.  done_o still holds the last run's
            // until the first clock edge with start_i high, so 'c' clocks
            // that edge before looking at it.
            const bool rerun = op[0] == 'c';
            t->host_en_i = 0;
            t->host_we_i = 0;
            t->start_i = 0;
            t->rst_ni = rerun ? 1 : 0;
            s.tick();
            t->rst_ni = 1;
            t->start_i = 1;
            if (hold) {
                t->host_en_i = 1;
                t->host_we_i = 1;
                t->host_sel_i = hold_sel;
                t->host_addr_i = hold_addr;
                t->host_wdata_i = (uint64_t)hold_val;
            }
            uint64_t cyc = 0;
            double c0 = cpu_seconds();
            while ((!t->done_o || (rerun && cyc == 0)) && !s.ctx->gotFinish() && cyc < max) {
                if (wfrom >= 0 || wto >= 0)
                    s.dump_on = (wfrom < 0 || (long long)cyc >= wfrom) &&
                                (wto < 0 || (long long)cyc <= wto);
                s.tick();
                cyc++;
            }
            run_cpu += cpu_seconds() - c0;
            run_cycles += cyc;
            t->start_i = 0;
            t->host_en_i = 0;
            t->host_we_i = 0;
            hold = false;
            if (wto >= 0)
                s.dump_on = false;
            if (t->done_o)
                printf("DONE %llu\n", (unsigned long long)cyc);
            else if (s.ctx->gotFinish())
                printf("FINISH %llu\n", (unsigned long long)cyc);
            else
                printf("LIMIT %llu\n", (unsigned long long)cyc);
            if (!t->done_o)
                break;
        } else if (op[0] == 'r') {
            unsigned sel;
            if (fscanf(f, "%u", &sel) != 1) { rc = 2; break; }
            t->host_en_i = 1;
            t->host_we_i = 0;
            t->host_sel_i = sel;
            t->eval();
            uint64_t len = t->host_len_o;
            printf("M %u %llu", sel, (unsigned long long)len);
            for (uint64_t a = 0; a < len; a++) {
                t->host_addr_i = a;
                s.tick();
                printf(" %llx", (unsigned long long)t->host_rdata_o);
            }
            printf("\n");
        } else {
            fprintf(stderr, "harness: bad script op '%s'\n", op);
            rc = 2;
            break;
        }
    }
    fclose(f);
    printf("CPU %llu %.6f %llu %.6f\n", (unsigned long long)run_cycles, run_cpu,
           (unsigned long long)s.ticks, cpu_seconds());
    fflush(stdout);
#if VM_TRACE
    if (s.vcd) s.vcd->close();
#endif
    s.top->final();
    return rc;
}
