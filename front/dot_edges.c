/*
 * dot_edges.c - the DOT reader's edges: each cgraph edge becomes an sg_edge
 * bound to a source and a destination port by its index tag (graph.h), in
 * file order, with the line of its statement.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/dot_read.h"

/* ---- edges and ports ------------------------------------------------------ */

/* Index tag of an edge (graph.h): text after the last '-' of the comment,
 * or the comment; without a comment, the label's suffix after '_'/'-'. */
static void edge_tag(const char *comment, const char *label, char *tag,
                     size_t cap)
{
    const char *t = "";
    if (*comment) {
        const char *dash = strrchr(comment, '-');
        t = dash ? dash + 1 : comment;
    } else if (*label) {
        const char *u = strrchr(label, '_'), *d = strrchr(label, '-');
        const char *m = u > d ? u : d;
        t = m ? m + 1 : "";
    }
    sg_dot_copy_cut(tag, cap, t);
}

/* Does edge e name index variable x by its tag (exact), or, for hand-edited
 * graphs with typos ("outer_i", "crddrp-crd-j-out"), by any one-letter word
 * of its comment (or label when there is no comment)?  loose selects. */
static int tag_is(const sg_edge *e, char x, int loose)
{
    if (!x)
        return 0;
    if (e->tag[0] == x && e->tag[1] == 0)
        return 1;
    if (!loose)
        return 0;
    const char *s = e->comment[0] ? e->comment : e->label;
    for (const char *p = s; *p; p++) {
        int start = p == s || p[-1] == '-' || p[-1] == '_';
        int end = p[1] == 0 || p[1] == '-' || p[1] == '_';
        if (start && end && *p == x)
            return 1;
    }
    return 0;
}

/* Port of a crddrop/crdhold edge: 0 outer, 1 inner, -1 unknown. */
static int tag_outer_inner(const sg_node *n, const sg_edge *e)
{
    int vin = n->inner == 'v';
    for (int loose = 0; loose < 2; loose++) {
        int o = e->type != SG_ST_VAL && tag_is(e, n->outer, loose);
        int i = vin ? (e->type == SG_ST_VAL || strcmp(e->tag, "val") == 0 ||
                       strcmp(e->tag, "vals") == 0)
                    : tag_is(e, n->inner, loose);
        if (o && !i)
            return 0;
        if (i && !o)
            return 1;
    }
    return -1;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp((const char *)a, (const char *)b);
}

/* Collect a joiner's operand tensors from its input edges' tags. */
static int joiner_operands(rd *r, int ni)
{
    sg_graph *g = r->g;
    sg_node *n = &g->nodes[ni];
    n->n_operands = 0;
    for (size_t i = 0; i < g->n_edges; i++) {
        sg_edge *e = &g->edges[i];
        if (e->dst != ni || !e->tag[0])
            continue;
        if (sg_graph_operand_index(n, e->tag) >= 0)
            continue;
        if (n->n_operands == SG_MAX_OPERANDS)
            return sg_errf(r->e, r->path, n->line,
                           "node %d: %s has more than %d operands", n->id,
                           n->type, SG_MAX_OPERANDS);
        sg_dot_copy_cut(n->operand[n->n_operands++], SG_NAME_MAX, e->tag);
    }
    qsort(n->operand, (size_t)n->n_operands, sizeof n->operand[0], cmp_str);
    return 0;
}

/* A serializer's lane stream is the edge tagged "lane"; its other inputs
 * are the lanes' streams, lane 0 first, in the order of the edges (their
 * comments are their sources' tags). */
static int is_lane_stream(const sg_edge *e)
{
    return strcmp(e->tag, "lane") == 0;
}

