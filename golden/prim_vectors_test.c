/*
 * prim_vectors_test.c - every primitive vector of $SHARED/docs/sam/vectors
 * through sg_golden_stream_run, plus literal tests of each primitive that run
 * without the shared data.
 *
 * A vector passes when every out_* line equals the primitive's output, or,
 * for out_error vectors, when the primitive rejects the input.  Deliberate
 * differences (docs/differences.md) are listed in `diffs` with the output
 * this model produces instead; they are asserted too.  Vectors of blocks
 * that Custard graphs do not use (bitvector, split/flatten, stop droppers,
 * point converters) and the timing-dependent skip vectors are not run here.
 */
#include <dirent.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/test_util.h"
#include "golden/golden.h"

typedef struct diff {
    const char *file;       /* path below vectors/ */
    const char *line;       /* output line name */
    const char *ours;       /* what this model produces ("error": rejects) */
} diff;

static const diff diffs[] = {
    /* union: no extra N coordinate against an N fiber */
    {"extra/union/N_fiber_vs_coords.txt", "out_crd", "1 2 S0 D"},
    {"extra/union/N_fiber_vs_coords.txt", "out_ref1", "N N S0 D"},
    {"extra/union/N_fiber_vs_coords.txt", "out_ref2", "0 1 S0 D"},
    {"extra/union/coords_vs_N_fiber.txt", "out_crd", "1 2 S0 D"},
    {"extra/union/coords_vs_N_fiber.txt", "out_ref1", "0 1 S0 D"},
    {"extra/union/coords_vs_N_fiber.txt", "out_ref2", "N N S0 D"},
    {"extra/union/two_level_with_N_fiber.txt", "out_crd", "0 1 S0 2 3 S1 D"},
    {"extra/union/two_level_with_N_fiber.txt", "out_ref1", "0 N S0 N N S1 D"},
    {"extra/union/two_level_with_N_fiber.txt", "out_ref2", "N 0 S0 1 2 S1 D"},
    /* dense scanner: dim 0 is an empty fiber; N and unmerged stops handled */
    {"extra/rd_scanner_dense/dim0.txt", "out_crd", "S0 D"},
    {"extra/rd_scanner_dense/dim0.txt", "out_ref", "S0 D"},
    {"extra/rd_scanner_dense/N_ref_input.txt", "out_crd", "N S1 D"},
    {"extra/rd_scanner_dense/N_ref_input.txt", "out_ref", "N S1 D"},
    {"extra/rd_scanner_dense/standalone_stop_input.txt", "out_crd", "0 1 2 S1 S2 D"},
    {"extra/rd_scanner_dense/standalone_stop_input.txt", "out_ref", "0 1 2 S1 S2 D"},
    /* ALUs reject N (the reference computes 'N'*3) */
    {"extra/alu/mul_N_input.txt", "out_val", "error"},
    /* integer values: a misaligned value is an integer, never a float */
    {"extra/alu/mul_misaligned_float.txt", "out_val", "0 S0 D"},
    /* order-2 accumulator with no points: D on every output */
    {"extra/spaccumulator2/only_D.txt", "out_crd_outer", "D"},
    {"extra/spaccumulator2/only_D.txt", "out_crd_inner", "D"},
    {"extra/spaccumulator2/only_D.txt", "out_val", "D"},
};

/* The reference simulator's test folders, the primitive each one tests and
 * the parameter lines that folder's vectors leave implicit. */
static const struct {
    const char *dir, *prim, *params;
} dirs[] = {
    {"rd_scanner_compressed", "scan_compressed", NULL},
    {"rd_scanner_dense", "scan_dense", NULL},
    {"intersect", "intersect", NULL},
    {"union", "union", NULL},
    {"repsiggen", "repsiggen", NULL},
    {"repeat", "repeat", NULL},
    {"reduce", "reduce", NULL},
    {"alu", NULL, NULL},
    {"arrayvals", "arrayvals", NULL},
    {"crddrop", "crddrop", NULL},
    {"crdhold", "crdhold", NULL},
    {"spaccumulator1", "spacc", NULL},
    {"spaccumulator2", "spacc", "param_order: 2\n"},
    {"fiberwrite", NULL, NULL},
};

static const char *prim_for(const char *dir, const char *prim, const char *file)
{
    if (prim)
        return prim;
    if (!strcmp(dir, "alu"))
        return strncmp(file, "mul", 3) == 0 ? "mul" :
               strncmp(file, "sub", 3) == 0 ? "sub" : "add";
    return strncmp(file, "vals", 4) == 0 ? "write_vals" : "write_level";
}

