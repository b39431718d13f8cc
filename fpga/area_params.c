/*
 * area_params.c - the parameters a primitive declares and the values
 * `samgen area --param` may give them (see area.h).
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/intparse.h"
#include "fpga/area.h"
#include "graph/skip_plan.h"

/* Skip a // or block comment at *p; 1 when one was skipped. */
static int skip_comment(const char **p)
{
    const char *s = *p;
    if (s[0] == '/' && s[1] == '/') {
        while (*s && *s != '\n')
            s++;
    } else if (s[0] == '/' && s[1] == '*') {
        const char *end = strstr(s + 2, "*/");
        s = end ? end + 2 : s + strlen(s);
    } else {
        return 0;
    }
    *p = s;
    return 1;
}

static void skip_space(const char **p)
{
    for (;;) {
        while (isspace((unsigned char)**p))
            (*p)++;
        if (!skip_comment(p))
            return;
    }
}

/* An identifier at *p into buf (may be empty); advances *p. */
static void ident(const char **p, char *buf, size_t n)
{
    size_t k = 0;
    while (isalnum((unsigned char)**p) || **p == '_' || **p == '$') {
        if (k + 1 < n)
            buf[k++] = **p;
        (*p)++;
    }
    buf[k] = '\0';
}

/* Skip the string literal at *p (on its opening quote). */
static void skip_string(const char **p)
{
    for ((*p)++; **p && **p != '"'; (*p)++)
        if (**p == '\\' && (*p)[1])
            (*p)++;
    if (**p)
        (*p)++;
}

/* Skip a default expression up to ',' ')' or ';' at depth 0 (not eaten). */
static void skip_expr(const char **p)
{
    int depth = 0;
    while (**p) {
        if (skip_comment(p))
            continue;
        char c = **p;
        if (c == '"') {
            skip_string(p);
            continue;
        }
        if (depth == 0 && (c == ',' || c == ')' || c == ';'))
            return;
        if (c == '(' || c == '{' || c == '[')
            depth++;
        else if ((c == ')' || c == '}' || c == ']') && depth > 0)
            depth--;
        (*p)++;
    }
}

static void add(area_params *ps, const char *name, int is_string)
{
    if (ps->n == AREA_MAX_PARAMS)
        return;
    snprintf(ps->p[ps->n].name, sizeof ps->p[ps->n].name, "%.63s", name);
    ps->p[ps->n].is_string = is_string;
    ps->n++;
}

int sg_area_params_scan(const char *text, const char *module, area_params *ps)
{
    memset(ps, 0, sizeof *ps);
    const char *p = text;
    char w[128];
    int in_module = 0;
    while (*p) {
        if (skip_comment(&p))
            continue;
        if (*p == '"') {
            skip_string(&p);
            continue;
        }
        if (!(isalpha((unsigned char)*p) || *p == '_' || *p == '`')) {
            p++;
            continue;
        }
        if (*p == '`') {
            p++;
            ident(&p, w, sizeof w);
            continue;
        }
        ident(&p, w, sizeof w);
        if (!strcmp(w, "module")) {
            skip_space(&p);
            ident(&p, w, sizeof w);
            in_module = !strcmp(w, module);
            continue;
        }
        if (!strcmp(w, "endmodule")) {
            if (in_module)
                return 0;
            continue;
        }
        if (!in_module || strcmp(w, "parameter"))
            continue;
        /* parameter [integer|signed|real] [range] NAME = expr {, NAME = expr} */
        for (;;) {
            skip_space(&p);
            const char *save = p;
            ident(&p, w, sizeof w);
            if (!strcmp(w, "integer") || !strcmp(w, "signed") || !strcmp(w, "real")) {
                continue;
            }
            if (!w[0] && *p == '[') {
                const char *close = strchr(p, ']');
                p = close ? close + 1 : p + strlen(p);
                continue;
            }
            p = save;
            break;
        }
        for (;;) {
            skip_space(&p);
            ident(&p, w, sizeof w);
            if (!w[0])
                break;
            skip_space(&p);
            if (*p != '=')
                break;
            p++;
            skip_space(&p);
            add(ps, w, *p == '"');
            skip_expr(&p);
            if (*p != ',')
                break;
            const char *save = ++p;
            skip_space(&p);
            char nx[128];
            ident(&p, nx, sizeof nx);
            skip_space(&p);
            if (!nx[0] || !strcmp(nx, "parameter") || *p != '=') {
                p = save;
                break;
            }
            p = save;
        }
    }
    return in_module ? 0 : -1;
}

/* The range of an integer parameter, by its name. */
static void range_of(const char *name, int64_t *lo, int64_t *hi)
{
    size_t n = strlen(name);
    if (!strcmp(name, "AddrWidth") || !strcmp(name, "AW")) {
        *lo = 1, *hi = 24;
    } else if (!strcmp(name, "LW")) {
        *lo = 0, *hi = 6;
    } else if (n >= 5 && !strcmp(name + n - 5, "Width")) {
        *lo = 1, *hi = 64;
    } else if (!strcmp(name, "Depth")) {
        *lo = 0, *hi = 65536;           /* 0: the wire of a skip edge */
    } else if (n >= 3 && !strcmp(name + n - 3, "Dim")) {
        *lo = 1, *hi = 65536;
    } else if (!strcmp(name, "T")) {
        *lo = 1, *hi = SG_SKC_T_MAX;
    } else if (!strcmp(name, "Const")) {
        *lo = INT64_MIN, *hi = INT64_MAX;
    } else {
        *lo = 0, *hi = 65536;           /* flags, operation codes, counts */
    }
}

int sg_area_params_check(const area_params *ps, const char *module, const char *key,
                         const char *val, sg_err *e)
{
    const area_param *d = NULL;
    for (size_t i = 0; i < ps->n; i++)
        if (!strcmp(ps->p[i].name, key))
            d = &ps->p[i];
    if (!d) {
        char list[512] = "";
        size_t used = 0;
        for (size_t i = 0; i < ps->n && used < sizeof list; i++)
            used += (size_t)snprintf(list + used, sizeof list - used, "%s%s",
                                     i ? ", " : "", ps->p[i].name);
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "%s has no parameter '%s' (%s%s)",
                       module, key, ps->n ? "its parameters: " : "it has none", list);
    }
    if (d->is_string)
        return 0;
    char name[200];
    snprintf(name, sizeof name, "%s %s", module, key);
    int64_t lo, hi, v;
    range_of(key, &lo, &hi);
    if (sg_int_parse(name, val, lo, hi, &v, e) < 0)
        return -1;
    if (!strcmp(key, "T") && !sg_skc_size_ok((long)v))
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0,
                       "%s: %s is not a power of two (a CAM size)", name, val);
    return 0;
}
