/*
 * json.c - JSON string quoting shared by the report writers.  Reports are
 * written with fprintf; only strings need care (paths and messages may hold
 * quotes, backslashes or control characters).
 */
#include "core/json.h"

void sg_json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; s && *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c == '\n')
            fputs("\\n", f);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}
