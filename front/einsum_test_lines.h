/*
 * einsum_test_lines.h - what the einsum tests share (front/einsum_test.c,
 * front/einsum_golden_test.c): compiling a TACO command line, finding a
 * node kind, the command lines of the Custard kernels and further
 * expressions.  Included by test programs only, after cmocka.h.
 */
#ifndef SG_EINSUM_TEST_LINES_H
#define SG_EINSUM_TEST_LINES_H

#include <stdio.h>
#include <string.h>

#include "front/einsum.h"
#include "graph/graph.h"

/* Split a TACO command line ("EXPR -f=X:ss -s=reorder(i,j)") and compile. */
static int compile_line(const char *line, const char *name, sg_graph *g,
                        sg_err *e, sg_einsum *es_out)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s", line);
    const char *fl[16];
    int nf = 0;
    const char *sched[8], *expr = NULL;
    int ns = 0;
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) {
        if (strncmp(t, "-f", 2) == 0)
            fl[nf++] = t + 2;
        else if (strncmp(t, "-s", 2) == 0)
            sched[ns++] = t + 2;
        else
            expr = t;
    }
    sg_err_clear(e);
    if (es_out) {
        if (sg_einsum_parse(expr, es_out, e))
            return -1;
        for (int k = 0; k < ns; k++)          /* splits first, as compile */
            if (strncmp(sched[k], "split(", 6) == 0 &&
                sg_einsum_set_schedule(es_out, sched[k], e))
                return -1;
        for (int k = 0; k < nf; k++)
            if (sg_einsum_set_format(es_out, fl[k], e))
                return -1;
        for (int k = 0; k < ns; k++)
            if (strncmp(sched[k], "split(", 6) != 0 &&
                sg_einsum_set_schedule(es_out, sched[k], e))
                return -1;
        if (sg_einsum_finish(es_out, e))
            return -1;
    }
    return sg_einsum_compile(expr, fl, nf, sched, ns, name, g, e);
}

static const sg_node *find_kind(const sg_graph *g, sg_node_kind k)
{
    for (size_t i = 0; i < g->n_nodes; i++)
        if (g->nodes[i].kind == k)
            return &g->nodes[i];
    return NULL;
}

/* The TACO command lines of ../shared/graphs/custard (its README), and the
 * graph to compare with (the _HAND graph where the generated one is known
 * to be wrong). */
typedef struct kernel {
    const char *name, *ref, *line;
} kernel;

static const kernel kernels[] = {
    {"matmul_kij", NULL, "X(i,j)=B(i,k)*C(k,j) -f=X:ss -f=B:ss:1,0 -f=C:ss -s=reorder(k,i,j)"},
    {"matmul_kji", NULL, "X(i,j)=B(i,k)*C(k,j) -f=X:ss:1,0 -f=B:ss:1,0 -f=C:ss -s=reorder(k,j,i)"},
    {"matmul_ikj", NULL, "X(i,j)=B(i,k)*C(k,j) -f=X:ss -f=B:ss -f=C:ss -s=reorder(i,k,j)"},
    {"matmul_jki", NULL, "X(i,j)=B(i,k)*C(k,j) -f=X:ss:1,0 -f=B:ss:1,0 -f=C:ss:1,0 -s=reorder(j,k,i)"},
    {"matmul_ijk", NULL, "X(i,j)=B(i,k)*C(k,j) -f=X:ss -f=B:ss -f=C:ss:1,0 -s=reorder(i,j,k)"},
    {"matmul_jik", NULL, "X(i,j)=B(i,k)*C(k,j) -f=X:ss:1,0 -f=B:ss -f=C:ss:1,0 -s=reorder(j,i,k)"},
    {"mat_elemmul", NULL, "X(i,j)=B(i,j)*C(i,j) -f=X:ss -f=B:ss -f=C:ss"},
    {"mat_elemadd", NULL, "X(i,j)=B(i,j)+C(i,j) -f=X:ss -f=B:ss -f=C:ss"},
    {"mat_identity", NULL, "X(i,j)=B(i,j) -f=X:ss -f=B:ss"},
    {"mat_identity_dense", NULL, "X(i,j)=B(i,j) -f=X:dd -f=B:dd"},
    {"mat_vecmul_ij", NULL, "x(i)=B(i,j)*c(j) -f=x:s -f=B:ss -f=c:s"},
    {"mat_vecmul_ji", NULL, "x(i)=B(i,j)*c(j) -f=x:s -f=B:ss:1,0 -f=c:s -s=reorder(j,i)"},
    {"vec_elemmul", NULL, "x(i)=b(i)*c(i) -f=x:s -f=b:s -f=c:s"},
    {"vec_identity", NULL, "x(i)=b(i) -f=x:s -f=b:s"},
    {"vec_elemadd", NULL, "x(i)=b(i)+c(i) -f=x:s -f=b:s -f=c:s"},
    {"vec_scalar_mul", NULL, "x(i)=b*c(i) -f=x:s -f=c:s"},
    {"tensor3_elemmul", NULL, "X(i,j,k)=B(i,j,k)*C(i,j,k) -f=X:sss -f=B:sss -f=C:sss"},
    {"tensor3_identity", NULL, "X(i,j,k)=B(i,j,k) -f=X:sss -f=B:sss"},
    {"tensor3_identity_dense", NULL, "X(i,j,k)=B(i,j,k) -f=X:ddd -f=B:ddd"},
    {"tensor3_elemadd", NULL, "X(i,j,k)=B(i,j,k)+C(i,j,k) -f=X:sss -f=B:sss -f=C:sss"},
    {"tensor3_innerprod", NULL, "x=B(i,j,k)*C(i,j,k) -f=B:sss -f=C:sss"},
    {"tensor3_ttv", NULL, "X(i,j)=B(i,j,k)*c(k) -f=X:ss -f=B:sss -f=c:s"},
    {"tensor3_ttm", NULL, "X(i,j,k)=B(i,j,l)*C(k,l) -f=X:sss -f=B:sss -f=C:ss"},
    /* Custard coiterates the dense C and D with B; samgen's default locates
     * into them (locate nodes instead of the intersects at i and j) */
    {"mat_sddmm", NULL, "X(i,j)=B(i,j)*C(i,k)*D(k,j) -f=X:ss -f=B:ss -f=C:dd -f=D:dd:1,0 -s=reorder(i,j,k) -s=intersect(i,j)"},
    {"mat_mattransmul", "mat_mattransmul_HAND", "x(i)=b*C(j,i)*d(j)+e*f(i) -f=x:s -f=C:ss:1,0 -f=d:s -f=f:s"},
    {"mat_residual", "mat_residual_HAND", "x(i)=b(i)-C(i,j)*d(j) -f=x:s -f=C:ss -f=b:s -f=d:s"},
    {"mat_elemadd3", NULL, "X(i,j)=B(i,j)+C(i,j)+D(i,j) -f=X:ss -f=B:ss -f=C:ss -f=D:ss"},
    {"tensor3_mttkrp", NULL, "X(i,j)=B(i,k,l)*C(j,k)*D(j,l) -f=X:ss -f=B:sss -f=C:ss -f=D:ss"},
    {"vec_spacc_simple", NULL, "x(j)=B(i,j) -f=x:s -f=B:ss"},
    {"mat_spacc_simple", NULL, "X(j,k)=B(i,j,k) -f=X:ss -f=B:sss"},
    {"vec_sd_compression_WRONG", "", "x(i)=b(i) -f=b:s -f=x:d"},
    {"vec_ds_compression_WRONG", "", "x(i)=b(i) -f=b:d -f=x:s"},
};
#define N_KERNELS (sizeof kernels / sizeof kernels[0])

