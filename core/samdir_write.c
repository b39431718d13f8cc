/*
 * samdir_write.c - write a fibertree as a SAM-formatted tensor directory
 * (SAM-SEMANTICS section 3; the reader is samdir.c): the shape, the seg,
 * crd and offset arrays of each level, the values.  Every file is written
 * aside and put in place only when all are written, so a failed write
 * leaves the directory as it was; files a previous, differently formatted
 * write left behind for the same tensor are removed.
 */
#include "core/tensor_int.h"
#include "core/outfile.h"
#include "core/textscan.h"
#include "core/value.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- writer -------------------------------------------------------------- */

static int write_arr(sg_outfile *of, const int64_t *a, size_t n, int vt)
{
    char buf[32];
    for (size_t i = 0; i < n; i++) {
        size_t k = sg_vt_is_fp(vt) ? (size_t)sg_val_format(vt, a[i], buf)
                                   : sg_fmt_i64(buf, a[i]);
        buf[k++] = '\n';
        if (fwrite(buf, 1, k, of->f) != k)
            return -1;
    }
    return 0;
}

int sg_tensor_write_samdir(const char *dir, const char *name,
                           const sg_fibertree *ft, sg_err *e)
{
    if (!name || !*name || strchr(name, '/'))
        return sg_errf(e, dir, 0, "bad tensor name '%s'", name ? name : "");
    for (int l = 0; l < ft->fmt.order; l++)
        if (ft->lvl[l].fmt == SG_LVL_BITVECTOR)
            return sg_errf(e, dir, 0, "a bitvector level (b) has no SAM directory "
                           "files: write the tensor as .tns (the level is built from "
                           "coordinates where a graph reads it)");
    if (mkdir(dir, 0777) != 0 && errno != EEXIST)
        return sg_errf(e, dir, 0, "cannot create directory: %s",
                       strerror(errno));
    enum { MAXF = 2 * SG_MAX_ORDER + 2 };
    sg_outfile of[MAXF];
    int nf = 0, rc = -1;
    int order = ft->fmt.order;
    char *p;
    if (order > 0) {
        p = sg_sam_file(dir, name, "shape");
        int r = sg_outfile_open(&of[nf], p, e);
        free(p);
        if (r < 0)
            goto fail;
        nf++;
        if (write_arr(&of[nf - 1], ft->shape, (size_t)order, 0) < 0)
            goto io;
    }
    for (int l = 0; l < order; l++) {
        const sg_level *lv = &ft->lvl[l];
        int r;
        if (lv->fmt == SG_LVL_RANGE) {
            p = sg_sam_level_file(dir, name, lv->mode, "offset");
            r = sg_outfile_open(&of[nf], p, e);
            free(p);
            if (r < 0)
                goto fail;
            nf++;
            if (write_arr(&of[nf - 1], lv->off, lv->noff, 0) < 0)
                goto io;
        }
        if (!sg_lvl_has_crd(lv->fmt))
            continue;
        if (sg_lvl_has_seg(lv->fmt)) {
            p = sg_sam_level_file(dir, name, lv->mode, "seg");
            r = sg_outfile_open(&of[nf], p, e);
            free(p);
            if (r < 0)
                goto fail;
            nf++;
            if (write_arr(&of[nf - 1], lv->seg, lv->nseg, 0) < 0)
                goto io;
        }
        p = sg_sam_level_file(dir, name, lv->mode, "crd");
        r = sg_outfile_open(&of[nf], p, e);
        free(p);
        if (r < 0)
            goto fail;
        nf++;
        if (write_arr(&of[nf - 1], lv->crd, lv->ncrd, 0) < 0)
            goto io;
    }
    p = sg_sam_file(dir, name, "vals");
    {
        int r = sg_outfile_open(&of[nf], p, e);
        free(p);
        if (r < 0)
            goto fail;
        nf++;
    }
    if (write_arr(&of[nf - 1], ft->vals, ft->nvals, ft->vt) < 0)
        goto io;
    /* Everything written: put the files in place, then drop the seg/crd
     * files a previous, differently formatted write left for dense modes. */
    for (int i = 0; i < nf; i++) {
        if (sg_outfile_commit(&of[i], e) < 0) {
            for (int j = i + 1; j < nf; j++)
                sg_outfile_abort(&of[j]);
            return -1;
        }
    }
    for (int l = 0; l < order; l++) {
        if (!sg_lvl_has_seg(ft->lvl[l].fmt)) {
            p = sg_sam_level_file(dir, name, ft->lvl[l].mode, "seg");
            unlink(p);
            free(p);
        }
        if (!sg_lvl_has_crd(ft->lvl[l].fmt)) {
            p = sg_sam_level_file(dir, name, ft->lvl[l].mode, "crd");
            unlink(p);
            free(p);
        }
        if (ft->lvl[l].fmt != SG_LVL_RANGE) {
            p = sg_sam_level_file(dir, name, ft->lvl[l].mode, "offset");
            unlink(p);
            free(p);
        }
    }
    return 0;
io:
    sg_errf(e, of[nf - 1].path, 0, "write error: %s", strerror(errno));
fail:
    for (int i = 0; i < nf; i++)
        sg_outfile_abort(&of[i]);
    return rc;
}
