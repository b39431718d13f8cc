/*
 * stream_check.c - the input rules of samgen stream (docs/golden-model.md,
 * "Stream files") that a primitive's run does not check itself: one D at
 * the end of every input, joiner operands lined up, arrays and parameters
 * in range.
 */
#include <stdlib.h>
#include <string.h>

#include "core/tensor.h"
#include "golden/stream_int.h"

/* ---- input checks ---------------------------------------------------------- */

/* The range of each param_* line (param_dim: 0..the token limit, below;
 * param_op, the ALU benches' operation, is read by them only). */
static const struct { const char *name; int64_t lo, hi; } param_range[] = {
    {"param_neg1", 0, 1}, {"param_neg2", 0, 1},
    {"param_order", 1, 2}, {"param_val_stkn", 0, 1}, {"param_vals", 0, 1},
    {"param_depth", 1, SG_MAX_STOP}, {"param_skip_empty", 0, 1},
};

static int listed(const char *const *names, size_t n, const char *name)
{
    for (size_t i = 0; i < n && names[i]; i++)
        if (!strcmp(names[i], name))
            return 1;
    return 0;
}

/* "in_ref, arr_seg, arr_crd": the lines d reads, for messages. */
static void lines_of(const prim_desc *d, char *buf, size_t n)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int k = 0; k < 2; k++) {
        const char *const *l = k ? d->extra : d->in;
        size_t m = k ? 4 : 6;
        for (size_t i = 0; i < m && l[i] && used < n; i++)
            used += (size_t)snprintf(buf + used, n - used, "%s%s", used ? ", " : "", l[i]);
    }
}

static const char *tok_text(sg_tok t, sg_stream_kind k, char *buf)
{
    sg_tok_format(t, k, buf);
    return buf;
}

/* An input stream: D once, at the end ('_' idle markers aside). */
static int check_done(const sg_stream_file *in, const sg_stream_line *l, sg_err *e)
{
    char b[SG_TOK_TEXT];
    int seen = 0;
    for (size_t i = 0; i < l->toks.n; i++) {
        sg_tok t = l->toks.t[i];
        if (t.kind == SG_TK_GAP)
            continue;
        if (seen)
            return sg_errc(e, SG_EXIT_USAGE, in->path, l->line,
                           "%s: token '%s' after D (D ends a stream)", l->name,
                           tok_text(t, l->kind, b));
        seen = t.kind == SG_TK_DONE;
    }
    if (!seen)
        return sg_errc(e, SG_EXIT_USAGE, in->path, l->line,
                       "%s does not end with D", l->name);
    return 0;
}

/* The non-gap tokens of l. */
static size_t no_gaps(const sg_stream_line *l, sg_tok *out)
{
    size_t n = 0;
    for (size_t i = 0; i < l->toks.n; i++)
        if (l->toks.t[i].kind != SG_TK_GAP)
            out[n++] = l->toks.t[i];
    return n;
}

/* A joiner operand: in_refK has in_crdK's (in_bvK's) stops and D in the
 * same places (one reference per coordinate or word), and when sorted,
 * coordinates increase within each fiber. */
static int check_operand(const sg_stream_file *in, const sg_stream_line *c,
                         const sg_stream_line *r, int sorted, sg_err *e)
{
    char b1[32], b2[32];
    sg_tok *tc = sg_malloc((c->toks.n + 1) * sizeof *tc);
    sg_tok *tr = sg_malloc((r->toks.n + 1) * sizeof *tr);
    size_t nc = no_gaps(c, tc), nr = no_gaps(r, tr);
    int rc = 0;
    int have = 0;
    int64_t last = 0;
    for (size_t i = 0; sorted && i < nc && rc == 0; i++) {
        if (tc[i].kind == SG_TK_DATA) {
            if (have && tc[i].v <= last)
                rc = sg_errc(e, SG_EXIT_USAGE, in->path, c->line,
                             "%s: coordinates must increase within a fiber: %lld after "
                             "%lld (token %zu)", c->name, (long long)tc[i].v,
                             (long long)last, i + 1);
            have = 1;
            last = tc[i].v;
        } else if (tc[i].kind == SG_TK_STOP) {
            have = 0;
        }
    }
    for (size_t i = 0; i < nc && i < nr && rc == 0; i++) {
        int dc = tc[i].kind == SG_TK_DATA || tc[i].kind == SG_TK_EMPTY;
        int dr = tr[i].kind == SG_TK_DATA || tr[i].kind == SG_TK_EMPTY;
        if (dc != dr || (!dc && !sg_tok_eq(tc[i], tr[i])))
            rc = sg_errc(e, SG_EXIT_USAGE, in->path, r->line,
                         "%s does not line up with %s (line %ld): token %zu is '%s' "
                         "against '%s'", r->name, c->name, c->line, i + 1,
                         tok_text(tr[i], r->kind, b1), tok_text(tc[i], c->kind, b2));
    }
    if (rc == 0 && nc != nr)
        rc = sg_errc(e, SG_EXIT_USAGE, in->path, r->line,
                     "%s has %zu tokens but %s (line %ld) has %zu: one reference per "
                     "coordinate", r->name, nr, c->name, c->line, nc);
    free(tc);
    free(tr);
    return rc;
}

