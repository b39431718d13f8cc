/*
 * json.h - JSON in samgen's reports: the one string writer behind every
 * report samgen writes (report.json, `samgen check --json`, `samgen area
 * --json`), and a strict reader for reading a report back (`samgen dot
 * --report`).
 */
#ifndef SG_JSON_H
#define SG_JSON_H

#include <stddef.h>
#include <stdio.h>

#include "core/err.h"

/* Write s as a quoted JSON string: quote and backslash escaped, newline as
 * \n, other control characters as \u00XX; NULL writes "". */
void sg_json_str(FILE *f, const char *s);

/* ---- reading ------------------------------------------------------------ */

typedef enum sg_json_type {
    SG_JSON_NULL,
    SG_JSON_BOOL,
    SG_JSON_NUM,
    SG_JSON_STR,
    SG_JSON_ARR,
    SG_JSON_OBJ
} sg_json_type;

/* One JSON value.  An array's or object's members are kids[0..n); an
 * object member has its key in key.  A string's \uXXXX escapes above
 * U+007F are kept as UTF-8. */
typedef struct sg_json {
    sg_json_type type;
    int b;                   /* SG_JSON_BOOL */
    double num;              /* SG_JSON_NUM */
    char *str;               /* SG_JSON_STR (malloc'd) */
    char *key;               /* member of an object: its key (malloc'd) */
    struct sg_json *kids;    /* SG_JSON_ARR, SG_JSON_OBJ */
    size_t n;
} sg_json;

/* Parse text[0..len) as one JSON document (RFC 8259: one value, optional
 * white space around it, nesting at most 64 deep).  0, or -1 with e filled
 * as "file:LINE: not JSON: what is wrong" (code SG_EXIT_USAGE). */
int sg_json_parse(const char *text, size_t len, const char *file, sg_json *out,
                  sg_err *e);

/* Read and parse the file at path, as sg_json_parse. */
int sg_json_read_file(const char *path, sg_json *out, sg_err *e);

void sg_json_free(sg_json *v);

/* The member key of object o, or NULL (also when o is no object). */
const sg_json *sg_json_get(const sg_json *o, const char *key);

#endif
