/*
 * regress.h - samgen regress: a list of verify cases (the manifest), run
 * in parallel on this machine or as a Slurm job array, and their summary.
 *
 * The manifest (docs/verification.md, "Case lists"): one case per line,
 *
 *   NAME GRAPH [VERIFY OPTIONS ...]
 *
 * words separated by blanks, "..." or '...' quoting a word with blanks in
 * it, '#' starting a comment line, relative paths taken from the
 * manifest's directory.  NAME is [A-Za-z0-9_.-]+ and unique: it names the
 * case's directory OUT/cases/NAME.  -o, --keep, --trace and -q belong to
 * regress and may not be given.
 */
#ifndef SG_CLI_REGRESS_H
#define SG_CLI_REGRESS_H

#include <stddef.h>

#include "core/err.h"

typedef struct rg_case {
    char *name;
    char **argv;              /* GRAPH and the options, NULL-terminated */
    size_t argc;
    long line;
} rg_case;

typedef struct rg_manifest {
    char *path;
    char *dir;                /* the manifest's directory (absolute) */
    rg_case *c;
    size_t n, cap;
} rg_manifest;

/* Read the manifest at path.  0, or -1 with e ("FILE:LINE: what"). */
int sg_rg_manifest_read(const char *path, rg_manifest *m, sg_err *e);
/* Parse text (the contents of path) into m: as sg_rg_manifest_read. */
int sg_rg_manifest_parse(const char *path, const char *text, rg_manifest *m, sg_err *e);
void sg_rg_manifest_free(rg_manifest *m);

#endif
