/*
 * emit_opts.c - shared gen/verify options and preparation (see emit_opts.h).
 */
#include "cli/emit_opts.h"
#include "cli/cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "core/hash.h"
#include "core/intparse.h"
#include "core/value.h"
#include "graph/skip_plan.h"

void sg_gen_opts_init(gen_opts *o)
{
    memset(o, 0, sizeof *o);
    o->crd_width = SG_DEFAULT_CRD_WIDTH;
    o->val_width = SG_DEFAULT_VAL_WIDTH;
    o->fifo_depth = SG_FIFO_DEFAULT;
    o->max_nnz = 1024;
    o->dim = 64;
    o->watchdog_cycles = SG_DEFAULT_WATCHDOG;
    o->scale = 1;
}

void sg_gen_opts_free(gen_opts *o)
{
    sg_binds_free(&o->binds);
}

static int int_arg(const char *opt, const char *v, long lo, long hi, long *out,
                   sg_err *e)
{
    int64_t x;
    if (sg_int_parse(opt, v, lo, hi, &x, e) < 0) {
        char m[sizeof e->msg];
        snprintf(m, sizeof m, "%s", e->msg);
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "samgen: %s", m);
    }
    *out = (long)x;
    return 0;
}

int sg_gen_opt(gen_opts *o, sg_opt_id id, const char *a, const char *v, sg_err *e)
{
    long x = 0;
    switch (id) {
    case SG_OPT_WIDTH_CRD:
        if (int_arg(a, v, 4, 32, &x, e) < 0)
            return -1;
        o->crd_width = (int)x;
        o->crd_width_set = 1;
        return 1;
    case SG_OPT_WIDTH_VAL:
        if (int_arg(a, v, 2, 64, &x, e) < 0)
            return -1;
        o->val_width = (int)x;
        snprintf(o->width_opt, sizeof o->width_opt, "%s %ld", a, x);
        return 1;
    case SG_OPT_TYPE:
        o->type_vt = sg_vt_parse(v);
        if (o->type_vt == 0)
            return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "samgen: %s: unknown type '%s' "
                           "(int8, int16, int32, int64, fp32, bf16)", a, v);
        return 1;
    case SG_OPT_FIFO_DEPTH:
        if (strcmp(v, "auto") == 0) {
            o->fifo_auto = 1;
        } else {
            if (int_arg(a, v, 1, SG_FIFO_DEPTH_MAX, &x, e) < 0)
                return -1;
            o->fifo_depth = (int)x;
            o->fifo_auto = 0;
        }
        return 1;
    case SG_OPT_SKIP:          /* as golden takes it (cmd_golden.c) */
        if (int_arg(a, v, 0, SG_SKC_T_MAX, &x, e) < 0 || !sg_skc_size_ok(x))
            return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "samgen: %s expects a CAM size 0 or "
                           "a power of two up to %d, got '%s'", a, SG_SKC_T_MAX, v);
        o->skip = (int)x;
        return 1;
    case SG_OPT_MAX_NNZ:
        if (int_arg(a, v, 1, 1L << 30, &x, e) < 0)
            return -1;
        o->max_nnz = x;
        o->max_nnz_set = 1;
        return 1;
    case SG_OPT_SIZE_CLASS:
        o->size_class = 1;
        return 1;
    case SG_OPT_DIM:
        if (int_arg(a, v, 1, 1L << 20, &x, e) < 0)
            return -1;
        o->dim = x;
        o->dim_set = 1;
        return 1;
    case SG_OPT_COUNTERS:
        if (strcmp(v, "none") == 0)
            o->counters = SG_PERF_NONE;
        else if (strcmp(v, "nodes") == 0)
            o->counters = SG_PERF_NODES;
        else if (strcmp(v, "edges") == 0)
            o->counters = SG_PERF_EDGES;
        else
            return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "samgen: %s: unknown mode '%s' "
                           "(none, nodes, edges)", a, v);
        return 1;
    case SG_OPT_EDGE_FIFO:
        if (strcmp(v, "fall-through") == 0)
            o->edge_registered = 0;
        else if (strcmp(v, "registered") == 0)
            o->edge_registered = 1;
        else
            return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "samgen: %s: unknown kind '%s' "
                           "(fall-through, registered)", a, v);
        return 1;
    case SG_OPT_WATCHDOG_CYCLES:
        if (int_arg(a, v, 1, SG_WATCHDOG_MAX, &x, e) < 0)
            return -1;
        o->watchdog_cycles = x;
        return 1;
    case SG_OPT_SCALE:
        if (sg_cli_scale_parse(v, &o->scale) < 0)
            return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "samgen: %s: expected a "
                           "non-zero number, got '%s'", a, v);
        return 1;
    case SG_OPT_TENSOR:
        if (sg_binds_add(&o->binds, v, e) < 0)
            return -1;
        return 1;
    default:
        return 0;
    }
}

