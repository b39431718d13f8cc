/*
 * emit_perf.c - the generated top's performance counters (samgen gen
 * --counters nodes|edges), read through the host port at select
 * SG_PERF_SEL (255) like a read-only memory of 32-bit words.
 *
 *   nodes  two words per graph node (in node order): word 2i the cycles in
 *          which at least one of node i's output edges moved a token
 *          (busy), word 2i+1 the other cycles from its first output token
 *          to its last (stall: it had started but moved nothing); 0 and 0
 *          for a node that has no output edge or moved nothing.  These are
 *          the figures samgen verify derives from the simulation's traces
 *          (busy_rtl, stall_rtl), so verify checks them against each other.
 *   edges  two words per edge (in edge order): word 2k the tokens its
 *          producer handed over, word 2k+1 the cycles in which the producer
 *          offered a token that the edge could not take (backpressure).
 *
 * Each count saturates at 2^32-1.  The counters restart in the cycle a run
 * starts (run_clr) and at reset, and count every cycle after it, read-back
 * included, so that they see what the taps see.  host_len_o at select 255
 * gives the number of words; a read returns its word one cycle after the
 * address, as for the memories.  Why stamps and not a per-node stall
 * counter: "stall" ends at the last token, which is known only afterwards;
 * the first and last cycle stamps give it exactly with one subtractor on
 * the read path instead of one per node.
 */
#include "gen/emit_int.h"

#include <stdio.h>

int sg_emit_perf_words(const sg_graph *g, int mode)
{
    if (mode == SG_PERF_NODES)
        return 2 * (int)g->n_nodes;
    if (mode == SG_PERF_EDGES)
        return 2 * (int)g->n_edges;
    return 0;
}

static int has_out_edge(const sg_graph *g, size_t i)
{
    for (size_t k = 0; k < g->n_edges; k++)
        if ((size_t)g->edges[k].src == i)
            return 1;
    return 0;
}

/* "|{e<a>_up_valid & e<a>_up_ready, ...}" over node i's output edges
 * (which it has). */
static void emit_node_moved(emitter *m, size_t i)
{
    FILE *f = m->f;
    int n = 0;
    for (size_t k = 0; k < m->g->n_edges; k++) {
        if ((size_t)m->g->edges[k].src != i)
            continue;
        fprintf(f, "%se%zu_up_valid & e%zu_up_ready", n ? ",\n                      " : "|{", k,
                k);
        n++;
    }
    fprintf(f, "};\n");
}

/* A saturating 32-bit increment of reg R when COND. */
static void emit_count(FILE *f, const char *r, const char *cond)
{
    fprintf(f, "    else if (%s && %s != 32'hffffffff) %s <= %s + 32'd1;\n", cond, r, r, r);
}

