/*
 * skip_gen.c - test cases for the skip scanner + intersector benches
 * (testbenches/tb_skip.v) and the skip figures (bench/skip/).
 *
 * Writes a case directory of $readmemh files: meta.hex (counts), per input
 * k seg<k>.hex, crd<k>.hex (the compressed level) and ref<k>.hex (the
 * scanner's in_ref stream), and exp_crd.hex, exp_ref<k>.hex (the
 * intersector's outputs, computed here with the plain SAM rules of
 * SAM-SEMANTICS 2.1 and 2.4).  Tokens are {tag, payload} words: crd
 * payloads 16 bits, ref payloads --refwidth bits.  With --predict it also
 * runs the cycle model (golden/skip_model.c) for each listed T, checks its
 * outputs against the plain ones and prints "model T=<t> cycles=<n>".
 *
 * Cases:
 *   --vec urandom|runs|blocks  one fiber per input, --dim, --nnz, --run L
 *   --mat                      random multi-fiber streams with stops, empty
 *                              fibers, N references and long runs
 *   --mtx FILE --pairs P       inner-product SpMSpM k-intersections of
 *                              A*A^T: P random (row i, row j) pairs of A
 *                              with both rows non-empty, back to back
 *
 * Sections: random; levels; patterns; plain reference; output; main.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "../golden/err.h"
#include "../golden/skip_model.h"
#include "../golden/token.h"

#define CRD_W 16

/* ---- random --------------------------------------------------------------- */

typedef struct rng { uint64_t s; } rng;

static uint32_t rnd(rng *r)
{
    r->s ^= r->s << 13;
    r->s ^= r->s >> 7;
    r->s ^= r->s << 17;
    return (uint32_t)(r->s >> 11);
}

static uint32_t rnd_below(rng *r, uint32_t n) { return n ? rnd(r) % n : 0; }

/* ---- levels ------------------------------------------------------------------ */

typedef struct level {
    uint32_t *seg, *crd;
    size_t nseg, ncrd, cap;
} level;

static void level_push_crd(level *l, uint32_t c)
{
    if (l->ncrd == l->cap)
        sg_grow((void **)&l->crd, &l->cap, l->ncrd + 1, sizeof *l->crd);
    l->crd[l->ncrd++] = c;
}

/* One fiber from a 0/1 mask of length dim. */
static void level_from_mask(level *l, const unsigned char *m, uint32_t dim)
{
    l->nseg = 2;
    l->seg = sg_calloc(2, sizeof *l->seg);
    for (uint32_t i = 0; i < dim; i++)
        if (m[i])
            level_push_crd(l, i);
    l->seg[1] = (uint32_t)l->ncrd;
}

/* ---- patterns ------------------------------------------------------------------ */

/* urandom: nnz distinct random positions per vector. */
static void pat_urandom(unsigned char *m, uint32_t dim, uint32_t nnz, rng *r)
{
    for (uint32_t k = 0; k < nnz && k < dim;) {
        uint32_t p = rnd_below(r, dim);
        if (!m[p]) {
            m[p] = 1;
            k++;
        }
    }
}

/* runs: runs of L coordinates alternate between the two vectors; the last
 * coordinate of an a-run is the first of the following b-run (one common
 * coordinate per pair of runs); the remaining positions are random gaps
 * before each a-run. */
static void pat_runs(unsigned char *a, unsigned char *b, uint32_t dim,
                     uint32_t nnz, uint32_t L, rng *r)
{
    uint32_t nruns = (nnz + L - 1) / L;
    uint32_t used = 2 * nnz - nruns;
    uint32_t free_pos = dim > used ? dim - used : 0;
    uint32_t *gap = sg_calloc(nruns + 1, sizeof *gap);
    for (uint32_t i = 0; i < free_pos; i++)
        gap[rnd_below(r, nruns + 1)]++;
    uint32_t p = 0, left_a = nnz, left_b = nnz;
    for (uint32_t k = 0; k < nruns; k++) {
        p += gap[k];
        uint32_t la = left_a < L ? left_a : L;
        for (uint32_t i = 0; i < la && p < dim; i++, p++)
            a[p] = 1;
        left_a -= la;
        p--;   /* shared coordinate */
        uint32_t lb = left_b < L ? left_b : L;
        for (uint32_t i = 0; i < lb && p < dim; i++, p++)
            b[p] = 1;
        left_b -= lb;
    }
    free(gap);
}

