/*
 * outfile.h - output files that appear whole or not at all.
 *
 * Every output is written to a temporary file beside its destination
 * (DEST.tmpXXXXXX) and renamed over it only after fclose succeeded, so an
 * error half-way leaves no partial file behind.
 */
#ifndef SG_OUTFILE_H
#define SG_OUTFILE_H

#include <stdint.h>
#include <stdio.h>

#include "core/err.h"

typedef struct sg_outfile {
    FILE *f;
    char *tmp;       /* temporary path */
    char *path;      /* destination */
} sg_outfile;

/* Create the temporary file for path. */
int sg_outfile_open(sg_outfile *o, const char *path, sg_err *e);
/* Close (checking for write errors) and rename into place; on failure the
 * temporary is removed. */
int sg_outfile_commit(sg_outfile *o, sg_err *e);
/* Close and remove the temporary without touching the destination. */
void sg_outfile_abort(sg_outfile *o);

/* Format v in decimal into buf (at least 21 bytes); returns the length. */
size_t sg_fmt_i64(char *buf, int64_t v);

#endif
