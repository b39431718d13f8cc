/*
 * cmd_dot.c - samgen dot: draw a SAM graph in samgen's own style.
 *
 * The graph is read and bound like every other command does, then written
 * as a fresh DOT text in which each primitive family has one colour
 * (scanners blue, writers green, arrays light green, repeat/repsiggen
 * orange, joiners red, compute purple, coordinate droppers/holders yellow)
 * and each stream kind one edge style; edge labels name the bound ports, so
 * the picture shows what samgen understood, not what the file's labels say.
 * Rendering runs graphviz's `dot` program on that text (no shell).  An
 * output named .gv/.dot gets the graph in samgen's own DOT vocabulary
 * (sg_graph_write_dot), which samgen reads back.  With --annotate REPORT.json,
 * edges get the token counts of a run: the report's "edges" array of
 * {"src": ID, "dst": ID, "tokens": N} objects (src/dst are DOT node ids).
 * Output goes to a temporary file renamed into place.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/opt.h"
#include "core/proc.h"
#include "graph/graph.h"

const char sg_cmd_dot_usage[] =
    "usage: samgen dot GRAPH.gv -o FILE.png|svg|pdf|gv [--annotate REPORT.json]\n"
    "\n"
    "Draw a SAM graph with graphviz in samgen's style: one colour per\n"
    "primitive family, one edge style per stream kind (crd dashed, ref bold,\n"
    "val solid, repsig dotted), edges labelled with the ports samgen bound\n"
    "them to.  The format follows the output's extension; .gv or .dot\n"
    "writes the graph as samgen's own DOT text (which samgen reads back)\n"
    "without running graphviz.\n";
const char sg_cmd_dot_notes[] =
    "Exit status: 0 written, 2 unreadable graph, bad usage or rendering failed.\n";

typedef struct family {
    const char *fill, *font;
} family;

static family node_family(const sg_node *n)
{
    switch (n->kind) {
    case SG_NK_FIBERLOOKUP: return (family){"#4e79a7", "white"};
    case SG_NK_FIBERWRITE: return (family){"#59a14f", "white"};
    case SG_NK_ARRAYVALS: return (family){"#8cd17d", "black"};
    case SG_NK_REPSIGGEN:
    case SG_NK_REPEAT: return (family){"#f28e2b", "black"};
    case SG_NK_INTERSECT:
    case SG_NK_UNION: return (family){"#e15759", "white"};
    case SG_NK_ALU:
    case SG_NK_REDUCE:
    case SG_NK_SPACC:
    case SG_NK_VECTORREDUCER: return (family){"#b07aa1", "white"};
    case SG_NK_CRDDROP:
    case SG_NK_CRDHOLD: return (family){"#edc948", "black"};
    default: return (family){"#bab0ac", "black"};
    }
}

/* Token counts from a report: edges[k] = count for edge k, -1 unknown. */
static int read_annotations(const char *path, const sg_graph *g, long *cnt,
                            sg_err *e)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return sg_errf(e, path, 0, "cannot open: %s", strerror(errno));
    size_t cap = 4096, n = 0;
    char *t = sg_malloc(cap + 1);
    size_t k;
    while ((k = fread(t + n, 1, cap - n, f)) > 0) {
        n += k;
        if (n == cap) {
            cap *= 2;
            t = sg_realloc(t, cap + 1);
        }
    }
    fclose(f);
    t[n] = 0;
    const char *p = strstr(t, "\"edges\"");
    if (!p) {
        free(t);
        return sg_errf(e, path, 0, "no \"edges\" array in the report");
    }
    int found = 0;
    while ((p = strstr(p, "{")) != NULL) {
        const char *end = strchr(p, '}');
        if (!end)
            break;
        const char *ps = strstr(p, "\"src\""), *pd = strstr(p, "\"dst\""),
                   *pt = strstr(p, "\"tokens\"");
        if (ps && pd && pt && ps < end && pd < end && pt < end) {
            long s = strtol(strchr(ps + 5, ':') + 1, NULL, 10);
            long d = strtol(strchr(pd + 5, ':') + 1, NULL, 10);
            long c = strtol(strchr(pt + 8, ':') + 1, NULL, 10);
            for (size_t i = 0; i < g->n_edges; i++)
                if (g->nodes[g->edges[i].src].id == s &&
                    g->nodes[g->edges[i].dst].id == d && cnt[i] < 0) {
                    cnt[i] = c;
                    found++;
                    break;
                }
        }
        p = end + 1;
    }
    free(t);
    if (!found)
        return sg_errf(e, path, 0, "no edge of the graph in the report");
    return 0;
}

