/*
 * level_ext_test.c - the levels beyond dense and compressed: ELL (a
 * singleton under a dense level), DIA (range and offset) and hashed
 * levels, built from a matrix cast to order 3 (core/cast.c), checked
 * array by array against the unified-formats work's layouts, walked back
 * to the same entries, written to and read from SAM directories, and
 * refused with the reason when the data or the files do not fit.
 */
#define _POSIX_C_SOURCE 200809L
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/tensor.h"
#include "core/tensor_int.h"

/* The 4 x 6 matrix of the paper's Figure 2 shape with entries on the
 * diagonals -1, 0 and 2 (row, column, value). */
static const int64_t mat[][3] = {
    {0, 0, 5}, {0, 2, 1}, {1, 0, 7}, {1, 1, 3}, {1, 3, 8},
    {2, 2, 4}, {2, 4, 9}, {3, 2, 6}, {3, 3, 2},
};

static void make_mat(sg_coo *t)
{
    int64_t shape[2] = {4, 6};
    sg_coo_init(t, 2, shape);
    for (size_t n = 0; n < sizeof mat / sizeof mat[0]; n++)
        sg_coo_push(t, mat[n], mat[n][2]);
}

/* The entries of ft summed over mode 0 (the cast's k), as a dense 4 x 6
 * array. */
static void summed(const sg_fibertree *ft, int64_t out[4][6])
{
    memset(out, 0, sizeof(int64_t) * 24);
    sg_coo c;
    sg_fibertree_to_coo(ft, 0, &c);
    for (size_t n = 0; n < c.nnz; n++)
        out[c.crd[3 * n + 1]][c.crd[3 * n + 2]] += c.val[n];
    sg_coo_free(&c);
}

static void assert_matrix(const sg_fibertree *ft)
{
    int64_t got[4][6];
    summed(ft, got);
    int64_t want[4][6];
    memset(want, 0, sizeof want);
    for (size_t n = 0; n < sizeof mat / sizeof mat[0]; n++)
        want[mat[n][0]][mat[n][1]] = mat[n][2];
    assert_memory_equal(got, want, sizeof want);
}

static void build_cast(const char *kind, const char *fmt, sg_fibertree *ft)
{
    sg_coo a, b;
    sg_err e;
    sg_err_clear(&e);
    make_mat(&a);
    const char *dflt = NULL;
    assert_int_equal(sg_cast_coo(&a, kind, &b, &dflt, &e), 0);
    sg_format f;
    assert_int_equal(sg_format_parse(fmt ? fmt : dflt, &f, &e), 0);
    assert_int_equal(sg_fibertree_build(&b, &f, ft, &e), 0);
    sg_coo_free(&a);
    sg_coo_free(&b);
}

static void test_ell(void **state)
{
    (void)state;
    sg_fibertree ft;
    build_cast("ell", NULL, &ft);
    /* K = 3 (row 1 has three entries): 3 x 4 slots, one column each */
    assert_int_equal(ft.shape[0], 3);
    const sg_level *q = &ft.lvl[2];
    assert_int_equal(q->fmt, SG_LVL_SINGLETON);
    assert_int_equal(q->ncrd, 12);
    static const int64_t crd[12] = {0, 0, 2, 2, 2, 1, 4, 3, 0, 3, 0, 0};
    static const int64_t val[12] = {5, 7, 4, 6, 1, 3, 9, 2, 0, 8, 0, 0};
    assert_memory_equal(q->crd, crd, sizeof crd);
    assert_memory_equal(ft.vals, val, sizeof val);
    for (size_t p = 0; p < 12; p++)
        assert_int_equal(q->last[p], 1);
    assert_matrix(&ft);
    sg_fibertree_free(&ft);
}

