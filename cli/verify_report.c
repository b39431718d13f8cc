/*
 * verify_report.c - what `samgen verify -o DIR` writes (docs/verification.md,
 * "Reports"): DIR/report.json with the run's settings, figures and one
 * entry per edge and output tensor; DIR/junit.xml with one test case per
 * compared edge stream and output tensor; with --trace both sides' stream
 * of every edge in the shared trace format.  The field names shared with
 * the golden model's report.json (golden/report.c) mean the same there.
 * Every file is written whole or not at all (core/outfile.h).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/value.h"
#include "cli/verify.h"
#include "core/json.h"
#include "core/outfile.h"
#include "core/paths.h"
#include "core/xml.h"

void sg_verify_out_arr_name(const gen_ctx *c, const sg_emit_mem *m, char *buf, size_t n)
{
    const sg_node *nd = &c->g.nodes[m->node];
    if (m->arr == SG_ARR_VALS)
        snprintf(buf, n, "out_arr_%s_vals", nd->tensor);
    else
        snprintf(buf, n, "out_arr_%s_mode_%d_%s", nd->tensor, nd->mode,
                 m->arr == SG_ARR_SEG ? "seg" : "crd");
}

static void trace_path(char *buf, size_t n, const char *dir, const char *side,
                       const char *edge)
{
    snprintf(buf, n, "%s/trace/%s/%s.txt", dir, side, edge);
}

void sg_verify_plan_reports(sg_outplan *p, const gen_ctx *c, const verify_opts *vo)
{
    if (!vo->outdir)
        return;
    char path[4400], nm[160];
    sg_outplan_output(p, SG_OUT_DIR, "-o", vo->outdir, NULL);
    snprintf(path, sizeof path, "%s/report.json", vo->outdir);
    sg_outplan_output(p, SG_OUT_FILE, "-o", path, NULL);
    snprintf(path, sizeof path, "%s/junit.xml", vo->outdir);
    sg_outplan_output(p, SG_OUT_FILE, "-o", path, NULL);
    if (!vo->trace || !c)
        return;
    for (size_t k = 0; k < c->g.n_edges; k++) {
        sg_golden_edge_name(&c->g, k, nm);
        trace_path(path, sizeof path, vo->outdir, "golden", nm);
        sg_outplan_output(p, SG_OUT_FILE, "--trace", path, NULL);
        trace_path(path, sizeof path, vo->outdir, "rtl", nm);
        sg_outplan_output(p, SG_OUT_FILE, "--trace", path, NULL);
    }
}

/* ---- what the comparison found, per edge and per output ----------------- */

static const sg_cmp_mismatch *find_mm(const verify_run *v, const char *name)
{
    for (size_t i = 0; i < v->n_mm; i++)
        if (strcmp(v->mm[i].stream, name) == 0)
            return &v->mm[i];
    return NULL;
}

/* Status of edge k: "pass", "fail" or "not compared"; *m its mismatch. */
static const char *edge_status(const verify_run *v, const verify_opts *vo, size_t k,
                               const sg_cmp_mismatch **m)
{
    *m = NULL;
    if (!v->compared || vo->no_trace || v->c.design.edge_skip[k])
        return "not compared";
    char nm[160];
    sg_golden_edge_name(&v->c.g, k, nm);
    *m = find_mm(v, nm);
    return *m ? "fail" : "pass";
}

/* Status of output tensor o: "pass", "fail" (*m the first differing of
 * its memories) or "not compared". */
static const char *output_status(const verify_run *v, int o, const sg_cmp_mismatch **m)
{
    *m = NULL;
    if (!v->compared)
        return "not compared";
    const char *tensor = v->c.gold.out[o].name;
    char nm[160];
    size_t best = SIZE_MAX;
    int any = 0;
    for (size_t i = 0; i < v->c.design.n_mem; i++) {
        const sg_emit_mem *mem = &v->c.design.mem[i];
        if (!mem->is_output || strcmp(v->c.g.nodes[mem->node].tensor, tensor) != 0)
            continue;
        any = 1;
        sg_verify_out_arr_name(&v->c, mem, nm, sizeof nm);
        const sg_cmp_mismatch *x = find_mm(v, nm);
        if (x && (size_t)(x - v->mm) < best)
            best = (size_t)(x - v->mm);
    }
    if (!any)
        return "not compared";
    if (best == SIZE_MAX)
        return "pass";
    *m = &v->mm[best];
    return "fail";
}

/* A mismatch's token on one side: the token, or NULL past the end. */
static const char *tok_str(int has, sg_tok t, sg_stream_kind k, char *buf)
{
    if (!has)
        return NULL;
    sg_tok_format(t, k, buf);
    return buf;
}

