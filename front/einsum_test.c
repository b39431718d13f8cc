/*
 * einsum_test.c - tests of the einsum front end (front/einsum*.c): input
 * and structure.
 *
 * - Bad input: every error is one line with the column, code 2.
 * - Structure: node counts per kind of known kernels (against Custard's
 *   graphs with $SHARED), spaccumulator order and crdhold/crddrop
 *   placement, and the DOT round trip (write, read back, same nodes and
 *   port bindings).
 *
 * What the compiled graphs compute is tested in einsum_golden_test.c.
 * Sections: helpers; bad input; structure; Custard kernels.
 */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <cmocka.h>

#include "core/test_util.h"
#include "graph/graph.h"
#include "golden/golden.h"
#include "front/dot.h"
#include "front/einsum_test_lines.h"

/* ---- helpers ------------------------------------------------------------- */

static int count_kind(const sg_graph *g, sg_node_kind k)
{
    int n = 0;
    for (size_t i = 0; i < g->n_nodes; i++)
        n += g->nodes[i].kind == k;
    return n;
}

/* ---- bad input ------------------------------------------------------------ */

typedef struct bad_case {
    const char *line;      /* TACO-style command line */
    const char *needle;    /* must appear in the message */
} bad_case;

static const bad_case bad_cases[] = {
    /* unknown tensor in a format flag */
    {"X(i,j)=B(i,j) -f=Y:ss", "format '=Y:ss', column 2: unknown tensor 'Y'"},
    {"X(i,j)=B(i,j) -fY:ss", "format 'Y:ss', column 1: unknown tensor 'Y'"},
    /* an index in two dimension roles */
    {"X(i,j)=B(i,j)*B(j,i)", "column 15: 'B' is used as B(i,j) at column 8"},
    {"x(i)=B(i,i)", "column 10: index 'i' used for two modes of 'B'"},
    /* loop orders */
    {"X(i,j)=B(i,k)*C(k,j) -s=reorder(i,j)", "'=reorder(i,j)', column 13: the loop order misses index 'k'"},
    {"X(i,j)=B(i,k)*C(k,j) -sreorder(i,q,k,j)", "column 11: 'q' is not an index variable"},
    {"X(i,j)=B(i,k)*C(k,j) -sreorder(i,i,k,j)", "column 11: index 'i' appears twice"},
    {"X(i,j)=B(i,k)*C(k,j) -sorder(i,j,k)", "column 1: expected reorder(i,j,...), locate(i,...), intersect(i,...), split(i,I,i,T), workspace(X,dense|sorted|hash[,N]), bitvector(W) or parallelize(i,L)"},
    {"x(i)=b(i)*c(i) -fb:b -sbitvector(3)", "expected bitvector(W): W a power of two from 1 to 64"},
    {"x(i)=b(i)*c(i) -fx:b", "a bitvector level cannot hold the result"},
    {"x(i)=b(i)*c(i) -fb:b -sbitvector(128)", "expected bitvector(W)"},
    {"x(i)=b(i)*c(i) -fb:b -sbitvector(8) -sbitvector(16)", "a second bitvector(...)"},
    {"X(i,j)=B(i,k)*C(k,j) -sreorder(i,k,j) -sreorder(i,j,k)", "column 1: a second reorder(...) (the loop order is 'ikj')"},
    /* locate and intersect */
    {"x(i)=B(i,j)*c(j) -slocate(j)", "locate(j): no dense operand meets a compressed one at index 'j'"},
    {"x(i)=B(i,j)*c(j) -fc:d -slocate(j) -sintersect(j)", "'intersect(j)', column 11: index 'j' is already located (locate)"},
    {"x(i)=B(i,j)*c(j) -fc:d -sintersect(j) -slocate(j)", "'locate(j)', column 8: index 'j' is already coiterated (intersect)"},
    {"x(i)=B(i,j)*c(j) -slocate(q)", "'locate(q)', column 8: 'q' is not an index variable"},
    /* level capabilities: a hashed level is never iterated, a result level
     * must be assembled */
    {"x(i)=b(i)+c(i) -fc:h", "c's level over index 'i' is hashed (unordered): it can only be located into, and nothing in its product iterates 'i' in order"},
    {"x(i)=b(i) -fb:h", "b's level over index 'i' is hashed (unordered)"},
    {"x(i)=b(i) -fx:h", "format 'x:h', column 3: a hashed level cannot hold the result (the level writers append in order; hashed levels insert)"},
    {"X(k,i,j)=B(k,i,j) -fX:dro", "format 'X:dro', column 4: a range level cannot hold the result (it has neither append nor insert)"},
    {"x(i)=B(i,j)*c(j) -fB:dz", "format 'B:dz', column 4: unknown level format 'z' (s = compressed, d = dense, u = non-unique compressed, q = singleton, r = range, o = offset, h = hashed, b = bitvector)"},
    {"x(i)=B(i,j)*c(j) -fB:rs", "a range level (r) must have an offset level (o) right under it"},
    {"x(i)=B(i,j)*c(j) -slocate(j", "'locate(j', column 9: expected ',' or ')'"},
    {"X(i,j)=B(i,k)*C(k,j) -fB:ss:1,0 -sreorder(i,k,j)", "visits 'i' before 'k', but B stores 'k' above 'i'"},
    /* split */
    {"x(i)=B(i,j)*c(j) -ssplit(q,Q,q,4)", "'split(q,Q,q,4)', column 7: 'q' is not an index variable"},
    {"x(i)=B(i,j)*c(j) -ssplit(j,i,k,4)", "column 9: 'i' is already an index variable"},
    {"x(i)=B(i,j)*c(j) -ssplit(j,J,J,4)", "column 11: the tile coordinate and the coordinate within the tile need two names"},
    {"x(i)=B(i,j)*c(j) -ssplit(j,J,j,0)", "column 13: tile size 0 not in 1..2^40"},
    {"x(i)=B(i,j)*c(j) -ssplit(j,J,j)", "column 12: expected ','"},
    {"x(i)=B(i,j)*c(j) -ssplit(j,J1,j,4)", "column 9: index variables are single letters"},
    {"x(i)=B(i,j)*c(j) -ssplit(j,J,j,4)x", "column 15: unexpected text after split(...)"},
    {"x(i)=B(i,j)*c(j) -ssplit(j,J,j,4) -ssplit(j,M,m,2)", "'j' is a coordinate within a tile (one level of tiling per index)"},
    {"x(i)=B(i,j)*c(j) -ssplit(j,J,j,4) -fB:ss", "'B' has 3 indices but the format gives 2 levels"},
    {"x(i)=A(i,j)*B(j,k)*C(k,l)*D(l,m) -ssplit(i,I,i,2) -ssplit(j,J,j,2) -ssplit(k,K,k,2) -ssplit(l,L,l,2)",
     "'split(l,L,l,2)', column 7: splitting 'l' makes more than 8 index variables"},
    /* syntax */
    {"X(i,j)=B(i,k)*", "column 15: expected a tensor name, found the end"},
    {"X(i,j)=B(i,k", "column 13: expected ',' or ')', found the end"},
    {"X(i,j)B(i,j)", "column 7: expected '=', found 'B'"},
    {"x(i)=B(ij)", "column 8: index variables are single letters"},
    {"x(i)=(b(i)", "column 11: expected '*', '+', '-' or ')' to close the '(' at column 6, found the end"},
    {"x(i)=b(i))", "column 10: expected '*', '+', '-' or the end, found ')'"},
    {"x(i)=()", "column 7: expected a tensor name, found ')'"},
    {"x(i)=(b(i)*c(i)+1)", "column 17: a term without a tensor"},
    {"x(i)=b(i)*(c(i)/d(i))", "column 16: expected '*', '+', '-' or ')' to close the '(' at column 11, found '/'"},
    {"x(i)=(a(i)+b(i)+c(i))*(d(i)+e(i)+f(i))", "column 23: more than 8 terms after expanding the parentheses"},
    {"x(i)=b(i)*(c(i)+d(i)+e(i)+f(i)+g(i)+h(i)+j(i)+k(i)+l(i))", "column 52: more than 8 terms"},
    {"x(i)=(a(i)+b(i))*(c(i)+d(i))*(e(i)+f(i))", "column 12: more than 15 tensor paths ('b' is read once per term it appears in)"},
    {"x(i)=B(i,j)*(c(j)+D(i,k)*e(k))", "the terms at columns 14 and 19 share some but not all reduction indices"},
    {"x(i)=(b(i)+c)*d", "the term at column 12 does not use output index 'i'"},
    {"X(i,j)=(B(i,j)+C(i,j))*(B(j,i)+D(i,j))", "column 25: 'B' is used as B(i,j) at column 9 and as B(j,i) here"},
    {"x(i)=2*(b(i)*11111111111)*11111111111", "column 27: constant too large"},
    {"x(i)=b(i)+3", "column 11: a term without a tensor"},
    {"x(i)=b(i)*2.5", "column 11: constants are integers"},
    /* each constant fits, their product would overflow */
    {"X(i,j)=B(i,j)*11111111111*11111111111", "column 27: constant too large"},
    {"x(i)=b(i)/c(i)", "column 10: expected '*', '+', '-' or the end, found '/'"},
    {"x(i,j)=b(i)", "column 1: output index 'j' does not appear"},
    {"x(i)=x(i)*b(i)", "column 6: the result 'x' also appears"},
    /* formats */
    {"X(i,j)=B(i,j) -fB:sx", "format 'B:sx', column 4: unknown level format 'x'"},
    {"X(i,j)=B(i,j) -fB:sq", "format 'B:sq', column 4: a singleton level (q) must sit under"},
    {"X(i,j,k)=B(i,j,k) -fB:uqs", "column 3: a non-unique level (u) must be the second-last"},
    {"X(i,j)=B(i,j) -fB:s", "format 'B:s', column 3: 'B' has 2 indices but the format gives 1 level"},
    {"X(i,j)=B(i,j) -fB:ss:0,0", "column 8: mode order must be a permutation"},
    /* constructions SAM graphs do not cover */
    {"x(i)=b(i)+c", "does not use output index 'i'"},
    {"X(i,j,k)=B(i,l)*C(l,j,k) -sreorder(i,l,j,k)", "sparse accumulators hold vectors and matrices only"},
};

