/*
 * run.c - sg_golden_run: bind tensors to a graph (bind.c), instantiate it
 * (net.c), run an engine, assemble the output tensors (collect.c); the
 * options, the executability check and the trace files.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "core/outfile.h"
#include "core/value.h"
#include "golden/net.h"

void sg_golden_opts_default(golden_opts *o)
{
    memset(o, 0, sizeof *o);
    o->engine = GOLDEN_FUNC;
    o->width = 32;
    sg_read_opts_default(&o->read);
    sg_mem_opts_default(&o->mem);
}

void sg_golden_result_free(golden_result *r)
{
    for (int i = 0; i < r->n_out; i++) {
        sg_fibertree_free(&r->out[i].ft);
        sg_coo_free(&r->out[i].coo);
    }
    free(r->out);
    for (size_t i = 0; i < r->n_edges; i++)
        sg_toks_free(&r->edge[i].toks);
    free(r->edge);
    free(r->deadlock_msg);
    free(r->node_firings);
    free(r->ws);
    sg_mem_free(r->mem);
    memset(r, 0, sizeof *r);
}

const char *sg_golden_edge_name(const sg_graph *g, size_t i, char *buf)
{
    const sg_edge *ed = &g->edges[i];
    char ps[48], pd[48];
    const sg_node *s = &g->nodes[ed->src], *d = &g->nodes[ed->dst];
    sg_graph_port_name(s, 0, ed->src_port, ps);
    sg_graph_port_name(d, 1, ed->dst_port, pd);
    snprintf(buf, 128, "%d_%s__%d_%s", s->id, ps, d->id, pd);
    for (char *p = buf; *p; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
              (*p >= '0' && *p <= '9') || *p == '_'))
            *p = '_';
    return buf;
}

static int ends_with(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && strcmp(s + a - b, suf) == 0;
}

/* Does the inner input of crddrop `node` derive from a union, i.e. is a
 * union among the nodes upstream of it?  Then the crddrop removes union
 * coordinates whose inner fiber is empty, while the values computed from
 * the union's other operands keep one value per union coordinate, so the
 * written coordinates and values go out of step (SAM-SEMANTICS 4.6: the
 * generated mat_residual and mat_mattransmul). */
static int inner_from_union(const sg_graph *g, int node)
{
    int e0 = sg_graph_in_edge(g, node, 1);
    if (e0 < 0)
        return 0;
    int *stack = sg_malloc((g->n_nodes + 1) * sizeof *stack);
    unsigned char *seen = sg_calloc(g->n_nodes + 1, 1);
    int sp = 0, found = 0;
    stack[sp++] = g->edges[e0].src;
    seen[g->edges[e0].src] = 1;
    while (sp > 0 && !found) {
        int v = stack[--sp];
        if (g->nodes[v].kind == SG_NK_UNION) {
            found = 1;
            break;
        }
        for (size_t k = 0; k < g->n_edges; k++)
            if (g->edges[k].dst == v && g->edges[k].src >= 0 && !seen[g->edges[k].src]) {
                seen[g->edges[k].src] = 1;
                stack[sp++] = g->edges[k].src;
            }
    }
    free(stack);
    free(seen);
    return found;
}

int sg_golden_check_executable(const sg_graph *g, sg_err *e)
{
    const char *p = g->path ? g->path : "<graph>";
    if (ends_with(g->name, "_WRONG"))
        return sg_errf(e, p, 0, "not executable: the graph is marked wrong by its authors (_WRONG)");
    for (size_t i = 0; i < g->n_nodes; i++) {
        const sg_node *n = &g->nodes[i];
        char d[96];
        if (n->kind != SG_NK_CRDDROP || sg_graph_inner_is_vals(n) ||
            !inner_from_union(g, (int)i))
            continue;
        sg_graph_node_desc(n, d, sizeof d);
        return sg_errf(e, p, n->line, "not executable: node %s drops coordinates of a "
                       "stream derived from a union, which puts coordinates and values "
                       "out of step (write the union coordinates directly, as the _HAND "
                       "graphs do)", d);
    }
    /* A coordinate crddrop over a summed index (one no writer writes) may
     * drop outer coordinates whose summed fiber is empty while the reduce
     * over that index keeps a value for them; whether that happens depends
     * on the data (never when an operand of the summed index is dense), so
     * it is not refused here: the run checks that the writers produced one
     * value per coordinate (collect.c). */
    for (size_t i = 0; i < g->n_nodes; i++) {
        const sg_node *n = &g->nodes[i];
        char d[96];
        sg_graph_node_desc(n, d, sizeof d);
        switch (n->kind) {
        case SG_NK_UNKNOWN:
            return sg_errf(e, p, n->line, "not executable: node %s has unknown type '%s'", d, n->type);
        case SG_NK_INTERSECT:
        case SG_NK_UNION:
            if (n->n_operands < (n->format == SG_LVL_BITVECTOR ? 1 : 2) || n->n_operands > 3)
                return sg_errf(e, p, n->line, "not executable: node %s has %d operands (2 or 3 "
                               "supported; 1 for a bitvector joiner)", d, n->n_operands);
            break;
        default:
            break;
        }
    }
    for (size_t i = 0; i < g->n_edges; i++)
        if (g->edges[i].src_port < 0 || g->edges[i].dst_port < 0)
            return sg_errf(e, p, g->edges[i].line, "not executable: edge port not identified");
    return 0;
}

