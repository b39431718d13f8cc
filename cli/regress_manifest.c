/*
 * regress_manifest.c - read samgen regress's case list (regress.h).
 */
#define _XOPEN_SOURCE 700   /* realpath */
#include "cli/regress.h"
#include "core/textscan.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Options regress gives each case itself. */
static const char *const owned[] = {"-o", "--out", "--output", "--keep", "--trace", "-q",
                                    "--quiet", NULL};

static int is_owned(const char *w)
{
    for (int i = 0; owned[i]; i++) {
        size_t n = strlen(owned[i]);
        if (strcmp(w, owned[i]) == 0 || (strncmp(w, owned[i], n) == 0 && w[n] == '=' &&
                                         owned[i][1] == '-'))
            return 1;
    }
    return 0;
}

static int good_name(const char *s)
{
    if (!*s || strcmp(s, ".") == 0 || strcmp(s, "..") == 0)
        return 0;
    return strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-") ==
           strlen(s);
}

/* Split line (NUL-terminated, no newline) into words: *w (malloc'd, each
 * word too), *nw.  -1 with e on an unterminated quote. */
static int split(const char *path, long ln, const char *line, char ***w, size_t *nw,
                 sg_err *e)
{
    size_t cap = 0;
    *w = NULL;
    *nw = 0;
    const char *p = line;
    for (;;) {
        while (*p == ' ' || *p == '\t' || *p == '\r')
            p++;
        if (!*p)
            break;
        size_t len = strlen(p), n = 0;
        char *word = sg_malloc(len + 1);
        while (*p && *p != ' ' && *p != '\t' && *p != '\r') {
            if (*p == '"' || *p == '\'') {
                char q = *p++;
                while (*p && *p != q)
                    word[n++] = *p++;
                if (*p != q) {
                    free(word);
                    for (size_t i = 0; i < *nw; i++)
                        free((*w)[i]);
                    free(*w);
                    *w = NULL;
                    *nw = 0;
                    return sg_errc(e, SG_EXIT_USAGE, path, ln, "unterminated %c quote", q);
                }
                p++;
            } else {
                word[n++] = *p++;
            }
        }
        word[n] = '\0';
        sg_grow((void **)w, &cap, *nw + 2, sizeof **w);
        (*w)[(*nw)++] = word;
        (*w)[*nw] = NULL;
    }
    return 0;
}

int sg_rg_manifest_parse(const char *path, const char *text, rg_manifest *m, sg_err *e)
{
    long ln = 0;
    const char *p = text;
    while (*p) {
        ln++;
        size_t len = strcspn(p, "\n");
        char *line = sg_malloc(len + 1);
        memcpy(line, p, len);
        line[len] = '\0';
        p += len + (p[len] == '\n');
        char **w;
        size_t nw;
        const char *t = line + strspn(line, " \t\r");
        if (*t == '#' || !*t) {
            free(line);
            continue;
        }
        int rc = split(path, ln, line, &w, &nw, e);
        free(line);
        if (rc < 0)
            return -1;
        const char *why = NULL;
        char msg[300] = "";
        if (nw < 2)
            why = "a case needs a name and a graph: NAME GRAPH [OPTIONS]";
        else if (!good_name(w[0]))
            why = "a case name is letters, digits, '_', '.' and '-'";
        for (size_t i = 0; !why && i < m->n; i++)
            if (strcmp(m->c[i].name, w[0]) == 0) {
                snprintf(msg, sizeof msg, "case %.100s given again (first on line %ld)", w[0],
                         m->c[i].line);
                why = msg;
            }
        for (size_t i = 2; !why && i < nw; i++)
            if (is_owned(w[i])) {
                snprintf(msg, sizeof msg, "%.60s: regress gives each case -o, -q and its "
                         "directory itself", w[i]);
                why = msg;
            }
        if (why) {
            for (size_t i = 0; i < nw; i++)
                free(w[i]);
            free(w);
            return sg_errc(e, SG_EXIT_USAGE, path, ln, "%s", why);
        }
        sg_grow((void **)&m->c, &m->cap, m->n + 1, sizeof *m->c);
        rg_case *c = &m->c[m->n++];
        c->name = w[0];
        c->argv = w + 1;   /* w[0] is freed through name; argv is w + 1 */
        c->argc = nw - 1;
        c->line = ln;
    }
    if (m->n == 0)
        return sg_errc(e, SG_EXIT_USAGE, path, ln, "no cases in the list");
    return 0;
}

int sg_rg_manifest_read(const char *path, rg_manifest *m, sg_err *e)
{
    memset(m, 0, sizeof *m);
    m->path = sg_strdup(path);
    char abs[PATH_MAX];
    if (!realpath(path, abs))
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "cannot read: %s", strerror(errno));
    char *slash = strrchr(abs, '/');
    if (slash)
        *slash = '\0';
    m->dir = sg_strdup(abs[0] ? abs : "/");
    char *text;
    size_t n;
    if (sg_read_text_n(path, &text, &n, e) < 0)
        return -1;
    if (memchr(text, '\0', n)) {
        free(text);
        return sg_errc(e, SG_EXIT_USAGE, path, 0, "not a text file (NUL byte)");
    }
    int rc = sg_rg_manifest_parse(path, text, m, e);
    free(text);
    return rc;
}

void sg_rg_manifest_free(rg_manifest *m)
{
    for (size_t i = 0; i < m->n; i++) {
        for (size_t k = 0; k < m->c[i].argc; k++)
            free(m->c[i].argv[k]);
        free(m->c[i].name);
        free(m->c[i].argv - 1);
    }
    free(m->c);
    free(m->path);
    free(m->dir);
    memset(m, 0, sizeof *m);
}
