/*
 * graph_test.c - the DOT reader, the port binding and the checks.
 *
 * Small graphs are written here as text (the valid x(i) = b(i)*c(i) kernel
 * of graph_test_base.h and one mutation of it per check).  The writer and
 * the shared Custard/Onyx/Opal graphs are tested in graph_write_test.c.
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
#include "front/graph_test_base.h"

static int node_of(const sg_graph *g, int id)
{
    int i = sg_graph_find_node(g, id);
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
    sg_graph_check(&g, &d);
    int n = 0;
    for (size_t i = 0; i < d.n; i++)
        if (d.d[i].sev == sev && (!needle || strstr(d.d[i].msg, needle))) {
            n++;
            if (line)
                *line = d.d[i].line;
        }
    sg_diags_free(&d);
    sg_graph_free(&g);
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
    assert_int_equal(sg_graph_in_edge(&g, node_of(&g, 6), 1),
                     (int)(edge_of(&g, 4, 6, SG_ST_VAL) - g.edges));

    char b[48];
    assert_string_equal(sg_graph_port_name(j, 1, 3, b), "in_ref1");
    assert_string_equal(sg_graph_port_name(j, 0, 2, b), "out_ref1");
    assert_string_equal(sg_graph_port_name(n1, 0, 0, b), "out_crd");
    assert_int_equal(sg_graph_port_kind(j, 1, 3), SG_ST_REF);

    int order[8];
    assert_int_equal(sg_graph_topo_order(&g, order), 0);
    int pos[16] = {0};
    for (int i = 0; i < 8; i++)
        pos[g.nodes[order[i]].id] = i;
    assert_true(pos[1] < pos[3] && pos[3] < pos[4] && pos[6] < pos[8]);

    sg_diags d = {0};
    assert_int_equal(sg_graph_check(&g, &d), 0);
    assert_int_equal(sg_diags_count(&d, SG_DIAG_NOTE), 0);
    sg_diags_free(&d);
    sg_graph_free(&g);
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
    /* split tensors: the tile sizes must match the format's order */
    static const char *const bad_tiles[] = {"s0/tile=4", "ss01/tile=0", "ss01/tile=4x4",
                                            "ss01/tiles=4", "ss01/tile=", "ss01/tile=4y"};
    for (size_t k = 0; k < sizeof bad_tiles / sizeof bad_tiles[0]; k++) {
        char to[64];
        snprintf(to, sizeof to, "x=s0,b=%s,c=s0", bad_tiles[k]);
        s = subst("x=s0,b=s0,c=s0", to);
        assert_int_equal(read_text(s, &g, &e), -1);
        assert_non_null(strstr(e.msg, "t.gv:2: graph comment: tensor b has bad tiles"));
        free(s);
    }
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
    sg_graph_free(&g);
    assert_int_equal(sg_graph_read("/nonexistent/x.gv", &g, &e), -1);
    assert_non_null(strstr(e.msg, "/nonexistent/x.gv"));
}

/* A node given by two statements: cgraph would merge them, the later
 * attributes silently winning.  Different attributes are an error naming
 * the later line, the node and the attribute; the same attributes (in any
 * order, spelling or number of lists) are accepted. */
