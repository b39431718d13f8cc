/*
 * area_json.c - a small recursive-descent JSON reader (see area_json.h).
 *
 * Depth is limited so that a hostile file cannot overflow the stack; the
 * files samgen reads nest at most six levels.
 *
 * Sections: parser state; values; API.
 */
#include "fpga/area_json.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AREA_J_MAX_DEPTH 64

/* ---- parser state -------------------------------------------------------- */

typedef struct jp {
    const char *s, *end;
    const char *path;
    long line;
    sg_err *e;
} jp;

static void skip_ws(jp *p)
{
    while (p->s < p->end) {
        char c = *p->s;
        if (c == '\n')
            p->line++;
        else if (c != ' ' && c != '\t' && c != '\r')
            return;
        p->s++;
    }
}

static int fail(jp *p, const char *what)
{
    if (p->s >= p->end)
        return sg_errf(p->e, p->path, p->line, "bad JSON: %s at end of file",
                       what);
    return sg_errf(p->e, p->path, p->line, "bad JSON: %s near '%c'", what,
                   *p->s);
}

/* ---- values -------------------------------------------------------------- */

static int parse_value(jp *p, area_jv *v, int depth);

static int parse_string(jp *p, char **out)
{
    size_t cap = 16, n = 0;
    char *buf = sg_malloc(cap);
    p->s++;                                  /* opening quote */
    while (p->s < p->end && *p->s != '"') {
        char c = *p->s++;
        if (c == '\n')
            goto bad;
        if (c == '\\') {
            if (p->s >= p->end)
                goto bad;
            char x = *p->s++;
            switch (x) {
            case 'n': c = '\n'; break;
            case 't': c = '\t'; break;
            case 'r': c = '\r'; break;
            case 'b': c = '\b'; break;
            case 'f': c = '\f'; break;
            case '"': case '\\': case '/': c = x; break;
            case 'u': {
                unsigned cp = 0;
                for (int i = 0; i < 4; i++) {
                    if (p->s >= p->end)
                        goto bad;
                    char h = *p->s++;
                    cp <<= 4;
                    if (h >= '0' && h <= '9') cp |= (unsigned)(h - '0');
                    else if (h >= 'a' && h <= 'f') cp |= (unsigned)(h - 'a' + 10);
                    else if (h >= 'A' && h <= 'F') cp |= (unsigned)(h - 'A' + 10);
                    else goto bad;
                }
                c = cp < 0x80 && cp > 0 ? (char)cp : '?';
                break;
            }
            default:
                goto bad;
            }
        }
        if (n + 2 > cap)
            sg_grow((void **)&buf, &cap, n + 2, 1);
        buf[n++] = c;
    }
    if (p->s >= p->end)
        goto bad;
    p->s++;                                  /* closing quote */
    buf[n] = '\0';
    *out = buf;
    return 0;
bad:
    free(buf);
    return fail(p, "unterminated or malformed string");
}

static int parse_number(jp *p, area_jv *v)
{
    char tmp[64];
    size_t n = 0;
    while (p->s + n < p->end && n < sizeof tmp - 1 &&
           strchr("+-0123456789.eE", p->s[n]))
        n++;
    memcpy(tmp, p->s, n);
    tmp[n] = '\0';
    char *endp;
    errno = 0;
    double d = strtod(tmp, &endp);
    if (n == 0 || *endp != '\0' || errno == ERANGE)
        return fail(p, "malformed number");
    p->s += n;
    v->t = AREA_J_NUM;
    v->num = d;
    return 0;
}

static int literal(jp *p, const char *word)
{
    size_t n = strlen(word);
    if ((size_t)(p->end - p->s) < n || memcmp(p->s, word, n) != 0)
        return fail(p, "unexpected character");
    p->s += n;
    return 0;
}

