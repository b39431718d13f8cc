/*
 * einsum_construct.c - the einsum lowering's construction step: level
 * writers for the result, fed directly (with crddrop where an inner level
 * comes from an intersection) or through crdhold chains and a
 * spaccumulator when the loop order scatters (see einsum_lower.c).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/einsum_lw.h"

/* ---- construction -------------------------------------------------------- */

static void dim_name(const lw *c, char v, char *buf, size_t cap)
{
    for (int k = 0; k < c->es->n_in; k++) {
        const sg_einsum_tensor *t = &c->es->in[k];
        for (int m = 0; m < t->order; m++)
            if (t->idx[m] == v) {
                snprintf(buf, cap, "%s%d_dim", t->name, m);
                return;
            }
    }
    snprintf(buf, cap, "1");
}

/* dst = a + b, truncated to cap (capacity strings are short in practice). */
static void cat2(char *dst, size_t cap, const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > cap - 1)
        la = cap - 1;
    memcpy(dst, a, la);
    if (lb > cap - 1 - la)
        lb = cap - 1 - la;
    memcpy(dst + la, b, lb);
    dst[la + lb] = '\0';
}

char sg_lw_out_level_index(const lw *c, int l)
{
    const sg_einsum_tensor *o = &c->es->out;
    return o->idx[o->fmt.mode[l]];
}

/* The level writers; returns in w[l], wp[l] the node and input port that
 * take level l's coordinates: the writer, port 0, or for a COO output
 * (levels u, q at the bottom) a crdhold in front of both writers, which
 * gives the non-unique level's writer its coordinate once per entry (outer
 * port 0) and passes the singleton level's on (inner port 1). */
static void new_writers_once(lw *c, int *w, int *wp);

/* Lanes share the writers: lane 0 builds them, the lanes' streams meet
 * in serializers in front of them (einsum_lanes.c). */
static void new_writers(lw *c, int *w, int *wp)
{
    const sg_einsum_tensor *o = &c->es->out;
    if (c->lane > 0) {
        for (int l = 0; l <= o->order; l++) {
            w[l] = c->w0[l];
            wp[l] = 0;
        }
        return;
    }
    new_writers_once(c, w, wp);
    for (int l = 0; l <= o->order; l++)
        c->w0[l] = w[l];
}

static void new_writers_once(lw *c, int *w, int *wp)
{
    const sg_einsum_tensor *o = &c->es->out;
    char prod[64] = "";
    for (int l = 0; l < o->order; l++) {
        char v = sg_lw_out_level_index(c, l), d[64];
        dim_name(c, v, d, sizeof d);
        sg_node n;
        sg_lw_level_node(&n, SG_NK_FIBERWRITE, o, l, v);
        n.sink = 1;
        int coo = n.format == SG_LVL_NONUNIQUE || n.format == SG_LVL_SINGLETON;
        if (sg_lvl_has_seg(n.format)) {
            if (l == 0)
                snprintf(n.segsize, sizeof n.segsize, "2");
            else
                cat2(n.segsize, sizeof n.segsize, prod, "+1");
        }
        char tmp[64];
        cat2(tmp, sizeof tmp, prod, l ? "*" : "");
        cat2(prod, sizeof prod, tmp, d);
        if (n.format == SG_LVL_NONUNIQUE) {
            /* one position per entry: the product of both levels' sizes */
            char d2[64], t2[64];
            dim_name(c, sg_lw_out_level_index(c, l + 1), d2, sizeof d2);
            cat2(t2, sizeof t2, prod, "*");
            cat2(n.crdsize, sizeof n.crdsize, t2, d2);
        } else if (sg_lvl_has_crd(n.format))
            cat2(n.crdsize, sizeof n.crdsize, prod, "");
        w[l] = sg_lw_node_add(c, &n);
        wp[l] = 0;
        if (coo && n.format == SG_LVL_SINGLETON) {
            sg_node h;
            sg_graph_node_init(&h, SG_NK_CRDHOLD);
            h.outer = sg_lw_out_level_index(c, l - 1);
            h.inner = v;
            int id = sg_lw_node_add(c, &h);
            sg_lw_use_add(c, (strm){id, 0}, w[l - 1], 0, SG_ST_CRD, "outer-%c", h.outer);
            sg_lw_use_add(c, (strm){id, 1}, w[l], 0, SG_ST_CRD, "inner-%c", v);
            w[l - 1] = id;
            wp[l - 1] = 0;
            w[l] = id;
            wp[l] = 1;
        }
    }
    sg_node n;
    sg_graph_node_init(&n, SG_NK_FIBERWRITE);
    n.is_vals = 1;
    n.mode = -1;
    snprintf(n.tensor, sizeof n.tensor, "%s", o->name);
    n.sink = 1;
    if (o->order)
        cat2(n.size, sizeof n.size, "1*", prod);
    else
        snprintf(n.size, sizeof n.size, "1");
    w[o->order] = sg_lw_node_add(c, &n);
}

