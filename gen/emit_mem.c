/*
 * emit_mem.c - the memories of the generated top: one sam_ram per array a
 * tensor level needs (sg_emit_plan_memories sizes them, sg_emit_memories writes them
 * with their host side), the dense-dimension registers, the positional
 * writers' links and array sizes, the memory table of the banner, and the
 * host port's read-back and done.
 */
#include "gen/emit_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *sg_emit_arr_name(sg_arr_kind a)
{
    return a == SG_ARR_SEG ? "seg" : a == SG_ARR_CRD ? "crd" : a == SG_ARR_LAST ? "last"
                                                                 : "vals";
}

int sg_emit_node_arrays(const sg_node *n, sg_arr_kind arrs[2])
{
    int na = 0;
    if (n->kind == SG_NK_FIBERLOOKUP && sg_lvl_has_seg(n->format)) {
        arrs[na++] = SG_ARR_SEG;
        arrs[na++] = SG_ARR_CRD;
    } else if (n->kind == SG_NK_FIBERLOOKUP && n->format == SG_LVL_SINGLETON) {
        arrs[na++] = SG_ARR_CRD;
        arrs[na++] = SG_ARR_LAST;
    } else if (n->kind == SG_NK_FIBERLOOKUP && n->format == SG_LVL_RANGE) {
        /* each diagonal's first and end row (core/level_ext.c) */
        arrs[na++] = SG_ARR_SEG;
        arrs[na++] = SG_ARR_CRD;
    } else if (n->kind == SG_NK_FIBERLOOKUP && n->format == SG_LVL_BITVECTOR) {
        arrs[na++] = SG_ARR_SEG;        /* each word's prefix popcount */
        arrs[na++] = SG_ARR_CRD;        /* the words */
    } else if (n->kind == SG_NK_FIBERLOOKUP && n->format == SG_LVL_OFFSET) {
        arrs[na++] = SG_ARR_CRD;        /* each diagonal's offset */
    } else if (n->kind == SG_NK_LOCATE && n->format == SG_LVL_HASHED) {
        arrs[na++] = SG_ARR_CRD;        /* the buckets */
    } else if (n->kind == SG_NK_ARRAYVALS) {
        arrs[na++] = SG_ARR_VALS;
    } else if (n->kind == SG_NK_FIBERWRITE) {
        if (n->is_vals)
            arrs[na++] = SG_ARR_VALS;
        else if (sg_lvl_has_crd(n->format)) {
            if (sg_lvl_has_seg(n->format))
                arrs[na++] = SG_ARR_SEG;
            arrs[na++] = SG_ARR_CRD;
        }
    }
    return na;
}

int sg_emit_bv_words(const sg_node *n, sg_arr_kind a)
{
    return n->kind == SG_NK_FIBERLOOKUP && n->format == SG_LVL_BITVECTOR && a == SG_ARR_CRD;
}

