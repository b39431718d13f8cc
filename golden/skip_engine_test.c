/*
 * skip_engine_test.c - the golden cycle engine's skipping follows the RTL
 * pair model exactly: on examples/vec_elemmul.gv (two root scanners into
 * one intersect, then arrayvals, mul and the writers) the engine with
 * --skip T must take the cycles of golden/skip_model.c's scanner +
 * intersector pair plus the 2 cycles the values take through arrayvals,
 * mul and the vals writer after the intersector's D; the scanners must
 * read the same coordinates and jump as often, and the intersector's
 * out_crd stream must equal the model's (and the one without skipping).
 * Vectors: uniform, runs (b's runs in c's gaps) and blocks (overlapping),
 * for several CAM sizes, with depth-2 and unbounded FIFOs.  A scanner's own
 * skip attribute overrides the CAM size (0: plain), as in the generator.
 *
 * The repository root is $SAMGEN_ROOT (default: the current directory).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "core/test_util.h"
#include "golden/golden.h"
#include "golden/skip_model.h"
#include "golden/test_graph.h"

#define VLEN 600

typedef struct vec {
    uint32_t crd[VLEN];
    size_t n;
} vec;

static uint64_t lcg(uint64_t *s)
{
    *s = *s * 6364136223846793005ULL + 1442695040888963407ULL;
    return *s >> 33;
}

/* pattern 0: uniform 25 %; 1: runs of length L, b in the even runs and c
 * in the odd ones (no common coordinate); 2: blocks of length L, c's
 * shifted by L/2 against b's. */
static void make_vec(vec *v, int pattern, int L, int side, uint64_t seed)
{
    uint64_t s = seed * 2 + (uint64_t)side + 1;
    v->n = 0;
    for (uint32_t x = 0; x < VLEN; x++) {
        int on;
        if (pattern == 0)
            on = lcg(&s) % 4 == 0;
        else if (pattern == 1)
            on = (int)((x / (uint32_t)L) % 2) == side && lcg(&s) % 4 != 0;
        else
            on = ((x + (uint32_t)(side * L / 2)) / (uint32_t)L) % 3 == 0 &&
                 lcg(&s) % 5 != 0;
        if (on)
            v->crd[v->n++] = x;
    }
}

static void to_coo(const vec *v, sg_coo *c)
{
    int64_t shape[SG_MAX_ORDER] = {VLEN};
    sg_coo_init(c, 1, shape);
    for (size_t i = 0; i < v->n; i++) {
        int64_t x = v->crd[i];
        sg_coo_push(c, &x, 1 + (int64_t)(i % 7));
    }
}

static int edge_index(const sg_graph *g, int src, int dst, int type)
{
    for (size_t i = 0; i < g->n_edges; i++)
        if (g->edges[i].src == src && g->edges[i].dst == dst &&
            (int)g->edges[i].type == type)
            return (int)i;
    fail_msg("edge %d -> %d not found", src, dst);
    return -1;
}

static int same_toks(const sg_toks *a, const sg_toks *b)
{
    return sg_toks_first_diff(a, b) == SIZE_MAX;
}

static void run_engine_n(const sg_graph *g, const vec *v, int nv, int T,
                         size_t depth, golden_result *r)
{
    static const char *names[3] = {"b", "c", "d"};
    sg_coo cc[3];
    golden_binding bd[3];
    memset(bd, 0, sizeof bd);
    for (int k = 0; k < nv; k++) {
        to_coo(&v[k], &cc[k]);
        bd[k].name = names[k];
        bd[k].coo = &cc[k];
    }
    golden_opts o;
    sg_golden_opts_default(&o);
    o.engine = GOLDEN_CYCLE;
    o.fifo_depth = depth;
    o.skip = T;
    o.keep_streams = 1;
    sg_err e;
    sg_err_clear(&e);
    if (sg_golden_run(g, bd, nv, &o, r, &e) < 0 || r->deadlock)
        fail_msg("%s", e.msg);
    for (int k = 0; k < nv; k++)
        sg_coo_free(&cc[k]);
}

