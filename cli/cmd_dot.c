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
 * With --report DIR/report.json (a `samgen verify -o DIR` report, read by
 * dot_report.c), edges get both sides' token counts, nodes their busy and
 * stall cycles, the first mismatching edge and its destination are red and
 * a legend line gives the result and cycles; a .gv/.dot output is then that
 * annotated text.  Output goes to a temporary file renamed into place.
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
#include "cli/dot_report.h"
#include "core/json.h"
#include "core/proc.h"
#include "golden/golden.h"
#include "graph/graph.h"

const char sg_cmd_dot_usage[] =
    "usage: samgen dot GRAPH.gv -o FILE.png|svg|pdf|gv [--annotate REPORT.json]\n"
    "                  [--report DIR/report.json]\n"
    "\n"
    "Draw a SAM graph with graphviz in samgen's style: one colour per\n"
    "primitive family, one edge style per stream kind (crd dashed, ref bold,\n"
    "val solid, repsig dotted), edges labelled with the ports samgen bound\n"
    "them to.  The format follows the output's extension; .gv or .dot\n"
    "writes the graph as samgen's own DOT text (which samgen reads back)\n"
    "without running graphviz.\n";
const char sg_cmd_dot_notes[] =
    "Exit status: 0 written, 2 unreadable graph or report, bad usage or rendering\n"
    "failed (nothing written).\n";

typedef struct family {
    const char *fill, *font;
} family;

static family node_family(const sg_node *n)
{
    switch (n->kind) {
    case SG_NK_FIBERLOOKUP:
    case SG_NK_LOCATE: return (family){"#4e79a7", "white"};
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

/* The integer value of member key of o, or -1 when it is missing or not
 * an integer >= 0. */
static long json_long(const sg_json *o, const char *key)
{
    const sg_json *v = sg_json_get(o, key);
    if (!v || v->type != SG_JSON_NUM || !(v->num >= 0) || v->num > 2147483647.0 ||
        (double)(long)v->num != v->num)
        return -1;
    return (long)v->num;
}

/* Token counts from a report: cnt[k] = count for edge k, -1 unknown.  The
 * report is JSON with an "edges" array; entries without an integer src,
 * dst and tokens are passed over. */
static int read_annotations(const char *path, const sg_graph *g, long *cnt,
                            sg_err *e)
{
    sg_json d;
    if (sg_json_read_file(path, &d, e) < 0)
        return -1;
    const sg_json *edges = sg_json_get(&d, "edges");
    if (!edges || edges->type != SG_JSON_ARR) {
        sg_json_free(&d);
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "no \"edges\" array in the report");
    }
    int found = 0;
    for (size_t j = 0; j < edges->n; j++) {
        const sg_json *o = &edges->kids[j];
        long s = json_long(o, "src"), dd = json_long(o, "dst"), c = json_long(o, "tokens");
        if (s < 0 || dd < 0 || c < 0)
            continue;
        for (size_t i = 0; i < g->n_edges; i++)
            if (g->nodes[g->edges[i].src].id == s && g->nodes[g->edges[i].dst].id == dd &&
                cnt[i] < 0) {
                cnt[i] = c;
                found++;
                break;
            }
    }
    sg_json_free(&d);
    if (!found)
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "no edge of the graph in the report");
    return 0;
}

/* "B/S" of a node's busy and stall cycles, "?" for an unknown one. */
static void busy_stall(char *buf, size_t n, long long busy, long long stall)
{
    char b[24] = "?", st[24] = "?";
    if (busy >= 0)
        snprintf(b, sizeof b, "%lld", busy);
    if (stall >= 0)
        snprintf(st, sizeof st, "%lld", stall);
    snprintf(buf, n, "busy %s stall %s", b, st);
}

/* The node label's run line(s) from a report: the golden model's busy and
 * stall cycles, and the RTL's when the report has them; lead: start with a
 * line break (below the node's own text). */
static void node_run_label(FILE *f, const sg_dot_report *r, size_t v, int lead)
{
    char buf[80];
    if (r->busy[v] >= 0 || r->stall[v] >= 0) {
        busy_stall(buf, sizeof buf, r->busy[v], r->stall[v]);
        fprintf(f, "%s%s", lead ? "\\n" : "", buf);
        lead = 1;
    }
    if (r->busy_rtl[v] >= 0 || r->stall_rtl[v] >= 0) {
        busy_stall(buf, sizeof buf, r->busy_rtl[v], r->stall_rtl[v]);
        fprintf(f, "%sRTL %s", lead ? "\\n" : "", buf);
    }
}

/* The legend line: the run's result and both sides' cycles, and where it
 * first went wrong. */
