/*
 * graph_test.c - the DOT reader, the port binding, the checks and the writer.
 *
 * Small graphs are written here as text (a valid x(i) = b(i)*c(i) kernel and
 * one mutation of it per check); the shared Custard/Onyx/Opal graphs are
 * read from $SHARED/graphs when that directory exists and skipped with a
 * message otherwise.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>
#include <cmocka.h>

#include "graph/graph.h"
#include "front/dot.h"

/* x(i) = b(i) * c(i); nodes in the Custard style, one on a multi-line
 * label, one disabled '#' line, one attribute list with ", ". */
static const char base[] =
    "digraph SAM {\n"                                                   /* 1 */
    "    comment=\"x=s0,b=s0,c=s0\"\n"                                  /* 2 */
    "    1 [comment=\"type=fiberlookup,index=i,tensor=b,mode=0,format=compressed,src=true,root=true\" "
    "type=\"fiberlookup\" index=\"i\" tensor=\"b\" mode=\"0\" format=\"compressed\" src=\"true\" root=\"true\"]\n" /* 3 */
    "    2 [comment=\"type=fiberlookup,index=i,tensor=c,mode=0,format=compressed,src=true,root=true\" label=\"FiberLookup i: c0\n"
    "compressed\" type=\"fiberlookup\" index=\"i\" tensor=\"c\" mode=\"0\" format=\"compressed\" src=\"true\" root=\"true\"]\n" /* 4-5 */
    "    3 [comment=\"type=intersect,index=i\" type=\"intersect\" index=\"i\"]\n" /* 6 */
    "    4 [comment=\"type=arrayvals,tensor=b\" type=\"arrayvals\", tensor=\"b\"]\n" /* 7 */
    "    5 [comment=\"type=arrayvals,tensor=c\" type=\"arrayvals\" tensor=\"c\"]\n" /* 8 */
    "    6 [comment=\"type=mul\" type=\"mul\"]\n"                       /* 9 */
    "    #9 [comment=\"type=mul\" type=\"mul\"]\n"                      /* 10 */
    "    7 [type=\"fiberwrite\" index=\"i\" tensor=\"x\" mode=\"0\" format=\"compressed\" segsize=\"2\" crdsize=\"b0_dim\" sink=\"true\"]\n" /* 11 */
    "    8 [type=\"fiberwrite\" tensor=\"x\" mode=\"vals\" size=\"b0_dim\" sink=\"true\"]\n" /* 12 */
    "    2 -> 3 [label=\"crd_in-c\" style=dashed type=\"crd\" comment=\"in-c\"]\n" /* 13 */
    "    2 -> 3 [label=\"ref_in-c\" style=bold type=\"ref\" comment=\"in-c\"]\n"   /* 14 */
    "    1 -> 3 [label=\"crd_in-b\" style=dashed type=\"crd\" comment=\"in-b\"]\n" /* 15 */
    "    1 -> 3 [label=\"ref_in-b\" style=bold type=\"ref\" comment=\"in-b\"]\n"   /* 16 */
    "    3 -> 7 [label=\"crd\" style=dashed type=\"crd\"]\n"           /* 17 */
    "    3 -> 4 [label=\"ref_out-b\" style=bold type=\"ref\" comment=\"out-b\"]\n" /* 18 */
    "    3 -> 5 [label=\"ref_out-c\" style=bold type=\"ref\" comment=\"out-c\"]\n" /* 19 */
    "    5 -> 6 [label=\"val\" type=\"val\"]\n"                         /* 20 */
    "    4 -> 6 [label=\"val\" type=\"val\"]\n"                         /* 21 */
    "    6 -> 8 [label=\"val\" type=\"val\"]\n"                         /* 22 */
    "}\n";

/* base with one substring replaced (must occur). */
static char *subst(const char *old, const char *new_)
{
    const char *p = strstr(base, old);
    assert_non_null(p);
    size_t n = strlen(base) - strlen(old) + strlen(new_) + 1;
    char *s = malloc(n);
    assert_non_null(s);
    size_t k = (size_t)(p - base);
    memcpy(s, base, k);
    strcpy(s + k, new_);
    strcat(s, p + strlen(old));
    return s;
}

static int read_text(const char *text, sg_graph *g, sg_err *e)
{
    sg_err_clear(e);
    return graph_read_mem(text, strlen(text), "t.gv", g, e);
}

static int node_of(const sg_graph *g, int id)
{
    int i = graph_find_node(g, id);
    assert_true(i >= 0);
    return i;
}

