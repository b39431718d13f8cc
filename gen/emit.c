/*
 * emit.c - graph to Verilog top module (see emit.h).
 *
 * The body is written in sections, each in a fixed order so the output is
 * deterministic: edges (wires and FIFOs), memories, dense-dimension
 * registers, SkipTo channels, positional-writer links, node instances
 * (topological order), host read-back and done,
 * then the simulation-only taps and watchdog, and finally one sink for the
 * outputs nothing reads (so that `verilator -Wall` has nothing to say).
 * The skeleton around the body comes from templates/top.v.in.
 */
#include "gen/emit.h"
#include "graph/depth.h"
#include "graph/kinds.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/paths.h"
#include "graph/skip_plan.h"

#define SG_TEMPLATE "templates/top.v.in"

void sg_emit_opts_default(sg_emit_opts *o)
{
    memset(o, 0, sizeof *o);
    o->crd_width = SG_DEFAULT_CRD_WIDTH;
    o->val_width = SG_DEFAULT_VAL_WIDTH;
    o->fifo_depth = 4;
    o->max_nnz = 1024;
    o->dim_default = 64;
}

/* ---- small helpers ------------------------------------------------------ */

/* Growable list of signal names nobody reads. */
typedef struct strlist {
    char **s;
    size_t n, cap;
} strlist;

static void sl_add(strlist *l, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void sl_add(strlist *l, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    sg_grow((void **)&l->s, &l->cap, l->n + 1, sizeof *l->s);
    l->s[l->n++] = sg_strdup(buf);
}

static void sl_free(strlist *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->s[i]);
    free(l->s);
    memset(l, 0, sizeof *l);
}

static int clog2(long v)
{
    int b = 0;
    while ((1L << b) < v)
        b++;
    return b < 1 ? 1 : b;
}

static void sanitize(char *s)
{
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
              (*s >= '0' && *s <= '9') || *s == '_'))
            *s = '_';
}

/* Instance name n<id>_<kind>[_<tensor><mode>][_<index>]. */
static void inst_name(const sg_node *n, char *buf, size_t cap)
{
    const char *kind = n->kind == SG_NK_ALU ? graph_alu_name(n->op)
                                            : graph_kind_name(n->kind);
    int k = snprintf(buf, cap, "n%d_%s", n->id, kind);
    if (n->tensor[0] && k >= 0 && (size_t)k < cap) {
        if (n->is_vals)
            k += snprintf(buf + k, cap - (size_t)k, "_%s_vals", n->tensor);
        else if (n->mode >= 0)
            k += snprintf(buf + k, cap - (size_t)k, "_%s%d", n->tensor, n->mode);
        else
            k += snprintf(buf + k, cap - (size_t)k, "_%s", n->tensor);
    }
    if (n->index && k >= 0 && (size_t)k < cap)
        snprintf(buf + k, cap - (size_t)k, "_%c", n->index);
    sanitize(buf);
}

static int kind_width(sg_stream_kind k, const sg_emit_opts *o)
{
    switch (k) {
    case SG_ST_VAL: return o->val_width + 2;
    case SG_ST_REPSIG: return 2;
    default: return o->crd_width + 2;
    }
}

/* Width of an RTL stream port, from its name. */
static int port_width(const char *rtl, const sg_emit_opts *o)
{
    if (strstr(rtl, "repsig"))
        return 2;
    if (strstr(rtl, "val"))
        return o->val_width + 2;
    return o->crd_width + 2;
}

/* ---- node kinds to RTL modules ------------------------------------------ */

/* The RTL stream ports of a node come from the kinds table
 * (graph/kinds.def): RTL port p is graph port p. */
static const char *rtl_in(const sg_node *n, int p, char *buf)
{
    sg_port pt;
    if (sg_kind_rtl_port(n, 1, p, &pt) != 0)
        return NULL;
    snprintf(buf, 48, "%s", pt.name);
    return buf;
}

static const char *rtl_out(const sg_node *n, int p, char *buf)
{
    sg_port pt;
    if (sg_kind_rtl_port(n, 0, p, &pt) != 0)
        return NULL;
    snprintf(buf, 48, "%s", pt.name);
    return buf;
}

static int is_root(const sg_node *n)
{
    return (n->kind == SG_NK_FIBERLOOKUP || n->kind == SG_NK_REPEAT) && n->root;
}

/* An order-1 sparse accumulator without an outer input (no in1: the result
 * is one vector, SAM-SEMANTICS 2.11): its outer stream is made from the
 * inner one with every coordinate 0, and its inner output's stops are
 * lowered by one level (S1 -> S0) before the edge. */
static int spacc_no_outer(const sg_graph *g, int i)
{
    const sg_node *n = &g->nodes[i];
    return n->kind == SG_NK_SPACC && n->order == 1 && graph_in_edge(g, i, 0) < 0 &&
           graph_in_edge(g, i, 1) >= 0;
}

/* Module name and parameter list, or -1 when the RTL has no such block. */
static int rtl_module(const sg_node *n, const sg_emit_opts *o, long inner,
                      long outer, char *mod, char *par, size_t cap)
{
    par[0] = '\0';
    switch (n->kind) {
    case SG_NK_FIBERLOOKUP:
        if (n->format == SG_LVL_DENSE)
            strcpy(mod, "sam_scan_dense");
        else if (n->format == SG_LVL_COMPRESSED)
            strcpy(mod, "sam_scan_compressed");
        else
            return -1;
        snprintf(par, cap, ".CrdWidth(CrdWidth)");
        return 0;
    case SG_NK_FIBERWRITE:
        if (n->is_vals) {
            strcpy(mod, "sam_write_vals");
            snprintf(par, cap, ".CrdWidth(CrdWidth), .ValWidth(ValWidth)");
            return 0;
        }
        if (n->format == SG_LVL_DENSE)
            strcpy(mod, "sam_write_dense");
        else if (n->format == SG_LVL_COMPRESSED)
            strcpy(mod, "sam_write_compressed");
        else
            return -1;
        snprintf(par, cap, ".CrdWidth(CrdWidth)");
        return 0;
    case SG_NK_ARRAYVALS:
        strcpy(mod, "sam_arrayvals");
        snprintf(par, cap, ".CrdWidth(CrdWidth), .ValWidth(ValWidth)");
        return 0;
    case SG_NK_REPSIGGEN:
        strcpy(mod, "sam_repsiggen");
        snprintf(par, cap, ".CrdWidth(CrdWidth)");
        return 0;
    case SG_NK_REPEAT:
        strcpy(mod, "sam_repeat");
        snprintf(par, cap, ".CrdWidth(CrdWidth)");
        return 0;
    case SG_NK_BROADCAST:
        strcpy(mod, "sam_broadcast");
        return 0;   /* parameters depend on the edges */
    case SG_NK_INTERSECT:
    case SG_NK_UNION:
        if (n->n_operands < 2 || n->n_operands > 3)
            return -1;
        strcpy(mod, "sam_join");
        snprintf(par, cap, ".CrdWidth(CrdWidth), .NumInputs(%d), .IsUnion(%d)",
                 n->n_operands, n->kind == SG_NK_UNION);
        return 0;
    case SG_NK_ALU:
        if ((int)n->op > (int)SG_ALU_SMUL || n->fp)
            return -1;
        strcpy(mod, "sam_alu");
        snprintf(par, cap, ".ValWidth(ValWidth), .Op(%d), .Const(%lld)",
                 (int)n->op, (long long)n->cnst);
        return 0;
    case SG_NK_REDUCE:
        if (n->fp)
            return -1;
        strcpy(mod, "sam_reduce");
        snprintf(par, cap, ".ValWidth(ValWidth)");
        return 0;
    case SG_NK_SPACC:
        if (n->order != 1 && n->order != 2)
            return -1;
        strcpy(mod, "sam_spacc");
        snprintf(par, cap,
                 ".CrdWidth(CrdWidth), .ValWidth(ValWidth), .Order(%d), "
                 ".InnerDim(%ld), .OuterDim(%ld), .ValStops(0)",
                 n->order, inner, outer);
        return 0;
    case SG_NK_VECTORREDUCER:
        strcpy(mod, "sam_vectorreducer");
        snprintf(par, cap, ".CrdWidth(CrdWidth), .ValWidth(ValWidth), .InnerDim(%ld)",
                 inner);
        return 0;
    case SG_NK_CRDDROP:
    case SG_NK_CRDHOLD:
        if (graph_inner_is_vals(n)) {
            strcpy(mod, "sam_crdvals");
            snprintf(par, cap, ".CrdWidth(CrdWidth), .ValWidth(ValWidth), .Drop(%d)",
                     n->kind == SG_NK_CRDDROP);
            return 0;
        }
        strcpy(mod, n->kind == SG_NK_CRDDROP ? "sam_crddrop" : "sam_crdhold");
        snprintf(par, cap, ".CrdWidth(CrdWidth)");
        return 0;
    default:
        (void)o;
        return -1;
    }
}

/* ---- the emitter state -------------------------------------------------- */

