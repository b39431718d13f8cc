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
 *
 * One generator per bench or family of benches; the table at the end maps
 * bench names to them.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "testbenches/xorshift.h"

/* ---- random numbers (xorshift64, no global state) ------------------------ */

typedef struct rng { uint64_t s; } rng;

static uint64_t rnd(rng *r) { return sg_xorshift64(&r->s); }

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

/* ---- arrays ------------------------------------------------------------------ */

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

/* ---- per-bench generators ------------------------------------------------ */

/* What every generator starts from: main draws the height of the random
 * shapes and the leaf seed for every bench, in this order, before it looks
 * the bench up. */
typedef struct bench {
    const char *name;     /* as given: families check their variant */
    rng r;
    out o;
    int size;             /* SIZE, at least 1: children of the top list */
    int k;                /* height of the shapes below the top list */
    uint64_t seed2;       /* seed of the leaf generators */
} bench;

/* A generator writes the bench's streams to b->o and returns the exit
 * status. */
typedef int (*bench_fn)(bench *b);

static int is(const bench *b, const char *name) { return !strcmp(b->name, name); }

/* The top list: SIZE children, each a random shape of the given height. */
static void top_shape(bench *b, shape *s, int height, int maxn, int min1)
{
    sh_push(s, b->size);
    for (int i = 0; i < b->size; i++)
        sh_gen(s, &b->r, height, maxn, min1);
}

/* Streams that share one random shape of the given height below the top
 * list, each with its own names and leaves. */
static int shaped_streams(bench *b, int height, int maxn, int min1, int n,
                          const char *const *names, leafctx *leaves)
{
    shape s = {0};
    top_shape(b, &s, height, maxn, min1);
    for (int i = 0; i < n; i++)
        stream(&b->o, names[i], &s, height + 1, leaf_rand, &leaves[i]);
    free(s.n);
    return 0;
}

/* A buffer that collects one stream while its companions are written. */
typedef struct membuf { FILE *f; char *p; size_t n; } membuf;

static FILE *mem_open(membuf *m)
{
    m->p = NULL;
    m->f = open_memstream(&m->p, &m->n);
    return m->f;
}

/* One stream: crd (repsiggen, write_compressed), val (reduce, write_vals)
 * or any tokens (fifo). */
static int gen_one_stream(bench *b)
{
    int isval = is(b, "reduce") || is(b, "write_vals");
    leafctx lc = {.r = {b->seed2}, .mode = isval ? L_VAL : L_SORTED_CRD,
                  .lo = -1000, .hi = 1000, .pct_n = is(b, "reduce") ? 0 : 5};
    const char *name = is(b, "repsiggen") || is(b, "write_compressed") ? "in_crd"
                     : is(b, "fifo") ? "in" : "in_val";
    return shaped_streams(b, b->k, 5, 0, 1, &name, &lc);
}

/* An outer stream and an inner one a level deeper whose fibers follow the
 * outer's leaves: ref and repsig (repeat), or outer and inner coordinates
 * (crddrop, crdhold). */
static int gen_outer_inner(bench *b)
{
    int drop = !is(b, "repeat");
    shape s = {0}, c = {0};
    top_shape(b, &s, b->k, 4, 0);
    size_t pos = 0;
    child_shape(&s, &pos, b->k + 1, &c, &b->r, 4, 0);
    leafctx lp = {.r = {b->seed2}, .mode = drop ? L_SORTED_CRD : L_SORTED_REF,
                  .pct_n = drop ? 0 : 5};
    leafctx lch = {.r = {b->seed2 ^ 77}, .mode = drop ? L_SORTED_CRD : L_REPSIG};
    stream(&b->o, drop ? "in_crd_outer" : "in_ref", &s, b->k + 1, leaf_rand, &lp);
    stream(&b->o, drop ? "in_crd_inner" : "in_repsig", &c, b->k + 2, leaf_rand, &lch);
    free(s.n);
    free(c.n);
    return 0;
}

/* A locator's streams: base references (one per fiber of the coordinate
 * stream, some N) and sorted coordinates below the dense dimension (some
 * N). */
