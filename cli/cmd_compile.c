/*
 * cmd_compile.c - samgen compile: tensor index notation to a SAM graph.
 *
 *   samgen compile 'X(i,j)=B(i,k)*C(k,j)' -f X:ss -f B:ss -f C:ss:1,0 \
 *                  -s 'reorder(i,k,j)' -o matmul_ikj.gv
 *
 * Accepts the argument forms of the TACO command lines Custard was driven
 * with (-f=X:ss, -s=reorder(...)).  The graph is written in Custard's DOT
 * vocabulary (sg_graph_write_dot), to a temporary file renamed into place, so a
 * failed compile leaves no output.  Exit 0, or 2 with one error line.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "front/einsum.h"
#include "graph/graph.h"

const char sg_cmd_compile_usage[] =
    "usage: samgen compile EXPR [-f NAME:LEVELS[:MODES]]... [-s reorder(...)]\n"
    "                      [-o FILE.gv]\n"
    "\n"
    "Compile tensor index notation to a SAM graph (Custard's DOT vocabulary).\n"
    "\n"
    "  EXPR                 e.g. 'X(i,j)=B(i,k)*C(k,j)', 'x(i)=b*C(j,i)*d(j)+e*f(i)',\n"
    "                       'y(i)=2*B(i,j)*c(j)-d(i)', 'X(i,j)=B(i,j)*(C(i,j)-D(i,j))';\n"
    "                       sums, differences and products, with parentheses and\n"
    "                       unary minus, of tensors, scalars (no indices) and\n"
    "                       integer constants; index variables are single letters\n"
    "  -f, --format NAME:LEVELS[:MODES]\n"
    "                       storage of one tensor: a level format per mode, s\n"
    "                       (compressed) or d (dense), and optionally the mode\n"
    "                       stored at each level (C:ss:1,0 is column-major);\n"
    "                       default: compressed levels in mode order\n"
    "  -s, --schedule reorder(I,J,...)\n"
    "                       loop order; default: the result's indices, then the\n"
    "                       reduction indices in order of appearance (adjusted to\n"
    "                       visit every tensor in its storage order)\n"
    "  -o, --output FILE    write the graph here (default: standard output)\n"
    "\n"
    "Forms with '=' (-f=X:ss, -s=reorder(i,j)) are accepted as TACO writes them.\n"
    "Errors name the column of the expression or flag; exit 2.\n"
    "\n"
    "Limits: an expression of at most 511 characters; at most 8 terms after\n"
    "expanding the parentheses; at most 8 tensors in one product; at most 15\n"
    "tensor paths (a tensor counts once per term it appears in); at most 8\n"
    "index variables, 8 indices per tensor; tensor names of at most 31\n"
    "characters; parentheses nested at most 32 deep; constants, and the\n"
    "product of a term's constants, at most 2^40.\n";

typedef struct compile_opts {
    const char **formats;     /* -f flags, nf of them */
    int nf;
    const char *schedule, *out;
} compile_opts;

/* Options up to the next non-option argument (or the end).  0, or -1 after
 * the message. */
static int read_opts(int argc, char **argv, compile_opts *co)
{
    static const struct option longopts[] = {
        {"format", required_argument, NULL, 'f'},
        {"schedule", required_argument, NULL, 's'},
        {"output", required_argument, NULL, 'o'},
        {NULL, 0, NULL, 0},
    };
    int ch;
    while ((ch = getopt_long(argc, argv, "+f:s:o:", longopts, NULL)) != -1) {
        switch (ch) {
        case 'f': co->formats[co->nf++] = optarg; break;
        case 's': co->schedule = optarg; break;
        case 'o': co->out = optarg; break;
        default:
            sg_cli_usage_error("compile", "unknown option or missing value: '%s'",
                            argv[optind - 1]);
            return -1;
        }
    }
    return 0;
}

int sg_cmd_compile(int argc, char **argv)
{
    compile_opts co = {sg_calloc((size_t)argc + 1, sizeof *co.formats), 0, NULL, "-"};
    const char *expr = NULL;
    int rc = SG_EXIT_USAGE;
    optind = 0;
    opterr = 0;
    if (read_opts(argc, argv, &co) < 0)
        goto done;
    while (optind < argc) {
        if (expr) {
            sg_cli_usage_error("compile", "more than one expression ('%s' and "
                            "'%s')", expr, argv[optind]);
            goto done;
        }
        expr = argv[optind++];
        /* Options may follow the expression: restart after it. */
        if (read_opts(argc, argv, &co) < 0)
            goto done;
    }
    const char *out = co.out;
    if (!expr) {
        sg_cli_usage_error("compile", "missing the expression");
        goto done;
    }
    if (out[0] == '=')
        out++;
    if (strcmp(out, "-") != 0) {
        sg_outplan p;
        sg_outplan_init(&p);
        sg_outplan_output(&p, SG_OUT_FILE, "-o", out, NULL);
        int prc = sg_cli_check_outputs("compile", &p);
        sg_outplan_free(&p);
        if (prc >= 0) {
            rc = prc;
            goto done;
        }
    }

    char name[64] = "einsum";
    if (strcmp(out, "-") != 0) {
        const char *b = strrchr(out, '/');
        b = b ? b + 1 : out;
        snprintf(name, sizeof name, "%s", b);
        char *dot = strrchr(name, '.');
        if (dot && dot != name)
            *dot = '\0';
    }
    sg_err e;
    sg_err_clear(&e);
    sg_graph g;
    if (sg_einsum_compile(expr, co.formats, co.nf, co.schedule, name, &g, &e)) {
        fprintf(stderr, "samgen compile: %s\n", e.msg);
        rc = e.code ? e.code : SG_EXIT_USAGE;
        goto done;
    }
    if (sg_graph_write_dot(&g, out, &e)) {
        rc = sg_cli_report(&e);
        sg_graph_free(&g);
        goto done;
    }
    sg_graph_free(&g);
    rc = SG_EXIT_OK;
done:
    free(co.formats);
    return rc;
}
