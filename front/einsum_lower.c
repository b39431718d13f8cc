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
 * Sections: context and streams; edges and broadcasts; nodes; iteration;
 * computation; construction; driver.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/einsum.h"

/* ---- context and streams ------------------------------------------------- */

typedef struct strm {
    int node;                 /* node index, -1 = none */
    int port;
} strm;

static const strm NO_STRM = {-1, 0};

/* A consumer of a stream, turned into an edge (or a broadcast) at the end. */
typedef struct use {
    strm src;
    int dst, dst_port;
    sg_stream_kind type;
    char comment[48];
} use;

typedef struct lw {
    const sg_einsum *es;
    sg_graph *g;
    sg_err *e;
    use *u;
    size_t nu, capu;
    const char *L;                        /* loop order */
    int n;                                /* number of loop indices */
    unsigned outmask;                     /* loop positions of output indices */
    unsigned rmask[SG_EINSUM_MAX_TERMS];  /* reduction positions per term */
    int term_of[SG_EINSUM_MAX_TENSORS];   /* the term each tensor is in */
    unsigned scope[SG_EINSUM_MAX_TENSORS];
    strm ref[SG_EINSUM_MAX_TENSORS];      /* current ref of each tensor */
    int lvl[SG_EINSUM_MAX_TENSORS];       /* next storage level */
    strm val[SG_EINSUM_MAX_TENSORS];
    strm crd[SG_EINSUM_MAX_INDEX];        /* merged crd per loop position */
    int isect[SG_EINSUM_MAX_INDEX];       /* it comes from an intersect */
    unsigned char *fromred;               /* per node: value from a reducer */
    size_t capred;
} lw;

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

static int lpos(const lw *c, char v)
{
    const char *q = strchr(c->L, v);
    return q ? (int)(q - c->L) : -1;
}

static int tensor_has(const sg_einsum_tensor *t, char v)
{
    return t->order > 0 && memchr(t->idx, v, (size_t)t->order) != NULL;
}

/* ---- edges and broadcasts ------------------------------------------------ */