static void test_dia(void **state)
{
    (void)state;
    sg_fibertree ft;
    build_cast("dia", NULL, &ft);
    const sg_level *r = &ft.lvl[1], *o = &ft.lvl[2];
    assert_int_equal(ft.shape[0], 3);        /* diagonals -1, 0, 2 */
    assert_int_equal(r->fmt, SG_LVL_RANGE);
    assert_int_equal(o->fmt, SG_LVL_OFFSET);
    assert_int_equal(r->noff, 3);
    static const int64_t off[3] = {-1, 0, 2};
    assert_memory_equal(r->off, off, sizeof off);
    assert_int_equal(o->w, 4);
    /* values laid out K x N: diagonal 0 of row 2 is a hole (0) */
    assert_int_equal(ft.nvals, 12);
    static const int64_t val[12] = {0, 7, 0, 6, 5, 3, 4, 2, 1, 8, 9, 0};
    assert_memory_equal(ft.vals, val, sizeof val);
    assert_matrix(&ft);
    sg_fibertree_free(&ft);
}

static void test_hashed(void **state)
{
    (void)state;
    sg_coo a;
    sg_err e;
    sg_err_clear(&e);
    make_mat(&a);
    sg_format f;
    assert_int_equal(sg_format_parse("sh01", &f, &e), 0);
    sg_fibertree ft;
    assert_int_equal(sg_fibertree_build(&a, &f, &ft, &e), 0);
    const sg_level *h = &ft.lvl[1];
    /* longest row 3: W = 8 buckets per row, 4 rows */
    assert_int_equal(h->w, 8);
    assert_int_equal(h->ncrd, 32);
    size_t used = 0;
    for (size_t b = 0; b < h->ncrd; b++)
        used += h->crd[b] >= 0;
    assert_int_equal(used, 9);
    for (size_t n = 0; n < sizeof mat / sizeof mat[0]; n++) {
        int probes = 0;
        int64_t b = sg_lvl_hash_find(h, mat[n][0], mat[n][1], &probes);
        assert_true(b >= 0 && probes >= 1);
        assert_int_equal(b / 8, mat[n][0]);
        assert_int_equal(ft.vals[b], mat[n][2]);
    }
    assert_int_equal(sg_lvl_hash_find(h, 0, 5, NULL), -1);
    sg_coo back;
    sg_fibertree_to_coo(&ft, 0, &back);
    assert_int_equal(back.nnz, 9);
    sg_coo_free(&back);
    sg_fibertree_free(&ft);
    sg_coo_free(&a);
}

