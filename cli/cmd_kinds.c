/*
 * cmd_kinds.c - samgen kinds: the node kinds samgen knows, with their ports,
 * RTL modules, golden-model files and testbenches (graph/kinds.def).
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/opt.h"
#include "graph/kinds.h"

const char sg_cmd_kinds_usage[] =
    "usage: samgen kinds [--markdown]\n"
    "\n"
    "List the SAM node kinds: DOT type word, ports, RTL modules, golden-model\n"
    "file, testbench.  --markdown prints the table docs/rtl-interfaces.md\n"
    "holds (a unit test checks that the two agree).\n";
const char sg_cmd_kinds_notes[] = "";

static int on_opt(void *ctx, sg_opt_id id, const char *spelled, const char *arg)
{
    int *md = ctx;
    switch (id) {
    case SG_OPT_MARKDOWN: *md = 1; return 0;
    case SG_OPT_ARG:
        return sg_cli_usage_error("kinds", "unexpected argument '%s'", arg);
    default:
        return sg_cli_usage_error("kinds", "unknown option '%s'", spelled);
    }
}

int sg_cmd_kinds(int argc, char **argv)
{
    int md = 0;
    int rc = sg_opt_parse("kinds", argc, argv, on_opt, &md);
    if (rc != 0)
        return rc < 0 ? SG_EXIT_OK : rc;
    if (md)
        return sg_kinds_write_markdown(stdout) == 0 ? SG_EXIT_OK : SG_EXIT_USAGE;
    for (int k = 0; k < SG_NK__COUNT; k++) {
        const sg_kind_info *ki = sg_kind_info_of((sg_node_kind)k);
        if (k == SG_NK_UNKNOWN)
            continue;
        printf("%-14s in: %s\n", ki->name, ki->in[0] ? ki->in : "-");
        printf("%-14s out: %s\n", "", ki->out[0] ? ki->out : "-");
        printf("%-14s rtl modules: %s\n", "", ki->rtl[0] ? ki->rtl : "-");
        printf("%-14s golden/prim_*.c: %s\n", "", ki->golden[0] ? ki->golden : "-");
        printf("%-14s testbenches/tb_*.v: %s\n", "", ki->bench[0] ? ki->bench : "-");
        printf("%-14s %s\n", "", ki->doc);
    }
    return SG_EXIT_OK;
}
