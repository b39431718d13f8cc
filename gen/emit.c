/*
 * emit.c - graph to Verilog top module (see emit.h): the entry points, and
 * templates/top.v.in filled with the text that gen/emit_*.c write
 * (gen/emit_int.h lists the steps).
 *
 * The body is written in sections, each in a fixed order so the output is
 * deterministic: run control, memories, dense-dimension registers, SkipTo
 * channels, positional-writer links, node instances in topological order
 * (each followed by the edges it produces), host read-back and done, the
 * error bits with the hardware watchdog (emit_err.c), drained edges, the
 * simulation watchdog, and one sink for the outputs nothing reads (so that
 * `verilator -Wall` has nothing to say).
 */
#include "gen/emit.h"
#include "gen/emit_int.h"
#include "core/outfile.h"
#include "core/paths.h"
#include "core/textscan.h"
#include "graph/depth.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SG_TEMPLATE "templates/top.v.in"

void sg_emit_opts_default(sg_emit_opts *o)
{
    memset(o, 0, sizeof *o);
    o->crd_width = SG_DEFAULT_CRD_WIDTH;
    o->val_width = SG_DEFAULT_VAL_WIDTH;
    o->bv_width = SG_BV_WIDTH_DEFAULT;
    o->fifo_depth = 4;
    o->max_nnz = 1024;
    o->dim_default = 64;
    o->watchdog_cycles = SG_DEFAULT_WATCHDOG;
}

/* ---- template ----------------------------------------------------------- */


/* Replace @KEY@ markers of the template; unknown keys are an error. */
static int fill_template(const char *tpl, const char *path, const char *const *kv,
                         FILE *out, sg_err *e)
{
    const char *p = tpl;
    while (*p) {
        const char *at = strchr(p, '@');
        if (!at) {
            fputs(p, out);
            break;
        }
        fwrite(p, 1, (size_t)(at - p), out);
        const char *end = strchr(at + 1, '@');
        size_t klen = end ? (size_t)(end - at - 1) : 0;
        int found = 0;
        for (size_t i = 0; end && kv[i]; i += 2)
            if (strlen(kv[i]) == klen && strncmp(kv[i], at + 1, klen) == 0) {
                fputs(kv[i + 1], out);
                found = 1;
                break;
            }
        if (!found)
            return sg_errc(e, SG_EXIT_USAGE, path, 0, "unknown template marker near '%.20s'", at);
        p = end + 1;
    }
    return 0;
}

/* ---- entry points ------------------------------------------------------- */

static int check_opts(const sg_emit_opts *o, sg_err *e)
{
    if (o->crd_width < 2 || o->crd_width > 32 || o->val_width < 2 || o->val_width > 64)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0,
                       "widths out of range (crd 2..32, val 2..64)");
    if (o->watchdog_cycles < 1 || o->watchdog_cycles > SG_WATCHDOG_MAX)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0,
                       "--watchdog-cycles %ld: expected 1..%ld", o->watchdog_cycles,
                       SG_WATCHDOG_MAX);
    if (o->counters < SG_PERF_NONE || o->counters > SG_PERF_EDGES)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "--counters: unknown mode %d", o->counters);
    if (o->skip < 0)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "--skip %d: expected T >= 0", o->skip);
    return 0;
}

/* The emitter's tables, X(field) of those with an entry per node, Y(field)
 * of those with one per edge. */
#define EMITTER_ARRAYS(X, Y)                                                \
    X(inst) X(mod) X(par) X(order) X(skip_scan) X(pos_lvl) X(pos_parent)    \
    X(pos_src) Y(consumed) Y(declared) Y(edepth)

/* The emitter's tables (one entry per node or edge, at least one) and the
 * design's module name and per-edge widths. */