/* What sg_fibertree_build says for data a format cannot hold. */
static void test_refusals(void **state)
{
    (void)state;
    sg_coo a, b;
    sg_err e;
    sg_err_clear(&e);
    make_mat(&a);
    assert_int_equal(sg_cast_coo(&a, "ell", &b, NULL, &e), 0);
    sg_format f;
    sg_fibertree ft;
    /* the matrix itself in ELL-like dq01: row 1 holds 3 entries */
    assert_int_equal(sg_format_parse("dq01", &f, &e), 0);
    assert_int_equal(sg_fibertree_build(&a, &f, &ft, &e), -1);
    assert_non_null(strstr(e.msg, "one coordinate per position"));
    assert_non_null(strstr(e.msg, "--cast ell"));
    /* the ELL cast in DIA: a slot's entries lie on several diagonals */
    sg_err_clear(&e);
    assert_int_equal(sg_format_parse("dro012", &f, &e), 0);
    assert_int_equal(sg_fibertree_build(&b, &f, &ft, &e), -1);
    assert_non_null(strstr(e.msg, "one diagonal per position"));
    assert_non_null(strstr(e.msg, "--cast dia"));
    /* pairing rules */
    static const char *bad[][2] = {
        {"rd01", "a range level (r) must have an offset level (o) right under it"},
        {"do01", "an offset level (o) must sit right under a range level (r)"},
        {"sq01", "a singleton level (q) must sit under a non-unique level (u) or a dense one"},
        {"sx01", "unknown level format 'x' (known: s compressed, d dense, u non-unique "
                 "compressed, q singleton, r range, o offset, h hashed, b bitvector)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sg_err_clear(&e);
        assert_int_equal(sg_format_parse(bad[i][0], &f, &e), -1);
        assert_non_null(strstr(e.msg, bad[i][1]));
    }
    sg_coo_free(&a);
    sg_coo_free(&b);
    sg_err_clear(&e);
    assert_int_equal(sg_cast_coo(&b, "csr", &a, NULL, &e), -1);
    assert_non_null(strstr(e.msg, "unknown cast 'csr'"));
}

/* Write each format as a SAM directory and read it back, inferred and
 * explicit; then break the files and read the errors. */
static void test_samdir(void **state)
{
    (void)state;
    char dir[64];
    strcpy(dir, "/tmp/sg_level_ext_XXXXXX");
    assert_non_null(mkdtemp(dir));
    static const char *cases[][2] = {{"ell", "ddq012"}, {"dia", "dro012"},
                                     {"ell", "shs012"}, {"dia", "sro012"}};
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        sg_fibertree ft;
        build_cast(cases[i][0], cases[i][1], &ft);
        sg_err e;
        sg_err_clear(&e);
        assert_int_equal(sg_tensor_write_samdir(dir, "B", &ft, &e), 0);
        for (int explicit_fmt = 0; explicit_fmt < 2; explicit_fmt++) {
            sg_read_opts o;
            sg_read_opts_default(&o);
            o.format = explicit_fmt ? cases[i][1] : NULL;
            sg_coo t;
            if (sg_tensor_read(dir, "B", &o, &t, &e) != 0)
                fail_msg("%s: %s", cases[i][1], e.msg);
            sg_coo want;
            sg_fibertree_to_coo(&ft, 0, &want);
            assert_int_equal(t.nnz, want.nnz);
            sg_coo_sort(&t, NULL);
            sg_coo_sort(&want, NULL);
            assert_memory_equal(t.crd, want.crd, want.nnz * 3 * sizeof *t.crd);
            assert_memory_equal(t.val, want.val, want.nnz * sizeof *t.val);
            sg_coo_free(&t);
            sg_coo_free(&want);
        }
        sg_fibertree_free(&ft);
    }
    /* a DIA offset beyond the matrix, then a hashed coordinate away from
     * its home bucket */
    char p[128];
    snprintf(p, sizeof p, "%s/tensor_B_mode_1_offset", dir);
    sg_fibertree ft;
    build_cast("dia", NULL, &ft);
    sg_err e;
    sg_err_clear(&e);
    assert_int_equal(sg_tensor_write_samdir(dir, "B", &ft, &e), 0);
    sg_fibertree_free(&ft);
    FILE *fp = fopen(p, "w");
    fputs("-1\n0\n9\n", fp);
    fclose(fp);
    sg_read_opts o;
    sg_read_opts_default(&o);
    sg_coo t;
    assert_int_equal(sg_tensor_read(dir, "B", &o, &t, &e), -1);
    assert_non_null(strstr(e.msg, "tensor_B_mode_1_offset:3: offset 9 leaves no diagonal"));
    unlink(p);
    sg_err_clear(&e);
    o.format = "dro012";
    assert_int_equal(sg_tensor_read(dir, "B", &o, &t, &e), -1);
    assert_non_null(strstr(e.msg, "tensor_B_mode_1_offset: missing"));
    o.format = NULL;
    /* hashed: one row of 4 buckets holding 3 at bucket 0 where its home
     * is elsewhere and bucket 1.. are empty */
    static const char *files[][2] = {
        {"shape", "1\n4\n"}, {"0_seg", "0\n1\n"}, {"0_crd", "0\n"},
        {"1_crd", "-1\n-1\n-1\n-1\n"}, {"vals", "0\n0\n0\n0\n"}};
    char d2[64];
    strcpy(d2, "/tmp/sg_level_ext_XXXXXX");
    assert_non_null(mkdtemp(d2));
    int64_t home = sg_lvl_hash(3, 4);
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(p, sizeof p, "%s/tensor_H_mode_%s", d2, files[i][0]);
        fp = fopen(p, "w");
        if (strcmp(files[i][0], "1_crd") == 0) {
            for (int64_t b = 0; b < 4; b++)
                fprintf(fp, "%d\n", b == (home + 1) % 4 ? 3 : -1);
        } else {
            fputs(files[i][1], fp);
        }
        fclose(fp);
    }
    sg_err_clear(&e);
    assert_int_equal(sg_tensor_read(d2, "H", &o, &t, &e), -1);
    snprintf(p, sizeof p, "tensor_H_mode_1_crd:%d: coordinate 3 cannot be found",
             (int)((home + 1) % 4) + 1);
    if (!strstr(e.msg, p))
        fail_msg("got: %s", e.msg);
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        snprintf(p, sizeof p, "%s/tensor_H_mode_%s", d2, files[i][0]);
        unlink(p);
    }
    rmdir(d2);
    static const char *left[] = {"shape", "1_offset", "2_crd", "vals", "1_crd", "0_seg",
                                 "0_crd"};
    for (size_t i = 0; i < sizeof left / sizeof left[0]; i++) {
        snprintf(p, sizeof p, "%s/tensor_B_mode_%s", dir, left[i]);
        unlink(p);
    }
    assert_int_equal(rmdir(dir), 0);
}

