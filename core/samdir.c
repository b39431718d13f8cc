/*
 * samdir.c - SAM-formatted tensor directories (SAM-SEMANTICS section 3).
 *
 * A tensor T is stored as plain text files with one number per line:
 * tensor_T_mode_shape (dimensions in mode order), tensor_T_mode_<m>_seg and
 * tensor_T_mode_<m>_crd for every compressed level (named by the tensor
 * mode m it stores, not by the level), and tensor_T_mode_vals.  Dense
 * levels have no files.  The files do not say the storage order, so the
 * reader takes it from the caller or infers it: compressed where seg/crd
 * files exist, and the first mode order (identity first) whose array sizes
 * fit together.  Everything read is checked (seg monotone and consistent,
 * coordinates sorted and in range, value count) before it is used.
 */
#include "core/tensor_int.h"
#include "core/textscan.h"
#include "core/value.h"
#include "core/outfile.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define SG_SAM_MAX_POSITIONS ((uint64_t)1 << 27)

int sg_samarr_parse(const char *path, const char *buf, size_t len, int vals,
                    const sg_read_opts *o, int64_t **out, size_t *n,
                    sg_err *e)
{
    sg_read_opts def;
    o = sg_read_opts_or(o, &def);
    *out = NULL;
    *n = 0;
    sg_scan sc, *s = &sc;
    sg_scan_init(s, path, buf, len);
    size_t cap = len / 2 + 1, cnt = 0;
    int64_t *a = sg_malloc(cap * sizeof *a);
    while (s->p < s->end) {
        if (sg_scan_eol(s)) {
            if (s->p >= s->end)
                break;
            sg_errf(e, path, s->line, "blank line (expected one number per "
                                      "line)");
            goto fail;
        }
        int64_t v;
        int r = vals == 1 ? sg_scan_any_value(s, o, &v, e)
              : vals == 2 ? sg_scan_int_value(s, 64, &v, e)
                          : sg_scan_uint(s, "number", &v, e);
        if (r < 0 || sg_scan_end_line(s, e) < 0)
            goto fail;
        if (cnt == cap) {
            cap *= 2;
            a = sg_realloc(a, cap * sizeof *a);
        }
        a[cnt++] = v;
    }
    *out = a;
    *n = cnt;
    return 0;
fail:
    free(a);
    return -1;
}

/* "DIR/tensor_NAME_mode_SUFFIX" into a malloc'd string. */
char *sg_sam_file(const char *dir, const char *name, const char *suffix)
{
    size_t n = strlen(dir) + strlen(name) + strlen(suffix) + 32;
    char *p = sg_malloc(n);
    snprintf(p, n, "%s/tensor_%s_mode_%s", dir, name, suffix);
    return p;
}

char *sg_sam_level_file(const char *dir, const char *name, int m,
                        const char *what)
{
    char suffix[32];
    snprintf(suffix, sizeof suffix, "%d_%s", m, what);
    return sg_sam_file(dir, name, suffix);
}

/* Error in an array file: line = index + 1 (one number per line). */
static int arr_err(sg_err *e, const char *dir, const char *name, int m,
                   const char *what, size_t idx, const char *fmt, long long a,
                   long long b)
{
    char *p = m >= 0 ? sg_sam_level_file(dir ? dir : ".", name ? name : "?", m, what)
                     : sg_sam_file(dir ? dir : ".", name ? name : "?", what);
    char msg[256];
    snprintf(msg, sizeof msg, fmt, a, b);
    sg_errf(e, p, (long)idx + 1, "%s", msg);
    free(p);
    return -1;
}

