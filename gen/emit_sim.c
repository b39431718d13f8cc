/*
 * emit_sim.c - the edges of the generated top (a sam_fifo each) and its
 * end: edges into ports the RTL
 * block does not have (drained), the simulation-only part (a sam_tap
 * around every FIFO, the watchdog) with its synthesis pass-through, and one
 * sink for the outputs nothing reads, so that `verilator -Wall` has nothing
 * to say in either view.
 */
#include "gen/emit_int.h"

#include <stdio.h>

static void describe_edge(const emitter *m, size_t k, char *buf, size_t cap)
{
    const sg_edge *e = &m->g->edges[k];
    char sp[48], dp[48];
    graph_port_name(&m->g->nodes[e->src], 0, e->src_port, sp);
    graph_port_name(&m->g->nodes[e->dst], 1, e->dst_port, dp);
    snprintf(buf, cap, "%s.%s -> %s.%s (%s, DOT line %ld)", m->inst[e->src], sp,
             m->inst[e->dst], dp, sg_stream_kind_name(e->type), e->line);
}

void emit_edges(emitter *m)
{
    FILE *f = m->f;
    fprintf(f, "  // ---- edges: a FIFO on every graph edge ----\n");
    for (size_t k = 0; k < m->g->n_edges; k++) {
        int w = m->d->edge_width[k];
        char desc[320];
        describe_edge(m, k, desc, sizeof desc);
        fprintf(f, "  // e%zu: %s\n", k, desc);
        fprintf(f, "  wire e%zu_up_valid, e%zu_up_ready, e%zu_fi_valid, e%zu_fi_ready;\n",
                k, k, k, k);
        fprintf(f, "  wire e%zu_fo_valid, e%zu_fo_ready, e%zu_dn_valid, e%zu_dn_ready;\n",
                k, k, k, k);
        fprintf(f, "  wire [%d:0] e%zu_up_data, e%zu_fi_data, e%zu_fo_data, e%zu_dn_data;\n",
                w - 1, k, k, k, k);
        fprintf(f, "  sam_fifo #(.Width(%d), .Depth(%d)) u_e%zu_fifo (\n", w,
                edge_depth(m, k), k);
        fprintf(f, "    .clk_i(clk_i), .rst_ni(rst_ni),\n");
        fprintf(f, "    .in_valid_i(e%zu_fi_valid), .in_ready_o(e%zu_fi_ready), .in_data_i(e%zu_fi_data),\n",
                k, k, k);
        fprintf(f, "    .out_valid_o(e%zu_fo_valid), .out_ready_i(e%zu_fo_ready), .out_data_o(e%zu_fo_data)\n",
                k, k, k);
        fprintf(f, "  );\n");
    }
    fprintf(f, "\n");
}

