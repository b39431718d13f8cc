/*
 * prim_workspace.h - the sparse accumulator (SPA) row buffer and pending-output
 * lists shared by the sparse accumulators and the vector reducer.  Internal.
 */
#ifndef SG_PRIM_WORKSPACE_H
#define SG_PRIM_WORKSPACE_H

#include "core/value.h"
#include "golden/golden.h"
#include "golden/prim.h"
#include "core/tensor.h"

/* The hash workspace's table as hardware would hold it: keys in `slots`
 * slots, linear probing from a multiplicative hash, cleared per row.  With
 * a capacity the table has cap slots and a new key that finds it full is
 * an overflow (`full`); without one it starts at 16 slots and doubles
 * before its load passes 1/2, moving its entries.  It only counts (the
 * sums stay in spa_row): probes, moves, sort steps, into st. */
typedef struct ws_hash {
    golden_ws_stat *st;
    uint64_t *key;
    uint32_t *gen;              /* a slot is in use when its gen is g */
    size_t slots, n;
    uint32_t g;
    int full;
} ws_hash;

void sg_wsh_insert(ws_hash *h, uint64_t key);
/* A row of the table's entries was emitted: count its ordering, clear. */
void sg_wsh_row_end(ws_hash *h);
void sg_wsh_free(ws_hash *h);

/* A row of k entries (largest inner coordinate imax, outer coordinate o,
 * or -1) leaves workspace w, which holds `held` entries in all at that
 * point: rows, entries, peak and extents.  Returns -1 when a sorted or
 * hash workspace with a capacity could not have held them. */
int sg_ws_note_row(golden_ws_stat *w, size_t k, size_t held, int64_t imax, int64_t o);
/* The overflow message for sg_ws_note_row's -1 or a full hash table. */
long sg_ws_fail(sg_pnode *n, const golden_ws_stat *w, size_t need);

/* A row keyed by inner coordinate, plus the list of touched coordinates.
 * Coordinates below SG_SPA_DENSE_MAX live in dense value/flag arrays grown
 * on demand (at most SG_SPA_DENSE_MAX entries); larger ones in an
 * open-addressing hash map, so memory follows the number of distinct
 * coordinates, never their values.  A map slot is in use when its
 * generation is the row's: clearing the row moves to the next one. */
#define SG_SPA_DENSE_MAX ((size_t)1 << 20)

typedef struct spa_slot {
    int64_t crd, val;
    uint32_t gen;
} spa_slot;

typedef struct spa_row {
    int64_t *val;
    unsigned char *has;
    size_t cap;
    spa_slot *map;              /* hcap slots (a power of two) or NULL */
    size_t hcap, hn;
    uint32_t gen;               /* current generation (>= 1 once used) */
    int64_t *touched;
    size_t nt, capt;
    int sparse;                 /* every coordinate in the map: memory follows
                                 * the entries (sorted and hash workspaces) */
    ws_hash *hm;                /* the hash workspace's table, or NULL */
} spa_row;

/* Set up r for workspace w (NULL: dense). */
void sg_spa_setup(spa_row *r, golden_ws_stat *w);

void sg_spa_add(spa_row *r, int64_t crd, int64_t v, int vt);
/* The value at a touched coordinate (the sum added there). */
int64_t sg_spa_val(const spa_row *r, int64_t crd);

/* sg_spa_add for a coordinate already in the row (the common case inline). */
static inline void spa_add_fast(spa_row *r, int64_t crd, int64_t v, int vt)
{
    size_t c = (size_t)crd;
    if (c < r->cap && r->has[c])
        r->val[c] = sg_val_add(vt, r->val[c], v);
    else
        sg_spa_add(r, crd, v, vt);
}
/* Sort the touched coordinates; the caller reads sg_spa_val(touched[i]),
 * then calls sg_spa_clear. */
void sg_spa_sort(spa_row *r);
void sg_spa_clear(spa_row *r);
void sg_spa_free(spa_row *r);

/* A FIFO of tokens waiting to be emitted on one port (one per cycle). */
typedef struct pend_q {
    sg_tok *t;
    size_t head, n, cap;
} pend_q;

void sg_pend_push(pend_q *p, sg_tok t);
static inline int pend_has(const pend_q *p) { return p->head < p->n; }
static inline sg_tok pend_peek(const pend_q *p) { return p->t[p->head]; }
static inline void pend_pop(pend_q *p)
{
    if (++p->head == p->n)
        p->head = p->n = 0;
}
void sg_pend_free(pend_q *p);

/* Emit at most one pending token on port o; returns 1 if one was emitted. */
static inline int pend_emit(pend_q *p, sg_port *o)
{
    if (!pend_has(p) || !port_room(o))
        return 0;
    port_push(o, pend_peek(p));
    pend_pop(p);
    return 1;
}

/* Emit pending tokens on port o while it has room (functional engine: the
 * stream is the same as one per firing); returns 1 if any was emitted. */
static inline int pend_emit_all(pend_q *p, sg_port *o)
{
    if (!pend_emit(p, o))
        return 0;
    while (pend_emit(p, o))
        ;
    return 1;
}

#endif
