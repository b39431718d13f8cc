/*
 * graph_write.c - write a typed graph back as Custard-style DOT.
 *
 * The output uses exactly the vocabulary graph_read.c accepts, so reading
 * what this file writes gives the same typed graph (graph_test.c checks the
 * round trip on every shared graph).  Nodes carry their attributes twice, as
 * Custard writes them: in comment="type=...,k=v" and as separate DOT
 * attributes, plus a cosmetic label, colour and shape.  Edges carry type,
 * style, label and comment; an edge built in memory without a label or
 * comment (the einsum compiler's) gets the index tag its ports need, so the
 * reader binds it to the same ports.
 *
 * The reader numbers ALU operands and broadcast outputs in file order, and
 * this writer keeps the edge array order: builders add those edges in port
 * order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "core/outfile.h"
#include "graph/graph.h"

/* Key/value pairs of one node, in Custard's order. */
typedef struct attrs {
    const char *key[16];
    char val[16][72];
    int n;
} attrs;

static void put(attrs *a, const char *k, const char *v)
{
    if (a->n == 16)
        return;
    a->key[a->n] = k;
    snprintf(a->val[a->n], sizeof a->val[0], "%s", v);
    a->n++;
}

static void put_idx(attrs *a, const char *k, char x)
{
    char v[2] = {x, 0};
    if (x)
        put(a, k, v);
}

static void put_int(attrs *a, const char *k, int x)
{
    char v[16];
    snprintf(v, sizeof v, "%d", x);
    put(a, k, v);
}

/* An accumulator's workspace, when it is not left to the data. */
static void ws_attrs(const sg_node *n, attrs *a)
{
    if (n->workspace != SG_WS_AUTO)
        put(a, "workspace", sg_ws_name(n->workspace));
    if (n->ws_cap > 0)
        put_int(a, "capacity", (int)n->ws_cap);
}

/* A level's format word, as scanners and writers both carry it. */
static void put_format(attrs *a, const sg_node *n)
{
    put(a, "format", sg_lvl_word(n->format));
}

/* An ALU constant under key k: its text as the file gave it, else its
 * value in decimal. */
static void put_cnst(attrs *a, const char *k, const sg_node *n)
{
    char v[32];
    if (n->cnst_text[0])
        snprintf(v, sizeof v, "%s", n->cnst_text);
    else
        snprintf(v, sizeof v, "%lld", (long long)n->cnst);
    put(a, k, v);
}

/* A fiberwrite: the values writer has no index, mode or format. */
static void fiberwrite_attrs(const sg_node *n, attrs *a)
{
    if (n->is_vals) {
        put(a, "tensor", n->tensor);
        put(a, "mode", "vals");
        if (n->size[0])
            put(a, "size", n->size);
    } else {
        put_idx(a, "index", n->index);
        put(a, "tensor", n->tensor);
        put_int(a, "mode", n->mode);
        put_format(a, n);
        if (n->segsize[0])
            put(a, "segsize", n->segsize);
        if (n->crdsize[0])
            put(a, "crdsize", n->crdsize);
    }
    if (n->sink)
        put(a, "sink", "true");
}

/* An ALU: add's sub flag, then its constant under the key the file used,
 * or the one Custard writes for the operation. */
static void alu_attrs(const sg_node *n, attrs *a)
{
    if (strcmp(sg_graph_node_type(n), "add") == 0)
        put(a, "sub", n->op == SG_ALU_SUB ? "1" : "0");
    if (n->has_cnst && n->cnst_attr[0])
        put(a, n->cnst_attr, n->cnst_text);
    else if (n->has_cnst && (n->op == SG_ALU_SMAX || n->op == SG_ALU_FP_MUL) &&
             strcmp(sg_graph_node_type(n), "max") != 0)
        put_cnst(a, "const0", n);
    else if (n->has_cnst && n->op == SG_ALU_SMUL)
        put_cnst(a, "in2", n);
}

/* A crddrop or crdhold: outer and inner index, inner 'v' for values. */
static void crd_attrs(const sg_node *n, attrs *a)
{
    put_idx(a, "outer", n->outer);
    if (n->inner == 'v')
        put(a, "inner", n->vals ? "vals" : "val");
    else
        put_idx(a, "inner", n->inner);
    if (n->vals)
        put(a, "vals", "true");
    if (n->mode >= 0)
        put_int(a, "mode", n->mode);
}

