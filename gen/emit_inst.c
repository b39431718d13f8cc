/*
 * emit_inst.c - the node instances of the generated top: one primitive per
 * graph node (sg_emit_node), with the forks, tie-offs and stream adapters
 * around it, followed by the edges it produces (emit_sim.c).
 */
#include "gen/emit_int.h"
#include "graph/kinds.h"

#include <stdio.h>
#include <string.h>

/* Graph port of RTL input p of node i, or -1 when it has no edge. */
static int in_graph_port(const emitter *m, int i, int p)
{
    const sg_node *n = &m->g->nodes[i];
    if ((n->kind == SG_NK_INTERSECT || n->kind == SG_NK_UNION) &&
        p / 2 >= n->n_operands)
        return -1;
    if (n->kind == SG_NK_ALU && p >= n->n_in)
        return -1;
    return sg_graph_in_edge(m->g, i, p) >= 0 ? p : -1;
}

/* Connect RTL input stream `rtl` of node i (graph port p, -1 = none). */
static void conn_in(emitter *m, int i, int p, const char *rtl, int last)
{
    FILE *f = m->f;
    int k = p >= 0 ? sg_graph_in_edge(m->g, i, p) : -1;
    if (k >= 0) {
        m->consumed[k] = 1;
        fprintf(f, "    .%s_valid_i(e%d_dn_valid), .%s_ready_o(e%d_dn_ready), .%s_data_i(e%d_dn_data)%s\n",
                rtl, k, rtl, k, rtl, k, last ? "" : ",");
    } else {
        fprintf(f, "    .%s_valid_i(1'b0), .%s_ready_o(%s_%s_ready), .%s_data_i({%s{1'b0}})%s\n",
                rtl, rtl, m->inst[i], rtl, rtl, sg_emit_port_wexpr(rtl, 2), last ? "" : ",");
        sg_emit_sl_add(&m->unused, "%s_%s_ready", m->inst[i], rtl);
    }
}

/* Declarations an output port needs before the instance (forks, unused). */
static void pre_out(emitter *m, int i, int p, const char *rtl)
{
    FILE *f = m->f;
    size_t ks[64];
    size_t n = sg_emit_out_edges(m->g, i, p, ks, 64);
    const char *w = sg_emit_port_wexpr(rtl, 0), *msb = sg_emit_port_wexpr(rtl, 1);
    const char *in = m->inst[i];
    if (n == 1)
        return;
    fprintf(f, "  wire %s_%s_valid, %s_%s_ready;\n", in, rtl, in, rtl);
    fprintf(f, "  wire [%s:0] %s_%s_data;\n", msb, in, rtl);
    if (n == 0) {
        fprintf(f, "  assign %s_%s_ready = 1'b1;   // unconnected output: drained\n", in, rtl);
        sg_emit_sl_add(&m->unused, "%s_%s_valid", in, rtl);
        sg_emit_sl_add(&m->unused, "%s_%s_data", in, rtl);
        return;
    }
    /* Fan-out without a broadcast node in the graph: an implicit fork. */
    if (n > 64)
        n = 64;
    fprintf(f, "  // %s.%s feeds %zu edges: implicit fork\n", in, rtl, n);
    fprintf(f, "  wire [%s:0] %s_%s_fork_data;\n", msb, in, rtl);
    fprintf(f, "  sam_broadcast #(.Width(%s), .NumOutputs(%zu)) u_%s_%s_fork (\n", w, n, in, rtl);
    fprintf(f, "    .clk_i(clk_i), .rst_ni(run_rst_n),\n");
    fprintf(f, "    .in_valid_i(%s_%s_valid), .in_ready_o(%s_%s_ready), .in_data_i(%s_%s_data),\n",
            in, rtl, in, rtl, in, rtl);
    fprintf(f, "    .out_valid_o({");
    for (size_t j = n; j-- > 0;)
        fprintf(f, "e%zu_up_valid%s", ks[j], j ? ", " : "");
    fprintf(f, "}),\n    .out_ready_i({");
    for (size_t j = n; j-- > 0;)
        fprintf(f, "e%zu_up_ready%s", ks[j], j ? ", " : "");
    fprintf(f, "}),\n    .out_data_o(%s_%s_fork_data)\n  );\n", in, rtl);
    for (size_t j = 0; j < n; j++)
        fprintf(f, "  assign e%zu_up_data = %s_%s_fork_data;\n", ks[j], in, rtl);
}