static int write_styled(FILE *f, const sg_graph *g, const long *cnt)
{
    static const char *const estyle[] = {"dashed", "bold", "solid", "dotted"};
    static const char *const ecolor[] = {"#333333", "#1f4e79", "#2e7d32",
                                         "#888888"};
    fprintf(f, "digraph \"%s\" {\n", g->name);
    fprintf(f, "  graph [rankdir=TB fontname=\"Helvetica\" fontsize=12 "
               "labelloc=t label=\"%s  [", g->name);
    for (int i = 0; i < g->n_tensors; i++)
        fprintf(f, "%s%s", i ? " " : "", g->tensors[i].name);
    fprintf(f, "]  order %s\"];\n", g->index_order);
    fprintf(f, "  node [fontname=\"Helvetica\" fontsize=10 shape=box "
               "style=\"rounded,filled\" penwidth=0];\n");
    fprintf(f, "  edge [fontname=\"Helvetica\" fontsize=8 arrowsize=0.6];\n");
    for (size_t i = 0; i < g->n_nodes; i++) {
        const sg_node *n = &g->nodes[i];
        char desc[160];
        sg_graph_node_desc(n, desc, sizeof desc);
        if (n->kind == SG_NK_BROADCAST) {
            fprintf(f, "  n%d [shape=point width=0.08 tooltip=\"%s\"];\n",
                    n->id, desc);
            continue;
        }
        family fa = node_family(n);
        fprintf(f, "  n%d [label=\"%s\" fillcolor=\"%s\" fontcolor=\"%s\"];\n",
                n->id, desc, fa.fill, fa.font);
    }
    for (size_t i = 0; i < g->n_edges; i++) {
        const sg_edge *e = &g->edges[i];
        const sg_node *s = &g->nodes[e->src], *d = &g->nodes[e->dst];
        char sp[48] = "?", dp[48] = "?";
        if (e->src_port >= 0)
            sg_graph_port_name(s, 0, e->src_port, sp);
        if (e->dst_port >= 0)
            sg_graph_port_name(d, 1, e->dst_port, dp);
        fprintf(f, "  n%d -> n%d [style=%s color=\"%s\" label=\"%s\\n%s",
                s->id, d->id, estyle[e->type], ecolor[e->type],
                s->kind == SG_NK_BROADCAST ? "" : sp,
                d->kind == SG_NK_BROADCAST ? "" : dp);
        if (cnt && cnt[i] >= 0)
            fprintf(f, "\\n%ld tok", cnt[i]);
        fprintf(f, "\"];\n");
    }
    fprintf(f, "}\n");
    return ferror(f) ? -1 : 0;
}

/* Run `dot -T<fmt> -o out in`; 0 on success. */
static int run_dot(const char *fmt, const char *in, const char *out)
{
    char targ[32];
    snprintf(targ, sizeof targ, "-T%s", fmt);
    char *args[] = {"dot", targ, "-o", (char *)out, (char *)in, NULL};
    sg_proc p = {args, NULL, NULL, 0, NULL, NULL};
    return sg_proc_run(&p, NULL, NULL) == 0 ? 0 : -1;
}

/* Token counts from the report ann, one per edge (-1 where the report has
 * none); NULL with the error reported (*rc set) when it cannot be read. */
static long *load_counts(const char *ann, const sg_graph *g, int *rc)
{
    sg_err e;
    sg_err_clear(&e);
    long *cnt = sg_malloc((g->n_edges ? g->n_edges : 1) * sizeof *cnt);
    for (size_t i = 0; i < g->n_edges; i++)
        cnt[i] = -1;
    if (read_annotations(ann, g, cnt, &e) < 0) {
        *rc = sg_cli_report(&e);
        free(cnt);
        return NULL;
    }
    return cnt;
}

/* Render g with graphviz into out: the styled text goes to a scratch file
 * beside out, `dot` writes a temporary file that is renamed into place.
 * 0, or -1 with the message printed. */
