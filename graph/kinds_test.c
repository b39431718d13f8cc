/*
 * kinds_test.c - the node kind table against the files it names and the
 * port rules every command reads from it.
 *
 * Each row's RTL modules must declare the row's stream ports (the plain
 * module exactly those), its golden-model files and testbenches must exist,
 * and docs/rtl-interfaces.md must hold the table `samgen kinds --markdown`
 * prints.  Runs from the source root ($SAMGEN_ROOT when set).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "graph/kinds.h"

static const char *root(void)
{
    const char *r = getenv("SAMGEN_ROOT");
    return r && *r ? r : ".";
}

static char *slurp(const char *rel)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s", root(), rel);
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *t = malloc((size_t)n + 1);
    size_t got = fread(t, 1, (size_t)n, f);
    t[got] = '\0';
    fclose(f);
    return t;
}

/* The stream ports a module declares: names X of "input/output ... X_valid_i/o"
 * header lines, as "in_ref" (without the suffix), newline-separated. */
static void module_ports(const char *text, char *out, size_t cap)
{
    out[0] = '\0';
    for (const char *l = text; l && *l;) {
        const char *e = strchr(l, '\n');
        size_t len = e ? (size_t)(e - l) : strlen(l);
        const char *s = l;
        while (s < l + len && (*s == ' ' || *s == '\t'))
            s++;
        if ((strncmp(s, "input", 5) == 0 || strncmp(s, "output", 6) == 0)) {
            for (const char *v = s; v + 8 <= l + len; v++) {
                if (strncmp(v, "_valid_", 7) != 0)
                    continue;
                const char *b = v;
                while (b > s && (b[-1] == '_' || (b[-1] >= 'a' && b[-1] <= 'z') ||
                                 (b[-1] >= '0' && b[-1] <= '9')))
                    b--;
                size_t n = strlen(out);
                snprintf(out + n, cap - n, "%.*s\n", (int)(v - b), b);
                break;
            }
        }
        l = e ? e + 1 : NULL;
    }
}

static int has_port(const char *ports, const char *name)
{
    size_t l = strlen(name);
    for (const char *p = ports; (p = strstr(p, name)) != NULL; p++)
        if ((p == ports || p[-1] == '\n') && p[l] == '\n')
            return 1;
    return 0;
}

/* Space-separated words of a table column. */
static int words(const char *list, char w[][40], int max)
{
    int n = 0;
    for (const char *s = list; *s && n < max;) {
        while (*s == ' ')
            s++;
        size_t l = strcspn(s, " ");
        if (l) {
            snprintf(w[n++], 40, "%.*s", (int)l, s);
        }
        s += l;
    }
    return n;
}

/* A node of kind k as its largest RTL module sees it: values 1 its values
 * variant, 2 its bitvector one. */
static void rtl_node(sg_node *n, sg_node_kind k, int values)
{
    sg_graph_node_init(n, k);
    if (values == 2 && (k == SG_NK_FIBERLOOKUP || k == SG_NK_INTERSECT || k == SG_NK_UNION))
        n->format = SG_LVL_BITVECTOR;
    values &= 1;
    n->n_operands = SG_RTL_MAX_OPERANDS;
    n->op = SG_ALU_ADD;
    n->is_vals = values && k == SG_NK_FIBERWRITE;
    if (values && (k == SG_NK_CRDDROP || k == SG_NK_CRDHOLD))
        n->inner = 'v';
    sg_graph_node_ports(n);
}

/* The row's ports (both value variants, numbered ones up to the RTL's
 * operand count) against every module it names. */