int sg_gen_auto_depth(size_t peak)
{
    size_t d = peak + peak / 4 + 1;    /* 25% + 1 margin over the model */
    if (d < SG_AUTO_FLOOR)
        d = SG_AUTO_FLOOR;
    if (d > SG_AUTO_CAP)
        d = SG_AUTO_CAP;
    return (int)d;
}

static const char *bound_path(const gen_ctx *c, const char *tensor)
{
    for (int i = 0; i < c->go->binds.n; i++)
        if (strcmp(c->go->binds.t[i].name, tensor) == 0)
            return c->go->binds.t[i].path;
    return NULL;
}

/* Is node n (a compressed scanner or level writer) over its tensor's top
 * level?  Then its seg array holds the root fiber's two bounds, whatever
 * the input. */
static int top_level(const sg_graph *g, const sg_node *n)
{
    const sg_tensor_decl *td = sg_graph_tensor(g, n->tensor);
    if (td && td->fmt.order > 0)
        return td->fmt.mode[0] == n->mode;
    return n->kind == SG_NK_FIBERLOOKUP && n->root;
}

/* Sizes: the bound tensor's, raised to --max-nnz when given (so that one
 * build serves many inputs).  With refuse_over a larger input is noted in
 * c->over instead (sg_gen_prepare then fails).  A top level's seg array
 * is 2 words in every case. */
static long size_cb(void *ctx, const sg_node *n, sg_arr_kind a)
{
    gen_ctx *c = ctx;
    long s = sg_binds_mem_size((void *)&c->go->binds, n, a);
    if (a == SG_ARR_SEG && top_level(&c->g, n))
        return s > 2 ? s : 2;
    if (c->go->max_nnz_set || s < 0) {
        long floor = c->go->max_nnz + (a == SG_ARR_SEG ? 1 : 0);
        long cap = sg_binds_mem_cap(&c->go->binds, n, a, c->go->max_nnz,
                                    c->go->dim_set ? c->go->dim : 0);
        if (cap > floor)     /* dense levels: --dim per level, not --max-nnz */
            floor = cap;
        if (c->go->refuse_over && c->go->max_nnz_set && s > floor && !c->over[0]) {
            const char *path = bound_path(c, n->tensor);
            char mode[32] = "";
            if (a != SG_ARR_VALS)
                snprintf(mode, sizeof mode, "mode %d ", n->mode);
            snprintf(c->over, sizeof c->over,
                     "%stensor %s%s%s%s: its %s%s array has %ld entries, more than "
                     "--max-nnz %ld allows%s", n->kind == SG_NK_FIBERWRITE ? "output " : "",
                     n->tensor, path ? " (" : "", path ? path : "", path ? ")" : "", mode,
                     sg_emit_arr_name(a), s,
                     c->go->max_nnz, a == SG_ARR_SEG ? " (one more for seg)" : "");
        }
        if (s < floor)
            s = floor;
    }
    return s;
}

static long dim_cb(void *ctx, char idx)
{
    gen_ctx *c = ctx;
    long d = sg_binds_index_dim((void *)&c->go->binds, idx);
    if (c->go->refuse_over && c->go->dim_set && d > c->go->dim && !c->over[0])
        snprintf(c->over, sizeof c->over, "index %c of the bound tensors has size %ld, "
                 "more than --dim %ld", idx, d, c->go->dim);
    if (c->go->dim_set || d < 0)
        if (d < c->go->dim)
            d = c->go->dim;
    return d;
}

static long ws_cb(void *ctx, size_t i)
{
    gen_ctx *c = ctx;
    if (!c->have_gold)
        return -1;
    for (int k = 0; k < c->gold.n_ws; k++)
        if ((size_t)c->gold.ws[k].node == i)
            return c->gold.ws[k].peak > 0 ? (long)c->gold.ws[k].peak : 1;
    return -1;
}