typedef struct emitter {
    const sg_graph *g;
    const sg_emit_opts *o;
    sg_emit_design *d;
    FILE *f;
    char **inst;          /* per node */
    int *consumed;        /* per edge: connected to a consumer port */
    strlist unused;
    size_t cap_mem, cap_dim;
    int (*skip_scan)[3];  /* per intersect: skipping scanner of operand k, or -1 */
    int *edepth;          /* per edge: levels of its stream, -1 unknown */
    int *pos_lvl;         /* per node: level of a positional dense writer, -1 */
    int *pos_parent;      /* per node: that writer's parent level writer, -1 */
    int *pos_src;         /* per vals writer: innermost dense writer, -1 */
} emitter;

/* ---- positional output writing ------------------------------------------- */

/* An output tensor whose levels are all dense is written positionally:
 * each level writer is a sam_write_dense_pos that turns its coordinates
 * into positions (parent * dim + crd, the parent's from the level above)
 * and the values writer a sam_write_vals_pos that stores each value at the
 * innermost level's position and zero-fills the rest.  Other outputs keep
 * the arrival-order writers. */
static void plan_positional(emitter *m)
{
    const sg_graph *g = m->g;
    for (size_t i = 0; i < g->n_nodes; i++)
        m->pos_lvl[i] = m->pos_parent[i] = m->pos_src[i] = -1;
    for (size_t v = 0; v < g->n_nodes; v++) {
        const sg_node *vn = &g->nodes[v];
        if (vn->kind != SG_NK_FIBERWRITE || !vn->is_vals)
            continue;
        const sg_tensor_decl *td = graph_tensor(g, vn->tensor);
        if (!td || td->fmt.order < 1 || td->fmt.order > SG_MAX_ORDER)
            continue;
        int w[SG_MAX_ORDER], ok = 1;
        for (int l = 0; l < td->fmt.order && ok; l++) {
            w[l] = -1;
            if (td->fmt.level[l] != SG_LVL_DENSE) {
                ok = 0;
                break;
            }
            for (size_t i = 0; i < g->n_nodes; i++) {
                const sg_node *n = &g->nodes[i];
                if (n->kind == SG_NK_FIBERWRITE && !n->is_vals &&
                    strcmp(n->tensor, vn->tensor) == 0 && n->mode == td->fmt.mode[l] &&
                    n->format == SG_LVL_DENSE && graph_in_edge(g, (int)i, 0) >= 0) {
                    ok = w[l] < 0;
                    w[l] = (int)i;
                }
            }
            if (w[l] < 0)
                ok = 0;
        }
        if (!ok)
            continue;
        for (int l = 0; l < td->fmt.order; l++) {
            m->pos_lvl[w[l]] = l;
            m->pos_parent[w[l]] = l ? w[l - 1] : -1;
        }
        m->pos_src[v] = w[td->fmt.order - 1];
    }
}

/* Position links (writer to child writer or values writer, through a
 * 2-deep FIFO) and the values writers' sizes, before the nodes. */
static void emit_pos_wires(emitter *m)
{
    FILE *f = m->f;
    int w = m->o->crd_width + 2, any = 0;
    for (size_t i = 0; i < m->g->n_nodes; i++) {
        const char *in = m->inst[i];
        if (m->pos_lvl[i] >= 0) {
            if (!any)
                fprintf(f, "  // ---- positional output writing: level positions to the values writer ----\n");
            any = 1;
            fprintf(f, "  wire %s_pos_valid, %s_pos_ready, %s_posq_valid, %s_posq_ready;\n",
                    in, in, in, in);
            fprintf(f, "  wire [%d:0] %s_pos_data, %s_posq_data;\n", w - 1, in, in);
            fprintf(f, "  sam_fifo #(.Width(%d), .Depth(2)) u_%s_pos_fifo (\n", w, in);
            fprintf(f, "    .clk_i(clk_i), .rst_ni(rst_ni),\n");
            fprintf(f, "    .in_valid_i(%s_pos_valid), .in_ready_o(%s_pos_ready), .in_data_i(%s_pos_data),\n",
                    in, in, in);
            fprintf(f, "    .out_valid_o(%s_posq_valid), .out_ready_i(%s_posq_ready), .out_data_o(%s_posq_data)\n  );\n",
                    in, in, in);
            if (m->pos_parent[i] < 0) {
                fprintf(f, "  wire %s_in_pos_ready;\n", in);
                sl_add(&m->unused, "%s_in_pos_ready", in);
            }
        }
    }
    for (size_t i = 0; i < m->g->n_nodes; i++) {
        if (m->pos_src[i] < 0)
            continue;
        fprintf(f, "  wire [%d:0] %s_size = ", m->o->crd_width - 1, m->inst[i]);
        int first = 1;
        for (int k = m->pos_src[i]; k >= 0; k = m->pos_parent[k]) {
            fprintf(f, "%s%s_dim_q", first ? "" : " * ", m->inst[k]);
            first = 0;
        }
        fprintf(f, ";   // words of the dense value array\n");
    }
    if (any)
        fprintf(f, "\n");
}

/* Levels between a crddrop's outer and inner streams (1: adjacent). */
static int crddrop_depth(const emitter *m, int i)
{
    const sg_node *n = &m->g->nodes[i];
    if (n->kind != SG_NK_CRDDROP || graph_inner_is_vals(n))
        return 1;
    return sg_crddrop_levels(m->g, m->edepth, i);
}

static int edge_depth(const emitter *m, size_t k)
{
    if (m->d->edge_skip[k])
        return 0;   /* the SkipTo contract: the scanner's head is the
                     * intersector's head, no buffer between them */
    return m->o->edge_depth ? m->o->edge_depth[k] : m->o->fifo_depth;
}

static void describe_edge(const emitter *m, size_t k, char *buf, size_t cap)
{
    const sg_edge *e = &m->g->edges[k];
    char sp[48], dp[48];
    graph_port_name(&m->g->nodes[e->src], 0, e->src_port, sp);
    graph_port_name(&m->g->nodes[e->dst], 1, e->dst_port, dp);
    snprintf(buf, cap, "%s.%s -> %s.%s (%s, DOT line %ld)", m->inst[e->src], sp,
             m->inst[e->dst], dp, sg_stream_kind_name(e->type), e->line);
}

/* Edges leaving (node, port), in graph order. */
static size_t out_edges(const sg_graph *g, int node, int port, size_t *out,
                        size_t cap)
{
    size_t n = 0;
    for (size_t k = 0; k < g->n_edges; k++)
        if (g->edges[k].src == node && g->edges[k].src_port == port) {
            if (n < cap)
                out[n] = k;
            n++;
        }
    return n;
}

/* The skipping intersectors and scanners (graph/skip_plan.h), into the
 * design's per-node CAM sizes and per-edge skip marks. */
static int plan_skip(emitter *m, sg_err *e)
{
    const sg_graph *g = m->g;
    sg_skip_plan sp;
    if (sg_skip_plan_make(g, m->o->skip, &sp, e) < 0) {
        sg_skip_plan_free(&sp);
        return -1;
    }
    for (size_t i = 0; i < g->n_nodes; i++) {
        m->d->node_skip[i] = sp.node_cam[i];
        for (int k = 0; k < 3; k++)
            m->skip_scan[i][k] = sp.scan[i][k];
    }
    for (size_t k = 0; k < g->n_edges; k++)
        m->d->edge_skip[k] = sp.edge_skip[k];
    sg_skip_plan_free(&sp);
    return 0;
}

static void emit_edges(emitter *m)
{
    FILE *f = m->f;
    fprintf(f, "  // ---- edges: a FIFO on every graph edge ----\n");
    for (size_t k = 0; k < m->g->n_edges; k++) {
        int w = m->d->edge_width[k];
        char desc[320];
        describe_edge(m, k, desc, sizeof desc);
        fprintf(f, "  // e%zu: %s\n", k, desc);
        fprintf(f, "  wire e%zu_up_valid, e%zu_up_ready, e%zu_fi_valid, e%zu_fi_ready;\n",
                k, k, k, k);
        fprintf(f, "  wire e%zu_fo_valid, e%zu_fo_ready, e%zu_dn_valid, e%zu_dn_ready;\n",
                k, k, k, k);
        fprintf(f, "  wire [%d:0] e%zu_up_data, e%zu_fi_data, e%zu_fo_data, e%zu_dn_data;\n",
                w - 1, k, k, k, k);
        fprintf(f, "  sam_fifo #(.Width(%d), .Depth(%d)) u_e%zu_fifo (\n", w,
                edge_depth(m, k), k);
        fprintf(f, "    .clk_i(clk_i), .rst_ni(rst_ni),\n");
        fprintf(f, "    .in_valid_i(e%zu_fi_valid), .in_ready_o(e%zu_fi_ready), .in_data_i(e%zu_fi_data),\n",
                k, k, k);
        fprintf(f, "    .out_valid_o(e%zu_fo_valid), .out_ready_i(e%zu_fo_ready), .out_data_o(e%zu_fo_data)\n",
                k, k, k);
        fprintf(f, "  );\n");
    }
    fprintf(f, "\n");
}

static const char *arr_name(sg_arr_kind a)
{
    return a == SG_ARR_SEG ? "seg" : a == SG_ARR_CRD ? "crd" : "vals";
}

