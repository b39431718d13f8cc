/*
 * netlist.c - synthesize a generated top to a gate-level netlist whose
 * edges stay sam_edge instances (netlist.h).
 */
#include "fpga/netlist.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/outfile.h"
#include "core/paths.h"

int sg_netlist_target_parse(const char *s, sg_netlist_target *t)
{
    if (strcmp(s, "generic") == 0)
        *t = SG_NETLIST_GENERIC;
    else if (strcmp(s, "ice40") == 0)
        *t = SG_NETLIST_ICE40;
    else
        return -1;
    return 0;
}

/* Yosys's ice40/cells_sim.v: under $YOSYS_DATDIR, the share directory
 * beside the yosys binary that PATH runs, or /usr/share/yosys.  0, or -1. */
static int find_cells_sim(char *buf, size_t n)
{
    const char *env = getenv("YOSYS_DATDIR");
    if (env && env[0]) {
        snprintf(buf, n, "%s/ice40/cells_sim.v", env);
        if (access(buf, R_OK) == 0)
            return 0;
    }
    char yb[4200];
    if (sg_path_find_exe(getenv("PATH"), "yosys", yb, sizeof yb)) {
        char *slash = strrchr(yb, '/');
        *slash = '\0';
        snprintf(buf, n, "%s/../share/yosys/ice40/cells_sim.v", yb);
        if (access(buf, R_OK) == 0)
            return 0;
    }
    snprintf(buf, n, "/usr/share/yosys/ice40/cells_sim.v");
    return access(buf, R_OK) == 0 ? 0 : -1;
}

/* out = "`define NO_ICE40_DEFAULT_ASSIGNMENTS" (Verilator takes no default
 * port values), the netlist, the cell models.  0, or -1 with e. */
static int append_models(const char *netlist, const char *models, const char *out,
                         sg_err *e)
{
    sg_outfile of;
    if (sg_outfile_open(&of, out, e) < 0)
        return -1;
    fprintf(of.f, "`define NO_ICE40_DEFAULT_ASSIGNMENTS\n");
    const char *src[2] = {netlist, models};
    for (int i = 0; i < 2; i++) {
        FILE *f = fopen(src[i], "rb");
        if (!f) {
            sg_outfile_abort(&of);
            return sg_errc(e, SG_EXIT_USAGE, src[i], 0, "cannot read: %s", strerror(errno));
        }
        char buf[65536];
        size_t got;
        while ((got = fread(buf, 1, sizeof buf, f)) > 0)
            fwrite(buf, 1, got, of.f);
        fclose(f);
    }
    return sg_outfile_commit(&of, e);
}

int sg_netlist_synth(const sg_netlist_job *j, sg_err *e)
{
    char models[4400] = "", gates[4500];
    int ice = j->target == SG_NETLIST_ICE40;
    if (ice && find_cells_sim(models, sizeof models) < 0)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "--target ice40: Yosys's ice40/cells_sim.v "
                       "not found (set YOSYS_DATDIR to Yosys's share directory)");
    snprintf(gates, sizeof gates, "%s.cells", j->out_path);
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
    if (ice) {
        /* the flow samgen area measures, to cells */
        fprintf(f, "synth_ice40 -top %s\n", j->module);
    } else {
        fprintf(f, "synth -top %s -flatten -run begin:fine\n", j->module);
        fprintf(f, "opt -fast -full\ntechmap\nopt -fast\nabc -fast\nopt_clean\n");
    }
    fprintf(f, "check -assert\n");
    fprintf(f, "write_verilog -noattr %s\n", ice ? gates : j->out_path);
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
    if (ice && append_models(gates, models, j->out_path, e) < 0)
        return -1;
    return 0;
}
