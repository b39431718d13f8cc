/*
 * golden_apps_test.c - whole Custard kernels against the reference
 * simulator's per-edge token streams.
 *
 * $SHARED/docs/sam/vectors/apps/<kernel>.txt holds, for a small kernel run
 * on tiny tensors, the input arrays (arr_<T>_mode<m>_seg/crd, arr_<T>_vals,
 * arr_<T>_shape), the token stream of every edge (e<k>_N<src>_N<dst>_...:
 * edge k is the k-th edge statement of the graph file) and the arrays the
 * writers left (out_arr_*).  This test runs $SHARED/graphs/custard/<kernel>.gv
 * on the same tensors through sg_golden_run, on the functional engine with
 * trace files (read back from disk) and on the cycle engine with streams
 * kept in memory, and compares every edge token by token, then the written
 * arrays.
 *
 * Deliberate differences (docs/differences.md) are applied to the
 * reference side before comparing, and only these:
 *   #1  a union consuming an N fiber emits nothing where the reference
 *       emits an extra coordinate N: the positions where the reference
 *       union's coordinate output holds N are removed from every edge
 *       downstream of that union that runs in step with it (same token
 *       count), and the matching entries from the written arrays;
 *   #2  values are integers: the reference's "5.0" reads as 5 (the token
 *       reader does this).
 * Everything is skipped with a message when $SHARED is absent.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "core/test_util.h"
#include "golden/golden.h"
#include "golden/test_graph.h"

#define MAX_BIND 8

/* ---- input tensors from arr_* lines ------------------------------------- */

static const sg_toks *arr_line(const sg_stream_file *sf, const char *t,
                               const char *what)
{
    char name[96];
    snprintf(name, sizeof name, "arr_%s_%s", t, what);
    const sg_stream_line *l = sg_stream_file_get(sf, name);
    return l ? &l->toks : NULL;
}

static int64_t *tok_values(const sg_toks *a)
{
    int64_t *v = calloc(a->n + 1, sizeof *v);
    for (size_t i = 0; i < a->n; i++) {
        assert_int_equal(a->t[i].kind, SG_TK_DATA);
        v[i] = a->t[i].v;
    }
    return v;
}

/* Bind tensor d from the arr_ lines: a scalar (empty shape) or a COO built
 * by the SAM directory assembler in the graph's declared format. */
static void bind_tensor(const sg_stream_file *sf, const sg_tensor_decl *d,
                        golden_binding *b, sg_coo *coo)
{
    const sg_toks *shape = arr_line(sf, d->name, "shape");
    const sg_toks *vals = arr_line(sf, d->name, "vals");
    if (!shape || !vals)
        fail_msg("%s: no arr_%s_shape / arr_%s_vals line", sf->path, d->name, d->name);
    memset(b, 0, sizeof *b);
    b->name = d->name;
    if (shape->n == 0) {
        assert_int_equal(vals->n, 1);
        b->is_scalar = 1;
        b->scalar = vals->t[0].v;
        return;
    }
    sg_samdir_arrays a;
    memset(&a, 0, sizeof a);
    a.dir = sf->path;
    a.name = d->name;
    a.order = (int)shape->n;
    for (int m = 0; m < a.order; m++) {
        a.shape[m] = shape->t[m].v;
        char w[32];
        snprintf(w, sizeof w, "mode%d_seg", m);
        const sg_toks *seg = arr_line(sf, d->name, w);
        snprintf(w, sizeof w, "mode%d_crd", m);
        const sg_toks *crd = arr_line(sf, d->name, w);
        if (seg && crd) {
            a.has_level[m] = 1;
            a.seg[m] = tok_values(seg);
            a.nseg[m] = seg->n;
            a.crd[m] = tok_values(crd);
            a.ncrd[m] = crd->n;
        }
    }
    a.vals = tok_values(vals);
    a.nvals = vals->n;
    sg_err e;
    sg_err_clear(&e);
    if (sg_samdir_assemble(&a, &d->fmt, coo, &e) < 0)
        fail_msg("%s: tensor %s: %s", sf->path, d->name, e.msg);
    for (int m = 0; m < a.order; m++) {
        free(a.seg[m]);
        free(a.crd[m]);
    }
    free(a.vals);
    b->coo = coo;
}