static int bits_for(long v)   /* bits to hold 0..v */
{
    int b = 1;
    while (b < 62 && (1L << b) <= v)
        b++;
    return b;
}

int sg_gen_needed_crd_width(const gen_ctx *c, char *what, size_t cap)
{
    int need = 2;
    what[0] = '\0';
    for (size_t i = 0; i < c->g.n_nodes; i++) {
        const sg_node *n = &c->g.nodes[i];
        sg_arr_kind arrs[2];
        int na = sg_emit_node_arrays(n, arrs);
        for (int a = 0; a < na; a++) {
            long s = size_cb((void *)c, n, arrs[a]);
            int b = bits_for(s);
            if (b > need) {
                need = b;
                snprintf(what, cap, "%s %s %s (%ld words)", sg_graph_kind_name(n->kind),
                         n->tensor, sg_emit_arr_name(arrs[a]), s);
            }
        }
    }
    for (int t = 0; t < c->go->binds.n; t++) {
        const sg_bound *bt = &c->go->binds.t[t];
        if (bt->is_scalar)
            continue;
        for (int m = 0; m < bt->coo.order; m++) {
            int b = bits_for((long)bt->coo.shape[m] - 1);
            if (b > need) {
                need = b;
                snprintf(what, cap, "tensor %s mode %d (size %lld)", bt->name, m,
                         (long long)bt->coo.shape[m]);
            }
        }
    }
    return need;
}

static long pow2_at_least(long v)
{
    long p = 64;
    while (p < v && p < (1L << 40))
        p <<= 1;
    return p;
}

/* --size-class: --max-nnz and --dim chosen from the bound tensors as the
 * powers of two (at least 64) at or above their largest array and their
 * largest dimension, so that inputs of about one size give one design, and
 * verify one build. */
static void choose_size_class(gen_ctx *c, gen_opts *o)
{
    long mx = 0, dim = 0;
    for (size_t i = 0; i < c->g.n_nodes; i++) {
        const sg_node *n = &c->g.nodes[i];
        static const sg_arr_kind all[3] = {SG_ARR_SEG, SG_ARR_CRD, SG_ARR_VALS};
        for (int a = 0; a < 3; a++) {
            long s = sg_binds_mem_size(&o->binds, n, all[a]);
            if (s > mx)
                mx = s;
        }
    }
    for (int t = 0; t < o->binds.n; t++)
        for (int m = 0; !o->binds.t[t].is_scalar && m < o->binds.t[t].coo.order; m++)
            if ((long)o->binds.t[t].coo.shape[m] > dim)
                dim = (long)o->binds.t[t].coo.shape[m];
    o->max_nnz = pow2_at_least(mx);
    o->max_nnz_set = 1;
    if (!o->dim_set) {
        o->dim = pow2_at_least(dim);
        o->dim_set = 1;
    }
}

/* The preparation steps in the order they depend on each other (load and
 * check the graph, choose the value type, bind the tensors, run the golden
 * model, check the widths, hash the inputs, emit the design); it stays one
 * function so that order reads top to bottom. */
