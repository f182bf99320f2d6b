/*
 * s_wakeups - 10,000 sleep/wake pairs across CPUs, none lost.
 *
 *   s_wakeups poll   The parent, pinned to CPU 0, and a child pinned to
 *                    CPU 1 pass a byte back and forth over two pipes
 *                    ROUNDS times; every wait is a poll() with a
 *                    WATCHDOG_MS timeout.  Quanta's poll() scans again when
 *                    its timeout fires, so a lost wakeup does not make it
 *                    return 0: it makes it return late.  A wait that took
 *                    LATE_MS or more (the round trip takes microseconds) is
 *                    reported as "lost wakeup at round N", and so is a
 *                    timeout.
 *   s_wakeups read   The same with plain blocking read()s, the pipe's own
 *                    sleep and wakeup; a watchdog thread of the parent, on
 *                    CPU 2, watches the round counter and ends the test
 *                    with "lost wakeup at round N" when it stalls for
 *                    WATCHDOG_MS.
 *   s_wakeups futex  Two threads, pinned to CPUs 2 and 3, hand a turn to
 *                    each other ROUNDS times with a mutex and a condition
 *                    variable; pthread_cond_timedwait (CLOCK_MONOTONIC) with
 *                    a WATCHDOG_MS deadline: a timeout is a lost wakeup.
 *
 * Each mode checks that both sides stayed on their CPUs, and that the
 * kernel counted at least ROUNDS remote wakeups (q_cpuinfo ttwu_remote)
 * meanwhile: the two sides really slept and were woken from the other CPU.
 * Without an argument all three run.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <quanta.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "check.h"
#include "../bench/bench_util.h"

#define ROUNDS		10000
#define WATCHDOG_MS	2000
#define LATE_MS		1000
#define MAXCPU		8

static unsigned long long
remote_wakeups(void)
{
	struct q_cpuinfo ci[MAXCPU];
	unsigned long long sum = 0;
	int n = q_cpuinfo(ci, MAXCPU);

	for (int i = 0; i < n; i++)
		sum += ci[i].ttwu_remote;
	return sum;
}

/* ---- pipes ---- */

static int use_poll;
static volatile int round_no;		/* the parent's, for the watchdog */

/* One byte from fd: 1, 0 if the wakeup was lost (poll mode), -1 on an
 * error or EOF. */
static int
get_byte(int fd, char *c)
{
	if (use_poll) {
		struct pollfd pfd = { fd, POLLIN, 0 };
		long long t0 = now_ns();
		int r = poll(&pfd, 1, WATCHDOG_MS);
		if (r == 0 || now_ns() - t0 >= LATE_MS * 1000000LL)
			return 0;
		if (r < 0)
			return -1;
	}
	return read(fd, c, 1) == 1 ? 1 : -1;
}

static void *
watchdog(void *arg)
{
	int last = -1;
	long long since = now_ns();

	(void)arg;
	pin_cpu(2);
	for (;;) {
		usleep(100000);
		if (round_no != last) {
			last = round_no;
			since = now_ns();
		} else if (now_ns() - since >= WATCHDOG_MS * 1000000LL) {
			printf("lost wakeup at round %d (pipe read, no "
			       "progress for %d ms)\n", last, WATCHDOG_MS);
			printf("s_wakeups: %d checks, %d failed\n",
			       check_count, check_failed + 1);
			fflush(stdout);
			exit(1);	/* ends the process: init powers off */
		}
	}
	return NULL;
}

