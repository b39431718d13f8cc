/*
 * fp_prim_vec.c - random token-stream cases for the value primitives with
 * real numbers (sam_alu, sam_reduce, sam_spacc, sam_vectorreducer with
 * ValType 1 or 2), expected streams computed with the C model core/fp.h.
 *
 * usage: fp_prim_vec PRIM TYPE SEED N OUTDIR
 *
 * PRIM is alu, reduce, spacc or vectorreducer; TYPE fp32 or bf16.  Writes
 * N case files OUTDIR/fp_<i>.txt in the vectors format the per-primitive
 * benches read (testbenches/run_bench.sh, tb_vec): one line per stream,
 * "name: tok tok ...", a value written as the unsigned decimal of its bit
 * pattern.  Case 0 is an empty input (D alone); alu cases cycle through
 * the nine ops (param_op 0 to 6, 8 div and 7 exp), cases 1 to 9 every pair of the directed corners
 * for each op (for smax, smul and exp the corners as the one operand) and spacc cases through ValStops 0 and 1
 * (param_val_stkn).
 *
 * Values: one in ten a directed corner (signed zeros, subnormals, the
 * smallest normal, 1, -3, the largest finite, infinities, NaNs), three in
 * ten sg_fp_rand_operand (exponents biased toward the edges), the rest
 * moderate numbers (exponent within 8 of 1's), so that sums do not all
 * end at infinity or NaN.
 *
 * The expected streams follow the primitives' token rules
 * (docs/primitives.md), with every arithmetic step the C model's:
 *   alu      pairwise; two numbers give sg_fp_binop (div: a / b; smax: max(a, +0),
 *            smul: a * -3, the bench's constants; exp: sg_fp_unop of a), two control tokens the
 *            first, a number against a control token the number (+0 for
 *            mul) and only the number is consumed; N counts as +0.
 *   reduce   each fiber's sum from +0, numbers added in token order (N
 *            skipped); S0 emits the sum, Sk (k >= 1) the sum then S(k-1),
 *            D gives D.
 *   spacc    order 1: rows with increasing outer coordinates, points with
 *            repeated inner coordinates; each row's inner coordinates
 *            ascending with their sums (from +0, in token order), S0
 *            after each row (S1 after the last), then S0 on the outer
 *            stream and D on all three.
 *   vectorreducer  rows of fibers (S0 between fibers, S1 after a row, S2
 *            after the last one): each row's coordinates merged ascending
 *            with their sums, then S(k-1); an empty row is a bare stop.
 * Exit 2 on bad usage or when a file cannot be written.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/fp.h"

#define MAXT 4096

typedef struct {   /* one token: kind 'd' number, 'n' N, 's' stop, 'D' done */
    char k;
    uint32_t v;     /* number's bits or stop level */
} tok;

typedef struct {
    tok t[MAXT];
    int n;
} strm;

static uint64_t rng_next(uint64_t *s)
{
    uint64_t x = *s;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return *s = x;
}

static unsigned rnd(uint64_t *s, unsigned n) { return (unsigned)(rng_next(s) % n); }

static void put(strm *st, char k, uint32_t v)
{
    if (st->n < MAXT) {
        st->t[st->n].k = k;
        st->t[st->n].v = v;
        st->n++;
    }
}

#define NCORNER 12

/* The directed corners: +0, -0, the smallest subnormal (both signs), the
 * smallest normal, 1, -3, the largest finite, +inf, -inf, a quiet and a
 * signalling NaN. */
static uint32_t corner(sg_fp_type t, int i)
{
    int F = t == SG_FP_F32 ? 23 : 7;
    uint32_t sign = UINT32_C(1) << (F + 8), one = UINT32_C(127) << F;
    const uint32_t c[NCORNER] = {
        0, sign, 1, sign | 1, UINT32_C(1) << F, one, sign | (UINT32_C(128) << F) | (UINT32_C(1) << (F - 1)),
        (UINT32_C(0xFE) << F) | ((UINT32_C(1) << F) - 1), UINT32_C(0xFF) << F,
        sign | (UINT32_C(0xFF) << F), (UINT32_C(0xFF) << F) | (UINT32_C(1) << (F - 1)),
        (UINT32_C(0xFF) << F) | 1,
    };
    return c[i];
}