static void test_read_repeated_node(void **state)
{
    (void)state;
    static const char mul[] = "    6 [comment=\"type=mul\" type=\"mul\"]\n";
    static const struct { const char *again, *msg; } bad[] = {
        {"    6 [type=\"add\"]\n",
         "t.gv:10: node 6 is given again with different attributes: type is \"add\" here, \"mul\" on line 9"},
        {"    6 [comment=\"type=mul\" type=\"mul\" label=\"Mul\"]\n",
         "t.gv:10: node 6 is given again with different attributes: label is set here, not on line 9"},
        {"    6 [type=\"mul\"]\n",
         "t.gv:10: node 6 is given again with different attributes: comment is set on line 9, not here"},
        {"    6 [type=mul] [comment=\"type=add\"]\n",
         "t.gv:10: node 6 is given again with different attributes: comment is \"type=add\" here, \"type=mul\" on line 9"},
    };
    sg_graph g;
    sg_err e;
    char again[256];
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        snprintf(again, sizeof again, "%s%s", mul, bad[k].again);
        char *s = subst(mul, again);
        assert_int_equal(read_text(s, &g, &e), -1);
        assert_string_equal(e.msg, bad[k].msg);
        assert_int_equal(e.code, SG_EXIT_USAGE);
        free(s);
    }
    static const char *const same[] = {
        "    6 [comment=\"type=mul\" type=\"mul\"]\n",
        "    6 [type=mul, comment=\"type=mul\"]\n",
        "    6 [type=\"mul\"] [comment=\"type=mul\"];\n",
        "    6 [type=\"add\" comment=\"type=mul\" type=\"mul\"]\n",
    };
    for (size_t k = 0; k < sizeof same / sizeof same[0]; k++) {
        snprintf(again, sizeof again, "%s%s", mul, same[k]);
        char *s = subst(mul, again);
        assert_int_equal(read_text(s, &g, &e), 0);
        assert_int_equal(g.n_nodes, 8);
        assert_int_equal(g.nodes[sg_graph_find_node(&g, 6)].op, SG_ALU_MUL);
        sg_graph_free(&g);
        free(s);
    }
    /* A node named in edges only, or in an edge and one statement, is no
     * repeat. */
    assert_int_equal(read_text(base, &g, &e), 0);
    sg_graph_free(&g);
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
    sg_graph_free(&g);
    char *s = subst("    6 -> 8 [label=\"val\" type=\"val\"]",
                    "    6 -> 8 [label=\"val\" type=\"val\"] # \"}\n");
    assert_int_equal(read_text(s, &g, &e), 0);
    assert_int_equal(g.n_edges, 10);
    sg_graph_free(&g);
    free(s);
    assert_int_equal(read_text(base, &g, &e), 0);
    sg_graph_free(&g);
    /* An HTML string holds the brace and the quote. */
    assert_int_equal(read_text("digraph { <\"}> }\n\"}", &g, &e), -1);
    assert_non_null(strstr(e.msg, "t.gv:1: text after the end"));
    assert_int_equal(read_text(base, &g, &e), 0);
    sg_graph_free(&g);
}

/* ---- checks: one violating graph each ---------------------------------- */

/* base with old replaced by new_ has n findings of sev whose message
 * contains needle, the last one at line (0: any line). */
static void expect_findings(const char *old, const char *new_, sg_diag_sev sev,
                            const char *needle, int n, long line)
{
    char *s = subst(old, new_);
    long at = 0;
    assert_int_equal(findings(s, sev, needle, &at), n);
    if (line)
        assert_int_equal(at, line);
    free(s);
}

static void test_check_unknown_kind(void **state)
{
    (void)state;
    expect_findings("6 [comment=\"type=mul\" type=\"mul\"]", "6 [type=\"frobnicate\"]",
                    SG_DIAG_ERROR, "unknown node type 'frobnicate'", 1, 9);
}

static void test_check_missing_input(void **state)
{
    (void)state;
    expect_findings("    4 -> 6 [label=\"val\" type=\"val\"]\n", "",
                    SG_DIAG_ERROR, "mul 6: input in_val1 is not connected", 1, 9);
}

static void test_check_extra_input(void **state)
{
    (void)state;
    expect_findings("    6 -> 8 [label=\"val\" type=\"val\"]\n",
                    "    6 -> 8 [label=\"val\" type=\"val\"]\n"
                    "    5 -> 8 [label=\"val\" type=\"val\"]\n",
                    SG_DIAG_ERROR, "extra input on port in_val", 1, 23);
    /* A third ALU operand is an input with no port. */
    expect_findings("    6 -> 8 [label=\"val\" type=\"val\"]\n",
                    "    6 -> 8 [label=\"val\" type=\"val\"]\n"
                    "    5 -> 6 [label=\"val\" type=\"val\"]\n",
                    SG_DIAG_ERROR, "no matching input port on mul 6", 1, 0);
}

static void test_check_stream_type(void **state)
{
    (void)state;
    /* A val stream into the writer's crd port. */
    expect_findings("3 -> 7 [label=\"crd\" style=dashed type=\"crd\"]",
                    "4 -> 7 [label=\"val\" type=\"val\"]",
                    SG_DIAG_ERROR, "a val stream into fiberwrite 7", 1, 17);
}