/* Parse '[' ... ']' or '{' ... '}' into v (already typed by the caller). */
static int parse_container(jp *p, area_jv *v, int depth)
{
    int is_obj = *p->s == '{';
    char close = is_obj ? '}' : ']';
    size_t cap = 0, kcap = 0;
    v->t = is_obj ? AREA_J_OBJ : AREA_J_ARR;
    p->s++;
    skip_ws(p);
    if (p->s < p->end && *p->s == close) {
        p->s++;
        return 0;
    }
    for (;;) {
        skip_ws(p);
        char *key = NULL;
        if (is_obj) {
            if (p->s >= p->end || *p->s != '"')
                return fail(p, "expected a member name");
            if (parse_string(p, &key) != 0)
                return -1;
            skip_ws(p);
            if (p->s >= p->end || *p->s != ':') {
                free(key);
                return fail(p, "expected ':'");
            }
            p->s++;
        }
        sg_grow((void **)&v->items, &cap, v->n + 1, sizeof *v->items);
        if (is_obj)
            sg_grow((void **)&v->keys, &kcap, v->n + 1, sizeof *v->keys);
        area_jv *item = &v->items[v->n];
        memset(item, 0, sizeof *item);
        if (is_obj)
            v->keys[v->n] = key;
        v->n++;
        if (parse_value(p, item, depth + 1) != 0)
            return -1;
        skip_ws(p);
        if (p->s < p->end && *p->s == ',') {
            p->s++;
            continue;
        }
        if (p->s < p->end && *p->s == close) {
            p->s++;
            return 0;
        }
        return fail(p, is_obj ? "expected ',' or '}'" : "expected ',' or ']'");
    }
}

static int parse_value(jp *p, area_jv *v, int depth)
{
    if (depth > AREA_J_MAX_DEPTH)
        return fail(p, "nesting too deep");
    skip_ws(p);
    if (p->s >= p->end)
        return fail(p, "expected a value");
    switch (*p->s) {
    case '{':
    case '[':
        return parse_container(p, v, depth);
    case '"':
        v->t = AREA_J_STR;
        return parse_string(p, &v->str);
    case 't':
        v->t = AREA_J_BOOL;
        v->num = 1;
        return literal(p, "true");
    case 'f':
        v->t = AREA_J_BOOL;
        return literal(p, "false");
    case 'n':
        return literal(p, "null");
    default:
        return parse_number(p, v);
    }
}

/* ---- API ----------------------------------------------------------------- */

void sg_area_json_free(area_jv *v)
{
    if (!v)
        return;
    for (size_t i = 0; i < v->n; i++) {
        sg_area_json_free(&v->items[i]);
        if (v->keys)
            free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v->str);
    memset(v, 0, sizeof *v);
}

int sg_area_json_parse(const char *text, size_t len, const char *path,
                    area_jv *out, sg_err *e)
{
    jp p = {text, text + len, path ? path : "<json>", 1, e};
    memset(out, 0, sizeof *out);
    if (parse_value(&p, out, 0) != 0)
        goto fail;
    skip_ws(&p);
    if (p.s != p.end) {
        fail(&p, "trailing text after the value");
        goto fail;
    }
    return 0;
fail:
    sg_area_json_free(out);
    return -1;
}

int sg_area_json_read(const char *path, area_jv *out, sg_err *e)
{
    char *buf = NULL;
    size_t n = 0, cap = 0;
    int rc = -1;
    memset(out, 0, sizeof *out);
    FILE *f = fopen(path, "rb");
    if (!f)
        return sg_errf(e, path, 0, "cannot open: %s", strerror(errno));
    for (;;) {
        sg_grow((void **)&buf, &cap, n + 65536, 1);
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(f)) {
        sg_errf(e, path, 0, "read error");
        goto done;
    }
    rc = sg_area_json_parse(buf, n, path, out, e);
done:
    fclose(f);
    free(buf);
    return rc;
}

const area_jv *sg_area_json_get(const area_jv *v, const char *key)
{
    if (!v || v->t != AREA_J_OBJ)
        return NULL;
    for (size_t i = 0; i < v->n; i++)
        if (strcmp(v->keys[i], key) == 0)
            return &v->items[i];
    return NULL;
}

double sg_area_json_num(const area_jv *v, double dflt)
{
    if (!v)
        return dflt;
    if (v->t == AREA_J_NUM || v->t == AREA_J_BOOL)
        return v->num;
    if (v->t == AREA_J_STR && v->str[0]) {
        char *endp;
        double d = strtod(v->str, &endp);
        if (endp != v->str)
            return d;
    }
    return dflt;
}
