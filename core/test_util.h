/*
 * test_util.h - small helpers the unit tests of core/ and the layers above
 * share: finding strings in a text, writing a text or a tensor and reading
 * the file back, generating a tensor or failing, and
 * the options of the Figure 13 vectors of the skip-intersection study.
 *
 * Header only (static inline): it is used by unit tests, not by the
 * tool; include <cmocka.h> first.
 */
#ifndef SG_TEST_UTIL_H
#define SG_TEST_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "core/tensor.h"

/* The shared data directory ($SHARED), or NULL after printing "SKIP what:
 * SHARED is not set" (tests that need ../shared pass without it). */
static inline const char *sg_test_shared(const char *what)
{
    const char *sh = getenv("SHARED");
    if (sh && *sh)
        return sh;
    printf("SKIP %s: SHARED is not set\n", what);
    return NULL;
}

/* $SHARED/sub into buf (n bytes) when that file or directory exists, else
 * NULL after printing "SKIP what: $SHARED/sub not found" (or that SHARED is
 * not set). */
static inline const char *sg_test_shared_path(const char *sub, const char *what,
                                              char *buf, size_t n)
{
    const char *sh = sg_test_shared(what);
    if (!sh)
        return NULL;
    snprintf(buf, n, "%s/%s", sh, sub);
    if (access(buf, F_OK) != 0) {
        printf("SKIP %s: $SHARED/%s not found\n", what, sub);
        return NULL;
    }
    return buf;
}

/* Read the file at path into buf (at most size - 1 bytes), NUL-terminated.
 * Returns 0, or -1 (buf empty) when the file cannot be opened. */
static inline int sg_test_read_file(const char *path, char *buf,
                                    size_t size)
{
    buf[0] = '\0';
    FILE *f = fopen(path, "r");
    if (!f)
        return -1;
    size_t n = fread(buf, 1, size - 1, f);
    buf[n] = '\0';
    fclose(f);
    return 0;
}

/* Every string of the list occurs in text; the test fails naming the
 * first that does not. */
#define sg_test_has_all(text, ...) \
    sg_test_has_all_((text), (const char *const[]){__VA_ARGS__, NULL})
static inline void sg_test_has_all_(const char *text, const char *const *want)
{
    for (; *want; want++)
        if (!strstr(text, *want))
            fail_msg("'%s' not found", *want);
}

/* Write text to the file at path, which must succeed. */
static inline void sg_test_write_text(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* Write text to dir/name, which must succeed; the file's path goes to
 * path (n bytes). */
static inline void sg_test_write_in(char *path, size_t n, const char *dir,
                                    const char *name, const char *text)
{
    snprintf(path, n, "%s/%s", dir, name);
    sg_test_write_text(path, text);
}

/* Write text to a new file made from the mkstemp template path, which
 * then names it. */
static inline void sg_test_write_temp(char *path, const char *text)
{
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    fputs(text, f);
    assert_int_equal(fclose(f), 0);
}

/* Write t to path with write (sg_tensor_write or a format's own writer),
 * which must succeed, and read the file back into buf (size bytes). */
static inline void sg_test_write_file(int (*write)(const char *,
                                                   const sg_coo *, sg_err *),
                                      const char *path, const sg_coo *t,
                                      char *buf, size_t size)
{
    sg_err e;
    sg_err_clear(&e);
    if (write(path, t, &e) != 0)
        fail_msg("%s", e.msg);
    assert_int_equal(sg_test_read_file(path, buf, size), 0);
}

/* Generate the tensor o describes into t, or fail the test. */
static inline void sg_test_gen(const sg_gen_opts *o, sg_coo *t)
{
    sg_err e;
    sg_err_clear(&e);
    if (sg_tensor_gen(o, t, &e) != 0)
        fail_msg("%s", e.msg);
}

/* The default options set for a Figure 13 vector with pattern pat: one
 * fiber 2000 long, 20 % nonzeros (as bench/skip/run.sh writes them). */
static inline void sg_test_fig13_opts(sg_gen_opts *o, sg_pattern pat)
{
    sg_gen_opts_default(o);
    o->order = 1;
    o->shape[0] = 2000;
    o->density = 0.2;
    o->pattern = pat;
}

#endif
