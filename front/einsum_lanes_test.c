/*
 * einsum_lanes_test.c - parallel lanes (-s 'parallelize(i,L)'): SpMV,
 * SpMSpM (ikj, through a sparse accumulator), an elementwise sum, and a
 * matrix-vector product with a dense vector located, each with
 * 2 to 5 lanes, give exactly the single lane's result (the same entries in
 * the same order) in both golden engines, the cycle engine with 2-deep
 * FIFOs included (no deadlock); the lanes take fewer cycles than one; the
 * schedules lanes cannot take are refused with their reason.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/test_util.h"
#include "graph/graph.h"
#include "golden/golden.h"
#include "front/einsum_test_lines.h"

static void gen(sg_coo *t, int order, int64_t d0, int64_t d1, double dens, uint64_t seed)
{
    sg_gen_opts go;
    sg_gen_opts_default(&go);
    go.order = order;
    go.shape[0] = d0;
    go.shape[1] = d1;
    go.density = dens;
    go.seed = seed;
    sg_err e;
    sg_err_clear(&e);
    if (sg_tensor_gen(&go, t, &e))
        fail_msg("%s", e.msg);
}

/* Run line on the bindings; the result and the cycles (cycle engine). */
static uint64_t run(const char *line, golden_binding *bd, int nb, int eng, int depth,
                    sg_coo *out)
{
    sg_graph g;
    sg_err e;
    if (compile_line(line, "lanes", &g, &e, NULL))
        fail_msg("%s: %s", line, e.msg);
    if (strstr(line, "parallelize") && (!find_kind(&g, SG_NK_SERIALIZE) ||
                                        !find_kind(&g, SG_NK_PARALLELIZE)))
        fail_msg("%s: no parallelize or serialize node", line);
    golden_opts o;
    sg_golden_opts_default(&o);
    o.engine = eng ? GOLDEN_CYCLE : GOLDEN_FUNC;
    o.fifo_depth = depth;
    golden_binding use[3];
    int nu = 0;
    for (int k = 0; k < nb && nu < 3; k++)
        if (sg_graph_tensor(&g, bd[k].name))
            use[nu++] = bd[k];
    golden_result r;
    sg_err_clear(&e);
    if (sg_golden_run(&g, use, nu, &o, &r, &e) || r.n_out != 1 || r.deadlock)
        fail_msg("%s (engine %d, depth %d): %s", line, eng, depth,
                 e.msg[0] ? e.msg : r.deadlock ? "deadlock" : "no output");
    uint64_t cyc = r.cycles;
    const sg_coo *c = &r.out[0].coo;
    memset(out, 0, sizeof *out);
    out->order = c->order;
    out->nnz = c->nnz;
    size_t ord = c->order > 0 ? (size_t)c->order : 1;
    out->crd = sg_malloc((c->nnz * ord + 1) * sizeof *out->crd);
    out->val = sg_malloc((c->nnz + 1) * sizeof *out->val);
    if (c->nnz) {
        memcpy(out->crd, c->crd, c->nnz * ord * sizeof *out->crd);
        memcpy(out->val, c->val, c->nnz * sizeof *out->val);
    }
    sg_golden_result_free(&r);
    sg_graph_free(&g);
    return cyc;
}

static void same(const char *line, const sg_coo *a, const sg_coo *b)
{
    size_t ord = a->order > 0 ? (size_t)a->order : 1;
    if (a->nnz != b->nnz)
        fail_msg("%s: %zu entries, one lane gives %zu", line, b->nnz, a->nnz);
    for (size_t n = 0; n < a->nnz; n++)
        if (a->val[n] != b->val[n] || memcmp(&a->crd[n * ord], &b->crd[n * ord],
                                             ord * sizeof *a->crd))
            fail_msg("%s: entry %zu differs from one lane's", line, n);
}

static void free_out(sg_coo *c)
{
    free(c->crd);
    free(c->val);
}

