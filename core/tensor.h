/*
 * tensor.h - tensors in memory: coordinate lists and fibertrees.
 *
 * A tensor is read into an sg_coo (coordinates plus values, any order), and
 * from it an sg_fibertree is built in any per-level format and mode order,
 * as a graph header spells it ("ss01", "ds10", "sss012", "s0", "d0", "none").
 *
 * Value semantics (docs/values.md): values are W-bit two's complement
 * integers, W = 32 by default (1..64); every add/sub/mul wraps modulo 2^W.
 * Values are stored sign-extended in int64_t.  Integer inputs are taken
 * modulo 2^W; real inputs are multiplied by an optional scale and rounded to
 * nearest, ties away from zero; pattern inputs are 1.  With a real value
 * type (sg_read_opts.vt, core/value.h) values are read exactly to fp32 or
 * bf16 bits instead, and written back as the shortest decimal.
 *
 * Sections: formats; coordinate lists; fibertrees; file I/O.
 */
#ifndef SG_TENSOR_H
#define SG_TENSOR_H

#include <stdint.h>
#include <stddef.h>
#include <stdio.h>

#include "core/err.h"

#define SG_MAX_ORDER 8

/* ---- formats ------------------------------------------------------------ */

/* Level formats (the unified-formats work's six, plus TACO's non-unique
 * compressed).  A non-unique compressed level ('u') is compressed with one
 * position per entry below it, so its coordinates repeat in runs; the
 * singleton level ('q') under it stores one coordinate per position and no
 * seg: COO is "uq01" (TACO's compressed(nonunique), singleton).  Under a
 * dense level a singleton holds exactly one coordinate per position: ELL
 * is "ddq012" over a matrix cast to B(k,i,j), k the slot.  A range level
 * ('r') and the offset level ('o') under it store one diagonal per parent
 * position: r iterates i in [max(0,-off), min(N, M-off)) at positions
 * parent * S + i (S: N rounded up to a power of two) and o gives
 * j = i + off, off one number per parent position (DIA is "dro012" over
 * B(k,i,j), k the stored diagonal).  A hashed level ('h') stores each
 * fiber in W buckets (-1: empty), unordered: it is located into, never
 * iterated in order.  Capabilities and properties: sg_lvl_info. */
typedef enum sg_level_fmt {
    SG_LVL_COMPRESSED = 's',
    SG_LVL_DENSE = 'd',
    SG_LVL_NONUNIQUE = 'u',
    SG_LVL_SINGLETON = 'q',
    SG_LVL_RANGE = 'r',
    SG_LVL_OFFSET = 'o',
    SG_LVL_HASHED = 'h',
    SG_LVL_BITVECTOR = 'b'
} sg_level_fmt;

/* A level format's capabilities and properties (the unified-formats work,
 * Table 1) as samgen implements them: the one table the format parser,
 * the compiler, the golden model's binder and the docs read. */
typedef struct sg_lvl_caps {
    char letter;
    const char *word;       /* the graph's format= word */
    char iterate;           /* 'V' coordinate value, 'P' coordinate position */
    int locate;             /* can be located into */
    char assemble;          /* 'A' append, 'I' insert, 0 none */
    int full, ordered, unique, branchless, compact;
    int rtl;                /* samgen has RTL that reads it (a scanner, or
                             * for a hashed level a locator) */
    const char *arrays;     /* what a SAM directory stores for it */
} sg_lvl_caps;

/* The entry of level letter f; NULL when unknown.  The whole table:
 * sg_lvl_table(&n). */
const sg_lvl_caps *sg_lvl_info(char f);
const sg_lvl_caps *sg_lvl_table(int *n);
/* The table as markdown (docs/tensor-formats.md holds it; samgen tensor
 * formats prints it).  0, or -1 on a write error. */
int sg_lvl_write_markdown(FILE *f);

/* The word a graph's format= attribute uses for a level format
 * ("compressed", "dense", "nonunique", "singleton", "range", "offset",
 * "hashed"), and back (0 when unknown). */
const char *sg_lvl_word(char f);
char sg_lvl_from_word(const char *w);

