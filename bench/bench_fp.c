/*
 * bench_fp.c - how fast the software floating-point unit is.
 *
 * Times sg_fp_f32_add, sg_fp_f32_mul, sg_fp_bf16_add and sg_fp_bf16_mul
 * over arrays of random finite operands (TestFloat-style, NaN and inf
 * left out), and the native int32 add and mul over the same arrays as the
 * baseline the golden model computes with today.  Prints the operations
 * per second of each and the slowdown ratio native / software.  The
 * figures use the process's CPU time (the machines that run it are
 * shared); each is the best of 5 passes.
 *
 *   bench_fp [MILLION_OPS]      (default 20 per pass)
 */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "core/fp.h"

#define N 4096

static double cpu_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

typedef enum { I32_ADD, I32_MUL, F32_ADD, F32_MUL, B16_ADD, B16_MUL } kind;

/* One pass: reps times over the arrays; returns the CPU seconds. */
static double pass(kind k, const uint32_t *a, const uint32_t *b, uint32_t *out,
                   long reps)
{
    double t0 = cpu_s();
    for (long r = 0; r < reps; r++) {
        switch (k) {
        case I32_ADD:
            for (int i = 0; i < N; i++)
                out[i] = (uint32_t)((int32_t)a[i] + (int32_t)(b[i] >> 1));
            break;
        case I32_MUL:
            for (int i = 0; i < N; i++)
                out[i] = a[i] * b[i];     /* int32 mul, modulo 2^32 */
            break;
        case F32_ADD:
            for (int i = 0; i < N; i++)
                out[i] = sg_fp_f32_add(a[i], b[i]);
            break;
        case F32_MUL:
            for (int i = 0; i < N; i++)
                out[i] = sg_fp_f32_mul(a[i], b[i]);
            break;
        case B16_ADD:
            for (int i = 0; i < N; i++)
                out[i] = sg_fp_bf16_add((sg_fp_bf16)a[i], (sg_fp_bf16)b[i]);
            break;
        case B16_MUL:
            for (int i = 0; i < N; i++)
                out[i] = sg_fp_bf16_mul((sg_fp_bf16)a[i], (sg_fp_bf16)b[i]);
            break;
        }
        /* keep the compiler from folding the repetitions */
        __asm__ volatile("" : : "r"(out) : "memory");
    }
    return cpu_s() - t0;
}

static double best_rate(kind k, const uint32_t *a, const uint32_t *b,
                        uint32_t *out, long reps)
{
    double best = 1e30;
    for (int p = 0; p < 5; p++) {
        double t = pass(k, a, b, out, reps);
        if (t < best)
            best = t;
    }
    return (double)reps * N / (best > 1e-9 ? best : 1e-9);
}

static void fill(sg_fp_type t, uint32_t *a, uint32_t *b, uint64_t seed)
{
    uint32_t emask = t == SG_FP_F32 ? 0x7F800000u : 0x7F80u;
    for (int i = 0; i < N; i++) {
        do
            sg_fp_rand_pair(t, &seed, &a[i], &b[i]);
        while ((a[i] & emask) == emask || (b[i] & emask) == emask);
    }
}

int main(int argc, char **argv)
{
    double mops = argc > 1 ? atof(argv[1]) : 20;
    if (!(mops > 0))
        mops = 20;
    long reps = (long)(mops * 1e6 / N) + 1;
    static uint32_t a[N], b[N], ha[N], hb[N], out[N];
    fill(SG_FP_F32, a, b, 1);
    fill(SG_FP_BF16, ha, hb, 2);
    double i_add = best_rate(I32_ADD, a, b, out, reps);
    double i_mul = best_rate(I32_MUL, a, b, out, reps);
    double f_add = best_rate(F32_ADD, a, b, out, reps);
    double f_mul = best_rate(F32_MUL, a, b, out, reps);
    double h_add = best_rate(B16_ADD, ha, hb, out, reps);
    double h_mul = best_rate(B16_MUL, ha, hb, out, reps);
    printf("bench_fp: %.0f M operations per pass, best of 5, CPU time\n",
           (double)reps * N / 1e6);
    printf("  int32 add       %8.1f Mops/s\n", i_add / 1e6);
    printf("  int32 mul       %8.1f Mops/s\n", i_mul / 1e6);
    printf("  sg_fp_f32_add   %8.1f Mops/s   int32/fp32 add ratio %.1f\n",
           f_add / 1e6, i_add / f_add);
    printf("  sg_fp_f32_mul   %8.1f Mops/s   int32/fp32 mul ratio %.1f\n",
           f_mul / 1e6, i_mul / f_mul);
    printf("  sg_fp_bf16_add  %8.1f Mops/s   int32/bf16 add ratio %.1f\n",
           h_add / 1e6, i_add / h_add);
    printf("  sg_fp_bf16_mul  %8.1f Mops/s   int32/bf16 mul ratio %.1f\n",
           h_mul / 1e6, i_mul / h_mul);
    return 0;
}
