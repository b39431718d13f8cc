/*
 * bench_golden.c - speed of the golden model and the Figure-13 skipping
 * experiment.
 *
 *   bench_golden SHARED_DIR
 *   bench_golden SHARED_DIR one KERNEL MATRIX func|cycle
 *
 * The second form runs one engine once on one kernel (for instruction
 * counts under `valgrind --tool=callgrind --toggle-collect=engine_*_run`).
 *
 * 1. Functional engine: tokens per second summed over all edges on
 *    matmul_ikj and mat_sddmm with a real matrix (target >= 200M/s).
 * 2. Cycle engine: simulated cycles per second on the same runs
 *    (target >= 20M/s).
 * 3. SAM Figure 13: x = b .* c on 2000-long vectors at 20% density,
 *    patterns urandom / runs / blocks; cycles without and with ExTensor
 *    skipping (CAM size 32) and their ratio.  The outputs must agree.
 * Needs SHARED_DIR/graphs and SHARED_DIR/data; prints SKIP otherwise.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "golden/golden.h"
#include "front/dot.h"

static int run_mode(const sg_graph *g, golden_binding *b, int nb,
                    golden_engine eng, int skip, int loop, golden_result *r)
{
    golden_opts o;
    sg_golden_opts_default(&o);
    o.engine = eng;
    o.skip = skip;
    o.cycle_loop = loop;
    sg_err e;
    sg_err_clear(&e);
    if (sg_golden_run(g, b, nb, &o, r, &e) < 0 || r->deadlock) {
        fprintf(stderr, "bench_golden: %s\n", e.msg);
        return -1;
    }
    return 0;
}

static int run(const sg_graph *g, golden_binding *b, int nb, golden_engine eng,
               int skip, golden_result *r)
{
    return run_mode(g, b, nb, eng, skip, 0, r);
}

/* Best wall time of three cycle-engine runs (timed mode, or the
 * cycle-by-cycle loop); the cycle count in *cycles. */
static double cycle_best(const sg_graph *g, golden_binding *b, int nb,
                         int loop, uint64_t *cycles)
{
    double best = 1e30;
    for (int rep = 0; rep < 3; rep++) {
        golden_result r;
        if (run_mode(g, b, nb, GOLDEN_CYCLE, 0, loop, &r) < 0)
            return -1;
        if (r.wall_s < best)
            best = r.wall_s;
        *cycles = r.cycles;
        sg_golden_result_free(&r);
    }
    return best;
}

static int load(const char *sh, const char *name, sg_graph *g)
{
    char p[4096];
    snprintf(p, sizeof p, "%.3000s/graphs/custard/%s.gv", sh, name);
    sg_err e;
    sg_err_clear(&e);
    memset(g, 0, sizeof *g);
    if (sg_graph_read(p, g, &e) < 0) {
        printf("SKIP %s: %s\n", name, e.msg);
        sg_graph_free(g);
        return -1;
    }
    return 0;
}

static void throughput(const char *sh, const char *kernel, const char *mtx,
                       int only)
{
    sg_graph g;
    if (load(sh, kernel, &g) < 0)
        return;
    char p[4096];
    snprintf(p, sizeof p, "%.3000s/data/mtx/%s.mtx", sh, mtx);
    sg_coo B, C, D;
    sg_err e;
    sg_err_clear(&e);
    if (sg_tensor_read(p, NULL, NULL, &B, &e) < 0) {
        printf("SKIP %s: %s\n", kernel, e.msg);
        sg_graph_free(&g);
        return;
    }
    /* mat_sddmm: X = B .* (C D) with dense C (n x k), D (k x n), k = 8 */
    int64_t k = 8;
    int64_t sc[2] = {B.shape[0], k}, sd[2] = {k, B.shape[1]};
    sg_coo_init(&C, 2, sc);
    sg_coo_init(&D, 2, sd);
    for (int64_t i = 0; i < sc[0]; i++)
        for (int64_t j = 0; j < k; j++) {
            int64_t x[2] = {i, j};
            sg_coo_push(&C, x, (i + j) % 7 + 1);
        }
    for (int64_t i = 0; i < k; i++)
        for (int64_t j = 0; j < sd[1]; j++) {
            int64_t x[2] = {i, j};
            sg_coo_push(&D, x, (i * 3 + j) % 5 + 1);
        }
    golden_binding b[3];
    memset(b, 0, sizeof b);
    b[0].name = "B";
    b[0].coo = &B;
    b[1].name = "C";
    b[1].coo = strcmp(kernel, "mat_sddmm") ? &B : &C;
    b[2].name = "D";
    b[2].coo = &D;
    int nb = strcmp(kernel, "mat_sddmm") ? 2 : 3;
    golden_result r;
    double best = 1e30;
    uint64_t tok = 0;
    if (only) {
        if (run(&g, b, nb, only == 1 ? GOLDEN_FUNC : GOLDEN_CYCLE, 0, &r) == 0) {
            printf("%s %s %s: %llu tokens, %llu cycles, %.4f s\n",
                   only == 1 ? "functional" : "cycle", kernel, mtx,
                   (unsigned long long)r.tokens_total, (unsigned long long)r.cycles,
                   r.wall_s);
            sg_golden_result_free(&r);
        }
        goto out;
    }
    for (int rep = 0; rep < 3; rep++) {
        if (run(&g, b, nb, GOLDEN_FUNC, 0, &r) < 0)
            goto out;
        if (r.wall_s < best)
            best = r.wall_s;
        tok = r.tokens_total;
        sg_golden_result_free(&r);
    }
    printf("functional %-12s %-10s %12llu tokens %8.4f s %8.1f Mtokens/s (target 200)\n",
           kernel, mtx, (unsigned long long)tok, best, (double)tok / best / 1e6);
    uint64_t cyc = 0, cyc_loop = 0;
    double t = cycle_best(&g, b, nb, 0, &cyc);
    double tl = cycle_best(&g, b, nb, 1, &cyc_loop);
    if (t < 0 || tl < 0)
        goto out;
    printf("cycle      %-12s %-10s %12llu cycles %8.4f s %8.2f Mcycles/s (target 20)\n",
           kernel, mtx, (unsigned long long)cyc, t, (double)cyc / t / 1e6);
    printf("cycle loop %-12s %-10s %12llu cycles %8.4f s %8.2f Mcycles/s "
           "(timed mode %.2fx faster%s)\n",
           kernel, mtx, (unsigned long long)cyc_loop, tl,
           (double)cyc_loop / tl / 1e6, tl / t,
           cyc == cyc_loop ? "" : "; CYCLE COUNTS DIFFER");
out:
    sg_coo_free(&B);
    sg_coo_free(&C);
    sg_coo_free(&D);
    sg_graph_free(&g);
}