static void json_str_or_null(FILE *f, const char *s)
{
    if (s)
        sg_json_str(f, s);
    else
        fputs("null", f);
}

static void json_mismatch(FILE *f, const sg_cmp_mismatch *m)
{
    if (!m) {
        fputs("null", f);
        return;
    }
    char a[SG_TOK_TEXT], b[SG_TOK_TEXT];
    fprintf(f, "{\"stream\": ");
    sg_json_str(f, m->stream);
    fprintf(f, ", \"index\": %zu, \"cycle\": %ld, \"golden\": ", m->index, m->cycle);
    json_str_or_null(f, tok_str(m->has_expected, m->expected, m->kind, a));
    fprintf(f, ", \"rtl\": ");
    json_str_or_null(f, tok_str(m->has_actual, m->actual, m->kind, b));
    fprintf(f, ", \"report\": ");
    sg_json_str(f, m->report);
    fputc('}', f);
}

/* RTL cycles per CPU second: of the run phase when the harness measured
 * it, else of the whole simulator process. */
static double sim_speed(const verify_run *v)
{
    unsigned long long run_cyc = 0, all_cyc = 0;
    double run_cpu = 0.0, all_cpu = 0.0;
    if (sg_sim_read_cpu_line(v->simout, &run_cyc, &run_cpu, &all_cyc, &all_cpu, NULL))
        return run_cpu > 0 ? (double)run_cyc / run_cpu : 0.0;
    return v->times.cpu_s > 0 ? (double)v->so.cycles / v->times.cpu_s : 0.0;
}

/* ---- per node: busy and stall cycles ------------------------------------- */

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

int sg_verify_node_cycles(const verify_run *v, size_t node, unsigned long long *busy,
                          unsigned long long *stall)
{
    const sg_graph *g = &v->c.g;
    if (!v->so.edge)
        return -1;
    if (v->so.lockstep_stats) {
        /* The harness counted them as the tokens crossed. */
        if (node >= v->so.n_node || !v->so.node[node].busy)
            return -1;
        const sg_simnode *sn = &v->so.node[node];
        *busy = sn->busy;
        *stall = (unsigned long long)(sn->last - sn->first + 1) - sn->busy;
        return 0;
    }
    size_t n = 0;
    for (size_t k = 0; k < g->n_edges && k < v->so.n_edges; k++)
        if ((size_t)g->edges[k].src == node)
            n += v->so.edge[k].ncyc;
    if (!n)
        return -1;
    int64_t *c = sg_malloc(n * sizeof *c);
    size_t m = 0;
    for (size_t k = 0; k < g->n_edges && k < v->so.n_edges; k++)
        if ((size_t)g->edges[k].src == node && v->so.edge[k].ncyc) {
            memcpy(c + m, v->so.edge[k].cyc, v->so.edge[k].ncyc * sizeof *c);
            m += v->so.edge[k].ncyc;
        }
    qsort(c, n, sizeof *c, cmp_i64);
    unsigned long long distinct = 1;
    for (size_t i = 1; i < n; i++)
        distinct += c[i] != c[i - 1];
    *busy = distinct;
    *stall = (unsigned long long)(c[n - 1] - c[0] + 1) - distinct;
    free(c);
    return 0;
}

static void json_nodes(FILE *f, const verify_run *v, const verify_opts *vo)
{
    const gen_ctx *c = &v->c;
    const sg_graph *g = &c->g;
    fprintf(f, "  \"nodes\": [");
    for (size_t i = 0; i < g->n_nodes; i++) {
        const sg_node *nd = &g->nodes[i];
        fprintf(f, "%s\n    {\"id\": %d, \"kind\": ", i ? "," : "", nd->id);
        sg_json_str(f, sg_graph_kind_name(nd->kind));
        const golden_result *gr = c->have_gold_hw ? &c->gold_hw : &c->gold;
        if (gr->node_firings && i < gr->n_nodes && gr->cycles) {
            unsigned long long b = gr->node_firings[i], cy = gr->cycles;
            fprintf(f, ", \"busy\": %llu, \"stall\": %llu", b, b < cy ? cy - b : 0);
        } else {
            fputs(", \"busy\": null, \"stall\": null", f);
        }
        unsigned long long rb, rs;
        if (!vo->no_trace && sg_verify_node_cycles(v, i, &rb, &rs) == 0)
            fprintf(f, ", \"busy_rtl\": %llu, \"stall_rtl\": %llu}", rb, rs);
        else
            fputs(", \"busy_rtl\": null, \"stall_rtl\": null}", f);
    }
    fprintf(f, "%s],\n", g->n_nodes ? "\n  " : "");
}

