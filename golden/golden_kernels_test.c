/*
 * golden_kernels_test.c - whole graphs through sg_golden_run, checked against
 * an independent dense evaluation of each kernel's expression.
 *
 * Each kernel is a sum of products written like "X(i,j)=B(i,k)*C(k,j)";
 * the test evaluates it by looping over every index assignment on dense
 * arrays (wrapping to 32 bits), and compares with the golden model's output
 * coordinates (explicit zeros ignored, duplicates rejected).  Inputs are
 * seeded random tensors of several densities (empty, single nonzero,
 * sparse, full) on both engines; with skipping on, the cycle engine must
 * give the same outputs.  Real matrices from $SHARED/data are run when
 * small enough.  Graphs come from $SHARED/graphs/custard (skipped with a
 * message when absent); one hand-written graph runs always.
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
#include "front/dot.h"
#include "golden/test_dense.h"
#include "golden/test_graph.h"

static int64_t dim_of(char c)
{
    switch (c) {
    case 'i': return 4;
    case 'j': return 5;
    case 'k': return 3;
    default: return 2;
    }
}

/* Deterministic generator (splitmix64). */
static uint64_t rnd(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* mode: 0 empty, 1 single nonzero, 2 sparse (30%), 3 full */
static void fill(dense *d, int mode, uint64_t *seed)
{
    memset(d->v, 0, d->n * sizeof *d->v);
    if (mode == 1 && d->n) {
        d->v[rnd(seed) % d->n] = (int64_t)(rnd(seed) % 9) + 1;
        return;
    }
    for (size_t i = 0; i < d->n; i++) {
        int keep = mode == 3 || (mode == 2 && rnd(seed) % 10 < 3);
        if (keep)
            d->v[i] = (int64_t)(rnd(seed) % 19) - 9;
        if (keep && d->v[i] == 0)
            d->v[i] = 5;
    }
}

static void to_coo(const dense *d, sg_coo *c)
{
    sg_coo_init(c, d->order, d->shape);
    int64_t x[SG_MAX_ORDER] = {0};
    for (size_t p = 0; p < d->n; p++) {
        size_t r = p;
        for (int m = d->order - 1; m >= 0; m--) {
            x[m] = (int64_t)(r % (size_t)d->shape[m]);
            r /= (size_t)d->shape[m];
        }
        if (d->v[p] != 0 || d->order == 0)
            sg_coo_push(c, x, d->v[p]);
    }
}

/* Evaluate x over all index assignments into out. */
static void evaluate(const expr *x, dense *ds, int nds, dense *out)
{
    char idx[16];
    int ni = 0;
    for (int t = 0; t < x->nt; t++)
        for (int f = 0; f < x->t[t].nf; f++)
            for (int k = 0; k < x->t[t].f[f].n; k++)
                if (!memchr(idx, x->t[t].f[f].idx[k], (size_t)ni))
                    idx[ni++] = x->t[t].f[f].idx[k];
    int64_t ext[16];
    for (int k = 0; k < ni; k++)
        ext[k] = dim_of(idx[k]);
    memset(out->v, 0, out->n * sizeof *out->v);
    int64_t val[16] = {0};
    for (;;) {
        int64_t oc[SG_MAX_ORDER];
        for (int k = 0; k < x->out.n; k++)
            oc[k] = val[(char *)memchr(idx, x->out.idx[k], (size_t)ni) - idx];
        /* Each term only sums its own indices: a term lacking an index
         * that other terms have must count once, not per value; the
         * kernels tested have such terms only for output indices. */
        for (int t = 0; t < x->nt; t++) {
            int dup = 0;
            for (int k = 0; k < ni && !dup; k++) {
                int used = 0;
                for (int f = 0; f < x->t[t].nf; f++)
                    used |= memchr(x->t[t].f[f].idx, idx[k], (size_t)x->t[t].f[f].n) != NULL;
                used |= memchr(x->out.idx, idx[k], (size_t)x->out.n) != NULL;
                if (!used && val[k] != 0)
                    dup = 1;
            }
            if (dup)
                continue;
            uint64_t p = sg_test_term_value(&x->t[t], ds, nds, idx, val, ni);
            sg_test_dense_add(out, oc, p);
        }
        if (!sg_test_next(val, ext, ni))
            break;
    }
}

static const struct kernel {
    const char *graph, *expr;
} kernels[] = {
    {"matmul_ijk", "X(i,j)=B(i,k)*C(k,j)"},
    {"matmul_ikj", "X(i,j)=B(i,k)*C(k,j)"},
    {"matmul_jik", "X(i,j)=B(i,k)*C(k,j)"},
    {"matmul_jki", "X(i,j)=B(i,k)*C(k,j)"},
    {"matmul_kij", "X(i,j)=B(i,k)*C(k,j)"},
    {"matmul_kji", "X(i,j)=B(i,k)*C(k,j)"},
    {"matmul_ikj_hand_BLACKBOX", "X(i,j)=B(i,k)*C(k,j)"},
    {"matmul_ikj_hand_BLACKBOX_with_crddrop", "X(i,j)=B(i,k)*C(k,j)"},
    {"mat_elemmul", "X(i,j)=B(i,j)*C(i,j)"},
    {"mat_elemadd", "X(i,j)=B(i,j)+C(i,j)"},
    {"mat_elemadd3", "X(i,j)=B(i,j)+C(i,j)+D(i,j)"},
    {"mat_identity", "X(i,j)=B(i,j)"},
    {"mat_identity_dense", "X(i,j)=B(i,j)"},
    {"mat_vecmul_ij", "x(i)=B(i,j)*c(j)"},
    {"mat_vecmul_ji", "x(i)=B(i,j)*c(j)"},
    {"mat_sddmm", "X(i,j)=B(i,j)*C(i,k)*D(k,j)"},
    {"mat_residual_HAND", "x(i)=b(i)-C(i,j)*d(j)"},
    {"mat_mattransmul_HAND", "x(i)=b*C(j,i)*d(j)+e*f(i)"},
    {"mat_spacc_simple", "X(j,k)=B(i,j,k)"},
    {"vec_spacc_simple", "x(j)=B(i,j)"},
    {"vec_elemmul", "x(i)=b(i)*c(i)"},
    {"vec_elemadd", "x(i)=b(i)+c(i)"},
    {"vec_identity", "x(i)=b(i)"},
    {"vec_scalar_mul", "x(i)=b*c(i)"},
    {"vec_sub", "x(i)=b(i)-c(i)"},
    {"tensor3_elemmul", "X(i,j,k)=B(i,j,k)*C(i,j,k)"},
    {"tensor3_elemadd", "X(i,j,k)=B(i,j,k)+C(i,j,k)"},
    {"tensor3_identity", "X(i,j,k)=B(i,j,k)"},
    {"tensor3_identity_dense", "X(i,j,k)=B(i,j,k)"},
    {"tensor3_innerprod", "x=B(i,j,k)*C(i,j,k)"},
    {"tensor3_ttv", "X(i,j)=B(i,j,k)*c(k)"},
    {"tensor3_ttm", "X(i,j,k)=B(i,j,l)*C(k,l)"},
    {"tensor3_mttkrp", "X(i,j)=B(i,k,l)*C(j,k)*D(j,l)"},
};

/* Run one kernel on seeded inputs; returns the number of runs. */
static int run_kernel(const sg_graph *g, const struct kernel *k)
{
    expr x;
    sg_test_parse_expr(k->expr, &x);
    dense ds[MAXT * MAXT];
    int nds = 0;
    for (int t = 0; t < x.nt; t++)
        for (int f = 0; f < x.t[t].nf; f++) {
            const factor *fa = &x.t[t].f[f];
            if (sg_test_find(ds, nds, fa->name))
                continue;
            int64_t shape[SG_MAX_ORDER];
            for (int m = 0; m < fa->n; m++)
                shape[m] = dim_of(fa->idx[m]);
            sg_test_dense_alloc(&ds[nds++], fa->name, fa->n, shape);
        }
    int64_t oshape[SG_MAX_ORDER];
    for (int m = 0; m < x.out.n; m++)
        oshape[m] = dim_of(x.out.idx[m]);
    dense out;
    sg_test_dense_alloc(&out, "", x.out.n, oshape);
    int runs = 0;
    for (int mode = 0; mode < 4; mode++)
        for (int seed = 0; seed < (mode >= 2 ? 3 : 1); seed++) {
            uint64_t s = (uint64_t)seed * 7919 + (uint64_t)mode;
            sg_coo coo[MAXT * MAXT];
            golden_binding b[MAXT * MAXT];
            memset(b, 0, sizeof b);
            for (int i = 0; i < nds; i++) {
                /* dense-format inputs and scalars stay full so that the
                 * whole space is exercised; others take the mode */
                fill(&ds[i], ds[i].order == 0 ? 3 : mode, &s);
                to_coo(&ds[i], &coo[i]);
                b[i].name = ds[i].name;
                if (ds[i].order == 0) {
                    b[i].is_scalar = 1;
                    b[i].scalar = ds[i].v[0];
                } else {
                    b[i].coo = &coo[i];
                }
            }
            evaluate(&x, ds, nds, &out);
            for (int eng = 0; eng < 3; eng++) {
                golden_opts o;
                sg_test_engine_opts(&o, eng);
                golden_result r;
                sg_err e;
                sg_err_clear(&e);
                int rc = sg_golden_run(g, b, nds, &o, &r, &e);
                if (rc < 0 || r.deadlock)
                    fail_msg("%s (mode %d seed %d engine %d): %s", k->graph, mode, seed, eng, e.msg);
                char what[128];
                snprintf(what, sizeof what, "%s mode %d seed %d engine %d", k->graph, mode, seed, eng);
                assert_int_equal(r.n_out, 1);
                if (sg_test_compare(&r.out[0].coo, &out, what))
                    fail_msg("%s: the output differs from the dense evaluation", what);
                sg_golden_result_free(&r);
                runs++;
            }
            for (int i = 0; i < nds; i++)
                sg_coo_free(&coo[i]);
        }
    for (int i = 0; i < nds; i++)
        free(ds[i].v);
    free(out.v);
    return runs;
}

static void test_custard_kernels(void **state)
{
    (void)state;
    const char *sh = sg_test_shared("custard kernels");
    if (!sh)
        return;
    int done = 0;
    for (size_t i = 0; i < sizeof kernels / sizeof kernels[0]; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%.3000s/graphs/custard/%s.gv", sh, kernels[i].graph);
        sg_graph g;
        sg_err e;
        if (sg_test_try_read_graph(path, &g, &e) < 0) {
            if (i == 0) {
                printf("SKIP custard kernels: %s\n", e.msg);
                return;
            }
            fail_msg("%s", e.msg);
        }
        int n = run_kernel(&g, &kernels[i]);
        printf("%-40s %d runs ok\n", kernels[i].graph, n);
        done++;
        sg_graph_free(&g);
    }
    assert_int_equal(done, (int)(sizeof kernels / sizeof kernels[0]));
}

static void test_not_executable(void **state)
{
    (void)state;
    const char *sh = sg_test_shared("not-executable graphs");
    if (!sh)
        return;
    const char *names[] = {"mat_residual", "mat_mattransmul", "vec_sd_compression_WRONG"};
    for (int i = 0; i < 3; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%.3000s/graphs/custard/%s.gv", sh, names[i]);
        sg_graph g;
        sg_err e;
        if (sg_test_try_read_graph(path, &g, &e) == 0) {
            assert_int_equal(sg_golden_check_executable(&g, &e), -1);
            assert_non_null(strstr(e.msg, "not executable"));
        }
        sg_graph_free(&g);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_custard_kernels),
        cmocka_unit_test(test_not_executable),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
