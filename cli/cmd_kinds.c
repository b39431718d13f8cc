/*
 * cmd_kinds.c - samgen kinds: the node kinds samgen knows, with their ports,
 * RTL modules, golden-model files and testbenches (graph/kinds.def).
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "graph/kinds.h"

const char sg_cmd_kinds_usage[] =
    "usage: samgen kinds [--markdown]\n"
    "\n"
    "List the SAM node kinds: DOT type word, ports, RTL modules, golden-model\n"
    "file, testbench.  --markdown prints the table docs/rtl-interfaces.md\n"
    "holds (a unit test checks that the two agree).\n";

int sg_cmd_kinds(int argc, char **argv)
{
    int md = 0;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--markdown") == 0)
            md = 1;
        else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)
            return sg_cli_print_usage("kinds");
        else
            return sg_cli_usage_error("kinds", "unknown option '%s'", argv[i]);
    }
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