/* How the merged fiber of an output index can be empty under the outer
 * coordinates: never (FULL: a dense level; NONEMPTY: a compressed level
 * below a compressed one), for all of them at once or for none (ALL: a
 * tensor's first level, repeated over the outer indices, empty when the
 * tensor is), or for some but not others (SOME: a compressed level below a
 * dense one, or a join of operands whose fibers vary with the outer
 * coordinates). */
enum { FIB_FULL, FIB_NONEMPTY, FIB_ALL, FIB_SOME };

static int fiber_emptiness(const lw *c, char v)
{
    const strm s = c->crd[sg_lw_pos(c, v)];
    int is_union = s.node >= 0 && c->g->nodes[s.node].kind == SG_NK_UNION;
    int n[4] = {0, 0, 0, 0};
    for (int k = 0; k < c->es->n_in; k++) {
        const sg_einsum_tensor *x = &c->es->in[k];
        for (int m = 0; m < x->order; m++) {
            if (x->idx[x->fmt.mode[m]] != v)
                continue;
            if (x->fmt.level[m] == SG_LVL_DENSE)
                n[FIB_FULL]++;
            else if (m == 0)
                n[FIB_ALL]++;
            else if (x->fmt.level[m - 1] == SG_LVL_DENSE)
                n[FIB_SOME]++;
            else
                n[FIB_NONEMPTY]++;
        }
    }
    if (is_union) {
        if (n[FIB_FULL] || n[FIB_NONEMPTY])
            return FIB_NONEMPTY;
        return n[FIB_SOME] ? FIB_SOME : FIB_ALL;
    }
    if (n[FIB_SOME] || (n[FIB_NONEMPTY] && n[FIB_NONEMPTY] + n[FIB_ALL] > 1))
        return FIB_SOME;
    if (n[FIB_ALL])
        return FIB_ALL;
    return n[FIB_NONEMPTY] ? FIB_NONEMPTY : FIB_FULL;
}

/* A reduce emits a value for each stop, and one level down a stop that
 * closes an empty fiber looks like one that closes a fiber with no inner
 * fibers.  Where a result level below the top may be empty for some outer
 * coordinates but not for others (FIB_SOME) and the values come from
 * reduces, such a value would sit between values that have coordinates:
 * the reduces run with empty=skip (no value for a fiber without values)
 * and the innermost result level drops the coordinates whose reduction
 * fibers hold no values; returns the loop position of the innermost
 * reduction index then, else -1.  (A level empty for every outer
 * coordinate at once leaves the whole result empty, with a 0 per empty
 * fiber and no coordinate, as for an empty result.) */
static int skip_empty_reduction(const lw *c, strm value)
{
    const sg_einsum *es = c->es;
    const sg_einsum_tensor *o = &es->out;
    if (value.node < 0 || c->g->nodes[value.node].kind != SG_NK_REDUCE)
        return -1;
    for (int t = 1; t < es->n_terms; t++)
        if (c->rmask[t] != c->rmask[0])
            return -1;
    int may_empty = 0;
    for (int l = 1; l < o->order; l++)
        may_empty |= fiber_emptiness(c, sg_lw_out_level_index(c, l)) == FIB_SOME;
    if (!may_empty)
        return -1;
    for (int p = c->n - 1; p >= 0; p--)
        if ((c->rmask[0] >> p) & 1u)
            return p;
    return -1;
}

