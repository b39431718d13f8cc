/*
 * netlist.h - the gate-level netlist of a generated top, for simulating
 * what synthesis made of it (samgen verify --netlist).
 *
 * Yosys reads the top and the primitive library in their synthesis view
 * (`define SYNTHESIS), keeps every sam_edge as a black box, flattens the
 * rest and maps it to generic gates (techmap, abc) with the memories left
 * as arrays, or to iCE40 cells (synth_ice40, block RAMs included), and
 * writes Verilog; for iCE40 the file ends with Yosys's simulation models
 * of the cells, so that it simulates on its own.  The edges stay instances of sam_edge, so
 * that a simulation of the netlist (with rtl/sam_edge.v's simulation view:
 * FIFO and tap) checks every edge's stream as it does for the RTL; what
 * lies between the edges, every primitive, is the synthesized logic.
 */
#ifndef SG_NETLIST_H
#define SG_NETLIST_H

#include "core/err.h"
#include "core/proc.h"

typedef enum sg_netlist_target {
    SG_NETLIST_GENERIC,       /* generic gates (techmap, abc), memories as arrays */
    SG_NETLIST_ICE40          /* synth_ice40: SB_LUT4, SB_DFF*, SB_CARRY,
                               * SB_RAM40_4K, simulated with Yosys's own
                               * models of them (ice40/cells_sim.v) */
} sg_netlist_target;

typedef struct sg_netlist_job {
    const char *rtl_dir;      /* the primitive library */
    const char *top_path;     /* the generated top */
    const char *module;       /* its module name */
    const char *work;         /* netlist.ys and netlist.log go here */
    const char *out_path;     /* the netlist's Verilog */
    const sg_proc_watch *watch;
    sg_netlist_target target;
} sg_netlist_job;

/* Parse "generic" or "ice40": 0, or -1. */
int sg_netlist_target_parse(const char *s, sg_netlist_target *t);

/* Synthesize j->top_path into j->out_path.  0; -1 with e (Yosys failed:
 * the first lines of its log are shown; code SG_EXIT_USAGE), or
 * SG_PROC_TIMEOUT when it ran out of the watch's time. */
int sg_netlist_synth(const sg_netlist_job *j, sg_err *e);

#endif