static int toks_equal_str(const sg_toks *t, sg_stream_kind k, const char *s)
{
    sg_toks x = {0};
    sg_err e;
    sg_err_clear(&e);
    if (sg_toks_parse_str(&x, s, k, &e) < 0)
        return 0;
    int eq = x.n == t->n;
    for (size_t i = 0; eq && i < x.n; i++)
        eq = sg_tok_eq(x.t[i], t->t[i]);
    sg_toks_free(&x);
    return eq;
}

static const diff *find_diff(const char *rel, const char *line)
{
    for (size_t i = 0; i < sizeof diffs / sizeof diffs[0]; i++)
        if (!strcmp(diffs[i].file, rel) && !strcmp(diffs[i].line, line))
            return &diffs[i];
    return NULL;
}

/* a's lines equal b's, skipping the '_' of b when b_gaps. */
static int same_lines(const sg_stream_file *a, const sg_stream_file *b, int b_gaps)
{
    if (a->n != b->n)
        return 0;
    for (size_t i = 0; i < a->n; i++) {
        const sg_stream_line *x = &a->lines[i], *y = &b->lines[i];
        if (strcmp(x->name, y->name))
            return 0;
        size_t k = 0;
        for (size_t j = 0; j < y->toks.n; j++) {
            if (b_gaps && y->toks.t[j].kind == SG_TK_GAP)
                continue;
            if (k >= x->toks.n || !sg_tok_eq(x->toks.t[k++], y->toks.t[j]))
                return 0;
        }
        if (k != x->toks.n)
            return 0;
    }
    return 1;
}

static void print_lines(const char *what, const sg_stream_file *f)
{
    for (size_t i = 0; i < f->n; i++) {
        fprintf(stderr, "  %s %s: ", what, f->lines[i].name);
        sg_toks_write(stderr, f->lines[i].toks.t, f->lines[i].toks.n, f->lines[i].kind);
        fprintf(stderr, "\n");
    }
}

/* Every firing path against the batch run (r, out), which must agree
 * with the one rule: one firing per step (sg_golden_stream_run_firings,
 * one = 1, the `_fire1` paths) gives the same rejection or the same
 * streams, and the timed mode (one = 2, the `_tfire` batches) gives the
 * same rejection or the same streams with every token in the same cycle
 * ('_' for the cycles without one). */
static int same_on_every_path(const char *rel, const char *prim,
                              const sg_stream_file *in, int r,
                              const sg_stream_file *out)
{
    sg_stream_file o1 = {0}, o2 = {0};
    sg_err e;
    sg_err_clear(&e);
    int r1 = sg_golden_stream_run_firings(prim, in, 32, 1, &o1, &e);
    sg_err_clear(&e);
    int r2 = sg_golden_stream_run_firings(prim, in, 32, 2, &o2, &e);
    int ok1 = (r < 0) == (r1 < 0) && (r < 0 || same_lines(out, &o1, 1));
    int ok2 = (r1 < 0) == (r2 < 0) && (r1 < 0 || same_lines(&o1, &o2, 0));
    if (!ok1)
        fprintf(stderr, "FAIL %s (%s): one firing per step differs from the batch run\n",
                rel, prim);
    if (!ok2) {
        fprintf(stderr, "FAIL %s (%s): the timed mode differs from one firing per cycle\n",
                rel, prim);
        print_lines("one firing", &o1);
        print_lines("timed", &o2);
    }
    sg_stream_file_free(&o1);
    sg_stream_file_free(&o2);
    return ok1 && ok2;
}

