/*
 * area_report.c - print area results as terminal tables and as JSON.
 *
 * The table shows one row per instance of the top (a primitive synthesized
 * alone has none: only the total row), the total, the cells by type, the
 * memory mapping notes, the problems found in the log and, for iCE40, the
 * place-and-route result.  Columns follow the target: LUTs, carries, block
 * RAMs and DSPs for FPGAs, transistors for the generic gate target.
 *
 * Sections: summaries; table; sweep; JSON.
 */
#include "fpga/area.h"
#include "core/json.h"

#include <string.h>

/* ---- summaries ------------------------------------------------------------- */

static void counts_add(area_counts *a, const area_counts *b)
{
    a->cells += b->cells;
    a->ffs += b->ffs;
    a->luts += b->luts;
    a->carries += b->carries;
    a->brams += b->brams;
    a->dsps += b->dsps;
    a->lutrams += b->lutrams;
    a->latches += b->latches;
    if (a->transistors >= 0 && b->transistors >= 0)
        a->transistors += b->transistors;
    else
        a->transistors = -1;
    a->memories += b->memories;
    a->mem_bits += b->mem_bits;
}

size_t sg_area_families(const area_result *r, const char **fam, area_counts *fc,
                     size_t max)
{
    size_t n = 0;
    for (size_t i = 0; i < r->n_inst; i++) {
        size_t k = 0;
        while (k < n && strcmp(fam[k], r->inst[i].family) != 0)
            k++;
        if (k == n) {
            if (n == max)
                continue;
            fam[n] = r->inst[i].family;
            memset(&fc[n], 0, sizeof fc[n]);
            fc[n].transistors = r->inst[i].c.transistors >= 0 ? 0 : -1;
            n++;
        }
        counts_add(&fc[k], &r->inst[i].c);
    }
    for (size_t i = 1; i < n; i++)         /* insertion sort by name */
        for (size_t k = i; k > 0 && strcmp(fam[k - 1], fam[k]) > 0; k--) {
            const char *t = fam[k];
            fam[k] = fam[k - 1];
            fam[k - 1] = t;
            area_counts c = fc[k];
            fc[k] = fc[k - 1];
            fc[k - 1] = c;
        }
    return n;
}

/* The figure areas are compared by: LUTs on FPGAs, transistors (or cells
 * when unknown) on the generic target. */
static long metric(const area_result *r, const area_counts *c)
{
    if (r->target != AREA_GENERIC)
        return c->luts;
    return c->transistors >= 0 ? c->transistors : c->cells;
}

static const char *metric_name(const area_result *r)
{
    if (r->target != AREA_GENERIC)
        return "LUTs";
    return r->total.transistors >= 0 ? "transistors" : "cells";
}

double sg_area_intersect_share(const area_result *r)
{
    long tot = metric(r, &r->total), x = 0;
    if (tot <= 0)
        return -1;
    for (size_t i = 0; i < r->n_inst; i++)
        if (strcmp(r->inst[i].family, "intersect") == 0)
            x += metric(r, &r->inst[i].c);
    return (double)x / (double)tot;
}

/* Generic target: the intersection share with SRAM macros counted at six
 * transistors per bit (ExTensor's PE area includes its SRAM buffer); -1
 * when it does not apply. */
static double share_with_sram(const area_result *r)
{
    if (r->target != AREA_GENERIC || r->total.transistors < 0)
        return -1;
    double sh = sg_area_intersect_share(r);
    double tot = (double)r->total.transistors + 6.0 * (double)r->total.mem_bits;
    if (sh < 0 || tot <= 0)
        return -1;
    return sh * (double)r->total.transistors / tot;
}

/* ---- table ------------------------------------------------------------------ */

/* Instance names and modules are printed in full: their columns are as
 * wide as the longest entry. */
typedef struct cols {
    int name, module;
} cols;

static void header(FILE *f, area_target t, const cols *w)
{
    fprintf(f, "%-*s %-*s %-10s %7s %6s", w->name, "instance", w->module,
            "module", "family", "cells", "FFs");
    if (t == AREA_GENERIC)
        fprintf(f, " %11s %8s\n", "transistors", "mem-bits");
    else
        fprintf(f, " %6s %6s %5s %4s%s\n", "LUTs", "carry", "BRAM", "DSP",
                t == AREA_XILINX ? " LUTRAM" : "");
}