/* scan_compressed's arrays: arr_seg never decreases and stays within
 * arr_crd; coordinates increase within each segment (strictly unless
 * nonunique: scan_nonunique's runs). */
static int check_level(const sg_stream_file *in, int nonunique, sg_err *e)
{
    const sg_stream_line *sl = sg_stream_file_get(in, "arr_seg");
    const sg_stream_line *cl = sg_stream_file_get(in, "arr_crd");
    if (!sl || !cl)
        return 0;                     /* reported as a missing line */
    size_t nc = cl->toks.n;
    for (size_t i = 0; i < sl->toks.n; i++) {
        int64_t v = sl->toks.t[i].v;
        if (v < 0 || (uint64_t)v > nc || (i && v < sl->toks.t[i - 1].v))
            return sg_errc(e, SG_EXIT_USAGE, in->path, sl->line,
                           "arr_seg: entry %zu is %lld; segment bounds never decrease "
                           "and stay within 0..%zu (the length of arr_crd)", i + 1,
                           (long long)v, nc);
    }
    for (size_t i = 0; i + 1 < sl->toks.n; i++)
        for (int64_t k = sl->toks.t[i].v + 1; k < sl->toks.t[i + 1].v; k++)
            if (cl->toks.t[k].v < cl->toks.t[k - 1].v + !nonunique)
                return sg_errc(e, SG_EXIT_USAGE, in->path, cl->line,
                               nonunique ? "arr_crd: coordinates must not decrease within "
                                           "a segment: "
                                         : "arr_crd: coordinates must increase within a segment: "
                               "%lld after %lld (entry %lld)", (long long)cl->toks.t[k].v,
                               (long long)cl->toks.t[k - 1].v, (long long)k + 1);
    return 0;
}

/* scan_singleton's arrays: one last bit (0 or 1) per coordinate. */
static int check_last(const sg_stream_file *in, sg_err *e)
{
    const sg_stream_line *cl = sg_stream_file_get(in, "arr_crd");
    const sg_stream_line *ll = sg_stream_file_get(in, "arr_last");
    if (!cl || !ll)
        return 0;                     /* reported as a missing line */
    if (ll->toks.n != cl->toks.n)
        return sg_errc(e, SG_EXIT_USAGE, in->path, ll->line,
                       "arr_last: %zu entries, arr_crd has %zu (one last bit per "
                       "position)", ll->toks.n, cl->toks.n);
    for (size_t i = 0; i < ll->toks.n; i++)
        if (ll->toks.t[i].v != 0 && ll->toks.t[i].v != 1)
            return sg_errc(e, SG_EXIT_USAGE, in->path, ll->line,
                           "arr_last: entry %zu is %lld; last bits are 0 or 1", i + 1,
                           (long long)ll->toks.t[i].v);
    return 0;
}

/* scan_dense: one fiber of param_dim coordinates per reference, at most
 * max_tokens coordinates in all. */
static int check_dense(const sg_stream_file *in, int64_t max_tokens, sg_err *e)
{
    const sg_stream_line *dl = sg_stream_file_get(in, "param_dim");
    const sg_stream_line *rl = sg_stream_file_get(in, "in_ref");
    if (!dl || !rl)
        return 0;
    int64_t dim = dl->toks.t[0].v;
    if (dim < 0)
        return sg_errc(e, SG_EXIT_USAGE, in->path, dl->line,
                       "param_dim is %lld; a dimension is 0 or more", (long long)dim);
    uint64_t refs = 0;
    for (size_t i = 0; i < rl->toks.n; i++)
        refs += rl->toks.t[i].kind == SG_TK_DATA;
    if (dim > max_tokens || (refs && (uint64_t)dim > (uint64_t)max_tokens / refs))
        return sg_errc(e, SG_EXIT_USAGE, in->path, dl->line,
                       "param_dim %lld times %llu reference%s is more than the limit "
                       "of %lld coordinates per stream (raise it with --max-tokens)",
                       (long long)dim, (unsigned long long)refs, refs == 1 ? "" : "s",
                       (long long)max_tokens);
    return 0;
}