/* Edge index from DOT ids a -> b with the given type (first match). */
static const sg_edge *edge_of(const sg_graph *g, int a, int b, sg_stream_kind t)
{
    for (size_t i = 0; i < g->n_edges; i++) {
        const sg_edge *e = &g->edges[i];
        if (g->nodes[e->src].id == a && g->nodes[e->dst].id == b &&
            e->type == t)
            return e;
    }
    fail_msg("no edge %d -> %d", a, b);
    return NULL;
}

/* Run the checks; return the number of findings of sev whose message
 * contains needle (NULL: all of that severity). */
static int findings(const char *text, sg_diag_sev sev, const char *needle,
                    long *line)
{
    sg_graph g;
    sg_err e;
    int rc = read_text(text, &g, &e);
    if (rc < 0)
        fail_msg("read failed: %s", e.msg);
    sg_diags d = {0};
    graph_check(&g, &d);
    int n = 0;
    for (size_t i = 0; i < d.n; i++)
        if (d.d[i].sev == sev && (!needle || strstr(d.d[i].msg, needle))) {
            n++;
            if (line)
                *line = d.d[i].line;
        }
    sg_diags_free(&d);
    graph_free(&g);
    return n;
}

/* ---- reading ------------------------------------------------------------ */

static void test_read_base(void **state)
{
    (void)state;
    sg_graph g;
    sg_err e;
    assert_int_equal(read_text(base, &g, &e), 0);
    assert_int_equal(g.n_nodes, 8);          /* #9 is disabled */
    assert_int_equal(g.n_edges, 10);
    assert_string_equal(g.name, "t");
    assert_int_equal(g.n_tensors, 3);
    assert_string_equal(g.tensors[0].name, "x");
    assert_true(g.tensors[0].is_output);
    assert_int_equal(g.tensors[1].fmt.order, 1);
    assert_int_equal(g.tensors[1].fmt.level[0], 's');
    assert_string_equal(g.index_order, "i");

    const sg_node *n1 = &g.nodes[node_of(&g, 1)];
    assert_int_equal(n1->kind, SG_NK_FIBERLOOKUP);
    assert_int_equal(n1->index, 'i');
    assert_string_equal(n1->tensor, "b");
    assert_int_equal(n1->mode, 0);
    assert_int_equal(n1->format, SG_LVL_COMPRESSED);
    assert_true(n1->root);
    assert_int_equal(n1->line, 3);
    assert_int_equal(g.nodes[node_of(&g, 3)].line, 6);   /* after a 2-line label */
    assert_int_equal(g.nodes[node_of(&g, 4)].line, 7);
    assert_string_equal(g.nodes[node_of(&g, 4)].tensor, "b");  /* ", " list */
    assert_int_equal(g.nodes[node_of(&g, 7)].line, 11);
    assert_true(g.nodes[node_of(&g, 8)].is_vals);

    /* Joiner operands are sorted (b, c) whatever the file order. */
    const sg_node *j = &g.nodes[node_of(&g, 3)];
    assert_int_equal(j->n_operands, 2);
    assert_string_equal(j->operand[0], "b");
    assert_string_equal(j->operand[1], "c");
    assert_int_equal(j->n_in, 4);
    assert_int_equal(j->n_out, 3);
    assert_int_equal(edge_of(&g, 2, 3, SG_ST_CRD)->dst_port, 2);
    assert_int_equal(edge_of(&g, 2, 3, SG_ST_REF)->dst_port, 3);
    assert_int_equal(edge_of(&g, 1, 3, SG_ST_CRD)->dst_port, 0);
    assert_int_equal(edge_of(&g, 1, 3, SG_ST_REF)->dst_port, 1);
    assert_int_equal(edge_of(&g, 3, 7, SG_ST_CRD)->src_port, 0);
    assert_int_equal(edge_of(&g, 3, 4, SG_ST_REF)->src_port, 1);
    assert_int_equal(edge_of(&g, 3, 5, SG_ST_REF)->src_port, 2);
    assert_int_equal(edge_of(&g, 1, 3, SG_ST_CRD)->line, 15);
    assert_int_equal(edge_of(&g, 6, 8, SG_ST_VAL)->line, 22);
    /* ALU operands in file order: c's value (line 20) is operand 0. */
    assert_int_equal(edge_of(&g, 5, 6, SG_ST_VAL)->dst_port, 0);
    assert_int_equal(edge_of(&g, 4, 6, SG_ST_VAL)->dst_port, 1);
    assert_int_equal(graph_in_edge(&g, node_of(&g, 6), 1),
                     (int)(edge_of(&g, 4, 6, SG_ST_VAL) - g.edges));

    char b[48];
    assert_string_equal(graph_port_name(j, 1, 3, b), "in_ref1");
    assert_string_equal(graph_port_name(j, 0, 2, b), "out_ref1");
    assert_string_equal(graph_port_name(n1, 0, 0, b), "out_crd");
    assert_int_equal(graph_port_kind(j, 1, 3), SG_ST_REF);

    int order[8];
    assert_int_equal(graph_topo_order(&g, order), 0);
    int pos[16] = {0};
    for (int i = 0; i < 8; i++)
        pos[g.nodes[order[i]].id] = i;
    assert_true(pos[1] < pos[3] && pos[3] < pos[4] && pos[6] < pos[8]);

    sg_diags d = {0};
    assert_int_equal(graph_check(&g, &d), 0);
    assert_int_equal(sg_diags_count(&d, SG_DIAG_NOTE), 0);
    sg_diags_free(&d);
    graph_free(&g);
}