static void row(FILE *f, area_target t, const cols *w, const char *name,
                const char *module, const char *family, const area_counts *c)
{
    fprintf(f, "%-*s %-*s %-10s %7ld %6ld", w->name, name, w->module, module,
            family, c->cells, c->ffs);
    if (t == AREA_GENERIC) {
        if (c->transistors >= 0)
            fprintf(f, " %11ld %8ld\n", c->transistors, c->mem_bits);
        else
            fprintf(f, " %11s %8ld\n", "?", c->mem_bits);
    } else {
        fprintf(f, " %6ld %6ld %5ld %4ld", c->luts, c->carries, c->brams,
                c->dsps);
        if (t == AREA_XILINX)
            fprintf(f, " %6ld", c->lutrams);
        fprintf(f, "\n");
    }
}

static int widest(int w, const char *s)
{
    size_t n = strlen(s);
    return n > (size_t)w ? (int)(n < 4096 ? n : 4096) : w;
}

/* fmax of a unit placed on its own: "123.4", "no-fit" or "-". */
static void unit_fmax(const area_unit *u, char *buf, size_t n)
{
    const area_pnr *p = u->alone ? &u->alone->pnr : NULL;
    if (p && p->fits == 1)
        snprintf(buf, n, "%.1f", p->fmax_mhz);
    else if (p && p->fits == 0)
        snprintf(buf, n, "no-fit");
    else
        snprintf(buf, n, "-");
}

/* The real-number units: one unit's area each, how many there are and,
 * when they were placed on their own, their fmax. */
static void units_table(FILE *f, const area_result *r)
{
    char mod[1024], fm[32];
    int placed = 0;
    cols w = {widest(0, "unit"), 0};
    for (size_t i = 0; i < r->n_units; i++) {
        sg_area_inst_module(&r->units[i].in, mod, sizeof mod);
        w.name = widest(w.name, mod);
        if (r->units[i].alone && r->units[i].alone->pnr.ran)
            placed = 1;
    }
    fprintf(f, "real-number units (the area of one; in the instances above):\n");
    fprintf(f, "%-*s %5s %7s %6s", w.name, "unit", "count", "cells", "FFs");
    if (r->target == AREA_GENERIC)
        fprintf(f, " %11s", "transistors");
    else
        fprintf(f, " %6s %6s %4s", "LUTs", "carry", "DSP");
    fprintf(f, "%s\n", placed ? "  fmax-MHz (alone)" : "");
    for (size_t i = 0; i < r->n_units; i++) {
        const area_unit *u = &r->units[i];
        const area_counts *c = &u->in.c;
        sg_area_inst_module(&u->in, mod, sizeof mod);
        fprintf(f, "%-*s %5ld %7ld %6ld", w.name, mod, u->count, c->cells, c->ffs);
        if (r->target == AREA_GENERIC)
            fprintf(f, " %11ld", c->transistors);
        else
            fprintf(f, " %6ld %6ld %4ld", c->luts, c->carries, c->dsps);
        unit_fmax(u, fm, sizeof fm);
        if (placed)
            fprintf(f, "  %s", fm);
        fprintf(f, "\n");
    }
}

