/*
 * opt_value.c - option values that are not integers (see cli.h).
 */
#include <stdlib.h>

#include "cli/cli.h"

int sg_cli_scale_parse(const char *s, double *out)
{
    char *end;
    double v = strtod(s, &end);
    if (!*s || *end || !(v == v) || v == 0 || v > 1e300 || v < -1e300)
        return -1;
    *out = v;
    return 0;
}
