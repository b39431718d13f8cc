/*
 * cache.c - the Verilator build cache (see cache.h).
 */
#include "sim/cache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/intparse.h"
#include "core/proc.h"

void sg_cache_dir(char *buf, size_t n)
{
    const char *c = getenv("SAMGEN_CACHE");
    if (c && c[0]) {
        snprintf(buf, n, "%s", c);
        return;
    }
    const char *x = getenv("XDG_CACHE_HOME");
    if (x && x[0]) {
        snprintf(buf, n, "%s/samgen", x);
        return;
    }
    const char *home = getenv("HOME");
    snprintf(buf, n, "%s/.cache/samgen", home && home[0] ? home : "/tmp");
}

int sg_cache_max(unsigned long long *cap, sg_err *e)
{
    const char *s = getenv("SAMGEN_CACHE_MAX");
    int64_t mib = SG_CACHE_MAX_DEFAULT_MIB;
    if (s && s[0] && sg_int_parse("SAMGEN_CACHE_MAX", s, 0, INT64_C(1) << 40, &mib, e) < 0)
        return -1;
    *cap = (unsigned long long)mib << 20;
    return 0;
}

/* A build's name: vl- and 16 hex digits, nothing after. */
static int is_build(const char *name)
{
    if (strncmp(name, "vl-", 3) != 0 || strlen(name) != 19)
        return 0;
    for (int i = 3; i < 19; i++)
        if (!strchr("0123456789abcdef", name[i]))
            return 0;
    return 1;
}

/* Bytes of everything under path (not following links). */
static unsigned long long tree_bytes(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return 0;
    if (!S_ISDIR(st.st_mode))
        return (unsigned long long)st.st_size;
    unsigned long long sum = 0;
    DIR *d = opendir(path);
    if (!d)
        return 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
            continue;
        size_t len = strlen(path) + strlen(de->d_name) + 2;
        char *sub = sg_malloc(len);
        snprintf(sub, len, "%s/%s", path, de->d_name);
        sum += tree_bytes(sub);
        free(sub);
    }
    closedir(d);
    return sum;
}

static int by_use(const void *a, const void *b)
{
    const sg_cache_entry *x = a, *y = b;
    if (x->used != y->used)
        return x->used < y->used ? -1 : 1;
    return strcmp(x->name, y->name);
}

void sg_cache_list(const char *dir, sg_cache_entry **ents, size_t *n)
{
    *ents = NULL;
    *n = 0;
    size_t cap = 0;
    DIR *d = opendir(dir);
    if (!d)
        return;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        if (!is_build(de->d_name))
            continue;
        char path[4200];
        snprintf(path, sizeof path, "%s/%s", dir, de->d_name);
        struct stat st;
        if (lstat(path, &st) != 0 || !S_ISDIR(st.st_mode))
            continue;
        sg_grow((void **)ents, &cap, *n + 1, sizeof **ents);
        sg_cache_entry *en = &(*ents)[(*n)++];
        memcpy(en->name, de->d_name, 20);   /* is_build: 19 characters */
        en->used = st.st_mtime;
        en->bytes = tree_bytes(path);
    }
    closedir(d);
    if (*n)
        qsort(*ents, *n, sizeof **ents, by_use);
}

void sg_cache_touch(const char *build_dir)
{
    utimensat(AT_FDCWD, build_dir, NULL, 0);   /* a failure only ages it */
}

int sg_cache_remove(const char *dir, const char *name)
{
    char path[4200], gone[4300];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    snprintf(gone, sizeof gone, "%s/.rm-%s.%ld", dir, name, (long)getpid());
    if (rename(path, gone) != 0)
        return -1;
    char *argv[] = {"rm", "-rf", gone, NULL};
    sg_proc p = {argv, NULL, NULL, 0, NULL, NULL};
    sg_proc_run(&p, NULL, NULL);
    return 0;
}

size_t sg_cache_trim(const char *dir, unsigned long long cap, const char *keep,
                     unsigned long long *freed)
{
    *freed = 0;
    sg_cache_entry *ents;
    size_t n, removed = 0;
    sg_cache_list(dir, &ents, &n);
    unsigned long long total = 0;
    for (size_t i = 0; i < n; i++)
        total += ents[i].bytes;
    for (size_t i = 0; i < n && total > cap; i++) {
        if (keep && strcmp(ents[i].name, keep) == 0)
            continue;
        if (sg_cache_remove(dir, ents[i].name) == 0) {
            total -= ents[i].bytes;
            *freed += ents[i].bytes;
            removed++;
        }
    }
    free(ents);
    return removed;
}
