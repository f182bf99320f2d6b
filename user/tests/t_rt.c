/*
 * t_rt - SCHED_FIFO and SCHED_RR from user space, under every policy:
 *
 *   - the calls' answers and errors as on Linux (sched_setscheduler(2),
 *     LTP's sched_setscheduler01-04 and sched_get_priority_max01-02 check
 *     the same): priority ranges, EINVAL, ESRCH, EFAULT (EPERM needs a
 *     task a caller may not change: Quanta has no users, and the kernel's
 *     only tasks, the idle tasks, have no id a pid can name);
 *   - fork and pthread_create (PTHREAD_EXPLICIT_SCHED) pass the class on;
 *   - a SCHED_FIFO spinner takes its CPU from a nice -20 spinner: the
 *     nice -20 task gets no CPU time while the FIFO one runs;
 *   - two SCHED_RR spinners of one priority on one CPU take turns every
 *     sched_rr_timeslice_ms (100 ms), to within a tick.
 * The parent runs at SCHED_FIFO 90 so that it is never the one starved.
 */
#include <errno.h>
#include <pthread.h>
#include <quanta.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "check.h"

static struct q_taskinfo tasks[128];

static int
fails_with(int r, int err)
{
	return r == -1 && errno == err;
}

static uint64_t
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

static int
set(int pid, int policy, int prio)
{
	struct sched_param sp = { prio };

	return sched_setscheduler(pid, policy, &sp);
}

static void
pin_cpu0(void)
{
	cpu_set_t s;

	CPU_ZERO(&s);
	CPU_SET(0, &s);
	sched_setaffinity(0, sizeof(s), &s);
}

/* CPU time of task tid (ns), or -1 if it is gone. */
static long long
cpu_time(int tid)
{
	int n = q_taskinfo(tasks, 128);

	for (int i = 0; i < n; i++)
		if (tasks[i].pid == tid)
			return (long long)(tasks[i].utime_ns + tasks[i].stime_ns);
	return -1;
}

static void
conformance(void)
{
	struct sched_param sp = { 0 };
	struct timespec ts;

	CHECK_EQ(sched_get_priority_max(SCHED_FIFO), 99);
	CHECK_EQ(sched_get_priority_min(SCHED_FIFO), 1);
	CHECK_EQ(sched_get_priority_max(SCHED_RR), 99);
	CHECK_EQ(sched_get_priority_min(SCHED_RR), 1);
	CHECK_EQ(sched_get_priority_max(SCHED_OTHER), 0);
	CHECK_EQ(sched_get_priority_min(SCHED_BATCH), 0);
	CHECK_EQ(sched_get_priority_max(SCHED_IDLE), 0);
	CHECK(fails_with(sched_get_priority_max(4), EINVAL));
	CHECK(fails_with(sched_get_priority_min(-1), EINVAL));
	CHECK_EQ(sched_getscheduler(0), SCHED_OTHER);
	CHECK(fails_with(set(0, 7, 0), EINVAL));
	CHECK(fails_with(set(0, SCHED_FIFO, 0), EINVAL));
	CHECK(fails_with(set(0, SCHED_RR, 100), EINVAL));
	CHECK(fails_with(set(0, SCHED_OTHER, 5), EINVAL));
	CHECK(fails_with(set(-1, SCHED_OTHER, 0), EINVAL));
	CHECK(fails_with(set(99999, SCHED_OTHER, 0), ESRCH));
	CHECK(fails_with(sched_setscheduler(0, SCHED_FIFO, NULL), EINVAL));
	CHECK(fails_with(sched_setscheduler(0, SCHED_FIFO,
					    (struct sched_param *)1), EFAULT));
	CHECK(fails_with(sched_getparam(0, NULL), EINVAL));
	CHECK(fails_with(sched_getparam(0, (struct sched_param *)1), EFAULT));
	CHECK(fails_with(sched_getscheduler(99999), ESRCH));
	CHECK(fails_with(sched_rr_get_interval(99999, &ts), ESRCH));

	CHECK_EQ(set(0, SCHED_RR, 30), 0);
	CHECK_EQ(sched_getscheduler(0), SCHED_RR);
	CHECK_EQ(sched_getparam(0, &sp), 0);
	CHECK_EQ(sp.sched_priority, 30);
	CHECK_EQ(sched_rr_get_interval(0, &ts), 0);
	CHECK_EQ(ts.tv_sec * 1000000000ll + ts.tv_nsec, 100000000);
	sp.sched_priority = 40;
	CHECK_EQ(sched_setparam(0, &sp), 0);	/* keeps SCHED_RR */
	CHECK_EQ(sched_getscheduler(0), SCHED_RR);
	CHECK_EQ(set(0, SCHED_FIFO, 90), 0);
	CHECK_EQ(sched_rr_get_interval(0, &ts), 0);
	CHECK_EQ(ts.tv_sec * 1000000000ll + ts.tv_nsec, 0);
	CHECK_EQ(set(0, SCHED_BATCH, 0), 0);
	CHECK_EQ(sched_getscheduler(0), SCHED_BATCH);
	CHECK_EQ(set(0, SCHED_FIFO, 90), 0);
}

static void *
report_class(void *arg)
{
	struct sched_param sp;
	int policy;

	(void)arg;
	if (pthread_getschedparam(pthread_self(), &policy, &sp) != 0)
		return (void *)-1L;
	return (void *)(long)(policy * 1000 + sp.sched_priority);
}