static int bind_in(const sg_graph *g, int ni, const sg_edge *e, int *seq)
{
    const sg_node *n = &g->nodes[ni];
    int k;
    switch (n->kind) {
    case SG_NK_FIBERLOOKUP:
        return (e->type == SG_ST_CRD && strcmp(e->tag, "skip") == 0) ? 1 : 0;
    case SG_NK_REPEAT:
        return e->type == SG_ST_REPSIG ? 1 : 0;
    case SG_NK_INTERSECT:
    case SG_NK_UNION:
        k = sg_graph_operand_index(n, e->tag);
        if (k < 0 || (e->type != SG_ST_CRD && e->type != SG_ST_REF && e->type != SG_ST_BV))
            return -1;
        return 2 * k + (e->type == SG_ST_REF);
    case SG_NK_ALU:
        return (*seq)++;
    case SG_NK_SPACC:
        if (e->type == SG_ST_VAL)
            return 2;
        if (n->in1 && tag_is(e, n->in1, 0))
            return 0;
        if (tag_is(e, n->in0, 0))
            return 1;
        return 3 + (*seq)++;
    case SG_NK_VECTORREDUCER:
        return e->type == SG_ST_VAL ? 1 : 0;
    case SG_NK_CRDDROP:
    case SG_NK_CRDHOLD:
        return tag_outer_inner(n, e);
    case SG_NK_LOCATE:
        return e->type == SG_ST_REF ? 0 : 1;
    case SG_NK_SERIALIZE:
        return (*seq)++;
    case SG_NK_SERIALIZE_LEVEL:
        return is_lane_stream(e) ? 0 : 1 + (*seq)++;
    case SG_NK_UNKNOWN:
        return (*seq)++;
    default:
        return 0;
    }
}

static int bind_out(const sg_graph *g, int ni, const sg_edge *e, int *seq)
{
    const sg_node *n = &g->nodes[ni];
    int k;
    switch (n->kind) {
    case SG_NK_FIBERLOOKUP:
        return e->type == SG_ST_REF ? 1 : 0;
    case SG_NK_FIBERWRITE:
        return -1;
    case SG_NK_SERIALIZE:
        return is_lane_stream(e) ? 1 : 0;
    case SG_NK_BROADCAST:
    case SG_NK_UNKNOWN:
        return (*seq)++;
    case SG_NK_INTERSECT:
    case SG_NK_UNION:
        if (e->type == SG_ST_CRD)
            return 0;
        k = sg_graph_operand_index(n, e->tag);
        return k < 0 ? -1 : 1 + k;
    case SG_NK_SPACC:
        if (e->type == SG_ST_VAL)
            return 2;
        if (tag_is(e, n->in0, 1))
            return 0;
        if (n->in1 && tag_is(e, n->in1, 1))
            return 1;
        return -1;
    case SG_NK_VECTORREDUCER:
        return e->type == SG_ST_VAL ? 1 : 0;
    case SG_NK_CRDDROP:
    case SG_NK_CRDHOLD:
        return tag_outer_inner(n, e);
    default:
        return 0;
    }
}

static int cmp_agedge(const void *a, const void *b)
{
    Agedge_t *x = *(Agedge_t *const *)a, *y = *(Agedge_t *const *)b;
    return (AGSEQ(x) > AGSEQ(y)) - (AGSEQ(x) < AGSEQ(y));
}

/* One cgraph edge as an sg_edge (ports not bound yet), with the line of
 * its statement.  0, or -1 on an unknown stream type. */
static int read_edge(rd *r, Agedge_t *ae, size_t *cursor, sg_edge *e)
{
    sg_graph *g = r->g;
    const char *tn = agnameof(agtail(ae)), *hn = agnameof(aghead(ae));
    long tid = sg_dot_parse_id(tn, strlen(tn)), hid = sg_dot_parse_id(hn, strlen(hn));
    memset(e, 0, sizeof *e);
    e->src = sg_graph_find_node(g, (int)tid);
    e->dst = sg_graph_find_node(g, (int)hid);
    e->line = sg_dot_edge_line(&r->si, cursor, tid, hid);
    if (!e->line)
        e->line = g->nodes[e->src].line;
    sg_dot_copy_cut(e->label, sizeof e->label, sg_dot_ag_str(ae, "label"));
    sg_dot_copy_cut(e->comment, sizeof e->comment, sg_dot_ag_str(ae, "comment"));
    const char *ty = sg_dot_ag_str(ae, "type");
    char lab_ty[16] = "";
    if (!*ty) {
        /* No type: the label's first word ("crd_in-B" -> crd). */
        size_t k = strcspn(e->label, "_- ");
        if (k < sizeof lab_ty)
            memcpy(lab_ty, e->label, k), lab_ty[k] = 0;
        ty = lab_ty;
    }
    int sk = sg_stream_kind_parse(ty);
    if (sk < 0)
        return sg_errf(r->e, r->path, e->line,
                       "edge %s -> %s: unknown stream type '%.40s' (crd, ref, val or repsig)",
                       tn, hn, ty);
    e->type = (sg_stream_kind)sk;
    edge_tag(e->comment, e->label, e->tag, sizeof e->tag);
    e->src_port = e->dst_port = -1;
    return 0;
}

