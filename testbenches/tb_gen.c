/*
 * tb_gen.c - random, well-formed input streams for the per-primitive
 * benches, in the vectors format ("name: tok tok ...").  The expected
 * outputs are not computed here: gen_cases.sh runs `samgen stream` (the
 * golden model) on this file and appends its out_* lines.
 *
 * usage: tb_gen BENCH SEED SIZE > FILE
 *
 * BENCH is a bench name of run_bench.sh; SIZE scales the number of tokens.
 * Streams are built as random nested lists and serialized with the stop
 * rule of the SAM semantics (section 1.2), so every shape the semantics
 * allows occurs: empty fibers, fused stops, N fibers where the primitive
 * accepts N.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- random numbers (xorshift64, no global state) ------------------------ */

typedef struct rng { uint64_t s; } rng;

static uint64_t rnd(rng *r)
{
    r->s ^= r->s << 13;
    r->s ^= r->s >> 7;
    r->s ^= r->s << 17;
    return r->s;
}

static int rint_(rng *r, int lo, int hi) /* inclusive */
{
    return lo + (int)(rnd(r) % (uint64_t)(hi - lo + 1));
}

/* ---- token output ----------------------------------------------------- */

typedef struct out { FILE *f; int repsig; } out;

static void t_data(out *o, long v) { fprintf(o->f, " %ld", v); }
static void t_stop(out *o, int k)
{
    if (o->repsig)
        fprintf(o->f, " S");
    else
        fprintf(o->f, " S%d", k);
}
static void t_n(out *o) { fprintf(o->f, " N"); }
static void t_end(out *o) { fprintf(o->f, " D\n"); }

/* A shape: the number of children of every list, in depth-first order,
 * so that companion streams (crd/ref, outer/inner) can share it. */
typedef struct shape {
    int *n;
    size_t len, cap;
} shape;

static void sh_push(shape *s, int v)
{
    if (s->len == s->cap) {
        s->cap = s->cap ? 2 * s->cap : 64;
        s->n = realloc(s->n, s->cap * sizeof *s->n);
        if (!s->n) { perror("tb_gen"); exit(1); }
    }
    s->n[s->len++] = v;
}

/* Random shape of height k (k = 0: a list of leaves). */
static void sh_gen(shape *s, rng *r, int k, int maxn, int min1)
{
    int n = rint_(r, min1, maxn);
    sh_push(s, n);
    if (k > 0)
        for (int i = 0; i < n; i++)
            sh_gen(s, r, k - 1, maxn, min1);
}

/* Leaf callback: emits the leaf tokens of leaf list number `list`
 * (count n) and returns nothing. */
typedef void (*leaf_fn)(out *o, void *ctx, int list, int n);

/* Serialize: lists end with a stop; the last child's stop merges into its
 * parent's (emit children, separator S(k-1) between them). */
static void ser(out *o, const shape *s, size_t *pos, int k, leaf_fn leaf, void *ctx, int *list)
{
    int n = s->n[(*pos)++];
    if (k == 0) {
        leaf(o, ctx, (*list)++, n);
        return;
    }
    for (int i = 0; i < n; i++) {
        ser(o, s, pos, k - 1, leaf, ctx, list);
        if (i < n - 1)
            t_stop(o, k - 1);
    }
}

static void stream(out *o, const char *name, const shape *s, int k, leaf_fn leaf, void *ctx)
{
    size_t pos = 0;
    int list = 0;
    o->repsig = strstr(name, "repsig") != NULL;
    fprintf(o->f, "%s:", name);
    ser(o, s, &pos, k, leaf, ctx, &list);
    t_stop(o, k);
    t_end(o);
}

/* ---- leaf generators ------------------------------------------------------ */

typedef struct leafctx {
    rng r;                /* replayed per stream so companions agree */
    int mode;
    long lo, hi;          /* value range */
    int pct_n;            /* percent of N tokens */
    int nfiber;           /* N replaces a whole leaf list (an N fiber) */
    long counter;         /* running reference */

} leafctx;

enum { L_VAL, L_SORTED_CRD, L_SORTED_REF, L_REPSIG, L_VAL_ZERO };

