/*
 * engine_timed.c - the cycle engine's timed mode: the cycle counts, peaks
 * and streams of the cycle-by-cycle loop (engine_cycle.c), computed node by
 * node ahead of a common clock, for nets whose FIFOs are all unbounded
 * (the default) and whose queues all run forward in topological order (no
 * skipping scanners).
 *
 * With unbounded FIFOs a node's firing in cycle c depends only on its own
 * state and on the input tokens visible in cycle c: those pushed in cycles
 * before c.  So each token carries the cycle from which it is visible (its
 * stamp, see sg_q in prim.h), and a node can be simulated on its own clock
 * as far as its inputs are known.  The engine advances the nodes in
 * topological order, producers first, each up to a common horizon that
 * moves by a window of cycles: when a node runs, every token its inputs
 * will carry before the horizon is already there.  A node simulated at its
 * clock t fires once as in the cycle loop (its inputs show the tokens with
 * stamp <= t, its pushes get stamp t + 1, its pops weigh the peaks, see
 * q_tpop); when it cannot fire it sleeps until the next stamp of an input
 * (a node the cycle loop would not step, since nothing it sees changed).
 * Primitives with a tfire function do their common firings in a batch
 * with per-token cycles (max of the node's next cycle and the stamps of
 * the tokens taken); tmap nodes (one token in, one out per firing) are
 * batched here through their ordinary fire function.
 *
 * Outcomes as in the cycle loop: the cycle count is one more than the
 * cycle in which the last node finished; a cycle in which no node makes
 * progress while some node is not done is a deadlock (nothing can change
 * afterwards), reported in the cycle after it; the first error in cycle
 * order is reported (in one cycle, the node the loop steps first: the
 * lowest rank, consumers first).
 */
#include <stdlib.h>

#include "golden/net.h"

/* Cycles per window: how far a producer runs ahead of its consumers. */
#define TM_WINDOW 2048
/* Tokens per tmap batch. */
#define TM_BATCH 256

typedef struct tm_node {
    sg_pnode *n;
    uint64_t t;             /* next cycle to simulate */
    uint32_t id, rank;
    int nin, nout;
    sg_q *in[SG_PRIM_MAX_IN];
    sg_q **out;
} tm_node;

typedef struct tm_run {
    uint64_t last;          /* last cycle with progress, + 1 (0: none) */
    uint64_t fin;           /* last cycle in which a node finished, + 1 */
    int prog;               /* progress in the current window */
    int err;                /* an error was met */
    uint64_t err_cyc;
    uint32_t err_rank, err_id;
} tm_run;

int sg_engine_timed_ok(const sg_net *net)
{
    size_t nn = net->n_order;
    for (size_t i = 0; i < net->n_all; i++)
        if (net->all[i]->lim != SIZE_MAX)
            return 0;
    int ok = 1;
    int *pos = sg_malloc((nn + 1) * sizeof *pos);
    for (size_t k = 0; k < nn; k++)
        pos[net->order[k]] = (int)k;
    for (size_t v = 0; v < nn && ok; v++) {
        sg_pnode *n = &net->node[v];
        sg_q *x[2];
        if (sg_prim_scan_skip_core(n) || sg_prim_extra_outputs(n, x) > 0)
            ok = 0;
        for (int p = 0; p < n->n_out && ok; p++)
            for (int i = 0; i < n->out[p].n; i++) {
                sg_q *q = n->out[p].q[i];
                /* the consumer must come later in the order */
                for (size_t w = 0; w < nn; w++)
                    for (int r = 0; r < net->node[w].n_in; r++)
                        if (net->node[w].in[r] == q && pos[w] <= pos[v])
                            ok = 0;
            }
    }
    free(pos);
    return ok;
}

/* Visible tokens of q in cycle c. */
static inline void tm_vis(sg_q *q, uint64_t c)
{
    uint64_t v = q->vend < q->head ? q->head : q->vend;
    while (v < q->tail && q->stamp[v & q->mask] <= c)
        v++;
    q->vend = v;
}

static void tm_error(tm_run *ru, const tm_node *tn, uint64_t c)
{
    if (!ru->err || c < ru->err_cyc ||
        (c == ru->err_cyc && tn->rank < ru->err_rank)) {
        ru->err = 1;
        ru->err_cyc = c;
        ru->err_rank = tn->rank;
        ru->err_id = tn->id;
    }
}

/* Progress of a node in cycle c (done: it finished in c). */
static inline void tm_note(tm_run *ru, const sg_pnode *n, uint64_t c, int fired)
{
    if (fired) {
        ru->prog = 1;
        if (c + 1 > ru->last)
            ru->last = c + 1;
    }
    if (n->done && c + 1 > ru->fin)
        ru->fin = c + 1;
}

/* A tmap node: up to TM_BATCH firings through fire(n, k).  Returns 1 when
 * it fired, 0 when its next firing is not before end (t moved there), -1
 * on an error. */
