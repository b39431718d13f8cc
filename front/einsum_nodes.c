/*
 * einsum_nodes.c - the einsum lowering's node constructors (scanners,
 * joiners, ALUs, reducers), its stream uses and how they become edges and
 * broadcasts (see einsum_lw.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/einsum_lw.h"

/* ---- edges and broadcasts ------------------------------------------------ */

void sg_lw_use_add(lw *c, strm src, int dst, int dst_port,
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
    int k = sg_graph_connect(c->g, src, sport, dst, dport, type);
    sg_edge *ed = &c->g->edges[k];
    snprintf(ed->comment, sizeof ed->comment, "%s", comment);
    if (comment[0])
        snprintf(ed->label, sizeof ed->label, "%s_%s", sg_stream_kind_name(type),
                 comment);
    else
        snprintf(ed->label, sizeof ed->label, "%s", sg_stream_kind_name(type));
    const char *dash = strrchr(comment, '-');
    snprintf(ed->tag, sizeof ed->tag, "%s", dash ? dash + 1 : comment);
}

int sg_lw_node_add(lw *c, const sg_node *n)
{
    sg_node m = *n;
    m.id = (int)c->g->n_nodes;
    int id = sg_graph_add_node(c->g, &m);
    sg_grow((void **)&c->fromred, &c->capred, (size_t)id + 1, 1);
    c->fromred[id] = 0;
    return id;
}

/* Turn the uses into edges; a stream with several consumers goes through a
 * broadcast node (edges keep the order of the uses). */
void sg_lw_emit_edges(lw *c)
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
            sg_graph_node_init(&b, SG_NK_BROADCAST);
            b.stream = u->type;
            bnode[first] = sg_lw_node_add(c, &b);
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
            else if (sn->kind == SG_NK_SERIALIZE && u->src.port == 1)
                snprintf(cm, sizeof cm, "lane");
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

void sg_lw_level_node(sg_node *n, sg_node_kind kind, const sg_einsum_tensor *t, int l, char v)
{
    sg_graph_node_init(n, kind);
    n->index = v;
    snprintf(n->tensor, sizeof n->tensor, "%s", t->name);
    n->mode = t->fmt.mode[l];
    n->format = t->fmt.level[l];
}

int sg_lw_new_scanner(lw *c, int k, char v)
{
    const sg_einsum_tensor *t = &c->es->in[k];
    int l = c->lvl[k]++;
    sg_node n;
    sg_lw_level_node(&n, SG_NK_FIBERLOOKUP, t, l, v);
    n.src = 1;
    n.root = c->ref[k].node < 0;
    int id = sg_lw_node_add(c, &n);
    if (!n.root)
        sg_lw_use_ref(c, c->ref[k], id, 0);
    return id;
}

/* Joiner over operands (tensor k, crd stream, ref stream); fills the new
 * refs in nref[k].  Returns the node. */
static int new_joiner(lw *c, sg_node_kind kind, char v, int nop,
                      const int *k, const strm *crd, const strm *ref,
                      strm *nref, char fmt)
{
    int ord[SG_MAX_OPERANDS];
    for (int a = 0; a < nop; a++)
        ord[a] = a;
    for (int a = 1; a < nop; a++)          /* sort operands by tensor name */
        for (int b = a; b > 0 && strcmp(c->es->in[k[ord[b - 1]]].label,
                                        c->es->in[k[ord[b]]].label) > 0; b--) {
            int t = ord[b];
            ord[b] = ord[b - 1];
            ord[b - 1] = t;
        }
    sg_node n;
    sg_graph_node_init(&n, kind);
    n.index = v;
    n.format = fmt;
    n.n_operands = nop;
    for (int a = 0; a < nop; a++)
        snprintf(n.operand[a], SG_NAME_MAX, "%s", c->es->in[k[ord[a]]].label);
    sg_graph_node_ports(&n);
    int id = sg_lw_node_add(c, &n);
    for (int a = 0; a < nop; a++) {
        int o = ord[a];
        const char *nm = c->es->in[k[o]].label;
        sg_lw_use_add(c, crd[o], id, 2 * a, fmt == SG_LVL_BITVECTOR ? SG_ST_BV : SG_ST_CRD,
                      "in-%s", nm);
        sg_lw_use_add(c, ref[o], id, 2 * a + 1, SG_ST_REF, "in-%s", nm);
        nref[k[o]] = (strm){id, 1 + a};
    }
    return id;
}