int sg_fibertree_check(const sg_fibertree *ft, const char *dir,
                       const char *name, sg_err *e)
{
    uint64_t npar = 1;
    for (int l = 0; l < ft->fmt.order; l++) {
        const sg_level *lv = &ft->lvl[l];
        int m = lv->mode;
        if (lv->fmt == SG_LVL_RANGE || lv->fmt == SG_LVL_OFFSET ||
            lv->fmt == SG_LVL_HASHED ||
            (lv->fmt == SG_LVL_SINGLETON && l > 0 && ft->lvl[l - 1].fmt == SG_LVL_DENSE)) {
            if (sg_level_ext_check(ft, l, &npar, dir, name, e) < 0)
                return -1;
            continue;
        }
        if (lv->fmt == SG_LVL_SINGLETON || lv->fmt == SG_LVL_NONUNIQUE) {
            int at;
            if (sg_format_coo_rule(ft->fmt.level, ft->fmt.order, &at))
                return arr_err(e, dir, name, m, "crd", 0,
                               "a crd file without seg (a singleton level) must be "
                               "the last level, under a non-unique level%.0lld%.0lld",
                               0, 0);
        }
        if (lv->fmt == SG_LVL_SINGLETON) {
            if (lv->ncrd != npar)
                return arr_err(e, dir, name, m, "crd", lv->ncrd,
                               "crd has %lld entries; a singleton level needs one "
                               "per position above (%lld)", (long long)lv->ncrd,
                               (long long)npar);
            int64_t *last = sg_level_singleton_last(&ft->lvl[l - 1], lv);
            for (size_t k = 0; k < lv->ncrd; k++) {
                int64_t c = lv->crd[k];
                int bad = c < 0 || c >= lv->dim;
                int order = !bad && k > 0 && !last[k - 1] && c <= lv->crd[k - 1];
                if (bad || order) {
                    free(last);
                    return bad ? arr_err(e, dir, name, m, "crd", k,
                                         "coordinate %lld out of range 0..%lld",
                                         (long long)c, (long long)lv->dim - 1)
                               : arr_err(e, dir, name, m, "crd", k,
                                         "coordinates not strictly increasing under "
                                         "one coordinate above (%lld after %lld)",
                                         (long long)c, (long long)lv->crd[k - 1]);
                }
            }
            free(last);
        } else if (lv->fmt == SG_LVL_COMPRESSED || lv->fmt == SG_LVL_NONUNIQUE) {
            int uniq = lv->fmt == SG_LVL_COMPRESSED;
            if (lv->nseg != npar + 1)
                return arr_err(e, dir, name, m, "seg", lv->nseg ? lv->nseg - 1 : 0,
                               "seg has %lld entries; the level above needs "
                               "%lld", (long long)lv->nseg,
                               (long long)(npar + 1));
            if (lv->seg[0] != 0)
                return arr_err(e, dir, name, m, "seg", 0,
                               "seg must start with 0, not %lld%.0lld",
                               (long long)lv->seg[0], 0);
            for (size_t i = 1; i < lv->nseg; i++)
                if (lv->seg[i] < lv->seg[i - 1])
                    return arr_err(e, dir, name, m, "seg", i,
                                   "seg decreases (%lld after %lld)",
                                   (long long)lv->seg[i],
                                   (long long)lv->seg[i - 1]);
            if ((uint64_t)lv->seg[lv->nseg - 1] != lv->ncrd)
                return arr_err(e, dir, name, m, "seg", lv->nseg - 1,
                               "last seg entry %lld but crd holds %lld "
                               "entries", (long long)lv->seg[lv->nseg - 1],
                               (long long)lv->ncrd);
            for (size_t p = 0; p + 1 < lv->nseg; p++)
                for (int64_t k = lv->seg[p]; k < lv->seg[p + 1]; k++) {
                    int64_t c = lv->crd[k];
                    if (c < 0 || c >= lv->dim)
                        return arr_err(e, dir, name, m, "crd", (size_t)k,
                                       "coordinate %lld out of range "
                                       "0..%lld", (long long)c,
                                       (long long)lv->dim - 1);
                    if (k > lv->seg[p] && (c < lv->crd[k - 1] ||
                                           (uniq && c == lv->crd[k - 1])))
                        return arr_err(e, dir, name, m, "crd", (size_t)k,
                                       uniq ? "coordinates not strictly increasing "
                                              "in a fiber (%lld after %lld)"
                                            : "coordinates decrease in a fiber "
                                              "(%lld after %lld)",
                                       (long long)c,
                                       (long long)lv->crd[k - 1]);
                }
            npar = lv->ncrd;
        } else {
            uint64_t dim = lv->dim < 0 ? 0 : (uint64_t)lv->dim;
            if (dim && npar > SG_SAM_MAX_POSITIONS / dim) {
                char *p = sg_sam_file(dir ? dir : ".", name ? name : "?", "shape");
                sg_errf(e, p, 0, "dense level over mode %d would hold more "
                        "than %llu positions", m,
                        (unsigned long long)SG_SAM_MAX_POSITIONS);
                free(p);
                return -1;
            }
            npar *= dim;
        }
    }
    if (ft->nvals != npar)
        return arr_err(e, dir, name, -1, "vals", ft->nvals,
                       "vals holds %lld entries; the tree needs %lld",
                       (long long)ft->nvals, (long long)npar);
    return 0;
}

