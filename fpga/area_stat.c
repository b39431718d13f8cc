/*
 * area_stat.c - turn Yosys statistics, netlists and logs into area counts.
 *
 * Yosys `stat -json` lists, per module, its cells by type; a cell whose type
 * is another module of the design is an instance.  Walking that hierarchy
 * from a module with a multiplier gives the module's totals; walking from
 * each direct instance of the top gives the per-instance rows.  Cell types
 * are sorted into classes (LUT, flip-flop, carry, block RAM, DSP, ...) by the
 * target's cell library names.
 *
 * Sections: names; classification; hierarchy walk; instance parameters;
 * results.  Yosys's log is read in area_log.c.
 */
#include "fpga/area.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---- names ----------------------------------------------------------------- */

const char *sg_area_target_name(area_target t)
{
    switch (t) {
    case AREA_ICE40: return "ice40";
    case AREA_XILINX: return "xilinx";
    default: return "generic";
    }
}

int sg_area_target_parse(const char *s, area_target *t)
{
    if (strcmp(s, "generic") == 0) *t = AREA_GENERIC;
    else if (strcmp(s, "ice40") == 0) *t = AREA_ICE40;
    else if (strcmp(s, "xilinx") == 0) *t = AREA_XILINX;
    else return -1;
    return 0;
}

const char *sg_area_device_name(area_device d)
{
    return d == AREA_UP5K ? "up5k" : "hx8k";
}

int sg_area_device_parse(const char *s, area_device *d)
{
    if (strcmp(s, "hx8k") == 0) *d = AREA_HX8K;
    else if (strcmp(s, "up5k") == 0) *d = AREA_UP5K;
    else return -1;
    return 0;
}

static int starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* n (1 to 64) characters 0 and 1, most significant first, as *u: 1, or 0
 * when the text is not such a bit string. */
static int bit_string(const char *b, size_t n, unsigned long long *u)
{
    if (n == 0 || n > 64)
        return 0;
    *u = 0;
    for (size_t i = 0; i < n; i++) {
        if (b[i] != '0' && b[i] != '1')
            return 0;
        *u = (*u << 1) | (unsigned)(b[i] - '0');
    }
    return 1;
}

/* A Yosys constant "s32'00..0101" or "32'0101" as a decimal string; other
 * text is copied. */
static void param_value(const char *v, size_t len, char *out, size_t n)
{
    const char *q = memchr(v, '\'', len);
    if (q) {
        const char *bits = q + 1;
        size_t nb = len - (size_t)(bits - v);
        int is_signed = v[0] == 's';
        unsigned long long u;
        if (bit_string(bits, nb, &u)) {
            if (is_signed && nb < 64 && bits[0] == '1')
                snprintf(out, n, "%lld", (long long)u - (1LL << nb));
            else if (is_signed && nb == 64)
                snprintf(out, n, "%lld", (long long)u);
            else
                snprintf(out, n, "%llu", u);
            return;
        }
    }
    snprintf(out, n, "%.*s", (int)len, v);
}

void sg_area_pretty_module(const char *yname, char *pretty, size_t np,
                        char *base, size_t nb)
{
    const char *s = yname;
    if (*s == '\\')
        s++;
    if (!starts(s, "$paramod")) {
        snprintf(base, nb, "%s", s);
        snprintf(pretty, np, "%s", s);
        return;
    }
    int hashed = s[8] == '$';            /* $paramod$<hash>\name */
    const char *b = strchr(s, '\\');
    if (!b) {
        snprintf(base, nb, "%s", s);
        snprintf(pretty, np, "%s", s);
        return;
    }
    b++;
    const char *e = strchr(b, '\\');
    size_t bl = e ? (size_t)(e - b) : strlen(b);
    snprintf(base, nb, "%.*s", (int)bl, b);
    size_t used = (size_t)snprintf(pretty, np, "%.*s(", (int)bl, b);
    if (hashed || !e) {
        snprintf(pretty + (used < np ? used : np - 1),
                 used < np ? np - used : 1, "%s", hashed ? "#)" : ")");
        return;
    }
    const char *p = e + 1;
    int first = 1;
    while (*p && used < np) {
        const char *q = strchr(p, '\\');
        size_t len = q ? (size_t)(q - p) : strlen(p);
        const char *eq = memchr(p, '=', len);
        char val[64];
        if (eq) {
            param_value(eq + 1, len - (size_t)(eq + 1 - p), val, sizeof val);
            used += (size_t)snprintf(pretty + used, np - used, "%s%.*s=%s",
                                     first ? "" : ",", (int)(eq - p), p, val);
        } else {
            used += (size_t)snprintf(pretty + used, np - used, "%s%.*s",
                                     first ? "" : ",", (int)len, p);
        }
        first = 0;
        if (!q)
            break;
        p = q + 1;
    }
    if (used < np)
        snprintf(pretty + used, np - used, ")");
}