static void run_engine(const sg_graph *g, const vec *b, const vec *c, int T,
                       size_t depth, golden_result *r)
{
    vec v[2] = {*b, *c};
    run_engine_n(g, v, 2, T, depth, r);
}

/* Read examples/vec_elemmul.gv (below $SAMGEN_ROOT) into *g. */
static void read_vec_elemmul(sg_graph *g, sg_err *e)
{
    const char *root = getenv("SAMGEN_ROOT");
    char path[4096];
    snprintf(path, sizeof path, "%.3000s/examples/vec_elemmul.gv",
             root && *root ? root : ".");
    sg_test_read_graph(path, g, e);
}

static void test_engine_equals_model(void **state)
{
    (void)state;
    sg_graph g;
    sg_err e;
    read_vec_elemmul(&g, &e);
    /* node ids of examples/vec_elemmul.gv: 0 scan b, 1 scan c, 2 intersect,
     * 6 crd writer */
    int e_out = edge_index(&g, 2, 6, SG_ST_CRD);
    int e_b = edge_index(&g, 0, 2, SG_ST_CRD), e_c = edge_index(&g, 1, 2, SG_ST_CRD);
    const int pats[][2] = {{0, 1}, {0, 2}, {1, 4}, {1, 16}, {1, 64}, {2, 8}, {2, 32},
                           {2, 128}};
    const int ts[] = {1, 2, 4, 32, 64};
    long total_skips = 0;
    for (size_t pi = 0; pi < sizeof pats / sizeof pats[0]; pi++) {
        vec b, c;
        make_vec(&b, pats[pi][0], pats[pi][1], 0, (uint64_t)pi);
        make_vec(&c, pats[pi][0], pats[pi][1], 1, (uint64_t)pi);
        uint32_t seg_b[2] = {0, (uint32_t)b.n}, seg_c[2] = {0, (uint32_t)c.n};
        sg_skip_level lv[2] = {{seg_b, 2, b.crd, b.n}, {seg_c, 2, c.crd, c.n}};
        sg_toks in[2];
        memset(in, 0, sizeof in);
        for (int k = 0; k < 2; k++) {
            sg_toks_push(&in[k], sg_data(0));
            sg_toks_push(&in[k], sg_done());
        }
        golden_result plain;
        run_engine(&g, &b, &c, 0, 2, &plain);
        for (size_t ti = 0; ti < sizeof ts / sizeof ts[0]; ti++) {
            sg_skip_result m;
            if (sg_skip_model_run(lv, in, 2, ts[ti], 1000000, &m, &e) < 0)
                fail_msg("%s", e.msg);
            for (size_t depth = 0; depth <= 2; depth += 2) {
                golden_result r;
                run_engine(&g, &b, &c, ts[ti], depth, &r);
                /* + 2 for the graph's other stages, + 2 for the
                 * integer multiplier's pipeline (sg_alu_latency 3) */
                if (r.cycles != (uint64_t)m.cycles + 4)
                    fail_msg("pattern %d L %d T %d depth %zu: engine %llu cycles, "
                             "model %ld + 4", pats[pi][0], pats[pi][1], ts[ti], depth,
                             (unsigned long long)r.cycles, m.cycles);
                assert_int_equal(r.skips, m.skips[0] + m.skips[1]);
                /* coordinates read by each scanner, plus its stop and D */
                assert_int_equal(r.edge[e_b].tokens, m.scan_coords[0] + 2);
                assert_int_equal(r.edge[e_c].tokens, m.scan_coords[1] + 2);
                assert_true(same_toks(&r.edge[e_out].toks, &m.crd));
                assert_true(same_toks(&r.edge[e_out].toks, &plain.edge[e_out].toks));
                assert_int_equal(r.out[0].coo.nnz, plain.out[0].coo.nnz);
                total_skips += (long)r.skips;
                sg_golden_result_free(&r);
            }
            sg_skip_result_free(&m);
        }
        sg_golden_result_free(&plain);
        sg_toks_free(&in[0]);
        sg_toks_free(&in[1]);
    }
    assert_true(total_skips > 100);    /* the cases do exercise jumps */
    sg_graph_free(&g);
}