static void test_read_errors(void **state)
{
    (void)state;
    sg_graph g;
    sg_err e;
    assert_int_equal(read_text("digraph SAM {\n 1 -> 2 [label=\"x\"\n}\n", &g, &e), -1);
    assert_non_null(strstr(e.msg, "t.gv:3: DOT syntax error"));
    assert_int_equal(e.code, SG_EXIT_USAGE);
    assert_int_equal(read_text("", &g, &e), -1);
    assert_non_null(strstr(e.msg, "no complete DOT graph"));
    assert_int_equal(read_text("digraph { }\ndigraph { }\n", &g, &e), -1);
    assert_non_null(strstr(e.msg, "t.gv:1: text after the end"));
    char *s = subst("    6 [comment=\"type=mul\" type=\"mul\"]", "    x6 [type=\"mul\"]");
    assert_int_equal(read_text(s, &g, &e), -1);
    assert_non_null(strstr(e.msg, "not a decimal number"));
    free(s);
    s = subst("index=\"i\" tensor=\"b\" mode=\"0\"", "index=\"ij\" tensor=\"b\" mode=\"0\"");
    assert_int_equal(read_text(s, &g, &e), -1);
    assert_non_null(strstr(e.msg, "t.gv:3: node 1: index 'ij'"));
    free(s);
    /* A name that would read back from the node comment as other keys. */
    s = subst("index=\"i\" tensor=\"b\" mode=\"0\"",
              "index=\"i\" tensor=\"b,index=j\" mode=\"0\"");
    assert_int_equal(read_text(s, &g, &e), -1);
    assert_non_null(strstr(e.msg, "t.gv:3: node 1: tensor 'b,index=j' has a character"));
    free(s);
    s = subst("5 -> 6 [label=\"val\" type=\"val\"]", "5 -> 6 [label=\"v\" type=\"value\"]");
    assert_int_equal(read_text(s, &g, &e), -1);
    assert_non_null(strstr(e.msg, "t.gv:20: edge 5 -> 6: unknown stream type"));
    free(s);
    s = subst("x=s0,b=s0,c=s0", "x=s0,b=q0,c=s0");
    assert_int_equal(read_text(s, &g, &e), -1);
    assert_non_null(strstr(e.msg, "t.gv:2: graph comment: tensor b has bad format"));
    free(s);
    /* Running twice in one process gives the same answer (no stale
     * parser state). */
    for (int k = 0; k < 2; k++) {
        assert_int_equal(read_text("digraph {\n\n 1 -> ; }\n", &g, &e), -1);
        assert_non_null(strstr(e.msg, "t.gv:3:"));
    }
    assert_int_equal(read_text(base, &g, &e), 0);
    graph_free(&g);
    assert_int_equal(graph_read("/nonexistent/x.gv", &g, &e), -1);
    assert_non_null(strstr(e.msg, "/nonexistent/x.gv"));
}

/* Where the graph ends is where cgraph's scanner ends it: '#' comments
 * anywhere on a line, HTML strings outside attribute lists.  Were the two to
 * disagree, cgraph would keep the rest of the text and every later read in
 * the process would fail, so each case is followed by a good read. */
