/*
 * intparse.h - the one parser of integer option values and parameters.
 *
 * Every numeric command-line option (and every integer parameter of
 * `samgen area --param`) goes through sg_int_parse: plain decimal, an
 * optional sign, no spaces, no other characters, and a value in the range
 * the caller gives.  Values that overflow 64 bits are out of range, never
 * clamped.  The message names the option, so the user sees which one of
 * several numbers is wrong.
 */
#ifndef SG_INTPARSE_H
#define SG_INTPARSE_H

#include <stdint.h>

#include "core/err.h"

/* Parse s as a decimal integer in lo..hi into *out.  Returns 0, or -1 with
 * e set (code SG_EXIT_USAGE, no location) to one of
 *   "NAME: expected an integer in LO..HI, got 'S'"
 *   "NAME: S is out of range LO..HI"
 * where NAME is name (an option such as "--seed"). */
int sg_int_parse(const char *name, const char *s, int64_t lo, int64_t hi,
                 int64_t *out, sg_err *e);

/* 1 when s is a plain decimal integer (sign and digits only, any size). */
int sg_int_syntax_ok(const char *s);

#endif
