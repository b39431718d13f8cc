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

/* The level writers; returns the node of level l in w[l]. */
static void new_writers(lw *c, int *w)
{
    const sg_einsum_tensor *o = &c->es->out;
    char prod[64] = "";
    for (int l = 0; l < o->order; l++) {
        char v = sg_lw_out_level_index(c, l), d[64];
        dim_name(c, v, d, sizeof d);
        sg_node n;
        sg_lw_level_node(&n, SG_NK_FIBERWRITE, o, l, v);
        n.sink = 1;
        if (n.format == SG_LVL_COMPRESSED) {
            if (l == 0)
                snprintf(n.segsize, sizeof n.segsize, "2");
            else
                cat2(n.segsize, sizeof n.segsize, prod, "+1");
        }
        char tmp[64];
        cat2(tmp, sizeof tmp, prod, l ? "*" : "");
        cat2(prod, sizeof prod, tmp, d);
        if (n.format == SG_LVL_COMPRESSED)
            cat2(n.crdsize, sizeof n.crdsize, prod, "");
        w[l] = sg_lw_node_add(c, &n);
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

/* Concordant result: writers fed by the merged coordinates, crddrop where an
 * inner level may leave an outer coordinate with an empty fiber. */
void sg_lw_construct_direct(lw *c, strm value)
{
    const sg_einsum_tensor *o = &c->es->out;
    int w[SG_MAX_ORDER + 1];
    strm s[SG_MAX_ORDER];
    char sc[SG_MAX_ORDER][16];            /* comment for the edge from s[l] */
    int empty = 0;                        /* level l+1 may hold empty fibers */
    new_writers(c, w);
    for (int l = 0; l < o->order; l++) {
        s[l] = c->crd[sg_lw_pos(c, sg_lw_out_level_index(c, l))];
        sc[l][0] = '\0';
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
    for (int l = 0; l < o->order; l++)
        sg_lw_use_add(c, s[l], w[l], 0, SG_ST_CRD, "%s", sc[l]);
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
    int w[SG_MAX_ORDER + 1];
    new_writers(c, w);
    if (o->order == 2) {
        sg_lw_use_add(c, (strm){sp, 0}, w[1], 0, SG_ST_CRD, "out-%c", in0);
        sg_lw_use_add(c, (strm){sp, 1}, w[0], 0, SG_ST_CRD, "out-%c", in1);
    } else {
        sg_lw_use_add(c, (strm){sp, 0}, w[0], 0, SG_ST_CRD, "out-%c", in0);
    }
    sg_lw_use_add(c, (strm){sp, 2}, w[o->order], 0, SG_ST_VAL, "%s", "");
}