static int tm_map(tm_node *tn, uint64_t end, tm_run *ru)
{
    sg_pnode *n = tn->n;
    sg_q *in = n->in[0];
    uint64_t fs[TM_BATCH], h = in->head, tl = in->tail, f = tn->t, k = 0;
    while (k < TM_BATCH && h + k < tl) {
        uint64_t s = in->stamp[(h + k) & in->mask], c = s > f ? s : f;
        if (c >= end)
            break;
        fs[k++] = c;
        f = c + 1;
    }
    if (k == 0) {
        tn->t = end;
        return 0;
    }
    uint64_t t0[SG_PRIM_MAX_OUT * 16];
    for (int i = 0; i < tn->nout; i++)
        t0[i] = tn->out[i]->tail;
    in->vend = h + k;
    long m = n->fire(n, (long)k);
    uint64_t popped = in->head - h;
    if (m < 0) {
        tm_error(ru, tn, fs[popped < k ? popped : k - 1]);
        return -1;
    }
    for (uint64_t i = 0; i < popped; i++)
        q_tpeak(in, fs[i], h + i);
    for (int j = 0; j < tn->nout; j++) {
        sg_q *q = tn->out[j];
        uint64_t *st = q->stamp, qm = q->mask, b = t0[j], np = q->tail - b;
        for (uint64_t i = 0; i < np; i++)
            st[(b + i) & qm] = fs[i] + 1;
    }
    if (m == 0) {                   /* cannot happen: a visible token */
        tn->t = fs[0] + 1;
        return 1;
    }
    n->firings += (uint64_t)m;
    tn->t = fs[m - 1] + 1;
    tm_note(ru, n, fs[m - 1], 1);
    return 1;
}

/* Simulate a node from its clock up to end (exclusive).  0, or -1 on an
 * error (recorded in ru). */
static int tm_advance(tm_node *tn, uint64_t end, tm_run *ru)
{
    sg_pnode *n = tn->n;
    while (tn->t < end && !n->done) {
        if (n->tfire) {
            uint64_t t = tn->t;
            long k = n->tfire(n, &t, end);
            if (k > 0) {
                n->firings += (uint64_t)k;
                tn->t = t;
                tm_note(ru, n, t - 1, 1);
            }
            if (n->tblock) {
                n->tblock = 0;
                tn->t = end;
                break;
            }
            if (k > 0)
                continue;
        }
        if (n->tmap) {
            int r = tm_map(tn, end, ru);
            if (r < 0)
                return -1;
            continue;
        }
        /* One cycle as the cycle loop does it. */
        uint64_t c = tn->t;
        uint64_t h0[SG_PRIM_MAX_IN], t0[SG_PRIM_MAX_OUT * 16];
        for (int i = 0; i < tn->nin; i++) {
            tm_vis(tn->in[i], c);
            h0[i] = tn->in[i]->head;
        }
        for (int i = 0; i < tn->nout; i++)
            t0[i] = tn->out[i]->tail;
        long f = n->fire(n, 1);
        if (f < 0) {
            tm_error(ru, tn, c);
            return -1;
        }
        if (f == 0 && !n->done) {
            /* Asleep until an input shows a new token. */
            uint64_t nx = end;
            for (int i = 0; i < tn->nin; i++) {
                sg_q *q = tn->in[i];
                if (q->vend < q->tail && q->stamp[q->vend & q->mask] < nx)
                    nx = q->stamp[q->vend & q->mask];
            }
            tn->t = nx;
            continue;
        }
        for (int i = 0; i < tn->nin; i++)
            if (tn->in[i]->head != h0[i])
                q_tpeak(tn->in[i], c, h0[i]);
        for (int j = 0; j < tn->nout; j++) {
            sg_q *q = tn->out[j];
            for (uint64_t i = t0[j]; i < q->tail; i++)
                q->stamp[i & q->mask] = c + 1;
            if (q->tail - t0[j] > 1)
                q->multi = 1;
        }
        if (f > 0)
            n->firings += (uint64_t)f;
        tm_note(ru, n, c, f > 0);
        tn->t = c + 1;
    }
    return 0;
}

/* Ready n for a timed run in x: no ramp, no drain, its connected inputs
 * listed. */
static void tm_node_start(tm_node *x, sg_pnode *n)
{
    x->n = n;
    n->can_ramp = 0;
    n->ramp = 0;
    n->drain[0] = n->drain[1] = NULL;
    for (int p = 0; p < n->n_in; p++)
        if (n->in[p])
            x->in[x->nin++] = n->in[p];
}

/* Ready q for a timed run: hooked when traced or kept, stamped from its
 * head. */
static void tm_q_start(sg_q *q)
{
    q->hook = sg_q_hooked(q);
    q->ahead = 0;
    sg_q_tstart(q);
    q->vend = q->head;
}

/* The timed run: node batches in order, then the result.  Kept whole so
 * that the one pass over the net reads top to bottom. */