static void use_add(lw *c, strm src, int dst, int dst_port,
                    sg_stream_kind type, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
static void use_add(lw *c, strm src, int dst, int dst_port,
                    sg_stream_kind type, const char *fmt, ...)
{
    sg_grow((void **)&c->u, &c->capu, c->nu + 1, sizeof *c->u);
    use *u = &c->u[c->nu++];
    memset(u, 0, sizeof *u);
    u->src = src;
    u->dst = dst;
    u->dst_port = dst_port;
    u->type = type;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(u->comment, sizeof u->comment, fmt, ap);
    va_end(ap);
}

static void edge_add(lw *c, int src, int sport, int dst, int dport,
                     sg_stream_kind type, const char *comment)
{
    sg_edge ed;
    memset(&ed, 0, sizeof ed);
    ed.src = src;
    ed.dst = dst;
    ed.src_port = sport;
    ed.dst_port = dport;
    ed.type = type;
    snprintf(ed.comment, sizeof ed.comment, "%s", comment);
    if (comment[0])
        snprintf(ed.label, sizeof ed.label, "%s_%s", sg_stream_kind_name(type),
                 comment);
    else
        snprintf(ed.label, sizeof ed.label, "%s", sg_stream_kind_name(type));
    const char *dash = strrchr(comment, '-');
    snprintf(ed.tag, sizeof ed.tag, "%s", dash ? dash + 1 : comment);
    graph_add_edge(c->g, &ed);
}

static int node_add(lw *c, const sg_node *n)
{
    sg_node m = *n;
    m.id = (int)c->g->n_nodes;
    int id = graph_add_node(c->g, &m);
    sg_grow((void **)&c->fromred, &c->capred, (size_t)id + 1, 1);
    c->fromred[id] = 0;
    return id;
}

/* Turn the uses into edges; a stream with several consumers goes through a
 * broadcast node (edges keep the order of the uses). */
static void emit_edges(lw *c)
{
    size_t n = c->nu;
    int *bc = sg_malloc((n ? n : 1) * sizeof *bc);      /* broadcast of use */
    int *cnt = sg_calloc(n ? n : 1, sizeof *cnt);
    int *next = sg_calloc(n ? n : 1, sizeof *next);
    for (size_t i = 0; i < n; i++) {
        bc[i] = -1;
        for (size_t j = 0; j < i; j++)
            if (c->u[j].src.node == c->u[i].src.node &&
                c->u[j].src.port == c->u[i].src.port) {
                cnt[j]++;
                bc[i] = (int)j;             /* first use of the same stream */
                break;
            }
    }
    int *bnode = sg_malloc((n ? n : 1) * sizeof *bnode);
    for (size_t i = 0; i < n; i++)
        bnode[i] = -1;
    for (size_t i = 0; i < n; i++) {
        use *u = &c->u[i];
        size_t first = bc[i] < 0 ? i : (size_t)bc[i];
        if (cnt[first] == 0) {
            edge_add(c, u->src.node, u->src.port, u->dst, u->dst_port, u->type,
                     u->comment);
            continue;
        }
        if (bnode[first] < 0) {
            sg_node b;
            graph_node_init(&b, SG_NK_BROADCAST);
            b.stream = u->type;
            bnode[first] = node_add(c, &b);
            /* The edge into the broadcast names the source port where the
             * source has several of that type. */
            const sg_node *sn = &c->g->nodes[u->src.node];
            char cm[48] = "";
            if ((sn->kind == SG_NK_INTERSECT || sn->kind == SG_NK_UNION) &&
                u->src.port > 0)
                snprintf(cm, sizeof cm, "out-%s", sn->operand[u->src.port - 1]);
            else if (sn->kind == SG_NK_CRDDROP || sn->kind == SG_NK_CRDHOLD)
                snprintf(cm, sizeof cm, "%s-%c", u->src.port ? "inner" : "outer",
                         u->src.port ? sn->inner : sn->outer);
            edge_add(c, u->src.node, u->src.port, bnode[first], 0, u->type, cm);
        }
        edge_add(c, bnode[first], next[first]++, u->dst, u->dst_port, u->type,
                 u->comment);
    }
    free(bc);
    free(cnt);
    free(next);
    free(bnode);
}

/* ---- nodes --------------------------------------------------------------- */

static void use_ref(lw *c, strm s, int dst, int port);

static int new_scanner(lw *c, int k, char v)
{
    const sg_einsum_tensor *t = &c->es->in[k];
    int l = c->lvl[k]++;
    sg_node n;
    graph_node_init(&n, SG_NK_FIBERLOOKUP);
    n.index = v;
    snprintf(n.tensor, sizeof n.tensor, "%s", t->name);
    n.mode = t->fmt.mode[l];
    n.format = t->fmt.level[l];
    n.src = 1;
    n.root = c->ref[k].node < 0;
    int id = node_add(c, &n);
    if (!n.root)
        use_ref(c, c->ref[k], id, 0);
    return id;
}

/* Joiner over operands (tensor k, crd stream, ref stream); fills the new
 * refs in nref[k].  Returns the node. */
static int new_joiner(lw *c, sg_node_kind kind, char v, int nop,
                      const int *k, const strm *crd, const strm *ref,
                      strm *nref)
{
    int ord[SG_MAX_OPERANDS];
    for (int a = 0; a < nop; a++)
        ord[a] = a;
    for (int a = 1; a < nop; a++)          /* sort operands by tensor name */
        for (int b = a; b > 0 && strcmp(c->es->in[k[ord[b - 1]]].name,
                                        c->es->in[k[ord[b]]].name) > 0; b--) {
            int t = ord[b];
            ord[b] = ord[b - 1];
            ord[b - 1] = t;
        }
    sg_node n;
    graph_node_init(&n, kind);
    n.index = v;
    n.n_operands = nop;
    for (int a = 0; a < nop; a++)
        snprintf(n.operand[a], SG_NAME_MAX, "%s", c->es->in[k[ord[a]]].name);
    graph_node_ports(&n);
    int id = node_add(c, &n);
    for (int a = 0; a < nop; a++) {
        int o = ord[a];
        const char *nm = c->es->in[k[o]].name;
        use_add(c, crd[o], id, 2 * a, SG_ST_CRD, "in-%s", nm);
        use_add(c, ref[o], id, 2 * a + 1, SG_ST_REF, "in-%s", nm);
        nref[k[o]] = (strm){id, 1 + a};
    }
    return id;
}

/* Join n operands.  The golden model and the RTL take joiners of 2 or 3
 * operands, so more are joined as a chain: the first n-1 operands, then
 * the last one against pairs of their refs (every pair's joiner sees the
 * same coordinate streams, so all give the same coordinates; the first one's
 * coordinates are used).  Returns the coordinate output. */
static strm join_ops(lw *c, sg_node_kind kind, char v, int n, const int *k,
                     const strm *crd, const strm *ref, strm *nref)
{
    if (n <= 3)
        return (strm){new_joiner(c, kind, v, n, k, crd, ref, nref), 0};
    strm K = join_ops(c, kind, v, n - 1, k, crd, ref, nref);
    strm out = NO_STRM;
    for (int a = 0; a < n - 1; a += 2) {
        int m = n - 1 - a >= 2 ? 2 : 1;
        int k2[3];
        strm c2[3], r2[3], tmp[SG_EINSUM_MAX_TENSORS];
        for (int b = 0; b < m; b++) {
            k2[b] = k[a + b];
            c2[b] = K;
            r2[b] = nref[k[a + b]];
        }
        k2[m] = k[n - 1];
        c2[m] = crd[n - 1];
        r2[m] = ref[n - 1];
        int j = new_joiner(c, kind, v, m + 1, k2, c2, r2, tmp);
        for (int b = 0; b < m; b++)
            nref[k[a + b]] = tmp[k[a + b]];
        if (a == 0) {
            nref[k[n - 1]] = tmp[k[n - 1]];
            out = (strm){j, 0};
        }
    }
    return out;
}

/* Comment for a ref edge out of stream s ("out-B" from a joiner). */
static void use_ref(lw *c, strm s, int dst, int port)
{
    const sg_node *n = &c->g->nodes[s.node];
    if ((n->kind == SG_NK_INTERSECT || n->kind == SG_NK_UNION) && s.port > 0)
        use_add(c, s, dst, port, SG_ST_REF, "out-%s", n->operand[s.port - 1]);
    else
        use_add(c, s, dst, port, SG_ST_REF, "%s", "");
}

static int new_alu(lw *c, sg_alu_op op, strm a, strm b)
{
    sg_node n;
    graph_node_init(&n, SG_NK_ALU);
    n.op = op;
    graph_node_ports(&n);
    int id = node_add(c, &n);
    use_add(c, a, id, 0, SG_ST_VAL, "%s", "");
    use_add(c, b, id, 1, SG_ST_VAL, "%s", "");
    c->fromred[id] = c->fromred[a.node] | c->fromred[b.node];
    return id;
}

static int new_scale(lw *c, int64_t k, strm a)
{
    sg_node n;
    graph_node_init(&n, SG_NK_ALU);
    n.op = SG_ALU_SMUL;
    n.cnst = k;
    n.has_cnst = 1;
    snprintf(n.cnst_text, sizeof n.cnst_text, "%lld", (long long)k);
    snprintf(n.cnst_attr, sizeof n.cnst_attr, "in2");
    graph_node_ports(&n);
    int id = node_add(c, &n);
    use_add(c, a, id, 0, SG_ST_VAL, "%s", "");
    c->fromred[id] = c->fromred[a.node];
    return id;
}

static int new_reduce(lw *c, strm a)
{
    sg_node n;
    graph_node_init(&n, SG_NK_REDUCE);
    int id = node_add(c, &n);
    use_add(c, a, id, 0, SG_ST_VAL, "%s", "");
    c->fromred[id] = 1;
    return id;
}

/* a - b.  Custard's DOT text does not say which operand of add sub=1 is the
 * minuend, and readers (the golden model, the reference's apps) take the
 * operand that comes from a reducer as the subtrahend when only one does
 * (x = b - C*d).  When the minuend is the reduced one, a - b is written as
 * a + (-1)*b so that the graph means the same to every reader. */
static int new_sub(lw *c, strm a, strm b)
{
    if (c->fromred[a.node] && !c->fromred[b.node])
        return new_alu(c, SG_ALU_ADD, a, (strm){new_scale(c, -1, b), 0});
    return new_alu(c, SG_ALU_SUB, a, b);
}

/* ---- iteration ----------------------------------------------------------- */

/* Terms of the sum whose scope holds loop position p. */
static int term_in_scope(const lw *c, int t, int p)
{
    return ((c->outmask | c->rmask[t]) >> p) & 1u;
}

static int iterate_index(lw *c, int p)
{
    const sg_einsum *es = c->es;
    char v = c->L[p];
    int scan[SG_EINSUM_MAX_TENSORS];
    for (int k = 0; k < es->n_in; k++) {
        scan[k] = -1;
        if (tensor_has(&es->in[k], v))
            scan[k] = new_scanner(c, k, v);
    }
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
        if (nk == 1) {
            tcrd[t] = kc[0];
        } else {
            tcrd[t] = join_ops(c, SG_NK_INTERSECT, v, nk, ks, kc, kr, nref);
            isect = 1;
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
        c->crd[p] = join_ops(c, SG_NK_UNION, v, nk, ks, kc, kr, nref);
        c->isect[p] = 0;
    } else if (lastterm >= 0) {
        c->crd[p] = tcrd[lastterm];
        c->isect[p] = isect;
    }
    for (int k = 0; k < es->n_in; k++)
        if (scan[k] >= 0)
            c->ref[k] = nref[k];
    /* Tensors in scope without v are repeated over it. */
    strm repsig = NO_STRM;
    for (int k = 0; k < es->n_in; k++) {
        if (scan[k] >= 0 || !((c->scope[k] >> p) & 1u))
            continue;
        if (repsig.node < 0) {
            sg_node n;
            graph_node_init(&n, SG_NK_REPSIGGEN);
            n.index = v;
            repsig = (strm){node_add(c, &n), 0};
            use_add(c, c->crd[p], repsig.node, 0, SG_ST_CRD, "%s", "");
        }
        sg_node n;
        graph_node_init(&n, SG_NK_REPEAT);
        n.index = v;
        snprintf(n.tensor, sizeof n.tensor, "%s", es->in[k].name);
        n.root = c->ref[k].node < 0;
        int id = node_add(c, &n);
        if (!n.root)
            use_ref(c, c->ref[k], id, 0);
        use_add(c, repsig, id, 1, SG_ST_REPSIG, "%s", "");
        c->ref[k] = (strm){id, 0};
    }
    return 0;
}

/* ---- computation --------------------------------------------------------- */

/* The value stream of term t (sign not applied). */
static strm term_value(lw *c, int t)
{
    const sg_einsum_term *tm = &c->es->term[t];
    strm v = c->val[tm->factor[0]];
    for (int f = 1; f < tm->n_factors; f++)
        v = (strm){new_alu(c, SG_ALU_MUL, v, c->val[tm->factor[f]]), 0};
    if (tm->has_cnst && tm->cnst != 1)
        v = (strm){new_scale(c, tm->cnst, v), 0};
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
            acc = (strm){s == *sign ? new_alu(c, SG_ALU_ADD, acc, tv)
                                    : new_sub(c, acc, tv), 0};
        }
    }
    for (int p = c->n - 1; p >= 0; p--)
        if ((redmask >> p) & 1u)
            acc = (strm){new_reduce(c, acc), 0};
    return acc;
}

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

