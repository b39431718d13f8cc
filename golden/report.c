/*
 * report.c - write what sg_golden_run produced: output tensors (.tns and SAM
 * directories) and report.json.  Every file is written whole or not at all
 * (outfile.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "core/json.h"
#include "golden/golden.h"
#include "core/outfile.h"

int sg_golden_write_outputs(const char *outdir, const golden_result *r,
                         sg_err *e)
{
    char path[4096];
    for (int i = 0; i < r->n_out; i++) {
        const golden_output *o = &r->out[i];
        snprintf(path, sizeof path, "%s/%s.tns", outdir, o->name);
        if (sg_tensor_write(path, &o->coo, e) < 0)
            return -1;
        if (o->fmt.order == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", outdir, o->name);
        if (mkdir(path, 0777) < 0 && errno != EEXIST)
            return sg_errf(e, path, 0, "cannot create directory: %s", strerror(errno));
        if (sg_tensor_write_samdir(path, o->name, &o->ft, e) < 0)
            return -1;
    }
    return 0;
}

/* The memory model's counts (memmodel.h) as report.json's "memory". */
static void write_memory(FILE *f, const sg_mem *m, uint64_t cycles)
{
    uint64_t fetched = sg_mem_fetched_bytes(m), dram = sg_mem_dram_cycles(m);
    fprintf(f, "  \"memory\": {\"buffer_bytes\": %llu, \"line_bytes\": %llu, "
               "\"dram_bytes_per_cycle\": %llu, \"dram_latency\": %llu,\n",
            (unsigned long long)m->o.buffer_bytes, (unsigned long long)m->o.line_bytes,
            (unsigned long long)m->o.bw, (unsigned long long)m->o.latency);
    fprintf(f, "    \"fetched_bytes\": %llu, \"written_bytes\": %llu, "
               "\"dram_cycles\": %llu, \"cycles_bound\": %llu,\n    \"tensors\": [",
            (unsigned long long)fetched, (unsigned long long)m->written_bytes,
            (unsigned long long)dram, (unsigned long long)(dram > cycles ? dram : cycles));
    for (int k = 0; k < m->nt; k++) {
        const sg_mem_tensor *t = &m->t[k];
        uint64_t lb = m->o.line_bytes;
        fprintf(f, "%s\n      {\"name\": ", k ? "," : "");
        sg_json_str(f, t->name);
        fprintf(f, ", \"array_bytes\": %llu, \"read_bytes\": %llu, \"footprint_bytes\": %llu, "
                   "\"fetched_bytes\": %llu, \"refetched_bytes\": %llu, \"vals_reads\": %llu, "
                   "\"levels\": [",
                (unsigned long long)t->total_bytes, (unsigned long long)t->read_bytes,
                (unsigned long long)(t->footprint_lines * lb),
                (unsigned long long)(t->fetched_lines * lb),
                (unsigned long long)((t->fetched_lines - t->footprint_lines) * lb),
                (unsigned long long)t->vals_reads);
        for (int l = 0; l < t->order; l++)
            fprintf(f, "%s{\"level\": %d, \"format\": \"%c\", \"seg_reads\": %llu, "
                       "\"crd_reads\": %llu}", l ? ", " : "", l, t->lvl_fmt[l],
                    (unsigned long long)t->seg_reads[l], (unsigned long long)t->crd_reads[l]);
        fprintf(f, "]}");
    }
    fprintf(f, "%s]},\n", m->nt ? "\n    " : "");
}

/* The accumulators' workspaces: what each kind would hold (bits), so that
 * one run compares them (docs/workspaces.md). */