static int plan_memories(emitter *m, sg_err *e)
{
    const sg_graph *g = m->g;
    const sg_emit_opts *o = m->o;
    sg_emit_design *d = m->d;
    for (size_t i = 0; i < g->n_nodes; i++) {
        const sg_node *n = &g->nodes[i];
        sg_arr_kind arrs[2];
        int na = 0, is_out = 0;
        if (n->kind == SG_NK_FIBERLOOKUP && n->format == SG_LVL_COMPRESSED) {
            arrs[na++] = SG_ARR_SEG;
            arrs[na++] = SG_ARR_CRD;
        } else if (n->kind == SG_NK_ARRAYVALS) {
            arrs[na++] = SG_ARR_VALS;
        } else if (n->kind == SG_NK_FIBERWRITE) {
            is_out = 1;
            if (n->is_vals)
                arrs[na++] = SG_ARR_VALS;
            else if (n->format == SG_LVL_COMPRESSED) {
                arrs[na++] = SG_ARR_SEG;
                arrs[na++] = SG_ARR_CRD;
            }
        }
        for (int a = 0; a < na; a++) {
            long size = o->mem_size ? o->mem_size(o->ctx, n, arrs[a]) : -1;
            if (size < 0)
                size = o->max_nnz + (arrs[a] == SG_ARR_SEG ? 1 : 0);
            int aw = clog2(size);
            if (aw > o->crd_width)
                return sg_errc(e, SG_EXIT_USAGE, g->path, n->line,
                               "%s: %s memory of %ld entries does not fit "
                               "%d-bit addresses (raise --width-crd)",
                               m->inst[i], arr_name(arrs[a]), size, o->crd_width);
            sg_grow((void **)&d->mem, &m->cap_mem, d->n_mem + 1, sizeof *d->mem);
            sg_emit_mem *mm = &d->mem[d->n_mem];
            memset(mm, 0, sizeof *mm);
            mm->sel = (int)d->n_mem + 1;
            mm->node = (int)i;
            mm->arr = arrs[a];
            mm->is_output = is_out;
            mm->width = arrs[a] == SG_ARR_VALS ? o->val_width : o->crd_width;
            mm->addr_width = aw;
            mm->depth = 1L << aw;
            snprintf(mm->inst, sizeof mm->inst, "u_m%d_%s_%s", mm->sel, m->inst[i],
                     arr_name(arrs[a]));
            snprintf(mm->tensor, sizeof mm->tensor, "%s", n->tensor);
            mm->mode = arrs[a] == SG_ARR_VALS ? -1 : n->mode;
            d->n_mem++;
        }
        if (d->n_mem > 255)
            return sg_errc(e, SG_EXIT_USAGE, g->path, n->line,
                           "more than 255 memories: the host select is 8 bits");
        if ((n->kind == SG_NK_FIBERLOOKUP && n->format == SG_LVL_DENSE) ||
            m->pos_lvl[i] >= 0) {
            sg_grow((void **)&d->dim, &m->cap_dim, d->n_dim + 1, sizeof *d->dim);
            d->dim[d->n_dim].node = (int)i;
            d->dim[d->n_dim].addr = (int)d->n_dim;
            d->n_dim++;
        }
    }
    return 0;
}

static const sg_emit_mem *find_mem(const emitter *m, int node, sg_arr_kind a)
{
    for (size_t i = 0; i < m->d->n_mem; i++)
        if (m->d->mem[i].node == node && m->d->mem[i].arr == a)
            return &m->d->mem[i];
    return NULL;
}

static int host_addr_width(const emitter *m)
{
    int w = clog2((long)m->d->n_dim + 1);
    for (size_t i = 0; i < m->d->n_mem; i++)
        if (m->d->mem[i].addr_width > w)
            w = m->d->mem[i].addr_width;
    return w;
}

static int host_data_width(const emitter *m)
{
    int w = m->o->crd_width;
    for (size_t i = 0; i < m->d->n_mem; i++)
        if (m->d->mem[i].width > w)
            w = m->d->mem[i].width;
    return w;
}

static void emit_memories(emitter *m)
{
    FILE *f = m->f;
    int cw = m->o->crd_width;
    if (m->d->n_mem)
        fprintf(f, "  // ---- memories: one RAM per array, loaded/read through the host port ----\n");
    for (size_t i = 0; i < m->d->n_mem; i++) {
        const sg_emit_mem *mm = &m->d->mem[i];
        int s = mm->sel, aw = mm->addr_width, w = mm->width;
        fprintf(f, "  // memory %d: %s %s of %s, %ld words\n", s,
                mm->is_output ? "output" : "input", arr_name(mm->arr),
                m->inst[mm->node], mm->depth);
        fprintf(f, "  wire m%d_rd_en, m%d_wr_en;\n", s, s);
        fprintf(f, "  wire [%d:0] m%d_rd_addr, m%d_wr_addr;\n", cw - 1, s, s);
        fprintf(f, "  wire [%d:0] m%d_rd_data, m%d_wr_data, m%d_host_rdata;\n", w - 1, s, s, s);
        if (aw < cw) {
            sl_add(&m->unused, "m%d_rd_addr[%d:%d]", s, cw - 1, aw);
            sl_add(&m->unused, "m%d_wr_addr[%d:%d]", s, cw - 1, aw);
        }
        if (mm->is_output) {
            fprintf(f, "  assign m%d_rd_en = 1'b0;\n", s);
            fprintf(f, "  assign m%d_rd_addr = {%d{1'b0}};\n", s, cw);
            sl_add(&m->unused, "m%d_rd_data", s);
        } else {
            fprintf(f, "  assign m%d_wr_en = 1'b0;\n", s);
            fprintf(f, "  assign m%d_wr_addr = {%d{1'b0}};\n", s, cw);
            fprintf(f, "  assign m%d_wr_data = {%d{1'b0}};\n", s, w);
        }
        fprintf(f, "  sam_ram #(.Width(%d), .AddrWidth(%d)) %s (\n", w, aw, mm->inst);
        fprintf(f, "    .clk_i(clk_i),\n");
        fprintf(f, "    .rd_en_i(m%d_rd_en), .rd_addr_i(m%d_rd_addr[%d:0]), .rd_data_o(m%d_rd_data),\n",
                s, s, aw - 1, s);
        fprintf(f, "    .wr_en_i(m%d_wr_en), .wr_addr_i(m%d_wr_addr[%d:0]), .wr_data_i(m%d_wr_data),\n",
                s, s, aw - 1, s);
        fprintf(f, "    .host_en_i(host_en_i), .host_we_i(host_we_i && host_sel_i == 8'd%d),\n", s);
        fprintf(f, "    .host_addr_i(host_addr_i[%d:0]), .host_wdata_i(host_wdata_i[%d:0]),\n",
                aw - 1, w - 1);
        fprintf(f, "    .host_rdata_o(m%d_host_rdata)\n  );\n", s);
        if (m->d->node_skip[mm->node] > 0 && !mm->is_output) {
            /* The skipping scanner reads seg[a] with seg[a+1], and crd for
             * the CAM fill beside the iteration: a second read port, made
             * of a copy that the same host writes load. */
            fprintf(f, "  // second read port of memory %d (%s): a copy loaded by the same host writes\n",
                    s, mm->arr == SG_ARR_SEG ? "seg[a+1]" : "CAM fill");
            fprintf(f, "  wire m%db_rd_en;\n", s);
            fprintf(f, "  wire [%d:0] m%db_rd_addr;\n", cw - 1, s);
            fprintf(f, "  wire [%d:0] m%db_rd_data, m%db_host_rdata;\n", w - 1, s, s);
            if (aw < cw)
                sl_add(&m->unused, "m%db_rd_addr[%d:%d]", s, cw - 1, aw);
            sl_add(&m->unused, "m%db_host_rdata", s);
            fprintf(f, "  sam_ram #(.Width(%d), .AddrWidth(%d)) %s_b (\n", w, aw, mm->inst);
            fprintf(f, "    .clk_i(clk_i),\n");
            fprintf(f, "    .rd_en_i(m%db_rd_en), .rd_addr_i(m%db_rd_addr[%d:0]), .rd_data_o(m%db_rd_data),\n",
                    s, s, aw - 1, s);
            fprintf(f, "    .wr_en_i(1'b0), .wr_addr_i({%d{1'b0}}), .wr_data_i({%d{1'b0}}),\n", aw, w);
            fprintf(f, "    .host_en_i(host_en_i), .host_we_i(host_we_i && host_sel_i == 8'd%d),\n", s);
            fprintf(f, "    .host_addr_i(host_addr_i[%d:0]), .host_wdata_i(host_wdata_i[%d:0]),\n",
                    aw - 1, w - 1);
            fprintf(f, "    .host_rdata_o(m%db_host_rdata)\n  );\n", s);
        }
    }
    if (m->d->n_dim) {
        int ha = host_addr_width(m);
        fprintf(f, "\n  // ---- dense dimensions: host select 0, one register per dense scanner\n");
        fprintf(f, "  //      and per positional dense output level ----\n");
        for (size_t i = 0; i < m->d->n_dim; i++) {
            const sg_emit_dim *dm = &m->d->dim[i];
            const char *in = m->inst[dm->node];
            fprintf(f, "  reg [%d:0] %s_dim_q;   // host address %d\n", cw - 1, in, dm->addr);
            fprintf(f, "  always @(posedge clk_i) begin\n");
            fprintf(f, "    if (host_en_i && host_we_i && host_sel_i == 8'd0 && host_addr_i == %d'd%d)\n",
                    ha, dm->addr);
            fprintf(f, "      %s_dim_q <= host_wdata_i[%d:0];\n", in, cw - 1);
            fprintf(f, "  end\n");
        }
    }
    fprintf(f, "\n");
}

