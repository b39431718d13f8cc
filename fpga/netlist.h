/*
 * netlist.h - the gate-level netlist of a generated top, for simulating
 * what synthesis made of it (samgen verify --netlist).
 *
 * Yosys reads the top and the primitive library in their synthesis view
 * (`define SYNTHESIS), keeps every sam_edge as a black box, flattens the
 * rest and maps it to generic gates (techmap, abc) with the memories left
 * as arrays, and writes Verilog.  The edges stay instances of sam_edge, so
 * that a simulation of the netlist (with rtl/sam_edge.v's simulation view:
 * FIFO and tap) checks every edge's stream as it does for the RTL; what
 * lies between the edges, every primitive, is the synthesized logic.
 */
#ifndef SG_NETLIST_H
#define SG_NETLIST_H

#include "core/err.h"
#include "core/proc.h"

typedef struct sg_netlist_job {
    const char *rtl_dir;      /* the primitive library */
    const char *top_path;     /* the generated top */
    const char *module;       /* its module name */
    const char *work;         /* netlist.ys and netlist.log go here */
    const char *out_path;     /* the netlist's Verilog */
    const sg_proc_watch *watch;
} sg_netlist_job;

/* Synthesize j->top_path into j->out_path.  0; -1 with e (Yosys failed:
 * the first lines of its log are shown; code SG_EXIT_USAGE), or
 * SG_PROC_TIMEOUT when it ran out of the watch's time. */
int sg_netlist_synth(const sg_netlist_job *j, sg_err *e);

#endif