/* Returns 1 pass, 0 fail, -1 not runnable (float literals). */
static int run_vector(const char *root, const char *rel, const char *prim,
                      const char *params)
{
    char path[8192];
    snprintf(path, sizeof path, "%.4000s/%.4000s", root, rel);
    sg_stream_file in = {0}, out = {0};
    sg_err e;
    sg_err_clear(&e);
    /* out_error vectors name an exception, not tokens: drop the out_ lines
     * and remember that the reference rejects the input. */
    int want_error = 0;
    char tmp[] = "/tmp/sg_vecXXXXXX";
    int fd = mkstemp(tmp);
    assert_true(fd >= 0);
    FILE *src = fopen(path, "r"), *dst = fdopen(fd, "w");
    assert_non_null(src);
    char line[65536];
    while (fgets(line, sizeof line, src))
        if (!strncmp(line, "out_error:", 10))
            want_error = 1;
    rewind(src);
    if (params)
        fputs(params, dst);
    while (fgets(line, sizeof line, src))
        if (!want_error || strncmp(line, "out_", 4) != 0)
            fputs(line, dst);
    fclose(src);
    fclose(dst);
    int rr = sg_stream_file_read(tmp, &in, &e);
    remove(tmp);
    if (rr < 0) {
        printf("not runnable: %s: %s\n", rel, e.msg);
        sg_stream_file_free(&in);
        return -1;
    }
    int r = sg_golden_stream_run(prim, &in, 32, &out, &e);
    int same = same_on_every_path(rel, prim, &in, r, &out);
    int ok = 1;
    if (want_error) {
        ok = r < 0;
        if (!ok) {
            /* a documented difference: we accept the input */
            ok = out.n > 0;
            for (size_t i = 0; i < out.n; i++) {
                const diff *d = find_diff(rel, out.lines[i].name);
                if (!d || !toks_equal_str(&out.lines[i].toks, out.lines[i].kind, d->ours))
                    ok = 0, i = out.n;
                else
                    ok = 1;
            }
            if (!ok)
                fprintf(stderr, "FAIL %s: the reference rejects this input, %s accepts it\n",
                        rel, prim);
        }
    } else if (r < 0) {
        const diff *d = NULL;
        for (size_t i = 0; i < sizeof diffs / sizeof diffs[0] && !d; i++)
            if (!strcmp(diffs[i].file, rel))
                d = &diffs[i];
        ok = d && !strcmp(d->ours, "error");
        if (!ok)
            fprintf(stderr, "FAIL %s (%s): %s\n", rel, prim, e.msg);
    } else {
        for (size_t i = 0; i < in.n; i++) {
            const sg_stream_line *l = &in.lines[i];
            if (strncmp(l->name, "out_", 4) != 0)
                continue;
            const sg_stream_line *o = sg_stream_file_get(&out, l->name);
            const diff *d = find_diff(rel, l->name);
            int eq;
            if (d) {
                eq = o && toks_equal_str(&o->toks, o->kind, d->ours);
            } else {
                eq = o && o->toks.n == l->toks.n;
                for (size_t k = 0; eq && k < l->toks.n; k++)
                    eq = sg_tok_eq(o->toks.t[k], l->toks.t[k]);
            }
            if (!eq) {
                fprintf(stderr, "FAIL %s (%s) line %s: expected ", rel, prim, l->name);
                sg_toks_write(stderr, l->toks.t, l->toks.n, l->kind);
                fprintf(stderr, ", got ");
                if (o)
                    sg_toks_write(stderr, o->toks.t, o->toks.n, o->kind);
                fprintf(stderr, "\n");
                ok = 0;
            }
        }
    }
    sg_stream_file_free(&in);
    sg_stream_file_free(&out);
    return ok && same;
}

static void test_shared_vectors(void **state)
{
    (void)state;
    char root[4096];
    if (!sg_test_shared_path("docs/sam/vectors", "shared vectors", root, sizeof root))
        return;
    int pass = 0, fail = 0, skipped = 0;
    for (int extra = 0; extra < 2; extra++)
        for (size_t k = 0; k < sizeof dirs / sizeof dirs[0]; k++) {
            char dpath[8192], rel[512];
            snprintf(dpath, sizeof dpath, "%.4000s/%s%s", root, extra ? "extra/" : "", dirs[k].dir);
            DIR *dd = opendir(dpath);
            if (!dd)
                continue;
            struct dirent *de;
            while ((de = readdir(dd))) {
                if (de->d_name[0] == '.')
                    continue;
                snprintf(rel, sizeof rel, "%s%s/%s", extra ? "extra/" : "", dirs[k].dir, de->d_name);
                int r = run_vector(root, rel, prim_for(dirs[k].dir, dirs[k].prim, de->d_name),
                                   dirs[k].params);
                if (r > 0)
                    pass++;
                else if (r == 0)
                    fail++;
                else
                    skipped++;
            }
            closedir(dd);
        }
    printf("shared vectors: %d passed, %d failed, %d not runnable (float literals)\n",
           pass, fail, skipped);
    assert_true(pass > 100);
    assert_int_equal(fail, 0);
}

/* ---- literal tests (no shared data needed) -------------------------------- */

/* Run prim on the token file text once, then check its output lines: pairs
 * LINE, WANT up to a NULL, WANT "error" when the run must fail. */