/* ---- deliberate difference #1: union extra coordinates ------------------ */

typedef struct drops {
    unsigned char *del;     /* per reference token of edge k: remove it */
    size_t n;               /* reference token count of edge k (0: none) */
} drops;

static int reaches(const sg_graph *g, int from, int to, unsigned char *seen)
{
    if (from == to)
        return 1;
    if (seen[from])
        return 0;
    seen[from] = 1;
    for (size_t i = 0; i < g->n_edges; i++)
        if (g->edges[i].src == from && reaches(g, g->edges[i].dst, to, seen))
            return 1;
    return 0;
}

/* ref[k]: reference stream of edge k (NULL if the dump has none).  For
 * every union whose coordinate output holds N in the reference, mark those
 * positions on every in-step edge leaving the union's downstream. */
static void union_drops(const sg_graph *g, const sg_toks **ref, drops *dr)
{
    for (size_t u = 0; u < g->n_nodes; u++) {
        if (g->nodes[u].kind != SG_NK_UNION)
            continue;
        const sg_toks *crd = NULL;
        for (size_t k = 0; k < g->n_edges; k++)
            if (g->edges[k].src == (int)u && g->edges[k].src_port == 0 && ref[k])
                crd = ref[k];
        if (!crd)
            continue;
        for (size_t k = 0; k < g->n_edges; k++) {
            if (!ref[k] || ref[k]->n != crd->n)
                continue;
            unsigned char *seen = calloc(g->n_nodes + 1, 1);
            int down = reaches(g, (int)u, g->edges[k].src, seen);
            free(seen);
            if (!down)
                continue;
            for (size_t p = 0; p < crd->n; p++)
                if (crd->t[p].kind == SG_TK_EMPTY) {
                    if (!dr[k].del) {
                        dr[k].del = calloc(crd->n, 1);
                        dr[k].n = crd->n;
                    }
                    dr[k].del[p] = 1;
                }
        }
    }
}

static void apply_drops(const sg_toks *ref, const drops *d, sg_toks *out)
{
    memset(out, 0, sizeof *out);
    for (size_t p = 0; p < ref->n; p++)
        if (!d->del || !d->del[p])
            sg_toks_push(out, ref->t[p]);
}

/* ---- comparison ---------------------------------------------------------- */

static char *fmt_toks(const sg_tok *t, size_t n, sg_stream_kind k)
{
    size_t cap = n * 24 + 8, len = 0;
    char *s = malloc(cap);
    s[0] = 0;
    for (size_t i = 0; i < n; i++) {
        char b[SG_TOK_TEXT];
        sg_tok_format(t[i], k, b);
        len += (size_t)snprintf(s + len, cap - len, "%s%s", i ? " " : "", b);
    }
    return s;
}

/* 0 when equal; else prints the first difference and returns 1. */
static int cmp_stream(const char *what, const sg_toks *want, const sg_tok *got,
                      size_t ngot, sg_stream_kind k)
{
    size_t i = 0;
    while (i < want->n && i < ngot && sg_tok_eq(want->t[i], got[i]))
        i++;
    if (i == want->n && i == ngot)
        return 0;
    char *a = fmt_toks(want->t, want->n, k), *b = fmt_toks(got, ngot, k);
    printf("MISMATCH %s at token %zu\n  reference: %s\n  golden:    %s\n", what, i, a, b);
    free(a);
    free(b);
    return 1;
}

/* Read the token file at path into *sf, or fail the test. */
static void read_stream(const char *path, sg_stream_file *sf)
{
    sg_err e;
    sg_err_clear(&e);
    memset(sf, 0, sizeof *sf);
    if (sg_stream_file_read(path, sf, &e) < 0)
        fail_msg("%s: %s", path, e.msg);
}

/* Read back the trace file of edge k. */
static int trace_toks(const char *dir, const sg_graph *g, size_t k, sg_toks *out)
{
    char nb[128], path[4096];
    sg_golden_edge_name(g, k, nb);
    snprintf(path, sizeof path, "%.3000s/%s.txt", dir, nb);
    sg_stream_file sf;
    read_stream(path, &sf);
    const sg_stream_line *l = sg_stream_file_get(&sf, nb);
    if (!l)
        fail_msg("trace %s has no line %s", path, nb);
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < l->toks.n; i++)
        sg_toks_push(out, l->toks.t[i]);
    sg_stream_file_free(&sf);
    unlink(path);
    return 0;
}