static void test_lanes_match_one_lane(void **state)
{
    (void)state;
    static const char *const kern[] = {
        "y(i)=B(i,j)*x(j) -fy:s -fB:ss -fx:s",
        "y(i)=B(i,j)*x(j) -fy:s -fB:ds -fx:d",
        "X(i,j)=B(i,k)*C(k,j) -fX:ss -fB:ss -fC:ss -sreorder(i,k,j)",
        "X(i,j)=B(i,j)+C(i,j) -fX:ss -fB:ss -fC:ss",
    };
    sg_coo B, C, x;
    gen(&B, 2, 23, 23, 0.2, 3);
    gen(&C, 2, 23, 23, 0.25, 4);
    gen(&x, 1, 23, 0, 0.5, 5);
    golden_binding bd[3];
    memset(bd, 0, sizeof bd);
    bd[0].name = "B";
    bd[0].coo = &B;
    bd[1].name = "C";
    bd[1].coo = &C;
    bd[2].name = "x";
    bd[2].coo = &x;
    for (size_t k = 0; k < sizeof kern / sizeof kern[0]; k++) {
        sg_coo one;
        uint64_t c1 = run(kern[k], bd, 3, 1, 4, &one);
        for (int L = 2; L <= 5; L++) {
            char line[200];
            snprintf(line, sizeof line, "%s -sparallelize(i,%d)", kern[k], L);
            for (int eng = 0; eng < 2; eng++)
                for (int depth = eng ? 2 : 0; depth <= (eng ? 4 : 0); depth += 2) {
                    sg_coo got;
                    uint64_t c = run(line, bd, 3, eng, depth, &got);
                    same(line, &one, &got);
                    free_out(&got);
                    /* rows of several nonzeros spread over lanes: fewer
                     * cycles than one lane at the same depth */
                    if (eng && depth == 4 && k < 2 && c >= c1)
                        fail_msg("%s: %llu cycles, one lane %llu", line,
                                 (unsigned long long)c, (unsigned long long)c1);
                }
        }
        free_out(&one);
    }
    sg_coo_free(&B);
    sg_coo_free(&C);
    sg_coo_free(&x);
}

static void test_lanes_refused(void **state)
{
    (void)state;
    static const struct { const char *line, *want; } bad[] = {
        {"y(i)=B(i,j)*x(j) -sparallelize(j,2)", "lanes split the outermost loop"},
        {"y(j)=B(i,j)*x(i) -sparallelize(i,2)", "the result's top level must be indexed by 'i'"},
        {"X(i,j)=B(i,j) -fX:uq -sparallelize(i,2)", "a COO result (X) is not serialized"},
        {"y(i)=B(i,j)*x(j) -sparallelize(i,9)", "L lanes, 1 to 8"},
        {"y(i)=B(i,j)*x(j) -sparallelize(i,0)", "L lanes, 1 to 8"},
        {"y(i)=B(i,j)*x(j) -sparallelize(q,2)", "'q' is not an index variable"},
        {"y(i)=B(i,j)*x(j) -sparallelize(i,2) -sparallelize(i,4)", "a second parallelize(...)"},
        {"X(i,j)=B(i,j)*C(i,j) -sparallelize(i,2)", "not yet where the result drops empty"},
        {"X(i,j,k)=B(i,j,k) -sparallelize(i,2)", "lanes serialize vectors and matrices"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        sg_graph g;
        sg_err e;
        sg_err_clear(&e);
        if (compile_line(bad[k].line, "bad", &g, &e, NULL) == 0) {
            sg_graph_free(&g);
            fail_msg("%s: compiled", bad[k].line);
        }
        if (!strstr(e.msg, bad[k].want))
            fail_msg("%s: '%s', want '%s'", bad[k].line, e.msg, bad[k].want);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lanes_match_one_lane),
        cmocka_unit_test(test_lanes_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