/* A level that stores a crd array (compressed, non-unique, singleton,
 * hashed). */
static inline int sg_lvl_has_crd(char f)
{
    return f == SG_LVL_COMPRESSED || f == SG_LVL_NONUNIQUE || f == SG_LVL_SINGLETON ||
           f == SG_LVL_HASHED;
}
/* A level that stores a seg array. */
static inline int sg_lvl_has_seg(char f)
{
    return f == SG_LVL_COMPRESSED || f == SG_LVL_NONUNIQUE;
}

/* A tensor format as the graph comment writes it. order 0 = scalar ("none"). */
typedef struct sg_format {
    int order;
    char level[SG_MAX_ORDER];   /* SG_LVL_* per storage level, top first */
    int mode[SG_MAX_ORDER];     /* tensor mode stored at each level */
    int bv_width;               /* bits per word of its bitvector levels
                                 * (0: SG_BV_WIDTH_DEFAULT) */
} sg_format;

/* The word width of bitvector levels unless a graph or option says
 * otherwise (the SAM paper's 64). */
#define SG_BV_WIDTH_DEFAULT 64
static inline int sg_format_bv_width(const sg_format *f)
{
    return f->bv_width > 0 ? f->bv_width : SG_BV_WIDTH_DEFAULT;
}

/* The pairing rules on a format's n level letters: a non-unique level and
 * the singleton level under it end the format (COO: the singleton's fibers
 * are the non-unique level's runs), or a singleton sits under a dense level
 * (ELL); a range level has an offset level right under it and an offset
 * level a range level right above (DIA).  NULL when the letters keep them,
 * else what is wrong (the letter at *at breaks it). */
const char *sg_format_coo_rule(const char *level, int n, int *at);
/* Parse "ss01", "s0", "none", ...; -1 with a message when malformed. */
int sg_format_parse(const char *s, sg_format *f, sg_err *e);
/* Write the canonical text form (at least 2*SG_MAX_ORDER+1 bytes). */
void sg_format_str(const sg_format *f, char *buf);

/* ---- value semantics ---------------------------------------------------- */

/* Wrap v to a W-bit two's complement value, sign extended. */
static inline int64_t sg_wrap(int64_t v, int w)
{
    if (w >= 64)
        return v;
    uint64_t m = (UINT64_C(1) << w) - 1;
    uint64_t u = (uint64_t)v & m;
    if (u >> (w - 1))
        u |= ~m;
    return (int64_t)u;
}

/* ---- coordinate lists --------------------------------------------------- */

typedef struct sg_coo {
    int order;         /* -1: unknown (an empty .tns read with empty_ok) */
    int64_t shape[SG_MAX_ORDER];
    int shape_inferred; /* 1: shape[] is each mode's largest coordinate (a
                        * .tns without "# shape"); 0: the file declares it */
    size_t nnz, cap;
    int64_t *crd;      /* nnz * order, 0-based, entry-major */
    int64_t *val;      /* nnz, already wrapped to the value width */
    int vt;            /* value type of val (core/value.h); 0: integers */
    long *line;        /* optional: source line of each entry (NULL when
                        * unknown); readers fill it so that a duplicate
                        * entry error can name its line */
} sg_coo;

void sg_coo_init(sg_coo *t, int order, const int64_t *shape);
void sg_coo_push(sg_coo *t, const int64_t *crd, int64_t val);
/* Push with a source line (starts line tracking when t->line is NULL). */
void sg_coo_push_line(sg_coo *t, const int64_t *crd, int64_t val, long line);
void sg_coo_free(sg_coo *t);
/* Sort entries lexicographically in the given mode order (NULL = 0,1,..). */
void sg_coo_sort(sg_coo *t, const int *mode_order);
/* After sorting: find duplicates; if sum, merge them by adding them as
 * values of type vt (core/value.h; a width W is the W-bit integer), else fail naming the first duplicate coordinate. */
int sg_coo_dedup(sg_coo *t, int sum, int vt, const char *path, sg_err *e);

/* ---- fibertrees --------------------------------------------------------- */

