/*
 * json.c - JSON string quoting shared by the report writers, and a strict
 * reader for reading reports back.  Reports are written with fprintf; only
 * strings need care (paths and messages may hold quotes, backslashes or
 * control characters).
 *
 * The reader is recursive descent over the grammar of RFC 8259, strict:
 * no trailing commas, comments, single quotes, leading zeros, raw control
 * characters in strings, or text after the value.  Nesting is bounded so
 * that no input can exhaust the stack.
 */
#include "core/json.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

void sg_json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", f);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

/* ---- reader --------------------------------------------------------------- */

enum { JSON_MAX_DEPTH = 64 };

typedef struct jrd {
    const char *s;
    size_t i, n;
    const char *file;
    sg_err *e;
} jrd;

static long line_at(const jrd *r)
{
    long line = 1;
    for (size_t k = 0; k < r->i && k < r->n; k++)
        line += r->s[k] == '\n';
    return line;
}

static int fail(jrd *r, const char *what)
{
    if (r->i >= r->n)
        return sg_errc(r->e, SG_EXIT_USAGE, r->file, line_at(r),
                       "not JSON: %s (the text ends early)", what);
    unsigned char c = (unsigned char)r->s[r->i];
    if (c >= 0x20 && c < 0x7f)
        return sg_errc(r->e, SG_EXIT_USAGE, r->file, line_at(r),
                       "not JSON: %s, found '%c'", what, c);
    return sg_errc(r->e, SG_EXIT_USAGE, r->file, line_at(r),
                   "not JSON: %s, found byte 0x%02x", what, c);
}

static void skip_ws(jrd *r)
{
    while (r->i < r->n && (r->s[r->i] == ' ' || r->s[r->i] == '\t' ||
                           r->s[r->i] == '\n' || r->s[r->i] == '\r'))
        r->i++;
}

static int peek(const jrd *r)
{
    return r->i < r->n ? (unsigned char)r->s[r->i] : -1;
}

static int literal(jrd *r, const char *word)
{
    size_t k = strlen(word);
    if (r->n - r->i < k || memcmp(r->s + r->i, word, k) != 0)
        return fail(r, "expected a value");
    r->i += k;
    return 0;
}

static int hex4(jrd *r, unsigned *u)
{
    *u = 0;
    for (int k = 0; k < 4; k++) {
        int c = peek(r);
        unsigned d;
        if (c >= '0' && c <= '9')
            d = (unsigned)(c - '0');
        else if (c >= 'a' && c <= 'f')
            d = (unsigned)(c - 'a' + 10);
        else if (c >= 'A' && c <= 'F')
            d = (unsigned)(c - 'A' + 10);
        else
            return fail(r, "expected four hex digits after \\u");
        *u = *u * 16 + d;
        r->i++;
    }
    return 0;
}

static void put_utf8(char *b, size_t *k, unsigned u)
{
    if (u < 0x80) {
        b[(*k)++] = (char)u;
    } else if (u < 0x800) {
        b[(*k)++] = (char)(0xc0 | (u >> 6));
        b[(*k)++] = (char)(0x80 | (u & 0x3f));
    } else if (u < 0x10000) {
        b[(*k)++] = (char)(0xe0 | (u >> 12));
        b[(*k)++] = (char)(0x80 | ((u >> 6) & 0x3f));
        b[(*k)++] = (char)(0x80 | (u & 0x3f));
    } else {
        b[(*k)++] = (char)(0xf0 | (u >> 18));
        b[(*k)++] = (char)(0x80 | ((u >> 12) & 0x3f));
        b[(*k)++] = (char)(0x80 | ((u >> 6) & 0x3f));
        b[(*k)++] = (char)(0x80 | (u & 0x3f));
    }
}

static int escape(jrd *r, char *b, size_t *k)
{
    static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
    int c = peek(r);
    const char *p = c > 0 ? strchr(from, c) : NULL;
    if (p) {
        b[(*k)++] = to[p - from];
        r->i++;
        return 0;
    }
    if (c != 'u')
        return fail(r, "unknown escape in a string");
    r->i++;
    unsigned u, lo;
    if (hex4(r, &u) < 0)
        return -1;
    if (u >= 0xdc00 && u <= 0xdfff)
        return fail(r, "lone low surrogate in a string");
    if (u >= 0xd800 && u <= 0xdbff) {
        if (r->n - r->i < 2 || r->s[r->i] != '\\' || r->s[r->i + 1] != 'u')
            return fail(r, "high surrogate without its low half");
        r->i += 2;
        if (hex4(r, &lo) < 0)
            return -1;
        if (lo < 0xdc00 || lo > 0xdfff)
            return fail(r, "high surrogate without its low half");
        u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
    }
    if (u == 0)
        return fail(r, "\\u0000 in a string");
    put_utf8(b, k, u);
    return 0;
}

/* A string at r->i (which is '"'); *out malloc'd. */
static int string(jrd *r, char **out)
{
    r->i++;
    /* The decoded text is never longer than the source text. */
    size_t start = r->i, k = 0;
    char *b = malloc(r->n - start + 1);
    if (!b)
        abort();
    for (;;) {
        int c = peek(r);
        if (c < 0) {
            free(b);
            return fail(r, "unterminated string");
        }
        if (c == '"') {
            r->i++;
            break;
        }
        if (c < 0x20) {
            free(b);
            return fail(r, "control character in a string");
        }
        r->i++;
        if (c == '\\') {
            if (escape(r, b, &k) < 0) {
                free(b);
                return -1;
            }
        } else {
            b[k++] = (char)c;
        }
    }
    b[k] = 0;
    *out = b;
    return 0;
}