int sg_gen_prepare(const gen_opts *o, gen_ctx *c, sg_err *e)
{
    memset(c, 0, sizeof *c);
    c->go = o;
    if (sg_cli_graph_load(o->cmd ? o->cmd : "gen", o->graph, &c->g, SG_LOAD_RUN, e) < 0)
        return -1;
    c->have_g = 1;
    sg_vt_file f[SG_MAX_OPERANDS * 2];
    memset(f, 0, sizeof f);
    for (int i = 0; i < o->binds.n; i++) {
        f[i].path = o->binds.t[i].path;
        f[i].name = o->binds.t[i].name;
    }
    int vt;
    int type_vt = o->type_vt;   /* a real-valued graph is fp32 unless told */
    if (!type_vt && !o->width_opt[0] && sg_graph_has_fp(&c->g))
        type_vt = SG_VT_FP32;
    if (sg_cli_value_type(o->cmd ? o->cmd : "gen", type_vt, o->val_width,
                          o->width_opt[0] ? o->width_opt : NULL, o->scale, f, o->binds.n,
                          o->quiet, &vt, e) < 0)
        return -1;
    ((gen_opts *)o)->vt = vt;
    ((gen_opts *)o)->val_width = sg_vt_width(vt);
    sg_read_opts ro;
    sg_read_opts_default(&ro);
    ro.width = o->val_width;
    ro.scale = o->scale;
    ro.vt = sg_vt_is_fp(vt) ? vt : 0;
    if (sg_binds_load((sg_binds *)&o->binds, &c->g, &ro, e) < 0)
        return -1;
    if (o->fifo_auto && o->binds.n == 0)
        fprintf(stderr, "samgen: --fifo-depth auto without -t tensors: using depth %d\n",
                o->fifo_depth);
    if (o->binds.n > 0 || o->want_streams) {
        golden_opts gop;
        sg_golden_opts_default(&gop);
        gop.engine = GOLDEN_CYCLE;
        gop.width = o->val_width;
        gop.vt = ro.vt;
        gop.read = ro;
        gop.keep_streams = o->want_streams;
        gop.fifo_depth = 0;
        if (o->want_streams && o->spill_streams) {
            if (sg_spill_open(&c->spill, c->g.n_edges, e) < 0)
                return -1;
            c->have_spill = 1;
            gop.spill = &c->spill;
        }
        golden_binding gb[SG_MAX_OPERANDS * 2];
        sg_binds_golden(&o->binds, gb);
        c->have_gold = 1;
        c->gop = gop;
        if (sg_golden_run(&c->g, gb, o->binds.n, &gop, &c->gold, e) < 0)
            return -1;
        if (c->have_spill && sg_spill_check(&c->spill, e) < 0)
            return -1;
        c->gop.spill = NULL;   /* later runs (sg_gen_gold_hw) keep nothing */
        if (c->gold.deadlock)
            return sg_errc(e, SG_EXIT_CHECK, o->graph, 0, "golden model deadlocked: %s",
                           c->gold.deadlock_msg ? c->gold.deadlock_msg : "");
        ((sg_binds *)&o->binds)->gold = &c->gold;
    }
    if (o->size_class && !o->max_nnz_set && o->binds.n > 0)
        choose_size_class(c, (gen_opts *)o);
    c->crd_width = o->crd_width;
    if (o->binds.n > 0) {
        char what[160];
        int need = sg_gen_needed_crd_width(c, what, sizeof what);
        if (need > 32)
            return sg_errc(e, SG_EXIT_USAGE, o->graph, 0,
                           "%s needs %d-bit addresses (at most 32)", what, need);
        if (need > o->crd_width) {
            if (o->crd_width_set)
                return sg_errc(e, SG_EXIT_USAGE, o->graph, 0,
                               "--width-crd %d is too small: %s needs %d-bit "
                               "addresses (use --width-crd %d or more)",
                               o->crd_width, what, need, need);
            c->crd_width = need;
            c->crd_width_raised = 1;
        }
    }
    uint64_t h = SG_FNV_INIT;
    if (sg_fnv1a_file(&h, o->graph) < 0)
        return sg_errc(e, SG_EXIT_USAGE, o->graph, 0, "cannot open: %s", strerror(errno));
    char optstr[160];
    int n = snprintf(optstr, sizeof optstr, "crd=%d val=%d depth=%d auto=%d nnz=%ld dim=%ld skip=%d",
                     c->crd_width, o->val_width, o->fifo_depth, o->fifo_auto,
                     o->max_nnz, o->dim, o->skip);
    if (sg_vt_is_fp(vt))      /* integer designs keep their hash */
        n += snprintf(optstr + n, sizeof optstr - (size_t)n, " type=%d", vt);
    if (o->watchdog_cycles != SG_DEFAULT_WATCHDOG)
        n += snprintf(optstr + n, sizeof optstr - (size_t)n, " wd=%ld", o->watchdog_cycles);
    if (o->counters != SG_PERF_NONE)
        n += snprintf(optstr + n, sizeof optstr - (size_t)n, " perf=%d", o->counters);
    if (o->edge_registered)
        n += snprintf(optstr + n, sizeof optstr - (size_t)n, " regfifo=1");
    h = sg_fnv1a(h, optstr, (size_t)n);
    snprintf(c->hash, sizeof c->hash, "%016llx", (unsigned long long)h);

    sg_emit_opts_default(&c->eo);
    c->eo.crd_width = c->crd_width;
    c->eo.val_width = o->val_width;
    c->eo.vt = ro.vt;
    c->eo.fifo_depth = o->fifo_depth;
    c->eo.skip = o->skip;
    c->eo.max_nnz = o->max_nnz;
    c->eo.dim_default = o->dim;
    c->eo.watchdog_cycles = o->watchdog_cycles;
    c->eo.counters = o->counters;
    c->eo.edge_registered = o->edge_registered;
    c->eo.mem_size = size_cb;
    c->eo.index_dim = dim_cb;
    c->eo.ws_peak = ws_cb;
    c->eo.ctx = c;
    c->eo.source_hash = c->hash;
    if (o->fifo_auto && c->have_gold) {
        c->depth = sg_calloc(c->g.n_edges ? c->g.n_edges : 1, sizeof *c->depth);
        for (size_t k = 0; k < c->g.n_edges && k < c->gold.n_edges; k++)
            c->depth[k] = sg_gen_auto_depth(c->gold.edge[k].peak);
        c->eo.edge_depth = c->depth;
    }
    if (sg_emit(&c->g, &c->eo, &c->design, e) < 0)
        return -1;
    if (c->over[0])
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0,
                       "samgen %s: %s: raise the option or leave it out", o->cmd ? o->cmd : "gen",
                       c->over);
    return 0;
}

