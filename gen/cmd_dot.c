/*
 * cmd_dot.c - samgen dot (not implemented yet).
 */
#include <stdio.h>

#include "cli.h"

const char cmd_dot_usage[] = "usage: samgen dot ...\n(not implemented yet)\n";

int cmd_dot(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "samgen dot: not implemented yet\n");
    return SG_EXIT_USAGE;
}