static int gen_locate(bench *b)
{
    shape s = {0}, c = {0};
    top_shape(b, &s, b->k, 4, 0);
    size_t pos = 0;
    child_shape(&s, &pos, b->k + 1, &c, &b->r, 4, 0);
    /* at most 4 coordinates a fiber, steps of 1..3: all below 12 */
    fprintf(b->o.f, "param_dim: %d\n", rint_(&b->r, 12, 40));
    leafctx lp = {.r = {b->seed2}, .mode = L_VAL, .lo = 0, .hi = 50, .pct_n = 5};
    leafctx lch = {.r = {b->seed2 ^ 77}, .mode = L_SORTED_CRD, .pct_n = 3};
    stream(&b->o, "in_ref", &s, b->k + 1, leaf_rand, &lp);
    stream(&b->o, "in_crd", &c, b->k + 2, leaf_rand, &lch);
    free(s.n);
    free(c.n);
    return 0;
}

/* The value forms of crddrop and crdhold: coordinates and their values,
 * same shape. */
static int gen_crd_vals(bench *b)
{
    const char *const names[] = {"in_crd_outer", "in_crd_inner"};
    leafctx l[] = {{.r = {b->seed2}, .mode = L_SORTED_CRD},
                   {.r = {b->seed2 ^ 77}, .mode = L_VAL_ZERO}};
    fprintf(b->o.f, "param_vals: 1\n");
    return shaped_streams(b, b->k, 5, 0, 2, names, l);
}

/* A value array and references into it. */
static int gen_arrayvals(bench *b)
{
    enum { NV = 64 };
    long vals[NV];
    for (int i = 0; i < NV; i++)
        vals[i] = (long)(rnd(&b->r) % 200001) - 100000;
    line_arr(b->o.f, "arr_vals", vals, NV);
    const char *name = "in_ref";
    leafctx lc = {.r = {b->seed2}, .mode = L_VAL, .lo = 0, .hi = NV - 1, .pct_n = 5};
    return shaped_streams(b, b->k, 5, 0, 1, &name, &lc);
}

/* A level of 40 fibers (compressed: random seg and crd arrays; dense: a
 * dimension) and references into it. */
static int gen_scan(bench *b)
{
    enum { NF = 40, MAXC = NF * 6 };
    int dense = is(b, "scan_dense");
    if (dense) {
        fprintf(b->o.f, "param_dim: %d\n", rint_(&b->r, 1, 6));
    } else if (is(b, "scan_singleton")) {
        /* runs of 1..4 positions (last bit on each run's end), coordinates
         * increasing within a run; references may open a run midway */
        long crd[MAXC], last[MAXC];
        size_t nc = 0;
        while (nc < NF * 2) {
            int n = rint_(&b->r, 1, 4);
            long prev = -1;
            for (int i = 0; i < n; i++) {
                prev += 1 + (long)(rnd(&b->r) % 4);
                crd[nc] = prev;
                last[nc++] = i == n - 1;
            }
        }
        line_arr(b->o.f, "arr_crd", crd, nc);
        line_arr(b->o.f, "arr_last", last, nc);
    } else {
        int nonunique = is(b, "scan_nonunique");
        long seg[NF + 1], crd[MAXC];
        size_t nc = 0;
        seg[0] = 0;
        for (int f = 0; f < NF; f++) {
            int n = rint_(&b->r, 0, 6);
            long prev = -1;
            for (int i = 0; i < n; i++) {
                /* non-unique: runs of equal coordinates */
                prev += (nonunique ? 0 : 1) + (long)(rnd(&b->r) % 4);
                crd[nc++] = prev < 0 ? 0 : prev;
            }
            seg[f + 1] = (long)nc;
        }
        line_arr(b->o.f, "arr_seg", seg, NF + 1);
        line_arr(b->o.f, "arr_crd", crd, nc);
    }
    const char *name = "in_ref";
    leafctx lc = {.r = {b->seed2}, .mode = L_VAL, .lo = 0, .hi = NF - 1,
                  .pct_n = dense ? 0 : 5};
    return shaped_streams(b, b->k, 4, dense ? 1 : 0, 1, &name, &lc);
}

/* Two operands (three when the name ends in 3), crd and ref each, with the
 * same outer shape and their own innermost fibers. */
