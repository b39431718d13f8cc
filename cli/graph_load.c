/*
 * graph_load.c - the one place the commands read a graph (see cli.h).
 *
 * Every command that reads a SAM graph goes through sg_cli_graph_load: the
 * DOT reader, then the checker.  A graph that fails its checks is not run,
 * generated or synthesized; the command prints the checker's findings in
 * the words `samgen check` uses and stops with exit 1.  `samgen dot` still
 * draws such a graph, after a warning, since drawing it is how one finds
 * what is wrong.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "front/dot.h"

void sg_cli_print_diags(FILE *f, const sg_graph *g, const sg_diags *d)
{
    for (size_t i = 0; i < d->n; i++) {
        const sg_diag *x = &d->d[i];
        fprintf(f, "%s:%ld: %s%s\n", g->path, x->line,
                x->sev == SG_DIAG_ERROR ? ""
                : x->sev == SG_DIAG_NOTE ? "note: " : "not in RTL yet: ",
                x->msg);
    }
}

int sg_cli_graph_read_checked(const char *path, sg_graph *g, sg_diags *d,
                              sg_err *e)
{
    memset(d, 0, sizeof *d);
    if (sg_graph_read(path, g, e) < 0)
        return -1;
    return sg_graph_check(g, d);
}

int sg_cli_graph_load(const char *cmd, const char *path, sg_graph *g,
                      sg_cli_load mode, sg_err *e)
{
    sg_diags d;
    int errors = sg_cli_graph_read_checked(path, g, &d, e);
    if (errors < 0)
        return -1;
    if (errors > 0) {
        sg_cli_print_diags(stderr, g, &d);
        if (mode == SG_LOAD_DRAW) {
            fprintf(stderr, "samgen %s: warning: %s fails its checks (%d error%s); "
                    "drawing it anyway\n", cmd, path, errors, errors == 1 ? "" : "s");
        } else {
            sg_errc(e, SG_EXIT_CHECK, path, 0,
                    "the graph fails its checks (%d error%s, listed above); "
                    "samgen %s does not run it", errors, errors == 1 ? "" : "s", cmd);
            sg_graph_free(g);
            memset(g, 0, sizeof *g);
        }
    }
    sg_diags_free(&d);
    return errors > 0 && mode != SG_LOAD_DRAW ? -1 : 0;
}