static int write_json(const char *path, const verify_run *v, const verify_opts *vo,
                      sg_err *e)
{
    sg_outfile of;
    if (sg_outfile_open(&of, path, e) < 0)
        return -1;
    FILE *f = of.f;
    const gen_ctx *c = &v->c;
    const gen_opts *go = c->go;
    const sg_graph *g = &c->g;
    fprintf(f, "{\n  \"graph\": ");
    sg_json_str(f, g->path ? g->path : g->name);
    fprintf(f, ",\n  \"kernel\": ");
    sg_json_str(f, g->name[0] ? g->name : c->design.module);
    fprintf(f, ",\n  \"module\": ");
    sg_json_str(f, c->design.module);
    char vtn[SG_VT_NAME_MAX];
    fprintf(f, ",\n  \"value_type\": \"%s\",\n",
            sg_vt_name(go->vt ? go->vt : go->val_width, vtn));
    fprintf(f, "  \"width_crd\": %d,\n  \"width_val\": %d,\n", c->crd_width, go->val_width);
    fprintf(f, "  \"fifo_depth\": %d,\n  \"fifo_auto\": %s,\n  \"skip\": %d,\n",
            go->fifo_depth, go->fifo_auto ? "true" : "false", go->skip);
    fprintf(f, "  \"simulator\": ");
    sg_json_str(f, vo->sim);
    fprintf(f, ",\n  \"stall\": %d,\n  \"seed\": %ld,\n", vo->stall, vo->seed);
    fprintf(f, "  \"result\": ");
    sg_json_str(f, v->result);
    fprintf(f, ",\n  \"pass\": %s,\n", strcmp(v->result, "pass") == 0 ? "true" : "false");
    if (v->message) {
        fprintf(f, "  \"message\": ");
        sg_json_str(f, v->message);
        fprintf(f, ",\n");
    }
    fprintf(f, "  \"cycles\": %llu,\n  \"cycles_unbounded\": %llu,\n  \"cycles_rtl\": %llu,\n",
            sg_gen_gold_cycles(c), (unsigned long long)c->gold.cycles,
            (unsigned long long)v->so.cycles);
    fprintf(f, "  \"tokens_total\": %llu,\n", (unsigned long long)c->gold.tokens_total);
    fprintf(f, "  \"build_s\": %.6f,\n  \"cached_build\": %s,\n  \"run_s\": %.6f,\n"
               "  \"cpu_s\": %.6f,\n  \"cycles_per_s\": %.0f,\n",
            v->build_s, v->cached && strcmp(vo->sim, "verilator") == 0 ? "true" : "false",
            v->times.wall_s, v->times.cpu_s, sim_speed(v));
    fprintf(f, "  \"streams\": %zu,\n  \"tokens\": %zu,\n  \"mismatches\": %zu,\n",
            v->cmp.n_streams, v->cmp.n_tokens, v->n_mm);
    fprintf(f, "  \"outputs\": [");
    for (int o = 0; o < c->gold.n_out; o++) {
        const sg_cmp_mismatch *m;
        const char *st = output_status(v, o, &m);
        fprintf(f, "%s\n    {\"name\": ", o ? "," : "");
        sg_json_str(f, c->gold.out[o].name);
        fprintf(f, ", \"nnz\": %zu, \"status\": \"%s\", \"mismatch\": ",
                c->gold.out[o].coo.nnz, st);
        json_mismatch(f, m);
        fputc('}', f);
    }
    fprintf(f, "%s],\n", c->gold.n_out ? "\n  " : "");
    json_nodes(f, v, vo);
    fprintf(f, "  \"edges\": [");
    char nm[160];
    for (size_t k = 0; k < g->n_edges; k++) {
        const sg_edge *ed = &g->edges[k];
        const sg_cmp_mismatch *m;
        const char *st = edge_status(v, vo, k, &m);
        fprintf(f, "%s\n    {\"name\": ", k ? "," : "");
        sg_json_str(f, sg_golden_edge_name(g, k, nm));
        unsigned long long gt = k < c->gold.n_edges ? c->gold.edge[k].tokens : 0;
        unsigned long long rt = v->so.edge && k < v->so.n_edges ? v->so.edge[k].count : 0;
        fprintf(f, ", \"src\": %d, \"dst\": %d, \"type\": \"%s\", \"fifo_depth\": %d, "
                   "\"tokens\": %llu, \"tokens_rtl\": ",
                g->nodes[ed->src].id, g->nodes[ed->dst].id, sg_stream_kind_name(ed->type),
                c->depth ? c->depth[k] : go->fifo_depth, gt);
        if (vo->no_trace)
            fputs("null", f);
        else
            fprintf(f, "%llu", rt);
        fprintf(f, ", \"status\": \"%s\", \"mismatch\": ", st);
        json_mismatch(f, m);
        fputc('}', f);
    }
    fprintf(f, "%s]\n}\n", g->n_edges ? "\n  " : "");
    return sg_outfile_commit(&of, e);
}

