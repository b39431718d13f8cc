/*
 * bind_test.c - the shape rules of tensor binding (bind.c) over the inputs
 * of a small graph built with the graph builders:
 *
 *   b_i, c_i (root compressed scanners) ... -> fiberwrite x_i (compressed,
 *   or dense), and a scalar a
 *
 * Tensors come from .tns/.mtx files the tests write, so the messages name
 * them as a user sees them.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/test_util.h"
#include "graph/bind.h"

static char dir[64];

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/sg_bind_test_XXXXXX");
    return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* Write text to DIR/name; the path, in a static slot per name. */
static const char *file(const char *name, const char *text)
{
    static char paths[8][128];
    static int next;
    char *p = paths[next++ % 8];
    snprintf(p, 128, "%s/%s", dir, name);
    sg_test_write_text(p, text);
    return p;
}

static void decl(sg_graph *g, const char *name, const char *fmt, int out)
{
    sg_tensor_decl *d = &g->tensors[g->n_tensors++];
    memset(d, 0, sizeof *d);
    snprintf(d->name, sizeof d->name, "%s", name);
    assert_int_equal(sg_format_parse(fmt, &d->fmt, NULL), 0);
    d->is_output = out;
}

static void node(sg_graph *g, sg_node_kind k, int id, const char *t, char idx,
                 char fmt)
{
    sg_node n;
    sg_graph_node_init(&n, k);
    n.id = id;
    snprintf(n.tensor, sizeof n.tensor, "%s", t);
    n.mode = 0;
    n.index = idx;
    n.format = fmt;
    n.root = 1;
    n.line = 10 + id;
    sg_graph_add_node(g, &n);
}

/* x(i) = b(i) op c(i) (+ a): x stored with level format xfmt. */
static void build(sg_graph *g, char xfmt)
{
    memset(g, 0, sizeof *g);
    g->path = sg_strdup("g.gv");
    decl(g, "x", xfmt == SG_LVL_DENSE ? "d0" : "s0", 1);
    decl(g, "b", "s0", 0);
    decl(g, "c", "s0", 0);
    decl(g, "a", "none", 0);
    node(g, SG_NK_FIBERLOOKUP, 0, "b", 'i', SG_LVL_COMPRESSED);
    node(g, SG_NK_FIBERLOOKUP, 1, "c", 'i', SG_LVL_COMPRESSED);
    node(g, SG_NK_FIBERWRITE, 2, "x", 'i', xfmt);
}

/* Load b, c (and a when pa) from files and apply the shape rules; the
 * result of sg_bind_shapes, or of the first load that fails. */
static int bind(const sg_graph *g, const char *pb, const char *pc, const char *pa,
                sg_bound_tensor *t, sg_err *e)
{
    sg_read_opts ro;
    sg_read_opts_default(&ro);
    const char *path[3] = {pb, pc, pa};
    int n = pa ? 3 : 2;
    memset(t, 0, 3 * sizeof *t);
    sg_err_clear(e);
    for (int k = 0; k < n; k++) {
        sg_binding b = {.name = g->tensors[k + 1].name, .path = path[k]};
        if (sg_bind_load(&g->tensors[k + 1], &b, &ro, &t[k], e) < 0)
            return -1;
    }
    return sg_bind_shapes(g, t, n, e);
}

static void unbind(sg_bound_tensor *t)
{
    for (int k = 0; k < 3; k++)
        sg_bound_tensor_free(&t[k]);
}

static void expect_msg(const sg_err *e, const char *want)
{
    assert_int_equal(e->code, SG_EXIT_USAGE);
    if (!strstr(e->msg, want))
        fail_msg("got  '%s'\nwant '%s'", e->msg, want);
}

/* Inferred extents (.tns without "# shape") are raised to the largest over
 * the operands that carry the index. */
static void test_inferred_largest(void **state)
{
    (void)state;
    sg_graph g;
    build(&g, SG_LVL_COMPRESSED);
    sg_bound_tensor t[3];
    sg_err e;
    assert_int_equal(bind(&g, file("b.tns", "1 5\n3 2\n"), file("c.tns", "2 4\n8 1\n"),
                          NULL, t, &e), 0);
    for (int k = 0; k < 2; k++) {
        assert_int_equal(t[k].coo.shape[0], 8);
        assert_int_equal(t[k].ft.shape[0], 8);
        assert_int_equal(t[k].ft.lvl[0].dim, 8);
    }
    unbind(t);
    /* A declared extent wins over smaller inferred ones. */
    assert_int_equal(bind(&g, file("b.tns", "# shape 10\n1 5\n"), file("c.tns", "2 4\n8 1\n"),
                          NULL, t, &e), 0);
    assert_int_equal(t[1].ft.shape[0], 10);
    unbind(t);
    sg_graph_free(&g);
}

/* Declared extents that disagree, or an inferred one beyond a declared
 * one, are errors naming the index, both tensors and both extents. */
