/*
 * tensor_gen.c - seeded synthetic tensors.
 *
 * Patterns (docs/tensor-formats.md):
 *   uniform  exactly round(density * size) coordinates, uniformly chosen;
 *   runs     per innermost fiber, runs of run_length nonzeros; the layout
 *            alternates a run of phase 0, a gap, a run of phase 1, a gap...
 *            so the two phases of one seed are the SAM paper's "runs" vector
 *            pairs (section 6.3): one vector's runs lie between the other's,
 *            the case where coordinate skipping pays off.  Gaps are uniform
 *            in 0..2G with G chosen so that each phase has the density;
 *   blocks   per innermost fiber, dense blocks of run_length nonzeros at
 *            random non-overlapping places (at least run_length apart) until
 *            the density is reached; phase 1 shifts every block by
 *            run_length/4 + rand(0..run_length/2), so the pair overlaps
 *            partially (the paper's "blocks" vectors);
 *   band     entries with |c_last - c_0 * dim_last / dim_0| <= w over all
 *            other modes, w = round((density * dim_last - 1) / 2);
 *   diag     (i, i, .., i) for i < min(shape), each kept with probability
 *            density.
 * The generator is xoshiro256** seeded through splitmix64; the layout of a
 * fiber depends only on (seed, fiber), its values also on the phase, so the
 * output is the same on every platform.
 */
#include "core/tensor.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* At most 512 MiB of coordinates and values (8 bytes per mode plus 8 for
 * the value per entry): 22M entries of a matrix, so that a generated
 * tensor, its sorting and writing stay within a few GB of memory. */
#define SG_GEN_MAX_BYTES ((uint64_t)1 << 29)

static uint64_t gen_max_nnz(int order)
{
    return SG_GEN_MAX_BYTES / (8 * (uint64_t)order + 8);
}

typedef struct rng {
    uint64_t s[4];
} rng;

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

