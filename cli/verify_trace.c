/*
 * verify_trace.c - what samgen verify hands the simulator and what it
 * compares: the host script (load the input memories and dense dimensions,
 * run to done, read the outputs back), and the expected (golden) and
 * actual (RTL) streams of every edge and output memory, compared with
 * sim/compare.c, each difference described by its edge and DOT line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/verify.h"

int sg_verify_write_script(const char *path, const gen_ctx *c,
                           unsigned long long max_cycles, sg_err *e)
{
    sg_outfile of;
    if (sg_outfile_open(&of, path, e) < 0) {
        e->code = SG_EXIT_USAGE;
        return -1;
    }
    FILE *f = of.f;
    const sg_emit_design *d = &c->design;
    for (size_t i = 0; i < d->n_dim; i++) {
        long dim = sg_binds_node_dim(&c->go->binds, &c->g.nodes[d->dim[i].node]);
        if (dim < 0)
            dim = c->go->dim;
        fprintf(f, "w 0 %d %ld\n", d->dim[i].addr, dim);
    }
    for (size_t i = 0; i < d->n_mem; i++) {
        const sg_emit_mem *m = &d->mem[i];
        if (m->is_output)
            continue;
        const int64_t *w;
        size_t n;
        if (sg_binds_mem_words(&c->go->binds, &c->g, m, &w, &n) < 0) {
            sg_outfile_abort(&of);
            const sg_node *nd = &c->g.nodes[m->node];
            return sg_errc(e, SG_EXIT_USAGE, c->g.path, nd->line,
                           "tensor %s is not bound (-t %s=FILE)", nd->tensor, nd->tensor);
        }
        if ((long)n > m->depth) {
            sg_outfile_abort(&of);
            return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "%s: %zu words do not fit %ld",
                           m->inst, n, m->depth);
        }
        uint64_t mask = m->width >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << m->width) - 1;
        for (size_t a = 0; a < n; a++)
            fprintf(f, "w %d %zu %llu\n", m->sel, a,
                    (unsigned long long)((uint64_t)w[a] & mask));
    }
    fprintf(f, "g %llu\n", max_cycles);
    for (size_t i = 0; i < d->n_mem; i++)
        if (d->mem[i].is_output)
            fprintf(f, "r %d\n", d->mem[i].sel);
    if (d->n_perf)
        fprintf(f, "r %d\n", SG_PERF_SEL);   /* the performance counters */
    if (sg_outfile_commit(&of, e) < 0) {
        e->code = SG_EXIT_USAGE;
        return -1;
    }
    return 0;
}

static sg_stream_line *add_line(sg_stream_file *sf, const char *name, sg_stream_kind k)
{
    sg_grow((void **)&sf->lines, &sf->cap, sf->n + 1, sizeof *sf->lines);
    sg_stream_line *l = &sf->lines[sf->n++];
    memset(l, 0, sizeof *l);
    l->name = sg_strdup(name);
    l->kind = k;
    return l;
}

/* Expected trace (golden) and actual trace (simulation) as stream files. */
static void build_traces(const gen_ctx *c, const sg_simout *so, int streams,
                         sg_stream_file *exp, sg_stream_file *act)
{
    memset(exp, 0, sizeof *exp);
    memset(act, 0, sizeof *act);
    char name[160], cname[192];
    for (size_t k = 0; streams && k < c->g.n_edges; k++) {
        /* A skipping scanner drops coordinates the intersector would have
         * discarded: its stream is timing-dependent, not compared. */
        if (c->design.edge_skip[k])
            continue;
        sg_golden_edge_name(&c->g, k, name);
        sg_stream_kind kind = c->g.edges[k].type;
        sg_stream_line *l = add_line(exp, name, kind);
        if (k < c->gold.n_edges)
            for (size_t i = 0; i < c->gold.edge[k].toks.n; i++)
                sg_toks_push(&l->toks, c->gold.edge[k].toks.t[i]);
        const sg_simedge *se = &so->edge[k];
        if (se->toks.n == 0 && so->status != 'D')
            continue;
        l = add_line(act, name, kind);
        for (size_t i = 0; i < se->toks.n; i++)
            sg_toks_push(&l->toks, se->toks.t[i]);
        sg_compare_cycle_name(name, cname, sizeof cname);
        l = add_line(act, cname, SG_ST_VAL);
        for (size_t i = 0; i < se->ncyc; i++)
            sg_toks_push(&l->toks, sg_data(se->cyc[i]));
    }
    for (size_t i = 0; i < c->design.n_mem; i++) {
        const sg_emit_mem *m = &c->design.mem[i];
        if (!m->is_output)
            continue;
        sg_verify_out_arr_name(c, m, name, sizeof name);
        const sg_node *nd = &c->g.nodes[m->node];
        int known = 0;
        for (int o = 0; o < c->gold.n_out; o++)
            known |= strcmp(c->gold.out[o].name, nd->tensor) == 0;
        if (!known)
            continue;   /* a tensor the golden model does not return */
        sg_stream_line *l = add_line(exp, name, SG_ST_VAL);
        for (int o = 0; o < c->gold.n_out; o++) {
            const sg_fibertree *ft = &c->gold.out[o].ft;
            if (strcmp(c->gold.out[o].name, nd->tensor) != 0)
                continue;
            const int64_t *w = NULL;
            size_t n = 0;
            if (m->arr == SG_ARR_VALS) {
                w = ft->vals;
                n = ft->nvals;
            } else {
                for (int lv = 0; lv < ft->fmt.order; lv++)
                    if (ft->fmt.mode[lv] == nd->mode) {
                        w = m->arr == SG_ARR_SEG ? ft->lvl[lv].seg : ft->lvl[lv].crd;
                        n = m->arr == SG_ARR_SEG ? ft->lvl[lv].nseg : ft->lvl[lv].ncrd;
                    }
            }
            for (size_t a = 0; a < n; a++)
                sg_toks_push(&l->toks, sg_data(w[a]));
        }
        const sg_simmem *sm = sg_simout_mem(so, m->sel);
        if (!sm)
            continue;
        l = add_line(act, name, SG_ST_VAL);
        for (size_t a = 0; a < sm->n; a++)
            sg_toks_push(&l->toks, sg_data(m->arr == SG_ARR_VALS
                                               ? sg_sext(sm->w[a], m->width)
                                               : (int64_t)sm->w[a]));
    }
}