/* Bitvector levels: the words and prefix counts of a known matrix, the
 * child positions, the walk back to coordinates, the checks and the
 * refusals. */
static void test_bitvector(void **state)
{
    (void)state;
    /* 2 x 10, W = 4: row 0 holds 0 2 3 9, row 1 holds 4 */
    static const int64_t crd[][2] = {{0, 0}, {0, 2}, {0, 3}, {0, 9}, {1, 4}};
    int64_t shape[2] = {2, 10};
    sg_coo a;
    sg_coo_init(&a, 2, shape);
    for (int k = 0; k < 5; k++)
        sg_coo_push(&a, crd[k], 10 + k);
    sg_format f;
    sg_err e;
    sg_err_clear(&e);
    assert_int_equal(sg_format_parse("db01", &f, &e), 0);
    f.bv_width = 4;
    sg_fibertree ft;
    assert_int_equal(sg_fibertree_build(&a, &f, &ft, &e), 0);
    const sg_level *lv = &ft.lvl[1];
    assert_int_equal(lv->w, 4);
    assert_int_equal(lv->ncrd, 6);        /* 3 words per row */
    static const int64_t words[] = {0xd, 0x0, 0x2, 0x0, 0x1, 0x0};
    static const int64_t pos[] = {0, 3, 3, 4, 4, 5, 5};
    for (int k = 0; k < 6; k++)
        assert_int_equal(lv->crd[k], words[k]);
    for (int k = 0; k < 7; k++)
        assert_int_equal(lv->seg[k], pos[k]);
    assert_int_equal(sg_lvl_bv_find(lv, 0, 9), 3);
    assert_int_equal(sg_lvl_bv_find(lv, 0, 3), 2);
    assert_int_equal(sg_lvl_bv_find(lv, 1, 4), 4);
    assert_int_equal(sg_lvl_bv_find(lv, 1, 5), -1);
    assert_int_equal(sg_lvl_bv_find(lv, 0, 10), -1);
    for (int k = 0; k < 5; k++)
        assert_int_equal(ft.vals[k], 10 + k);
    sg_coo back;
    sg_fibertree_to_coo(&ft, 0, &back);
    assert_int_equal(back.nnz, 5);
    for (size_t k = 0; k < back.nnz; k++) {
        assert_int_equal(back.crd[2 * k], crd[k][0]);
        assert_int_equal(back.crd[2 * k + 1], crd[k][1]);
        assert_int_equal(back.val[k], 10 + (int64_t)k);
    }
    sg_coo_free(&back);
    uint64_t npar = 2;
    sg_level c = *lv;
    c.seg = NULL;                     /* the check derives it */
    c.crd = sg_malloc(6 * sizeof *c.crd);
    memcpy(c.crd, words, sizeof words);
    assert_int_equal(sg_level_bv_check(&c, &npar, "d", "B", &e), 0);
    assert_int_equal(npar, 5);
    assert_int_equal(c.seg[6], 5);
    c.crd[2] = 0x4;                       /* coordinate 10: past the size */
    npar = 2;
    sg_err_clear(&e);
    assert_int_equal(sg_level_bv_check(&c, &npar, "d", "B", &e), -1);
    assert_non_null(strstr(e.msg, "word 0x4 sets a bit at or above coordinate 10"));
    assert_non_null(strstr(e.msg, "tensor_B_mode_1_bv:3:"));
    npar = 3;
    sg_err_clear(&e);
    assert_int_equal(sg_level_bv_check(&c, &npar, "d", "B", &e), -1);
    assert_non_null(strstr(e.msg, "bv has 6 words"));
    free(c.crd);
    free(c.seg);
    /* a SAM directory has no files for it */
    sg_err_clear(&e);
    assert_int_equal(sg_tensor_write_samdir("/tmp/sg-bv-none", "B", &ft, &e), -1);
    assert_non_null(strstr(e.msg, "a bitvector level (b) has no SAM directory files"));
    sg_fibertree_free(&ft);
    /* W = 64 and bit 63 */
    int64_t s1 = 130;
    sg_coo v;
    sg_coo_init(&v, 1, &s1);
    int64_t c63 = 63, c129 = 129;
    sg_coo_push(&v, &c63, 1);
    sg_coo_push(&v, &c129, 2);
    assert_int_equal(sg_format_parse("b0", &f, &e), 0);
    assert_int_equal(sg_fibertree_build(&v, &f, &ft, &e), 0);
    assert_int_equal(ft.lvl[0].ncrd, 3);
    assert_true((uint64_t)ft.lvl[0].crd[0] == UINT64_C(1) << 63);
    assert_int_equal(ft.lvl[0].crd[2], 2);
    assert_int_equal(sg_lvl_bv_find(&ft.lvl[0], 0, 129), 1);
    sg_fibertree_free(&ft);
    f.bv_width = 3;
    sg_err_clear(&e);
    assert_int_equal(sg_fibertree_build(&v, &f, &ft, &e), -1);
    assert_non_null(strstr(e.msg, "bitvector word width 3: must be a power of two"));
    sg_coo_free(&v);
    sg_coo_free(&a);
}

