/*
 * intparse.c - integer option values (see intparse.h).
 */
#include "core/intparse.h"

int sg_int_syntax_ok(const char *s)
{
    if (*s == '-' || *s == '+')
        s++;
    if (!*s)
        return 0;
    for (; *s; s++)
        if (*s < '0' || *s > '9')
            return 0;
    return 1;
}

int sg_int_parse(const char *name, const char *s, int64_t lo, int64_t hi,
                 int64_t *out, sg_err *e)
{
    if (!sg_int_syntax_ok(s))
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0,
                       "%s: expected an integer in %lld..%lld, got '%.100s'",
                       name, (long long)lo, (long long)hi, s);
    const char *p = s;
    int neg = *p == '-';
    if (*p == '-' || *p == '+')
        p++;
    /* magnitude up to 2^63 (INT64_MIN's); anything larger is out of range */
    uint64_t v = 0, lim = (uint64_t)INT64_MAX + 1;
    int over = 0;
    for (; *p; p++) {
        uint64_t d = (uint64_t)(*p - '0');
        if (v > (lim - d) / 10) {
            over = 1;
            break;
        }
        v = v * 10 + d;
    }
    int64_t x = 0;
    if (!over) {
        if (neg)
            x = v == lim ? INT64_MIN : -(int64_t)v;
        else if (v == lim)
            over = 1;
        else
            x = (int64_t)v;
    }
    if (over || x < lo || x > hi)
        return sg_errc(e, SG_EXIT_USAGE, NULL, 0, "%s: %.100s is out of range %lld..%lld",
                       name, s, (long long)lo, (long long)hi);
    *out = x;
    return 0;
}