static int render(const char *out, const char *ext, const sg_graph *g,
                  const long *cnt)
{
    sg_err e;
    sg_err_clear(&e);
    size_t n = strlen(out) + 8;
    char *scratch = sg_malloc(n);
    snprintf(scratch, n, "%s.gv", out);
    sg_outfile text, img;
    int opened = sg_outfile_open(&text, scratch, &e);
    free(scratch);
    if (opened < 0) {
        sg_cli_report(&e);
        return -1;
    }
    if (write_styled(text.f, g, cnt) < 0 || fflush(text.f) != 0) {
        fprintf(stderr, "%s: write error: %s\n", out, strerror(errno));
        sg_outfile_abort(&text);
        return -1;
    }
    int rc = -1;
    if (sg_outfile_reserve(&img, out, &e) < 0) {
        sg_cli_report(&e);
    } else if (run_dot(ext, text.tmp, img.tmp) < 0) {
        fprintf(stderr, "samgen dot: graphviz 'dot -T%s' failed (is graphviz installed?)\n",
                ext);
        sg_outfile_abort(&img);
    } else if (sg_outfile_commit(&img, &e) < 0) {
        sg_cli_report(&e);
    } else {
        rc = 0;
    }
    sg_outfile_abort(&text);
    return rc;
}

/* Draw the graph at path into out: samgen's own DOT text (text_only), or
 * a picture rendered in samgen's style.  Returns the exit code. */
static int draw(const char *path, const char *out, const char *ext,
                int text_only, const char *ann)
{
    sg_graph g;
    sg_err e;
    sg_err_clear(&e);
    if (sg_cli_graph_load("dot", path, &g, SG_LOAD_DRAW, &e) < 0)
        return sg_cli_report(&e);
    int rc = SG_EXIT_USAGE;
    long *cnt = NULL;
    if (text_only) {
        if (sg_graph_write_dot(&g, out, &e) < 0)
            sg_cli_report(&e);
        else
            rc = SG_EXIT_OK;
    } else if (!ann || (cnt = load_counts(ann, &g, &rc)) != NULL) {
        rc = render(out, ext, &g, cnt) == 0 ? SG_EXIT_OK : SG_EXIT_USAGE;
    }
    free(cnt);
    sg_graph_free(&g);
    return rc;
}

typedef struct dot_args {
    const char *path, *out, *ann;
} dot_args;

static int on_opt(void *ctx, sg_opt_id id, const char *spelled, const char *arg)
{
    dot_args *da = ctx;
    switch (id) {
    case SG_OPT_ARG:
        if (da->path)
            return sg_cli_usage_error("dot", "one graph at a time ('%s')", arg);
        da->path = arg;
        return 0;
    case SG_OPT_OUT: da->out = arg; return 0;
    case SG_OPT_ANNOTATE: da->ann = arg; return 0;
    default:
        return sg_cli_usage_error("dot", "unknown option '%s'", spelled);
    }
}

int sg_cmd_dot(int argc, char **argv)
{
    dot_args da = {NULL, NULL, NULL};
    int prc = sg_opt_parse("dot", argc, argv, on_opt, &da);
    if (prc != 0)
        return prc < 0 ? SG_EXIT_OK : prc;
    const char *path = da.path, *out = da.out, *ann = da.ann;
    if (!path || !out)
        return sg_cli_usage_error("dot", "usage: samgen dot GRAPH.gv -o FILE.png|svg");
    const char *ext = strrchr(out, '.');
    ext = ext ? ext + 1 : "";
    int text_only = strcmp(ext, "gv") == 0 || strcmp(ext, "dot") == 0;
    if (!text_only && strcmp(ext, "png") != 0 && strcmp(ext, "svg") != 0 &&
        strcmp(ext, "pdf") != 0)
        return sg_cli_usage_error("dot", "output '%s': extension must be png, svg, pdf or gv",
                               out);
    if (text_only && ann)
        return sg_cli_usage_error("dot", "--annotate labels a picture: give -o FILE.png, "
                                  ".svg or .pdf, not '%s'", out);
    sg_outplan p;
    sg_outplan_init(&p);
    sg_outplan_input(&p, path);
    sg_outplan_input(&p, ann);
    sg_outplan_output(&p, SG_OUT_FILE, "-o", out, NULL);
    int rc = sg_cli_check_outputs("dot", &p);
    sg_outplan_free(&p);
    if (rc >= 0)
        return rc;
    return draw(path, out, ext, text_only, ann);
}