static uint32_t value(sg_fp_type t, uint64_t *s)
{
    int F = t == SG_FP_F32 ? 23 : 7;
    uint32_t sign = UINT32_C(1) << (F + 8);
    unsigned r = rnd(s, 10);
    if (r == 0)
        return corner(t, (int)rnd(s, NCORNER));
    if (r <= 3)
        return sg_fp_rand_operand(t, s);
    uint32_t e = 119 + rnd(s, 17);
    uint32_t f = (uint32_t)rng_next(s) & ((UINT32_C(1) << F) - 1);
    return (rnd(s, 2) ? sign : 0) | (e << F) | f;
}

static void print_line(FILE *f, const char *name, const strm *st)
{
    fprintf(f, "%s:", name);
    for (int i = 0; i < st->n; i++) {
        const tok *x = &st->t[i];
        switch (x->k) {
        case 'd': fprintf(f, " %" PRIu32, x->v); break;
        case 'n': fprintf(f, " N"); break;
        case 's': fprintf(f, " S%" PRIu32, x->v); break;
        default: fprintf(f, " D"); break;
        }
    }
    fprintf(f, "\n");
}

/* ---- alu ---------------------------------------------------------------- */

static void gen_alu(sg_fp_type t, uint64_t *s, int empty, int corners, int op, FILE *f)
{
    static strm a, b, o;
    a.n = b.n = o.n = 0;
    int one = op == 5 || op == 6 || op == 8;   /* 8: exp */
    uint32_t m3 = t == SG_FP_F32 ? UINT32_C(0xC0400000) : UINT32_C(0xC040);
    if (corners) {    /* every pair of corners, one fiber */
        for (int i = 0; i < NCORNER; i++)
            for (int j = 0; j < NCORNER; j++) {
                put(&a, 'd', corner(t, i));
                put(&b, 'd', corner(t, j));
            }
        put(&a, 's', 0);
        put(&b, 's', 0);
    } else if (!empty) {
        int fibers = 1 + (int)rnd(s, 6);
        for (int i = 0; i < fibers; i++) {
            int la = (int)rnd(s, 8), lb = la;
            if (!one && rnd(s, 4) == 0)
                lb = (int)rnd(s, 8);      /* misaligned: numbers against a stop */
            for (int j = 0; j < la; j++) {
                if (rnd(s, 12) == 0) put(&a, 'n', 0);
                else put(&a, 'd', value(t, s));
            }
            for (int j = 0; j < lb; j++) {
                if (rnd(s, 12) == 0) put(&b, 'n', 0);
                else put(&b, 'd', value(t, s));
            }
            uint32_t lvl = i == fibers - 1 ? 1 : 0;
            put(&a, 's', lvl);
            put(&b, 's', lvl);
        }
    }
    put(&a, 'D', 0);
    put(&b, 'D', 0);
    static const sg_fp_op fop[] = {SG_FP_MUL, SG_FP_ADD, SG_FP_SUB, SG_FP_MAX,
                                   SG_FP_MIN, SG_FP_MAX, SG_FP_MUL, SG_FP_DIV};
    int i = 0, j = 0;
    while (i < a.n && (one || j < b.n)) {
        tok x = a.t[i];
        int xn = x.k == 'd' || x.k == 'n';
        uint32_t xv = x.k == 'd' ? x.v : 0;
        if (one) {
            if (xn && op == 8) put(&o, 'd', sg_fp_unop(t, SG_FP_EXP, xv));
            else if (xn) put(&o, 'd', sg_fp_binop(t, fop[op], xv, op == 5 ? 0 : m3));
            else put(&o, x.k, x.v);
            i++;
            continue;
        }
        tok y = b.t[j];
        int yn = y.k == 'd' || y.k == 'n';
        uint32_t yv = y.k == 'd' ? y.v : 0;
        if (xn && yn) {
            put(&o, 'd', sg_fp_binop(t, fop[op], xv, yv));
            i++, j++;
        } else if (!xn && !yn) {
            put(&o, x.k, x.v);
            i++, j++;
        } else if (xn) {
            put(&o, 'd', op == 0 ? 0 : xv);
            i++;
        } else {       /* a lone subtrahend is negated: 0 - b */
            put(&o, 'd', op == 0 ? 0 : op == 2 ? yv ^ (t == SG_FP_F32 ? UINT32_C(0x80000000) : 0x8000u) : yv);
            j++;
        }
    }
    fprintf(f, "param_op: %d\n", op == 7 ? 8 : op == 8 ? 7 : op);   /* div Op 8, exp Op 7 */
    print_line(f, "in_val1", &a);
    print_line(f, "in_val2", one ? &a : &b);
    print_line(f, "out_val", &o);
}