static void conn_out(emitter *m, int i, int p, const char *rtl, int last)
{
    size_t ks[1];
    size_t n = p >= 0 ? sg_emit_out_edges(m->g, i, p, ks, 1) : 0;
    const char *in = m->inst[i];
    if (n == 1)
        fprintf(m->f, "    .%s_valid_o(e%zu_up_valid), .%s_ready_i(e%zu_up_ready), .%s_data_o(e%zu_up_data)%s\n",
                rtl, ks[0], rtl, ks[0], rtl, ks[0], last ? "" : ",");
    else
        fprintf(m->f, "    .%s_valid_o(%s_%s_valid), .%s_ready_i(%s_%s_ready), .%s_data_o(%s_%s_data)%s\n",
                rtl, in, rtl, rtl, in, rtl, rtl, in, rtl, last ? "" : ",");
}

static void mem_port_rd(emitter *m, int i, sg_arr_kind a, const char *pfx)
{
    const sg_emit_mem *mm = sg_emit_find_mem(m, i, a);
    fprintf(m->f, "    .%s_rd_en_o(m%d_rd_en), .%s_rd_addr_o(m%d_rd_addr), .%s_rd_data_i(m%d_rd_data),\n",
            pfx, mm->sel, pfx, mm->sel, pfx, mm->sel);
}

static void mem_port_wr(emitter *m, int i, sg_arr_kind a, const char *pfx)
{
    const sg_emit_mem *mm = sg_emit_find_mem(m, i, a);
    fprintf(m->f, "    .%s_wr_en_o(m%d_wr_en), .%s_wr_addr_o(m%d_wr_addr), .%s_wr_data_o(m%d_wr_data),\n",
            pfx, mm->sel, pfx, mm->sel, pfx, mm->sel);
}

static void emit_broadcast(emitter *m, int i)
{
    FILE *f = m->f;
    const sg_node *n = &m->g->nodes[i];
    const char *in = m->inst[i];
    int k_in = sg_graph_in_edge(m->g, i, 0);
    sg_stream_kind st = k_in >= 0 ? m->g->edges[k_in].type : n->stream;
    size_t ks[64];
    int nout = 0;
    /* Output ports in order; a port without an edge is drained. */
    int maxp = -1;
    for (size_t k = 0; k < m->g->n_edges; k++)
        if (m->g->edges[k].src == i && m->g->edges[k].src_port > maxp)
            maxp = m->g->edges[k].src_port;
    nout = maxp + 1;
    if (nout < 1)
        nout = 1;
    fprintf(f, "  wire [%s:0] %s_data;\n", sg_emit_kind_wexpr(st, 1), in);
    fprintf(f, "  wire [%d:0] %s_valid, %s_ready;\n", nout - 1, in, in);
    for (int p = 0; p < nout; p++) {
        size_t n_e = sg_emit_out_edges(m->g, i, p, ks, 64);
        if (n_e == 0) {
            fprintf(f, "  assign %s_ready[%d] = 1'b1;   // unconnected output: drained\n", in, p);
            sg_emit_sl_add(&m->unused, "%s_valid[%d]", in, p);
        } else {
            /* Extra edges on one broadcast port are not expected; the
             * first one is wired, the rest stay unconnected. */
            fprintf(f, "  assign e%zu_up_valid = %s_valid[%d];\n", ks[0], in, p);
            fprintf(f, "  assign %s_ready[%d] = e%zu_up_ready;\n", in, p, ks[0]);
            fprintf(f, "  assign e%zu_up_data = %s_data;\n", ks[0], in);
        }
    }
    fprintf(f, "  sam_broadcast #(.Width(%s), .NumOutputs(%d)) %s (\n", sg_emit_kind_wexpr(st, 0), nout, in);
    fprintf(f, "    .clk_i(clk_i), .rst_ni(run_rst_n),\n");
    conn_in(m, i, 0, "in", 0);
    fprintf(f, "    .out_valid_o(%s_valid), .out_ready_i(%s_ready), .out_data_o(%s_data)\n  );\n",
            in, in, in);
    (void)n;
}