static void test_bad_input(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof bad_cases / sizeof bad_cases[0]; i++) {
        sg_graph g;
        sg_err e;
        int rc = compile_line(bad_cases[i].line, "bad", &g, &e, NULL);
        if (rc == 0 || e.code != SG_EXIT_USAGE ||
            !strstr(e.msg, bad_cases[i].needle) || strchr(e.msg, '\n')) {
            print_error("case '%s': rc %d code %d msg '%s'\n",
                        bad_cases[i].line, rc, e.code, e.msg);
            fail();
        }
        assert_int_equal(g.n_nodes, 0);    /* nothing left behind */
    }
}

/* ---- structure ------------------------------------------------------------ */

/* Locators: the default where a dense operand meets a compressed one in a
 * product, coiteration with -s intersect(...), nothing located between
 * dense operands or across the terms of a sum. */
static void test_locate(void **state)
{
    (void)state;
    static const struct {
        const char *line;
        int locate, intersect, crddrop;
    } cases[] = {
        /* SpMV with a dense vector: a locate at j, no intersect */
        {"x(i)=B(i,j)*c(j) -fc:d", 1, 0, 0},
        {"x(i)=B(i,j)*c(j) -fc:d -slocate(j)", 1, 0, 0},
        {"x(i)=B(i,j)*c(j) -fc:d -sintersect(j)", 0, 1, 0},
        /* SDDMM with dense C and D: located at i and j, C and D coiterated
         * at k (both dense); coiterated at j, the intersect may leave an
         * i without j, and a crddrop removes it */
        {"X(i,j)=B(i,j)*C(i,k)*D(k,j) -fX:ss -fB:ss -fC:dd -fD:dd:1,0 -sreorder(i,j,k)", 2, 1, 0},
        {"X(i,j)=B(i,j)*C(i,k)*D(k,j) -fX:ss -fB:ss -fC:dd -fD:dd:1,0 -sreorder(i,j,k) "
         "-sintersect(i,j)", 0, 3, 1},
        /* elementwise with a dense operand: no coordinate is dropped, so no
         * crddrop; coiterated, the intersect at j needs one */
        {"X(i,j)=B(i,j)*C(i,j) -fC:dd", 2, 0, 0},
        {"X(i,j)=B(i,j)*C(i,j) -fC:dd -sintersect(i,j)", 0, 2, 1},
        /* a sum: the dense term is unioned, not located */
        {"x(i)=b(i)+c(i) -fc:d", 0, 0, 0},
        /* a hashed operand is located into, even under intersect(...), and
         * also by a dense operand's coordinates */
        {"x(i)=B(i,j)*c(j) -fc:h", 1, 0, 0},
        {"x(i)=B(i,j)*c(j) -fc:h -sintersect(j)", 1, 0, 0},
        {"x(i)=B(i,j)*c(j) -fB:dd -fc:h", 1, 0, 0},
        {"x(i)=b(i)*c(i)*d(i) -fc:h -fd:d", 2, 0, 0},
        /* ELL and DIA operands are iterated: the dense vector is located */
        {"y(i)=B(k,i,j)*x(j) -fB:ddq -fx:d", 1, 0, 0},
        {"y(i)=B(k,i,j)*x(j) -fB:dro -fx:d", 1, 0, 0},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        sg_graph g;
        sg_err e;
        if (compile_line(cases[k].line, "loc", &g, &e, NULL))
            fail_msg("%s: %s", cases[k].line, e.msg);
        if (count_kind(&g, SG_NK_LOCATE) != cases[k].locate ||
            count_kind(&g, SG_NK_INTERSECT) != cases[k].intersect ||
            count_kind(&g, SG_NK_CRDDROP) != cases[k].crddrop)
            fail_msg("%s: %d locate, %d intersect, %d crddrop", cases[k].line,
                     count_kind(&g, SG_NK_LOCATE), count_kind(&g, SG_NK_INTERSECT),
                     count_kind(&g, SG_NK_CRDDROP));
        for (size_t i = 0; i < g.n_nodes; i++) {
            const sg_node *n = &g.nodes[i];
            if (n->kind == SG_NK_LOCATE)
                assert_true(n->format == SG_LVL_DENSE || n->format == SG_LVL_HASHED);
        }
        sg_graph_free(&g);
    }
}

