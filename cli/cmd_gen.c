/*
 * cmd_gen.c - samgen gen: write the Verilog accelerator for a SAM graph.
 *
 *   samgen gen GRAPH.gv -o DIR [options]    writes DIR/<kernel>_top.v, and
 *   beside it DIR/filelist.f, DIR/README and, with -t tensors, the
 *   standalone testbench DIR/tb_<kernel>.v with DIR/mem/ (gen_standalone.h),
 *   and the clock constraints DIR/<kernel>_top.{sdc,xdc} and _ice40.py
 *   (gen_constraints.h)
 *
 * The options shared with samgen verify (widths, FIFO depth, memory sizes,
 * bound tensors) are taken by sg_gen_opt so both commands read them alike.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "cli/cli.h"
#include "cli/opt.h"
#include "cli/emit_bind.h"
#include "cli/emit_opts.h"
#include "cli/gen_standalone.h"

const char sg_cmd_gen_usage[] =
    "usage: samgen gen GRAPH.gv -o DIR [options]\n"
    "\n"
    "Write DIR/<kernel>_top.v: one rtl/ primitive per graph node, a FIFO on\n"
    "every edge, a RAM per tensor array, a host port and start/done; beside\n"
    "it DIR/filelist.f (the rtl/ files it needs), DIR/README, clock\n"
    "constraints for clk_i at --freq (DIR/<kernel>_top.sdc for generic and ASIC\n"
    "flows, .xdc for Vivado, _ice40.py for nextpnr-ice40 --pre-pack), and with\n"
    "-t tensors a self-checking testbench DIR/tb_<kernel>.v with DIR/mem/*.hex.\n";
const char sg_cmd_gen_notes[] =
    "Memory sizes: a compressed level has a seg and a crd memory, a value\n"
    "array a vals memory.  Words W: the bound tensor's array (seg: fibers + 1,\n"
    "crd: coordinates, vals: values; at least 1), raised to --max-nnz N (seg:\n"
    "N + 1) when that is given; without a bound tensor N, and N + 1 for seg.\n"
    "Depth: 2^AW words with AW = ceil(log2(W)), at least 1 (defaults: crd and\n"
    "vals 1024, seg 2048); AW above --width-crd is an error.  --dim sets\n"
    "sam_spacc's InnerDim/OuterDim and sam_vectorreducer's InnerDim the same\n"
    "way from the bound index sizes.\n";

/* The graph and bound files against DIR and (once the design names it)
 * DIR/<module>.v.  Returns -1 when the outputs are fine, else the exit
 * code. */
static int check_outputs(const gen_opts *go, const char *outdir, const char *module)
{
    sg_outplan p;
    sg_outplan_init(&p);
    sg_outplan_input(&p, go->graph);
    for (int i = 0; i < go->binds.n; i++)
        sg_outplan_input(&p, go->binds.t[i].path);
    sg_outplan_output(&p, SG_OUT_DIR, "-o", outdir, NULL);
    if (module) {
        char path[4400];
        snprintf(path, sizeof path, "%s/%s.v", outdir, module);
        sg_outplan_output(&p, SG_OUT_FILE, "-o", path, NULL);
        sg_standalone_plan(&p, outdir, module, go->binds.n > 0);
    }
    int rc = sg_cli_check_outputs("gen", &p);
    sg_outplan_free(&p);
    return rc;
}

typedef struct gen_args {
    gen_opts *go;
    const char *outdir;
} gen_args;

static int on_opt(void *ctx, sg_opt_id id, const char *spelled, const char *arg)
{
    gen_args *ga = ctx;
    sg_err e;
    sg_err_clear(&e);
    int used = sg_gen_opt(ga->go, id, spelled, arg, &e);
    if (used < 0)
        return sg_cli_report(&e);
    if (used > 0)
        return 0;
    switch (id) {
    case SG_OPT_OUT: ga->outdir = arg; return 0;
    case SG_OPT_FREQ: {
        char *endp;
        double mhz = strtod(arg, &endp);
        if (endp == arg || *endp || !(mhz >= 1 && mhz <= 1000))
            return sg_cli_usage_error("gen", "--freq '%s': expected MHz in 1..1000", arg);
        ga->go->freq_mhz = mhz;
        return 0;
    }
    case SG_OPT_ARG:
        if (ga->go->graph)
            return sg_cli_usage_error("gen", "more than one graph given");
        ga->go->graph = arg;
        return 0;
    default:
        return sg_cli_usage_error("gen", "unknown option '%s'", spelled);
    }
}

int sg_cmd_gen(int argc, char **argv)
{
    gen_opts go;
    sg_gen_opts_init(&go);
    go.cmd = "gen";
    gen_args ga = {&go, NULL};
    int rc = sg_opt_parse("gen", argc, argv, on_opt, &ga);
    if (rc != 0) {
        sg_gen_opts_free(&go);
        return rc < 0 ? SG_EXIT_OK : rc;
    }
    const char *outdir = ga.outdir;
    sg_err e;
    sg_err_clear(&e);
    rc = SG_EXIT_USAGE;
    if (!go.graph || !outdir) {
        sg_gen_opts_free(&go);
        return !go.graph ? sg_cli_usage_error("gen", "no graph given")
                         : sg_cli_usage_error("gen", "no output directory given (-o DIR)");
    }

    if ((rc = check_outputs(&go, outdir, NULL)) >= 0) {
        sg_gen_opts_free(&go);
        return rc;
    }
    rc = SG_EXIT_USAGE;
    gen_ctx gc;
    sg_outdir od = {NULL};
    if (sg_gen_prepare(&go, &gc, &e) < 0) {
        rc = sg_cli_report(&e);
        goto out;
    }
    if ((rc = check_outputs(&go, outdir, gc.design.module)) >= 0)
        goto out;
    rc = SG_EXIT_USAGE;
    if (sg_outdir_make(&od, outdir, &e) < 0) {
        fprintf(stderr, "samgen gen: %s\n", e.msg);
        goto out;
    }
    char path[4096];
    snprintf(path, sizeof path, "%s/%s.v", outdir, gc.design.module);
    sg_standalone sa;
    if (sg_standalone_write(&sa, &gc, outdir, &e) < 0) {
        rc = sg_cli_report(&e);
        sg_outdir_undo(&od);
        goto out;
    }
    if (sg_emit_write(&gc.design, path, &e) < 0) {
        rc = sg_cli_report(&e);
        sg_standalone_abort(&sa);
        sg_outdir_undo(&od);
        goto out;
    }
    if (sg_standalone_commit(&sa, &e) < 0) {
        rc = sg_cli_report(&e);
        sg_outdir_undo(&od);
        goto out;
    }
    sg_outdir_keep(&od);
    printf("%s: %zu nodes, %zu edges, %zu memories\n", path, gc.g.n_nodes,
           gc.g.n_edges, gc.design.n_mem);
    if (gc.crd_width_raised)
        printf("crd width %d bits (the default %d is too small for the bound tensors)\n",
               gc.crd_width, go.crd_width);
    rc = SG_EXIT_OK;
out:
    sg_gen_ctx_free(&gc);
    sg_gen_opts_free(&go);
    return rc;
}
