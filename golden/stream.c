/*
 * stream.c - run one primitive on the streams of a vectors-format file
 * (samgen stream, and the primitive unit tests).
 *
 * Inputs are the file's in_* lines ('_' idle markers are dropped: outside
 * the skip scanner no stream depends on timing), arr_* arrays and param_*
 * scalars; the primitive runs to completion with unbounded queues and its
 * outputs are appended as out_* lines (out_arr_* for writers).  The table
 * below is the reference for docs/golden-model.md.
 */
#include <stdlib.h>
#include <string.h>

#include "core/value.h"
#include "graph/graph.h"
#include "golden/golden.h"
#include "golden/prim.h"
#include "golden/stream_int.h"

#define ALU_EXTRA {"param_neg1", "param_neg2", "param_op"}
static const prim_desc descs[] = {
    {"scan_compressed", {"in_ref"}, {"out_crd", "out_ref"}, {"arr_seg", "arr_crd"}, 0},
    {"scan_dense", {"in_ref"}, {"out_crd", "out_ref"}, {"param_dim"}, 0},
    {"scan_nonunique", {"in_ref"}, {"out_crd", "out_ref"}, {"arr_seg", "arr_crd"}, 0},
    {"scan_singleton", {"in_ref"}, {"out_crd", "out_ref"}, {"arr_crd", "arr_last"}, 0},
    {"intersect", {"in_crd1", "in_ref1", "in_crd2", "in_ref2", "in_crd3", "in_ref3"},
     {"out_crd", "out_ref1", "out_ref2", "out_ref3"}, {NULL}, 1},
    {"union", {"in_crd1", "in_ref1", "in_crd2", "in_ref2", "in_crd3", "in_ref3"},
     {"out_crd", "out_ref1", "out_ref2", "out_ref3"}, {NULL}, 1},
    {"repsiggen", {"in_crd"}, {"out_repsig"}, {NULL}, 0},
    {"repeat", {"in_ref", "in_repsig"}, {"out_ref"}, {NULL}, 0},
    {"scan_range", {"in_ref"}, {"out_crd", "out_ref"}, {"arr_off", "param_dim", "param_m"}, 0},
    {"scan_offset", {"in_ref"}, {"out_crd", "out_ref"}, {"arr_off", "param_dim"}, 0},
    {"locate", {"in_ref", "in_crd"}, {"out_ref"}, {"param_dim"}, 0},
    {"locate_hashed", {"in_ref", "in_crd"}, {"out_ref"}, {"arr_crd", "param_dim", "param_w"}, 0},
    {"arrayvals", {"in_ref"}, {"out_val"}, {"arr_vals"}, 0},
    {"mul", {"in_val1", "in_val2"}, {"out_val"}, ALU_EXTRA, 0},
    {"add", {"in_val1", "in_val2"}, {"out_val"}, ALU_EXTRA, 0},
    {"sub", {"in_val1", "in_val2"}, {"out_val"}, ALU_EXTRA, 0},
    {"max", {"in_val1", "in_val2"}, {"out_val"}, ALU_EXTRA, 0},
    {"min", {"in_val1", "in_val2"}, {"out_val"}, ALU_EXTRA, 0},
    {"reduce", {"in_val"}, {"out_val"}, {"param_skip_empty"}, 0},
    {"spacc", {"in_crd_outer", "in_crd_inner", "in_val"},
     {"out_crd_inner", "out_crd_outer", "out_val"}, {"param_order", "param_val_stkn"}, 0},
    {"vectorreducer", {"in_crd", "in_val"}, {"out_crd", "out_val"}, {NULL}, 0},
    {"crddrop", {"in_crd_outer", "in_crd_inner"}, {"out_crd_outer", "out_crd_inner"},
     {"param_vals", "param_depth"}, 0},
    {"crdhold", {"in_crd_outer", "in_crd_inner"}, {"out_crd_outer", "out_crd_inner"},
     {"param_vals", "param_depth"}, 0},
    {"scan_bitvector", {"in_ref"}, {"out_bv", "out_ref"},
     {"arr_bv", "arr_pos", "param_nw", "param_w"}, 0},
    {"intersect_bv", {"in_bv1", "in_ref1", "in_bv2", "in_ref2", "in_bv3", "in_ref3"},
     {"out_crd", "out_ref1", "out_ref2", "out_ref3"}, {"param_w"}, 2},
    {"union_bv", {"in_bv1", "in_ref1", "in_bv2", "in_ref2", "in_bv3", "in_ref3"},
     {"out_crd", "out_ref1", "out_ref2", "out_ref3"}, {"param_w"}, 2},
    {"parallelize", {"in_data"}, {"out_data"}, {"param_lane", "param_lanes"}, 0},
    {"serialize", {"in_crd1", "in_crd2", "in_crd3", "in_crd4", "in_crd5", "in_crd6"},
     {"out_crd", "out_lane"}, {NULL}, 3},
    {"serializelevel", {"in_lane", "in_data1", "in_data2", "in_data3", "in_data4", "in_data5"},
     {"out_data"}, {"param_level"}, 3},
    {"write_level", {"in_crd"}, {NULL}, {NULL}, 0},
    {"write_vals", {"in_val"}, {NULL}, {NULL}, 0},
};
#define NDESC (sizeof descs / sizeof descs[0])

