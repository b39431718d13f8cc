/*
 * cmd_stream.c - samgen stream (not implemented yet).
 */
#include <stdio.h>

#include "cli.h"

const char cmd_stream_usage[] = "usage: samgen stream ...\n(not implemented yet)\n";

int cmd_stream(int argc, char **argv)
{
    (void)argc;
    (void)argv;
    fprintf(stderr, "samgen stream: not implemented yet\n");
    return SG_EXIT_USAGE;
}