static void test_default_order(void **state)
{
    (void)state;
    sg_einsum es;
    sg_err e;
    /* Output indices first, then reductions as they appear. */
    assert_int_equal(sg_einsum_parse("X(i,j)=B(i,k)*C(k,j)", &es, &e), 0);
    assert_int_equal(sg_einsum_set_format(&es, "C:ss:1,0", &e), 0);
    assert_int_equal(sg_einsum_finish(&es, &e), 0);
    assert_string_equal(es.order, "ijk");
    /* C stored row-major puts k before j. */
    assert_int_equal(sg_einsum_parse("X(i,j)=B(i,k)*C(k,j)", &es, &e), 0);
    assert_int_equal(sg_einsum_finish(&es, &e), 0);
    assert_string_equal(es.order, "ikj");
    /* The result's storage order decides among output indices. */
    assert_int_equal(sg_einsum_parse("X(i,j)=B(i,j)", &es, &e), 0);
    assert_int_equal(sg_einsum_set_format(&es, "X:ss:1,0", &e), 0);
    assert_int_equal(sg_einsum_set_format(&es, "B:ss:1,0", &e), 0);
    assert_int_equal(sg_einsum_finish(&es, &e), 0);
    assert_string_equal(es.order, "ji");
    /* An input's storage order wins over the preference. */
    assert_int_equal(sg_einsum_parse("x(j)=B(i,j)", &es, &e), 0);
    assert_int_equal(sg_einsum_finish(&es, &e), 0);
    assert_string_equal(es.order, "ij");
    /* Conflicting storage orders have no loop order. */
    assert_int_equal(sg_einsum_parse("X(i,j)=B(i,j)*C(i,j)", &es, &e), 0);
    assert_int_equal(sg_einsum_set_format(&es, "C:ss:1,0", &e), 0);
    assert_int_equal(sg_einsum_finish(&es, &e), -1);
    assert_non_null(strstr(e.msg, "no loop order"));
}