int sg_emit_plan_memories(emitter *m, sg_err *e)
{
    const sg_graph *g = m->g;
    const sg_emit_opts *o = m->o;
    sg_emit_design *d = m->d;
    for (size_t i = 0; i < g->n_nodes; i++) {
        const sg_node *n = &g->nodes[i];
        sg_arr_kind arrs[2];
        int is_out = n->kind == SG_NK_FIBERWRITE;
        int na = sg_emit_node_arrays(n, arrs);
        for (int a = 0; a < na; a++) {
            long size = o->mem_size ? o->mem_size(o->ctx, n, arrs[a]) : -1;
            if (size < 0)
                size = o->max_nnz + (arrs[a] == SG_ARR_SEG ? 1 : 0);
            int aw = sg_emit_clog2(size);
            if (aw > o->crd_width)
                return sg_errc(e, SG_EXIT_USAGE, g->path, n->line,
                               "%s: %s memory of %ld entries does not fit "
                               "%d-bit addresses (raise --width-crd)",
                               m->inst[i], sg_emit_arr_name(arrs[a]), size, o->crd_width);
            sg_grow((void **)&d->mem, &m->cap_mem, d->n_mem + 1, sizeof *d->mem);
            sg_emit_mem *mm = &d->mem[d->n_mem];
            memset(mm, 0, sizeof *mm);
            mm->sel = (int)d->n_mem + 1;
            mm->node = (int)i;
            mm->arr = arrs[a];
            mm->is_output = is_out;
            mm->width = arrs[a] == SG_ARR_VALS ? o->val_width
                      : arrs[a] == SG_ARR_LAST ? 1
                      : sg_emit_bv_words(n, arrs[a]) ? o->bv_width : o->crd_width;
            mm->addr_width = aw;
            mm->depth = 1L << aw;
            snprintf(mm->inst, sizeof mm->inst, "u_m%d_%s_%s", mm->sel, m->inst[i],
                     sg_emit_arr_name(arrs[a]));
            snprintf(mm->tensor, sizeof mm->tensor, "%s", n->tensor);
            mm->mode = arrs[a] == SG_ARR_VALS ? -1 : n->mode;
            d->n_mem++;
        }
        if (d->n_mem > 255)
            return sg_errc(e, SG_EXIT_USAGE, g->path, n->line,
                           "more than 255 memories: the host select is 8 bits");
        if (sg_emit_reads_dim(n) || m->pos_lvl[i] >= 0) {
            sg_grow((void **)&d->dim, &m->cap_dim, d->n_dim + 1, sizeof *d->dim);
            d->dim[d->n_dim].node = (int)i;
            d->dim[d->n_dim].addr = (int)d->n_dim;
            d->n_dim++;
        }
    }
    return 0;
}

const sg_emit_mem *sg_emit_find_mem(const emitter *m, int node, sg_arr_kind a)
{
    for (size_t i = 0; i < m->d->n_mem; i++)
        if (m->d->mem[i].node == node && m->d->mem[i].arr == a)
            return &m->d->mem[i];
    return NULL;
}

int sg_emit_host_addr_width(const emitter *m)
{
    int w = sg_emit_clog2((long)m->d->n_dim + 1);
    for (size_t i = 0; i < m->d->n_mem; i++)
        if (m->d->mem[i].addr_width > w)
            w = m->d->mem[i].addr_width;
    int pw = sg_emit_perf_words(m->g, m->o->counters);
    if (pw && sg_emit_clog2(pw) > w)
        w = sg_emit_clog2(pw);
    return w;
}

int sg_emit_host_data_width(const emitter *m)
{
    int w = m->o->crd_width;
    for (size_t i = 0; i < m->d->n_mem; i++)
        if (m->d->mem[i].width > w)
            w = m->d->mem[i].width;
    if (sg_emit_perf_words(m->g, m->o->counters) && w < 32)
        w = 32;   /* the counters' words */
    return w;
}

/* One memory: its wires, the port the engine does not use tied off, the
 * sam_ram, and for a skipping scanner's input a second RAM. */
