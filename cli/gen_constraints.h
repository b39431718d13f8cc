/*
 * gen_constraints.h - the clock constraint files samgen gen writes beside
 * the top, one per flow, all for the one clock clk_i at the frequency of
 * --freq (docs/generator.md, "Timing constraints"):
 *
 *   DIR/<module>.sdc        generic and ASIC flows (OpenSTA, Design Compiler)
 *   DIR/<module>.xdc        Xilinx Vivado
 *   DIR/<module>_ice40.py   nextpnr-ice40 --pre-pack (iCE40 has no timing
 *                           constraint file of its own; a PCF only places pins)
 */
#ifndef SG_GEN_CONSTRAINTS_H
#define SG_GEN_CONSTRAINTS_H

#include <stdio.h>

typedef enum sg_constraint_kind {
    SG_CONSTRAINT_SDC,
    SG_CONSTRAINT_XDC,
    SG_CONSTRAINT_ICE40,
    SG_CONSTRAINT_N
} sg_constraint_kind;

#define SG_FREQ_DEFAULT 100.0   /* MHz, when --freq is not given */

/* The file name's suffix after <module> (".sdc", ".xdc", "_ice40.py"). */
const char *sg_constraint_suffix(sg_constraint_kind k);
/* Write the constraint file of kind k for module's clk_i at mhz. */
void sg_constraint_write(FILE *f, sg_constraint_kind k, const char *module, double mhz);

#endif