static void test_check_undeclared_tensor(void **state)
{
    (void)state;
    expect_findings("x=s0,b=s0,c=s0", "x=s0,b=s0", SG_DIAG_ERROR,
                    "tensor c is not declared", 2, 0);
    /* Header format against the scanner: c declared dense. */
    expect_findings("x=s0,b=s0,c=s0", "x=s0,b=s0,c=d0", SG_DIAG_ERROR,
                    "level 0 of c is dense", 1, 4);
    expect_findings("x=s0,b=s0,c=s0", "x=s0,b=ss01,c=s0", SG_DIAG_ERROR, "tensor b", 0, 0);
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
    /* fp_mul, fp_div and fp_exp are the RTL's mul, div and exp in a real
     * value type; a locator is sam_locate */
    char *s = subst("6 [comment=\"type=mul\" type=\"mul\"]", "6 [type=\"fp_mul\"]");
    assert_int_equal(findings(s, SG_DIAG_ERROR, NULL, NULL), 0);
    assert_int_equal(findings(s, SG_DIAG_UNSUPPORTED_RTL, NULL, NULL), 0);
    free(s);
    s = subst("6 [comment=\"type=mul\" type=\"mul\"]", "6 [type=\"fp_div\"]");
    assert_int_equal(findings(s, SG_DIAG_ERROR, NULL, NULL), 0);
    assert_int_equal(findings(s, SG_DIAG_UNSUPPORTED_RTL, NULL, NULL), 0);
    free(s);
    s = subst("6 [comment=\"type=mul\" type=\"mul\"]", "6 [type=\"div\"]");
    assert_int_equal(findings(s, SG_DIAG_UNSUPPORTED_RTL, NULL, NULL), 0);
    free(s);
    s = subst("6 [comment=\"type=mul\" type=\"mul\"]", "6 [type=\"fp_exp\"]");
    assert_int_equal(findings(s, SG_DIAG_UNSUPPORTED_RTL, NULL, NULL), 0);
    free(s);
    s = subst("6 [comment=\"type=mul\" type=\"mul\"]", "6 [type=\"locate\"]");
    assert_int_equal(findings(s, SG_DIAG_UNSUPPORTED_RTL, NULL, NULL), 0);
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
    sg_graph_free(&g);
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
    sg_graph_free(&g);
}

/* reduce empty=skip|zero: read, written back, and an unknown value is an
 * error naming the line and the node. */
static void test_reduce_empty(void **state)
{
    (void)state;
    const char *t =
        "digraph SAM {\n comment=\"x=s0\"\n"
        " 1 [comment=\"type=reduce,empty=skip\"]\n 2 [type=\"reduce\" empty=\"zero\"]\n"
        " 3 [type=\"reduce\"]\n"
        " 1 -> 2 [type=\"val\"]\n 2 -> 3 [type=\"val\"]\n}\n";
    sg_graph g;
    sg_err e;
    assert_int_equal(read_text(t, &g, &e), 0);
    assert_int_equal(g.nodes[0].skip_empty, 1);
    assert_int_equal(g.nodes[1].skip_empty, 0);
    assert_int_equal(g.nodes[2].skip_empty, 0);
    size_t len;
    char *buf = write_text(&g, &len);
    assert_non_null(strstr(buf, "comment=\"type=reduce,empty=skip\""));
    assert_non_null(strstr(buf, "comment=\"type=reduce\""));   /* zero: the default */
    assert_null(strstr(buf, "empty=\"zero\""));
    sg_graph g2;
    assert_int_equal(read_text(buf, &g2, &e), 0);
    assert_int_equal(g2.nodes[0].skip_empty, 1);
    assert_int_equal(g2.nodes[1].skip_empty, 0);
    sg_graph_free(&g2);
    free(buf);
    sg_graph_free(&g);
    const char *bad =
        "digraph SAM {\n comment=\"x=s0\"\n 1 [type=\"reduce\" empty=\"none\"]\n}\n";
    assert_int_equal(read_text(bad, &g, &e), -1);
    assert_int_equal(e.code, SG_EXIT_USAGE);
    assert_non_null(strstr(e.msg, "t.gv:3: node 1: unknown empty='none' (zero or skip)"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_read_base),
        cmocka_unit_test(test_read_errors),
        cmocka_unit_test(test_reduce_empty),
        cmocka_unit_test(test_read_graph_end),
        cmocka_unit_test(test_read_repeated_node),
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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
