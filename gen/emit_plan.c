/*
 * emit_plan.c - what the generator instantiates, decided before any text is
 * written: instance names, the RTL module and parameters of every node
 * (rtl_module, then the replacements of the skip plan and of positional
 * output writing), stream widths and FIFO depths.
 */
#include "core/value.h"
#include "gen/emit_int.h"
#include "graph/depth.h"
#include "graph/kinds.h"
#include "graph/skip_plan.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- small helpers ------------------------------------------------------ */

void sg_emit_sl_add(strlist *l, const char *fmt, ...)
{
    char buf[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    sg_grow((void **)&l->s, &l->cap, l->n + 1, sizeof *l->s);
    l->s[l->n++] = sg_strdup(buf);
}

void sg_emit_sl_free(strlist *l)
{
    for (size_t i = 0; i < l->n; i++)
        free(l->s[i]);
    free(l->s);
    memset(l, 0, sizeof *l);
}

int sg_emit_clog2(long v)
{
    int b = 0;
    while ((1L << b) < v)
        b++;
    return b < 1 ? 1 : b;
}

void sg_emit_sanitize(char *s)
{
    for (; *s; s++)
        if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') ||
              (*s >= '0' && *s <= '9') || *s == '_'))
            *s = '_';
}

void sg_emit_inst_name(const sg_node *n, char *buf, size_t cap)
{
    const char *kind = n->kind == SG_NK_ALU ? sg_graph_alu_name(n->op)
                                            : sg_graph_kind_name(n->kind);
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
    sg_emit_sanitize(buf);
}

int sg_emit_kind_width(sg_stream_kind k, const sg_emit_opts *o)
{
    switch (k) {
    case SG_ST_VAL: return o->val_width + 2;
    case SG_ST_REPSIG: return 2;
    case SG_ST_BV: return o->bv_width + 2;
    default: return o->crd_width + 2;
    }
}

const char *sg_emit_kind_wexpr(sg_stream_kind k, int form)
{
    static const char *const e[4][3] = {
        {"CrdWidth+2", "CrdWidth+1", "(CrdWidth+2)"},
        {"ValWidth+2", "ValWidth+1", "(ValWidth+2)"},
        {"2", "1", "2"},
        {"BvWidth+2", "BvWidth+1", "(BvWidth+2)"},
    };
    int r = k == SG_ST_VAL ? 1 : k == SG_ST_REPSIG ? 2 : k == SG_ST_BV ? 3 : 0;
    return e[r][form];
}

const char *sg_emit_port_wexpr(const char *rtl, int form)
{
    if (strstr(rtl, "repsig"))
        return sg_emit_kind_wexpr(SG_ST_REPSIG, form);
    if (strstr(rtl, "val"))
        return sg_emit_kind_wexpr(SG_ST_VAL, form);
    if (strstr(rtl, "_bv"))
        return sg_emit_kind_wexpr(SG_ST_BV, form);
    return sg_emit_kind_wexpr(SG_ST_CRD, form);
}

/* ---- node kinds to RTL modules ------------------------------------------ */

/* The RTL stream ports of a node come from the kinds table
 * (graph/kinds.def): RTL port p is graph port p. */
const char *sg_emit_rtl_in(const sg_node *n, int p, char *buf)
{
    sg_port pt;
    if (sg_kind_rtl_port(n, 1, p, &pt) != 0)
        return NULL;
    snprintf(buf, 48, "%s", pt.name);
    return buf;
}

const char *sg_emit_rtl_out(const sg_node *n, int p, char *buf)
{
    sg_port pt;
    if (sg_kind_rtl_port(n, 0, p, &pt) != 0)
        return NULL;
    snprintf(buf, 48, "%s", pt.name);
    return buf;
}

int sg_emit_reads_dim(const sg_node *n)
{
    return (n->kind == SG_NK_FIBERLOOKUP && (n->format == SG_LVL_DENSE ||
                                             n->format == SG_LVL_RANGE ||
                                             n->format == SG_LVL_BITVECTOR ||
                                             n->format == SG_LVL_OFFSET)) ||
           n->kind == SG_NK_LOCATE;
}

int sg_emit_is_root(const sg_node *n)
{
    return sg_graph_is_rooted(n);
}

/* An order-1 sparse accumulator without an outer input (no in1: the result
 * is one vector, SAM-SEMANTICS 2.11): its outer stream is made from the
 * inner one with every coordinate 0, and its inner output's stops are
 * lowered by one level (S1 -> S0) before the edge. */
int sg_emit_spacc_no_outer(const sg_graph *g, int i)
{
    const sg_node *n = &g->nodes[i];
    return n->kind == SG_NK_SPACC && n->order == 1 && sg_graph_in_edge(g, i, 0) < 0 &&
           sg_graph_in_edge(g, i, 1) >= 0;
}