static void figure13(const char *sh)
{
    sg_graph g;
    if (load(sh, "vec_elemmul", &g) < 0)
        return;
    const sg_pattern pats[3] = {SG_PAT_UNIFORM, SG_PAT_RUNS, SG_PAT_BLOCKS};
    printf("\nFigure 13: x = b .* c, 2000-long vectors, 20%% nonzero, CAM T = 32\n");
    printf("| pattern | cycles, no skip | cycles, skip | skip / no skip | skips |\n");
    printf("|---|---|---|---|---|\n");
    for (int p = 0; p < 3; p++) {
        sg_coo v[2];
        for (int ph = 0; ph < 2; ph++) {
            sg_gen_opts go;
            sg_gen_opts_default(&go);
            go.order = 1;
            go.shape[0] = 2000;
            go.density = 0.2;
            go.pattern = pats[p];
            go.seed = pats[p] == SG_PAT_UNIFORM ? 11 + (uint64_t)ph : 11;
            go.phase = ph;
            go.run_length = 50;
            sg_err e;
            sg_err_clear(&e);
            if (sg_tensor_gen(&go, &v[ph], &e) < 0) {
                printf("SKIP figure 13: %s\n", e.msg);
                sg_graph_free(&g);
                return;
            }
        }
        golden_binding b[2];
        memset(b, 0, sizeof b);
        b[0].name = "b";
        b[0].coo = &v[0];
        b[1].name = "c";
        b[1].coo = &v[1];
        golden_result r0, r1;
        if (run(&g, b, 2, GOLDEN_CYCLE, 0, &r0) == 0) {
            if (run(&g, b, 2, GOLDEN_CYCLE, 32, &r1) == 0) {
                int same = r0.out[0].coo.nnz == r1.out[0].coo.nnz &&
                           !memcmp(r0.out[0].coo.val, r1.out[0].coo.val,
                                   r0.out[0].coo.nnz * sizeof(int64_t));
                printf("| %s | %llu | %llu | %.3f | %llu |%s\n", sg_pattern_name(pats[p]),
                       (unsigned long long)r0.cycles, (unsigned long long)r1.cycles,
                       (double)r1.cycles / (double)r0.cycles, (unsigned long long)r1.skips,
                       same ? "" : " OUTPUTS DIFFER");
                sg_golden_result_free(&r1);
            }
            sg_golden_result_free(&r0);
        }
        sg_coo_free(&v[0]);
        sg_coo_free(&v[1]);
    }
    sg_graph_free(&g);
}

int main(int argc, char **argv)
{
    const char *sh = argc > 1 ? argv[1] : getenv("SHARED");
    if (!sh || !*sh) {
        printf("SKIP bench_golden: SHARED is not set\n");
        return 0;
    }
    if (argc == 6 && !strcmp(argv[2], "one")) {
        throughput(sh, argv[3], argv[4], strcmp(argv[5], "cycle") ? 1 : 2);
        return 0;
    }
    throughput(sh, "matmul_ikj", "bcsstk10", 0);
    throughput(sh, "matmul_ikj", "lp_scsd1", 0);
    throughput(sh, "mat_sddmm", "bcsstk10", 0);
    figure13(sh);
    return 0;
}