/* Graph port of RTL input p of node i, or -1 when it has no edge. */
static int in_graph_port(const emitter *m, int i, int p)
{
    const sg_node *n = &m->g->nodes[i];
    if ((n->kind == SG_NK_INTERSECT || n->kind == SG_NK_UNION) &&
        p / 2 >= n->n_operands)
        return -1;
    if (n->kind == SG_NK_ALU && p >= n->n_in)
        return -1;
    return graph_in_edge(m->g, i, p) >= 0 ? p : -1;
}

/* Connect RTL input stream `rtl` of node i (graph port p, -1 = none). */
static void conn_in(emitter *m, int i, int p, const char *rtl, int last)
{
    FILE *f = m->f;
    int k = p >= 0 ? graph_in_edge(m->g, i, p) : -1;
    if (k >= 0) {
        m->consumed[k] = 1;
        fprintf(f, "    .%s_valid_i(e%d_dn_valid), .%s_ready_o(e%d_dn_ready), .%s_data_i(e%d_dn_data)%s\n",
                rtl, k, rtl, k, rtl, k, last ? "" : ",");
    } else {
        int w = port_width(rtl, m->o);
        fprintf(f, "    .%s_valid_i(1'b0), .%s_ready_o(%s_%s_ready), .%s_data_i({%d{1'b0}})%s\n",
                rtl, rtl, m->inst[i], rtl, rtl, w, last ? "" : ",");
        sl_add(&m->unused, "%s_%s_ready", m->inst[i], rtl);
    }
}

/* Declarations an output port needs before the instance (forks, unused). */
static void pre_out(emitter *m, int i, int p, const char *rtl)
{
    FILE *f = m->f;
    size_t ks[64];
    size_t n = out_edges(m->g, i, p, ks, 64);
    int w = port_width(rtl, m->o);
    const char *in = m->inst[i];
    if (n == 1)
        return;
    fprintf(f, "  wire %s_%s_valid, %s_%s_ready;\n", in, rtl, in, rtl);
    fprintf(f, "  wire [%d:0] %s_%s_data;\n", w - 1, in, rtl);
    if (n == 0) {
        fprintf(f, "  assign %s_%s_ready = 1'b1;   // unconnected output: drained\n", in, rtl);
        sl_add(&m->unused, "%s_%s_valid", in, rtl);
        sl_add(&m->unused, "%s_%s_data", in, rtl);
        return;
    }
    /* Fan-out without a broadcast node in the graph: an implicit fork. */
    if (n > 64)
        n = 64;
    fprintf(f, "  // %s.%s feeds %zu edges: implicit fork\n", in, rtl, n);
    fprintf(f, "  wire [%d:0] %s_%s_fork_data;\n", w - 1, in, rtl);
    fprintf(f, "  sam_broadcast #(.Width(%d), .NumOutputs(%zu)) u_%s_%s_fork (\n", w, n, in, rtl);
    fprintf(f, "    .clk_i(clk_i), .rst_ni(rst_ni),\n");
    fprintf(f, "    .in_valid_i(%s_%s_valid), .in_ready_o(%s_%s_ready), .in_data_i(%s_%s_data),\n",
            in, rtl, in, rtl, in, rtl);
    fprintf(f, "    .out_valid_o({");
    for (size_t j = n; j-- > 0;)
        fprintf(f, "e%zu_up_valid%s", ks[j], j ? ", " : "");
    fprintf(f, "}),\n    .out_ready_i({");
    for (size_t j = n; j-- > 0;)
        fprintf(f, "e%zu_up_ready%s", ks[j], j ? ", " : "");
    fprintf(f, "}),\n    .out_data_o(%s_%s_fork_data)\n  );\n", in, rtl);
    for (size_t j = 0; j < n; j++)
        fprintf(f, "  assign e%zu_up_data = %s_%s_fork_data;\n", ks[j], in, rtl);
}

static void conn_out(emitter *m, int i, int p, const char *rtl, int last)
{
    size_t ks[1];
    size_t n = p >= 0 ? out_edges(m->g, i, p, ks, 1) : 0;
    const char *in = m->inst[i];
    if (n == 1)
        fprintf(m->f, "    .%s_valid_o(e%zu_up_valid), .%s_ready_i(e%zu_up_ready), .%s_data_o(e%zu_up_data)%s\n",
                rtl, ks[0], rtl, ks[0], rtl, ks[0], last ? "" : ",");
    else
        fprintf(m->f, "    .%s_valid_o(%s_%s_valid), .%s_ready_i(%s_%s_ready), .%s_data_o(%s_%s_data)%s\n",
                rtl, in, rtl, rtl, in, rtl, rtl, in, rtl, last ? "" : ",");
}

static void mem_port_rd(emitter *m, int i, sg_arr_kind a, const char *pfx)
{
    const sg_emit_mem *mm = find_mem(m, i, a);
    fprintf(m->f, "    .%s_rd_en_o(m%d_rd_en), .%s_rd_addr_o(m%d_rd_addr), .%s_rd_data_i(m%d_rd_data),\n",
            pfx, mm->sel, pfx, mm->sel, pfx, mm->sel);
}

static void mem_port_wr(emitter *m, int i, sg_arr_kind a, const char *pfx)
{
    const sg_emit_mem *mm = find_mem(m, i, a);
    fprintf(m->f, "    .%s_wr_en_o(m%d_wr_en), .%s_wr_addr_o(m%d_wr_addr), .%s_wr_data_o(m%d_wr_data),\n",
            pfx, mm->sel, pfx, mm->sel, pfx, mm->sel);
}

static void emit_broadcast(emitter *m, int i)
{
    FILE *f = m->f;
    const sg_node *n = &m->g->nodes[i];
    const char *in = m->inst[i];
    int k_in = graph_in_edge(m->g, i, 0);
    int w = k_in >= 0 ? m->d->edge_width[k_in] : kind_width(n->stream, m->o);
    size_t ks[64];
    int nout = 0;
    /* Output ports in order; a port without an edge is drained. */
    int maxp = -1;
    for (size_t k = 0; k < m->g->n_edges; k++)
        if (m->g->edges[k].src == i && m->g->edges[k].src_port > maxp)
            maxp = m->g->edges[k].src_port;
    nout = maxp + 1;
    if (nout < 1)
        nout = 1;
    fprintf(f, "  wire [%d:0] %s_data;\n", w - 1, in);
    fprintf(f, "  wire [%d:0] %s_valid, %s_ready;\n", nout - 1, in, in);
    for (int p = 0; p < nout; p++) {
        size_t n_e = out_edges(m->g, i, p, ks, 64);
        if (n_e == 0) {
            fprintf(f, "  assign %s_ready[%d] = 1'b1;   // unconnected output: drained\n", in, p);
            sl_add(&m->unused, "%s_valid[%d]", in, p);
        } else {
            /* Extra edges on one broadcast port are not expected; the
             * first one is wired, the rest stay unconnected. */
            fprintf(f, "  assign e%zu_up_valid = %s_valid[%d];\n", ks[0], in, p);
            fprintf(f, "  assign %s_ready[%d] = e%zu_up_ready;\n", in, p, ks[0]);
            fprintf(f, "  assign e%zu_up_data = %s_data;\n", ks[0], in);
        }
    }
    fprintf(f, "  sam_broadcast #(.Width(%d), .NumOutputs(%d)) %s (\n", w, nout, in);
    fprintf(f, "    .clk_i(clk_i), .rst_ni(rst_ni),\n");
    conn_in(m, i, 0, "in", 0);
    fprintf(f, "    .out_valid_o(%s_valid), .out_ready_i(%s_ready), .out_data_o(%s_data)\n  );\n",
            in, in, in);
    (void)n;
}

/* SkipTo channels: intersector out_skip<k> straight into the scanner. */
static void emit_skip_wires(emitter *m)
{
    int any = 0;
    for (size_t i = 0; i < m->g->n_nodes; i++) {
        if (m->g->nodes[i].kind != SG_NK_FIBERLOOKUP || m->d->node_skip[i] <= 0)
            continue;
        if (!any)
            fprintf(m->f, "  // ---- SkipTo channels: intersector to skipping scanner, no FIFO ----\n");
        any = 1;
        fprintf(m->f, "  wire %s_skip_valid, %s_skip_ready;\n", m->inst[i], m->inst[i]);
        fprintf(m->f, "  wire [%d:0] %s_skip_data;\n", m->o->crd_width + 1, m->inst[i]);
    }
    if (any)
        fprintf(m->f, "\n");
}

