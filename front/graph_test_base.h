/*
 * graph_test_base.h - the small graph the DOT reader tests start from
 * (front/graph_test.c, front/graph_write_test.c): a valid x(i) = b(i)*c(i)
 * kernel as text, a copy with one substring replaced, reading text and
 * writing a graph back to text.
 * Included by test programs only.
 */
#ifndef SG_GRAPH_TEST_BASE_H
#define SG_GRAPH_TEST_BASE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front/dot.h"

/* x(i) = b(i) * c(i); nodes in the Custard style, one on a multi-line
 * label, one disabled '#' line, one attribute list with ", ". */
static const char base[] =
    "digraph SAM {\n"                                                   /* 1 */
    "    comment=\"x=s0,b=s0,c=s0\"\n"                                  /* 2 */
    "    1 [comment=\"type=fiberlookup,index=i,tensor=b,mode=0,format=compressed,src=true,root=true\" "
    "type=\"fiberlookup\" index=\"i\" tensor=\"b\" mode=\"0\" format=\"compressed\" src=\"true\" root=\"true\"]\n" /* 3 */
    "    2 [comment=\"type=fiberlookup,index=i,tensor=c,mode=0,format=compressed,src=true,root=true\" label=\"FiberLookup i: c0\n"
    "compressed\" type=\"fiberlookup\" index=\"i\" tensor=\"c\" mode=\"0\" format=\"compressed\" src=\"true\" root=\"true\"]\n" /* 4-5 */
    "    3 [comment=\"type=intersect,index=i\" type=\"intersect\" index=\"i\"]\n" /* 6 */
    "    4 [comment=\"type=arrayvals,tensor=b\" type=\"arrayvals\", tensor=\"b\"]\n" /* 7 */
    "    5 [comment=\"type=arrayvals,tensor=c\" type=\"arrayvals\" tensor=\"c\"]\n" /* 8 */
    "    6 [comment=\"type=mul\" type=\"mul\"]\n"                       /* 9 */
    "    #9 [comment=\"type=mul\" type=\"mul\"]\n"                      /* 10 */
    "    7 [type=\"fiberwrite\" index=\"i\" tensor=\"x\" mode=\"0\" format=\"compressed\" segsize=\"2\" crdsize=\"b0_dim\" sink=\"true\"]\n" /* 11 */
    "    8 [type=\"fiberwrite\" tensor=\"x\" mode=\"vals\" size=\"b0_dim\" sink=\"true\"]\n" /* 12 */
    "    2 -> 3 [label=\"crd_in-c\" style=dashed type=\"crd\" comment=\"in-c\"]\n" /* 13 */
    "    2 -> 3 [label=\"ref_in-c\" style=bold type=\"ref\" comment=\"in-c\"]\n"   /* 14 */
    "    1 -> 3 [label=\"crd_in-b\" style=dashed type=\"crd\" comment=\"in-b\"]\n" /* 15 */
    "    1 -> 3 [label=\"ref_in-b\" style=bold type=\"ref\" comment=\"in-b\"]\n"   /* 16 */
    "    3 -> 7 [label=\"crd\" style=dashed type=\"crd\"]\n"           /* 17 */
    "    3 -> 4 [label=\"ref_out-b\" style=bold type=\"ref\" comment=\"out-b\"]\n" /* 18 */
    "    3 -> 5 [label=\"ref_out-c\" style=bold type=\"ref\" comment=\"out-c\"]\n" /* 19 */
    "    5 -> 6 [label=\"val\" type=\"val\"]\n"                         /* 20 */
    "    4 -> 6 [label=\"val\" type=\"val\"]\n"                         /* 21 */
    "    6 -> 8 [label=\"val\" type=\"val\"]\n"                         /* 22 */
    "}\n";

/* base with one substring replaced (must occur). */
static char *subst(const char *old, const char *new_)
{
    const char *p = strstr(base, old);
    assert_non_null(p);
    size_t n = strlen(base) - strlen(old) + strlen(new_) + 1;
    char *s = malloc(n);
    assert_non_null(s);
    size_t k = (size_t)(p - base);
    memcpy(s, base, k);
    strcpy(s + k, new_);
    strcat(s, p + strlen(old));
    return s;
}

static int read_text(const char *text, sg_graph *g, sg_err *e)
{
    sg_err_clear(e);
    return sg_graph_read_mem(text, strlen(text), "t.gv", g, e);
}

/* g as the DOT writer writes it (malloc'd; its length in *len). */
static char *write_text(const sg_graph *g, size_t *len)
{
    char *buf = NULL;
    FILE *f = open_memstream(&buf, len);
    assert_non_null(f);
    assert_int_equal(sg_graph_write_dot_stream(g, f), 0);
    fclose(f);
    return buf;
}

#endif
