/*
 * bench_compile.c - how long `samgen compile` takes per expression.
 *
 * Compiles each expression (parse, formats, schedule, lowering to the typed
 * graph, DOT text into memory) many times and prints the mean time per
 * compile.  Target: under 10 ms for every expression; the program exits 1
 * when one is slower.
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "front/einsum.h"
#include "graph/graph.h"

typedef struct bcase {
    const char *name, *expr, *f[5], *s;
} bcase;

static const bcase cases[] = {
    {"matmul_ikj", "X(i,j)=B(i,k)*C(k,j)", {"X:ss", "B:ss", "C:ss"}, "reorder(i,k,j)"},
    {"matmul_kij", "X(i,j)=B(i,k)*C(k,j)", {"X:ss", "B:ss:1,0", "C:ss"}, "reorder(k,i,j)"},
    {"mat_sddmm", "X(i,j)=B(i,j)*C(i,k)*D(k,j)", {"X:ss", "B:ss", "C:dd", "D:dd:1,0"}, "reorder(i,j,k)"},
    {"mat_mattransmul", "x(i)=b*C(j,i)*d(j)+e*f(i)", {"x:s", "C:ss:1,0", "d:s", "f:s"}, NULL},
    {"tensor3_mttkrp", "X(i,j)=B(i,k,l)*C(j,k)*D(j,l)", {"X:ss", "B:sss", "C:ss", "D:ss"}, NULL},
    {"tensor4_mul", "X(i,j,k,l)=B(i,j,k,l)*C(i,j,k,l)", {NULL}, NULL},
    {"sum_of_products", "X(i,j)=B(i,j)*C(i,j)+D(i,j)-2*E(i,j)*F(i,j)", {NULL}, NULL},
    {"four_way", "x(i)=a(i)*b(i)*c(i)*d(i)*e(i)", {NULL}, NULL},
};

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

int main(void)
{
    int slow = 0;
    const int reps = 200;
    printf("%-18s %10s %8s %8s\n", "expression", "ms/compile", "nodes", "edges");
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const bcase *c = &cases[i];
        int nf = 0;
        while (nf < 5 && c->f[nf])
            nf++;
        size_t nodes = 0, edges = 0;
        double t0 = now();
        for (int r = 0; r < reps; r++) {
            sg_graph g;
            sg_err e;
            if (sg_einsum_compile(c->expr, c->f, nf, &c->s, c->s ? 1 : 0, c->name, &g, &e)) {
                fprintf(stderr, "%s: %s\n", c->name, e.msg);
                return 1;
            }
            char *buf = NULL;
            size_t len = 0;
            FILE *f = open_memstream(&buf, &len);
            if (!f || sg_graph_write_dot_stream(&g, f) < 0) {
                fprintf(stderr, "%s: cannot write the graph\n", c->name);
                return 1;
            }
            fclose(f);
            free(buf);
            nodes = g.n_nodes;
            edges = g.n_edges;
            sg_graph_free(&g);
        }
        double ms = (now() - t0) * 1e3 / reps;
        printf("%-18s %10.4f %8zu %8zu%s\n", c->name, ms, nodes, edges,
               ms < 10.0 ? "" : "  SLOWER THAN 10 ms");
        slow |= ms >= 10.0;
    }
    return slow;
}
