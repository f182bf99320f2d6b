/*
 * s_wakeups - 10,000 sleep/wake pairs across CPUs, none lost.
 *
 * Pipes: the parent, pinned to CPU 0, and a child pinned to CPU 1 pass a
 * byte back and forth over two pipes ROUNDS times.  Every wait is a poll()
 * with a WATCHDOG_MS timeout, so a lost wakeup ends the test with "lost
 * wakeup at round N" instead of hanging it.
 *
 * Futexes: two threads of one process, pinned to CPUs 2 and 3, hand a turn
 * to each other ROUNDS times with a mutex and a condition variable
 * (pthread_cond_timedwait on CLOCK_MONOTONIC is the watchdog).
 *
 * Both halves check that each side stayed on its CPU and print how many
 * of the wakeups the kernel counted as remote (q_cpuinfo ttwu_remote).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <quanta.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "check.h"

#define ROUNDS		10000
#define WATCHDOG_MS	2000
#define MAXCPU		8

static int
pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return sched_setaffinity(0, sizeof(set), &set);
}

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

/* Wait up to WATCHDOG_MS for a byte on fd and read it: 1, or 0 on a
 * timeout, -1 on an error. */
static int
get_byte(int fd, char *c)
{
	struct pollfd pfd = { fd, POLLIN, 0 };
	int r = poll(&pfd, 1, WATCHDOG_MS);

	if (r == 0)
		return 0;
	if (r < 0 || read(fd, c, 1) != 1)
		return -1;
	return 1;
}

static void
test_pipes(void)
{
	int ping[2], pong[2], st, lost = -1, wrong_cpu = 0;
	unsigned long long remote, remote0 = remote_wakeups();
	pid_t child;
	char c = 0;

	CHECK_EQ(pin(0), 0);
	CHECK_EQ(pipe(ping), 0);
	CHECK_EQ(pipe(pong), 0);
	child = fork();
	if (child == 0) {
		int bad = 0;
		close(ping[1]);
		close(pong[0]);
		if (pin(1) != 0)
			_exit(10);
		for (int i = 0; i < ROUNDS; i++) {
			int r = get_byte(ping[0], &c);
			if (r == 0) {
				printf("lost wakeup at round %d (pipe, "
				       "child on cpu1)\n", i);
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
	for (int i = 0; i < ROUNDS; i++) {
		c = (char)i;
		if (write(ping[1], &c, 1) != 1) {
			printf("write failed at round %d\n", i);
			lost = i;
			break;
		}
		int r = get_byte(pong[0], &c);
		if (r == 0)
			printf("lost wakeup at round %d (pipe, parent on "
			       "cpu0)\n", i);
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
	printf("s_wakeups: pipes: %d round trips, %llu remote wakeups\n",
	       lost < 0 ? ROUNDS : lost, remote);
	CHECK(remote >= ROUNDS);	/* they really slept and woke across */
	close(ping[1]);
	close(pong[0]);
}

/* ---- the futex half: a turn passed between two threads ---- */

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cond;
static int turn;		/* round number; even: thread A, odd: B */
static volatile int failed_round = -1;

struct side {
	int parity, cpu, wrong_cpu, pin_ok;
};

static void
deadline(struct timespec *ts)
{
	clock_gettime(CLOCK_MONOTONIC, ts);
	ts->tv_sec += WATCHDOG_MS / 1000;
	ts->tv_nsec += (WATCHDOG_MS % 1000) * 1000000L;
	if (ts->tv_nsec >= 1000000000L) {
		ts->tv_sec++;
		ts->tv_nsec -= 1000000000L;
	}
}

static void *
player(void *arg)
{
	struct side *s = arg;

	s->pin_ok = pin(s->cpu) == 0;
	pthread_mutex_lock(&lock);
	while (turn < 2 * ROUNDS && failed_round < 0) {
		struct timespec ts;
		deadline(&ts);
		while ((turn & 1) != s->parity && turn < 2 * ROUNDS &&
		       failed_round < 0) {
			if (pthread_cond_timedwait(&cond, &lock, &ts) ==
			    ETIMEDOUT && (turn & 1) != s->parity) {
				failed_round = turn / 2;
				printf("lost wakeup at round %d (futex, thread "
				       "on cpu%d)\n", turn / 2, s->cpu);
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
main(void)
{
	if (sysconf(_SC_NPROCESSORS_ONLN) < 4) {
		printf("s_wakeups: needs 4 CPUs\n");
		CHECK(0);
		check_done("s_wakeups");
	}
	test_pipes();
	test_futex();
	check_done("s_wakeups");
}
