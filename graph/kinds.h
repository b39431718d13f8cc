/*
 * kinds.h - the table of node kinds (graph/kinds.def) and the port rules
 * derived from it.  graph.c answers port names, types and counts through
 * these functions; the generator asks which graph ports its RTL modules
 * have; a unit test checks every row against rtl/, golden/, testbenches/.
 */
#ifndef SG_KINDS_H
#define SG_KINDS_H

#include <stdio.h>

#include "graph/graph.h"

typedef enum sg_port_count {
    SG_PC_FIXED,
    SG_PC_OPERANDS,
    SG_PC_ARITY,
    SG_PC_OPEN_IN,
    SG_PC_OPEN_OUT,
    SG_PC_OPEN
} sg_port_count;

/* One row of kinds.def, as written there. */
typedef struct sg_kind_info {
    const char *id;          /* "FIBERLOOKUP" */
    const char *name;        /* the DOT type word */
    const char *aliases;     /* more words read as this kind */
    sg_port_count count;
    const char *in, *out;    /* port lists */
    const char *rtl;         /* RTL module names */
    const char *golden;      /* golden/prim_<name>.c stems */
    const char *bench;       /* testbenches/tb_<name>.v stems */
    const char *doc;
} sg_kind_info;

/* The row of kind k (the UNKNOWN row for an out-of-range k). */
const sg_kind_info *sg_kind_info_of(sg_node_kind k);

/* Where a port stands in the RTL. */
typedef enum sg_port_rtl {
    SG_PR_ALL = 0,           /* every RTL module of the kind has it */
    SG_PR_SOME,              /* only some ('?' in the table) */
    SG_PR_NONE               /* none: the edge is drained ('-') */
} sg_port_rtl;

/* A port of a node, resolved against its attributes. */
typedef struct sg_port {
    char name[40];           /* "in_ref", "out_crd0" (direction included) */
    sg_stream_kind kind;     /* for '*' ports, the node's stream */
    sg_port_rtl rtl;
} sg_port;

/* Resolve input (is_input) or output port p of n.  Returns 0, or -1 when
 * the table has no such port for the kind (then *pt holds the generic
 * "in_p<p>" name and a crd stream, what messages about it print). */
int sg_kind_port(const sg_node *n, int is_input, int p, sg_port *pt);

/* The port counts the table gives n (before edges widen open kinds). */
void sg_kind_port_counts(const sg_node *n, int *n_in, int *n_out);

/* 1 when edges may add input (output) ports beyond the table's count. */
int sg_kind_open_in(sg_node_kind k);
int sg_kind_open_out(sg_node_kind k);

/* The RTL modules build joiners for up to this many operands and ALUs with
 * two inputs; the ports a node does not use are tied off. */
#define SG_RTL_MAX_OPERANDS 3

/* The stream ports of n's RTL module, in graph port order: RTL port p is
 * graph port p.  Ports marked '-' or '?' in the table are not counted (the
 * generator wires the skip channel itself).  sg_kind_rtl_port returns 0
 * with the name ("in_ref"), or -1 when the module has no port p. */
void sg_kind_rtl_counts(const sg_node *n, int *n_in, int *n_out);
int sg_kind_rtl_port(const sg_node *n, int is_input, int p, sg_port *pt);

/* The kind whose NAME or ALIASES hold type (ALU and unknown rows excluded: ALU
 * operations have words of their own); SG_NK_UNKNOWN when none does. */
sg_node_kind sg_kind_by_word(const char *type);

/* The table as Markdown (docs/rtl-interfaces.md, "Node kinds"); K stands
 * for an operand or output number.  -1 on an I/O error. */
int sg_kinds_write_markdown(FILE *f);

#endif
