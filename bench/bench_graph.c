/*
 * bench_graph.c - time reading and checking every shared SAM graph.
 *
 * usage: bench_graph DIR [PASSES]
 * Reads and checks every .gv file under DIR/{custard,onyx,opal}, PASSES
 * times (default 20), and prints the time of one full pass (all graphs),
 * the best and the mean, plus the per-graph mean.  The target is well
 * under one second per pass.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "graph/graph.h"
#include "front/dot.h"

static double clock_s(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: bench_graph GRAPHS_DIR [PASSES]\n");
        return 2;
    }
    int passes = argc > 2 ? atoi(argv[2]) : 20;
    if (passes < 1)
        passes = 1;
    const char *sets[] = {"custard", "onyx", "opal"};
    char **paths = NULL;
    size_t n = 0, cap = 0;
    for (int s = 0; s < 3; s++) {
        char dir[1024];
        snprintf(dir, sizeof dir, "%s/%s", argv[1], sets[s]);
        DIR *d = opendir(dir);
        if (!d)
            continue;
        struct dirent *de;
        while ((de = readdir(d))) {
            size_t l = strlen(de->d_name);
            if (l < 4 || strcmp(de->d_name + l - 3, ".gv") != 0)
                continue;
            if (n == cap) {
                cap = cap ? 2 * cap : 128;
                paths = realloc(paths, cap * sizeof *paths);
            }
            paths[n] = malloc(strlen(dir) + l + 2);
            sprintf(paths[n], "%s/%s", dir, de->d_name);
            n++;
        }
        closedir(d);
    }
    if (n == 0) {
        fprintf(stderr, "bench_graph: no .gv files under %s\n", argv[1]);
        return 2;
    }
    double best = 1e9, total = 0, cpu_best = 1e9;
    size_t nodes = 0, errors = 0, failed = 0;
    for (int p = 0; p < passes; p++) {
        double t0 = clock_s(CLOCK_MONOTONIC);
        double c0 = clock_s(CLOCK_PROCESS_CPUTIME_ID);
        nodes = errors = failed = 0;
        for (size_t i = 0; i < n; i++) {
            sg_graph g;
            sg_err e;
            sg_err_clear(&e);
            if (sg_graph_read(paths[i], &g, &e) < 0) {
                failed++;
                continue;
            }
            sg_diags d = {0};
            errors += (size_t)sg_graph_check(&g, &d);
            nodes += g.n_nodes;
            sg_diags_free(&d);
            sg_graph_free(&g);
        }
        double t = clock_s(CLOCK_MONOTONIC) - t0;
        double ct = clock_s(CLOCK_PROCESS_CPUTIME_ID) - c0;
        if (ct < cpu_best)
            cpu_best = ct;
        total += t;
        if (t < best)
            best = t;
    }
    printf("graph read+check: %zu graphs, %zu nodes, %zu unreadable, %zu check errors\n",
           n, nodes, failed, errors);
    printf("graph read+check: one pass best %.2f ms wall (%.2f ms CPU), mean %.2f ms "
           "wall over %d passes (%.1f us CPU per graph; target < 1000 ms)\n",
           best * 1e3, cpu_best * 1e3, total / passes * 1e3, passes,
           cpu_best / (double)n * 1e6);
    for (size_t i = 0; i < n; i++)
        free(paths[i]);
    free(paths);
    return failed ? 1 : 0;
}
