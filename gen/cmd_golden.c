/*
 * cmd_golden.c - samgen golden (not implemented yet).
 */
#include <stdio.h>

#include "cli.h"

const char cmd_golden_usage[] = "usage: samgen golden ...\n(not implemented yet)\n";

int cmd_golden(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "samgen golden: not implemented yet\n");
    return SG_EXIT_USAGE;
}