static void emitter_init(emitter *m, const sg_graph *g, const sg_emit_opts *o,
                         sg_emit_design *d)
{
    size_t nn = g->n_nodes ? g->n_nodes : 1, ne = g->n_edges ? g->n_edges : 1;
    memset(m, 0, sizeof *m);
    m->g = g;
    m->oc = *o;
    m->o = o = &m->oc;
    for (size_t i = 0; i < g->n_nodes; i++)
        if (sg_graph_is_bitvector(&g->nodes[i]) && g->nodes[i].kind == SG_NK_FIBERLOOKUP) {
            m->oc.bv_width = sg_graph_bv_width(g, &g->nodes[i]);
            break;
        }
    m->d = d;
    snprintf(d->module, sizeof d->module, "%s_top", g->name[0] ? g->name : "sam");
    sg_emit_sanitize(d->module);
    d->n_edges = g->n_edges;
    d->perf_mode = o->counters;
    d->n_perf = sg_emit_perf_words(g, o->counters);
    d->edge_width = sg_calloc(ne, sizeof *d->edge_width);
    for (size_t k = 0; k < g->n_edges; k++)
        d->edge_width[k] = sg_emit_kind_width(g->edges[k].type, o);
    d->edge_skip = sg_calloc(ne, sizeof *d->edge_skip);
    d->node_skip = sg_calloc(nn, sizeof *d->node_skip);
#define NODE_ARRAY(f) m->f = sg_calloc(nn, sizeof *m->f);
#define EDGE_ARRAY(f) m->f = sg_calloc(ne, sizeof *m->f);
    EMITTER_ARRAYS(NODE_ARRAY, EDGE_ARRAY)
#undef NODE_ARRAY
#undef EDGE_ARRAY
    for (size_t i = 0; i < g->n_nodes; i++) {
        char buf[128];
        sg_emit_inst_name(&g->nodes[i], buf, sizeof buf);
        m->inst[i] = sg_strdup(buf);
    }
}

static void emitter_free(emitter *m)
{
    if (m->f)
        fclose(m->f);
    for (size_t i = 0; m->inst && i < m->g->n_nodes; i++)
        free(m->inst[i]);
#define FREE_ARRAY(f) free(m->f);
    EMITTER_ARRAYS(FREE_ARRAY, FREE_ARRAY)
#undef FREE_ARRAY
    sg_emit_sl_free(&m->unused);
}

/* Run control: a rising edge of start_i clears every primitive (the root
 * excepted, which sees the edge itself and offers its reference in the
 * next cycle, as after reset) for one cycle, so that a run after an
 * earlier one starts from the state a reset leaves; busy (from that cycle
 * until done_o) takes the memories and dimension registers from the host. */
static void emit_run_control(emitter *m)
{
    FILE *f = m->f;
    fprintf(f, "  // ---- run control: a rising edge of start_i (re)arms the engine ----\n");
    fprintf(f, "  // run_clr: the cycle start_i rises; every primitive but the roots is\n");
    fprintf(f, "  // reset in it (run_rst_n), the roots start offering 0 D.  busy: from\n");
    fprintf(f, "  // that cycle until done_o rises; the host port is ignored while it is\n");
    fprintf(f, "  // high (the engine owns the memories and dimension registers).\n");
    fprintf(f, "  reg start_q, busy_q;\n");
    fprintf(f, "  wire run_clr = start_i && !start_q;\n");
    fprintf(f, "  wire run_rst_n = rst_ni && !run_clr;\n");
    fprintf(f, "  wire busy = run_clr || (busy_q && !done_o);\n");
    fprintf(f, "  wire host_en = host_en_i && !busy;\n");
    fprintf(f, "  always @(posedge clk_i) begin\n");
    fprintf(f, "    if (!rst_ni) begin\n");
    fprintf(f, "      start_q <= 1'b0;\n      busy_q <= 1'b0;\n");
    fprintf(f, "    end else begin\n");
    fprintf(f, "      start_q <= start_i;\n");
    fprintf(f, "      if (run_clr) busy_q <= 1'b1;\n");
    fprintf(f, "      else if (done_o) busy_q <= 1'b0;\n");
    fprintf(f, "    end\n  end\n\n");
}

/* The module body: every section in its fixed order. */
static char *emit_body(emitter *m, sg_err *e)
{
    const sg_graph *g = m->g;
    char *body = NULL;
    size_t body_len = 0;
    if (sg_graph_topo_order(g, m->order) < 0)
        for (size_t i = 0; i < g->n_nodes; i++)
            m->order[i] = (int)i;
    sg_stream_depths(g, m->order, m->edepth);
    m->f = open_memstream(&body, &body_len);
    if (!m->f) {
        sg_errc(e, SG_EXIT_USAGE, NULL, 0, "out of memory");
        return NULL;
    }
    emit_run_control(m);
    sg_emit_err_clear(m);
    sg_emit_memories(m);
    sg_emit_skip_wires(m);
    sg_emit_pos_wires(m);
    fprintf(m->f, "  // ---- nodes: one primitive per graph node in dataflow order, each\n");
    fprintf(m->f, "  //      followed by the edges it produces ----\n");
    sg_emit_sim_hooks(m);
    for (size_t j = 0; j < g->n_nodes; j++)
        sg_emit_node(m, m->order[j]);
    sg_emit_perf(m);
    sg_emit_host_and_done(m);
    sg_emit_errors(m);
    sg_emit_sim(m);
    fclose(m->f);
    m->f = NULL;
    return body;
}

/* templates/top.v.in filled with the banner, widths, memory table and body
 * into d->text. */
