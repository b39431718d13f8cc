/*
 * golden_deadlock_test.c - the cycle engine detects a real FIFO deadlock,
 * reports it and ends; it never hangs.
 *
 * The graph: a root scanner's coordinate stream goes (through a broadcast)
 * to a repsiggen whose signal drives a repeat, and the scanner's reference
 * stream goes straight into that repeat.  The two streams leave the scanner
 * in lockstep (one firing pushes a coordinate and its reference) and meet
 * again at the repeat, which keeps a reference in its input FIFO until the
 * repeat signal closes the fiber.  With depth-1 FIFOs the reference FIFO is
 * full, so the scanner cannot push the closing stop the repsiggen waits
 * for: a cycle of waits.  The report must name the full FIFO and the nodes
 * waiting on it, the result must say deadlock, and `samgen golden --cycles
 * --fifo-depth 1` must exit 1.  A SIGALRM guard turns a hang into a failure.
 */
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cmocka.h>

#include "golden/golden.h"
#include "core/test_util.h"
#include "front/dot.h"
#include "golden/test_graph.h"
#include <sys/wait.h>

static const char dot[] =
    "digraph SAM {\n"
    "    comment=\"x=s0,b=s0\"\n"
    "    1 [comment=\"type=fiberlookup,index=i,tensor=b,mode=0,format=compressed,src=true,root=true\"]\n"
    "    2 [comment=\"type=broadcast\"]\n"
    "    3 [comment=\"type=repsiggen,index=i\"]\n"
    "    4 [comment=\"type=repeat,index=i,tensor=b\"]\n"
    "    5 [comment=\"type=arrayvals,tensor=b\"]\n"
    "    6 [comment=\"type=fiberwrite,index=i,tensor=x,mode=0,format=compressed,segsize=2,crdsize=8,sink=true\"]\n"
    "    7 [comment=\"type=fiberwrite,mode=vals,tensor=x,size=8,sink=true\"]\n"
    "    1 -> 2 [label=\"crd\" type=\"crd\"]\n"
    "    2 -> 3 [label=\"crd\" type=\"crd\"]\n"
    "    3 -> 4 [label=\"repsig\" type=\"repsig\"]\n"
    "    1 -> 4 [label=\"ref\" type=\"ref\"]\n"
    "    4 -> 5 [label=\"ref\" type=\"ref\"]\n"
    "    5 -> 7 [label=\"val\" type=\"val\"]\n"
    "    2 -> 6 [label=\"crd\" type=\"crd\"]\n"
    "}\n";

static void on_alarm(int sig)
{
    (void)sig;
    static const char m[] = "golden_deadlock_test: the run hangs (no deadlock detected)\n";
    if (write(2, m, sizeof m - 1) < 0)
        _exit(3);
    _exit(3);
}

static void coo_b(sg_coo *c)
{
    int64_t shape[SG_MAX_ORDER] = {8};
    sg_coo_init(c, 1, shape);
    int64_t x = 1;
    sg_coo_push(c, &x, 2);
    x = 4;
    sg_coo_push(c, &x, 5);
}

