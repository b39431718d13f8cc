/*
 * cmd_gen.c - samgen gen (not implemented yet).
 */
#include <stdio.h>

#include "cli.h"

const char cmd_gen_usage[] = "usage: samgen gen ...\n(not implemented yet)\n";

int cmd_gen(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "samgen gen: not implemented yet\n");
    return SG_EXIT_USAGE;
}