/* ---- run ------------------------------------------------------------------- */

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One trace file per edge, each a temporary file (outfile.h) until the
 * run ends. */
static int open_traces(sg_net *net, const char *dir, sg_outfile *tf, sg_err *e)
{
    char nm[128], path[4096];
    for (size_t i = 0; i < net->g->n_edges; i++) {
        sg_golden_edge_name(net->g, i, nm);
        snprintf(path, sizeof path, "%s/%s.txt", dir, nm);
        if (sg_outfile_open(&tf[i], path, e) < 0)
            return -1;
        fprintf(tf[i].f, "%s:", nm);
        net->eq[i].trace = tf[i].f;
    }
    return 0;
}

/* Finish the trace files: renamed into place when keep (the run ended,
 * also in a deadlock), else removed, so that a failed run leaves none. */
static int close_traces(sg_net *net, const char *dir, sg_outfile *tf, int keep,
                        sg_err *e)
{
    int rc = 0;
    for (size_t i = 0; i < net->g->n_edges; i++) {
        if (!tf[i].f)
            continue;
        int bad = net->eq[i].trace_err || fputc('\n', tf[i].f) == EOF;
        net->eq[i].trace = NULL;
        sg_err e2;
        sg_err_clear(&e2);
        if (!keep || bad || rc) {
            sg_outfile_abort(&tf[i]);
            if (keep && !rc)
                rc = sg_errf(e, dir, 0, "error writing trace files");
        } else if (sg_outfile_commit(&tf[i], &e2) < 0) {
            rc = sg_errf(e, dir, 0, "error writing trace files");
        }
    }
    return rc;
}

/* Bind every input tensor of g to its -t binding into bt[*nbt], then apply
 * the shape rules over all of them (graph/bind.h); a missing binding, a
 * bad tensor or a binding naming no tensor is a usage error.  The golden
 * model keeps the fibertrees, not the COO entries. */
static int bind_inputs(const sg_graph *g, const golden_binding *b, int nb,
                       const golden_opts *o, bound *bt, int *nbt, sg_err *e)
{
    sg_read_opts ro = o->read;
    ro.width = o->width;
    ro.vt = o->vt;
    for (int t = 0; t < g->n_tensors; t++) {
        const sg_tensor_decl *d = &g->tensors[t];
        if (d->is_output)
            continue;
        const golden_binding *bi = NULL;
        for (int k = 0; k < nb; k++)
            if (strcmp(b[k].name, d->name) == 0)
                bi = &b[k];
        if (!bi)
            return sg_errc(e, SG_EXIT_USAGE, g->path, 0, "input tensor %s is not bound (use -t %s=FILE)",
                           d->name, d->name);
        int rc = sg_bind_load(d, bi, &ro, &bt[*nbt], e);
        (*nbt)++;
        if (rc < 0)
            return -1;
    }
    for (int k = 0; k < nb; k++)
        if (!sg_graph_tensor(g, b[k].name))
            return sg_errc(e, SG_EXIT_USAGE, g->path, 0, "the graph has no tensor named %s", b[k].name);
    if (sg_bind_shapes(g, bt, *nbt, e) < 0)
        return -1;
    for (int i = 0; i < *nbt; i++)
        sg_coo_free(&bt[i].coo);
    return 0;
}

/* Run the engine on the built net, with the trace files open around it,
 * and record each edge's tokens and peak and the scanners' skips in r.
 * Returns the engine's result (-1 also for a trace file error). */
static int run_engine(sg_net *net, const golden_opts *o, golden_result *r,
                      sg_err *e)
{
    const sg_graph *g = net->g;
    r->n_edges = g->n_edges;
    r->edge = sg_calloc(g->n_edges ? g->n_edges : 1, sizeof *r->edge);
    for (size_t i = 0; i < g->n_edges; i++) {
        if (o->spill && i < o->spill->n_edges) {
            net->eq[i].spill = o->spill;
            net->eq[i].spill_k = i;
        } else if (o->keep_streams) {
            net->eq[i].keep = &r->edge[i].toks;
        }
    }
    sg_outfile *tf = NULL;
    if (o->trace_dir) {
        tf = sg_calloc(g->n_edges ? g->n_edges : 1, sizeof *tf);
        if (open_traces(net, o->trace_dir, tf, e) < 0) {
            close_traces(net, o->trace_dir, tf, 0, e);
            free(tf);
            return -1;
        }
    }
    double t0 = now_s();
    int er = net->cyc ? sg_engine_cycle_run(net, o->max_cycles, r, e)
                      : sg_engine_func_run(net, e);
    r->wall_s = now_s() - t0;
    if (tf && close_traces(net, o->trace_dir, tf, er == 0, e) < 0 && er == 0)
        er = -1;
    free(tf);
    for (size_t i = 0; i < g->n_edges; i++) {
        r->edge[i].tokens = net->eq[i].pushed;
        r->edge[i].peak = net->eq[i].peak;
        r->tokens_total += net->eq[i].pushed;
    }
    for (size_t v = 0; v < g->n_nodes; v++)
        r->skips += sg_prim_scan_skips(&net->node[v]);
    return er;
}