/* Written arrays: out_arr_<T>_mode_<m>_crd / _seg and out_arr_<T>_vals.
 * Entries written for the union's extra coordinates are removed from the
 * reference: they are the data tokens that the drops remove from the
 * writer's input edge. */
static int cmp_arrays(const char *kern, const sg_stream_file *sf, const sg_graph *g,
                      const sg_toks **ref, const drops *dr, const golden_result *r)
{
    int bad = 0;
    for (size_t k = 0; k < g->n_edges; k++) {
        const sg_node *w = &g->nodes[g->edges[k].dst];
        if (w->kind != SG_NK_FIBERWRITE || !ref[k])
            continue;
        const golden_output *o = NULL;
        for (int i = 0; i < r->n_out; i++)
            if (!strcmp(r->out[i].name, w->tensor))
                o = &r->out[i];
        assert_non_null(o);
        /* entries the drops remove, counted per fiber of the written
         * stream (a stop closes a fiber) */
        sg_toks want_crd, want_seg;
        memset(&want_crd, 0, sizeof want_crd);
        memset(&want_seg, 0, sizeof want_seg);
        int64_t *del_before = calloc(ref[k]->n + 2, sizeof *del_before);
        size_t nfib = 0;
        for (size_t p = 0; p < ref[k]->n; p++) {
            sg_tok t = ref[k]->t[p];
            if (t.kind == SG_TK_STOP) {
                nfib++;
                del_before[nfib] = del_before[nfib - 1];
            } else if (dr[k].del && dr[k].del[p]) {
                del_before[nfib]++;
            }
        }
        char name[96], what[160];
        const sg_toks *rd;
        const int64_t *gv;
        size_t gn;
        if (w->is_vals) {
            snprintf(name, sizeof name, "out_arr_%s_vals", w->tensor);
            gv = o->ft.vals;
            gn = o->ft.nvals;
        } else {
            snprintf(name, sizeof name, "out_arr_%s_mode_%d_crd", w->tensor, w->mode);
            int l = -1;
            for (int i = 0; i < o->ft.fmt.order; i++)
                if (o->ft.fmt.mode[i] == w->mode)
                    l = i;
            assert_true(l >= 0);
            if (o->ft.lvl[l].fmt != SG_LVL_COMPRESSED) {
                free(del_before);
                continue;   /* dense output levels keep no arrays */
            }
            gv = o->ft.lvl[l].crd;
            gn = o->ft.lvl[l].ncrd;
            /* seg: one entry per fiber of the written stream */
            char sname[96];
            snprintf(sname, sizeof sname, "out_arr_%s_mode_%d_seg", w->tensor, w->mode);
            snprintf(what, sizeof what, "%s %s", kern, sname);
            sg_toks gs;
            memset(&gs, 0, sizeof gs);
            for (size_t i = 0; i < o->ft.lvl[l].nseg; i++)
                sg_toks_push(&gs, sg_data(o->ft.lvl[l].seg[i]));
            /* seg[f] less the entries removed from fibers before f */
            const sg_stream_line *sl = sg_stream_file_get(sf, sname);
            if (!sl)
                fail_msg("%s: no %s line", kern, sname);
            rd = &sl->toks;
            if (dr[k].del && rd->n != nfib + 1)
                fail_msg("%s: %s has %zu entries for %zu fibers", kern, sname, rd->n, nfib);
            for (size_t i = 0; i < rd->n; i++)
                sg_toks_push(&want_seg, sg_data(rd->t[i].v - (dr[k].del && i ? del_before[i - 1] : 0)));
            bad |= cmp_stream(what, &want_seg, gs.t, gs.n, SG_ST_CRD);
            sg_toks_free(&gs);
        }
        const sg_stream_line *rl = sg_stream_file_get(sf, name);
        if (!rl)
            fail_msg("%s: no %s line", kern, name);
        rd = &rl->toks;
        for (size_t p = 0, j = 0; p < ref[k]->n; p++) {
            sg_tok t = ref[k]->t[p];
            if (t.kind != SG_TK_DATA && t.kind != SG_TK_EMPTY)
                continue;
            if (!dr[k].del || !dr[k].del[p])
                sg_toks_push(&want_crd, j < rd->n ? rd->t[j] : sg_empty());
            j++;
        }
        sg_toks gt;
        memset(&gt, 0, sizeof gt);
        for (size_t i = 0; i < gn; i++)
            sg_toks_push(&gt, sg_data(gv[i]));
        snprintf(what, sizeof what, "%s %s", kern, name);
        bad |= cmp_stream(what, dr[k].del ? &want_crd : rd, gt.t, gt.n,
                          w->is_vals ? SG_ST_VAL : SG_ST_CRD);
        sg_toks_free(&gt);
        sg_toks_free(&want_crd);
        sg_toks_free(&want_seg);
        free(del_before);
    }
    return bad;
}

