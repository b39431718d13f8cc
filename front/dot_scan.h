/*
 * dot_scan.h - the raw DOT text scanner of the DOT reader (front/ only).
 *
 * One pass over the text finds the line of every node statement and edge
 * statement, the graph's comment= line, and where the first top-level graph
 * ends; graph_read.c hands cgraph the text up to there and takes line
 * numbers from here (edges are matched to cgraph's edges in creation
 * order).
 */
#ifndef SG_DOT_SCAN_H
#define SG_DOT_SCAN_H

#include <stddef.h>

#include "core/err.h"

typedef struct id_line {
    long id;
    long line;
    int is_stmt;           /* 1: a node statement, 0: a mention in an edge */
    size_t a_off, a_end;   /* a statement's attribute lists: text[a_off..a_end) */
} id_line;

typedef struct edge_line {
    long tail, head;
    long line;
    int used;
} edge_line;

typedef struct scan_info {
    id_line *ids;
    size_t n_ids, cap_ids;
    edge_line *edges;
    size_t n_edges, cap_edges;
    long comment_line;     /* line of the graph's comment= statement */
    size_t graph_end;      /* offset just past the first graph's '}' (0: none) */
    long end_line;         /* line of that brace */
    long long_line;        /* line of a token longer than SG_DOT_TOKEN_MAX
                            * (0: none); the scan stops there */
    const char *long_what; /* what that token is ("quoted string", ...) */
} scan_info;

/* The longest single DOT token (quoted or HTML string, identifier,
 * comment) samgen hands to cgraph, whose scanner rereads a token from its
 * start each time it refills its 8 KiB input buffer (time quadratic in the
 * token's length). */
#define SG_DOT_TOKEN_MAX ((size_t)1 << 16)

/* Scan text[0..len-1] into si (freed with sg_dot_scan_free in every case).
 * Fails, naming path, on a NUL byte, on a token longer than
 * SG_DOT_TOKEN_MAX, on text without a complete graph, on text after the
 * first graph's closing brace, and on a node given by two statements whose
 * attributes differ (which cgraph would merge, the later value silently
 * winning); identical repeats are accepted. */
int sg_dot_scan(const char *text, size_t len, const char *path, scan_info *si, sg_err *e);
void sg_dot_scan_free(scan_info *si);

/* Parse s[0..n-1] as a decimal node id; -1 when it is not one. */
long sg_dot_parse_id(const char *s, size_t n);

/* Line of node id: its statement, else its first mention; 0 if unknown. */
long sg_dot_node_line(const scan_info *si, long id);
/* Line of the next edge statement tail -> head, in file order (each
 * statement is used once; *cursor starts at 0).  0 if unknown. */
long sg_dot_edge_line(scan_info *si, size_t *cursor, long tail, long head);

#endif
