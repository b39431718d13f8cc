/*
 * hash.h - 64-bit FNV-1a over bytes and over files.
 *
 * Used for content keys: the Verilator build cache (sim/build.c) and the
 * hash of a graph and its generation options (cli/emit_opts.c).  Not a
 * cryptographic hash.
 */
#ifndef SG_HASH_H
#define SG_HASH_H

#include <stddef.h>
#include <stdint.h>

/* 64-bit FNV-1a over bytes, continuing from h (start with SG_FNV_INIT). */
#define SG_FNV_INIT UINT64_C(0xcbf29ce484222325)
uint64_t sg_fnv1a(uint64_t h, const void *p, size_t n);

/* Continue *h over the bytes of the file at path.  0, or -1 with errno set
 * when the file cannot be opened (h unchanged). */
int sg_fnv1a_file(uint64_t *h, const char *path);

#endif