static void check_row(sg_node_kind k)
{
    const sg_kind_info *ki = sg_kind_info_of(k);
    char mods[8][40];
    int nm = words(ki->rtl, mods, 8);
    static char ports[8][4096];
    for (int m = 0; m < nm; m++) {
        char rel[80];
        snprintf(rel, sizeof rel, "rtl/%s.v", mods[m]);
        char *t = slurp(rel);
        if (!t)
            fail_msg("%s: %s does not exist", ki->name, rel);
        module_ports(t, ports[m], sizeof ports[m]);
        free(t);
    }
    for (int is_in = 0; is_in <= 1; is_in++) {
        sg_node plain, vals, bits;
        rtl_node(&plain, k, 0);
        rtl_node(&vals, k, 1);
        rtl_node(&bits, k, 2);
        int np = is_in ? plain.n_in : plain.n_out;
        if (sg_kind_open_out(k) && !is_in)
            np = 1;
        for (int p = 0; p < np; p++) {
            sg_port a, b, c;
            sg_kind_port(&plain, is_in, p, &a);
            sg_kind_port(&vals, is_in, p, &b);
            sg_kind_port(&bits, is_in, p, &c);
            /* A stream copied as it is ('*') is the vector port in/out. */
            const char *ta = a.name, *tb = b.name, *tc = c.name;
            if (k == SG_NK_BROADCAST)
                ta = tb = tc = is_in ? "in" : "out";
            int seen = 0;
            for (int m = 0; m < nm; m++) {
                int h = has_port(ports[m], ta) || has_port(ports[m], tb) ||
                        has_port(ports[m], tc);
                seen += h;
                if (a.rtl == SG_PR_ALL && !h)
                    fail_msg("%s: rtl/%s.v has no stream port %s", ki->name, mods[m], ta);
            }
            if (a.rtl == SG_PR_SOME && nm && !seen)
                fail_msg("%s: no module has port %s", ki->name, ta);
            if (a.rtl == SG_PR_NONE && seen)
                fail_msg("%s: port %s is marked '-' but a module has it", ki->name, ta);
        }
    }
    /* The plain module has no stream port the row does not list. */
    if (nm && k != SG_NK_BROADCAST) {
        for (const char *l = ports[0]; *l;) {
            const char *e = strchr(l, '\n');
            char name[64];
            snprintf(name, sizeof name, "%.*s", (int)(e - l), l);
            int found = 0;
            for (int v = 0; v <= 2 && !found; v++) {
                sg_node n;
                rtl_node(&n, k, v);
                int nin, nout;
                sg_kind_rtl_counts(&n, &nin, &nout);
                for (int is_in = 0; is_in <= 1 && !found; is_in++)
                    for (int p = 0; p < (is_in ? nin : nout) && !found; p++) {
                        sg_port pt;
                        found = sg_kind_rtl_port(&n, is_in, p, &pt) == 0 &&
                                strcmp(pt.name, name) == 0;
                    }
            }
            if (!found)
                fail_msg("%s: rtl/%s.v has stream port %s, which the table does not list",
                         ki->name, mods[0], name);
            l = e + 1;
        }
    }
}

static void test_rtl_ports(void **state)
{
    (void)state;
    for (int k = 0; k < SG_NK__COUNT; k++)
        check_row((sg_node_kind)k);
}

static void check_files(const char *kind, const char *list, const char *pre, const char *suf)
{
    char w[8][40];
    int n = words(list, w, 8);
    for (int i = 0; i < n; i++) {
        char rel[128];
        snprintf(rel, sizeof rel, "%s%s%s", pre, w[i], suf);
        char *t = slurp(rel);
        if (!t)
            fail_msg("%s: %s does not exist", kind, rel);
        free(t);
    }
}

static void test_files(void **state)
{
    (void)state;
    for (int k = 1; k < SG_NK__COUNT; k++) {
        const sg_kind_info *ki = sg_kind_info_of((sg_node_kind)k);
        check_files(ki->name, ki->golden, "golden/prim_", ".c");
        check_files(ki->name, ki->bench, "testbenches/tb_", ".v");
        assert_true(strlen(ki->doc) > 10);
    }
}

static void test_doc_table(void **state)
{
    (void)state;
    char *doc = slurp("docs/rtl-interfaces.md");
    assert_non_null(doc);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    assert_non_null(f);
    assert_int_equal(sg_kinds_write_markdown(f), 0);
    fclose(f);
    int held = strstr(doc, buf) != NULL;
    free(buf);
    free(doc);
    if (!held)
        fail_msg("docs/rtl-interfaces.md does not hold the table of "
                 "`samgen kinds --markdown`; paste it under \"## Node kinds\"");
}

static void port_is(const sg_node *n, int is_in, int p, const char *name, sg_stream_kind k)
{
    char buf[48];
    assert_string_equal(sg_graph_port_name(n, is_in, p, buf), name);
    assert_int_equal(sg_graph_port_kind(n, is_in, p), k);
}

/* Port counts: got against want (-1: not checked). */
static void counts_equal(int got_in, int got_out, int nin, int nout)
{
    if (nin >= 0)
        assert_int_equal(got_in, nin);
    if (nout >= 0)
        assert_int_equal(got_out, nout);
}

/* The node's input and output ports. */
static void counts_are(const sg_node *n, int nin, int nout)
{
    counts_equal(n->n_in, n->n_out, nin, nout);
}

/* Derive the node's ports again after a change of its fields. */
static void ports_are(sg_node *n, int nin, int nout)
{
    sg_graph_node_ports(n);
    counts_are(n, nin, nout);
}

/* The ports of the node's RTL module. */
static void rtl_counts_are(const sg_node *n, int nin, int nout)
{
    int in, out;
    sg_kind_rtl_counts(n, &in, &out);
    counts_equal(in, out, nin, nout);
}