static char out_level_index(const lw *c, int l)
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
        char v = out_level_index(c, l), d[64];
        dim_name(c, v, d, sizeof d);
        sg_node n;
        graph_node_init(&n, SG_NK_FIBERWRITE);
        n.index = v;
        snprintf(n.tensor, sizeof n.tensor, "%s", o->name);
        n.mode = o->fmt.mode[l];
        n.format = o->fmt.level[l];
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
        w[l] = node_add(c, &n);
    }
    sg_node n;
    graph_node_init(&n, SG_NK_FIBERWRITE);
    n.is_vals = 1;
    n.mode = -1;
    snprintf(n.tensor, sizeof n.tensor, "%s", o->name);
    n.sink = 1;
    if (o->order)
        cat2(n.size, sizeof n.size, "1*", prod);
    else
        snprintf(n.size, sizeof n.size, "1");
    w[o->order] = node_add(c, &n);
}

/* Concordant result: writers fed by the merged coordinates, crddrop where an
 * inner level may leave an outer coordinate with an empty fiber. */
static void construct_direct(lw *c, strm value)
{
    const sg_einsum_tensor *o = &c->es->out;
    int w[SG_MAX_ORDER + 1];
    strm s[SG_MAX_ORDER];
    char sc[SG_MAX_ORDER][16];            /* comment for the edge from s[l] */
    int empty = 0;                        /* level l+1 may hold empty fibers */
    new_writers(c, w);
    for (int l = 0; l < o->order; l++) {
        s[l] = c->crd[lpos(c, out_level_index(c, l))];
        sc[l][0] = '\0';
    }
    for (int l = o->order - 2; l >= 0; l--) {
        char vo = out_level_index(c, l), vi = out_level_index(c, l + 1);
        empty = empty || c->isect[lpos(c, vi)];
        if (!empty)
            continue;
        sg_node n;
        graph_node_init(&n, SG_NK_CRDDROP);
        n.outer = vo;
        n.inner = vi;
        int id = node_add(c, &n);
        const sg_node *so = &c->g->nodes[s[l].node];
        int joined = so->kind == SG_NK_INTERSECT || so->kind == SG_NK_UNION;
        use_add(c, s[l], id, 0, SG_ST_CRD, joined ? "in-%c" : "%c", vo);
        if (sc[l + 1][0])
            use_add(c, s[l + 1], id, 1, SG_ST_CRD, "%s", sc[l + 1]);
        else {
            const sg_node *si = &c->g->nodes[s[l + 1].node];
            int j2 = si->kind == SG_NK_INTERSECT || si->kind == SG_NK_UNION;
            use_add(c, s[l + 1], id, 1, SG_ST_CRD, j2 ? "in-%c" : "%c", vi);
        }
        s[l] = (strm){id, 0};
        snprintf(sc[l], sizeof sc[l], "outer-%c", vo);
        s[l + 1] = (strm){id, 1};
        snprintf(sc[l + 1], sizeof sc[l + 1], "inner-%c", vi);
    }
    for (int l = 0; l < o->order; l++)
        use_add(c, s[l], w[l], 0, SG_ST_CRD, "%s", sc[l]);
    use_add(c, value, w[o->order], 0, SG_ST_VAL, "%s", "");
}