#define check(...) check_lines(__VA_ARGS__, (const char *)NULL)
static void check_lines(const char *prim, const char *text, ...)
{
    char path[] = "/tmp/sg_prim_testXXXXXX";
    sg_test_write_temp(path, text);
    sg_stream_file in = {0}, out = {0};
    sg_err e;
    sg_err_clear(&e);
    assert_int_equal(sg_stream_file_read(path, &in, &e), 0);
    int r = sg_golden_stream_run(prim, &in, 32, &out, &e);
    remove(path);
    va_list ap;
    va_start(ap, text);
    for (const char *line; (line = va_arg(ap, const char *)) != NULL;) {
        const char *want = va_arg(ap, const char *);
        if (!strcmp(want, "error")) {
            assert_true(r < 0);
            continue;
        }
        if (r < 0)
            fail_msg("%s: %s", prim, e.msg);
        const sg_stream_line *o = sg_stream_file_get(&out, line);
        assert_non_null(o);
        if (!toks_equal_str(&o->toks, o->kind, want)) {
            sg_toks_write(stderr, o->toks.t, o->toks.n, o->kind);
            fail_msg("%s %s: want %s", prim, line, want);
        }
    }
    va_end(ap);
    sg_stream_file_free(&in);
    sg_stream_file_free(&out);
}

static void test_scanners(void **state)
{
    (void)state;
    const char *c = "arr_seg: 0 2 3 4\narr_crd: 0 2 2 2\nin_ref: 0 1 2 S0 D\n";
    check("scan_compressed", c, "out_crd", "0 2 S0 2 S0 2 S1 D", "out_ref", "0 1 S0 2 S0 3 S1 D");
    check("scan_compressed", "arr_seg: 0 2 3 4\narr_crd: 0 1 2 3\nin_ref: 0 1 N 2 N S0 D\n",
          "out_crd", "0 1 S0 2 S0 N S0 3 S0 N S1 D");
    check("scan_compressed", "arr_seg: 0 0\narr_crd:\nin_ref: 0 D\n", "out_crd", "S0 D");
    check("scan_compressed", "arr_seg: 0 1\narr_crd: 0\nin_ref: 0 S0 S1 D\n", "out_crd",
          "0 S1 S2 D");
    check("scan_compressed", "arr_seg: 0 1\narr_crd: 0\nin_ref: 1 D\n", "out_crd", "error");
    check("scan_dense", "param_dim: 3\nin_ref: 1 S0 1 S1 D\n", "out_ref",
          "3 4 5 S1 3 4 5 S2 D");
    check("scan_dense", "param_dim: 0\nin_ref: 0 D\n", "out_crd", "S0 D");
    /* DIA: a range fiber is the rows its diagonal crosses, references
     * r*N + i; the offset level gives i + off[r] and closes every position */
    check("scan_range", "arr_off: -1 0 2\nparam_dim: 4\nparam_m: 6\nin_ref: 0 1 S0 2 D\n",
          "out_crd", "1 2 3 S0 0 1 2 3 S1 0 1 2 3 S0 D",
          "out_ref", "1 2 3 S0 4 5 6 7 S1 8 9 10 11 S0 D");
    check("scan_range", "arr_off: 3 -3\nparam_dim: 4\nparam_m: 4\nin_ref: 0 N 1 S0 D\n",
          "out_crd", "0 S0 N S0 3 S1 D", "out_ref", "0 S0 N S0 7 S1 D");
    check("scan_range", "arr_off: 0\nparam_dim: 4\nparam_m: 4\nin_ref: 1 D\n", "out_crd",
          "error");
    /* N = 3: the stride is 4, so diagonal 1's rows are at 5 and 6 */
    check("scan_range", "arr_off: 0 -1\nparam_dim: 3\nparam_m: 3\nin_ref: 0 1 D\n",
          "out_crd", "0 1 2 S0 1 2 S0 D", "out_ref", "0 1 2 S0 5 6 S0 D");
    check("scan_offset", "arr_off: 0 -1\nparam_dim: 3\nin_ref: 2 S0 5 6 S0 D\n",
          "out_crd", "2 S1 0 S0 1 S1 D", "out_ref", "2 S1 5 S0 6 S1 D");
    check("scan_offset", "arr_off: -1 0 2\nparam_dim: 4\nin_ref: 1 3 S0 4 S1 11 S1 D\n",
          "out_crd", "0 S0 2 S1 0 S2 5 S2 D", "out_ref", "1 S0 3 S1 4 S2 11 S2 D");
}

