/*
 * bench_dot_long.c - reading a SAM graph with one very long line stays
 * linear in the line's length.
 *
 * usage: bench_dot_long [MB]
 * Builds, in memory, the vec_elemmul seed graph with one node statement
 * grown to MB (default 8) and to MB/4 megabytes, in three ways: many short
 * attributes (read), one long quoted string and one long comment (both
 * refused at the first token past the DOT token limit).  Prints the time of
 * each read and the ratio of the long to the short line; a linear reader
 * gives about 4, a quadratic one about 16.  Exits 1 when a ratio is above
 * 8 (and the long read took over 50 ms, so that noise on tiny times does
 * not count), 2 when the seed graph is missing.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "graph/graph.h"
#include "front/dot.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* The seed text with `fill` bytes of kind k inserted after the first
 * `type="mul"` (0: short attributes, 1: one quoted string, 2: a comment). */
static char *grow(const char *seed, int k, size_t fill, size_t *len)
{
    const char *at = strstr(seed, "type=\"mul\"");
    if (!at)
        return NULL;
    at += strlen("type=\"mul\"");
    size_t head = (size_t)(at - seed), tail = strlen(at);
    char *t = malloc(head + fill + tail + 64);
    if (!t)
        return NULL;
    memcpy(t, seed, head);
    size_t n = head;
    if (k == 0) {
        for (size_t i = 0; n - head + 16 <= fill; i++)
            n += (size_t)sprintf(t + n, " a%07zu=\"xxxxx\"", i % 10000000);
    } else {
        const char *open = k == 1 ? " note=\"" : " /*", *close = k == 1 ? "\"" : "*/";
        n += (size_t)sprintf(t + n, "%s", open);
        memset(t + n, 'x', fill);
        n += fill;
        n += (size_t)sprintf(t + n, "%s", close);
    }
    memcpy(t + n, at, tail + 1);
    *len = n + tail;
    return t;
}

static double time_read(const char *text, size_t len, int *ok)
{
    sg_graph g;
    sg_err e;
    sg_err_clear(&e);
    double t0 = now_s();
    int rc = sg_graph_read_mem(text, len, "long.gv", &g, &e);
    double t = now_s() - t0;
    if (rc == 0)
        sg_graph_free(&g);
    *ok = rc == 0;
    return t;
}

int main(int argc, char **argv)
{
    size_t mb = argc > 1 ? (size_t)atoi(argv[1]) : 8;
    if (mb < 4)
        mb = 4;
    const char *path = "bench/fuzz/corpus/fuzz_graph/vec_elemmul.gv";
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "bench_dot_long: cannot open %s (run from the source root)\n", path);
        return 2;
    }
    static char seed[1 << 16];
    size_t sn = fread(seed, 1, sizeof seed - 1, f);
    fclose(f);
    seed[sn] = '\0';
    const char *what[] = {"short attributes", "one quoted string", "one comment"};
    int bad = 0;
    for (int k = 0; k < 3; k++) {
        double t[2];
        int ok[2];
        for (int s = 0; s < 2; s++) {
            size_t len, fill = (s ? mb : mb / 4) << 20;
            char *text = grow(seed, k, fill, &len);
            if (!text) {
                fprintf(stderr, "bench_dot_long: cannot build the text\n");
                return 2;
            }
            t[s] = time_read(text, len, &ok[s]);
            free(text);
        }
        double ratio = t[0] > 0 ? t[1] / t[0] : 0;
        printf("%-18s %2zu MB %8.3f s  %2zu MB %8.3f s  ratio %5.1f  (%s)\n",
               what[k], mb / 4, t[0], mb, t[1], ratio,
               ok[1] ? "read" : "refused");
        if (ratio > 8 && t[1] > 0.05)
            bad = 1;
    }
    printf(bad ? "bench_dot_long: FAILED (superlinear)\n"
               : "bench_dot_long: linear\n");
    return bad;
}
