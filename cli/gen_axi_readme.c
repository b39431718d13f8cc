/*
 * gen_axi_readme.c - the SYSTEM INTERFACE section of DIR/README: the
 * register map of <kernel>_axi.v (sam_axil_ctrl, and sam_axi_dma when the
 * wrapper has it) and the run protocol through it.  The map is the same
 * for every kernel; what the section adds is this top's selects, widths
 * and counters, so that an integrator needs nothing else.
 */
#include "cli/gen_axi.h"

void sg_axi_write_readme(FILE *f, const gen_ctx *c, const char *kernel)
{
    const sg_emit_design *d = &c->design;
    int ha, hd;
    sg_gen_host_widths(c, &ha, &hd);
    int dma_sel = sg_axi_dma_sel(c);
    fprintf(f, "\nSYSTEM INTERFACE (%s_axi.v)\n\n", kernel);
    fprintf(f, "  Ports: clk_i, rst_ni, an AXI4-Lite slave s_axil_* (12-bit byte\n"
               "  addresses, 32-bit data)%s.  The map\n"
               "  (docs/rtl-interfaces.md, sam_axil_ctrl%s) does not change\n"
               "  with the kernel or its data:\n\n",
            dma_sel ? "\n  and the DMA's AXI4 master m_axi_* to system memory" : "",
            dma_sel ? " and sam_axi_dma" : "");
    fprintf(f, "  0x00  ID           RO  0x53414d31 (\"SAM1\")\n"
               "  0x04  CTRL         WO  bit 0 start a run%s\n"
               "  0x08  STATUS       RO  bit 0 busy, 1 done, 2 refused (an access while\n"
               "                         busy or beyond the host port), %s\n"
               "                         15:8 error_o\n"
               "  0x0c  CYCLES_LO    RO  cycles of the last run, bits 31:0 (latches HI)\n"
               "  0x10  CYCLES_HI    RO  bits 63:32\n"
               "  0x14  MEM_SEL      RW  host select: 0 dense dimensions, k memory k%s\n"
               "  0x18  MEM_ADDR     RW  word address, steps after each MEM_DATA_LO access\n"
               "  0x1c  MEM_DATA_LO  RW  the word at MEM_ADDR of MEM_SEL, bits 31:0\n"
               "  0x20  MEM_DATA_HI  RW  bits 63:32 (memories wider than 32 bits)\n"
               "  0x24  MEM_LEN      RO  words an output writer stored in MEM_SEL\n"
               "  0x28  CAPS         RO  {8'd1, HostDataWidth %d, HostAddrWidth %d,\n"
               "                         CrdWidth %d}\n",
            dma_sel ? "; 1 load, 2 store,\n                         3 load, run, store (the DMA)" : "",
            dma_sel ? "3 DMA busy,\n                         4 DMA error," : "",
            d->n_perf ? ",\n                         255 the performance counters" : "", hd, ha,
            c->crd_width);
    if (dma_sel)
        fprintf(f, "  0x100 DMA_INFO     RO  {slot bytes, NumSel %d}; 0x104 DMA_FAULT\n"
                   "  0x100+16k          ADDR, COUNT, FLAGS (bit 0 in, bit 1 out), MOVED of\n"
                   "                     memory k = 1..%d (the MEMORIES table)\n",
                dma_sel, dma_sel);
    fprintf(f, "\n  Error bits (STATUS 15:8): 0 writer overflow, 1 accumulator coordinate\n"
               "  beyond its workspace, 2 host write beyond a memory, 3 watchdog (no\n"
               "  transfer for WatchdogCycles cycles of a run); cleared by reset and\n"
               "  by the next start.\n");
    if (d->n_perf)
        fprintf(f, "\n  Counters (--counters %s): MEM_SEL = 255, %d 32-bit words; word\n"
                   "  2i and 2i+1 are %s %s i\n"
                   "  (docs/rtl-interfaces.md, \"Performance counters of the generated\n"
                   "  top\").  They restart with each run.\n",
                d->perf_mode == SG_PERF_NODES ? "nodes" : "edges", d->n_perf,
                d->perf_mode == SG_PERF_NODES ? "the busy and stall cycles of"
                                              : "the tokens and backpressure cycles of",
                d->perf_mode == SG_PERF_NODES ? "graph node" : "edge");
    fprintf(f, "\n  Run: write each input memory (MEM_SEL = k, MEM_ADDR = 0, then its\n"
               "  words to MEM_DATA_LO) and the dense dimensions (MEM_SEL = 0)%s;\n"
               "  check STATUS bits 15:8 are 0; write CTRL = 1; poll STATUS until busy\n"
               "  is 0; check done and the error bits; read CYCLES and, for each output\n"
               "  memory, MEM_LEN words from MEM_DATA_LO.  Again without reset: load\n"
               "  what changes and write CTRL = 1.\n",
            dma_sel ? ",\n  or let the DMA load them (CTRL bit 1 or 3)" : "");
}