void sg_area_report_table(FILE *f, const area_result *r)
{
    fprintf(f, "%s: target %s%s%s\n", r->label ? r->label : r->design,
            sg_area_target_name(r->target),
            r->target == AREA_ICE40 && r->pnr.device[0] ? ", device " : "",
            r->target == AREA_ICE40 ? r->pnr.device : "");
    char mod[1024];
    cols w = {widest(widest(0, "instance"), "total"),
              widest(widest(0, "module"), r->design)};
    for (size_t i = 0; i < r->n_inst; i++) {
        sg_area_inst_module(&r->inst[i], mod, sizeof mod);
        w.name = widest(w.name, r->inst[i].name);
        w.module = widest(w.module, mod);
    }
    header(f, r->target, &w);
    for (size_t i = 0; i < r->n_inst; i++) {
        sg_area_inst_module(&r->inst[i], mod, sizeof mod);
        row(f, r->target, &w, r->inst[i].name, mod, r->inst[i].family,
            &r->inst[i].c);
    }
    row(f, r->target, &w, "total", r->design, "", &r->total);

    fprintf(f, "cells by type:");
    for (size_t i = 0; i < r->n_types; i++)
        fprintf(f, "%s %s %ld", i ? "," : "", r->types[i].key, r->types[i].n);
    fprintf(f, "\n");
    fprintf(f, "memories: %ld (%ld bits before mapping)", r->total.memories,
            r->total.mem_bits);
    if (r->target != AREA_GENERIC)
        fprintf(f, ", block RAMs: %ld", r->total.brams);
    fprintf(f, "\n");
    if (r->n_inst > 0) {
        const char *fam[32];
        area_counts fc[32];
        size_t nf = sg_area_families(r, fam, fc, 32);
        long tot = metric(r, &r->total);
        fprintf(f, "by family (%s):", metric_name(r));
        for (size_t i = 0; i < nf; i++)
            fprintf(f, "%s %s %ld (%.1f%%)", i ? "," : "", fam[i],
                    metric(r, &fc[i]),
                    tot > 0 ? 100.0 * (double)metric(r, &fc[i]) / (double)tot : 0.0);
        fprintf(f, "\n");
        double sh = sg_area_intersect_share(r);
        if (sh >= 0)
            fprintf(f, "intersection logic: %.2f%% of %s "
                       "(ExTensor: 9%% of a PE, 2.46%% of the chip)\n",
                    100.0 * sh, metric_name(r));
        double ss = share_with_sram(r);
        if (ss >= 0)
            fprintf(f, "intersection logic: %.2f%% of transistors with the "
                       "%ld SRAM bits at 6 transistors each\n", 100.0 * ss,
                    r->total.mem_bits);
    }
    if (r->n_units > 0)
        units_table(f, r);
    for (size_t i = 0; i < r->n_notes; i++)
        fprintf(f, "note: %s\n", r->notes[i]);
    for (size_t i = 0; i < r->n_problems; i++)
        fprintf(f, "PROBLEM: %s\n", r->problems[i]);
    if (r->total.latches > 0)
        fprintf(f, "PROBLEM: %ld latch cells after mapping\n", r->total.latches);
    fprintf(f, "yosys warnings: %ld (see %s/yosys.log)\n", r->n_warnings,
            r->workdir);
    const area_pnr *p = &r->pnr;
    if (r->target == AREA_ICE40 && p->fits == 1)
        fprintf(f, "iCE40 %s: fmax %.1f MHz, %ld/%ld logic cells (with the "
                   "I/O wrapper), %ld RAM, %ld DSP\n", p->device, p->fmax_mhz,
                p->lcs, p->lcs_avail, p->brams, p->dsps);
    else if (r->target == AREA_ICE40 && p->fits == 0)
        fprintf(f, "iCE40 %s: %s\n", p->device, p->msg);
}

/* ---- sweep ------------------------------------------------------------------- */

void sg_area_report_sweep(FILE *f, const char *param, const char *const *vals,
                       const area_result *r, size_t n)
{
    area_target t = n ? r[0].target : AREA_GENERIC;
    fprintf(f, "%-10s %7s %6s", param, "cells", "FFs");
    if (t == AREA_GENERIC)
        fprintf(f, " %11s\n", "transistors");
    else
        fprintf(f, " %6s %6s %5s %4s %9s\n", "LUTs", "carry", "BRAM", "DSP",
                "fmax-MHz");
    for (size_t i = 0; i < n; i++) {
        const area_counts *c = &r[i].total;
        fprintf(f, "%-10s %7ld %6ld", vals[i], c->cells, c->ffs);
        if (t == AREA_GENERIC) {
            fprintf(f, " %11ld\n", c->transistors);
            continue;
        }
        fprintf(f, " %6ld %6ld %5ld %4ld", c->luts, c->carries, c->brams,
                c->dsps);
        if (r[i].pnr.fits == 1)
            fprintf(f, " %9.1f\n", r[i].pnr.fmax_mhz);
        else if (r[i].pnr.fits == 0)
            fprintf(f, " %9s\n", "no-fit");
        else
            fprintf(f, " %9s\n", "-");
    }
}

