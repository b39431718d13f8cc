/*
 * json.h - the one JSON string writer behind every report samgen writes
 * (report.json, `samgen check --json`, `samgen area --json`).
 */
#ifndef SG_JSON_H
#define SG_JSON_H

#include <stdio.h>

/* Write s as a quoted JSON string: quote and backslash escaped, newline as
 * \n, other control characters as \u00XX; NULL writes "". */
void sg_json_str(FILE *f, const char *s);

#endif