/* ---- junit.xml ---------------------------------------------------------- */

static void xml_attr(FILE *f, const char *name, const char *value)
{
    fprintf(f, " %s=\"", name);
    sg_xml_text(f, value);
    fputc('"', f);
}

/* One test case; m a mismatch (failure), or skipped a reason. */
static void xml_case(FILE *f, const char *name, const char *classname,
                     const sg_cmp_mismatch *m, const char *skipped)
{
    fprintf(f, "    <testcase");
    xml_attr(f, "name", name);
    xml_attr(f, "classname", classname);
    fprintf(f, " time=\"0\"");
    if (!m && !skipped) {
        fprintf(f, "/>\n");
        return;
    }
    fprintf(f, ">\n");
    if (m) {
        fprintf(f, "      <failure");
        xml_attr(f, "message", m->report);
        fprintf(f, " type=\"mismatch\">");
        sg_xml_text(f, m->report);
        fprintf(f, "</failure>\n");
    } else {
        fprintf(f, "      <skipped");
        xml_attr(f, "message", skipped);
        fprintf(f, "/>\n");
    }
    fprintf(f, "    </testcase>\n");
}

/* Long because it writes the XML document in its order, one element
 * after another. */
static int write_junit(const char *path, const verify_run *v, const verify_opts *vo,
                       sg_err *e)
{
    const gen_ctx *c = &v->c;
    const sg_graph *g = &c->g;
    const char *kernel = g->name[0] ? g->name : c->design.module;
    /* Counts first: the suite's attributes come before its cases. */
    size_t tests = 0, failures = 0, errors = 0, skipped = 0;
    const sg_cmp_mismatch *m;
    for (size_t k = 0; k < g->n_edges; k++) {
        const char *st = edge_status(v, vo, k, &m);
        tests++;
        failures += m != NULL;
        skipped += strcmp(st, "not compared") == 0;
    }
    for (int o = 0; o < c->gold.n_out; o++) {
        const char *st = output_status(v, o, &m);
        tests++;
        failures += m != NULL;
        skipped += strcmp(st, "not compared") == 0;
    }
    int run_case = strcmp(v->result, "pass") != 0 && strcmp(v->result, "fail") != 0;
    int run_error = strcmp(v->result, "error") == 0;
    if (run_case) {
        tests++;
        errors += run_error;
        failures += !run_error;
    }
    double t = v->build_s + v->times.wall_s;
    char cls[200];

    sg_outfile of;
    if (sg_outfile_open(&of, path, e) < 0)
        return -1;
    FILE *f = of.f;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites");
    xml_attr(f, "name", "samgen verify");
    fprintf(f, " tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" time=\"%.3f\">\n", tests,
            failures, errors, t);
    fprintf(f, "  <testsuite");
    xml_attr(f, "name", kernel);
    fprintf(f, " tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"%zu\" time=\"%.3f\">\n",
            tests, failures, errors, skipped, t);
    char val[64];
    fprintf(f, "    <properties>\n");
    const char *keys[] = {"graph", "simulator", "value_type", "width_crd", "width_val",
                          "fifo_depth", "skip", "stall", "seed", "cycles", "cycles_rtl"};
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++) {
        const char *s = val;
        switch (i) {
        case 0: s = g->path ? g->path : g->name; break;
        case 1: s = vo->sim; break;
        case 2: snprintf(val, sizeof val, "int%d", c->go->val_width); break;
        case 3: snprintf(val, sizeof val, "%d", c->crd_width); break;
        case 4: snprintf(val, sizeof val, "%d", c->go->val_width); break;
        case 5:
            if (c->go->fifo_auto)
                snprintf(val, sizeof val, "auto");
            else
                snprintf(val, sizeof val, "%d", c->go->fifo_depth);
            break;
        case 6: snprintf(val, sizeof val, "%d", c->go->skip); break;
        case 7: snprintf(val, sizeof val, "%d", vo->stall); break;
        case 8: snprintf(val, sizeof val, "%ld", vo->seed); break;
        case 9: snprintf(val, sizeof val, "%llu", sg_gen_gold_cycles(c)); break;
        default: snprintf(val, sizeof val, "%llu", (unsigned long long)v->so.cycles); break;
        }
        fprintf(f, "      <property");
        xml_attr(f, "name", keys[i]);
        xml_attr(f, "value", s);
        fprintf(f, "/>\n");
    }
    fprintf(f, "    </properties>\n");
    char nm[160];
    snprintf(cls, sizeof cls, "%s.edge", kernel);
    for (size_t k = 0; k < g->n_edges; k++) {
        const char *st = edge_status(v, vo, k, &m);
        const char *why = NULL;
        if (strcmp(st, "not compared") == 0)
            why = vo->no_trace ? "--no-trace: edge streams not recorded"
                  : c->design.edge_skip[k] ? "a skipping scanner's stream (not compared)"
                                           : "not compared: the run did not finish";
        xml_case(f, sg_golden_edge_name(g, k, nm), cls, m, why);
    }
    snprintf(cls, sizeof cls, "%s.output", kernel);
    for (int o = 0; o < c->gold.n_out; o++) {
        const char *st = output_status(v, o, &m);
        xml_case(f, c->gold.out[o].name, cls, m,
                 strcmp(st, "not compared") == 0 ? "not compared: the run did not finish"
                                                  : NULL);
    }
    if (run_case) {
        fprintf(f, "    <testcase name=\"simulation\"");
        xml_attr(f, "classname", kernel);
        fprintf(f, " time=\"%.3f\">\n      <%s", v->times.wall_s,
                run_error ? "error" : "failure");
        xml_attr(f, "message", v->message ? v->message : v->result);
        xml_attr(f, "type", v->result);
        fprintf(f, ">");
        sg_xml_text(f, v->message ? v->message : v->result);
        fprintf(f, "</%s>\n    </testcase>\n", run_error ? "error" : "failure");
    }
    fprintf(f, "  </testsuite>\n</testsuites>\n");
    return sg_outfile_commit(&of, e);
}