void sg_emit_perf(emitter *m)
{
    const sg_graph *g = m->g;
    int mode = m->o->counters;
    int words = sg_emit_perf_words(g, mode);
    if (!words)
        return;
    FILE *f = m->f;
    int ha = sg_emit_host_addr_width(m);
    fprintf(f, "  // ---- performance counters (--counters %s): host select %d, %d words,\n",
            mode == SG_PERF_NODES ? "nodes" : "edges", SG_PERF_SEL, words);
    fprintf(f, "  //      restarted by run_clr; docs/rtl-interfaces.md ----\n");
    fprintf(f, "  wire perf_clr = !rst_ni || run_clr;\n");
    fprintf(f, "  reg [31:0] perf_word;   // the word at host_addr_i\n");
    fprintf(f, "  reg [31:0] perf_rdata_q;\n");
    if (mode == SG_PERF_NODES) {
        fprintf(f, "  reg [31:0] perf_cyc_q;   // cycles since the run's start: the stamps\n");
        fprintf(f, "  always @(posedge clk_i)\n");
        fprintf(f, "    if (perf_clr) perf_cyc_q <= 32'd0;\n");
        fprintf(f, "    else if (perf_cyc_q != 32'hffffffff) perf_cyc_q <= perf_cyc_q + 32'd1;\n");
        for (size_t i = 0; i < g->n_nodes; i++) {
            const char *in = m->inst[i];
            fprintf(f, "  // node %zu (%s): busy cycles, first and last output stamps\n", i, in);
            fprintf(f, "  wire %s_pmv = ", in);
            if (!has_out_edge(g, i)) {
                fprintf(f, "1'b0;\n");
                sg_emit_sl_add(&m->unused, "%s_pmv", in);
                continue;
            }
            emit_node_moved(m, i);
            fprintf(f, "  reg [31:0] %s_pbusy_q, %s_pfirst_q, %s_plast_q;\n", in, in, in);
            fprintf(f, "  reg %s_pseen_q;\n", in);
            fprintf(f, "  always @(posedge clk_i) begin\n");
            fprintf(f, "    if (perf_clr) %s_pbusy_q <= 32'd0;\n", in);
            char r[160], c[160];
            snprintf(r, sizeof r, "%s_pbusy_q", in);
            snprintf(c, sizeof c, "%s_pmv", in);
            emit_count(f, r, c);
            fprintf(f, "    if (perf_clr) %s_pseen_q <= 1'b0;\n", in);
            fprintf(f, "    else if (%s_pmv) %s_pseen_q <= 1'b1;\n", in, in);
            fprintf(f, "    if (%s_pmv && !%s_pseen_q) %s_pfirst_q <= perf_cyc_q;\n", in, in, in);
            fprintf(f, "    if (%s_pmv) %s_plast_q <= perf_cyc_q;\n", in, in);
            fprintf(f, "  end\n");
        }
        fprintf(f, "  always @(*) begin\n    case (host_addr_i)\n");
        for (size_t i = 0; i < g->n_nodes; i++) {
            const char *in = m->inst[i];
            if (!has_out_edge(g, i))
                continue;
            fprintf(f, "      %d'd%zu: perf_word = %s_pbusy_q;\n", ha, 2 * i, in);
            fprintf(f, "      %d'd%zu: perf_word = %s_pseen_q ? %s_plast_q - %s_pfirst_q + 32'd1"
                       " - %s_pbusy_q : 32'd0;\n", ha, 2 * i + 1, in, in, in, in);
        }
    } else {
        for (size_t k = 0; k < g->n_edges; k++) {
            fprintf(f, "  // edge %zu: tokens handed over, cycles a token waited for room\n", k);
            fprintf(f, "  reg [31:0] e%zu_pmv_q, e%zu_pblk_q;\n", k, k);
            fprintf(f, "  always @(posedge clk_i) begin\n");
            fprintf(f, "    if (perf_clr) e%zu_pmv_q <= 32'd0;\n", k);
            char r[64], c[96];
            snprintf(r, sizeof r, "e%zu_pmv_q", k);
            snprintf(c, sizeof c, "e%zu_up_valid && e%zu_up_ready", k, k);
            emit_count(f, r, c);
            fprintf(f, "    if (perf_clr) e%zu_pblk_q <= 32'd0;\n", k);
            snprintf(r, sizeof r, "e%zu_pblk_q", k);
            snprintf(c, sizeof c, "e%zu_up_valid && !e%zu_up_ready", k, k);
            emit_count(f, r, c);
            fprintf(f, "  end\n");
        }
        fprintf(f, "  always @(*) begin\n    case (host_addr_i)\n");
        for (size_t k = 0; k < g->n_edges; k++) {
            fprintf(f, "      %d'd%zu: perf_word = e%zu_pmv_q;\n", ha, 2 * k, k);
            fprintf(f, "      %d'd%zu: perf_word = e%zu_pblk_q;\n", ha, 2 * k + 1, k);
        }
    }
    fprintf(f, "      default: perf_word = 32'd0;\n    endcase\n  end\n");
    fprintf(f, "  always @(posedge clk_i) perf_rdata_q <= perf_word;\n\n");
}
