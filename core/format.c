/*
 * format.c - tensor format strings as the graph comment writes them.
 *
 * "ss01" = two compressed levels storing modes 0 then 1 (DCSR), "ds10" = a
 * dense level over mode 1 above a compressed level over mode 0, "none" = a
 * scalar.  The first n characters are level formats (top first), the last n
 * the tensor mode stored at each level (SAM-SEMANTICS section 3.2).
 * "uq01" = COO: a non-unique compressed level above a singleton level.
 */
#include "core/tensor.h"

#include <string.h>

static int known_level(char c)
{
    return c == SG_LVL_COMPRESSED || c == SG_LVL_DENSE || c == SG_LVL_NONUNIQUE ||
           c == SG_LVL_SINGLETON;
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
                           "(known: s compressed, d dense, u non-unique compressed, "
                           "q singleton)", s, c);
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
    int at;
    const char *why = sg_format_coo_rule(s, n, &at);
    if (why)
        return sg_errf(e, NULL, 0, "bad tensor format '%s': %s", s, why);
    f->order = n;
    return 0;
}

const char *sg_format_coo_rule(const char *level, int n, int *at)
{
    for (int l = 0; l < n; l++) {
        *at = l;
        char c = level[l];
        if (c == SG_LVL_NONUNIQUE && (l != n - 2 || level[l + 1] != SG_LVL_SINGLETON))
            return "a non-unique level (u) must be the second-last, above the last "
                   "level, a singleton (q): COO is uq01";
        if (c == SG_LVL_SINGLETON && (l == 0 || level[l - 1] != SG_LVL_NONUNIQUE))
            return "a singleton level (q) must sit under a non-unique level (u): "
                   "COO is uq01";
    }
    return NULL;
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

char sg_lvl_from_word(const char *w)
{
    static const char lv[] = {SG_LVL_COMPRESSED, SG_LVL_DENSE, SG_LVL_NONUNIQUE,
                              SG_LVL_SINGLETON};
    for (size_t i = 0; i < sizeof lv; i++)
        if (strcmp(w, sg_lvl_word(lv[i])) == 0)
            return lv[i];
    return 0;
}
