/*
 * bench_golden_fp.c - the golden model's functional engine on real numbers
 * against integers.
 *
 *   bench_golden_fp EXAMPLES_DIR [SCALE]
 *
 * Runs examples/spmv.gv and examples/matmul_ikj.gv with the functional
 * engine on one generated matrix each (uniform pattern, fixed seeds), once
 * with int32 values and once with fp32 values, and prints the tokens per
 * second of each and the ratio int32 / fp32 (how many times slower real
 * numbers are; the target is at most 2).  The two runs see the same
 * coordinates and the same token counts; the fp32 values are
 * +-(0.37 v + 0.01 k) for the int32 value v of entry k, reals that every
 * add and mul has to round.  Times are the process's CPU time around
 * sg_golden_run (the machines that run it are shared), the best of 5
 * alternating runs of each type.  SCALE (default 1) multiplies the
 * matrices' sides; SCALE 1 takes about a second per int32 run.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/fp.h"
#include "core/value.h"
#include "front/dot.h"
#include "golden/golden.h"

static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static int gen(int order, int64_t n, double density, uint64_t seed, sg_coo *t)
{
    sg_gen_opts go;
    sg_gen_opts_default(&go);
    go.order = order;
    for (int m = 0; m < order; m++)
        go.shape[m] = n;
    go.density = density;
    go.seed = seed;
    sg_err e;
    sg_err_clear(&e);
    if (sg_tensor_gen(&go, t, &e) < 0) {
        printf("SKIP: %s\n", e.msg);
        return -1;
    }
    return 0;
}

/* The fp32 copy of an int32 tensor: same coordinates, real values. */
static void to_fp32(const sg_coo *in, sg_coo *out)
{
    sg_coo_init(out, in->order, in->shape);
    for (size_t k = 0; k < in->nnz; k++) {
        double x = 0.37 * (double)in->val[k] + 0.01 * (double)(k % 97);
        if (k % 3 == 0)
            x = -x;
        sg_fp_f32 b = sg_fp_f32_from_double(x);
        sg_coo_push(out, in->crd + k * (size_t)in->order, (int64_t)(int32_t)b);
    }
    out->vt = SG_VT_FP32;
}

/* One run; its CPU seconds, -1 on failure.  *tokens gets the token count. */
static double run(const sg_graph *g, const sg_coo *B, const sg_coo *C, int vt,
                  uint64_t *tokens)
{
    golden_opts o;
    sg_golden_opts_default(&o);
    o.engine = GOLDEN_FUNC;
    o.vt = vt;
    o.width = 32;
    o.read.vt = vt;
    o.read.width = 32;
    golden_binding b[2];
    memset(b, 0, sizeof b);
    b[0].name = "B";
    b[0].coo = B;
    b[1].name = C->order == 1 ? "c" : "C";
    b[1].coo = C;
    golden_result r;
    sg_err e;
    sg_err_clear(&e);
    double t0 = cpu_s();
    int rc = sg_golden_run(g, b, 2, &o, &r, &e);
    double t = cpu_s() - t0;
    *tokens = r.tokens_total;
    sg_golden_result_free(&r);
    if (rc < 0) {
        printf("bench_golden_fp: %s\n", e.msg);
        return -1;
    }
    return t;
}

static void kernel(const char *dir, const char *name, int64_t n, double density)
{
    char p[4096];
    snprintf(p, sizeof p, "%.3000s/%s.gv", dir, name);
    sg_graph g;
    memset(&g, 0, sizeof g);
    sg_err e;
    sg_err_clear(&e);
    if (sg_graph_read(p, &g, &e) < 0) {
        printf("SKIP %s: %s\n", name, e.msg);
        sg_graph_free(&g);
        return;
    }
    int spmv = strcmp(name, "spmv") == 0;
    sg_coo Bi, Ci, Bf, Cf;
    memset(&Bi, 0, sizeof Bi);
    memset(&Ci, 0, sizeof Ci);
    if (gen(2, n, density, 7, &Bi) < 0 ||
        gen(spmv ? 1 : 2, n, spmv ? 0.5 : density, 8, &Ci) < 0) {
        sg_coo_free(&Bi);
        sg_coo_free(&Ci);
        sg_graph_free(&g);
        return;
    }
    to_fp32(&Bi, &Bf);
    to_fp32(&Ci, &Cf);
    double best_i = 1e30, best_f = 1e30;
    uint64_t tok_i = 0, tok_f = 0;
    for (int rep = 0; rep < 5; rep++) {
        double ti = run(&g, &Bi, &Ci, 0, &tok_i);
        double tf = run(&g, &Bf, &Cf, SG_VT_FP32, &tok_f);
        if (ti < 0 || tf < 0)
            goto out;
        if (ti < best_i)
            best_i = ti;
        if (tf < best_f)
            best_f = tf;
    }
    printf("functional %-10s %lldx%lld %5.3f  int32 %11llu tokens %7.3f s %7.1f Mtokens/s\n",
           name, (long long)n, (long long)n, density, (unsigned long long)tok_i, best_i,
           (double)tok_i / best_i / 1e6);
    printf("functional %-10s %lldx%lld %5.3f  fp32  %11llu tokens %7.3f s %7.1f Mtokens/s\n",
           name, (long long)n, (long long)n, density, (unsigned long long)tok_f, best_f,
           (double)tok_f / best_f / 1e6);
    printf("%-10s int32 / fp32 tokens per second: %.2fx (target at most 2)%s\n", name,
           ((double)tok_i / best_i) / ((double)tok_f / best_f),
           tok_i == tok_f ? "" : "; TOKEN COUNTS DIFFER");
out:
    sg_coo_free(&Bi);
    sg_coo_free(&Ci);
    sg_coo_free(&Bf);
    sg_coo_free(&Cf);
    sg_graph_free(&g);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : "examples";
    double scale = argc > 2 ? atof(argv[2]) : 1.0;
    if (!(scale > 0 && scale <= 100)) {
        fprintf(stderr, "bench_golden_fp: SCALE must be in (0, 100]\n");
        return 2;
    }
    kernel(dir, "spmv", (int64_t)(7000 * scale), 0.05);
    kernel(dir, "matmul_ikj", (int64_t)(1200 * scale), 0.05);
    return 0;
}