static void
test_pipes(void)
{
	int ping[2], pong[2], st, lost = -1, wrong_cpu = 0;
	const char *how = use_poll ? "pipe poll" : "pipe read";
	unsigned long long remote, remote0 = remote_wakeups();
	pthread_t dog;
	pid_t child;
	char c = 0;

	CHECK_EQ(pin_cpu(0), 0);
	CHECK_EQ(pipe(ping), 0);
	CHECK_EQ(pipe(pong), 0);
	child = fork();
	if (child == 0) {
		int bad = 0;
		close(ping[1]);
		close(pong[0]);
		if (pin_cpu(1) != 0)
			_exit(10);
		for (int i = 0; i < ROUNDS; i++) {
			int r = get_byte(ping[0], &c);
			if (r == 0) {
				printf("lost wakeup at round %d (%s, child on "
				       "cpu1)\n", i, how);
				_exit(11);
			}
			if (r < 0 || c != (char)i)
				_exit(12);
			bad += sched_getcpu() != 1;
			c++;
			if (write(pong[1], &c, 1) != 1)
				_exit(13);
		}
		_exit(bad ? 14 : 0);
	}
	CHECK(child > 0);
	close(ping[0]);
	close(pong[1]);
	if (!use_poll)
		CHECK_EQ(pthread_create(&dog, NULL, watchdog, NULL), 0);
	for (int i = 0; i < ROUNDS; i++) {
		round_no = i;
		c = (char)i;
		if (write(ping[1], &c, 1) != 1) {
			printf("write failed at round %d\n", i);
			lost = i;
			break;
		}
		int r = get_byte(pong[0], &c);
		if (r == 0)
			printf("lost wakeup at round %d (%s, parent on cpu0)\n",
			       i, how);
		if (r <= 0 || c != (char)(i + 1)) {
			lost = i;
			break;
		}
		wrong_cpu += sched_getcpu() != 0;
	}
	CHECK_EQ(lost, -1);
	CHECK_EQ(wrong_cpu, 0);
	if (lost >= 0)
		kill(child, SIGKILL);
	CHECK_EQ(waitpid(child, &st, 0), child);
	if (lost < 0)
		CHECK_EQ(st, 0);
	remote = remote_wakeups() - remote0;
	printf("s_wakeups: %s: %d round trips, %llu remote wakeups\n", how,
	       lost < 0 ? ROUNDS : lost, remote);
	CHECK(remote >= ROUNDS);
	close(ping[1]);
	close(pong[0]);
}

/* ---- futexes: a turn passed between two threads ---- */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond;
static int turn;		/* 2 * round + side */
static int failed_round = -1;

struct side {
	int parity, cpu, wrong_cpu, pin_ok;
};

static void *
player(void *arg)
{
	struct side *s = arg;

	s->pin_ok = pin_cpu(s->cpu) == 0;
	pthread_mutex_lock(&lock);
	for (;;) {
		while ((turn & 1) != s->parity && turn < 2 * ROUNDS &&
		       failed_round < 0) {
			struct timespec ts;
			long long d = now_ns() + WATCHDOG_MS * 1000000LL;
			ts.tv_sec = (time_t)(d / 1000000000LL);
			ts.tv_nsec = (long)(d % 1000000000LL);
			if (pthread_cond_timedwait(&cond, &lock, &ts) ==
			    ETIMEDOUT && failed_round < 0) {
				failed_round = turn / 2;
				printf("lost wakeup at round %d (futex, thread "
				       "on cpu%d)\n", failed_round, s->cpu);
				pthread_cond_broadcast(&cond);
			}
		}
		if (turn >= 2 * ROUNDS || failed_round >= 0)
			break;
		s->wrong_cpu += sched_getcpu() != s->cpu;
		turn++;
		pthread_cond_broadcast(&cond);
	}
	pthread_mutex_unlock(&lock);
	return NULL;
}

static void
test_futex(void)
{
	struct side a = { 0, 2, 0, 0 }, b = { 1, 3, 0, 0 };
	unsigned long long remote, remote0 = remote_wakeups();
	pthread_condattr_t ca;
	pthread_t ta, tb;

	pthread_condattr_init(&ca);
	CHECK_EQ(pthread_condattr_setclock(&ca, CLOCK_MONOTONIC), 0);
	CHECK_EQ(pthread_cond_init(&cond, &ca), 0);
	CHECK_EQ(pthread_create(&ta, NULL, player, &a), 0);
	CHECK_EQ(pthread_create(&tb, NULL, player, &b), 0);
	CHECK_EQ(pthread_join(ta, NULL), 0);
	CHECK_EQ(pthread_join(tb, NULL), 0);
	CHECK(a.pin_ok && b.pin_ok);
	CHECK_EQ(failed_round, -1);
	CHECK_EQ(turn, 2 * ROUNDS);
	CHECK_EQ(a.wrong_cpu + b.wrong_cpu, 0);
	remote = remote_wakeups() - remote0;
	printf("s_wakeups: futex: %d round trips, %llu remote wakeups\n",
	       turn / 2, remote);
	CHECK(remote >= ROUNDS);
}

int
main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "all";
	int all = strcmp(mode, "all") == 0;

	if (sysconf(_SC_NPROCESSORS_ONLN) < 4) {
		printf("s_wakeups: needs 4 CPUs\n");
		CHECK(0);
		check_done("s_wakeups");
	}
	if (all || strcmp(mode, "poll") == 0) {
		use_poll = 1;
		test_pipes();
	}
	if (all || strcmp(mode, "read") == 0) {
		use_poll = 0;
		test_pipes();
	}
	if (all || strcmp(mode, "futex") == 0)
		test_futex();
	if (!all && strcmp(mode, "poll") && strcmp(mode, "read") &&
	    strcmp(mode, "futex")) {
		printf("s_wakeups: unknown mode %s\n", mode);
		CHECK(0);
	}
	check_done("s_wakeups");
}