static void emit_node(emitter *m, int i, const char *mod, const char *par)
{
    FILE *f = m->f;
    const sg_node *n = &m->g->nodes[i];
    const char *in = m->inst[i];
    char desc[160], b1[48];
    graph_node_desc(n, desc, sizeof desc);
    fprintf(f, "  // %s: %s, DOT line %ld\n", in, desc, n->line);
    if (n->kind == SG_NK_BROADCAST) {
        emit_broadcast(m, i);
        fprintf(f, "\n");
        return;
    }
    int nin, nout;
    sg_kind_rtl_counts(n, &nin, &nout);
    /* Per-port text: RTL input i of this module corresponds to graph port
     * i for every kind (the tables above are in the same order). */
    for (int p = 0; p < nout; p++)
        pre_out(m, i, p, rtl_out(n, p, b1));
    for (int p = 0; p < nin; p++)
        if (!(p == 0 && is_root(n)) && !(p == 0 && spacc_no_outer(m->g, i)) &&
            in_graph_port(m, i, p) < 0)
            fprintf(f, "  wire %s_%s_ready;\n", in, rtl_in(n, p, b1));
    if (is_root(n)) {
        fprintf(f, "  wire %s_root_valid, %s_root_ready;\n", in, in);
        fprintf(f, "  wire [%d:0] %s_root_data;\n", m->o->crd_width + 1, in);
        fprintf(f, "  sam_root #(.CrdWidth(CrdWidth)) %s_root (\n", in);
        fprintf(f, "    .clk_i(clk_i), .rst_ni(rst_ni), .start_i(start_i),\n");
        fprintf(f, "    .out_ref_valid_o(%s_root_valid), .out_ref_ready_i(%s_root_ready), .out_ref_data_o(%s_root_data)\n  );\n",
                in, in, in);
    }
    if (n->kind == SG_NK_FIBERWRITE) {
        fprintf(f, "  wire %s_done;\n", in);
        if (n->is_vals)
            fprintf(f, "  wire [%d:0] %s_val_len;\n", m->o->crd_width - 1, in);
        else if (n->format == SG_LVL_COMPRESSED) {
            fprintf(f, "  wire [%d:0] %s_seg_len, %s_crd_len;\n", m->o->crd_width - 1, in, in);
            /* seg_all (one entry per fiber, empty ones too) is not kept. */
            fprintf(f, "  wire %s_sega_wr_en;\n", in);
            fprintf(f, "  wire [%d:0] %s_sega_wr_addr, %s_sega_wr_data, %s_sega_len;\n",
                    m->o->crd_width - 1, in, in, in);
            sl_add(&m->unused, "%s_sega_wr_en", in);
            sl_add(&m->unused, "%s_sega_wr_addr", in);
            sl_add(&m->unused, "%s_sega_wr_data", in);
            sl_add(&m->unused, "%s_sega_len", in);
        }
    }
    if (n->kind == SG_NK_FIBERLOOKUP && m->d->node_skip[i] > 0) {
        int ss = find_mem(m, i, SG_ARR_SEG)->sel;
        fprintf(f, "  assign m%db_rd_en = m%d_rd_en;\n", ss, ss);
        fprintf(f, "  assign m%db_rd_addr = m%d_rd_addr + 1'b1;   // seg[a+1]\n", ss, ss);
    }
    int skip_x = n->kind == SG_NK_INTERSECT && m->d->node_skip[i] > 0;
    if (skip_x)
        for (int k = 0; k < 3; k++)
            if (m->skip_scan[i][k] < 0) {
                fprintf(f, "  wire %s_out_skip%d_valid;\n", in, k);
                fprintf(f, "  wire [%d:0] %s_out_skip%d_data;   // operand %d does not skip\n",
                        m->o->crd_width + 1, in, k, k);
                sl_add(&m->unused, "%s_out_skip%d_valid", in, k);
                sl_add(&m->unused, "%s_out_skip%d_data", in, k);
            }
    int nox = spacc_no_outer(m->g, i);
    if (nox) {
        int ki = graph_in_edge(m->g, i, 1);
        int w = m->o->crd_width + 2;
        m->consumed[ki] = 1;
        fprintf(f, "  // no outer input: the inner stream is forked into in_outer with every\n");
        fprintf(f, "  // coordinate 0 (one row); out_inner's stops are lowered by one level\n");
        fprintf(f, "  wire [1:0] %s_nox_valid;\n  wire %s_nox_ready0, %s_nox_ready1;\n", in, in, in);
        fprintf(f, "  wire [%d:0] %s_nox_data, %s_nox_outer_data;\n", w - 1, in, in);
        fprintf(f, "  sam_broadcast #(.Width(%d), .NumOutputs(2)) u_%s_nox_fork (\n", w, in);
        fprintf(f, "    .clk_i(clk_i), .rst_ni(rst_ni),\n");
        fprintf(f, "    .in_valid_i(e%d_dn_valid), .in_ready_o(e%d_dn_ready), .in_data_i(e%d_dn_data),\n",
                ki, ki, ki);
        fprintf(f, "    .out_valid_o(%s_nox_valid), .out_ready_i({%s_nox_ready1, %s_nox_ready0}),\n",
                in, in, in);
        fprintf(f, "    .out_data_o(%s_nox_data)\n  );\n", in);
        fprintf(f, "  assign %s_nox_outer_data = (%s_nox_data[%d:%d] == `SG_TK_DATA) ?\n",
                in, in, w - 1, w - 2);
        fprintf(f, "      {`SG_TK_DATA, {%d{1'b0}}} : %s_nox_data;\n", w - 2, in);
        fprintf(f, "  wire %s_inner_raw_valid, %s_inner_raw_ready;\n", in, in);
        fprintf(f, "  wire [%d:0] %s_inner_raw_data;\n", w - 1, in);
    }
    int dep = crddrop_depth(m, i);
    int kdep = dep > 1 ? graph_in_edge(m->g, i, 1) : -1;
    if (kdep >= 0) {
        int w = m->o->crd_width + 2;
        m->consumed[kdep] = 1;
        fprintf(f, "  // inner stream %d levels below the outer one: the inner output is the\n", dep);
        fprintf(f, "  // input itself (forked); the dropper sees it without the stops below\n");
        fprintf(f, "  // level %d and the others lowered by %d (an outer coordinate's fiber)\n",
                dep - 1, dep - 1);
        fprintf(f, "  wire [1:0] %s_dep_valid;\n  wire %s_dep_ready0, %s_dep_ready1, %s_dep_inner_ready;\n",
                in, in, in, in);
        fprintf(f, "  wire [%d:0] %s_dep_data, %s_dep_inner_data;\n", w - 1, in, in);
        fprintf(f, "  sam_broadcast #(.Width(%d), .NumOutputs(2)) u_%s_dep_fork (\n", w, in);
        fprintf(f, "    .clk_i(clk_i), .rst_ni(rst_ni),\n");
        fprintf(f, "    .in_valid_i(e%d_dn_valid), .in_ready_o(e%d_dn_ready), .in_data_i(e%d_dn_data),\n",
                kdep, kdep, kdep);
        fprintf(f, "    .out_valid_o(%s_dep_valid), .out_ready_i({%s_dep_ready1, %s_dep_ready0}),\n",
                in, in, in);
        fprintf(f, "    .out_data_o(%s_dep_data)\n  );\n", in);
        fprintf(f, "  wire %s_dep_low = %s_dep_data[%d:%d] == `SG_TK_STOP &&\n", in, in, w - 1, w - 2);
        fprintf(f, "                  %s_dep_data[%d:0] < %d'd%d;\n", in, w - 3, w - 2, dep - 1);
        fprintf(f, "  assign %s_dep_inner_data = (%s_dep_data[%d:%d] == `SG_TK_STOP) ?\n",
                in, in, w - 1, w - 2);
        fprintf(f, "      %s_dep_data - %d'd%d : %s_dep_data;\n", in, w, dep - 1, in);
        fprintf(f, "  assign %s_dep_ready1 = %s_dep_low | %s_dep_inner_ready;\n", in, in, in);
        size_t ks[1];
        char dst[160];
        if (out_edges(m->g, i, 1, ks, 1) == 1)
            snprintf(dst, sizeof dst, "e%zu_up", ks[0]);
        else
            snprintf(dst, sizeof dst, "%s_out_inner", in);
        fprintf(f, "  assign %s_valid = %s_dep_valid[0];\n", dst, in);
        fprintf(f, "  assign %s_dep_ready0 = %s_ready;\n", in, dst);
        fprintf(f, "  assign %s_data = %s_dep_data;\n", dst, in);
        fprintf(f, "  wire %s_inner_drop_valid;\n  wire [%d:0] %s_inner_drop_data;\n", in, w - 1, in);
        sl_add(&m->unused, "%s_inner_drop_valid", in);
        sl_add(&m->unused, "%s_inner_drop_data", in);
    }
    fprintf(f, "  %s #(%s) %s (\n", mod, par, in);
    fprintf(f, "    .clk_i(clk_i), .rst_ni(rst_ni),\n");
    if (n->kind == SG_NK_FIBERLOOKUP && n->format == SG_LVL_DENSE)
        fprintf(f, "    .dim_i(%s_dim_q),\n", in);
    if (n->kind == SG_NK_FIBERLOOKUP && n->format == SG_LVL_COMPRESSED &&
        m->d->node_skip[i] > 0) {
        int ss = find_mem(m, i, SG_ARR_SEG)->sel, cs = find_mem(m, i, SG_ARR_CRD)->sel;
        fprintf(f, "    .seg_rd_en_o(m%d_rd_en), .seg_rd_addr_o(m%d_rd_addr), .seg_rd_lo_i(m%d_rd_data), .seg_rd_hi_i(m%db_rd_data),\n",
                ss, ss, ss, ss);
        fprintf(f, "    .crd_rd_en_o(m%d_rd_en), .crd_rd_addr_o(m%d_rd_addr), .crd_rd_data_i(m%d_rd_data),\n",
                cs, cs, cs);
        fprintf(f, "    .cam_rd_en_o(m%db_rd_en), .cam_rd_addr_o(m%db_rd_addr), .cam_rd_data_i(m%db_rd_data),\n",
                cs, cs, cs);
        fprintf(f, "    .in_skip_valid_i(%s_skip_valid), .in_skip_ready_o(%s_skip_ready), .in_skip_data_i(%s_skip_data),\n",
                in, in, in);
    } else if (n->kind == SG_NK_FIBERLOOKUP && n->format == SG_LVL_COMPRESSED) {
        mem_port_rd(m, i, SG_ARR_SEG, "seg");
        mem_port_rd(m, i, SG_ARR_CRD, "crd");
    }
    if (n->kind == SG_NK_ARRAYVALS)
        mem_port_rd(m, i, SG_ARR_VALS, "val");
    if (m->pos_lvl[i] >= 0) {
        int pp = m->pos_parent[i];
        fprintf(f, "    .dim_i(%s_dim_q),\n", in);
        if (pp < 0)
            fprintf(f, "    .in_pos_valid_i(1'b0), .in_pos_ready_o(%s_in_pos_ready), .in_pos_data_i({%d{1'b0}}),\n",
                    in, m->o->crd_width + 2);
        else
            fprintf(f, "    .in_pos_valid_i(%s_posq_valid), .in_pos_ready_o(%s_posq_ready), .in_pos_data_i(%s_posq_data),\n",
                    m->inst[pp], m->inst[pp], m->inst[pp]);
        fprintf(f, "    .out_pos_valid_o(%s_pos_valid), .out_pos_ready_i(%s_pos_ready), .out_pos_data_o(%s_pos_data),\n",
                in, in, in);
    }
    if (m->pos_src[i] >= 0) {
        const char *ps = m->inst[m->pos_src[i]];
        fprintf(f, "    .size_i(%s_size),\n", in);
        fprintf(f, "    .in_addr_valid_i(%s_posq_valid), .in_addr_ready_o(%s_posq_ready), .in_addr_data_i(%s_posq_data),\n",
                ps, ps, ps);
    }
    if (n->kind == SG_NK_FIBERWRITE) {
        if (n->is_vals) {
            mem_port_wr(m, i, SG_ARR_VALS, "val");
            fprintf(f, "    .val_len_o(%s_val_len),\n", in);
        } else if (n->format == SG_LVL_COMPRESSED) {
            mem_port_wr(m, i, SG_ARR_SEG, "seg");
            mem_port_wr(m, i, SG_ARR_CRD, "crd");
            fprintf(f, "    .sega_wr_en_o(%s_sega_wr_en), .sega_wr_addr_o(%s_sega_wr_addr), .sega_wr_data_o(%s_sega_wr_data),\n",
                    in, in, in);
            fprintf(f, "    .seg_len_o(%s_seg_len), .sega_len_o(%s_sega_len), .crd_len_o(%s_crd_len),\n",
                    in, in, in);
        }
        fprintf(f, "    .done_o(%s_done),\n", in);
    }
    for (int p = 0; p < nin; p++) {
        const char *rtl = rtl_in(n, p, b1);
        int last = p == nin - 1 && nout == 0;
        if (p == 0 && is_root(n))
            fprintf(f, "    .in_ref_valid_i(%s_root_valid), .in_ref_ready_o(%s_root_ready), .in_ref_data_i(%s_root_data)%s\n",
                    in, in, in, last ? "" : ",");
        else if (kdep >= 0 && p == 1)
            fprintf(f, "    .in_inner_valid_i(%s_dep_valid[1] & ~%s_dep_low), .in_inner_ready_o(%s_dep_inner_ready), .in_inner_data_i(%s_dep_inner_data)%s\n",
                    in, in, in, in, last ? "" : ",");
        else if (nox && p <= 1)
            fprintf(f, "    .%s_valid_i(%s_nox_valid[%d]), .%s_ready_o(%s_nox_ready%d), .%s_data_i(%s_%s)%s\n",
                    rtl, in, 1 - p, rtl, in, 1 - p, rtl, in,
                    p == 0 ? "nox_outer_data" : "nox_data", last ? "" : ",");
        else if (p <= 1 && graph_sub_swapped(m->g, i))
            conn_in(m, i, in_graph_port(m, i, 1 - p), rtl, last);
        else
            conn_in(m, i, in_graph_port(m, i, p), rtl, last);
    }
    for (int p = 0; p < nout; p++) {
        int gp = p;
        if ((n->kind == SG_NK_INTERSECT || n->kind == SG_NK_UNION) &&
            p - 1 >= n->n_operands)
            gp = -1;
        if (kdep >= 0 && p == 1)
            fprintf(f, "    .out_inner_valid_o(%s_inner_drop_valid), .out_inner_ready_i(1'b1), .out_inner_data_o(%s_inner_drop_data)%s\n",
                    in, in, p == nout - 1 ? "" : ",");
        else if (nox && p == 0)
            fprintf(f, "    .out_inner_valid_o(%s_inner_raw_valid), .out_inner_ready_i(%s_inner_raw_ready), .out_inner_data_o(%s_inner_raw_data),\n",
                    in, in, in);
        else
            conn_out(m, i, gp, rtl_out(n, p, b1), p == nout - 1 && !skip_x);
    }
    for (int k = 0; skip_x && k < 3; k++) {
        int s = m->skip_scan[i][k];
        const char *end = k == 2 ? "" : ",";
        if (s >= 0)
            fprintf(f, "    .out_skip%d_valid_o(%s_skip_valid), .out_skip%d_ready_i(%s_skip_ready), .out_skip%d_data_o(%s_skip_data)%s\n",
                    k, m->inst[s], k, m->inst[s], k, m->inst[s], end);
        else
            fprintf(f, "    .out_skip%d_valid_o(%s_out_skip%d_valid), .out_skip%d_ready_i(1'b1), .out_skip%d_data_o(%s_out_skip%d_data)%s\n",
                    k, in, k, k, k, in, k, end);
    }
    fprintf(f, "  );\n");
    if (nox) {
        size_t ks[1];
        char dst[160];
        int w = m->o->crd_width + 2;
        if (out_edges(m->g, i, 0, ks, 1) == 1)
            snprintf(dst, sizeof dst, "e%zu_up", ks[0]);
        else
            snprintf(dst, sizeof dst, "%s_out_inner", in);
        fprintf(f, "  assign %s_valid = %s_inner_raw_valid;\n", dst, in);
        fprintf(f, "  assign %s_inner_raw_ready = %s_ready;\n", in, dst);
        fprintf(f, "  assign %s_data = (%s_inner_raw_data[%d:%d] == `SG_TK_STOP &&\n",
                dst, in, w - 1, w - 2);
        fprintf(f, "                         %s_inner_raw_data[%d:0] != {%d{1'b0}}) ?\n",
                in, w - 3, w - 2);
        fprintf(f, "      %s_inner_raw_data - 1'b1 : %s_inner_raw_data;\n", in, in);
    }
    fprintf(f, "\n");
}