/* SkipTo channels: intersector out_skip<k> straight into the scanner. */
void sg_emit_skip_wires(emitter *m)
{
    int any = 0;
    for (size_t i = 0; i < m->g->n_nodes; i++) {
        if (m->g->nodes[i].kind != SG_NK_FIBERLOOKUP || m->d->node_skip[i] <= 0)
            continue;
        if (!any)
            fprintf(m->f, "  // ---- SkipTo channels: intersector to skipping scanner, no FIFO ----\n");
        any = 1;
        fprintf(m->f, "  wire %s_skip_valid, %s_skip_ready;\n", m->inst[i], m->inst[i]);
        fprintf(m->f, "  wire [CrdWidth+1:0] %s_skip_data;\n", m->inst[i]);
    }
    if (any)
        fprintf(m->f, "\n");
}

/* ---- one node ------------------------------------------------------------ */

/* What sg_emit_node's steps share about one node. */
typedef struct node_ctx {
    int i;                /* node index */
    const sg_node *n;
    const char *in;       /* instance name */
    int nin, nout;        /* RTL stream ports */
    int skip_x;           /* a skipping intersector (out_skip<k> ports) */
    int nox;              /* an order-1 spacc without an outer input */
    int dep;              /* crddrop: levels between outer and inner */
    int kdep;             /* crddrop: inner edge forked (dep > 1), or -1 */
} node_ctx;

/* Declarations the instance needs before it: output forks and tie-offs,
 * readies of inputs without an edge, the root reference source, the
 * writers' fill counts, the skipping scanner's seg[a+1] port and the
 * skipping intersector's SkipTo outputs of operands that do not skip. */