int sg_engine_timed_run(sg_net *net, uint64_t max_cycles, golden_result *r,
                     sg_err *e)
{
    const sg_graph *g = net->g;
    size_t nn = net->n_order, nout = 0, live = 0;
    for (size_t v = 0; v < nn; v++)
        for (int p = 0; p < net->node[v].n_out; p++)
            nout += (size_t)net->node[v].out[p].n;
    tm_node *tn = sg_calloc(nn ? nn : 1, sizeof *tn);
    sg_q **outs = sg_malloc((nout ? nout : 1) * sizeof *outs);
    size_t ko = 0;
    for (size_t k = 0; k < nn; k++) {
        tm_node *x = &tn[k];
        x->id = (uint32_t)net->order[k];
        x->rank = (uint32_t)(nn - 1 - k);
        tm_node_start(x, &net->node[x->id]);
        x->out = outs + ko;
        for (int p = 0; p < x->n->n_out; p++)
            for (int i = 0; i < x->n->out[p].n; i++)
                outs[ko++] = x->n->out[p].q[i];
        x->nout = (int)(outs + ko - x->out);
        if (x->nout > SG_PRIM_MAX_OUT * 16)
            x->nout = SG_PRIM_MAX_OUT * 16;     /* not met: ports are few */
        live += !x->n->done;
    }
    for (size_t i = 0; i < net->n_all; i++)
        tm_q_start(net->all[i]);
    tm_run ru;
    memset(&ru, 0, sizeof ru);
    uint64_t h = 0;
    int dead = 0;
    while (live) {
        h += TM_WINDOW;
        ru.prog = 0;
        for (size_t k = 0; k < nn; k++) {
            tm_node *x = &tn[k];
            if (x->n->done)
                continue;
            tm_advance(x, ru.err ? (ru.err_cyc + 1 < h ? ru.err_cyc + 1 : h) : h, &ru);
            if (x->n->done)
                live--;
        }
        if (ru.err || !live)
            break;
        if (!ru.prog) {
            dead = 1;
            break;
        }
        if (max_cycles && h >= max_cycles + 2 * (uint64_t)TM_WINDOW)
            break;
    }
    int rc = 0;
    for (size_t i = 0; i < net->n_all; i++) {
        sg_q *q = net->all[i];
        sg_q_tfinish(q);
        q->vend = q->tail;
        q->rhead = q->head;
    }
    if (ru.err) {
        r->cycles = ru.err_cyc;
        rc = sg_net_node_error(net, ru.err_id, e);
    } else if (!live) {
        r->cycles = ru.fin;
        if (max_cycles && ru.fin > max_cycles) {
            r->cycles = max_cycles;
            rc = sg_errc(e, SG_EXIT_CHECK, g->path, 0,
                         "cycle limit %llu reached before the graph finished",
                         (unsigned long long)max_cycles);
        }
    } else if (dead && (!max_cycles || ru.last + 1 <= max_cycles)) {
        r->cycles = ru.last + 1;
        for (size_t i = 0; i < net->n_all; i++)
            sg_q_sync(net->all[i]);
        r->deadlock = 1;
        r->deadlock_msg = sg_net_stuck_report(net);
        sg_errc(e, SG_EXIT_CHECK, g->path, 0, "deadlock at cycle %llu: %s",
                (unsigned long long)r->cycles, r->deadlock_msg);
    } else {
        r->cycles = max_cycles;
        rc = sg_errc(e, SG_EXIT_CHECK, g->path, 0,
                     "cycle limit %llu reached before the graph finished",
                     (unsigned long long)max_cycles);
    }
    for (size_t i = 0; i < net->n_all; i++)
        sg_q_sync(net->all[i]);
    free(tn);
    free(outs);
    return rc;
}

int sg_engine_timed_node(sg_pnode *n, uint64_t *cycles)
{
    sg_q *outs[SG_PRIM_MAX_OUT * 16];
    tm_node tn;
    memset(&tn, 0, sizeof tn);
    tn.out = outs;
    tm_node_start(&tn, n);
    for (int p = 0; p < n->n_out; p++)
        for (int i = 0; i < n->out[p].n && tn.nout < SG_PRIM_MAX_OUT * 16; i++)
            outs[tn.nout++] = n->out[p].q[i];
    for (int i = 0; i < tn.nin + tn.nout; i++)
        tm_q_start(i < tn.nin ? tn.in[i] : outs[i - tn.nin]);
    tm_run ru;
    memset(&ru, 0, sizeof ru);
    uint64_t h = 0;
    while (!n->done) {
        h += TM_WINDOW;
        ru.prog = 0;
        if (tm_advance(&tn, h, &ru) < 0) {
            *cycles = ru.err_cyc;
            return -1;
        }
        if (!ru.prog && !n->done)
            break;
    }
    *cycles = n->done ? ru.fin : ru.last + 1;
    return n->done ? 0 : 1;
}
