/*
 * einsum.h - the einsum front end: tensor index notation to a SAM graph.
 *
 * `samgen compile` takes the three inputs Custard (the TACO-based SAM
 * compiler) takes: an expression in tensor index notation, a format per
 * tensor and a loop order, and builds the typed graph of graph/graph.h in the
 * vocabulary Custard writes.  Compilation has three steps:
 *
 *   sg_einsum_parse          the expression: X(i,j) = B(i,k)*C(k,j) - 2*d(i) ...
 *   sg_einsum_set_format     one -f flag: "X:ss", "C:ss:1,0", "b:" (scalar)
 *   sg_einsum_set_schedule   one -s flag: "split(i,I,i,32)", "reorder(i,k,j)",
 *                            "locate(j)", "intersect(j)"
 *   sg_einsum_finish         defaults (compressed levels, the loop order), checks
 *   sg_einsum_lower          the graph (front/einsum_lower.c)
 *
 * Every user error is one line naming the input and the column:
 *   expression 'X(i)=B(i,', column 10: expected an index variable
 * with code SG_EXIT_USAGE.  Nothing here prints or exits; there is no
 * global state.
 *
 * Sections: limits; parsed expression; API.
 */
#ifndef SG_EINSUM_H
#define SG_EINSUM_H

#include <stdint.h>

#include "core/err.h"
#include "core/tensor.h"
#include "graph/graph.h"

/* ---- limits ------------------------------------------------------------- */

#define SG_EINSUM_MAX_TENSORS 15    /* input tensors (graph holds 16 decls) */
#define SG_EINSUM_MAX_TERMS 8       /* additive terms */
#define SG_EINSUM_MAX_FACTORS 8     /* tensor factors per term */
#define SG_EINSUM_MAX_INDEX 8       /* distinct index variables */
#define SG_EINSUM_TEXT_MAX 512      /* longest expression or flag */

/* ---- parsed expression -------------------------------------------------- */

/* A tensor as the expression uses it.  A tensor may appear several times,
 * always with the same index list.  Within one term, one path through the
 * graph serves every use (its values are broadcast); a tensor in several
 * terms (also by expanding parentheses: B*(C+D) is B*C + B*D) has a copy
 * per further term, with copy_of set, the same name and format, and its
 * own label (B_2), read by its own scanners. */
typedef struct sg_einsum_tensor {
    char name[SG_NAME_MAX];
    int order;                     /* number of indices, 0 for a scalar */
    char idx[SG_MAX_ORDER];        /* index variable of each mode */
    int col;                       /* column of its first use (1-based) */
    sg_format fmt;                 /* storage format */
    int has_fmt;                   /* given by a -f flag */
    int copy_of;                   /* 1 + the tensor this is a copy of, 0 */
    char label[SG_NAME_MAX];       /* its name in joiners' operand lists */
    int lorder;                    /* split (-s split(...)): the logical
                                    * order, else 0 */
    int64_t tile[SG_MAX_ORDER];    /* per logical mode: tile size, 0 whole */
} sg_einsum_tensor;

/* One additive term: sign * cnst * product of tensors. */
typedef struct sg_einsum_term {
    int sign;                      /* +1 or -1 */
    int64_t cnst;                  /* product of the constant factors */
    int has_cnst;                  /* a constant factor was written */
    int n_factors;
    int factor[SG_EINSUM_MAX_FACTORS];   /* index into sg_einsum.in */
    int col;                       /* column where the term starts */
} sg_einsum_term;