/* The capability table: what the compiler and the docs read. */
static void test_caps(void **state)
{
    (void)state;
    int n;
    const sg_lvl_caps *t = sg_lvl_table(&n);
    assert_int_equal(n, 8);
    assert_non_null(t);
    assert_true(sg_lvl_info('b')->ordered && !sg_lvl_info('b')->locate);
    assert_int_equal(sg_lvl_info('b')->assemble, 0);
    assert_true(sg_lvl_info('h')->locate && !sg_lvl_info('h')->ordered);
    assert_int_equal(sg_lvl_info('r')->iterate, 'V');
    assert_int_equal(sg_lvl_info('r')->assemble, 0);
    assert_true(sg_lvl_info('o')->branchless);
    assert_int_equal(sg_lvl_from_word("range"), 'r');
    assert_string_equal(sg_lvl_word('h'), "hashed");
    assert_null(sg_lvl_info('x'));
    /* docs/tensor-formats.md holds the table as samgen tensor formats
     * prints it */
    FILE *f = fopen("docs/tensor-formats.md", "r");
    if (!f) {
        printf("SKIP docs table: run from the project root\n");
        return;
    }
    static char doc[1 << 17];
    size_t len = fread(doc, 1, sizeof doc - 1, f);
    doc[len] = '\0';
    fclose(f);
    char *buf = NULL;
    size_t blen = 0;
    FILE *m = open_memstream(&buf, &blen);
    assert_int_equal(sg_lvl_write_markdown(m), 0);
    fclose(m);
    if (!strstr(doc, buf))
        fail_msg("docs/tensor-formats.md does not hold the table of `samgen tensor "
                 "formats`; paste it in");
    free(buf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ell),    cmocka_unit_test(test_dia),
        cmocka_unit_test(test_hashed), cmocka_unit_test(test_refusals),
        cmocka_unit_test(test_samdir), cmocka_unit_test(test_caps),
        cmocka_unit_test(test_bitvector),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
