/*
 * proc_test.c - sg_proc_run: exit status, output file, the start line and
 * -q, and a time limit that ends the whole process group.
 */
#include <errno.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include <cmocka.h>

#include "core/proc.h"

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The whole text of a file, in buf. */
static void read_all(const char *path, char *buf, size_t n)
{
    buf[0] = '\0';
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    size_t got = fread(buf, 1, n - 1, f);
    buf[got] = '\0';
    fclose(f);
}

static void test_status_and_output(void **state)
{
    (void)state;
    char out[] = "/tmp/sg_proc_outXXXXXX";
    int fd = mkstemp(out);
    assert_true(fd >= 0);
    close(fd);
    char *ok[] = {"sh", "-c", "echo hello; echo there >&2; exit 3", NULL};
    sg_proc p = {ok, NULL, out, 1, NULL, NULL};
    sg_err e;
    sg_err_clear(&e);
    assert_int_equal(sg_proc_run(&p, NULL, &e), 3);
    char buf[256];
    read_all(out, buf, sizeof buf);
    assert_string_equal(buf, "hello\nthere\n");
    char *none[] = {"sg-no-such-program", NULL};
    sg_proc q = {none, NULL, out, 1, NULL, NULL};
    assert_int_equal(sg_proc_run(&q, NULL, &e), 127);
    char *killed[] = {"sh", "-c", "kill -9 $$", NULL};
    sg_proc k = {killed, NULL, NULL, 0, NULL, NULL};
    assert_int_equal(sg_proc_run(&k, NULL, &e), 128 + SIGKILL);
    unlink(out);
}

/* Run p with stderr into a file; its text in buf. */
static int run_capture(const sg_proc *p, const sg_proc_watch *w, sg_err *e, char *buf,
                       size_t n)
{
    char errf[] = "/tmp/sg_proc_errXXXXXX";
    int fd = mkstemp(errf);
    assert_true(fd >= 0);
    fflush(stderr);
    int saved = dup(2);
    dup2(fd, 2);
    close(fd);
    int rc = sg_proc_run(p, w, e);
    fflush(stderr);
    dup2(saved, 2);
    close(saved);
    read_all(errf, buf, n);
    unlink(errf);
    return rc;
}

static void test_start_line(void **state)
{
    (void)state;
    char *t[] = {"true", NULL};
    sg_proc p = {t, NULL, NULL, 0, "doing the thing", NULL};
    sg_proc_watch w = {"samgen test", 0, 0};
    sg_err e;
    sg_err_clear(&e);
    char buf[512];
    assert_int_equal(run_capture(&p, &w, &e, buf, sizeof buf), 0);
    /* not a terminal: the start line only, no heartbeat */
    assert_string_equal(buf, "samgen test: doing the thing ...\n");
    w.quiet = 1;
    assert_int_equal(run_capture(&p, &w, &e, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
    /* no step: no line */
    w.quiet = 0;
    p.step = NULL;
    assert_int_equal(run_capture(&p, &w, &e, buf, sizeof buf), 0);
    assert_string_equal(buf, "");
}

static void test_timeout_ends_group(void **state)
{
    (void)state;
    char pidf[] = "/tmp/sg_proc_pidXXXXXX";
    int fd = mkstemp(pidf);
    assert_true(fd >= 0);
    close(fd);
    /* a shell (the group leader) with a background child and a grandchild
     * that ignore SIGTERM: only SIGKILL to the group ends them */
    char script[512];
    snprintf(script, sizeof script,
             "trap '' TERM; echo $$ > %s; (trap '' TERM; sleep 60; :) & sleep 60; :", pidf);
    char *argv[] = {"sh", "-c", script, NULL};
    sg_proc p = {argv, NULL, NULL, 0, "sleeping", "the sleeper"};
    sg_proc_watch w = {"samgen test", 0, 1};
    sg_err e;
    sg_err_clear(&e);
    char buf[512];
    double t0 = now_s();
    int rc = run_capture(&p, &w, &e, buf, sizeof buf);
    double took = now_s() - t0;
    assert_int_equal(rc, SG_PROC_TIMEOUT);
    assert_string_equal(e.msg, "the sleeper did not finish in 1 s (--timeout)");
    assert_int_equal(e.code, SG_EXIT_CHECK);
    assert_string_equal(buf, "samgen test: sleeping ...\n");
    /* well short of the 60 s sleep, with room for a loaded machine */
    assert_true(took >= 1.0 && took < 30.0);
    char pbuf[64];
    read_all(pidf, pbuf, sizeof pbuf);
    long pg = strtol(pbuf, NULL, 10);
    assert_true(pg > 1);
    /* nothing of the group is left */
    errno = 0;
    assert_int_equal(kill(-(pid_t)pg, 0), -1);
    assert_int_equal(errno, ESRCH);
    unlink(pidf);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_status_and_output),
        cmocka_unit_test(test_start_line),
        cmocka_unit_test(test_timeout_ends_group),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