/* Scattering result (order 1 or 2): crdhold chains and a spaccumulator. */
static void construct_spacc(lw *c, strm value, int last)
{
    const sg_einsum_tensor *o = &c->es->out;
    char o0 = out_level_index(c, 0);
    char o1 = o->order == 2 ? out_level_index(c, 1) : 0;
    char in0 = o->order == 2 ? o1 : o0, in1 = o->order == 2 ? o0 : 0;
    sg_node n;
    graph_node_init(&n, SG_NK_SPACC);
    n.order = (o->order == 2 && c->L[0] != o0) ? 2 : 1;
    n.in0 = in0;
    n.in1 = in1;
    int sp = node_add(c, &n);
    int ignored = 3;
    /* Port and comment of the spacc input for coordinates of index v. */
#define SP_PORT(v) ((v) == in1 ? 0 : (v) == in0 ? 1 : ignored++)
    char held = 0;                 /* output index that needs holding */
    int hpos = last;
    if (o->order == 2) {
        held = c->L[last] == o0 ? o1 : o0;
        hpos = lpos(c, held);
    }
    for (int p = 0; p < hpos; p++) {      /* reductions above everything */
        char v = c->L[p];
        use_add(c, c->crd[p], sp, SP_PORT(v), SG_ST_CRD, "%c", v);
    }
    if (o->order == 1 || hpos == last) {
        char v = c->L[last];
        use_add(c, c->crd[last], sp, SP_PORT(v), SG_ST_CRD, "%c", v);
    } else {
        strm h = c->crd[hpos];
        int h_is_hold = 0;
        for (int p = hpos + 1; p <= last; p++) {
            char v = c->L[p];
            sg_node hn;
            graph_node_init(&hn, SG_NK_CRDHOLD);
            hn.outer = held;
            hn.inner = v;
            int id = node_add(c, &hn);
            use_add(c, h, id, 0, SG_ST_CRD, h_is_hold ? "outer-%c" : "%c", held);
            use_add(c, c->crd[p], id, 1, SG_ST_CRD, "%c", v);
            h = (strm){id, 0};
            h_is_hold = 1;
            /* The inner copy goes to the accumulator. */
            int port = SP_PORT(v);
            use_add(c, (strm){id, 1}, sp, port, SG_ST_CRD, "%s-%c",
                    port == 0 ? "outer" : "inner", v);
        }
        use_add(c, h, sp, held == in1 ? 0 : 1, SG_ST_CRD, "%s-%c",
                held == in1 ? "outer" : "inner", held);
    }
#undef SP_PORT
    use_add(c, value, sp, 2, SG_ST_VAL, "%s", "");
    int w[SG_MAX_ORDER + 1];
    new_writers(c, w);
    if (o->order == 2) {
        use_add(c, (strm){sp, 0}, w[1], 0, SG_ST_CRD, "out-%c", in0);
        use_add(c, (strm){sp, 1}, w[0], 0, SG_ST_CRD, "out-%c", in1);
    } else {
        use_add(c, (strm){sp, 0}, w[0], 0, SG_ST_CRD, "out-%c", in0);
    }
    use_add(c, (strm){sp, 2}, w[o->order], 0, SG_ST_VAL, "%s", "");
}

