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
// +harnesscycle stamps the tokens with the harness's own count of the
// run's cycles, +hwatchdog=N prints "WATCHDOG N <cycle>" and ends a run in
// which no tap saw a token for N cycles (both for a synthesized netlist,
// whose top has neither the cycle counter nor the watchdog).
//
// Tokens.  In a build with SG_TAP_DPI every tap hands its tokens to
// sg_tap_token below.  Without +expect the harness prints each as
//   "t <edge> <cycle> <tag> <payload hex>"
// (what the taps' $display "T" lines say, with tag and payload apart);
// +notrace prints nothing.  With +expect=FILE (sim/expect.h: the golden
// model's stream of every edge) it checks every token as it crosses, in
// lockstep, and prints no token lines: the first wrong token, or one
// beyond the end of its stream, stops the run at the end of that cycle with
//   "X <edge> <index> <cycle> <exp tag> <exp payload> <got tag> <got payload>"
// (tag -1: no token on that side; payloads in hex); an edge that has not
// carried all its tokens when done_o rises gives an X line with got tag -1
// and cycle -1.  After a run that passed, per edge and per producing node:
//   "S <edge> <tokens>"
//   "B <node> <busy cycles> <first cycle> <last cycle>"
// (the cycles in which at least one of the node's output edges took a
// token, and the first and last of them).
//
// and prints on standard output, besides the taps' "T"/"W" lines:
//   "DONE <cycles>"       done_o rose <cycles> cycles after start
//   "LIMIT <cycles>"      MAXCYCLES reached without done_o
//   "FINISH <cycles>"     the design called $finish (watchdog) first
//   "M <sel> <len> <hex words...>"   read-back of memory SEL
//   "ERROR <bits>"        error_o (decimal) had bits set that no earlier
//                         ERROR line gave: the bits seen so far, ORed over
//                         every clock edge (host writes, runs, read-back)
//   "CPU <run cycles> <run s> <all cycles> <all s> <peak KiB>"   at the end:
//                         the cycles and process CPU seconds of the runs
//                         (start to done) and of everything (host writes,
//                         runs and read-back clock edges; CPU since the
//                         program began), and the process's peak memory
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <vector>

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

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

// ---- tokens from the taps ------------------------------------------------

// The expected stream of one edge, read from the +expect file in chunks
// (memory bounded by the number of edges, not of tokens).
struct ExpEdge {
    uint32_t checked = 0, node = 0, pw = 0;
    uint64_t count = 0, off = 0;   // tokens, byte offset of the first
    uint64_t seen = 0;             // tokens the tap passed so far
    std::vector<uint64_t> buf;     // tokens [base, base + buf.size())
    uint64_t base = 0;
};

struct NodeStat {
    uint64_t busy = 0;
    long long first = -1, last = -1;
};

struct Checker {
    bool lockstep = false;          // +expect given
    bool print = true;              // no +expect, no +notrace
    int fd = -1;
    std::vector<ExpEdge> edge;
    std::vector<NodeStat> node;
    bool stop = false;              // a mismatch: end the run
    char what[160] = "";            // its X line
    // +harnesscycle: stamp tokens with the harness's own count of the run's
    // cycles (a synthesized netlist ties the taps' cycle_i to 0)
    bool own_cycle = false;
    uint64_t cycle = 0;             // the run's cycle being clocked
    uint64_t last_tok = 0;          // the cycle of the last token
};

// The taps reach the checker through DPI, which has no user argument: one
// checker per process, set up in main before the first clock edge.
Checker *g_checker = nullptr;

const uint64_t kPayMask62 = (UINT64_C(1) << 62) - 1;

// A token as the +expect file stores it: the tag in bits 63:62 and the
// payload's low min(pw, 62) bits below; stops and data keep a payload.
uint64_t exp_word(uint32_t pw, unsigned tag, uint64_t pay)
{
    uint64_t m = pw >= 62 ? kPayMask62 : (UINT64_C(1) << pw) - 1;
    if (tag > 1)
        pay = 0;
    return (uint64_t)tag << 62 | (pay & m);
}

