/*
 * cmd_check.c - samgen check: read a SAM graph, run every check, summarise.
 *
 * The summary (stdout) lists the tensors with their formats, the index
 * variables in loop order, node counts per kind and the nodes the RTL
 * generator cannot build yet; findings go to stderr as "FILE:LINE: ...".
 * With --json the same content is one JSON object on stdout.  Exit codes:
 * 0 the graph passes, 1 a check failed, 2 the file is unreadable or the
 * usage is wrong.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/opt.h"
#include "graph/graph.h"
#include "core/json.h"

const char sg_cmd_check_usage[] =
    "usage: samgen check GRAPH.gv [--json]\n"
    "\n"
    "Read a SAM graph (Custard DOT) and check it: node kinds and attributes,\n"
    "every edge bound to a port of the right stream kind, no missing or\n"
    "doubled inputs, tensors declared in the graph comment with matching\n"
    "level formats, no cycles, index variables that agree between producers\n"
    "and consumers.  Prints the tensors, the loop order of the index\n"
    "variables, node counts per kind and what the RTL generator does not\n"
    "support yet.  Unread outputs are notes, not errors.\n";
const char sg_cmd_check_notes[] =
    "Exit status: 0 ok, 1 the check failed, 2 unreadable graph or bad usage.\n";

static const char *sev_name(sg_diag_sev s)
{
    return s == SG_DIAG_ERROR ? "error"
         : s == SG_DIAG_NOTE ? "note" : "unsupported-rtl";
}

/* Node counts by type word (the DOT spelling: fp_mul and mul apart). */
typedef struct type_count {
    char type[SG_NAME_MAX];
    int n;
} type_count;

static int count_types(const sg_graph *g, type_count *tc, int cap)
{
    int n = 0;
    for (size_t i = 0; i < g->n_nodes; i++) {
        const char *t = sg_graph_node_type(&g->nodes[i]);
        if (!*t)
            t = "(no type)";
        int k;
        for (k = 0; k < n && strcmp(tc[k].type, t) != 0; k++)
            ;
        if (k == n) {
            if (n == cap)
                continue;
            snprintf(tc[n].type, sizeof tc[n].type, "%s", t);
            tc[n++].n = 0;
        }
        tc[k].n++;
    }
    return n;
}

/* Can the RTL generator build every node?  Not when a kind is known to be
 * beyond it (its findings say which) nor when a node's kind is unknown. */
static int unknown_kinds(const sg_graph *g)
{
    int n = 0;
    for (size_t i = 0; i < g->n_nodes; i++)
        n += g->nodes[i].kind == SG_NK_UNKNOWN;
    return n;
}

static int rtl_supported(const sg_graph *g, const sg_diags *d)
{
    return sg_diags_count(d, SG_DIAG_UNSUPPORTED_RTL) == 0 && !unknown_kinds(g);
}

static void print_text(const sg_graph *g, const sg_diags *d, int errors)
{
    printf("graph %s: %zu nodes, %zu edges\n", g->name, g->n_nodes,
           g->n_edges);
    printf("tensors:");
    for (int i = 0; i < g->n_tensors; i++) {
        char fb[2 * SG_MAX_ORDER + 8];
        sg_format_str(&g->tensors[i].fmt, fb);
        printf(" %s=%s%s", g->tensors[i].name, fb,
               g->tensors[i].is_output ? " (output)" : "");
    }
    printf("\nindex order:");
    for (const char *p = g->index_order; *p; p++)
        printf(" %c", *p);
    printf("\nnodes:");
    type_count tc[64];
    int nt = count_types(g, tc, 64);
    for (int k = 0; k < nt; k++)
        printf(" %s %d%s", tc[k].type, tc[k].n, k + 1 < nt ? "," : "");
    printf("\n");
    sg_cli_print_diags(stderr, g, d);
    printf("rtl: %s\n", rtl_supported(g, d) ? "supported"
           : unknown_kinds(g) ? "not supported (unknown node type)"
           : "not supported (see messages)");
    if (errors)
        printf("check: FAILED (%d error%s)\n", errors, errors == 1 ? "" : "s");
    else
        printf("check: ok (%zu note%s)\n", sg_diags_count(d, SG_DIAG_NOTE),
               sg_diags_count(d, SG_DIAG_NOTE) == 1 ? "" : "s");
}

