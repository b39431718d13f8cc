/*
 * outfile.c - write-to-temporary-then-rename output files (see outfile.h).
 */
/* realpath is an X/Open function. */
#define _XOPEN_SOURCE 700

#include "core/outfile.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
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
    int bad = 0, err = 0;
    if (o->f) {
        bad = ferror(o->f);
        err = errno;
        if (fclose(o->f) != 0 && !bad) {
            bad = 1;
            err = errno;
        }
        o->f = NULL;
    }
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

int sg_outfile_reserve(sg_outfile *o, const char *path, sg_err *e)
{
    if (sg_outfile_open(o, path, e) < 0)
        return -1;
    if (fclose(o->f) != 0) {
        int err = errno;
        o->f = NULL;
        sg_errf(e, path, 0, "cannot create: %s", strerror(err));
        sg_outfile_abort(o);
        return -1;
    }
    o->f = NULL;
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

/* ---- output paths ------------------------------------------------------ */

/* The directory part of path ("." when it has none), malloc'd. */
static char *dir_of(const char *path)
{
    const char *sl = strrchr(path, '/');
    if (!sl)
        return sg_strdup(".");
    while (sl > path && sl[-1] == '/')
        sl--;
    if (sl == path)
        return sg_strdup("/");
    size_t n = (size_t)(sl - path);
    char *d = sg_malloc(n + 1);
    memcpy(d, path, n);
    d[n] = '\0';
    return d;
}

static const char *base_of(const char *path)
{
    const char *sl = strrchr(path, '/');
    return sl ? sl + 1 : path;
}

/* The canonical form of path: realpath when it exists, else its
 * directory's realpath and its name; the path itself when neither
 * resolves.  malloc'd. */
static char *canon(const char *path)
{
    char buf[PATH_MAX];
    if (realpath(path, buf))
        return sg_strdup(buf);
    char *d = dir_of(path);
    char *r;
    if (realpath(d, buf)) {
        size_t n = strlen(buf) + strlen(base_of(path)) + 2;
        r = sg_malloc(n);
        snprintf(r, n, "%s/%s", strcmp(buf, "/") == 0 ? "" : buf, base_of(path));
    } else {
        r = sg_strdup(path);
    }
    free(d);
    return r;
}

int sg_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    int ea = stat(a, &sa) == 0, eb = stat(b, &sb) == 0;
    if (ea && eb)
        return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    if (ea != eb)
        return 0;
    char *ca = canon(a), *cb = canon(b);
    int same = strcmp(ca, cb) == 0;
    free(ca);
    free(cb);
    return same;
}

void sg_outplan_init(sg_outplan *p)
{
    memset(p, 0, sizeof *p);
}

void sg_outplan_free(sg_outplan *p)
{
    for (size_t i = 0; i < p->n_in; i++)
        free(p->in[i]);
    for (size_t i = 0; i < p->n_out; i++) {
        free(p->out[i].what);
        free(p->out[i].path);
        free(p->out[i].tensor);
    }
    free(p->in);
    free(p->out);
    memset(p, 0, sizeof *p);
}

void sg_outplan_input(sg_outplan *p, const char *path)
{
    if (!path || !path[0])
        return;
    sg_grow((void **)&p->in, &p->cap_in, p->n_in + 1, sizeof *p->in);
    p->in[p->n_in++] = sg_strdup(path);
}

void sg_outplan_output(sg_outplan *p, sg_out_kind kind, const char *what,
                       const char *path, const char *tensor)
{
    if (!path || !path[0])
        return;
    sg_grow((void **)&p->out, &p->cap_out, p->n_out + 1, sizeof *p->out);
    sg_outpath *o = &p->out[p->n_out++];
    o->kind = kind;
    o->what = sg_strdup(what ? what : "output");
    o->path = sg_strdup(path);
    /* "out/" and "out" are one directory (files below it are "out/x"). */
    for (size_t n = strlen(o->path); n > 1 && o->path[n - 1] == '/'; n--)
        o->path[n - 1] = '\0';
    o->tensor = tensor ? sg_strdup(tensor) : NULL;
}

