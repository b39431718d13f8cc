/*
 * token.h - the SAM token, defined once for C and Verilog.
 *
 * A token is a tag plus a payload.  The tag numbers below are the ones the
 * RTL uses (rtl/sam_token.vh); token_test.c checks that both files agree.
 *
 *   tag      C name        text     payload (v)
 *   DATA     SG_TK_DATA    123      coordinate, reference or value
 *   STOP     SG_TK_STOP    S0..Sk   stop level k
 *   DONE     SG_TK_DONE    D        0
 *   EMPTY    SG_TK_EMPTY   N        0
 *
 * Repeat-signal streams use the same tags: R = DATA, S = STOP (level 0),
 * D = DONE.  In Verilog a token on a stream of payload width W is the W+2
 * bit vector {tag[1:0], payload[W-1:0]}.
 *
 * Text format (shared by the golden model traces, the testbench vector files
 * and the RTL monitors): tokens separated by spaces or newlines, exactly as
 * ../shared/docs/sam/vectors writes them ("0 1 S0 D").  A multi-stream file
 * holds one stream per line as "name: tok tok ...", '#' starts a comment
 * line, and '_' in an input line is an idle cycle (SG_TK_GAP, never a token
 * of a stream).
 *
 * Sections: token type; parse/format; token arrays; stream files.
 */
#ifndef SG_TOKEN_H
#define SG_TOKEN_H

#include <stdint.h>
#include <stdio.h>
#include <stddef.h>

#include "core/err.h"

/* ---- token type -------------------------------------------------------- */

enum {
    SG_TK_DATA = 0,
    SG_TK_STOP = 1,
    SG_TK_DONE = 2,
    SG_TK_EMPTY = 3,
    SG_TK_GAP = 4         /* '_' in an input vector file only */
};
#define SG_TAG_BITS 2
#define SG_MAX_STOP 63    /* deepest stop level samgen accepts (S63) */

/* Default payload widths of the RTL streams. */
#define SG_DEFAULT_CRD_WIDTH 16
#define SG_DEFAULT_VAL_WIDTH 32

typedef struct sg_tok {
    int64_t v;            /* DATA: the number; STOP: the level; else 0 */
    int32_t kind;         /* SG_TK_* */
} sg_tok;

/* Kinds of stream, as DOT edge types name them. */
typedef enum sg_stream_kind {
    SG_ST_CRD = 0,
    SG_ST_REF = 1,
    SG_ST_VAL = 2,
    SG_ST_REPSIG = 3,
    SG_ST_BV = 4          /* bitvector words (a bitvector level's scanner) */
} sg_stream_kind;
#define SG_N_STREAM_KINDS 5

static inline sg_tok sg_data(int64_t v) { sg_tok t = {v, SG_TK_DATA}; return t; }
static inline sg_tok sg_stop(int lvl) { sg_tok t = {lvl, SG_TK_STOP}; return t; }
static inline sg_tok sg_done(void) { sg_tok t = {0, SG_TK_DONE}; return t; }
static inline sg_tok sg_empty(void) { sg_tok t = {0, SG_TK_EMPTY}; return t; }
static inline int sg_tok_eq(sg_tok a, sg_tok b) { return a.kind == b.kind && a.v == b.v; }

/* Name of a stream kind: "crd", "ref", "val", "repsig", "bv". */
const char *sg_stream_kind_name(sg_stream_kind k);
/* Parse "crd"/"ref"/"val"/"repsig"/"bv"; returns -1 when unknown. */
int sg_stream_kind_parse(const char *s);

/* ---- parse / format ---------------------------------------------------- */

/* Parse one token word (not NUL-terminated: s[0..n-1]).  Accepts integers
 * (optionally signed), integral decimals such as "5.0" (the reference's
 * float prints), S<k>, D, N, _ and, for repsig streams, R and S.  Returns 0
 * or -1 with a message (without location) in e. */
int sg_tok_parse(const char *s, size_t n, sg_stream_kind k, sg_tok *out,
                 sg_err *e);

/* Format one token into buf (SG_TOK_TEXT bytes: a 64-bit bitvector word is
 * 0b and 64 digits); returns the length. */
#define SG_TOK_TEXT 72
int sg_tok_format(sg_tok t, sg_stream_kind k, char *buf);

/* ---- token arrays -------------------------------------------------------- */

typedef struct sg_toks {
    sg_tok *t;
    size_t n, cap;
} sg_toks;

void sg_toks_push(sg_toks *a, sg_tok t);
void sg_toks_free(sg_toks *a);
/* First index where a and b differ (the shorter one's length when it is a
 * prefix of the other), or SIZE_MAX when they are equal. */
size_t sg_toks_first_diff(const sg_toks *a, const sg_toks *b);
/* Parse a whole space-separated string into a (appends). */
int sg_toks_parse_str(sg_toks *a, const char *s, sg_stream_kind k, sg_err *e);
/* Write tokens space separated (no newline). Returns 0 or -1 on I/O error. */
int sg_toks_write(FILE *f, const sg_tok *t, size_t n, sg_stream_kind k);

/* ---- stream files ------------------------------------------------------ */

/* One "name: tokens" line of a multi-stream file.  Lines named arr_* or
 * param_* hold plain numbers (parsed as DATA tokens). */
typedef struct sg_stream_line {
    char *name;
    sg_stream_kind kind;  /* REPSIG when the name contains "repsig" */
    sg_toks toks;
    long line;            /* line number in the file */
} sg_stream_line;

typedef struct sg_stream_file {
    char *path;
    sg_stream_line *lines;
    size_t n, cap;
} sg_stream_file;

/* The longest line of a token file: 256 MiB, some 30 million tokens in one
 * stream.  Longer lines, and NUL bytes, stop the reader at once. */
#define SG_TOKEN_LINE_MAX ((size_t)1 << 28)

/* Read a multi-stream file.  A file that is a bare token list (no "name:")
 * becomes one line named "stream".  Returns 0, or -1 with
 * "FILE:LINE: message" in e. */
int sg_stream_file_read(const char *path, sg_stream_file *sf, sg_err *e);
/* The same from an open stream (not closed here); path names it in
 * messages. */
int sg_stream_file_readf(FILE *f, const char *path, sg_stream_file *sf,
                         sg_err *e);
/* Find a line by exact name; NULL when absent. */
const sg_stream_line *sg_stream_file_get(const sg_stream_file *sf,
                                         const char *name);
void sg_stream_file_free(sg_stream_file *sf);

/* Write "name: toks\n". */
int sg_stream_write_line(FILE *f, const char *name, const sg_tok *t, size_t n,
                         sg_stream_kind k);

#endif
