/*
 * opt.h - the one option parser of every samgen command, driven by the
 * option table cli/options.def.
 *
 * Spellings, the same on every command: --LONG VALUE, --LONG=VALUE,
 * -S VALUE, -SVALUE, -S=VALUE, a documented alias --ALIAS in place of
 * --LONG, flags without a value; "--" ends the options (what follows is
 * positional); "-" alone is positional.  Options and positional arguments
 * may come in any order.  An option the command does not take is refused
 * with "unknown option 'X'", an option without its value with "option 'X'
 * needs a value (VALUE)", a value given to a flag with "option 'X' takes no
 * value"; each is "samgen CMD: ..." and exit 2.
 */
#ifndef SG_OPT_H
#define SG_OPT_H

#include <stdio.h>

typedef enum sg_opt_id {
#define SG_OPTION(id, lng, alias, shrt, val, once) SG_OPT_##id,
#include "cli/options.def"
#undef SG_OPTION
    SG_OPT__COUNT,
    SG_OPT_ARG = -1           /* a positional argument */
} sg_opt_id;

/* Called once per option and positional argument, in order.  id is the
 * option (SG_OPT_ARG for a positional argument), spelled how the user
 * wrote its name ("--width", "-o"; for a positional argument NULL, or "--"
 * when it came after "--"), val its value (NULL for a flag; the argument
 * itself for SG_OPT_ARG).  Returns 0 to go on, else the exit code after
 * the message. */
typedef int (*sg_opt_fn)(void *ctx, sg_opt_id id, const char *spelled,
                         const char *val);

/* Parse argv[1..argc-1] for command cmd (argv[0] is not looked at).
 * Returns 0, or the exit code after the message (-h/--help prints the
 * help and returns -1: the caller returns 0). */
int sg_opt_parse(const char *cmd, int argc, char **argv, sg_opt_fn fn, void *ctx);

/* Does cmd take option id? */
int sg_opt_takes(const char *cmd, sg_opt_id id);

/* The help of a command generated from the table: usage (the synopsis and
 * description), the options, then notes.  markdown: as docs/cli.md
 * writes it. */
void sg_opt_write_help(FILE *f, const char *cmd, const char *usage,
                       const char *notes, int markdown);
#endif
