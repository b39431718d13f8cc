/*
 * emit_err.c - the sticky error bits of the generated top (error_o) and
 * the guards that keep a bad write from landing on another word.
 *
 *   bit 0  writer overflow: an output memory's writer stores at an address
 *          at or beyond the memory's depth, or, in a memory of 2^CrdWidth
 *          words, after its last word (the writer's counter wrapped)
 *   bit 1  an accumulator (sam_spacc, sam_vectorreducer) took a point
 *          beyond its workspace (the primitive's ovf_o)
 *   bit 2  a host write beyond the selected memory's depth, or with a
 *          select that names no memory (select 0: beyond the dense
 *          dimension registers)
 *   bit 3  the watchdog: no transfer on any edge and no output memory
 *          write for WatchdogCycles cycles while the top is busy (from the
 *          cycle start_i rises until done_o)
 *
 * Every bit stays set until err_clr: the reset, or the cycle a run starts
 * (run_clr), so that the bits describe the host writes and the run since
 * the last start; a cause in a cycle with err_clr still sets its bit (the
 * host may load under reset).  The guarded writes
 * are not made: the RAM's write enable is the writer's enable with the
 * address in range (m<sel>_wr_ok), its host write enable the host's with
 * the address in range (m<sel>_host_we).
 */
#include "gen/emit_int.h"

#include <stdio.h>
#include <string.h>

void sg_emit_err_clear(emitter *m)
{
    fprintf(m->f, "  // error_o's bits (and the write guards' state) clear with err_clr:\n");
    fprintf(m->f, "  // the reset, or the cycle a run starts\n");
    fprintf(m->f, "  wire err_clr = !rst_ni || run_clr;\n\n");
}

void sg_emit_err_guards(emitter *m, const sg_emit_mem *mm)
{
    FILE *f = m->f;
    int s = mm->sel, aw = mm->addr_width, cw = m->o->crd_width;
    int ha = sg_emit_host_addr_width(m);
    if (aw < ha)
        fprintf(f, "  wire m%d_host_oob = |host_addr_i[%d:%d];   // beyond the %ld words\n",
                s, ha - 1, aw, mm->depth);
    else
        fprintf(f, "  wire m%d_host_oob = 1'b0;\n", s);
    fprintf(f, "  wire m%d_host_we = host_we_i && host_sel_i == 8'd%d && !m%d_host_oob;\n",
            s, s, s);
    if (!mm->is_output) {
        fprintf(f, "  wire m%d_wr_ok = m%d_wr_en;\n", s, s);
        return;
    }
    if (aw < cw) {
        fprintf(f, "  wire m%d_wr_oob = |m%d_wr_addr[CrdWidth-1:%d];   // error_o bit 0: not written\n",
                s, s, aw);
    } else {
        /* every address is in the memory: the writer's counter wraps after
         * the last word, so any write after it is an overflow */
        fprintf(f, "  reg m%d_full_q;   // the last word is written: a further write wraps\n", s);
        fprintf(f, "  always @(posedge clk_i) begin\n");
        fprintf(f, "    if (err_clr) m%d_full_q <= 1'b0;\n", s);
        fprintf(f, "    else if (m%d_wr_en && &m%d_wr_addr) m%d_full_q <= 1'b1;\n", s, s, s);
        fprintf(f, "  end\n");
        fprintf(f, "  wire m%d_wr_oob = m%d_full_q;   // error_o bit 0: not written\n", s, s);
    }
    fprintf(f, "  wire m%d_wr_ok = m%d_wr_en && !m%d_wr_oob;\n", s, s, s);
}

int sg_emit_is_accumulator(const emitter *m, size_t i)
{
    /* both workspaces (sam_spacc, sam_spacc_sorted, ...) have ovf_o */
    return strncmp(m->mod[i], "sam_spacc", 9) == 0 ||
           strncmp(m->mod[i], "sam_vectorreducer", 17) == 0;
}

/* "|{m<s>_a & m<s>_b, ...}" over the output memories (m<s>_a without b);
 * 1'b0 when there are none. */