static void test_declared_disagree(void **state)
{
    (void)state;
    sg_graph g;
    build(&g, SG_LVL_COMPRESSED);
    sg_bound_tensor t[3];
    sg_err e;
    const char *pb = file("b.tns", "# shape 3\n1 5\n3 2\n");
    assert_int_equal(bind(&g, pb, file("c.tns", "# shape 8\n2 4\n"), NULL, t, &e), -1);
    char want[512];
    snprintf(want, sizeof want, "%s/c.tns: index i has extent 3 in tensor b (%s/b.tns) "
             "but 8 in tensor c (%s/c.tns)", dir, dir, dir);
    expect_msg(&e, want);
    unbind(t);
    assert_int_equal(bind(&g, pb, file("c.tns", "2 4\n8 1\n"), NULL, t, &e), -1);
    snprintf(want, sizeof want, "%s/c.tns: index i has extent 3 in tensor b (%s/b.tns) "
             "but tensor c (%s/c.tns) has coordinate 8 in it", dir, dir, dir);
    expect_msg(&e, want);
    unbind(t);
    /* Equal declared extents are fine. */
    assert_int_equal(bind(&g, pb, file("c.tns", "# shape 3\n2 4\n"), NULL, t, &e), 0);
    unbind(t);
    sg_graph_free(&g);
}

/* A .tns with no entries takes its shape from "# shape" or from the other
 * operands; neither is an error. */
static void test_empty_file(void **state)
{
    (void)state;
    sg_graph g;
    build(&g, SG_LVL_COMPRESSED);
    sg_bound_tensor t[3];
    sg_err e;
    const char *pe = file("e.tns", "");
    assert_int_equal(bind(&g, file("b.tns", "# shape 6\n1 5\n"), pe, NULL, t, &e), 0);
    assert_int_equal(t[1].coo.order, 1);
    assert_int_equal(t[1].coo.nnz, 0);
    assert_int_equal(t[1].ft.shape[0], 6);
    assert_int_equal(t[1].ft.nvals, 0);
    unbind(t);
    assert_int_equal(bind(&g, pe, file("c.tns", "# shape 4\n"), NULL, t, &e), 0);
    assert_int_equal(t[0].ft.shape[0], 4);
    unbind(t);
    assert_int_equal(bind(&g, pe, pe, NULL, t, &e), -1);
    char want[512];
    snprintf(want, sizeof want, "%s/e.tns: tensor b (%s/e.tns) has no entries and no "
             "\"# shape\" line, and no other operand gives the extent of index i (mode 0)",
             dir, dir);
    expect_msg(&e, want);
    unbind(t);
    /* An empty file bound to a scalar is 0. */
    assert_int_equal(bind(&g, file("b.tns", "2 1\n"), file("c.tns", "1 1\n"), pe, t, &e), 0);
    assert_int_equal(t[2].scalar, 0);
    unbind(t);
    sg_graph_free(&g);
}

/* The order of the data must be the graph's, for scalars too. */
static void test_order(void **state)
{
    (void)state;
    sg_graph g;
    build(&g, SG_LVL_COMPRESSED);
    sg_bound_tensor t[3];
    sg_err e;
    const char *pm = file("M.tns", "1 1 7\n2 2 9\n");
    const char *pv = file("v.tns", "1 1\n");
    assert_int_equal(bind(&g, pv, pv, pm, t, &e), -1);
    char want[512];
    snprintf(want, sizeof want, "%s/M.tns: tensor a: the graph declares order 0, the file "
             "has order 2", dir);
    expect_msg(&e, want);
    unbind(t);
    assert_int_equal(bind(&g, pv, pm, NULL, t, &e), -1);
    snprintf(want, sizeof want, "%s/M.tns: tensor c: the graph declares order 1, the file "
             "has order 2", dir);
    expect_msg(&e, want);
    unbind(t);
    assert_int_equal(bind(&g, pv, pv, file("a.tns", "7\n"), t, &e), 0);
    assert_int_equal(t[2].scalar, 7);
    unbind(t);
    sg_graph_free(&g);
}

/* An index of extent 0 cannot be a dense level of the output. */
static void test_dense_zero(void **state)
{
    (void)state;
    sg_graph g;
    build(&g, SG_LVL_DENSE);
    sg_bound_tensor t[3];
    sg_err e;
    const char *pz = file("z.tns", "# shape 0\n");
    assert_int_equal(bind(&g, pz, pz, NULL, t, &e), -1);
    char want[512];
    snprintf(want, sizeof want, "g.gv:12: output x stores index i in a dense level, but "
             "tensor b (%s/z.tns) gives i extent 0 (a dense level needs at least 1)", dir);
    expect_msg(&e, want);
    unbind(t);
    /* A compressed output level of extent 0 is fine. */
    sg_graph_free(&g);
    build(&g, SG_LVL_COMPRESSED);
    assert_int_equal(bind(&g, pz, pz, NULL, t, &e), 0);
    unbind(t);
    sg_graph_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_inferred_largest),
        cmocka_unit_test(test_declared_disagree),
        cmocka_unit_test(test_empty_file),
        cmocka_unit_test(test_order),
        cmocka_unit_test(test_dense_zero),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