static int gen_join(bench *b)
{
    int nops = b->name[strlen(b->name) - 1] == '3' ? 3 : 2;
    /* N fibers only for union: the reference rejects N against an empty
     * fiber in an intersect (N cases come from the vectors) */
    int nf = !strncmp(b->name, "union", 5) ? 8 : 0;
    shape s = {0};
    top_shape(b, &s, b->k, 3, 0);
    for (int op = 0; op < nops; op++) {
        shape so = {0};
        size_t pos = 0;
        rng ro = {b->seed2 + 1000 * (uint64_t)(op + 1)};
        child_shape(&s, &pos, b->k, &so, &ro, 6, 0);
        uint64_t seed = b->seed2 * 3 + (uint64_t)op;   /* crd and ref agree */
        leafctx lcrd = {.r = {seed}, .mode = L_SORTED_CRD, .nfiber = nf};
        leafctx lref = {.r = {seed}, .mode = L_SORTED_REF, .nfiber = nf};
        char n1[24], n2[24];
        snprintf(n1, sizeof n1, "in_crd%d", op + 1);
        snprintf(n2, sizeof n2, "in_ref%d", op + 1);
        stream(&b->o, n1, &so, b->k + 1, leaf_rand, &lcrd);
        stream(&b->o, n2, &so, b->k + 1, leaf_rand, &lref);
        free(so.n);
    }
    free(s.n);
    return 0;
}

/* Coordinates and values of at least two levels, so that rows exist. */
static int gen_vectorreducer(bench *b)
{
    const char *const names[] = {"in_crd", "in_val"};
    /* coordinates spread over the 64-entry workspace (steps up to 14):
     * fibers of a row start in different occupancy words */
    leafctx l[] = {{.r = {b->seed2}, .mode = L_SORTED_CRD, .hi = 14},
                   {.r = {b->seed2 ^ 5}, .mode = L_VAL, .lo = -1000, .hi = 1000}};
    return shaped_streams(b, b->k + 1, 4, 0, 2, names, l);
}

/* A copy of shape s (height k) in which about one leaf list in four has a
 * new random length up to maxn. */
static void sh_misalign(const shape *s, size_t *pos, int k, shape *c, rng *r, int maxn)
{
    int n = s->n[(*pos)++];
    if (k == 0) {
        sh_push(c, rint_(r, 0, 3) == 0 ? rint_(r, 0, maxn) : n);
        return;
    }
    sh_push(c, n);
    for (int i = 0; i < n; i++)
        sh_misalign(s, pos, k - 1, c, r, maxn);
}

/* Two value streams; in odd cases (the seed's low bit) some fibers of the
 * second have another length, so that numbers meet stops and the ALU's
 * rule for a lone operand is exercised (well-formed graphs never do). */
static int gen_alu(bench *b)
{
    leafctx l[] = {{.r = {b->seed2}, .mode = L_VAL, .lo = -100000, .hi = 100000},
                   {.r = {b->seed2 ^ 99}, .mode = L_VAL, .lo = -100000, .hi = 100000}};
    shape s = {0}, m = {0};
    top_shape(b, &s, b->k, 5, 0);
    const shape *s2 = &s;
    if (b->seed2 & 1) {
        size_t pos = 0;
        rng r = {b->seed2 ^ 0x5bd1e995};
        sh_misalign(&s, &pos, b->k + 1, &m, &r, 5);
        s2 = &m;
    }
    stream(&b->o, "in_val1", &s, b->k + 1, leaf_rand, &l[0]);
    stream(&b->o, "in_val2", s2, b->k + 1, leaf_rand, &l[1]);
    free(s.n);
    free(m.n);
    return 0;
}

/* Groups of (outer, inner, value) triples, one stop per group: outer
 * coordinates increasing (order 1, up to 4000) or random (order 2). */