static const char *const prim_names[NDESC + 1] = {
    "scan_compressed", "scan_dense", "scan_nonunique", "scan_singleton", "scan_range",
    "scan_offset", "scan_bitvector", "intersect", "union", "intersect_bv", "union_bv",
    "repsiggen", "repeat", "locate", "locate_hashed", "parallelize", "serialize",
    "serializelevel",
    "arrayvals", "mul", "add", "sub", "max", "min", "reduce",
    "spacc", "vectorreducer", "crddrop", "crdhold",
    "write_level", "write_vals", NULL
};

const char *const *sg_golden_stream_prims(void)
{
    return prim_names;
}

static sg_stream_kind kind_of(const char *name)
{
    if (strstr(name, "repsig"))
        return SG_ST_REPSIG;
    if (strstr(name, "_bv"))
        return SG_ST_BV;
    if (strstr(name, "val"))
        return SG_ST_VAL;
    if (strstr(name, "ref"))
        return SG_ST_REF;
    return SG_ST_CRD;
}

int sg_stream_param(const sg_stream_file *in, const char *name, int64_t def,
                    int64_t *v)
{
    const sg_stream_line *l = sg_stream_file_get(in, name);
    if (!l) {
        *v = def;
        return 0;
    }
    if (l->toks.n != 1 || l->toks.t[0].kind != SG_TK_DATA)
        return -1;
    *v = l->toks.t[0].v;
    return 0;
}

static void add_line(sg_stream_file *out, const char *name, sg_stream_kind k,
                     const int64_t *a, const sg_toks *t, size_t n)
{
    sg_grow((void **)&out->lines, &out->cap, out->n + 1, sizeof *out->lines);
    sg_stream_line *l = &out->lines[out->n++];
    memset(l, 0, sizeof *l);
    l->name = sg_strdup(name);
    l->kind = k;
    if (t) {
        for (size_t i = 0; i < t->n; i++)
            sg_toks_push(&l->toks, t->t[i]);
    } else {
        for (size_t i = 0; i < n; i++)
            sg_toks_push(&l->toks, sg_data(a[i]));
    }
}

static int get_arr(const sg_stream_file *in, const char *name,
                   int64_t **a, size_t *n, sg_err *e)
{
    const sg_stream_line *l = sg_stream_file_get(in, name);
    if (!l)
        return sg_errf(e, in->path, 0, "missing line %s", name);
    *a = sg_malloc((l->toks.n + 1) * sizeof **a);
    *n = 0;
    for (size_t i = 0; i < l->toks.n; i++) {
        if (l->toks.t[i].kind != SG_TK_DATA) {
            free(*a);
            *a = NULL;
            return sg_errf(e, in->path, l->line, "%s: numbers expected", name);
        }
        (*a)[(*n)++] = l->toks.t[i].v;
    }
    return 0;
}

static int stream_run(const char *prim, const sg_stream_file *in, int width,
                      int one, int64_t max_tokens, sg_stream_file *out, sg_err *e);

int sg_golden_stream_run(const char *prim, const sg_stream_file *in, int width,
                      sg_stream_file *out, sg_err *e)
{
    return stream_run(prim, in, width, 0, SG_STREAM_MAX_TOKENS, out, e);
}

int sg_golden_stream_run_limit(const char *prim, const sg_stream_file *in, int width,
                               int64_t max_tokens, sg_stream_file *out, sg_err *e)
{
    return stream_run(prim, in, width, 0, max_tokens, out, e);
}

int sg_golden_stream_run_firings(const char *prim, const sg_stream_file *in,
                              int width, int one, sg_stream_file *out,
                              sg_err *e)
{
    return stream_run(prim, in, width, one, SG_STREAM_MAX_TOKENS, out, e);
}

/* one = 1, 2: q's tokens (never popped) with '_' for every cycle in which
 * the line got no token, from the stamps (the cycle after each push). */