static void test_structure(void **state)
{
    (void)state;
    sg_graph g;
    sg_err e;
    /* Gustavson: spaccumulator order 1 fed by two crdholds. */
    assert_int_equal(compile_line("X(i,j)=B(i,k)*C(k,j) -sreorder(i,k,j)",
                                  "ikj", &g, &e, NULL), 0);
    const sg_node *sp = find_kind(&g, SG_NK_SPACC);
    assert_non_null(sp);
    assert_int_equal(sp->order, 1);
    assert_int_equal(sp->in0, 'j');
    assert_int_equal(sp->in1, 'i');
    assert_int_equal(count_kind(&g, SG_NK_CRDHOLD), 2);
    assert_int_equal(count_kind(&g, SG_NK_REDUCE), 0);
    sg_graph_free(&g);
    /* Outer product: order 2, one crdhold. */
    assert_int_equal(compile_line("X(i,j)=B(i,k)*C(k,j) -fB:ss:1,0 "
                                  "-sreorder(k,i,j)", "kij", &g, &e, NULL), 0);
    sp = find_kind(&g, SG_NK_SPACC);
    assert_non_null(sp);
    assert_int_equal(sp->order, 2);
    assert_int_equal(count_kind(&g, SG_NK_CRDHOLD), 1);
    sg_graph_free(&g);
    /* A transposing copy scatters too: order 2 with no reduction. */
    assert_int_equal(compile_line("X(i,j)=B(i,j) -fX:ss:1,0", "t", &g, &e,
                                  NULL), 0);
    sp = find_kind(&g, SG_NK_SPACC);
    assert_non_null(sp);
    assert_int_equal(sp->order, 2);
    assert_int_equal(sp->in1, 'j');
    sg_graph_free(&g);
    /* Elementwise 3-tensor product: crddrop chain, three intersects. */
    assert_int_equal(compile_line("X(i,j,k)=B(i,j,k)*C(i,j,k)", "em", &g, &e,
                                  NULL), 0);
    assert_int_equal(count_kind(&g, SG_NK_CRDDROP), 2);
    assert_int_equal(count_kind(&g, SG_NK_INTERSECT), 3);
    sg_graph_free(&g);
    /* A union has no crddrop; a sum of a product and a tensor nests an
     * intersect in a 3-operand union. */
    assert_int_equal(compile_line("X(i,j)=B(i,j)*C(i,j)+D(i,j)", "mix", &g,
                                  &e, NULL), 0);
    assert_int_equal(count_kind(&g, SG_NK_CRDDROP), 0);
    assert_int_equal(count_kind(&g, SG_NK_INTERSECT), 2);
    const sg_node *u = find_kind(&g, SG_NK_UNION);
    assert_non_null(u);
    assert_int_equal(u->n_operands, 3);
    assert_string_equal(u->operand[0], "B");
    assert_string_equal(u->operand[2], "D");
    sg_graph_free(&g);
    /* Subtraction: the minuend is operand 0 and its edge comes first. */
    assert_int_equal(compile_line("x(i)=b(i)-C(i,j)*d(j)", "res", &g, &e,
                                  NULL), 0);
    for (size_t i = 0; i < g.n_nodes; i++) {
        if (g.nodes[i].kind != SG_NK_ALU || g.nodes[i].op != SG_ALU_SUB)
            continue;
        int e0 = sg_graph_in_edge(&g, (int)i, 0), e1 = sg_graph_in_edge(&g, (int)i, 1);
        assert_true(e0 >= 0 && e1 > e0);
        assert_int_equal(g.nodes[g.edges[e0].src].kind, SG_NK_ARRAYVALS);
        assert_int_equal(g.nodes[g.edges[e1].src].kind, SG_NK_REDUCE);
    }
    sg_graph_free(&g);
    /* A constant scale is a one-input mul. */
    assert_int_equal(compile_line("x(i)=3*b(i)", "sc", &g, &e, NULL), 0);
    const sg_node *m = find_kind(&g, SG_NK_ALU);
    assert_non_null(m);
    assert_int_equal(m->op, SG_ALU_SMUL);
    assert_int_equal(m->cnst, 3);
    assert_int_equal(m->n_in, 1);
    sg_graph_free(&g);
}

