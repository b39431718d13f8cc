/*
 * token.c - token parsing, formatting and stream files (see token.h).
 */
#define _POSIX_C_SOURCE 200809L
#include "core/token.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_names[SG_N_STREAM_KINDS] = {"crd", "ref", "val", "repsig", "bv"};

const char *sg_stream_kind_name(sg_stream_kind k)
{
    return (unsigned)k < SG_N_STREAM_KINDS ? kind_names[k] : "?";
}

int sg_stream_kind_parse(const char *s)
{
    for (int i = 0; i < SG_N_STREAM_KINDS; i++)
        if (strcmp(s, kind_names[i]) == 0)
            return i;
    return -1;
}

/* Parse a decimal integer, or an integral decimal such as "5.0"/"-3.000". */
static int parse_number(const char *s, size_t n, int64_t *out)
{
    size_t i = 0;
    int neg = 0;
    if (i < n && (s[i] == '-' || s[i] == '+'))
        neg = s[i++] == '-';
    if (i == n)
        return -1;
    uint64_t v = 0;
    size_t digits = 0;
    for (; i < n && s[i] >= '0' && s[i] <= '9'; i++, digits++) {
        uint64_t d = (uint64_t)(s[i] - '0');
        if (v > (UINT64_MAX - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    if (digits == 0)
        return -1;
    if (i < n && s[i] == '.') {
        for (i++; i < n && s[i] == '0'; i++)
            ;
    }
    if (i != n)
        return -1;
    if (neg ? v > (uint64_t)INT64_MAX + 1 : v > (uint64_t)INT64_MAX)
        return -1;
    *out = neg ? (int64_t)(0 - v) : (int64_t)v;
    return 0;
}

/* Parse a bit pattern: "0b1011" (as the reference writes bitvectors) or
 * "0xff", or an unsigned decimal up to 2^64 - 1 (an RTL monitor's print of
 * a 64-bit word); the 64 bits are kept in the token's payload as they are. */
static int parse_bits(const char *s, size_t n, int64_t *out)
{
    uint64_t v = 0;
    if (n > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'x')) {
        unsigned sh = s[1] == 'b' ? 1 : 4;
        if ((n - 2) * sh > 64 + 3 * (sh == 4))
            return -1;
        for (size_t i = 2; i < n; i++) {
            int d = s[i] >= '0' && s[i] <= '9' ? s[i] - '0'
                  : s[i] >= 'a' && s[i] <= 'f' ? s[i] - 'a' + 10
                  : s[i] >= 'A' && s[i] <= 'F' ? s[i] - 'A' + 10 : 99;
            if (d >= (1 << sh) || (sh == 4 && (v >> 60) != 0))
                return -1;
            v = v << sh | (uint64_t)d;
        }
        *out = (int64_t)v;
        return 0;
    }
    size_t digits = 0;
    for (size_t i = 0; i < n; i++, digits++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        uint64_t d = (uint64_t)(s[i] - '0');
        if (v > (UINT64_MAX - d) / 10)
            return -1;
        v = v * 10 + d;
    }
    if (digits == 0)
        return -1;
    *out = (int64_t)v;
    return 0;
}

int sg_tok_parse(const char *s, size_t n, sg_stream_kind k, sg_tok *out,
                 sg_err *e)
{
    if (n == 1) {
        switch (s[0]) {
        case 'D': *out = sg_done(); return 0;
        case 'N': *out = sg_empty(); return 0;
        case '_': out->kind = SG_TK_GAP; out->v = 0; return 0;
        case 'R':
            if (k == SG_ST_REPSIG) { *out = sg_data(0); return 0; }
            break;
        case 'S':
            if (k == SG_ST_REPSIG) { *out = sg_stop(0); return 0; }
            break;
        default:
            break;
        }
    }
    if (n >= 2 && s[0] == 'S' && k != SG_ST_REPSIG) {
        int64_t lvl;
        if (parse_number(s + 1, n - 1, &lvl) == 0 && s[1] != '-' &&
            s[1] != '+' && lvl >= 0 && lvl <= SG_MAX_STOP) {
            *out = sg_stop((int)lvl);
            return 0;
        }
        return sg_errf(e, NULL, 0, "bad stop token '%.*s'", (int)(n > 40 ? 40 : n), s);
    }
    int64_t v;
    if (k == SG_ST_BV ? parse_bits(s, n, &v) == 0 || parse_number(s, n, &v) == 0
                      : k != SG_ST_REPSIG && parse_number(s, n, &v) == 0) {
        *out = sg_data(v);
        return 0;
    }
    return sg_errf(e, NULL, 0, "bad %s token '%.*s'", sg_stream_kind_name(k),
                   (int)(n > 40 ? 40 : n), s);
}

/* A bitvector word as the reference writes it: 0b and its bits, highest
 * set bit first (0b0 for zero). */
static int format_bits(uint64_t v, char *buf)
{
    int top = 0;
    for (int i = 0; i < 64; i++)
        if (v >> i & 1)
            top = i;
    int n = 0;
    buf[n++] = '0';
    buf[n++] = 'b';
    for (int i = top; i >= 0; i--)
        buf[n++] = (char)('0' + (int)(v >> i & 1));
    buf[n] = '\0';
    return n;
}

int sg_tok_format(sg_tok t, sg_stream_kind k, char *buf)
{
    switch (t.kind) {
    case SG_TK_DATA:
        if (k == SG_ST_REPSIG)
            return snprintf(buf, 24, "R");
        if (k == SG_ST_BV)
            return format_bits((uint64_t)t.v, buf);
        return snprintf(buf, 24, "%lld", (long long)t.v);
    case SG_TK_STOP:
        if (k == SG_ST_REPSIG)
            return snprintf(buf, 24, "S");
        return snprintf(buf, 24, "S%lld", (long long)t.v);
    case SG_TK_DONE: return snprintf(buf, 24, "D");
    case SG_TK_EMPTY: return snprintf(buf, 24, "N");
    case SG_TK_GAP: return snprintf(buf, 24, "_");
    default: return snprintf(buf, 24, "?%d", (int)t.kind);
    }
}

void sg_toks_push(sg_toks *a, sg_tok t)
{
    if (a->n == a->cap)
        sg_grow((void **)&a->t, &a->cap, a->n + 1, sizeof *a->t);
    a->t[a->n++] = t;
}

void sg_toks_free(sg_toks *a)
{
    free(a->t);
    a->t = NULL;
    a->n = a->cap = 0;
}

size_t sg_toks_first_diff(const sg_toks *a, const sg_toks *b)
{
    size_t n = a->n < b->n ? a->n : b->n;
    for (size_t i = 0; i < n; i++)
        if (!sg_tok_eq(a->t[i], b->t[i]))
            return i;
    return a->n == b->n ? SIZE_MAX : n;
}

static int is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == ',';
}

int sg_toks_parse_str(sg_toks *a, const char *s, sg_stream_kind k, sg_err *e)
{
    while (*s) {
        while (*s && is_space(*s))
            s++;
        if (!*s)
            break;
        const char *w = s;
        while (*s && !is_space(*s))
            s++;
        sg_tok t;
        if (sg_tok_parse(w, (size_t)(s - w), k, &t, e) < 0)
            return -1;
        sg_toks_push(a, t);
    }
    return 0;
}

int sg_toks_write(FILE *f, const sg_tok *t, size_t n, sg_stream_kind k)
{
    char buf[SG_TOK_TEXT];
    for (size_t i = 0; i < n; i++) {
        int len = sg_tok_format(t[i], k, buf);
        if (i && fputc(' ', f) == EOF)
            return -1;
        if (fwrite(buf, 1, (size_t)len, f) != (size_t)len)
            return -1;
    }
    return 0;
}

int sg_stream_write_line(FILE *f, const char *name, const sg_tok *t, size_t n,
                         sg_stream_kind k)
{
    if (fprintf(f, "%s: ", name) < 0)
        return -1;
    if (sg_toks_write(f, t, n, k) < 0)
        return -1;
    return fputc('\n', f) == EOF ? -1 : 0;
}

static sg_stream_kind kind_of_name(const char *name)
{
    /* bitvector words (in_bv1, arr_bv) read as 0b... or as numbers */
    return strstr(name, "repsig") ? SG_ST_REPSIG : strstr(name, "_bv") ? SG_ST_BV : SG_ST_VAL;
}

static void line_free(sg_stream_line *l)
{
    free(l->name);
    sg_toks_free(&l->toks);
}

int sg_stream_file_read(const char *path, sg_stream_file *sf, sg_err *e)
{
    memset(sf, 0, sizeof *sf);
    FILE *f = fopen(path, "r");
    if (!f)
        return sg_errf(e, path, 0, "cannot open: %s", strerror(errno));
    int r = sg_stream_file_readf(f, path, sf, e);
    fclose(f);
    return r;
}

/* One line of a token file into *buf (NUL-terminated, newline kept).
 * Returns its length, 0 at the end of the file, -1 on a NUL byte (the
 * file is not text: /dev/zero stops here at once), -2 on a line longer
 * than SG_TOKEN_LINE_MAX (a trace line of a long run is many megabytes,
 * but a line without end is not read to the memory's end), -3 on a read
 * error. */
static long read_line(FILE *f, char **buf, size_t *cap)
{
    size_t len = 0;
    for (;;) {
        if (len + 2 > *cap) {
            size_t nc = *cap ? *cap * 2 : 4096;
            if (nc > SG_TOKEN_LINE_MAX + 2)
                nc = SG_TOKEN_LINE_MAX + 2;
            if (len + 2 > nc)
                return -2;
            *buf = sg_realloc(*buf, nc);
            *cap = nc;
        }
        int c = getc_unlocked(f);
        if (c == EOF) {
            if (ferror(f))
                return -3;
            break;
        }
        if (c == '\0')
            return -1;
        (*buf)[len++] = (char)c;
        if (c == '\n')
            break;
    }
    if (*buf)
        (*buf)[len] = '\0';
    return (long)len;
}

int sg_stream_file_readf(FILE *f, const char *path, sg_stream_file *sf,
                         sg_err *e)
{
    memset(sf, 0, sizeof *sf);
    sf->path = sg_strdup(path);
    char *buf = NULL;
    size_t bufcap = 0;
    long lineno = 0;
    int bare = 0;
    long len;
    while ((len = read_line(f, &buf, &bufcap)) != 0) {
        lineno++;
        if (len == -1) {
            sg_errf(e, path, lineno, "NUL byte in a token file");
            goto fail;
        }
        if (len == -2) {
            sg_errf(e, path, lineno, "line longer than %zu bytes", (size_t)SG_TOKEN_LINE_MAX);
            goto fail;
        }
        if (len == -3)
            break;
        char *p = buf;
        while (*p && is_space(*p))
            p++;
        if (*p == '\0' || *p == '#')
            continue;
        char *colon = strchr(p, ':');
        char *name;
        char *body;
        if (colon) {
            char *q = colon;
            while (q > p && (q[-1] == ' ' || q[-1] == '\t'))
                q--;
            if (q == p) {
                sg_errf(e, path, lineno, "empty stream name before ':'");
                goto fail;
            }
            name = strndup(p, (size_t)(q - p));
            body = colon + 1;
        } else {
            /* A bare token list: all such lines form one stream. */
            if (!bare && sf->n) {
                sg_errf(e, path, lineno, "expected 'name: tokens'");
                goto fail;
            }
            name = NULL;
            body = p;
        }
        sg_stream_line *l;
        if (name || !bare) {
            if (!name && sf->n == 0)
                bare = 1;
            else if (bare) {
                free(name);
                sg_errf(e, path, lineno, "mixed bare and named stream lines");
                goto fail;
            }
            sg_grow((void **)&sf->lines, &sf->cap, sf->n + 1, sizeof *sf->lines);
            l = &sf->lines[sf->n++];
            memset(l, 0, sizeof *l);
            l->name = name ? name : sg_strdup("stream");
            l->kind = name ? kind_of_name(name) : SG_ST_VAL;
            l->line = lineno;
        } else {
            l = &sf->lines[0];
        }
        sg_err te;
        if (sg_toks_parse_str(&l->toks, body, l->kind, &te) < 0) {
            sg_errf(e, path, lineno, "%s", te.msg);
            goto fail;
        }
    }
    if (ferror(f)) {
        sg_errf(e, path, lineno, "read error");
        goto fail;
    }
    free(buf);
    return 0;
fail:
    free(buf);
    sg_stream_file_free(sf);
    return -1;
}

const sg_stream_line *sg_stream_file_get(const sg_stream_file *sf,
                                         const char *name)
{
    for (size_t i = 0; i < sf->n; i++)
        if (strcmp(sf->lines[i].name, name) == 0)
            return &sf->lines[i];
    return NULL;
}

void sg_stream_file_free(sg_stream_file *sf)
{
    for (size_t i = 0; i < sf->n; i++)
        line_free(&sf->lines[i]);
    free(sf->lines);
    free(sf->path);
    memset(sf, 0, sizeof *sf);
}
