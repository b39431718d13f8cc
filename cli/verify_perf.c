/*
 * verify_perf.c - the generated top's performance counters (gen/emit_perf.c,
 * read back at host select 255) checked against what the simulation's
 * traces say of the same run: per node its busy and stall cycles
 * (--counters nodes), per edge its tokens (--counters edges; the
 * backpressure words have no trace counterpart and are only reported).
 */
#include <stdio.h>

#include "cli/verify.h"

int sg_verify_check_counters(const verify_run *v, size_t *checked, char *msg, size_t cap)
{
    const sg_emit_design *d = &v->c.design;
    const sg_graph *g = &v->c.g;
    *checked = 0;
    if (!d->n_perf)
        return 0;
    const sg_simmem *pm = sg_simout_mem(&v->so, SG_PERF_SEL);
    if (!pm || pm->n != (size_t)d->n_perf) {
        snprintf(msg, cap, "counters: %zu words read back at select %d, expected %d",
                 pm ? pm->n : 0, SG_PERF_SEL, d->n_perf);
        return 1;
    }
    for (size_t i = 0; d->perf_mode == SG_PERF_NODES && i < g->n_nodes; i++) {
        unsigned long long busy = 0, stall = 0;
        if (sg_verify_node_cycles(v, i, &busy, &stall) < 0)
            busy = stall = 0;
        unsigned long long hb = pm->w[2 * i], hs = pm->w[2 * i + 1];
        if (hb != busy || hs != stall) {
            snprintf(msg, cap, "counters: node %d (DOT line %ld): busy %llu, stall %llu in the "
                     "counters (words %zu, %zu); busy %llu, stall %llu in the traces",
                     g->nodes[i].id, g->nodes[i].line, hb, hs, 2 * i, 2 * i + 1, busy, stall);
            return 1;
        }
        *checked += 2;
    }
    for (size_t k = 0; d->perf_mode == SG_PERF_EDGES && k < g->n_edges; k++) {
        unsigned long long toks = k < v->so.n_edges ? v->so.edge[k].count : 0;
        if (pm->w[2 * k] != toks) {
            snprintf(msg, cap, "counters: edge %zu (DOT line %ld): %llu tokens in the counters "
                     "(word %zu), %llu in the traces", k, g->edges[k].line,
                     (unsigned long long)pm->w[2 * k], 2 * k, toks);
            return 1;
        }
        *checked += 1;
    }
    return 0;
}