static void emit_host_and_done(emitter *m)
{
    FILE *f = m->f;
    int hd = host_data_width(m);
    int cw = m->o->crd_width;
    fprintf(f, "  // ---- host read-back: data one cycle after the address ----\n");
    fprintf(f, "  reg [7:0] host_sel_q;\n");
    fprintf(f, "  always @(posedge clk_i) host_sel_q <= host_sel_i;\n");
    fprintf(f, "  always @(*) begin\n    case (host_sel_q)\n");
    for (size_t i = 0; i < m->d->n_mem; i++) {
        const sg_emit_mem *mm = &m->d->mem[i];
        if (mm->width < hd)
            fprintf(f, "      8'd%d: host_rdata_o = {{%d{1'b0}}, m%d_host_rdata};\n",
                    mm->sel, hd - mm->width, mm->sel);
        else
            fprintf(f, "      8'd%d: host_rdata_o = m%d_host_rdata;\n", mm->sel, mm->sel);
    }
    fprintf(f, "      default: host_rdata_o = {%d{1'b0}};\n    endcase\n  end\n", hd);
    fprintf(f, "  always @(*) begin\n    case (host_sel_i)\n");
    for (size_t i = 0; i < m->d->n_mem; i++) {
        const sg_emit_mem *mm = &m->d->mem[i];
        if (!mm->is_output)
            continue;
        fprintf(f, "      8'd%d: host_len_o = %s_%s_len;\n", mm->sel, m->inst[mm->node],
                mm->arr == SG_ARR_VALS ? "val" : arr_name(mm->arr));
    }
    fprintf(f, "      default: host_len_o = {%d{1'b0}};\n    endcase\n  end\n\n", cw);
    fprintf(f, "  // ---- done: every level writer has consumed its D ----\n");
    fprintf(f, "  assign done_o = 1'b1");
    for (size_t i = 0; i < m->g->n_nodes; i++)
        if (m->g->nodes[i].kind == SG_NK_FIBERWRITE)
            fprintf(f, "\n                & %s_done", m->inst[i]);
    fprintf(f, ";\n\n");
}