/* A scanner's own skip attribute overrides the run's CAM size (0: plain
 * scanner), as the RTL generator plans it. */
static void test_scanner_attribute(void **state)
{
    (void)state;
    sg_graph g;
    sg_err e;
    read_vec_elemmul(&g, &e);
    vec b, c;
    make_vec(&b, 1, 64, 0, 1);
    make_vec(&c, 1, 64, 1, 1);
    golden_result plain, r;
    run_engine(&g, &b, &c, 0, 2, &plain);
    g.nodes[0].skip = g.nodes[1].skip = 0;      /* both scanners plain */
    run_engine(&g, &b, &c, 32, 2, &r);
    assert_int_equal(r.skips, 0);
    assert_int_equal(r.cycles, plain.cycles);
    sg_golden_result_free(&r);
    g.nodes[1].skip = 8;                        /* only c skips, T = 8 */
    run_engine(&g, &b, &c, 32, 2, &r);
    assert_true(r.skips > 0);
    assert_true(r.cycles < plain.cycles);
    assert_int_equal(r.out[0].coo.nnz, plain.out[0].coo.nnz);
    sg_golden_result_free(&r);
    sg_golden_result_free(&plain);
    sg_graph_free(&g);
}

/* x = b * c * d: three root scanners into one 3-operand intersect, three
 * arrayvals, two muls and the writers (the values take 3 cycles after
 * the intersector's D). */
static const char vec3_gv[] =
    "digraph SAM {\n"
    "  comment=\"x=s0,b=s0,c=s0,d=s0\"\n"
    "  0 [comment=\"type=fiberlookup,index=i,tensor=b,mode=0,format=compressed,src=true,root=true\"]\n"
    "  1 [comment=\"type=fiberlookup,index=i,tensor=c,mode=0,format=compressed,src=true,root=true\"]\n"
    "  2 [comment=\"type=fiberlookup,index=i,tensor=d,mode=0,format=compressed,src=true,root=true\"]\n"
    "  3 [comment=\"type=intersect,index=i\"]\n"
    "  4 [comment=\"type=arrayvals,tensor=b\"]\n"
    "  5 [comment=\"type=arrayvals,tensor=c\"]\n"
    "  6 [comment=\"type=arrayvals,tensor=d\"]\n"
    "  7 [comment=\"type=mul\"]\n"
    "  8 [comment=\"type=mul\"]\n"
    "  9 [comment=\"type=fiberwrite,index=i,tensor=x,mode=0,format=compressed,segsize=2,crdsize=b0_dim,sink=true\"]\n"
    "  10 [comment=\"type=fiberwrite,tensor=x,mode=vals,size=1*b0_dim,sink=true\"]\n"
    "  0 -> 3 [label=\"crd_in-b\" type=\"crd\" comment=\"in-b\"]\n"
    "  0 -> 3 [label=\"ref_in-b\" type=\"ref\" comment=\"in-b\"]\n"
    "  1 -> 3 [label=\"crd_in-c\" type=\"crd\" comment=\"in-c\"]\n"
    "  1 -> 3 [label=\"ref_in-c\" type=\"ref\" comment=\"in-c\"]\n"
    "  2 -> 3 [label=\"crd_in-d\" type=\"crd\" comment=\"in-d\"]\n"
    "  2 -> 3 [label=\"ref_in-d\" type=\"ref\" comment=\"in-d\"]\n"
    "  3 -> 9 [label=\"crd\" type=\"crd\" comment=\"\"]\n"
    "  3 -> 4 [label=\"ref_out-b\" type=\"ref\" comment=\"out-b\"]\n"
    "  3 -> 5 [label=\"ref_out-c\" type=\"ref\" comment=\"out-c\"]\n"
    "  3 -> 6 [label=\"ref_out-d\" type=\"ref\" comment=\"out-d\"]\n"
    "  4 -> 7 [label=\"val\" type=\"val\"]\n"
    "  5 -> 7 [label=\"val\" type=\"val\"]\n"
    "  7 -> 8 [label=\"val\" type=\"val\"]\n"
    "  6 -> 8 [label=\"val\" type=\"val\"]\n"
    "  8 -> 10 [label=\"val\" type=\"val\"]\n"
    "}\n";

