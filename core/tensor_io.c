/*
 * tensor_io.c - read and write a tensor whatever its file type.
 *
 * Picks the reader by what the path is: a directory is a SAM-formatted
 * tensor directory, *.mtx is Matrix Market, *.tns is FROSTT; any other file
 * is sniffed (a "%%MatrixMarket" first line means Matrix Market, anything
 * else is taken as .tns).  Writers are picked by extension the same way.
 */
#include "core/tensor.h"
#include "core/textscan.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

static int has_ext(const char *path, const char *ext)
{
    size_t n = strlen(path), k = strlen(ext);
    return n > k && strcasecmp(path + n - k, ext) == 0;
}

int sg_tensor_kind(const char *path)
{
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return 'd';
    if (has_ext(path, ".mtx"))
        return 'm';
    if (has_ext(path, ".tns"))
        return 't';
    FILE *f = fopen(path, "rb");
    if (f) {
        char head[16] = "";
        size_t n = fread(head, 1, 14, f);
        fclose(f);
        head[n] = '\0';
        if (strncasecmp(head, "%%MatrixMarket", 14) == 0)
            return 'm';
    }
    return 't';
}

int sg_tensor_read(const char *path, const char *name, const sg_read_opts *o,
                   sg_coo *t, sg_err *e)
{
    sg_read_opts def;
    o = sg_read_opts_or(o, &def);
    memset(t, 0, sizeof *t);
    if (o->width < 1 || o->width > 64)
        return sg_errf(e, NULL, 0, "value width %d not in 1..64", o->width);
    int kind = sg_tensor_kind(path);
    if (kind == 'd')
        return sg_samdir_read(path, name, o, t, e);
    char *buf;
    size_t len;
    long stop;
    if (sg_slurp(path, kind == 'm' ? "%" : "#", &buf, &len, &stop, e) < 0)
        return -1;
    int r = kind == 'm' ? sg_mtx_parse(path, buf, len, o, t, e)
                        : sg_tns_parse(path, buf, len, o, t, e);
    free(buf);
    if (r == 0 && stop) {
        sg_coo_free(t);
        return sg_slurp_stopped(path, stop, e);
    }
    return r;
}

int sg_tensor_write(const char *path, const sg_coo *t, sg_err *e)
{
    if (has_ext(path, ".mtx"))
        return sg_mtx_write(path, t, e);
    if (has_ext(path, ".tns"))
        return sg_tns_write(path, t, e);
    return sg_errf(e, path, 0, "unknown output type (expected .mtx or .tns)");
}