/* ---- one kernel ------------------------------------------------------------ */

/* Returns the number of mismatching streams and arrays. */
static int run_app(const char *sh, const char *kern, int *edges_checked)
{
    char path[4096];
    snprintf(path, sizeof path, "%.3000s/docs/sam/vectors/apps/%s.txt", sh, kern);
    sg_stream_file sf;
    read_stream(path, &sf);
    snprintf(path, sizeof path, "%.3000s/graphs/custard/%s.gv", sh, kern);
    sg_graph g;
    sg_err e;
    sg_err_clear(&e);
    sg_test_read_graph(path, &g, &e);

    /* edges of the dump, checked against the graph's edge k */
    const sg_toks **ref = calloc(g.n_edges + 1, sizeof *ref);
    drops *dr = calloc(g.n_edges + 1, sizeof *dr);
    int n_ref = 0;
    for (size_t i = 0; i < sf.n; i++) {
        unsigned k;
        int s, d, used = 0;
        if (sscanf(sf.lines[i].name, "e%u_N%d_N%d%n", &k, &s, &d, &used) != 3 || used == 0)
            continue;
        if (k >= g.n_edges)
            fail_msg("%s: %s: the graph has %zu edges", kern, sf.lines[i].name, g.n_edges);
        if (g.nodes[g.edges[k].src].id != s || g.nodes[g.edges[k].dst].id != d)
            fail_msg("%s: %s is edge %d -> %d in the graph", kern, sf.lines[i].name,
                     g.nodes[g.edges[k].src].id, g.nodes[g.edges[k].dst].id);
        ref[k] = &sf.lines[i].toks;
        n_ref++;
    }
    assert_int_equal((size_t)n_ref, g.n_edges);
    union_drops(&g, ref, dr);

    golden_binding b[MAX_BIND];
    sg_coo coo[MAX_BIND];
    int nb = 0;
    memset(coo, 0, sizeof coo);
    for (int t = 0; t < g.n_tensors; t++)
        if (!g.tensors[t].is_output) {
            assert_true(nb < MAX_BIND);
            bind_tensor(&sf, &g.tensors[t], &b[nb], &coo[nb]);
            nb++;
        }

    char tdir[] = "/tmp/golden_apps_XXXXXX";
    assert_non_null(mkdtemp(tdir));
    int bad = 0;
    for (int eng = 0; eng < 2; eng++) {
        golden_opts o;
        sg_golden_opts_default(&o);
        o.engine = eng ? GOLDEN_CYCLE : GOLDEN_FUNC;
        o.trace_dir = eng ? NULL : tdir;
        o.keep_streams = eng;
        golden_result r;
        sg_err_clear(&e);
        if (sg_golden_run(&g, b, nb, &o, &r, &e) < 0 || r.deadlock)
            fail_msg("%s engine %d: %s", kern, eng, e.msg);
        for (size_t k = 0; k < g.n_edges; k++) {
            sg_toks want, got;
            apply_drops(ref[k], &dr[k], &want);
            if (eng == 0)
                trace_toks(tdir, &g, k, &got);
            char nb2[128], what[256];
            snprintf(what, sizeof what, "%s e%zu %s (%s engine)", kern, k,
                     sg_golden_edge_name(&g, k, nb2), eng ? "cycle" : "functional");
            const sg_toks *gp = eng ? &r.edge[k].toks : &got;
            bad += cmp_stream(what, &want, gp->t, gp->n, g.edges[k].type);
            sg_toks_free(&want);
            if (eng == 0)
                sg_toks_free(&got);
            (*edges_checked)++;
        }
        bad += cmp_arrays(kern, &sf, &g, ref, dr, &r);
        sg_golden_result_free(&r);
    }
    rmdir(tdir);
    for (int i = 0; i < nb; i++)
        sg_coo_free(&coo[i]);
    for (size_t k = 0; k < g.n_edges; k++)
        free(dr[k].del);
    free(dr);
    free(ref);
    sg_graph_free(&g);
    sg_stream_file_free(&sf);
    return bad;
}