static int gen_spacc(bench *b)
{
    int ord2 = is(b, "spacc_order2");
    long no = 0;
    membuf mo, mi, mv;
    FILE *fo = mem_open(&mo), *fi = mem_open(&mi), *fv = mem_open(&mv);
    if (!fo || !fi || !fv) { perror("tb_gen"); return 1; }
    for (int g = 0; g < b->size; g++) {
        long outer = ord2 ? rint_(&b->r, 0, 15) : (no += rint_(&b->r, 1, 3));
        if (!ord2 && outer > 4000)
            break;
        int n = rint_(&b->r, 1, 8);
        for (int i = 0; i < n; i++) {
            fprintf(fo, " %ld", outer);
            fprintf(fi, " %d", rint_(&b->r, 0, 63));
            fprintf(fv, " %ld", (long)(rnd(&b->r) % 2001) - 1000);
        }
        int st = g == b->size - 1 ? 1 : 0;
        fprintf(fo, " S%d", st);
        fprintf(fi, " S%d", st);
        fprintf(fv, " S%d", st);
    }
    fclose(fo);
    fclose(fi);
    fclose(fv);
    if (ord2)
        fprintf(b->o.f, "param_order: 2\n");
    fprintf(b->o.f, "param_val_stkn: %d\n", (int)(rnd(&b->r) & 1));
    fprintf(b->o.f, "in_crd_outer:%s D\nin_crd_inner:%s D\nin_val:%s D\n",
            mo.p, mi.p, mv.p);
    free(mo.p);
    free(mi.p);
    free(mv.p);
    return 0;
}

/* Buffers of a positional writer's case: the memory before the run, the
 * addresses written and their values (N: isn). */
typedef struct poscase { long *init, *pos, *val; int *isn; } poscase;

static void pos_alloc(poscase *pc, size_t n, size_t extra)
{
    pc->init = calloc(n + extra, sizeof *pc->init);
    pc->pos = calloc(n, sizeof *pc->pos);
    pc->val = calloc(n, sizeof *pc->val);
    pc->isn = calloc(n, sizeof *pc->isn);
    if (!pc->init || !pc->pos || !pc->val || !pc->isn) { perror("tb_gen"); exit(1); }
}

static void pos_free(poscase *pc)
{
    free(pc->init);
    free(pc->pos);
    free(pc->val);
    free(pc->isn);
}

/* Values with stops (dropped) and strictly increasing addresses below
 * param_size; gaps, a tail and sometimes no value at all. */
static int gen_write_vals_pos(bench *b)
{
    enum { MAXS = 1200, EXTRA = 8 };
    FILE *f = b->o.f;
    poscase pc;
    pos_alloc(&pc, MAXS, EXTRA);
    long sz = rint_(&b->r, 0, 3) == 0 ? rint_(&b->r, 0, 4)
            : rint_(&b->r, 1, b->size * 20 > MAXS ? MAXS : b->size * 20);
    int pct = rint_(&b->r, 0, 4) == 0 ? 100 : rint_(&b->r, 0, 90);
    size_t n = subset(&b->r, sz, pct, pc.pos);
    fprintf(f, "param_size: %ld\n", sz);
    pos_init(f, &b->r, pc.init, (size_t)sz + EXTRA);
    fprintf(f, "in_val:");
    for (size_t i = 0; i < n; i++) {
        pos_val(f, &b->r, &pc.val[i], &pc.isn[i]);
        if (i + 1 < n && rint_(&b->r, 0, 3) == 0)
            fprintf(f, " S0");
    }
    fprintf(f, " S1");
    fprintf(f, " D\nin_addr:");
    for (size_t i = 0; i < n; i++)
        fprintf(f, " %ld", pc.pos[i]);
    fprintf(f, " D\n");
    pos_expect(f, pc.init, (size_t)sz, EXTRA, pc.pos, pc.val, pc.isn, n);
    pos_free(&pc);
    return 0;
}

/* A two-level all-dense output: the outer level's coordinates (root
 * writer), the inner level's fibers (one per outer coordinate, empty ones
 * included) and their values. */