/* Bind every edge to its ports (joiner operands known), then settle what
 * the inputs decide: a one-input max is ReLU, broadcasts and unknown nodes
 * get their port counts, a spaccumulator its extra inputs. */
static void bind_ports(sg_graph *g)
{
    int *in_seq = sg_calloc(g->n_nodes + 1, sizeof *in_seq);
    int *out_seq = sg_calloc(g->n_nodes + 1, sizeof *out_seq);
    int *n_val_in = sg_calloc(g->n_nodes + 1, sizeof *n_val_in);
    for (size_t i = 0; i < g->n_edges; i++) {
        sg_edge *e = &g->edges[i];
        e->dst_port = bind_in(g, e->dst, e, &in_seq[e->dst]);
        e->src_port = bind_out(g, e->src, e, &out_seq[e->src]);
        if (e->type == SG_ST_VAL)
            n_val_in[e->dst]++;
        sg_node *d = &g->nodes[e->dst];
        sg_graph_take_stream(d, e);
    }
    for (size_t ni = 0; ni < g->n_nodes; ni++) {
        sg_node *n = &g->nodes[ni];
        /* A one-input max is ReLU: max with an implied constant 0. */
        if (n->kind == SG_NK_ALU && n->op == SG_ALU_MAX && !n->has_cnst &&
            n_val_in[ni] == 1) {
            n->op = SG_ALU_SMAX;
            n->has_cnst = 1;
            n->cnst = 0;
            snprintf(n->cnst_text, sizeof n->cnst_text, "0");
        }
        if (n->kind == SG_NK_BROADCAST || n->kind == SG_NK_UNKNOWN)
            n->n_out = out_seq[ni];
        if (n->kind == SG_NK_UNKNOWN)
            n->n_in = in_seq[ni];
        if (n->kind == SG_NK_SPACC)
            n->n_in = 3 + in_seq[ni];
        if (n->kind == SG_NK_SERIALIZE || n->kind == SG_NK_SERIALIZE_LEVEL)
            n->n_in = (n->kind == SG_NK_SERIALIZE_LEVEL) + (n->lanes > 0 ? n->lanes : 0);
        sg_graph_node_ports(n);
    }
    free(n_val_in);
    free(out_seq);
    free(in_seq);
}

int sg_dot_read_edges(rd *r, Agraph_t *ag)
{
    sg_graph *g = r->g;
    int rc = -1;
    size_t ne = 0, cap = 0;
    Agedge_t **es = NULL;
    for (Agnode_t *an = agfstnode(ag); an; an = agnxtnode(ag, an))
        for (Agedge_t *ae = agfstout(ag, an); ae; ae = agnxtout(ag, ae)) {
            sg_grow((void **)&es, &cap, ne + 1, sizeof *es);
            es[ne++] = ae;
        }
    if (ne)
        qsort(es, ne, sizeof *es, cmp_agedge);
    size_t cursor = 0;
    for (size_t i = 0; i < ne; i++) {
        sg_edge e;
        if (read_edge(r, es[i], &cursor, &e) < 0)
            goto out;
        sg_grow((void **)&g->edges, &g->cap_edges, g->n_edges + 1,
                sizeof *g->edges);
        g->edges[g->n_edges++] = e;
    }
    /* Operands first (joiner ports depend on them), then ports. */
    for (size_t ni = 0; ni < g->n_nodes; ni++) {
        sg_node *n = &g->nodes[ni];
        if ((n->kind == SG_NK_INTERSECT || n->kind == SG_NK_UNION) &&
            joiner_operands(r, (int)ni) < 0)
            goto out;
    }
    bind_ports(g);
    rc = 0;
out:
    free(es);
    return rc;
}