/* ---- JSON --------------------------------------------------------------------- */

/* One line: {"cells": N, ...} (the tests read these lines with sed). */
static void jcounts(FILE *f, const area_counts *c)
{
    fprintf(f, "{\"cells\": %ld, \"ffs\": %ld, \"luts\": %ld, \"carries\": %ld, "
               "\"brams\": %ld, \"dsps\": %ld, \"lutrams\": %ld, "
               "\"latches\": %ld, \"transistors\": %ld, \"memories\": %ld, "
               "\"mem_bits\": %ld}", c->cells, c->ffs, c->luts, c->carries,
            c->brams, c->dsps, c->lutrams, c->latches, c->transistors,
            c->memories, c->mem_bits);
}

static void jlist(FILE *f, const char *key, char **items, size_t n)
{
    fprintf(f, "      \"%s\": [", key);
    for (size_t i = 0; i < n; i++) {
        fputs(i ? ", " : "", f);
        sg_json_str(f, items[i]);
    }
    fprintf(f, "],\n");
}

/* "params": {...} of an instance or unit. */
static void jparams(FILE *f, const area_inst *in)
{
    fprintf(f, "\"params\": {");
    for (size_t k = 0; k < in->n_params; k++) {
        const area_pv *pv = &in->params[k];
        fputs(k ? ", " : "", f);
        sg_json_str(f, pv->key);
        fputs(": ", f);
        if (pv->is_string)
            sg_json_str(f, pv->val);
        else
            fputs(pv->val, f);
    }
    fprintf(f, "}");
}

/* "pnr": {...} of an iCE40 place and route. */
static void jpnr(FILE *f, const area_pnr *p)
{
    fprintf(f, "\"pnr\": {\"device\": \"%s\", \"fits\": %s, ",
            p->device, p->fits ? "true" : "false");
    if (p->fits == 1)
        fprintf(f, "\"fmax_mhz\": %.2f, \"lcs\": %ld, \"lcs_available\": %ld, "
                   "\"brams\": %ld, \"dsps\": %ld, ", p->fmax_mhz, p->lcs,
                p->lcs_avail, p->brams, p->dsps);
    fprintf(f, "\"message\": ");
    sg_json_str(f, p->msg);
    fprintf(f, ", \"cmd\": ");
    sg_json_str(f, p->cmd);
    fprintf(f, "}");
}

/* "cells_by_type": {...}. */
static void jcells(FILE *f, const area_kv *kv, size_t n)
{
    fprintf(f, "\"cells_by_type\": {");
    for (size_t k = 0; k < n; k++) {
        fputs(k ? ", " : "", f);
        sg_json_str(f, kv[k].key);
        fprintf(f, ": %ld", kv[k].n);
    }
    fprintf(f, "}");
}

/* "fp_units": [...]: each unit's module, parameters, count and area of
 * one, and its run on its own when there was one. */
static void junits(FILE *f, const area_result *r)
{
    fprintf(f, "      \"fp_units\": [");
    for (size_t i = 0; i < r->n_units; i++) {
        const area_unit *u = &r->units[i];
        fprintf(f, "%s\n        {\"module\": ", i ? "," : "");
        sg_json_str(f, u->in.base);
        fprintf(f, ", ");
        jparams(f, &u->in);
        fprintf(f, ", \"count\": %ld, \"area\": ", u->count);
        jcounts(f, &u->in.c);
        fprintf(f, ",\n         ");
        jcells(f, u->in.types, u->in.n_types);
        if (u->alone) {
            fprintf(f, ",\n         \"alone\": {\"workdir\": ");
            sg_json_str(f, u->alone->workdir);
            fprintf(f, ", \"yosys_cmd\": ");
            sg_json_str(f, u->alone->yosys_cmd);
            fprintf(f, ", \"area\": ");
            jcounts(f, &u->alone->total);
            if (u->alone->target == AREA_ICE40 && u->alone->pnr.fits >= 0) {
                fprintf(f, ", ");
                jpnr(f, &u->alone->pnr);
            }
            fprintf(f, "}");
        }
        fprintf(f, "}");
    }
    fprintf(f, "%s],\n", r->n_units ? "\n      " : "");
}