static void emit_ram(emitter *m, const sg_emit_mem *mm)
{
    FILE *f = m->f;
    int cw = m->o->crd_width;
    int s = mm->sel, aw = mm->addr_width;
    /* word width: a parameter of the top */
    const char *w = mm->arr == SG_ARR_VALS ? "ValWidth" : mm->arr == SG_ARR_LAST ? "1"
                  : sg_emit_bv_words(&m->g->nodes[mm->node], mm->arr) ? "BvWidth" : "CrdWidth";
    fprintf(f, "  // memory %d: %s %s of %s, %ld words\n", s,
            mm->is_output ? "output" : "input", sg_emit_arr_name(mm->arr),
            m->inst[mm->node], mm->depth);
    fprintf(f, "  wire m%d_rd_en, m%d_wr_en;\n", s, s);
    fprintf(f, "  wire [CrdWidth-1:0] m%d_rd_addr, m%d_wr_addr;\n", s, s);
    fprintf(f, "  wire [%s-1:0] m%d_rd_data, m%d_wr_data, m%d_host_rdata;\n", w, s, s, s);
    if (aw < cw) {
        sg_emit_sl_add(&m->unused, "m%d_rd_addr[CrdWidth-1:%d]", s, aw);
        sg_emit_sl_add(&m->unused, "m%d_wr_addr[CrdWidth-1:%d]", s, aw);
    }
    if (mm->is_output) {
        fprintf(f, "  assign m%d_rd_en = 1'b0;\n", s);
        fprintf(f, "  assign m%d_rd_addr = {CrdWidth{1'b0}};\n", s);
        sg_emit_sl_add(&m->unused, "m%d_rd_data", s);
    } else {
        fprintf(f, "  assign m%d_wr_en = 1'b0;\n", s);
        fprintf(f, "  assign m%d_wr_addr = {CrdWidth{1'b0}};\n", s);
        fprintf(f, "  assign m%d_wr_data = {%s{1'b0}};\n", s, w);
    }
    sg_emit_err_guards(m, mm);
    fprintf(f, "  sam_ram #(.Width(%s), .AddrWidth(%d)) %s (\n", w, aw, mm->inst);
    fprintf(f, "    .clk_i(clk_i),\n");
    fprintf(f, "    .rd_en_i(m%d_rd_en), .rd_addr_i(m%d_rd_addr[%d:0]), .rd_data_o(m%d_rd_data),\n",
            s, s, aw - 1, s);
    fprintf(f, "    .wr_en_i(m%d_wr_ok), .wr_addr_i(m%d_wr_addr[%d:0]), .wr_data_i(m%d_wr_data),\n",
            s, s, aw - 1, s);
    fprintf(f, "    .host_en_i(host_en), .host_we_i(m%d_host_we),\n", s);
    fprintf(f, "    .host_addr_i(host_addr_i[%d:0]), .host_wdata_i(host_wdata_i[%s-1:0]),\n",
            aw - 1, w);
    fprintf(f, "    .host_rdata_o(m%d_host_rdata)\n  );\n", s);
    if (m->d->node_skip[mm->node] <= 0 || mm->is_output)
        return;
    /* The skipping scanner reads seg[a] with seg[a+1], and crd for the CAM
     * fill beside the iteration: a second read port, made of a copy that
     * the same host writes load. */
    fprintf(f, "  // second read port of memory %d (%s): a copy loaded by the same host writes\n",
            s, mm->arr == SG_ARR_SEG ? "seg[a+1]" : "CAM fill");
    fprintf(f, "  wire m%db_rd_en;\n", s);
    fprintf(f, "  wire [CrdWidth-1:0] m%db_rd_addr;\n", s);
    fprintf(f, "  wire [%s-1:0] m%db_rd_data, m%db_host_rdata;\n", w, s, s);
    if (aw < cw)
        sg_emit_sl_add(&m->unused, "m%db_rd_addr[CrdWidth-1:%d]", s, aw);
    sg_emit_sl_add(&m->unused, "m%db_host_rdata", s);
    fprintf(f, "  sam_ram #(.Width(%s), .AddrWidth(%d)) %s_b (\n", w, aw, mm->inst);
    fprintf(f, "    .clk_i(clk_i),\n");
    fprintf(f, "    .rd_en_i(m%db_rd_en), .rd_addr_i(m%db_rd_addr[%d:0]), .rd_data_o(m%db_rd_data),\n",
            s, s, aw - 1, s);
    fprintf(f, "    .wr_en_i(1'b0), .wr_addr_i({%d{1'b0}}), .wr_data_i({%s{1'b0}}),\n", aw, w);
    fprintf(f, "    .host_en_i(host_en), .host_we_i(m%d_host_we),\n", s);
    fprintf(f, "    .host_addr_i(host_addr_i[%d:0]), .host_wdata_i(host_wdata_i[%s-1:0]),\n",
            aw - 1, w);
    fprintf(f, "    .host_rdata_o(m%db_host_rdata)\n  );\n", s);
}

