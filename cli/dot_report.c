/*
 * dot_report.c - reading a verify report.json back for `samgen dot
 * --report`.  The reader is strict about the fields it uses (core/json.h
 * parses the text): each must be there with the right type, counts are
 * integers >= 0 or null, and the report's edges and nodes must be the
 * graph's; anything else is one line naming the report and what is wrong.
 * Fields it does not use are ignored.
 */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/dot_report.h"
#include "core/json.h"
#include "golden/golden.h"

/* A count: an integer 0..2^53, or null (-1) when nullable. */
static int count(const char *path, const sg_json *o, const char *where, const char *key,
                 int nullable, long long *out, sg_err *e)
{
    const sg_json *v = sg_json_get(o, key);
    if (!v)
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "%s%smissing field \"%s\"", where, *where ? ": " : "", key);
    if (v->type == SG_JSON_NULL && nullable) {
        *out = -1;
        return 0;
    }
    if (v->type != SG_JSON_NUM || !(v->num >= 0) || v->num > 9007199254740992.0 ||
        floor(v->num) != v->num)
        return sg_errc(e, SG_EXIT_USAGE, path, 0,
                       "%s%sfield \"%s\" is not a count (an integer >= 0%s)", where,
                       *where ? ": " : "", key,
                       nullable ? " or null" : "");
    *out = (long long)v->num;
    return 0;
}

static const sg_json *field(const char *path, const sg_json *o, const char *where,
                            const char *key, sg_json_type t, sg_err *e)
{
    static const char *const tn[] = {"null", "true or false", "a number", "a string",
                                     "an array", "an object"};
    const sg_json *v = sg_json_get(o, key);
    if (!v) {
        sg_errc(e, SG_EXIT_USAGE, path, 0, "%s%smissing field \"%s\"", where, *where ? ": " : "", key);
        return NULL;
    }
    if (v->type != t) {
        sg_errc(e, SG_EXIT_USAGE, path, 0, "%s%sfield \"%s\" is not %s", where,
                *where ? ": " : "", key, tn[t]);
        return NULL;
    }
    return v;
}

static void alloc_all(sg_dot_report *r, const sg_graph *g)
{
    size_t ne = g->n_edges ? g->n_edges : 1, nn = g->n_nodes ? g->n_nodes : 1;
    r->tok = sg_malloc(ne * sizeof *r->tok);
    r->tok_rtl = sg_malloc(ne * sizeof *r->tok_rtl);
    r->busy = sg_malloc(nn * sizeof *r->busy);
    r->stall = sg_malloc(nn * sizeof *r->stall);
    r->busy_rtl = sg_malloc(nn * sizeof *r->busy_rtl);
    r->stall_rtl = sg_malloc(nn * sizeof *r->stall_rtl);
    for (size_t i = 0; i < ne; i++)
        r->tok[i] = r->tok_rtl[i] = -2;          /* -2: not in the report */
    for (size_t i = 0; i < nn; i++)
        r->busy[i] = r->stall[i] = r->busy_rtl[i] = r->stall_rtl[i] = -1;
}

static int read_edges(const char *path, const sg_json *arr, const sg_graph *g,
                      sg_dot_report *r, sg_err *e)
{
    char nm[160], where[64];
    long long best_cycle = -1;
    for (size_t i = 0; i < arr->n; i++) {
        const sg_json *o = &arr->kids[i];
        snprintf(where, sizeof where, "edges[%zu]", i);
        if (o->type != SG_JSON_OBJ)
            return sg_errc(e, SG_EXIT_USAGE, path, 0, "%s is not an object", where);
        const sg_json *name = field(path, o, where, "name", SG_JSON_STR, e);
        if (!name)
            return -1;
        size_t k = 0;
        while (k < g->n_edges && strcmp(sg_golden_edge_name(g, k, nm), name->str) != 0)
            k++;
        if (k == g->n_edges)
            return sg_errc(e, SG_EXIT_USAGE, path, 0,
                           "edge '%.80s' is not an edge of the graph %s", name->str,
                           g->path ? g->path : g->name);
        if (r->tok[k] != -2)
            return sg_errc(e, SG_EXIT_USAGE, path, 0, "edge '%s' is in the report twice",
                           nm);
        if (count(path, o, where, "tokens", 0, &r->tok[k], e) < 0 ||
            count(path, o, where, "tokens_rtl", 1, &r->tok_rtl[k], e) < 0)
            return -1;
        const sg_json *mm = sg_json_get(o, "mismatch");
        if (!mm)
            return sg_errc(e, SG_EXIT_USAGE, path, 0, "%s: missing field \"mismatch\"",
                           where);
        if (mm->type == SG_JSON_NULL)
            continue;
        if (mm->type != SG_JSON_OBJ)
            return sg_errc(e, SG_EXIT_USAGE, path, 0,
                           "%s: field \"mismatch\" is not an object or null", where);
        long long idx, cyc;
        const sg_json *cv = sg_json_get(mm, "cycle");
        if (count(path, mm, where, "index", 0, &idx, e) < 0)
            return -1;
        if (!cv || cv->type != SG_JSON_NUM)
            return sg_errc(e, SG_EXIT_USAGE, path, 0,
                           "%s: mismatch: field \"cycle\" is missing or not a number", where);
        cyc = cv->num >= 0 && cv->num < 9007199254740992.0 ? (long long)cv->num : INT64_MAX;
        /* The first mismatch: the earliest cycle, the report's order on a tie. */
        if (r->first_mm == SIZE_MAX || cyc < best_cycle) {
            r->first_mm = k;
            r->mm_index = idx;
            best_cycle = cyc;
        }
    }
    for (size_t k = 0; k < g->n_edges; k++)
        if (r->tok[k] == -2)
            return sg_errc(e, SG_EXIT_USAGE, path, 0,
                           "the graph's edge '%s' is not in the report",
                           sg_golden_edge_name(g, k, nm));
    return 0;
}

