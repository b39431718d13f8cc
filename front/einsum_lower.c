/*
 * einsum_lower.c - Custard's construction of a SAM graph from a parsed,
 * finished einsum problem (einsum.h).
 *
 * The construction follows section 5 of the SAM paper and the graphs Custard
 * writes (SAM-SEMANTICS section 4.4):
 *
 * 1. Iteration and merging, per index variable v in loop order and per input
 *    tensor T whose scope contains v (scope: the output's indices plus the
 *    reduction indices of T's term):
 *      - T has v: a level scanner (fiberlookup) fed by T's current ref;
 *      - T lacks v: a repeat of T's current ref, driven by one repsiggen on
 *        v's merged coordinate stream (root=true when T has no ref yet);
 *      - within a product several tensors with v meet in an intersect; the
 *        terms of a sum meet in a union (operands sorted by name).
 * 2. Computation: an arrayvals per tensor, a mul chain per product (a
 *    constant factor becomes a one-input mul with in2=c), add / add sub=1
 *    between terms, a scalar reduce per reduction index merged innermost.
 * 3. Construction: when the loop order scatters into the result (a
 *    reduction index above an output index, or output indices visited out
 *    of the result's storage order) a spaccumulator collects the points,
 *    order 1 when the outermost loop is the result's top level (points arrive
 *    grouped by it), else order 2 (the workspace-order rule), fed by crdhold
 *    chains that replicate the coordinates of the result to the value
 *    stream's depth.  Otherwise coordinates go straight to one fiberwrite per
 *    result level, through crddrop where an inner level comes from an
 *    intersection and may leave an outer coordinate with an empty fiber.
 *    A vals fiberwrite takes the values.
 * Streams with several consumers get a broadcast node.
 *
 * Sections here: context; iteration; computation; driver.  The node
 * constructors, edges and broadcasts are in einsum_nodes.c, the
 * construction of the result in einsum_construct.c (einsum_lw.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/einsum_lw.h"


/* ---- context ------------------------------------------------------------ */

