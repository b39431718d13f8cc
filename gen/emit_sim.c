/*
 * emit_sim.c - the edges of the generated top and its simulation harness.
 *
 * Every graph edge is one sam_edge (rtl/sam_edge.v): its FIFO and, in
 * simulation, the tap around it (rtl/sam_tap.v: token trace, stall
 * injection) and its part of the watchdog (the edge reports whether it
 * moved and prints its handshake state when asked).  An edge's wires are
 * declared with the first node that uses them and its instance follows
 * the node that produces it.  The end of the top: edges into ports the RTL
 * block does not have (drained), the watchdog with the synthesis view's
 * tie-offs, and one sink for the outputs nothing reads, so that
 * `verilator -Wall` has nothing to say in either view.
 */
#include "gen/emit_int.h"

#include <stdio.h>

static void describe_edge(const emitter *m, size_t k, char *buf, size_t cap)
{
    const sg_edge *e = &m->g->edges[k];
    char sp[48], dp[48];
    sg_graph_port_name(&m->g->nodes[e->src], 0, e->src_port, sp);
    sg_graph_port_name(&m->g->nodes[e->dst], 1, e->dst_port, dp);
    snprintf(buf, cap, "%s.%s -> %s.%s (%s, DOT line %ld)", m->inst[e->src], sp,
             m->inst[e->dst], dp, sg_stream_kind_name(e->type), e->line);
}

void sg_emit_sim_hooks(emitter *m)
{
    FILE *f = m->f;
    fprintf(f, "  // Every edge is a sam_edge (rtl/sam_edge.v): a FIFO, and in simulation\n");
    fprintf(f, "  // a tap that stamps its trace lines with sim_cycle, prints the edge's\n");
    fprintf(f, "  // handshake state on sim_dump and tells the watchdog (at the end) on\n");
    fprintf(f, "  // edge_moved that a token moved.\n");
    fprintf(f, "  wire [31:0] sim_cycle;\n  wire sim_dump;\n");
    if (m->g->n_edges)
        fprintf(f, "  wire [%zu:0] edge_moved;\n", m->g->n_edges - 1);
    fprintf(f, "\n");
}

/* The wires of the edges node i produces or consumes that are not
 * declared yet: e<k>_up_* (producer side) and e<k>_dn_* (consumer side). */
void sg_emit_edge_wires(emitter *m, int i)
{
    FILE *f = m->f;
    for (size_t k = 0; k < m->g->n_edges; k++) {
        const sg_edge *e = &m->g->edges[k];
        if (m->declared[k] || (e->src != i && e->dst != i))
            continue;
        m->declared[k] = 1;
        fprintf(f, "  wire e%zu_up_valid, e%zu_up_ready, e%zu_dn_valid, e%zu_dn_ready;\n",
                k, k, k, k);
        fprintf(f, "  wire [%s:0] e%zu_up_data, e%zu_dn_data;\n",
                sg_emit_kind_wexpr(e->type, 1), k, k);
    }
}

/* The edges leaving node i, in graph order, after its instance. */
void sg_emit_node_out_edges(emitter *m, int i)
{
    FILE *f = m->f;
    for (size_t k = 0; k < m->g->n_edges; k++) {
        if (m->g->edges[k].src != i)
            continue;
        char desc[320], stall[32] = "";
        describe_edge(m, k, desc, sizeof desc);
        if (m->d->edge_skip[k])
            snprintf(stall, sizeof stall, ", .Stall(0)");
        else if (m->o->edge_registered)
            snprintf(stall, sizeof stall, ", .FallThrough(0)");
        fprintf(f, "  // e%zu: %s\n", k, desc);
        fprintf(f, "  sam_edge #(.Width(%s), .Depth(%d), .EdgeId(%zu)%s) u_e%zu (\n",
                sg_emit_kind_wexpr(m->g->edges[k].type, 0), sg_emit_edge_depth(m, k), k, stall, k);
        fprintf(f, "    .clk_i(clk_i), .rst_ni(rst_ni), .clr_i(run_clr), .cycle_i(sim_cycle), .dump_i(sim_dump), .moved_o(edge_moved[%zu]),\n",
                k);
        fprintf(f, "    .up_valid_i(e%zu_up_valid), .up_ready_o(e%zu_up_ready), .up_data_i(e%zu_up_data),\n",
                k, k, k);
        fprintf(f, "    .dn_valid_o(e%zu_dn_valid), .dn_ready_i(e%zu_dn_ready), .dn_data_o(e%zu_dn_data)\n  );\n",
                k, k, k);
    }
}

