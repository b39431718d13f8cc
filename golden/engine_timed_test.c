/*
 * engine_timed_test.c - the cycle engine's timed mode (golden/engine_timed.c,
 * used with unbounded FIFOs) against its cycle-by-cycle loop
 * (golden/engine_cycle.c, forced with golden_opts.cycle_loop): on every shipped
 * example graph and, when $SHARED/graphs is present, on a set of custard
 * graphs, with seeded random inputs of two densities, both must give the
 * same cycle count, the same token stream and peak occupancy on every
 * edge, the same number of firings of every node, the same outputs, and the same outcome when a cycle limit stops
 * the run one cycle short.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/test_util.h"
#include "golden/golden.h"
#include "golden/test_inputs.h"
#include "golden/test_graph.h"

static const char *const example_graphs[] = {
    "mat_elemadd", "mat_elemmul", "matmul_ijk", "matmul_ikj", "residual",
    "sddmm", "spmv", "vec_elemmul",
};
static const char *const custard_graphs[] = {
    "matmul_ikj", "matmul_ijk", "matmul_kij", "matmul_jki", "mat_sddmm",
    "mat_elemadd", "mat_elemadd3", "mat_elemmul", "mat_vecmul_ij",
    "mat_vecmul_ji", "mat_residual", "mat_mattransmul", "mat_identity",
    "mat_identity_dense", "tensor3_ttm", "tensor3_ttv", "tensor3_mttkrp",
    "tensor3_innerprod", "tensor3_elemadd", "tensor3_elemmul",
    "vec_elemadd", "vec_scalar_mul", "vec_spacc_simple",
};

/* The inputs every run of this test uses (its pinned figures depend on them). */
static const sg_test_inputs inputs = {19, 7, 0.35, 0.1, 1000, 2};

/* One cycle-engine run; loop selects the cycle-by-cycle loop.  Returns
 * sg_golden_run's result; the message goes to msg. */
static int run(const sg_graph *g, golden_binding *b, int nb, int loop,
               uint64_t max_cycles, golden_result *r, char *msg, size_t n)
{
    golden_opts o;
    sg_golden_opts_default(&o);
    o.engine = GOLDEN_CYCLE;
    o.keep_streams = 1;
    o.max_cycles = max_cycles;
    o.cycle_loop = loop;
    sg_err e;
    sg_err_clear(&e);
    int rc = sg_golden_run(g, b, nb, &o, r, &e);
    snprintf(msg, n, "%s", rc < 0 || r->deadlock ? e.msg : "");
    return rc;
}

static void same(const char *label, int seed, const golden_result *a,
                 const golden_result *b)
{
    if (a->cycles != b->cycles || a->deadlock != b->deadlock ||
        a->n_edges != b->n_edges || a->tokens_total != b->tokens_total)
        fail_msg("%s seed %d: cycles %llu / %llu, deadlock %d / %d, tokens %llu / %llu",
                 label, seed, (unsigned long long)a->cycles,
                 (unsigned long long)b->cycles, a->deadlock, b->deadlock,
                 (unsigned long long)a->tokens_total,
                 (unsigned long long)b->tokens_total);
    for (size_t i = 0; i < a->n_edges; i++) {
        const sg_toks *x = &a->edge[i].toks, *y = &b->edge[i].toks;
        if (a->edge[i].peak != b->edge[i].peak)
            fail_msg("%s seed %d: edge %zu peak %zu / %zu", label, seed, i,
                     (size_t)a->edge[i].peak, (size_t)b->edge[i].peak);
        if (x->n != y->n)
            fail_msg("%s seed %d: edge %zu holds %zu / %zu tokens", label, seed,
                     i, x->n, y->n);
        for (size_t k = 0; k < x->n; k++)
            if (x->t[k].v != y->t[k].v || x->t[k].kind != y->t[k].kind)
                fail_msg("%s seed %d: edge %zu token %zu differs", label, seed, i, k);
    }
    /* Busy cycles per node (verify's report.json): the same in both, and
     * no node fires more often than there are cycles. */
    if (a->n_nodes != b->n_nodes || !a->node_firings || !b->node_firings)
        fail_msg("%s seed %d: firings of %zu / %zu nodes", label, seed, a->n_nodes,
                 b->n_nodes);
    for (size_t v = 0; v < a->n_nodes; v++)
        if (a->node_firings[v] != b->node_firings[v] || a->node_firings[v] > a->cycles)
            fail_msg("%s seed %d: node %zu fired %llu / %llu times in %llu cycles", label,
                     seed, v, (unsigned long long)a->node_firings[v],
                     (unsigned long long)b->node_firings[v], (unsigned long long)a->cycles);
    if (a->n_out != b->n_out)
        fail_msg("%s seed %d: %d / %d outputs", label, seed, a->n_out, b->n_out);
    for (int k = 0; k < a->n_out; k++) {
        const sg_coo *x = &a->out[k].coo, *y = &b->out[k].coo;
        if (x->nnz != y->nnz || x->order != y->order)
            fail_msg("%s seed %d: output %d differs", label, seed, k);
        if (x->nnz && ((x->order && memcmp(x->crd, y->crd,
                                           x->nnz * (size_t)x->order * sizeof *x->crd)) ||
                       memcmp(x->val, y->val, x->nnz * sizeof *x->val)))
            fail_msg("%s seed %d: output %d differs", label, seed, k);
    }
}