static int fill_top(emitter *m, const char *body, const char *memtab, sg_err *e)
{
    const sg_emit_opts *opts = m->o;
    sg_emit_design *d = m->d;
    const char *src = m->g->path ? m->g->path : "<graph>";
    char root[4096], tpath[4200];
    char *tpl = NULL, *text = NULL;
    size_t text_len = 0;
    if (opts->root)
        snprintf(root, sizeof root, "%s", opts->root);
    else if (sg_source_root(root, sizeof root, e) < 0)
        return -1;
    snprintf(tpath, sizeof tpath, "%s/" SG_TEMPLATE, root);
    if (sg_read_text(tpath, &tpl, e) < 0)
        return -1;

    char bvparam[96] = "";
    for (size_t i = 0; i < m->g->n_nodes; i++)
        if (sg_graph_is_bitvector(&m->g->nodes[i]))
            snprintf(bvparam, sizeof bvparam, "  parameter integer BvWidth = %d,   // bitvector "
                     "word bits\n", m->o->bv_width);
    char banner[512], crdw[16], valw[16], hamsb[16], hdmsb[16], cwmsb[16], wdc[24];
    const char *base = strrchr(src, '/');
    snprintf(banner, sizeof banner,
             "%s.v - generated by samgen gen from %s (input hash %s); do not edit.",
             d->module, base ? base + 1 : src,
             opts->source_hash ? opts->source_hash : "none");
    snprintf(crdw, sizeof crdw, "%d", opts->crd_width);
    snprintf(valw, sizeof valw, "%d", opts->val_width);
    snprintf(hamsb, sizeof hamsb, "%d", sg_emit_host_addr_width(m) - 1);
    snprintf(hdmsb, sizeof hdmsb, "%d", sg_emit_host_data_width(m) - 1);
    snprintf(cwmsb, sizeof cwmsb, "%d", opts->crd_width - 1);
    snprintf(wdc, sizeof wdc, "%ld", opts->watchdog_cycles);
    const char *kv[] = {"BANNER", banner, "MODULE", d->module, "MEMTABLE", memtab,
                        "CRDW", crdw, "VALW", valw, "BVPARAM", bvparam, "HOSTADDR_MSB", hamsb,
                        "HOSTDATA_MSB", hdmsb, "CRDW_MSB", cwmsb, "WATCHDOG", wdc, "BODY", body,
                        "", "@", NULL};
    FILE *tf = open_memstream(&text, &text_len);
    if (!tf) {
        free(tpl);
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "out of memory");
    }
    int trc = fill_template(tpl, tpath, kv, tf, e);
    fclose(tf);
    free(tpl);
    if (trc < 0) {
        free(text);
        return -1;
    }
    d->text = text;
    d->len = text_len;
    return 0;
}

int sg_emit(const sg_graph *g, const sg_emit_opts *opts, sg_emit_design *d,
            sg_err *e)
{
    sg_emit_opts def;
    if (!opts) {
        sg_emit_opts_default(&def);
        opts = &def;
    }
    memset(d, 0, sizeof *d);
    if (check_opts(opts, e) < 0)
        return -1;
    emitter m;
    emitter_init(&m, g, opts, d);
    char *body = NULL, *memtab = NULL;
    int rc = -1;
    if (sg_emit_plan_modules(&m, e) == 0 && sg_emit_plan_memories(&m, e) == 0 &&
        (body = emit_body(&m, e)) != NULL) {
        memtab = sg_emit_memory_table(&m);
        if (!memtab)
            sg_errc(e, SG_EXIT_USAGE, NULL, 0, "out of memory");
        else
            rc = fill_top(&m, body, memtab, e);
    }
    emitter_free(&m);
    free(body);
    free(memtab);
    if (rc < 0)
        sg_emit_design_free(d);
    return rc;
}

void sg_emit_design_free(sg_emit_design *d)
{
    free(d->mem);
    free(d->dim);
    free(d->edge_width);
    free(d->edge_skip);
    free(d->node_skip);
    free(d->text);
    memset(d, 0, sizeof *d);
}

int sg_emit_write(const sg_emit_design *d, const char *path, sg_err *e)
{
    sg_outfile of;
    if (sg_outfile_open(&of, path, e) < 0) {
        e->code = SG_EXIT_USAGE;
        return -1;
    }
    if (fwrite(d->text, 1, d->len, of.f) != d->len) {
        sg_outfile_abort(&of);
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "cannot write: %s", strerror(errno));
    }
    if (sg_outfile_commit(&of, e) < 0) {
        e->code = SG_EXIT_USAGE;
        return -1;
    }
    return 0;
}