static void test_read_graph_end(void **state)
{
    (void)state;
    sg_graph g;
    sg_err e;
    /* The quote is inside a comment: the graph ends at line 2's brace. */
    assert_int_equal(read_text("digraph {#\" ]\n}\"}", &g, &e), -1);
    assert_non_null(strstr(e.msg, "t.gv:2: text after the end"));
    assert_int_equal(read_text(base, &g, &e), 0);
    graph_free(&g);
    char *s = subst("    6 -> 8 [label=\"val\" type=\"val\"]",
                    "    6 -> 8 [label=\"val\" type=\"val\"] # \"}\n");
    assert_int_equal(read_text(s, &g, &e), 0);
    assert_int_equal(g.n_edges, 10);
    graph_free(&g);
    free(s);
    assert_int_equal(read_text(base, &g, &e), 0);
    graph_free(&g);
    /* An HTML string holds the brace and the quote. */
    assert_int_equal(read_text("digraph { <\"}> }\n\"}", &g, &e), -1);
    assert_non_null(strstr(e.msg, "t.gv:1: text after the end"));
    assert_int_equal(read_text(base, &g, &e), 0);
    graph_free(&g);
}

/* ---- checks: one violating graph each ---------------------------------- */

static void test_check_unknown_kind(void **state)
{
    (void)state;
    char *s = subst("6 [comment=\"type=mul\" type=\"mul\"]", "6 [type=\"frobnicate\"]");
    long line = 0;
    assert_int_equal(findings(s, SG_DIAG_ERROR, "unknown node type 'frobnicate'", &line), 1);
    assert_int_equal(line, 9);
    free(s);
}

static void test_check_missing_input(void **state)
{
    (void)state;
    char *s = subst("    4 -> 6 [label=\"val\" type=\"val\"]\n", "");
    long line = 0;
    assert_int_equal(findings(s, SG_DIAG_ERROR, "mul 6: input in_val1 is not connected", &line), 1);
    assert_int_equal(line, 9);
    free(s);
}

static void test_check_extra_input(void **state)
{
    (void)state;
    char *s = subst("    6 -> 8 [label=\"val\" type=\"val\"]\n",
                    "    6 -> 8 [label=\"val\" type=\"val\"]\n"
                    "    5 -> 8 [label=\"val\" type=\"val\"]\n");
    long line = 0;
    assert_int_equal(findings(s, SG_DIAG_ERROR, "extra input on port in_val", &line), 1);
    assert_int_equal(line, 23);
    free(s);
    /* A third ALU operand is an input with no port. */
    s = subst("    6 -> 8 [label=\"val\" type=\"val\"]\n",
              "    6 -> 8 [label=\"val\" type=\"val\"]\n"
              "    5 -> 6 [label=\"val\" type=\"val\"]\n");
    assert_int_equal(findings(s, SG_DIAG_ERROR, "no matching input port on mul 6", NULL), 1);
    free(s);
}

static void test_check_stream_type(void **state)
{
    (void)state;
    /* A val stream into the writer's crd port. */
    char *s = subst("3 -> 7 [label=\"crd\" style=dashed type=\"crd\"]",
                    "4 -> 7 [label=\"val\" type=\"val\"]");
    long line = 0;
    assert_int_equal(findings(s, SG_DIAG_ERROR, "a val stream into fiberwrite 7", &line), 1);
    assert_int_equal(line, 17);
    free(s);
}

static void test_check_undeclared_tensor(void **state)
{
    (void)state;
    char *s = subst("x=s0,b=s0,c=s0", "x=s0,b=s0");
    long line = 0;
    assert_int_equal(findings(s, SG_DIAG_ERROR, "tensor c is not declared", &line), 2);
    free(s);
    /* Header format against the scanner: c declared dense. */
    s = subst("x=s0,b=s0,c=s0", "x=s0,b=s0,c=d0");
    assert_int_equal(findings(s, SG_DIAG_ERROR, "level 0 of c is dense", &line), 1);
    assert_int_equal(line, 4);
    free(s);
    s = subst("x=s0,b=s0,c=s0", "x=s0,b=ss01,c=s0");
    assert_int_equal(findings(s, SG_DIAG_ERROR, "tensor b", NULL), 0);
    free(s);
}

static void test_check_cycle(void **state)
{
    (void)state;
    char *s = subst("    6 -> 8 [label=\"val\" type=\"val\"]\n",
                    "    6 -> 8 [label=\"val\" type=\"val\"]\n"
                    "    6 -> 10 [label=\"val\" type=\"val\"]\n"
                    "    10 -> 6 [label=\"val\" type=\"val\"]\n");
    s = realloc(s, strlen(s) + 200);
    /* node 10: an add fed by the mul and feeding it back */
    char *p = strstr(s, "    7 [");
    memmove(p + 35, p, strlen(p) + 1);
    memcpy(p, "    10 [type=\"add\"]               \n", 35);
    long line = 0;
    assert_int_equal(findings(s, SG_DIAG_ERROR, "is on a cycle", &line), 1);
    free(s);
}