typedef struct sg_level {
    char fmt;              /* SG_LVL_* */
    int mode;              /* tensor mode stored here */
    int64_t dim;           /* size of that mode */
    int64_t *seg;          /* compressed, non-unique: nseg entries; dense,
                            * singleton: NULL */
    size_t nseg;
    int64_t *crd;          /* every level but dense: ncrd entries */
    size_t ncrd;
    int64_t *last;         /* singleton: ncrd entries, 1 where a position
                            * ends its fiber (derived, never stored in a
                            * file); else NULL */
    int64_t *off;          /* range, offset: the diagonal offset of each
                            * parent position of the range level (noff
                            * entries; the offset level holds a copy) */
    size_t noff;
    int64_t *lo, *hi;      /* range: each parent's rows [lo, hi), derived
                            * from off (the RTL scanner's memories) */
    int64_t w;             /* bitvector: bits per word (crd holds the
                            * words, seg the prefix popcount per word);
                            * hashed: buckets per fiber (a power of two);
                            * range, offset: S, the range level's stride
                            * (its positions are parent * S + i; S is its
                            * size N rounded up to a power of two) */
} sg_level;

/* Bitvector levels (core/level_bv.c): words per fiber of size n in w-bit
 * words; whether w is a word width samgen takes (a power of two, 1..64);
 * the position of coordinate c in fiber p (-1 when absent). */
int64_t sg_lvl_bv_words(int64_t n, int64_t w);
int sg_lvl_bv_width_ok(int64_t w);
int sg_popcount64(uint64_t v);
int64_t sg_lvl_bv_find(const sg_level *lv, int64_t p, int64_t c);

/* A range level's stride for size n: the least power of two >= n. */
int64_t sg_lvl_range_stride(int64_t n);

/* A hashed level's home bucket of coordinate c among w (a power of two,
 * at most 2^31) buckets: 32-bit Fibonacci hashing (the top log2(w) bits of
 * c * 0x9E3779B1 modulo 2^32, one constant multiply in hardware:
 * rtl/sam_locate_hashed.v), then linear probing (core/level_ext.c). */
static inline int64_t sg_lvl_hash(int64_t c, int64_t w)
{
    int b = 0;
    while (((int64_t)1 << b) < w)
        b++;
    if (b == 0)
        return 0;
    return (int64_t)(((uint32_t)c * UINT32_C(0x9E3779B1)) >> (32 - b));
}
/* The bucket of c in fiber p of hashed level lv, or -1 when c is absent;
 * *probes (optional) gets the buckets looked at. */
int64_t sg_lvl_hash_find(const sg_level *lv, int64_t p, int64_t c, int *probes);

typedef struct sg_fibertree {
    sg_format fmt;
    int64_t shape[SG_MAX_ORDER];   /* by tensor mode */
    sg_level lvl[SG_MAX_ORDER];
    int64_t *vals;
    size_t nvals;
    int vt;                        /* value type of vals, as sg_coo's */
} sg_fibertree;

/* Build a fibertree from a COO tensor (which is sorted in place to the
 * format's mode order).  Compressed levels store only coordinates with a
 * non-empty subtree; dense levels store every coordinate (vals then hold
 * zeros for absent entries).  Fails when the tensor order differs from the
 * format's. */
int sg_fibertree_build(sg_coo *t, const sg_format *f, sg_fibertree *ft,
                       sg_err *e);
/* The fibers of a singleton level q (under the non-unique level u):
 * last[p] = 1 when position p ends its fiber (the run of equal u
 * coordinates it is in, within u's fiber).  malloc'd, one byte per
 * position (q->ncrd), 0 or 1.  sg_fibertree_build keeps it in q->last. */
int64_t *sg_level_singleton_last(const sg_level *u, const sg_level *q);
/* Back to coordinates (entries in storage order; zero-valued dense fill is
 * skipped unless keep_zeros). */
void sg_fibertree_to_coo(const sg_fibertree *ft, int keep_zeros, sg_coo *out);
void sg_fibertree_free(sg_fibertree *ft);

