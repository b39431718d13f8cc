/*
 * cmd_verify.c - samgen verify (not implemented yet).
 */
#include <stdio.h>

#include "cli.h"

const char cmd_verify_usage[] = "usage: samgen verify ...\n(not implemented yet)\n";

int cmd_verify(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "samgen verify: not implemented yet\n");
    return SG_EXIT_USAGE;
}