static void test_check_index_mismatch(void **state)
{
    (void)state;
    char *s = subst("3 [comment=\"type=intersect,index=i\" type=\"intersect\" index=\"i\"]",
                    "3 [comment=\"type=intersect,index=j\" type=\"intersect\" index=\"j\"]");
    long line = 0;
    assert_int_equal(findings(s, SG_DIAG_ERROR, "over index i, expected j", &line), 4);
    /* also the writer fed by the joiner's crd */
    assert_int_equal(findings(s, SG_DIAG_ERROR, "fiberwrite 7", NULL), 1);
    free(s);
}

static void test_check_unread_output(void **state)
{
    (void)state;
    char *s = subst("    3 -> 5 [label=\"ref_out-c\" style=bold type=\"ref\" comment=\"out-c\"]\n", "");
    long line = 0;
    assert_int_equal(findings(s, SG_DIAG_NOTE, "intersect 3 (i): output out_ref1 is not read", &line), 1);
    assert_int_equal(line, 6);
    /* ... and arrayvals 5 now misses its input: an error */
    assert_int_equal(findings(s, SG_DIAG_ERROR, "arrayvals 5 (c): input in_ref", NULL), 1);
    free(s);
}

static void test_check_unsupported_rtl(void **state)
{
    (void)state;
    char *s = subst("6 [comment=\"type=mul\" type=\"mul\"]", "6 [type=\"fp_mul\"]");
    assert_int_equal(findings(s, SG_DIAG_ERROR, NULL, NULL), 0);
    assert_int_equal(findings(s, SG_DIAG_UNSUPPORTED_RTL, "fp_mul 6", NULL), 1);
    free(s);
    assert_int_equal(findings(base, SG_DIAG_UNSUPPORTED_RTL, NULL, NULL), 0);
}

static void test_ports_by_tag(void **state)
{
    (void)state;
    /* crddrop/crdhold/spacc ports follow index tags, not label words: the
     * label says "inner" but the tag j is crddrop 2's outer. */
    const char *t =
        "digraph SAM {\n comment=\"X=ss01,B=ss01\"\n"
        " 1 [type=\"fiberlookup\" index=\"j\" tensor=\"B\" mode=\"1\" format=\"compressed\" root=\"false\"]\n"
        " 2 [type=\"crddrop\" outer=\"j\" inner=\"k\"]\n"
        " 3 [type=\"crddrop\" outer=\"i\" inner=\"j\"]\n"
        " 4 [type=\"spaccumulator\" order=\"1\" in0=\"j\" in1=\"i\"]\n"
        " 5 [type=\"crdhold\" outer=\"i\" inner=\"vals\" vals=\"true\"]\n"
        " 2 -> 3 [label=\"crd_inner-j\" type=\"crd\" comment=\"outer-j\"]\n"
        " 1 -> 3 [label=\"crd_x\" type=\"crd\" comment=\"outer_i\"]\n"
        " 1 -> 4 [label=\"crd_inner-k\" type=\"crd\" comment=\"inner-k\"]\n"
        " 1 -> 4 [label=\"crd_outer-i\" type=\"crd\" comment=\"outer-i\"]\n"
        " 1 -> 4 [label=\"crd_inner-j\" type=\"crd\" comment=\"inner-j\"]\n"
        " 4 -> 5 [label=\"val\" type=\"val\"]\n"
        "}\n";
    sg_graph g;
    sg_err e;
    assert_int_equal(read_text(t, &g, &e), 0);
    assert_int_equal(g.edges[0].src_port, 0);   /* out of 2's outer */
    assert_int_equal(g.edges[0].dst_port, 1);   /* into 3's inner */
    assert_int_equal(g.edges[1].dst_port, 0);   /* typo outer_i still i */
    assert_int_equal(g.edges[2].dst_port, 3);   /* reduced index k */
    assert_int_equal(g.edges[3].dst_port, 0);
    assert_int_equal(g.edges[4].dst_port, 1);
    assert_int_equal(g.edges[5].src_port, 2);
    assert_int_equal(g.edges[5].dst_port, 1);   /* value into inner=vals */
    assert_int_equal(g.nodes[node_of(&g, 4)].n_in, 4);
    assert_int_equal(g.nodes[node_of(&g, 5)].inner, 'v');
    graph_free(&g);
}