static int gen_write_dense_pos(bench *b)
{
    enum { MAXD = 40, EXTRA = 8 };
    FILE *f = b->o.f;
    long oc[MAXD], ic[MAXD];
    int hi = b->size < 8 ? 8 : (b->size > MAXD ? MAXD : b->size);
    long d0 = rint_(&b->r, 1, hi);
    long d1 = rint_(&b->r, 1, hi);
    int po = rint_(&b->r, 0, 4) == 0 ? 100 : rint_(&b->r, 0, 90);
    int pi = rint_(&b->r, 0, 4) == 0 ? 100 : rint_(&b->r, 0, 80);
    size_t no = subset(&b->r, d0, po, oc), n = 0;
    poscase pc;
    pos_alloc(&pc, MAXD * MAXD, EXTRA);
    fprintf(f, "param_dim: %ld %ld\n", d0, d1);
    pos_init(f, &b->r, pc.init, (size_t)(d0 * d1) + EXTRA);
    membuf mi, mv;
    FILE *fi = mem_open(&mi), *fv = mem_open(&mv);
    if (!fi || !fv) { perror("tb_gen"); return 1; }
    for (size_t o = 0; o < no; o++) {
        size_t ni = subset(&b->r, d1, pi, ic);
        for (size_t j = 0; j < ni; j++) {
            fprintf(fi, " %ld", ic[j]);
            pc.pos[n] = oc[o] * d1 + ic[j];
            pos_val(fv, &b->r, &pc.val[n], &pc.isn[n]);
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
    fprintf(f, "in_crd_outer:");
    for (size_t o = 0; o < no; o++)
        fprintf(f, " %ld", oc[o]);
    fprintf(f, " S0 D\nin_crd_inner:%s D\nin_val:%s D\n", mi.p, mv.p);
    free(mi.p);
    free(mv.p);
    pos_expect(f, pc.init, (size_t)(d0 * d1), EXTRA, pc.pos, pc.val, pc.isn, n);
    pos_free(&pc);
    return 0;
}

/* ---- the bench table ------------------------------------------------------- */

/* prefix: every name that begins with `name` (intersect3, union3). */
static const struct bench_entry {
    const char *name;
    int prefix;
    bench_fn fn;
} benches[] = {
    {"repsiggen", 0, gen_one_stream},
    {"reduce", 0, gen_one_stream},
    {"fifo", 0, gen_one_stream},
    {"write_compressed", 0, gen_one_stream},
    {"write_vals", 0, gen_one_stream},
    {"repeat", 0, gen_outer_inner},
    {"locate", 0, gen_locate},
    {"crddrop", 0, gen_outer_inner},
    {"crdhold", 0, gen_outer_inner},
    {"crddrop_vals", 0, gen_crd_vals},
    {"crdhold_vals", 0, gen_crd_vals},
    {"arrayvals", 0, gen_arrayvals},
    {"scan_compressed", 0, gen_scan},
    {"scan_dense", 0, gen_scan},
    {"scan_nonunique", 0, gen_scan},
    {"scan_singleton", 0, gen_scan},
    {"intersect", 1, gen_join},
    {"union", 1, gen_join},
    {"vectorreducer", 0, gen_vectorreducer},
    {"vectorreducer_wide", 0, gen_vectorreducer},
    {"alu", 0, gen_alu},
    {"spacc", 0, gen_spacc},
    {"spacc_order2", 0, gen_spacc},
    {"write_vals_pos", 0, gen_write_vals_pos},
    {"write_dense_pos", 0, gen_write_dense_pos},
};

static bench_fn bench_find(const char *name)
{
    for (size_t i = 0; i < sizeof benches / sizeof benches[0]; i++) {
        const struct bench_entry *e = &benches[i];
        if (e->prefix ? !strncmp(name, e->name, strlen(e->name)) : !strcmp(name, e->name))
            return e->fn;
    }
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc != 4) {
        fprintf(stderr, "usage: tb_gen BENCH SEED SIZE\n");
        return 2;
    }
    bench b = {.name = argv[1], .o = {stdout, 0}};
    b.r.s = 0x9e3779b97f4a7c15ULL ^ (uint64_t)strtoull(argv[2], NULL, 10) * 0x100000001b3ULL;
    if (!b.r.s)
        b.r.s = 1;
    b.size = atoi(argv[3]);
    if (b.size < 1)
        b.size = 1;
    b.k = rint_(&b.r, 0, 2);
    b.seed2 = rnd(&b.r);
    bench_fn fn = bench_find(b.name);
    if (!fn) {
        fprintf(stderr, "tb_gen: no generator for '%s'\n", b.name);
        return 2;
    }
    return fn(&b);
}