static void test_joiners(void **state)
{
    (void)state;
    const char *u = "in_crd1: 0 1 3 5 S0 D\nin_ref1: 0 1 2 3 S0 D\n"
                    "in_crd2: 0 2 3 4 S0 D\nin_ref2: 0 1 2 3 S0 D\n";
    check("union", u, "out_crd", "0 1 2 3 4 5 S0 D", "out_ref1", "0 1 N 2 N 3 S0 D",
          "out_ref2", "0 N 1 2 3 N S0 D");
    /* deliberate difference: no extra N coordinate */
    check("union", "in_crd1: N S0 D\nin_ref1: N S0 D\nin_crd2: 1 2 S0 D\nin_ref2: 0 1 S0 D\n",
          "out_crd", "1 2 S0 D");
    check("intersect", "in_crd1: N S0 D\nin_ref1: N S0 D\nin_crd2: 1 2 S0 D\nin_ref2: 0 1 S0 D\n",
          "out_crd", "N S0 D");
    const char *i2 = "in_crd1: 0 S0 0 1 2 S1 D\nin_ref1: 0 S0 1 2 3 S1 D\n"
                     "in_crd2: 0 1 2 S0 0 1 2 S1 D\nin_ref2: 0 1 2 S0 0 1 2 S1 D\n";
    check("intersect", i2, "out_ref2", "0 S0 0 1 2 S1 D");
    check("intersect", "in_crd1: 0 S0 D\nin_ref1: 0 S0 D\nin_crd2: 0 S1 D\nin_ref2: 0 S1 D\n",
          "out_crd", "error");
    /* three operands: A={0,1,2}, B={1,2}, C={2,3} */
    const char *i3 = "in_crd1: 0 1 2 S0 D\nin_ref1: 0 1 2 S0 D\n"
                     "in_crd2: 1 2 S0 D\nin_ref2: 0 1 S0 D\n"
                     "in_crd3: 2 3 S0 D\nin_ref3: 0 1 S0 D\n";
    check("intersect", i3, "out_crd", "2 S0 D", "out_ref1", "2 S0 D", "out_ref2", "1 S0 D",
          "out_ref3", "0 S0 D");
    check("union", i3, "out_crd", "0 1 2 3 S0 D", "out_ref3", "N N 0 1 S0 D");
}