bool read_u32(FILE *f, uint32_t *v) { return fread(v, sizeof *v, 1, f) == 1; }
bool read_u64(FILE *f, uint64_t *v) { return fread(v, sizeof *v, 1, f) == 1; }

// The +expect file's header (sim/expect.c writes it).  False when
// malformed.
bool load_expect(Checker *c, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return false;
    char magic[8];
    uint32_t ne = 0, nn = 0;
    bool ok = fread(magic, 1, 8, f) == 8 && memcmp(magic, "SGEXPCT1", 8) == 0 &&
              read_u32(f, &ne) && read_u32(f, &nn);
    if (ok) {
        c->edge.resize(ne);
        c->node.resize(nn);
    }
    for (uint32_t k = 0; ok && k < ne; k++) {
        ExpEdge &e = c->edge[k];
        uint32_t pad;
        ok = read_u32(f, &e.checked) && read_u32(f, &e.node) && read_u32(f, &e.pw) &&
             read_u32(f, &pad) && read_u64(f, &e.count) && read_u64(f, &e.off) &&
             e.node < nn;
    }
    fclose(f);
    if (!ok)
        return false;
    c->fd = open(path, O_RDONLY);
    c->lockstep = c->fd >= 0;
    return c->lockstep;
}

// Expected token i of edge e (i < e.count); false on a read error.
bool exp_token(Checker *c, ExpEdge &e, uint64_t i, uint64_t *w)
{
    if (i < e.base || i >= e.base + e.buf.size()) {
        uint64_t n = e.count - i < 4096 ? e.count - i : 4096;
        e.buf.resize(n);
        ssize_t got = pread(c->fd, e.buf.data(), (size_t)n * sizeof(uint64_t),
                            (off_t)(e.off + i * 8));
        e.buf.resize(got > 0 ? (size_t)got / sizeof(uint64_t) : 0);
        e.base = i;
        if (e.buf.empty())
            return false;   // the file ends before the stream does
    }
    *w = e.buf[i - e.base];
    return true;
}

void mismatch(Checker *c, int edge, uint64_t index, long long cycle, int etag,
              uint64_t epay, int gtag, uint64_t gpay)
{
    if (c->stop)
        return;     // the first one counts
    c->stop = true;
    snprintf(c->what, sizeof c->what, "X %d %llu %lld %d %llx %d %llx", edge,
             (unsigned long long)index, cycle, etag, (unsigned long long)epay, gtag,
             (unsigned long long)gpay);
}

// After done_o: every checked edge must have carried all its tokens.
void check_complete(Checker *c)
{
    for (size_t k = 0; k < c->edge.size(); k++) {
        ExpEdge &e = c->edge[k];
        uint64_t w = 0;
        if (!e.checked || e.seen >= e.count)
            continue;
        if (exp_token(c, e, e.seen, &w))
            mismatch(c, (int)k, e.seen, -1, (int)(w >> 62), w & kPayMask62, -1, 0);
        else
            mismatch(c, (int)k, e.seen, -1, -2, 0, -1, 0);
    }
}

void print_stats(const Checker *c)
{
    for (size_t k = 0; k < c->edge.size(); k++)
        printf("S %zu %llu\n", k, (unsigned long long)c->edge[k].seen);
    for (size_t i = 0; i < c->node.size(); i++)
        if (c->node[i].busy)
            printf("B %zu %llu %lld %lld\n", i, (unsigned long long)c->node[i].busy,
                   c->node[i].first, c->node[i].last);
}

}  // namespace