typedef struct sg_einsum {
    char text[SG_EINSUM_TEXT_MAX]; /* the expression as given */
    sg_einsum_tensor out;          /* the result */
    sg_einsum_tensor in[SG_EINSUM_MAX_TENSORS];  /* in order of appearance */
    int n_in;
    sg_einsum_term term[SG_EINSUM_MAX_TERMS];
    int n_terms;
    char index[SG_EINSUM_MAX_INDEX + 1];   /* index variables, order of appearance */
    int n_index;
    char order[SG_EINSUM_MAX_INDEX + 1];   /* loop order ("" until set/finished) */
    int has_order;                 /* given by -s */
    char locate[SG_EINSUM_MAX_INDEX + 1];  /* -s locate(...): indices where a
                                            * dense operand must be located
                                            * into (the default wherever a
                                            * dense operand meets a
                                            * compressed one) */
    char coiter[SG_EINSUM_MAX_INDEX + 1];  /* -s intersect(...): indices where
                                            * dense and compressed operands
                                            * are coiterated instead */
    sg_ws_kind ws;                 /* -s workspace(X,KIND[,N]): the result's
                                    * accumulators' workspace (AUTO: from
                                    * the data, docs/workspaces.md) */
    long ws_cap;                   /* its capacity N, 0 from the data */
    int bv_width;                  /* -s bitvector(W): the word width of the
                                    * bitvector levels (0: 64) */
    char par_index;                /* -s parallelize(i,L): the index whose
                                    * loop is split into lanes (0: none) */
    int lanes;                     /* ... and L, 1 to SG_EINSUM_MAX_LANES */
} sg_einsum;

#define SG_EINSUM_MAX_LANES 8

/* ---- API ---------------------------------------------------------------- */

/* Parse an expression into es (which it initialises).  Returns 0, or -1 with
 * a one-line error carrying the column (code SG_EXIT_USAGE). */
int sg_einsum_parse(const char *text, sg_einsum *es, sg_err *e);

/* Apply one format flag "NAME:LEVELS[:MODE,MODE,...]" (a leading '=' as in
 * TACO's -f=X:ss is accepted).  LEVELS is one letter per tensor mode, s
 * (compressed) or d (dense); the optional mode order says which tensor mode
 * each storage level holds.  Fails on an unknown tensor, a level count that
 * differs from the tensor's order, or a bad mode order. */
int sg_einsum_set_format(sg_einsum *es, const char *flag, sg_err *e);

/* Apply one schedule directive (leading '=' accepted): "split(i,O,N,T)",
 * index i becomes the pair (O, N) with i = O*T + N: every tensor indexed
 * by i gets O in i's place and N after its other modes (the split layout
 * of core/tile.h), and is stored, bound and written as a split tensor
 * (graph/graph.h); O and N are new single letters (either may be i), T
 * >= 1; a split comes before -f flags and the other directives on the
 * indices it makes (sg_einsum_compile applies splits first); "reorder(i,k,j)",
 * the loop order, which must name every index variable exactly once (one
 * reorder per problem); "locate(j,...)", at these indices a dense operand
 * that meets a compressed one in a product is located into (a locate node
 * per dense operand, no intersect with it), which is also the default and
 * makes compilation fail where no dense operand meets a compressed one;
 * "intersect(j,...)", at these indices dense and compressed operands are
 * coiterated by an intersect as Custard does. */
int sg_einsum_set_schedule(sg_einsum *es, const char *flag, sg_err *e);

/* The split directive, from sg_einsum_set_schedule: f + p is the text
 * after "split(", base the column offset of f in flag. */
int sg_einsum_split(sg_einsum *es, const char *flag, const char *f, size_t p,
                    int base, sg_err *e);

/* Fill defaults and check the whole problem: tensors without a -f flag get
 * compressed levels in mode order; without a schedule the loop order is the
 * output's indices (in its storage order), then the reduction indices in
 * order of appearance, adjusted so that every input tensor is visited in
 * its storage order.  Fails when a given loop order visits a tensor's
 * levels out of storage order. */
int sg_einsum_finish(sg_einsum *es, sg_err *e);

/* Build the SAM graph of a finished problem into g (initialised here; free
 * with sg_graph_free).  name becomes g->name (NULL: "einsum").  Fails (code
 * SG_EXIT_USAGE) on expressions the SAM construction does not cover, with
 * the reason. */
int sg_einsum_lower(const sg_einsum *es, const char *name, sg_graph *g,
                 sg_err *e);

/* All of the above in one call: formats[0..nf-1] are -f flags,
 * schedules[0..ns-1] -s flags. */
int sg_einsum_compile(const char *expr, const char *const *formats, int nf,
                   const char *const *schedules, int ns, const char *name,
                   sg_graph *g, sg_err *e);

/* "WHAT 'TEXT', column COL: message" in e, exit code 2; returns -1.  The
 * one error form of the expression and flag readers. */
int sg_einsum_perr(sg_err *e, const char *what, const char *text, int col,
                   const char *fmt, ...) __attribute__((format(printf, 5, 6)));

#endif
