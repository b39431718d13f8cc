/*
 * memmodel.c - the golden model's memory model (see memmodel.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/err.h"
#include "golden/memmodel.h"

#define MEM_WAYS 8

void sg_mem_opts_default(sg_mem_opts *o)
{
    memset(o, 0, sizeof *o);
    o->line_bytes = 64;
    o->bw = 16;
    o->latency = 100;
}

sg_mem *sg_mem_new(const sg_mem_opts *o, int max_tensors, size_t max_taps)
{
    sg_mem *m = sg_calloc(1, sizeof *m);
    m->o = *o;
    m->cap_t = max_tensors;
    m->t = sg_calloc((size_t)(max_tensors > 0 ? max_tensors : 1), sizeof *m->t);
    m->cap_tap = max_taps;
    m->tap = sg_calloc(max_taps ? max_taps : 1, sizeof *m->tap);
    if (m->o.line_bytes == 0)
        m->o.line_bytes = 64;
    if (m->o.bw == 0)
        m->o.bw = 1;
    return m;
}

sg_mem_tensor *sg_mem_add_tensor(sg_mem *m, const char *name, const sg_fibertree *ft,
                                 int width)
{
    if (m->nt == m->cap_t)
        return NULL;
    sg_mem_tensor *t = &m->t[m->nt++];
    memset(t, 0, sizeof *t);
    snprintf(t->name, sizeof t->name, "%s", name);
    t->ft = ft;
    t->order = ft->fmt.order;
    t->val_bytes = (width + 7) / 8;
    uint64_t a = 0;
    for (int l = 0; l < t->order; l++) {
        const sg_level *lv = &ft->lvl[l];
        t->lvl_fmt[l] = lv->fmt;
        t->seg_base[l] = a;
        /* a range level's offsets sit where a seg would; the offset level
         * under it reads them (it stores nothing of its own) */
        if (lv->fmt == SG_LVL_OFFSET && l > 0)
            t->seg_base[l] = t->seg_base[l - 1];
        a += (uint64_t)(lv->seg ? lv->nseg : lv->fmt == SG_LVL_RANGE ? lv->noff : 0) * 4;
        t->crd_base[l] = a;
        a += (uint64_t)(lv->crd ? lv->ncrd : 0) * 4;
    }
    t->vals_base = a;
    a += (uint64_t)ft->nvals * (uint64_t)t->val_bytes;
    t->total_bytes = a;
    uint64_t lines = a / m->o.line_bytes + 1;
    t->seen = sg_calloc((size_t)(lines / 8 + 1), 1);
    uint64_t cap = m->o.buffer_bytes / m->o.line_bytes;
    if (cap == 0)
        cap = 1;
    t->ways = cap < MEM_WAYS ? (int)cap : MEM_WAYS;
    t->sets = (size_t)(cap / (uint64_t)t->ways);
    t->tag = sg_calloc(t->sets * (size_t)t->ways, sizeof *t->tag);
    t->age = sg_calloc(t->sets * (size_t)t->ways, sizeof *t->age);
    return t;
}

sg_memtap *sg_mem_tap(sg_mem *m, sg_mem_tensor *t, int level)
{
    if (m->ntap == m->cap_tap)
        return NULL;
    sg_memtap *tp = &m->tap[m->ntap++];
    tp->owner = m;
    tp->t = t;
    tp->level = level;
    return tp;
}

/* Read the lines of bytes [a, a + n) of t's arrays. */
static void touch(const sg_mem *m, sg_mem_tensor *t, uint64_t a, uint64_t n)
{
    if (n == 0)
        return;
    t->read_bytes += n;
    uint64_t lb = m->o.line_bytes;
    for (uint64_t line = a / lb; line <= (a + n - 1) / lb; line++) {
        if (!(t->seen[line / 8] & (1u << (line % 8)))) {
            t->seen[line / 8] |= (uint8_t)(1u << (line % 8));
            t->footprint_lines++;
        }
        size_t set = (size_t)(line % t->sets);
        uint64_t *tg = t->tag + set * (size_t)t->ways, *ag = t->age + set * (size_t)t->ways;
        t->tick++;
        int hit = -1, victim = 0;
        for (int w = 0; w < t->ways; w++) {
            if (tg[w] == line + 1)
                hit = w;
            if (ag[w] < ag[victim])
                victim = w;
        }
        if (hit < 0) {
            t->fetched_lines++;
            tg[victim] = line + 1;
            hit = victim;
        }
        ag[hit] = t->tick;
    }
}

