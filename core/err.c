/*
 * err.c - error records and allocation helpers (see err.h).
 */
#include "core/err.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void sg_err_clear(sg_err *e)
{
    if (e) {
        e->msg[0] = '\0';
        e->code = SG_EXIT_OK;
    }
}

static int verr(sg_err *e, int code, const char *file, long line,
                const char *fmt, va_list ap)
{
    if (!e)
        return -1;
    size_t n = 0;
    if (file && line > 0)
        n = (size_t)snprintf(e->msg, sizeof e->msg, "%s:%ld: ", file, line);
    else if (file)
        n = (size_t)snprintf(e->msg, sizeof e->msg, "%s: ", file);
    if (n >= sizeof e->msg)
        n = sizeof e->msg - 1;
    vsnprintf(e->msg + n, sizeof e->msg - n, fmt, ap);
    /* Keep the message on one line whatever the caller passed in. */
    for (char *p = e->msg; *p; p++)
        if (*p == '\n' || *p == '\r')
            *p = ' ';
    e->code = code;
    return -1;
}

int sg_errf(sg_err *e, const char *file, long line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verr(e, SG_EXIT_USAGE, file, line, fmt, ap);
    va_end(ap);
    return -1;
}

int sg_errc(sg_err *e, int code, const char *file, long line,
            const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    verr(e, code, file, line, fmt, ap);
    va_end(ap);
    return -1;
}

static void oom(size_t n)
{
    fprintf(stderr, "samgen: out of memory allocating %zu bytes\n", n);
    abort();
}

void *sg_malloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        oom(n);
    return p;
}

void *sg_calloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p)
        oom(n * size);
    return p;
}

void *sg_realloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        oom(n);
    return q;
}

char *sg_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *p = sg_malloc(n);
    memcpy(p, s, n);
    return p;
}

void sg_grow(void **p, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return;
    size_t c = *cap ? *cap : 16;
    while (c < need)
        c *= 2;
    *p = sg_realloc(*p, c * elem);
    *cap = c;
}