static void test_alu_variants(void **state)
{
    (void)state;
    const char *t =
        "digraph SAM {\n comment=\"x=s0\"\n"
        " 1 [type=\"add\" sub=\"1\"]\n 2 [type=\"mul\" in2=\"0.2\"]\n"
        " 3 [type=\"max\"]\n 4 [type=\"smax\" const0=\"0\"]\n 5 [type=\"fp_exp\"]\n"
        " 6 [type=\"reduce\", fp=\"true\"]\n"
        " 1 -> 2 [type=\"val\"]\n 2 -> 3 [type=\"val\"]\n 3 -> 4 [type=\"val\"]\n"
        " 4 -> 5 [type=\"val\"]\n 5 -> 6 [type=\"val\"]\n}\n";
    sg_graph g;
    sg_err e;
    assert_int_equal(read_text(t, &g, &e), 0);
    assert_int_equal(g.nodes[0].op, SG_ALU_SUB);
    assert_int_equal(g.nodes[0].n_in, 2);
    assert_int_equal(g.nodes[1].op, SG_ALU_SMUL);
    assert_string_equal(g.nodes[1].cnst_text, "0.2");
    assert_int_equal(g.nodes[1].n_in, 1);
    assert_int_equal(g.nodes[2].op, SG_ALU_SMAX);   /* one-input max */
    assert_int_equal(g.nodes[2].cnst, 0);
    assert_int_equal(g.nodes[3].op, SG_ALU_SMAX);
    assert_int_equal(g.nodes[4].op, SG_ALU_FP_EXP);
    assert_int_equal(g.nodes[4].n_in, 1);
    assert_true(g.nodes[5].fp);
    graph_free(&g);
}

/* ---- writer ------------------------------------------------------------- */

static void assert_same_graph(const sg_graph *a, const sg_graph *b)
{
    assert_int_equal(a->n_nodes, b->n_nodes);
    assert_int_equal(a->n_edges, b->n_edges);
    assert_int_equal(a->n_tensors, b->n_tensors);
    assert_string_equal(a->index_order, b->index_order);
    for (int i = 0; i < a->n_tensors; i++)
        assert_memory_equal(&a->tensors[i], &b->tensors[i], sizeof a->tensors[i]);
    for (size_t i = 0; i < a->n_nodes; i++) {
        sg_node x = a->nodes[i], y = b->nodes[i];
        x.line = y.line = 0;
        if (!x.type[0])
            snprintf(x.type, sizeof x.type, "%s", graph_node_type(&x));
        assert_memory_equal(&x, &y, sizeof x);
    }
    for (size_t i = 0; i < a->n_edges; i++) {
        const sg_edge *x = &a->edges[i], *y = &b->edges[i];
        assert_int_equal(x->src, y->src);
        assert_int_equal(x->dst, y->dst);
        assert_int_equal(x->src_port, y->src_port);
        assert_int_equal(x->dst_port, y->dst_port);
        assert_int_equal(x->type, y->type);
    }
}

static int round_trip(const sg_graph *g, const char *dir)
{
    char path[512];
    snprintf(path, sizeof path, "%s/rt.gv", dir);
    sg_err e;
    sg_err_clear(&e);
    if (graph_write_dot(g, path, &e) < 0)
        fail_msg("write: %s", e.msg);
    sg_graph h;
    if (graph_read(path, &h, &e) < 0)
        fail_msg("re-read: %s", e.msg);
    assert_same_graph(g, &h);
    graph_free(&h);
    unlink(path);
    return 0;
}

static void test_write_round_trip_base(void **state)
{
    (void)state;
    char dir[] = "/tmp/sg_graph_testXXXXXX";
    assert_non_null(mkdtemp(dir));
    sg_graph g;
    sg_err e;
    assert_int_equal(read_text(base, &g, &e), 0);
    round_trip(&g, dir);
    graph_free(&g);
    rmdir(dir);
}

/* Labels with backslashes and quotes read back as they were: a backslash
 * pair stays a pair, a quote is escaped, and a label cut to fit never ends
 * in half a pair (which would escape the closing quote). */