static void node_decls(emitter *m, const node_ctx *c)
{
    FILE *f = m->f;
    const sg_node *n = c->n;
    const char *in = c->in;
    int i = c->i;
    char b1[48];
    for (int p = 0; p < c->nout; p++)
        pre_out(m, i, p, sg_emit_rtl_out(n, p, b1));
    for (int p = 0; p < c->nin; p++)
        if (!(p == 0 && sg_emit_is_root(n)) && !(p == 0 && sg_emit_spacc_no_outer(m->g, i)) &&
            in_graph_port(m, i, p) < 0)
            fprintf(f, "  wire %s_%s_ready;\n", in, sg_emit_rtl_in(n, p, b1));
    if (sg_emit_is_root(n)) {
        fprintf(f, "  wire %s_root_valid, %s_root_ready;\n", in, in);
        fprintf(f, "  wire [CrdWidth+1:0] %s_root_data;\n", in);
        fprintf(f, "  sam_root #(.CrdWidth(CrdWidth)) %s_root (\n", in);
        fprintf(f, "    .clk_i(clk_i), .rst_ni(rst_ni), .start_i(start_i),\n");
        fprintf(f, "    .out_ref_valid_o(%s_root_valid), .out_ref_ready_i(%s_root_ready), .out_ref_data_o(%s_root_data)\n  );\n",
                in, in, in);
    }
    if (n->kind == SG_NK_FIBERWRITE) {
        fprintf(f, "  wire %s_done;\n", in);
        if (n->is_vals)
            fprintf(f, "  wire [CrdWidth-1:0] %s_val_len;\n", in);
        else if (sg_lvl_has_crd(n->format)) {
            fprintf(f, "  wire [CrdWidth-1:0] %s_seg_len, %s_crd_len;\n", in, in);
            if (n->format == SG_LVL_SINGLETON) {
                /* a singleton level stores no seg: its writer's seg port
                 * is left open */
                fprintf(f, "  wire %s_seg_wr_en;\n", in);
                fprintf(f, "  wire [CrdWidth-1:0] %s_seg_wr_addr, %s_seg_wr_data;\n", in, in);
                sg_emit_sl_add(&m->unused, "%s_seg_wr_en", in);
                sg_emit_sl_add(&m->unused, "%s_seg_wr_addr", in);
                sg_emit_sl_add(&m->unused, "%s_seg_wr_data", in);
                sg_emit_sl_add(&m->unused, "%s_seg_len", in);
            }
            /* seg_all (one entry per fiber, empty ones too) is not kept. */
            fprintf(f, "  wire %s_sega_wr_en;\n", in);
            fprintf(f, "  wire [CrdWidth-1:0] %s_sega_wr_addr, %s_sega_wr_data, %s_sega_len;\n",
                    in, in, in);
            sg_emit_sl_add(&m->unused, "%s_sega_wr_en", in);
            sg_emit_sl_add(&m->unused, "%s_sega_wr_addr", in);
            sg_emit_sl_add(&m->unused, "%s_sega_wr_data", in);
            sg_emit_sl_add(&m->unused, "%s_sega_len", in);
        }
    }
    if (sg_emit_is_accumulator(m, (size_t)i))
        fprintf(f, "  wire %s_ovf;   // a point beyond the workspace: error_o bit 1\n", in);
    if (n->kind == SG_NK_FIBERLOOKUP && m->d->node_skip[i] > 0) {
        int ss = sg_emit_find_mem(m, i, SG_ARR_SEG)->sel;
        fprintf(f, "  assign m%db_rd_en = m%d_rd_en;\n", ss, ss);
        fprintf(f, "  assign m%db_rd_addr = m%d_rd_addr + 1'b1;   // seg[a+1]\n", ss, ss);
    }
    if (c->skip_x)
        for (int k = 0; k < 3; k++)
            if (m->skip_scan[i][k] < 0) {
                fprintf(f, "  wire %s_out_skip%d_valid;\n", in, k);
                fprintf(f, "  wire [CrdWidth+1:0] %s_out_skip%d_data;   // operand %d does not skip\n",
                        in, k, k);
                sg_emit_sl_add(&m->unused, "%s_out_skip%d_valid", in, k);
                sg_emit_sl_add(&m->unused, "%s_out_skip%d_data", in, k);
            }
}

/* An order-1 spacc without an outer input: its inner edge forked into
 * in_outer (every coordinate 0) and in_inner. */
static void nox_fork(emitter *m, const node_ctx *c)
{
    FILE *f = m->f;
    const char *in = c->in;
    int ki = sg_graph_in_edge(m->g, c->i, 1);
    m->consumed[ki] = 1;
    fprintf(f, "  // no outer input: the inner stream is forked into in_outer with every\n");
    fprintf(f, "  // coordinate 0 (one row); out_inner's stops are lowered by one level\n");
    fprintf(f, "  wire [1:0] %s_nox_valid;\n  wire %s_nox_ready0, %s_nox_ready1;\n", in, in, in);
    fprintf(f, "  wire [CrdWidth+1:0] %s_nox_data, %s_nox_outer_data;\n", in, in);
    fprintf(f, "  sam_broadcast #(.Width(CrdWidth+2), .NumOutputs(2)) u_%s_nox_fork (\n", in);
    fprintf(f, "    .clk_i(clk_i), .rst_ni(run_rst_n),\n");
    fprintf(f, "    .in_valid_i(e%d_dn_valid), .in_ready_o(e%d_dn_ready), .in_data_i(e%d_dn_data),\n",
            ki, ki, ki);
    fprintf(f, "    .out_valid_o(%s_nox_valid), .out_ready_i({%s_nox_ready1, %s_nox_ready0}),\n",
            in, in, in);
    fprintf(f, "    .out_data_o(%s_nox_data)\n  );\n", in);
    fprintf(f, "  assign %s_nox_outer_data = (%s_nox_data[CrdWidth+1:CrdWidth] == `SG_TK_DATA) ?\n",
            in, in);
    fprintf(f, "      {`SG_TK_DATA, {CrdWidth{1'b0}}} : %s_nox_data;\n", in);
    fprintf(f, "  wire %s_inner_raw_valid, %s_inner_raw_ready;\n", in, in);
    fprintf(f, "  wire [CrdWidth+1:0] %s_inner_raw_data;\n", in);
}

