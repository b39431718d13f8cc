/*
 * trace.c - parse simulator output (see trace.h).
 */
#include "sim/trace.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int64_t sg_sext(uint64_t v, int w)
{
    if (w <= 0)
        return 0;
    if (w >= 64)
        return (int64_t)v;
    uint64_t m = (UINT64_C(1) << w) - 1;
    v &= m;
    if (v >> (w - 1))
        v |= ~m;
    return (int64_t)v;
}

static void push_tok(sg_simout *so, unsigned long id, unsigned long long cyc, uint64_t tag,
                     uint64_t pay);

static int tok_line(sg_simout *so, char *p, const char *path, long ln,
                    sg_err *e)
{
    char *end;
    unsigned long id = strtoul(p, &end, 10);
    unsigned long long cyc = strtoull(end, &end, 10);
    while (*end == ' ')
        end++;
    char *hex = end;
    if (id >= so->n_edges || !*hex)
        return sg_errf(e, path, ln, "malformed token line");
    int w = so->width[id];
    /* The data may exceed 64 bits only for payloads above 62 bits; the
     * payload is in the last 16 hex digits. */
    size_t hl = strcspn(hex, " \r\n");
    const char *h = hl > 16 ? hex + hl - 16 : hex;
    char buf[17];
    size_t n = hl > 16 ? 16 : hl;
    memcpy(buf, h, n);
    buf[n] = '\0';
    if (strspn(buf, "0123456789abcdefABCDEF") != n)
        return sg_errf(e, path, ln, "token line: unknown bits (x/z) in data '%s'", buf);
    uint64_t d = strtoull(buf, NULL, 16);
    int pw = w - 2;
    uint64_t tag = pw >= 64 ? 0 : (d >> pw) & 3;
    if (pw >= 64 && hl > 16) {
        /* a 64-bit payload (a bitvector word): the tag is in the digits
         * above the last 16 */
        char hi[8];
        size_t k = hl - 16 < 7 ? hl - 16 : 7;
        memcpy(hi, hex + hl - 16 - k, k);
        hi[k] = '\0';
        if (strspn(hi, "0123456789abcdefABCDEF") != k)
            return sg_errf(e, path, ln, "token line: unknown bits (x/z) in data '%s'", hi);
        tag = (strtoull(hi, NULL, 16) >> (pw - 64)) & 3;
    }
    uint64_t pay = pw >= 64 ? d : pw > 0 ? d & ((UINT64_C(1) << pw) - 1) : 0;
    push_tok(so, id, cyc, tag, pay);
    return 0;
}

/* "t <edge> <cycle> <tag> <payload hex>": a token the Verilator harness
 * printed for a tap (tag and payload apart). */
static int dpi_tok_line(sg_simout *so, char *p, const char *path, long ln, sg_err *e)
{
    unsigned long id;
    unsigned long long cyc, pay;
    unsigned tag;
    if (sscanf(p, "%lu %llu %u %llx", &id, &cyc, &tag, &pay) != 4 || id >= so->n_edges ||
        tag > 3)
        return sg_errf(e, path, ln, "malformed token line");
    int pw = so->width[id] - 2;
    if (pw <= 0)
        pay = 0;
    else if (pw < 64)
        pay &= (UINT64_C(1) << pw) - 1;
    push_tok(so, id, cyc, tag, pay);
    return 0;
}

/* "X <edge> <index> <cycle> <exp tag> <exp pay> <got tag> <got pay>": the
 * harness's lockstep check stopped at a wrong token. */
static int x_line(sg_simout *so, char *p, const char *path, long ln, sg_err *e)
{
    sg_simx *x = &so->x;
    unsigned long long ep, gp;
    if (sscanf(p, "%lu %llu %lld %d %llx %d %llx", &x->edge, &x->index, &x->cycle,
               &x->exp_tag, &ep, &x->got_tag, &gp) != 7 || x->edge >= so->n_edges)
        return sg_errf(e, path, ln, "malformed lockstep mismatch line");
    x->exp_pay = ep;
    x->got_pay = gp;
    so->lockstep_fail = 1;
    return 0;
}