/* Do the array sizes fit format f?  (Cheap: sizes and last seg only.) */
static int sizes_fit(const sg_samdir_arrays *a, const sg_format *f)
{
    uint64_t npar = 1;
    for (int l = 0; l < f->order; l++) {
        int m = f->mode[l];
        int at;
        if (sg_format_coo_rule(f->level, f->order, &at))
            return 0;
        if (f->level[l] == SG_LVL_SINGLETON) {
            if (a->has_level[m] != 2 || a->ncrd[m] != npar)
                return 0;
        } else if (f->level[l] == SG_LVL_RANGE) {
            uint64_t st = (uint64_t)sg_lvl_range_stride(a->shape[m]);
            if (a->has_level[m] != 3 || a->noff[m] != npar ||
                npar > SG_SAM_MAX_POSITIONS / st)
                return 0;
            npar *= st;
        } else if (f->level[l] == SG_LVL_OFFSET) {
            if (a->has_level[m] != 0)
                return 0;
        } else if (f->level[l] == SG_LVL_HASHED) {
            if (a->has_level[m] != 4 || npar == 0 || a->ncrd[m] % npar)
                return 0;
            npar = a->ncrd[m];
        } else if (sg_lvl_has_seg(f->level[l])) {
            if (a->has_level[m] != 1 || a->nseg[m] != npar + 1 ||
                (uint64_t)a->seg[m][a->nseg[m] - 1] != a->ncrd[m])
                return 0;
            npar = a->ncrd[m];
        } else {
            uint64_t dim = a->shape[m] < 0 ? 0 : (uint64_t)a->shape[m];
            if (dim && npar > SG_SAM_MAX_POSITIONS / dim)
                return 0;
            npar *= dim;
        }
    }
    return npar == a->nvals;
}

static int next_perm(int *p, int n)
{
    int i = n - 2;
    while (i >= 0 && p[i] >= p[i + 1])
        i--;
    if (i < 0)
        return 0;
    int j = n - 1;
    while (p[j] <= p[i])
        j--;
    int t = p[i]; p[i] = p[j]; p[j] = t;
    for (int a = i + 1, b = n - 1; a < b; a++, b--) {
        t = p[a]; p[a] = p[b]; p[b] = t;
    }
    return 1;
}

/* The level format the files of the mode at level l (in mode order perm,
 * NULL: identity) say: crd alone a singleton, seg and crd above one a
 * non-unique level, else compressed; no files dense. */
static char level_of(const sg_samdir_arrays *a, const int *perm, int l)
{
    int m = perm ? perm[l] : l;
    int below = l + 1 < a->order ? a->has_level[perm ? perm[l + 1] : l + 1] : 0;
    int above = l > 0 ? a->has_level[perm ? perm[l - 1] : l - 1] : 0;
    if (a->has_level[m] == 2)
        return SG_LVL_SINGLETON;
    if (a->has_level[m] == 3)
        return SG_LVL_RANGE;
    if (a->has_level[m] == 4)
        return SG_LVL_HASHED;
    if (a->has_level[m] == 0 && above == 3)
        return SG_LVL_OFFSET;
    if (a->has_level[m] == 1)
        return below == 2 ? SG_LVL_NONUNIQUE : SG_LVL_COMPRESSED;
    return SG_LVL_DENSE;
}