/* A 3-operand intersect with three skipping scanners is the RTL's
 * 3-input skip intersector: engine = model (3 inputs) + 7 (3, and 2 for
 * each of the two integer multipliers' pipelines).  Unbounded
 * FIFOs: with depth 2 the d values, which wait a cycle longer for the
 * first product, can fill their FIFOs and stall the intersector's
 * outputs, which the model (outputs always taken) does not have. */
static void test_three_operands(void **state)
{
    (void)state;
    char path[] = "/tmp/skip_engine_test_XXXXXX";
    sg_test_write_temp(path, vec3_gv);
    sg_graph g;
    sg_err e;
    int rd = sg_test_try_read_graph(path, &g, &e);
    remove(path);
    if (rd < 0)
        fail_msg("%s", e.msg);
    const int pats[][2] = {{0, 1}, {1, 16}, {2, 8}, {2, 16}, {2, 64}};
    const int ts[] = {1, 4, 32};
    long total_skips = 0;
    for (size_t pi = 0; pi < sizeof pats / sizeof pats[0]; pi++) {
        vec v[3];
        uint32_t seg[3][2];
        sg_skip_level lv[3];
        sg_toks in[3];
        memset(in, 0, sizeof in);
        for (int k = 0; k < 3; k++) {
            make_vec(&v[k], pats[pi][0], pats[pi][1], k % 2, (uint64_t)(pi + 10 * (k / 2)));
            seg[k][0] = 0;
            seg[k][1] = (uint32_t)v[k].n;
            lv[k] = (sg_skip_level){seg[k], 2, v[k].crd, v[k].n};
            sg_toks_push(&in[k], sg_data(0));
            sg_toks_push(&in[k], sg_done());
        }
        golden_result plain;
        run_engine_n(&g, v, 3, 0, 2, &plain);
        for (size_t ti = 0; ti < sizeof ts / sizeof ts[0]; ti++) {
            sg_skip_result m;
            if (sg_skip_model_run(lv, in, 3, ts[ti], 1000000, &m, &e) < 0)
                fail_msg("%s", e.msg);
            golden_result r;
            run_engine_n(&g, v, 3, ts[ti], 0, &r);
            if (r.cycles != (uint64_t)m.cycles + 7)
                fail_msg("3 inputs, pattern %d L %d T %d: engine %llu cycles, "
                         "model %ld + 7", pats[pi][0], pats[pi][1], ts[ti],
                         (unsigned long long)r.cycles, m.cycles);
            assert_int_equal(r.skips, m.skips[0] + m.skips[1] + m.skips[2]);
            assert_int_equal(r.out[0].coo.nnz, plain.out[0].coo.nnz);
            assert_int_equal(r.out[0].coo.nnz, (int64_t)m.crd.n - 2);
            total_skips += (long)r.skips;
            sg_golden_result_free(&r);
            sg_skip_result_free(&m);
        }
        sg_golden_result_free(&plain);
        for (int k = 0; k < 3; k++)
            sg_toks_free(&in[k]);
    }
    assert_true(total_skips > 20);
    sg_graph_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_engine_equals_model),
        cmocka_unit_test(test_scanner_attribute),
        cmocka_unit_test(test_three_operands),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