static const char *const apps[] = {
    "mat_elemadd", "mat_elemmul", "mat_identity_dense", "mat_sddmm",
    "mat_vecmul_ij", "matmul_ijk", "matmul_ikj", "matmul_kij",
    "tensor3_innerprod", "tensor3_ttv", "vec_scalar_mul",
};

static void test_apps(void **state)
{
    (void)state;
    char probe[4096];
    if (!sg_test_shared_path("docs/sam/vectors/apps", "golden apps", probe, sizeof probe))
        return;
    const char *sh = getenv("SHARED");
    int bad = 0;
    for (size_t i = 0; i < sizeof apps / sizeof apps[0]; i++) {
        int edges = 0;
        int nb = run_app(sh, apps[i], &edges);
        printf("%-20s %3d edge streams compared, %d mismatches\n", apps[i], edges, nb);
        bad += nb;
    }
    assert_int_equal(bad, 0);
}

/* The difference #1 machinery must really remove what it claims: an
 * in-step stream loses exactly the positions where the union's
 * coordinate output holds N. */
static void test_union_drops(void **state)
{
    (void)state;
    static const char dot[] =
        "digraph SAM {\n"
        "comment=\"x=s0,b=s0,c=s0\"\n"
        "1 [comment=\"type=fiberlookup,index=i,tensor=b,mode=0,format=compressed,src=true,root=true\"]\n"
        "2 [comment=\"type=fiberlookup,index=i,tensor=c,mode=0,format=compressed,src=true,root=true\"]\n"
        "3 [comment=\"type=union,index=i\"]\n"
        "4 [comment=\"type=fiberwrite,index=i,tensor=x,mode=0,format=compressed,segsize=2,crdsize=4,sink=true\"]\n"
        "1 -> 3 [label=\"crd_in-b\" type=\"crd\" comment=\"in-b\"]\n"
        "1 -> 3 [label=\"ref_in-b\" type=\"ref\" comment=\"in-b\"]\n"
        "2 -> 3 [label=\"crd_in-c\" type=\"crd\" comment=\"in-c\"]\n"
        "2 -> 3 [label=\"ref_in-c\" type=\"ref\" comment=\"in-c\"]\n"
        "3 -> 4 [label=\"crd\" type=\"crd\"]\n"
        "}\n";
    sg_graph g;
    sg_err e;
    sg_test_read_graph_text(dot, "<union>", &g, &e);
    sg_toks a, bb, c;
    memset(&a, 0, sizeof a);
    memset(&bb, 0, sizeof bb);
    memset(&c, 0, sizeof c);
    assert_int_equal(sg_toks_parse_str(&a, "0 N S0 D", SG_ST_CRD, &e), 0);
    assert_int_equal(sg_toks_parse_str(&bb, "0 S0 D", SG_ST_CRD, &e), 0);
    const sg_toks *ref[5] = {&bb, &bb, &bb, &bb, &a};
    drops dr[5];
    memset(dr, 0, sizeof dr);
    union_drops(&g, ref, dr);
    assert_int_equal(g.n_edges, 5);
    assert_null(dr[0].del);     /* upstream of the union: untouched */
    assert_non_null(dr[4].del);
    apply_drops(&a, &dr[4], &c);
    assert_int_equal(c.n, 3);
    assert_true(sg_tok_eq(c.t[1], sg_stop(0)));
    for (int i = 0; i < 5; i++)
        free(dr[i].del);
    sg_toks_free(&a);
    sg_toks_free(&bb);
    sg_toks_free(&c);
    sg_graph_free(&g);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_union_drops),
        cmocka_unit_test(test_apps),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