static int is_dir(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* 1 when directory dir holds an entry whose name starts with prefix. */
static int dir_has_prefix(const char *dir, const char *prefix)
{
    DIR *d = opendir(dir);
    if (!d)
        return 0;
    size_t n = strlen(prefix);
    struct dirent *de;
    int found = 0;
    while (!found && (de = readdir(d)) != NULL)
        found = strncmp(de->d_name, prefix, n) == 0;
    closedir(d);
    return found;
}

/* o against input in: 0, or -1 with the message. */
static int check_against(const sg_outpath *o, const char *in, sg_err *e)
{
    int in_dir = is_dir(in);
    if (!(in_dir && o->kind != SG_OUT_FILE) && sg_same_file(o->path, in))
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0,
                       "%s %s would overwrite the input %s", o->what, o->path, in);
    if (!in_dir)
        return 0;
    if (o->kind == SG_OUT_FILE) {
        /* A tensor file of an input SAM-formatted directory. */
        struct stat st;
        char *d = dir_of(o->path);
        int hit = strncmp(base_of(o->path), "tensor_", 7) == 0 &&
                  stat(o->path, &st) == 0 && sg_same_file(d, in);
        free(d);
        if (hit)
            return sg_errc(e, SG_EXIT_USAGE, NULL, 0,
                           "%s %s would overwrite a file of the input directory %s",
                           o->what, o->path, in);
    } else if (o->kind == SG_OUT_SAMDIR && sg_same_file(o->path, in)) {
        size_t n = strlen(o->tensor) + 16;
        char *prefix = sg_malloc(n);
        snprintf(prefix, n, "tensor_%s_mode_", o->tensor);
        int hit = dir_has_prefix(in, prefix);
        free(prefix);
        if (hit)
            return sg_errc(e, SG_EXIT_USAGE, NULL, 0,
                           "%s %s would overwrite tensor %s of the input directory %s",
                           o->what, o->path, o->tensor, in);
    }
    return 0;
}

/* 0 when dir is a directory this process may create files in; else -1
 * with errno set.  Permissions are not enough (a privileged process passes
 * access() on /proc, where nothing can be created): an empty directory is
 * made in dir and removed again. */
static int dir_writable(const char *dir)
{
    struct stat st;
    if (stat(dir, &st) != 0)
        return -1;
    if (!S_ISDIR(st.st_mode)) {
        errno = ENOTDIR;
        return -1;
    }
    if (access(dir, W_OK | X_OK) != 0)
        return -1;
    size_t n = strlen(dir);
    char *probe = sg_malloc(n + 32);
    snprintf(probe, n + 32, "%s%s.sg-probe-XXXXXX", dir,
             n > 0 && dir[n - 1] == '/' ? "" : "/");
    int rc = mkdtemp(probe) ? rmdir(probe) : -1;
    int err = errno;
    free(probe);
    errno = err;
    return rc;
}

/* The nearest existing ancestor of path (path itself when it exists);
 * 0 and the directory, or -1 with errno set when an ancestor is not a
 * directory. */
static int creatable(const char *path)
{
    char *p = sg_strdup(path);
    struct stat st;
    while (stat(p, &st) != 0) {
        if (errno != ENOENT) {
            free(p);
            return -1;
        }
        char *d = dir_of(p);
        int top = strcmp(d, p) == 0;
        free(p);
        p = d;
        if (top)
            break;
    }
    int rc = dir_writable(p);
    int err = errno;
    free(p);
    errno = err;
    return rc;
}