/* "S <edge> <tokens>" and "B <node> <busy> <first> <last>": the lockstep
 * harness's figures of a run that passed. */
static int stat_line(sg_simout *so, char *p, int node, const char *path, long ln,
                     sg_err *e)
{
    unsigned long id;
    unsigned long long n;
    long long first = 0, last = 0;
    if (!node) {
        if (sscanf(p, "%lu %llu", &id, &n) != 2 || id >= so->n_edges)
            return sg_errf(e, path, ln, "malformed edge figures line");
        so->edge[id].count = n;
        so->lockstep_stats = 1;
        return 0;
    }
    if (sscanf(p, "%lu %llu %lld %lld", &id, &n, &first, &last) != 4 || id > 1000000)
        return sg_errf(e, path, ln, "malformed node figures line");
    if (id >= so->n_node) {
        size_t old = so->cap_node;
        sg_grow((void **)&so->node, &so->cap_node, id + 1, sizeof *so->node);
        memset(so->node + old, 0, (so->cap_node - old) * sizeof *so->node);
        so->n_node = id + 1;
    }
    so->node[id].busy = n;
    so->node[id].first = first;
    so->node[id].last = last;
    return 0;
}

/* Token t of edge id, taken at cycle cyc: tag and pw-bit payload. */
static void push_tok(sg_simout *so, unsigned long id, unsigned long long cyc, uint64_t tag,
                     uint64_t pay)
{
    int pw = so->width[id] - 2;
    sg_tok t;
    t.kind = (int32_t)tag;
    if (tag == SG_TK_DATA)
        t.v = so->is_val[id] ? sg_sext(pay, pw) : (int64_t)pay;
    else if (tag == SG_TK_STOP)
        t.v = (int64_t)pay;
    else
        t.v = 0;
    sg_simedge *se = &so->edge[id];
    sg_toks_push(&se->toks, t);
    if (se->ncyc == se->capcyc)
        sg_grow((void **)&se->cyc, &se->capcyc, se->ncyc + 1, sizeof *se->cyc);
    se->cyc[se->ncyc++] = (int64_t)cyc;
    se->count++;
}

static int mem_line(sg_simout *so, char *p, const char *path, long ln, sg_err *e)
{
    char *end;
    long sel = strtol(p, &end, 10);
    unsigned long long len = strtoull(end, &end, 10);
    if (sel <= 0)
        return sg_errf(e, path, ln, "malformed memory line");
    sg_grow((void **)&so->mem, &so->cap_mem, so->n_mem + 1, sizeof *so->mem);
    sg_simmem *m = &so->mem[so->n_mem++];
    m->sel = (int)sel;
    m->n = 0;
    m->w = sg_malloc((len ? len : 1) * sizeof *m->w);
    for (unsigned long long i = 0; i < len; i++) {
        while (*end == ' ')
            end++;
        if (!*end || *end == '\n')
            return sg_errf(e, path, ln, "memory line: %llu words announced, %llu given",
                           len, i);
        if (strspn(end, "0123456789abcdefABCDEF") == 0)
            return sg_errf(e, path, ln, "memory line: unknown bits in word %llu", i);
        m->w[m->n++] = strtoull(end, &end, 16);
    }
    return 0;
}