static int read_nodes(const char *path, const sg_json *arr, const sg_graph *g,
                      sg_dot_report *r, sg_err *e)
{
    char where[64];
    for (size_t i = 0; i < arr->n; i++) {
        const sg_json *o = &arr->kids[i];
        snprintf(where, sizeof where, "nodes[%zu]", i);
        if (o->type != SG_JSON_OBJ)
            return sg_errc(e, SG_EXIT_USAGE, path, 0, "%s is not an object", where);
        long long id;
        if (count(path, o, where, "id", 0, &id, e) < 0)
            return -1;
        size_t v = 0;
        while (v < g->n_nodes && g->nodes[v].id != id)
            v++;
        if (v == g->n_nodes)
            return sg_errc(e, SG_EXIT_USAGE, path, 0,
                           "node %lld is not a node of the graph %s", id,
                           g->path ? g->path : g->name);
        if (count(path, o, where, "busy", 1, &r->busy[v], e) < 0 ||
            count(path, o, where, "stall", 1, &r->stall[v], e) < 0 ||
            count(path, o, where, "busy_rtl", 1, &r->busy_rtl[v], e) < 0 ||
            count(path, o, where, "stall_rtl", 1, &r->stall_rtl[v], e) < 0)
            return -1;
    }
    return 0;
}

static int read_doc(const char *path, const sg_json *d, const sg_graph *g, sg_dot_report *r,
                    sg_err *e)
{
    if (d->type != SG_JSON_OBJ)
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "not a verify report (no JSON object)");
    const sg_json *res = field(path, d, "", "result", SG_JSON_STR, e);
    const sg_json *pass = res ? field(path, d, "", "pass", SG_JSON_BOOL, e) : NULL;
    if (!pass || count(path, d, "", "cycles", 0, &r->cycles, e) < 0 ||
        count(path, d, "", "cycles_rtl", 0, &r->cycles_rtl, e) < 0)
        return -1;
    snprintf(r->result, sizeof r->result, "%s", res->str);
    r->pass = pass->b;
    const sg_json *edges = field(path, d, "", "edges", SG_JSON_ARR, e);
    if (!edges || read_edges(path, edges, g, r, e) < 0)
        return -1;
    const sg_json *nodes = field(path, d, "", "nodes", SG_JSON_ARR, e);
    if (!nodes || read_nodes(path, nodes, g, r, e) < 0)
        return -1;
    return 0;
}

int sg_dot_report_read(const char *path, const sg_graph *g, sg_dot_report *r, sg_err *e)
{
    memset(r, 0, sizeof *r);
    r->first_mm = SIZE_MAX;
    r->mm_index = -1;
    sg_json d;
    if (sg_json_read_file(path, &d, e) < 0)
        return -1;
    alloc_all(r, g);
    int rc = read_doc(path, &d, g, r, e);
    sg_json_free(&d);
    if (rc < 0)
        sg_dot_report_free(r);
    return rc;
}

void sg_dot_report_free(sg_dot_report *r)
{
    free(r->tok);
    free(r->tok_rtl);
    free(r->busy);
    free(r->stall);
    free(r->busy_rtl);
    free(r->stall_rtl);
    memset(r, 0, sizeof *r);
    r->first_mm = SIZE_MAX;
}
