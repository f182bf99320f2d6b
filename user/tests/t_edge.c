/*
 * t_edge - arguments at the edge, answered as Linux 6.1 answers them:
 * sched_setscheduler with a negative policy, nice with an increment that
 * would overflow, tgkill with a negative thread group, madvise with an
 * advice Linux does not know, a zero-byte read of the console, O_APPEND
 * through fcntl, a thread's own name in /proc, the last pid in
 * /proc/loadavg, and an unmasked x87 exception raising SIGFPE (CR0.NE),
 * also after a signal handler returns with one pending.
 */
#include <errno.h>
#include <fcntl.h>
#include <fenv.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include "check.h"

static void
test_sched_args(void)
{
	struct sched_param sp = { .sched_priority = 0 };

	/* < 0 means "keep the policy" to sched_setparam only */
	CHECK_EQ(sched_setscheduler(0, -1, &sp), -1);
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(sched_getscheduler(0), SCHED_OTHER);

	/* the increment is clamped to 40 first: no wrap-around */
	CHECK_EQ(setpriority(PRIO_PROCESS, 0, 5), 0);
	nice(INT_MAX);
	CHECK_EQ(getpriority(PRIO_PROCESS, 0), 19);
	nice(INT_MIN);
	CHECK_EQ(getpriority(PRIO_PROCESS, 0), -20);
	CHECK_EQ(setpriority(PRIO_PROCESS, 0, 0), 0);
}

static void
test_signal_args(void)
{
	CHECK_EQ(tgkill(-5, gettid(), 0), -1);
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(tgkill(getpid(), gettid(), 0), 0);
}

static void
test_madvise(void)
{
	char *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	CHECK(p != MAP_FAILED);
	CHECK_EQ(madvise(p, 4096, MADV_NORMAL), 0);
	CHECK_EQ(madvise(p, 4096, MADV_WILLNEED), 0);
	CHECK_EQ(madvise(p, 4096, 999), -1);
	CHECK_EQ(errno, EINVAL);
	CHECK_EQ(madvise(p, 4096, 5), -1);	/* a gap in Linux's numbers */
	CHECK_EQ(errno, EINVAL);
	munmap(p, 4096);
}

/* fd 0 is the console: asking for nothing returns at once */
static void
test_console_read0(void)
{
	char c;

	alarm(5);		/* a hang would end the test with SIGALRM */
	CHECK_EQ(read(0, &c, 0), 0);
	alarm(0);
}

static void
test_append_flag(void)
{
	char buf[8] = { 0 };
	int fd = open("/tmp/edge", O_RDWR | O_CREAT | O_TRUNC | O_APPEND, 0644);

	CHECK(fd >= 0);
	CHECK_EQ(fcntl(fd, F_GETFL) & O_APPEND, O_APPEND);
	CHECK_EQ(write(fd, "abc", 3), 3);
	CHECK_EQ(fcntl(fd, F_SETFL, 0), 0);	/* appending ends */
	CHECK_EQ(fcntl(fd, F_GETFL) & O_APPEND, 0);
	lseek(fd, 0, SEEK_SET);
	CHECK_EQ(write(fd, "X", 1), 1);
	CHECK_EQ(fcntl(fd, F_SETFL, O_APPEND), 0);	/* and begins again */
	lseek(fd, 0, SEEK_SET);
	CHECK_EQ(write(fd, "Y", 1), 1);
	CHECK_EQ(pread(fd, buf, sizeof(buf) - 1, 0), 4);
	CHECK(strcmp(buf, "XbcY") == 0);
	close(fd);
	unlink("/tmp/edge");
}

/* Read a whole small file into buf; its length, or -1. */
static int
slurp(const char *path, char *buf, size_t size)
{
	int fd = open(path, O_RDONLY), n;

	if (fd < 0)
		return -1;
	n = (int)read(fd, buf, size - 1);
	close(fd);
	if (n >= 0)
		buf[n] = 0;
	return n;
}

/* The thread names itself, says so through one pipe and waits on the
 * other until main has read /proc: no spinning on sched_yield(), which
 * some policies answer by running the yielder again (staircase v6.3). */
static int named_pipe[2], quit_pipe[2];

