/*
 * einsum_lanes.c - parallel lanes (-s 'parallelize(i,L)', the SAM paper's
 * parallelizer and serializer, section 4.1).
 *
 * The lowering builds the whole datapath L times.  Each copy scans the
 * root level (the outermost loop, i) itself and keeps every L-th root
 * coordinate: a parallelize node on its merged coordinate stream and on
 * every reference it carries to the levels below (golden/prim_lanes.c).
 * The copies share the writers: the streams into each writer meet in a
 * serializer, the root coordinates in one `serialize`, which says which
 * lane each came from, and every deeper stream in a `serializelevel` that
 * takes the lanes' fibers in that order.  So the result is one stream per
 * writer, as a single lane writes it.
 */
#include <string.h>

#include "front/einsum_lw.h"

int sg_lw_lanes_check(lw *c, sg_err *e)
{
    const sg_einsum *es = c->es;
    const sg_einsum_tensor *o = &es->out;
    char v = es->par_index;
    if (c->L[0] != v)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "parallelize(%c,%d): lanes split the "
                       "outermost loop, and the loop order is '%s' (put '%c' first with "
                       "reorder(...))", v, es->lanes, c->L, v);
    if (o->order > 2)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "parallelize(%c,%d): the result %s has "
                       "order %d; lanes serialize vectors and matrices", v, es->lanes,
                       o->name, o->order);
    if (o->order < 1 || sg_lw_out_level_index(c, 0) != v)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "parallelize(%c,%d): the result's top "
                       "level must be indexed by '%c' (each lane writes whole fibers of "
                       "it)", v, es->lanes, v);
    for (int l = 0; l < o->order; l++)
        if (o->fmt.level[l] == SG_LVL_NONUNIQUE || o->fmt.level[l] == SG_LVL_SINGLETON)
            return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "parallelize(%c,%d): a COO result "
                           "(%s) is not serialized from lanes", v, es->lanes, o->name);
    return 0;
}

/* One parallelize node on stream s of this lane. */
static strm lane_filter(lw *c, strm s, sg_stream_kind type)
{
    sg_node n;
    sg_graph_node_init(&n, SG_NK_PARALLELIZE);
    n.index = c->L[0];
    n.lane = c->lane;
    n.lanes = c->lanes;
    n.stream = type;
    int id = sg_lw_node_add(c, &n);
    sg_lw_use_add(c, s, id, 0, type, "%s", "");
    return (strm){id, 0};
}

void sg_lw_lanes_filter(lw *c)
{
    const sg_einsum *es = c->es;
    if (c->crd[0].node >= 0)
        c->crd[0] = lane_filter(c, c->crd[0], SG_ST_CRD);
    for (int t = 0; t < es->n_in; t++)
        if (c->ref[t].node >= 0)
            c->ref[t] = lane_filter(c, c->ref[t], SG_ST_REF);
}

/* The serializer in front of writer port (w, 0): the lanes' uses into it
 * (in lane order) move to the serializer's inputs.  depth < 0: the root
 * serializer, whose lane stream *order receives. */
static void serialize_into(lw *c, int w, int depth, strm *order)
{
    sg_node n;
    sg_graph_node_init(&n, depth < 0 ? SG_NK_SERIALIZE : SG_NK_SERIALIZE_LEVEL);
    n.index = c->L[0];
    n.lanes = c->lanes;
    n.depth = depth < 0 ? 0 : depth;
    int id = sg_lw_node_add(c, &n);
    sg_stream_kind type = SG_ST_CRD;
    int lane = 0;
    size_t nu = c->nu;
    for (size_t k = 0; k < nu; k++) {
        use *u = &c->u[k];
        if (u->dst != w)
            continue;
        type = u->type;
        /* the comment stays its source's tag: the lanes are told apart by
         * the order of the edges */
        u->dst = id;
        u->dst_port = depth < 0 ? lane : 1 + lane;
        lane++;
    }
    c->g->nodes[id].stream = type;
    if (depth < 0)
        *order = (strm){id, 1};
    else
        sg_lw_use_add(c, *order, id, 0, SG_ST_CRD, "%s", "lane");
    sg_lw_use_add(c, (strm){id, 0}, w, 0, type, "%s", "");
}

int sg_lw_lanes_serialize(lw *c, sg_err *e)
{
    const sg_einsum_tensor *o = &c->es->out;
    strm order = NO_STRM;
    /* A crddrop in front of the top-level writer decides a root coordinate
     * when its fiber has ended, so a lane's whole fiber would have to wait
     * in the serializer's input before the serializer could take it. */
    for (size_t k = 0; k < c->nu; k++)
        if (c->u[k].dst == c->w0[0] &&
            c->g->nodes[c->u[k].src.node].kind == SG_NK_CRDDROP)
            return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "parallelize(%c,%d): not yet where "
                           "the result drops empty fibers of '%c' (an intersection "
                           "below it: crddrop)", c->L[0], c->lanes, c->L[0]);
    serialize_into(c, c->w0[0], -1, &order);
    for (int l = 1; l < o->order; l++)
        serialize_into(c, c->w0[l], l, &order);
    serialize_into(c, c->w0[o->order], o->order - 1, &order);
    return 0;
}