static void rng_seed(rng *r, uint64_t seed, uint64_t stream)
{
    uint64_t x = seed ^ (stream * UINT64_C(0xD1B54A32D192ED03));
    for (int i = 0; i < 4; i++)
        r->s[i] = splitmix(&x);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static uint64_t rng_next(rng *r)
{
    uint64_t *s = r->s;
    uint64_t res = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return res;
}

/* Uniform in 0..n-1 (n >= 1), without modulo bias. */
static uint64_t rng_below(rng *r, uint64_t n)
{
    uint64_t lim = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = rng_next(r);
    while (x >= lim);
    return x % n;
}

/* Uniform in [0, 1). */
static double rng_unit(rng *r)
{
    return (double)(rng_next(r) >> 11) * (1.0 / 9007199254740992.0);
}

static const char *const pat_names[] = {"uniform", "runs", "blocks", "band",
                                        "diag"};

int sg_pattern_parse(const char *s)
{
    for (int i = 0; i < 5; i++)
        if (strcmp(s, pat_names[i]) == 0)
            return i;
    return -1;
}

const char *sg_pattern_name(sg_pattern p)
{
    return (unsigned)p < 5 ? pat_names[p] : "?";
}

void sg_gen_opts_default(sg_gen_opts *o)
{
    memset(o, 0, sizeof *o);
    o->density = 0.05;
    o->pattern = SG_PAT_UNIFORM;
    o->run_length = 8;
    o->max_value = 9;
    o->width = 32;
}

typedef struct gen {
    const sg_gen_opts *o;
    sg_coo *t;
    rng val;
    int64_t crd[SG_MAX_ORDER];
} gen;

static int push(gen *g, sg_err *e)
{
    if (g->t->nnz >= gen_max_nnz(g->o->order))
        return sg_errf(e, NULL, 0, "more than %llu entries requested (the "
                       "limit for order %d: 512 MiB of entries)",
                       (unsigned long long)gen_max_nnz(g->o->order),
                       g->o->order);
    int64_t v = (int64_t)rng_below(&g->val, (uint64_t)g->o->max_value) + 1;
    sg_coo_push(g->t, g->crd, sg_wrap(v, g->o->width));
    return 0;
}

/* Linear index -> coordinates (row-major). */
static void unlinear(gen *g, uint64_t lin)
{
    for (int k = g->o->order - 1; k >= 0; k--) {
        uint64_t d = (uint64_t)g->o->shape[k];
        g->crd[k] = (int64_t)(lin % d);
        lin /= d;
    }
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static int gen_uniform(gen *g, uint64_t total, sg_err *e)
{
    rng r;
    rng_seed(&r, g->o->seed, 0);
    uint64_t want = (uint64_t)llround(g->o->density * (double)total);
    if (want > total)
        want = total;
    if (want > gen_max_nnz(g->o->order))
        return sg_errf(e, NULL, 0, "%llu entries requested; at most %llu "
                       "for order %d (512 MiB of entries)",
                       (unsigned long long)want,
                       (unsigned long long)gen_max_nnz(g->o->order),
                       g->o->order);
    if (total <= ((uint64_t)1 << 26) || want * 2 > total) {
        if (total > ((uint64_t)1 << 30))
            return sg_errf(e, NULL, 0, "density too high for a tensor this "
                                       "large (at most 0.5)");
        /* Selection sampling (Knuth's algorithm S): exact count, sorted. */
        uint64_t left = want;
        for (uint64_t i = 0; i < total && left; i++) {
            if (rng_below(&r, total - i) < left) {
                unlinear(g, i);
                if (push(g, e) < 0)
                    return -1;
                left--;
            }
        }
        return 0;
    }
    /* Sparse and large: draw, sort, drop repeats, top up. */
    uint64_t *lin = sg_malloc((size_t)want * sizeof *lin);
    size_t n = 0;
    while (n < want) {
        while (n < want)
            lin[n++] = rng_below(&r, total);
        qsort(lin, n, sizeof *lin, cmp_u64);
        size_t k = 0;
        for (size_t i = 0; i < n; i++)
            if (i == 0 || lin[i] != lin[k - 1])
                lin[k++] = lin[i];
        n = k;
    }
    int rc = 0;
    for (size_t i = 0; i < n && rc == 0; i++) {
        unlinear(g, lin[i]);
        rc = push(g, e);
    }
    free(lin);
    return rc;
}

/* Fill flags[0..n) of one fiber for runs/blocks. */
static void layout_runs(const sg_gen_opts *o, rng *r, unsigned char *flags,
                        int64_t n)
{
    int64_t L = o->run_length;
    double gmean = (double)L * (1.0 / o->density - 2.0) / 2.0;
    uint64_t g2 = gmean > 0 ? (uint64_t)llround(2 * gmean) : 0;
    int64_t i = (int64_t)rng_below(r, g2 + 1);
    int ph = 0;
    while (i < n) {
        for (int64_t k = 0; k < L && i < n; k++, i++)
            if (ph == o->phase)
                flags[i] = 1;
        ph ^= 1;
        i += (int64_t)rng_below(r, g2 + 1);
    }
}

static void layout_blocks(const sg_gen_opts *o, rng *r, unsigned char *flags,
                          unsigned char *taken, int64_t n)
{
    int64_t L = o->run_length;
    int64_t want = (int64_t)llround(o->density * (double)n);
    int64_t have = 0;
    while (have < want) {
        int64_t at = -1;
        for (int tries = 0; tries < 1000 && at < 0; tries++) {
            int64_t c = (int64_t)rng_below(r, (uint64_t)n);
            int ok = 1;
            for (int64_t m = c - L; m < c + 2 * L && ok; m++)
                if (m >= 0 && m < n && taken[m])
                    ok = 0;
            if (ok)
                at = c;
        }
        if (at < 0)
            break;                      /* no room left: density is lower */
        int64_t shift = (int64_t)rng_below(r, (uint64_t)(L / 2) + 1) + L / 4;
        int64_t start = o->phase ? at + shift : at;
        for (int64_t k = 0; k < L; k++) {
            if (at + k < n) {
                taken[at + k] = 1;
                have++;
            }
            if (start + k < n)
                flags[start + k] = 1;
        }
    }
}

/* runs/blocks: every innermost fiber gets its own layout. */
static int gen_fibers(gen *g, sg_err *e)
{
    const sg_gen_opts *o = g->o;
    int last = o->order - 1;
    int64_t n = o->shape[last];
    if (n > ((int64_t)1 << 28))
        return sg_errf(e, NULL, 0, "innermost dimension too large");
    uint64_t nfib = 1;
    for (int k = 0; k < last; k++)
        nfib *= (uint64_t)o->shape[k];
    unsigned char *flags = sg_malloc((size_t)n + 1);
    unsigned char *taken = sg_malloc((size_t)n + 1);
    int rc = 0;
    for (uint64_t f = 0; f < nfib && rc == 0; f++) {
        uint64_t rest = f;
        for (int k = last - 1; k >= 0; k--) {
            g->crd[k] = (int64_t)(rest % (uint64_t)o->shape[k]);
            rest /= (uint64_t)o->shape[k];
        }
        rng r;
        rng_seed(&r, o->seed, 2 * f + 1);
        memset(flags, 0, (size_t)n);
        memset(taken, 0, (size_t)n);
        if (o->pattern == SG_PAT_RUNS)
            layout_runs(o, &r, flags, n);
        else
            layout_blocks(o, &r, flags, taken, n);
        for (int64_t i = 0; i < n && rc == 0; i++)
            if (flags[i]) {
                g->crd[last] = i;
                rc = push(g, e);
            }
    }
    free(flags);
    free(taken);
    return rc;
}

static int gen_band(gen *g, sg_err *e)
{
    const sg_gen_opts *o = g->o;
    int last = o->order - 1;
    int64_t n = o->shape[last];
    int64_t w = (int64_t)llround((o->density * (double)n - 1) / 2);
    if (w < 0)
        w = 0;
    uint64_t nfib = 1;
    for (int k = 0; k < last; k++)
        nfib *= (uint64_t)o->shape[k];
    for (uint64_t f = 0; f < nfib; f++) {
        uint64_t rest = f;
        for (int k = last - 1; k >= 0; k--) {
            g->crd[k] = (int64_t)(rest % (uint64_t)o->shape[k]);
            rest /= (uint64_t)o->shape[k];
        }
        int64_t c = (int64_t)((double)g->crd[0] * (double)n /
                              (double)o->shape[0]);
        for (int64_t j = c - w; j <= c + w; j++)
            if (j >= 0 && j < n) {
                g->crd[last] = j;
                if (push(g, e) < 0)
                    return -1;
            }
    }
    return 0;
}

static int gen_diag(gen *g, sg_err *e)
{
    const sg_gen_opts *o = g->o;
    int64_t n = o->shape[0];
    for (int k = 1; k < o->order; k++)
        if (o->shape[k] < n)
            n = o->shape[k];
    rng r;
    rng_seed(&r, o->seed, 0);
    for (int64_t i = 0; i < n; i++) {
        if (rng_unit(&r) >= o->density)
            continue;
        for (int k = 0; k < o->order; k++)
            g->crd[k] = i;
        if (push(g, e) < 0)
            return -1;
    }
    return 0;
}

int sg_tensor_gen(const sg_gen_opts *o, sg_coo *t, sg_err *e)
{
    memset(t, 0, sizeof *t);
    if (o->order < 1 || o->order > SG_MAX_ORDER)
        return sg_errf(e, NULL, 0, "order %d not in 1..%d", o->order,
                       SG_MAX_ORDER);
    if (!(o->density >= 0 && o->density <= 1))
        return sg_errf(e, NULL, 0, "density must be in 0..1");
    if (o->max_value < 1)
        return sg_errf(e, NULL, 0, "max value must be at least 1");
    if (o->width < 1 || o->width > 64)
        return sg_errf(e, NULL, 0, "value width %d not in 1..64", o->width);
    uint64_t total = 1;
    for (int k = 0; k < o->order; k++) {
        if (o->shape[k] < 1)
            return sg_errf(e, NULL, 0, "dimension %d must be at least 1", k);
        if ((uint64_t)o->shape[k] > ((uint64_t)1 << 62) / total)
            return sg_errf(e, NULL, 0, "shape too large (more than 2^62 "
                                       "elements)");
        total *= (uint64_t)o->shape[k];
    }
    if ((o->pattern == SG_PAT_RUNS || o->pattern == SG_PAT_BLOCKS) &&
        (o->run_length < 1 || (o->phase != 0 && o->phase != 1)))
        return sg_errf(e, NULL, 0, "runs/blocks need run length >= 1 and "
                                   "phase 0 or 1");
    if (o->pattern == SG_PAT_BAND && o->order < 2)
        return sg_errf(e, NULL, 0, "band needs order 2 or more");
    gen g;
    memset(&g, 0, sizeof g);
    g.o = o;
    g.t = t;
    rng_seed(&g.val, o->seed ^ UINT64_C(0x5A5A5A5A), 1000003 + (uint64_t)o->phase);
    sg_coo_init(t, o->order, o->shape);
    int rc;
    switch (o->pattern) {
    case SG_PAT_UNIFORM: rc = gen_uniform(&g, total, e); break;
    case SG_PAT_RUNS:
    case SG_PAT_BLOCKS:
        if (o->density == 0) {
            rc = 0;
            break;
        }
        rc = gen_fibers(&g, e);
        break;
    case SG_PAT_BAND: rc = gen_band(&g, e); break;
    case SG_PAT_DIAG: rc = gen_diag(&g, e); break;
    default: rc = sg_errf(e, NULL, 0, "unknown pattern"); break;
    }
    if (rc < 0)
        sg_coo_free(t);
    return rc;
}