static void leaf_rand(out *o, void *vctx, int list, int n)
{
    leafctx *c = vctx;
    (void)list;
    long prev = -1;
    if (c->nfiber) {
        if (rint_(&c->r, 0, 99) < c->nfiber) {
            t_n(o);
            return;
        }
    }
    for (int i = 0; i < n; i++) {
        if (c->pct_n && rint_(&c->r, 0, 99) < c->pct_n) {
            t_n(o);
            continue;
        }
        if (c->mode == L_VAL) {
            t_data(o, c->lo + (long)(rnd(&c->r) % (uint64_t)(c->hi - c->lo + 1)));
        } else if (c->mode == L_SORTED_CRD) {
            /* steps of 1..3, or 1..hi when hi is set */
            prev = prev + 1 + (long)(rnd(&c->r) % (uint64_t)(c->hi > 0 ? c->hi : 3));
            t_data(o, prev);
        } else if (c->mode == L_VAL_ZERO) {
            /* 30% zeros, small values, values zero in the low 16 bits */
            int w = rint_(&c->r, 0, 9);
            long v = (long)rint_(&c->r, 1, 5) * (rint_(&c->r, 0, 1) ? 1 : -1);
            t_data(o, w < 3 ? 0 : w < 7 ? v : v * 65536);
        } else if (c->mode == L_SORTED_REF) {
            (void)rnd(&c->r);    /* keep step with the companion crd stream */
            t_data(o, c->counter++);
        } else {
            fprintf(o->f, " R");
        }
    }
}

/* ---- per-bench generators ------------------------------------------------ */

static void line_arr(FILE *f, const char *name, const long *a, size_t n)
{
    fprintf(f, "%s:", name);
    for (size_t i = 0; i < n; i++)
        fprintf(f, " %ld", a[i]);
    fprintf(f, "\n");
}

/* ---- positional writers: the expected array is built here ------------- */

/* The dense value array a positional writer leaves: size words, the value
 * (N: 0) at each position, 0 elsewhere, then the `extra` words after it
 * as the memory held them before (a write past the end shows up). */
static void pos_expect(FILE *f, const long *init, size_t size, size_t extra,
                       const long *pos, const long *val, const int *isn, size_t n)
{
    fprintf(f, "out_arr_vals:");
    size_t k = 0;
    for (size_t a = 0; a < size + extra; a++) {
        long v = a < size ? 0 : init[a];
        if (k < n && (size_t)pos[k] == a) {
            v = isn[k] ? 0 : val[k];
            k++;
        }
        fprintf(f, " %ld", v);
    }
    fprintf(f, "\n");
}

/* The memory before the run: nonzero words, so zero-filling is visible. */
static void pos_init(FILE *f, rng *r, long *init, size_t n)
{
    for (size_t a = 0; a < n; a++)
        init[a] = 1 + (long)(rnd(r) % 100000);
    line_arr(f, "arr_vals", init, n);
}

/* A strictly increasing random subset of [0, dim): each element with
 * probability pct percent; returns its size. */
static size_t subset(rng *r, long dim, int pct, long *out)
{
    size_t n = 0;
    for (long c = 0; c < dim; c++)
        if (rint_(r, 0, 99) < pct)
            out[n++] = c;
    return n;
}

/* One value token: N (isn) or a random value. */
static void pos_val(FILE *f, rng *r, long *val, int *isn)
{
    *isn = rint_(r, 0, 99) < 5;
    *val = *isn ? 0 : (long)(rnd(r) % 200001) - 100000;
    if (*isn)
        fprintf(f, " N");
    else
        fprintf(f, " %ld", *val);
}

/* Parent shape of height k with leaf count per list; child shape of height
 * k+1 whose leaf lists correspond one-to-one to the parent's leaves. */
