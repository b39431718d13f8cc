/*
 * cli.h - the samgen command table and what every command shares.
 *
 * Every command is `int cmd_<name>(int argc, char **argv)` in its own file
 * cli/cmd_<name>.c; argv[0] is the command name.  It returns an SG_EXIT_*
 * code: 0 success, 1 a check failed, 2 bad usage or bad input.  Messages go
 * to stderr as "samgen <cmd>: ..." or "FILE:LINE: ..." (see err.h).
 *
 * To add a command: write cli/cmd_<name>.c with its usage text, notes and
 * handler (parsing with sg_opt_parse, cli/opt.h), add a line to the table
 * in main.c, its options to cli/options.def, regenerate docs/cli.md
 * (samgen help --markdown), and add a test.
 */
#ifndef SG_CLI_H
#define SG_CLI_H

#include <stdint.h>
#include <stdio.h>

#include "core/err.h"
#include "core/outfile.h"
#include "graph/graph.h"

/* --fifo-depth N of golden, gen and verify: a FIFO holds 1..this many
 * tokens (docs/generator.md, "FIFO depths"). */
#define SG_FIFO_DEPTH_MAX 4096

/* --timeout S of verify and area: 1..this many seconds (a day). */
#define SG_TIMEOUT_MAX 86400

typedef int (*sg_cmd_fn)(int argc, char **argv);

typedef struct sg_cmd {
    const char *name;
    sg_cmd_fn fn;
    const char *summary;     /* one line for `samgen help` */
    const char *usage;       /* synopsis and description for `samgen help
                              * <cmd>`; the options follow, generated from
                              * cli/options.def (cli/opt.h) */
    const char *notes;       /* text after the options ("" for none) */
} sg_cmd;

/* Print an error record to stderr and return its exit code. */
int sg_cli_report(const sg_err *e);
/* Print "samgen <cmd>: message" and return SG_EXIT_USAGE. */
int sg_cli_usage_error(const char *cmd, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
/* Check the outputs of plan p before cmd runs (sg_outplan_check): -1 when
 * they are fine, else the exit code after "samgen <cmd>: message". */
int sg_cli_check_outputs(const char *cmd, const sg_outplan *p);

/* Parse the value s of option opt as an integer in lo..hi (the one integer
 * parser, core/intparse.h).  Returns 0, or prints "samgen <cmd>: opt: ..."
 * and returns SG_EXIT_USAGE. */
int sg_cli_int(const char *cmd, const char *opt, const char *s, int64_t lo,
               int64_t hi, int64_t *out);
/* Parse the value s of --scale (spelled opt) into *out: a non-zero finite
 * number.  Returns 0, or prints "samgen <cmd>: --scale: ..." and returns
 * SG_EXIT_USAGE. */
int sg_cli_scale(const char *cmd, const char *opt, const char *s, double *out);
/* The same check without a message (opt_value.c): 0, or -1 and *out
 * untouched. */
int sg_cli_scale_parse(const char *s, double *out);
/* --type T (value_type.c): the type's name into *vt; 0, or prints
 * "samgen <cmd>: --type: unknown type 'T' (...)" and returns SG_EXIT_USAGE. */
int sg_cli_type_parse(const char *cmd, const char *arg, int *vt);
/* The run's value type into *vt (sg_vt_choose over the bound files f[n]):
 * prints a warning per file whose values were rounded to integers and,
 * unless quiet, "samgen <cmd>: value type T" on stderr when the type was
 * given, is real or rounded values.  0, or -1 with "samgen <cmd>: ..."
 * in e (exit 2). */
struct sg_vt_file;
int sg_cli_value_type(const char *cmd, int type_vt, int width, const char *width_opt,
                      double scale, struct sg_vt_file *f, int n, int quiet, int *vt,
                      sg_err *e);

/* Print the help of cmd to stdout (for --help) and return 0. */
int sg_cli_print_usage(const char *cmd);

/* Reading a graph (graph_load.c), the same for every command.
 *
 * sg_cli_graph_read_checked reads path into g and runs every check into d
 * (d is set even on failure, freed with sg_diags_free).  Returns -1 when the
 * file cannot be read (e filled, exit 2; g needs no freeing), else the
 * number of errors the checker found (g is to be freed).
 *
 * sg_cli_graph_load is what a command that runs, generates or draws a graph
 * calls: read and check.  When the check fails, the findings are printed to
 * stderr as `samgen check` prints them; then with SG_LOAD_RUN it fails (e
 * says so, code SG_EXIT_CHECK; g is freed), with SG_LOAD_DRAW it warns and
 * goes on.  Returns 0 with g to be freed by the caller, or -1. */
typedef enum { SG_LOAD_RUN, SG_LOAD_DRAW } sg_cli_load;
int sg_cli_graph_read_checked(const char *path, sg_graph *g, sg_diags *d,
                              sg_err *e);
int sg_cli_graph_load(const char *cmd, const char *path, sg_graph *g,
                      sg_cli_load mode, sg_err *e);
/* The checker's findings, one "FILE:LINE: ..." line each. */
void sg_cli_print_diags(FILE *f, const sg_graph *g, const sg_diags *d);

/* Command handlers and usage strings (one pair per cli/cmd_*.c). */
#define SG_DECLARE_CMD(n) \
    int sg_cmd_##n(int argc, char **argv); \
    extern const char sg_cmd_##n##_usage[]; \
    extern const char sg_cmd_##n##_notes[]
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
SG_DECLARE_CMD(cache);
SG_DECLARE_CMD(regress);

#endif