void sg_gen_ctx_free(gen_ctx *c)
{
    sg_emit_design_free(&c->design);
    if (c->have_gold)
        sg_golden_result_free(&c->gold);
    if (c->have_gold_hw)
        sg_golden_result_free(&c->gold_hw);
    if (c->have_g)
        sg_graph_free(&c->g);
    if (c->have_spill)
        sg_spill_close(&c->spill);
    free(c->depth);
    memset(c, 0, sizeof *c);
}

int sg_gen_gold_hw(gen_ctx *c, char *why, size_t cap, sg_err *e)
{
    if (!c->have_gold)
        return 0;
    size_t ne = c->g.n_edges;
    int *d = sg_calloc(ne ? ne : 1, sizeof *d);
    for (size_t k = 0; k < ne; k++) {
        int skip = c->design.edge_skip && c->design.edge_skip[k];
        /* the RTL edge holds its FIFO's tokens and the one in its
         * producer's output register */
        d[k] = (c->depth && !skip ? c->depth[k] : c->eo.fifo_depth) + 1;
    }
    golden_opts gop = c->gop;
    gop.keep_streams = 0;
    gop.edge_depth = d;
    golden_binding gb[SG_MAX_OPERANDS * 2];
    sg_binds_golden(&c->go->binds, gb);
    golden_result r;
    int rc = sg_golden_run(&c->g, gb, c->go->binds.n, &gop, &r, e);
    free(d);
    if (rc < 0) {
        sg_golden_result_free(&r);
        return -1;
    }
    if (r.deadlock) {
        if (why)
            snprintf(why, cap, "the golden model deadlocks at the top's FIFO depths (%s)",
                     r.deadlock_msg ? r.deadlock_msg : "");
        sg_golden_result_free(&r);
        return 0;
    }
    c->gold_hw = r;
    c->have_gold_hw = 1;
    return 0;
}

unsigned long long sg_gen_gold_cycles(const gen_ctx *c)
{
    return (unsigned long long)(c->have_gold_hw ? c->gold_hw.cycles : c->gold.cycles);
}

/* The host port of a generated top, as a bench drives it: data bits for
 * the widest memory word or coordinate, address bits for the deepest
 * memory or the dense dimension registers. */
void sg_gen_host_widths(const gen_ctx *c, int *ha, int *hd)
{
    *hd = c->crd_width;
    *ha = 1;
    for (size_t i = 0; i < c->design.n_mem; i++) {
        if (c->design.mem[i].width > *hd)
            *hd = c->design.mem[i].width;
        if (c->design.mem[i].addr_width > *ha)
            *ha = c->design.mem[i].addr_width;
    }
    int dw = 1;
    while ((1L << dw) < (long)c->design.n_dim + 1)
        dw++;
    if (dw > *ha)
        *ha = dw;
}