const char *sg_area_family(const char *base)
{
    static const struct { const char *key, *fam; } map[] = {
        {"scan_skip", "skip-scanner"},   /* ExTensor scanner with its CAM */
        {"intersect", "intersect"},
        {"join", "intersect"},
        {"union", "union"},
        {"scan", "scanner"},
        {"fiberlookup", "scanner"},
        {"locate", "scanner"},           /* a locator replaces a scanner */
        {"fifo", "fifo"},
        {"sam_edge", "fifo"},            /* an edge: its FIFO (the tap is
                                          * simulation only) */
        {"ram", "memory"},
        {"mem", "memory"},
        {"alu", "alu"},
        {"mul", "alu"},
        {"spacc", "reduce"},
        {"reduce", "reduce"},
        {"write", "writer"},
        {"repsig", "repeat"},
        {"repeat", "repeat"},
        {"crd", "crd"},
        {"broadcast", "broadcast"},
        {"root", "root"},
        {"arrayvals", "scanner"},
    };
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (strstr(base, map[i].key))
            return map[i].fam;
    return "other";
}

/* Instance name of a generated union node: n<id>_union[_...]. */
static int union_instance(const char *inst)
{
    const char *p = inst;
    if (*p == '\\')
        p++;
    if (*p++ != 'n' || *p < '0' || *p > '9')
        return 0;
    while (*p >= '0' && *p <= '9')
        p++;
    return strncmp(p, "_union", 6) == 0 && (p[6] == '\0' || p[6] == '_');
}

const char *sg_area_family_inst(const char *base, const char *pretty, const char *inst)
{
    /* the joiners (sam_join, sam_join2) intersect, or with IsUnion=1 unite;
     * Yosys hashes long parameter lists, so a generated top's union nodes
     * are also known by their instance names */
    if (strstr(base, "join") &&
        (strstr(pretty, "IsUnion=1") || (inst && union_instance(inst))))
        return "union";
    return sg_area_family(base);
}

int sg_area_is_fp_unit(const char *base)
{
    return starts(base, "sam_fp_") && strcmp(base, "sam_fp_round") != 0;
}

/* ---- classification ---------------------------------------------------------- */

void sg_area_classify(area_target t, const char *type, long n, area_counts *c)
{
    c->cells += n;
    if (strstr(type, "DLATCH") || strstr(type, "dlatch") ||
        starts(type, "$_SR_")) {
        c->latches += n;
        return;
    }
    switch (t) {
    case AREA_GENERIC:
        if (starts(type, "$_DFF") || starts(type, "$_SDFF") ||
            starts(type, "$_ALDFF") || starts(type, "$dff") ||
            starts(type, "$sdff") || starts(type, "$adff"))
            c->ffs += n;
        break;
    case AREA_ICE40:
        if (strcmp(type, "SB_LUT4") == 0) c->luts += n;
        else if (starts(type, "SB_DFF")) c->ffs += n;
        else if (strcmp(type, "SB_CARRY") == 0) c->carries += n;
        else if (starts(type, "SB_RAM40_4K") || starts(type, "SB_SPRAM")) c->brams += n;
        else if (strcmp(type, "SB_MAC16") == 0) c->dsps += n;
        break;
    case AREA_XILINX:
        if (starts(type, "LUT")) c->luts += n;
        else if (starts(type, "FD")) c->ffs += n;
        else if (starts(type, "LD")) c->latches += n;
        else if (starts(type, "CARRY")) c->carries += n;
        else if (starts(type, "RAMB36")) c->brams += 2 * n;
        else if (starts(type, "RAMB18")) c->brams += n;
        else if (starts(type, "DSP48")) c->dsps += n;
        else if (starts(type, "RAM") || starts(type, "SRL")) c->lutrams += n;
        break;
    }
}