static void *
named_thread(void *arg)
{
	char c = 0;

	(void)arg;
	prctl(PR_SET_NAME, "edge-worker");
	if (write(named_pipe[1], &c, 1) != 1 || read(quit_pipe[0], &c, 1) != 1)
		return (void *)1;
	return NULL;
}

static void
test_proc_thread_name(void)
{
	char path[64], buf[512] = "", c = 0;
	pthread_t th;

	CHECK_EQ(pipe(named_pipe), 0);
	CHECK_EQ(pipe(quit_pipe), 0);
	CHECK_EQ(pthread_create(&th, NULL, named_thread, NULL), 0);
	CHECK_EQ(read(named_pipe[0], &c, 1), 1);
	/* the thread's tid is the next after ours in a fresh process */
	for (int tid = gettid() + 1; tid < gettid() + 8; tid++) {
		snprintf(path, sizeof(path), "/proc/self/task/%d/stat", tid);
		if (slurp(path, buf, sizeof(buf)) > 0)
			break;
	}
	CHECK(strstr(buf, "(edge-worker)") != NULL);
	snprintf(path, sizeof(path), "/proc/self/task/%d/status", gettid());
	CHECK(slurp(path, buf, sizeof(buf)) > 0);
	CHECK(strstr(buf, "Name:\tt_edge\n") != NULL);	/* ours is unchanged */
	CHECK_EQ(write(quit_pipe[1], &c, 1), 1);
	pthread_join(th, NULL);
	for (int i = 0; i < 2; i++) {
		close(named_pipe[i]);
		close(quit_pipe[i]);
	}
}

/* The last field of /proc/loadavg: the pid handed out last, even once
 * that process is gone (Linux's idr cursor). */
static void
test_loadavg_last_pid(void)
{
	char buf[128];
	const char *last;
	int st;
	pid_t pid = fork();

	if (pid == 0)
		_exit(0);
	CHECK_EQ(waitpid(pid, &st, 0), pid);
	CHECK(slurp("/proc/loadavg", buf, sizeof(buf)) > 0);
	last = strrchr(buf, ' ');
	CHECK(last != NULL);
	if (last)
		CHECK_EQ(atoi(last + 1), pid);
}

static volatile double zero;

/* A child divides by zero with the error unmasked: SIGFPE (FPE_FLTDIV
 * from the #MF), which kills it. */
static void
fpe_child(void)
{
	volatile double r;

	feenableexcept(FE_DIVBYZERO);
	r = 1.0 / zero;
	(void)r;
	__asm__ volatile("fwait");	/* QEMU raises it here (see below) */
	_exit(0);		/* no signal: the error stayed masked */
}

/* A handler leaves an unmasked error pending in its own x87 state and
 * returns: sigreturn restores the interrupted state and the kernel goes
 * on (the pending error must not be raised inside it). */
static void
on_usr1(int sig)
{
	volatile double r;

	(void)sig;
	feenableexcept(FE_INVALID);
	__asm__ volatile("fldz; fldz; fdivp %%st, %%st(1); fstpl %0"
			 : "=m"(r));	/* 0/0 pending; fstp does not wait */
	(void)r;
}

static void
test_x87_errors(void)
{
	int st;
	pid_t pid = fork();

	if (pid == 0)
		fpe_child();
	CHECK_EQ(waitpid(pid, &st, 0), pid);
	CHECK(WIFSIGNALED(st) && WTERMSIG(st) == SIGFPE);

	pid = fork();
	if (pid == 0) {
		volatile double x = 2.0;
		signal(SIGUSR1, on_usr1);
		raise(SIGUSR1);
		x = x * 3.0;		/* the interrupted state: still fine */
		_exit(x == 6.0 ? 0 : 1);
	}
	CHECK_EQ(waitpid(pid, &st, 0), pid);
	CHECK(WIFEXITED(st) && WEXITSTATUS(st) == 0);
}

int
main(void)
{
	test_sched_args();
	test_signal_args();
	test_madvise();
	test_console_read0();
	test_append_flag();
	test_proc_thread_name();
	test_loadavg_last_pid();
	test_x87_errors();
	check_done("t_edge");
}
