/*
 * prim_queue.c - token queues and node helpers shared by every primitive.
 *
 * The inline fast paths (push, pop, peek, commit) live in prim.h; this file
 * holds the slow paths: initialisation, growth, trace output, report counts,
 * error text and node teardown.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "golden/memmodel.h"
#include "golden/prim.h"

void sg_q_init(sg_q *q, sg_stream_kind kind, int cyc, size_t lim)
{
    memset(q, 0, sizeof *q);
    q->buf = sg_malloc(16 * sizeof *q->buf);
    q->mask = 15;
    q->kind = kind;
    q->lim = lim ? lim : SIZE_MAX;
    q->prod = q->cons = -1;
    q->hook = 1;
    sg_q_set_cyc(q, cyc);
}

void sg_q_set_cyc(sg_q *q, int cyc)
{
    q_commit(q);
    q->cyc = cyc;
    q->vendp = cyc ? &q->vend : &q->tail;
    q->rheadp = cyc ? &q->rhead : &q->head;
}

void sg_q_free(sg_q *q)
{
    free(q->buf);
    q->buf = NULL;
    free(q->stamp);
    q->stamp = NULL;
}

void sg_q_grow(sg_q *q)
{
    uint64_t cap = q->mask + 1, ncap = cap * 2, n = q->tail - q->head;
    sg_tok *nb = sg_malloc((size_t)ncap * sizeof *nb);
    for (uint64_t i = q->head; i < q->head + n; i++)
        nb[i & (ncap - 1)] = q->buf[i & q->mask];
    free(q->buf);
    q->buf = nb;
    if (q->stamp) {
        uint64_t *ns = sg_malloc((size_t)ncap * sizeof *ns);
        if (q->pk < q->head)
            q->pk = q->head;    /* popped pushes weigh nothing any more */
        for (uint64_t i = q->head; i < q->tail; i++)
            ns[i & (ncap - 1)] = q->stamp[i & q->mask];
        free(q->stamp);
        q->stamp = ns;
    }
    q->mask = ncap - 1;
}

void sg_q_tstart(sg_q *q)
{
    free(q->stamp);
    q->stamp = sg_calloc((size_t)q->mask + 1, sizeof *q->stamp);
    q->pk = q->tail;        /* the tokens already in q were weighed when
                             * they were committed */
    q->multi = 0;
}

void sg_q_tfinish(sg_q *q)
{
    if (!q->stamp)
        return;
    if (q->tail > q->head && q->pk < q->tail && q->tail - q->head > q->peak)
        q->peak = (size_t)(q->tail - q->head);
    q->pk = q->tail;
    free(q->stamp);
    q->stamp = NULL;
}

void sg_q_hook(sg_q *q, sg_tok t)
{
    q->hook = sg_q_hooked(q);
    if (q->keep)
        sg_toks_push(q->keep, t);
    if (q->spill)
        sg_spill_push(q->spill, q->spill_k, t);
    if (q->mem)
        sg_memtap_tok(q->mem, t);
    if (!q->trace)
        return;
    char buf[SG_TOK_TEXT + 1];
    int len = sg_tok_format(t, q->kind, buf + 1);
    buf[0] = ' ';
    if (fwrite(buf, 1, (size_t)len + 1, q->trace) != (size_t)len + 1)
        q->trace_err = 1;
}

void sg_q_sync(sg_q *q)
{
    q->n = (size_t)(q->tail - q->head);
    q->vis = *q->vendp > q->head ? (size_t)(*q->vendp - q->head) : 0;
    q->room_n = (size_t)(q->tail - q->rhead);
    q->pushed = q->tail;
}

long sg_prim_fail(sg_pnode *n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(n->err, sizeof n->err, fmt, ap);
    va_end(ap);
    return -1;
}

void sg_prim_node_free(sg_pnode *n)
{
    if (n->st) {
        if (n->st_free)
            n->st_free(n->st);
        else
            free(n->st);
    }
    n->st = NULL;
}