static void test_write_backslashes(void **state)
{
    (void)state;
    char bs70[80];
    memset(bs70, '\\', 70);
    bs70[70] = 0;
    char lab[160];
    snprintf(lab, sizeof lab, "    6 -> 8 [label=\"%s\" type=\"val\"]", bs70);
    const char *cases[] = {
        "    6 -> 8 [label=\"v\\\\al\\\\\" type=\"val\"]",   /* v\\al\\ */
        "    6 -> 8 [label=\"a\\\\\\\"b\" type=\"val\"]",    /* a\\"b */
        "    6 -> 8 [label=\"x\\ny\\\\\" type=\"val\"]",     /* x\ny\\ */
        lab,
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        char *s = subst("    6 -> 8 [label=\"val\" type=\"val\"]", cases[k]);
        sg_graph g, h;
        sg_err e;
        if (read_text(s, &g, &e) < 0)
            fail_msg("case %zu: %s", k, e.msg);
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        assert_non_null(f);
        assert_int_equal(graph_write_dot_stream(&g, f), 0);
        fclose(f);
        sg_err_clear(&e);
        if (graph_read_mem(buf, len, "rt.gv", &h, &e) < 0)
            fail_msg("case %zu: written graph does not read back: %s", k, e.msg);
        assert_same_graph(&g, &h);
        for (size_t i = 0; i < g.n_edges; i++)
            assert_string_equal(g.edges[i].label, h.edges[i].label);
        if (k == 3)     /* 70 backslashes cut to 31 pairs */
            assert_int_equal(strlen(g.edges[9].label), 62);
        graph_free(&g);
        graph_free(&h);
        free(buf);
        free(s);
    }
}

/* A graph built in memory (no labels or comments on edges): the writer
 * must add the tags that bind the same ports. */
static void test_write_built_graph(void **state)
{
    (void)state;
    sg_graph g;
    memset(&g, 0, sizeof g);
    g.n_tensors = 3;
    const char *tn[3] = {"x", "B", "c"};
    for (int i = 0; i < 3; i++) {
        snprintf(g.tensors[i].name, SG_NAME_MAX, "%s", tn[i]);
        g.tensors[i].fmt.order = 1;
        g.tensors[i].fmt.level[0] = 's';
    }
    g.tensors[0].is_output = 1;
    sg_node n;
    int id = 0;
    graph_node_init(&n, SG_NK_FIBERLOOKUP);
    n.id = id++; n.index = 'i'; n.mode = 0; n.format = 's'; n.root = 1;
    strcpy(n.tensor, "c");
    int sc = graph_add_node(&g, &n);
    strcpy(n.tensor, "B"); n.id = id++;
    int sb = graph_add_node(&g, &n);
    graph_node_init(&n, SG_NK_UNION);
    n.id = id++; n.index = 'i'; n.n_operands = 2;
    strcpy(n.operand[0], "B"); strcpy(n.operand[1], "c");
    int un = graph_add_node(&g, &n);
    graph_node_init(&n, SG_NK_CRDDROP);
    n.id = id++; n.outer = 'i'; n.inner = 'v';
    int dr = graph_add_node(&g, &n);
    graph_node_init(&n, SG_NK_ALU);
    n.id = id++; n.op = SG_ALU_SUB;
    int al = graph_add_node(&g, &n);
    graph_node_init(&n, SG_NK_ARRAYVALS);
    n.id = id++; strcpy(n.tensor, "B");
    int ab = graph_add_node(&g, &n);
    n.id = id++; strcpy(n.tensor, "c");
    int ac = graph_add_node(&g, &n);
    graph_node_init(&n, SG_NK_BROADCAST);
    n.id = id++;
    int bc = graph_add_node(&g, &n);
    struct { int s, sp, d, dp; sg_stream_kind t; } es[] = {
        {sc, 0, un, 2, SG_ST_CRD}, {sc, 1, un, 3, SG_ST_REF},
        {sb, 0, un, 0, SG_ST_CRD}, {sb, 1, un, 1, SG_ST_REF},
        {un, 1, ab, 0, SG_ST_REF}, {un, 2, ac, 0, SG_ST_REF},
        {ab, 0, al, 0, SG_ST_VAL}, {ac, 0, al, 1, SG_ST_VAL},
        {al, 0, bc, 0, SG_ST_VAL}, {bc, 0, dr, 1, SG_ST_VAL},
        {un, 0, dr, 0, SG_ST_CRD},
    };
    for (size_t i = 0; i < sizeof es / sizeof es[0]; i++) {
        sg_edge e;
        memset(&e, 0, sizeof e);
        e.src = es[i].s; e.src_port = es[i].sp;
        e.dst = es[i].d; e.dst_port = es[i].dp;
        e.type = es[i].t;
        graph_add_edge(&g, &e);
    }
    assert_int_equal(g.nodes[bc].stream, SG_ST_VAL);
    assert_int_equal(g.nodes[bc].n_out, 1);
    assert_int_equal(g.nodes[al].n_in, 2);
    graph_derive_index_order(&g);
    assert_string_equal(g.index_order, "i");
    char dir[] = "/tmp/sg_graph_testXXXXXX";
    assert_non_null(mkdtemp(dir));
    round_trip(&g, dir);
    rmdir(dir);
    graph_free(&g);
}