static void print_json(const sg_graph *g, const sg_diags *d, int errors)
{
    printf("{\"graph\": ");
    sg_json_str(stdout, g->name);
    printf(", \"path\": ");
    sg_json_str(stdout, g->path);
    printf(", \"ok\": %s, \"errors\": %d, \"nodes\": %zu, \"edges\": %zu,\n",
           errors ? "false" : "true", errors, g->n_nodes, g->n_edges);
    printf(" \"tensors\": [");
    for (int i = 0; i < g->n_tensors; i++) {
        char fb[2 * SG_MAX_ORDER + 8];
        sg_format_str(&g->tensors[i].fmt, fb);
        printf("%s{\"name\": ", i ? ", " : "");
        sg_json_str(stdout, g->tensors[i].name);
        printf(", \"format\": \"%s\", \"output\": %s}", fb,
               g->tensors[i].is_output ? "true" : "false");
    }
    printf("],\n \"index_order\": [");
    for (const char *p = g->index_order; *p; p++)
        printf("%s\"%c\"", p == g->index_order ? "" : ", ", *p);
    printf("],\n \"kinds\": {");
    type_count tc[64];
    int nt = count_types(g, tc, 64);
    for (int k = 0; k < nt; k++) {
        printf("%s", k ? ", " : "");
        sg_json_str(stdout, tc[k].type);
        printf(": %d", tc[k].n);
    }
    printf("},\n \"rtl_supported\": %s,\n \"diagnostics\": [",
           rtl_supported(g, d) ? "true" : "false");
    for (size_t i = 0; i < d->n; i++) {
        const sg_diag *x = &d->d[i];
        printf("%s\n  {\"severity\": \"%s\", \"line\": %ld, \"node\": %d, \"message\": ",
               i ? "," : "", sev_name(x->sev), x->line,
               x->node >= 0 ? g->nodes[x->node].id : -1);
        sg_json_str(stdout, x->msg);
        printf("}");
    }
    printf("]}\n");
}

typedef struct check_args {
    const char *path;
    int json;
} check_args;

static int on_opt(void *ctx, sg_opt_id id, const char *spelled, const char *arg)
{
    check_args *ca = ctx;
    switch (id) {
    case SG_OPT_ARG:
        if (ca->path)
            return sg_cli_usage_error("check", "one graph at a time ('%s')", arg);
        ca->path = arg;
        return 0;
    case SG_OPT_JSON: ca->json = 1; return 0;
    default:
        return sg_cli_usage_error("check", "unknown option '%s'", spelled);
    }
}

int sg_cmd_check(int argc, char **argv)
{
    check_args ca = {NULL, 0};
    int rc = sg_opt_parse("check", argc, argv, on_opt, &ca);
    if (rc != 0)
        return rc < 0 ? SG_EXIT_OK : rc;
    const char *path = ca.path;
    int json = ca.json;
    if (!path)
        return sg_cli_usage_error("check", "no graph given (samgen check GRAPH.gv)");

    sg_graph g;
    sg_err e;
    sg_err_clear(&e);
    sg_diags d;
    int errors = sg_cli_graph_read_checked(path, &g, &d, &e);
    if (errors < 0)
        return sg_cli_report(&e);
    if (json)
        print_json(&g, &d, errors);
    else
        print_text(&g, &d, errors);
    int out_bad = fflush(stdout) != 0;
    sg_diags_free(&d);
    sg_graph_free(&g);
    if (out_bad) {
        fprintf(stderr, "samgen check: cannot write the summary\n");
        return SG_EXIT_USAGE;
    }
    return errors ? SG_EXIT_CHECK : SG_EXIT_OK;
}