static void gapped(const sg_q *q, sg_toks *k)
{
    sg_toks g = {0};
    uint64_t next = 0;
    for (uint64_t i = 0; i < q->tail; i++) {
        uint64_t f = q->stamp[i & q->mask] - 1;
        sg_tok gap = {0, SG_TK_GAP};
        for (; next < f; next++)
            sg_toks_push(&g, gap);
        sg_toks_push(&g, q->buf[i & q->mask]);
        next = f + 1;
    }
    sg_toks_free(k);
    *k = g;
}

/* Long because it is the one driver of every primitive's one-firing and
 * timed paths for the vector checks: set up, the firing loop and the
 * output lines share the primitive's queues and stamps. */
static int stream_run(const char *prim, const sg_stream_file *in, int width,
                      int one, int64_t max_tokens, sg_stream_file *out, sg_err *e)
{
    const prim_desc *d = NULL;
    for (size_t i = 0; i < NDESC; i++)
        if (strcmp(descs[i].name, prim) == 0)
            d = &descs[i];
    if (!d)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "unknown primitive '%s'", prim);
    int vt = width;
    if (vt != SG_VT_FP32 && vt != SG_VT_BF16 && (width < 1 || width > 64))
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "value width %d not in 1..64", width);
    width = sg_vt_width(vt);
    if (sg_stream_check_input(d, in, max_tokens, e) < 0)
        return -1;
    int rc = -1;
    sg_pnode n;
    memset(&n, 0, sizeof n);
    n.name = prim;
    n.width = width;
    n.vt = vt;
    sg_q qin[6], qout[4];
    sg_q *pout[4];
    sg_toks keep[4];
    memset(qin, 0, sizeof qin);
    memset(qout, 0, sizeof qout);
    memset(keep, 0, sizeof keep);
    int64_t *a1 = NULL, *a2 = NULL;
    sg_level hl;                    /* locate_hashed: the level it looks into */
    size_t n1 = 0, n2 = 0;
    int nin = 0, nout = 0;
    int64_t neg1 = 0, neg2 = 0;
    sg_stream_param(in, "param_neg1", 0, &neg1);
    sg_stream_param(in, "param_neg2", 0, &neg2);
    for (int p = 0; p < 6 && d->in[p]; p++) {
        const sg_stream_line *l = sg_stream_file_get(in, d->in[p]);
        if (!l) {
            if (p >= (d->joiner == 3 ? 1 + !strcmp(prim, "serializelevel")
                                     : d->joiner == 2 ? 2 : 4))
                break;          /* joiners: 2 or 3 operands, bitvector 1 to 3;
                                 * serializers: 1 lane or more */
            sg_errc(e, SG_EXIT_USAGE, in->path, 0, "%s needs a line %s", prim, d->in[p]);
            goto out;
        }
        sg_q_init(&qin[p], kind_of(d->in[p]), one != 0, 0);
        for (size_t i = 0; i < l->toks.n; i++) {
            sg_tok t = l->toks.t[i];
            if (t.kind == SG_TK_GAP)
                continue;
            if (t.kind == SG_TK_DATA && ((p == 0 && neg1) || (p == 1 && neg2)))
                t.v = sg_val_neg(vt, t.v);
            q_push(&qin[p], t);
        }
        if (one)
            q_commit(&qin[p]);
        n.in[p] = &qin[p];
        nin = p + 1;
    }
    n.n_in = nin;
    for (int p = 0; p < 4 && d->out[p]; p++) {
        if ((d->joiner == 1 || d->joiner == 2) && p > nin / 2)
            break;              /* a joiner of nin / 2 operands */
        sg_q_init(&qout[p], kind_of(d->out[p]), one != 0, 0);
        if (one == 1)
            sg_q_tstart(&qout[p]);
        qout[p].keep = &keep[p];
        pout[p] = &qout[p];
        n.out[p].q = &pout[p];
        n.out[p].n = 1;
        nout = p + 1;
    }
    n.n_out = nout;
    if (!strcmp(prim, "scan_compressed")) {
        prim_scan_cfg c;
        memset(&c, 0, sizeof c);
        if (get_arr(in, "arr_seg", &a1, &n1, e) < 0 || get_arr(in, "arr_crd", &a2, &n2, e) < 0)
            goto out;
        c.seg = a1; c.nseg = n1; c.crd = a2; c.ncrd = n2;
        sg_prim_scan_init(&n, &c);
    } else if (!strcmp(prim, "scan_nonunique")) {
        if (get_arr(in, "arr_seg", &a1, &n1, e) < 0 || get_arr(in, "arr_crd", &a2, &n2, e) < 0)
            goto out;
        sg_prim_scan_nonunique_init(&n, a1, n1, a2, n2);
    } else if (!strcmp(prim, "scan_singleton")) {
        if (get_arr(in, "arr_crd", &a1, &n1, e) < 0 || get_arr(in, "arr_last", &a2, &n2, e) < 0)
            goto out;
        sg_prim_scan_singleton_init(&n, a1, a2, n1);
    } else if (!strcmp(prim, "scan_dense")) {
        int64_t dim;
        if (sg_stream_param(in, "param_dim", 0, &dim) < 0) {
            sg_errc(e, SG_EXIT_USAGE, in->path, 0, "param_dim must be one number");
            goto out;
        }
        sg_prim_scan_dense_init(&n, dim);
    } else if (!strcmp(prim, "scan_range") || !strcmp(prim, "scan_offset")) {
        int64_t dim = 0, m = 0;
        sg_stream_param(in, "param_dim", 0, &dim);
        sg_stream_param(in, "param_m", 0, &m);
        if (get_arr(in, "arr_off", &a1, &n1, e) < 0)
            goto out;
        if (prim[5] == 'r')
            sg_prim_scan_range_init(&n, dim, m, a1, n1);
        else
            sg_prim_scan_offset_init(&n, dim, a1, n1);
    } else if (!strcmp(prim, "locate_hashed")) {
        if (get_arr(in, "arr_crd", &a1, &n1, e) < 0)
            goto out;
        memset(&hl, 0, sizeof hl);
        hl.fmt = SG_LVL_HASHED;
        sg_stream_param(in, "param_dim", 0, &hl.dim);
        sg_stream_param(in, "param_w", 1, &hl.w);
        hl.crd = a1;
        hl.ncrd = n1;
        sg_prim_locate_hashed_init(&n, &hl);
    } else if (!strcmp(prim, "scan_bitvector")) {
        int64_t nw = 0;
        sg_stream_param(in, "param_nw", 0, &nw);
        if (get_arr(in, "arr_bv", &a1, &n1, e) < 0 || get_arr(in, "arr_pos", &a2, &n2, e) < 0)
            goto out;
        sg_prim_scan_bitvector_init(&n, nw, a1, a2, n1);
    } else if (!strcmp(prim, "intersect_bv") || !strcmp(prim, "union_bv")) {
        int64_t w = 64;
        sg_stream_param(in, "param_w", 64, &w);
        sg_prim_join_bv_init(&n, nin / 2, prim[0] == 'u', w);
    } else if (!strcmp(prim, "parallelize")) {
        int64_t lane = 0, lanes = 1;
        sg_stream_param(in, "param_lane", 0, &lane);
        sg_stream_param(in, "param_lanes", 1, &lanes);
        if (lanes < 1 || lanes > 64 || lane < 0 || lane >= lanes) {
            sg_errc(e, SG_EXIT_USAGE, in->path, 0, "parallelize: param_lanes is %lld and "
                    "param_lane %lld; lanes 1 to 64, lane below lanes", (long long)lanes,
                    (long long)lane);
            goto out;
        }
        sg_prim_parallelize_init(&n, (int)lane, (int)lanes);
    } else if (!strcmp(prim, "serialize")) {
        sg_prim_serialize_init(&n, nin);
    } else if (!strcmp(prim, "serializelevel")) {
        int64_t lv = 0;
        sg_stream_param(in, "param_level", 0, &lv);
        if (lv < 0 || lv > SG_MAX_STOP) {
            sg_errc(e, SG_EXIT_USAGE, in->path, 0, "serializelevel: param_level is %lld, "
                    "not in 0..%d", (long long)lv, SG_MAX_STOP);
            goto out;
        }
        sg_prim_serialize_level_init(&n, nin - 1, (int)lv);
    } else if (!strcmp(prim, "intersect")) {
        sg_prim_intersect_init(&n, nin / 2, NULL);
    } else if (!strcmp(prim, "union")) {
        sg_prim_union_init(&n, nin / 2);
    } else if (!strcmp(prim, "repsiggen")) {
        sg_prim_repsiggen_init(&n);
    } else if (!strcmp(prim, "repeat")) {
        sg_prim_repeat_init(&n);
    } else if (!strcmp(prim, "locate")) {
        int64_t dim;
        if (sg_stream_param(in, "param_dim", 0, &dim) < 0) {
            sg_errc(e, SG_EXIT_USAGE, in->path, 0, "param_dim must be one number");
            goto out;
        }
        sg_prim_locate_init(&n, dim);
    } else if (!strcmp(prim, "arrayvals")) {
        if (get_arr(in, "arr_vals", &a1, &n1, e) < 0)
            goto out;
        sg_prim_arrayvals_init(&n, a1, n1);
    } else if (!strcmp(prim, "mul") || !strcmp(prim, "add") || !strcmp(prim, "sub") ||
               !strcmp(prim, "max") || !strcmp(prim, "min")) {
        int op = !strcmp(prim, "mul") ? SG_ALU_MUL : !strcmp(prim, "add") ? SG_ALU_ADD :
                 !strcmp(prim, "sub") ? SG_ALU_SUB : !strcmp(prim, "max") ? SG_ALU_MAX :
                 SG_ALU_MIN;
        sg_prim_alu_init(&n, op, 0);
    } else if (!strcmp(prim, "reduce")) {
        int64_t skip;
        sg_stream_param(in, "param_skip_empty", 0, &skip);
        sg_prim_reduce_init(&n, skip != 0);
    } else if (!strcmp(prim, "spacc")) {
        int64_t vs, order;
        sg_stream_param(in, "param_val_stkn", 0, &vs);
        sg_stream_param(in, "param_order", 1, &order);
        if (order != 1 && order != 2) {
            sg_errc(e, SG_EXIT_USAGE, in->path, 0,
                    "param_order is %lld; spacc has order 1 or 2", (long long)order);
            goto out;
        }
        sg_prim_spacc_init(&n, (int)order, (int)vs, NULL);
    } else if (!strcmp(prim, "vectorreducer")) {
        sg_prim_vectorreducer_init(&n, NULL);
    } else if (!strcmp(prim, "crddrop") || !strcmp(prim, "crdhold")) {
        int64_t vals, depth;
        sg_stream_param(in, "param_vals", 0, &vals);
        sg_stream_param(in, "param_depth", 1, &depth);
        if (prim[3] == 'd')
            sg_prim_crddrop_init(&n, (int)vals, (int)depth);
        else
            sg_prim_crdhold_init(&n, (int)vals, (int)depth);
    } else if (!strcmp(prim, "write_level")) {
        sg_prim_write_level_init(&n, 0);
    } else {
        sg_prim_write_vals_init(&n);
    }
    uint64_t cyc = 0;
    if (one == 2 && sg_engine_timed_node(&n, &cyc) < 0) {
        sg_errc(e, SG_EXIT_CHECK, in->path, 0, "%s: %s", prim, n.err);
        goto out;
    }
    for (; one != 2; cyc++) {
        uint64_t t0[4];
        for (int p = 0; p < nout; p++)
            t0[p] = qout[p].tail;
        long r = n.fire(&n, one ? 1 : 1L << 40);
        for (int p = 0; one && p < nout; p++) {
            for (uint64_t i = t0[p]; i < qout[p].tail; i++)
                qout[p].stamp[i & qout[p].mask] = cyc + 1;
            q_commit(&qout[p]);
        }
        for (int p = 0; one && p < 6; p++)
            if (qin[p].buf)
                q_commit(&qin[p]);
        if (r < 0) {
            sg_errc(e, SG_EXIT_CHECK, in->path, 0, "%s: %s", prim, n.err);
            goto out;
        }
        if (r == 0)
            break;
    }
    if (!n.done) {
        sg_errc(e, SG_EXIT_CHECK, in->path, 0, "%s: the input streams end before D "
                "reaches every output (malformed or misaligned input)", prim);
        goto out;
    }
    for (int p = 0; p < nout; p++) {
        if (one)
            gapped(&qout[p], &keep[p]);
        add_line(out, d->out[p], qout[p].kind, NULL, &keep[p], 0);
    }
    if (!strcmp(prim, "write_level") || !strcmp(prim, "write_vals")) {
        const int64_t *s, *c;
        size_t ns, nc;
        sg_prim_write_arrays(&n, &s, &ns, &c, &nc);
        if (prim[6] == 'l') {
            add_line(out, "out_arr_crd", SG_ST_CRD, c, NULL, nc);
            add_line(out, "out_arr_seg", SG_ST_CRD, s, NULL, ns);
        } else {
            add_line(out, "out_arr_vals", SG_ST_VAL, c, NULL, nc);
        }
    }
    rc = 0;
out:
    sg_prim_node_free(&n);
    for (int p = 0; p < 6; p++)
        if (qin[p].buf)
            sg_q_free(&qin[p]);
    for (int p = 0; p < 4; p++) {
        if (qout[p].buf)
            sg_q_free(&qout[p]);
        sg_toks_free(&keep[p]);
    }
    free(a1);
    free(a2);
    return rc;
}