static int number(jrd *r, double *out)
{
    size_t start = r->i;
    if (peek(r) == '-')
        r->i++;
    if (peek(r) == '0') {
        r->i++;
    } else if (peek(r) >= '1' && peek(r) <= '9') {
        while (peek(r) >= '0' && peek(r) <= '9')
            r->i++;
    } else {
        return fail(r, "expected a digit");
    }
    if (peek(r) == '.') {
        r->i++;
        if (!(peek(r) >= '0' && peek(r) <= '9'))
            return fail(r, "expected a digit after '.'");
        while (peek(r) >= '0' && peek(r) <= '9')
            r->i++;
    }
    if (peek(r) == 'e' || peek(r) == 'E') {
        r->i++;
        if (peek(r) == '+' || peek(r) == '-')
            r->i++;
        if (!(peek(r) >= '0' && peek(r) <= '9'))
            return fail(r, "expected a digit in the exponent");
        while (peek(r) >= '0' && peek(r) <= '9')
            r->i++;
    }
    char buf[64];
    size_t len = r->i - start;
    if (len >= sizeof buf) {
        r->i = start;
        return fail(r, "number too long");
    }
    memcpy(buf, r->s + start, len);
    buf[len] = 0;
    *out = strtod(buf, NULL);
    return 0;
}

static int value(jrd *r, sg_json *v, int depth);

static sg_json *add_kid(sg_json *v, size_t *cap)
{
    if (v->n == *cap) {
        *cap = *cap ? *cap * 2 : 4;
        v->kids = sg_realloc(v->kids, *cap * sizeof *v->kids);
    }
    sg_json *k = &v->kids[v->n++];
    memset(k, 0, sizeof *k);
    return k;
}

/* An array or object at r->i ('[' or '{'). */
static int container(jrd *r, sg_json *v, int depth)
{
    int obj = peek(r) == '{';
    int close = obj ? '}' : ']';
    v->type = obj ? SG_JSON_OBJ : SG_JSON_ARR;
    if (depth >= JSON_MAX_DEPTH)
        return fail(r, "nested more than 64 deep");
    r->i++;
    skip_ws(r);
    if (peek(r) == close) {
        r->i++;
        return 0;
    }
    size_t cap = 0;
    for (;;) {
        sg_json *k = add_kid(v, &cap);
        if (obj) {
            if (peek(r) != '"')
                return fail(r, "expected a member name in quotes");
            if (string(r, &k->key) < 0)
                return -1;
            skip_ws(r);
            if (peek(r) != ':')
                return fail(r, "expected ':' after a member name");
            r->i++;
        }
        if (value(r, k, depth + 1) < 0)
            return -1;
        skip_ws(r);
        if (peek(r) == close) {
            r->i++;
            return 0;
        }
        if (peek(r) != ',')
            return fail(r, obj ? "expected ',' or '}'" : "expected ',' or ']'");
        r->i++;
        skip_ws(r);
    }
}

static int value(jrd *r, sg_json *v, int depth)
{
    skip_ws(r);
    int c = peek(r);
    switch (c) {
    case '{':
    case '[':
        return container(r, v, depth);
    case '"':
        v->type = SG_JSON_STR;
        return string(r, &v->str);
    case 't':
        v->type = SG_JSON_BOOL;
        v->b = 1;
        return literal(r, "true");
    case 'f':
        v->type = SG_JSON_BOOL;
        return literal(r, "false");
    case 'n':
        v->type = SG_JSON_NULL;
        return literal(r, "null");
    default:
        if (c == '-' || (c >= '0' && c <= '9')) {
            v->type = SG_JSON_NUM;
            return number(r, &v->num);
        }
        return fail(r, "expected a value");
    }
}

int sg_json_parse(const char *text, size_t len, const char *file, sg_json *out,
                  sg_err *e)
{
    memset(out, 0, sizeof *out);
    jrd r = {text, 0, len, file, e};
    if (value(&r, out, 0) < 0) {
        sg_json_free(out);
        return -1;
    }
    skip_ws(&r);
    if (r.i < r.n) {
        sg_json_free(out);
        return fail(&r, "text after the value");
    }
    return 0;
}

int sg_json_read_file(const char *path, sg_json *out, sg_err *e)
{
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f)
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "cannot open: %s", strerror(errno));
    size_t cap = 4096, n = 0, k;
    char *t = sg_malloc(cap);
    while ((k = fread(t + n, 1, cap - n, f)) > 0) {
        n += k;
        if (n == cap) {
            cap *= 2;
            t = sg_realloc(t, cap);
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(t);
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "read error");
    }
    int rc = sg_json_parse(t, n, path, out, e);
    free(t);
    return rc;
}

void sg_json_free(sg_json *v)
{
    if (!v)
        return;
    for (size_t i = 0; i < v->n; i++)
        sg_json_free(&v->kids[i]);
    free(v->kids);
    free(v->str);
    free(v->key);
    memset(v, 0, sizeof *v);
}

const sg_json *sg_json_get(const sg_json *o, const char *key)
{
    if (!o || o->type != SG_JSON_OBJ)
        return NULL;
    for (size_t i = 0; i < o->n; i++)
        if (strcmp(o->kids[i].key, key) == 0)
            return &o->kids[i];
    return NULL;
}
