/*
 * cmd_tensor.c - samgen tensor (not implemented yet).
 */
#include <stdio.h>

#include "cli.h"

const char cmd_tensor_usage[] = "usage: samgen tensor ...\n(not implemented yet)\n";

int cmd_tensor(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "samgen tensor: not implemented yet\n");
    return SG_EXIT_USAGE;
}