static const char *const extra_lines[] = {
    /* 4-D tensors */
    "X(i,j,k,l)=B(i,j,k,l)*C(i,j,k,l)",
    "X(i,j,k,l)=B(i,j,k,l)+C(i,j,k,l)",
    "x(i)=B(i,j,k,l)*c(j)*d(k)*e(l)",
    "X(i,l)=B(i,j,k,l)*C(j,k)",
    /* three and more operands at one index */
    "x(i)=b(i)*c(i)*d(i)",
    "x(i)=b(i)*c(i)*d(i)*e(i)",
    "X(i,j)=B(i,j)*C(i,j)*D(i,j)",
    "x(i)=b(i)+c(i)+d(i)+e(i)",
    /* mixed sums of products */
    "X(i,j)=B(i,j)*C(i,j)+D(i,j)",
    "X(i,j)=B(i,j)-C(i,j)*D(i,j)",
    "x(i)=B(i,j)*c(j)+D(i,k)*e(k)",
    "x(i)=B(i,j)*c(j)-D(i,j)*e(j)",
    "x(i)=-b(i)+c(i)",
    /* constant scales and scalars */
    "X(i,j)=3*B(i,j)",
    "x(i)=2*B(i,j)*c(j)-d(i)*5",
    "x(i)=b*c(i)+d*e(i)",
    "x=b(i)*c(i)",
    "x=B(i,j)*c(i)*d(j)",
    /* repeated operands */
    "x(i)=b(i)*b(i)",
    "X(i,j)=B(i,j)*B(i,j)*C(i,j)",
    /* dense and permuted formats */
    "X(i,j)=B(i,k)*C(k,j) -fB:ds -fC:dd -fX:ss",
    "x(i)=B(i,j)*c(j) -fB:ds -fc:d",
    "X(i,j)=B(i,j) -fX:ss:1,0",
    "x(i)=B(j,i)*c(j) -fB:ss:1,0",
    /* locators (the default where a dense operand meets a compressed one)
     * and the coiteration asked for instead */
    "x(i)=B(i,j)*c(j) -fB:ds -fc:d -s=intersect(j)",
    "X(i,j)=B(i,j)*C(i,j) -fB:ss -fC:dd",
    "X(i,j)=B(i,j)*C(i,j) -fB:ss -fC:dd -s=intersect(j)",
    "X(i,j)=B(i,j)*C(i,k)*D(k,j) -fX:ss -fB:ss -fC:dd -fD:dd:1,0 -s=reorder(i,j,k)",
    "x(i)=b(i)*c(i)+d(i) -fc:d",
    "x(i)=B(i,j)*c(j)*d(j)+e(i) -fc:d -fd:d",
    "X(i,j)=B(i,k)*C(k,j) -fC:dd -s=reorder(i,k,j)",
};

#endif