/* Assemble every output tensor into r->out (an output that fails still
 * counts in r->n_out, so that sg_golden_result_free frees it). */
static int collect_outputs(const sg_net *net, bound *bt, int nbt, int vt,
                           golden_result *r, sg_err *e)
{
    const sg_graph *g = net->g;
    int nout = 0;
    for (int t = 0; t < g->n_tensors; t++)
        nout += g->tensors[t].is_output;
    r->out = sg_calloc((size_t)nout + 1, sizeof *r->out);
    for (int t = 0; t < g->n_tensors; t++) {
        if (!g->tensors[t].is_output)
            continue;
        golden_output *go = &r->out[r->n_out];
        int cr = sg_collect_output(net, bt, nbt, &g->tensors[t], go, e);
        go->coo.vt = go->ft.vt = vt;
        r->n_out++;
        if (cr < 0)
            return -1;
    }
    return 0;
}

/* Floating-point nodes (fp_* ALUs, div, reduce fp=true) compute on real
 * numbers only: with an integer value type the run is refused, naming the
 * first such node. */
static int check_value_type(const sg_graph *g, int vt, sg_err *e)
{
    if (sg_vt_is_fp(vt))
        return 0;
    for (size_t i = 0; i < g->n_nodes; i++) {
        const sg_node *n = &g->nodes[i];
        if (!sg_graph_node_is_fp(n))
            continue;
        char d[96], vb[SG_VT_NAME_MAX];
        sg_graph_node_desc(n, d, sizeof d);
        return sg_errf(e, g->path ? g->path : "<graph>", n->line,
                       "node %s computes on real numbers; the value type %s is an integer "
                       "type (use --type fp32 or bf16)", d, sg_vt_name(vt ? vt : 32, vb));
    }
    return 0;
}

int sg_golden_run(const sg_graph *g, const golden_binding *b, int nb,
               const golden_opts *o, golden_result *r, sg_err *e)
{
    memset(r, 0, sizeof *r);
    if (o->width < 1 || o->width > 64)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "value width %d not in 1..64", o->width);
    if (o->vt && (o->vt > 0 || sg_vt_width(o->vt) != o->width))
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "value type %d does not fit width %d",
                       o->vt, o->width);
    if (sg_golden_check_executable(g, e) < 0 || check_value_type(g, o->vt, e) < 0) {
        e->code = SG_EXIT_USAGE;
        return -1;
    }
    int rc = -1;
    bound *bt = sg_calloc((size_t)g->n_tensors + 1, sizeof *bt);
    int nbt = 0;
    sg_net net;
    memset(&net, 0, sizeof net);
    if (bind_inputs(g, b, nb, o, bt, &nbt, e) < 0)
        goto out;
    sg_err_clear(e);
    if (sg_net_build(&net, g, bt, nbt, o, e) < 0) {
        e->code = SG_EXIT_USAGE;
        goto out;
    }
    int er = run_engine(&net, o, r, e);
    r->n_nodes = g->n_nodes;
    r->node_firings = sg_calloc(g->n_nodes ? g->n_nodes : 1, sizeof *r->node_firings);
    for (size_t i = 0; i < g->n_nodes; i++)
        r->node_firings[i] = net.node[i].firings;
    if (er < 0 || r->deadlock)
        goto out;
    if (collect_outputs(&net, bt, nbt, o->vt, r, e) < 0)
        goto out;
    r->n_ws = net.n_ws;
    r->ws = sg_calloc((size_t)net.n_ws + 1, sizeof *r->ws);
    for (int k = 0; k < net.n_ws; k++) {
        golden_ws_stat *w = &r->ws[k];
        *w = net.ws[k];
        if (!w->dense_entries)      /* no bound extent: what the run touched */
            w->dense_entries = w->order == 2 ? w->extent[0] * w->extent[1] : w->extent[0];
    }
    if (net.mem) {
        for (int i = 0; i < r->n_out; i++)
            sg_mem_add_written(net.mem, &r->out[i].ft, o->width);
        r->mem = net.mem;
        net.mem = NULL;
    }
    rc = 0;
out:
    if (r->deadlock)
        rc = 0;
    sg_net_free(&net);
    for (int i = 0; i < nbt; i++)
        sg_bound_tensor_free(&bt[i]);
    free(bt);
    return rc;
}
