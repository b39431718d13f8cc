/*
 * area_json.h - a small JSON reader for the files Yosys and nextpnr write.
 *
 * `samgen area` reads three kinds of JSON: Yosys `stat -json` output, Yosys
 * `json` netlists (ports and cells of the top module) and the nextpnr
 * `--report` file.  This is a plain tree reader: parse once, look values up
 * by key, free the tree.  Numbers are doubles (every count Yosys and nextpnr
 * print fits one exactly); strings are decoded (\uXXXX escapes above 0x7f
 * become '?', which no key samgen looks up contains).
 *
 * Sections: types; API.
 */
#ifndef SG_AREA_JSON_H
#define SG_AREA_JSON_H

#include <stddef.h>

#include "core/err.h"

/* ---- types ----------------------------------------------------------------- */

typedef enum area_jtype {
    AREA_J_NULL = 0,
    AREA_J_BOOL,
    AREA_J_NUM,
    AREA_J_STR,
    AREA_J_ARR,
    AREA_J_OBJ
} area_jtype;

typedef struct area_jv {
    area_jtype t;
    double num;              /* AREA_J_NUM; AREA_J_BOOL: 0 or 1 */
    char *str;               /* AREA_J_STR */
    size_t n;                /* number of items (array) or members (object) */
    char **keys;             /* AREA_J_OBJ: n member names, in file order */
    struct area_jv *items;   /* AREA_J_ARR / AREA_J_OBJ: n values */
} area_jv;

/* ---- API ------------------------------------------------------------------- */

/* Parse text[0..len) into *out.  On failure returns -1 with "PATH:LINE: ..."
 * in e and leaves *out empty (nothing to free); on success returns 0 and the
 * caller frees *out with sg_area_json_free. */
int sg_area_json_parse(const char *text, size_t len, const char *path,
                    area_jv *out, sg_err *e);
/* Read and parse a whole file; errors name the file. */
int sg_area_json_read(const char *path, area_jv *out, sg_err *e);
/* Free the tree under v (v itself is the caller's) and reset it to null. */
void sg_area_json_free(area_jv *v);

/* Member key of object v, or NULL when v is not an object or has no such
 * member.  The first member of that name wins. */
const area_jv *sg_area_json_get(const area_jv *v, const char *key);
/* Number at v (or, when v is a string holding a decimal number, that number:
 * Yosys prints some counts as strings).  Returns dflt otherwise. */
double sg_area_json_num(const area_jv *v, double dflt);

#endif
