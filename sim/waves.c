/*
 * waves.c - what waveform dumping needs to know about a top: the names of
 * its module instances, which --waves-scope patterns are matched against
 * (see sim.h).
 */
#include "sim/sim.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static int ident_char(int c)
{
    return isalnum(c) || c == '_' || c == '$';
}

/* An identifier at *p (after blanks): its length, *p moved past it. */
static size_t take_ident(const char **p, const char **start)
{
    while (**p == ' ' || **p == '\t')
        (*p)++;
    *start = *p;
    if (!(isalpha((unsigned char)**p) || **p == '_'))
        return 0;
    while (ident_char((unsigned char)**p))
        (*p)++;
    return (size_t)(*p - *start);
}

/* The instance name the line [p, end) declares, or 0. */
static size_t line_instance(const char *p, const char *end, const char **name)
{
    static const char *const keywords[] = {
        "module", "input", "output", "inout", "wire", "reg", "assign", "always",
        "initial", "localparam", "parameter", "generate", "if", "for", "function",
        "task", "integer", "genvar", "begin", "end", "else", "case"};
    const char *mod;
    size_t ml = take_ident(&p, &mod);
    if (ml == 0)
        return 0;
    for (size_t k = 0; k < sizeof keywords / sizeof keywords[0]; k++)
        if (strlen(keywords[k]) == ml && strncmp(keywords[k], mod, ml) == 0)
            return 0;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p == '#') {           /* parameters: skip to the matching ')' */
        int depth = 0;
        for (p++; p < end; p++) {
            if (*p == '(')
                depth++;
            else if (*p == ')' && --depth == 0)
                break;
        }
        if (p >= end)
            return 0;
        p++;
    }
    size_t nl = take_ident(&p, name);
    if (nl == 0)
        return 0;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p != '(')
        return 0;
    for (p++; p < end && (*p == ' ' || *p == '\t' || *p == '\r'); p++)
        ;
    return p == end ? nl : 0;
}

void sg_sim_top_instances(const char *text, char ***names, size_t *n)
{
    *names = NULL;
    *n = 0;
    size_t cap = 0;
    for (const char *p = text; *p; ) {
        const char *end = strchr(p, '\n');
        if (!end)
            end = p + strlen(p);
        const char *name;
        size_t nl = line_instance(p, end, &name);
        if (nl) {
            sg_grow((void **)names, &cap, *n + 1, sizeof **names);
            char *s = sg_malloc(nl + 1);
            memcpy(s, name, nl);
            s[nl] = '\0';
            (*names)[(*n)++] = s;
        }
        p = *end ? end + 1 : end;
    }
}