static void
inheritance(void)
{
	pthread_attr_t a;
	struct sched_param sp = { 7 };
	pthread_t t;
	void *v;
	int status = -1;
	pid_t child = fork();

	if (child == 0) {
		struct sched_param c;
		_exit(sched_getscheduler(0) == SCHED_FIFO &&
		      sched_getparam(0, &c) == 0 && c.sched_priority == 90 ? 0 : 1);
	}
	CHECK_EQ(waitpid(child, &status, 0), child);
	CHECK_EQ(status, 0);
	CHECK_EQ(pthread_attr_init(&a), 0);
	CHECK_EQ(pthread_attr_setinheritsched(&a, PTHREAD_EXPLICIT_SCHED), 0);
	CHECK_EQ(pthread_attr_setschedpolicy(&a, SCHED_RR), 0);
	CHECK_EQ(pthread_attr_setschedparam(&a, &sp), 0);
	CHECK_EQ(pthread_attr_setschedpolicy(&a, 9), EINVAL);
	CHECK_EQ(pthread_create(&t, &a, report_class, NULL), 0);
	CHECK_EQ(pthread_join(t, &v), 0);
	/* the thread runs its code only once its creator has set its class */
	CHECK_EQ((long)v, SCHED_RR * 1000 + 7);
	CHECK_EQ(pthread_create(&t, NULL, report_class, NULL), 0);
	CHECK_EQ(pthread_join(t, &v), 0);
	CHECK_EQ((long)v, SCHED_FIFO * 1000 + 90);
}

static void
spin_forever(void)
{
	for (;;)
		__asm__ volatile("" ::: "memory");
}

/* A nice -20 spinner and a FIFO 50 spinner share cpu0: while the FIFO
 * one spins for 300 ms, the other gets nothing. */
static void
fifo_starves_nice(void)
{
	pid_t hog, fifo;
	int status = -1;

	hog = fork();
	if (hog == 0) {
		set(0, SCHED_OTHER, 0);
		nice(-20);
		pin_cpu0();
		spin_forever();
	}
	usleep(50000);			/* let it run a while */
	fifo = fork();
	if (fifo == 0) {
		long long before, after;
		uint64_t end;
		pin_cpu0();
		set(0, SCHED_FIFO, 50);
		before = cpu_time(hog);
		end = now_ns() + 300000000ull;
		while (now_ns() < end)
			;
		after = cpu_time(hog);
		printf("t_rt: nice -20 spinner ran %lld us beside a SCHED_FIFO "
		       "spinner for 300 ms\n", (after - before) / 1000);
		_exit(before > 0 && after - before < 2000000 ? 0 : 1);
	}
	CHECK_EQ(waitpid(fifo, &status, 0), fifo);
	CHECK_EQ(status, 0);
	CHECK(cpu_time(hog) > 0);	/* it did run, before and after */
	kill(hog, SIGKILL);
	waitpid(hog, &status, 0);
}

/* An RR spinner on cpu0 for 1 s of its own CPU time: the stretches it ran
 * without a gap; exit 0 if every whole stretch was 100 ms +- 2 ms.  Both
 * spinners start measuring only when both are RR 20 on cpu0 (ready, go):
 * else the one that got there first was preempted by the other's arrival
 * at the parent's FIFO 90, and its first whole stretch was the rest of a
 * slice. */
static void
rr_spinner(int id, int ready, int go)
{
	uint64_t start, last, run_start, used = 0;
	int n = 0, bad = 0, first = 1;
	char c;

	pin_cpu0();
	set(0, SCHED_RR, 20);
	write(ready, "r", 1);
	if (read(go, &c, 1) != 1)
		_exit(2);
	start = last = run_start = now_ns();
	while (used < 1000000000ull) {
		uint64_t t = now_ns();
		if (t - last > 1000000) {	/* it was off the CPU */
			uint64_t len = last - run_start;
			if (!first) {
				n++;
				if (len < 98000000 || len > 102000000) {
					bad++;
					printf("t_rt: rr%d ran %llu us\n", id,
					       (unsigned long long)(len / 1000));
				}
			}
			first = 0;
			run_start = t;
		} else {
			used += t - last;
		}
		last = t;
	}
	(void)start;
	printf("t_rt: rr%d: %d whole stretches, %d not 100 ms\n", id, n, bad);
	_exit(n >= 3 && bad == 0 ? 0 : 1);
}

static void
rr_pair(void)
{
	pid_t a, b;
	int sa = -1, sb = -1, ready[2], go[2];
	char c[2];

	CHECK_EQ(pipe(ready), 0);
	CHECK_EQ(pipe(go), 0);
	a = fork();
	if (a == 0)
		rr_spinner(0, ready[1], go[0]);
	b = fork();
	if (b == 0)
		rr_spinner(1, ready[1], go[0]);
	CHECK_EQ(read(ready[0], c, 1) + read(ready[0], c + 1, 1), 2);
	CHECK_EQ(write(go[1], "gg", 2), 2);
	CHECK_EQ(waitpid(a, &sa, 0), a);
	CHECK_EQ(waitpid(b, &sb, 0), b);
	CHECK_EQ(sa, 0);
	CHECK_EQ(sb, 0);
}

int
main(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	conformance();		/* ends at SCHED_FIFO 90 */
	inheritance();
	fifo_starves_nice();
	rr_pair();
	check_done("t_rt");
}