/* Structured matrix formats as order-3 tensors (the unified-formats work
 * casts them so; core/cast.c).  From a matrix A (order 2, N x M):
 *   "ell": B(k, i, j) = A(i, j) for the k-th entry of row i (K = the
 *          longest row), stored "ddq012";
 *   "dia": B(k, i, j) = A(i, j) where j - i is the k-th distinct diagonal
 *          of A, in increasing order (K diagonals), stored "dro012".
 * y(i) = B(k,i,j) * x(j) is then SpMV.  *dflt (optional) gets the
 * format the cast is meant for.  Fails on a tensor of another order or an
 * unknown kind. */
int sg_cast_coo(const sg_coo *a, const char *kind, sg_coo *out,
                const char **dflt, sg_err *e);

/* ---- file I/O ------------------------------------------------------------ */

/* What a reader saw while rounding values to integers (docs/values.md,
 * "Value types"): counts add up over the files read with one record. */
typedef struct sg_read_stats {
    size_t nvals;          /* values read */
    size_t nonint;         /* values that were not integers (rounded) */
    size_t zeroed;         /* of those, values that became 0 */
} sg_read_stats;

typedef struct sg_read_opts {
    int width;             /* value width W (default 32) */
    int vt;                /* value type (core/value.h): 0 for a `width`-bit
                            * integer, or SG_VT_FP32 / SG_VT_BF16: values
                            * are read exactly to the format's bits */
    sg_read_stats *stats;  /* optional: counts added here */
    double scale;          /* multiplier for real inputs (default 1) */
    int sum_duplicates;    /* sum duplicate coordinates instead of failing */
    const char *format;    /* SAM dirs: storage format of the tensor (NULL:
                            * inferred from the files present) */
    int empty_ok;          /* .tns: a file with no entries and no "# shape"
                            * line reads as an empty tensor of unknown order
                            * (order -1) instead of failing */
} sg_read_opts;

void sg_read_opts_default(sg_read_opts *o);
/* The value type o reads: o->vt, or the o->width-bit integer. */
static inline int sg_read_vt(const sg_read_opts *o)
{
    return o->vt ? o->vt : o->width;
}

/* Read a tensor from a .mtx, .tns file or a SAM-formatted directory (the
 * tensor_<T>_mode_* files of SAM-SEMANTICS section 3; name selects T, NULL
 * when the directory holds a single tensor).  Errors: "FILE:LINE: msg". */
int sg_tensor_read(const char *path, const char *name, const sg_read_opts *o,
                   sg_coo *t, sg_err *e);
/* Write .tns (1-based, logical index order) or .mtx; chosen by extension.
 * Writes to a temporary file and renames, so no partial output is left. */
int sg_tensor_write(const char *path, const sg_coo *t, sg_err *e);
/* Write a SAM-formatted directory for tensor `name` in format f. */
int sg_tensor_write_samdir(const char *dir, const char *name,
                           const sg_fibertree *ft, sg_err *e);

/* ---- readers on memory buffers (used by the file readers and fuzzers) ---
 * buf holds len bytes and buf[len] must be '\0'.  `path` only names the
 * input in messages; o may be NULL (defaults).  On success t is initialised
 * and filled (sorted in natural order 0,1,.. and deduplicated per
 * o->sum_duplicates); on failure t is left empty (freed). */
int sg_mtx_parse(const char *path, const char *buf, size_t len,
                 const sg_read_opts *o, sg_coo *t, sg_err *e);
int sg_tns_parse(const char *path, const char *buf, size_t len,
                 const sg_read_opts *o, sg_coo *t, sg_err *e);

/* Writers of one file type (sg_tensor_write picks one by extension).  The
 * .tns writer writes entries in t's current order, 1-based, after a
 * "# shape d0 d1 .." comment line (omitted for order 0, whose file is the
 * single value line). */
int sg_mtx_write(const char *path, const sg_coo *t, sg_err *e);
int sg_tns_write(const char *path, const sg_coo *t, sg_err *e);

/* One SAM array file ("one number per line"): non-negative integers (seg,
 * shape) when vals is 0, values per the value semantics when vals is 1,
 * signed integers (crd: a hashed level's empty bucket is -1; offset) when
 * vals is 2.  *out is
 * malloc'd (free it); *n entries. */