static void emit_sim(emitter *m)
{
    FILE *f = m->f;
    size_t ne = m->g->n_edges;
    for (size_t k = 0; k < ne; k++)
        if (!m->consumed[k]) {
            fprintf(f, "  assign e%zu_dn_ready = 1'b1;   // port the RTL block does not have: drained\n", k);
            sl_add(&m->unused, "e%zu_dn_valid", k);
            sl_add(&m->unused, "e%zu_dn_data", k);
        }
    fprintf(f, "\n`ifdef SYNTHESIS\n");
    fprintf(f, "  // Synthesis: producers feed the FIFOs directly.\n");
    for (size_t k = 0; k < ne; k++) {
        fprintf(f, "  assign e%zu_fi_valid = e%zu_up_valid;  assign e%zu_up_ready = e%zu_fi_ready;  assign e%zu_fi_data = e%zu_up_data;\n",
                k, k, k, k, k, k);
        fprintf(f, "  assign e%zu_dn_valid = e%zu_fo_valid;  assign e%zu_fo_ready = e%zu_dn_ready;  assign e%zu_dn_data = e%zu_fo_data;\n",
                k, k, k, k, k, k);
    }
    fprintf(f, "`else\n");
    fprintf(f, "  // Simulation: a tap on every edge records tokens (+notrace: off),\n");
    fprintf(f, "  // injects stalls (+stall=P +seed=S); the watchdog ends a run in which\n");
    fprintf(f, "  // no edge moved for +watchdog=N cycles (default 100000) and prints\n");
    fprintf(f, "  // every edge's handshake state (W lines).  wd_cycle_q counts the cycles\n");
    fprintf(f, "  // since reset (0 in the first); the taps stamp their trace lines with it.\n");
    fprintf(f, "  // An edge moved: a transfer into its FIFO or out to its consumer.\n");
    fprintf(f, "  wire wd_active = 1'b0");
    for (size_t k = 0; k < ne; k++)
        fprintf(f, "\n      | (e%zu_fi_valid & e%zu_fi_ready) | (e%zu_dn_valid & e%zu_dn_ready)",
                k, k, k, k);
    fprintf(f, ";\n");
    fprintf(f, "  integer wd_idle_q;\n  integer wd_limit;\n  integer wd_cycle_q;\n");
    fprintf(f, "  initial begin\n    wd_limit = 100000;\n");
    fprintf(f, "    if ($value$plusargs(\"watchdog=%%d\", wd_limit)) begin end\n  end\n");
    fprintf(f, "  always @(posedge clk_i) begin\n");
    fprintf(f, "    wd_cycle_q <= rst_ni ? wd_cycle_q + 1 : 0;\n");
    fprintf(f, "    if (!rst_ni || done_o || wd_active)\n");
    fprintf(f, "      wd_idle_q <= 0;\n    else\n      wd_idle_q <= wd_idle_q + 1;\n");
    fprintf(f, "    if (rst_ni && wd_idle_q == wd_limit + 1) begin\n");
    fprintf(f, "      $display(\"WATCHDOG %%0d %%0d\", wd_limit, wd_cycle_q);\n      $finish;\n    end\n  end\n");
    fprintf(f, "  // W <edge> <up_valid> <fifo_in_ready> <fifo_out_valid> <down_ready>\n");
    fprintf(f, "  always @(posedge clk_i) begin\n");
    fprintf(f, "    if (rst_ni && wd_idle_q == wd_limit) begin\n");
    for (size_t k = 0; k < ne; k++)
        fprintf(f, "      $display(\"W %zu %%0d %%0d %%0d %%0d\", e%zu_up_valid, e%zu_fi_ready, e%zu_fo_valid, e%zu_dn_ready);\n",
                k, k, k, k, k);
    fprintf(f, "    end\n  end\n");
    for (size_t k = 0; k < ne; k++) {
        if (m->d->edge_skip[k])
            fprintf(f, "  sam_tap #(.Width(%d), .EdgeId(%zu), .Stall(0)) u_e%zu_tap (\n",
                    m->d->edge_width[k], k, k);
        else
            fprintf(f, "  sam_tap #(.Width(%d), .EdgeId(%zu)) u_e%zu_tap (\n",
                    m->d->edge_width[k], k, k);
        fprintf(f, "    .clk_i(clk_i), .rst_ni(rst_ni), .cycle_i(wd_cycle_q),\n");
        fprintf(f, "    .up_valid_i(e%zu_up_valid), .up_ready_o(e%zu_up_ready), .up_data_i(e%zu_up_data),\n", k, k, k);
        fprintf(f, "    .fifo_in_valid_o(e%zu_fi_valid), .fifo_in_ready_i(e%zu_fi_ready), .fifo_in_data_o(e%zu_fi_data),\n", k, k, k);
        fprintf(f, "    .fifo_out_valid_i(e%zu_fo_valid), .fifo_out_ready_o(e%zu_fo_ready), .fifo_out_data_i(e%zu_fo_data),\n", k, k, k);
        fprintf(f, "    .down_valid_o(e%zu_dn_valid), .down_ready_i(e%zu_dn_ready), .down_data_o(e%zu_dn_data)\n  );\n", k, k, k);
    }
    fprintf(f, "`endif\n\n");
    if (m->unused.n) {
        fprintf(f, "  // Outputs nothing reads: unconnected ports and unused address bits.\n");
        fprintf(f, "  /* verilator lint_off UNUSED */\n  wire unused_ok = ^{");
        for (size_t i = 0; i < m->unused.n; i++)
            fprintf(f, "%s%s", i ? ",\n                     " : "", m->unused.s[i]);
        fprintf(f, "};\n  /* verilator lint_on UNUSED */\n");
    }
}

/* ---- template ----------------------------------------------------------- */

static int read_file(const char *path, char **text, sg_err *e)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "cannot open: %s", strerror(errno));
    size_t cap = 4096, len = 0;
    char *b = sg_malloc(cap);
    size_t r;
    while ((r = fread(b + len, 1, cap - len - 1, f)) > 0) {
        len += r;
        if (cap - len < 2)
            b = sg_realloc(b, cap *= 2);
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(b);
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "read error");
    }
    b[len] = '\0';
    *text = b;
    return 0;
}

/* Replace @KEY@ markers of the template; unknown keys are an error. */
static int fill_template(const char *tpl, const char *path, const char *const *kv,
                         FILE *out, sg_err *e)
{
    const char *p = tpl;
    while (*p) {
        const char *at = strchr(p, '@');
        if (!at) {
            fputs(p, out);
            break;
        }
        fwrite(p, 1, (size_t)(at - p), out);
        const char *end = strchr(at + 1, '@');
        size_t klen = end ? (size_t)(end - at - 1) : 0;
        int found = 0;
        for (size_t i = 0; end && kv[i]; i += 2)
            if (strlen(kv[i]) == klen && strncmp(kv[i], at + 1, klen) == 0) {
                fputs(kv[i + 1], out);
                found = 1;
                break;
            }
        if (!found)
            return sg_errc(e, SG_EXIT_USAGE, path, 0, "unknown template marker near '%.20s'", at);
        p = end + 1;
    }
    return 0;
}

/* ---- entry points ------------------------------------------------------- */

