/*
 * area_log.c - what Yosys's log says that its statistics do not: the
 * warnings (each counted once), the problems a design must not have
 * (latches, multiple drivers, loops, ...) and the memories it mapped.
 */
#include "fpga/area.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static int starts(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}
void sg_area_list_add(char ***list, size_t *n, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    for (size_t i = 0; i < *n; i++)
        if (strcmp((*list)[i], buf) == 0)
            return;
    *list = sg_realloc(*list, (*n + 1) * sizeof **list);
    (*list)[(*n)++] = sg_strdup(buf);
}

/* Copy line [s, e) without trailing blanks into buf. */
static void line_copy(const char *s, const char *e, char *buf, size_t n)
{
    while (e > s && isspace((unsigned char)e[-1]))
        e--;
    size_t len = (size_t)(e - s);
    if (len >= n)
        len = n - 1;
    memcpy(buf, s, len);
    buf[len] = '\0';
}

/* "MODULE.memname" with a readable module name. */
static void mem_name(const char *s, size_t len, char *out, size_t n)
{
    char tmp[512], pretty[256], base[128];
    snprintf(tmp, sizeof tmp, "%.*s", (int)len, s);
    char *dot = strchr(tmp, '.');          /* module names hold no '.' */
    if (!dot) {
        snprintf(out, n, "%s", tmp[0] == '\\' ? tmp + 1 : tmp);
        return;
    }
    *dot = '\0';
    sg_area_pretty_module(tmp, pretty, sizeof pretty, base, sizeof base);
    snprintf(out, n, "%s.%s", pretty, dot[1] == '\\' ? dot + 2 : dot + 1);
}

void sg_area_scan_log(const char *log, area_result *r)
{
    static const struct { const char *pat, *what; } bad[] = {
        {"Latch inferred for signal", "latch"},
        {"multiple conflicting drivers", "multiple drivers"},
        {"Driver-driver conflict", "multiple drivers"},
        {"Resizing cell port", "port width mismatch"},
        {"is implicitly declared", "implicit wire"},
        {"out of bounds", "out-of-range select"},
        {"found logic loop", "combinational loop"},
    };
    char **seen = NULL;
    size_t n_seen = 0;
    const char *s = log;
    while (*s) {
        const char *e = strchr(s, '\n');
        if (!e)
            e = s + strlen(s);
        char line[512];
        line_copy(s, e, line, sizeof line);
        if (starts(line, "Warning:")) {
            size_t before = n_seen;
            sg_area_list_add(&seen, &n_seen, "%s", line);
            if (n_seen > before)
                r->n_warnings++;
        }
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
            if (strstr(line, bad[i].pat)) {
                const char *msg = line;
                if (starts(msg, "Warning: "))
                    msg += 9;
                sg_area_list_add(&r->problems, &r->n_problems, "%s: %s",
                              bad[i].what, msg);
            }
        const char *m;
        char mn[600];
        if ((m = strstr(line, "using FF mapping for memory ")) != NULL) {
            m += strlen("using FF mapping for memory ");
            mem_name(m, strlen(m), mn, sizeof mn);
            sg_area_list_add(&r->notes, &r->n_notes,
                          "memory %s mapped to flip-flops, not block RAM", mn);
        } else if ((m = strstr(line, "Replacing memory ")) != NULL) {
            m += strlen("Replacing memory ");
            const char *w = strstr(m, " with list of registers");
            mem_name(m, w ? (size_t)(w - m) : strlen(m), mn, sizeof mn);
            sg_area_list_add(&r->notes, &r->n_notes,
                          "memory %s mapped to flip-flops, not block RAM", mn);
        } else if (starts(line, "mapping memory ") &&
                   (m = strstr(line, " via ")) != NULL) {
            const char *kind = strstr(m, "LUTRAM") ? "LUT RAM" : "block RAM";
            mem_name(line + 15, (size_t)(m - line - 15), mn, sizeof mn);
            sg_area_list_add(&r->notes, &r->n_notes, "memory %s mapped to %s",
                          mn, kind);
        }
        s = *e ? e + 1 : e;
    }
    for (size_t i = 0; i < n_seen; i++)
        free(seen[i]);
    free(seen);
}