int sg_samarr_parse(const char *path, const char *buf, size_t len, int vals,
                    const sg_read_opts *o, int64_t **out, size_t *n,
                    sg_err *e);

/* The arrays of one SAM tensor, as loaded from its directory.  Arrays are
 * indexed by tensor mode; has_level[m] says which files mode m has: 0
 * none (dense, or an offset level), 1 seg and crd, 2 crd alone (a
 * singleton level), 3 offset (a range level), 4 crd alone with an empty
 * bucket -1 (a hashed level).
 * The assembler owns nothing: the caller frees the arrays. */
typedef struct sg_samdir_arrays {
    const char *dir, *name;          /* for messages */
    int order;                       /* -1: no shape file (scalar) */
    int64_t shape[SG_MAX_ORDER];
    int has_level[SG_MAX_ORDER];
    int64_t *seg[SG_MAX_ORDER], *crd[SG_MAX_ORDER], *off[SG_MAX_ORDER];
    size_t nseg[SG_MAX_ORDER], ncrd[SG_MAX_ORDER], noff[SG_MAX_ORDER];
    int64_t *vals;
    size_t nvals;
} sg_samdir_arrays;

/* Check the arrays against format f (NULL: inferred: compressed where
 * seg/crd files exist, dense elsewhere, the first mode order whose array
 * sizes fit, identity first) and turn them into coordinates (storage order;
 * zero fill of a dense last level dropped). */
int sg_samdir_assemble(const sg_samdir_arrays *a, const sg_format *f,
                       sg_coo *t, sg_err *e);

/* Read the tensor files of `name` (NULL: the only tensor) in dir. */
int sg_samdir_read(const char *dir, const char *name, const sg_read_opts *o,
                   sg_coo *t, sg_err *e);

/* Check a fibertree's arrays (seg monotone, crd sorted and in range, sizes
 * consistent); "FILE:LINE" names the offending array file of dir/name. */
int sg_fibertree_check(const sg_fibertree *ft, const char *dir,
                       const char *name, sg_err *e);

/* Which reader sg_tensor_read picks for path: 'm' (.mtx), 't' (.tns),
 * 'd' (a directory); other files are sniffed by their first line. */
int sg_tensor_kind(const char *path);

/* ---- synthetic tensors --------------------------------------------------- */

typedef enum sg_pattern {
    SG_PAT_UNIFORM,   /* nnz = round(density * size) coordinates, uniform */
    SG_PAT_RUNS,      /* per innermost fiber: runs of run_length nonzeros
                       * separated by gaps; phase 1 fills the gaps of phase 0
                       * (the SAM paper's "runs" vector pairs) */
    SG_PAT_BLOCKS,    /* per innermost fiber: dense blocks of run_length
                       * nonzeros at random places; phase 1 shifts each block
                       * by run_length/4 .. 3*run_length/4 ("blocks" pairs) */
    SG_PAT_BAND,      /* |c_last - c_0 * dim_last / dim_0| <= w, w from density */
    SG_PAT_DIAG       /* c_0 == c_1 == ..., each kept with probability density */
} sg_pattern;

typedef struct sg_gen_opts {
    int order;
    int64_t shape[SG_MAX_ORDER];
    double density;        /* 0..1 */
    sg_pattern pattern;
    uint64_t seed;
    int64_t run_length;    /* runs/blocks: length of a run or block (>= 1) */
    int phase;             /* runs/blocks: 0 or 1, the two vectors of a pair */
    int64_t max_value;     /* values uniform in 1..max_value */
    int width;             /* value width W */
} sg_gen_opts;

void sg_gen_opts_default(sg_gen_opts *o);
/* Parse a pattern name; -1 when unknown. */
int sg_pattern_parse(const char *s);
const char *sg_pattern_name(sg_pattern p);
/* Generate a tensor (entries sorted in natural order).  Deterministic for a
 * given options record on every platform. */
int sg_tensor_gen(const sg_gen_opts *o, sg_coo *t, sg_err *e);

#endif
