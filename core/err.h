/*
 * err.h - error reporting shared by every samgen module.
 *
 * User errors (bad input files, bad options) are reported as one line,
 * "FILE:LINE: what is wrong", following git's message rules: start
 * lowercase, no full stop.  Library functions never print and never exit:
 * they fill an sg_err and return -1, and the CLI prints it and picks the exit
 * code.  There is no global error state, so two runs in one process do not
 * interfere.
 */
#ifndef SG_ERR_H
#define SG_ERR_H

#include <stddef.h>

/* Exit codes of the samgen binary (see README). */
enum {
    SG_EXIT_OK = 0,      /* success */
    SG_EXIT_CHECK = 1,   /* a check failed: mismatch, lint error, deadlock */
    SG_EXIT_USAGE = 2    /* bad usage or bad input */
};

typedef struct sg_err {
    char msg[1024];      /* one line, no trailing newline; "" when no error */
    int code;            /* SG_EXIT_* the CLI should exit with */
} sg_err;

/* Clear an error record. */
void sg_err_clear(sg_err *e);

/* Set the message as "FILE:LINE: fmt..." (line 0 omits the line number,
 * file NULL omits the location).  Always returns -1 so callers can write
 * `return sg_errf(e, ...)`.  e may be NULL (the message is dropped). */
int sg_errf(sg_err *e, const char *file, long line, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

/* Like sg_errf but with an explicit exit code. */
int sg_errc(sg_err *e, int code, const char *file, long line,
            const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* Allocation helpers: abort with a message on out-of-memory (an OOM is not a
 * user error and cannot be reported sensibly). */
void *sg_malloc(size_t n);
void *sg_calloc(size_t n, size_t size);
void *sg_realloc(void *p, size_t n);
char *sg_strdup(const char *s);

/* Grow *p (an array of elem-sized items with capacity *cap) so that it holds
 * at least need items.  Doubles the capacity. */
void sg_grow(void **p, size_t *cap, size_t need, size_t elem);

#endif