/* ---- hierarchy walk ------------------------------------------------------------ */

/* Module of stat named like `name` (with or without the leading '\'). */
static const area_jv *find_module(const area_jv *mods, const char *name,
                                  const char **key)
{
    if (!mods || mods->t != AREA_J_OBJ)
        return NULL;
    const char *n = name[0] == '\\' ? name + 1 : name;
    for (size_t i = 0; i < mods->n; i++) {
        const char *k = mods->keys[i];
        if (k[0] == '\\')
            k++;
        if (strcmp(k, n) == 0) {
            if (key)
                *key = mods->keys[i];
            return &mods->items[i];
        }
    }
    return NULL;
}

static void kv_add(area_kv **kv, size_t *n, const char *key, long count)
{
    for (size_t i = 0; i < *n; i++)
        if (strcmp((*kv)[i].key, key) == 0) {
            (*kv)[i].n += count;
            return;
        }
    *kv = sg_realloc(*kv, (*n + 1) * sizeof **kv);
    (*kv)[*n].key = sg_strdup(key);
    (*kv)[*n].n = count;
    (*n)++;
}

static long leading_long(const area_jv *v)
{
    return (long)sg_area_json_num(v, 0);
}

/* Add mult copies of module m (a stat module object) to c, and its leaf
 * cell types to kv when kv is not NULL.  memmods: mem.json modules or NULL. */
static void walk(const area_jv *mods, const area_jv *memmods, const char *mkey,
                 const area_jv *m, long mult, area_target t, area_counts *c,
                 area_kv **kv, size_t *nkv, int depth)
{
    if (depth > 64)
        return;
    const area_jv *types = sg_area_json_get(m, "num_cells_by_type");
    for (size_t i = 0; types && types->t == AREA_J_OBJ && i < types->n; i++) {
        long n = (long)sg_area_json_num(&types->items[i], 0);
        const char *key = NULL;
        const area_jv *sub = find_module(mods, types->keys[i], &key);
        if (sub) {
            walk(mods, memmods, key, sub, mult * n, t, c, kv, nkv, depth + 1);
            continue;
        }
        sg_area_classify(t, types->keys[i], mult * n, c);
        if (kv)
            kv_add(kv, nkv, types->keys[i], mult * n);
    }
    const area_jv *tr = sg_area_json_get(m, "estimated_num_transistors");
    if (tr && c->transistors >= 0)
        c->transistors += mult * leading_long(tr);
    const area_jv *mm = memmods ? find_module(memmods, mkey, NULL) : NULL;
    if (mm) {
        c->memories += mult * (long)sg_area_json_num(sg_area_json_get(mm, "num_memories"), 0);
        c->mem_bits += mult * (long)sg_area_json_num(sg_area_json_get(mm, "num_memory_bits"), 0);
    }
}

static void counts_init(area_counts *c, area_target t)
{
    memset(c, 0, sizeof *c);
    c->transistors = t == AREA_GENERIC ? 0 : -1;
}

static int kv_cmp(const void *a, const void *b)
{
    return strcmp(((const area_kv *)a)->key, ((const area_kv *)b)->key);
}