/* DIA's and hashed levels' arrays: param_dim (N) and param_m (M) sizes,
 * arr_off offsets inside (-N, M); param_w a power of two that divides the
 * buckets of arr_crd, each -1 or inside 0..param_dim-1. */
static int check_ext(const prim_desc *d, const sg_stream_file *in, sg_err *e)
{
    int64_t dim, m = 0, w = 1;
    if (sg_stream_param(in, "param_dim", -1, &dim) < 0 || dim < 0 ||
        sg_stream_param(in, "param_m", 0, &m) < 0 || m < 0 || sg_stream_param(in, "param_w", 1, &w) < 0)
        return sg_errc(e, SG_EXIT_USAGE, in->path, 0, "%s: param_dim (and param_m, "
                       "param_w) must be one number of 0 or more each", d->name);
    if (!strcmp(d->name, "scan_range") && !sg_stream_file_get(in, "param_m"))
        return sg_errc(e, SG_EXIT_USAGE, in->path, 0, "scan_range: missing line param_m");
    const sg_stream_line *l = sg_stream_file_get(in, strcmp(d->name, "locate_hashed")
                                                  ? "arr_off" : "arr_crd");
    if (!l)
        return 0;       /* get_arr names it */
    if (!strcmp(d->name, "locate_hashed")) {
        if (w < 1 || (w & (w - 1)) || l->toks.n % (size_t)w)
            return sg_errc(e, SG_EXIT_USAGE, in->path, l->line, "arr_crd: %zu buckets; "
                           "param_w (%lld) must be a power of two that divides them",
                           l->toks.n, (long long)w);
        for (size_t i = 0; i < l->toks.n; i++)
            if (l->toks.t[i].v < -1 || l->toks.t[i].v >= dim)
                return sg_errc(e, SG_EXIT_USAGE, in->path, l->line, "arr_crd: entry %zu is "
                               "%lld; a bucket holds -1 (empty) or 0..%lld", i + 1,
                               (long long)l->toks.t[i].v, (long long)dim - 1);
        return 0;
    }
    for (size_t i = 0; i < l->toks.n; i++) {
        int64_t o = l->toks.t[i].v;
        if (!strcmp(d->name, "scan_range") && (o <= -dim || o >= m))
            return sg_errc(e, SG_EXIT_USAGE, in->path, l->line, "arr_off: entry %zu is "
                           "%lld; an offset lies inside (-param_dim, param_m)", i + 1,
                           (long long)o);
    }
    return 0;
}

/* A bitvector word width: param_w a power of two in 1..64 (default 64),
 * and every word of line l (NULL: none) inside it. */
static int check_words(const sg_stream_file *in, const sg_stream_line *l,
                       int64_t *w, sg_err *e)
{
    const sg_stream_line *wl = sg_stream_file_get(in, "param_w");
    if (sg_stream_param(in, "param_w", 64, w) < 0 || !sg_lvl_bv_width_ok(*w))
        return sg_errc(e, SG_EXIT_USAGE, in->path, wl ? wl->line : 0, "param_w is %lld; "
                       "bits per bitvector word are a power of two in 1..64", (long long)*w);
    for (size_t i = 0; l && *w < 64 && i < l->toks.n; i++)
        if (l->toks.t[i].kind == SG_TK_DATA && (l->toks.t[i].v < 0 ||
                                               (uint64_t)l->toks.t[i].v >> *w))
            return sg_errc(e, SG_EXIT_USAGE, in->path, l->line, "%s: token %zu has bits "
                           "above the word width %lld", l->name, i + 1, (long long)*w);
    return 0;
}

/* scan_bitvector's arrays: param_nw words per fiber, arr_pos each word's
 * prefix popcount (0 first, then the running count of set bits). */