static int lerr(lw *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int lerr(lw *c, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    return sg_errc(c->e, SG_EXIT_USAGE, NULL, 0, "expression '%.80s': %s",
                   c->es->text, msg);
}

int sg_lw_pos(const lw *c, char v)
{
    const char *q = strchr(c->L, v);
    return q ? (int)(q - c->L) : -1;
}

static int tensor_has(const sg_einsum_tensor *t, char v)
{
    return t->order > 0 && memchr(t->idx, v, (size_t)t->order) != NULL;
}

/* ---- iteration ----------------------------------------------------------- */

/* Terms of the sum whose scope holds loop position p. */
static int term_in_scope(const lw *c, int t, int p)
{
    return ((c->outmask | c->rmask[t]) >> p) & 1u;
}

/* Tensors in scope at loop position p that lack its index (scan[k] < 0)
 * are repeated over it: one repsiggen on the merged coordinates drives a
 * repeat of each one's current ref. */
static void repeat_absent(lw *c, int p, const int *scan)
{
    const sg_einsum *es = c->es;
    char v = c->L[p];
    strm repsig = NO_STRM;
    for (int k = 0; k < es->n_in; k++) {
        if (scan[k] >= 0 || !((c->scope[k] >> p) & 1u))
            continue;
        if (repsig.node < 0) {
            sg_node n;
            sg_graph_node_init(&n, SG_NK_REPSIGGEN);
            n.index = v;
            repsig = (strm){sg_lw_node_add(c, &n), 0};
            sg_lw_use_add(c, c->crd[p], repsig.node, 0, SG_ST_CRD, "%s", "");
        }
        sg_node n;
        sg_graph_node_init(&n, SG_NK_REPEAT);
        n.index = v;
        snprintf(n.tensor, sizeof n.tensor, "%s", es->in[k].name);
        n.root = c->ref[k].node < 0;
        int id = sg_lw_node_add(c, &n);
        if (!n.root)
            sg_lw_use_ref(c, c->ref[k], id, 0);
        sg_lw_use_add(c, repsig, id, 1, SG_ST_REPSIG, "%s", "");
        c->ref[k] = (strm){id, 0};
    }
}

/* The capabilities of tensor k's next level (core/format.c's table). */
static const sg_lvl_caps *next_caps(const lw *c, int k)
{
    const sg_einsum_tensor *t = &c->es->in[k];
    return sg_lvl_info(c->lvl[k] < t->order ? t->fmt.level[c->lvl[k]] : SG_LVL_COMPRESSED);
}
/* Can it be located into, and can it be iterated in order? */
static int next_dense(const lw *c, int k)
{
    const sg_lvl_caps *cp = next_caps(c, k);
    return cp->locate && cp->ordered;
}
static int next_unordered(const lw *c, int k)
{
    return !next_caps(c, k)->ordered;
}

/* At loop position p, mark in loc[] the tensors located into rather than
 * scanned, from the capabilities of their levels at v: within a product,
 * the tensors whose level can be located into and iterated in order
 * (dense) when the product also has one that can only be iterated
 * (compressed, singleton, range, offset: that one is iterated, the dense
 * ones are looked up by its coordinates), unless intersect(v) asks for
 * coiteration; and always the unordered (hashed) ones, which cannot be
 * iterated in order.  locate(v) fails where nothing dense can be located. */
static int plan_locate(lw *c, int p, int *loc)
{
    const sg_einsum *es = c->es;
    char v = c->L[p];
    int any = 0;
    for (int k = 0; k < es->n_in; k++)
        loc[k] = 0;
    for (int t = 0; t < es->n_terms; t++) {
        int sparse = 0, ordered = 0;
        for (int k = 0; k < es->n_in; k++)
            if (c->term_of[k] == t && tensor_has(&es->in[k], v)) {
                sparse |= !next_dense(c, k) && !next_unordered(c, k);
                ordered |= !next_unordered(c, k);
            }
        for (int k = 0; k < es->n_in; k++) {
            if (c->term_of[k] != t || !tensor_has(&es->in[k], v))
                continue;
            /* an unordered (hashed) level is always located into, by the
             * coordinates of the operands iterated in order */
            if (next_unordered(c, k)) {
                if (!ordered)
                    return lerr(c, "%s's level over index '%c' is %s (unordered): it "
                                "can only be located into, and nothing in its product "
                                "iterates '%c' in order", es->in[k].name, v,
                                next_caps(c, k)->word, v);
                loc[k] = 1;
            } else if (sparse && next_dense(c, k) && !strchr(es->coiter, v)) {
                loc[k] = any = 1;
            }
        }
    }
    if (!any && strchr(es->locate, v))
        return lerr(c, "locate(%c): no dense operand meets a compressed one at index "
                    "'%c' within a product", v, v);
    return 0;
}

/* A locator into the dense level of tensor k over index v, driven by the
 * coordinates crd of the operands iterated there; returns the node. */
static int new_locate(lw *c, int k, char v, strm crd)
{
    const sg_einsum_tensor *t = &c->es->in[k];
    int l = c->lvl[k]++;
    sg_node n;
    sg_lw_level_node(&n, SG_NK_LOCATE, t, l, v);
    n.root = c->ref[k].node < 0;
    int id = sg_lw_node_add(c, &n);
    if (!n.root)
        sg_lw_use_ref(c, c->ref[k], id, 0);
    sg_lw_use_add(c, crd, id, 1, SG_ST_CRD, "%s", "");
    return id;
}

/* Loop position p where every term in scope has one tensor with the
 * index, each scanned from a bitvector level (up to three): one bitvector
 * union ORs their words, instead of a union of their coordinates.  1 when
 * it did, 0 when the index is not such. */
static int bv_union(lw *c, int p, const int *scan, const int *isbv)
{
    const sg_einsum *es = c->es;
    char v = c->L[p];
    int ks[SG_MAX_OPERANDS];
    strm kc[SG_MAX_OPERANDS], kr[SG_MAX_OPERANDS], nref[SG_EINSUM_MAX_TENSORS];
    int nk = 0, nterms = 0;
    for (int t = 0; t < es->n_terms; t++) {
        if (!term_in_scope(c, t, p))
            continue;
        int here = 0;
        for (int k = 0; k < es->n_in; k++) {
            if (c->term_of[k] != t || !tensor_has(&es->in[k], v))
                continue;
            if (scan[k] < 0 || !isbv[k] || ++here > 1 || nk == 3)
                return 0;
            ks[nk] = k;
            kc[nk] = (strm){scan[k], 0};
            kr[nk] = (strm){scan[k], 1};
            nk++;
        }
        if (!here)
            return 0;
        nterms++;
    }
    if (nterms < 2)
        return 0;
    for (int k = 0; k < es->n_in; k++)
        nref[k] = NO_STRM;
    c->crd[p] = sg_lw_join_bv(c, SG_NK_UNION, v, nk, ks, kc, kr, nref);
    c->isect[p] = 0;
    for (int a = 0; a < nk; a++)
        c->ref[ks[a]] = nref[ks[a]];
    repeat_absent(c, p, scan);
    return 1;
}

/* Loop position p: a scanner per tensor with its index (or a locator into
 * it, plan_locate), an intersect per product, a union over the terms,
 * repeats for the tensors without it. */
static int iterate_index(lw *c, int p)
{
    const sg_einsum *es = c->es;
    char v = c->L[p];
    int scan[SG_EINSUM_MAX_TENSORS], loc[SG_EINSUM_MAX_TENSORS];
    if (plan_locate(c, p, loc))
        return -1;
    int isbv[SG_EINSUM_MAX_TENSORS];
    for (int k = 0; k < es->n_in; k++) {
        scan[k] = -1;
        isbv[k] = 0;
        if (tensor_has(&es->in[k], v) && !loc[k]) {
            scan[k] = sg_lw_new_scanner(c, k, v);
            isbv[k] = c->g->nodes[scan[k]].format == SG_LVL_BITVECTOR;
        }
    }
    if (bv_union(c, p, scan, isbv) > 0)
        return 0;
    /* Per term: the product's merge (intersect of its tensors with v). */
    strm tcrd[SG_EINSUM_MAX_TERMS];
    strm nref[SG_EINSUM_MAX_TENSORS];
    int isect = 0, nterms = 0, lastterm = -1;
    for (int k = 0; k < es->n_in; k++)
        nref[k] = scan[k] >= 0 ? (strm){scan[k], 1} : NO_STRM;
    for (int t = 0; t < es->n_terms; t++) {
        tcrd[t] = NO_STRM;
        if (!term_in_scope(c, t, p))
            continue;
        int ks[SG_MAX_OPERANDS];
        strm kc[SG_MAX_OPERANDS], kr[SG_MAX_OPERANDS];
        int nk = 0;
        for (int k = 0; k < es->n_in; k++) {
            if (c->term_of[k] != t || scan[k] < 0)
                continue;
            if (nk >= SG_MAX_OPERANDS)
                return lerr(c, "more than %d tensors meet at index '%c'",
                            SG_MAX_OPERANDS, v);
            ks[nk] = k;
            kc[nk] = (strm){scan[k], 0};
            kr[nk] = (strm){scan[k], 1};
            nk++;
        }
        if (nk == 0) {
            if ((c->outmask >> p) & 1u)
                return lerr(c, "the term at column %d does not use output "
                            "index '%c'; adding a term broadcast over an "
                            "index is not supported", es->term[t].col, v);
            continue;
        }
        int allbv = 1;
        for (int a = 0; a < nk; a++)
            allbv &= isbv[ks[a]];
        if (allbv && nk <= 3) {
            /* the AND of the words (one operand: its words as coordinates);
             * more operands than a bitvector joiner takes are turned into
             * coordinates and chained below */
            tcrd[t] = sg_lw_join_bv(c, SG_NK_INTERSECT, v, nk, ks, kc, kr, nref);
            isect = nk > 1;
        } else if (nk == 1) {
            tcrd[t] = kc[0];
        } else {
            /* a bitvector operand among others is turned into coordinates
             * first (a one-operand bitvector joiner) */
            for (int a = 0; a < nk; a++)
                if (isbv[ks[a]]) {
                    kc[a] = sg_lw_join_bv(c, SG_NK_INTERSECT, v, 1, &ks[a], &kc[a], &kr[a],
                                          nref);
                    kr[a] = nref[ks[a]];
                }
            tcrd[t] = sg_lw_join_ops(c, SG_NK_INTERSECT, v, nk, ks, kc, kr, nref);
            isect = 1;
        }
        for (int k = 0; k < es->n_in; k++)
            if (c->term_of[k] == t && loc[k]) {
                scan[k] = new_locate(c, k, v, tcrd[t]);
                nref[k] = (strm){scan[k], 0};
            }
        nterms++;
        lastterm = t;
    }
    if (nterms >= 2) {
        int ks[SG_MAX_OPERANDS];
        strm kc[SG_MAX_OPERANDS], kr[SG_MAX_OPERANDS];
        int nk = 0;
        for (int k = 0; k < es->n_in; k++) {
            int t = c->term_of[k];
            if (scan[k] < 0 || tcrd[t].node < 0)
                continue;
            if (nk >= SG_MAX_OPERANDS)
                return lerr(c, "more than %d tensors meet at index '%c'",
                            SG_MAX_OPERANDS, v);
            ks[nk] = k;
            kc[nk] = tcrd[t];
            kr[nk] = nref[k];
            nk++;
        }
        c->crd[p] = sg_lw_join_ops(c, SG_NK_UNION, v, nk, ks, kc, kr, nref);
        c->isect[p] = 0;
    } else if (lastterm >= 0) {
        c->crd[p] = tcrd[lastterm];
        c->isect[p] = isect;
    }
    for (int k = 0; k < es->n_in; k++)
        if (scan[k] >= 0)
            c->ref[k] = nref[k];
    repeat_absent(c, p, scan);
    return 0;
}

/* ---- computation --------------------------------------------------------- */

/* The value stream of term t (sign not applied). */
static strm term_value(lw *c, int t)
{
    const sg_einsum_term *tm = &c->es->term[t];
    strm v = c->val[tm->factor[0]];
    for (int f = 1; f < tm->n_factors; f++)
        v = (strm){sg_lw_new_alu(c, SG_ALU_MUL, v, c->val[tm->factor[f]]), 0};
    if (tm->has_cnst && tm->cnst != 1)
        v = (strm){sg_lw_new_scale(c, tm->cnst, v), 0};
    return v;
}

/* Sum of the terms with reduction set mask, reduced over the positions in
 * redmask (innermost first).  *sign gets the sign of the first term. */
static strm group_value(lw *c, unsigned mask, unsigned redmask, int *sign)
{
    strm acc = NO_STRM;
    for (int t = 0; t < c->es->n_terms; t++) {
        if (c->rmask[t] != mask)
            continue;
        strm tv = term_value(c, t);
        int s = c->es->term[t].sign;
        if (acc.node < 0) {
            acc = tv;
            *sign = s;
        } else {
            acc = (strm){s == *sign ? sg_lw_new_alu(c, SG_ALU_ADD, acc, tv)
                                    : sg_lw_new_sub(c, acc, tv), 0};
        }
    }
    for (int p = c->n - 1; p >= 0; p--)
        if ((redmask >> p) & 1u)
            acc = (strm){sg_lw_new_reduce(c, acc), 0};
    return acc;
}

/* ---- driver -------------------------------------------------------------- */

/* Scopes, reduction sets and the checks that need them. */
static int analyse(lw *c)
{
    const sg_einsum *es = c->es;
    for (int m = 0; m < es->out.order; m++)
        c->outmask |= 1u << sg_lw_pos(c, es->out.idx[m]);
    for (int k = 0; k < es->n_in; k++)
        c->term_of[k] = -1;
    for (int t = 0; t < es->n_terms; t++) {
        const sg_einsum_term *tm = &es->term[t];
        for (int f = 0; f < tm->n_factors; f++) {
            int k = tm->factor[f];
            const sg_einsum_tensor *x = &es->in[k];
            c->term_of[k] = t;
            for (int m = 0; m < x->order; m++)
                if (!((c->outmask >> sg_lw_pos(c, x->idx[m])) & 1u))
                    c->rmask[t] |= 1u << sg_lw_pos(c, x->idx[m]);
        }
    }
    for (int a = 0; a < es->n_terms; a++)
        for (int b = 0; b < a; b++)
            if (c->rmask[a] != c->rmask[b] && (c->rmask[a] & c->rmask[b]))
                return lerr(c, "the terms at columns %d and %d share some "
                            "but not all reduction indices",
                            es->term[b].col, es->term[a].col);
    for (int k = 0; k < es->n_in; k++) {
        c->scope[k] = c->outmask | c->rmask[c->term_of[k]];
        if (!c->scope[k])
            return lerr(c, "'%s' is not iterated by any index variable",
                        es->in[k].name);
    }
    return 0;
}

/* Header comment and tensor declarations: result first. */
static void declare_tensors(lw *c)
{
    const sg_einsum *es = c->es;
    sg_graph *g = c->g;
    size_t k = 0;
    for (int t = -1; t < es->n_in; t++) {
        const sg_einsum_tensor *x = t < 0 ? &es->out : &es->in[t];
        if (x->copy_of)
            continue;                    /* declared by the original */
        sg_tensor_decl dd;
        memset(&dd, 0, sizeof dd);
        dd.fmt = x->fmt;
        for (int l = 0; l < dd.fmt.order; l++)
            if (dd.fmt.level[l] == SG_LVL_BITVECTOR)
                dd.fmt.bv_width = es->bv_width;
        dd.lorder = x->lorder;
        memcpy(dd.tile, x->tile, sizeof dd.tile);
        char f[160];
        sg_decl_str(&dd, f, sizeof f);
        k += (size_t)snprintf(g->comment + k, sizeof g->comment - k, "%s%s=%s",
                              t < 0 ? "" : ",", x->name, f);
        if (k >= sizeof g->comment)
            k = sizeof g->comment - 1;
        sg_tensor_decl *d = &g->tensors[g->n_tensors++];
        *d = dd;
        snprintf(d->name, sizeof d->name, "%s", x->name);
        d->is_output = t < 0;
    }
}

/* Where the result's coordinates come from: 1 when the loop order scatters
 * into the result (*last: loop position of its innermost index), 0 when
 * they come straight from the merged streams, -1 after an error. */
static int plan_scatter(lw *c, int *last)
{
    const sg_einsum *es = c->es;
    const sg_einsum_tensor *o = &es->out;
    int concordant = 1, inner_red = 0;
    *last = -1;
    for (int l = 0; l < o->order; l++) {
        int p = sg_lw_pos(c, sg_lw_out_level_index(c, l));
        if (p < *last)
            concordant = 0;
        if (p > *last)
            *last = p;
    }
    unsigned allred = 0;
    for (int t = 0; t < es->n_terms; t++)
        allred |= c->rmask[t];
    for (int p = 0; p < *last; p++)
        if ((allred >> p) & 1u)
            inner_red = 1;
    int scatter = o->order > 0 && (!concordant || inner_red);
    if (!scatter)
        return 0;
    for (int t = 1; t < es->n_terms; t++)
        if (c->rmask[t] != c->rmask[0])
            return lerr(c, "the loop order '%s' scatters into '%s', which needs "
                        "every term to reduce over the same indices", c->L,
                        o->name);
    if (o->order > 2)
        return lerr(c, "the loop order '%s' scatters into '%s' (order %d); the "
                    "sparse accumulators hold vectors and matrices only; visit "
                    "the result's indices first, in its storage order", c->L,
                    o->name, o->order);
    return 1;
}

/* Values: groups of terms with equal reduction sets, in order. */
static strm total_value(lw *c, int scatter, int last)
{
    const sg_einsum *es = c->es;
    strm total = NO_STRM;
    int tsign = 1;
    unsigned done_masks[SG_EINSUM_MAX_TERMS];
    int ndone = 0;
    for (int t = 0; t < es->n_terms; t++) {
        int seen = 0;
        for (int d = 0; d < ndone; d++)
            seen |= done_masks[d] == c->rmask[t];
        if (seen)
            continue;
        done_masks[ndone++] = c->rmask[t];
        unsigned red = c->rmask[t];
        if (scatter)
            red &= ~((1u << (last + 1)) - 1u);     /* only trailing ones */
        int s = 1;
        strm gv = group_value(c, c->rmask[t], red, &s);
        if (total.node < 0) {
            total = gv;
            tsign = s;
        } else {
            total = (strm){s == tsign ? sg_lw_new_alu(c, SG_ALU_ADD, total, gv)
                                      : sg_lw_new_sub(c, total, gv), 0};
        }
    }
    if (tsign < 0)
        total = (strm){sg_lw_new_scale(c, -1, total), 0};
    return total;
}

int sg_einsum_lower(const sg_einsum *es, const char *name, sg_graph *g,
                 sg_err *e)
{
    memset(g, 0, sizeof *g);
    lw *c = sg_calloc(1, sizeof *c);
    int rc = -1;
    c->es = es;
    c->g = g;
    c->e = e;
    c->L = es->order;
    c->n = (int)strlen(es->order);
    g->path = sg_strdup("<einsum>");
    snprintf(g->name, sizeof g->name, "%s", name ? name : "einsum");
    snprintf(g->index_order, sizeof g->index_order, "%s", es->order);
    if (c->n == 0) {
        lerr(c, "no index variable; at least one tensor must have indices");
        goto done;
    }
    if (analyse(c))
        goto done;

    declare_tensors(c);
    int last = -1;
    int scatter = plan_scatter(c, &last);
    if (scatter < 0)
        goto done;
    c->lanes = es->lanes > 1 ? es->lanes : 1;
    if (c->lanes > 1 && sg_lw_lanes_check(c, e) < 0)
        goto done;
    /* one datapath per lane (docs/iteration.md, "Parallel lanes") */
    for (c->lane = 0; c->lane < c->lanes; c->lane++) {
        for (int t = 0; t < es->n_in; t++) {
            c->ref[t] = NO_STRM;
            c->lvl[t] = 0;
        }
        for (int p = 0; p < c->n; p++) {
            if (iterate_index(c, p))
                goto done;
            if (p == 0 && c->lanes > 1)
                sg_lw_lanes_filter(c);
        }
        for (int t = 0; t < es->n_in; t++) {
            sg_node n;
            sg_graph_node_init(&n, SG_NK_ARRAYVALS);
            snprintf(n.tensor, sizeof n.tensor, "%s", es->in[t].name);
            int id = sg_lw_node_add(c, &n);
            sg_lw_use_ref(c, c->ref[t], id, 0);
            c->val[t] = (strm){id, 0};
        }
        strm total = total_value(c, scatter, last);
        if (scatter)
            sg_lw_construct_spacc(c, total, last);
        else
            sg_lw_construct_direct(c, total);
    }
    if (c->lanes > 1 && sg_lw_lanes_serialize(c, e) < 0)
        goto done;
    sg_lw_emit_edges(c);
    rc = 0;
done:
    free(c->u);
    free(c->fromred);
    free(c);
    if (rc)
        sg_graph_free(g);
    return rc;
}