static void infer_format(const sg_samdir_arrays *a, sg_format *f)
{
    memset(f, 0, sizeof *f);
    f->order = a->order;
    int perm[SG_MAX_ORDER];
    for (int i = 0; i < a->order; i++)
        perm[i] = i;
    sg_format cand;
    do {
        cand.order = a->order;
        for (int l = 0; l < a->order; l++) {
            cand.mode[l] = perm[l];
            cand.level[l] = level_of(a, perm, l);
        }
        if (sizes_fit(a, &cand)) {
            *f = cand;
            return;
        }
    } while (next_perm(perm, a->order));
    /* Nothing fits: the identity order, so the check names the problem. */
    for (int l = 0; l < a->order; l++) {
        f->mode[l] = l;
        f->level[l] = level_of(a, NULL, l);
    }
}

/* A hashed level's buckets per fiber (its crd count over the positions
 * above; 0 when that does not divide: the check then says so). */
static void ext_positions(sg_fibertree *ft)
{
    uint64_t npar = 1;
    for (int l = 0; l < ft->fmt.order; l++) {
        sg_level *lv = &ft->lvl[l];
        if (lv->fmt == SG_LVL_HASHED)
            lv->w = npar && lv->ncrd % npar == 0 ? (int64_t)(lv->ncrd / npar) : 0;
        if (sg_lvl_has_crd(lv->fmt) && lv->fmt != SG_LVL_SINGLETON)
            npar = lv->ncrd;
        else if (lv->fmt == SG_LVL_DENSE)
            npar = lv->dim > 0 && npar <= SG_SAM_MAX_POSITIONS ? npar * (uint64_t)lv->dim : 0;
        else if (lv->fmt == SG_LVL_RANGE)
            npar = npar <= SG_SAM_MAX_POSITIONS ? npar * (uint64_t)lv->w : 0;
    }
}

/* The level writers' convention for an empty result: every compressed
 * level is the single segment entry 0 with no coordinates (whatever the
 * level above holds), and the values are empty or the one 0 a final
 * reducer writes for an empty input.  The strict check would reject it:
 * seg should have one entry more than the positions above. */
static int writer_empty(const sg_fibertree *ft)
{
    int ncomp = 0;
    for (int l = 0; l < ft->fmt.order; l++) {
        const sg_level *lv = &ft->lvl[l];
        if (lv->fmt != SG_LVL_COMPRESSED)
            continue;
        if (lv->nseg != 1 || lv->seg[0] != 0 || lv->ncrd != 0)
            return 0;
        ncomp++;
    }
    return ncomp > 0 && (ft->nvals == 0 || (ft->nvals == 1 && ft->vals[0] == 0));
}