int sg_simout_read(const char *path, size_t n_edges, const int *width,
                   const int *is_val, sg_simout *so, sg_err *e)
{
    memset(so, 0, sizeof *so);
    so->edge = sg_calloc(n_edges ? n_edges : 1, sizeof *so->edge);
    so->n_edges = n_edges;
    so->width = width;
    so->is_val = is_val;
    FILE *f = fopen(path, "r");
    if (!f)
        return sg_errf(e, path, 0, "cannot open: %s", strerror(errno));
    char *line = NULL;
    size_t cap = 0;
    long ln = 0;
    int rc = 0;
    while (getline(&line, &cap, f) >= 0) {
        ln++;
        if (line[0] == 'T' && line[1] == ' ')
            rc = tok_line(so, line + 2, path, ln, e);
        else if (line[0] == 't' && line[1] == ' ')
            rc = dpi_tok_line(so, line + 2, path, ln, e);
        else if (line[0] == 'X' && line[1] == ' ')
            rc = x_line(so, line + 2, path, ln, e);
        else if ((line[0] == 'S' || line[0] == 'B') && line[1] == ' ')
            rc = stat_line(so, line + 2, line[0] == 'B', path, ln, e);
        else if (line[0] == 'M' && line[1] == ' ')
            rc = mem_line(so, line + 2, path, ln, e);
        else if (line[0] == 'W' && line[1] == ' ') {
            unsigned long id;
            int a, b, c, d;
            if (sscanf(line + 2, "%lu %d %d %d %d", &id, &a, &b, &c, &d) == 5 &&
                id < n_edges) {
                sg_simedge *se = &so->edge[id];
                se->wd_seen = 1;
                se->up_valid = a;
                se->fifo_in_ready = b;
                se->fifo_out_valid = c;
                se->down_ready = d;
            }
        } else if (strncmp(line, "WATCHDOG", 8) == 0) {
            unsigned long long lim = 0, cyc = 0;
            so->watchdog = 1;
            if (sscanf(line + 8, "%llu %llu", &lim, &cyc) == 2)
                so->cycles = cyc;
        } else if (strncmp(line, "PROTOCOL ", 9) == 0) {
            unsigned long id;
            unsigned long long cyc;
            int used = 0;
            if (sscanf(line + 9, "%lu %llu %n", &id, &cyc, &used) == 2 && id < n_edges &&
                !so->protocol) {
                so->protocol = 1;
                so->protocol_edge = id;
                so->protocol_cycle = cyc;
                snprintf(so->protocol_what, sizeof so->protocol_what, "%.*s",
                         (int)strcspn(line + 9 + used, "\r\n"), line + 9 + used);
            }
        } else if (strncmp(line, "ERROR ", 6) == 0) {
            so->errors |= (unsigned)strtoul(line + 6, NULL, 10) & 0xfu;
        } else if (strncmp(line, "DONE ", 5) == 0) {
            so->status = 'D';
            so->cycles = strtoull(line + 5, NULL, 10);
        } else if (strncmp(line, "LIMIT ", 6) == 0) {
            so->status = 'L';
            so->cycles = strtoull(line + 6, NULL, 10);
        } else if (strncmp(line, "FINISH ", 7) == 0) {
            so->status = 'F';
            so->cycles = strtoull(line + 7, NULL, 10);
        }
        if (rc < 0)
            break;
    }
    free(line);
    fclose(f);
    return rc;
}

void sg_sim_error_names(unsigned bits, char *buf, size_t cap)
{
    static const char *const name[4] = {
        "bit 0 writer overflow", "bit 1 accumulator coordinate beyond the workspace",
        "bit 2 host address beyond a memory", "bit 3 watchdog"};
    size_t n = 0;
    if (cap)
        buf[0] = '\0';
    for (int b = 0; b < 4; b++) {
        if (!(bits >> b & 1u) || n >= cap)
            continue;
        int w = snprintf(buf + n, cap - n, "%s%s", n ? ", " : "", name[b]);
        n += w > 0 ? (size_t)w : 0;
    }
}

void sg_simout_free(sg_simout *so)
{
    for (size_t i = 0; so->edge && i < so->n_edges; i++) {
        sg_toks_free(&so->edge[i].toks);
        free(so->edge[i].cyc);
    }
    free(so->edge);
    for (size_t i = 0; i < so->n_mem; i++)
        free(so->mem[i].w);
    free(so->mem);
    free(so->node);
    memset(so, 0, sizeof *so);
}

const sg_simmem *sg_simout_mem(const sg_simout *so, int sel)
{
    for (size_t i = 0; i < so->n_mem; i++)
        if (so->mem[i].sel == sel)
            return &so->mem[i];
    return NULL;
}