static void write_workspaces(FILE *f, const sg_graph *g, const golden_result *r, int width)
{
    fprintf(f, "  \"workspaces\": [");
    for (int k = 0; k < r->n_ws; k++) {
        const golden_ws_stat *w = &r->ws[k];
        fprintf(f, "%s\n    {\"node\": %d, \"workspace\": \"%s\", \"order\": %d, "
                   "\"capacity\": %ld, \"rows\": %llu, \"entries\": %llu, \"peak\": %llu, "
                   "\"dense_entries\": %llu, \"bits\": {\"dense\": %llu, \"sorted\": %llu, "
                   "\"hash\": %llu}", k ? "," : "", g->nodes[w->node].id,
                sg_ws_name(w->kind), w->order, w->cap, (unsigned long long)w->rows,
                (unsigned long long)w->entries, (unsigned long long)w->peak,
                (unsigned long long)w->dense_entries,
                (unsigned long long)sg_golden_ws_bits(w, SG_WS_DENSE, width),
                (unsigned long long)sg_golden_ws_bits(w, SG_WS_SORTED, width),
                (unsigned long long)sg_golden_ws_bits(w, SG_WS_HASH, width));
        if (w->kind == SG_WS_HASH)
            fprintf(f, ", \"hash\": {\"slots\": %llu, \"inserts\": %llu, \"probes\": %llu, "
                       "\"moved\": %llu, \"sort_steps\": %llu}",
                    (unsigned long long)w->slots, (unsigned long long)w->inserts,
                    (unsigned long long)w->probes, (unsigned long long)w->moved,
                    (unsigned long long)w->sort_steps);
        fprintf(f, "}");
    }
    fprintf(f, "%s],\n", r->n_ws ? "\n  " : "");
}

int sg_golden_write_report(const char *path, const sg_graph *g,
                        const golden_opts *o, const golden_result *r,
                        sg_err *e)
{
    sg_outfile of;
    if (sg_outfile_open(&of, path, e) < 0)
        return -1;
    FILE *f = of.f;
    fprintf(f, "{\n  \"graph\": ");
    sg_json_str(f, g->path ? g->path : g->name);
    fprintf(f, ",\n  \"kernel\": ");
    sg_json_str(f, g->name);
    fprintf(f, ",\n  \"engine\": \"%s\",\n", o->engine == GOLDEN_CYCLE ? "cycle" : "func");
    fprintf(f, "  \"width\": %d,\n  \"fifo_depth\": %zu,\n  \"skip\": %d,\n",
            o->width, o->fifo_depth, o->skip);
    fprintf(f, "  \"cycles\": %llu,\n  \"wall_s\": %.6f,\n  \"tokens_total\": %llu,\n",
            (unsigned long long)r->cycles, r->wall_s, (unsigned long long)r->tokens_total);
    fprintf(f, "  \"skips\": %llu,\n  \"deadlock\": %s,\n", (unsigned long long)r->skips,
            r->deadlock ? "true" : "false");
    if (r->deadlock_msg) {
        fprintf(f, "  \"deadlock_msg\": ");
        sg_json_str(f, r->deadlock_msg);
        fprintf(f, ",\n");
    }
    fprintf(f, "  \"outputs\": [");
    for (int i = 0; i < r->n_out; i++) {
        fprintf(f, "%s{\"name\": ", i ? ", " : "");
        sg_json_str(f, r->out[i].name);
        fprintf(f, ", \"nnz\": %zu}", r->out[i].coo.nnz);
    }
    fprintf(f, "],\n");
    if (r->mem)
        write_memory(f, r->mem, r->cycles);
    write_workspaces(f, g, r, o->width);
    fprintf(f, "  \"edges\": [\n");
    char nm[128];
    for (size_t i = 0; i < r->n_edges; i++) {
        const sg_edge *ed = &g->edges[i];
        fprintf(f, "    {\"name\": ");
        sg_json_str(f, sg_golden_edge_name(g, i, nm));
        fprintf(f, ", \"src\": %d, \"dst\": %d, \"type\": \"%s\", \"tokens\": %llu, \"peak\": %zu}%s\n",
                g->nodes[ed->src].id, g->nodes[ed->dst].id, sg_stream_kind_name(ed->type),
                (unsigned long long)r->edge[i].tokens, r->edge[i].peak,
                i + 1 < r->n_edges ? "," : "");
    }
    fprintf(f, "  ]\n}\n");
    return sg_outfile_commit(&of, e);
}
