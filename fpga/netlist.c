/*
 * netlist.c - synthesize a generated top to a gate-level netlist whose
 * edges stay sam_edge instances (netlist.h).
 */
#include "fpga/netlist.h"

#include <stdio.h>
#include <string.h>

#include "core/outfile.h"

int sg_netlist_synth(const sg_netlist_job *j, sg_err *e)
{
    char ys[4400], log[4400];
    snprintf(ys, sizeof ys, "%s/netlist.ys", j->work);
    snprintf(log, sizeof log, "%s/netlist.log", j->work);
    sg_outfile of;
    if (sg_outfile_open(&of, ys, e) < 0)
        return -1;
    FILE *f = of.f;
    fprintf(f, "# netlist.ys - the gate-level netlist of %s (samgen verify --netlist)\n",
            j->module);
    fprintf(f, "verilog_defaults -add -DSYNTHESIS -I %s\n", j->rtl_dir);
    /* the edges: black boxes, simulated with their own simulation view */
    fprintf(f, "read_verilog %s/sam_edge.v\nblackbox sam_edge\n", j->rtl_dir);
    fprintf(f, "read_verilog %s\n", j->top_path);
    fprintf(f, "hierarchy -check -top %s -libdir %s\n", j->module, j->rtl_dir);
    /* synth up to its fine-grained step (proc, flatten, memory inference
     * without mapping), then generic gates; the memories stay arrays, as
     * memory_map would turn each word into flip-flops and mux trees */
    fprintf(f, "synth -top %s -flatten -run begin:fine\n", j->module);
    fprintf(f, "opt -fast -full\ntechmap\nopt -fast\nabc -fast\nopt_clean\n");
    fprintf(f, "check -assert\n");
    fprintf(f, "write_verilog -noattr %s\n", j->out_path);
    if (sg_outfile_commit(&of, e) < 0)
        return -1;
    char *argv[] = {"yosys", "-q", "-l", log, ys, NULL};
    sg_proc p = {argv, NULL, NULL, 0, "synthesizing the netlist with Yosys", "Yosys"};
    char out[4400];
    snprintf(out, sizeof out, "%s/netlist.out", j->work);
    p.out_path = out;
    p.err_too = 1;
    int rc = sg_proc_run(&p, j->watch, e);
    if (rc == SG_PROC_TIMEOUT || rc == -1)
        return rc;
    if (rc != 0) {
        FILE *lf = fopen(log, "r");
        char line[1024];
        int n = 0;
        while (lf && fgets(line, sizeof line, lf))
            if (strstr(line, "ERROR") && n++ < 5)
                fputs(line, stderr);
        if (lf)
            fclose(lf);
        return sg_errc(e, SG_EXIT_USAGE, log, 0, "Yosys could not synthesize %s (exit %d)",
                       j->module, rc);
    }
    return 0;
}
