/*
 * main.c - the samgen binary: git-style dispatch over the command table.
 *
 *   samgen <command> [options]     run a command
 *   samgen help [command]          list commands / show a command's usage
 *   samgen <command> --help        same as samgen help <command>
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "core/value.h"
#include "cli/cli.h"
#include "core/intparse.h"

static const sg_cmd commands[] = {
    {"tensor", sg_cmd_tensor, "convert, generate and inspect tensor files", sg_cmd_tensor_usage},
    {"check", sg_cmd_check, "read a SAM graph and check it", sg_cmd_check_usage},
    {"dot", sg_cmd_dot, "render a SAM graph with graphviz", sg_cmd_dot_usage},
    {"compile", sg_cmd_compile, "compile tensor index notation to a SAM graph", sg_cmd_compile_usage},
    {"golden", sg_cmd_golden, "run the golden model on a graph and tensors", sg_cmd_golden_usage},
    {"stream", sg_cmd_stream, "run one golden-model primitive on token files", sg_cmd_stream_usage},
    {"gen", sg_cmd_gen, "generate the Verilog accelerator for a graph", sg_cmd_gen_usage},
    {"verify", sg_cmd_verify, "simulate the RTL and compare it token by token", sg_cmd_verify_usage},
    {"cache", sg_cmd_cache, "show and clean the Verilator build cache", sg_cmd_cache_usage},
    {"area", sg_cmd_area, "synthesize with Yosys and report area and fmax", sg_cmd_area_usage},
    {"kinds", sg_cmd_kinds, "list the node kinds, their ports and RTL modules", sg_cmd_kinds_usage},
};
#define N_COMMANDS (sizeof commands / sizeof commands[0])

static const sg_cmd *find(const char *name)
{
    for (size_t i = 0; i < N_COMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

int sg_cli_report(const sg_err *e)
{
    fprintf(stderr, "%s\n", e->msg[0] ? e->msg : "error");
    return e->code ? e->code : SG_EXIT_USAGE;
}

int sg_cli_usage_error(const char *cmd, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, "samgen %s: ", cmd);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n(see 'samgen help %s')\n", cmd);
    return SG_EXIT_USAGE;
}

int sg_cli_check_outputs(const char *cmd, const sg_outplan *p)
{
    sg_err e;
    sg_err_clear(&e);
    if (sg_outplan_check(p, &e) == 0)
        return -1;
    fprintf(stderr, "samgen %s: %s\n", cmd, e.msg);
    return SG_EXIT_USAGE;
}

int sg_cli_int(const char *cmd, const char *opt, const char *s, int64_t lo,
               int64_t hi, int64_t *out)
{
    sg_err e;
    sg_err_clear(&e);
    if (sg_int_parse(opt, s, lo, hi, out, &e) < 0)
        return sg_cli_usage_error(cmd, "%s", e.msg);
    return 0;
}

int sg_cli_type_parse(const char *cmd, const char *arg, int *vt)
{
    *vt = sg_vt_parse(arg);
    if (*vt == 0)
        return sg_cli_usage_error(cmd, "--type: unknown type '%s' (int8, int16, int32, "
                                       "int64, fp32, bf16)", arg);
    return 0;
}

int sg_cli_print_usage(const char *cmd)
{
    const sg_cmd *c = find(cmd);
    if (!c)
        return SG_EXIT_USAGE;
    fputs(c->usage, stdout);
    return SG_EXIT_OK;
}

static void list_commands(FILE *f)
{
    fprintf(f, "usage: samgen <command> [options]\n\ncommands:\n");
    for (size_t i = 0; i < N_COMMANDS; i++)
        fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].summary);
    fprintf(f, "\n'samgen help <command>' shows a command's options.\n"
               "exit codes: 0 success, 1 a check failed, 2 bad usage or input\n");
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        list_commands(stderr);
        return SG_EXIT_USAGE;
    }
    const char *name = argv[1];
    if (strcmp(name, "help") == 0 || strcmp(name, "--help") == 0 ||
        strcmp(name, "-h") == 0) {
        if (argc < 3) {
            list_commands(stdout);
            return SG_EXIT_OK;
        }
        if (!find(argv[2])) {
            fprintf(stderr, "samgen: '%s' is not a samgen command\n", argv[2]);
            return SG_EXIT_USAGE;
        }
        return sg_cli_print_usage(argv[2]);
    }
    if (strcmp(name, "--version") == 0) {
        printf("samgen 0.1\n");
        return SG_EXIT_OK;
    }
    const sg_cmd *c = find(name);
    if (!c) {
        fprintf(stderr, "samgen: '%s' is not a samgen command; see 'samgen help'\n",
                name);
        return SG_EXIT_USAGE;
    }
    for (int i = 2; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0)
            return sg_cli_print_usage(name);
    int rc = sg_cli_repeated_opts(name, argc - 1, argv + 1);
    if (rc != 0)
        return rc;
    rc = c->fn(argc - 1, argv + 1);
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "samgen: error writing to stdout\n");
        return SG_EXIT_USAGE;
    }
    return rc;
}
