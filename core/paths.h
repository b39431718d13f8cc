/*
 * paths.h - where the samgen sources are, and directory creation.
 *
 * The generator reads templates/, the simulator harnesses rtl/ and sim/,
 * the area flow fpga/: all are found from one source root, $SAMGEN_ROOT or
 * the tree the running binary was built in.  Also: a program in a PATH.
 */
#ifndef SG_PATHS_H
#define SG_PATHS_H

#include <stddef.h>

#include "core/err.h"

/* The file that marks the samgen source root for sg_source_root. */
#define SG_ROOT_MARKER "templates/top.v.in"

/* The first directory holding marker (a path relative to it): $SAMGEN_ROOT
 * when it does (copied as given), else the nearest parent directory of the
 * running binary that does, at most max_up levels up (0: up to "/").
 * Returns 0 and fills buf, or -1 when none holds it. */
int sg_find_root(const char *marker, int max_up, char *buf, size_t n);

/* The samgen source root (holding templates/, rtl/, sim/): sg_find_root
 * with SG_ROOT_MARKER and no level limit.  Returns 0 and fills buf, or -1
 * with "cannot find the samgen sources" in e (code SG_EXIT_USAGE). */
int sg_source_root(char *buf, size_t n, sg_err *e);

/* mkdir -p: create path and its missing parents (existing ones are fine).
 * 0, or -1 with errno set; at, when not NULL, then receives the directory
 * that could not be created (size nat). */
int sg_mkdir_p(const char *path, char *at, size_t nat);

/* The first directory of path_list (a PATH value: directories separated
 * by ':'; empty entries are skipped) that holds an executable file name.
 * Returns 1 and fills buf (may be NULL) with its full path, or 0; NULL
 * path_list holds nothing. */
int sg_path_find_exe(const char *path_list, const char *name, char *buf, size_t n);

#endif