/* Where a dropper's inner output goes: the edge leaving output port `port`
 * when there is exactly one, else the top's own out_inner port. */
static void inner_dst(const emitter *m, const node_ctx *c, int port,
                      char *dst, size_t n)
{
    size_t ks[1];
    if (sg_emit_out_edges(m->g, c->i, port, ks, 1) == 1)
        snprintf(dst, n, "e%zu_up", ks[0]);
    else
        snprintf(dst, n, "%s_out_inner", c->in);
}

/* ... and after the instance: out_inner with its stops lowered by one. */
static void nox_out(emitter *m, const node_ctx *c)
{
    FILE *f = m->f;
    const char *in = c->in;
    char dst[160];
    inner_dst(m, c, 0, dst, sizeof dst);
    fprintf(f, "  assign %s_valid = %s_inner_raw_valid;\n", dst, in);
    fprintf(f, "  assign %s_inner_raw_ready = %s_ready;\n", in, dst);
    fprintf(f, "  assign %s_data = (%s_inner_raw_data[CrdWidth+1:CrdWidth] == `SG_TK_STOP &&\n",
            dst, in);
    fprintf(f, "                         %s_inner_raw_data[CrdWidth-1:0] != {CrdWidth{1'b0}}) ?\n",
            in);
    fprintf(f, "      %s_inner_raw_data - 1'b1 : %s_inner_raw_data;\n", in, in);
}

/* A crddrop whose inner stream is dep > 1 levels below the outer one: the
 * inner edge is forked, one copy is the inner output unchanged, the other
 * feeds the dropper with the stops below level dep-1 hidden. */
static void dep_fork(emitter *m, const node_ctx *c)
{
    FILE *f = m->f;
    const char *in = c->in;
    int dep = c->dep, kdep = c->kdep;
    int w = m->o->crd_width + 2;
    m->consumed[kdep] = 1;
    fprintf(f, "  // inner stream %d levels below the outer one: the inner output is the\n", dep);
    fprintf(f, "  // input itself (forked); the dropper sees it without the stops below\n");
    fprintf(f, "  // level %d and the others lowered by %d (an outer coordinate's fiber)\n",
            dep - 1, dep - 1);
    fprintf(f, "  wire [1:0] %s_dep_valid;\n  wire %s_dep_ready0, %s_dep_ready1, %s_dep_inner_ready;\n",
            in, in, in, in);
    fprintf(f, "  wire [CrdWidth+1:0] %s_dep_data, %s_dep_inner_data;\n", in, in);
    fprintf(f, "  sam_broadcast #(.Width(CrdWidth+2), .NumOutputs(2)) u_%s_dep_fork (\n", in);
    fprintf(f, "    .clk_i(clk_i), .rst_ni(run_rst_n),\n");
    fprintf(f, "    .in_valid_i(e%d_dn_valid), .in_ready_o(e%d_dn_ready), .in_data_i(e%d_dn_data),\n",
            kdep, kdep, kdep);
    fprintf(f, "    .out_valid_o(%s_dep_valid), .out_ready_i({%s_dep_ready1, %s_dep_ready0}),\n",
            in, in, in);
    fprintf(f, "    .out_data_o(%s_dep_data)\n  );\n", in);
    fprintf(f, "  wire %s_dep_low = %s_dep_data[CrdWidth+1:CrdWidth] == `SG_TK_STOP &&\n", in, in);
    fprintf(f, "                  %s_dep_data[CrdWidth-1:0] < %d'd%d;\n", in, w - 2, dep - 1);
    fprintf(f, "  assign %s_dep_inner_data = (%s_dep_data[CrdWidth+1:CrdWidth] == `SG_TK_STOP) ?\n",
            in, in);
    fprintf(f, "      %s_dep_data - %d'd%d : %s_dep_data;\n", in, w, dep - 1, in);
    fprintf(f, "  assign %s_dep_ready1 = %s_dep_low | %s_dep_inner_ready;\n", in, in, in);
    char dst[160];
    inner_dst(m, c, 1, dst, sizeof dst);
    fprintf(f, "  assign %s_valid = %s_dep_valid[0];\n", dst, in);
    fprintf(f, "  assign %s_dep_ready0 = %s_ready;\n", in, dst);
    fprintf(f, "  assign %s_data = %s_dep_data;\n", dst, in);
    fprintf(f, "  wire %s_inner_drop_valid;\n  wire [CrdWidth+1:0] %s_inner_drop_data;\n", in, in);
    sg_emit_sl_add(&m->unused, "%s_inner_drop_valid", in);
    sg_emit_sl_add(&m->unused, "%s_inner_drop_data", in);
}