/* Module name and parameter list, or -1 when the RTL has no such block.
 * One case per node kind, longer than a step should be: the kinds' modules
 * and parameters are read side by side here (graph/kinds.def names the
 * modules, this adds their parameters). */
/* The ValType parameter of a value-computing module: none for integers
 * (the modules' default), ", .ValType(1)" for fp32, ", .ValType(2)" for
 * bf16. */
static const char *val_type(const sg_emit_opts *o)
{
    return o->vt == SG_VT_FP32 ? ", .ValType(1)"
         : o->vt == SG_VT_BF16 ? ", .ValType(2)" : "";
}

/* One case per node kind, the module and its parameters: a table written
 * as a switch, so it stays whole. */
static int rtl_module(const sg_node *n, const sg_emit_opts *o, long inner,
                      long outer, long wscap, char *mod, char *par, size_t cap)
{
    par[0] = '\0';
    switch (n->kind) {
    case SG_NK_FIBERLOOKUP:
        if (n->format == SG_LVL_DENSE)
            strcpy(mod, "sam_scan_dense");
        else if (n->format == SG_LVL_COMPRESSED)
            strcpy(mod, "sam_scan_compressed");
        else if (n->format == SG_LVL_NONUNIQUE)
            strcpy(mod, "sam_scan_nonunique");
        else if (n->format == SG_LVL_SINGLETON)
            strcpy(mod, "sam_scan_singleton");
        else if (n->format == SG_LVL_RANGE)
            strcpy(mod, "sam_scan_range");
        else if (n->format == SG_LVL_OFFSET)
            strcpy(mod, "sam_scan_offset");
        else if (n->format == SG_LVL_BITVECTOR)
            strcpy(mod, "sam_scan_bitvector");
        else
            return -1;
        snprintf(par, cap, n->format == SG_LVL_BITVECTOR ? ".CrdWidth(CrdWidth), .BvWidth(BvWidth)"
                                                         : ".CrdWidth(CrdWidth)");
        return 0;
    case SG_NK_FIBERWRITE:
        if (n->is_vals) {
            strcpy(mod, "sam_write_vals");
            snprintf(par, cap, ".CrdWidth(CrdWidth), .ValWidth(ValWidth)");
            return 0;
        }
        if (n->format == SG_LVL_DENSE)
            strcpy(mod, "sam_write_dense");
        else if (sg_lvl_has_crd(n->format))
            strcpy(mod, "sam_write_compressed");
        else
            return -1;
        /* a non-unique level's fibers end at stops of level >= 1 (its
         * coordinate comes held once per entry, S0 ends a run) */
        snprintf(par, cap, n->format == SG_LVL_NONUNIQUE ? ".CrdWidth(CrdWidth), .SegStop(1)"
                                                         : ".CrdWidth(CrdWidth)");
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
    case SG_NK_LOCATE:
        if (n->format != SG_LVL_DENSE && n->format != SG_LVL_HASHED)
            return -1;
        strcpy(mod, n->format == SG_LVL_HASHED ? "sam_locate_hashed" : "sam_locate");
        snprintf(par, cap, ".CrdWidth(CrdWidth)");
        return 0;
    case SG_NK_BROADCAST:
        strcpy(mod, "sam_broadcast");
        return 0;   /* parameters depend on the edges */
    case SG_NK_INTERSECT:
    case SG_NK_UNION:
        if (n->format == SG_LVL_BITVECTOR) {
            if (n->n_operands < 1 || n->n_operands > 3)
                return -1;
            strcpy(mod, "sam_join_bv");
            snprintf(par, cap, ".CrdWidth(CrdWidth), .BvWidth(BvWidth), .NumInputs(%d), "
                     ".IsUnion(%d)", n->n_operands, n->kind == SG_NK_UNION);
            return 0;
        }
        if (n->n_operands < 2 || n->n_operands > 3)
            return -1;
        strcpy(mod, "sam_join");
        snprintf(par, cap, ".CrdWidth(CrdWidth), .NumInputs(%d), .IsUnion(%d)",
                 n->n_operands, n->kind == SG_NK_UNION);
        return 0;
    case SG_NK_ALU:
    {
        /* fp_mul, fp_add, fp_max, exp, fp_exp, div and fp_div are mul
         * (smul), add, max, exp and div on the real value type (the caller
         * refuses them under an integer type) */
        int op = (int)sg_graph_alu_base(n);
        if (op > (int)SG_ALU_SMUL && !((op == (int)SG_ALU_DIV || op == (int)SG_ALU_EXP) &&
                                       sg_vt_is_fp(o->vt)))
            return -1;
        strcpy(mod, "sam_alu");
        if (sg_vt_is_fp(o->vt))   /* the constant as the format's bits */
            snprintf(par, cap, ".ValWidth(ValWidth), .Op(%d), .Const(%lld), .ValType(%d)",
                     op,
                     (long long)(sg_graph_alu_const(n, o->vt) &
                                 (int64_t)((UINT64_C(1) << sg_vt_width(o->vt)) - 1)),
                     sg_vt_rtl_code(o->vt));
        else
            snprintf(par, cap, ".ValWidth(ValWidth), .Op(%d), .Const(%lld)",
                     op, (long long)n->cnst);
        return 0;
    }
    case SG_NK_REDUCE:
        strcpy(mod, "sam_reduce");
        snprintf(par, cap, ".ValWidth(ValWidth)%s%s", val_type(o),
                 n->skip_empty ? ", .SkipEmpty(1)" : "");
        return 0;
    case SG_NK_SPACC:
        if (n->order != 1 && n->order != 2)
            return -1;
        if (wscap > 0) {
            strcpy(mod, "sam_spacc_sorted");
            snprintf(par, cap,
                     ".CrdWidth(CrdWidth), .ValWidth(ValWidth), .Order(%d), "
                     ".Capacity(%ld), .ValStops(%d)%s", n->order, wscap, n->val_stops != 0,
                     val_type(o));
            return 0;
        }
        strcpy(mod, "sam_spacc");
        snprintf(par, cap,
                 ".CrdWidth(CrdWidth), .ValWidth(ValWidth), .Order(%d), "
                 ".InnerDim(%ld), .OuterDim(%ld), .ValStops(%d)%s",
                 n->order, inner, outer, n->val_stops != 0, val_type(o));
        return 0;
    case SG_NK_VECTORREDUCER:
        if (wscap > 0) {
            strcpy(mod, "sam_vectorreducer_sorted");
            snprintf(par, cap, ".CrdWidth(CrdWidth), .ValWidth(ValWidth), .Capacity(%ld)%s",
                     wscap, val_type(o));
            return 0;
        }
        strcpy(mod, "sam_vectorreducer");
        snprintf(par, cap, ".CrdWidth(CrdWidth), .ValWidth(ValWidth), .InnerDim(%ld)%s",
                 inner, val_type(o));
        return 0;
    case SG_NK_CRDDROP:
    case SG_NK_CRDHOLD:
        if (sg_graph_inner_is_vals(n)) {
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
        const sg_tensor_decl *td = sg_graph_tensor(g, vn->tensor);
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
                    n->format == SG_LVL_DENSE && sg_graph_in_edge(g, (int)i, 0) >= 0) {
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

/* Levels between a crddrop's outer and inner streams (1: adjacent). */
int sg_emit_crddrop_depth(const emitter *m, int i)
{
    const sg_node *n = &m->g->nodes[i];
    if (n->kind != SG_NK_CRDDROP || sg_graph_inner_is_vals(n))
        return 1;
    return sg_crddrop_levels(m->g, m->edepth, i);
}

int sg_emit_edge_depth(const emitter *m, size_t k)
{
    if (m->d->edge_skip[k])
        return 0;   /* the SkipTo contract: the scanner's head is the
                     * intersector's head, no buffer between them */
    return m->o->edge_depth ? m->o->edge_depth[k] : m->o->fifo_depth;
}

size_t sg_emit_out_edges(const sg_graph *g, int node, int port, size_t *out,
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

/* The plain module of every node, with its sparse-accumulator and
 * vector-reducer workspace sizes from the bound tensors' index sizes. */
static int plan_plain_modules(emitter *m, sg_err *e)
{
    const sg_graph *g = m->g;
    const sg_emit_opts *opts = m->o;
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
        if (sg_graph_node_is_fp(n) && !sg_vt_is_fp(opts->vt)) {
            char desc[160], vb[SG_VT_NAME_MAX];
            return sg_errc(e, SG_EXIT_USAGE, g->path ? g->path : "<graph>", n->line,
                           "node %s computes on real numbers; the value type %s is an "
                           "integer type (use --type fp32 or bf16)",
                           sg_graph_node_desc(n, desc, sizeof desc),
                           sg_vt_name(opts->vt ? opts->vt : opts->val_width, vb));
        }
        long wscap = 0;
        if (n->kind == SG_NK_SPACC || n->kind == SG_NK_VECTORREDUCER) {
            int two = n->kind == SG_NK_SPACC && n->order == 2;
            uint64_t dense = (uint64_t)inner * (two ? (uint64_t)outer : 1);
            sg_ws_kind k = sg_ws_resolve(n, dense);
            char desc[160];
            if (k == SG_WS_HASH)
                return sg_errc(e, SG_EXIT_USAGE, g->path ? g->path : "<graph>", n->line,
                               "%s has a hash workspace, which only the golden model "
                               "runs: use a sorted or dense one for RTL "
                               "(docs/workspaces.md)", sg_graph_node_desc(n, desc, sizeof desc));
            if (k == SG_WS_SORTED) {
                long peak = opts->ws_peak ? opts->ws_peak(opts->ctx, i) : -1;
                wscap = n->ws_cap > 0 ? n->ws_cap : peak > 0 ? peak : opts->dim_default;
            }
        }
        if (sg_graph_is_bitvector(n) && opts->bv_width < 8) {
            char desc[160];
            return sg_errc(e, SG_EXIT_USAGE, g->path ? g->path : "<graph>", n->line,
                           "%s has %d-bit bitvector words; the RTL takes 8 to 64 "
                           "(a stop's level travels in a word): compile with "
                           "-s 'bitvector(8)' or more", sg_graph_node_desc(n, desc, sizeof desc),
                           opts->bv_width);
        }
        if (sg_graph_is_bitvector(n) && n->kind == SG_NK_FIBERLOOKUP &&
            sg_graph_bv_width(g, n) != opts->bv_width) {
            char desc[160];
            return sg_errc(e, SG_EXIT_USAGE, g->path ? g->path : "<graph>", n->line,
                           "%s has %d-bit bitvector words beside %d-bit ones; the RTL "
                           "has one word width per design",
                           sg_graph_node_desc(n, desc, sizeof desc), sg_graph_bv_width(g, n),
                           opts->bv_width);
        }
        const sg_lvl_caps *cap = n->format ? sg_lvl_info(n->format) : NULL;
        if ((n->kind == SG_NK_FIBERLOOKUP || n->kind == SG_NK_LOCATE) && cap && !cap->rtl) {
            char desc[160];
            return sg_errc(e, SG_EXIT_USAGE, g->path ? g->path : "<graph>", n->line,
                           "%s reads a %s level, which only the golden model runs "
                           "(docs/tensor-formats.md)", sg_graph_node_desc(n, desc, sizeof desc),
                           cap->word);
        }
        if (rtl_module(n, opts, inner, outer, wscap, m->mod[i], m->par[i],
                       sizeof m->par[i]) < 0) {
            char desc[160];
            return sg_errc(e, SG_EXIT_USAGE, g->path ? g->path : "<graph>", n->line,
                           "%s has no RTL block (not supported by samgen gen)",
                           sg_graph_node_desc(n, desc, sizeof desc));
        }
    }
    return 0;
}

int sg_emit_plan_modules(emitter *m, sg_err *e)
{
    const sg_graph *g = m->g;
    sg_emit_design *d = m->d;
    if (plan_plain_modules(m, e) < 0 || plan_skip(m, e) < 0)
        return -1;
    for (size_t i = 0; i < g->n_nodes; i++) {
        const sg_node *n = &g->nodes[i];
        if (d->node_skip[i] <= 0)
            continue;
        if (n->kind == SG_NK_FIBERLOOKUP) {
            strcpy(m->mod[i], "sam_scan_skip_core");
            snprintf(m->par[i], sizeof m->par[i],
                     ".CrdWidth(CrdWidth), .RefWidth(CrdWidth), .T(%d)", d->node_skip[i]);
        } else {
            strcpy(m->mod[i], "sam_intersect_skip");
            snprintf(m->par[i], sizeof m->par[i],
                     ".CrdWidth(CrdWidth), .RefWidth(CrdWidth), .NumInputs(%d)",
                     n->n_operands);
        }
    }
    plan_positional(m);
    for (size_t i = 0; i < g->n_nodes; i++) {
        if (m->pos_lvl[i] >= 0) {
            strcpy(m->mod[i], "sam_write_dense_pos");
            snprintf(m->par[i], sizeof m->par[i], ".CrdWidth(CrdWidth), .Root(%d)",
                     m->pos_parent[i] < 0 ? 1 : 0);
        } else if (m->pos_src[i] >= 0) {
            strcpy(m->mod[i], "sam_write_vals_pos");
        }
    }
    for (size_t k = 0; k < g->n_edges; k++)
        if (g->edges[k].src_port < 0 || g->edges[k].dst_port < 0)
            return sg_errc(e, SG_EXIT_USAGE, g->path ? g->path : "<graph>", g->edges[k].line,
                           "edge with an unidentified port (see samgen check)");
    return 0;
}
