/*
 * hash.c - 64-bit FNV-1a (see hash.h).
 */
#include "core/hash.h"

#include <stdio.h>

uint64_t sg_fnv1a(uint64_t h, const void *p, size_t n)
{
    const unsigned char *b = p;
    for (size_t i = 0; i < n; i++) {
        h ^= b[i];
        h *= UINT64_C(0x100000001b3);
    }
    return h;
}

int sg_fnv1a_file(uint64_t *h, const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    char buf[8192];
    size_t r;
    while ((r = fread(buf, 1, sizeof buf, f)) > 0)
        *h = sg_fnv1a(*h, buf, r);
    fclose(f);
    return 0;
}