static int joined_at(const lw *c, strm s)
{
    const sg_node *n = &c->g->nodes[s.node];
    return n->kind == SG_NK_INTERSECT || n->kind == SG_NK_UNION;
}

/* Concordant result: writers fed by the merged coordinates, crddrop where an
 * inner level may leave an outer coordinate with an empty fiber, and where
 * a reduce may meet an empty result fiber (skip_empty_reduction). */
void sg_lw_construct_direct(lw *c, strm value)
{
    const sg_einsum_tensor *o = &c->es->out;
    int w[SG_MAX_ORDER + 1], wp[SG_MAX_ORDER + 1] = {0};
    strm s[SG_MAX_ORDER];
    char sc[SG_MAX_ORDER][16];            /* comment for the edge from s[l] */
    int empty = 0;                        /* level l+1 may hold empty fibers */
    new_writers(c, w, wp);
    for (int l = 0; l < o->order; l++) {
        s[l] = c->crd[sg_lw_pos(c, sg_lw_out_level_index(c, l))];
        sc[l][0] = '\0';
    }
    int rp = o->order >= 2 ? skip_empty_reduction(c, value) : -1;
    if (rp >= 0) {
        for (size_t k = 0; k < c->g->n_nodes; k++)
            if (c->g->nodes[k].kind == SG_NK_REDUCE)
                c->g->nodes[k].skip_empty = 1;
        int last = o->order - 1;
        char vo = sg_lw_out_level_index(c, last), vr = c->L[rp];
        sg_node n;
        sg_graph_node_init(&n, SG_NK_CRDDROP);
        n.outer = vo;
        n.inner = vr;
        int id = sg_lw_node_add(c, &n);
        sg_lw_use_add(c, s[last], id, 0, SG_ST_CRD,
                      joined_at(c, s[last]) ? "in-%c" : "%c", vo);
        sg_lw_use_add(c, c->crd[rp], id, 1, SG_ST_CRD,
                      joined_at(c, c->crd[rp]) ? "in-%c" : "%c", vr);
        s[last] = (strm){id, 0};
        snprintf(sc[last], sizeof sc[last], "outer-%c", vo);
        empty = 1;
    }
    for (int l = o->order - 2; l >= 0; l--) {
        char vo = sg_lw_out_level_index(c, l), vi = sg_lw_out_level_index(c, l + 1);
        empty = empty || c->isect[sg_lw_pos(c, vi)];
        if (!empty)
            continue;
        sg_node n;
        sg_graph_node_init(&n, SG_NK_CRDDROP);
        n.outer = vo;
        n.inner = vi;
        int id = sg_lw_node_add(c, &n);
        const sg_node *so = &c->g->nodes[s[l].node];
        int joined = so->kind == SG_NK_INTERSECT || so->kind == SG_NK_UNION;
        sg_lw_use_add(c, s[l], id, 0, SG_ST_CRD, joined ? "in-%c" : "%c", vo);
        if (sc[l + 1][0])
            sg_lw_use_add(c, s[l + 1], id, 1, SG_ST_CRD, "%s", sc[l + 1]);
        else {
            const sg_node *si = &c->g->nodes[s[l + 1].node];
            int j2 = si->kind == SG_NK_INTERSECT || si->kind == SG_NK_UNION;
            sg_lw_use_add(c, s[l + 1], id, 1, SG_ST_CRD, j2 ? "in-%c" : "%c", vi);
        }
        s[l] = (strm){id, 0};
        snprintf(sc[l], sizeof sc[l], "outer-%c", vo);
        s[l + 1] = (strm){id, 1};
        snprintf(sc[l + 1], sizeof sc[l + 1], "inner-%c", vi);
    }
    for (int l = 0; l < o->order; l++) {
        if (!sc[l][0] && c->g->nodes[w[l]].kind == SG_NK_CRDHOLD)
            /* the COO writers' crdhold tells its ports by the index */
            snprintf(sc[l], sizeof sc[l], joined_at(c, s[l]) ? "in-%c" : "%c",
                     sg_lw_out_level_index(c, l));
        sg_lw_use_add(c, s[l], w[l], wp[l], SG_ST_CRD, "%s", sc[l]);
    }
    sg_lw_use_add(c, value, w[o->order], 0, SG_ST_VAL, "%s", "");
}