static void test_repeat_reduce_alu(void **state)
{
    (void)state;
    check("repsiggen", "in_crd: 0 1 S0 2 S0 3 S1 D\n", "out_repsig", "R R S R S R S D");
    check("repeat", "in_ref: 0 S0 1 S1 D\nin_repsig: S R S D\n", "out_ref", "S1 1 S2 D");
    check("repeat", "in_ref: 0 S0 1 2 3 S1 D\nin_repsig: R R R S R R R S R S R R S D\n",
          "out_ref", "0 0 0 S1 1 1 1 S0 2 S0 3 3 S2 D");
    check("reduce", "in_val: S0 1 S1 D\n", "out_val", "0 1 S0 D");
    check("reduce", "in_val: 1 2 3 4 5 6 7 8 9 S2 D\n", "out_val", "45 S1 D");
    check("reduce", "in_val: 5 D\n", "out_val", "D");
    /* empty=skip: no value for a fiber without values */
    check("reduce", "param_skip_empty: 1\nin_val: S0 1 S1 D\n", "out_val", "1 S0 D");
    check("reduce", "param_skip_empty: 1\nin_val: S1 D\n", "out_val", "S0 D");
    check("reduce", "param_skip_empty: 1\nin_val: S2 D\n", "out_val", "S1 D");
    check("reduce", "param_skip_empty: 1\nin_val: 1 2 S0 S0 -4 S1 S1 5 S0 0 S1 D\n",
          "out_val", "3 -4 S0 S0 5 0 S0 D");
    check("reduce", "param_skip_empty: 0\nin_val: S1 D\n", "out_val", "0 S0 D");
    check("mul", "in_val1: 65536 S0 D\nin_val2: 65536 S0 D\n", "out_val", "0 S0 D");
    check("sub", "in_val1: 5 S0 D\nin_val2: 7 S0 D\n", "out_val", "-2 S0 D");
    check("add", "in_val1: 2147483647 D\nin_val2: 1 D\n", "out_val", "-2147483648 D");
    check("add", "in_val1: S0 D\nin_val2: S1 D\n", "out_val", "error");
    check("mul", "in_val1: 1 N S0 D\nin_val2: 2 3 S0 D\n", "out_val", "error");
    check("arrayvals", "arr_vals: 1 2 3 4 5 6\nin_ref: 0 1 S0 2 3 S0 N S0 4 5 S1 D\n",
          "out_val", "1 2 S0 3 4 S0 0 S0 5 6 S1 D");
    /* locate: b*dim + c per coordinate, the base taken per fiber, N base or
     * N coordinate gives N, an outer stop pairs with the base's stop */
    check("locate", "param_dim: 5\nin_ref: 2 N S0 3 S1 1 S1 D\n"
          "in_crd: 0 3 S0 1 4 S1 S2 0 2 S2 D\n", "out_ref", "10 13 S0 N N S1 S2 5 7 S2 D");
    check("locate", "param_dim: 7\nin_ref: 2 S0 S1 4 1 S1 D\nin_crd: 0 6 S1 S2 S0 3 S2 D\n",
          "out_ref", "14 20 S1 S2 S0 10 S2 D");
    check("locate", "param_dim: 4\nin_ref: 3 N 1 S0 D\nin_crd: N S0 N S0 N 2 S1 D\n",
          "out_ref", "N S0 N S0 N 6 S1 D");
    /* a root locate: one base for the whole stream */
    check("locate", "param_dim: 9\nin_ref: 0 D\nin_crd: 1 4 8 S0 D\n", "out_ref", "1 4 8 S0 D");
    /* malformed: a coordinate beyond the dense level, stops that disagree,
     * a base stream that ends early */
    check("locate", "param_dim: 4\nin_ref: 0 D\nin_crd: 1 4 S0 D\n", "out_ref", "error");
    check("locate", "param_dim: 4\nin_ref: 0 S0 D\nin_crd: 1 S2 D\n", "out_ref", "error");
    check("locate", "param_dim: 4\nin_ref: 0 D\nin_crd: 1 S0 2 S1 D\n", "out_ref", "error");
    /* hashed: fiber b's bucket holding the coordinate (homes of 2, 5, 7, 3,
     * 4 among 4 buckets: 0, 0, 1, 3, 1; 5 probed on to bucket 1), N when
     * the fiber lacks it */
    check("locate_hashed", "arr_crd: 2 5 -1 -1 -1 -1 -1 3\nparam_dim: 8\nparam_w: 4\n"
          "in_ref: 0 1 S0 D\nin_crd: 2 5 7 S0 3 4 S1 D\n", "out_ref", "0 1 N S0 7 N S1 D");
    check("locate_hashed", "arr_crd: 2 5 -1 -1\nparam_dim: 8\nparam_w: 4\n"
          "in_ref: N D\nin_crd: 2 S0 D\n", "out_ref", "N S0 D");
    check("locate_hashed", "arr_crd: 2 5 -1 -1\nparam_dim: 4\nparam_w: 4\n"
          "in_ref: 0 D\nin_crd: 6 S0 D\n", "out_ref", "error");
}

