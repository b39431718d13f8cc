/*
 * cmd_compile.c - samgen compile (not implemented yet).
 */
#include <stdio.h>

#include "cli.h"

const char cmd_compile_usage[] = "usage: samgen compile ...\n(not implemented yet)\n";

int cmd_compile(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "samgen compile: not implemented yet\n");
    return SG_EXIT_USAGE;
}
