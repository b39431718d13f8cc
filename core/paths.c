/*
 * paths.c - the source root and mkdir -p (see paths.h).
 */
#include "core/paths.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int sg_find_root(const char *marker, int max_up, char *buf, size_t n)
{
    char probe[4200];
    const char *env = getenv("SAMGEN_ROOT");
    if (env && env[0]) {
        snprintf(probe, sizeof probe, "%s/%s", env, marker);
        if (access(probe, R_OK) == 0) {
            /* absolute: tools run from other directories (Verilator's make
             * in its build directory) are given paths under it */
            char cwd[4096];
            if (env[0] != '/' && getcwd(cwd, sizeof cwd))
                snprintf(buf, n, "%s/%s", cwd, env);
            else
                snprintf(buf, n, "%s", env);
            return 0;
        }
    }
    char exe[4096];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len <= 0)
        return -1;
    exe[len] = '\0';
    char *slash;
    for (int up = 0; (max_up == 0 || up < max_up) && (slash = strrchr(exe, '/')) != NULL;
         up++) {
        *slash = '\0';
        snprintf(probe, sizeof probe, "%s/%s", exe[0] ? exe : "", marker);
        if (access(probe, R_OK) == 0) {
            snprintf(buf, n, "%s", exe[0] ? exe : "/");
            return 0;
        }
    }
    return -1;
}

int sg_source_root(char *buf, size_t n, sg_err *e)
{
    if (sg_find_root(SG_ROOT_MARKER, 0, buf, n) == 0)
        return 0;
    return sg_errc(e, SG_EXIT_USAGE, NULL, 0,
                   "cannot find the samgen sources (" SG_ROOT_MARKER "); set SAMGEN_ROOT");
}

int sg_mkdir_p(const char *path, char *at, size_t nat)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s", path);
    if (!tmp[0]) {
        errno = ENOENT;
        return -1;
    }
    for (char *p = tmp + 1; ; p++) {
        if (*p != '/' && *p != '\0')
            continue;
        char c = *p;
        *p = '\0';
        if (mkdir(tmp, 0777) != 0 && errno != EEXIST) {
            int err = errno;
            if (at)
                snprintf(at, nat, "%s", tmp);
            errno = err;
            return -1;
        }
        if (!c)
            return 0;
        *p = c;
    }
}

int sg_path_find_exe(const char *path_list, const char *name, char *buf, size_t n)
{
    const char *p = path_list;
    while (p && *p) {
        size_t len = strcspn(p, ":");
        char cand[4200];
        if (len > 0 && (size_t)snprintf(cand, sizeof cand, "%.*s/%s", (int)len, p, name) <
                           sizeof cand) {
            struct stat st;
            if (stat(cand, &st) == 0 && S_ISREG(st.st_mode) && access(cand, X_OK) == 0) {
                if (buf && n > 0)
                    snprintf(buf, n, "%s", cand);
                return 1;
            }
        }
        p += len + (p[len] == ':');
    }
    return 0;
}