/* The top's ports from yosys's netlist module tn. */
static void read_ports(area_result *r, const area_jv *tn)
{
    const area_jv *ports = sg_area_json_get(tn, "ports");
    for (size_t i = 0; ports && ports->t == AREA_J_OBJ && i < ports->n; i++) {
        const area_jv *dir = sg_area_json_get(&ports->items[i], "direction");
        const area_jv *bits = sg_area_json_get(&ports->items[i], "bits");
        r->ports = sg_realloc(r->ports, (r->n_ports + 1) * sizeof *r->ports);
        area_port *p = &r->ports[r->n_ports++];
        p->name = sg_strdup(ports->keys[i]);
        p->is_output = dir && dir->t == AREA_J_STR && strcmp(dir->str, "input") != 0;
        p->width = bits && bits->t == AREA_J_ARR ? (int)bits->n : 1;
    }
}

/* A new instance row (counts and cell types left to the caller). */
static area_inst *inst_add(area_result *r, const char *name, const char *module,
                           const char *base, const char *family)
{
    r->inst = sg_realloc(r->inst, (r->n_inst + 1) * sizeof *r->inst);
    area_inst *in = &r->inst[r->n_inst++];
    in->name = sg_strdup(name);
    in->module = sg_strdup(module);
    in->base = sg_strdup(base);
    in->ymodule = NULL;
    in->params = NULL;
    in->n_params = 0;
    in->family = family;
    in->types = NULL;
    in->n_types = 0;
    return in;
}

/* The unit of r with Yosys module key, or a new one (counts of one unit
 * from its hierarchy). */
static area_unit *unit_get(area_result *r, const area_jv *mods,
                           const area_jv *memmods, const char *key,
                           const area_jv *m, const char *base, area_target t)
{
    for (size_t i = 0; i < r->n_units; i++)
        if (strcmp(r->units[i].in.ymodule, key) == 0)
            return &r->units[i];
    char pretty[256], b[128];
    sg_area_pretty_module(key, pretty, sizeof pretty, b, sizeof b);
    r->units = sg_realloc(r->units, (r->n_units + 1) * sizeof *r->units);
    area_unit *u = &r->units[r->n_units++];
    memset(u, 0, sizeof *u);
    u->in.name = sg_strdup("");
    u->in.module = sg_strdup(pretty);
    u->in.base = sg_strdup(base);
    u->in.ymodule = sg_strdup(key);
    u->in.family = "fp";
    counts_init(&u->in.c, t);
    walk(mods, memmods, key, m, 1, t, &u->in.c, &u->in.types, &u->in.n_types, 0);
    if (u->in.n_types > 1)
        qsort(u->in.types, u->in.n_types, sizeof *u->in.types, kv_cmp);
    return u;
}

/* Count mult copies of module m's real-number units into r->units; a unit
 * is not looked into (its sam_fp_round is a part of it). */
static void find_units(area_result *r, const area_jv *mods, const area_jv *memmods,
                       const area_jv *m, long mult, area_target t, int depth)
{
    if (depth > 64)
        return;
    const area_jv *types = sg_area_json_get(m, "num_cells_by_type");
    for (size_t i = 0; types && types->t == AREA_J_OBJ && i < types->n; i++) {
        const char *key = NULL;
        const area_jv *sub = find_module(mods, types->keys[i], &key);
        if (!sub)
            continue;
        long n = mult * (long)sg_area_json_num(&types->items[i], 0);
        char pretty[256], base[128];
        sg_area_pretty_module(key, pretty, sizeof pretty, base, sizeof base);
        if (sg_area_is_fp_unit(base))
            unit_get(r, mods, memmods, key, sub, base, t)->count += n;
        else
            find_units(r, mods, memmods, sub, n, t, depth + 1);
    }
}

static int unit_cmp(const void *a, const void *b)
{
    const area_unit *x = a, *y = b;
    int c = strcmp(x->in.base, y->in.base);
    return c ? c : strcmp(x->in.module, y->in.module);
}