int sg_samdir_assemble(const sg_samdir_arrays *a, const sg_format *fin,
                       sg_coo *t, sg_err *e)
{
    memset(t, 0, sizeof *t);
    int order = a->order < 0 ? 0 : a->order;
    sg_format f;
    if (fin) {
        f = *fin;
        if (f.order != order) {
            char buf[2 * SG_MAX_ORDER + 1];
            sg_format_str(&f, buf);
            char *p = sg_sam_file(a->dir, a->name, "shape");
            sg_errf(e, p, 0, "format %s is for order %d but the shape has %d "
                    "modes", buf, f.order, order);
            free(p);
            return -1;
        }
        for (int l = 0; l < order; l++) {
            int m = f.mode[l];
            char lf = f.level[l];
            int want = sg_lvl_has_seg(lf) ? 1 : lf == SG_LVL_SINGLETON ? 2
                     : lf == SG_LVL_RANGE ? 3 : lf == SG_LVL_HASHED ? 4 : 0;
            if (want == 3 && a->has_level[m] != 3) {
                char *p = sg_sam_level_file(a->dir, a->name, m, "offset");
                sg_errf(e, p, 0, "missing: format %c%d (a range level) needs it", lf, m);
                free(p);
                return -1;
            }
            if (want != 3 && a->has_level[m] == 3) {
                char *p = sg_sam_level_file(a->dir, a->name, m, "offset");
                sg_errf(e, p, 0, "present although the format stores mode %d as a %s "
                        "level", m, sg_lvl_word(lf));
                free(p);
                return -1;
            }
            if (want == 4 && a->has_level[m] == 2)
                want = 2;   /* crd alone; its check says what is wrong */
            if (want != a->has_level[m] && !(want == 2 && a->has_level[m] == 4)) {
                int crd_only = want == 2 || (want == 0 && a->has_level[m] == 2);
                char *p = sg_sam_level_file(a->dir, a->name, m, crd_only ? "crd" : "seg");
                if (want == 2 && a->has_level[m] == 1) {
                    free(p);
                    p = sg_sam_level_file(a->dir, a->name, m, "seg");
                    sg_errf(e, p, 0, "present although the format stores mode %d "
                            "as a singleton level (crd only)", m);
                } else if (want)
                    sg_errf(e, p, 0, "missing: format %c%d needs it", lf, m);
                else
                    sg_errf(e, p, 0, "present although the format stores mode %d dense", m);
                free(p);
                return -1;
            }
        }
    } else {
        sg_samdir_arrays b = *a;
        b.order = order;
        infer_format(&b, &f);
    }
    sg_fibertree ft;
    memset(&ft, 0, sizeof ft);
    ft.fmt = f;
    for (int m = 0; m < order; m++)
        ft.shape[m] = a->shape[m];
    for (int l = 0; l < order; l++) {
        int m = f.mode[l];
        ft.lvl[l].fmt = f.level[l];
        ft.lvl[l].mode = m;
        ft.lvl[l].dim = a->shape[m];
        if (sg_lvl_has_crd(f.level[l])) {
            ft.lvl[l].seg = a->seg[m];
            ft.lvl[l].nseg = a->nseg[m];
            ft.lvl[l].crd = a->crd[m];
            ft.lvl[l].ncrd = a->ncrd[m];
        }
        if (f.level[l] == SG_LVL_RANGE) {
            ft.lvl[l].off = a->off[m];
            ft.lvl[l].noff = a->noff[m];
            ft.lvl[l].w = sg_lvl_range_stride(a->shape[m]);
        } else if (f.level[l] == SG_LVL_OFFSET && l > 0) {
            ft.lvl[l].off = ft.lvl[l - 1].off;
            ft.lvl[l].noff = ft.lvl[l - 1].noff;
            ft.lvl[l].w = ft.lvl[l - 1].w;
        }
    }
    ext_positions(&ft);
    ft.vals = a->vals;
    ft.nvals = a->nvals;
    if (writer_empty(&ft)) {
        /* The level writers' empty result (SAM-SEMANTICS 2.14): read as
         * an empty tensor of the given shape. */
        int64_t shape[SG_MAX_ORDER];
        for (int m = 0; m < order; m++)
            shape[m] = a->shape[m];
        sg_coo_init(t, order, shape);
        return 0;
    }
    if (sg_fibertree_check(&ft, a->dir, a->name, e) < 0)
        return -1;
    sg_fibertree_to_coo(&ft, 0, t);
    return 0;
}

/* Load one array file; absent files give *present = 0 when optional. */
static int load_arr(const char *path, int vals, int optional,
                    const sg_read_opts *o, int64_t **out, size_t *n,
                    int *present, sg_err *e)
{
    *present = 0;
    *out = NULL;
    *n = 0;
    if (optional && access(path, F_OK) != 0)
        return 0;
    char *buf;
    size_t len;
    long stop;
    if (sg_slurp(path, "", &buf, &len, &stop, e) < 0)
        return -1;
    int r = sg_samarr_parse(path, buf, len, vals, o, out, n, e);
    free(buf);
    if (r == 0 && stop) {
        free(*out);
        *out = NULL;
        *n = 0;
        return sg_slurp_stopped(path, stop, e);
    }
    if (r == 0)
        *present = 1;
    return r;
}