/* Scattering result (order 1 or 2): crdhold chains and a spaccumulator. */
void sg_lw_construct_spacc(lw *c, strm value, int last)
{
    const sg_einsum_tensor *o = &c->es->out;
    char o0 = sg_lw_out_level_index(c, 0);
    char o1 = o->order == 2 ? sg_lw_out_level_index(c, 1) : 0;
    char in0 = o->order == 2 ? o1 : o0, in1 = o->order == 2 ? o0 : 0;
    sg_node n;
    sg_graph_node_init(&n, SG_NK_SPACC);
    n.order = (o->order == 2 && c->L[0] != o0) ? 2 : 1;
    n.in0 = in0;
    n.in1 = in1;
    n.workspace = c->es->ws;
    n.ws_cap = c->es->ws_cap;
    /* lanes: the serializer finds each fiber of the values by its stops */
    n.val_stops = c->lanes > 1;
    int sp = sg_lw_node_add(c, &n);
    int ignored = 3;
    /* Port and comment of the spacc input for coordinates of index v. */
#define SP_PORT(v) ((v) == in1 ? 0 : (v) == in0 ? 1 : ignored++)
    char held = 0;                 /* output index that needs holding */
    int hpos = last;
    if (o->order == 2) {
        held = c->L[last] == o0 ? o1 : o0;
        hpos = sg_lw_pos(c, held);
    }
    for (int p = 0; p < hpos; p++) {      /* reductions above everything */
        char v = c->L[p];
        sg_lw_use_add(c, c->crd[p], sp, SP_PORT(v), SG_ST_CRD, "%c", v);
    }
    if (o->order == 1 || hpos == last) {
        char v = c->L[last];
        sg_lw_use_add(c, c->crd[last], sp, SP_PORT(v), SG_ST_CRD, "%c", v);
    } else {
        strm h = c->crd[hpos];
        int h_is_hold = 0;
        for (int p = hpos + 1; p <= last; p++) {
            char v = c->L[p];
            sg_node hn;
            sg_graph_node_init(&hn, SG_NK_CRDHOLD);
            hn.outer = held;
            hn.inner = v;
            int id = sg_lw_node_add(c, &hn);
            sg_lw_use_add(c, h, id, 0, SG_ST_CRD, h_is_hold ? "outer-%c" : "%c", held);
            sg_lw_use_add(c, c->crd[p], id, 1, SG_ST_CRD, "%c", v);
            h = (strm){id, 0};
            h_is_hold = 1;
            /* The inner copy goes to the accumulator. */
            int port = SP_PORT(v);
            sg_lw_use_add(c, (strm){id, 1}, sp, port, SG_ST_CRD, "%s-%c",
                    port == 0 ? "outer" : "inner", v);
        }
        sg_lw_use_add(c, h, sp, held == in1 ? 0 : 1, SG_ST_CRD, "%s-%c",
                held == in1 ? "outer" : "inner", held);
    }
#undef SP_PORT
    sg_lw_use_add(c, value, sp, 2, SG_ST_VAL, "%s", "");
    int w[SG_MAX_ORDER + 1], wp[SG_MAX_ORDER + 1] = {0};
    new_writers(c, w, wp);
    if (o->order == 2) {
        sg_lw_use_add(c, (strm){sp, 0}, w[1], wp[1], SG_ST_CRD, "out-%c", in0);
        sg_lw_use_add(c, (strm){sp, 1}, w[0], wp[0], SG_ST_CRD, "out-%c", in1);
    } else {
        sg_lw_use_add(c, (strm){sp, 0}, w[0], wp[0], SG_ST_CRD, "out-%c", in0);
    }
    sg_lw_use_add(c, (strm){sp, 2}, w[o->order], 0, SG_ST_VAL, "%s", "");
}