/* blocks (after the SAM artifact's generator): blocks of L coordinates at
 * random places in a, each copied into b shifted by L/4 + rand(0..L/2). */
static void pat_blocks(unsigned char *a, unsigned char *b, uint32_t dim,
                       uint32_t nnz, uint32_t L, rng *r)
{
    uint32_t na = 0;
    for (int tries = 0; na < nnz && tries < 100000; tries++) {
        uint32_t at = rnd_below(r, dim);
        int ok = 1;
        for (int64_t i = (int64_t)at - L; i < (int64_t)at + 2 * (int64_t)L && ok; i++)
            if (i >= 0 && i < (int64_t)dim && a[i])
                ok = 0;
        if (!ok)
            continue;
        uint32_t shift = L / 4 + rnd_below(r, L / 2 + 1);
        for (uint32_t i = 0; i < L && na < nnz; i++) {
            if (at + i < dim && !a[at + i]) {
                a[at + i] = 1;
                na++;
            }
            if (at + shift + i < dim)
                b[at + shift + i] = 1;
        }
    }
}

/* ---- plain reference ------------------------------------------------------------- */

/* SAM-SEMANTICS 2.1: the scanner's crd and ref streams. */
static int plain_scan(const level *l, const sg_toks *in, sg_toks *crd,
                      sg_toks *ref)
{
    for (size_t i = 0; i < in->n; i++) {
        sg_tok t = in->t[i];
        if (t.kind == SG_TK_DATA || t.kind == SG_TK_EMPTY) {
            if (t.kind == SG_TK_DATA) {
                if ((size_t)t.v + 1 >= l->nseg)
                    return -1;
                for (uint32_t p = l->seg[t.v]; p < l->seg[t.v + 1]; p++) {
                    sg_toks_push(crd, sg_data(l->crd[p]));
                    sg_toks_push(ref, sg_data(p));
                }
            } else {
                sg_toks_push(crd, sg_empty());
                sg_toks_push(ref, sg_empty());
            }
            int lvl = 0;
            if (i + 1 < in->n && in->t[i + 1].kind == SG_TK_STOP)
                lvl = (int)in->t[++i].v + 1;
            sg_toks_push(crd, sg_stop(lvl));
            sg_toks_push(ref, sg_stop(lvl));
        } else if (t.kind == SG_TK_STOP) {
            sg_toks_push(crd, sg_stop((int)t.v + 1));
            sg_toks_push(ref, sg_stop((int)t.v + 1));
        } else {
            sg_toks_push(crd, sg_done());
            sg_toks_push(ref, sg_done());
            break;
        }
    }
    return 0;
}

/* SAM-SEMANTICS 2.4 on n inputs. */
static void plain_intersect(int n, sg_toks *crd, sg_toks *ref, sg_toks *ocrd,
                            sg_toks *oref)
{
    size_t p[SG_SKIP_MAX_INPUTS] = {0};
    for (;;) {
        sg_tok h[SG_SKIP_MAX_INPUTS];
        int all_done = 1, any_n = 0, all_eq = 1, any_stop = 0;
        int64_t mx = 0;
        for (int k = 0; k < n; k++) {
            if (p[k] >= crd[k].n)
                return;
            h[k] = crd[k].t[p[k]];
            all_done &= h[k].kind == SG_TK_DONE;
            any_n |= h[k].kind == SG_TK_EMPTY;
            all_eq &= sg_tok_eq(h[k], h[0]);
            any_stop |= h[k].kind == SG_TK_STOP || h[k].kind == SG_TK_DONE;
            if (h[k].kind == SG_TK_DATA && h[k].v > mx)
                mx = h[k].v;
        }
        if (all_done || any_n || all_eq) {
            sg_tok c = all_done ? sg_done() : any_n ? sg_empty() : h[0];
            sg_toks_push(ocrd, c);
            for (int k = 0; k < n; k++) {
                sg_tok r = ref[k].t[p[k]];
                sg_toks_push(&oref[k], c.kind == SG_TK_DATA || c.kind == SG_TK_STOP ? r : c);
                p[k]++;
            }
            if (all_done)
                return;
        } else {
            int moved = 0;
            for (int k = 0; k < n; k++)
                if (h[k].kind == SG_TK_DATA && (any_stop || h[k].v < mx)) {
                    p[k]++;
                    moved = 1;
                }
            if (!moved)
                return;   /* malformed: stops of different levels */
        }
    }
}