/* The instance's ports other than streams: dimension registers, memory
 * ports (two seg reads and the CAM fill of a skipping scanner), position
 * links of positional writers, the writers' fill counts and done. */
static void side_ports(emitter *m, const node_ctx *c)
{
    FILE *f = m->f;
    const sg_node *n = c->n;
    const char *in = c->in;
    int i = c->i;
    if (sg_emit_reads_dim(n))
        fprintf(f, "    .dim_i(%s_dim_q),\n", in);
    if (sg_emit_is_accumulator(m, (size_t)i))
        fprintf(f, "    .ovf_o(%s_ovf),\n", in);
    if (n->kind == SG_NK_FIBERLOOKUP && n->format == SG_LVL_COMPRESSED &&
        m->d->node_skip[i] > 0) {
        int ss = sg_emit_find_mem(m, i, SG_ARR_SEG)->sel, cs = sg_emit_find_mem(m, i, SG_ARR_CRD)->sel;
        fprintf(f, "    .seg_rd_en_o(m%d_rd_en), .seg_rd_addr_o(m%d_rd_addr), .seg_rd_lo_i(m%d_rd_data), .seg_rd_hi_i(m%db_rd_data),\n",
                ss, ss, ss, ss);
        fprintf(f, "    .crd_rd_en_o(m%d_rd_en), .crd_rd_addr_o(m%d_rd_addr), .crd_rd_data_i(m%d_rd_data),\n",
                cs, cs, cs);
        fprintf(f, "    .cam_rd_en_o(m%db_rd_en), .cam_rd_addr_o(m%db_rd_addr), .cam_rd_data_i(m%db_rd_data),\n",
                cs, cs, cs);
        fprintf(f, "    .in_skip_valid_i(%s_skip_valid), .in_skip_ready_o(%s_skip_ready), .in_skip_data_i(%s_skip_data),\n",
                in, in, in);
    } else if (n->kind == SG_NK_FIBERLOOKUP && sg_lvl_has_seg(n->format)) {
        mem_port_rd(m, i, SG_ARR_SEG, "seg");
        mem_port_rd(m, i, SG_ARR_CRD, "crd");
    } else if (n->kind == SG_NK_FIBERLOOKUP && n->format == SG_LVL_SINGLETON) {
        mem_port_rd(m, i, SG_ARR_CRD, "crd");
        mem_port_rd(m, i, SG_ARR_LAST, "last");
    } else if (n->kind == SG_NK_FIBERLOOKUP && n->format == SG_LVL_RANGE) {
        mem_port_rd(m, i, SG_ARR_SEG, "lo");
        mem_port_rd(m, i, SG_ARR_CRD, "hi");
    } else if (n->kind == SG_NK_FIBERLOOKUP && n->format == SG_LVL_BITVECTOR) {
        mem_port_rd(m, i, SG_ARR_CRD, "bv");
        mem_port_rd(m, i, SG_ARR_SEG, "pos");
    } else if (n->kind == SG_NK_FIBERLOOKUP && n->format == SG_LVL_OFFSET) {
        mem_port_rd(m, i, SG_ARR_CRD, "off");
    } else if (n->kind == SG_NK_LOCATE && n->format == SG_LVL_HASHED) {
        mem_port_rd(m, i, SG_ARR_CRD, "crd");
    }
    if (n->kind == SG_NK_ARRAYVALS)
        mem_port_rd(m, i, SG_ARR_VALS, "val");
    if (m->pos_lvl[i] >= 0) {
        int pp = m->pos_parent[i];
        fprintf(f, "    .dim_i(%s_dim_q),\n", in);
        if (pp < 0)
            fprintf(f, "    .in_pos_valid_i(1'b0), .in_pos_ready_o(%s_in_pos_ready), .in_pos_data_i({(CrdWidth+2){1'b0}}),\n",
                    in);
        else
            fprintf(f, "    .in_pos_valid_i(%s_posq_valid), .in_pos_ready_o(%s_posq_ready), .in_pos_data_i(%s_posq_data),\n",
                    m->inst[pp], m->inst[pp], m->inst[pp]);
        fprintf(f, "    .out_pos_valid_o(%s_pos_valid), .out_pos_ready_i(%s_pos_ready), .out_pos_data_o(%s_pos_data),\n",
                in, in, in);
    }
    if (m->pos_src[i] >= 0) {
        const char *ps = m->inst[m->pos_src[i]];
        fprintf(f, "    .size_i(%s_size),\n", in);
        fprintf(f, "    .in_addr_valid_i(%s_posq_valid), .in_addr_ready_o(%s_posq_ready), .in_addr_data_i(%s_posq_data),\n",
                ps, ps, ps);
    }
    if (n->kind == SG_NK_FIBERWRITE) {
        if (n->is_vals) {
            mem_port_wr(m, i, SG_ARR_VALS, "val");
            fprintf(f, "    .val_len_o(%s_val_len),\n", in);
        } else if (sg_lvl_has_crd(n->format)) {
            if (n->format == SG_LVL_SINGLETON)
                fprintf(f, "    .seg_wr_en_o(%s_seg_wr_en), .seg_wr_addr_o(%s_seg_wr_addr), .seg_wr_data_o(%s_seg_wr_data),\n",
                        in, in, in);
            else
                mem_port_wr(m, i, SG_ARR_SEG, "seg");
            mem_port_wr(m, i, SG_ARR_CRD, "crd");
            fprintf(f, "    .sega_wr_en_o(%s_sega_wr_en), .sega_wr_addr_o(%s_sega_wr_addr), .sega_wr_data_o(%s_sega_wr_data),\n",
                    in, in, in);
            fprintf(f, "    .seg_len_o(%s_seg_len), .sega_len_o(%s_sega_len), .crd_len_o(%s_crd_len),\n",
                    in, in, in);
        }
        fprintf(f, "    .done_o(%s_done),\n", in);
    }
}

