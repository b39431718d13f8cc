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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/opt.h"
#include "front/einsum.h"
#include "graph/graph.h"

const char sg_cmd_compile_usage[] =
    "usage: samgen compile EXPR [-f NAME:LEVELS[:MODES]]... [-s reorder(...)]\n"
    "                      [-o FILE.gv]\n"
    "\n"
    "Compile tensor index notation to a SAM graph (Custard's DOT vocabulary).\n"
    "\n"
    "  EXPR is e.g. 'X(i,j)=B(i,k)*C(k,j)', 'x(i)=b*C(j,i)*d(j)+e*f(i)',\n"
    "  'y(i)=2*B(i,j)*c(j)-d(i)', 'X(i,j)=B(i,j)*(C(i,j)-D(i,j))': sums,\n"
    "  differences and products, with parentheses and unary minus, of\n"
    "  tensors, scalars (no indices) and integer constants; index variables\n"
    "  are single letters.\n";
const char sg_cmd_compile_notes[] =
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
    const char **schedules;   /* -s flags, ns of them */
    int ns;
    const char *out;
    const char *expr;
} compile_opts;

static int on_opt(void *ctx, sg_opt_id id, const char *spelled, const char *arg)
{
    compile_opts *co = ctx;
    switch (id) {
    case SG_OPT_ARG:
        if (co->expr)
            return sg_cli_usage_error("compile", "more than one expression ('%s' and "
                                      "'%s')", co->expr, arg);
        co->expr = arg;
        return 0;
    case SG_OPT_TENSOR_FORMAT: co->formats[co->nf++] = arg; return 0;
    case SG_OPT_SCHEDULE: co->schedules[co->ns++] = arg; return 0;
    case SG_OPT_OUT: co->out = arg; return 0;
    default:
        return sg_cli_usage_error("compile", "unknown option '%s'", spelled);
    }
}

int sg_cmd_compile(int argc, char **argv)
{
    compile_opts co = {sg_calloc((size_t)argc + 1, sizeof *co.formats), 0,
                       sg_calloc((size_t)argc + 1, sizeof *co.schedules), 0, "-", NULL};
    int rc = sg_opt_parse("compile", argc, argv, on_opt, &co);
    if (rc != 0) {
        rc = rc < 0 ? SG_EXIT_OK : rc;
        goto done;
    }
    rc = SG_EXIT_USAGE;
    const char *expr = co.expr;
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
    if (sg_einsum_compile(expr, co.formats, co.nf, co.schedules, co.ns, name, &g, &e)) {
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
    free(co.schedules);
    return rc;
}