static void test_accumulators(void **state)
{
    (void)state;
    const char *s1 = "param_val_stkn: 1\nin_crd_outer: 0 0 0 2 2 2 2 2 2 D\n"
                     "in_crd_inner: 0 2 3 0 2 3 0 2 3 D\n"
                     "in_val: 50 5 10 40 4 8 -40 33 36 D\n";
    check("spacc", s1, "out_crd_outer", "0 2 S0 D", "out_crd_inner", "0 2 3 S0 0 2 3 S1 D",
          "out_val", "50 5 10 S0 0 37 44 S1 D");
    check("spacc", "param_order: 2\nin_crd_outer: 3 1 3 D\nin_crd_inner: 5 2 5 D\nin_val: 1 2 3 D\n",
          "out_val", "2 4 D");
    check("spacc", "param_order: 2\nin_crd_outer: D\nin_crd_inner: D\nin_val: D\n", "out_val", "D");
    check("spacc", "param_order: 3\nin_crd_outer: D\nin_crd_inner: D\nin_val: D\n", "out_val",
          "error");
    /* vector reducer: rows of (k, j) fibers merged per i */
    const char *vr = "in_crd: 1 S0 0 1 S1 2 S2 D\nin_val: 5 S0 1 2 S1 7 S2 D\n";
    check("vectorreducer", vr, "out_crd", "0 1 S0 2 S1 D", "out_val", "1 7 S0 7 S1 D");
    /* Coordinates far beyond the data's size (2e9, 2e10, near 2^63) cost
     * memory per distinct coordinate, not per value: same streams, same
     * ascending order, sums kept apart from small coordinates. */
    const char *big = "param_val_stkn: 1\nin_crd_outer: 0 0 0 0 5 5 5 D\n"
                      "in_crd_inner: 20000000000 3 2000000000 20000000000 "
                      "9223372036854775806 3 1048576 D\n"
                      "in_val: 1 2 3 4 5 6 7 D\n";
    check("spacc", big, "out_crd_outer", "0 5 S0 D",
          "out_crd_inner", "3 2000000000 20000000000 S0 3 1048576 9223372036854775806 S1 D",
          "out_val", "2 3 5 S0 6 7 5 S1 D");
    check("spacc", "param_order: 2\nin_crd_outer: 1 0 1 D\n"
                   "in_crd_inner: 20000000000 7 20000000000 D\nin_val: 1 2 3 D\n",
          "out_crd_inner", "7 S0 20000000000 S1 D");
    const char *vbig = "in_crd: 2000000000 S0 20000000000 2000000000 S1 "
                       "1048575 1048576 S2 D\n"
                       "in_val: 5 S0 1 2 S1 7 8 S2 D\n";
    check("vectorreducer", vbig, "out_crd", "2000000000 20000000000 S0 1048575 1048576 S1 D",
          "out_val", "7 1 S0 7 8 S1 D");
}

static void test_crd_and_writers(void **state)
{
    (void)state;
    check("crddrop", "in_crd_outer: 0 1 2 3 S0 D\nin_crd_inner: 1 S0 1 S0 S0 1 S1 D\n",
          "out_crd_outer", "0 1 3 S0 D");
    check("crddrop", "in_crd_outer: 0 1 S0 2 S1 D\nin_crd_inner: S0 S1 4 S2 D\n",
          "out_crd_outer", "S0 2 S1 D");
    /* depth 2: inner two levels below outer */
    check("crddrop", "param_depth: 2\nin_crd_outer: 0 1 S0 D\n"
          "in_crd_inner: S0 S1 3 S0 S2 D\n", "out_crd_outer", "1 S0 D");
    check("crddrop", "param_vals: 1\nin_crd_outer: 0 1 2 S0 D\nin_crd_inner: 4 0 5 S0 D\n",
          "out_crd_outer", "0 2 S0 D");
    check("crdhold", "in_crd_outer: 0 2 S0 3 S0 4 S1 D\n"
          "in_crd_inner: 0 2 3 S0 0 2 3 S1 0 S1 2 3 S2 D\n",
          "out_crd_outer", "0 0 0 S0 2 2 2 S1 3 S1 4 4 S2 D");
    check("write_level", "in_crd: 1 S0 S0 2 S1 D\n", "out_arr_seg", "0 1 2");
    check("write_level", "in_crd: S0 D\n", "out_arr_seg", "0");
    check("write_vals", "in_val: 1 S0 2 S1 D\n", "out_arr_vals", "1 2");
}

/* Bitvector scanner and joiners: words and prefix counts out of a level,
 * and coordinates (with each operand's reference) out of the AND / OR of
 * aligned words; malformed levels and words are refused. */