/* The port rules the commands see, for the kinds with special rules. */
static void test_port_rules(void **state)
{
    (void)state;
    sg_node n;
    sg_graph_node_init(&n, SG_NK_SPACC);
    counts_are(&n, 3, 3);
    port_is(&n, 1, 0, "in_outer", SG_ST_CRD);
    port_is(&n, 1, 2, "in_val", SG_ST_VAL);
    port_is(&n, 1, 4, "in_crd_red1", SG_ST_CRD);
    port_is(&n, 0, 0, "out_inner", SG_ST_CRD);

    sg_graph_node_init(&n, SG_NK_INTERSECT);
    n.n_operands = 3;
    ports_are(&n, 6, 4);
    port_is(&n, 1, 3, "in_ref1", SG_ST_REF);
    port_is(&n, 1, 4, "in_crd2", SG_ST_CRD);
    port_is(&n, 0, 3, "out_ref2", SG_ST_REF);

    sg_graph_node_init(&n, SG_NK_ALU);
    n.op = SG_ALU_SMAX;
    ports_are(&n, 1, -1);
    rtl_counts_are(&n, 2, -1);     /* sam_alu always has in_val1 (tied off) */

    sg_graph_node_init(&n, SG_NK_CRDDROP);
    n.inner = 'v';
    ports_are(&n, -1, -1);
    port_is(&n, 1, 1, "in_val", SG_ST_VAL);
    port_is(&n, 0, 0, "out_outer", SG_ST_CRD);

    sg_graph_node_init(&n, SG_NK_FIBERWRITE);
    n.is_vals = 1;
    ports_are(&n, -1, 0);
    port_is(&n, 1, 0, "in_val", SG_ST_VAL);

    sg_graph_node_init(&n, SG_NK_FIBERLOOKUP);
    port_is(&n, 1, 1, "in_skip", SG_ST_CRD);
    rtl_counts_are(&n, 1, 2);      /* the skip channel is wired apart */

    sg_graph_node_init(&n, SG_NK_BROADCAST);
    n.stream = SG_ST_VAL;
    n.n_out = 3;
    ports_are(&n, -1, 3);
    port_is(&n, 0, 2, "out_data2", SG_ST_VAL);

    sg_graph_node_init(&n, SG_NK_UNKNOWN);
    port_is(&n, 1, 3, "in_p3", SG_ST_CRD);

    sg_alu_op op;
    assert_int_equal(sg_graph_kind_parse("lookup", &op), SG_NK_LOCATE);
    assert_int_equal(sg_graph_kind_parse("spaccumulator", &op), SG_NK_SPACC);
    assert_int_equal(sg_graph_kind_parse("alu", &op), SG_NK_UNKNOWN);
    assert_int_equal(sg_graph_kind_parse("max", &op), SG_NK_ALU);
    assert_int_equal(op, SG_ALU_MAX);
    assert_string_equal(sg_graph_kind_name(SG_NK_LOCATE), "locate");
}

/* What a node may do with a level, from the capability table: the one
 * rule the checker and the golden model's binder report. */
static void test_level_use(void **state)
{
    (void)state;
    char why[160];
    assert_int_equal(sg_level_use_error(SG_NK_FIBERLOOKUP, 0, SG_LVL_HASHED, why, sizeof why), 1);
    assert_string_equal(why, "scans a hashed level, which is unordered: it is located into "
                        "(a locate node), never scanned");
    assert_int_equal(sg_level_use_error(SG_NK_LOCATE, 0, SG_LVL_RANGE, why, sizeof why), 1);
    assert_string_equal(why, "locates into a range level (only dense and hashed levels can "
                        "be located into)");
    assert_int_equal(sg_level_use_error(SG_NK_FIBERWRITE, 0, SG_LVL_OFFSET, why, sizeof why), 1);
    assert_string_equal(why, "writes an offset level (it has neither append nor insert)");
    assert_int_equal(sg_level_use_error(SG_NK_FIBERWRITE, 0, SG_LVL_HASHED, why, sizeof why), 1);
    assert_non_null(strstr(why, "the level writers append in order"));
    static const struct { sg_node_kind k; int vals; char f; } fine[] = {
        {SG_NK_FIBERLOOKUP, 0, SG_LVL_RANGE}, {SG_NK_FIBERLOOKUP, 0, SG_LVL_OFFSET},
        {SG_NK_LOCATE, 0, SG_LVL_HASHED}, {SG_NK_LOCATE, 0, SG_LVL_DENSE},
        {SG_NK_FIBERWRITE, 0, SG_LVL_SINGLETON}, {SG_NK_FIBERWRITE, 1, SG_LVL_HASHED},
    };
    for (size_t i = 0; i < sizeof fine / sizeof fine[0]; i++)
        assert_int_equal(sg_level_use_error(fine[i].k, fine[i].vals, fine[i].f, why, sizeof why), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rtl_ports),
        cmocka_unit_test(test_files),
        cmocka_unit_test(test_level_use),
        cmocka_unit_test(test_doc_table),
        cmocka_unit_test(test_port_rules),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