int sg_emit(const sg_graph *g, const sg_emit_opts *opts, sg_emit_design *d,
            sg_err *e)
{
    sg_emit_opts def;
    if (!opts) {
        sg_emit_opts_default(&def);
        opts = &def;
    }
    memset(d, 0, sizeof *d);
    emitter m = {0};
    m.g = g;
    m.o = opts;
    m.d = d;
    int rc = -1;
    char *body = NULL, *tpl = NULL, *memtab = NULL, *text = NULL;
    size_t body_len = 0, memtab_len = 0, text_len = 0;
    int *order = NULL;
    char (*mods)[48] = NULL;
    char (*pars)[256] = NULL;
    const char *src = g->path ? g->path : "<graph>";

    if (opts->crd_width < 2 || opts->crd_width > 32 || opts->val_width < 2 ||
        opts->val_width > 64)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0,
                       "widths out of range (crd 2..32, val 2..64)");
    if (opts->skip < 0)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "--skip %d: expected T >= 0", opts->skip);
    snprintf(d->module, sizeof d->module, "%s_top", g->name[0] ? g->name : "sam");
    sanitize(d->module);
    d->n_edges = g->n_edges;
    d->edge_width = sg_calloc(g->n_edges ? g->n_edges : 1, sizeof *d->edge_width);
    for (size_t k = 0; k < g->n_edges; k++)
        d->edge_width[k] = kind_width(g->edges[k].type, opts);
    d->edge_skip = sg_calloc(g->n_edges ? g->n_edges : 1, sizeof *d->edge_skip);
    d->node_skip = sg_calloc(g->n_nodes ? g->n_nodes : 1, sizeof *d->node_skip);
    m.skip_scan = sg_calloc(g->n_nodes ? g->n_nodes : 1, sizeof *m.skip_scan);
    m.inst = sg_calloc(g->n_nodes ? g->n_nodes : 1, sizeof *m.inst);
    m.consumed = sg_calloc(g->n_edges ? g->n_edges : 1, sizeof *m.consumed);
    mods = sg_calloc(g->n_nodes ? g->n_nodes : 1, sizeof *mods);
    pars = sg_calloc(g->n_nodes ? g->n_nodes : 1, sizeof *pars);
    for (size_t i = 0; i < g->n_nodes; i++) {
        char buf[128];
        inst_name(&g->nodes[i], buf, sizeof buf);
        m.inst[i] = sg_strdup(buf);
    }
    for (size_t i = 0; i < g->n_nodes; i++) {
        const sg_node *n = &g->nodes[i];
        long inner = opts->dim_default, outer = opts->dim_default;
        if (n->kind == SG_NK_SPACC && opts->index_dim) {
            long v = n->in0 ? opts->index_dim(opts->ctx, n->in0) : -1;
            if (v > 0)
                inner = v;
            v = n->in1 ? opts->index_dim(opts->ctx, n->in1) : -1;
            if (v > 0)
                outer = v;
        }
        if (n->kind == SG_NK_VECTORREDUCER && opts->index_dim && n->index) {
            long v = opts->index_dim(opts->ctx, n->index);
            if (v > 0)
                inner = v;
        }
        if (rtl_module(n, opts, inner, outer, mods[i], pars[i], sizeof pars[i]) < 0) {
            char desc[160];
            sg_errc(e, SG_EXIT_USAGE, src, n->line,
                    "%s has no RTL block (not supported by samgen gen)",
                    graph_node_desc(n, desc, sizeof desc));
            goto out;
        }
    }
    if (plan_skip(&m, e) < 0)
        goto out;
    for (size_t i = 0; i < g->n_nodes; i++) {
        const sg_node *n = &g->nodes[i];
        if (d->node_skip[i] <= 0)
            continue;
        if (n->kind == SG_NK_FIBERLOOKUP) {
            strcpy(mods[i], "sam_scan_skip_core");
            snprintf(pars[i], sizeof pars[i],
                     ".CrdWidth(CrdWidth), .RefWidth(CrdWidth), .T(%d)", d->node_skip[i]);
        } else {
            strcpy(mods[i], "sam_intersect_skip");
            snprintf(pars[i], sizeof pars[i],
                     ".CrdWidth(CrdWidth), .RefWidth(CrdWidth), .NumInputs(%d)",
                     n->n_operands);
        }
    }
    m.pos_lvl = sg_calloc(g->n_nodes ? g->n_nodes : 1, sizeof *m.pos_lvl);
    m.pos_parent = sg_calloc(g->n_nodes ? g->n_nodes : 1, sizeof *m.pos_parent);
    m.pos_src = sg_calloc(g->n_nodes ? g->n_nodes : 1, sizeof *m.pos_src);
    plan_positional(&m);
    for (size_t i = 0; i < g->n_nodes; i++) {
        if (m.pos_lvl[i] >= 0) {
            strcpy(mods[i], "sam_write_dense_pos");
            snprintf(pars[i], sizeof pars[i], ".CrdWidth(CrdWidth), .Root(%d)",
                     m.pos_parent[i] < 0 ? 1 : 0);
        } else if (m.pos_src[i] >= 0) {
            strcpy(mods[i], "sam_write_vals_pos");
        }
    }
    for (size_t k = 0; k < g->n_edges; k++)
        if (g->edges[k].src_port < 0 || g->edges[k].dst_port < 0) {
            sg_errc(e, SG_EXIT_USAGE, src, g->edges[k].line,
                    "edge with an unidentified port (see samgen check)");
            goto out;
        }
    if (plan_memories(&m, e) < 0)
        goto out;

    order = sg_calloc(g->n_nodes ? g->n_nodes : 1, sizeof *order);
    if (graph_topo_order(g, order) < 0)
        for (size_t i = 0; i < g->n_nodes; i++)
            order[i] = (int)i;
    m.edepth = sg_calloc(g->n_edges ? g->n_edges : 1, sizeof *m.edepth);
    sg_stream_depths(g, order, m.edepth);

    m.f = open_memstream(&body, &body_len);
    if (!m.f) {
        sg_errc(e, SG_EXIT_USAGE, NULL, 0, "out of memory");
        goto out;
    }
    emit_edges(&m);
    emit_memories(&m);
    emit_skip_wires(&m);
    emit_pos_wires(&m);
    fprintf(m.f, "  // ---- nodes: one primitive per graph node, in dataflow order ----\n");
    for (size_t j = 0; j < g->n_nodes; j++)
        emit_node(&m, order[j], mods[order[j]], pars[order[j]]);
    emit_host_and_done(&m);
    emit_sim(&m);
    fclose(m.f);
    m.f = NULL;

    FILE *mt = open_memstream(&memtab, &memtab_len);
    for (size_t i = 0; i < d->n_mem; i++) {
        const sg_emit_mem *mm = &d->mem[i];
        char what[64];
        if (mm->mode >= 0)
            snprintf(what, sizeof what, "%s mode %d %s", mm->tensor, mm->mode,
                     arr_name(mm->arr));
        else
            snprintf(what, sizeof what, "%s %s", mm->tensor, arr_name(mm->arr));
        fprintf(mt, "//   %3d  %-44s %-6s %s, %d x %ld\n", mm->sel, mm->inst,
                mm->is_output ? "output" : "input", what, mm->width, mm->depth);
    }
    for (size_t i = 0; i < d->n_dim; i++)
        fprintf(mt, "//   dim %d: %s\n", d->dim[i].addr, m.inst[d->dim[i].node]);
    if (!d->n_mem && !d->n_dim)
        fprintf(mt, "//   (none)\n");
    fclose(mt);

    char root[4096];
    if (opts->root)
        snprintf(root, sizeof root, "%s", opts->root);
    else if (sg_source_root(root, sizeof root, e) < 0)
        goto out;
    char tpath[4200];
    snprintf(tpath, sizeof tpath, "%s/" SG_TEMPLATE, root);
    if (read_file(tpath, &tpl, e) < 0)
        goto out;

    char banner[512], crdw[16], valw[16], hamsb[16], hdmsb[16], cwmsb[16];
    const char *base = strrchr(src, '/');
    snprintf(banner, sizeof banner,
             "%s.v - generated by samgen gen from %s (input hash %s); do not edit.",
             d->module, base ? base + 1 : src,
             opts->source_hash ? opts->source_hash : "none");
    snprintf(crdw, sizeof crdw, "%d", opts->crd_width);
    snprintf(valw, sizeof valw, "%d", opts->val_width);
    snprintf(hamsb, sizeof hamsb, "%d", host_addr_width(&m) - 1);
    snprintf(hdmsb, sizeof hdmsb, "%d", host_data_width(&m) - 1);
    snprintf(cwmsb, sizeof cwmsb, "%d", opts->crd_width - 1);
    const char *kv[] = {"BANNER", banner, "MODULE", d->module, "MEMTABLE", memtab,
                        "CRDW", crdw, "VALW", valw, "HOSTADDR_MSB", hamsb,
                        "HOSTDATA_MSB", hdmsb, "CRDW_MSB", cwmsb, "BODY", body,
                        "", "@", NULL};
    FILE *tf = open_memstream(&text, &text_len);
    int trc = fill_template(tpl, tpath, kv, tf, e);
    fclose(tf);
    if (trc < 0)
        goto out;
    d->text = text;
    d->len = text_len;
    text = NULL;
    rc = 0;
out:
    if (m.f)
        fclose(m.f);
    for (size_t i = 0; m.inst && i < g->n_nodes; i++)
        free(m.inst[i]);
    free(m.inst);
    free(m.consumed);
    free(m.skip_scan);
    free(m.edepth);
    free(m.pos_lvl);
    free(m.pos_parent);
    free(m.pos_src);
    sl_free(&m.unused);
    free(mods);
    free(pars);
    free(order);
    free(body);
    free(tpl);
    free(memtab);
    free(text);
    if (rc < 0)
        sg_emit_design_free(d);
    return rc;
}

void sg_emit_design_free(sg_emit_design *d)
{
    free(d->mem);
    free(d->dim);
    free(d->edge_width);
    free(d->edge_skip);
    free(d->node_skip);
    free(d->text);
    memset(d, 0, sizeof *d);
}

int sg_emit_write(const sg_emit_design *d, const char *path, sg_err *e)
{
    char tmp[4200];
    snprintf(tmp, sizeof tmp, "%s.tmp%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    if (!f)
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "cannot write: %s", strerror(errno));
    size_t w = fwrite(d->text, 1, d->len, f);
    int bad = w != d->len;
    if (fclose(f) != 0)
        bad = 1;
    if (bad || rename(tmp, path) != 0) {
        unlink(tmp);
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "cannot write: %s", strerror(errno));
    }
    return 0;
}
