/*
 * cmd_check.c - samgen check (not implemented yet).
 */
#include <stdio.h>

#include "cli.h"

const char cmd_check_usage[] = "usage: samgen check ...\n(not implemented yet)\n";

int cmd_check(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "samgen check: not implemented yet\n");
    return SG_EXIT_USAGE;
}