void sg_emit_memories(emitter *m)
{
    FILE *f = m->f;
    if (m->d->n_mem)
        fprintf(f, "  // ---- memories: one RAM per array, loaded/read through the host port ----\n");
    for (size_t i = 0; i < m->d->n_mem; i++)
        emit_ram(m, &m->d->mem[i]);
    if (m->d->n_dim) {
        int ha = sg_emit_host_addr_width(m);
        fprintf(f, "\n  // ---- dense dimensions: host select 0, one register per dense scanner, locator and positional writer\n");
        fprintf(f, "  //      and per positional dense output level ----\n");
        for (size_t i = 0; i < m->d->n_dim; i++) {
            const sg_emit_dim *dm = &m->d->dim[i];
            const char *in = m->inst[dm->node];
            fprintf(f, "  reg [CrdWidth-1:0] %s_dim_q;   // host address %d\n", in, dm->addr);
            fprintf(f, "  always @(posedge clk_i) begin\n");
            fprintf(f, "    if (host_en && host_we_i && host_sel_i == 8'd0 && host_addr_i == %d'd%d)\n",
                    ha, dm->addr);
            fprintf(f, "      %s_dim_q <= host_wdata_i[CrdWidth-1:0];\n", in);
            fprintf(f, "  end\n");
        }
    }
    fprintf(f, "\n");
}

/* Position links (writer to child writer or values writer, through a
 * 2-deep FIFO) and the values writers' sizes, before the nodes. */
void sg_emit_pos_wires(emitter *m)
{
    FILE *f = m->f;
    int any = 0;
    for (size_t i = 0; i < m->g->n_nodes; i++) {
        const char *in = m->inst[i];
        if (m->pos_lvl[i] >= 0) {
            if (!any)
                fprintf(f, "  // ---- positional output writing: level positions to the values writer ----\n");
            any = 1;
            fprintf(f, "  wire %s_pos_valid, %s_pos_ready, %s_posq_valid, %s_posq_ready;\n",
                    in, in, in, in);
            fprintf(f, "  wire [CrdWidth+1:0] %s_pos_data, %s_posq_data;\n", in, in);
            fprintf(f, "  sam_fifo #(.Width(CrdWidth+2), .Depth(2)) u_%s_pos_fifo (\n", in);
            fprintf(f, "    .clk_i(clk_i), .rst_ni(run_rst_n),\n");
            fprintf(f, "    .in_valid_i(%s_pos_valid), .in_ready_o(%s_pos_ready), .in_data_i(%s_pos_data),\n",
                    in, in, in);
            fprintf(f, "    .out_valid_o(%s_posq_valid), .out_ready_i(%s_posq_ready), .out_data_o(%s_posq_data)\n  );\n",
                    in, in, in);
            if (m->pos_parent[i] < 0) {
                fprintf(f, "  wire %s_in_pos_ready;\n", in);
                sg_emit_sl_add(&m->unused, "%s_in_pos_ready", in);
            }
        }
    }
    for (size_t i = 0; i < m->g->n_nodes; i++) {
        if (m->pos_src[i] < 0)
            continue;
        fprintf(f, "  wire [CrdWidth-1:0] %s_size = ", m->inst[i]);
        int first = 1;
        for (int k = m->pos_src[i]; k >= 0; k = m->pos_parent[k]) {
            fprintf(f, "%s%s_dim_q", first ? "" : " * ", m->inst[k]);
            first = 0;
        }
        fprintf(f, ";   // words of the dense value array\n");
    }
    if (any)
        fprintf(f, "\n");
}

