/*
 * einsum_split.c - the split directive of -s: split(i,O,N,T) cuts index i
 * into a tile coordinate O and a coordinate within the tile N, i = O*T + N
 * (see einsum.h).
 *
 * Splitting rewrites the parsed problem before anything else looks at its
 * indices: every tensor indexed by i has O in i's place and N appended
 * after its other modes, in the layout core/tile.h's sg_split_coo gives the
 * data, and remembers its logical order and tile sizes so that the graph
 * declares it as a split tensor (graph/graph.h) and binding and output
 * writing convert between the logical and the split coordinates.  From
 * there on a split problem is an ordinary one of more indices: formats,
 * loop orders and the construction see only the new ones.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/einsum.h"

/* One letter at f[*p] (spaces around skipped), or 0 with an error. */
static char letter(const char *flag, const char *f, size_t *p, int base, sg_err *e)
{
    while (f[*p] == ' ')
        (*p)++;
    int c = base + (int)*p + 1;
    char v = f[*p];
    if (!isalpha((unsigned char)v)) {
        sg_einsum_perr(e, "schedule", flag, c, "expected an index variable");
        return 0;
    }
    (*p)++;
    if (isalnum((unsigned char)f[*p])) {
        sg_einsum_perr(e, "schedule", flag, c, "index variables are single letters "
                       "(split(i,I,i,32) names the tile coordinate I)");
        return 0;
    }
    return v;
}

/* Expect character ch after optional spaces. */
static int expect(const char *flag, const char *f, size_t *p, int base, char ch,
                  sg_err *e)
{
    while (f[*p] == ' ')
        (*p)++;
    if (f[*p] != ch)
        return sg_einsum_perr(e, "schedule", flag, base + (int)*p + 1, "expected '%c'", ch);
    (*p)++;
    return 0;
}

/* Rewrite tensor t for the split of v at tile size T into (o, n). */
static void split_tensor(sg_einsum_tensor *t, char v, char o, char n, int64_t T)
{
    int m = -1;
    for (int k = 0; k < t->order; k++)
        if (t->idx[k] == v)
            m = k;
    if (m < 0)
        return;
    if (!t->lorder)
        t->lorder = t->order;
    /* inner modes follow the logical ones, in logical mode order */
    int pos = t->lorder;
    for (int k = 0; k < m; k++)
        pos += t->tile[k] > 0;
    for (int k = t->order; k > pos; k--)
        t->idx[k] = t->idx[k - 1];
    t->idx[pos] = n;
    t->idx[m] = o;
    t->tile[m] = T;
    t->order++;
}

static int uses(const sg_einsum_tensor *t, char v)
{
    return memchr(t->idx, v, (size_t)t->order) != NULL;
}

/* Any tensor where v is the coordinate within a tile (it came from a
 * split already). */
static int is_inner(const sg_einsum *es, char v)
{
    for (int t = -1; t < es->n_in; t++) {
        const sg_einsum_tensor *x = t < 0 ? &es->out : &es->in[t];
        for (int k = x->lorder; x->lorder && k < x->order; k++)
            if (x->idx[k] == v)
                return 1;
    }
    return 0;
}

int sg_einsum_split(sg_einsum *es, const char *flag, const char *f, size_t p,
                    int base, sg_err *e)
{
    const char *what = "schedule";
    int c0 = base + (int)p + 1;
    char v = letter(flag, f, &p, base, e);
    if (!v)
        return -1;
    if (!strchr(es->index, v))
        return sg_einsum_perr(e, what, flag, c0, "'%c' is not an index variable of "
                              "the expression (it has %s)", v, es->index);
    if (is_inner(es, v))
        return sg_einsum_perr(e, what, flag, c0, "'%c' is a coordinate within a tile "
                              "(one level of tiling per index)", v);
    char nv[2];
    int cn[2];
    for (int k = 0; k < 2; k++) {
        if (expect(flag, f, &p, base, ',', e))
            return -1;
        while (f[p] == ' ')
            p++;
        cn[k] = base + (int)p + 1;
        nv[k] = letter(flag, f, &p, base, e);
        if (!nv[k])
            return -1;
        if (nv[k] != v && strchr(es->index, nv[k]))
            return sg_einsum_perr(e, what, flag, cn[k], "'%c' is already an index "
                                  "variable", nv[k]);
    }
    if (nv[0] == nv[1])
        return sg_einsum_perr(e, what, flag, cn[1], "the tile coordinate and the "
                              "coordinate within the tile need two names");
    if (expect(flag, f, &p, base, ',', e))
        return -1;
    while (f[p] == ' ')
        p++;
    int ct = base + (int)p + 1;
    char *end;
    if (!isdigit((unsigned char)f[p]))
        return sg_einsum_perr(e, what, flag, ct, "expected the tile size");
    long long T = strtoll(f + p, &end, 10);
    if (T < 1 || T > (1LL << 40))
        return sg_einsum_perr(e, what, flag, ct, "tile size %lld not in 1..2^40", T);
    p = (size_t)(end - f);
    if (expect(flag, f, &p, base, ')', e))
        return -1;
    while (f[p] == ' ')
        p++;
    if (f[p])
        return sg_einsum_perr(e, what, flag, base + (int)p + 1,
                              "unexpected text after split(...)");
    if (es->n_index + 1 > SG_EINSUM_MAX_INDEX)
        return sg_einsum_perr(e, what, flag, c0, "splitting '%c' makes more than %d "
                              "index variables", v, SG_EINSUM_MAX_INDEX);
    if (es->has_order || es->locate[0] || es->coiter[0])
        return sg_einsum_perr(e, what, flag, 1, "split(...) comes before reorder, "
                              "locate and intersect");
    for (int t = -1; t < es->n_in; t++) {
        const sg_einsum_tensor *x = t < 0 ? &es->out : &es->in[t];
        if (!uses(x, v))
            continue;
        if (x->has_fmt)
            return sg_einsum_perr(e, what, flag, 1, "split(...) comes before the -f "
                                  "flag of %s (its format has a level per split mode)",
                                  x->name);
        if (x->order + 1 > SG_MAX_ORDER)
            return sg_einsum_perr(e, what, flag, c0, "splitting '%c' gives %s more "
                                  "than %d modes", v, x->name, SG_MAX_ORDER);
    }
    split_tensor(&es->out, v, nv[0], nv[1], T);
    for (int t = 0; t < es->n_in; t++)
        split_tensor(&es->in[t], v, nv[0], nv[1], T);
    /* index list: v's place goes to the tile coordinate, the coordinate
     * within the tile right after it */
    char *q = strchr(es->index, v);
    size_t at = (size_t)(q - es->index);
    memmove(q + 2, q + 1, strlen(q + 1) + 1);
    es->index[at] = nv[0];
    es->index[at + 1] = nv[1];
    es->n_index++;
    return 0;
}