static void node_attrs(const sg_node *n, attrs *a)
{
    a->n = 0;
    switch (n->kind) {
    case SG_NK_FIBERLOOKUP:
        put_idx(a, "index", n->index);
        put(a, "tensor", n->tensor);
        put_int(a, "mode", n->mode);
        put_format(a, n);
        if (n->src)
            put(a, "src", "true");
        put(a, "root", n->root ? "true" : "false");
        break;
    case SG_NK_FIBERWRITE:
        fiberwrite_attrs(n, a);
        break;
    case SG_NK_ARRAYVALS:
        put(a, "tensor", n->tensor);
        break;
    case SG_NK_REPSIGGEN:
    case SG_NK_INTERSECT:
    case SG_NK_UNION:
        put_idx(a, "index", n->index);
        if (n->format)
            put_format(a, n);
        break;
    case SG_NK_REPEAT:
        put_idx(a, "index", n->index);
        put(a, "tensor", n->tensor);
        put(a, "root", n->root ? "true" : "false");
        break;
    case SG_NK_ALU:
        alu_attrs(n, a);
        break;
    case SG_NK_REDUCE:
        if (n->fp)
            put(a, "fp", "true");
        if (n->skip_empty)
            put(a, "empty", "skip");
        break;
    case SG_NK_SPACC:
        put_int(a, "order", n->order);
        put_idx(a, "in0", n->in0);
        put_idx(a, "in1", n->in1);
        if (n->val_stops)
            put(a, "valstops", "true");
        ws_attrs(n, a);
        break;
    case SG_NK_VECTORREDUCER:
        put_idx(a, "accum_index", n->index);
        ws_attrs(n, a);
        break;
    case SG_NK_CRDDROP:
    case SG_NK_CRDHOLD:
        crd_attrs(n, a);
        break;
    case SG_NK_PARALLELIZE:
        put_idx(a, "index", n->index);
        put_int(a, "lane", n->lane);
        put_int(a, "lanes", n->lanes);
        break;
    case SG_NK_SERIALIZE:
    case SG_NK_SERIALIZE_LEVEL:
        put_idx(a, "index", n->index);
        put_int(a, "lanes", n->lanes);
        if (n->kind == SG_NK_SERIALIZE_LEVEL)
            put_int(a, "depth", n->depth);
        break;
    case SG_NK_LOCATE:
        put_idx(a, "index", n->index);
        put(a, "tensor", n->tensor);
        put_int(a, "mode", n->mode);
        put_format(a, n);
        put(a, "root", n->root ? "true" : "false");
        break;
    case SG_NK_UNKNOWN:
    default:
        put_idx(a, "index", n->index);
        if (n->tensor[0])
            put(a, "tensor", n->tensor);
        if (n->mode >= 0)
            put_int(a, "mode", n->mode);
        break;
    }
    if (n->skip >= 0)
        put_int(a, "skip", n->skip);
}

/* Write s as a DOT quoted string that reads back as s.  cgraph's scanner
 * turns \" into a quote and keeps any other backslash pair as it is, so a
 * backslash pair is written as a pair.  A single backslash before a quote or
 * at the end would escape the quote after it; it cannot be written and is
 * dropped. */
static void qstr(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"') {
            fputs("\\\"", f);
        } else if (*s == '\\' && s[1] == '\\') {
            fputs("\\\\", f);
            s++;
        } else if (*s == '\\' && (s[1] == 0 || s[1] == '"')) {
            ;
        } else {
            fputc(*s, f);
        }
    }
    fputc('"', f);
}