/* 1 when the directory path will be created by a directory output of p. */
static int planned_dir(const sg_outplan *p, const char *path)
{
    for (size_t i = 0; i < p->n_out; i++) {
        const sg_outpath *o = &p->out[i];
        size_t n = strlen(o->path);
        if (o->kind != SG_OUT_FILE && strncmp(path, o->path, n) == 0 &&
            (path[n] == '\0' || path[n] == '/'))
            return 1;
    }
    return 0;
}

static int check_writable(const sg_outplan *p, const sg_outpath *o, sg_err *e)
{
    struct stat st;
    int exists = stat(o->path, &st) == 0;
    if (o->kind == SG_OUT_FILE) {
        if (exists && S_ISDIR(st.st_mode))
            return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "cannot write %s: %s", o->path,
                           strerror(EISDIR));
        char *d = dir_of(o->path);
        int rc = planned_dir(p, d) ? creatable(d) : dir_writable(d);
        int err = errno;
        free(d);
        if (rc < 0)
            return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "cannot write %s: %s", o->path,
                           strerror(err));
        return 0;
    }
    if (creatable(o->path) < 0)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "cannot write %s: %s", o->path,
                       strerror(errno));
    return 0;
}

int sg_outplan_check(const sg_outplan *p, sg_err *e)
{
    for (size_t i = 0; i < p->n_out; i++)
        for (size_t k = 0; k < p->n_in; k++)
            if (check_against(&p->out[i], p->in[k], e) < 0)
                return -1;
    for (size_t i = 0; i < p->n_out; i++)
        if (check_writable(p, &p->out[i], e) < 0)
            return -1;
    return 0;
}

/* ---- output directories ------------------------------------------------ */

int sg_outdir_make(sg_outdir *d, const char *path, sg_err *e)
{
    d->made = NULL;
    /* The topmost missing directory is the one this call creates first. */
    char *top = NULL, *p = sg_strdup(path);
    struct stat st;
    while (p[0] && stat(p, &st) != 0 && errno == ENOENT) {
        free(top);
        top = sg_strdup(p);
        char *up = dir_of(p);
        int same = strcmp(up, p) == 0;
        free(p);
        p = up;
        if (same)
            break;
    }
    free(p);
    char at[4096] = "";
    size_t n = strlen(path);
    int bad = 0, err = 0;
    if (!top) {
        if (!is_dir(path)) {
            bad = 1;
            err = ENOTDIR;
        }
    } else {
        /* mkdir -p */
        char *t = sg_strdup(path);
        for (size_t k = 1; k <= n && !bad; k++) {
            if (t[k] != '/' && t[k] != '\0')
                continue;
            char c = t[k];
            t[k] = '\0';
            if (mkdir(t, 0777) != 0 && errno != EEXIST) {
                bad = 1;
                err = errno;
                snprintf(at, sizeof at, "%s", t);
            }
            t[k] = c;
        }
        free(t);
    }
    if (bad) {
        if (top) {
            d->made = top;
            sg_outdir_undo(d);
        }
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "cannot create %s: %s",
                       at[0] ? at : path, strerror(err));
    }
    d->made = top;
    return 0;
}

/* rm -r path, not following symbolic links. */
static void remove_tree(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0)
        return;
    if (S_ISDIR(st.st_mode)) {
        DIR *dp = opendir(path);
        if (dp) {
            struct dirent *de;
            while ((de = readdir(dp)) != NULL) {
                if (strcmp(de->d_name, ".") == 0 || strcmp(de->d_name, "..") == 0)
                    continue;
                size_t n = strlen(path) + strlen(de->d_name) + 2;
                char *c = sg_malloc(n);
                snprintf(c, n, "%s/%s", path, de->d_name);
                remove_tree(c);
                free(c);
            }
            closedir(dp);
        }
        rmdir(path);
    } else {
        unlink(path);
    }
}

void sg_outdir_undo(sg_outdir *d)
{
    if (d->made)
        remove_tree(d->made);
    sg_outdir_keep(d);
}

void sg_outdir_keep(sg_outdir *d)
{
    free(d->made);
    d->made = NULL;
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