/* The instance's input streams: RTL input p is graph port p, except the
 * root's reference, the forks above and an ALU sub's swapped operands. */
static void in_ports(emitter *m, const node_ctx *c)
{
    FILE *f = m->f;
    const char *in = c->in;
    int i = c->i;
    char b1[48];
    for (int p = 0; p < c->nin; p++) {
        const char *rtl = sg_emit_rtl_in(c->n, p, b1);
        int last = p == c->nin - 1 && c->nout == 0;
        if (p == 0 && sg_emit_is_root(c->n))
            fprintf(f, "    .in_ref_valid_i(%s_root_valid), .in_ref_ready_o(%s_root_ready), .in_ref_data_i(%s_root_data)%s\n",
                    in, in, in, last ? "" : ",");
        else if (c->kdep >= 0 && p == 1)
            fprintf(f, "    .in_inner_valid_i(%s_dep_valid[1] & ~%s_dep_low), .in_inner_ready_o(%s_dep_inner_ready), .in_inner_data_i(%s_dep_inner_data)%s\n",
                    in, in, in, in, last ? "" : ",");
        else if (c->nox && p <= 1)
            fprintf(f, "    .%s_valid_i(%s_nox_valid[%d]), .%s_ready_o(%s_nox_ready%d), .%s_data_i(%s_%s)%s\n",
                    rtl, in, 1 - p, rtl, in, 1 - p, rtl, in,
                    p == 0 ? "nox_outer_data" : "nox_data", last ? "" : ",");
        else if (p <= 1 && sg_graph_sub_swapped(m->g, i))
            conn_in(m, i, in_graph_port(m, i, 1 - p), rtl, last);
        else
            conn_in(m, i, in_graph_port(m, i, p), rtl, last);
    }
}

