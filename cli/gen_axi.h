/*
 * gen_axi.h - the system view samgen gen writes beside the top:
 *
 *   DIR/<kernel>_axi.v       the top behind rtl/sam_axil_ctrl.v: clock,
 *                            reset and one AXI4-Lite slave with a fixed
 *                            register map (docs/rtl-interfaces.md)
 *   DIR/filelist_axi.f       filelist.f plus sam_axil_ctrl.v and the wrapper
 *   DIR/tb_<kernel>_axi.v    with -t tensors bound: a bench that loads,
 *                            runs twice without reset, reads back and
 *                            compares, all through the register map
 */
#ifndef SG_GEN_AXI_H
#define SG_GEN_AXI_H

#include <stdio.h>

#include "cli/gen_standalone.h"

/* Host selects the DMA can serve (sam_axi_dma's NumSel range). */
#define SG_AXI_DMA_MAX_SEL 32

/* NumSel of the wrapper's sam_axi_dma: the top's highest memory select, or
 * 0 when the top has no memory or more than SG_AXI_DMA_MAX_SEL (then the
 * wrapper has no DMA and no AXI4 master port). */
int sg_axi_dma_sel(const gen_ctx *c);
/* The wrapper module <kernel>_axi. */
void sg_axi_write_wrapper(FILE *f, const gen_ctx *c, const char *kernel);
/* DIR/README's SYSTEM INTERFACE section: the register map and the run
 * protocol through it, with this top's widths, DMA and counters
 * (gen_axi_readme.c). */
void sg_axi_write_readme(FILE *f, const gen_ctx *c, const char *kernel);
/* The bench tb_<kernel>_axi (tensors bound, golden results in c). */
void sg_axi_write_tb(FILE *f, const gen_ctx *c, const char *kernel, const char *dir,
                     unsigned long long max_cycles);

#endif