static void test_deadlock_report(void **state)
{
    (void)state;
    sg_graph g;
    sg_err e;
    sg_test_read_graph_text(dot, "deadlock.gv", &g, &e);
    assert_int_equal(sg_golden_check_executable(&g, &e), 0);
    sg_coo c;
    coo_b(&c);
    golden_binding b;
    memset(&b, 0, sizeof b);
    b.name = "b";
    b.coo = &c;
    golden_opts o;
    sg_golden_opts_default(&o);
    o.engine = GOLDEN_CYCLE;
    o.fifo_depth = 1;
    golden_result r;
    alarm(60);
    int rc = sg_golden_run(&g, &b, 1, &o, &r, &e);
    alarm(0);
    assert_int_equal(rc, 0);            /* a deadlock is a result, not bad input */
    assert_int_equal(r.deadlock, 1);
    assert_non_null(r.deadlock_msg);
    assert_int_equal(e.code, SG_EXIT_CHECK);
    assert_non_null(strstr(e.msg, "deadlock at cycle"));
    /* the full FIFO: the scanner's reference stream into the repeat */
    const char *m = r.deadlock_msg;
    const char *full = strstr(m, "full FIFOs:");
    const char *wait = strstr(m, "waiting nodes:");
    assert_non_null(full);
    assert_non_null(wait);
    const char *f = strstr(full, "1_out_ref__4_in_ref");
    assert_non_null(f);
    assert_true(f < wait);
    /* no other FIFO is full */
    assert_null(strstr(full, "1_out_crd__2_in_data ("));
    /* the waiting nodes: the scanner blocked on that FIFO, the repeat
     * starved of its signal, the repsiggen starved of coordinates */
    sg_test_has_all(wait, "fiberlookup 1",
                          "[full output 1_out_ref__4_in_ref]",
                          "repeat 4",
                          "[empty input 3_out_repsig__4_in_repsig]",
                          "repsiggen 3");
    assert_true(r.cycles > 0 && r.cycles < 100);
    sg_golden_result_free(&r);
    sg_coo_free(&c);
    sg_graph_free(&g);
}

/* The samgen binary built beside this test (build/asan/samgen for
 * build/asan/golden/<test>); 0 when it is not there. */
static int find_samgen(char *buf, size_t cap)
{
    char self[3000];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n <= 0)
        return 0;
    self[n] = 0;
    char *sl = strrchr(self, '/');
    if (!sl)
        return 0;
    *sl = 0;
    snprintf(buf, cap, "%s/../samgen", self);
    return access(buf, X_OK) == 0;
}

static int run_cmd(const char *cmd)
{
    alarm(120);
    int st = system(cmd);
    alarm(0);
    assert_true(st != -1 && WIFEXITED(st));
    return WEXITSTATUS(st);
}

/* The command: exit 1 and one line on stderr naming the full FIFO. */
static void test_deadlock_cli(void **state)
{
    (void)state;
    char dir[] = "/tmp/golden_deadlock_XXXXXX";
    assert_non_null(mkdtemp(dir));
    char gv[512], tns[512], out[512], rep[600];
    sg_test_write_in(gv, sizeof gv, dir, "deadlock.gv", dot);
    sg_test_write_in(tns, sizeof tns, dir, "b.tns", "2 2\n5 5\n");
    snprintf(out, sizeof out, "%s/out", dir);
    char samgen[3100];
    if (!find_samgen(samgen, sizeof samgen)) {
        printf("SKIP samgen golden deadlock: no samgen binary beside the test\n");
        return;
    }
    char cmd[8000], errf[600];
    snprintf(errf, sizeof errf, "%s/err.txt", dir);
    snprintf(cmd, sizeof cmd, "'%s' golden '%s' -t 'b=%s' -o '%s' --cycles --fifo-depth 1 2>'%s'",
             samgen, gv, tns, out, errf);
    assert_int_equal(run_cmd(cmd), SG_EXIT_CHECK);
    FILE *fe = fopen(errf, "r");
    assert_non_null(fe);
    char line[4096] = "";
    assert_non_null(fgets(line, sizeof line, fe));
    fclose(fe);
    assert_non_null(strstr(line, "deadlock at cycle"));
    assert_non_null(strstr(line, "full FIFOs: 1_out_ref__4_in_ref"));
    /* depth 2 gets past the deadlock (the graph is then rejected for its
     * repeat input, exit 2): the deadlock comes from the FIFO depth */
    snprintf(cmd, sizeof cmd, "'%s' golden '%s' -t 'b=%s' -o '%s' --cycles --fifo-depth 2 2>/dev/null",
             samgen, gv, tns, out);
    assert_int_equal(run_cmd(cmd), SG_EXIT_USAGE);
    snprintf(rep, sizeof rep, "%s/report.json", out);
    unlink(rep);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

int main(void)
{
    signal(SIGALRM, on_alarm);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_deadlock_report),
        cmocka_unit_test(test_deadlock_cli),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