static void child_shape(const shape *p, size_t *pos, int k, shape *c, rng *r, int maxn, int min0)
{
    int n = p->n[(*pos)++];
    sh_push(c, n);
    for (int i = 0; i < n; i++) {
        if (k == 0)
            sh_push(c, rint_(r, min0, maxn));
        else
            child_shape(p, pos, k - 1, c, r, maxn, min0);
    }
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: tb_gen BENCH SEED SIZE\n");
        return 2;
    }
    const char *b = argv[1];
    rng r = {0x9e3779b97f4a7c15ULL ^ (uint64_t)strtoull(argv[2], NULL, 10) * 0x100000001b3ULL};
    if (!r.s) r.s = 1;
    int size = atoi(argv[3]);
    if (size < 1) size = 1;
    out o = {stdout, 0};
    shape s = {0}, c = {0};
    int k = rint_(&r, 0, 2);
    int top = size;                       /* children of the top list */
    uint64_t seed2 = rnd(&r);

    if (!strcmp(b, "repsiggen") || !strcmp(b, "reduce") || !strcmp(b, "fifo") ||
        !strcmp(b, "write_compressed") || !strcmp(b, "write_vals")) {
        int isval = !strcmp(b, "reduce") || !strcmp(b, "write_vals");
        sh_push(&s, top);
        for (int i = 0; i < top; i++)
            sh_gen(&s, &r, k, 5, 0);
        leafctx lc = {{seed2}, isval ? L_VAL : L_SORTED_CRD, -1000, 1000,
                      (!strcmp(b, "reduce") ? 0 : 5), 0, 0};
        const char *name = !strcmp(b, "repsiggen") || !strcmp(b, "write_compressed") ? "in_crd"
                         : !strcmp(b, "fifo") ? "in" : "in_val";
        stream(&o, name, &s, k + 1, leaf_rand, &lc);
    } else if (!strcmp(b, "repeat") || !strcmp(b, "crddrop") || !strcmp(b, "crdhold")) {
        int drop = strcmp(b, "repeat") != 0;
        sh_push(&s, top);
        for (int i = 0; i < top; i++)
            sh_gen(&s, &r, k, 4, 0);
        size_t pos = 0;
        child_shape(&s, &pos, k + 1, &c, &r, 4, 0);
        leafctx lp = {{seed2}, drop ? L_SORTED_CRD : L_SORTED_REF, 0, 0, drop ? 0 : 5, 0, 0};
        leafctx lch = {{seed2 ^ 77}, drop ? L_SORTED_CRD : L_REPSIG, 0, 0, 0, 0, 0};
        stream(&o, drop ? "in_crd_outer" : "in_ref", &s, k + 1, leaf_rand, &lp);
        stream(&o, drop ? "in_crd_inner" : "in_repsig", &c, k + 2, leaf_rand, &lch);
    } else if (!strcmp(b, "crddrop_vals") || !strcmp(b, "crdhold_vals")) {
        /* value forms: coordinates and their values, same shape */
        sh_push(&s, top);
        for (int i = 0; i < top; i++)
            sh_gen(&s, &r, k, 5, 0);
        leafctx lc = {{seed2}, L_SORTED_CRD, 0, 0, 0, 0, 0};
        leafctx lv = {{seed2 ^ 77}, L_VAL_ZERO, 0, 0, 0, 0, 0};
        fprintf(stdout, "param_vals: 1\n");
        stream(&o, "in_crd_outer", &s, k + 1, leaf_rand, &lc);
        stream(&o, "in_crd_inner", &s, k + 1, leaf_rand, &lv);
    } else if (!strcmp(b, "arrayvals")) {
        int nv = 64;
        long vals[64];
        for (int i = 0; i < nv; i++)
            vals[i] = (long)(rnd(&r) % 200001) - 100000;
        line_arr(stdout, "arr_vals", vals, (size_t)nv);
        sh_push(&s, top);
        for (int i = 0; i < top; i++)
            sh_gen(&s, &r, k, 5, 0);
        leafctx lc = {{seed2}, L_VAL, 0, nv - 1, 5, 0, 0};
        stream(&o, "in_ref", &s, k + 1, leaf_rand, &lc);
    } else if (!strcmp(b, "scan_compressed") || !strcmp(b, "scan_dense")) {
        int dense = !strcmp(b, "scan_dense");
        int nf = 40;
        if (dense) {
            fprintf(stdout, "param_dim: %d\n", rint_(&r, 1, 6));
        } else {
            long seg[41], crd[400];
            size_t nc = 0;
            seg[0] = 0;
            for (int f = 0; f < nf; f++) {
                int n = rint_(&r, 0, 6);
                long prev = -1;
                for (int i = 0; i < n; i++) {
                    prev += 1 + (long)(rnd(&r) % 4);
                    crd[nc++] = prev;
                }
                seg[f + 1] = (long)nc;
            }
            line_arr(stdout, "arr_seg", seg, (size_t)nf + 1);
            line_arr(stdout, "arr_crd", crd, nc);
        }
        sh_push(&s, top);
        for (int i = 0; i < top; i++)
            sh_gen(&s, &r, k, 4, dense ? 1 : 0);
        leafctx lc = {{seed2}, L_VAL, 0, nf - 1, dense ? 0 : 5, 0, 0};
        stream(&o, "in_ref", &s, k + 1, leaf_rand, &lc);
    } else if (!strncmp(b, "intersect", 9) || !strncmp(b, "union", 5)) {
        int nops = b[strlen(b) - 1] == '3' ? 3 : 2;
        /* N fibers only for union: the reference rejects N against an
         * empty fiber in an intersect (N cases come from the vectors) */
        int nf = !strncmp(b, "union", 5) ? 8 : 0;
        sh_push(&s, top);
        for (int i = 0; i < top; i++)
            sh_gen(&s, &r, k, 3, 0);
        for (int op = 0; op < nops; op++) {
            /* same outer shape, own innermost lists: rebuild leaves per op */
            shape so = {0};
            size_t pos = 0;
            rng ro = {seed2 + 1000 * (uint64_t)(op + 1)};
            child_shape(&s, &pos, k, &so, &ro, 6, 0);
            leafctx lcrd = {{seed2 * 3 + (uint64_t)op}, L_SORTED_CRD, 0, 0, 0, nf, 0};
            leafctx lref = {{seed2 * 3 + (uint64_t)op}, L_SORTED_REF, 0, 0, 0, nf, 0};
            char n1[16], n2[16];
            snprintf(n1, sizeof n1, "in_crd%d", op + 1);
            snprintf(n2, sizeof n2, "in_ref%d", op + 1);
            stream(&o, n1, &so, k + 1, leaf_rand, &lcrd);
            stream(&o, n2, &so, k + 1, leaf_rand, &lref);
            free(so.n);
        }
    } else if (!strcmp(b, "vectorreducer") || !strcmp(b, "vectorreducer_wide")) {
        int kk = k + 1;                   /* at least two levels: rows exist */
        sh_push(&s, top);
        for (int i = 0; i < top; i++)
            sh_gen(&s, &r, kk, 4, 0);
        /* coordinates spread over the 64-entry workspace (steps up to 14):
         * fibers of a row start in different occupancy words */
        leafctx lcrd = {{seed2}, L_SORTED_CRD, 0, 14, 0, 0, 0};
        leafctx lval = {{seed2 ^ 5}, L_VAL, -1000, 1000, 0, 0, 0};
        stream(&o, "in_crd", &s, kk + 1, leaf_rand, &lcrd);
        stream(&o, "in_val", &s, kk + 1, leaf_rand, &lval);
    } else if (!strcmp(b, "alu")) {
        sh_push(&s, top);
        for (int i = 0; i < top; i++)
            sh_gen(&s, &r, k, 5, 0);
        leafctx l1 = {{seed2}, L_VAL, -100000, 100000, 0, 0, 0};
        leafctx l2 = {{seed2 ^ 99}, L_VAL, -100000, 100000, 0, 0, 0};
        stream(&o, "in_val1", &s, k + 1, leaf_rand, &l1);
        stream(&o, "in_val2", &s, k + 1, leaf_rand, &l2);
    } else if (!strcmp(b, "spacc") || !strcmp(b, "spacc_order2")) {
        int ord2 = !strcmp(b, "spacc_order2");
        long no = 0;
        FILE *f = stdout;
        char *bo = NULL, *bi = NULL, *bv = NULL;
        size_t so_, si_, sv_;
        FILE *fo = open_memstream(&bo, &so_), *fi = open_memstream(&bi, &si_),
             *fv = open_memstream(&bv, &sv_);
        int groups = top;
        for (int g = 0; g < groups; g++) {
            long outer = ord2 ? rint_(&r, 0, 15) : (no += rint_(&r, 1, 3));
            if (!ord2 && outer > 4000) break;
            int n = rint_(&r, 1, 8);
            for (int i = 0; i < n; i++) {
                fprintf(fo, " %ld", outer);
                fprintf(fi, " %d", rint_(&r, 0, 63));
                fprintf(fv, " %ld", (long)(rnd(&r) % 2001) - 1000);
            }
            int st = g == groups - 1 ? 1 : 0;
            fprintf(fo, " S%d", st);
            fprintf(fi, " S%d", st);
            fprintf(fv, " S%d", st);
        }
        fclose(fo); fclose(fi); fclose(fv);
        if (ord2)
            fprintf(f, "param_order: 2\n");
        fprintf(f, "param_val_stkn: %d\n", (int)(rnd(&r) & 1));
        fprintf(f, "in_crd_outer:%s D\nin_crd_inner:%s D\nin_val:%s D\n", bo, bi, bv);
        free(bo); free(bi); free(bv);
    } else if (!strcmp(b, "write_vals_pos")) {
        /* values with stops (dropped) and strictly increasing addresses
         * below param_size; gaps, a tail and sometimes no value at all */
        enum { MAXS = 1200, EXTRA = 8 };
        static long init[MAXS + EXTRA], pos[MAXS], val[MAXS];
        static int isn[MAXS];
        long sz = rint_(&r, 0, 3) == 0 ? rint_(&r, 0, 4) : rint_(&r, 1, size * 20 > MAXS ? MAXS : size * 20);
        int pct = rint_(&r, 0, 4) == 0 ? 100 : rint_(&r, 0, 90);
        size_t n = subset(&r, sz, pct, pos);
        fprintf(stdout, "param_size: %ld\n", sz);
        pos_init(stdout, &r, init, (size_t)sz + EXTRA);
        fprintf(stdout, "in_val:");
        for (size_t i = 0; i < n; i++) {
            pos_val(stdout, &r, &val[i], &isn[i]);
            if (i + 1 < n && rint_(&r, 0, 3) == 0)
                fprintf(stdout, " S0");
        }
        fprintf(stdout, " S1");
        fprintf(stdout, " D\nin_addr:");
        for (size_t i = 0; i < n; i++)
            fprintf(stdout, " %ld", pos[i]);
        fprintf(stdout, " D\n");
        pos_expect(stdout, init, (size_t)sz, EXTRA, pos, val, isn, n);
    } else if (!strcmp(b, "write_dense_pos")) {
        /* a two-level all-dense output: the outer level's coordinates
         * (root writer), the inner level's fibers (one per outer
         * coordinate, empty ones included) and their values */
        enum { MAXD = 40, EXTRA = 8 };
        static long init[MAXD * MAXD + EXTRA], pos[MAXD * MAXD], val[MAXD * MAXD];
        static int isn[MAXD * MAXD];
        long oc[MAXD], ic[MAXD];
        long d0 = rint_(&r, 1, size < 8 ? 8 : (size > MAXD ? MAXD : size));
        long d1 = rint_(&r, 1, size < 8 ? 8 : (size > MAXD ? MAXD : size));
        int po = rint_(&r, 0, 4) == 0 ? 100 : rint_(&r, 0, 90);
        int pi = rint_(&r, 0, 4) == 0 ? 100 : rint_(&r, 0, 80);
        size_t no = subset(&r, d0, po, oc), n = 0;
        fprintf(stdout, "param_dim: %ld %ld\n", d0, d1);
        pos_init(stdout, &r, init, (size_t)(d0 * d1) + EXTRA);
        char *bi = NULL, *bv = NULL;
        size_t si_, sv_;
        FILE *fi = open_memstream(&bi, &si_), *fv = open_memstream(&bv, &sv_);
        if (!fi || !fv) { perror("tb_gen"); return 1; }
        for (size_t o = 0; o < no; o++) {
            size_t ni = subset(&r, d1, pi, ic);
            for (size_t j = 0; j < ni; j++) {
                fprintf(fi, " %ld", ic[j]);
                pos[n] = oc[o] * d1 + ic[j];
                pos_val(fv, &r, &val[n], &isn[n]);
                n++;
            }
            int st = o + 1 == no ? 1 : 0;
            fprintf(fi, " S%d", st);
            fprintf(fv, " S%d", st);
        }
        if (no == 0) {
            fprintf(fi, " S1");
            fprintf(fv, " S1");
        }
        fclose(fi);
        fclose(fv);
        fprintf(stdout, "in_crd_outer:");
        for (size_t o = 0; o < no; o++)
            fprintf(stdout, " %ld", oc[o]);
        fprintf(stdout, " S0 D\nin_crd_inner:%s D\nin_val:%s D\n", bi, bv);
        free(bi);
        free(bv);
        pos_expect(stdout, init, (size_t)(d0 * d1), EXTRA, pos, val, isn, n);
    } else {
        fprintf(stderr, "tb_gen: no generator for '%s'\n", b);
        return 2;
    }
    free(s.n);
    free(c.n);
    return 0;
}