/* ---- reduce ------------------------------------------------------------- */

static void gen_reduce(sg_fp_type t, uint64_t *s, int empty, FILE *f)
{
    static strm in, o;
    in.n = o.n = 0;
    uint32_t acc = 0;
    int fibers = empty ? 0 : 1 + (int)rnd(s, 10);
    for (int i = 0; i < fibers; i++) {
        int len = rnd(s, 4) == 0 ? 0 : (int)rnd(s, 12);   /* empty fibers too */
        for (int j = 0; j < len; j++) {
            if (rnd(s, 15) == 0) {
                put(&in, 'n', 0);
                continue;
            }
            uint32_t v = value(t, s);
            put(&in, 'd', v);
            acc = sg_fp_binop(t, SG_FP_ADD, acc, v);
        }
        uint32_t lvl = i == fibers - 1 ? 2 : rnd(s, 3) == 0 ? 1 : 0;
        put(&in, 's', lvl);
        put(&o, 'd', acc);
        if (lvl > 0)
            put(&o, 's', lvl - 1);
        acc = 0;
    }
    put(&in, 'D', 0);
    put(&o, 'D', 0);
    print_line(f, "in_val", &in);
    print_line(f, "out_val", &o);
}

/* ---- spacc (order 1) ---------------------------------------------------- */

static void gen_spacc(sg_fp_type t, uint64_t *s, int empty, int valstops, FILE *f)
{
    static strm io, ii, iv, oo, oi, ov;
    io.n = ii.n = iv.n = oo.n = oi.n = ov.n = 0;
    int rows = empty ? 0 : 1 + (int)rnd(s, 4);
    uint32_t outer = rnd(s, 4);
    for (int r = 0; r < rows; r++) {
        uint32_t sum[64];
        int occ[64] = {0};
        int pts = 1 + (int)rnd(s, 12), span = 2 + (int)rnd(s, 62);
        for (int p = 0; p < pts; p++) {
            uint32_t c = rnd(s, (unsigned)span), v = value(t, s);
            put(&io, 'd', outer);
            put(&ii, 'd', c);
            put(&iv, 'd', v);
            sum[c] = sg_fp_binop(t, SG_FP_ADD, occ[c] ? sum[c] : 0, v);
            occ[c] = 1;
        }
        uint32_t lvl = r == rows - 1 ? 1 : 0;
        put(&io, 's', lvl);
        put(&ii, 's', lvl);
        put(&iv, 's', lvl);
        put(&oo, 'd', outer);
        for (uint32_t c = 0; c < 64; c++)
            if (occ[c]) {
                put(&oi, 'd', c);
                put(&ov, 'd', sum[c]);
            }
        put(&oi, 's', lvl);
        if (valstops)
            put(&ov, 's', lvl);
        outer += 1 + rnd(s, 3);
    }
    if (rows)
        put(&oo, 's', 0);
    put(&io, 'D', 0);
    put(&ii, 'D', 0);
    put(&iv, 'D', 0);
    put(&oo, 'D', 0);
    put(&oi, 'D', 0);
    put(&ov, 'D', 0);
    fprintf(f, "param_val_stkn: %d\n", valstops);
    print_line(f, "in_crd_outer", &io);
    print_line(f, "in_crd_inner", &ii);
    print_line(f, "in_val", &iv);
    print_line(f, "out_crd_outer", &oo);
    print_line(f, "out_crd_inner", &oi);
    print_line(f, "out_val", &ov);
}

