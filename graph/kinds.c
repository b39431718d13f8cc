/*
 * kinds.c - the node kind table (kinds.def) and its port rules.
 *
 * A port list is a short string ("ref:r ?skip:c"); it is read each time a
 * port is asked for, which costs little next to what asks (reading a graph,
 * naming an edge in a message, emitting an instance) and keeps the table
 * the only place that says what a kind's ports are.
 */
#include <stdio.h>
#include <string.h>

#include "graph/kinds.h"

static const sg_kind_info kinds[SG_NK__COUNT] = {
#define SG_KIND(ID, NAME, ALIASES, COUNT, IN, OUT, RTL, GOLDEN, BENCH, DOC) \
    [SG_NK_##ID] = {#ID, NAME, ALIASES, SG_PC_##COUNT, IN, OUT, RTL, GOLDEN, BENCH, DOC},
#include "graph/kinds.def"
#undef SG_KIND
};

const sg_kind_info *sg_kind_info_of(sg_node_kind k)
{
    if ((int)k < 0 || k >= SG_NK__COUNT)
        k = SG_NK_UNKNOWN;
    return &kinds[k];
}

/* One entry of a port list. */
typedef struct entry {
    char name[24], alt[24];  /* alt: the values variant after '|', or "" */
    char type, alt_type;
    int numbered;            /* name ends in '#' */
    sg_port_rtl rtl;
} entry;

#define MAX_ENTRIES 8

/* "outer:c inner:c|val:v" into entries; returns the count. */
static int parse_list(const char *s, entry *e)
{
    int n = 0;
    while (*s && n < MAX_ENTRIES) {
        while (*s == ' ')
            s++;
        if (!*s)
            break;
        entry *x = &e[n++];
        memset(x, 0, sizeof *x);
        if (*s == '-' || *s == '?') {
            x->rtl = *s == '-' ? SG_PR_NONE : SG_PR_SOME;
            s++;
        }
        char *d = x->name;
        size_t k = 0;
        while (*s && *s != ':' && *s != ' ' && k + 1 < sizeof x->name)
            d[k++] = *s++;
        if (k > 0 && d[k - 1] == '#') {
            x->numbered = 1;
            k--;
        }
        d[k] = '\0';
        if (*s == ':')
            x->type = *++s ? *s++ : 'c';
        if (*s == '|') {
            s++;
            k = 0;
            while (*s && *s != ':' && *s != ' ' && k + 1 < sizeof x->alt)
                x->alt[k++] = *s++;
            if (k > 0 && x->alt[k - 1] == '#')
                k--;            /* numbered as the port itself */
            x->alt[k] = '\0';
            if (*s == ':')
                x->alt_type = *++s ? *s++ : 'c';
        }
        while (*s && *s != ' ')
            s++;
    }
    return n;
}

static sg_stream_kind type_kind(char t, const sg_node *n)
{
    switch (t) {
    case 'r': return SG_ST_REF;
    case 'v': return SG_ST_VAL;
    case 's': return SG_ST_REPSIG;
    case 'b': return SG_ST_BV;
    case '*': return n->stream;
    default: return SG_ST_CRD;
    }
}

/* The node carries values where the table offers a values variant. */
static int carries_values(const sg_node *n)
{
    return (n->kind == SG_NK_FIBERWRITE && n->is_vals) || sg_graph_inner_is_vals(n);
}

static int alu_arity(const sg_node *n)
{
    switch (n->op) {
    case SG_ALU_SMAX:
    case SG_ALU_SMUL:
    case SG_ALU_EXP:
    case SG_ALU_FP_EXP:
        return 1;
    default:
        return n->has_cnst ? 1 : 2;
    }
}

/* Fixed entries come first in a list, then the numbered group.  rtl: count
 * what the RTL module has (every operand port it can take, no '-' or '?'
 * ports; those stand last in every list). */
static int count_ports(const sg_node *n, const char *list, int is_input, int rtl)
{
    entry e[MAX_ENTRIES];
    int ne = parse_list(list, e), nfix = 0, ngrp = 0;
    for (int i = 0; i < ne; i++) {
        if (rtl && e[i].rtl != SG_PR_ALL)
            continue;
        e[i].numbered ? ngrp++ : nfix++;
    }
    switch (sg_kind_info_of(n->kind)->count) {
    case SG_PC_OPERANDS:
        return nfix + ngrp * (rtl ? SG_RTL_MAX_OPERANDS : n->n_operands);
    case SG_PC_ARITY:
        return is_input ? nfix + ngrp * (rtl ? 2 : alu_arity(n)) : nfix;
    default:
        return nfix;
    }
}

void sg_kind_port_counts(const sg_node *n, int *n_in, int *n_out)
{
    const sg_kind_info *ki = sg_kind_info_of(n->kind);
    *n_in = count_ports(n, ki->in, 1, 0);
    *n_out = count_ports(n, ki->out, 0, 0);
}

void sg_kind_rtl_counts(const sg_node *n, int *n_in, int *n_out)
{
    const sg_kind_info *ki = sg_kind_info_of(n->kind);
    if (!ki->rtl[0]) {
        *n_in = *n_out = 0;
        return;
    }
    *n_in = count_ports(n, ki->in, 1, 1);
    *n_out = count_ports(n, ki->out, 0, 1);
}

int sg_kind_rtl_port(const sg_node *n, int is_input, int p, sg_port *pt)
{
    int nin, nout;
    sg_kind_rtl_counts(n, &nin, &nout);
    if (p < 0 || p >= (is_input ? nin : nout))
        return -1;
    /* The numbered ports past the node's own operands still have names. */
    sg_node v = *n;
    if (sg_kind_info_of(n->kind)->count == SG_PC_OPERANDS)
        v.n_operands = SG_RTL_MAX_OPERANDS;
    if (sg_kind_port(&v, is_input, p, pt) != 0 || pt->rtl != SG_PR_ALL)
        return -1;
    return 0;
}

int sg_kind_open_in(sg_node_kind k)
{
    sg_port_count c = sg_kind_info_of(k)->count;
    return c == SG_PC_OPEN_IN || c == SG_PC_OPEN;
}

int sg_kind_open_out(sg_node_kind k)
{
    sg_port_count c = sg_kind_info_of(k)->count;
    return c == SG_PC_OPEN_OUT || c == SG_PC_OPEN;
}

int sg_kind_port(const sg_node *n, int is_input, int p, sg_port *pt)
{
    const sg_kind_info *ki = sg_kind_info_of(n->kind);
    const char *d = is_input ? "in" : "out";
    entry e[MAX_ENTRIES];
    int ne = parse_list(is_input ? ki->in : ki->out, e), nfix = 0, ngrp = 0;
    for (int i = 0; i < ne; i++)
        e[i].numbered ? ngrp++ : nfix++;
    snprintf(pt->name, sizeof pt->name, "%s_p%d", d, p);
    pt->kind = SG_ST_CRD;
    pt->rtl = SG_PR_NONE;
    if (p < 0 || (p >= nfix && ngrp == 0))
        return -1;
    const entry *x;
    int num = -1;
    if (p < nfix) {
        x = &e[p];
    } else {
        int q = p - nfix;
        x = &e[nfix + q % ngrp];
        num = q / ngrp;
    }
    const char *name = x->name;
    char type = x->type;
    if (x->alt[0] && (x->alt_type == 'b' ? sg_graph_is_bitvector(n) : carries_values(n))) {
        name = x->alt;
        type = x->alt_type;
    }
    if (num >= 0)
        snprintf(pt->name, sizeof pt->name, "%s_%s%d", d, name, num);
    else
        snprintf(pt->name, sizeof pt->name, "%s_%s", d, name);
    pt->kind = type_kind(type, n);
    pt->rtl = x->rtl;
    return 0;
}

sg_node_kind sg_kind_by_word(const char *type)
{
    size_t tl = strlen(type);
    for (int k = 0; k < SG_NK__COUNT; k++) {
        if (k == SG_NK_UNKNOWN || k == SG_NK_ALU)
            continue;
        if (strcmp(kinds[k].name, type) == 0)
            return (sg_node_kind)k;
        for (const char *w = kinds[k].aliases; *w;) {
            while (*w == ' ')
                w++;
            size_t l = strcspn(w, " ");
            if (l == tl && l > 0 && strncmp(w, type, l) == 0)
                return (sg_node_kind)k;
            w += l;
        }
    }
    return SG_NK_UNKNOWN;
}

/* A port list as the docs show it: "in_ref, in_skip (skip variant)". */
static void doc_ports(FILE *f, const sg_kind_info *ki, int is_input)
{
    entry e[MAX_ENTRIES];
    int ne = parse_list(is_input ? ki->in : ki->out, e);
    const char *d = is_input ? "in" : "out";
    if (ne == 0)
        fputs(ki->count == SG_PC_OPEN ? "any" : "-", f);
    for (int i = 0; i < ne; i++) {
        fprintf(f, "%s`%s_%s%s`", i ? ", " : "", d, e[i].name, e[i].numbered ? "K" : "");
        if (e[i].alt[0])
            fprintf(f, " or `%s_%s%s` (%s)", d, e[i].alt, e[i].numbered ? "K" : "",
                    e[i].alt_type == 'b' ? "bitvector" : "values");
        if (e[i].rtl == SG_PR_SOME)
            fputs(" (some modules)", f);
        else if (e[i].rtl == SG_PR_NONE)
            fputs(" (golden only)", f);
    }
}

/* Space-separated stems as `prefix<stem>suffix` code spans. */
static void doc_files(FILE *f, const char *list, const char *pre, const char *suf)
{
    int n = 0;
    for (const char *w = list; *w;) {
        while (*w == ' ')
            w++;
        size_t l = strcspn(w, " ");
        if (l)
            fprintf(f, "%s`%s%.*s%s`", n++ ? ", " : "", pre, (int)l, w, suf);
        w += l;
    }
    if (!n)
        fputs("-", f);
}

int sg_kinds_write_markdown(FILE *f)
{
    fputs("| kind (DOT `type=`) | input ports | output ports | RTL modules | golden model | testbench | what it does |\n"
          "|---|---|---|---|---|---|---|\n", f);
    for (int k = 0; k < SG_NK__COUNT; k++) {
        const sg_kind_info *ki = &kinds[k];
        if (k == SG_NK_UNKNOWN)
            continue;
        if (k == SG_NK_ALU)
            fputs("| `mul`, `add`, `sub`, `max`, `min`, `smax`, `smul` ... (ALU) | ", f);
        else if (ki->aliases[0]) {
            fprintf(f, "| `%s` (also ", ki->name);
            doc_files(f, ki->aliases, "", "");
            fputs(") | ", f);
        } else
            fprintf(f, "| `%s` | ", ki->name);
        doc_ports(f, ki, 1);
        fputs(" | ", f);
        doc_ports(f, ki, 0);
        fputs(" | ", f);
        doc_files(f, ki->rtl, "", "");
        fputs(" | ", f);
        doc_files(f, ki->golden, "prim_", ".c");
        fputs(" | ", f);
        doc_files(f, ki->bench, "tb_", ".v");
        fprintf(f, " | %s |\n", ki->doc);
    }
    return ferror(f) ? -1 : 0;
}
