/*
 * proc.c - run an external program in its own process group, with
 * progress lines and a time limit (see proc.h).
 *
 * The parent blocks SIGCHLD and the terminating signals it does not
 * ignore or handle, and waits for them with sigtimedwait: the child's
 * exit wakes it at once, a heartbeat or the deadline after at most a
 * second, and an interrupt is seen without a signal handler (so without
 * state shared with one).
 */
#include "core/proc.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* The child: a process group of its own, the caller's signal mask, the
 * directory and output file, then the program. */
static void child(const sg_proc *p, const sigset_t *old)
{
    setpgid(0, 0);
    sigprocmask(SIG_SETMASK, old, NULL);
    if (p->dir && chdir(p->dir) != 0)
        _exit(127);
    if (p->out_path) {
        int fd = open(p->out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0)
            _exit(127);
        dup2(fd, 1);
        if (p->err_too)
            dup2(fd, 2);
        close(fd);
    }
    execvp(p->argv[0], p->argv);
    dprintf(2, "cannot run %s: %s\n", p->argv[0], strerror(errno));
    _exit(127);
}

/* Add sig to set when its action is the default one (a signal samgen
 * ignores, as under nohup, or handles itself is left alone). */
static void add_if_default(sigset_t *set, int sig)
{
    struct sigaction sa;
    if (sigaction(sig, NULL, &sa) == 0 && sa.sa_handler == SIG_DFL)
        sigaddset(set, sig);
}

/* Has pid exited (left as a zombie, not reaped)? */
static int exited(pid_t pid)
{
    siginfo_t si;
    memset(&si, 0, sizeof si);
    return waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0 &&
           si.si_pid == pid;
}

/* End pid's process group: SIGTERM, up to 2 s for the leader to exit, then
 * SIGKILL to whatever is left (the unreaped leader keeps the group id from
 * being reused), then reap the leader and wait for the rest to vanish. */
static void end_group(pid_t pid)
{
    kill(-pid, SIGTERM);
    kill(pid, SIGTERM);
    for (int i = 0; i < 40 && !exited(pid); i++) {
        struct timespec ts = {0, 50000000};
        nanosleep(&ts, NULL);
    }
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    /* the rest of the group is reaped by whoever inherited it: wait (up to
     * 2 s) until it is gone, so that nothing of it outlives the return */
    for (int i = 0; i < 100 && kill(-pid, 0) == 0; i++) {
        struct timespec ts = {0, 20000000};
        nanosleep(&ts, NULL);
    }
}

int sg_proc_run(const sg_proc *p, const sg_proc_watch *w, sg_err *e)
{
    sigset_t set, old;
    sigemptyset(&set);
    sigaddset(&set, SIGCHLD);
    add_if_default(&set, SIGINT);
    add_if_default(&set, SIGTERM);
    add_if_default(&set, SIGHUP);
    sigprocmask(SIG_BLOCK, &set, &old);
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) {
        int err = errno;
        sigprocmask(SIG_SETMASK, &old, NULL);
        return sg_errf(e, NULL, 0, "cannot start %s: %s", p->argv[0], strerror(err));
    }
    if (pid == 0)
        child(p, &old);
    setpgid(pid, pid);   /* also here, so that it holds before any kill */

    int loud = w && !w->quiet && p->step;
    const char *prog = w && w->prog ? w->prog : "samgen";
    if (loud)
        fprintf(stderr, "%s: %s ...\n", prog, p->step);
    int beat = loud && isatty(2);
    int limit = w ? w->timeout_s : 0;
    double t0 = now_s(), next_beat = t0 + SG_PROC_HEARTBEAT_S;
    int status = 0, sig = 0, timed_out = 0;
    for (;;) {
        pid_t r = waitpid(pid, &status, WNOHANG);
        if (r == pid)
            break;
        if (r < 0 && errno != EINTR) {
            int err = errno;
            end_group(pid);
            sigprocmask(SIG_SETMASK, &old, NULL);
            return sg_errf(e, NULL, 0, "waiting for %s: %s", p->argv[0], strerror(err));
        }
        double t = now_s();
        if (limit > 0 && t - t0 >= limit) {
            timed_out = 1;
            break;
        }
        if (beat && t >= next_beat) {
            fprintf(stderr, "%s: %s ... %d s\n", prog, p->step, (int)(t - t0));
            next_beat += SG_PROC_HEARTBEAT_S;
        }
        double wake = t + 1.0;
        if (beat && next_beat < wake)
            wake = next_beat;
        if (limit > 0 && t0 + limit < wake)
            wake = t0 + limit;
        double d = wake - t;
        if (d < 0.001)
            d = 0.001;
        struct timespec ts = {(time_t)d, (long)((d - (double)(time_t)d) * 1e9)};
        int s = sigtimedwait(&set, NULL, &ts);
        if (s > 0 && s != SIGCHLD) {
            sig = s;
            break;
        }
    }
    if (timed_out || sig)
        end_group(pid);
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (sig) {
        /* samgen was told to stop: now that the program is gone, do so as
         * the signal would have */
        raise(sig);
        return sg_errc(e, SG_EXIT_CHECK, NULL, 0, "%s: interrupted",
                       p->name ? p->name : p->argv[0]);
    }
    if (timed_out) {
        sg_errc(e, SG_EXIT_CHECK, NULL, 0, "%s did not finish in %d s (--timeout)",
                p->name ? p->name : p->argv[0], limit);
        return SG_PROC_TIMEOUT;
    }
    if (WIFEXITED(status))
        return WEXITSTATUS(status);
    return 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}