void sg_memtap_tok(sg_memtap *tp, sg_tok tok)
{
    if (tok.kind != SG_TK_DATA || tok.v < 0)
        return;
    sg_mem_tensor *t = tp->t;
    const sg_fibertree *ft = t->ft;
    uint64_t r = (uint64_t)tok.v;
    if (tp->level < 0) {
        if (r >= ft->nvals)
            return;             /* the primitive reports it */
        t->vals_reads++;
        touch(tp->owner, t, t->vals_base + r * (uint64_t)t->val_bytes,
              (uint64_t)t->val_bytes);
        return;
    }
    int l = tp->level;
    const sg_level *lv = &ft->lvl[l];
    if (lv->fmt == SG_LVL_SINGLETON) {
        /* the fiber's positions r .. the first whose last bit is set */
        uint64_t y = r;
        while (y < lv->ncrd && !lv->last[y])
            y++;
        if (y >= lv->ncrd)
            return;             /* the primitive reports it */
        t->crd_reads[l] += y + 1 - r;
        touch(tp->owner, t, t->crd_base[l] + r * 4, (y + 1 - r) * 4);
        return;
    }
    if (lv->fmt == SG_LVL_RANGE || lv->fmt == SG_LVL_OFFSET) {
        /* one offset per fiber: the range level's off[r], the offset
         * level's off[r / N] */
        uint64_t k = lv->fmt == SG_LVL_RANGE ? r : lv->w > 0 ? r / (uint64_t)lv->w : lv->noff;
        if (k >= lv->noff)
            return;
        t->seg_reads[l]++;
        touch(tp->owner, t, t->seg_base[l] + k * 4, 4);
        return;
    }
    if (!lv->seg || r + 1 >= lv->nseg)
        return;
    uint64_t x = (uint64_t)lv->seg[r], y = (uint64_t)lv->seg[r + 1];
    if (y < x || y > lv->ncrd)
        return;
    t->seg_reads[l] += 2;
    touch(tp->owner, t, t->seg_base[l] + r * 4, 8);
    if (y > x) {
        t->crd_reads[l] += y - x;
        touch(tp->owner, t, t->crd_base[l] + x * 4, (y - x) * 4);
    }
}

void sg_mem_add_written(sg_mem *m, const sg_fibertree *ft, int width)
{
    for (int l = 0; l < ft->fmt.order; l++) {
        const sg_level *lv = &ft->lvl[l];
        m->written_bytes += (uint64_t)((lv->seg ? lv->nseg : 0) + (lv->crd ? lv->ncrd : 0)) * 4;
    }
    m->written_bytes += (uint64_t)ft->nvals * (uint64_t)((width + 7) / 8);
}

uint64_t sg_mem_fetched_bytes(const sg_mem *m)
{
    uint64_t b = 0;
    for (int k = 0; k < m->nt; k++)
        b += m->t[k].fetched_lines * m->o.line_bytes;
    return b;
}

uint64_t sg_mem_dram_cycles(const sg_mem *m)
{
    uint64_t b = sg_mem_fetched_bytes(m) + m->written_bytes;
    return m->o.latency + (b + m->o.bw - 1) / m->o.bw;
}

void sg_mem_free(sg_mem *m)
{
    if (!m)
        return;
    for (int k = 0; k < m->nt; k++) {
        free(m->t[k].tag);
        free(m->t[k].age);
        free(m->t[k].seen);
    }
    free(m->t);
    free(m->tap);
    free(m);
}
