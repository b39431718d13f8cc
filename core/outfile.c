/*
 * outfile.c - write-to-temporary-then-rename output files (see outfile.h).
 */
#include "core/outfile.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int sg_outfile_open(sg_outfile *o, const char *path, sg_err *e)
{
    memset(o, 0, sizeof *o);
    size_t n = strlen(path);
    o->tmp = sg_malloc(n + 12);
    memcpy(o->tmp, path, n);
    memcpy(o->tmp + n, ".tmpXXXXXX", 11);
    int fd = mkstemp(o->tmp);
    if (fd < 0) {
        int err = errno;
        free(o->tmp);
        o->tmp = NULL;
        return sg_errf(e, path, 0, "cannot create: %s", strerror(err));
    }
    /* mkstemp creates 0600; give the result the usual permissions. */
    mode_t mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    o->f = fdopen(fd, "w");
    if (!o->f) {
        int err = errno;
        close(fd);
        unlink(o->tmp);
        free(o->tmp);
        o->tmp = NULL;
        return sg_errf(e, path, 0, "cannot open: %s", strerror(err));
    }
    o->path = sg_strdup(path);
    return 0;
}

static void outfile_release(sg_outfile *o)
{
    free(o->tmp);
    free(o->path);
    memset(o, 0, sizeof *o);
}

int sg_outfile_commit(sg_outfile *o, sg_err *e)
{
    int bad = ferror(o->f);
    int err = errno;
    if (fclose(o->f) != 0 && !bad) {
        bad = 1;
        err = errno;
    }
    o->f = NULL;
    if (bad) {
        unlink(o->tmp);
        sg_errf(e, o->path, 0, "write error: %s", strerror(err));
        outfile_release(o);
        return -1;
    }
    if (rename(o->tmp, o->path) != 0) {
        err = errno;
        unlink(o->tmp);
        sg_errf(e, o->path, 0, "cannot rename into place: %s", strerror(err));
        outfile_release(o);
        return -1;
    }
    outfile_release(o);
    return 0;
}

void sg_outfile_abort(sg_outfile *o)
{
    if (o->f)
        fclose(o->f);
    if (o->tmp)
        unlink(o->tmp);
    outfile_release(o);
}

size_t sg_fmt_i64(char *buf, int64_t v)
{
    char tmp[24];
    size_t n = 0;
    uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    do {
        tmp[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    size_t k = 0;
    if (v < 0)
        buf[k++] = '-';
    while (n)
        buf[k++] = tmp[--n];
    buf[k] = '\0';
    return k;
}