int sg_area_from_yosys(const area_jv *stat, const area_jv *mem,
                    const area_jv *topnet, const char *top, area_target t,
                    area_result *r, sg_err *e)
{
    const area_jv *mods = sg_area_json_get(stat, "modules");
    const area_jv *memmods = mem ? sg_area_json_get(mem, "modules") : NULL;
    const char *tkey = NULL;
    const area_jv *tm = find_module(mods, top, &tkey);
    if (!tm)
        return sg_errf(e, NULL, 0, "yosys statistics have no module '%s'", top);
    free(r->design);
    r->design = sg_strdup(top);
    r->target = t;
    counts_init(&r->total, t);
    walk(mods, memmods, tkey, tm, 1, t, &r->total, &r->types, &r->n_types, 0);
    if (r->n_types > 1)
        qsort(r->types, r->n_types, sizeof *r->types, kv_cmp);
    find_units(r, mods, memmods, tm, 1, t, 0);
    if (r->n_units > 1)
        qsort(r->units, r->n_units, sizeof *r->units, unit_cmp);

    const area_jv *nm = topnet ? sg_area_json_get(topnet, "modules") : NULL;
    const area_jv *tn = nm ? find_module(nm, top, NULL) : NULL;
    if (!tn)
        return 0;
    read_ports(r, tn);
    const area_jv *cells = sg_area_json_get(tn, "cells");
    area_counts glue;
    area_kv *gtypes = NULL;
    size_t n_gtypes = 0;
    counts_init(&glue, t);
    for (size_t i = 0; cells && cells->t == AREA_J_OBJ && i < cells->n; i++) {
        const area_jv *ty = sg_area_json_get(&cells->items[i], "type");
        if (!ty || ty->t != AREA_J_STR)
            continue;
        const char *skey = NULL;
        const area_jv *sub = find_module(mods, ty->str, &skey);
        if (!sub) {
            sg_area_classify(t, ty->str, 1, &glue);
            kv_add(&gtypes, &n_gtypes, ty->str, 1);
            continue;
        }
        char pretty[256], base[128];
        sg_area_pretty_module(skey, pretty, sizeof pretty, base, sizeof base);
        area_inst *in = inst_add(r, cells->keys[i], pretty, base,
                                 sg_area_family_inst(base, pretty, cells->keys[i]));
        in->ymodule = sg_strdup(skey);
        counts_init(&in->c, t);
        walk(mods, memmods, skey, sub, 1, t, &in->c, &in->types, &in->n_types, 0);
        if (in->n_types > 1)
            qsort(in->types, in->n_types, sizeof *in->types, kv_cmp);
    }
    if (r->n_inst > 0 && glue.cells > 0) {
        /* transistors of the top's own cells: the top's own estimate */
        const area_jv *tr = sg_area_json_get(tm, "estimated_num_transistors");
        if (glue.transistors >= 0)
            glue.transistors = leading_long(tr);
        const area_jv *mm = memmods ? find_module(memmods, tkey, NULL) : NULL;
        if (mm) {
            glue.memories = (long)sg_area_json_num(sg_area_json_get(mm, "num_memories"), 0);
            glue.mem_bits = (long)sg_area_json_num(sg_area_json_get(mm, "num_memory_bits"), 0);
        }
        area_inst *in = inst_add(r, "(top)", top, top, "glue");
        in->c = glue;
        in->types = gtypes;
        in->n_types = n_gtypes;
        if (n_gtypes > 1)
            qsort(gtypes, n_gtypes, sizeof *gtypes, kv_cmp);
        gtypes = NULL;
        n_gtypes = 0;
    }
    for (size_t i = 0; i < n_gtypes; i++)
        free(gtypes[i].key);
    free(gtypes);
    return 0;
}

/* ---- instance parameters --------------------------------------------------------- */

/* One value of "parameter_default_values" as the report shows it. */
static void pv_value(const char *v, char **out, int *is_string)
{
    size_t n = strlen(v);
    unsigned long long u;
    if (bit_string(v, n, &u)) {
        char buf[32];
        if (n == 32 && v[0] == '1')
            snprintf(buf, sizeof buf, "%lld", (long long)u - (1LL << 32));
        else
            snprintf(buf, sizeof buf, "%llu", u);
        *out = sg_strdup(buf);
        *is_string = 0;
        return;
    }
    /* Yosys ends a string with a blank when it could be read as bits */
    if (n > 0 && v[n - 1] == ' ')
        n--;
    *out = sg_malloc(n + 1);
    memcpy(*out, v, n);
    (*out)[n] = '\0';
    *is_string = 1;
}