/* ---- vectorreducer ------------------------------------------------------- */

static void gen_vr(sg_fp_type t, uint64_t *s, int empty, FILE *f)
{
    static strm ic, iv, oc, ov;
    ic.n = iv.n = oc.n = ov.n = 0;
    int rows = empty ? 0 : 1 + (int)rnd(s, 4);
    for (int r = 0; r < rows; r++) {
        uint32_t sum[64];
        int occ[64] = {0};
        int fibers = 1 + (int)rnd(s, 3);
        for (int fi = 0; fi < fibers; fi++) {
            /* ascending distinct coordinates, some fibers empty */
            uint32_t c = rnd(s, 6);
            int len = rnd(s, 5) == 0 ? 0 : (int)rnd(s, 8);
            for (int j = 0; j < len && c < 64; j++) {
                uint32_t v = value(t, s);
                put(&ic, 'd', c);
                put(&iv, 'd', v);
                sum[c] = sg_fp_binop(t, SG_FP_ADD, occ[c] ? sum[c] : 0, v);
                occ[c] = 1;
                c += 1 + rnd(s, 9);
            }
            uint32_t lvl = fi < fibers - 1 ? 0 : r == rows - 1 ? 2 : 1;
            put(&ic, 's', lvl);
            put(&iv, 's', lvl);
            if (lvl > 0) {
                for (uint32_t k = 0; k < 64; k++)
                    if (occ[k]) {
                        put(&oc, 'd', k);
                        put(&ov, 'd', sum[k]);
                    }
                put(&oc, 's', lvl - 1);
                put(&ov, 's', lvl - 1);
            }
        }
    }
    put(&ic, 'D', 0);
    put(&iv, 'D', 0);
    put(&oc, 'D', 0);
    put(&ov, 'D', 0);
    print_line(f, "in_crd", &ic);
    print_line(f, "in_val", &iv);
    print_line(f, "out_crd", &oc);
    print_line(f, "out_val", &ov);
}

static int usage(void)
{
    fprintf(stderr, "usage: fp_prim_vec alu|reduce|spacc|vectorreducer fp32|bf16 SEED N OUTDIR\n");
    return 2;
}

int main(int argc, char **argv)
{
    if (argc != 6)
        return usage();
    const char *prim = argv[1];
    int t = sg_fp_type_parse(argv[2]);
    char *end;
    unsigned long long seed = strtoull(argv[3], &end, 10);
    if (t < 0 || !*argv[3] || *end)
        return usage();
    long n = strtol(argv[4], &end, 10);
    if (!*argv[4] || *end || n < 1 || n > 100000)
        return usage();
    int which = strcmp(prim, "alu") == 0 ? 0 : strcmp(prim, "reduce") == 0 ? 1
              : strcmp(prim, "spacc") == 0 ? 2 : strcmp(prim, "vectorreducer") == 0 ? 3 : -1;
    if (which < 0)
        return usage();
    uint64_t s = seed * UINT64_C(0x9E3779B97F4A7C15) + (uint64_t)which * 2 + (uint64_t)t + 1;
    for (long i = 0; i < n; i++) {
        char path[4096];
        snprintf(path, sizeof path, "%s/fp_%ld.txt", argv[5], i);
        FILE *f = fopen(path, "w");
        if (!f) {
            fprintf(stderr, "fp_prim_vec: cannot write %s\n", path);
            return 2;
        }
        fprintf(f, "# fp_prim_vec %s %s seed %llu case %ld\n", prim, argv[2], seed, i);
        int empty = i == 0;
        switch (which) {
        case 0: gen_alu((sg_fp_type)t, &s, empty, i >= 1 && i <= 9, (int)(i % 9), f); break;
        case 1: gen_reduce((sg_fp_type)t, &s, empty, f); break;
        case 2: gen_spacc((sg_fp_type)t, &s, empty, (int)(i % 2), f); break;
        default: gen_vr((sg_fp_type)t, &s, empty, f); break;
        }
        if (fclose(f) != 0) {
            fprintf(stderr, "fp_prim_vec: cannot write %s\n", path);
            return 2;
        }
    }
    return 0;
}