/* Every node input is driven exactly once, every edge is typed like its
 * ports, and writing then reading gives back the same graph. */
static void check_roundtrip(const char *line)
{
    sg_graph g, h;
    sg_err e;
    assert_int_equal(compile_line(line, "rt", &g, &e, NULL), 0);
    for (size_t i = 0; i < g.n_edges; i++) {
        const sg_edge *ed = &g.edges[i];
        assert_int_equal(sg_graph_port_kind(&g.nodes[ed->src], 0, ed->src_port),
                         ed->type);
        assert_int_equal(sg_graph_port_kind(&g.nodes[ed->dst], 1, ed->dst_port),
                         ed->type);
        for (size_t j = 0; j < i; j++)
            assert_false(g.edges[j].dst == ed->dst &&
                         g.edges[j].dst_port == ed->dst_port);
    }
    char path[] = "/tmp/einsum_rtXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    if (sg_graph_write_dot(&g, path, &e))
        fail_msg("%s", e.msg);
    if (sg_graph_read(path, &h, &e))
        fail_msg("%s: %s", line, e.msg);
    unlink(path);
    assert_int_equal(h.n_nodes, g.n_nodes);
    assert_int_equal(h.n_edges, g.n_edges);
    for (size_t i = 0; i < g.n_edges; i++) {
        const sg_edge *a = &g.edges[i];
        int ok = 0;
        for (size_t j = 0; j < h.n_edges && !ok; j++) {
            const sg_edge *b = &h.edges[j];
            ok = h.nodes[b->src].id == g.nodes[a->src].id &&
                 h.nodes[b->dst].id == g.nodes[a->dst].id &&
                 b->src_port == a->src_port && b->dst_port == a->dst_port &&
                 b->type == a->type;
        }
        if (!ok)
            fail_msg("%s: edge %d:%d -> %d:%d lost its ports in the round trip",
                     line, g.nodes[a->src].id, a->src_port,
                     g.nodes[a->dst].id, a->dst_port);
    }
    for (size_t i = 0; i < g.n_nodes; i++) {
        int k = sg_graph_find_node(&h, g.nodes[i].id);
        assert_true(k >= 0);
        assert_int_equal(h.nodes[k].kind, g.nodes[i].kind);
        assert_int_equal(h.nodes[k].index, g.nodes[i].index);
        assert_int_equal(h.nodes[k].order, g.nodes[i].order);
    }
    sg_graph_free(&g);
    sg_graph_free(&h);
}