/* The parameter values of in's Yosys module from mods (params.json). */
static void inst_params(area_inst *in, const area_jv *mods)
{
    if (!in->ymodule || in->n_params > 0)
        return;
    const area_jv *m = find_module(mods, in->ymodule, NULL);
    const area_jv *pv = m ? sg_area_json_get(m, "parameter_default_values") : NULL;
    if (!pv || pv->t != AREA_J_OBJ || pv->n == 0)
        return;
    in->params = sg_malloc(pv->n * sizeof *in->params);
    for (size_t k = 0; k < pv->n; k++) {
        area_pv *p = &in->params[in->n_params];
        const char *key = pv->keys[k][0] == '\\' ? pv->keys[k] + 1 : pv->keys[k];
        if (pv->items[k].t == AREA_J_STR) {
            pv_value(pv->items[k].str, &p->val, &p->is_string);
        } else if (pv->items[k].t == AREA_J_NUM) {
            char buf[32];
            snprintf(buf, sizeof buf, "%.0f", pv->items[k].num);
            p->val = sg_strdup(buf);
            p->is_string = 0;
        } else {
            continue;
        }
        p->key = sg_strdup(key);
        in->n_params++;
    }
}

void sg_area_inst_params(area_result *r, const area_jv *params)
{
    const area_jv *mods = params ? sg_area_json_get(params, "modules") : NULL;
    if (!mods)
        return;
    for (size_t i = 0; i < r->n_inst; i++)
        inst_params(&r->inst[i], mods);
    for (size_t i = 0; i < r->n_units; i++)
        inst_params(&r->units[i].in, mods);
}

void sg_area_inst_module(const area_inst *in, char *buf, size_t n)
{
    if (n == 0)
        return;
    if (in->n_params == 0) {
        snprintf(buf, n, "%s", in->module);
        return;
    }
    size_t used = (size_t)snprintf(buf, n, "%s #(", in->base);
    for (size_t k = 0; k < in->n_params && used < n; k++)
        used += (size_t)snprintf(buf + used, n - used, "%s%s=%s%s%s",
                                 k ? ", " : "", in->params[k].key,
                                 in->params[k].is_string ? "\"" : "",
                                 in->params[k].val,
                                 in->params[k].is_string ? "\"" : "");
    if (used < n)
        snprintf(buf + used, n - used, ")");
}

/* ---- results -------------------------------------------------------------------- */

static void inst_free(area_inst *in)
{
    free(in->name);
    free(in->module);
    free(in->base);
    free(in->ymodule);
    for (size_t k = 0; k < in->n_params; k++) {
        free(in->params[k].key);
        free(in->params[k].val);
    }
    free(in->params);
    for (size_t k = 0; k < in->n_types; k++)
        free(in->types[k].key);
    free(in->types);
}

void sg_area_result_free(area_result *r)
{
    if (!r)
        return;
    free(r->design);
    free(r->label);
    for (size_t i = 0; i < r->n_types; i++)
        free(r->types[i].key);
    free(r->types);
    for (size_t i = 0; i < r->n_inst; i++)
        inst_free(&r->inst[i]);
    free(r->inst);
    for (size_t i = 0; i < r->n_units; i++) {
        inst_free(&r->units[i].in);
        sg_area_result_free(r->units[i].alone);
        free(r->units[i].alone);
    }
    free(r->units);
    for (size_t i = 0; i < r->n_ports; i++)
        free(r->ports[i].name);
    free(r->ports);
    for (size_t i = 0; i < r->n_notes; i++)
        free(r->notes[i]);
    free(r->notes);
    for (size_t i = 0; i < r->n_problems; i++)
        free(r->problems[i]);
    free(r->problems);
    memset(r, 0, sizeof *r);
}
