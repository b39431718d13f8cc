/*
 * cli.h - the samgen command table and what every command shares.
 *
 * Every command is `int cmd_<name>(int argc, char **argv)` in its own file
 * cli/cmd_<name>.c; argv[0] is the command name.  It returns an SG_EXIT_*
 * code: 0 success, 1 a check failed, 2 bad usage or bad input.  Messages go
 * to stderr as "samgen <cmd>: ..." or "FILE:LINE: ..." (see err.h).
 *
 * To add a command: write cli/cmd_<name>.c with its usage text and handler,
 * add a line to the table in main.c, a row to the README's CLI table, and a
 * test.
 */
#ifndef SG_CLI_H
#define SG_CLI_H

#include <stdint.h>

#include "core/err.h"

/* --fifo-depth N of golden, gen and verify: a FIFO holds 1..this many
 * tokens (docs/generator.md, "FIFO depths"). */
#define SG_FIFO_DEPTH_MAX 4096

typedef int (*sg_cmd_fn)(int argc, char **argv);

typedef struct sg_cmd {
    const char *name;
    sg_cmd_fn fn;
    const char *summary;     /* one line for `samgen help` */
    const char *usage;       /* full usage text for `samgen help <cmd>` */
} sg_cmd;

/* Print an error record to stderr and return its exit code. */
int sg_cli_report(const sg_err *e);
/* Print "samgen <cmd>: message" and return SG_EXIT_USAGE. */
int sg_cli_usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Parse the value s of option opt as an integer in lo..hi (the one integer
 * parser, core/intparse.h).  Returns 0, or prints "samgen <cmd>: opt: ..."
 * and returns SG_EXIT_USAGE. */
int sg_cli_int(const char *cmd, const char *opt, const char *s, int64_t lo,
               int64_t hi, int64_t *out);
/* Print the usage of cmd to stdout (for --help) and return 0. */
int sg_cli_print_usage(const char *cmd);

/* Command handlers and usage strings (one pair per cli/cmd_*.c). */
#define SG_DECLARE_CMD(n) \
    int sg_cmd_##n(int argc, char **argv); \
    extern const char sg_cmd_##n##_usage[]
SG_DECLARE_CMD(tensor);
SG_DECLARE_CMD(check);
SG_DECLARE_CMD(dot);
SG_DECLARE_CMD(golden);
SG_DECLARE_CMD(stream);
SG_DECLARE_CMD(gen);
SG_DECLARE_CMD(verify);
SG_DECLARE_CMD(area);
SG_DECLARE_CMD(compile);
SG_DECLARE_CMD(kinds);

#endif