/* Join n operands.  The golden model and the RTL take joiners of 2 or 3
 * operands, so more are joined as a chain: the first n-1 operands, then
 * the last one against pairs of their refs (every pair's joiner sees the
 * same coordinate streams, so all give the same coordinates; the first one's
 * coordinates are used).  Returns the coordinate output. */
strm sg_lw_join_ops(lw *c, sg_node_kind kind, char v, int n, const int *k,
                     const strm *crd, const strm *ref, strm *nref)
{
    if (n <= 3)
        return (strm){new_joiner(c, kind, v, n, k, crd, ref, nref, 0), 0};
    strm K = sg_lw_join_ops(c, kind, v, n - 1, k, crd, ref, nref);
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
        int j = new_joiner(c, kind, v, m + 1, k2, c2, r2, tmp, 0);
        for (int b = 0; b < m; b++)
            nref[k[a + b]] = tmp[k[a + b]];
        if (a == 0) {
            nref[k[n - 1]] = tmp[k[n - 1]];
            out = (strm){j, 0};
        }
    }
    return out;
}

strm sg_lw_join_bv(lw *c, sg_node_kind kind, char v, int n, const int *k,
                   const strm *bv, const strm *ref, strm *nref)
{
    return (strm){new_joiner(c, kind, v, n, k, bv, ref, nref, SG_LVL_BITVECTOR), 0};
}

/* Comment for a ref edge out of stream s ("out-B" from a joiner). */
void sg_lw_use_ref(lw *c, strm s, int dst, int port)
{
    const sg_node *n = &c->g->nodes[s.node];
    if ((n->kind == SG_NK_INTERSECT || n->kind == SG_NK_UNION) && s.port > 0)
        sg_lw_use_add(c, s, dst, port, SG_ST_REF, "out-%s", n->operand[s.port - 1]);
    else
        sg_lw_use_add(c, s, dst, port, SG_ST_REF, "%s", "");
}

int sg_lw_new_alu(lw *c, sg_alu_op op, strm a, strm b)
{
    sg_node n;
    sg_graph_node_init(&n, SG_NK_ALU);
    n.op = op;
    sg_graph_node_ports(&n);
    int id = sg_lw_node_add(c, &n);
    sg_lw_use_add(c, a, id, 0, SG_ST_VAL, "%s", "");
    sg_lw_use_add(c, b, id, 1, SG_ST_VAL, "%s", "");
    c->fromred[id] = c->fromred[a.node] | c->fromred[b.node];
    return id;
}

int sg_lw_new_scale(lw *c, int64_t k, strm a)
{
    sg_node n;
    sg_graph_node_init(&n, SG_NK_ALU);
    n.op = SG_ALU_SMUL;
    n.cnst = k;
    n.has_cnst = 1;
    snprintf(n.cnst_text, sizeof n.cnst_text, "%lld", (long long)k);
    snprintf(n.cnst_attr, sizeof n.cnst_attr, "in2");
    sg_graph_node_ports(&n);
    int id = sg_lw_node_add(c, &n);
    sg_lw_use_add(c, a, id, 0, SG_ST_VAL, "%s", "");
    c->fromred[id] = c->fromred[a.node];
    return id;
}

int sg_lw_new_reduce(lw *c, strm a)
{
    sg_node n;
    sg_graph_node_init(&n, SG_NK_REDUCE);
    int id = sg_lw_node_add(c, &n);
    sg_lw_use_add(c, a, id, 0, SG_ST_VAL, "%s", "");
    c->fromred[id] = 1;
    return id;
}

/* a - b.  Custard's DOT text does not say which operand of add sub=1 is the
 * minuend, and readers (the golden model, the reference's apps) take the
 * operand that comes from a reducer as the subtrahend when only one does
 * (x = b - C*d).  When the minuend is the reduced one, a - b is written as
 * a + (-1)*b so that the graph means the same to every reader. */
int sg_lw_new_sub(lw *c, strm a, strm b)
{
    if (c->fromred[a.node] && !c->fromred[b.node])
        return sg_lw_new_alu(c, SG_ALU_ADD, a, (strm){sg_lw_new_scale(c, -1, b), 0});
    return sg_lw_new_alu(c, SG_ALU_SUB, a, b);
}