/* ---- shared graphs ------------------------------------------------------ */

/* Paths of the .gv files in $SHARED/graphs/<set>; NULL when
 * the directory is absent. */
static char **shared_graphs(const char *set, size_t *n)
{
    const char *sh = getenv("SHARED");
    *n = 0;
    char dir[1024];
    if (!sh || !*sh)
        return NULL;
    snprintf(dir, sizeof dir, "%s/graphs/%s", sh, set);
    DIR *d = opendir(dir);
    if (!d)
        return NULL;
    char **v = NULL;
    size_t cap = 0;
    struct dirent *de;
    while ((de = readdir(d))) {
        size_t l = strlen(de->d_name);
        if (l < 4 || strcmp(de->d_name + l - 3, ".gv") != 0)
            continue;
        if (*n == cap) {
            cap = cap ? 2 * cap : 64;
            v = realloc(v, cap * sizeof *v);
        }
        v[*n] = malloc(strlen(dir) + l + 2);
        sprintf(v[*n], "%s/%s", dir, de->d_name);
        (*n)++;
    }
    closedir(d);
    return v;
}

static int cmp_pstr(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static char **shared_or_skip(const char *set, size_t *n)
{
    char **v = shared_graphs(set, n);
    if (!v || *n == 0) {
        free(v);
        print_message("SKIP: $SHARED/graphs/%s not found (set SHARED to the shared data directory)\n", set);
        skip();
    }
    qsort(v, *n, sizeof *v, cmp_pstr);
    return v;
}

static void free_list(char **v, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(v[i]);
    free(v);
}

static void test_shared_custard(void **state)
{
    (void)state;
    size_t n;
    char **v = shared_or_skip("custard", &n);
    assert_int_equal(n, 49);
    char dir[] = "/tmp/sg_graph_testXXXXXX";
    assert_non_null(mkdtemp(dir));
    for (size_t i = 0; i < n; i++) {
        sg_graph g;
        sg_err e;
        sg_err_clear(&e);
        if (graph_read(v[i], &g, &e) < 0)
            fail_msg("%s", e.msg);
        sg_diags d = {0};
        int errs = graph_check(&g, &d);
        for (size_t k = 0; k < d.n && errs; k++)
            if (d.d[k].sev == SG_DIAG_ERROR)
                print_error("%s:%ld: %s\n", v[i], d.d[k].line, d.d[k].msg);
        assert_int_equal(errs, 0);
        assert_true(strlen(g.index_order) >= 1);
        round_trip(&g, dir);
        sg_diags_free(&d);
        graph_free(&g);
    }
    rmdir(dir);
    free_list(v, n);
}

static void test_shared_onyx_opal(void **state)
{
    (void)state;
    const char *sets[] = {"onyx", "opal"};
    size_t total = 0;
    for (int s = 0; s < 2; s++) {
        size_t n;
        char **v = shared_or_skip(sets[s], &n);
        for (size_t i = 0; i < n; i++) {
            sg_graph g;
            sg_err e;
            sg_err_clear(&e);
            if (graph_read(v[i], &g, &e) < 0)
                fail_msg("%s", e.msg);
            sg_diags d = {0};
            graph_check(&g, &d);       /* must not crash; errors allowed */
            sg_diags_free(&d);
            graph_free(&g);
        }
        total += n;
        free_list(v, n);
    }
    assert_int_equal(total, 63);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read_base),
        cmocka_unit_test(test_read_errors),
        cmocka_unit_test(test_read_graph_end),
        cmocka_unit_test(test_check_unknown_kind),
        cmocka_unit_test(test_check_missing_input),
        cmocka_unit_test(test_check_extra_input),
        cmocka_unit_test(test_check_stream_type),
        cmocka_unit_test(test_check_undeclared_tensor),
        cmocka_unit_test(test_check_cycle),
        cmocka_unit_test(test_check_index_mismatch),
        cmocka_unit_test(test_check_unread_output),
        cmocka_unit_test(test_check_unsupported_rtl),
        cmocka_unit_test(test_ports_by_tag),
        cmocka_unit_test(test_alu_variants),
        cmocka_unit_test(test_write_round_trip_base),
        cmocka_unit_test(test_write_backslashes),
        cmocka_unit_test(test_write_built_graph),
        cmocka_unit_test(test_shared_custard),
        cmocka_unit_test(test_shared_onyx_opal),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