/* ---- Custard kernels ------------------------------------------------------- */

/* Node counts per kind, Custard's graph vs ours: equal except where
 * docs/einsum.md gives the reason. */
static void test_custard_counts(void **state)
{
    (void)state;
    char path[1024];
    if (!sg_test_shared_path("graphs/custard", "Custard node counts", path, sizeof path))
        skip();
    const char *shared = getenv("SHARED");
    for (size_t k = 0; k < N_KERNELS; k++) {
        sg_graph a, b;
        sg_err e;
        snprintf(path, sizeof path, "%s/graphs/custard/%s.gv", shared,
                 kernels[k].name);
        if (sg_graph_read(path, &a, &e))
            fail_msg("%s", e.msg);
        assert_int_equal(compile_line(kernels[k].line, kernels[k].name, &b,
                                      &e, NULL), 0);
        for (int kind = 1; kind < SG_NK__COUNT; kind++) {
            int ca = count_kind(&a, (sg_node_kind)kind);
            int cb = count_kind(&b, (sg_node_kind)kind);
            int want = ca;
            /* The generated residual/mattransmul put a crddrop on a union
             * (the reference runs them without it). */
            if (kind == SG_NK_CRDDROP && kernels[k].ref && kernels[k].ref[0])
                want = 0;
            if (kind == SG_NK_BROADCAST &&
                strcmp(kernels[k].name, "mat_mattransmul") == 0)
                want = ca - 1;
            /* mttkrp: j comes from an intersect, so i needs a crddrop. */
            if (kind == SG_NK_CRDDROP &&
                strcmp(kernels[k].name, "tensor3_mttkrp") == 0)
                want = ca + 1;
            if (cb != want)
                fail_msg("%s: %d %s nodes, Custard has %d", kernels[k].name,
                         cb, sg_graph_kind_name((sg_node_kind)kind), ca);
        }
        assert_string_equal(a.index_order[0] ? a.index_order : b.index_order,
                            b.index_order);
        sg_graph_free(&a);
        sg_graph_free(&b);
    }
}