static void node_look(const sg_node *n, char *label, size_t cap,
                      const char **color, const char **shape)
{
    char idx[2] = {n->index ? n->index : '?', 0};
    *color = "brown";
    *shape = "box";
    switch (n->kind) {
    case SG_NK_FIBERLOOKUP:
        snprintf(label, cap, "FiberLookup %s: %s%d\\n%s", idx, n->tensor,
                 n->mode, sg_lvl_word(n->format));
        *color = "green4";
        break;
    case SG_NK_FIBERWRITE:
        if (n->is_vals)
            snprintf(label, cap, "FiberWrite Vals: %s", n->tensor);
        else
            snprintf(label, cap, "FiberWrite %s: %s%d\\n%s", idx, n->tensor,
                     n->mode,
                     sg_lvl_word(n->format));
        *color = "green3";
        break;
    case SG_NK_ARRAYVALS:
        snprintf(label, cap, "Array Vals: %s", n->tensor);
        *color = "green2";
        break;
    case SG_NK_REPSIGGEN:
        snprintf(label, cap, "RepeatSignalGenerator %s", idx);
        *color = "cyan3";
        break;
    case SG_NK_REPEAT:
        snprintf(label, cap, "Repeat %s: %s", idx, n->tensor);
        *color = "cyan2";
        break;
    case SG_NK_LOCATE:
        snprintf(label, cap, "Locate %s: %s%d\\n%s", idx, n->tensor, n->mode,
                 sg_lvl_word(n->format));
        *color = "green4";
        break;
    case SG_NK_BROADCAST:
        label[0] = 0;
        *shape = "point";
        break;
    case SG_NK_INTERSECT:
    case SG_NK_UNION:
        snprintf(label, cap, "%s %s%s", sg_graph_kind_name(n->kind), idx,
                 n->format == SG_LVL_BITVECTOR ? "\\nbitvector" : "");
        *color = "purple";
        break;
    case SG_NK_SPACC:
        snprintf(label, cap, "SparseAccumulator %d \\n0=%c%s%c ", n->order,
                 n->in0 ? n->in0 : '?', n->in1 ? " 1=" : "",
                 n->in1 ? n->in1 : ' ');
        break;
    case SG_NK_CRDDROP:
    case SG_NK_CRDHOLD:
        snprintf(label, cap, "%s %c,%s", n->kind == SG_NK_CRDDROP ? "CrdDrop" : "CrdHold",
                 n->outer ? n->outer : '?',
                 n->inner == 'v' ? "val" : (char[2]){n->inner ? n->inner : '?', 0});
        *color = "orange";
        break;
    default:
        snprintf(label, cap, "%s", sg_graph_node_type(n));
        if (label[0] >= 'a' && label[0] <= 'z')
            label[0] = (char)(label[0] - 'a' + 'A');
        break;
    }
}

static void write_node(FILE *f, const sg_node *n)
{
    attrs a;
    node_attrs(n, &a);
    char comment[600];
    size_t k = (size_t)snprintf(comment, sizeof comment, "type=%s",
                                sg_graph_node_type(n));
    for (int i = 0; i < a.n && k < sizeof comment; i++) {
        /* vectorreducer names its index "index" in the comment */
        const char *key = strcmp(a.key[i], "accum_index") == 0 ? "index" : a.key[i];
        k += (size_t)snprintf(comment + k, sizeof comment - k, ",%s=%s", key,
                              a.val[i]);
    }
    char label[160];
    const char *color, *shape;
    node_look(n, label, sizeof label, &color, &shape);
    fprintf(f, "    %d [comment=", n->id);
    qstr(f, comment);
    if (n->kind == SG_NK_BROADCAST)
        fprintf(f, " shape=point style=invis");
    else {
        fprintf(f, " label=");
        qstr(f, label);
        fprintf(f, " color=%s shape=%s style=filled", color, shape);
    }
    fprintf(f, " type=");
    qstr(f, sg_graph_node_type(n));
    for (int i = 0; i < a.n; i++) {
        fprintf(f, " %s=", a.key[i]);
        qstr(f, a.val[i]);
    }
    fputs("]\n", f);
}

/* The tag an edge needs at port p of node n ("" when the port binds
 * without one); *prefix gets Custard's word for it. */