/* The instance's output streams, then a skipping intersector's SkipTo
 * outputs (to the scanners' in_skip, or drained). */
static void out_ports(emitter *m, const node_ctx *c)
{
    FILE *f = m->f;
    const sg_node *n = c->n;
    const char *in = c->in;
    char b1[48];
    for (int p = 0; p < c->nout; p++) {
        int gp = p;
        if ((n->kind == SG_NK_INTERSECT || n->kind == SG_NK_UNION) &&
            p - 1 >= n->n_operands)
            gp = -1;
        if (c->kdep >= 0 && p == 1)
            fprintf(f, "    .out_inner_valid_o(%s_inner_drop_valid), .out_inner_ready_i(1'b1), .out_inner_data_o(%s_inner_drop_data)%s\n",
                    in, in, p == c->nout - 1 ? "" : ",");
        else if (c->nox && p == 0)
            fprintf(f, "    .out_inner_valid_o(%s_inner_raw_valid), .out_inner_ready_i(%s_inner_raw_ready), .out_inner_data_o(%s_inner_raw_data),\n",
                    in, in, in);
        else
            conn_out(m, c->i, gp, sg_emit_rtl_out(n, p, b1), p == c->nout - 1 && !c->skip_x);
    }
    for (int k = 0; c->skip_x && k < 3; k++) {
        int s = m->skip_scan[c->i][k];
        const char *end = k == 2 ? "" : ",";
        if (s >= 0)
            fprintf(f, "    .out_skip%d_valid_o(%s_skip_valid), .out_skip%d_ready_i(%s_skip_ready), .out_skip%d_data_o(%s_skip_data)%s\n",
                    k, m->inst[s], k, m->inst[s], k, m->inst[s], end);
        else
            fprintf(f, "    .out_skip%d_valid_o(%s_out_skip%d_valid), .out_skip%d_ready_i(1'b1), .out_skip%d_data_o(%s_out_skip%d_data)%s\n",
                    k, in, k, k, k, in, k, end);
    }
}

void sg_emit_node(emitter *m, int i)
{
    FILE *f = m->f;
    node_ctx c = {.i = i, .n = &m->g->nodes[i], .in = m->inst[i]};
    char desc[160];
    sg_graph_node_desc(c.n, desc, sizeof desc);
    fprintf(f, "  // %s: %s, DOT line %ld\n", c.in, desc, c.n->line);
    sg_emit_edge_wires(m, i);
    if (c.n->kind == SG_NK_BROADCAST) {
        emit_broadcast(m, i);
        sg_emit_node_out_edges(m, i);
        fprintf(f, "\n");
        return;
    }
    sg_kind_rtl_counts(c.n, &c.nin, &c.nout);
    c.skip_x = c.n->kind == SG_NK_INTERSECT && m->d->node_skip[i] > 0;
    c.nox = sg_emit_spacc_no_outer(m->g, i);
    c.dep = sg_emit_crddrop_depth(m, i);
    c.kdep = c.dep > 1 ? sg_graph_in_edge(m->g, i, 1) : -1;
    node_decls(m, &c);
    if (c.nox)
        nox_fork(m, &c);
    if (c.kdep >= 0)
        dep_fork(m, &c);
    fprintf(f, "  %s #(%s) %s (\n", m->mod[i], m->par[i], c.in);
    fprintf(f, "    .clk_i(clk_i), .rst_ni(run_rst_n),\n");
    side_ports(m, &c);
    in_ports(m, &c);
    out_ports(m, &c);
    fprintf(f, "  );\n");
    if (c.nox)
        nox_out(m, &c);
    sg_emit_node_out_edges(m, i);
    fprintf(f, "\n");
}
