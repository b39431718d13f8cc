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
/* Create the temporary file for path for another program to write (o->f
 * is NULL: pass o->tmp to it); sg_outfile_commit renames it into place. */
int sg_outfile_reserve(sg_outfile *o, const char *path, sg_err *e);

/* ---- output paths, checked before a command runs --------------------------
 *
 * A command lists what it reads and what it writes in an sg_outplan, then
 * calls sg_outplan_check before it does any work.  The check refuses
 *   - an output that is one of the inputs (the same file, also through a
 *     symbolic or hard link: same device and inode when the file exists,
 *     the same canonical path otherwise);
 *   - an output file that would replace a file of an input directory, and a
 *     SAM-formatted output directory that would replace the files of the
 *     same tensor in an input directory (an output directory that merely
 *     contains or equals an input is fine);
 *   - an output that cannot be written: its directory is missing (for a
 *     file) or not writable, or a file is in the way of a directory or the
 *     other way round (an output directory and its missing parents are
 *     created by the command, so their nearest existing ancestor must be a
 *     writable directory).
 * Errors are one line with code SG_EXIT_USAGE. */

typedef enum sg_out_kind {
    SG_OUT_FILE,      /* a file the command writes */
    SG_OUT_DIR,       /* a directory the command creates if missing */
    SG_OUT_SAMDIR     /* a SAM-formatted directory of one tensor */
} sg_out_kind;

typedef struct sg_outpath {
    sg_out_kind kind;
    char *what;       /* how the command line names it: "-o", "--waves" */
    char *path;
    char *tensor;     /* SG_OUT_SAMDIR: the tensor name */
} sg_outpath;

typedef struct sg_outplan {
    char **in;
    size_t n_in, cap_in;
    sg_outpath *out;
    size_t n_out, cap_out;
} sg_outplan;

void sg_outplan_init(sg_outplan *p);
void sg_outplan_free(sg_outplan *p);
/* A file or directory the command reads (NULL is ignored). */
void sg_outplan_input(sg_outplan *p, const char *path);
/* An output of the given kind; tensor only for SG_OUT_SAMDIR. */
void sg_outplan_output(sg_outplan *p, sg_out_kind kind, const char *what,
                       const char *path, const char *tensor);
/* Check every output against the inputs and for writability: 0, or -1
 * with the first problem in e (code SG_EXIT_USAGE). */
int sg_outplan_check(const sg_outplan *p, sg_err *e);

/* 1 when paths a and b name the same file or directory (see above). */
int sg_same_file(const char *a, const char *b);

/* An output directory the command creates with its missing parents, and
 * the first of them it created, so that a failed run can remove what it
 * made and nothing else. */
typedef struct sg_outdir {
    char *made;       /* topmost directory this run created, or NULL */
} sg_outdir;

/* mkdir -p path, recording what it created in d.  0, or -1 with
 * "cannot create DIR: reason" in e (code SG_EXIT_USAGE). */
int sg_outdir_make(sg_outdir *d, const char *path, sg_err *e);
/* Remove the directory tree d created (nothing when it created none). */
void sg_outdir_undo(sg_outdir *d);
/* Forget d's record, keeping what it created. */
void sg_outdir_keep(sg_outdir *d);

/* Format v in decimal into buf (at least 21 bytes); returns the length. */
size_t sg_fmt_i64(char *buf, int64_t v);

#endif