/* The watchdog, in simulation; the synthesis view ties the edges'
 * simulation inputs to 0. */
static void emit_watchdog(emitter *m)
{
    FILE *f = m->f;
    fprintf(f, "`ifdef SYNTHESIS\n");
    fprintf(f, "  // Synthesis: the edges are their FIFOs alone.\n");
    fprintf(f, "  assign sim_cycle = 32'd0;\n  assign sim_dump = 1'b0;\n");
    fprintf(f, "`else\n");
    fprintf(f, "  // Simulation: the taps record tokens (+notrace: off) and inject stalls\n");
    fprintf(f, "  // (+stall=P +seed=S); the watchdog ends a run in which no edge moved\n");
    fprintf(f, "  // (a transfer into its FIFO or out to its consumer) for +watchdog=N\n");
    fprintf(f, "  // cycles (default 100000), after every edge printed its handshake\n");
    fprintf(f, "  // state (W lines, sim_dump); it counts only while a run is under way.\n");
    fprintf(f, "  // wd_cycle_q counts the cycles of the run: 1 in the cycle after the one\n");
    fprintf(f, "  // start_i rises in (0 during reset); the taps stamp their trace lines\n");
    fprintf(f, "  // with it.\n");
    if (m->g->n_edges)
        fprintf(f, "  wire wd_active = |edge_moved;\n");
    else
        fprintf(f, "  wire wd_active = 1'b0;\n");
    fprintf(f, "  integer wd_idle_q;\n  integer wd_limit;\n  integer wd_cycle_q;\n");
    fprintf(f, "  initial begin\n    wd_limit = 100000;\n");
    fprintf(f, "    if ($value$plusargs(\"watchdog=%%d\", wd_limit)) begin end\n  end\n");
    fprintf(f, "  always @(posedge clk_i) begin\n");
    fprintf(f, "    wd_cycle_q <= !rst_ni ? 0 : run_clr ? 1 : wd_cycle_q + 1;\n");
    fprintf(f, "    if (!rst_ni || !(run_clr || busy_q) || (done_o && !run_clr) || wd_active)\n");
    fprintf(f, "      wd_idle_q <= 0;\n    else\n      wd_idle_q <= wd_idle_q + 1;\n");
    fprintf(f, "    if (rst_ni && wd_idle_q == wd_limit + 1) begin\n");
    fprintf(f, "      $display(\"WATCHDOG %%0d %%0d\", wd_limit, wd_cycle_q);\n      $finish;\n    end\n  end\n");
    fprintf(f, "  assign sim_cycle = wd_cycle_q;\n");
    fprintf(f, "  assign sim_dump = rst_ni && wd_idle_q == wd_limit;\n");
    fprintf(f, "`endif\n\n");
}

void sg_emit_sim(emitter *m)
{
    FILE *f = m->f;
    int any = 0;
    for (size_t k = 0; k < m->g->n_edges; k++)
        if (!m->consumed[k]) {
            fprintf(f, "  assign e%zu_dn_ready = 1'b1;   // port the RTL block does not have: drained\n", k);
            sg_emit_sl_add(&m->unused, "e%zu_dn_valid", k);
            sg_emit_sl_add(&m->unused, "e%zu_dn_data", k);
            any = 1;
        }
    if (any)
        fprintf(f, "\n");
    emit_watchdog(m);
    if (m->g->n_edges)
        sg_emit_sl_add(&m->unused, "edge_moved");   /* read by the watchdog only */
    if (m->unused.n) {
        fprintf(f, "  // Outputs nothing reads: unconnected ports and unused address bits.\n");
        fprintf(f, "  /* verilator lint_off UNUSED */\n  wire unused_ok = ^{");
        for (size_t i = 0; i < m->unused.n; i++)
            fprintf(f, "%s%s", i ? ",\n                     " : "", m->unused.s[i]);
        fprintf(f, "};\n  /* verilator lint_on UNUSED */\n");
    }
}
