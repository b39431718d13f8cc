/*
 * memmodel_test.c - the golden model's memory model (golden/memmodel.h):
 * the reads a scanner and an arrayvals make for their references, the
 * buffer's hits, evictions and refetches, the DRAM bound, and the counts
 * of whole runs (examples/matmul_ikj.gv): a buffer holding everything
 * fetches each line once, on both engines; a small one refetches; the
 * model off leaves no counts.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/test_util.h"
#include "golden/golden.h"
#include "front/dot.h"
#include "golden/memmodel.h"

/* One compressed level of 4 fibers over 64 coordinates (crd 0..63, 16 a
 * fiber), values 1..64, 32-bit. */
static void make_tree(sg_fibertree *ft, int64_t *seg, int64_t *crd, int64_t *vals)
{
    memset(ft, 0, sizeof *ft);
    ft->fmt.order = 1;
    ft->fmt.level[0] = SG_LVL_COMPRESSED;
    for (int k = 0; k <= 4; k++)
        seg[k] = 16 * k;
    for (int k = 0; k < 64; k++) {
        crd[k] = k;
        vals[k] = k + 1;
    }
    ft->lvl[0].fmt = SG_LVL_COMPRESSED;
    ft->lvl[0].seg = seg;
    ft->lvl[0].nseg = 5;
    ft->lvl[0].crd = crd;
    ft->lvl[0].ncrd = 64;
    ft->vals = vals;
    ft->nvals = 64;
}

static void test_reads_and_buffer(void **state)
{
    (void)state;
    int64_t seg[5], crd[64], vals[64];
    sg_fibertree ft;
    make_tree(&ft, seg, crd, vals);
    sg_mem_opts o;
    sg_mem_opts_default(&o);
    o.buffer_bytes = 128;         /* two 64-byte lines: 2 ways, 1 set */
    sg_mem *m = sg_mem_new(&o, 1, 2);
    sg_mem_tensor *t = sg_mem_add_tensor(m, "B", &ft, 32);
    assert_non_null(t);
    assert_null(sg_mem_add_tensor(m, "C", &ft, 32));   /* room for one */
    /* layout: seg at 0 (20 bytes), crd at 20 (256), vals at 276 (256) */
    assert_int_equal(t->crd_base[0], 20);
    assert_int_equal(t->vals_base, 276);
    assert_int_equal(t->total_bytes, 532);
    sg_memtap *sc = sg_mem_tap(m, t, 0), *av = sg_mem_tap(m, t, -1);
    assert_non_null(sc);
    assert_non_null(av);
    assert_null(sg_mem_tap(m, t, 0));
    /* fiber 1: seg[1..2] (bytes 4..11, line 0), crd 16..31 (bytes 84..147,
     * lines 1 and 2) */
    sg_memtap_tok(sc, sg_data(1));
    assert_int_equal(t->seg_reads[0], 2);
    assert_int_equal(t->crd_reads[0], 16);
    assert_int_equal(t->read_bytes, 8 + 64);
    assert_int_equal(t->fetched_lines, 3);
    assert_int_equal(t->footprint_lines, 3);
    /* stops, done and empty tokens read nothing */
    sg_memtap_tok(sc, sg_stop(0));
    sg_memtap_tok(sc, sg_done());
    sg_memtap_tok(sc, sg_empty());
    assert_int_equal(t->read_bytes, 72);
    /* lines 1 and 2 are held (LRU evicted line 0): fiber 1 again misses
     * line 0, which evicts line 1, which evicts line 2, which evicts
     * line 0: a cycle of three lines through two thrashes */
    sg_memtap_tok(sc, sg_data(1));
    assert_int_equal(t->fetched_lines, 3 + 3);
    assert_int_equal(t->footprint_lines, 3);
    /* a value: vals[3] at 276 + 12 = 288, line 4 */
    sg_memtap_tok(av, sg_data(3));
    assert_int_equal(t->vals_reads, 1);
    assert_int_equal(t->footprint_lines, 4);
    /* references out of range are the primitives' to report */
    sg_memtap_tok(av, sg_data(64));
    sg_memtap_tok(sc, sg_data(4));
    assert_int_equal(t->vals_reads, 1);
    assert_int_equal(t->seg_reads[0], 4);
    assert_int_equal(t->fetched_lines, 7);
    assert_int_equal(sg_mem_fetched_bytes(m), 7 * 64);
    sg_mem_add_written(m, &ft, 16);   /* 5*4 + 64*4 + 64*2 */
    assert_int_equal(m->written_bytes, 404);
    /* 100 + ceil((448 + 404) / 16) */
    assert_int_equal(sg_mem_dram_cycles(m), 100 + 54);
    sg_mem_free(m);
}

