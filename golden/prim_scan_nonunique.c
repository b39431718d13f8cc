/*
 * prim_scan_nonunique.c - non-unique compressed level scanner (fiberlookup
 * format=nonunique): the upper level of COO.
 *
 * The level is compressed, but with one position per entry below it, so
 * the coordinates of a fiber come in runs (sorted, repeating).  For a
 * reference r it walks positions seg[r] .. seg[r+1]-1 and emits crd[p] / p
 * only where a run starts (p = seg[r] or crd[p] != crd[p-1]): the
 * reference of a run is its first position, which the singleton scanner
 * below opens.  Then the fiber's closing stop by the peek rule; N, an
 * unmerged Sk and D as the compressed scanner (SAM-SEMANTICS 2.1, 2.2).
 *
 * Cycle rules, those of rtl/sam_scan_nonunique.v: the reference is taken
 * in one cycle and its two seg reads take two more (no output); then one
 * position per cycle, emitted or skipped; the closing stop in the next
 * cycle once the next input token is visible; the next reference is taken
 * from the cycle after the stop.  A control token takes one cycle.
 */
#include <stdlib.h>

#include "golden/prim.h"

enum { NU_IDLE, NU_SEG1, NU_SEG2, NU_WALK, NU_CLOSE, NU_DONE };

typedef struct nu_st {
    int st;
    int64_t a, p, end;
    const int64_t *seg, *crd;
    size_t nseg, ncrd;
} nu_st;

static long nu_fire(sg_pnode *n, long budget)
{
    nu_st *s = n->st;
    sg_q *in = n->in[0];
    sg_port *oc = &n->out[0], *orf = &n->out[1];
    long fired = 0;
    while (fired < budget) {
        switch (s->st) {
        case NU_IDLE: {
            if (!q_avail(in))
                return fired;
            sg_tok t = q_peek(in);
            if (t.kind == SG_TK_DATA) {
                int64_t r = t.v;
                if (r < 0 || (uint64_t)r + 1 >= s->nseg)
                    return sg_prim_fail(n, "reference %lld out of range (seg has %zu "
                                        "entries)", (long long)r, s->nseg);
                int64_t a = s->seg[r], b = s->seg[r + 1];
                if (a < 0 || a > b || (uint64_t)b > s->ncrd)
                    return sg_prim_fail(n, "seg[%lld..%lld] = %lld..%lld is not a valid "
                                        "crd range", (long long)r, (long long)r + 1,
                                        (long long)a, (long long)b);
                q_pop(in);
                s->a = s->p = a;
                s->end = b;
                s->st = NU_SEG1;
                break;
            }
            if (!port_room(oc) || !port_room(orf))
                return fired;
            q_pop(in);
            sg_tok o = t;
            if (t.kind == SG_TK_STOP)
                o = sg_stop((int)t.v + 1);
            port_push(oc, o);
            port_push(orf, o);
            if (t.kind == SG_TK_EMPTY)
                s->st = NU_CLOSE;
            else if (t.kind == SG_TK_DONE) {
                s->st = NU_DONE;
                n->done = 1;
                return fired + 1;
            }
            break;
        }
        case NU_SEG1:
            s->st = NU_SEG2;
            break;
        case NU_SEG2:
            s->st = s->p < s->end ? NU_WALK : NU_CLOSE;
            break;
        case NU_WALK: {
            int64_t p = s->p;
            if (p == s->a || s->crd[p] != s->crd[p - 1]) {
                if (!port_room(oc) || !port_room(orf))
                    return fired;
                port_push(oc, sg_data(s->crd[p]));
                port_push(orf, sg_data(p));
            }
            if (++s->p == s->end)
                s->st = NU_CLOSE;
            break;
        }
        case NU_CLOSE: {
            if (!q_avail(in) || !port_room(oc) || !port_room(orf))
                return fired;
            sg_tok stop = q_close_stop(in);
            port_push(oc, stop);
            port_push(orf, stop);
            s->st = NU_IDLE;
            break;
        }
        default:
            return fired;
        }
        fired++;
    }
    return fired;
}

void sg_prim_scan_nonunique_init(sg_pnode *n, const int64_t *seg, size_t nseg,
                                 const int64_t *crd, size_t ncrd)
{
    nu_st *s = sg_calloc(1, sizeof *s);
    s->seg = seg;
    s->nseg = nseg;
    s->crd = crd;
    s->ncrd = ncrd;
    n->st = s;
    n->fire = nu_fire;
}