/* Find the only tensor in dir (by its _mode_vals file). */
static int find_name(const char *dir, char **name, sg_err *e)
{
    DIR *d = opendir(dir);
    if (!d)
        return sg_errf(e, dir, 0, "cannot open directory: %s", strerror(errno));
    char *found = NULL;
    char list[256] = "";
    int count = 0;
    struct dirent *de;
    while ((de = readdir(d)) != NULL) {
        const char *s = de->d_name;
        size_t n = strlen(s);
        const char *suf = "_mode_vals";
        size_t sn = strlen(suf);
        if (n > 7 + sn && strncmp(s, "tensor_", 7) == 0 &&
            strcmp(s + n - sn, suf) == 0) {
            count++;
            size_t tl = n - 7 - sn;
            if (!found) {
                found = sg_malloc(tl + 1);
                memcpy(found, s + 7, tl);
                found[tl] = '\0';
            }
            size_t ll = strlen(list);
            if (ll < sizeof list - 1)
                snprintf(list + ll, sizeof list - ll, "%s%.*s",
                         ll ? ", " : "", (int)tl, s + 7);
        }
    }
    closedir(d);
    if (count == 0)
        return sg_errf(e, dir, 0, "no tensor_<T>_mode_vals file: not a SAM "
                                  "tensor directory");
    if (count > 1) {
        free(found);
        return sg_errf(e, dir, 0, "holds several tensors (%s); name one",
                       list);
    }
    *name = found;
    return 0;
}

int sg_samdir_read(const char *dir, const char *name, const sg_read_opts *o,
                   sg_coo *t, sg_err *e)
{
    sg_read_opts def;
    o = sg_read_opts_or(o, &def);
    memset(t, 0, sizeof *t);
    char *nm = NULL;
    if (!name) {
        if (find_name(dir, &nm, e) < 0)
            return -1;
        name = nm;
    }
    sg_format fmt, *fp = NULL;
    if (o->format) {
        if (sg_format_parse(o->format, &fmt, e) < 0) {
            free(nm);
            return -1;
        }
        fp = &fmt;
    }
    sg_samdir_arrays a;
    memset(&a, 0, sizeof a);
    a.dir = dir;
    a.name = name;
    int rc = -1, present;
    int64_t *shape = NULL;
    size_t nshape = 0;
    char *p = sg_sam_file(dir, name, "shape");
    if (load_arr(p, 0, 1, o, &shape, &nshape, &present, e) < 0)
        goto out;
    if (!present) {
        a.order = -1;
    } else {
        if (nshape > SG_MAX_ORDER) {
            sg_errf(e, p, SG_MAX_ORDER + 1, "more than %d dimensions",
                    SG_MAX_ORDER);
            goto out;
        }
        a.order = (int)nshape;
        for (size_t k = 0; k < nshape; k++)
            a.shape[k] = shape[k];
    }
    for (int m = 0; m < a.order; m++) {
        char *sp = sg_sam_level_file(dir, name, m, "seg");
        char *cp = sg_sam_level_file(dir, name, m, "crd");
        char *op = sg_sam_level_file(dir, name, m, "offset");
        int ps, pc, po;
        int r = load_arr(sp, 0, 1, o, &a.seg[m], &a.nseg[m], &ps, e);
        if (r == 0)
            r = load_arr(cp, 2, 1, o, &a.crd[m], &a.ncrd[m], &pc, e);
        if (r == 0)
            r = load_arr(op, 2, 1, o, &a.off[m], &a.noff[m], &po, e);
        if (r == 0 && po && (ps || pc)) {
            sg_errf(e, op, 0, "present beside a %s file (a range level stores its "
                    "offsets alone)", ps ? "seg" : "crd");
            r = -1;
        }
        free(op);
        if (r == 0 && ps && !pc) {
            sg_errf(e, cp, 0, "missing (its seg file exists)");
            r = -1;
        }
        free(sp);
        free(cp);
        if (r < 0)
            goto out;
        /* crd without seg: a singleton level, or hashed with an empty
         * bucket */
        int empty = 0;
        for (size_t k = 0; pc && !ps && k < a.ncrd[m]; k++)
            empty |= a.crd[m][k] == -1;
        a.has_level[m] = ps ? 1 : pc ? (empty ? 4 : 2) : po ? 3 : 0;
    }
    free(p);
    p = sg_sam_file(dir, name, "vals");
    if (load_arr(p, 1, 0, o, &a.vals, &a.nvals, &present, e) < 0)
        goto out;
    rc = sg_samdir_assemble(&a, fp, t, e);
    if (rc == 0)
        t->vt = o->vt;
out:
    free(p);
    free(shape);
    for (int m = 0; m < SG_MAX_ORDER; m++) {
        free(a.seg[m]);
        free(a.crd[m]);
        free(a.off[m]);
    }
    free(a.vals);
    free(nm);
    return rc;
}