static void example_path(const char *name, char *buf, size_t n)
{
    const char *root = getenv("SAMGEN_ROOT");
    snprintf(buf, n, "%s/examples/%s", root && *root ? root : ".", name);
}

static void run_matmul(golden_engine eng, uint64_t buffer, golden_result *r)
{
    char gp[4096], bp[4096], cp[4096];
    example_path("matmul_ikj.gv", gp, sizeof gp);
    example_path("matmul_ikj_B.tns", bp, sizeof bp);
    example_path("matmul_ikj_C.tns", cp, sizeof cp);
    sg_graph g;
    sg_err e;
    if (sg_graph_read(gp, &g, &e) < 0)
        fail_msg("%s", e.msg);
    golden_binding b[2];
    memset(b, 0, sizeof b);
    b[0].name = "B";
    b[0].path = bp;
    b[1].name = "C";
    b[1].path = cp;
    golden_opts o;
    sg_golden_opts_default(&o);
    o.engine = eng;
    o.mem.buffer_bytes = buffer;
    if (sg_golden_run(&g, b, 2, &o, r, &e) < 0)
        fail_msg("%s", e.msg);
    sg_graph_free(&g);
}

static const sg_mem_tensor *find(const sg_mem *m, const char *name)
{
    for (int k = 0; k < m->nt; k++)
        if (strcmp(m->t[k].name, name) == 0)
            return &m->t[k];
    return NULL;
}

static void test_whole_run(void **state)
{
    (void)state;
    golden_result f, c, s, off;
    run_matmul(GOLDEN_FUNC, 1 << 20, &f);
    run_matmul(GOLDEN_CYCLE, 1 << 20, &c);
    run_matmul(GOLDEN_CYCLE, 128, &s);
    run_matmul(GOLDEN_FUNC, 0, &off);
    assert_null(off.mem);
    assert_non_null(f.mem);
    assert_non_null(c.mem);
    assert_int_equal(f.mem->nt, 2);
    for (int k = 0; k < 2; k++) {
        const char *nm = k ? "C" : "B";
        const sg_mem_tensor *a = find(f.mem, nm), *b = find(c.mem, nm),
                            *x = find(s.mem, nm);
        assert_non_null(a);
        assert_non_null(b);
        assert_non_null(x);
        /* the same reads whatever the engine; a buffer that holds it all
         * fetches every line it reads once */
        assert_int_equal(a->read_bytes, b->read_bytes);
        assert_int_equal(a->fetched_lines, b->fetched_lines);
        assert_int_equal(a->fetched_lines, a->footprint_lines);
        assert_true(a->footprint_lines * 64 <= a->total_bytes + 64 * (a->order * 2 + 1));
        assert_true(a->vals_reads > 0);
        /* two lines refetch what does not stay */
        assert_int_equal(x->footprint_lines, a->footprint_lines);
        assert_true(x->fetched_lines >= x->footprint_lines);
    }
    /* ikj reads C's rows once per row of B that needs them: they do not
     * stay in two lines */
    assert_true(find(s.mem, "C")->fetched_lines > find(s.mem, "C")->footprint_lines);
    assert_true(f.mem->written_bytes > 0);
    assert_int_equal(f.mem->written_bytes, c.mem->written_bytes);
    sg_golden_result_free(&f);
    sg_golden_result_free(&c);
    sg_golden_result_free(&s);
    sg_golden_result_free(&off);
}