static void test_bitvector(void **state)
{
    (void)state;
    const char *lv = "arr_bv: 0b1001 0b10 0 0b10000000\narr_pos: 0 2 3 3\n"
                     "param_nw: 2\nparam_w: 8\n";
    char t[256];
    snprintf(t, sizeof t, "%sin_ref: 0 1 S0 N S0 D\n", lv);
    check("scan_bitvector", t, "out_bv", "0b1001 0b10 S0 0b0 0b10000000 S1 0b0 0b0 S1 D",
          "out_ref", "0 2 S0 3 3 S1 0 0 S1 D");
    snprintf(t, sizeof t, "%sin_ref: 2 D\n", lv);
    check("scan_bitvector", t, "out_bv", "error");                /* no fiber 2 */
    check("scan_bitvector", "arr_bv: 5 1\narr_pos: 0 1\nparam_nw: 2\nparam_w: 8\n"
          "in_ref: 0 D\n", "out_bv", "error");                    /* pos not the counts */
    check("scan_bitvector", "arr_bv: 256\narr_pos: 0\nparam_nw: 1\nparam_w: 8\n"
          "in_ref: 0 D\n", "out_bv", "error");                    /* a 9-bit word */
    check("scan_bitvector", "arr_bv: 1 2 3\narr_pos: 0 1 2\nparam_nw: 2\nparam_w: 8\n"
          "in_ref: 0 D\n", "out_bv", "error");                    /* 3 words, 2 per fiber */
    const char *j = "param_w: 8\nin_bv1: 0b1001 0b10 S0 0b10000000 0b1 S1 D\n"
                    "in_ref1: 0 2 S0 3 4 S1 D\nin_bv2: 0b1011 0b0 S0 0b10000001 0b0 S1 D\n"
                    "in_ref2: 0 3 S0 3 5 S1 D\n";
    check("intersect_bv", j, "out_crd", "0 3 S0 7 S1 D", "out_ref1", "0 1 S0 3 S1 D",
          "out_ref2", "0 2 S0 4 S1 D");
    check("union_bv", j, "out_crd", "0 1 3 9 S0 0 7 8 S1 D", "out_ref1", "0 N 1 2 S0 N 3 4 S1 D",
          "out_ref2", "0 1 2 N S0 3 4 N S1 D");
    /* one operand: words to coordinates */
    check("intersect_bv", "param_w: 16\nin_bv1: 0b1000000000000001 0b0 S0 0b110 S1 D\n"
          "in_ref1: 5 7 S0 7 S1 D\n", "out_crd", "0 15 S0 1 2 S1 D", "out_ref1", "5 6 S0 7 8 S1 D");
    check("intersect_bv", "param_w: 6\nin_bv1: 1 D\nin_ref1: 0 D\n", "out_crd", "error");
    check("intersect_bv", "param_w: 8\nin_bv1: 1 S0 D\nin_ref1: 0 D\n", "out_crd", "error");
}

/* Lanes: the filter keeps every L-th data or N token from the l-th;
 * serialize merges the lanes' root coordinates and names each one's lane;
 * serializelevel takes the lanes' fibers in that order, skipping the
 * empty ones (root coordinates a lane dropped). */
static void test_lanes(void **state)
{
    (void)state;
    check("parallelize", "param_lane: 1\nparam_lanes: 3\nin_data: 0 2 5 7 9 11 S0 D\n",
          "out_data", "2 9 S0 D");
    check("parallelize", "param_lane: 0\nparam_lanes: 2\nin_data: 4 N 6 S0 D\n",
          "out_data", "4 6 S0 D");
    check("parallelize", "param_lane: 2\nparam_lanes: 2\nin_data: 4 S0 D\n", "out_data",
          "error");
    check("serialize", "in_crd1: 0 3 S0 D\nin_crd2: 1 5 6 S0 D\nin_crd3: S0 D\n",
          "out_crd", "0 1 3 5 6 S0 D", "out_lane", "0 1 0 1 1 D");
    check("serialize", "in_crd1: S0 D\nin_crd2: S0 D\n", "out_crd", "S0 D", "out_lane", "D");
    check("serialize", "in_crd1: 0 S0 D\nin_crd2: 1 D\n", "out_crd", "error");
    check("serializelevel", "param_level: 1\nin_lane: 0 1 0 1 1 D\n"
          "in_data1: 4 S0 S0 5 6 S1 D\nin_data2: 7 S0 8 S0 9 S1 D\n",
          "out_data", "4 S0 7 S0 5 6 S0 8 S0 9 S0 S1 D");
    check("serializelevel", "param_level: 0\nin_lane: 1 0 1 D\n"
          "in_data1: 10 S0 D\nin_data2: 20 30 S0 D\n", "out_data", "20 10 30 S0 D");
    check("serializelevel", "param_level: 1\nin_lane: D\nin_data1: S1 D\nin_data2: S1 D\n",
          "out_data", "S1 D");
    check("serializelevel", "param_level: 1\nin_lane: 2 D\nin_data1: 4 S1 D\n"
          "in_data2: S1 D\n", "out_data", "error");          /* no lane 2 */
    check("serializelevel", "param_level: 1\nin_lane: 0 0 D\nin_data1: 4 S1 D\n"
          "in_data2: S1 D\n", "out_data", "error");          /* lane 0 ends early */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_scanners),
        cmocka_unit_test(test_joiners),
        cmocka_unit_test(test_repeat_reduce_alu),
        cmocka_unit_test(test_accumulators),
        cmocka_unit_test(test_crd_and_writers),
        cmocka_unit_test(test_bitvector),
        cmocka_unit_test(test_lanes),
        cmocka_unit_test(test_shared_vectors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
