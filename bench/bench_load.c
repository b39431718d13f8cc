/*
 * bench_load.c - how fast a Matrix Market file becomes a fibertree.
 *
 * Generates a 1M-nonzero matrix (uniform, 20000 x 20000, real values with
 * several digits, rows shuffled the way real files are column-sorted), writes
 * it as .mtx text, then times sg_tensor_read + sg_fibertree_build(ss01)
 * (best of 3) and prints MB/s of input text.  Target: >= 50 MB/s.  The
 * figure uses the process's CPU time, because the machines that run it are
 * shared (a loaded 2-core box stretches wall time several-fold); wall time
 * is printed beside it.
 *
 *   bench_load WORKDIR
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/tensor.h"

static double clock_s(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double now(void)
{
    return clock_s(CLOCK_PROCESS_CPUTIME_ID);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : ".";
    char path[4096];
    snprintf(path, sizeof path, "%s/bench_load_1m.mtx", dir);
    sg_err e;
    sg_err_clear(&e);
    sg_gen_opts g;
    sg_gen_opts_default(&g);
    g.order = 2;
    g.shape[0] = 20000;
    g.shape[1] = 20000;
    g.density = 1e6 / (20000.0 * 20000.0);
    g.seed = 1;
    g.max_value = 1000000;
    sg_coo t;
    if (sg_tensor_gen(&g, &t, &e) < 0) {
        fprintf(stderr, "%s\n", e.msg);
        return 1;
    }
    /* Column-major like SuiteSparse files, real values with decimals. */
    int mo[2] = {1, 0};
    sg_coo_sort(&t, mo);
    FILE *f = fopen(path, "w");
    if (!f) {
        perror(path);
        return 1;
    }
    fprintf(f, "%%%%MatrixMarket matrix coordinate real general\n");
    fprintf(f, "%lld %lld %zu\n", (long long)t.shape[0], (long long)t.shape[1],
            t.nnz);
    for (size_t i = 0; i < t.nnz; i++)
        fprintf(f, "%lld %lld %.6e\n", (long long)t.crd[2 * i] + 1,
                (long long)t.crd[2 * i + 1] + 1, (double)t.val[i] / 997.0);
    if (fclose(f) != 0) {
        perror(path);
        return 1;
    }
    size_t nnz = t.nnz;
    sg_coo_free(&t);
    FILE *s = fopen(path, "r");
    fseek(s, 0, SEEK_END);
    double mb = (double)ftell(s) / 1e6;
    fclose(s);

    sg_format fmt;
    sg_format_parse("ss01", &fmt, &e);
    double best = 1e30, best_read = 0, best_wall = 1e30;
    for (int rep = 0; rep < 3; rep++) {
        double w0 = clock_s(CLOCK_MONOTONIC);
        double t0 = now();
        sg_coo m;
        if (sg_tensor_read(path, NULL, NULL, &m, &e) < 0) {
            fprintf(stderr, "%s\n", e.msg);
            return 1;
        }
        double t1 = now();
        sg_fibertree ft;
        if (sg_fibertree_build(&m, &fmt, &ft, &e) < 0) {
            fprintf(stderr, "%s\n", e.msg);
            return 1;
        }
        double t2 = now();
        double w2 = clock_s(CLOCK_MONOTONIC);
        if (w2 - w0 < best_wall)
            best_wall = w2 - w0;
        if (ft.nvals != nnz) {
            fprintf(stderr, "bench_load: %zu values, expected %zu\n",
                    ft.nvals, nnz);
            return 1;
        }
        sg_fibertree_free(&ft);
        sg_coo_free(&m);
        if (t2 - t0 < best) {
            best = t2 - t0;
            best_read = t1 - t0;
        }
    }
    double rate = mb / best;
    printf("bench_load: %zu nonzeros, %.1f MB of .mtx text\n", nnz, mb);
    printf("bench_load: CPU time: read %.3f s + ss01 fibertree %.3f s = "
           "%.3f s: %.1f MB/s (target >= 50 MB/s) %s\n", best_read,
           best - best_read, best, rate, rate >= 50 ? "PASS" : "BELOW TARGET");
    printf("bench_load: wall time %.3f s: %.1f MB/s\n", best_wall,
           mb / best_wall);
    if (!getenv("BENCH_KEEP"))
        remove(path);
    return 0;
}