void sg_emit_host_and_done(emitter *m)
{
    FILE *f = m->f;
    int hd = sg_emit_host_data_width(m);
    fprintf(f, "  // ---- host read-back: data one cycle after the address ----\n");
    fprintf(f, "  reg [7:0] host_sel_q;\n");
    fprintf(f, "  always @(posedge clk_i) host_sel_q <= host_sel_i;\n");
    fprintf(f, "  always @(*) begin\n    case (host_sel_q)\n");
    for (size_t i = 0; i < m->d->n_mem; i++) {
        const sg_emit_mem *mm = &m->d->mem[i];
        if (mm->width < hd)
            fprintf(f, "      8'd%d: host_rdata_o = {{%d{1'b0}}, m%d_host_rdata};\n",
                    mm->sel, hd - mm->width, mm->sel);
        else
            fprintf(f, "      8'd%d: host_rdata_o = m%d_host_rdata;\n", mm->sel, mm->sel);
    }
    if (m->d->n_perf) {
        if (hd > 32)
            fprintf(f, "      8'd%d: host_rdata_o = {{%d{1'b0}}, perf_rdata_q};\n", SG_PERF_SEL,
                    hd - 32);
        else
            fprintf(f, "      8'd%d: host_rdata_o = perf_rdata_q;\n", SG_PERF_SEL);
    }
    fprintf(f, "      default: host_rdata_o = {%d{1'b0}};\n    endcase\n  end\n", hd);
    fprintf(f, "  always @(*) begin\n    case (host_sel_i)\n");
    for (size_t i = 0; i < m->d->n_mem; i++) {
        const sg_emit_mem *mm = &m->d->mem[i];
        if (!mm->is_output)
            continue;
        fprintf(f, "      8'd%d: host_len_o = %s_%s_len;\n", mm->sel, m->inst[mm->node],
                mm->arr == SG_ARR_VALS ? "val" : sg_emit_arr_name(mm->arr));
    }
    if (m->d->n_perf)
        fprintf(f, "      8'd%d: host_len_o = %d'd%d;   // the counters' words\n", SG_PERF_SEL,
                m->o->crd_width, m->d->n_perf);
    fprintf(f, "      default: host_len_o = {CrdWidth{1'b0}};\n    endcase\n  end\n\n");
    fprintf(f, "  // ---- done: every level writer has consumed its D ----\n");
    fprintf(f, "  assign done_o = 1'b1");
    for (size_t i = 0; i < m->g->n_nodes; i++)
        if (m->g->nodes[i].kind == SG_NK_FIBERWRITE)
            fprintf(f, "\n                & %s_done", m->inst[i]);
    fprintf(f, ";\n\n");
}

char *sg_emit_memory_table(const emitter *m)
{
    const sg_emit_design *d = m->d;
    char *memtab = NULL;
    size_t memtab_len = 0;
    FILE *mt = open_memstream(&memtab, &memtab_len);
    if (!mt)
        return NULL;
    for (size_t i = 0; i < d->n_mem; i++) {
        const sg_emit_mem *mm = &d->mem[i];
        char what[64];
        if (mm->mode >= 0)
            snprintf(what, sizeof what, "%s mode %d %s", mm->tensor, mm->mode,
                     sg_emit_arr_name(mm->arr));
        else
            snprintf(what, sizeof what, "%s %s", mm->tensor, sg_emit_arr_name(mm->arr));
        fprintf(mt, "//   %3d  %-44s %-6s %s, %d x %ld\n", mm->sel, mm->inst,
                mm->is_output ? "output" : "input", what, mm->width, mm->depth);
    }
    for (size_t i = 0; i < d->n_dim; i++)
        fprintf(mt, "//   dim %d: %s\n", d->dim[i].addr, m->inst[d->dim[i].node]);
    if (!d->n_mem && !d->n_dim)
        fprintf(mt, "//   (none)\n");
    fclose(mt);
    return memtab;
}