/* Long because it writes one JSON object field by field, in the order
 * docs/area.md lists them. */
static void json_run(FILE *f, const area_result *r, const char *param,
                     const char *val)
{
    fprintf(f, "    {\n      \"label\": ");
    sg_json_str(f, r->label ? r->label : r->design);
    fprintf(f, ",\n      \"design\": ");
    sg_json_str(f, r->design);
    fprintf(f, ",\n      \"target\": \"%s\",\n", sg_area_target_name(r->target));
    if (param) {
        fprintf(f, "      \"sweep\": {\"param\": ");
        sg_json_str(f, param);
        fprintf(f, ", \"value\": ");
        sg_json_str(f, val);
        fprintf(f, "},\n");
    }
    fprintf(f, "      \"workdir\": ");
    sg_json_str(f, r->workdir);
    fprintf(f, ",\n      \"yosys_cmd\": ");
    sg_json_str(f, r->yosys_cmd);
    fprintf(f, ",\n      \"total\": ");
    jcounts(f, &r->total);
    fprintf(f, ",\n      \"cells_by_type\": {");
    for (size_t i = 0; i < r->n_types; i++) {
        fputs(i ? ", " : "", f);
        sg_json_str(f, r->types[i].key);
        fprintf(f, ": %ld", r->types[i].n);
    }
    fprintf(f, "},\n      \"instances\": [");
    for (size_t i = 0; i < r->n_inst; i++) {
        fprintf(f, "%s\n        {\"name\": ", i ? "," : "");
        sg_json_str(f, r->inst[i].name);
        fprintf(f, ", \"module\": ");
        sg_json_str(f, r->inst[i].module);
        fprintf(f, ", ");
        jparams(f, &r->inst[i]);
        fprintf(f, ", \"family\": ");
        sg_json_str(f, r->inst[i].family);
        fprintf(f, ", \"area\": ");
        jcounts(f, &r->inst[i].c);
        fprintf(f, ",\n         \"cells_by_type\": {");
        for (size_t k = 0; k < r->inst[i].n_types; k++) {
            fputs(k ? ", " : "", f);
            sg_json_str(f, r->inst[i].types[k].key);
            fprintf(f, ": %ld", r->inst[i].types[k].n);
        }
        fprintf(f, "}}");
    }
    fprintf(f, "%s],\n", r->n_inst ? "\n      " : "");
    junits(f, r);
    fprintf(f, "      \"families\": {");
    const char *fam[32];
    area_counts fc[32];
    size_t nf = sg_area_families(r, fam, fc, 32);
    for (size_t i = 0; i < nf; i++) {
        fprintf(f, "%s\n        ", i ? "," : "");
        sg_json_str(f, fam[i]);
        fprintf(f, ": ");
        jcounts(f, &fc[i]);
    }
    fprintf(f, "%s},\n", nf ? "\n      " : "");
    double sh = sg_area_intersect_share(r);
    if (r->n_inst > 0 && sh >= 0)
        fprintf(f, "      \"intersect_share\": %.4f,\n", sh);
    double ss = share_with_sram(r);
    if (r->n_inst > 0 && ss >= 0)
        fprintf(f, "      \"intersect_share_with_sram\": %.4f,\n", ss);
    jlist(f, "notes", r->notes, r->n_notes);
    jlist(f, "problems", r->problems, r->n_problems);
    fprintf(f, "      \"warnings\": %ld", r->n_warnings);
    if (r->target == AREA_ICE40 && r->pnr.fits >= 0) {
        fprintf(f, ",\n      ");
        jpnr(f, &r->pnr);
    }
    fprintf(f, "\n    }");
}

void sg_area_report_json(FILE *f, const area_result *r, size_t n,
                      const char *param, const char *const *vals)
{
    fprintf(f, "{\n  \"tool\": \"samgen area\",\n  \"runs\": [\n");
    for (size_t i = 0; i < n; i++) {
        json_run(f, &r[i], param, param ? vals[i] : NULL);
        fprintf(f, "%s\n", i + 1 < n ? "," : "");
    }
    fprintf(f, "  ]\n}\n");
}