static void emit_or_mem(emitter *m, const char *a, const char *b)
{
    FILE *f = m->f;
    int n = 0;
    for (size_t i = 0; i < m->d->n_mem; i++) {
        const sg_emit_mem *mm = &m->d->mem[i];
        if (!mm->is_output)
            continue;
        fprintf(f, "%s", n ? ",\n                    " : "|{");
        if (b)
            fprintf(f, "m%d_%s & m%d_%s", mm->sel, a, mm->sel, b);
        else
            fprintf(f, "m%d_%s", mm->sel, a);
        n++;
    }
    fprintf(f, "%s;\n", n ? "}" : "1'b0");
}

void sg_emit_errors(emitter *m)
{
    FILE *f = m->f;
    const sg_emit_design *d = m->d;
    int ha = sg_emit_host_addr_width(m);
    fprintf(f, "  // ---- error_o: sticky error bits (see the header), cleared by err_clr ----\n");
    fprintf(f, "  wire err_wr = ");
    emit_or_mem(m, "wr_oob", "wr_en");
    fprintf(f, "  wire err_acc = ");
    int n = 0;
    for (size_t i = 0; i < m->g->n_nodes; i++)
        if (sg_emit_is_accumulator(m, i)) {
            fprintf(f, "%s%s_ovf", n ? " | " : "", m->inst[i]);
            n++;
        }
    fprintf(f, "%s;\n", n ? "" : "1'b0");
    /* a host write is good when its select names a memory and its address
     * lies within it */
    fprintf(f, "  wire host_ok = ");
    if (d->n_dim)
        fprintf(f, "(host_sel_i == 8'd0 && host_addr_i < %d'd%zu)", ha, d->n_dim);
    else
        fprintf(f, "1'b0");
    for (size_t i = 0; i < d->n_mem; i++)
        fprintf(f, "\n               || (host_sel_i == 8'd%d && !m%d_host_oob)", d->mem[i].sel,
                d->mem[i].sel);
    fprintf(f, ";\n");
    fprintf(f, "  wire err_host = host_en && host_we_i && !host_ok;   // ignored while busy\n");
    /* the watchdog */
    fprintf(f, "  // watchdog: counts the cycles of a run (busy) in which no edge moves\n");
    fprintf(f, "  // and no output memory is written\n");
    fprintf(f, "  localparam integer WdBits = $clog2(WatchdogCycles) + 1;\n");
    fprintf(f, "  localparam [31:0] WdLimit32 = WatchdogCycles;\n");
    fprintf(f, "  localparam [WdBits-1:0] WdLimit = WdLimit32[WdBits-1:0];\n");
    fprintf(f, "  wire hw_moved = %s", m->g->n_edges ? "(|edge_moved)" : "1'b0");
    for (size_t i = 0; i < d->n_mem; i++)
        if (d->mem[i].is_output)
            fprintf(f, " | m%d_wr_en", d->mem[i].sel);
    fprintf(f, ";\n");
    fprintf(f, "  // registered: the OR over every edge's handshake ends at a flip-flop,\n");
    fprintf(f, "  // off the paths into the counter (the count restarts a cycle later)\n");
    fprintf(f, "  reg hw_moved_q;\n");
    fprintf(f, "  always @(posedge clk_i) hw_moved_q <= hw_moved;\n");
    fprintf(f, "  reg [WdBits-1:0] hw_idle_q;\n");
    fprintf(f, "  always @(posedge clk_i) begin\n");
    fprintf(f, "    if (!rst_ni || !busy || hw_moved_q) hw_idle_q <= {WdBits{1'b0}};\n");
    fprintf(f, "    else if (hw_idle_q != WdLimit) hw_idle_q <= hw_idle_q + 1'b1;\n");
    fprintf(f, "  end\n");
    fprintf(f, "  wire err_wd = hw_idle_q == WdLimit;\n");
    fprintf(f, "  reg [3:0] err_q;\n");
    fprintf(f, "  // a new cause wins over the clear (the host may load under reset)\n");
    fprintf(f, "  always @(posedge clk_i)\n");
    fprintf(f, "    err_q <= (err_clr ? 4'd0 : err_q) | {err_wd, err_host, err_acc, err_wr};\n");
    fprintf(f, "  assign error_o = err_q;\n\n");
}