/* The DOT text of a compiled line. */
static char *dot_text(const char *line)
{
    sg_graph g;
    sg_err e;
    if (compile_line(line, "p", &g, &e, NULL))
        fail_msg("%s: %s", line, e.msg);
    char path[] = "/tmp/einsum_ptXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    if (sg_graph_write_dot(&g, path, &e))
        fail_msg("%s", e.msg);
    sg_graph_free(&g);
    FILE *f = fopen(path, "r");
    assert_non_null(f);
    char *buf = sg_calloc(1, 1 << 16);
    size_t n = fread(buf, 1, (1 << 16) - 1, f);
    assert_true(n < (1 << 16) - 1);
    fclose(f);
    unlink(path);
    return buf;
}

/* Parentheses are expanded into the sum of products they stand for: the
 * graph is the one of the written-out sum.  A tensor distributed into
 * several terms is read once per term (its own scanners, a joiner
 * operand named B_2); parentheses that distribute nothing add nothing. */
static void test_parentheses(void **state)
{
    (void)state;
    static const char *const same[][2] = {
        {"X(i,j)=(B(i,j)+C(i,j))", "X(i,j)=B(i,j)+C(i,j)"},
        {"X(i,j)=((B(i,j)))*C(i,j)", "X(i,j)=B(i,j)*C(i,j)"},
        {"X(i,j)=B(i,j)*(C(i,j)*D(i,j))", "X(i,j)=B(i,j)*C(i,j)*D(i,j)"},
        {"X(i,j)=2*(B(i,j)-C(i,j))", "X(i,j)=2*B(i,j)-2*C(i,j)"},
        {"X(i,j)=-(B(i,j)-C(i,j))", "X(i,j)=-B(i,j)+C(i,j)"},
        {"X(i,j)=B(i,j)*-C(i,j)", "X(i,j)=-B(i,j)*C(i,j)"},
        {"x(i)=B(i,j)*(c(j)+d(j))", "x(i)=B(i,j)*c(j)+B(i,j)*d(j)"},
        {"X(i,j)=B(i,j)*(C(i,j)+D(i,j))", "X(i,j)=B(i,j)*C(i,j)+B(i,j)*D(i,j)"},
    };
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++) {
        char *a = dot_text(same[i][0]), *b = dot_text(same[i][1]);
        if (strcmp(a, b) != 0) {
            print_error("'%s' and '%s' give different graphs\n", same[i][0],
                        same[i][1]);
            fail();
        }
        free(a);
        free(b);
    }
    sg_graph g;
    sg_err e;
    /* B*(C+D): B's two levels are scanned once per term. */
    assert_int_equal(compile_line("X(i,j)=B(i,j)*(C(i,j)+D(i,j))", "p", &g,
                                  &e, NULL), 0);
    assert_int_equal(count_kind(&g, SG_NK_FIBERLOOKUP), 8);
    assert_int_equal(count_kind(&g, SG_NK_ARRAYVALS), 4);
    assert_int_equal(g.n_tensors, 4);        /* X, B, C, D: B declared once */
    int b2 = 0;
    for (size_t i = 0; i < g.n_nodes; i++)
        for (int o = 0; o < g.nodes[i].n_operands; o++)
            b2 += strcmp(g.nodes[i].operand[o], "B_2") == 0;
    assert_true(b2 > 0);
    sg_graph_free(&g);
    /* Constants and signs only: no copies. */
    assert_int_equal(compile_line("X(i,j)=-2*(B(i,j)+3*C(i,j))", "p", &g, &e,
                                  NULL), 0);
    assert_int_equal(count_kind(&g, SG_NK_FIBERLOOKUP), 4);
    sg_graph_free(&g);
    /* A copy's label never takes the name of another tensor. */
    assert_int_equal(compile_line("x(i)=b(i)*(c(i)+b_2(i))", "p", &g, &e,
                                  NULL), 0);
    int b3 = 0;
    for (size_t i = 0; i < g.n_nodes; i++)
        for (int o = 0; o < g.nodes[i].n_operands; o++)
            b3 += strcmp(g.nodes[i].operand[o], "b_3") == 0;
    assert_true(b3 > 0);
    sg_graph_free(&g);
}