static int check_bitvector(const sg_stream_file *in, sg_err *e)
{
    const sg_stream_line *bl = sg_stream_file_get(in, "arr_bv");
    const sg_stream_line *pl = sg_stream_file_get(in, "arr_pos");
    int64_t w, nw;
    if (check_words(in, bl, &w, e) < 0)
        return -1;
    if (sg_stream_param(in, "param_nw", -1, &nw) < 0 || nw < 0)
        return sg_errc(e, SG_EXIT_USAGE, in->path, 0, "scan_bitvector: param_nw (words "
                       "per fiber) must be one number of 0 or more");
    if (!bl || !pl)
        return 0;                     /* reported as a missing line */
    if (bl->toks.n != pl->toks.n || (nw ? bl->toks.n % (size_t)nw : bl->toks.n))
        return sg_errc(e, SG_EXIT_USAGE, in->path, pl->line, "arr_pos: %zu entries for "
                       "%zu words; one per word, and param_nw (%lld) divides the words",
                       pl->toks.n, bl->toks.n, (long long)nw);
    int64_t c = 0;
    for (size_t i = 0; i < bl->toks.n; i++) {
        if (pl->toks.t[i].v != c)
            return sg_errc(e, SG_EXIT_USAGE, in->path, pl->line, "arr_pos: entry %zu is "
                           "%lld, the set bits before its word are %lld", i + 1,
                           (long long)pl->toks.t[i].v, (long long)c);
        c += sg_popcount64((uint64_t)bl->toks.t[i].v);
    }
    return 0;
}

int sg_stream_check_input(const prim_desc *d, const sg_stream_file *in,
                       int64_t max_tokens, sg_err *e)
{
    char names[256];
    for (size_t i = 0; i < in->n; i++) {
        const sg_stream_line *l = &in->lines[i];
        for (size_t j = 0; j < i; j++)
            if (!strcmp(in->lines[j].name, l->name))
                return sg_errc(e, SG_EXIT_USAGE, in->path, l->line,
                               "duplicate line %s (first at line %ld)", l->name,
                               in->lines[j].line);
        if (!strncmp(l->name, "out_", 4))
            continue;                 /* expected outputs: not read */
        if (!listed(d->in, 6, l->name) && !listed(d->extra, 4, l->name)) {
            lines_of(d, names, sizeof names);
            return sg_errc(e, SG_EXIT_USAGE, in->path, l->line,
                           "unknown line '%s': %s reads %s (and ignores out_* lines)",
                           l->name, d->name, names);
        }
        if (!strncmp(l->name, "param_", 6)) {
            if (l->toks.n != 1 || l->toks.t[0].kind != SG_TK_DATA)
                return sg_errc(e, SG_EXIT_USAGE, in->path, l->line,
                               "%s must be one integer", l->name);
            for (size_t k = 0; k < sizeof param_range / sizeof param_range[0]; k++)
                if (!strcmp(param_range[k].name, l->name) &&
                    (l->toks.t[0].v < param_range[k].lo || l->toks.t[0].v > param_range[k].hi))
                    return sg_errc(e, SG_EXIT_USAGE, in->path, l->line,
                                   "%s is %lld, not in %lld..%lld", l->name,
                                   (long long)l->toks.t[0].v, (long long)param_range[k].lo,
                                   (long long)param_range[k].hi);
        } else if (!strncmp(l->name, "arr_", 4)) {
            for (size_t k = 0; k < l->toks.n; k++)
                if (l->toks.t[k].kind != SG_TK_DATA)
                    return sg_errc(e, SG_EXIT_USAGE, in->path, l->line,
                                   "%s: numbers expected", l->name);
        } else if (check_done(in, l, e) < 0) {
            return -1;
        }
    }
    for (int k = 0; (d->joiner == 1 || d->joiner == 2) && k < 3; k++) {
        const sg_stream_line *c = sg_stream_file_get(in, d->in[2 * k]);
        const sg_stream_line *r = sg_stream_file_get(in, d->in[2 * k + 1]);
        if (c && r && check_operand(in, c, r, d->joiner == 1, e) < 0)
            return -1;
    }
    if (!strcmp(d->name, "scan_compressed") && check_level(in, 0, e) < 0)
        return -1;
    if (!strcmp(d->name, "scan_nonunique") && check_level(in, 1, e) < 0)
        return -1;
    if (!strcmp(d->name, "scan_singleton") && check_last(in, e) < 0)
        return -1;
    if (!strcmp(d->name, "scan_dense") && check_dense(in, max_tokens, e) < 0)
        return -1;
    if (!strcmp(d->name, "scan_bitvector") && check_bitvector(in, e) < 0)
        return -1;
    for (int k = 0; d->joiner == 2 && k < 3; k++) {
        int64_t w;
        if (check_words(in, sg_stream_file_get(in, d->in[2 * k]), &w, e) < 0)
            return -1;
    }
    if ((!strcmp(d->name, "scan_range") || !strcmp(d->name, "scan_offset") ||
         !strcmp(d->name, "locate_hashed")) && check_ext(d, in, e) < 0)
        return -1;
    return 0;
}
