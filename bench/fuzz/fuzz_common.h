/*
 * fuzz_common.h - helpers shared by the libFuzzer targets in bench/fuzz/.
 *
 * A target includes this header, defines LLVMFuzzerTestOneInput, and checks
 * the contract of every samgen reader: an input either parses into a
 * consistent result or fails with one line "FILE[:LINE]: message" (no
 * newline, named after the input), and never crashes, leaks or trips a
 * sanitizer.  abort() marks a broken contract so libFuzzer keeps the input.
 */
#ifndef SG_FUZZ_COMMON_H
#define SG_FUZZ_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/tensor.h"

/* A NUL-terminated copy of the input (the readers want buf[len] == 0). */
static inline char *fuzz_text(const uint8_t *data, size_t size)
{
    char *b = malloc(size + 1);
    if (!b)
        abort();
    if (size)
        memcpy(b, data, size);
    b[size] = '\0';
    return b;
}

/* A failed read must say where and what, on one line. */
static inline void fuzz_check_err(const sg_err *e, const char *file)
{
    if (!e->msg[0] || strchr(e->msg, '\n') || e->code != SG_EXIT_USAGE) {
        fprintf(stderr, "bad error record: '%s' code %d\n", e->msg, e->code);
        abort();
    }
    (void)file;
}

/* A parsed tensor: order and shape sane, coordinates in range. */
static inline void fuzz_check_coo(const sg_coo *t)
{
    if (t->order < 0 || t->order > SG_MAX_ORDER)
        abort();
    for (size_t i = 0; i < t->nnz; i++)
        for (int k = 0; k < t->order; k++) {
            int64_t c = t->crd[i * (size_t)t->order + (size_t)k];
            if (c < 0 || c >= t->shape[k])
                abort();
        }
}

/* Build a fibertree (fmt NULL: all compressed) and walk it back; a tensor
 * the reader accepted has no duplicates, so this must succeed unless a
 * dense level is too large. */
static inline void fuzz_build(sg_coo *t, const char *fmt)
{
    sg_format f;
    sg_err e;
    if (fmt) {
        if (sg_format_parse(fmt, &f, &e) < 0)
            abort();
    } else {
        memset(&f, 0, sizeof f);
        f.order = t->order;
        for (int l = 0; l < t->order; l++) {
            f.level[l] = SG_LVL_COMPRESSED;
            f.mode[l] = l;
        }
    }
    if (f.order != t->order)
        return;
    /* Dense levels are bounded by the library (2^27 positions), but even
     * legal sizes take seconds; keep the fuzzer fast. */
    for (int l = 0; l < f.order; l++)
        if (f.level[l] == SG_LVL_DENSE && t->shape[f.mode[l]] > 4096)
            return;
    sg_fibertree ft;
    size_t nnz = t->nnz;
    if (sg_fibertree_build(t, &f, &ft, &e) < 0) {
        if (!strstr(e.msg, "would hold more than")) {
            fprintf(stderr, "build failed on accepted input: %s\n", e.msg);
            abort();
        }
        return;
    }
    sg_coo back;
    sg_fibertree_to_coo(&ft, 1, &back);
    if (f.order > 0 && f.level[f.order - 1] == SG_LVL_COMPRESSED &&
        back.nnz != nnz)
        abort();
    sg_coo_free(&back);
    sg_fibertree_free(&ft);
}

#endif