/* ---- traces --------------------------------------------------------------- */

static int write_trace(const char *path, const char *name, const sg_toks *t,
                       sg_stream_kind k, sg_err *e)
{
    sg_outfile of;
    if (sg_outfile_open(&of, path, e) < 0)
        return -1;
    /* "name: t t t" as the golden model's traces, "name:" when empty. */
    int bad = fprintf(of.f, "%s:", name) < 0;
    char buf[SG_TOK_TEXT];
    for (size_t i = 0; i < t->n && !bad; i++) {
        sg_tok_format(t->t[i], k, buf);
        bad = fprintf(of.f, " %s", buf) < 0;
    }
    if (bad || fputc('\n', of.f) == EOF) {
        sg_outfile_abort(&of);
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "write error");
    }
    return sg_outfile_commit(&of, e);
}

static int make_dir(const char *path, sg_err *e)
{
    char at[4096];
    if (sg_mkdir_p(path, at, sizeof at) < 0)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "cannot write %s: %s", at, strerror(errno));
    return 0;
}

static int write_traces(const verify_run *v, const verify_opts *vo, sg_err *e)
{
    char dir[4200], path[4400], nm[160];
    static const char *const side[2] = {"golden", "rtl"};
    for (int s = 0; s < 2; s++) {
        snprintf(dir, sizeof dir, "%s/trace/%s", vo->outdir, side[s]);
        if (make_dir(dir, e) < 0)
            return -1;
    }
    const sg_graph *g = &v->c.g;
    sg_toks none = {NULL, 0, 0};
    for (size_t k = 0; k < g->n_edges; k++) {
        sg_golden_edge_name(g, k, nm);
        sg_stream_kind kind = g->edges[k].type;
        const sg_toks *gt = k < v->c.gold.n_edges ? &v->c.gold.edge[k].toks : &none;
        const sg_toks *rt = v->so.edge && k < v->so.n_edges ? &v->so.edge[k].toks : &none;
        trace_path(path, sizeof path, vo->outdir, "golden", nm);
        if (write_trace(path, nm, gt, kind, e) < 0)
            return -1;
        trace_path(path, sizeof path, vo->outdir, "rtl", nm);
        if (write_trace(path, nm, rt, kind, e) < 0)
            return -1;
    }
    return 0;
}

int sg_verify_write_reports(const verify_run *v, const verify_opts *vo, sg_err *e)
{
    char path[4400];
    if (make_dir(vo->outdir, e) < 0)
        return -1;
    if (vo->trace && write_traces(v, vo, e) < 0)
        return -1;
    snprintf(path, sizeof path, "%s/report.json", vo->outdir);
    if (write_json(path, v, vo, e) < 0)
        return -1;
    snprintf(path, sizeof path, "%s/junit.xml", vo->outdir);
    return write_junit(path, v, vo, e);
}