/* ---- driver -------------------------------------------------------------- */

/* Scopes, reduction sets and the checks that need them. */
static int analyse(lw *c)
{
    const sg_einsum *es = c->es;
    for (int m = 0; m < es->out.order; m++)
        c->outmask |= 1u << lpos(c, es->out.idx[m]);
    for (int k = 0; k < es->n_in; k++)
        c->term_of[k] = -1;
    for (int t = 0; t < es->n_terms; t++) {
        const sg_einsum_term *tm = &es->term[t];
        for (int f = 0; f < tm->n_factors; f++) {
            int k = tm->factor[f];
            const sg_einsum_tensor *x = &es->in[k];
            if (c->term_of[k] >= 0 && c->term_of[k] != t)
                return lerr(c, "'%s' appears in more than one term; give "
                            "each term its own tensors", x->name);
            c->term_of[k] = t;
            for (int m = 0; m < x->order; m++)
                if (!((c->outmask >> lpos(c, x->idx[m])) & 1u))
                    c->rmask[t] |= 1u << lpos(c, x->idx[m]);
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

int einsum_lower(const sg_einsum *es, const char *name, sg_graph *g,
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

    /* Header comment and tensor declarations: result first. */
    size_t k = 0;
    for (int t = -1; t < es->n_in; t++) {
        const sg_einsum_tensor *x = t < 0 ? &es->out : &es->in[t];
        char f[2 * SG_MAX_ORDER + 1];
        sg_format_str(&x->fmt, f);
        k += (size_t)snprintf(g->comment + k, sizeof g->comment - k, "%s%s=%s",
                              t < 0 ? "" : ",", x->name, f);
        if (k >= sizeof g->comment)
            k = sizeof g->comment - 1;
        sg_tensor_decl *d = &g->tensors[g->n_tensors++];
        snprintf(d->name, sizeof d->name, "%s", x->name);
        d->fmt = x->fmt;
        d->is_output = t < 0;
    }

    /* Where the result's coordinates come from. */
    const sg_einsum_tensor *o = &es->out;
    int last = -1, concordant = 1, inner_red = 0;
    for (int l = 0; l < o->order; l++) {
        int p = lpos(c, out_level_index(c, l));
        if (p < last)
            concordant = 0;
        if (p > last)
            last = p;
    }
    unsigned allred = 0;
    for (int t = 0; t < es->n_terms; t++)
        allred |= c->rmask[t];
    for (int p = 0; p < last; p++)
        if ((allred >> p) & 1u)
            inner_red = 1;
    int scatter = o->order > 0 && (!concordant || inner_red);
    if (scatter) {
        for (int t = 1; t < es->n_terms; t++)
            if (c->rmask[t] != c->rmask[0]) {
                lerr(c, "the loop order '%s' scatters into '%s', which needs "
                     "every term to reduce over the same indices", c->L,
                     o->name);
                goto done;
            }
        if (o->order > 2) {
            lerr(c, "the loop order '%s' scatters into '%s' (order %d); the "
                 "sparse accumulators hold vectors and matrices only; visit "
                 "the result's indices first, in its storage order", c->L,
                 o->name, o->order);
            goto done;
        }
    }

    for (int t = 0; t < es->n_in; t++)
        c->ref[t] = NO_STRM;
    for (int p = 0; p < c->n; p++)
        if (iterate_index(c, p))
            goto done;
    for (int t = 0; t < es->n_in; t++) {
        sg_node n;
        graph_node_init(&n, SG_NK_ARRAYVALS);
        snprintf(n.tensor, sizeof n.tensor, "%s", es->in[t].name);
        int id = node_add(c, &n);
        use_ref(c, c->ref[t], id, 0);
        c->val[t] = (strm){id, 0};
    }

    /* Values: groups of terms with equal reduction sets, in order. */
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
            total = (strm){s == tsign ? new_alu(c, SG_ALU_ADD, total, gv)
                                      : new_sub(c, total, gv), 0};
        }
    }
    if (tsign < 0)
        total = (strm){new_scale(c, -1, total), 0};

    if (scatter)
        construct_spacc(c, total, last);
    else
        construct_direct(c, total);
    emit_edges(c);
    rc = 0;
done:
    free(c->u);
    free(c->fromred);
    free(c);
    if (rc)
        graph_free(g);
    return rc;
}
