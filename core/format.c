/*
 * format.c - tensor format strings as the graph comment writes them.
 *
 * "ss01" = two compressed levels storing modes 0 then 1 (DCSR), "ds10" = a
 * dense level over mode 1 above a compressed level over mode 0, "none" = a
 * scalar.  The first n characters are level formats (top first), the last n
 * the tensor mode stored at each level (SAM-SEMANTICS section 3.2).
 */
#include "core/tensor.h"

#include <string.h>

static int known_level(char c)
{
    return c == SG_LVL_COMPRESSED || c == SG_LVL_DENSE;
}

int sg_format_parse(const char *s, sg_format *f, sg_err *e)
{
    memset(f, 0, sizeof *f);
    if (!s || !*s)
        return sg_errf(e, NULL, 0, "empty tensor format");
    if (strcmp(s, "none") == 0)
        return 0;
    size_t len = strlen(s);
    if (len % 2 || len / 2 > SG_MAX_ORDER)
        return sg_errf(e, NULL, 0,
                       "bad tensor format '%.40s': expected 2n characters "
                       "(n <= %d level formats, then n modes) or 'none'",
                       s, SG_MAX_ORDER);
    int n = (int)(len / 2);
    int seen[SG_MAX_ORDER] = {0};
    for (int l = 0; l < n; l++) {
        char c = s[l];
        if (!known_level(c))
            return sg_errf(e, NULL, 0,
                           "bad tensor format '%s': unknown level format '%c' "
                           "(known: s compressed, d dense)", s, c);
        char m = s[n + l];
        if (m < '0' || m >= '0' + n)
            return sg_errf(e, NULL, 0,
                           "bad tensor format '%s': mode '%c' is not in 0..%d",
                           s, m, n - 1);
        if (seen[m - '0']++)
            return sg_errf(e, NULL, 0,
                           "bad tensor format '%s': mode %c stored twice", s, m);
        f->level[l] = c;
        f->mode[l] = m - '0';
    }
    f->order = n;
    return 0;
}

void sg_format_str(const sg_format *f, char *buf)
{
    if (f->order <= 0) {
        strcpy(buf, "none");
        return;
    }
    int n = f->order;
    for (int l = 0; l < n; l++) {
        buf[l] = f->level[l];
        buf[n + l] = (char)('0' + f->mode[l]);
    }
    buf[2 * n] = '\0';
}
