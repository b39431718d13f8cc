/*
 * proc.h - run an external program (Verilator, Icarus, the simulation,
 * Yosys, nextpnr, dot, gnuplot) and watch it.
 *
 * Every external program samgen starts goes through sg_proc_run: it runs
 * in a process group of its own, so that everything it starts (Verilator's
 * make and compiler, for instance) can be ended together.  While it runs,
 * samgen can say what it is doing on stderr: one line when a named step
 * starts ("samgen verify: building with Verilator ..."), and when stderr
 * is a terminal a line every 10 s with the elapsed time.  With a time
 * limit, a step that runs longer is ended (its whole process group, then
 * reaped) and reported as "NAME did not finish in S s (--timeout)".  An
 * interrupt or termination signal sent to samgen while it waits ends the
 * group too, then samgen itself as the signal would have.
 */
#ifndef SG_PROC_H
#define SG_PROC_H

#include "core/err.h"

/* How long steps are watched, shared by every step of a command. */
typedef struct sg_proc_watch {
    const char *prog;         /* prefix of progress lines: "samgen verify" */
    int quiet;                /* no progress lines at all */
    int timeout_s;            /* end a step after this many seconds; 0: never */
} sg_proc_watch;

/* One program to run. */
typedef struct sg_proc {
    char *const *argv;        /* argv[0] is looked up in PATH */
    const char *dir;          /* run there; NULL: the current directory */
    const char *out_path;     /* stdout into this file (relative to dir); NULL: inherited */
    int err_too;              /* stderr into out_path as well */
    const char *step;         /* progress line "PROG: STEP ..."; NULL: none */
    const char *name;         /* the step in the timeout message; NULL: argv[0] */
} sg_proc;

/* The heartbeat period on a terminal, in seconds. */
#define SG_PROC_HEARTBEAT_S 10

/* sg_proc_run's result when the step ran out of time. */
#define SG_PROC_TIMEOUT (-2)

/* Run p, watched by w (NULL: no progress lines, no time limit).  Returns
 * the program's exit status 0..255 (127: it could not be started), 128 +
 * the signal number when a signal ended it, -1 with e set when no process
 * could be created, or SG_PROC_TIMEOUT with e set (code SG_EXIT_CHECK)
 * when it ran out of time; its process group has then been ended. */
int sg_proc_run(const sg_proc *p, const sg_proc_watch *w, sg_err *e);

#endif