void emit_sim(emitter *m)
{
    FILE *f = m->f;
    size_t ne = m->g->n_edges;
    for (size_t k = 0; k < ne; k++)
        if (!m->consumed[k]) {
            fprintf(f, "  assign e%zu_dn_ready = 1'b1;   // port the RTL block does not have: drained\n", k);
            sl_add(&m->unused, "e%zu_dn_valid", k);
            sl_add(&m->unused, "e%zu_dn_data", k);
        }
    fprintf(f, "\n`ifdef SYNTHESIS\n");
    fprintf(f, "  // Synthesis: producers feed the FIFOs directly.\n");
    for (size_t k = 0; k < ne; k++) {
        fprintf(f, "  assign e%zu_fi_valid = e%zu_up_valid;  assign e%zu_up_ready = e%zu_fi_ready;  assign e%zu_fi_data = e%zu_up_data;\n",
                k, k, k, k, k, k);
        fprintf(f, "  assign e%zu_dn_valid = e%zu_fo_valid;  assign e%zu_fo_ready = e%zu_dn_ready;  assign e%zu_dn_data = e%zu_fo_data;\n",
                k, k, k, k, k, k);
    }
    fprintf(f, "`else\n");
    fprintf(f, "  // Simulation: a tap on every edge records tokens (+notrace: off),\n");
    fprintf(f, "  // injects stalls (+stall=P +seed=S); the watchdog ends a run in which\n");
    fprintf(f, "  // no edge moved for +watchdog=N cycles (default 100000) and prints\n");
    fprintf(f, "  // every edge's handshake state (W lines).  wd_cycle_q counts the cycles\n");
    fprintf(f, "  // since reset (0 in the first); the taps stamp their trace lines with it.\n");
    fprintf(f, "  // An edge moved: a transfer into its FIFO or out to its consumer.\n");
    fprintf(f, "  wire wd_active = 1'b0");
    for (size_t k = 0; k < ne; k++)
        fprintf(f, "\n      | (e%zu_fi_valid & e%zu_fi_ready) | (e%zu_dn_valid & e%zu_dn_ready)",
                k, k, k, k);
    fprintf(f, ";\n");
    fprintf(f, "  integer wd_idle_q;\n  integer wd_limit;\n  integer wd_cycle_q;\n");
    fprintf(f, "  initial begin\n    wd_limit = 100000;\n");
    fprintf(f, "    if ($value$plusargs(\"watchdog=%%d\", wd_limit)) begin end\n  end\n");
    fprintf(f, "  always @(posedge clk_i) begin\n");
    fprintf(f, "    wd_cycle_q <= rst_ni ? wd_cycle_q + 1 : 0;\n");
    fprintf(f, "    if (!rst_ni || done_o || wd_active)\n");
    fprintf(f, "      wd_idle_q <= 0;\n    else\n      wd_idle_q <= wd_idle_q + 1;\n");
    fprintf(f, "    if (rst_ni && wd_idle_q == wd_limit + 1) begin\n");
    fprintf(f, "      $display(\"WATCHDOG %%0d %%0d\", wd_limit, wd_cycle_q);\n      $finish;\n    end\n  end\n");
    fprintf(f, "  // W <edge> <up_valid> <fifo_in_ready> <fifo_out_valid> <down_ready>\n");
    fprintf(f, "  always @(posedge clk_i) begin\n");
    fprintf(f, "    if (rst_ni && wd_idle_q == wd_limit) begin\n");
    for (size_t k = 0; k < ne; k++)
        fprintf(f, "      $display(\"W %zu %%0d %%0d %%0d %%0d\", e%zu_up_valid, e%zu_fi_ready, e%zu_fo_valid, e%zu_dn_ready);\n",
                k, k, k, k, k);
    fprintf(f, "    end\n  end\n");
    for (size_t k = 0; k < ne; k++) {
        if (m->d->edge_skip[k])
            fprintf(f, "  sam_tap #(.Width(%d), .EdgeId(%zu), .Stall(0)) u_e%zu_tap (\n",
                    m->d->edge_width[k], k, k);
        else
            fprintf(f, "  sam_tap #(.Width(%d), .EdgeId(%zu)) u_e%zu_tap (\n",
                    m->d->edge_width[k], k, k);
        fprintf(f, "    .clk_i(clk_i), .rst_ni(rst_ni), .cycle_i(wd_cycle_q),\n");
        fprintf(f, "    .up_valid_i(e%zu_up_valid), .up_ready_o(e%zu_up_ready), .up_data_i(e%zu_up_data),\n", k, k, k);
        fprintf(f, "    .fifo_in_valid_o(e%zu_fi_valid), .fifo_in_ready_i(e%zu_fi_ready), .fifo_in_data_o(e%zu_fi_data),\n", k, k, k);
        fprintf(f, "    .fifo_out_valid_i(e%zu_fo_valid), .fifo_out_ready_o(e%zu_fo_ready), .fifo_out_data_i(e%zu_fo_data),\n", k, k, k);
        fprintf(f, "    .down_valid_o(e%zu_dn_valid), .down_ready_i(e%zu_dn_ready), .down_data_o(e%zu_dn_data)\n  );\n", k, k, k);
    }
    fprintf(f, "`endif\n\n");
    if (m->unused.n) {
        fprintf(f, "  // Outputs nothing reads: unconnected ports and unused address bits.\n");
        fprintf(f, "  /* verilator lint_off UNUSED */\n  wire unused_ok = ^{");
        for (size_t i = 0; i < m->unused.n; i++)
            fprintf(f, "%s%s", i ? ",\n                     " : "", m->unused.s[i]);
        fprintf(f, "};\n  /* verilator lint_on UNUSED */\n");
    }
}