/* split(i,O,N,T): the split tensors' modes (O in i's place, N after the
 * others), their declarations and graph comment, and the round trip of
 * the "/tile=" part through DOT. */
static void test_split(void **state)
{
    (void)state;
    sg_graph g;
    sg_err e;
    assert_int_equal(compile_line("x(i)=B(i,j)*c(j) -ssplit(j,J,j,4) -fB:sss:0,1,2",
                                  "sp", &g, &e, NULL), 0);
    assert_string_equal(g.comment, "x=s0,B=sss012/tile=0x4,c=ss01/tile=4");
    const sg_tensor_decl *b = sg_graph_tensor(&g, "B"), *x = sg_graph_tensor(&g, "x");
    assert_non_null(b);
    assert_int_equal(b->fmt.order, 3);
    assert_int_equal(b->lorder, 2);
    assert_int_equal(b->tile[0], 0);
    assert_int_equal(b->tile[1], 4);
    assert_int_equal(x->lorder, 0);
    /* scanners of B: i at mode 0, J at mode 1, j at mode 2 */
    int seen = 0;
    for (size_t i = 0; i < g.n_nodes; i++) {
        const sg_node *n = &g.nodes[i];
        if (n->kind != SG_NK_FIBERLOOKUP || strcmp(n->tensor, "B") != 0)
            continue;
        assert_int_equal(n->index, "iJj"[n->mode]);
        seen++;
    }
    assert_int_equal(seen, 3);
    sg_graph_free(&g);
    /* the default loop order: the output's levels, tile coordinates first */
    assert_int_equal(compile_line("X(i,j)=B(i,j)+C(i,j) -ssplit(i,I,i,8) -ssplit(j,J,j,2)",
                                  "sp", &g, &e, NULL), 0);
    assert_string_equal(g.index_order, "IJij");
    assert_string_equal(g.comment, "X=ssss0123/tile=8x2,B=ssss0123/tile=8x2,"
                        "C=ssss0123/tile=8x2");
    sg_graph_free(&g);
    check_roundtrip("x(i)=B(i,j)*c(j) -ssplit(i,I,i,4) -ssplit(j,J,j,4)");
    assert_int_equal(compile_line("x(i)=B(i,j)*c(j) -ssplit(i,I,i,4) -ssplit(j,J,j,16)",
                                  "sp", &g, &e, NULL), 0);
    char path[] = "/tmp/einsum_spXXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    close(fd);
    sg_graph h;
    assert_int_equal(sg_graph_write_dot(&g, path, &e), 0);
    assert_int_equal(sg_graph_read(path, &h, &e), 0);
    unlink(path);
    for (int t = 0; t < g.n_tensors; t++) {
        assert_int_equal(h.tensors[t].lorder, g.tensors[t].lorder);
        for (int k = 0; k < SG_MAX_ORDER; k++)
            assert_int_equal(h.tensors[t].tile[k], g.tensors[t].tile[k]);
    }
    assert_int_equal(sg_graph_tensor(&h, "B")->tile[1], 16);
    sg_graph_free(&h);
    sg_graph_free(&g);
}

static void test_roundtrips(void **state)
{
    (void)state;
    for (size_t k = 0; k < N_KERNELS; k++)
        check_roundtrip(kernels[k].line);
    for (size_t i = 0; i < sizeof extra_lines / sizeof extra_lines[0]; i++)
        check_roundtrip(extra_lines[i]);
    check_roundtrip("X(i,j)=B(i,j)*(C(i,j)+D(i,j))");
    check_roundtrip("x(i)=(B(i,j)+C(i,j))*(d(j)-e(j))");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_default_order),
        cmocka_unit_test(test_structure),
        cmocka_unit_test(test_locate),
        cmocka_unit_test(test_parentheses),
        cmocka_unit_test(test_roundtrips),
        cmocka_unit_test(test_split),
        cmocka_unit_test(test_custard_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
