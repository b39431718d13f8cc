/*
 * cache.h - the Verilator build cache: where it is, what it holds, and
 * removing builds (by age, all of them, or the least recently used ones
 * down to a size cap).
 *
 * Each build is a directory vl-<16 hex digits> (the cache key, sim/build.c)
 * in the cache directory: $SAMGEN_CACHE, else $XDG_CACHE_HOME/samgen, else
 * $HOME/.cache/samgen (/tmp/.cache/samgen without HOME).  A build's
 * directory time is when it was last built or used; the size cap
 * ($SAMGEN_CACHE_MAX, in MiB, default 512, 0 for none) is enforced after
 * each build by removing the builds used longest ago.  A build is removed
 * by renaming it out of the way first, so a run never finds half of one.
 */
#ifndef SG_SIM_CACHE_H
#define SG_SIM_CACHE_H

#include <stddef.h>
#include <time.h>

#include "core/err.h"

#define SG_CACHE_MAX_DEFAULT_MIB 512

typedef struct sg_cache_entry {
    char name[64];                /* vl-<key> */
    unsigned long long bytes;     /* everything in it */
    time_t used;                  /* last built or used */
} sg_cache_entry;

/* The cache directory into buf. */
void sg_cache_dir(char *buf, size_t n);

/* The size cap in bytes from $SAMGEN_CACHE_MAX (MiB; unset or empty: the
 * default; 0: no cap).  0 with *cap set, or -1 with e set (code
 * SG_EXIT_USAGE) for a value that is not an integer in 0..2^40. */
int sg_cache_max(unsigned long long *cap, sg_err *e);

/* The builds in dir, oldest use first (none when dir does not exist).
 * *ents is malloc'd. */
void sg_cache_list(const char *dir, sg_cache_entry **ents, size_t *n);

/* Mark a build as used now. */
void sg_cache_touch(const char *build_dir);

/* Remove the build name from dir: 0, or -1 when it could not be. */
int sg_cache_remove(const char *dir, const char *name);

/* Remove the least recently used builds of dir, other than keep (a name,
 * or NULL), until they hold at most cap bytes.  The number removed, and
 * their bytes in *freed. */
size_t sg_cache_trim(const char *dir, unsigned long long cap, const char *keep,
                     unsigned long long *freed);

#endif
