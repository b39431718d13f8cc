/*
 * gen_standalone.h - what samgen gen writes beside the top so that the
 * accelerator can be used without samgen (docs/generator.md, "Using the
 * generated RTL outside samgen"):
 *
 *   DIR/filelist.f       the rtl/ files the top needs, in dependency order,
 *                        then the top (absolute paths), for iverilog -f and
 *                        verilator -f
 *   DIR/README           ports, parameters, memories, host protocol, how to
 *                        run the testbench
 *   DIR/<module>.sdc .xdc _ice40.py   clock constraints (gen_constraints.h)
 *   DIR/tb_<kernel>.v    with -t tensors bound: a self-checking testbench
 *   DIR/mem/<name>.hex   its memory files: input arrays, dense dimensions,
 *                        the golden model's output arrays
 *
 * Every file is written to a temporary file first; sg_standalone_commit
 * renames them all into place, sg_standalone_abort removes them.
 */
#ifndef SG_GEN_STANDALONE_H
#define SG_GEN_STANDALONE_H

#include "cli/emit_opts.h"
#include "core/outfile.h"

typedef struct sg_standalone {
    sg_outfile *f;           /* the files, open on their temporaries */
    size_t n, cap;
    sg_outdir memdir;        /* DIR/mem, when this run created it */
} sg_standalone;

/* The outputs (besides the top) gen writes into outdir for module. */
void sg_standalone_plan(sg_outplan *p, const char *outdir, const char *module,
                        int with_tb);
/* Write every file to its temporary (c prepared, outdir existing).  0, or
 * -1 with e filled (code SG_EXIT_USAGE) and nothing left behind. */
int sg_standalone_write(sg_standalone *s, const gen_ctx *c, const char *outdir,
                        sg_err *e);
/* Open path's temporary as one more file of s: the stream, or NULL with e
 * filled (code SG_EXIT_USAGE). */
FILE *sg_standalone_open(sg_standalone *s, const char *path, sg_err *e);
/* The golden model's array for output memory m: 1 and *w, *n when the
 * golden model returns its tensor, else 0 (the memory is not compared). */
int sg_standalone_expected(const gen_ctx *c, const sg_emit_mem *m, const int64_t **w,
                           size_t *n);
/* What memory m holds, e.g. "x mode 0 crd" or "x vals", into buf. */
void sg_standalone_contents(const gen_ctx *c, const sg_emit_mem *m, char *buf, size_t n);
/* Rename every file into place (and free s). */
int sg_standalone_commit(sg_standalone *s, sg_err *e);
/* Remove every temporary (and DIR/mem when this run created it; free s). */
void sg_standalone_abort(sg_standalone *s);

/* Modules of the primitive library (rtl/<name>.v, one module per file named
 * like the file) that text instantiates, with everything they instantiate
 * in turn, dependencies first.  Comments and strings are not looked at.
 * names receives up to cap entries (allocated); returns how many, or -1
 * when rtl_dir cannot be read. */
int sg_standalone_rtl_deps(const char *rtl_dir, const char *text, char **names,
                           int cap);

#endif