static void check_graph(const char *path, const char *label)
{
    sg_graph g;
    sg_err e;
    sg_test_read_graph(path, &g, &e);
    for (int seed = 1; seed <= 2; seed++) {
        sg_coo coo[16];
        golden_binding b[16];
        memset(coo, 0, sizeof coo);
        int nb = sg_test_bind_or_fail(&g, seed, &inputs, coo, b);
        golden_result rt, rl;
        char mt[512], ml[512];
        int ct = run(&g, b, nb, 0, 0, &rt, mt, sizeof mt);
        int cl = run(&g, b, nb, 1, 0, &rl, ml, sizeof ml);
        if (ct != cl || strcmp(mt, ml))
            fail_msg("%s seed %d: rc %d / %d: '%s' / '%s'", label, seed, ct, cl, mt, ml);
        if (ct == 0)
            same(label, seed, &rt, &rl);
        uint64_t cyc = rt.cycles;
        sg_golden_result_free(&rt);
        sg_golden_result_free(&rl);
        if (ct == 0 && cyc > 1) {
            /* a limit one cycle short stops both; the exact limit does not */
            for (uint64_t lim = cyc - 1; lim <= cyc; lim++) {
                ct = run(&g, b, nb, 0, lim, &rt, mt, sizeof mt);
                cl = run(&g, b, nb, 1, lim, &rl, ml, sizeof ml);
                if (ct != cl || strcmp(mt, ml) || rt.cycles != rl.cycles)
                    fail_msg("%s seed %d limit %llu: rc %d / %d, cycles %llu / %llu: '%s' / '%s'",
                             label, seed, (unsigned long long)lim, ct, cl,
                             (unsigned long long)rt.cycles,
                             (unsigned long long)rl.cycles, mt, ml);
                assert_int_equal(ct, lim < cyc ? -1 : 0);
                sg_golden_result_free(&rt);
                sg_golden_result_free(&rl);
            }
        }
        for (int k = 0; k < nb; k++)
            if (b[k].coo)
                sg_coo_free(&coo[k]);
    }
    sg_graph_free(&g);
}

static void test_examples(void **state)
{
    (void)state;
    for (size_t k = 0; k < sizeof example_graphs / sizeof example_graphs[0]; k++) {
        char path[256];
        snprintf(path, sizeof path, "examples/%s.gv", example_graphs[k]);
        check_graph(path, path);
    }
}

static void test_custard(void **state)
{
    (void)state;
    char dir[4096];
    if (!sg_test_shared_path("graphs/custard", "custard timed-mode checks", dir, sizeof dir))
        skip();
    for (size_t k = 0; k < sizeof custard_graphs / sizeof custard_graphs[0]; k++) {
        char path[4400];
        snprintf(path, sizeof path, "%s/%s.gv", dir, custard_graphs[k]);
        check_graph(path, custard_graphs[k]);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_examples),
        cmocka_unit_test(test_custard),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