/* The reads of the other levels with arrays, on the 4 x 6 matrix
 * (0,0)=5 (0,2)=1 (1,0)=7 (1,1)=3 (1,3)=8 (2,2)=4 (2,4)=9 (3,2)=6 (3,3)=2:
 * a COO singleton reads its run, an ELL singleton one coordinate per
 * slot, a DIA range level one offset per diagonal and the offset level one
 * per row it is asked for. */
static void test_other_levels(void **state)
{
    (void)state;
    static const int64_t ent[][3] = {{0, 0, 5}, {0, 2, 1}, {1, 0, 7}, {1, 1, 3}, {1, 3, 8},
                                     {2, 2, 4}, {2, 4, 9}, {3, 2, 6}, {3, 3, 2}};
    int64_t shape[2] = {4, 6};
    sg_coo a;
    sg_coo_init(&a, 2, shape);
    for (size_t n = 0; n < 9; n++)
        sg_coo_push(&a, ent[n], ent[n][2]);
    sg_err e;
    sg_err_clear(&e);
    sg_mem_opts o;
    sg_mem_opts_default(&o);
    o.buffer_bytes = 1 << 16;
    /* COO: the singleton's fiber of reference 2 is row 1's run, positions
     * 2..4 */
    sg_format f;
    sg_fibertree coo, ell, dia;
    assert_int_equal(sg_format_parse("uq01", &f, &e), 0);
    assert_int_equal(sg_fibertree_build(&a, &f, &coo, &e), 0);
    sg_coo c3;
    assert_int_equal(sg_cast_coo(&a, "ell", &c3, NULL, &e), 0);
    assert_int_equal(sg_format_parse("ddq012", &f, &e), 0);
    assert_int_equal(sg_fibertree_build(&c3, &f, &ell, &e), 0);
    sg_coo_free(&c3);
    assert_int_equal(sg_cast_coo(&a, "dia", &c3, NULL, &e), 0);
    assert_int_equal(sg_format_parse("dro012", &f, &e), 0);
    assert_int_equal(sg_fibertree_build(&c3, &f, &dia, &e), 0);
    sg_coo_free(&c3);
    sg_mem *m = sg_mem_new(&o, 3, 8);
    sg_mem_tensor *tc = sg_mem_add_tensor(m, "C", &coo, 32);
    sg_mem_tensor *te = sg_mem_add_tensor(m, "E", &ell, 32);
    sg_mem_tensor *td = sg_mem_add_tensor(m, "D", &dia, 32);
    sg_memtap *cu = sg_mem_tap(m, tc, 0), *cq = sg_mem_tap(m, tc, 1);
    sg_memtap *eq = sg_mem_tap(m, te, 2), *dr = sg_mem_tap(m, td, 1);
    sg_memtap *doff = sg_mem_tap(m, td, 2);
    sg_memtap_tok(cu, sg_data(0));          /* the whole non-unique level */
    assert_int_equal(tc->seg_reads[0], 2);
    assert_int_equal(tc->crd_reads[0], 9);
    sg_memtap_tok(cq, sg_data(2));
    assert_int_equal(tc->crd_reads[1], 3);
    for (int p = 0; p < 12; p++)
        sg_memtap_tok(eq, sg_data(p));
    assert_int_equal(te->crd_reads[2], 12);
    assert_int_equal(te->read_bytes, 48);
    /* DIA: offsets at the range level's seg place, read by both levels */
    assert_int_equal(td->seg_base[2], td->seg_base[1]);
    assert_int_equal(td->crd_base[1] - td->seg_base[1], 3 * 4);
    for (int k = 0; k < 3; k++)
        sg_memtap_tok(dr, sg_data(k));
    sg_memtap_tok(doff, sg_data(5));         /* diagonal 1, row 1 */
    sg_memtap_tok(doff, sg_data(12));        /* past the last diagonal */
    assert_int_equal(td->seg_reads[1], 3);
    assert_int_equal(td->seg_reads[2], 1);
    assert_int_equal(td->read_bytes, 16);
    sg_mem_free(m);
    sg_fibertree_free(&coo);
    sg_fibertree_free(&ell);
    sg_fibertree_free(&dia);
    sg_coo_free(&a);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_reads_and_buffer),
        cmocka_unit_test(test_other_levels),
        cmocka_unit_test(test_whole_run),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
