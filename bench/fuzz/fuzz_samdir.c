/*
 * fuzz_samdir.c - libFuzzer target for the SAM tensor directory reader.
 *
 * The input is split at '|' into: a format string ("" = infer), the shape
 * file, then seg and crd files for modes 0, 1, .. and last the vals file;
 * an empty seg part means that mode has no seg file: no files at all when
 * its crd part is empty too (a dense level), else crd alone (a singleton
 * level, or hashed when it holds a -1).  A seg part that starts with '~'
 * is a range level's offset file instead (its crd part is ignored).  Each
 * part goes through the single-file parser and the arrays through the same
 * checks and assembly as `samgen tensor convert DIR ...`.
 */
#include "fuzz_common.h"

#define MAXP (2 + 2 * SG_MAX_ORDER + 1)

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *buf = fuzz_text(data, size);
    char *part[MAXP];
    size_t len[MAXP];
    int np = 0;
    char *p = buf;
    for (;;) {
        char *bar = memchr(p, '|', (size_t)(buf + size - p));
        if (np == MAXP - 1 || !bar) {
            part[np] = p;
            len[np++] = (size_t)(buf + size - p);
            break;
        }
        *bar = '\0';
        part[np] = p;
        len[np++] = (size_t)(bar - p);
        p = bar + 1;
    }
    sg_read_opts o;
    sg_read_opts_default(&o);
    sg_samdir_arrays a;
    memset(&a, 0, sizeof a);
    a.dir = "fuzzdir";
    a.name = "T";
    sg_err e;
    sg_err_clear(&e);
    int64_t *shape = NULL;
    size_t nshape = 0;
    int ok = np >= 3;
    sg_format f, *fp = NULL;
    if (ok && len[0]) {
        if (sg_format_parse(part[0], &f, &e) == 0)
            fp = &f;
        else
            ok = 0;
    }
    if (ok && sg_samarr_parse("shape", part[1], len[1], 0, &o, &shape,
                              &nshape, &e) < 0)
        ok = 0;
    if (ok && nshape > SG_MAX_ORDER)
        ok = 0;
    if (ok) {
        a.order = len[1] ? (int)nshape : -1;
        for (size_t k = 0; k < nshape; k++)
            a.shape[k] = shape[k];
        int need = a.order > 0 ? a.order : 0;
        if (np != 2 + 2 * need + 1)
            ok = 0;
        for (int m = 0; ok && m < need; m++) {
            char *s = part[2 + 2 * m], *c = part[3 + 2 * m];
            size_t sl = len[2 + 2 * m], cl = len[3 + 2 * m];
            if (sl == 0 && cl == 0)
                continue;
            if (sl && s[0] == '~') {
                /* "~OFFSETS|": a range level's offset file */
                a.has_level[m] = 3;
                if (sg_samarr_parse("offset", s + 1, sl - 1, 2, &o, &a.off[m],
                                    &a.noff[m], &e) < 0)
                    ok = 0;
                continue;
            }
            a.has_level[m] = sl ? 1 : 2;
            if ((sl && sg_samarr_parse("seg", s, sl, 0, &o, &a.seg[m], &a.nseg[m],
                                       &e) < 0) ||
                sg_samarr_parse("crd", c, cl, 2, &o, &a.crd[m], &a.ncrd[m],
                                &e) < 0)
                ok = 0;
            for (size_t k = 0; ok && !sl && k < a.ncrd[m]; k++)
                if (a.crd[m][k] == -1)
                    a.has_level[m] = 4;     /* a hashed level's empty bucket */
        }
        if (ok && sg_samarr_parse("vals", part[np - 1], len[np - 1], 1, &o,
                                  &a.vals, &a.nvals, &e) < 0)
            ok = 0;
    }
    if (ok) {
        sg_coo t;
        if (sg_samdir_assemble(&a, fp, &t, &e) == 0) {
            fuzz_check_coo(&t);
            fuzz_build(&t, NULL);
            sg_coo_free(&t);
        }
    }
    free(shape);
    for (int m = 0; m < SG_MAX_ORDER; m++) {
        free(a.seg[m]);
        free(a.crd[m]);
        free(a.off[m]);
    }
    free(a.vals);
    free(buf);
    return 0;
}