/* ---- output ------------------------------------------------------------------------- */

static uint64_t tok_word(sg_tok t, int w)
{
    return ((uint64_t)(unsigned)t.kind << w) | ((uint64_t)t.v & ((1ull << w) - 1));
}

static int write_words(const char *dir, const char *name, const uint32_t *v,
                       const sg_toks *t, size_t n, int w)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return -1;
    }
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%llx\n", (unsigned long long)(v ? v[i] : tok_word(t->t[i], w)));
    if (fclose(f) != 0) {
        fprintf(stderr, "%s: write error\n", path);
        return -1;
    }
    return 0;
}

/* ---- main ------------------------------------------------------------------------------ */

static void usage(void)
{
    fprintf(stderr,
            "usage: skip_gen DIR [--seed S] [--inputs 2|3] [--refwidth W]\n"
            "         (--vec urandom|runs|blocks [--dim D] [--nnz Z] [--run L]\n"
            "          | --mat | --mtx FILE [--pairs P])\n"
            "         [--predict T[,T...]]\n");
}

/* Read a Matrix Market file into a CSR level (rows of A, columns sorted,
 * symmetric entries mirrored). */
static int read_mtx(const char *path, level *l, uint32_t *nrows)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "%s: %s\n", path, strerror(errno));
        return -1;
    }
    char line[1024];
    int sym = 0;
    long lineno = 0;
    unsigned long r = 0, c = 0, nz = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '%') {
            if (lineno == 1 && (strstr(line, "symmetric") || strstr(line, "hermitian")))
                sym = 1;
            continue;
        }
        if (sscanf(line, "%lu %lu %lu", &r, &c, &nz) != 3 || r >= (1ul << 20)) {
            fprintf(stderr, "%s:%ld: bad size line\n", path, lineno);
            fclose(f);
            return -1;
        }
        break;
    }
    uint32_t *ri = sg_malloc((2 * nz + 1) * sizeof *ri);
    uint32_t *ci = sg_malloc((2 * nz + 1) * sizeof *ci);
    size_t n = 0;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        unsigned long i, j;
        if (line[0] == '%')
            continue;
        if (sscanf(line, "%lu %lu", &i, &j) != 2 || i < 1 || j < 1 || i > r ||
            j > c || n + 2 > 2 * nz + 1) {
            fprintf(stderr, "%s:%ld: bad entry\n", path, lineno);
            free(ri);
            free(ci);
            fclose(f);
            return -1;
        }
        ri[n] = (uint32_t)(i - 1);
        ci[n++] = (uint32_t)(j - 1);
        if (sym && i != j) {
            ri[n] = (uint32_t)(j - 1);
            ci[n++] = (uint32_t)(i - 1);
        }
    }
    fclose(f);
    /* counting sort by row, then by column inside a row */
    l->nseg = r + 1;
    l->seg = sg_calloc(r + 1, sizeof *l->seg);
    for (size_t k = 0; k < n; k++)
        l->seg[ri[k] + 1]++;
    for (size_t k = 0; k < r; k++)
        l->seg[k + 1] += l->seg[k];
    uint32_t *pos = sg_malloc((r + 1) * sizeof *pos);
    memcpy(pos, l->seg, (r + 1) * sizeof *pos);
    l->crd = sg_malloc((n + 1) * sizeof *l->crd);
    l->ncrd = l->cap = n;
    /* columns in increasing order: place entries sorted by column */
    uint32_t *cnt = sg_calloc(c + 1, sizeof *cnt);
    for (size_t k = 0; k < n; k++)
        cnt[ci[k] + 1]++;
    for (size_t k = 0; k < c; k++)
        cnt[k + 1] += cnt[k];
    uint32_t *order = sg_malloc((n + 1) * sizeof *order);
    for (size_t k = 0; k < n; k++)
        order[cnt[ci[k]]++] = (uint32_t)k;
    for (size_t q = 0; q < n; q++) {
        size_t k = order[q];
        l->crd[pos[ri[k]]++] = ci[k];
    }
    /* drop duplicates inside a row (keep the structure sorted and strict) */
    size_t out = 0;
    uint32_t start = 0;
    for (size_t i = 0; i < r; i++) {
        uint32_t end = l->seg[i + 1];
        uint32_t first = (uint32_t)out;
        for (uint32_t p = start; p < end; p++)
            if (out == first || l->crd[out - 1] != l->crd[p])
                l->crd[out++] = l->crd[p];
        start = end;
        l->seg[i + 1] = (uint32_t)out;
    }
    l->ncrd = out;
    *nrows = (uint32_t)r;
    free(order);
    free(cnt);
    free(pos);
    free(ri);
    free(ci);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argv[1][0] == '-') {
        usage();
        return 2;
    }
    const char *dir = argv[1], *vec = NULL, *mtx = NULL, *predict = NULL;
    unsigned long seed = 1, dim = 2000, nnz = 400, run = 16, pairs = 1000;
    int inputs = 2, refw = 16, mat = 0;
    for (int i = 2; i < argc; i++) {
        const char *o = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(o, "--mat")) {
            mat = 1;
            continue;
        }
        if (!v) {
            usage();
            return 2;
        }
        i++;
        if (!strcmp(o, "--seed")) seed = strtoul(v, NULL, 0);
        else if (!strcmp(o, "--inputs")) inputs = atoi(v);
        else if (!strcmp(o, "--refwidth")) refw = atoi(v);
        else if (!strcmp(o, "--vec")) vec = v;
        else if (!strcmp(o, "--dim")) dim = strtoul(v, NULL, 0);
        else if (!strcmp(o, "--nnz")) nnz = strtoul(v, NULL, 0);
        else if (!strcmp(o, "--run")) run = strtoul(v, NULL, 0);
        else if (!strcmp(o, "--mtx")) mtx = v;
        else if (!strcmp(o, "--pairs")) pairs = strtoul(v, NULL, 0);
        else if (!strcmp(o, "--predict")) predict = v;
        else {
            usage();
            return 2;
        }
    }
    if ((inputs != 2 && inputs != 3) || refw < 8 || refw > 24 || !run ||
        dim == 0 || dim > 65535 || 2 * nnz > dim || (!vec && !mat && !mtx)) {
        fprintf(stderr, "skip_gen: bad option values\n");
        return 2;
    }
    rng r = {seed * 0x9E3779B97F4A7C15ull + 1};
    level lv[SG_SKIP_MAX_INPUTS];
    sg_toks in[SG_SKIP_MAX_INPUTS];
    memset(lv, 0, sizeof lv);
    memset(in, 0, sizeof in);
    int rc = 1;

    if (vec) {
        unsigned char *m[SG_SKIP_MAX_INPUTS];
        for (int k = 0; k < inputs; k++)
            m[k] = sg_calloc(dim, 1);
        if (!strcmp(vec, "urandom")) {
            for (int k = 0; k < inputs; k++)
                pat_urandom(m[k], (uint32_t)dim, (uint32_t)nnz, &r);
        } else if (!strcmp(vec, "runs")) {
            pat_runs(m[0], m[1], (uint32_t)dim, (uint32_t)nnz, (uint32_t)run, &r);
        } else if (!strcmp(vec, "blocks")) {
            pat_blocks(m[0], m[1], (uint32_t)dim, (uint32_t)nnz, (uint32_t)run, &r);
        } else {
            fprintf(stderr, "skip_gen: unknown pattern '%s'\n", vec);
            return 2;
        }
        if (inputs == 3 && strcmp(vec, "urandom"))
            pat_urandom(m[2], (uint32_t)dim, (uint32_t)(dim - nnz), &r);
        for (int k = 0; k < inputs; k++) {
            level_from_mask(&lv[k], m[k], (uint32_t)dim);
            sg_toks_push(&in[k], sg_data(0));
            sg_toks_push(&in[k], sg_done());
            free(m[k]);
        }
    } else if (mat) {
        /* rows of mixed density, including empty rows and long runs */
        uint32_t rows = 24, cols = 300;
        for (int k = 0; k < inputs; k++) {
            lv[k].nseg = rows + 1;
            lv[k].seg = sg_calloc(rows + 1, sizeof *lv[k].seg);
            for (uint32_t i = 0; i < rows; i++) {
                uint32_t kind = rnd_below(&r, 5), per = 1 + rnd_below(&r, 100);
                uint32_t c = 0;
                while (c < cols) {
                    int on;
                    if (kind == 0) on = 0;                             /* empty */
                    else if (kind == 1) on = ((c / 37) % 2) == (uint32_t)k % 2; /* runs */
                    else on = rnd_below(&r, 100) < per;
                    if (on)
                        level_push_crd(&lv[k], c);
                    c++;
                }
                lv[k].seg[i + 1] = (uint32_t)lv[k].ncrd;
            }
        }
        /* same stream shape on every input: groups of references */
        uint32_t groups = 6 + rnd_below(&r, 6);
        for (uint32_t g = 0; g < groups; g++) {
            uint32_t len = rnd_below(&r, 5);
            for (uint32_t j = 0; j < len; j++) {
                int nk = rnd_below(&r, 20) == 0 ? (int)rnd_below(&r, (uint32_t)inputs) : -1;
                for (int k = 0; k < inputs; k++) {
                    uint32_t row = rnd_below(&r, rows);
                    /* N only meets non-empty fibers (the reference asserts
                     * that the other heads are coordinates) */
                    for (int t = 0; nk >= 0 && t < 1000 &&
                         lv[k].seg[row + 1] == lv[k].seg[row]; t++)
                        row = rnd_below(&r, rows);
                    if (nk >= 0 && lv[k].seg[row + 1] == lv[k].seg[row])
                        row = 0, nk = -2;
                    sg_toks_push(&in[k], k == nk ? sg_empty() : sg_data(row));
                }
            }
            for (int k = 0; k < inputs; k++)
                sg_toks_push(&in[k], sg_stop(g + 1 == groups ? 1 : 0));
        }
        for (int k = 0; k < inputs; k++)
            sg_toks_push(&in[k], sg_done());
    } else {
        uint32_t nrows;
        if (inputs != 2 || read_mtx(mtx, &lv[0], &nrows) != 0)
            return 2;
        lv[1] = lv[0];
        uint32_t *ne = sg_malloc((nrows + 1) * sizeof *ne), nne = 0;
        for (uint32_t i = 0; i < nrows; i++)
            if (lv[0].seg[i + 1] > lv[0].seg[i])
                ne[nne++] = i;
        for (unsigned long p = 0; p < pairs && nne; p++) {
            sg_toks_push(&in[0], sg_data(ne[rnd_below(&r, nne)]));
            sg_toks_push(&in[1], sg_data(ne[rnd_below(&r, nne)]));
        }
        for (int k = 0; k < 2; k++) {
            sg_toks_push(&in[k], sg_stop(0));
            sg_toks_push(&in[k], sg_done());
        }
        free(ne);
        if (lv[0].ncrd >= (1ul << refw) || lv[0].nseg > (1ul << refw)) {
            fprintf(stderr, "skip_gen: %s needs --refwidth > %d\n", mtx, refw);
            return 2;
        }
    }

    /* expected streams */
    sg_toks scrd[SG_SKIP_MAX_INPUTS], sref[SG_SKIP_MAX_INPUTS];
    sg_toks ocrd = {0}, oref[SG_SKIP_MAX_INPUTS];
    memset(scrd, 0, sizeof scrd);
    memset(sref, 0, sizeof sref);
    memset(oref, 0, sizeof oref);
    for (int k = 0; k < inputs; k++)
        if (plain_scan(&lv[k], &in[k], &scrd[k], &sref[k]) != 0) {
            fprintf(stderr, "skip_gen: reference outside the level\n");
            return 1;
        }
    plain_intersect(inputs, scrd, sref, &ocrd, oref);

    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "%s: %s\n", dir, strerror(errno));
        return 2;
    }
    uint32_t meta[1 + 3 * SG_SKIP_MAX_INPUTS + 1];
    size_t nm = 0;
    meta[nm++] = (uint32_t)inputs;
    for (int k = 0; k < SG_SKIP_MAX_INPUTS; k++) {
        meta[nm++] = k < inputs ? (uint32_t)lv[k].nseg : 0;
        meta[nm++] = k < inputs ? (uint32_t)lv[k].ncrd : 0;
        meta[nm++] = k < inputs ? (uint32_t)in[k].n : 0;
    }
    meta[nm++] = (uint32_t)ocrd.n;
    if (write_words(dir, "meta.hex", meta, NULL, nm, 0) != 0)
        return 1;
    for (int k = 0; k < inputs; k++) {
        char n1[32], n2[32], n3[32], n4[32];
        snprintf(n1, sizeof n1, "seg%d.hex", k);
        snprintf(n2, sizeof n2, "crd%d.hex", k);
        snprintf(n3, sizeof n3, "ref%d.hex", k);
        snprintf(n4, sizeof n4, "exp_ref%d.hex", k);
        if (write_words(dir, n1, lv[k].seg, NULL, lv[k].nseg, 0) ||
            write_words(dir, n2, lv[k].crd ? lv[k].crd : meta, NULL, lv[k].ncrd, 0) ||
            write_words(dir, n3, NULL, &in[k], in[k].n, refw) ||
            write_words(dir, n4, NULL, &oref[k], oref[k].n, refw))
            return 1;
    }
    if (write_words(dir, "exp_crd.hex", NULL, &ocrd, ocrd.n, CRD_W))
        return 1;
    printf("case %s: inputs=%d nnz=%zu,%zu out_tokens=%zu\n", dir, inputs,
           lv[0].ncrd, lv[1].ncrd, ocrd.n);

    rc = 0;
    for (const char *p = predict; p && *p;) {
        char *end;
        long T = strtol(p, &end, 10);
        sg_skip_level sl[SG_SKIP_MAX_INPUTS];
        for (int k = 0; k < inputs; k++) {
            sl[k].seg = lv[k].seg;
            sl[k].nseg = lv[k].nseg;
            sl[k].crd = lv[k].crd;
            sl[k].ncrd = lv[k].ncrd;
        }
        sg_skip_result res;
        sg_err e;
        sg_err_clear(&e);
        long budget = 10000;
        for (int k = 0; k < inputs; k++)
            budget += 50 * (long)(lv[k].ncrd + in[k].n);
        if (sg_skip_model_run(sl, in, inputs, (int)T, budget, &res, &e) != 0) {
            fprintf(stderr, "skip_gen: %s\n", e.msg);
            rc = 1;
        } else {
            int same = res.crd.n == ocrd.n;
            for (size_t i = 0; same && i < ocrd.n; i++)
                same = sg_tok_eq(res.crd.t[i], ocrd.t[i]);
            for (int k = 0; k < inputs; k++) {
                same = same && res.ref[k].n == oref[k].n;
                for (size_t i = 0; same && i < oref[k].n; i++)
                    same = sg_tok_eq(res.ref[k].t[i], oref[k].t[i]);
            }
            printf("model T=%ld cycles=%ld coords=%ld,%ld skips=%ld,%ld %s\n", T,
                   res.cycles, res.scan_coords[0], res.scan_coords[1],
                   res.skips[0], res.skips[1], same ? "outputs-ok" : "OUTPUTS-DIFFER");
            if (!same) {
                rc = 1;
                size_t i = 0;
                while (i < ocrd.n && i < res.crd.n && sg_tok_eq(res.crd.t[i], ocrd.t[i]))
                    i++;
                fprintf(stderr, "skip_gen: T=%ld out_crd differs at token %zu: "
                        "expected kind %d v %lld, model kind %d v %lld\n", T, i,
                        i < ocrd.n ? ocrd.t[i].kind : -1,
                        i < ocrd.n ? (long long)ocrd.t[i].v : -1,
                        i < res.crd.n ? res.crd.t[i].kind : -1,
                        i < res.crd.n ? (long long)res.crd.t[i].v : -1);
            }
        }
        sg_skip_result_free(&res);
        if (*end != ',')
            break;
        p = end + 1;
    }
    for (int k = 0; k < inputs; k++) {
        sg_toks_free(&in[k]);
        sg_toks_free(&scrd[k]);
        sg_toks_free(&sref[k]);
        sg_toks_free(&oref[k]);
        if (!mtx || k == 0) {
            free(lv[k].seg);
            free(lv[k].crd);
        }
    }
    sg_toks_free(&ocrd);
    return rc;
}
