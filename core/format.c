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

#include <stdio.h>
#include <string.h>

/* The unified-formats work's Table 1, as samgen implements each level:
 * iteration V (coordinate value) or P (coordinate position), locate,
 * assembly A (append) or I (insert), then full, ordered, unique,
 * branchless, compact.  Configurable properties take the value samgen's
 * levels have.  Hashed insert is the table's; samgen's writers only
 * append, so no result level is hashed (the compiler says so).  A
 * bitvector level (the SAM paper, section 4.3) is scanned a word per
 * cycle and joined by AND/OR; samgen neither locates into it nor writes
 * one (results are converted with samgen tensor convert). */
static const sg_lvl_caps lvl_table[] = {
    {SG_LVL_DENSE, "dense", 'V', 1, 'I', 1, 1, 1, 0, 1, 1, "none (the mode's size)"},
    {SG_LVL_COMPRESSED, "compressed", 'P', 0, 'A', 0, 1, 1, 0, 1, 1, "seg, crd"},
    {SG_LVL_NONUNIQUE, "nonunique", 'P', 0, 'A', 0, 1, 0, 0, 1, 1, "seg, crd"},
    {SG_LVL_SINGLETON, "singleton", 'P', 0, 'A', 0, 1, 1, 1, 1, 1, "crd"},
    {SG_LVL_RANGE, "range", 'V', 0, 0, 0, 1, 1, 0, 0, 1, "offset (one per parent position)"},
    {SG_LVL_OFFSET, "offset", 'P', 0, 0, 0, 1, 1, 1, 0, 1, "none (the range level's offset)"},
    {SG_LVL_HASHED, "hashed", 'P', 1, 'I', 0, 0, 1, 0, 0, 1, "crd (W buckets per fiber, -1 empty)"},
    {SG_LVL_BITVECTOR, "bitvector", 'P', 0, 0, 0, 1, 1, 0, 1, 1,
     "no files (built from coordinates): ceil(N/W) W-bit words per fiber, prefix popcounts"},
};

const sg_lvl_caps *sg_lvl_table(int *n)
{
    *n = (int)(sizeof lvl_table / sizeof lvl_table[0]);
    return lvl_table;
}

const sg_lvl_caps *sg_lvl_info(char f)
{
    for (size_t i = 0; i < sizeof lvl_table / sizeof lvl_table[0]; i++)
        if (lvl_table[i].letter == f)
            return &lvl_table[i];
    return NULL;
}

const char *sg_lvl_word(char f)
{
    const sg_lvl_caps *c = sg_lvl_info(f);
    return c ? c->word : "compressed";
}

static int known_level(char c)
{
    return sg_lvl_info(c) != NULL;
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
                           "q singleton, r range, o offset, h hashed, b bitvector)", s, c);
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
        if (c == SG_LVL_SINGLETON && (l == 0 || (level[l - 1] != SG_LVL_NONUNIQUE &&
                                                 level[l - 1] != SG_LVL_DENSE)))
            return "a singleton level (q) must sit under a non-unique level (u) or a "
                   "dense one (d): COO is uq01, ELL ddq012";
        if (c == SG_LVL_RANGE && (l + 1 >= n || level[l + 1] != SG_LVL_OFFSET))
            return "a range level (r) must have an offset level (o) right under it: "
                   "DIA is dro012";
        if (c == SG_LVL_OFFSET && (l == 0 || level[l - 1] != SG_LVL_RANGE))
            return "an offset level (o) must sit right under a range level (r): "
                   "DIA is dro012";
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
    for (size_t i = 0; i < sizeof lvl_table / sizeof lvl_table[0]; i++)
        if (strcmp(w, lvl_table[i].word) == 0)
            return lvl_table[i].letter;
    return 0;
}

int sg_lvl_write_markdown(FILE *f)
{
    static const char *const iter[] = {"value (V)", "position (P)"};
    int bad = fprintf(f, "| letter | level format | iterate | locate | assemble | full | "
                      "ordered | unique | branchless | compact | RTL | arrays |\n"
                      "|---|---|---|---|---|---|---|---|---|---|---|---|\n") < 0;
    for (size_t i = 0; i < sizeof lvl_table / sizeof lvl_table[0]; i++) {
        const sg_lvl_caps *c = &lvl_table[i];
        bad |= fprintf(f, "| `%c` | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
                       c->letter, c->word, iter[c->iterate == 'P'],
                       c->locate ? "yes" : "", c->assemble == 'A' ? "append"
                       : c->assemble == 'I' ? "insert" : "", c->full ? "yes" : "",
                       c->ordered ? "yes" : "", c->unique ? "yes" : "",
                       c->branchless ? "yes" : "", c->compact ? "yes" : "",
                       c->rtl ? "yes" : "golden only", c->arrays) < 0;
    }
    return bad ? -1 : 0;
}