// Called by every tap (rtl/sam_tap.v, SG_TAP_DPI) for each token entering
// its edge's FIFO, in the cycle it is taken.
extern "C" void sg_tap_token(int edge_id, int cycle, int tag, long long payload)
{
    Checker *c = g_checker;
    const uint64_t pay = (uint64_t)payload;
    const uint32_t ucyc = c->own_cycle ? (uint32_t)c->cycle : (uint32_t)cycle;
    c->last_tok = c->cycle;
    if (!c->lockstep) {
        if (c->print)
            printf("t %d %u %d %llx\n", edge_id, ucyc, tag, (unsigned long long)pay);
        return;
    }
    if (edge_id < 0 || (size_t)edge_id >= c->edge.size())
        return;
    ExpEdge &e = c->edge[(size_t)edge_id];
    NodeStat &n = c->node[e.node];
    if (n.last != (long long)ucyc) {
        n.busy++;
        if (n.first < 0)
            n.first = ucyc;
        n.last = ucyc;
    }
    const uint64_t i = e.seen++;
    if (!e.checked)
        return;
    const uint64_t got = exp_word(e.pw, (unsigned)tag & 3u, pay);
    uint64_t want = 0;
    if (i >= e.count)
        mismatch(c, edge_id, i, ucyc, -1, 0, tag, got & kPayMask62);
    else if (!exp_token(c, e, i, &want))
        mismatch(c, edge_id, i, ucyc, -2, 0, tag, got & kPayMask62);
    else if (want != got)
        mismatch(c, edge_id, i, ucyc, (int)(want >> 62), want & kPayMask62, tag,
                 got & kPayMask62);
}

namespace {

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

// +NAME given as a flag.
bool plusarg_flag(int argc, char **argv, const char *name)
{
    for (int i = 1; i < argc; i++)
        if (argv[i][0] == '+' && strcmp(argv[i] + 1, name) == 0)
            return true;
    return false;
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
    Checker chk;
    chk.print = !plusarg_flag(argc, argv, "notrace");
    chk.own_cycle = plusarg_flag(argc, argv, "harnesscycle");
    // +hwatchdog=N: end a run in which no tap saw a token for N cycles (for
    // a netlist, which has no watchdog of its own)
    const long long hwd = plusarg_cycle(argc, argv, "hwatchdog");
    if (const char *x = plusarg(argc, argv, "expect")) {
        if (!load_expect(&chk, x)) {
            fprintf(stderr, "harness: %s: not a readable expected-stream file\n", x);
            return 2;
        }
    }
    g_checker = &chk;
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
            unsigned long long val;   // the word's bits, as verify writes them
            if (fscanf(f, "%u %llu %llu", &sel, &addr, &val) != 3) { rc = 2; break; }
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
            bool hwd_fired = false;
            chk.last_tok = 0;
            double c0 = cpu_seconds();
            while ((!t->done_o || (rerun && cyc == 0)) && !s.ctx->gotFinish() && cyc < max &&
                   !chk.stop) {
                if (wfrom >= 0 || wto >= 0)
                    s.dump_on = (wfrom < 0 || (long long)cyc >= wfrom) &&
                                (wto < 0 || (long long)cyc <= wto);
                chk.cycle = cyc;
                s.tick();
                cyc++;
                if (hwd > 0 && cyc - chk.last_tok > (uint64_t)hwd) {
                    printf("WATCHDOG %lld %llu\n", hwd, (unsigned long long)cyc);
                    hwd_fired = true;
                    break;
                }
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
            if (chk.lockstep && t->done_o && !chk.stop)
                check_complete(&chk);
            if (chk.stop)
                printf("%s\n", chk.what);
            else if (chk.lockstep && t->done_o)
                print_stats(&chk);
            if (!t->done_o || chk.stop || hwd_fired)
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
    if (chk.fd >= 0)
        close(chk.fd);
    struct rusage ru;
    long max_kb = getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_maxrss : 0;
    printf("CPU %llu %.6f %llu %.6f %ld\n", (unsigned long long)run_cycles, run_cpu,
           (unsigned long long)s.ticks, cpu_seconds(), max_kb);
    fflush(stdout);
#if VM_TRACE
    if (s.vcd) s.vcd->close();
#endif
    s.top->final();
    return rc;
}