typedef struct desc_ctx {
    const gen_ctx *c;
} desc_ctx;

static int describe(void *ctx, const char *name, char *buf, size_t n)
{
    const desc_ctx *dc = ctx;
    const sg_graph *g = &dc->c->g;
    char nm[160];
    for (size_t k = 0; k < g->n_edges; k++) {
        sg_golden_edge_name(g, k, nm);
        if (strcmp(nm, name) != 0)
            continue;
        const sg_edge *ed = &g->edges[k];
        char a[160], b[160], pa[48], pb[48];
        sg_graph_node_desc(&g->nodes[ed->src], a, sizeof a);
        sg_graph_node_desc(&g->nodes[ed->dst], b, sizeof b);
        snprintf(buf, n, "e%zu: %s .%s -> %s .%s (DOT line %ld)", k, a,
                 sg_graph_port_name(&g->nodes[ed->src], 0, ed->src_port, pa), b,
                 sg_graph_port_name(&g->nodes[ed->dst], 1, ed->dst_port, pb), ed->line);
        return 0;
    }
    return -1;
}

/* Expected and actual traces of the run, compared (v->cmp, v->mm
 * filled). */
int sg_verify_compare(verify_run *v, const verify_opts *vo, sg_err *e)
{
    /* In a lockstep run that passed the harness has checked the edge
     * streams already: only the output memories are left. */
    build_traces(&v->c, &v->so, !vo->no_trace && !v->lockstep, &v->exp, &v->act);
    sg_cmp_opts co;
    sg_cmp_opts_default(&co);
    desc_ctx dc = {&v->c};
    co.describe = describe;
    co.ctx = &dc;
    if (sg_compare_all(&v->exp, &v->act, &co, &v->cmp, &v->mm, &v->n_mm, e) < 0)
        return -1;
    for (size_t k = 0; v->lockstep && k < v->c.g.n_edges; k++)
        if (!v->c.design.edge_skip[k]) {
            v->cmp.n_streams++;
            v->cmp.n_tokens += k < v->c.gold.n_edges ? v->c.gold.edge[k].tokens : 0;
        }
    v->compared = 1;
    return 0;
}

/* One side of a lockstep mismatch as a token ("-" for none). */
static void x_tok(int tag, uint64_t pay, const sg_edge *ed, int width, char *buf)
{
    if (tag < 0) {
        strcpy(buf, tag == -1 ? "no token" : "(unreadable)");
        return;
    }
    sg_tok t = {0, tag};
    if (tag == SG_TK_DATA)
        t.v = ed->type == SG_ST_VAL ? sg_sext(pay, width - 2) : (int64_t)pay;
    else if (tag == SG_TK_STOP)
        t.v = (int64_t)pay;
    sg_tok_format(t, ed->type, buf);
}

void sg_verify_lockstep_line(const verify_run *v, char *buf, size_t cap)
{
    const sg_simx *x = &v->lockstep_x;
    const sg_graph *g = &v->c.g;
    if (x->edge >= g->n_edges) {
        snprintf(buf, cap, "lockstep check: stopped on an unknown edge %lu", x->edge);
        return;
    }
    const sg_edge *ed = &g->edges[x->edge];
    char a[SG_TOK_TEXT], b[SG_TOK_TEXT], cyc[48] = "";
    x_tok(x->exp_tag, x->exp_pay, ed, v->c.design.edge_width[x->edge], a);
    x_tok(x->got_tag, x->got_pay, ed, v->c.design.edge_width[x->edge], b);
    if (x->cycle >= 0)
        snprintf(cyc, sizeof cyc, " (cycle %lld)", x->cycle);
    snprintf(buf, cap, "lockstep check: first wrong token on e%lu at token %llu%s: "
             "expected %s, got %s%s", x->edge, x->index, cyc, a, b,
             x->got_tag == -1 ? " (the run ended without it)" : "");
}