static void legend(FILE *f, const sg_graph *g, const sg_dot_report *r)
{
    fprintf(f, "\\nverify: ");
    /* The result in capitals; the report's text is data, so only letters,
     * digits, blanks and '-' are copied into the DOT string. */
    const char *res = r->pass ? "pass" : r->result;
    for (const char *p = res; *p; p++) {
        char c = *p;
        if (c >= 'a' && c <= 'z')
            c = (char)(c - 'a' + 'A');
        else if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ' ' || c == '-'))
            c = '?';
        fputc(c, f);
    }
    fprintf(f, "  golden %lld cycles, RTL %lld cycles", r->cycles, r->cycles_rtl);
    if (r->first_mm != SIZE_MAX) {
        char nm[160];
        fprintf(f, "  first mismatch: %s token %lld (red)",
                sg_golden_edge_name(g, r->first_mm, nm), r->mm_index);
    }
}

/* The DOT text of the picture; cnt (--annotate) or rep (--report) the
 * run shown on it, or neither. */
static int write_styled(FILE *f, const sg_graph *g, const long *cnt, const sg_dot_report *rep)
{
    /* crd, ref, val, repsig, bv */
    static const char *const estyle[SG_N_STREAM_KINDS] = {"dashed", "bold", "solid", "dotted",
                                                          "dashed"};
    static const char *const ecolor[SG_N_STREAM_KINDS] = {"#333333", "#1f4e79", "#2e7d32",
                                                          "#888888", "#6a1b9a"};
    size_t red_node = SIZE_MAX;
    if (rep && rep->first_mm != SIZE_MAX)
        red_node = (size_t)g->edges[rep->first_mm].dst;
    fprintf(f, "digraph \"%s\" {\n", g->name);
    fprintf(f, "  graph [rankdir=TB fontname=\"Helvetica\" fontsize=12 "
               "labelloc=t label=\"%s  [", g->name);
    for (int i = 0; i < g->n_tensors; i++)
        fprintf(f, "%s%s", i ? " " : "", g->tensors[i].name);
    fprintf(f, "]  order %s", g->index_order);
    if (rep)
        legend(f, g, rep);
    fprintf(f, "\"];\n");
    fprintf(f, "  node [fontname=\"Helvetica\" fontsize=10 shape=box "
               "style=\"rounded,filled\" penwidth=0];\n");
    fprintf(f, "  edge [fontname=\"Helvetica\" fontsize=8 arrowsize=0.6];\n");
    for (size_t i = 0; i < g->n_nodes; i++) {
        const sg_node *n = &g->nodes[i];
        char desc[160];
        sg_graph_node_desc(n, desc, sizeof desc);
        const char *red = i == red_node ? " color=\"red\" penwidth=3" : "";
        if (n->kind == SG_NK_BROADCAST) {
            fprintf(f, "  n%d [shape=point width=0.08 tooltip=\"%s\"%s", n->id, desc, red);
            if (rep) {
                fprintf(f, " xlabel=\"");
                node_run_label(f, rep, i, 0);
                fprintf(f, "\" fontsize=8");
            }
            fprintf(f, "];\n");
            continue;
        }
        family fa = node_family(n);
        if (i == red_node) {                    /* where the first mismatch enters */
            fa.fill = "red";
            fa.font = "white";
        }
        fprintf(f, "  n%d [label=\"%s", n->id, desc);
        if (rep)
            node_run_label(f, rep, i, 1);
        fprintf(f, "\" fillcolor=\"%s\" fontcolor=\"%s\"%s];\n", fa.fill, fa.font, red);
    }
    for (size_t i = 0; i < g->n_edges; i++) {
        const sg_edge *e = &g->edges[i];
        const sg_node *s = &g->nodes[e->src], *d = &g->nodes[e->dst];
        char sp[48] = "?", dp[48] = "?";
        if (e->src_port >= 0)
            sg_graph_port_name(s, 0, e->src_port, sp);
        if (e->dst_port >= 0)
            sg_graph_port_name(d, 1, e->dst_port, dp);
        int red = rep && i == rep->first_mm;
        fprintf(f, "  n%d -> n%d [style=%s color=\"%s\"%s label=\"%s\\n%s",
                s->id, d->id, estyle[e->type], red ? "red" : ecolor[e->type],
                red ? " fontcolor=\"red\" penwidth=2.5" : "",
                s->kind == SG_NK_BROADCAST ? "" : sp,
                d->kind == SG_NK_BROADCAST ? "" : dp);
        if (cnt && cnt[i] >= 0)
            fprintf(f, "\\n%ld tok", cnt[i]);
        if (rep) {
            if (rep->tok_rtl[i] >= 0 && rep->tok_rtl[i] != rep->tok[i])
                fprintf(f, "\\n%lld tok golden, %lld RTL", rep->tok[i], rep->tok_rtl[i]);
            else
                fprintf(f, "\\n%lld tok", rep->tok[i]);
            if (red)
                fprintf(f, "\\nfirst mismatch: token %lld", rep->mm_index);
        }
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
                  const long *cnt, const sg_dot_report *rep)
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
    if (write_styled(text.f, g, cnt, rep) < 0 || fflush(text.f) != 0) {
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

/* Write the annotated DOT text of g with the run rep into out (a .gv or
 * .dot output with --report).  0, or -1 with the message printed. */
static int write_text(const char *out, const sg_graph *g, const sg_dot_report *rep)
{
    sg_err e;
    sg_err_clear(&e);
    sg_outfile of;
    if (sg_outfile_open(&of, out, &e) < 0) {
        sg_cli_report(&e);
        return -1;
    }
    if (write_styled(of.f, g, NULL, rep) < 0 || fflush(of.f) != 0) {
        fprintf(stderr, "%s: write error: %s\n", out, strerror(errno));
        sg_outfile_abort(&of);
        return -1;
    }
    if (sg_outfile_commit(&of, &e) < 0) {
        sg_cli_report(&e);
        return -1;
    }
    return 0;
}

/* Draw the graph at path into out: samgen's own DOT text (text_only), or
 * a picture rendered in samgen's style; with a report rep_path, the run on
 * it (as a picture or its DOT text).  Returns the exit code. */
static int draw(const char *path, const char *out, const char *ext,
                int text_only, const char *ann, const char *rep_path)
{
    sg_graph g;
    sg_err e;
    sg_err_clear(&e);
    if (sg_cli_graph_load("dot", path, &g, SG_LOAD_DRAW, &e) < 0)
        return sg_cli_report(&e);
    int rc = SG_EXIT_USAGE;
    long *cnt = NULL;
    sg_dot_report rep;
    if (rep_path) {
        if (sg_dot_report_read(rep_path, &g, &rep, &e) < 0) {
            rc = sg_cli_report(&e);
        } else {
            int w = text_only ? write_text(out, &g, &rep) : render(out, ext, &g, NULL, &rep);
            rc = w == 0 ? SG_EXIT_OK : SG_EXIT_USAGE;
            sg_dot_report_free(&rep);
        }
    } else if (text_only) {
        if (sg_graph_write_dot(&g, out, &e) < 0)
            sg_cli_report(&e);
        else
            rc = SG_EXIT_OK;
    } else if (!ann || (cnt = load_counts(ann, &g, &rc)) != NULL) {
        rc = render(out, ext, &g, cnt, NULL) == 0 ? SG_EXIT_OK : SG_EXIT_USAGE;
    }
    free(cnt);
    sg_graph_free(&g);
    return rc;
}

typedef struct dot_args {
    const char *path, *out, *ann, *rep;
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
    case SG_OPT_REPORT: da->rep = arg; return 0;
    default:
        return sg_cli_usage_error("dot", "unknown option '%s'", spelled);
    }
}

int sg_cmd_dot(int argc, char **argv)
{
    dot_args da = {NULL, NULL, NULL, NULL};
    int prc = sg_opt_parse("dot", argc, argv, on_opt, &da);
    if (prc != 0)
        return prc < 0 ? SG_EXIT_OK : prc;
    const char *path = da.path, *out = da.out, *ann = da.ann, *rep = da.rep;
    if (!path || !out)
        return sg_cli_usage_error("dot", "usage: samgen dot GRAPH.gv -o FILE.png|svg");
    const char *ext = strrchr(out, '.');
    ext = ext ? ext + 1 : "";
    int text_only = strcmp(ext, "gv") == 0 || strcmp(ext, "dot") == 0;
    if (!text_only && strcmp(ext, "png") != 0 && strcmp(ext, "svg") != 0 &&
        strcmp(ext, "pdf") != 0)
        return sg_cli_usage_error("dot", "output '%s': extension must be png, svg, pdf or gv",
                               out);
    if (ann && rep)
        return sg_cli_usage_error("dot", "--annotate and --report exclude each other "
                                  "(--report shows a verify run's counts)");
    if (text_only && ann)
        return sg_cli_usage_error("dot", "--annotate labels a picture: give -o FILE.png, "
                                  ".svg or .pdf, not '%s'", out);
    sg_outplan p;
    sg_outplan_init(&p);
    sg_outplan_input(&p, path);
    sg_outplan_input(&p, ann);
    sg_outplan_input(&p, rep);
    sg_outplan_output(&p, SG_OUT_FILE, "-o", out, NULL);
    int rc = sg_cli_check_outputs("dot", &p);
    sg_outplan_free(&p);
    if (rc >= 0)
        return rc;
    return draw(path, out, ext, text_only, ann, rep);
}