static const char *needed_tag(const sg_node *n, int is_input, int p,
                              const char **prefix, char *buf)
{
    *prefix = "";
    buf[0] = buf[1] = 0;
    switch (n->kind) {
    case SG_NK_INTERSECT:
    case SG_NK_UNION:
        if (is_input && p >= 0 && p / 2 < n->n_operands) {
            *prefix = "in-";
            return n->operand[p / 2];
        }
        if (!is_input && p >= 1 && p - 1 < n->n_operands) {
            *prefix = "out-";
            return n->operand[p - 1];
        }
        return "";
    case SG_NK_CRDDROP:
    case SG_NK_CRDHOLD:
        if (p == 0) {
            *prefix = is_input ? "outer-" : "";
            buf[0] = n->outer;
        } else if (p == 1) {
            *prefix = is_input ? "inner-" : "";
            if (n->inner == 'v')
                return "val";
            buf[0] = n->inner;
        }
        return buf;
    case SG_NK_SPACC:
        if (is_input && p == 0) {
            *prefix = "outer-";
            buf[0] = n->in1;
        } else if (is_input && p == 1) {
            *prefix = "inner-";
            buf[0] = n->in0;
        } else if (!is_input && (p == 0 || p == 1)) {
            *prefix = "out-";
            buf[0] = p == 0 ? n->in0 : n->in1;
        }
        return buf;
    default:
        return "";
    }
}

static void write_edge(FILE *f, const sg_graph *g, const sg_edge *e)
{
    /* crd, ref, val, repsig, bv */
    static const char *const style[SG_N_STREAM_KINDS] = {"dashed", "bold", "", "dotted",
                                                         "dashed"};
    const char *ty = sg_stream_kind_name(e->type);
    char label[176], comment[96];
    snprintf(label, sizeof label, "%s", e->label);
    snprintf(comment, sizeof comment, "%s", e->comment);
    if (!label[0] && !comment[0]) {
        /* Built in memory: give it the tag its ports are bound by. */
        const char *pre, *tag;
        char b1[2], b2[2];
        tag = needed_tag(&g->nodes[e->dst], 1, e->dst_port, &pre, b1);
        if (!tag[0])
            tag = needed_tag(&g->nodes[e->src], 0, e->src_port, &pre, b2);
        if (!tag[0] && e->tag[0])
            tag = e->tag;
        if (tag[0])
            snprintf(comment, sizeof comment, "%s%s", pre, tag);
        if (comment[0])
            snprintf(label, sizeof label, "%s_%s", ty, comment);
        else
            snprintf(label, sizeof label, "%s", ty);
    }
    fprintf(f, "    %d -> %d [label=", g->nodes[e->src].id, g->nodes[e->dst].id);
    qstr(f, label);
    if (style[e->type][0])
        fprintf(f, " style=%s", style[e->type]);
    fprintf(f, " type=\"%s\"", ty);
    if (comment[0] || e->type != SG_ST_VAL) {
        fprintf(f, " comment=");
        qstr(f, comment);
    }
    fputs("]\n", f);
}

int sg_graph_write_dot_stream(const sg_graph *g, FILE *f)
{
    char hdr[512] = "";
    if (g->n_tensors > 0) {
        size_t k = 0;
        for (int i = 0; i < g->n_tensors && k < sizeof hdr; i++) {
            char fb[160];
            sg_decl_str(&g->tensors[i], fb, sizeof fb);
            k += (size_t)snprintf(hdr + k, sizeof hdr - k, "%s%s=%s",
                                  i ? "," : "", g->tensors[i].name, fb);
        }
    } else {
        snprintf(hdr, sizeof hdr, "%s", g->comment);
    }
    fputs("digraph SAM {\n    comment=", f);
    qstr(f, hdr);
    fputc('\n', f);
    for (size_t i = 0; i < g->n_nodes; i++)
        write_node(f, &g->nodes[i]);
    for (size_t i = 0; i < g->n_edges; i++) {
        const sg_edge *e = &g->edges[i];
        if (e->src < 0 || (size_t)e->src >= g->n_nodes || e->dst < 0 ||
            (size_t)e->dst >= g->n_nodes)
            continue;
        write_edge(f, g, e);
    }
    fputs("}\n", f);
    return ferror(f) ? -1 : 0;
}

int sg_graph_write_dot(const sg_graph *g, const char *path, sg_err *e)
{
    if (strcmp(path, "-") == 0) {
        if (sg_graph_write_dot_stream(g, stdout) < 0 || fflush(stdout) != 0)
            return sg_errf(e, "<stdout>", 0, "write error");
        return 0;
    }
    sg_outfile of;
    if (sg_outfile_open(&of, path, e) < 0)
        return -1;
    if (sg_graph_write_dot_stream(g, of.f) < 0) {
        sg_outfile_abort(&of);
        return sg_errf(e, path, 0, "write error");
    }
    return sg_outfile_commit(&of, e);
}
