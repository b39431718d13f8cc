/*
 * cmd_area.c - samgen area (not implemented yet).
 */
#include <stdio.h>

#include "cli.h"

const char cmd_area_usage[] = "usage: samgen area ...\n(not implemented yet)\n";

int cmd_area(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "samgen area: not implemented yet\n");
    return SG_EXIT_USAGE;
}
